"""Bloops at 80×24 with six players of 12-letter names: the turn's caption has room only for
"1 Annabelle123 ◀" (issue 14: the name is never cut for its mark), and a fresh tester could
not tell what the arrow meant. Whenever a caption uses a mark's short form, the piles' column
says what it means."""

from __future__ import annotations

from test_layout_sizes import random_walk

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.bloops import TURN_MARK
from cardtable.ui.testing import screen_lines

LONG = ("Annabelle123", "Bartholomew2", "Christabel44", "Wilhelmina55", "Konstantin66", "Alexandrina3")


async def test_a_short_turn_mark_is_explained_beside_the_areas_at_80x24():
    app = make_app(StartRequest(game="bloops", players=list(LONG), seed=5))
    seen = 0

    def check(screen) -> None:
        nonlocal seen
        lines = screen_lines(app)
        view = screen.session.view()
        if view["phase"] in ("over", "memorise") or view["holder"] is not None or view["claimant"] is not None:
            return
        name = LONG[view["active"]]
        assert any(line.rstrip().endswith(f"{name} {TURN_MARK}") or f"{name} {TURN_MARK} " in line for line in lines), "\n".join(lines)
        piles = screen.query_one("#bl-piles").region
        column = [line[piles.x : piles.right] for line in lines[piles.y : piles.bottom]]
        assert any(f"{TURN_MARK} = their turn" in row for row in column), "\n".join(lines)
        seen += 1

    async with app.run_test(size=(80, 24)) as pilot:
        await random_walk(app, pilot, check, moves=10)
    assert seen >= 2


async def test_no_legend_where_the_mark_has_its_word():
    app = make_app(StartRequest(game="bloops", players=["Ann", "Bob", "Cy"], seed=5))
    seen = 0

    def check(screen) -> None:
        nonlocal seen
        text = "\n".join(screen_lines(app))
        assert " = their turn" not in text
        seen += f"{TURN_MARK} turn" in text

    async with app.run_test(size=(80, 24)) as pilot:
        await random_walk(app, pilot, check, moves=8)
    assert seen >= 2
