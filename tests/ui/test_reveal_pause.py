"""Issue 14: a public reveal or a round result stays on screen until a key is pressed,
before any hand-over: Cold War's reveal box (``NewsScreen``) never goes away by itself, a
key pressed with the move (inside the guard) does not skip it, and only then comes the
privacy screen."""

from __future__ import annotations

from cardtable.engine import Setup, load_cards
from cardtable.engine.session import Session
from cardtable.engine.testing import StackedRandom
from cardtable.games.cold_war import ColdWar
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.cold_war import ColdWarTable
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import screen_text


async def test_the_reveal_stays_until_a_key_then_the_hand_over(monkeypatch):
    deck = ["seven-of-clubs", "eight-of-hearts", "three-of-diamonds", "nine-of-spades", "jack-of-hearts", "four-of-clubs", "five-of-clubs"]
    game = ColdWar(load_cards("cold-war"), Setup(("Ann", "Bob")), 0, rng=StackedRandom(shuffles=[deck], randoms=[0.1]))
    app = make_app(StartRequest())
    now = [0.0]
    app.clock = lambda: now[0]  # the guards' clock, moved by hand
    monkeypatch.setenv("CARDTABLE_PRIVACY_GUARD", "0.5")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ColdWarTable(Session(game)))
        await pilot.pause()
        for key in ("enter", "3", "1", "5", "1"):  # Bob's glance, Ann's bet, a stare, the pick
            now[0] += 2.0  # past the settle time after each taking over (privacy.enter_settle)
            await pilot.press(key)
            await pilot.pause()
            if isinstance(app.screen, PrivacyScreen):
                now[0] += 1.0
                await pilot.press("enter")
                await pilot.pause()
        assert isinstance(app.screen, NewsScreen)
        assert "Ann picks the left card" in screen_text(app)
        await pilot.press("enter")  # the same instant as the move: a double tap, dropped
        await pilot.pause(0.6)  # real time passes: the box does not go by itself
        assert isinstance(app.screen, NewsScreen), "a key inside the guard skipped the reveal"
        now[0] += 0.2
        await pilot.press("enter")  # still inside the guard, which each dropped key restarts
        assert isinstance(app.screen, NewsScreen)
        now[0] += 1.0
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player == "Bob"
