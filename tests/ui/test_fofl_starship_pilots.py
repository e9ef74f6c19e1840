"""FOFL's roomy table: a Starship with four pilots keeps every pilot in sight. A fresh tester
saw the fourth pilot of an Enterprise (Starship) cut on a side with a handful of People
beside it: the ship's tile, a tile for each pilot inside it, was taller than the side."""

from __future__ import annotations

import random

import pytest

from cardtable.ui import make_app
from cardtable.ui.games.fofl import CardTile
from test_fofl_look import first_turn  # tests/ui is on the path
from test_fofl_many_in_play import lay_out, region_text, settled
from test_fofl_ui import fofl, place

PILOTS = ("enterprise", "anfofl-volunteer", "the-godfather", "chav-tribe-leader")
OTHERS = ("drone", "mafia", "big-brother", "triad", "agent", "the-lion", "nightingale")


@pytest.mark.parametrize("size", [(120, 40), (160, 48), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_starships_four_pilots_are_all_in_sight(size, cardtable_home):
    app = make_app(fofl(7))
    async with app.run_test(size=size) as pilot:
        screen, game = await first_turn(pilot)
        ship = place(game, "enterprise-starship", 1)
        for cid in PILOTS:
            game.board_pilot(place(game, cid, 1), ship)
        for cid in OTHERS:
            place(game, cid, 1)
        game.invalidate()
        screen.redraw()
        lines = await settled(app, pilot, screen)
        text = "\n".join(lines)
        side = screen.query_one(f"#fofl-side-{screen.side_seats.index(1)}")
        assert side.max_scroll_y == 0, f"{size}: Bob's side scrolls {side.max_scroll_y} rows\n{text}"
        crew = [t for t in side.query(CardTile) if t.zone == "crew:1"]
        assert len(crew) == 4, [t.body.plain for t in crew]
        for tile in crew:
            name = screen.session.view().zone("crew:1").cards[tile.index].face.name
            assert side.content_region.contains_region(tile.region), f"{size}: {name} cut\n{text}"
            assert name in region_text(lines, tile.region), f"{size}: {name} not whole\n{text}"


async def test_a_starships_pilots_are_lines_in_its_tile_before_every_card_is_a_line(cardtable_home):
    """At 200×60 a Starship with four pilots (one with an Item) and a Gunship with three made
    the sides too tall in compact tiles (a tile of 3 rows for each pilot and Item), and every
    card was drawn a line: the step after compact draws the cards inside a tile as lines in
    it, each card keeping its bordered tile (the seeded set of test_fofl_many_in_play's
    200x60-8)."""
    app = make_app(fofl(7))
    async with app.run_test(size=(200, 60)) as pilot:
        screen, game = await first_turn(pilot)
        rng = random.Random(8 * 1000 + 200)
        for seat in (0, 1):
            lay_out(game, seat, 8, rng)
        game.invalidate()
        screen.redraw()
        lines = await settled(app, pilot, screen)
        text = "\n".join(lines)
        for k in (0, 1):
            side = screen.query_one(f"#fofl-side-{k}")
            assert side.max_scroll_y == 0, text
            tops = [t for t in screen.query(f"#fofl-grid-{k} > CardTile") if t.zone is not None]
            assert tops and not any(t.has_class("-line") for t in tops), f"side {k}: every card a line\n{text}"
