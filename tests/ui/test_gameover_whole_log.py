"""The game-over screen's whole log (``l``): it fills the screen, so it says what it is in
its title ("<game> — the whole log"), and Esc goes back to the result (Esc left the game
for the menu, with the result never seen again)."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from cardtable.engine.testing import saved_session
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.testing import game_over_on, screen_text, settled_lines, until


@pytest.fixture(autouse=True)
def _home(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))


@pytest.mark.parametrize("game_id, players", [("cold-war", 2), ("black-ops", 3)])
async def test_the_whole_log_is_titled_and_esc_goes_back_to_the_result(game_id, players):
    session = saved_session(game_id, ("Ann", "Bob", "Cat")[:players], seed=4)
    title = f"{session.game.title} — the whole log"
    async with game_over_on(session, (80, 24)) as app:
        pilot = Pilot(app)
        await settled_lines(app, pilot)  # the frames are held until the reveal is fitted
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        log, box = screen.query_one("#over-log"), screen.query_one("#over-box")
        assert title not in screen_text(app)
        await pilot.press("l")
        assert await until(pilot, lambda: log.display and not box.display)
        assert await until(pilot, lambda: title in screen_text(app)), screen_text(app)
        await pilot.press("escape")
        assert await until(pilot, lambda: box.display or app.screen is not screen), "Esc did nothing"
        assert app.screen is screen and not log.display, f"Esc left the result: {type(app.screen).__name__}"
        assert title not in screen_text(app) and f"{session.game.title} — game over" in screen_text(app)
        await pilot.press("l")
        assert await until(pilot, lambda: log.display)
        await pilot.press("l")  # l again goes back too
        assert await until(pilot, lambda: box.display and not log.display)
