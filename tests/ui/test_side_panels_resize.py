"""Both side panels open, then the terminal made narrower (issue 14, a fresh tester).

Black Ops with the log (``l``) and F1's keys panel both open at 120×40, then the terminal
resized to 80×24: both panels stayed open, though under ``ONE_PANEL_BELOW`` columns they
exclude each other, and the table was crushed to about 7 columns (``Dan t…``). Now a resize
under the table's ``ONE_PANEL_BELOW`` with both open closes F1's panel; the log stays."""

from __future__ import annotations

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.table import TableScreen

GAMES = ["black-ops", "bloops", "cold-war", "combat-cards", "fofl"]


def _start(game: str) -> StartRequest:
    if game == "bloops":  # one person: past the first look, no hand-over follows
        return StartRequest(game=game, players=("Ann", "Computer 2", "Computer 3"), seed=3, computers={1: "normal", 2: "normal"})
    return StartRequest(game=game, players=("Ann", "Bob", "Cy"), seed=3)


async def _open_both(app, pilot, game: str) -> TableScreen:
    """The table at 200×60 with the log and F1's keys panel both open."""
    for _ in range(20):  # past the privacy screen (its guard may swallow an early Enter)
        await pilot.pause(0.1)
        if isinstance(app.screen, TableScreen):
            break
        await pilot.press("enter")
    table = app.screen
    assert isinstance(table, TableScreen), table
    if game == "bloops":
        await pilot.press("1")  # "Hide them": the log steps aside during the first look
        await _settle(pilot)
    await pilot.press("l")
    await pilot.pause()
    await pilot.press("f1")
    await _settle(pilot)
    assert table.query_one("#log").display and table.query("HelpPanel")
    return table


async def _settle(pilot, seconds: float = 0.6) -> None:
    for _ in range(3):
        await pilot.pause(seconds / 3)


@pytest.mark.parametrize("game", GAMES)
async def test_a_resize_under_one_panel_below_closes_the_keys_panel_and_keeps_the_log(game):
    app = make_app(_start(game))
    async with app.run_test(size=(200, 60)) as pilot:
        table = await _open_both(app, pilot, game)
        assert table.size.width >= table.ONE_PANEL_BELOW  # both may stand here
        log = table.query_one("#log")
        await pilot.resize_terminal(80, 24)
        await _settle(pilot)
        assert app.screen is table
        assert log.display, "the log stays open"
        assert not table.query("HelpPanel"), "F1's panel closes under ONE_PANEL_BELOW"
        assert table.has_class("-log-open")


@pytest.mark.parametrize("game", ["black-ops", "fofl"])
async def test_a_resize_that_stays_wide_enough_keeps_both_panels(game):
    app = make_app(_start(game))
    async with app.run_test(size=(200, 60)) as pilot:
        table = await _open_both(app, pilot, game)
        log = table.query_one("#log")
        await pilot.resize_terminal(table.ONE_PANEL_BELOW, 48)
        await _settle(pilot)
        assert log.display and table.query("HelpPanel")
