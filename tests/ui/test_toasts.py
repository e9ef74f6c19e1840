"""Toasts (notifications) stay off the decision panel (issue 14's fresh tester: at Textual's
bottom right a toast covered the panel's border and its last options): they appear at the
top right, below the title line, in every game's table at 80×24."""

from __future__ import annotations

import pytest

from cardtable.engine import games
from cardtable.engine.registry import default_names
from cardtable.ui import StartRequest, make_app
from cardtable.ui.table import TableScreen


@pytest.mark.parametrize("cls", games(), ids=lambda g: g.id)
async def test_a_toast_leaves_the_decision_panel_and_the_title_line_alone(cls):
    from textual.widgets._toast import Toast

    app = make_app(StartRequest(game=cls.id, players=default_names(cls.min_players), seed=3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        for _ in range(6):
            await pilot.pause()
            if isinstance(app.screen, TableScreen):
                break
            await pilot.press("enter")
        table = app.screen
        assert isinstance(table, TableScreen)
        app.notify("A message that takes two lines of the toast to say all of what it says.", title="Settings", timeout=30)
        await pilot.pause(0.3)
        (toast,) = table.query(Toast)
        panel = table.query_one("#decision").region
        assert toast.region.height >= 3 and not toast.region.overlaps(panel), (toast.region, panel)
        assert toast.region.y >= 1, "the title line stays readable"
        assert toast.region.x >= 36, "at the right"
