"""Hand-overs count only the people still in the game (issue 15: "privacy screens appear
only between people"). A tester played Black Ops with two people and computer players: once
one person was out, the other still got "Pass to <name>" before every turn, with nobody
left to hide anything from. Once only one person is still in, that person's turns follow
each other without a hand-over (live and after a resume), once they have taken the device
one last time: a later fresh tester saw Ann's Care Packages drawn on the shared screen the
moment Bob went out in a window open to both. While two people are in, the hand-overs stay."""

from __future__ import annotations

import random
import time

import pytest

from cardtable.bots import choose as computer_choice
from cardtable.engine import new_game
from cardtable.engine.saves import SaveFile
from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import until, wait_for_computers


@pytest.fixture(autouse=True)
def no_pace(monkeypatch):
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")


def people_in(table: TableScreen) -> tuple[int, ...]:
    """The people's seats still alive in the game on ``table`` (Black Ops' public ``alive``)."""
    alive = table.session.game.view(None).info["alive"]
    return tuple(s for s in table.session.people if alive[s])


async def play_noting_handovers(app, pilot, seed: int, stall: float = 30.0) -> dict[str, list]:
    """Play to the game-over screen through the screens (Enter on privacy screens and news
    boxes, a random option from ``random.Random(seed)`` on the table, waiting for the
    computers). Returns, per privacy screen, the people still in when it came
    (``"handovers"``), and per person's choice the same (``"choices"``)."""
    rng = random.Random(seed)
    seen: dict[str, list] = {"handovers": [], "choices": []}
    moves, since = -1, time.monotonic()
    while not isinstance(app.screen, GameOverScreen):
        await pilot.pause()
        tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        if not tables:
            continue
        table = tables[-1]
        if table.session.game.moves != moves:
            moves, since = table.session.game.moves, time.monotonic()
        assert time.monotonic() - since < stall, f"no move for {stall:.0f} s after move {moves}"
        screen = app.screen
        if isinstance(screen, PrivacyScreen):
            seen["handovers"].append(people_in(table))
            await pilot.press("enter")
        elif isinstance(screen, NewsScreen):
            await pilot.press("enter")
        elif screen is table:
            decision = table.session.visible_decision()
            if decision is None:
                if table.session.computer_turn():
                    await wait_for_computers(pilot, table)
                continue
            seen["choices"].append(people_in(table))
            for key in table.keys_for(rng.choice(decision.actions)):
                await pilot.press(key)
    return seen


async def test_no_hand_over_once_the_other_person_is_out(cardtable_home):
    """Ann and Bob against a computer: hand-overs while both are in; once one of them is
    out, the other is handed the device at most once (not at all when already looking) and
    plays on to the end without another privacy screen."""
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Computer 3"), seed=5, computers={2: "easy"}))
    async with app.run_test(size=(120, 40)) as pilot:
        seen = await play_noting_handovers(app, pilot, seed=5)
    both = [h for h in seen["handovers"] if len(h) == 2]
    assert both, "hand-overs between Ann and Bob while both are in"
    alone = [c for c in seen["choices"] if len(c) == 1]
    assert alone, "a person played on alone after the other was out (the seed no longer gets there)"
    assert len([h for h in seen["handovers"] if len(h) < 2]) <= 1, "one hand-over at most once only one person is in"


async def test_hand_overs_stay_while_two_people_are_in(cardtable_home):
    """Three people and a computer: once one person is out, the two still in still pass the
    device to each other (each must never see the other's hand)."""
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cat", "Computer 4"), seed=3, computers={3: "easy"}))
    async with app.run_test(size=(120, 40)) as pilot:
        seen = await play_noting_handovers(app, pilot, seed=3)
    assert [h for h in seen["handovers"] if len(h) == 2], "hand-overs between the two people still in"


def save_played_until_a_person_is_out(seed: int) -> tuple[object, int]:
    """A Black Ops save (Ann, Bob, a computer) played at random until one of the two people
    is out and the other still plays: its path and the seat still in."""
    game = new_game("black-ops", ("Ann", "Bob", "Computer 3"), seed=seed)
    save = SaveFile.create(game, computers={2: "easy"})
    rng = random.Random(seed)
    while (decision := game.decision()) is not None:
        alive = game.view(None).info["alive"]
        if not (alive[0] and alive[1]):
            break
        if decision.seats == (2,):
            action = computer_choice(game, 2, "random", seed)
        else:
            action = decision.actions[rng.randrange(len(decision.actions))]
        game.act(action)
        save.append(action)
    save.close()
    assert game.decision() is not None and alive[2], "the game goes on after the person is out"
    return save.path, 0 if alive[0] else 1


async def test_a_resumed_game_with_one_person_left_hands_over_once(cardtable_home):
    """Whoever resumes the game may be the person who is out: the one still in is handed
    the device once, then plays on without another hand-over."""
    path, left = save_played_until_a_person_is_out(seed=0)
    app = make_app(StartRequest(resume=path))
    async with app.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: any(isinstance(s, (TableScreen, GameOverScreen)) for s in app.screen_stack))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.session.screen_seat() is None, "the public table until the one still in takes the device"
        seen = await play_noting_handovers(app, pilot, seed=1)
    assert seen["choices"], "the person still in played on"
    assert len(seen["handovers"]) <= 1, "one hand-over at most after the resume"


def test_the_session_counts_only_the_people_still_in(cardtable_home):
    """``Session.handoff_to`` and ``screen_seat`` once one person is out (``Game.seats_out``):
    the one still in is looking and is never handed the device; at the deal, with both
    people in, nobody is the sole person."""
    from cardtable.engine.session import Session

    path, left = save_played_until_a_person_is_out(seed=0)
    session = Session.from_save(path)
    try:
        assert session.out == {1 - left} and session.sole_person == left
        assert session.screen_seat() is None, "resumed: the public table first"
        turns = 0
        while (decision := session.decision()) is not None and turns < 3:
            if decision.private and decision.seat == left:
                turns += 1
                if turns == 1:
                    assert session.handoff_to() == left, "handed the device once"
                    session.accept_handoff(left)
                else:
                    assert session.handoff_to() is None, "no hand-over to the person who is looking alone"
            if turns:
                assert session.screen_seat() == left, "their own view from then on"
            session.act(decision.actions[0])
        assert turns, "the person still in played on"
    finally:
        session.close()
    fresh = Session(new_game("black-ops", ("Ann", "Bob", "Computer 3"), seed=0), computers={2: "random"})
    assert fresh.out == frozenset() and fresh.sole_person is None, "two people in: each still hands over"


@pytest.mark.parametrize("people", [2, 3])
def test_a_private_view_is_drawn_only_for_whoever_took_the_device_since_it_was_shared(cardtable_home, people):
    """Black Ops at random, people and a computer, through the session as the table drives
    it (each hand-over accepted): whenever the screen may show a seat's private view, that
    seat is the person who took the device last, and has not left it to the whole table
    since (a public decision, while another person was still in). A fresh tester's Care
    Packages (Ann's) were drawn on the shared screen as Bob went out in a Care Package
    window open to both: Ann was the one person left in, but the screen had been everyone's."""
    from cardtable.engine.session import Session

    names = ("Ann", "Bob", "Cat")[:people] + ("Computer",)
    computer = people
    became_sole = 0
    for seed in range(40):
        session = Session(new_game("black-ops", names, seed=seed), computers={computer: "random"})
        rng = random.Random(seed)
        holder = None  # who took the device last, unless it has been everyone's since
        while (decision := session.decision()) is not None:
            if (to := session.handoff_to()) is not None:
                session.accept_handoff(to)
                holder = to
            shown = session.screen_seat()
            assert shown is None or shown == holder, f"seed {seed}, move {session.game.moves}: {names[shown]}'s view drawn, but the device is {holder}'s"
            if decision.seats == (computer,):
                action = computer_choice(session.game, computer, "random", seed)
            else:
                action = decision.actions[rng.randrange(len(decision.actions))]
            session.act(action)
            after = session.decision()
            still_in = [p for p in session.people if p not in session.out]
            if (after is None or not after.private) and still_in != [holder]:
                holder = None  # the screen is the whole table's
        became_sole += session.sole_person is not None
        session.close()
    assert became_sole, "some game ended with one person left in"
