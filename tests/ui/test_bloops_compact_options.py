"""Bloops' compact table at 80×24 gives the option list the rows its areas leave (the fresh
tester, six players, one area grown by penalty cards: "swap your position 1 with whose
card?" showed one of its five options over "↓ more below" while five rows above the panel
stood empty). With one-line cards the table's height was reckoned as every row of areas as
tall as the fullest area of all; each row is as tall as its own fullest area."""

from __future__ import annotations

from bloops_growth import grown_game, push_table

from cardtable.games.bloops import Bloops
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.bloops import BloopsTable
from cardtable.ui.testing import settled_lines

NAMES = ("Bartholomewz", "Computer 2", "Computer 3", "Computer 4", "Computer 5", "Computer 6")


def _grown_area_swap(least: int = 16) -> Bloops:
    """A six-player game in which seat 1 has claimed wrongly until its area holds at least
    ``least`` positions, and now chooses whose card to swap with (one option per other seat)."""
    return grown_game(NAMES, least, lambda game, decision: decision.kind == "swap-player" and game.actor == 0)


async def test_six_players_with_a_grown_area_see_every_swap_target_at_80x24():
    game = _grown_area_swap()
    decision = game.decision()
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        table = await push_table(app, pilot, game)
        assert isinstance(table, BloopsTable) and not table.has_class("-roomy")
        lines = await settled_lines(app, pilot)
        screen = "\n".join(lines)
        assert len(decision.actions) == 5
        for action in decision.actions:
            assert action.label in screen, f"{action.label!r} is below the fold:\n{screen}"
        assert "more below" not in screen, screen
        table_area = table.query_one("#bl-table").region
        panel = table.query_one("#decision").region
        empty = [row for row in range(table_area.bottom + 1, panel.y) if not lines[row].strip()]  # below the last event
        assert not empty, f"rows {empty} empty above the panel:\n{screen}"
