"""FOFL's roomy table with every Location in play (nine, t207 at turn 61): the Locations'
column between the sides stopped at "Location #6" at 120×40 and at #8 at 160×48, and no key
reached the rest (``]`` paged only the sides). Every Location is public (where it was
played, whose it is, what it does): each must be in sight, or reached by ``]``."""

from __future__ import annotations

import pytest

from cardtable.ui import make_app
from cardtable.ui.games.fofl import CardTile
from cardtable.ui.testing import settled_lines
from test_fofl_look import first_turn  # tests/ui is on the path
from test_fofl_ui import fofl, place

PLACES = ("school-yard", "tescos", "the-evil-house", "the-good-house", "hong-kong", "sicily", "outer-space", "hilly-fields", "cyberspace")


def in_sight(tile: CardTile, column) -> bool:
    """Whether every row of ``tile`` lies inside the column's visible rows."""
    region, shown = tile.region, column.content_region
    return bool(region.area) and shown.y <= region.y and region.bottom <= shown.bottom


async def with_locations(app, pilot, places: tuple[str, ...]):
    """Ann's first turn (``first_turn``) with the Locations ``places`` (card ids) in play,
    the first on Ann's side, then Bob's, in turn; the table drawn again and settled:
    ``(screen, game, lines)``."""
    screen, game = await first_turn(pilot)
    for k, cid in enumerate(places):
        place(game, cid, k % 2)
    game.invalidate()
    screen.redraw()
    return screen, game, await settled_lines(app, pilot)


@pytest.mark.parametrize("size", [(120, 40), (160, 48)], ids=["120x40", "160x48"])
async def test_every_location_is_in_sight_or_reached_by_the_page_key(size, cardtable_home):
    app = make_app(fofl(7))
    async with app.run_test(size=size) as pilot:
        screen, game, lines = await with_locations(app, pilot, PLACES)
        column = screen.query_one("#fofl-shared")
        tiles = [t for t in screen.query_one("#fofl-places").query(CardTile) if t.zone is not None]
        assert len(tiles) == len(PLACES)
        seen = {id(t) for t in tiles if in_sight(t, column)}
        if len(seen) < len(tiles):
            bar = "\n".join(lines[-2:])
            assert "]" in bar, f"{len(tiles) - len(seen)} Locations out of sight and no ] in the key bar\n" + "\n".join(lines)
            for _ in range(len(tiles)):
                await pilot.press("]")
                await pilot.pause()
                seen |= {id(t) for t in tiles if in_sight(t, column)}
        missing = [t.body.plain.split("\n")[0] for t in tiles if id(t) not in seen]
        assert not missing, f"never in sight: {missing}\n" + "\n".join(lines)
