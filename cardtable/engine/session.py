"""A game being played at one shared screen: the game, its save file, who is looking, undo.

This is the pass-and-play logic of DESIGN §3 and §4 without any UI:

* ``viewer`` is the seat whose private view is on screen (``None``: the public table).
* ``handoff_to()`` says when the privacy screen is needed: the next decision is private
  and belongs to a person other than the one looking.
* ``computers`` maps the seats played by the computer to their levels (issue 15). A
  computer seat never looks at the screen: it is never handed the device, its private
  decisions are never shown (``visible_decision`` is ``None`` for them), and when only one
  person plays, that person is the viewer throughout and never sees a hand-over.
  ``computer_turn()`` says which computer seats to ask now (``bots.tournament.answer_order``).
* A person out of the game for good (``Game.seats_out``: Black Ops, no Health left) no
  longer counts: once one person is the only one still in (``sole_person``), that person
  is handed the device once more, unless already looking, and then stays the viewer as
  above, with no hand-over between their own turns (``still_looking``). A hand-over to
  someone else (a note for a person who is out) ends that: the next hand-over is theirs.
* Every action is appended to the save file before ``act`` returns.
* ``undo()`` takes back the acting seat's own last move while it is still their turn and
  nothing new has been seen since (no card newly visible to anyone, no shuffle or coin
  flip, no hand-over).

Undo keeps no copies of the game: the session remembers a starting point (a fresh deal or
one copy taken when the session began) and the actions played since, and an undo rebuilds
the game from there by replaying all but the last one. Whether a move may be undone is
decided from cheap fingerprints taken around ``Game.act``: the running count of cards
newly seen (``zones.reveals``), the random generator's draw count
(``GameRandom.draws``) and the undo fence.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import Any
from pathlib import Path

from cardtable.engine import zones
from cardtable.engine.core import Action, Decision
from cardtable.engine.game import Game, GameRandom
from cardtable.engine.log import LogEntry
from cardtable.engine.notes import PUBLIC, passed_to, still_looking, table_after
from cardtable.engine.saves import NotWritable, SaveFile, resume, resume_in_memory
from cardtable.engine.stats import StatsStore, record_names
from cardtable.engine.view import View

__all__ = ["Session"]


def _sole(people: Sequence[int], computers: Collection[int], out: Collection[int]) -> int | None:
    """``Session.sole_person`` for the ``people``'s seats, the ``computers``' and the seats
    ``out`` of the game."""
    if len(people) == 1:
        return people[0] if computers else None
    still = [seat for seat in people if seat not in out]
    return still[0] if len(still) == 1 else None


def _knowledge(game: Game) -> frozenset[tuple[int, int]]:
    """Pairs (seat or -1 for everyone, card uid) of faces currently visible (for tests;
    the session itself compares ``zones.reveals`` counts)."""
    seen: set[tuple[int, int]] = set()
    for card in game.all_cards():
        if card.up:
            seen.add((-1, card.uid))
        else:
            for seat in card.known:
                seen.add((seat, card.uid))
    return frozenset(seen)


def _table_closes(decision: Decision) -> bool:
    """Whether a shared window is closed by a move of the whole table (a ``pass-all``
    action with no ``seat`` argument) rather than by one seat's pass."""
    return any(a.role == "pass-all" and a.get("seat") is None for a in decision.actions)


def _chance_mark(rng: random.Random) -> object:
    """A value that changes whenever ``rng`` is used: ``GameRandom``'s draw count, else
    (a test's stacked generator) its whole state."""
    return rng.draws if isinstance(rng, GameRandom) else rng.getstate()


def _apply_tracked(game: Game, action: Action) -> bool:
    """Apply ``action`` and say whether it may be undone: the same single seat acts next
    with the same privacy, and nothing new was seen (no card newly visible to anyone, no
    shuffle or coin flip, no resolution the rules marked with ``Game.close_undo``). DESIGN §3.
    Costs a few compares beyond the move itself."""
    before = game.decision()
    rng = game.rng
    chance_before = _chance_mark(rng)
    seen_before = zones.reveals()
    fence_before = game.undo_fence
    game.act(action)
    if zones.reveals() != seen_before or game.undo_fence != fence_before or game.rng is not rng or _chance_mark(rng) != chance_before:
        return False
    after = game.decision()
    return (
        before is not None
        and after is not None
        and len(before.seats) == 1
        and after.seats == before.seats
        and after.private == before.private
    )


def _who_decides(game: Game) -> tuple[int, int | None]:
    """The log's length and who decides now: a private decision's seat, ``PUBLIC``, or
    ``None`` once the game is over (``notes.table_after``)."""
    decision = game.decision()
    who = None if decision is None else decision.seat if decision.private else PUBLIC
    return len(game.log.entries), who


def _up_among(game: Game, shown: set[int]) -> frozenset[int]:
    """Which of the card uids ``shown`` lie face up in ``game`` now (``notes.table_after``)."""
    return frozenset(card.uid for card in game.all_cards() if card.up and card.uid in shown)


class Session:
    """Drives one game for the UI (or a headless caller). ``save`` may be ``None``."""

    def __init__(self, game: Game, save: SaveFile | None = None, stats: StatsStore | None = None, computers: dict[int, str] | None = None) -> None:
        self.game = game
        self.save = save
        self.stats = stats
        self.computers: dict[int, str] = dict(computers or {})
        """Seat (0-based) → computer level for the seats the computer plays."""
        self.viewer: int | None = self.sole_person
        self._shared: tuple[Decision, Decision | None] | None = None
        start = game.clone()
        self._start: Callable[[], Game] = start.clone
        """Builds a fresh copy of the game as it was before ``_played[0]``."""
        self._played: list[Action] = []
        """Every action applied since the starting point, in order."""
        self._undoable = 0
        """How many of the last ``_played`` may be taken back (the current turn's own moves)."""
        self._finished_written = game.decision() is None
        self.undo_problem: str | None = None
        """Why the last ``undo()`` failed when the save file could not be changed."""
        self.saving_off: str | None = None
        """Why this game has no save file at all (e.g. a read-only home), for the banner."""
        self.read_only_save: Path | None = None
        """The save this game was resumed from when it can only be read here (a read-only
        folder: ``from_save``): it keeps the game as it was; the moves since are in memory."""
        self.left = False
        """Set when the player leaves the game (``q`` and yes, Ctrl+C): ``close`` then deletes
        the save of a game left ``untouched``. Not set when the app stops otherwise (a crash,
        the end of a test): the file is kept, as every move is."""
        self.handovers: tuple[tuple[int, int], ...] = ()
        """The hand-overs made before this session began, as ``(log length, seat)``, oldest
        first, for a private decision or a note (``notes.table_after``): those of the game's
        moves a resumed save replayed (``from_save``)."""
        self._left_handing_over: int | None = None
        """The game's move count when this session began at a hand-over (a save left at
        "Pass to …"), else ``None`` (``recap_from``)."""
        self.notes_owed: dict[int, tuple[LogEntry, ...]] = {}
        """Per person's seat, the private notes logged before this session began that the
        table had not shown that seat yet (``notes.table_after``; a resumed save, ``from_save``):
        the table shows them as if they had just been logged."""

    # ------------------------------------------------------------------ who plays
    @property
    def people(self) -> tuple[int, ...]:
        """The seats played by people, in seat order."""
        return tuple(s for s in range(len(self.game.players)) if s not in self.computers)

    _out: tuple[Game, int, frozenset[int]] | None = None
    """``out`` as last worked out: the game, its move count and the seats out."""

    @property
    def out(self) -> frozenset[int]:
        """The seats out of the game now (``Game.seats_out``), asked once a move."""
        known = self._out
        if known is None or known[0] is not self.game or known[1] != self.game.moves:
            known = self._out = (self.game, self.game.moves, self.game.seats_out())
        return known[2]

    @property
    def sole_person(self) -> int | None:
        """The one person's seat when exactly one person plays (with computers), or when of
        several people only one is still in the game (the others are ``out``: a hand-over
        between that person's own turns hides nothing from anyone who still plays), else
        ``None``. While two people are in, each still hands the device to the other."""
        return _sole(self.people, self.computers, self.out)

    def record_names(self) -> tuple[str, ...]:
        """The names the statistics record per seat: a person's name, or
        ``"Computer (level)"`` for a computer seat (``stats.record_names``)."""
        return record_names(self.game.players, self.computers)

    def computer_turn(self) -> list[tuple[int, bool]]:
        """The computer seats to ask now, in order, each with whether it may wait (see
        ``bots.tournament.answer_order``; the first that acts is played). Empty when no
        computer acts now. In a shared window with people in it the people may act
        meanwhile; when the closer is a person, only the other computer seats are asked."""
        from cardtable.bots.tournament import answer_order

        decision = self.game.decision()
        if decision is None or not self.computers:
            return []
        order = answer_order(decision)
        if len(decision.seats) > 1 and any(s not in self.computers for s in decision.seats) and _table_closes(decision):
            # the table closes this window (Black Ops' "nobody plays", ruling 9): with a
            # person in it, the people say so; the computers claim or wait
            return [(seat, True) for seat, _ in order if seat in self.computers]
        return [(seat, wait) for seat, wait in order if seat in self.computers]

    def memories_later(self, seats: Sequence[int]) -> Callable[[], dict[int, Any]]:
        """A function (safe to run in a worker thread) that builds the memory of each
        computer seat of ``seats`` (``bots.new_memory``; only games whose state forgets
        what a seat saw keep one, e.g. Bloops): the game since the session's starting
        point is replayed and each seat observes only its own view before every action,
        as at the table. After an undo the starting point is the turn's start, so what a
        seat saw before it is forgotten."""
        from cardtable.bots import new_memory

        start, played = self._start, tuple(self._played)
        levels = {seat: self.computers[seat] for seat in seats if seat in self.computers}
        game_id = self.game.id

        def build() -> dict[int, Any]:
            memories = {seat: m for seat, level in levels.items() if (m := new_memory(game_id, seat, level)) is not None}
            if memories:
                game = start()
                for action in played:
                    for seat, memory in memories.items():
                        memory.observe(game.view(seat), action)
                    game.act(action)
            return memories

        return build

    # ------------------------------------------------------------------ who looks
    def decision(self) -> Decision | None:
        return self.game.decision()

    def handoff_to(self) -> int | None:
        """The seat the device must be passed to before the next screen, or ``None``
        (never a computer seat: it does not look)."""
        decision = self.game.decision()
        if decision is None or not decision.private:
            return None
        return passed_to(decision.seat, self.computers, self.viewer)

    def recap_from(self, seat: int) -> int:
        """Where in the log (an index of ``game.log.entries``) the public lines start that
        the session's first hand-over, to ``seat``, lists: as the table listed them before
        the save was resumed (``handovers``). The lines since the last hand-over; or, when
        that hand-over to ``seat`` was the last thing on screen (the game was left at "Pass
        to Bob"), the lines it listed, since the one before. From the deal in a new game.
        A fresh tester's "Pass to Bob" after a resume listed the whole game from the deal."""
        if not self.handovers:
            return 0
        at, to = self.handovers[-1]
        if to == seat and self._left_handing_over == self.game.moves:
            return self.handovers[-2][0] if len(self.handovers) > 1 else 0
        return at

    def accept_handoff(self, seat: int) -> None:
        """The named player confirmed they are at the screen (privacy screen dismissed)."""
        self.viewer = seat

    def screen_seat(self) -> int | None:
        """Whose view the screen may show now (``None``: the public table view). With one
        person among computers, always that person's; with one person left in the game,
        theirs once they have taken the device (``still_looking``)."""
        if still_looking(self.viewer, self.sole_person) is not None:
            return self.viewer
        decision = self.game.decision()
        if decision is not None and decision.private and decision.seat == self.viewer:
            return self.viewer
        return None

    def view(self) -> View:
        """The view to render now (private only for the seat that accepted the hand-off)."""
        return self.game.view(self.screen_seat())

    def visible_decision(self) -> Decision | None:
        """The decision to show on screen now: ``None`` while a hand-off is pending or
        while only computer seats act."""
        decision = self.game.decision()
        if decision is None or all(s in self.computers for s in decision.seats):
            return None
        if decision.private and decision.seat != self.viewer:
            return None
        if len(decision.seats) > 1 and any(s in self.computers for s in decision.seats):
            return self._people_part(decision)
        return decision

    def _people_part(self, decision: Decision) -> Decision | None:
        """A shared window as the people see it: only the people's seats and their actions
        (a computer seat's claim or pass is its own to make; the table's own moves, with no
        ``seat`` argument, are the people's to make). The same object while the
        window lasts, so a pick can be matched to the decision it was made for."""
        cached = self._shared
        if cached is not None and cached[0] is decision:
            return cached[1]
        seats = tuple(s for s in decision.seats if s not in self.computers)
        actions = tuple(a for a in decision.actions if a.get("seat") is None or a.get("seat") not in self.computers)
        part = decision.replace(seats=seats, actions=actions) if actions else None
        self._shared = (decision, part)
        return part

    # ------------------------------------------------------------------ saving
    @property
    def save_problem(self) -> str | None:
        """One line while moves are not being saved (a full disk, a read-only folder: the
        game goes on in memory), else ``None``. Nothing already saved is ever lost."""
        if self.save is None:
            return self.saving_off
        return self.save.problem

    @property
    def end_save_problem(self) -> str | None:
        """``save_problem`` as said once the game is over, when "the game goes on in memory"
        no longer fits: what the save file lacks. One line, or ``None`` when all is saved."""
        if self.read_only_save is not None:
            return f"Saving is off: {self.read_only_save.name} cannot be written here — the moves since it was resumed are not kept"
        if self.save is None or self.save.problem is None:
            return self.save_problem
        if self.save.lost:
            return "The save file of this game was deleted or replaced (perhaps from another window): this game is not kept"
        if not self.save.written:
            return f"Could not create the save file: {self.save.reason} — this game is not kept"
        unsaved = self.save.unsaved
        if unsaved and self.save.reason:
            moves = "move" if unsaved == 1 else f"{unsaved} moves"
            return f"Could not save the last {moves}: {self.save.reason} — the saved game stops before its end"
        return self.save.problem

    @property
    def unsaved_moves(self) -> int:
        """Moves played but only in memory (lost if the game is left now): every move
        when the save file was deleted under the game (``SaveFile.lost``) or could not be
        created yet (``SaveFile.written``)."""
        if self.save is not None and (self.save.lost or not self.save.written):
            return self.game.moves
        return self.save.unsaved if self.save is not None else 0

    @property
    def untouched(self) -> bool:
        """Whether leaving now keeps nothing (``close`` deletes the save): a game dealt by
        this session (its save ``created`` here, on disk and not ``lost``) with no move
        played and no name given to its save (naming it is asking to keep it)."""
        save = self.save
        if save is None or save.created is None or not save.written or save.lost or self.game.moves:
            return False
        from cardtable.engine.history import save_names

        return save.path.name not in save_names(save.path.parent)

    def close(self) -> None:
        """Release the save file (and its lock); the game can then be resumed elsewhere.
        A game the player ``left`` ``untouched`` (no move, no name) is not kept: its file,
        only the header, is deleted (``SaveFile.discard``), so no game of 0 moves that
        nobody played waits in the Resume list."""
        if self.save is not None:
            if self.left and self.untouched:
                self.save.discard()
            else:
                self.save.close()

    # ------------------------------------------------------------------ playing
    def act(self, action: Action) -> None:
        """Apply ``action`` (``IllegalAction`` propagates, nothing changes) and save it."""
        game = self.game
        undoable = _apply_tracked(game, action)
        self._played.append(action)
        self._undoable = self._undoable + 1 if undoable else 0
        if self.save is not None:
            self.save.append(action)
        after = game.decision()
        if after is None:
            self.viewer = still_looking(self.viewer, self.sole_person)
            if not self._finished_written:
                self._finished_written = True
                outcome = game.outcome()
                if self.save is not None:
                    won = outcome is not None and not outcome.draw  # a draw has no winners to name
                    winners = tuple(game.players[s] for s in sorted(outcome.winners)) if won else ()
                    self.save.finish(outcome.summary if outcome else "", winners)
                if self.stats is not None:
                    self.stats.record(game, self.record_names())
        elif not after.private:
            self.viewer = still_looking(self.viewer, self.sole_person)

    @classmethod
    def from_save(cls, path: Path | str, cards_dir=None, stats: StatsStore | None = None) -> Session:
        """Resume a save file (see ``saves.resume``) with its computer players and the undo history of the turn in
        progress rebuilt, so a move that could be taken back still can. The save is
        replayed once (who was out at every move replayed: the one person left then,
        ``notes.table_after``). A save that
        can only be read here (``saves.NotWritable``: a read-only folder) is played on in
        memory: ``save`` is ``None`` and ``saving_off`` says so. Raises ``SaveError``."""
        played: list[Action] = []
        run = [0]
        states: list[tuple[int, int | None]] = []  # who decided at the deal and after each move (``table_after``)

        ups: list[frozenset[int] | None] = []  # the notes' cards face up at each state (``table_after``)
        outs: list[frozenset[int]] = []  # the seats out at each state (``table_after``)
        shown: set[int] = set()  # the uids of the cards named by the notes logged so far
        read = [0]

        def look(game: Game) -> None:
            state = _who_decides(game)
            states.append(state)
            for entry in game.log.entries[read[0]:]:
                shown.update(entry.shows)
            read[0] = state[0]
            ups.append(_up_among(game, shown) if shown and state[1] == PUBLIC else None)
            outs.append(game.seats_out())

        def step(game: Game, action: Action) -> None:
            if not played:
                look(game)
            run[0] = run[0] + 1 if _apply_tracked(game, action) else 0
            played.append(action)
            look(game)

        saving_off = None
        try:
            game, save = resume(path, cards_dir, step=step)
            computers = save.computers
        except NotWritable as err:  # a read-only folder: played on in memory (README, "Saving")
            played.clear()
            states.clear()
            ups.clear()
            outs.clear()
            shown.clear()
            run[0] = read[0] = 0
            game, computers = resume_in_memory(path, cards_dir, step=step)
            save = None
            saving_off = f"Saving is off: {err.path.name} {err.reason} — the game goes on in memory; leaving loses the moves played from now on"
        session = cls.__new__(cls)
        session.game, session.save, session.stats = game, save, stats
        session.saving_off, session.undo_problem = saving_off, None
        session.read_only_save = Path(path) if save is None else None
        session.left = False
        session.computers = dict(computers)
        session.viewer = _sole(session.people, session.computers, ())  # the one person among computers; a person left alone is handed the device
        soles = [_sole(session.people, session.computers, seats) for seats in outs]
        trail = table_after(states, ups, game.log.entries, session.computers, session.people, session.viewer, soles=soles)
        session.handovers = trail.handovers
        session._left_handing_over = game.moves if trail.left_handing_over else None
        session.notes_owed = trail.owed
        session._shared = None
        cls_, cardset, setup, seed = type(game), game.cardset, game.setup, game.seed
        session._start = lambda: cls_(cardset, setup, seed)
        session._played = played
        session._undoable = run[0]
        session._finished_written = game.decision() is None
        return session

    @property
    def can_undo(self) -> bool:
        """Whether ``undo()`` would take back a move now."""
        return self._undoable > 0 and self.game.decision() is not None

    def undo(self) -> bool:
        """Take back the last own move of this turn; ``False`` when not possible (then
        ``undo_problem`` may say why: the save file could not be changed).

        Rebuilds the game from the session's starting point by replaying every action but
        the last (``session.game`` becomes a new object). The state at the start of the
        turn becomes the new starting point, so further undos replay only this turn."""
        self.undo_problem = None
        if not self.can_undo:
            return False
        if self.save is not None:
            try:
                self.save.drop_last(1)
            except OSError as err:
                self.undo_problem = f"Could not take the move back: {err.strerror or err} (the save file is unchanged)"
                return False
        played = self._played
        turn_start = len(played) - self._undoable
        game = self._start()
        for action in played[:turn_start]:
            game.act(action)
        start = game.clone()
        self._start = start.clone
        del played[:turn_start]
        played.pop()
        for action in played:
            game.act(action)
        self._undoable -= 1
        self.game = game
        return True
