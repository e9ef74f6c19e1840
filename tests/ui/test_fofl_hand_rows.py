"""FOFL's roomy table at 120×40: the hand's box shows whole rows of cards. A fresh tester saw
the second row of hand cards cut at its bottom border (a box of 11 rows for tiles of 7): a
box that cannot hold every row is as tall as the whole rows it can, and the sides get the
rows it gives up."""

from __future__ import annotations

import random

from cardtable.ui import make_app
from cardtable.ui.games.fofl import CardTile
from test_fofl_look import first_turn  # tests/ui is on the path
from test_fofl_many_in_play import lay_out, settled
from test_fofl_ui import fofl




async def test_the_hand_box_shows_no_card_cut_at_120x40(cardtable_home):
    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game = await first_turn(pilot)
        rng = random.Random(5)
        for seat in (0, 1):  # the sides want more rows than the table has: the hand gets its share
            lay_out(game, seat, 12, rng)
        game.invalidate()
        screen.redraw()
        lines = await settled(app, pilot, screen)
        box = screen.query_one("#fofl-handbox")
        inside = box.content_region
        tiles = list(screen.query_one("#fofl-hand-tiles").query(CardTile))
        assert len({t.region.y for t in tiles}) >= 2, "the case wants two rows of hand cards"
        for tile in tiles:
            seen = tile.region.intersection(inside)
            assert seen.height in (0, tile.region.height), (
                f"{tile.body.plain.splitlines()[0]!r}: {seen.height} of its {tile.region.height} rows in sight\n" + "\n".join(lines))
        assert any(inside.contains_region(t.region) for t in tiles)
