"""Every table box drawn for its size uses the one mechanism (``SizedBox``,
``TableScreen.drawn_for`` / ``refit``): FOFL's tile grids no longer post a message of their
own, Cold War's collections no longer retry by hand, and Bloops knows its foot's room from
``__init__`` (issue 14's review)."""

from __future__ import annotations

import inspect

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games import bloops, cold_war, fofl
from cardtable.ui.table import SizedBox
from cardtable.ui.testing import settled_lines


def test_the_boxes_are_sized_boxes_and_no_game_keeps_a_second_mechanism():
    assert issubclass(fofl.TileGrid, SizedBox) and not hasattr(fofl.TileGrid, "Resized")
    assert not hasattr(fofl.FoflTable, "on_tile_grid_resized")
    # Cold War's collections are drawn for the roomy foot's height: the foot is the sized box
    assert issubclass(cold_war.ColdWarFoot, SizedBox) and not hasattr(cold_war.ColdWarTable, "_refit_collections")
    assert "getattr(self" not in inspect.getsource(bloops.BloopsTable)


async def test_fofl_grids_refit_through_the_table_when_the_log_opens():
    """The grids' columns follow their width through ``refit`` (the log narrows them): their
    number, or their tiles' width where the columns stay (a new game's few cards take wider
    tiles, ``WIDEST_TILE``, and at 120×40 the empty Locations' column gives its width back
    to the sides when the log opens, ``KEEP_PLACES_COLUMN``)."""
    app = make_app(StartRequest(game="fofl", players=("Ann", "Bob"), seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await settled_lines(app, pilot)
        screen = app.screen
        grid = screen.query_one("#fofl-grid-0")
        wide = (grid.styles.grid_size_columns, screen._tile_widths["#fofl-grid-0"], grid.content_size.width)
        assert screen._box_sizes["fofl-grid-0"] == tuple(grid.content_size), "the grid's size is noted (drawn_for)"
        await pilot.press("l")
        await settled_lines(app, pilot)
        assert screen._box_sizes["fofl-grid-0"] == tuple(grid.content_size)
        narrow = (grid.styles.grid_size_columns, screen._tile_widths["#fofl-grid-0"], grid.content_size.width)
        assert narrow[2] < wide[2], (wide, narrow)  # the log narrowed the grid
        assert narrow[:2] != wide[:2] and narrow[0] * narrow[1] <= narrow[2], f"the grid kept its columns and tiles beside the log: {wide} {narrow}"
