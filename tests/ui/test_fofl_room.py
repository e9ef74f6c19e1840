"""FOFL's roomy table as the fresh tester of issue 14 saw it: at 200×60 early in a game the
boards' few cards sat on top of a stack of empty rows and each pile's count was shown twice; at 120×40 the other
side's People were cut off at the bottom of its board."""

from __future__ import annotations

from cardtable.ui import make_app
from cardtable.ui.games.fofl import CardTile
from cardtable.ui.testing import settled_lines
from test_fofl_look import busy_board, first_turn, fofl  # tests/ui is on the path
from test_fofl_ui import place


async def test_at_200x60_early_the_boards_have_no_empty_rows_and_each_count_shows_once():
    app = make_app(fofl(7))
    async with app.run_test(size=(200, 60)) as pilot:
        screen, game = await first_turn(pilot)
        lines = await settled_lines(app, pilot)
        assert screen.has_class("-facing")
        for k in (0, 1):  # few cards: in the middle of their board, not over a stack of empty rows
            side, grid = screen.query_one(f"#fofl-side-{k}").region, screen.query_one(f"#fofl-grid-{k}").region
            above, below = grid.y - (side.y + 1), (side.bottom - 1) - grid.bottom
            assert above + below > 2, "the test wants a board with rows to spare"
            assert abs(above - below) <= 1, f"side {k}: {above} empty rows above its cards, {below} below"
        text = "\n".join(lines).lower()
        for seat in (0, 1):
            count = len(game.zones[f"draw:{seat}"])
            assert text.count(f"draw pile {count}") == 1, f"the draw pile's count ({count}) is shown {text.count(f'draw pile {count}')} times"
        shared, top, near = (screen.query_one(s).region for s in ("#fofl-shared", "#fofl-side-0", "#fofl-side-1"))
        assert top.bottom <= shared.y and shared.bottom <= near.y, "the Locations lie between the sides"


async def test_at_120x40_the_other_sides_people_are_not_cut_off():
    """Several People on Bob's side (with the busy board): at least a whole row of them is
    on screen, not just the tops of their tiles at the bottom of the board."""
    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game = await first_turn(pilot)
        busy_board(game)
        for cid in ("the-tsar-of-russia", "drone", "the-godfather"):
            place(game, cid, 1)
        game.invalidate()
        screen.redraw()
        await settled_lines(app, pilot)
        board = screen.query_one("#fofl-side-1")
        people = [t for t in board.query(CardTile) if t.zone == "people:1"]
        assert len(people) == 4
        box = board.region
        whole = [t for t in people if box.contains_region(t.region)]
        assert len(whole) >= 2, f"{len(whole)} of Bob's People whole on screen"


async def test_at_200x60_a_new_games_three_empty_areas_span_the_board():
    """The fresh tester at 200×60: about 40 blank columns between the Spacecraft's empty
    area and the piles (three areas in four columns): the first row of each side's cards
    spans its board beside the piles' column."""
    app = make_app(fofl(7))
    async with app.run_test(size=(200, 60)) as pilot:
        screen, game = await first_turn(pilot)
        lines = await settled_lines(app, pilot)
        for k in (0, 1):
            grid = screen.query_one(f"#fofl-grid-{k}")
            row = [t.region for t in grid.children if isinstance(t, CardTile) and t.region.y == grid.region.y]
            assert len(row) == 3, "\n".join(lines)
            span = max(r.right for r in row) - grid.region.x
            assert span >= 0.9 * grid.region.width, f"side {k}: the areas span {span} of {grid.region.width} columns\n" + "\n".join(lines)
