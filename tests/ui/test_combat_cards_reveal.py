"""Issue 14, the fresh testers: Combat Cards' game-over reveal listed every card played in
the game (31 and 32 of a two-player game), long and unreadable. The reveal shows what was
secret at the end, each seat's hand, and counts the played cards (each laid face up and in
the log) on one line for every seat."""

from __future__ import annotations

import re

import pytest
from textual.pilot import Pilot

from cardtable.engine.testing import saved_session
from cardtable.ui.testing import game_over_on, screen_lines, settled_lines


@pytest.fixture(autouse=True)
def _home(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))


async def test_combat_cards_reveal_shows_the_hands_and_counts_the_played_cards():
    """The reveal named every card played in the game (31 and 32 of a two-player game over
    six lines a seat at 120×40). It now shows each seat's hand, card by card, and one line
    of every seat's count of played cards, each of which is in the log."""
    session = saved_session("combat-cards", ("Ann", "Bob"), seed=3)
    game = session.game
    async with game_over_on(session, (120, 40)) as app:
        await settled_lines(app, Pilot(app))
        lines = screen_lines(app)
        region = app.screen.query_one("#over-reveal").region
        reveal = [row[region.x : region.right].strip() for row in lines[region.y : region.bottom]]
        reveal = [row for row in reveal if row]
        hands = [[c.defn.name for c in game.zones[f"hand:{s}"].cards] for s in range(2)]
        played = [len(game.zones[f"out:{s}"].cards) for s in range(2)]
        assert reveal[0] == "The reveal"
        for seat, name in enumerate(("Ann", "Bob")):
            line = next(row for row in reveal if row.startswith(f"{name} — hand:"))
            assert [chip for chip in re.split(r"\s{2,}", line.split(":", 1)[1].strip())] == hands[seat], line
        assert reveal[-1] == f"Played cards (each in the log): Ann {played[0]} · Bob {played[1]}", reveal
        assert len(reveal) == 4 and all(played), reveal
