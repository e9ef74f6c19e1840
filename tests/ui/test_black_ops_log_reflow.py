"""Black Ops at 120×40 with the log opened in the Care Package window (issue 14, a fresh
tester): the seat tiles reflow beside the log (none under it, no word chopped at its
edge) and come back when it closes; the "Last moves" box lists moves in the log's order."""

from __future__ import annotations

import pytest

from cardtable.ui.games.black_ops import PlayerTile, SeatTile
from cardtable.ui.testing import settled_lines
from test_black_ops_table_facts import _app, _fast, _until, _window_open  # noqa: F401 (_fast: the autouse fixture; tests/ui is on the path)


def _seat_tiles(screen) -> list:
    """The seat tiles on screen: the roomy layout's, else the compact ring's."""
    kind = SeatTile if screen.has_class("-roomy") else PlayerTile
    return [t for t in screen.query(kind) if t.seat is not None and t.display and t.visible]


def _layout(screen) -> list[tuple]:
    return [(type(t).__name__, t.seat, tuple(t.region)) for t in _seat_tiles(screen)]


def _own_hand_in_window(screen) -> bool:
    view = screen.session.view()
    return _window_open(screen) and view.seat == 0 and view.zone("hand:0").count > 0


@pytest.mark.parametrize("players", [4, 5])
async def test_seat_tiles_reflow_beside_the_log_in_the_care_package_window(players):
    """The fresh tester at 120×40 pressed l in the Care Package window, the player's own
    Care Packages on screen: the seat tiles kept their four columns, Computer 3's box cut
    at the log's edge ("╭─ Computer 3  ♥♥♥▏") and Computer 4's under the log. The hand's
    box, fitted as the log opened, marked the table area as drawn for its new width, so
    the table was never drawn again for it. Now every seat tile stands whole left of the
    log, and closing the log brings the former layout back."""
    app = _app(players, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _until(pilot, _own_hand_in_window)
        await settled_lines(app, pilot)
        before = _layout(screen)
        assert screen.has_class("-roomy") and len(before) == players
        await pilot.press("l")
        lines = await settled_lines(app, pilot)
        text = "\n".join(lines)
        log = screen.query_one("#log")
        assert log.display, text
        tiles = _seat_tiles(screen)
        assert sorted(t.seat for t in tiles) == list(range(players)), text
        for tile in tiles:
            region = tile.region
            assert region.width > 0 and region.right <= log.region.x, (tile.seat, region, log.region, text)
            if isinstance(tile, SeatTile):  # a whole box: its top corners on screen
                top = lines[region.y][region.x : region.right]
                assert top[0] in "╭┏╔" and top[-1] in "╮┓╗", (tile.seat, top, text)
        await pilot.press("l")
        await settled_lines(app, pilot)
        assert _layout(screen) == before


async def test_last_moves_keep_the_log_order_with_the_reveals_recap():
    """The fresh tester at 120×40: "· Revealed. Drew Care Packages: Computer 2 +1 (Prophet),
    Ann +1 (Firebreak)." stayed at the foot of "Last moves", under the Care Packages played
    after it, and pushed the player's own play out of the box. Now the recap stands where it
    happened (after the reveal's draws, before the window's first claim), every line in the
    log's order, the newest play last and on screen."""
    from cardtable.ui import StartRequest, make_app
    from cardtable.ui.recent import RecentMoves
    from test_black_ops_fan_fits import NAMES, _stack_on_first_load_out
    from test_black_ops_ui import _to_window

    app = make_app(StartRequest(game="black-ops", players=NAMES[:4], seed=5))
    async with app.run_test(size=(120, 40)) as pilot:
        await _to_window(players=NAMES[:4])(pilot)
        screen = app.screen
        game = screen.session.game
        _stack_on_first_load_out(game, 3)
        game.invalidate()
        screen.redraw()
        lines = await settled_lines(app, pilot)
        view = screen.session.view()
        recap = view.info["recap"]
        assert recap and screen.has_class("-roomy")
        box = screen.query_one("#bo-recent", RecentMoves)
        texts = [text for text, _ in box.entries]
        log = [e.text for e in view.log]
        assert [t for t in texts if t != recap] == log[-len(texts) + 1 :], texts
        claims = [i for i, t in enumerate(texts) if t.endswith("claims the next Care Package play.")]
        assert len(claims) == 3 and texts.index(recap) == claims[0] - 1, texts
        assert texts[-1] == log[-1] and " plays " in texts[-1]
        shown = " ".join(" ".join(line.plain.split()) for line in box.lines()).replace("· ", "")
        assert " ".join(log[-1].split()) in shown, (shown, "\n".join(lines))
