"""A game being played at one shared screen: the game, its save file, who is looking, undo.

This is the pass-and-play logic of DESIGN §3 and §4 without any UI:

* ``viewer`` is the seat whose private view is on screen (``None``: the public table).
* ``handoff_to()`` says when the privacy screen is needed: the next decision is private
  and belongs to a seat other than the one looking.
* Every action is appended to the save file before ``act`` returns.
* ``undo()`` takes back the acting seat's own last move while it is still their turn and
  nothing new has been seen since (no card newly visible to anyone, no shuffle or coin
  flip, no hand-over).
"""

from __future__ import annotations

from pathlib import Path

from cardtable.engine.core import Action, Decision
from cardtable.engine.game import Game
from cardtable.engine.saves import SaveFile, read_save, resume
from cardtable.engine.stats import StatsStore
from cardtable.engine.view import View

__all__ = ["Session"]


def _knowledge(game: Game) -> frozenset[tuple[int, int]]:
    """Pairs (seat or -1 for everyone, card uid) of faces currently visible."""
    seen: set[tuple[int, int]] = set()
    for card in game.all_cards():
        if card.up:
            seen.add((-1, card.uid))
        else:
            for seat in card.known:
                seen.add((seat, card.uid))
    return frozenset(seen)


def _apply_tracked(game: Game, action: Action) -> bool:
    """Apply ``action`` and say whether it may be undone: the same single seat acts next
    with the same privacy, and nothing new was seen (no card newly visible to anyone, no
    shuffle or coin flip, no resolution the rules marked with ``Game.close_undo``). DESIGN §3."""
    before = game.decision()
    rng_before = game.rng.getstate()
    known_before = _knowledge(game)
    fence_before = game.undo_fence
    game.act(action)
    after = game.decision()
    new_info = (
        game.rng.getstate() != rng_before
        or game.undo_fence != fence_before
        or not _knowledge(game) <= known_before
    )
    same_turn = (
        before is not None
        and after is not None
        and len(before.seats) == 1
        and after.seats == before.seats
        and after.private == before.private
    )
    return same_turn and not new_info


class Session:
    """Drives one game for the UI (or a headless caller). ``save`` may be ``None``."""

    def __init__(self, game: Game, save: SaveFile | None = None, stats: StatsStore | None = None) -> None:
        self.game = game
        self.save = save
        self.stats = stats
        self.viewer: int | None = None
        self._undo: list[Game] = []
        self._finished_written = game.decision() is None
        self.undo_problem: str | None = None
        """Why the last ``undo()`` failed when the save file could not be changed."""
        self.saving_off: str | None = None
        """Why this game has no save file at all (e.g. a read-only home), for the banner."""

    # ------------------------------------------------------------------ who looks
    def decision(self) -> Decision | None:
        return self.game.decision()

    def handoff_to(self) -> int | None:
        """The seat the device must be passed to before the next screen, or ``None``."""
        decision = self.game.decision()
        if decision is None or not decision.private:
            return None
        return decision.seat if decision.seat != self.viewer else None

    def accept_handoff(self, seat: int) -> None:
        """The named player confirmed they are at the screen (privacy screen dismissed)."""
        self.viewer = seat

    def screen_seat(self) -> int | None:
        """Whose view the screen may show now (``None``: the public table view)."""
        decision = self.game.decision()
        if decision is not None and decision.private and decision.seat == self.viewer:
            return self.viewer
        return None

    def view(self) -> View:
        """The view to render now (private only for the seat that accepted the hand-off)."""
        return self.game.view(self.screen_seat())

    def visible_decision(self) -> Decision | None:
        """The decision to show on screen now: ``None`` while a hand-off is pending."""
        decision = self.game.decision()
        if decision is None:
            return None
        if decision.private and decision.seat != self.viewer:
            return None
        return decision

    # ------------------------------------------------------------------ saving
    @property
    def save_problem(self) -> str | None:
        """One line while moves are not being saved (a full disk, a read-only folder: the
        game goes on in memory), else ``None``. Nothing already saved is ever lost."""
        if self.save is None:
            return self.saving_off
        return self.save.problem

    @property
    def unsaved_moves(self) -> int:
        """Moves played but only in memory (lost if the game is left now)."""
        return self.save.unsaved if self.save is not None else 0

    def close(self) -> None:
        """Release the save file (and its lock); the game can then be resumed elsewhere."""
        if self.save is not None:
            self.save.close()

    # ------------------------------------------------------------------ playing
    def act(self, action: Action) -> None:
        """Apply ``action`` (``IllegalAction`` propagates, nothing changes) and save it."""
        game = self.game
        snapshot = game.clone()
        undoable = _apply_tracked(game, action)
        if self.save is not None:
            self.save.append(action)
        after = game.decision()
        if after is None:
            self.viewer = None
            if not self._finished_written:
                self._finished_written = True
                outcome = game.outcome()
                if self.save is not None:
                    winners = tuple(game.players[s] for s in sorted(outcome.winners)) if outcome else ()
                    self.save.finish(outcome.summary if outcome else "", winners)
                if self.stats is not None:
                    self.stats.record(game)
        elif not after.private:
            self.viewer = None
        if undoable:
            self._undo.append(snapshot)
        else:
            self._undo.clear()

    @classmethod
    def from_save(cls, path: Path | str, cards_dir=None, stats: StatsStore | None = None) -> Session:
        """Resume a save file (see ``saves.resume``) with the undo history of the turn in
        progress rebuilt, so a move that could be taken back still can. Raises ``SaveError``."""
        game, save = resume(path, cards_dir)
        actions = read_save(save.path).actions
        # pass 1: which of the last moves are undoable (the trailing run)
        probe = type(game)(game.cardset, game.setup, game.seed)
        flags = [_apply_tracked(probe, action) for action in actions]
        tail = 0
        while tail < len(flags) and flags[len(flags) - 1 - tail]:
            tail += 1
        session = cls(game, save, stats)
        if tail and game.decision() is not None:
            # pass 2: the states before each of those moves
            rebuilt = type(game)(game.cardset, game.setup, game.seed)
            for action in actions[: len(actions) - tail]:
                rebuilt.act(action)
            for action in actions[len(actions) - tail :]:
                session._undo.append(rebuilt.clone())
                rebuilt.act(action)
        return session

    @property
    def can_undo(self) -> bool:
        """Whether ``undo()`` would take back a move now."""
        return bool(self._undo) and self.game.decision() is not None

    def undo(self) -> bool:
        """Take back the last own move of this turn; ``False`` when not possible."""
        self.undo_problem = None
        if not self.can_undo:
            return False
        if self.save is not None:
            try:
                self.save.drop_last(1)
            except OSError as err:
                self.undo_problem = f"Could not take the move back: {err.strerror or err} (the save file is unchanged)"
                return False
        self.game = self._undo.pop()
        return True
