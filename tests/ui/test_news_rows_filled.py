"""A fresh tester's FOFL news list at 80×24 read "… 2 more — l lists them …" with blank rows
of the list under it: the next older line needed two rows and one was left, so that row
stood empty while lines were left out. The newest line not listed whole now keeps the words
the rows left hold (ending in "…"), in the privacy screen's list and in the news box alike
(both fit their lines with ``fit_recent``)."""

from __future__ import annotations

import pytest

from cardtable.engine import new_game
from cardtable.engine.session import Session
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.fofl import FoflTable
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import fit_recent
from cardtable.ui.testing import screen_lines

FIGHTS = [f"Fight {n}: Chav Tribe Leader deals 2 to Webmaster; Webmaster deals 1 back, and the Triad on Bob's side is destroyed." for n in range(1, 31)]
"""Long news: two rows each at 80 columns."""


@pytest.mark.parametrize("rows", range(4, 13))
def test_every_row_of_the_list_is_used_while_lines_are_left_out(rows):
    text, left_out = fit_recent(FIGHTS, 60, rows, more="— l lists them")
    listed = text.splitlines()
    assert left_out > 0 and len(listed) == rows, listed
    assert listed[-1].endswith("destroyed."), "the newest line is whole"
    assert sum(row.startswith("· ") for row in listed) + left_out == len(FIGHTS), "the count and the lines shown make the whole list"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_news_box_has_no_blank_row_while_news_is_left_out(size):
    app = make_app(StartRequest())
    async with app.run_test(size=size) as pilot:
        app.push_screen(FoflTable(Session(new_game("fofl", ("Ann", "Bob"), seed=1))))
        await pilot.pause()
        box = NewsScreen(FIGHTS, "Bob")
        app.push_screen(box)
        await pilot.pause(0.3)
        region = box.query_one("#news-lines").region
        lines = [row[region.x : region.right].rstrip() for row in screen_lines(app)[region.y : region.bottom]]
        assert box.left_out > 0
        assert all(lines), "a blank row of news while lines are left out:\n" + "\n".join(lines)
        assert lines[-1].endswith("destroyed."), lines
