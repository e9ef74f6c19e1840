"""Decisions, actions, set-up and outcomes: the vocabulary between a rules controller and its callers.

Everything here is plain data: an ``Action`` serialises to a JSON object (its ``type`` plus
its arguments) and back, which is how save files record a game (DESIGN §4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

__all__ = [
    "Action",
    "CustomDeck",
    "Decision",
    "IllegalAction",
    "Option",
    "Outcome",
    "ROLES",
    "Setup",
    "SetupError",
]

ROLES = ("end-turn", "pass", "pass-all", "done", "back")
"""Recurring moves a screen gives fixed keys (``Action.role``): ending one's turn, passing
(declining a window or an offer), passing for every player still to answer a window,
finishing a step of several choices, and going back a step (``choices.BACK``). ``pass-all`` marks every move that closes a window
shared by several seats for all of them at once (Bloops' "Nobody claims", Black Ops'
"Nobody plays"): a screen plays such a move only by a deliberate key, never by Enter or a
click on the highlighted option, so a player still pressing Enter cannot close the window for
the table (issue 12.9)."""

MAX_NAME = 12
"""Longest player name (characters): names appear in prompts, captions and status lines
that must fit an 80-column table."""
SEED_LIMIT = 2**64
"""Seeds are whole numbers from 0 to ``SEED_LIMIT - 1``: what a save's header accepts, so
what the command line and the set-up form accept (a larger seed dealt a game that could
never be resumed)."""


class IllegalAction(Exception):
    """An action that is not legal now. ``str(error)`` is a sentence a player can read.

    Raising it guarantees the game state was not changed.
    """


class SetupError(ValueError):
    """A set-up (player count, names, options) that the game cannot start with; one line."""


_SCALARS = (str, int, bool, type(None))


def _freeze_arg(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_freeze_arg(v) for v in value)
    if isinstance(value, (str, int, bool)) or value is None:
        return value
    # a save's reader sees this (a decimal 4.0 is a JSON scalar, but no move takes one)
    raise TypeError(f"action arguments must be whole numbers, text, true/false, null or lists of them, got {value!r}")


def _arg_items(args: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """An action's arguments as ``Action.args``: ``(name, frozen value)`` pairs sorted by
    name. Raises ``TypeError`` for a value that is not a JSON scalar or a list of them.
    (Every offered option is built through here: one and two arguments, the usual
    counts, are put in order without a sort.)"""
    count = len(args)
    if count == 1:
        ((key, value),) = args.items()
        if value.__class__ not in _SCALARS:
            value = _freeze_arg(value)
        return ((key, value),)
    if count == 2:
        (key, value), (key2, value2) = args.items()
        if value.__class__ not in _SCALARS:
            value = _freeze_arg(value)
        if value2.__class__ not in _SCALARS:
            value2 = _freeze_arg(value2)
        return ((key, value), (key2, value2)) if key < key2 else ((key2, value2), (key, value))
    return tuple(sorted((key, value if value.__class__ in _SCALARS else _freeze_arg(value)) for key, value in args.items()))


def _thaw_arg(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw_arg(v) for v in value]
    return value


class Action:
    """One legal move: a ``type`` (e.g. ``"bet"``) and named JSON-scalar arguments.

    ``label`` is the player-facing text (not part of equality or of the save file).
    Build with ``Action.of("bet", "HIGHER", side="higher")``; read arguments with
    ``action["side"]`` or ``action.get("side")``.

    A label may be given as a callable of no arguments instead of a string: it is called
    the first time ``label`` is read, and its text is kept (``Action.lazy`` is the usual
    way). Random playouts and computer players never read most labels, so a game whose
    labels take work (a card's name, a target, a value before and after) need not build
    them for every option it offers. The callable must depend only on values fixed when
    the action is made (plain names and numbers it closes over), never on the live game
    state, which moves on after ``act``.

    ``role`` (not part of equality or of the save file) names a move that recurs through
    a game, one of ``ROLES``, so that a screen can give it the same key every time (the
    table gives ``end-turn`` the key ``e`` wherever it sits in the list). Set it with
    ``action.with_role("end-turn")``.

    Actions are values, hashable by ``type`` and ``args``, and shared freely (a decision
    may hand out the same action again; a copy of a game shares them): never assign to
    their fields. (They are not guarded against it: making one is on the hot path of every
    decision, and a guard made it three times slower.)
    """

    __slots__ = ("type", "args", "_label", "role")
    __match_args__ = ("type", "args", "label", "role")

    type: str
    args: tuple[tuple[str, Any], ...]
    role: str

    def __init__(self, type: str, args: tuple[tuple[str, Any], ...] = (), label: str | Callable[[], str] = "", role: str = "") -> None:
        self.type = type
        self.args = args
        self._label = label
        self.role = role

    @property
    def label(self) -> str:
        """The player-facing text (worked out on first read when given as a callable)."""
        label = self._label
        if label.__class__ is not str:
            label = self._label = label()
        return label

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Action:
            return NotImplemented
        return self.type == other.type and self.args == other.args  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.type, self.args))

    def __repr__(self) -> str:
        return f"Action(type={self.type!r}, args={self.args!r}, label={self.label!r}, role={self.role!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # copies and pickles carry the label's text, never the callable
        return (Action, (self.type, self.args, self.label, self.role))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        # immutable: a copy of the game may share it (the label is worked out first, so the
        # copy never calls a callable that closed over the original's values)
        self.label
        return self

    def with_role(self, role: str) -> Action:
        """This action marked as the recurring move ``role`` (one of ``ROLES``).
        Raises ``ValueError`` for an unknown role."""
        if role not in ROLES:
            raise ValueError(f"unknown action role {role!r} (choose from {', '.join(ROLES)})")
        return Action(self.type, self.args, self._label, role)

    @classmethod
    def of(cls, type: str, label: str = "", **args: Any) -> Action:
        """Build an action; argument values must be str/int/bool/None or lists of them."""
        return cls(type, _arg_items(args), label or type)

    @classmethod
    def lazy(cls, type: str, words: Callable[..., str], *values: Any, **args: Any) -> Action:
        """``Action.of(type, words(*values), **args)``, except that ``words(*values)`` is
        called only when the label is first read. ``values`` must be fixed data (names,
        numbers, card definitions), not the game's live state. E.g.
        ``Action.lazy("play", play_words, card.defn, target_name, value, card=i, target=t)``."""
        return cls(type, _arg_items(args), partial(words, *values))

    def get(self, key: str, default: Any = None) -> Any:
        """The argument ``key`` (``default`` when absent)."""
        for k, v in self.args:
            if k == key:
                return v
        return default

    def __getitem__(self, key: str) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        raise KeyError(key)

    def to_json(self) -> dict[str, Any]:
        """The save-file form: ``{"type": ..., **args}``."""
        out: dict[str, Any] = {"type": self.type}
        for k, v in self.args:
            out[k] = _thaw_arg(v)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        """Inverse of ``to_json``. Raises ``ValueError`` when ``data`` is not an action object."""
        if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
            raise ValueError("an action must be an object with a 'type'")
        try:
            args = tuple(sorted((k, _freeze_arg(v)) for k, v in data.items() if k != "type"))
        except TypeError as err:
            raise ValueError(str(err)) from None
        return cls(data["type"], args, data["type"])

    def __str__(self) -> str:
        return self.label or self.type


class Decision:
    """Who must act now and every legal option.

    ``seats`` holds the seat numbers (0-based) that may act; it has one seat except in
    public windows open to several players, whose actions then carry a ``seat`` argument.
    ``private`` is true when answering shows the acting seat's secrets (the UI then puts
    up the privacy screen first); public decisions must not depend on any secret.
    ``kind`` names the decision type (e.g. ``"bet"``) for screens and benchmarks.

    ``unplayable`` lists the cards in the acting seat's hand that cannot be played now, as
    ``(card name, reason)`` pairs (e.g. ``("Hack", "you need a Person of your colour who
    is able to hack")``), so a screen can show them dimmed with their reason instead of
    letting them vanish. A reason may say only what the acting seat knows; a public
    decision carries none (``ValueError``), since the hand is private.

    Like an action's label, the ``prompt`` may be given as a callable of no arguments: it
    is called the first time ``prompt`` is read and its text is kept. Random playouts and
    computer players never read prompts, so a prompt that takes work (FOFL's plays left
    with its extra plays) is then never built. The same rule holds as for ``Action.lazy``:
    the callable may read only values fixed when the decision is made, never the live
    game state, which moves on after ``act``.

    Decisions are values (equal when every field is equal) and, like actions, are never
    changed after they are made (not guarded: a decision is made for every move).
    """

    __slots__ = ("seats", "_prompt", "actions", "private", "kind", "unplayable")

    seats: tuple[int, ...]
    actions: tuple[Action, ...]
    private: bool
    kind: str
    unplayable: tuple[tuple[str, str], ...]

    def __init__(
        self,
        seats: tuple[int, ...],
        prompt: str | Callable[[], str],
        actions: tuple[Action, ...],
        private: bool = True,
        kind: str = "",
        unplayable: tuple[tuple[str, str], ...] = (),
    ) -> None:
        if not actions:
            raise ValueError(f"a decision needs at least one action ({prompt if prompt.__class__ is str else prompt()!r})")
        if private and len(seats) != 1:
            raise ValueError("a private decision belongs to exactly one seat")
        if unplayable and not private:
            raise ValueError("only a private decision may list the hand's unplayable cards")
        self.seats = seats
        self._prompt = prompt
        self.actions = actions
        self.private = private
        self.kind = kind
        self.unplayable = unplayable

    @property
    def prompt(self) -> str:
        """The question put to the acting seats (worked out on first read when given as a
        callable)."""
        prompt = self._prompt
        if prompt.__class__ is not str:
            prompt = self._prompt = prompt()
        return prompt

    def _fields(self) -> tuple[Any, ...]:
        return (self.seats, self.prompt, self.actions, self.private, self.kind, self.unplayable)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Decision:
            return NotImplemented
        return self._fields() == other._fields()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Decision(seats={self.seats!r}, prompt={self.prompt!r}, actions={self.actions!r}, "
            f"private={self.private!r}, kind={self.kind!r}, unplayable={self.unplayable!r})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (Decision, self._fields())

    def __copy__(self) -> Decision:
        return self

    def replace(self, **changes: Any) -> Decision:
        """A copy with some fields changed (``seats``, ``actions``…), checked like a new one.
        Raises ``TypeError`` for a name that is not a field."""
        fields = dict(zip(_DECISION_FIELDS, self._fields()))
        unknown = set(changes) - set(fields)
        if unknown:
            raise TypeError(f"Decision has no field {sorted(unknown)[0]!r}")
        fields.update(changes)
        return Decision(**fields)

    def __deepcopy__(self, memo: dict[int, Any]) -> Decision:
        self.prompt  # a copy never calls a prompt or label callable of the original
        for action in self.actions:
            action.label
        return self

    @property
    def seat(self) -> int:
        """The acting seat (the first, for multi-seat windows)."""
        return self.seats[0]


_DECISION_FIELDS = ("seats", "prompt", "actions", "private", "kind", "unplayable")


@dataclass(frozen=True, slots=True)
class Option:
    """A set-up option a game offers (shown on the setup screen, stored in ``Setup.options``).

    ``choices`` is a tuple of ``(value, label)`` pairs; ``default`` one of the values.
    ``per_seat`` options hold one value per player (a tuple); their ``default`` may also be
    a tuple of values, one per seat in turn (e.g. ``("red", "blue")``: seat 1 Red, seat 2
    Blue, seat 3 Red again...). ``players`` limits the option to a range of player counts,
    e.g. ``(2, 2)`` for a two-player variant.
    """

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]
    default: Any
    help: str = ""
    per_seat: bool = False
    players: tuple[int, int] | None = None

    def applies(self, players: int) -> bool:
        """Whether the option is offered for this many players."""
        return self.players is None or self.players[0] <= players <= self.players[1]

    def values(self) -> tuple[Any, ...]:
        return tuple(v for v, _ in self.choices)

    def seat_default(self, seat: int) -> Any:
        """The default value for ``seat`` (0-based): the ``default`` itself, or for a
        per-seat option whose default is a tuple, its entry for that seat (cycling)."""
        if self.per_seat and isinstance(self.default, tuple):
            return self.default[seat % len(self.default)]
        return self.default

    def seat_defaults(self, players: int) -> tuple[Any, ...]:
        """One default value per seat for ``players`` seats (per-seat options)."""
        return tuple(self.seat_default(s) for s in range(players))


MAX_DECK_COPIES = 99
"""The most copies of one card a player's own deck may hold (the deck builder's bound)."""

MAX_DECK_CARDS = 1000
"""The most cards a player's own deck may hold (a save asking for more is damaged)."""


@dataclass(frozen=True, slots=True)
class CustomDeck:
    """A deck a player built (the deck builder's saved decks), as a set-up option value.

    ``name`` is the player's name for it, ``side`` one of the game's ``deck_rules.sides`` ids and
    ``cards`` the ``(card id, copies)`` pairs in the builder's order (copies > 0). It is
    hashable and is written into the save file in full (``to_json``), so a resumed game
    never depends on the deck file, which may have changed since.
    """

    name: str
    side: str
    cards: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, name: str, side: str, counts: Mapping[str, int]) -> CustomDeck:
        """Build from a ``{card id: copies}`` mapping (entries with no copies are dropped)."""
        return cls(str(name), str(side), tuple((str(cid), int(n)) for cid, n in counts.items() if n > 0))

    @property
    def counts(self) -> dict[str, int]:
        """``{card id: copies}`` in the builder's order."""
        return dict(self.cards)

    @property
    def size(self) -> int:
        """The number of physical cards."""
        return sum(n for _, n in self.cards)

    def to_json(self) -> dict[str, Any]:
        """``{"deck": name, "side": side, "cards": {id: copies}}`` (the save-file form)."""
        return {"deck": self.name, "side": self.side, "cards": self.counts}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CustomDeck:
        """Inverse of ``to_json``. Raises ``ValueError`` naming what is wrong."""
        name, side, cards = data.get("deck"), data.get("side"), data.get("cards")
        if not isinstance(name, str) or not isinstance(side, str):
            raise ValueError("a deck needs a 'deck' name and a 'side'")
        if not isinstance(cards, Mapping) or not all(
            isinstance(k, str) and isinstance(n, int) and not isinstance(n, bool) and n > 0 for k, n in cards.items()
        ):
            raise ValueError(f"deck '{name}' must map card ids to positive copies")
        for cid, n in cards.items():
            if n > MAX_DECK_COPIES:
                raise ValueError(f"deck '{name[:40]}' asks for {n} copies of '{cid[:40]}' (at most {MAX_DECK_COPIES})")
        if len(cards) > MAX_DECK_CARDS or sum(cards.values()) > MAX_DECK_CARDS:
            raise ValueError(f"deck '{name[:40]}' has more than {MAX_DECK_CARDS} cards")
        return cls(name, side, tuple(cards.items()))

    def __str__(self) -> str:
        return self.name


def _option_to_json(value: Any) -> Any:
    if isinstance(value, CustomDeck):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_option_to_json(v) for v in value]
    return _thaw_arg(_freeze_arg(value))


def _option_from_json(value: Any) -> Any:
    if isinstance(value, Mapping):
        return CustomDeck.from_json(value)
    if isinstance(value, list):
        return tuple(_option_from_json(v) for v in value)
    return value


@dataclass(frozen=True)
class Setup:
    """Who plays and how: player names in seat order (seat 0 first) and option values.

    Option values are JSON scalars, tuples of them (per-seat options) or ``CustomDeck``s
    (a player's own deck in a per-seat deck option).
    """

    players: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"players": list(self.players), "options": {k: _option_to_json(v) for k, v in self.options.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        """Raises ``ValueError`` when ``data`` is not a set-up object."""
        if not isinstance(data, Mapping):
            raise ValueError("setup must be an object")
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise ValueError("setup.players must be a list of names")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise ValueError("setup.options must be an object")
        return cls(tuple(players), {k: _option_from_json(v) for k, v in options.items()})

    @classmethod
    def of(cls, players: Iterable[str], **options: Any) -> Setup:
        return cls(tuple(players), dict(options))


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    ``scores`` has one entry per seat (``None`` where a game has no score for a seat);
    ``winners`` the winning seats (several when they share the win; every seat when all
    end level, which is a draw: see ``draw``); ``lower_wins`` says whether low scores are
    good; ``summary`` one sentence;
    ``details`` optional extra lines (e.g. how a score was made up); ``score_label`` the
    scores' heading; ``score_notes`` optionally one short phrase per seat that says its score
    in the game's words (e.g. ``"FOFL: 0 toughness left — destroyed"``), shown instead of
    the bare number; ``tiebreak`` optionally one number per seat that places seats level
    on score, the higher first (Black Ops: the round a player was eliminated in, a later
    one the better place, ``cards_data/black-ops.md`` ruling 13).
    """

    scores: tuple[int | float | None, ...]
    winners: frozenset[int]
    summary: str
    lower_wins: bool = False
    details: tuple[str, ...] = ()
    score_label: str = "Score"
    score_notes: tuple[str, ...] = ()
    tiebreak: tuple[float, ...] = ()

    @property
    def draw(self) -> bool:
        """True when every seat of a table of two or more is among ``winners``: everyone ended
        level, so the game is a draw and nobody is credited with a win (statistics count it
        as drawn). The rulebooks' draws: Cold War's equal counts (``cards_data/cold-war.md``
        ruling 8), FOFL's both sides losing by one move or equal Websites after running out
        (``cards_data/fofl.md`` rulings 4 and 23); a table where every player ties in Bloops
        (ruling 9, "tied players share the win") or Combat Cards is level too. A win shared
        by some seats only is not a draw."""
        return len(self.scores) > 1 and len(self.winners) == len(self.scores)

    def ranking(self) -> list[int]:
        """Seats ordered best first (winners first, then by score, then by ``tiebreak``;
        seat order last)."""

        def key(seat: int) -> tuple[int, float, float]:
            score = self.scores[seat]
            value = float(score) if score is not None else float("inf")
            if not self.lower_wins:
                value = -value if score is not None else float("inf")
            return (0 if seat in self.winners else 1, value, -self.tiebreak[seat] if self.tiebreak else 0.0)

        return sorted(range(len(self.scores)), key=key)
