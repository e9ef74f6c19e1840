"""The rules-controller base class every game extends (DESIGN §2).

A game is a deterministic state machine built from ``(cardset, setup, seed)``:

* ``decision()`` — who acts now and every legal ``Action`` (``None`` once over);
* ``act(action)`` — apply a legal action, or raise ``IllegalAction`` and change nothing;
* ``view(seat)`` — exactly what that seat may know (``None``: the whole table);
* ``outcome()`` — the ``Outcome`` once over; ``log`` — entries tagged with their audience;
* ``clone()`` — an independent copy.

A subclass sets the class attributes (``id``, ``title``, ``summary``, player range,
``options``) and implements ``start()``, ``_decide()``, ``_apply()``, ``public_info()`` and
``outcome()``. All chance goes through ``self.rng`` (a ``random.Random(seed)`` owned by the
game); cards live in ``self.zones`` so views and the leak test can see every card.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterable, Iterator, Mapping
from enum import Enum
from typing import Any, ClassVar

from cardtable.cards import CardDef, CardSet
from cardtable.engine.core import Action, Decision, IllegalAction, Option, Outcome, Setup, SetupError
from cardtable.engine.log import Log
from cardtable.engine.view import View, build_view
from cardtable.engine.zones import Card, Zone

__all__ = ["Game"]


class Game:
    """Base class of every rules controller. See the module docstring for the contract."""

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[tuple[Option, ...]] = ()
    order: ClassVar[int] = 100
    """Position in the menu (lower first)."""

    # ------------------------------------------------------------------ construction
    def __init__(self, cardset: CardSet, setup: Setup, seed: int, *, rng: random.Random | None = None) -> None:
        """Deal a new game. ``rng`` replaces ``random.Random(seed)`` (tests stack the deck
        with ``cardtable.engine.testing.StackedRandom``). Raises ``SetupError``."""
        self.validate_setup(setup)
        self.cardset = cardset
        self.setup = setup
        self.seed = seed
        self.players: tuple[str, ...] = tuple(setup.players)
        self.rng = rng if rng is not None else random.Random(seed)
        self.zones: dict[str, Zone] = {}
        self.log = Log()
        self._next_uid = 0
        self._decision: Decision | None = None
        self._decision_valid = False
        self.moves = 0
        self.start()

    @classmethod
    def validate_setup(cls, setup: Setup) -> None:
        """Raise ``SetupError`` (one line) unless the player count, names and options are valid."""
        n = len(setup.players)
        if not cls.min_players <= n <= cls.max_players:
            raise SetupError(f"{cls.title} needs {cls.player_range()} players, got {n}")
        names = [p.strip() for p in setup.players]
        if any(not p for p in names):
            raise SetupError("every player needs a name")
        if len(set(n.casefold() for n in names)) != len(names):
            raise SetupError("player names must differ")
        known = {o.key: o for o in cls.options}
        for key, value in setup.options.items():
            option = known.get(key)
            if option is None:
                raise SetupError(f"{cls.title} has no option '{key}'")
            if not option.applies(n):
                raise SetupError(f"option '{option.label}' is not available for {n} players")
            values = value if option.per_seat else (value,)
            if option.per_seat and (not isinstance(value, (tuple, list)) or len(value) != n):
                raise SetupError(f"option '{option.label}' needs one value per player")
            allowed = option.values()
            for v in values:
                if allowed and v not in allowed:
                    raise SetupError(f"option '{option.label}' must be one of {', '.join(map(str, allowed))}, got {v}")

    @classmethod
    def player_range(cls) -> str:
        """``"2"`` or ``"2–6"``: the player counts as shown to users."""
        if cls.min_players == cls.max_players:
            return str(cls.min_players)
        return f"{cls.min_players}–{cls.max_players}"

    @classmethod
    def default_options(cls, players: int) -> dict[str, Any]:
        """Default value of every option that applies to this many players."""
        out: dict[str, Any] = {}
        for option in cls.options:
            if option.applies(players):
                out[option.key] = option.seat_defaults(players) if option.per_seat else option.default
        return out

    def option(self, key: str) -> Any:
        """The value of option ``key`` (its default when the set-up does not give one)."""
        if key in self.setup.options:
            return self.setup.options[key]
        for option in self.options:
            if option.key == key:
                return option.seat_defaults(len(self.players)) if option.per_seat else option.default
        raise KeyError(key)

    # ------------------------------------------------------------------ card helpers
    def add_zone(self, name: str, **kwargs: Any) -> Zone:
        """Create and register a zone (see ``Zone`` for ``owner``, ``kind``, ``enter``)."""
        if name in self.zones:
            raise ValueError(f"zone {name!r} exists")
        zone = Zone(name, **kwargs)
        self.zones[name] = zone
        return zone

    def make_cards(self, defs: Iterable[CardDef]) -> list[Card]:
        """Create one physical card per definition given (not yet in a zone)."""
        cards = []
        for defn in defs:
            cards.append(Card(self._next_uid, defn))
            self._next_uid += 1
        return cards

    def all_cards(self) -> Iterator[Card]:
        """Every card in every zone."""
        for zone in self.zones.values():
            yield from zone

    def card_count(self) -> int:
        return sum(len(z) for z in self.zones.values())

    # ------------------------------------------------------------------ the contract
    def start(self) -> None:
        """Deal and set up (called once by ``__init__``). Subclasses implement it."""
        raise NotImplementedError

    def _decide(self) -> Decision | None:
        """Compute the current decision from the state. Subclasses implement it."""
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Apply a legal action (already checked). Subclasses implement it."""
        raise NotImplementedError

    def public_info(self, seat: int | None) -> dict[str, Any]:
        """Game facts for ``seat``'s view beyond the zones (roles, scores, phase...).

        Must not depend on anything ``seat`` may not know. Subclasses extend it.
        """
        return {}

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``. Subclasses implement it."""
        raise NotImplementedError

    def explain_illegal(self, action: Action, decision: Decision) -> str:
        """A sentence saying why ``action`` is not legal now; games may say more."""
        options = ", ".join(a.label for a in decision.actions[:6])
        more = "…" if len(decision.actions) > 6 else ""
        return f"'{action.label or action.type}' is not allowed now: {decision.prompt} (choose from {options}{more})"

    # ------------------------------------------------------------------ provided
    def decision(self) -> Decision | None:
        """The current decision (cached until the next action); ``None`` once over."""
        if not self._decision_valid:
            self._decision = self._decide()
            self._decision_valid = True
        return self._decision

    def act(self, action: Action) -> None:
        """Apply ``action`` if it is one of the current decision's actions.

        Raises ``IllegalAction`` (state unchanged) when it is not, or when the game is over.
        """
        decision = self.decision()
        if decision is None:
            raise IllegalAction("The game is over.")
        for legal in decision.actions:
            if legal == action:
                break
        else:
            raise IllegalAction(self.explain_illegal(action, decision))
        self._decision_valid = False
        self.moves += 1
        self._apply(legal)

    def invalidate(self) -> None:
        """Forget the cached decision (after changing state outside ``act``, e.g. in tests)."""
        self._decision_valid = False

    @property
    def over(self) -> bool:
        return self.decision() is None

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know now (``None``: the whole table). See ``build_view``."""
        return build_view(self, seat)

    def clone(self) -> Game:
        """An independent deep copy (card definitions are shared; they are immutable)."""
        return copy.deepcopy(self)

    @classmethod
    def card_back(cls, defn: CardDef) -> str:
        """Which back a card shows face down (cards with different backs are told apart
        face down, e.g. two decks). The leak test only swaps cards with the same back."""
        return "card"

    @classmethod
    def check_card(cls, card: CardDef) -> Iterable[tuple[str | None, str]]:
        """Game-specific validation of one card (effect vocabulary...): yield problems."""
        return ()

    @classmethod
    def check_cardset(cls, cardset: CardSet) -> Iterable[tuple[str | None, str | None, str]]:
        """Game-specific validation of the whole set (counts, decks...): yield problems."""
        return ()

    # ------------------------------------------------------------------ deck building
    deck_option: ClassVar[str | None] = None
    """The per-seat option that holds each player's deck (e.g. ``"deck"``), or ``None`` when
    players do not bring their own decks. Its values are deck ids of ``cardset.decks``."""

    @classmethod
    def deck_sides(cls, cardset: CardSet) -> tuple[tuple[str, str], ...]:
        """The sides a deck can be built for, as ``(side id, label)`` (e.g. Red/Blue).
        One neutral side ``("any", "Any")`` by default."""
        return (("any", "Any"),)

    @classmethod
    def deck_pool(cls, cardset: CardSet, side: str) -> tuple[CardDef, ...]:
        """The cards a deck of ``side`` may contain (default: every card)."""
        return cardset.cards

    @classmethod
    def deck_problems(cls, cardset: CardSet, side: str, counts: Mapping[str, int]) -> list[str]:
        """Why a deck (card id → copies) breaks the deck rules for ``side``; empty when legal.
        Each problem is one sentence a player can act on."""
        return []

    # ------------------------------------------------------------------ serialisation
    def snapshot(self) -> str:
        """A canonical JSON text of the whole state (for equality checks in tests)."""
        skip = {"cardset", "_decision", "_decision_valid"}
        state = {k: v for k, v in self.__dict__.items() if k not in skip}
        return json.dumps(_encode(state), sort_keys=True, separators=(",", ":"))


def _encode(value: Any) -> Any:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, Card):
        return ["card", value.uid, value.defn.id, value.up, sorted(value.known)]
    if isinstance(value, CardDef):
        return ["def", value.id]
    if isinstance(value, Zone):
        return ["zone", value.name, value.owner, value.kind, [_encode(c) for c in value.cards]]
    if isinstance(value, Enum):
        return value.name
    if isinstance(value, random.Random):
        return list(value.getstate()[1][:8]) + [hash(value.getstate())]
    if isinstance(value, Log):
        return [[e.seq, e.text, sorted(e.audience) if e.audience is not None else None] for e in value.entries]
    if isinstance(value, Mapping):
        return {str(k): _encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_encode(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_encode(v) for v in value), key=repr)
    if isinstance(value, (Setup, Action, Decision, Outcome)):
        return repr(value)
    if hasattr(value, "__dict__"):
        return {"__type": type(value).__name__, **{k: _encode(v) for k, v in vars(value).items()}}
    if hasattr(value, "__slots__"):
        return {"__type": type(value).__name__, **{k: _encode(getattr(value, k)) for k in value.__slots__ if hasattr(value, k)}}
    return repr(value)
