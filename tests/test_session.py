"""The pass-and-play session: when the privacy screen is needed, what may be drawn, undo."""

from __future__ import annotations

from cardtable.engine import Action, Setup, load_cards
from cardtable.engine.session import Session
from cardtable.engine.testing import StackedRandom
from cardtable.games.cold_war import ColdWar


def fresh() -> Session:
    rng = StackedRandom(shuffles=[["seven-of-clubs", "king-of-hearts", "two-of-diamonds", "nine-of-spades"]], randoms=[0.1])
    return Session(ColdWar(load_cards("cold-war"), Setup(("Ann", "Bob")), 0, rng=rng))


def test_private_decision_needs_a_handoff_first():
    session = fresh()
    assert session.handoff_to() == 1
    assert session.visible_decision() is None
    assert session.view().seat is None, "nothing private is drawn before the hand-off"
    session.accept_handoff(1)
    assert session.handoff_to() is None
    assert session.view().seat == 1 and session.visible_decision().kind == "glance"


def test_public_decision_shows_the_table_view_and_resets_the_viewer():
    session = fresh()
    session.accept_handoff(1)
    session.act(Action.of("glance", glance="roll"))
    assert session.viewer is None and session.view().seat is None
    assert session.visible_decision().kind == "bet"
    session.act(Action.of("bet", bet="higher"))
    assert session.handoff_to() is None and session.visible_decision().kind == "react", "the TARGET reacts in public"
    session.act(Action.of("react", reaction="wide"))
    session.act(Action.of("pick", side="left"))  # K on 7: right; Bob's hand changes
    assert session.handoff_to() == 1, "the SPY was looking: pass back to the TARGET"


def test_undo_within_the_turn_but_not_across_a_reveal_or_handoff():
    session = fresh()
    session.accept_handoff(1)
    session.act(Action.of("glance", glance="roll"))
    assert not session.can_undo, "the device passes to the SPY"
    session.act(Action.of("bet", bet="lower"))
    assert not session.can_undo, "the TARGET reacts next: the SPY turns the coin over instead (ruling 5)"
    session.act(Action.of("react", reaction="roll"))
    session.act(Action.of("change", bet="higher"))
    assert session.game.bet == "higher" and not session.can_undo
    session.act(Action.of("react", reaction="stare"))
    session.act(Action.of("pick", side="left"))
    assert not session.can_undo, "the reveal showed a new card"


def undoable_fofl(save: bool = True) -> Session:
    """A FOFL session whose last move (opening a menu of the turn) can be taken back."""
    from cardtable.engine import new_game
    from cardtable.engine.saves import SaveFile

    game = new_game("fofl", ("Ann", "Bob"), seed=0)
    session = Session(game, SaveFile.create(game) if save else None)
    while not session.can_undo:
        session.accept_handoff(session.decision().seat)
        session.act(session.decision().actions[0])
    return session


def test_undo_survives_a_resume(tmp_path):
    session = undoable_fofl()
    before_last = session.game.moves
    resumed = Session.from_save(session.save.path)
    assert resumed.can_undo and resumed.game.snapshot() == session.game.snapshot()
    assert resumed.undo()
    assert resumed.game.moves == before_last - 1 and resumed.game.snapshot() != session.game.snapshot()


def test_resume_after_a_reveal_offers_no_undo():
    from cardtable.engine import new_game
    from cardtable.engine.saves import SaveFile

    game = new_game("cold-war", ("Ann", "Bob"), seed=4)
    session = Session(game, SaveFile.create(game))
    for _ in range(4):  # glance, bet, reaction, pick: the pick reveals a card
        session.act(session.decision().actions[0])
    assert not Session.from_save(session.save.path).can_undo


def test_a_move_copies_nothing_and_undo_rebuilds_the_turn(monkeypatch):
    """Session.act takes no copy of the game (undo replays from the turn's start), and the
    rebuilt game equals the one before the move. (FOFL: Cold War has no undoable move.)"""
    from cardtable.engine import new_game
    from cardtable.engine.game import Game

    session = Session(new_game("fofl", ("Ann", "Bob"), seed=0))
    copies = []
    real_clone = Game.clone
    while True:
        session.accept_handoff(session.decision().seat)
        before = session.game.snapshot()
        monkeypatch.setattr(Game, "clone", lambda self: copies.append(self.moves) or real_clone(self))
        session.act(session.decision().actions[0])
        monkeypatch.setattr(Game, "clone", real_clone)
        assert copies == [], "a move took a copy of the game"
        if session.can_undo:
            break
    assert session.undo() and session.game.snapshot() == before


def test_resume_replays_the_save_once(monkeypatch):
    from cardtable.engine.game import Game

    session = undoable_fofl()
    played = session.game.moves
    moves = []
    real_act = Game.act
    monkeypatch.setattr(Game, "act", lambda self, action: moves.append(action) or real_act(self, action))
    resumed = Session.from_save(session.save.path)
    assert len(moves) == played and resumed.can_undo

def _black_ops_window(computers: dict[int, str]):
    """A Black Ops session at a Care Package window with at least one person and one
    computer listed (random moves from seeded deals)."""
    import random

    from cardtable.engine import new_game

    for seed in range(200):
        session = Session(new_game("black-ops", 3, seed=seed), computers=computers)
        rng = random.Random(seed)
        for _ in range(400):
            decision = session.game.decision()
            if decision is None:
                break
            if decision.kind == "claim" and len(decision.seats) > 1 and any(s not in computers for s in decision.seats) and any(s in computers for s in decision.seats):
                return session, decision
            session.game.act(rng.choice(decision.actions))
    raise AssertionError("no shared Care Package window found")


def test_computers_never_close_a_black_ops_window_a_person_is_listed_in():
    """The fresh tester saw the computers close the Care Package window for the person
    (ruling 9: the table passes as one, when the players say so): with a person listed, the
    computers claim or wait, and the person gets the "nobody plays" move."""
    from cardtable.bots import choose

    found = 0
    for first in (0, 1):  # a computer first in the window, then a person
        computers = {1: "hard", 2: "normal"} if first == 0 else {0: "hard", 2: "normal"}
        for attempt in range(3):
            session, decision = _black_ops_window(computers)
            order = session.computer_turn()
            assert order and all(wait for _, wait in order), order
            for seat, may_wait in order:
                action = choose(session.game, seat, computers[seat], seed=attempt, may_wait=may_wait)
                assert action is None or (action.type == "claim" and action["seat"] == seat), action
            people = session.visible_decision()
            assert people is not None and any(a.role == "pass-all" for a in people.actions), "the person may close it"
            found += 1
            session.game.act(next(a for a in decision.actions if a.role == "pass-all"))
    assert found == 6


def test_a_window_of_computers_only_is_still_closed_by_them():
    from cardtable.bots.tournament import play_game

    game = play_game("black-ops", ["easy", "easy", "easy"], seed=2)
    assert game.outcome() is not None


def test_at_the_end_a_save_problem_says_what_the_save_lacks(tmp_path, monkeypatch):
    """Once the game is over "the game goes on in memory" no longer fits: a deleted save
    says the game is not kept; a refused write says how many moves the file lacks."""
    import errno
    import os

    from cardtable.engine import files

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    session = undoable_fofl()
    assert session.end_save_problem is None
    real = files._write

    def full(fd, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files, "_write", full)
    for _ in range(2):
        session.accept_handoff(session.decision().seat)
        session.act(session.decision().actions[0])
    assert session.end_save_problem == "Could not save the last 2 moves: No space left on device — the saved game stops before its end"
    monkeypatch.setattr(files, "_write", real)
    session.accept_handoff(session.decision().seat)
    session.act(session.decision().actions[0])
    assert session.end_save_problem is None, "the kept moves were written with the next"
    session.save.path.unlink()
    session.accept_handoff(session.decision().seat)
    session.act(session.decision().actions[0])
    assert session.end_save_problem.endswith("this game is not kept")


import pytest


@pytest.mark.parametrize(
    "game_id, names, computers",
    [
        ("cold-war", ("Ann", "Bob"), {}),
        ("bloops", ("Ann", "Bob", "Cat"), {}),
        ("combat-cards", ("Ann", "Bob", "Cat"), {1: "easy"}),
        ("black-ops", ("Ann", "Bob", "Cat", "Dan"), {2: "easy"}),
        ("fofl", ("Ann", "Bob"), {}),
    ],
)
def test_a_resumed_session_knows_the_hand_overs_the_table_made(game_id, names, computers, tmp_path):
    """The hand-overs a resumed save replays (``Session.handovers``) are those the table
    made while the game was played (``handoff_to`` then ``accept_handoff``, as the privacy
    screen does), so its first "Pass to …" lists what the table would have listed
    (``recap_from``): the lines since the last hand-over, or, when the game was left at a
    hand-over, the lines that one listed. It listed every line since the deal."""
    import random

    from cardtable.engine import new_game
    from cardtable.engine.saves import SaveFile

    game = new_game(game_id, names, seed=3)
    session = Session(game, SaveFile.create(game, tmp_path, computers=computers), computers=computers)
    chooser = random.Random(3)
    marks: list[tuple[int, int]] = []

    def look() -> None:
        seat = session.handoff_to()
        if seat is not None:
            marks.append((len(session.game.log.entries), seat))
            session.accept_handoff(seat)

    look()
    checked = 0
    for move in range(120):
        if session.decision() is None:
            break
        session.act(chooser.choice(session.decision().actions))
        shown = len(marks)
        look()
        if move % 7 and len(marks) == shown:
            continue  # every seventh move, and every move that hands over
        resumed = Session.from_save(session.save.path, tmp_path)
        try:
            assert resumed.handovers == tuple(marks), move
            seat = resumed.handoff_to()
            if seat is not None:
                pending = len(marks) > shown  # left at "Pass to …": it lists what that one listed
                start = (marks[-2][0] if len(marks) > 1 else 0) if pending else marks[-1][0]
                assert resumed.recap_from(seat) == start, move
                checked += 1
        finally:
            resumed.save.close()
    assert len(marks) > 3 and checked > 3, "too few hand-overs to tell"
