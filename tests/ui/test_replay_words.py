"""The replay's header counts the game's own steps in the game's own word: a fresh tester saw
"round 20/33" in a FOFL replay, a game that counts turns ("Turn 20: Ann (Red) draws a card.")."""

from __future__ import annotations

import pytest

from test_replay_face_up import replayed  # tests/ui is on the path
from cardtable.ui.testing import screen_lines

WORDS = {"fofl": "turn", "cold-war": "round", "combat-cards": "round", "black-ops": "round", "bloops": "round"}


@pytest.mark.parametrize("game", sorted(WORDS))
async def test_the_replay_header_counts_in_the_games_word(game):
    word = WORDS[game]
    other = "round" if word == "turn" else "turn"
    async with replayed(game, ("Ann", "Bob"), (160, 48)) as (app, screen, _done):
        title = screen_lines(app)[0]
        count = len(screen.replay.rounds)
        assert f"{word} {screen.replay.round_of()}/{count}" in title, title
        assert f"{other} " not in title, title
        if word == "turn":  # the log names the same turns
            assert any(e.text.startswith("Turn ") for e in screen.replay.view().log), "FOFL's log counts turns"
