"""FOFL's roomy sides stand their tiles in columns of their own (``ColumnsLayout``), not in
rows of a grid: with the seeded 20 cards a side at 160×48 one Shuttle carrying four pilots
made its whole row 8 tall, the compact tiles needed 21 and 25 rows where 22 were free, and
the table fell back to bare line tiles with ~11 rows empty under them (a fresh tester judged
FOFL at 160×48 "partly" a card game). The rows the planner counts (``column_rows``) are the
rows the layout gives, so it draws the fullest form that really fits."""

from __future__ import annotations

import pytest
from textual.layouts.grid import GridLayout

from cardtable.ui import make_app
from cardtable.ui.games.fofl import CardTile, ColumnsLayout, column_rows, stacked, tile_rows
from cardtable.ui.testing import settled_lines
from test_fofl_look import first_turn  # tests/ui is on the path
from test_fofl_plan import MANY, assert_tiles_in_sight, laid_out
from test_fofl_ui import fofl

SEED = MANY * 1000 + 200
SIZES = ((120, 40), (160, 48), (200, 60))


def test_each_tile_goes_under_the_shortest_stack():
    """Each tile at the foot of the shortest column so far (ties: the leftmost); a tile two
    columns wide where the taller of two adjacent stacks is lowest, both going on under it."""
    spots, tops = stacked([1, 1, 1, 1, 2, 1], [8, 3, 4, 2, 3, 1], 3)
    assert spots == [(0, 0), (1, 0), (2, 0), (1, 3), (1, 5), (0, 8)]
    assert tops == [9, 8, 8]
    assert stacked([2, 1], [2, 5], 1) == ([(0, 0), (0, 2)], [7])  # one column: a span is one column wide
    assert stacked([], [], 2) == ([], [0, 0])


async def test_160x48_with_20_a_side_is_drawn_in_tiles(cardtable_home):
    """The seeded 20 a side at 160×48: every card in sight in a tile of its own (compact,
    the cards inside them as lines), none a bare line tile; neither side scrolls."""
    app = make_app(fofl(7))
    async with app.run_test(size=(160, 48)) as pilot:
        screen, game, names = await laid_out(pilot, SEED)
        lines = await settled_lines(app, pilot)
        assert_tiles_in_sight(screen, lines, names, "160×48")
        assert screen.has_class("-compact"), "\n".join(lines)


def side_tiles_drawn(screen, k: int) -> list[CardTile]:
    """The tiles of side ``k``'s grid, in the side's order."""
    return [t for t in screen.query_one(f"#fofl-grid-{k}").children if isinstance(t, CardTile)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("fresh", (True, False), ids=("new game", "20 a side"))
async def test_counted_rows_are_the_laid_out_rows(cardtable_home, size, fresh):
    """For the form drawn, the rows ``_plan`` counts for each side's tiles (``column_rows``
    over ``_counted_sides``) are the grid's height as laid out; each tile is as tall as its
    own rows (``tile_rows``: no tile stretched to a neighbour's height) and stands at the top
    of the grid or right under the tile above it in its column."""
    app = make_app(fofl(7))
    async with app.run_test(size=size) as pilot:
        if fresh:
            screen, _ = await first_turn(pilot)
        else:
            screen, _, _ = await laid_out(pilot, SEED)
        lines = await settled_lines(app, pilot)
        text = "\n".join(lines)
        view = screen.session.view()
        grids = [screen.query_one(f"#fofl-grid-{k}") for k in (0, 1)]
        widths = [grid.content_size.width for grid in grids]
        crowding = screen._drawn_crowding
        fits, counted = screen._counted_sides(view, crowding, widths, screen.TILE_WIDTH[screen.detailed][0])
        least = screen.CARD_ROWS if screen.detailed and crowding == 0 else 0
        for k, grid in enumerate(grids):
            tile, columns = fits[k]
            assert (grid.styles.grid_size_columns, screen._tile_widths[f"#fofl-grid-{k}"]) == (columns, tile), f"side {k}\n{text}"
            assert column_rows(counted[k], columns, tile, least) == grid.outer_size.height, f"{size} side {k}\n{text}"
            assert isinstance(grid.layout, ColumnsLayout)
            drawn = side_tiles_drawn(screen, k)
            bottoms = {grid.content_region.y}
            for t in sorted(drawn, key=lambda t: t.region.y):
                assert t.outer_size.height == tile_rows(t, t.outer_size.width, least), f"{t.body.plain!r} stretched\n{text}"
                assert t.region.y in bottoms, f"{t.body.plain!r} not under a tile\n{text}"
                bottoms.add(t.region.bottom)
        assert isinstance(screen.query_one("#fofl-hand-tiles").layout, GridLayout)  # the hand keeps its rows
