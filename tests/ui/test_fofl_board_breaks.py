"""FOFL's compact board (80×24) breaks a line only between two cards: a list of Locations
written on one line after its heading ("Locations: Outer Space #2 · The Evil House #3") broke
inside a name ("The Evil" / "House #3"), and a Person's or pilot's Item inside the Item
("+Mind Wipe Gun" / "T2/2,")."""

from __future__ import annotations

from cardtable.ui import make_app
from cardtable.ui.testing import settled_lines
from test_fofl_look import first_turn  # tests/ui is on the path
from test_fofl_ui import fofl, place


async def test_each_location_and_item_stays_on_one_line_of_the_board():
    app = make_app(fofl(7))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await first_turn(pilot)
        for cid in ("outer-space", "the-evil-house", "the-good-house"):
            place(game, cid, 1)  # Bob's side, the right board: 38 cells
        ship = place(game, "shuttle", 1)
        for n, cid in enumerate(("godzilla", "the-tsar-of-russia", "big-brother")):
            pilot_card = place(game, cid, 1)
            game.board_pilot(pilot_card, ship)
            if n == 0:
                item = place(game, "mind-wipe-gun", 1)
                game.attached[item.uid] = pilot_card.uid
        game.invalidate()
        screen.redraw()
        lines = await settled_lines(app, pilot)
        board = screen.query_one("#fofl-right").region
        rows = [line.ljust(board.right)[board.x : board.right] for line in lines[board.y : board.bottom]]
        text = "\n".join(lines)
        for name in ("Outer Space #", "The Evil House #", "The Good House #", "+Mind Wipe Gun T2/2", "The Tsar of Russia"):
            assert any(name in row for row in rows), f"{name!r} not whole on one line\n{text}"
