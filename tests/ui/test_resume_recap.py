"""After a resume, the first "Pass to …" lists what the table listed before the game was left
(a fresh tester's list started from the deal, not from the player's last turn): a game is
played through the screens to its n-th hand-over, the app is closed there and the save
resumed, and the resumed hand-over lists the same lines as the one left."""

from __future__ import annotations

import random

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import random_step


@pytest.mark.parametrize(
    "game_id, names, stops",
    [
        ("cold-war", ("Ann", "Bob"), 4),
        ("cold-war", ("Ann", "Bob"), 7),
        ("bloops", ("Ann", "Bob", "Cat"), 5),
        ("combat-cards", ("Ann", "Bob"), 4),
        ("black-ops", ("Ann", "Bob", "Cat"), 6),
        ("fofl", ("Ann", "Bob"), 4),
    ],
)
async def test_the_first_hand_over_after_a_resume_lists_what_the_live_one_did(game_id, names, stops):
    app = make_app(StartRequest(game=game_id, players=names, seed=5))
    rng = random.Random(1)
    seen: list[PrivacyScreen] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(600):
            screen = app.screen
            if isinstance(screen, PrivacyScreen) and (not seen or seen[-1] is not screen):
                seen.append(screen)
                if len(seen) == stops:
                    break
            await random_step(app, pilot, rng)
        assert len(seen) == stops, "the game did not reach that hand-over"
        live = seen[-1]
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        path = table.session.save.path
        deal = [e.text for e in table.session.game.log.entries if e.public][:3]
    assert live.recent, "nothing listed: nothing to compare"
    assert list(live.recent[:3]) != deal, "the live list starts at the deal: the case is not tested"

    app = make_app(StartRequest(resume=path))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, PrivacyScreen):
                break
        resumed = app.screen
        assert isinstance(resumed, PrivacyScreen)
        assert resumed.player == live.player
        assert resumed.recent == live.recent
