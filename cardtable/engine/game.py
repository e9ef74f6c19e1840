"""The rules-controller base class every game extends (DESIGN §2).

A game is a deterministic state machine built from ``(cardset, setup, seed)``:

* ``decision()`` — who acts now and every legal ``Action`` (``None`` once over);
* ``act(action)`` — apply a legal action, or raise ``IllegalAction`` and change nothing;
* ``view(seat)`` — exactly what that seat may know (``None``: the whole table);
* ``outcome()`` — the ``Outcome`` once over; ``log`` — entries tagged with their audience;
* ``clone()`` — an independent copy.

A subclass sets the class attributes (``id``, ``title``, ``summary``, player range,
``options``) and implements ``start()``, ``_decide()``, ``_apply()``, ``public_info()`` and
``outcome()``. All chance goes through ``self.rng`` (a ``GameRandom(seed)`` owned by the
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
from cardtable.engine.core import MAX_NAME, Action, CustomDeck, Decision, IllegalAction, Option, Outcome, Setup, SetupError
from cardtable.engine.deck_rules import DeckRules
from cardtable.engine.log import Log
from cardtable.engine.view import View, build_view
from cardtable.engine.words import plural
from cardtable.engine.zones import Card, Zone
from cardtable.names import NameProblem, check_names, normalise_name

__all__ = ["Game", "GameRandom"]


_getrandbits = random.Random.getrandbits
"""The generator's own bit source (not ``GameRandom.getrandbits``, which counts)."""


class GameRandom(random.Random):
    """The game's random generator: ``random.Random`` (the same numbers for the same seed)
    that also counts ``draws``, how many times it was used. The undo check compares two
    counts instead of two 625-number states (DESIGN §3: no undo across chance)."""

    draws = 0

    def _randbelow(self, n: int) -> int:
        """A whole number from 0 to ``n - 1`` (``n`` > 0), as ``random.Random`` draws it for
        ``shuffle``, ``choice`` and ``randrange``: the fewest random bits that can hold
        ``n - 1``, drawn again while the number is too big. The same numbers as the
        standard method, counted once per call instead of once per bit draw (a shuffle
        of a 52-card deck makes 51 such calls)."""
        self.draws += 1
        bits = n.bit_length()
        number = _getrandbits(self, bits)
        while number >= n:
            number = _getrandbits(self, bits)
        return number

    def shuffle(self, x: Any) -> None:
        """Shuffle the list ``x`` in place: the same order as ``random.Random.shuffle`` for
        the same state (the same numbers drawn the same way, position ``len - 1`` first),
        counted as one draw per position like ``_randbelow``, without a method call per
        card (every deal and rebuilt draw pile shuffles)."""
        n = len(x)
        if n < 2:
            return
        self.draws += n - 1
        draw = _getrandbits.__get__(self)  # bound once: a call per card without passing self
        for i in range(n - 1, 0, -1):
            bits = (i + 1).bit_length()
            j = draw(bits)
            while j > i:
                j = draw(bits)
            x[i], x[j] = x[j], x[i]

    def random(self) -> float:
        self.draws += 1
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.draws += 1
        return super().getrandbits(k)

    def setstate(self, state: Any) -> None:
        self.draws += 1
        super().setstate(state)


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
        """Deal a new game. ``rng`` replaces ``GameRandom(seed)`` (tests stack the deck
        with ``cardtable.engine.testing.StackedRandom``). Player names are stored in their
        normal form (``cardtable.names.normalise_name``), once checked as given (a newline
        in a name is refused, not made a space: ``cardtable.names``). Raises ``SetupError``."""
        self.validate_setup(setup)
        setup = Setup(tuple(normalise_name(p) for p in setup.players), setup.options)
        self.validate_decks(setup, cardset)
        self.cardset = cardset
        self.setup = setup
        self.seed = seed
        self.players: tuple[str, ...] = tuple(setup.players)
        self.rng = rng if rng is not None else GameRandom(seed)
        self.zones: dict[str, Zone] = {}
        self.log = Log()
        self._next_uid = 0
        self._decision: Decision | None = None
        self._decision_valid = False
        self.moves = 0
        self.undo_fence = 0
        self.start()

    @classmethod
    def validate_setup(cls, setup: Setup, cardset: CardSet | None = None) -> None:
        """Raise ``SetupError`` (one line) unless the player count, names and options are valid.

        The deck option (``deck_option``) depends on the card set, so its values are checked
        by ``validate_decks``: here only when ``cardset`` is given (``__init__`` always calls
        both, so a game override of this method may keep the one-argument form).
        """
        n = len(setup.players)
        if not cls.min_players <= n <= cls.max_players:
            raise SetupError(f"{cls.title} needs {cls.player_range()} players, got {n}")
        try:  # empty, too long, control characters, look-alikes (cardtable.names); the width
            # rules are for names typed (setup, --names): a game saved before them resumes
            check_names(setup.players, MAX_NAME, typed=False)
        except NameProblem as err:
            raise SetupError(str(err)) from None
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
            if key == cls.deck_option:
                continue
            allowed = option.values()
            for v in values:
                if allowed and v not in allowed:
                    raise SetupError(f"option '{option.label}' must be one of {', '.join(map(str, allowed))}, got {v}")
        if cardset is not None:
            cls.validate_decks(setup, cardset)

    @classmethod
    def validate_decks(cls, setup: Setup, cardset: CardSet) -> None:
        """Raise ``SetupError`` unless every seat's deck can be played with ``cardset``: a
        preset must be one of ``option_choices`` (the card set's decks) and a player's own
        ``CustomDeck`` must pass ``deck_rules.check`` (its first problem is the message)."""
        key = cls.deck_option
        option = next((o for o in cls.options if o.key == key), None)
        if option is None or key not in setup.options:
            return
        value = setup.options[key]
        values = value if option.per_seat else (value,)
        allowed = tuple(v for v, _ in cls.option_choices(option, cardset))
        for seat, v in enumerate(values):
            if isinstance(v, CustomDeck):
                problems = cls.deck_rules.check(cardset, v.side, v.counts)
                if problems:
                    owner = f"{setup.players[seat].strip()}'s" if option.per_seat else "the"
                    raise SetupError(f"{owner} deck '{v.name}' cannot be used: {problems[0]}")
            elif allowed and v not in allowed:
                raise SetupError(f"option '{option.label}' must be one of {', '.join(map(str, allowed))}, got {v}")

    @classmethod
    def option_choices(cls, option: Option, cardset: CardSet | None = None) -> tuple[tuple[Any, str], ...]:
        """The ``(value, label)`` choices of ``option`` for this card set.

        For the deck option these are the card set's preset decks (the option's own labels
        first, then any other preset of ``cardset.decks``), so a custom card set with other
        decks offers its own; every other option keeps its static ``choices``. The setup
        screen adds the players' saved decks (``cardtable.engine.decks.setup_choices``).
        """
        if cardset is None or option.key != cls.deck_option or not cardset.decks:
            return option.choices
        presets = cardset.decks
        out = [(v, label) for v, label in option.choices if v in presets]
        listed = {v for v, _ in out}
        out += [(deck_id, str(deck["name"])) for deck_id, deck in presets.items() if deck_id not in listed]
        return tuple(out)

    @classmethod
    def player_range(cls) -> str:
        """``"2"`` or ``"2–6"``: the player counts as shown to users."""
        if cls.min_players == cls.max_players:
            return str(cls.min_players)
        return f"{cls.min_players}–{cls.max_players}"

    @classmethod
    def default_options(cls, players: int, cardset: CardSet | None = None) -> dict[str, Any]:
        """Default value of every option that applies to this many players. With
        ``cardset``, a default deck that set does not have becomes its first preset."""
        out: dict[str, Any] = {}
        for option in cls.options:
            if option.applies(players):
                values = [v for v, _ in cls.option_choices(option, cardset)] if cardset is not None and option.key == cls.deck_option else []

                def usable(default: Any) -> Any:
                    return values[0] if values and default not in values else default

                if option.per_seat:
                    out[option.key] = tuple(usable(option.seat_default(s)) for s in range(players))
                else:
                    out[option.key] = usable(option.default)
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
        cards = [Card(uid, defn) for uid, defn in enumerate(defs, self._next_uid)]
        self._next_uid += len(cards)
        return cards

    def draw_or_rebuild(self, draw: Zone, discard: Zone) -> Card | None:
        """Take the top card of ``draw``; when ``draw`` is empty, first shuffle ``discard``
        except its top card into a new draw pile (logged for everyone) — the usual rule of
        Cold War (ruling 7) and Bloops (ruling 8). ``None`` when nothing can be drawn."""
        if not draw:
            if len(discard) <= 1:
                return None
            top = discard.take()
            draw.extend(discard.take_all())
            discard.add(top)
            draw.shuffle(self.rng)
            self.log.add(f"The draw pile is empty: the discard pile under its top card is shuffled into a new draw pile ({plural(len(draw), 'card')}).")
        return draw.take()

    def close_undo(self) -> None:
        """End the undo window here: the move just made resolved something everyone now
        knows (a round scored, Health lost) even though no card changed hands, so it may no
        longer be taken back (DESIGN §3; e.g. Black Ops ruling 19)."""
        self.undo_fence += 1

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

    def seats_out(self) -> frozenset[int]:
        """The seats out of the game for good (a public fact: they never act again): those
        whose entry is false in the ``alive`` list (one bool per seat) that a game with
        eliminations gives in ``public_info`` (Black Ops: no Health left, its ruling 13);
        none for a game without one. ``Session`` counts only the people still in for its
        hand-overs (``Session.sole_person``)."""
        alive = self.public_info(None).get("alive")
        return frozenset(seat for seat, still in enumerate(alive) if not still) if alive else frozenset()

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
            if legal is action:  # the offered object itself (no field compares)
                break
        else:
            for legal in decision.actions:
                if legal == action:
                    break
            else:
                raise IllegalAction(self.explain_illegal(action, decision))
        self._decision_valid = False
        self._decision = None  # a copy of the game never carries the old one along
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
        """An independent copy: playing either never changes the other.

        Card definitions, the card set and the log's entries are immutable and shared (the
        log copies only its list of entries, see ``Log.__deepcopy__``); the cards, zones and
        the game's own state are copied."""
        return copy.deepcopy(self)

    def determinize(self, seat: int, rng: random.Random) -> Game:
        """An independent copy of the game as ``seat`` might imagine it: every card whose
        face ``seat`` may not see (``Card.visible_to``) is given a face drawn at random
        (with ``rng``) from the faces of all such cards with the same back
        (``card_back``), and the copy's own random generator is reseeded from ``rng``, so
        future shuffles and coin flips are unknown too.

        ``seat``'s view and log are unchanged (a face it sees never moves; the log is
        shared); the original is untouched. Other seats' knowledge stays attached to
        positions: in the copy they know the new faces. Games must keep card faces only in
        zones for this to be sound (a face remembered elsewhere, e.g. as a card id in the
        game's own state, would not follow the shuffle). For look-ahead players.
        Raises ``ValueError`` for a seat that does not exist."""
        if not 0 <= seat < len(self.players):
            raise ValueError(f"there is no seat {seat} in this {len(self.players)}-player game")
        world = self.clone()
        groups: dict[str, list[Card]] = {}
        for card in world.all_cards():
            if not (card.up or seat in card.known):
                groups.setdefault(world.card_back(card.defn), []).append(card)
        for cards in groups.values():
            faces = [card.defn for card in cards]
            rng.shuffle(faces)
            for card, face in zip(cards, faces):
                card.defn = face
        world.rng = GameRandom(rng.getrandbits(64))
        world.invalidate()
        return world

    @classmethod
    def card_name(cls, defn: CardDef) -> str:
        """A card as players name it in a list (the reveal at the end): its name, unless the
        game says more (a Black Ops Load Out is ``"8 Shotgun"``)."""
        return defn.name

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

    @classmethod
    def seat_option_used(cls, key: str, seat: int, options: Mapping[str, Any]) -> bool:
        """Whether ``seat``'s value of the per-seat option ``key`` matters, given the other
        (not per-seat) ``options`` chosen so far; setup greys out the ones that do not.
        Default: always. (E.g. Combat Cards' Civil War ignores seat 2's army, ruling 2.)"""
        return True

    # ------------------------------------------------------------------ deck building
    deck_option: ClassVar[str | None] = None
    """The per-seat option that holds each player's deck (e.g. ``"deck"``), or ``None`` when
    players do not bring their own decks. Its values are deck ids of ``cardset.decks`` or a
    player's own ``CustomDeck``."""

    deck_rules: ClassVar[DeckRules] = DeckRules()
    """Which decks may be brought (sides, the cards a side may use, the game's own deck
    rules): a ``cardtable.engine.deck_rules.DeckRules``. The deck builder, saved decks and
    ``validate_decks`` all judge a deck with ``deck_rules.check``."""

    def seat_deck(self, seat: int) -> CustomDeck:
        """The deck ``seat`` brought (games with a ``deck_option``): a preset of the card
        file's ``decks:`` or a player's own ``CustomDeck``, either way as name, side and
        card counts. Raises ``KeyError`` when the game has no deck option."""
        if self.deck_option is None:
            raise KeyError("this game has no deck option")
        value = self.option(self.deck_option)[seat]
        if isinstance(value, CustomDeck):
            return value
        preset = self.cardset.decks[value]
        return CustomDeck(str(preset["name"]), str(preset.get("side") or self.deck_rules.default_side(self.cardset)), tuple(preset["cards"].items()))

    def seat_deck_list(self, seat: int) -> list[CardDef]:
        """Every physical card of ``seat``'s deck (copies adjacent, in the deck's order):
        pass it to ``make_cards``. Use this rather than ``cardset.deck_list(deck id)`` so a
        player's own deck works too."""
        by_id = self.cardset.by_id
        return [by_id[cid] for cid, copies in self.seat_deck(seat).cards for _ in range(copies)]

    # ------------------------------------------------------------------ the card browser
    @classmethod
    def card_effect(cls, defn: CardDef) -> str:
        """The game's own words for what ``defn`` does, for the card browser and ``cardtable
        cards``; empty (the default) when the browser may spell out the card's ``effect``
        field itself (``cardtable.catalog.effect_text``). A game whose cards carry rules
        vocabulary (Black Ops' Specialist powers) or no effect field (Cold War's ranks)
        says it in sentences here."""
        return ""

    # ------------------------------------------------------------------ serialisation
    def snapshot(self) -> str:
        """A canonical JSON text of the whole state (for equality checks in tests)."""
        skip = {"cardset", "_decision", "_decision_valid"}
        state = {k: v for k, v in self.__dict__.items() if k not in skip}
        return json.dumps(_encode(state), sort_keys=True, separators=(",", ":"))


def _encode(value: Any) -> Any:
    """``value`` as plain JSON data for ``Game.snapshot``: cards, zones, decks, enums, the
    generator, the log and objects as tagged lists and dicts, containers item by item, and
    anything else as its ``repr``. The way to encode a value depends only on its type, so
    it is worked out once per type (``_encoder_for``) and looked up after that: snapshots
    are compared after every step of every random playout in the tests."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _ENCODERS[kind] = _encoder_for(value)
    return encoder(value)


def _encode_items(values: Iterable) -> list:
    return [v if type(v) in _PLAIN else _encode(v) for v in values]


def _encode_random(value: random.Random) -> list:
    state = value.getstate()
    return list(state[1][:8]) + [hash(state)]


def _encoder_for(value: Any) -> Any:
    """The encoder of ``type(value)``: the first of these tests that ``value`` passes, in
    this order (a ``str`` subclass stays itself, an ``IntEnum`` a number, and so on)."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return _same
    if isinstance(value, Card):
        return lambda card: ["card", card.uid, card.defn.id, card.up, sorted(card.known)]
    if isinstance(value, CardDef):
        return lambda defn: ["def", defn.id]
    if isinstance(value, Zone):
        return lambda zone: ["zone", zone.name, zone.owner, zone.kind, [_encode(c) for c in zone.cards]]
    if isinstance(value, Enum):
        return lambda member: member.name
    if isinstance(value, random.Random):
        return _encode_random
    if isinstance(value, Log):
        return lambda log: [[e.seq, e.text, sorted(e.audience) if e.audience is not None else None] for e in log.entries]
    if isinstance(value, Mapping):
        return lambda mapping: {str(k): v if type(v) in _PLAIN else _encode(v) for k, v in mapping.items()}
    if isinstance(value, (list, tuple)):
        return _encode_items
    if isinstance(value, (set, frozenset)):
        return lambda values: sorted((_encode(v) for v in values), key=repr)
    if isinstance(value, (Setup, Action, Decision, Outcome, CustomDeck)):
        return repr
    if hasattr(value, "__dict__"):
        return lambda obj: {"__type": type(obj).__name__, **{k: _encode(v) for k, v in vars(obj).items()}}
    if hasattr(value, "__slots__"):  # a slot named with "_" first is not state (e.g. a kept answer)
        return lambda obj: {"__type": type(obj).__name__, **{k: _encode(getattr(obj, k)) for k in obj.__slots__ if k[0] != "_" and hasattr(obj, k)}}
    return repr


def _same(value: Any) -> Any:
    return value


_PLAIN = frozenset({str, int, float, bool, type(None)})
"""The exact types ``_encode`` hands back as they are (subclasses go through the table)."""
_ENCODERS: dict[type, Any] = {}
"""Each type's encoder, as ``_encoder_for`` chose it the first time one was encoded."""
