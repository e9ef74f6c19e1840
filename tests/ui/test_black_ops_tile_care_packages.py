"""Black Ops at 80×24, issue 14: a seat tile named only the newest Care Package on a Load
Out ("Red Dot Sight = 8"), the older ones unsaid."""

from __future__ import annotations

from cardtable.ui.testing import settled_lines
# tests/ui is on the path; _fast: the autouse fixture (a home of its own, no input grace or guard)
from test_black_ops_options_room import _fast  # noqa: F401
from test_black_ops_ui import FOUR, _to_window, start


async def test_a_tile_says_the_care_packages_under_the_newest():
    """Issue 14: a tile at 80×24 named only the newest Care Package on a Load Out; the older
    ones no longer count (ruling 10) but lie there, played by someone: each is said
    ("+2 over -1"), the value that counts after them."""
    from cardtable.ui.games.black_ops import PlayerTile
    from test_black_ops_ui import _take

    app = start(FOUR)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_window()(pilot)
        screen = app.screen
        game = screen.session.game
        seat = next(s for s in range(4) if game.loadout(s).up and game.loadout(s).defn.kind == "load-out")
        for card_id in ("concussion", "red-dot-sight"):
            game.mods[seat].add(_take(game, card_id, game.cp_deck, game.cp_discard, *game.hands), up=True)
        game.invalidate()
        screen.redraw()
        await settled_lines(app, pilot)
        tile = next(t for t in screen.query(PlayerTile) if t.seat == seat)
        shown = str(tile.render())
        value = game.loadout(seat).defn.value + 2
        assert "+2" in shown and "over -1" in shown and f"= {value}" in shown and "…" not in shown, shown
