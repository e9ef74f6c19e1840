"""The news of the move that ends a game is shown before the game-over screen (issue 14's
fresh tester: Cold War's third Data Breach went straight to the game-over screen, while the
first two each had their box)."""

from __future__ import annotations

from cardtable.engine import Setup, load_cards
from cardtable.engine.session import Session
from cardtable.games.cold_war import ColdWar
from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.games.cold_war import ColdWarTable
from cardtable.ui.news import NewsScreen
from cardtable.ui.testing import screen_text, settled_lines


def _two_breaches_played() -> ColdWar:
    """A Cold War game whose first two Data Breaches are played (any legal moves): the next
    ace ends it."""
    game = ColdWar(load_cards("cold-war"), Setup(("Ann", "Bob")), seed=11)
    while game.breaches < 2:
        decision = game.decision()
        game.act(decision.actions[0])
    return game


async def test_the_third_data_breach_is_news_before_the_game_over():
    game = _two_breaches_played()
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        table = ColdWarTable(Session(game))
        app.push_screen(table)
        await pilot.pause()
        for _ in range(400):  # play the first option until the game ends, passing the screens
            if game.decision() is None:
                break
            screen = app.screen
            if screen is table:
                decision = table.session.visible_decision()
                table.play(decision.actions[0])
            else:
                assert isinstance(screen, (NewsScreen,)) or type(screen).__name__ == "PrivacyScreen", type(screen).__name__
                await pilot.press("enter")
            await pilot.pause()
        assert game.decision() is None and game.breaches == 3
        assert isinstance(app.screen, NewsScreen), f"{type(app.screen).__name__} came straight after the third breach"
        assert any("DATA BREACH #3!" in line for line in app.screen.news)
        assert "DATA BREACH #3!" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        # as the player sees it: the screen holds its frames until its reveal is fitted
        assert "third Data Breach" in "\n".join(await settled_lines(app, pilot))
