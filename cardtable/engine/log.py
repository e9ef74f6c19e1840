"""The game log: every entry carries its audience (DESIGN §2, §3).

"Ann drew a card" goes to everyone; "Ann drew the 7" goes to Ann alone. A game that names
a card's face in an entry passes that card in ``cards=`` and the log refuses the entry
(``LeakError``) if some seat of the audience may not see that face right now.

Two marks tell the table how to show an entry, never who may read it: ``news=True`` on a
public entry (``NewsEntry``: shown to everyone on a public screen) and ``note=True`` on a
private one (``NoteEntry``: each seat of its audience is shown it on its own screen).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from cardtable.engine.zones import Card

__all__ = ["Log", "LogEntry", "LeakError", "NewsEntry", "NoteEntry"]


class LeakError(AssertionError):
    """A rules controller tried to tell a seat about a face it may not see (a bug, not a user error)."""


class LogEntry(NamedTuple):
    """One line of the log. ``audience`` is ``None`` for everyone, else the seats that see it.

    Immutable; a named tuple rather than a frozen dataclass because games add several
    entries per action and a tuple is built several times faster."""

    seq: int
    text: str
    audience: frozenset[int] | None = None

    @property
    def public(self) -> bool:
        return self.audience is None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: the whole table) may read this entry."""
        return self.audience is None or (seat is not None and seat in self.audience)

    @property
    def news(self) -> bool:
        """Whether this entry is news the whole table should see before the device is
        passed on (a reveal and its result): see ``NewsEntry``."""
        return False

    @property
    def note_for(self) -> frozenset[int]:
        """The seats that must be shown this private entry on their own screen before
        anything public happens (empty for an entry that is not a note): see ``NoteEntry``."""
        return frozenset()

    @property
    def shows(self) -> tuple[int, ...]:
        """The uids of the cards whose faces this note names (empty for an entry that is not
        a note): see ``NoteEntry``."""
        return ()


class NewsEntry(LogEntry):
    """A public entry marked as news (``Log.add(..., news=True)``): the table shows the
    news since the last move on a public screen that every player sees before a hand-over
    (e.g. Cold War's reveal and its result, which the privacy screen would otherwise be the
    first to show). Same fields as ``LogEntry``."""

    __slots__ = ()

    @property
    def news(self) -> bool:
        return True


class NoteEntry(LogEntry):
    """A private entry marked as a note (``Log.add(..., to=seats, note=True)``): every seat
    of its audience must see it on its own screen before anything public happens, even when
    that seat makes no decision next (e.g. Black Ops ruling 21: both players of a trade are
    shown both cards). ``note_for`` is the audience. Same fields as ``LogEntry``; besides
    them (not a field: equality and ``repr`` ignore it) ``shows``, the uids of the cards
    whose faces it names (``Log.add``'s ``cards``), so that a table can tell when every one
    of them lies face up and the note tells its audience nothing the table does not show
    (Black Ops ruling 21: no hand-over for it then). Notes are few: they alone carry a
    ``__dict__`` for it."""

    shows: tuple[int, ...] = ()  # type: ignore[assignment]  # set once by Log.add

    @property
    def note_for(self) -> frozenset[int]:
        return self.audience  # type: ignore[return-value]  # never None: Log.add refuses a public note


_new_entry = tuple.__new__
"""``_new_entry(LogEntry, (seq, text, audience))`` builds an entry without the named tuple's
Python-level ``__new__`` (the log's hot path)."""


class Log:
    """Append-only list of ``LogEntry``."""

    __slots__ = ("entries",)

    def __init__(self) -> None:
        self.entries: list[LogEntry] = []

    def __deepcopy__(self, memo: dict) -> Log:
        """A copy for ``Game.clone``: entries are immutable, so the copy shares them and
        only the list (pointers) is copied; adding to either log never touches the other."""
        copy = Log.__new__(Log)
        copy.entries = self.entries.copy()
        return copy

    def add(self, text: str, *, to: int | Iterable[int] | None = None, cards: Iterable[Card] = (), news: bool = False, note: bool = False) -> None:
        """Append ``text`` for the audience ``to`` (a seat, seats, or ``None`` for all).

        ``cards`` are the cards whose faces the text names; each must be visible to every
        seat of the audience (face up for a public entry), else ``LeakError`` is raised.
        ``news=True`` marks a public entry as news (``NewsEntry``); a private entry cannot
        be news (``ValueError``). ``note=True`` marks a private entry as a note for every seat
        of its audience (``NoteEntry``, which keeps the uids of ``cards`` as ``shows``); a
        public entry cannot be a note (``ValueError``).
        """
        kind = LogEntry
        if news:
            if to is not None:
                raise ValueError("only a public log entry can be news")
            kind = NewsEntry
        if note:
            if to is None:
                raise ValueError("only a private log entry can be a note")
            kind = NoteEntry
            cards = tuple(cards)  # read twice: checked, then kept (``NoteEntry.shows``)
        if to is None:
            if not cards:  # the commonest entry: public, naming no face
                self.entries.append(_new_entry(kind, (len(self.entries), text, None)))
                return
            audience = None
        elif isinstance(to, int):
            audience = frozenset((to,))
        else:
            audience = frozenset(to)
        for card in cards:
            if card.up:
                continue
            if audience is None or not audience <= card.known:
                raise LeakError(f"log entry {text!r} names {card!r}, which its audience may not see")
        entry = _new_entry(kind, (len(self.entries), text, audience))
        if note:
            entry.shows = tuple(card.uid for card in cards)
        self.entries.append(entry)

    def for_seat(self, seat: int | None) -> tuple[LogEntry, ...]:
        """The entries ``seat`` may read, oldest first (``None``: public entries only)."""
        return tuple(e for e in self.entries if e.visible_to(seat))

    def __len__(self) -> int:
        return len(self.entries)
