"""The Locations' column between FOFL's sides at 120×40 (issue 14, a fresh tester): with four
Locations in play the order written out above the tiles took 8 of the column's rows and
the fourth Location's box was cut at the board's foot ("╭─ Location #4 ────╮" and no more);
and the first Location played added the column, so both sides narrowed and their boxes
moved."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.fofl import CardTile, FoflTable
from cardtable.ui.testing import settled_lines, until
from test_fofl_look import first_turn, fofl  # tests/ui is on the path
from test_fofl_ui import place

SAVE = Path(__file__).parent.parent / "fixture_data" / "fofl-four-locations.jsonl"


def cut_places(screen: FoflTable, lines: list[str]) -> list[str]:
    """The Locations' tiles not drawn whole inside their column: past its content area, or
    without their top and bottom border, their name or their place in the order on screen."""
    column = screen.query_one("#fofl-shared").content_region
    problems = []
    for tile in screen.query("#fofl-places > CardTile"):
        region, name = tile.region, tile.body.plain.split("\n")[0]
        if not column.contains_region(region) or region.height < tile.outer_size.height:
            problems.append(f"{name!r} at {region}, its column {column}")
            continue
        top, bottom = lines[region.y][region.x : region.right], lines[region.bottom - 1][region.x : region.right]
        body = " ".join(lines[row][region.x : region.right] for row in range(region.y + 1, region.bottom - 1))
        if not (top.startswith(("╭", "┏")) and top.endswith(("╮", "┓")) and bottom.startswith(("╰", "┗")) and bottom.endswith(("╯", "┛"))):
            problems.append(f"{name!r} drawn {top!r} … {bottom!r}")
        elif name not in body or str(tile.border_title) not in top:  # "Location #3": its place in the order
            problems.append(f"{name!r}: {top!r} {body!r}")
    return problems


@pytest.mark.parametrize("size", [(120, 40), (120, 36)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_four_locations_are_whole_between_the_sides(tmp_path, monkeypatch, size):
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    copy = tmp_path / SAVE.name
    shutil.copy(SAVE, copy)
    app = make_app(StartRequest(resume=copy))
    async with app.run_test(size=size) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, FoflTable))
        screen = app.screen
        lines = await settled_lines(app, pilot, timeout=5)
        text = "\n".join(lines)
        places = [t for t in screen.query("#fofl-places > CardTile") if isinstance(t, CardTile)]
        assert [t.body.plain.split("\n")[0] for t in places] == ["Cyberspace", "Hilly Fields", "The Good House", "Sicily"], text
        assert cut_places(screen, lines) == [], text
        for tile in places:  # whose Location it is, on it
            owner = "Ann's" if tile.zone == "places:0" else "Computer 2's"
            assert owner in " ".join(row[tile.region.x : tile.region.right] for row in lines[tile.region.y : tile.region.bottom]), text


async def test_the_first_location_moves_neither_side():
    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game = await first_turn(pilot)
        await settled_lines(app, pilot)
        before = [screen.query_one(f"#fofl-side-{k}").region for k in (0, 1)]
        place(game, "school-yard", 0)
        game.invalidate()
        screen.redraw()
        lines = await settled_lines(app, pilot)
        assert "School Yard" in "\n".join(lines)
        after = [screen.query_one(f"#fofl-side-{k}").region for k in (0, 1)]
        assert [(r.x, r.width) for r in after] == [(r.x, r.width) for r in before], "\n".join(lines)


async def test_beside_the_log_no_empty_locations_column_narrows_the_sides():
    """The Locations' column kept for the first one (above) is left out while a panel beside
    the table leaves it under ``KEEP_PLACES_COLUMN``: with the log open at 120×40 it took 24
    of 78 columns and each side had one tile column; it comes back when the log closes."""
    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game = await first_turn(pilot)
        await pilot.press("l")
        lines = await settled_lines(app, pilot)
        assert not screen.query_one("#fofl-shared").display, "\n".join(lines)
        assert all(screen.query_one(f"#fofl-grid-{k}").styles.grid_size_columns >= 2 for k in (0, 1)), "\n".join(lines)
        await pilot.press("l")
        lines = await settled_lines(app, pilot)
        assert screen.query_one("#fofl-shared").display, "\n".join(lines)
