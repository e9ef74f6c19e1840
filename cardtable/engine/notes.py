"""Private notes waiting for their readers: the one rule the live table and a resume share.

A *private note* is a log entry the rules mark for some seats to read on their own screen
before anything public happens (``Log.add(..., note=True)``, ``LogEntry.note_for``; Black
Ops: both players of a trade see both cards, ruling 21 of ``cards_data/black-ops.md``).
``NoteQueue`` keeps, per person's seat, the notes that seat has not been shown yet, oldest
first. The table (``TableScreen._show_notes``) feeds it the log as the game goes on and
asks it who must see what; ``Session.from_save`` drives the same queue through the replayed
moves (``table_after``) to learn which notes a resumed game still owes and where the table
handed the device over. No textual, rich or game imports.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from cardtable.engine.log import LogEntry

__all__ = ["NoteQueue", "PUBLIC", "TableTrail", "passed_to", "still_looking", "table_after"]

PUBLIC = -1
"""In a state ``(log length, who)``: the decision is public (or shared by several seats)."""


def passed_to(seat: int, computers: Collection[int], viewer: int | None) -> int | None:
    """The seat the device is passed to when ``seat`` makes a private decision while
    ``viewer`` looks (DESIGN §3, hidden information): ``seat`` itself, unless it is a
    computer's (it does not look) or already looking; then ``None``. The one rule of
    ``Session.handoff_to`` live and of ``table_after`` on a replay."""
    return None if seat in computers or seat == viewer else seat


def still_looking(viewer: int | None, sole: int | None) -> int | None:
    """Who may still look once the screen turns to the whole table (a public decision, the
    end): ``viewer``, when they are the only person still playing (``sole``: the only person
    among computers, who never hands over, or the last person in); else nobody. A person
    left alone by the others going out is handed the device once more, since the screen was
    everyone's: a fresh tester's Care Packages were drawn as Bob went out in a shared
    window. The one rule of ``Session.act`` live and of ``notes.table_after`` on a replay."""
    return viewer if viewer is not None and viewer == sole else None


class NoteQueue:
    """Per person's seat, the private notes not shown to it yet (oldest first).

    ``people``: the seats people play (a note is never kept for a computer's seat).
    ``owed``: notes already waiting when the queue starts (a resumed game's, per seat).
    ``read``: the log entries before this index count as looked at already."""

    def __init__(self, people: Collection[int], owed: dict[int, Sequence[LogEntry]] | None = None, read: int = 0) -> None:
        self.people = frozenset(people)
        self.waiting: dict[int, list[LogEntry]] = {seat: list(notes) for seat, notes in (owed or {}).items() if notes}
        self.read = read

    def __bool__(self) -> bool:
        return bool(self.waiting)

    def __contains__(self, seat: object) -> bool:
        return seat in self.waiting

    def gather(self, entries: Sequence[LogEntry], upto: int | None = None) -> None:
        """Keep the notes among ``entries[read:upto]`` (``upto``: the log's end by default)
        for the people of their audience; the queue has read up to there. An undo may have
        shortened the log: reading goes on from its new end."""
        end = len(entries) if upto is None else upto
        for entry in entries[min(self.read, end):end]:
            if entry.public:
                continue
            for seat in sorted(entry.note_for & self.people):
                self.waiting.setdefault(seat, []).append(entry)
        self.read = end

    def take(self, seat: int | None) -> list[LogEntry]:
        """The notes waiting for ``seat``, now counted as shown (``[]``: none)."""
        return self.waiting.pop(seat, []) if seat is not None else []

    def drop_face_up(self, up: Collection[int]) -> None:
        """Forget every waiting note whose cards (``LogEntry.shows``) all lie face up
        (``up``: card uids); a note that names no card is kept. Everyone sees those faces on
        the table, so a hand-over for it would show its reader nothing new (Black Ops ruling
        21: a fresh tester was handed the device twice, after the reveal, for trade notes
        whose four cards were face up in front of everyone)."""
        for seat, notes in list(self.waiting.items()):
            kept = [entry for entry in notes if not (entry.shows and set(entry.shows) <= set(up))]
            if kept:
                self.waiting[seat] = kept
            else:
                del self.waiting[seat]

    def next_reader(self, up: Collection[int]) -> int | None:
        """Before a public decision: the seat to hand the device to for its notes (the
        fewest seat first), after the notes whose cards lie face up are dropped
        (``drop_face_up``); ``None`` when no note is left to show."""
        self.drop_face_up(up)
        return min(self.waiting) if self.waiting else None

    def owed(self) -> dict[int, tuple[LogEntry, ...]]:
        """What is still waiting, per seat in seat order."""
        return {seat: tuple(notes) for seat, notes in sorted(self.waiting.items())}


@dataclass(frozen=True)
class TableTrail:
    """What the table did while a save's moves were played (``table_after``).

    ``handovers``: every hand-over of the device, for a private decision or for a note, as
    ``(log length, seat)``, oldest first; ``left_handing_over``: whether the game was left
    at a "Pass to …" for a decision (the last state was one); ``owed``: per person's seat,
    the notes the table had not shown yet (``NoteQueue.owed``)."""

    handovers: tuple[tuple[int, int], ...]
    left_handing_over: bool
    owed: dict[int, tuple[LogEntry, ...]]


def table_after(
    states: Sequence[tuple[int, int | None]], ups: Sequence[frozenset[int] | None], entries: Sequence[LogEntry],
    computers: Collection[int], people: Collection[int], sole: int | None, *, soles: Sequence[int | None] | None = None,
) -> TableTrail:
    """The live table played again over a save: ``states`` are ``(log length, who decides)``
    at the deal and after each move (who: a private decision's seat, ``PUBLIC``, or ``None``
    once the game is over); ``ups[i]`` the uids of the notes' cards face up at ``states[i]``
    (``None``: not looked at); ``entries`` the game's log; ``sole`` the one person among
    computers, else ``None``; ``soles[i]``, when given, the one person still in at
    ``states[i]`` instead (``Session.sole_person``: the other people are out).

    The save keeps only moves, never whether a box was shown. The rule: the live table's way
    of showing notes (``TableScreen._show_notes`` on a ``NoteQueue``) is played after every
    move but the last. A note shown at a stop the game went on from was seen, since a note's
    box waits for its key before any move. Every note still waiting at the last stop is
    owed, those of that stop's boxes too: the players may have left at a box, or at the
    privacy screen before it (a box seen twice, to the right seat, costs little; a note
    never seen loses what the seat gave).

    The live rule, after a move: the person at the device (the last to take it; the one
    person among computers always; the one person still in once handed it, ``still_looking``)
    sees their notes at once; then, before a public decision, each other person with a
    note is handed the device for it, fewest seat first, unless all of the note's cards lie
    face up; before a private decision the notes wait, and the decider, handed the device
    unless already looking, sees theirs right after."""
    soles = [sole] * len(states) if soles is None else soles
    viewer = soles[0] if soles else sole
    notes = NoteQueue(people)
    marks: list[tuple[int, int]] = []
    left_handing_over = False
    for i, (length, who) in enumerate(states):
        sole = soles[i]
        notes.gather(entries, length)
        went_on = 0 < i < len(states) - 1  # a stop the game went on from (not the deal, not the last)
        left_handing_over = False
        if who is None or who == PUBLIC:
            viewer = still_looking(viewer, sole)  # Session.act: a public decision (or the end) leaves the screen to the table
        if i == 0:
            notes.waiting.clear()  # the table starts with the deal's log looked at
        here = viewer
        while went_on:  # TableScreen._show_notes, until it shows nothing more
            if here in notes:
                notes.take(here)
                continue
            if who != PUBLIC:
                break
            reader = notes.next_reader(ups[i] or frozenset())
            if reader is None:
                break
            marks.append((length, reader))  # a hand-over for the note: its box follows
            viewer = here = reader
        if who is not None and who != PUBLIC and (to := passed_to(who, computers, viewer)) is not None:
            marks.append((length, to))  # a hand-over for a private decision
            viewer, left_handing_over = to, True
            if went_on:
                notes.take(to)  # the decider's notes, right after its hand-over
    return TableTrail(tuple(marks), left_handing_over, notes.owed())
