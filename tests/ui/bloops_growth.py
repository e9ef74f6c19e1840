"""Bloops games in which seat 0 has claimed wrongly until its area has grown (penalty cards),
for the tests of a grown area's table (``test_bloops_compact_options``,
``test_bloops_grown_area``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardtable.engine import Decision, Setup, load_cards
from cardtable.engine.session import Session
from cardtable.games.bloops import Bloops
from cardtable.ui.games.bloops import BloopsTable
from cardtable.ui.privacy import PrivacyScreen


def grown_game(names: Sequence[str], least: int, stop: Callable[[Bloops, Decision], bool]) -> Bloops:
    """A game of ``names`` in which seat 0 has claimed wrongly until its area holds at least
    ``least`` positions (nobody calls BLOOPS!), played on at random until ``stop(game,
    decision)`` holds for a decision once the area has grown."""
    for seed in range(1, 60):
        game = Bloops(load_cards("bloops"), Setup(tuple(names), Bloops.default_options(len(names))), seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            decision = game.decision()
            if decision is None:
                break
            area = len(game.view(None).zone("area:0").cards)
            if area >= least and stop(game, decision):
                return game
            actions = [a for a in decision.actions if a.type != "bloops"]  # nobody calls: the game goes on
            claims = [a for a in actions if a.type == "claim" and a["seat"] == 0]
            passes = [a for a in actions if a.type == "pass"]
            if claims and area < least:
                game.act(claims[0])
            else:
                game.act(passes[0] if passes and rng.random() < 0.7 else rng.choice(actions))
    raise AssertionError("no such game found")


async def push_table(app, pilot, game: Bloops) -> BloopsTable:
    """Push Bloops' table for ``game`` on ``app`` (past the privacy screen, if any) and
    return it."""
    app.push_screen(BloopsTable(Session(game)))
    await pilot.pause(0.3)
    if isinstance(app.screen, PrivacyScreen):
        await pilot.press("enter")
        await pilot.pause(0.3)
    assert isinstance(app.screen, BloopsTable)
    return app.screen
