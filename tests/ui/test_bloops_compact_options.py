"""Bloops' compact table at 80×24 gives the option list the rows its areas leave (the fresh
tester, six players, one area grown by penalty cards: "swap your position 1 with whose
card?" showed one of its five options over "↓ more below" while five rows above the panel
stood empty). With one-line cards the table's height was reckoned as every row of areas as
tall as the fullest area of all; each row is as tall as its own fullest area."""

from __future__ import annotations

import random

from cardtable.engine import Setup, load_cards
from cardtable.engine.session import Session
from cardtable.games.bloops import Bloops
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.bloops import BloopsTable
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import settled_lines

NAMES = ("Bartholomewz", "Computer 2", "Computer 3", "Computer 4", "Computer 5", "Computer 6")


def _grown_area_swap(least: int = 16) -> Bloops:
    """A six-player game in which seat 1 has claimed wrongly until its area holds at least
    ``least`` positions, and now chooses whose card to swap with (one option per other seat)."""
    for seed in range(1, 60):
        game = Bloops(load_cards("bloops"), Setup(NAMES, Bloops.default_options(6)), seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            decision = game.decision()
            if decision is None:
                break
            area = len(game.view(None).zone("area:0").cards)
            if decision.kind == "swap-player" and game.actor == 0 and area >= least:
                return game
            actions = [a for a in decision.actions if a.type != "bloops"]  # nobody calls: the game goes on
            claims = [a for a in actions if a.type == "claim" and a["seat"] == 0]
            passes = [a for a in actions if a.type == "pass"]
            if claims and area < least:
                game.act(claims[0])
            else:
                game.act(passes[0] if passes and rng.random() < 0.7 else rng.choice(actions))
    raise AssertionError("no such game found")


async def test_six_players_with_a_grown_area_see_every_swap_target_at_80x24():
    game = _grown_area_swap()
    decision = game.decision()
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(BloopsTable(Session(game)))
        await pilot.pause(0.3)
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
            await pilot.pause(0.3)
        table = app.screen
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
