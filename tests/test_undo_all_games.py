"""Undo as DESIGN §3 defines it, in every registered game: a player may take back their own
moves within their turn, never across anything newly seen or a hand-over, and an undo
restores exactly the state before the move."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import games, new_game
from cardtable.engine.session import Session, _knowledge


@pytest.mark.parametrize("cls", games(), ids=lambda g: g.id)
def test_undo_rules_in_random_play(cls):
    undone = 0
    for seed in range(12):
        players = cls.min_players + seed % (cls.max_players - cls.min_players + 1)
        session = Session(new_game(cls.id, players, seed=seed))
        chooser = random.Random(seed)
        now = None  # the snapshot of the state now, when the last step took it already
        for _ in range(400):
            decision = session.decision()
            if decision is None:
                break
            before = now if now is not None else session.game.snapshot()
            now = None
            known = _knowledge(session.game)
            rng = session.game.rng.getstate()
            fence = session.game.undo_fence
            action = chooser.choice(decision.actions)
            session.act(action)
            after_decision = session.decision()
            if session.can_undo:
                # only the same seat, same privacy, nothing new seen, no chance used
                assert after_decision is not None and after_decision.seats == decision.seats
                assert after_decision.private == decision.private and len(decision.seats) == 1
                assert _knowledge(session.game) <= known and session.game.rng.getstate() == rng
                assert session.game.undo_fence == fence
                after = session.game.snapshot()
                assert session.undo()
                assert session.game.snapshot() == before
                undone += 1
                session.act(action)
                now = session.game.snapshot()  # the next step's ``before`` (FOFL's snapshot is ~20 ms)
                assert now == after
            else:
                newly_seen = not _knowledge(session.game) <= known
                handed_over = after_decision is None or after_decision.seats != decision.seats or after_decision.private != decision.private
                chance = session.game.rng.getstate() != rng
                resolved = session.game.undo_fence != fence
                assert newly_seen or handed_over or chance or resolved or len(decision.seats) > 1, f"{cls.id}: an undoable move was refused"
    if cls.id == "fofl":
        assert undone > 0, "opening a menu of the turn can be taken back"
    if cls.id == "cold-war":
        assert undone == 0, "every Cold War move hands over to the other seat (ruling 5: the SPY turns the coin over instead)"


def test_black_ops_scored_round_is_never_undone():
    """Black Ops ruling 19: the move that closes the Care Package window and scores the round
    cannot be taken back, even when the same player acts next (the dealer who passed last)."""
    fenced = 0
    for seed in range(40):
        session = Session(new_game("black-ops", 2 + seed % 7, seed=seed))
        chooser = random.Random(seed)
        while (decision := session.decision()) is not None:
            health = list(session.game.health)
            session.act(chooser.choice(decision.actions))
            after = session.decision()
            if session.game.health != health:
                assert not session.can_undo, f"seed {seed}: Health was lost and undo is offered"
                if after is not None and after.seats == decision.seats and after.private == decision.private:
                    fenced += 1
    assert fenced > 0, "no playout had the same seat act right after scoring"
