"""FOFL at 200×60 (facing sides): each side's cards use the width beside its counts column. A
fresh tester saw about 48 columns empty beside a side with fewer cards than the other: the
tile columns were fitted to the side with more cards (both alike), so the other's few tiles
stood at the left of a row of empty columns. Facing, each side spans the table's width and
its few cards take wider tiles (up to ``FoflTable.WIDEST_TILE`` times as wide)."""

from __future__ import annotations

from cardtable.ui.games.fofl import CardTile
from test_fofl_many_in_play import settled  # tests/ui is on the path
from test_fofl_turn23 import resumed, table


async def test_each_facing_side_fills_its_width_at_200x60(tmp_path, monkeypatch, cardtable_home):
    app = await resumed(tmp_path, monkeypatch, (200, 60))
    async with app.run_test(size=(200, 60)) as pilot:
        screen, _ = await table(app, pilot)
        lines = await settled(app, pilot, screen)
        assert screen.has_class("-facing")
        least = screen.TILE_WIDTH[True][0]
        for k in (0, 1):
            grid = screen.query_one(f"#fofl-grid-{k}")
            tiles = [t for t in grid.query(CardTile) if t.parent is grid]
            right = max(t.region.right for t in tiles)
            empty = grid.content_region.right - right
            assert empty < least, f"side {k}: {empty} columns empty beside {len(tiles)} tiles\n" + "\n".join(lines)
