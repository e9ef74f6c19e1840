"""Computer players at the table (issue 15, "Playing with them"): one person against the
computer never sees a privacy screen, a table of computers plays itself, leaving while a
computer thinks, saves that record who plays each seat and resume with the same moves."""

from __future__ import annotations

import json
import time

import pytest

from cardtable.engine.saves import list_saves, read_save
from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import play_through, screen_text


@pytest.fixture(autouse=True)
def no_pace(monkeypatch):
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")


def table_of(app) -> TableScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


async def watch_to_the_end(app, pilot, timeout: float = 60.0) -> list[type]:
    """Pause until the game-over screen (no key pressed); the screens seen on the way."""
    seen: list[type] = []
    deadline = time.monotonic() + timeout
    while not isinstance(app.screen, GameOverScreen):
        assert time.monotonic() < deadline, "the computer players did not finish"
        seen.append(type(app.screen))
        await pilot.pause(0.01)
    return seen


@pytest.mark.parametrize(
    ("game", "level", "seed"),
    [("cold-war", "easy", 3), ("bloops", "random", 4)],
)
async def test_one_person_against_the_computer_never_sees_a_privacy_screen(game, level, seed, cardtable_home):
    app = make_app(StartRequest(game=game, players=("Ann", "Computer 2"), seed=seed, computers={1: level}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        session = table_of(app).session
        assert session.viewer == 0 and session.screen_seat() == 0
        seen = await play_through(app, pilot)
        assert seen["privacy"] == 0, "no hand-over between one person and a computer"
        assert seen["table"] > 0, "Ann made moves of her own"
        assert isinstance(app.screen, GameOverScreen)
        assert session.game.moves > seen["table"], "the computer made moves too"
    record = app.stats.records(game)
    assert {r.name for r in record} == {"Ann", f"Computer ({level})"}


async def test_a_table_of_computers_plays_itself_on_the_public_view(cardtable_home):
    app = make_app(StartRequest(game="bloops", players=("Computer 1", "Computer 2", "Computer 3"), seed=8, computers={0: "random", 1: "random", 2: "easy"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        session = table_of(app).session
        assert session.screen_seat() is None and session.visible_decision() is None
        seen = await watch_to_the_end(app, pilot)
        assert PrivacyScreen not in seen
        assert session.game.decision() is None
    data = read_save(list_saves(include_finished=True)[0].path)
    assert data.over and len(data.actions) == session.game.moves


async def test_the_computer_thinks_off_the_screen_and_says_so(monkeypatch, cardtable_home):
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "30")  # the move waits for its pace
    app = make_app(StartRequest(game="cold-war", players=("Computer 1", "Bob"), seed=6, computers={0: "easy"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = table_of(app)
        game = table.session.game
        decision = game.decision()
        assert decision is not None and decision.seat == 0, "the computer acts first in this deal"
        assert "Computer 1 is thinking…" in screen_text(app)
        assert table.session.visible_decision() is None, "Bob cannot answer for the computer"
        for card in game.hands[0]:  # the computer's hand is never on screen
            assert card.up or card.defn.name not in screen_text(app)
        for _ in range(300):
            if table._answer is not None:
                break
            await pilot.pause(0.01)
        assert table._answer is not None and game.moves == 0, "answered, but waiting for the pace"
        await pilot.press("space")  # hurry
        await pilot.pause()
        assert table.session.game.moves == 1


async def test_leaving_while_the_computer_thinks(monkeypatch, cardtable_home):
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "30")
    app = make_app(StartRequest(game="cold-war", players=("Computer 1", "Bob"), seed=6, computers={0: "hard"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause(0.3)  # a late answer must change nothing
    assert app.return_code in (0, None)
    data = read_save(list_saves(include_finished=True)[0].path)
    assert data.actions == (), "the abandoned thought played no move"


async def test_a_dialog_over_the_table_holds_the_computers_move(monkeypatch, cardtable_home):
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "30")
    app = make_app(StartRequest(game="cold-war", players=("Computer 1", "Bob"), seed=6, computers={0: "easy"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = table_of(app)
        for _ in range(300):
            if table._answer is not None:
                break
            await pilot.pause(0.01)
        await pilot.press("q")  # the leave dialog is up when the pace runs out
        table._pace_timer.stop()
        table._paced()
        await pilot.pause()
        assert table.session.game.moves == 0, "no move is played under the dialog"
        await pilot.press("n")
        await pilot.pause()
        assert table.session.game.moves == 1, "the move is played once the table is back"


async def test_the_save_records_the_computers_and_resume_makes_the_same_moves(tmp_path, cardtable_home):
    computers = {0: "easy", 1: "random"}
    app = make_app(StartRequest(game="cold-war", players=("Computer 1", "Computer 2"), seed=5, computers=computers))
    async with app.run_test(size=(80, 24)) as pilot:
        await watch_to_the_end(app, pilot)
    path = list_saves(include_finished=True)[0].path
    full = read_save(path)
    assert full.header["computers"] == {"0": "easy", "1": "random"}
    assert len(full.actions) > 6
    # the same game left after six moves: resume it and let the computers finish
    lines = path.read_text().splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:7]) + "\n")
    app = make_app(StartRequest(resume=cut))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert table_of(app).session.computers == computers
        await watch_to_the_end(app, pilot)
    assert read_save(cut).actions == full.actions


async def test_an_old_save_without_computers_is_all_people(tmp_path, cardtable_home):
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen), "people get the hand-over as before"
    path = list_saves(include_finished=True)[0].path
    header = json.loads(path.read_text().splitlines()[0])
    assert "computers" not in header, "a game of people writes the header as before"
    app = make_app(StartRequest(resume=path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert table_of(app).session.computers == {}
        assert isinstance(app.screen, PrivacyScreen)
