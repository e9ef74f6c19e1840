"""Black Ops Free-For-All through the real screens: a whole 4-player game by key presses
(privacy screens included), the table's layout at 80×24, and snapshots."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.engine.saves import read_save
from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.games.black_ops import BlackOpsTable, PlayerTile, pips, ring_positions
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.rules import RulesScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import private_faces, screen_text

SIZE = (80, 24)
FOUR = ("Ann", "Bob", "Cat", "Dan")
EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fin", "Gus", "Hal")


def start(players=FOUR, seed=5):
    return make_app(StartRequest(game="black-ops", players=players, seed=seed))


def table_of(app) -> TableScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


def check_privacy_screen(app, screen: PrivacyScreen) -> None:
    """Nothing private on the privacy screen: its recent lines are public log entries, and a
    private card's name may appear only inside such a public line (a face-up copy)."""
    game = table_of(app).session.game
    public = {e.text for e in game.log.entries if e.public}
    assert set(screen.recent) <= public
    text = screen_text(app)
    assert f"Pass to {screen.player}" in text and "look away" in text
    if screen.left_out:  # a long sequence keeps its first line and counts the rest
        assert f"… {screen.left_out} more in the log …" in text
    for face in private_faces(game):
        if face in text:
            assert any(face in line for line in screen.recent), f"private {face!r} on the privacy screen:\n{text}"


async def press_option(pilot, number: int) -> None:
    if number > 10:
        for _ in range(number - 1):
            await pilot.press("down")
        await pilot.press("enter")
    else:
        await pilot.press(str(number % 10))


async def play_game(app, pilot, seed=0, max_steps=6000) -> Counter:
    """Play to the game-over screen: Enter on privacy screens, a choice on table screens
    (passing more often than not in the Care Package window, to keep games short)."""
    rng = random.Random(seed)
    seen: Counter = Counter()
    for _ in range(max_steps):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return seen
        if isinstance(screen, PrivacyScreen):
            seen["privacy"] += 1
            check_privacy_screen(app, screen)
            await pilot.press("enter")
            continue
        assert isinstance(screen, BlackOpsTable), type(screen).__name__
        decision = screen.session.visible_decision()
        assert decision is not None, "a table screen without a decision"
        seen[decision.kind] += 1
        if decision.private:
            assert screen.session.screen_seat() == decision.seat
        else:
            assert screen.session.screen_seat() is None, "a public decision shows the public table"
        actions = decision.actions
        if decision.kind == "claim" and rng.random() < 0.75:
            choice = next(i for i, a in enumerate(actions) if a.type == "pass")
        else:
            choice = rng.randrange(len(actions))
        await press_option(pilot, choice + 1)
    raise AssertionError("the game did not end through the screens")


# ====================================================================== pure helpers


def test_the_ring_goes_clockwise_round_two_rows():
    assert ring_positions(3) == [0, 1, 2]
    assert ring_positions(5) == [0, 1, 2, 3, None, None, None, 4]
    assert ring_positions(8) == [0, 1, 2, 3, 7, 6, 5, 4]
    assert pips(3, 4) == "♥♥♥♡"


# ====================================================================== a whole game


async def test_a_whole_four_player_game_through_the_screens(cardtable_home):
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_game(app, pilot)
        assert isinstance(app.screen, GameOverScreen)
        game = app.screen.session.game
        outcome = game.outcome()
        assert outcome is not None and game.round >= 4
        for kind in ("deal", "trade", "trade-target", "claim", "care-package"):
            assert seen[kind] > 0, kind
        # every private decision by a new player came after a privacy screen
        assert seen["privacy"] >= seen["trade-target"]
        text = screen_text(app)
        assert "game over" in text and outcome.summary in text
        saves = list(cardtable_home.glob("saves/*.jsonl"))
        assert len(saves) == 1 and read_save(saves[0]).over


async def test_the_opening_table_is_public_and_the_deal_leads_to_a_privacy_screen():
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BlackOpsTable)
        text = screen_text(app)
        game = screen.session.game
        for seat, name in enumerate(FOUR):
            assert name in text and game.specialists[seat].top.defn.name in text
        assert "♥♥♥♥" in text and "◆ Ann" in text and "Reveal the Event and deal round 1" in text
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        check_privacy_screen(app, app.screen)
        event = game.event_zone.top.defn.name
        assert event in screen_text(app), "what just happened in public is shown"


async def test_a_private_trade_screen_shows_only_the_players_own_cards():
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await pilot.pause()
        player = app.screen.player
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        game = screen.session.game
        seat = game.players.index(player)
        text = screen_text(app)
        assert f"{player}'s Care Packages:" in text
        mine = game.loadout(seat)
        assert mine.defn.name in text and "face down · yours" in text
        for card in game.hands[seat]:
            assert card.defn.name in text
        view = screen.session.view()
        for other in range(4):
            if other != seat:
                assert view.zone(f"loadout:{other}").cards[0].face is None
        assert text.count("face down ▒") == 3


async def test_the_trade_target_is_asked_on_a_private_screen():
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await pilot.press("enter")
        await pilot.pause()
        game = app.screen.session.game
        trader = app.screen.session.visible_decision().seat
        trade = next(i for i, a in enumerate(app.screen.session.visible_decision().actions) if a.type == "trade")
        await pilot.press(str(trade + 1))
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen), "the target takes the device"
        target = game.target
        assert app.screen.player == game.players[target]
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert f"{game.players[trader]} wants to trade Load Outs with you." in text
        assert f"Give your {game.loadout(target).defn.value} {game.loadout(target).defn.name}" in text


async def test_rules_key_opens_the_black_ops_rules():
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "Black Ops" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, BlackOpsTable)


async def test_an_eliminated_player_is_shown_out():
    app = start(FOUR[:3])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        game = screen.session.game
        game.health[2], game.eliminated_round[2] = 0, 4
        game.invalidate()
        screen.redraw()
        await pilot.pause()
        text = screen_text(app)
        assert "ELIMINATED" in text and "out in round 4" in text and "♡♡♡♡" in text


async def test_eight_players_fit_at_80_by_24():
    app = start(EIGHT, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        for name in EIGHT:
            assert name in text
        assert "Choose" in text.splitlines()[-1], "the footer is on screen"
        tiles = [t for t in app.screen.query(PlayerTile) if t.seat is not None]
        assert len(tiles) == 8 and all(t.region.bottom <= 24 for t in tiles)


# ====================================================================== snapshots


def _to_window(seed=5, players=FOUR):
    """Keys that deal round 1 and keep every Load Out, up to the Care Package window."""

    async def run(pilot):
        await pilot.press("1")
        for _ in range(20):
            await pilot.pause()
            screen = pilot.app.screen
            if isinstance(screen, PrivacyScreen):
                await pilot.press("enter")
                continue
            decision = screen.session.visible_decision()
            if decision.kind == "claim":
                return
            await pilot.press("1")  # keep / give
        raise AssertionError("no Care Package window")

    return run


@pytest.mark.snapshot
def test_snapshot_opening_table(snap_compare):
    assert snap_compare(start(), terminal_size=SIZE)


@pytest.mark.snapshot
def test_snapshot_private_trade(snap_compare):
    assert snap_compare(start(), terminal_size=SIZE, press=["1", "enter"])


@pytest.mark.snapshot
def test_snapshot_care_package_window(snap_compare):
    assert snap_compare(start(), terminal_size=SIZE, run_before=_to_window())


@pytest.mark.snapshot
def test_snapshot_eight_players(snap_compare):
    assert snap_compare(start(EIGHT, seed=3), terminal_size=SIZE, run_before=_to_window())
