"""FOFL's roomy table lists the Locations in the order played ("Cyberspace #5 → The Good
House #6") in the column between the sides; a Location's name and place are never broken
over two lines there (t209 read "Cyberspace #5 → The" / "Good House #6" at 120×40 and
160×48): ``order_text`` marks each as a unit."""

from __future__ import annotations

from cardtable.ui import make_app
from test_fofl_many_locations import with_locations  # tests/ui is on the path
from test_fofl_ui import fofl

PLACES = ("hong-kong", "cyberspace", "the-good-house", "the-evil-house")


async def test_each_location_in_the_order_stays_whole(cardtable_home):
    """Four Locations at 160×48: the order listed above their tiles (more of them, or fewer
    rows, and the tiles carry their place instead: ``PLACES_TIGHT``)."""
    size = (160, 48)
    app = make_app(fofl(7))
    async with app.run_test(size=size) as pilot:
        screen, game, lines = await with_locations(app, pilot, PLACES)
        order = screen.query_one("#fofl-order").region
        rows = [lines[y][order.x : order.right].strip() for y in range(order.y, order.bottom)]
        names = [game.cardset[cid].name for cid in PLACES]
        text = " ".join(" ".join(rows).split())
        assert all(f"{name} #" in text for name in names), rows  # every one listed
        broken = [name for name in names if not any(f"{name} #" in row for row in rows)]
        assert not broken, f"broken over two lines: {broken}\n" + "\n".join(rows)
