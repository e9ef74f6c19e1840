"""A fresh tester at 120×40 saw Bloops with four seats laid out 3+1, the fourth area alone
at the left of a second row. The roomy table lays its boxes in rows as even as their
number allows (4: 2+2, 5: 3+2, 6: 3+3), a short row in the middle of the table."""

from __future__ import annotations

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import until


@pytest.mark.parametrize("players, rows", [(4, [2, 2]), (5, [3, 2]), (6, [3, 3])])
async def test_the_seats_stand_in_even_rows_a_short_row_centred(monkeypatch, players, rows):
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    names = ("You",) + tuple(f"Computer {n}" for n in range(2, players + 1))
    app = make_app(StartRequest(game="bloops", players=names, seed=1, computers={s: "easy" for s in range(1, players)}))
    async with app.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.session.visible_decision() is not None)
        await pilot.pause(0.2)
        regions = [app.screen.query_one(f"#bl-area-{seat}").region for seat in range(players)]
        tops = sorted({r.y for r in regions})
        laid = [[r for r in regions if r.y == top] for top in tops]
        assert [len(row) for row in laid] == rows, regions
        width = app.screen.query_one("#bl-areas").region
        for row in laid:
            left, right = row[0].x - width.x, width.right - row[-1].right
            assert abs(left - right) <= 2, f"a row of {len(row)} stands {left} cells from the left, {right} from the right"
