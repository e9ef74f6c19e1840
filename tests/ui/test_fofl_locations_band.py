"""FOFL at 200×60: the Locations' band between the sides uses its rows. A fresh tester saw it
leave rows empty (each Location's tile card-sized, 8 rows, for 5 or 6 of text) and, with 4
or more Locations in play and the sides crowded, drop the Locations' effect texts although
the band had room for them."""

from __future__ import annotations

import pytest

from cardtable.ui import make_app
from cardtable.ui.games.fofl import CardTile
from test_fofl_look import first_turn  # tests/ui is on the path
from test_fofl_many_in_play import settled
from test_fofl_ui import fofl, place

PLACES = ("school-yard", "outer-space", "sicily", "hong-kong", "cyberspace")
PEOPLE = ("drone", "mafia", "big-brother", "triad", "agent", "the-lion", "nightingale", "chav", "webmaster")


@pytest.mark.parametrize("people", [0, 9], ids=["few-cards", "crowded"])
@pytest.mark.parametrize("count", [3, 4, 5])
async def test_the_locations_band_shows_each_effect_and_no_empty_rows(count, people, cardtable_home):
    app = make_app(fofl(7))
    async with app.run_test(size=(200, 60)) as pilot:
        screen, game = await first_turn(pilot)
        for k, cid in enumerate(PLACES[:count]):
            place(game, cid, k % 2)
        for seat in (0, 1):
            for cid in PEOPLE[:people]:
                place(game, cid, seat)
            if people:  # and a Starship with a pilot: the sides compact
                ship = place(game, "enterprise-starship", seat)
                for cid in PEOPLE[:1]:
                    game.board_pilot(place(game, cid, seat), ship)
        game.invalidate()
        screen.redraw()
        lines = await settled(app, pilot, screen)
        text = "\n".join(lines)
        tiles = [t for t in screen.query_one("#fofl-places").query(CardTile) if t.zone is not None]
        assert len(tiles) == count
        assert not people or screen.has_class("-compact"), "the crowded case wants compact sides"
        if screen._drawn_crowding < screen.LEAST_FULL[True]:  # line tiles may leave the texts out
            for tile in tiles:
                brief = str(game.cardset[screen.session.view().zone(tile.zone).cards[tile.index].face.id].get("brief"))
                assert brief.split()[0] in tile.body.plain, f"{count} Locations: {brief!r} left out\n{text}"
        def blank_rows(tile: CardTile) -> int:
            region = tile.region
            return sum(1 for y in range(region.y + 1, region.bottom - 1) if not lines[y][region.x + 1 : region.right - 1].strip(" │┃╎"))

        assert min(map(blank_rows, tiles)) == 0, f"{count} Locations: every tile has empty rows\n{text}"
