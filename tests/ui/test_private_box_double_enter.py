"""A double Enter on a private "Just happened" box must not make the seat's next move
(a fresh tester: Black Ops, seed 7, Ann/Bob/Cy at 160×48; Bob trades with Cy, Cy's box
"Just happened — Cy only" comes up, and Enter Enter closed it and chose "Cy keeps their
Load Out", which no undo takes back). The public news box already guarded the key after
it; the private one now does the same (``TableScreen._guard_after_box``). Real guard
times, on a clock that moves only when the test says."""

from __future__ import annotations

from cardtable.ui import StartRequest, make_app
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import DEFAULT_GUARD, PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.widgets import DecisionPanel
from cardtable.ui.testing import screen_text, until


class SkippingClock:
    """A clock that moves only when the test says (a slow machine is no player's pause)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_a_double_enter_on_a_private_box_does_not_choose_for_the_seat(monkeypatch):
    monkeypatch.delenv("CARDTABLE_PRIVACY_GUARD", raising=False)
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cy"), seed=7))
    app.clock = SkippingClock()
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        game = table.session.game
        # Bob trades with Cy: 1 (Ann, public), Enter (Pass to Bob), 2 (Bob trades), Enter (Pass to Cy)
        for key, then in (("1", PrivacyScreen), ("enter", TableScreen), ("2", PrivacyScreen), ("enter", TableScreen)):
            app.clock.now += 2.0  # a person's pace: every guard is over
            await pilot.press(key)
            assert await until(pilot, lambda: isinstance(app.screen, then)), (key, screen_text(app))
        app.clock.now += 2.0
        await pilot.press("1")  # Cy takes Bob's trade: Cy's own news of it comes first
        assert await until(pilot, lambda: isinstance(app.screen, NewsScreen)), screen_text(app)
        box = app.screen
        assert "Cy only" in screen_text(app), screen_text(app)
        moves = game.moves
        decision = table.session.visible_decision()
        assert decision is not None and decision.seats == (2,), decision
        app.clock.now += 2.0  # Cy reads the box, then presses Enter twice
        await pilot.press("enter", "enter")
        assert await until(pilot, lambda: app.screen is table), screen_text(app)
        await pilot.pause()
        assert box not in app.screen_stack
        assert game.moves == moves, "the second Enter chose Cy's next move"
        assert table.session.visible_decision() is decision
        assert "Too soon" in table.query_one(DecisionPanel).note, table.query_one(DecisionPanel).note
        app.clock.now += DEFAULT_GUARD + 0.01  # after the guard, Enter chooses as ever
        await pilot.press("enter")
        assert await until(pilot, lambda: game.moves == moves + 1), screen_text(app)
