"""Public facts of Black Ops' table that a fresh tester (tester5) found missing: the
reveal's recap in the Care Package window at 80×24 on a player's own view (ruling 9), the
Care Package counts and Specialists of the one-line seats beside the log at 80×24 (ruling
18), and the trades of the roomy seat tiles at 120×40."""

from __future__ import annotations

import re

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import screen_lines


@pytest.fixture(autouse=True)
def _fast(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    monkeypatch.setenv("CARDTABLE_INPUT_GRACE", "0")
    monkeypatch.setenv("CARDTABLE_PRIVACY_GUARD", "0")


def _app(players: int, seed: int = 11):
    """You and ``players - 1`` random computer players."""
    names = ("You",) + tuple(f"Computer {n}" for n in range(2, players + 1))
    return make_app(StartRequest(game="black-ops", players=names, seed=seed, computers={s: "random" for s in range(1, players)}))


async def _until(pilot, stop, moves: int = 80):
    """Play You's first option (news and privacy screens passed) until ``stop(screen)``;
    returns that table screen."""
    app = pilot.app
    for _ in range(moves):
        await pilot.pause(0.2)
        screen = app.screen
        if isinstance(screen, (NewsScreen, PrivacyScreen)):
            await pilot.press("enter")
            continue
        decision = screen.session.visible_decision()
        if decision is None:
            continue
        if stop(screen):
            return screen
        for key in screen.keys_for(decision.actions[0]):
            await pilot.press(key)
    raise AssertionError("the position never came")


def _window_open(screen) -> bool:
    decision = screen.session.visible_decision()
    return decision.kind == "claim" and bool(screen.session.view().info["recap"])


def _flat(app) -> str:
    return " ".join(" ".join(screen_lines(app)).split())


@pytest.mark.parametrize("players", [3, 5])
async def test_the_reveals_recap_is_on_the_table_when_the_window_opens_at_80x24(players):
    """Tester5 at 80×24 (You and four computers): when the Care Package window opened, the
    recap of the reveal ("Revealed. Drew Care Packages: Computer 3 +2 (match, Gun Game),
    ...") was only in the log, the line under the tiles showing You's hand. Ruling 9: the
    table shows the recap when the window opens. Now both are there, the hand whole."""
    app = _app(players)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _until(pilot, _window_open)
        await pilot.pause(0.2)
        view = screen.session.view()
        assert view.seat == 0, "You's own view"
        text = _flat(app)
        recap = " ".join(view.info["recap"].split())
        assert recap in text, f"the recap {recap!r} is not on the table:\n" + "\n".join(screen_lines(app))
        hand = [c.face for c in view.zone("hand:0").cards]
        assert all(card.name in text for card in hand), "\n".join(screen_lines(app))

