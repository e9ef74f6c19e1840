"""In every game the undo key is in the footer exactly while undo is possible, and pressing
it takes the move back on screen."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import games
from cardtable.engine.registry import default_names
from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_text


@pytest.mark.parametrize("cls", games(), ids=lambda g: g.id)
async def test_undo_key_shown_only_while_possible(cls):
    app = make_app(StartRequest(game=cls.id, players=default_names(cls.min_players), seed=3))
    rng = random.Random(3)
    undone = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(60):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, (PrivacyScreen, NewsScreen)):
                await pilot.press("enter")
                continue
            assert isinstance(screen, TableScreen)
            footer = screen_text(app).splitlines()[-1]
            assert ("u Undo" in footer) == screen.session.can_undo, footer
            if screen.session.can_undo and undone < 2:
                before = screen.session.game.moves
                await pilot.press("u")
                await pilot.pause()
                assert screen.session.game.moves == before - 1
                undone += 1
                continue
            keys = [k for k in screen.query_one("DecisionPanel").keys if k]
            await pilot.press(rng.choice(keys) if keys else "enter")
