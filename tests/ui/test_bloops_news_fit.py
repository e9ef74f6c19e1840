"""Bloops' news box (issue 14): over the counter-discard window's options the "Just
happened" box stood 7 rows tall for a one-line news, three rows of it blank."""

from __future__ import annotations

import random

from cardtable.ui import StartRequest, make_app
from cardtable.ui.news import NewsScreen
from cardtable.ui.testing import random_step, settled_lines

async def test_the_news_box_is_as_tall_as_its_lines(monkeypatch):
    """Me among four computer players: a computer's missed claim is news over the window's
    options; the box covers the decision panel whole and is as tall as its lines, its
    border and "Press Enter" (it was 7 rows for one line, three of them blank)."""
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")  # the computers' news comes within the walk's steps
    names = ("Me", "Computer 2", "Computer 3", "Computer 4", "Computer 5")
    app = make_app(StartRequest(game="bloops", players=names, seed=1, computers={s: "random" for s in range(1, 5)}))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.5)
        rng, checked = random.Random(3), 0
        for _ in range(60):
            if isinstance(app.screen, NewsScreen):
                lines = await settled_lines(app, pilot)
                news = app.screen
                if isinstance(news, NewsScreen):
                    box = news.query_one("#news-box").region
                    rows = news.query_one("#news-lines").fitted.count("\n") + 1
                    screen = "\n".join(lines)
                    assert box.height == rows + 3, f"a box of {box.height} rows for {rows} lines:\n{screen}"
                    assert all(line.strip("│ ") for line in lines[box.y + 1 : box.bottom - 1]), f"blank rows in the box:\n{screen}"
                    panel = app.screen_stack[-2].query_one("#decision").region
                    assert box.y <= panel.y and box.bottom >= panel.bottom, f"the panel {panel} shows beside the box {box}:\n{screen}"
                    checked += 1
            await random_step(app, pilot, rng)
        assert checked >= 3, checked
