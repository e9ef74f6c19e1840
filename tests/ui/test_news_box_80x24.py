"""The public "Just happened" box at 80×24 in Cold War and Combat Cards (issue 14, a fresh
tester): the box took the whole screen, 10–11 of its rows blank, and hid the table; in
Combat Cards it cut the hand mid-card (``│ Mork's     │``, then the box). Since the decision
panel grows under the box (``NewsScreen._place``, ``_boxes_at``, ``_check_grown``) the box
is about as tall as its news, and every box of the table above it is whole in view or
wholly covered. A regression test: Cold War's reveals (two people) and Combat Cards'
round results with a computer leading next, played by each person's first option."""

from __future__ import annotations

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.news import _CHROME, _SLACK, NewsScreen
from cardtable.ui.testing import screen_lines
from tests.ui.test_news_box import play_news

STARTS = {
    f"{game}-seed{seed}": StartRequest(game=game, players=("Ann", "Bob"), seed=seed)
    if game == "cold-war"
    else StartRequest(game=game, players=("Ann", "Computer 2"), seed=seed, computers={1: "normal"})
    for game in ("cold-war", "combat-cards")
    for seed in (3, 5)
}


def _check_box(screen: NewsScreen, app) -> None:
    """The box is as tall as its news (within ``_SLACK``) and cuts no box of the table."""
    box = screen.query_one("#news-box").region
    news = screen.query_one("#news-lines").fitted.count("\n") + 1
    lines = "\n".join(screen_lines(app))
    assert box.height <= news + _CHROME + _SLACK, f"{news} rows of news in a box {box.height} rows high:\n{lines}"
    for widget in screen._table().query("*"):
        edge = widget.region
        if screen._solid(widget, box.x, box.right):  # a box of the table, or a card's picture
            assert not edge.y < box.y < edge.bottom, f"{widget} {edge} cut by the box at row {box.y}:\n{lines}"


@pytest.mark.parametrize("game", list(STARTS))
async def test_the_news_box_at_80x24_fits_its_news_and_cuts_no_box(game, monkeypatch):
    boxes = await play_news(monkeypatch, STARTS[game], (80, 24), _check_box, most=40, enough=4)
    assert boxes >= 3, f"only {boxes} news boxes came up"
