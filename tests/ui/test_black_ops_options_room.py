"""Black Ops' roomy table lists every option of a decision with more than 9 where the screen
has the rows: the fresh tester at 200×60 saw options 1–9 of a Care Package choice (card ×
target: ACOG Sight, Extended Mag and EMP in hand) over "↓ more below", beside a "Your Care
Packages" box with about 10 empty rows."""

from __future__ import annotations

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import settled_lines
from cardtable.ui.widgets import DecisionPanel
from test_black_ops_ui import _take, _to_window  # tests/ui is on the path


@pytest.fixture(autouse=True)
def _fast(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    monkeypatch.setenv("CARDTABLE_INPUT_GRACE", "0")
    monkeypatch.setenv("CARDTABLE_PRIVACY_GUARD", "0")


async def _care_package_choice(app, pilot):
    """Seed 5, four players at one screen: in the Care Package window Ann (Semtex in hand)
    takes ACOG Sight, Extended Mag and EMP too and claims: 13 options, EMP not playable."""
    await _to_window()(pilot)
    screen = app.screen
    game = screen.session.game
    for card_id in ("acog-sight", "extended-mag", "emp"):
        game.hands[0].add(_take(game, card_id, game.cp_deck, game.cp_discard, *game.hands[1:]))
    screen, decision = await claim_after_change(app, pilot)
    assert len(decision.actions) > 9, decision
    return screen, decision


async def claim_after_change(app, pilot):
    """Draw the table again after a test changed the game, let Ann claim the Care Package
    window (``1``), pass the hand-over; return the screen and Ann's decision."""
    screen = app.screen
    screen.session.game.invalidate()
    screen.redraw()
    await pilot.pause()
    await pilot.press("1")  # Ann claims
    for _ in range(5):
        await pilot.pause()
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
    screen = app.screen
    decision = screen.session.visible_decision()
    assert decision is not None, decision
    return screen, decision


@pytest.mark.parametrize("size", [(200, 60), (180, 54)], ids=["200x60", "180x54"])
async def test_every_option_of_a_care_package_choice_is_listed_where_the_table_has_rows(size):
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cat", "Dan"), seed=5))
    async with app.run_test(size=size) as pilot:
        screen, decision = await _care_package_choice(app, pilot)
        lines = await settled_lines(app, pilot)
        text = "\n".join(lines)
        assert all(action.label in text for action in decision.actions), text
        assert "more below" not in text, text
        panel = screen.query_one(DecisionPanel)
        hand = screen.query_one("#bo-hand-cards")
        assert panel.region.y >= hand.region.bottom and hand.region.height >= screen.FOOT_KEEP, text
        for tile in screen.query("SeatTile"):  # the seats keep their whole box
            assert tile.region.bottom <= hand.region.y, text


async def test_at_120x40_the_panel_keeps_its_usual_height():
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cat", "Dan"), seed=5))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, _ = await _care_package_choice(app, pilot)
        text = "\n".join(await settled_lines(app, pilot))
        assert screen.query_one(DecisionPanel).region.height <= 12, text
        assert "more below" in text, text  # no rows to spare: the list scrolls and says so
