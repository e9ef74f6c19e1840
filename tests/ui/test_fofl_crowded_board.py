"""FOFL at 80×24 (the compact boards): a fresh tester with nine People in play saw four of
them; Mafia, Big Brother, Chav, Chav Tribe Leader and Agent were below the board's fold.
A board whose cards would not all be in sight lists its People on as few lines as its
width allows, each card whole (``board_text``'s ``dense``)."""

from __future__ import annotations

import re

from cardtable.ui import make_app
from cardtable.ui.games.fofl import board_text
from cardtable.ui.widgets import text_rows
from cardtable.ui.testing import settled_lines
from test_fofl_look import first_turn  # tests/ui is on the path
from test_fofl_ui import fofl, place

PEOPLE = ("sidious", "drone", "drone", "drone", "mafia", "big-brother", "chav", "chav-tribe-leader", "agent",
          "the-lion", "mafiaboy", "the-godfather", "system-admin", "mafia", "chav", "chav")
"""The tester's nine, and seven more: a list of one card a line would not fit the box."""


async def test_nine_people_at_80x24_are_all_in_sight():
    app = make_app(fofl(7))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await first_turn(pilot)
        for cid in PEOPLE:
            place(game, cid, 0)  # Ann's side, the side looking
        game.invalidate()
        screen.redraw()
        lines = await settled_lines(app, pilot)
        text = "\n".join(lines)
        board = screen.query_one("#fofl-board-0")
        room = screen.query_one("#fofl-left").content_size.height
        listed = board_text(screen.session.view(), 0, game.cardset, False, board.content_size.width)
        assert text_rows(listed, board.content_size.width) > room, "one card a line fits: the case is not tested"
        for cid in PEOPLE:
            assert game.cardset[cid].name in text, (game.cardset[cid].name, text)
        assert "×3" in text, text  # the three Drones, alike, once with their number
        rows = lines[screen.query_one("#fofl-board-0").region.y : screen.query_one("#fofl-board-0").region.bottom]
        for row in rows:  # a line breaks between two cards, never inside one ("Mafia P2" / "T3/3")
            assert not re.match(r"\s*[PT]\d", row), (row, text)
        for box in screen.query(".fofl-board"):
            assert box.max_scroll_y == 0, ("the board scrolls", text)
