"""Bloops's roomy foot at 200×60 (issue 14, "the roomy layouts use the screen"): the piles
along the foot fill its height as cards of a playing card's shape, wider than the areas'
cards where the foot is taller than those (the fresh tester saw 12 empty lines under them)."""

from __future__ import annotations

from cardtable.engine.registry import default_names
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.bloops import CARD_SHAPE, BloopsTable
from cardtable.ui.privacy import PrivacyScreen


async def test_the_piles_fill_the_foot_at_200x60():
    app = make_app(StartRequest(game="bloops", players=default_names(3), seed=5))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
        await pilot.pause(0.3)
        table = app.screen
        assert isinstance(table, BloopsTable) and table.has_class("-roomy")
        foot = table.query_one("#bl-bottom").content_size.height
        for pile in ("#bl-draw", "#bl-drawn"):
            region = table.query_one(pile).region
            assert region.height >= foot - 2, f"{pile}: {region.height} of the foot's {foot} lines"
            assert region.height - 1 <= max(4, round(CARD_SHAPE * region.width)), "no taller than a card"
