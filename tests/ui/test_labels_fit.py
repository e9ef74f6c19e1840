"""Labels the fresh tester saw broken at 80×24 (h101), each now on one line there and as
before at 160×48: Black Ops' option "Search and Destroy", FOFL's deck choice "Blue (ANFOFL)
preset", the game-over all-time line (a record split, "Bob: 0 won" over "of 1, best 0") and
Black Ops' game-over chart (14 rounds drawn in 14 of its 25 columns, the axis squeezed)."""

from __future__ import annotations

from contextlib import asynccontextmanager

import pytest
from textual.pilot import Pilot

from cardtable.engine.stats import StatsStore
from cardtable.engine.testing import saved_session
from cardtable.ui import make_app
from cardtable.ui.gameover import CHARTS, all_time_text, chart_text, step_widths
from cardtable.ui.testing import game_over_on, open_setup, screen_lines, settled_lines

SIZES = pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])


def rows_of(app, widget) -> list[str]:
    """The rows ``widget`` draws, as read off the screen."""
    region = widget.region
    lines = screen_lines(app)
    return [lines[row][region.x : region.right].rstrip() for row in range(region.y, region.bottom)]


@asynccontextmanager
async def setup_at(size, game_id: str):
    """``(app, setup screen)`` of ``game_id`` at ``size``, laid out."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        setup = await open_setup(pilot, game_id)
        await pilot.pause()
        yield app, setup


@SIZES
async def test_search_and_destroy_is_one_line_beside_its_choice(size):
    async with setup_at(size, "black-ops") as (app, setup):
        label = setup.query_one("#row-search_and_destroy .setup-label")
        assert [r for r in rows_of(app, label) if r.strip()] == ["Search and Destroy"]
        choice = setup.query_one("#opt-search_and_destroy")
        assert "Play only one Care Package" in rows_of(app, choice)[0]
        seat = setup.query_one("#seat-0 .setup-label")
        assert rows_of(app, seat)[0].strip() == "Seat 1 (oldest)" and seat.region.width == label.region.width


@SIZES
async def test_every_fofl_deck_choice_is_one_line(size):
    async with setup_at(size, "fofl") as (app, setup):
        for seat, deck in ((0, "Red (FOFL) preset"), (1, "Blue (ANFOFL) preset")):
            choice = setup.query_one(f"#opt-deck-{seat}")
            rows = [r for r in rows_of(app, choice) if r.strip()]
            assert len(rows) == 1 and deck in rows[0], rows
        assert rows_of(app, setup.query_one("#seat-0 .setup-label"))[0].strip() == "Seat 1 (oldest)"


def test_the_all_time_line_never_splits_a_record():
    records = [f"{name}: 0 won of 1, best 0" for name in ("Ann", "Bob", "Cat", "Dan", "Eve")]
    assert all_time_text("Cold War", records[:2]) == "All-time Cold War: " + " · ".join(records[:2])
    lines = all_time_text("Black Ops: Free-For-All", records, 72).split("\n")
    assert lines[0] == "All-time Black Ops: Free-For-All:"
    assert [r for line in lines[1:] for r in line.split(" · ")] == records
    assert all(len(line) <= 72 for line in lines)


@pytest.mark.parametrize("size", [(80, 60), (160, 48)], ids=["80", "160"])
async def test_the_all_time_line_on_the_game_over_screen(size):
    session = saved_session("black-ops", ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"), seed=11, stats=StatsStore())
    async with game_over_on(session, size) as app:
        await settled_lines(app, Pilot(app))  # the frames are held until the reveal is fitted
        stats = app.screen.query_one("#over-stats")
        rows = [r.strip() for r in rows_of(app, stats) if r.strip()]
    assert rows[0] == "All-time Black Ops: Free-For-All:"
    records = [r for row in rows[1:] for r in row.split(" · ")]
    assert [r.split(":")[0] for r in records] == ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
    assert all(r.count(" won of ") == 1 and ", best " in r for r in records), rows


def test_the_chart_strips_fill_their_room():
    assert step_widths(3, 7) == [2, 2, 3] and step_widths(14, 14) == [1] * 14 and sum(step_widths(14, 25)) == 25
    rounds = list(range(1, 15))
    series = [[4 - r // 4 for r in range(14)], [4] * 14]
    rows = chart_text(("Ann", "Bob"), CHARTS["black-ops"], rounds, series, width=32).plain.split("\n")
    lead = len("round ")  # the names' column is as wide as the axis' word that stands in it
    strip = rows[1][lead:].rsplit(" ", 1)[0].rstrip()
    assert len(strip) == 32 - 5 - 1 - 3, rows  # the names, the last number and the gaps take the rest
    axis = rows[-1]
    assert axis.split() == ["round", "1", "14"] and axis.rstrip().endswith("14")
    last = step_widths(14, len(strip))[-1]
    assert axis.rindex(" ") + 1 == lead + len(strip) - last, "the last round's number starts at its own column"


@SIZES
async def test_the_black_ops_chart_uses_its_width(size):
    session = saved_session("black-ops", ("Ann", "Bob", "Cat", "Dan"), seed=11)
    async with game_over_on(session, size) as app:
        await settled_lines(app, Pilot(app))  # the frames are held until the reveal is fitted
        chart = app.screen.query_one("#over-chart")
        rows, width = rows_of(app, chart), chart.content_size.width
    # the names' column is as wide as "round", the axis' word that stands in it
    strips = [row[len("round ") :].rstrip() for row in rows[1:5]]
    axis = rows[5]
    assert axis.split() == ["round", "1", "14"]
    room = width - 5 - 1 - 3  # less the names' column, the last number and the gaps
    widest = max(len(s.rsplit(" ", 1)[0].rstrip()) for s in strips)
    assert widest == min(room, 4 * 14), (room, strips)
