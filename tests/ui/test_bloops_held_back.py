"""A choice held back after a hand-over (``TableScreen._held_back``: the first choice within
the settle time chooses nothing) changes nothing on the Bloops table either: the player it
would have picked to look at is not remembered for the next click on a card (issue 14)."""

from __future__ import annotations

import pytest

from cardtable.engine.session import Session
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.bloops import BloopsTable
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import DEFAULT_GUARD, HANDOVER_GUARDS, PrivacyScreen
from cardtable.ui.widgets import DecisionPanel

from tests.ui.test_bloops_peek import ANN, BOB, _game, _play

class SkippingClock:
    """A clock that moves only when the test says."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def real_guard(monkeypatch):
    monkeypatch.delenv("CARDTABLE_PRIVACY_GUARD", raising=False)


async def _take(pilot, app) -> None:
    """Take the device on the privacy screen, one Enter after its guard."""
    await pilot.pause()
    assert isinstance(app.screen, PrivacyScreen)
    app.clock.now += HANDOVER_GUARDS * DEFAULT_GUARD + 0.01
    await pilot.press("enter")
    await pilot.pause()


async def test_a_held_back_target_is_not_remembered(real_guard):
    app = make_app(StartRequest())
    app.clock = SkippingClock()
    async with app.run_test(size=(80, 24)) as pilot:
        game = _game([1, 2, 3, 4, 5, 0], [7, 4, 3, 2, 1, 0], [7, 12, 12, 12])
        table = BloopsTable(Session(game))
        app.push_screen(table)
        await _take(pilot, app)  # Ann
        for kind, args in (("discard", {}), ("peek-player", {"target": ANN}), ("peek", {"position": 1}), ("remember", {}), ("claim", {"seat": BOB}), ("counter", {"position": 1})):
            app.clock.now += 10  # past every settle time: each key plays
            await _play(pilot, kind, **args)  # the last: Bob's 7 on the 7, his look
        await pilot.pause()
        if isinstance(app.screen, NewsScreen):  # the counter-discard is news for everyone
            app.clock.now += 10
            await pilot.press("enter")
        await _take(pilot, app)  # Bob
        assert app.screen is table and game.phase == "peek-player" and game.actor == BOB
        table._target = None  # the last target chosen here was Ann's (Ann's own look)
        moves = game.moves
        app.clock.now += DEFAULT_GUARD + 0.01  # within the settle time
        await _play(pilot, "peek-player", target=ANN)
        assert game.moves == moves, "the first choice after the hand-over was held back"
        assert "chose nothing" in table.query_one(DecisionPanel).note
        assert table._target is None, "a held-back choice of a player was remembered"
        app.clock.now += 0.2  # later than a burst's next key (STRAY_GAP)
        await _play(pilot, "peek-player", target=ANN)  # the choice itself plays
        assert game.moves == moves + 1 and table._target == ANN


async def test_play_held_back_remembers_no_target(real_guard):
    """``play`` itself holds back a choice made within the settle time (every way of
    choosing comes through it): then the Bloops table remembers no target either."""
    app = make_app(StartRequest())
    app.clock = SkippingClock()
    async with app.run_test(size=(80, 24)) as pilot:
        game = _game([1, 2, 3, 4, 5, 0], [5, 4, 3, 2, 1, 0], [7, 12, 12])
        table = BloopsTable(Session(game))
        app.push_screen(table)
        await _take(pilot, app)  # Ann
        app.clock.now += 10
        await _play(pilot, "discard")  # her 7: she picks whose card to look at
        assert game.phase == "peek-player" and table._target is None
        table._settle_until = app.clock.now + 1  # a hand-over's settle time, not over yet
        action = next(a for a in game.decision().actions if a.get("target") == BOB)
        moves = game.moves
        table.play(action)
        await pilot.pause()
        assert game.moves == moves, "the choice was held back"
        assert table._target is None, "a held-back choice of a player was remembered"
        app.clock.now += 0.2  # later than a burst's next key (STRAY_GAP)
        table.play(action)  # the next choice plays
        await pilot.pause()
        assert game.moves == moves + 1 and table._target == BOB
