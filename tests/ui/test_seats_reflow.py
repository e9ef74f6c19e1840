"""Black Ops' and Combat Cards' tables beside a docked panel, at 200×60 and at 80×24 (the
fresh tester's findings of issue 14):

* with F1's keys panel or the log open at 120×40 every seat (and every card of the hand)
  stands left of the panel, whole: the table is drawn again for the columns left;
* at 200×60 the seats share the width instead of leaving a third of the screen empty;
* at 80×24 Black Ops' seats stand in seat order, each in the same place all game;
* Combat Cards keeps each box's "Hand · N cards" line with five or six players and the
  Army column at 80×24 once warbands are laid.
"""

from __future__ import annotations

import pytest
from test_layout_sizes import _region_text, random_walk

from cardtable.engine.registry import default_names
from cardtable.ui import StartRequest, make_app
from cardtable.ui.testing import screen_lines


def _panel(screen, which: str):
    return screen.query_one("HelpPanel") if which == "f1" else screen.query_one("#log")


async def _open(pilot, which: str) -> None:
    await pilot.press("f1" if which == "f1" else "l")
    for _ in range(6):
        await pilot.pause(0.05)


async def _settle(pilot) -> None:
    for _ in range(6):
        await pilot.pause(0.05)


async def _to_table(app, pilot):
    """Press Enter through privacy screens and news until the table is on top, its
    hand-over done; returns the table screen."""
    from cardtable.ui.table import TableScreen

    for _ in range(40):
        await pilot.pause(0.05)
        screen = app.screen
        if isinstance(screen, TableScreen):
            if not screen._handoff_pending:
                return screen
            continue
        await pilot.press("enter")
    raise AssertionError(f"no table on top: {type(app.screen).__name__}")


# ---------------------------------------------------------------- Black Ops


def _seat_tiles(screen):
    from cardtable.ui.games.black_ops import PlayerTile, SeatTile

    kind = SeatTile if screen.has_class("-roomy") else PlayerTile
    return [t for t in screen.query(kind) if t.seat is not None and t.display and t.is_attached]


@pytest.mark.parametrize("which", ["f1", "log"])
@pytest.mark.parametrize("players", [2, 4, 8])
async def test_black_ops_seats_stand_whole_beside_an_open_panel(players, which):
    """At 120×40 with F1 or the log open, eight players lost the fourth column of seats and
    two players' rival box was cut. Now every seat's box lies left of the panel, whole and
    apart from the others; closing the panel brings the four columns back."""
    app = make_app(StartRequest(game="black-ops", players=default_names(players), seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await random_walk(app, pilot, lambda screen: None, moves=3)
        screen = await _to_table(app, pilot)
        await _open(pilot, which)
        panel = _panel(screen, which)
        tiles = _seat_tiles(screen)
        assert sorted(t.seat for t in tiles) == list(range(players))
        for tile in tiles:
            region = tile.region
            assert region.width >= 18 and region.right <= panel.region.x, (tile.seat, region, panel.region)
        regions = [t.region for t in tiles]
        assert all(not a.overlaps(b) for i, a in enumerate(regions) for b in regions[i + 1 :]), regions
        lines = screen_lines(app)
        for tile in tiles:  # the name in the border is drawn, the right border too
            inside = _region_text(lines, tile.region)
            assert screen.session.game.players[tile.seat] in inside[0], inside[0]
            assert all(row.rstrip()[-1:] in "│┃║╮╯┓┛╗╝" for row in inside if row.strip()), inside
        await _open(pilot, which)  # closed again: the table has the whole width back
        await _settle(pilot)
        assert screen.has_class("-roomy")
        rows = {t.region.y for t in _seat_tiles(screen)}
        assert len(rows) == -(-players // 4), rows


@pytest.mark.parametrize("players", [2, 3])
async def test_black_ops_seats_share_the_width_at_200x60(players):
    """At 200×60 two or three seat boxes stayed 50 columns wide, a third of the screen
    empty. Now the row of seats spans the table area, and the Load Outs are drawn larger
    than at 120×40 (taller than 11 lines)."""
    from cardtable.ui.games.black_ops import SeatTile

    app = make_app(StartRequest(game="black-ops", players=default_names(players), seed=3))
    seen = 0

    def check(screen) -> None:
        nonlocal seen
        tiles = [t for t in screen.query(SeatTile) if t.seat is not None]
        area = screen.query_one("#table-body").region
        span = max(t.region.right for t in tiles) - min(t.region.x for t in tiles)
        assert span >= 0.95 * area.width, (span, area.width)
        assert all(t.card_height > 11 for t in tiles), [t.card_height for t in tiles]
        seen += 1

    async with app.run_test(size=(200, 60)) as pilot:
        await random_walk(app, pilot, check, moves=5)
    assert seen >= 4


@pytest.mark.parametrize("players", [3, 4, 6])
async def test_black_ops_compact_seats_stay_in_seat_order_all_game(players):
    """At 80×24 the seats ran in reverse seat order and moved whenever the deal passed on.
    Now seat 1 stands leftmost on the first row, the others follow in seat order (row by
    row), and each player's box keeps its place through the rounds; the dealer and the
    players to act are marked instead (◆, the heavy border)."""
    app = make_app(StartRequest(game="black-ops", players=default_names(players), seed=4))
    places: dict[int, tuple[int, int]] = {}
    dealers: set[int] = set()

    def check(screen) -> None:
        tiles = sorted(_seat_tiles(screen), key=lambda t: t.seat)
        assert [t.seat for t in tiles] == list(range(players))
        ring = screen.query_one("#bo-ring").region  # below the Event's one or two lines
        spots = [(t.region.y - ring.y, t.region.x - ring.x) for t in tiles]
        assert spots == sorted(spots), spots  # seat order, row by row, left to right
        for tile in tiles:
            assert places.setdefault(tile.seat, spots[tile.seat]) == spots[tile.seat], tile.seat
        game = screen.session.game
        dealers.add(game.dealer)
        dealer = next(t for t in tiles if t.seat == game.dealer)
        assert str(dealer.border_title).startswith("◆")
        decision = screen.session.visible_decision()
        for tile in tiles:
            assert tile.has_class("acting") == (tile.seat in decision.seats)

    async with app.run_test(size=(80, 24)) as pilot:
        await random_walk(app, pilot, check, moves=60)
    assert len(dealers) >= 2, "the deal never passed on"
