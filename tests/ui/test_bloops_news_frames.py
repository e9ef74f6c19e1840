"""Bloops at 200×60 with computer players (a fresh tester): every "Just happened" box's first
frame stood over the lower rows of the decision panel, the panel's top border and its options
above the box. The box makes the panel as low as itself (``NEWS_FITS_LINES``) and the table
took that height only at its next layout; ``NewsScreen.on_mount`` now lays the table out again at once.
Every frame painted under a box is checked, as the terminal gets it."""

from __future__ import annotations

import random

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.news import NewsScreen
from cardtable.ui.testing import random_step, screen_lines


def _bordered(widget) -> bool:
    return any(edge[0] not in ("", "none", "hidden") for edge in (widget.styles.border_top, widget.styles.border_bottom))


def _cut(app) -> list[str]:
    """The bordered boxes of the table under the news box that the box covers in part (it
    must cover each whole or not at all), as they are painted now."""
    box = app.screen.query_one("#news-box").region
    table = app.screen_stack[-2]
    cut = []
    for widget in table.query("*"):
        region = widget.region
        if widget.display and region.height >= 2 and _bordered(widget):
            overlap = region.intersection(box)
            if overlap.area and overlap != region:
                cut.append(f"{widget.id or type(widget).__name__} {region} under the box {box}")
    return cut


@pytest.mark.parametrize("players", [2, 4])
async def test_no_frame_under_a_news_box_cuts_a_box_of_the_table(monkeypatch, players):
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    names = ("Me", "Computer 2", "Computer 3", "Computer 4")[:players]
    app = make_app(StartRequest(game="bloops", players=names, seed=0, computers={s: "random" for s in range(1, players)}))
    problems: list[str] = []
    frames = 0
    async with app.run_test(size=(200, 60)) as pilot:
        paint = app._display

        def spy(screen, renderable) -> None:  # what the terminal is sent, frame by frame
            nonlocal frames
            paint(screen, renderable)
            if renderable is not None and isinstance(app.screen, NewsScreen):
                frames += 1
                cut = _cut(app)
                if cut and len(problems) < 3:
                    problems.append("; ".join(cut) + "\n" + "\n".join(line[:120] for line in screen_lines(app)[-20:]))

        app._display = spy
        await pilot.pause(0.5)
        rng = random.Random(0)
        for _ in range(30):
            await random_step(app, pilot, rng)
    assert frames >= 20, frames
    assert not problems, "\n\n".join(problems)
