"""Keys typed quickly at the wrong moment (issue 11 item 9): no crash, and Ctrl+C quits
with status 130."""

from __future__ import annotations

import pytest
from textual import events

from cardtable.crash import EXIT_INTERRUPTED
from cardtable.ui import StartRequest, make_app


@pytest.mark.parametrize("second", ["s", "r", "b", "enter"])
async def test_a_key_right_after_q_in_the_menu_opens_nothing(second):
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.post_message(events.Key("q", "q"))  # both in the queue before either is handled
        app.post_message(events.Key(second, "\r" if second == "enter" else second))
        await pilot.pause()
    assert app.return_code == 0  # used to raise NoMatches on the Statistics/Resume screen


@pytest.mark.parametrize("start", [StartRequest(), StartRequest(game="cold-war", players=("Ann", "Bob"), seed=5)], ids=["menu", "game"])
async def test_ctrl_c_quits_with_status_130(start):
    app = make_app(start)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_code == EXIT_INTERRUPTED
