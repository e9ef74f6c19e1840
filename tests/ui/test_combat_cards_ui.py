"""Citadel Combat Cards through the real screens: whole 3-player and Civil War games by key
presses (privacy screens included), the warband builder's live value and explanations,
setting up armies and the variant, and snapshots of the main screens at 80×24."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from textual.widgets import OptionList, Select

from cardtable.engine.saves import read_save
from cardtable.games.combat_cards import warband_value
from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.games.combat_cards import CombatCardsTable
from cardtable.ui.menu import MenuScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.setup import SetupScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_text, settled_lines

SIZE = (80, 24)
THREE = StartRequest(game="combat-cards", players=("Ann", "Bob", "Cat"), seed=3, options={"deck": ("orks", "dark-eldar", "chaos-space-marines")})
CIVIL_WAR = StartRequest(game="combat-cards", players=("Ann", "Bob"), seed=8, options={"deck": ("space-marines", "orks"), "variant": "civil-war"})


def table_of(app) -> CombatCardsTable:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


def secret_names(game, viewer: int | None = None) -> set[str]:
    """Names of the cards in hands other than ``viewer``'s: none may be on screen. Names
    that occur inside a card name the viewer may see are left out (a Dark Eldar Raider in
    another hand while a Chaos Land Raider is in the viewer's own hand or face up)."""
    visible = [c.defn.name for c in game.all_cards() if c.visible_to(viewer)]
    secret = {c.defn.name for s, h in enumerate(game.hands) if s != viewer for c in h}
    return {n for n in secret if not any(n in v for v in visible)}


async def play_game(app, pilot, seed: int = 0) -> Counter:
    """Play a whole game through the screens: Enter on privacy screens, a random legal
    warband picked card by card (checking the builder's live line) and Enter, ``1`` on the
    result. Checks that no screen shows a hand that is not the looking player's."""
    rng = random.Random(seed)
    seen: Counter = Counter()
    for _ in range(3000):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return seen
        game = table_of(app).session.game
        if isinstance(screen, PrivacyScreen):
            seen["privacy"] += 1
            text = screen_text(app)
            assert not [n for n in secret_names(game) if n in text], text
            await pilot.press("enter")
            continue
        assert isinstance(screen, CombatCardsTable)
        decision = screen.session.visible_decision()
        assert decision is not None
        if decision.kind == "result":
            seen["result"] += 1
            text = screen_text(app)
            assert not [n for n in secret_names(game) if n in text], text
            await pilot.press("1" if rng.random() < 0.5 else "enter")
            continue
        seen["warband"] += 1
        seat = decision.seat
        hand = game.hand_defs(seat)
        most = max(len(a.get("cards") or ()) for a in decision.actions)
        biggest = [a for a in decision.actions if len(a.get("cards") or ()) == most]
        action = rng.choice(biggest if rng.random() < 0.7 else decision.actions)  # shorter games
        positions = list(action["cards"]) if action.type == "warband" else [action["card"]]
        await pilot.press(*[str(i + 1) for i in positions])
        await pilot.pause()
        text = screen_text(app)
        assert not [n for n in secret_names(game, viewer=seat) if n in text], text
        chosen = [hand[i] for i in positions]
        if action.type == "warband":
            n = len(chosen)
            assert f"Warband: {warband_value(chosen)} points, {n} card{'s' if n != 1 else ''}  ✓ Legal: press Enter to lay it." in text
        else:
            seen["discard"] += 1
            assert "scores 0" in text
        moves = game.moves
        await pilot.press("enter")
        await pilot.pause()
        assert table_of(app).session.game.moves == moves + 1
    raise AssertionError("the game did not end through the screens")


async def test_a_whole_three_player_game_through_the_screens(cardtable_home):
    app = make_app(THREE)
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_game(app, pilot, seed=1)
        assert isinstance(app.screen, GameOverScreen)
        game = app.screen.session.game
        assert seen["privacy"] >= seen["warband"] >= 3 * 8 and seen["result"] >= 8
        outcome = game.outcome()
        text = "\n".join(await settled_lines(app, pilot))  # the frames are held until the reveal is fitted
        assert "game over" in text and outcome.summary in text and "Rounds won" in text
        assert game.card_count() == 105
        (save,) = list(cardtable_home.glob("saves/*.jsonl"))
        assert read_save(save).over


async def test_a_civil_war_game_through_the_screens():
    app = make_app(CIVIL_WAR)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        assert "Civil War: Ann's Space Marines deck is shuffled and dealt" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "Civil War" in text and "Space Marines" in text and "12" in text
        seen = await play_game(app, pilot, seed=2)
        game = app.screen.session.game
        assert game.variant == "civil-war" and game.card_count() == 35 and len(game.set_aside) == 1
        assert {c.defn.get("army") for c in game.all_cards()} == {"space-marines"}
        assert seen["warband"] >= 2 * 4


async def first_turn(app, pilot) -> tuple[CombatCardsTable, object]:
    """Pass the opening privacy screen: Ann's private table screen and the game."""
    await pilot.press("enter")
    await pilot.pause()
    return app.screen, app.screen.session.game


async def test_cards_that_cannot_join_the_warband_are_dimmed_with_the_reason():
    """Issue 12.2: with one colour chosen, a card of another colour is drawn dimmed and ✗, and
    the line under the hand says why; nothing is laid."""
    app = make_app(THREE)
    async with app.run_test(size=SIZE) as pilot:
        screen, game = await first_turn(app, pilot)
        hand = game.hand_defs(0)
        a = next(i for i, d in enumerate(hand) if d.colour != "white")
        others = [i for i, d in enumerate(hand) if d.colour not in ("white", hand[a].colour)]
        if not others:
            pytest.skip("the seed's first hand must hold two colours")
        await pilot.press(str(a + 1))
        await pilot.pause()
        from cardtable.ui.games.combat_cards import HandCard

        assert screen.query_one(f"#cc-card-{others[0]}", HandCard).blocked
        assert not screen.query_one(f"#cc-card-{a}", HandCard).blocked
        text = screen_text(app)
        assert f"this warband is {hand[a].colour}: its coloured cards share one colour" in text
        assert game.moves == 0
        await pilot.press(str(a + 1))  # taken out: nothing is dimmed any more
        await pilot.pause()
        assert not any(screen.query_one(f"#cc-card-{i}", HandCard).blocked for i in range(len(hand)))


async def test_the_builder_explains_an_illegal_warband_before_anything_is_laid():
    app = make_app(THREE)
    async with app.run_test(size=SIZE) as pilot:
        screen, game = await first_turn(app, pilot)
        hand = game.hand_defs(0)
        colours = [d.colour for d in hand]
        a = next(i for i, d in enumerate(hand) if d.colour != "white")
        b = next(i for i, d in enumerate(hand) if d.colour not in ("white", colours[a]))
        await pilot.press(str(a + 1), str(b + 1))
        await pilot.pause()
        text = screen_text(app)
        assert "✗ All coloured cards of a warband must share one colour" in text
        assert f"Warband: {hand[a].value + hand[b].value} points, 2 cards  ✗ not legal" in text, "value and count shown live"
        await pilot.press("enter")
        await pilot.pause()
        assert game.moves == 0 and app.screen is screen, "nothing was laid"
        assert any("share one colour" in str(n.message) for n in app._notifications)
        await pilot.press(str(b + 1))  # take the second card out again
        await pilot.pause()
        text = screen_text(app)
        assert f"Warband: {hand[a].value} points, 1 card  ✓ Legal" in text
        assert f"\n {hand[a].name} {hand[a].value}\n" in text
        await pilot.press("c")
        await pilot.pause()
        assert "Press 1–5" in screen_text(app) and not screen.selected
        await pilot.click(f"#cc-card-{b}")  # the mouse toggles cards too
        await pilot.pause()
        assert screen.selected == {b} and f"Warband: {hand[b].value} points, 1 card" in screen_text(app)
        await pilot.press("c")
        await pilot.press(str(a + 1), "enter")
        await pilot.pause()
        assert [c.defn for c in game.warbands[0]] == [hand[a]]
        assert isinstance(app.screen, PrivacyScreen), "the device goes to Bob"
        text = screen_text(app)
        assert "share one colour" not in text and not app._notifications, "Ann's toast left with her"
        assert hand[b].name not in text


async def test_a_hand_of_bonus_cards_is_discarded_through_the_builder():
    app = make_app(THREE)
    async with app.run_test(size=SIZE) as pilot:
        screen, game = await first_turn(app, pilot)
        # arrange Ann's hand to hold only bonus cards (taken from her draw pile)
        hand, draw = game.hands[0], game.draws[0]
        for card in [c for c in hand if c.defn.colour != "white"]:
            hand.remove(card)
            draw.add(card)
        for card in [c for c in draw if c.defn.colour == "white"][: 5 - len(hand)]:
            draw.remove(card)
            hand.add(card)
        game.invalidate()
        screen.redraw()
        await pilot.pause()
        assert "You hold only bonus cards: press the number of the one to discard" in screen_text(app)
        footer = screen_text(app).splitlines()[-1]
        assert "Lay warband" not in footer and "Discard" in footer, footer
        await pilot.press("1", "2")
        await pilot.pause()
        assert "✗ You hold only bonus cards: discard exactly one" in screen_text(app)
        await pilot.press("2")
        await pilot.pause()
        first = game.hand_defs(0)[0]
        text = screen_text(app)
        assert f"Discard: {first.name} {first.value} → scores 0  ✓ Legal: press Enter to discard it." in text
        await pilot.press("enter")
        await pilot.pause()
        assert game.discarded == {0} and [c.defn for c in game.warbands[0]] == [first]


async def test_the_result_is_public_and_the_next_round_starts_from_the_winner():
    app = make_app(THREE)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await pilot.press("enter")  # privacy screen
            await pilot.pause()
            best = app.screen.session.visible_decision().actions[0]
            await pilot.press(*[str(i + 1) for i in best["cards"]], "enter")
            await pilot.pause()
        screen = app.screen
        game = screen.session.game
        assert isinstance(screen, CombatCardsTable) and screen.session.visible_decision().kind == "result"
        text = screen_text(app)
        winner = game.result["winner"]
        assert f"★ {game.players[winner]} wins the round" in text
        for seat in range(3):
            defs = [c.defn for c in game.warbands[seat]]
            assert f"{warband_value(defs):>3} {len(defs):>5}" in text
        assert not [n for n in secret_names(game) if n in text]
        await pilot.press("1")
        await pilot.pause()
        assert game.lead == winner and game.round_no == 2
        assert isinstance(app.screen, PrivacyScreen) and f"Pass to {game.players[winner]}" in screen_text(app)


async def open_setup(pilot) -> SetupScreen:
    """From the menu, open Combat Cards' setup screen (Enter on its menu entry)."""
    await pilot.pause()
    menu = pilot.app.screen
    assert isinstance(menu, MenuScreen)
    options = menu.query_one("#menu-list", OptionList)
    options.highlighted = options.get_option_index("game:combat-cards")
    await pilot.press("enter")
    await pilot.pause()
    setup = pilot.app.screen
    assert isinstance(setup, SetupScreen)
    for widget in setup.query("Input"):
        widget.cursor_blink = False
    return setup


async def test_setup_picks_armies_and_the_civil_war_variant():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        text = screen_text(app)
        assert "Variant" in text and "Orks" in text
        setup.query_one("#opt-deck-0", Select).value = "dark-eldar"
        setup.query_one("#opt-deck-1", Select).value = "space-marines"
        setup.query_one("#opt-variant", Select).value = "civil-war"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        game = table_of(app).session.game
        assert game.variant == "civil-war" and game.army_ids == ("dark-eldar", "dark-eldar"), "seat 1's army is dealt"
        assert game.card_count() == 35


async def test_setup_of_three_players_brings_three_armies_and_no_civil_war():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        setup.query_one("#setup-count", Select).value = 3
        await pilot.pause()
        assert not setup.query_one("#row-variant").display, "Civil War is for two players"
        for seat, army in enumerate(("chaos-space-marines", "orks", "chaos-space-marines")):
            setup.query_one(f"#opt-deck-{seat}", Select).value = army
        await pilot.press("ctrl+s")
        await pilot.pause()
        game = table_of(app).session.game
        assert game.variant == "standard" and game.army_ids == ("chaos-space-marines", "orks", "chaos-space-marines")
        assert game.card_count() == 105


async def test_civil_war_greys_out_seat_twos_army():
    """Ruling 2: Civil War deals seat 1's army, so seat 2's army choice is disabled."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        assert not setup.query_one("#opt-deck-1", Select).disabled
        setup.query_one("#opt-variant", Select).value = "civil-war"
        await pilot.pause()
        assert setup.query_one("#opt-deck-1", Select).disabled and not setup.query_one("#opt-deck-0", Select).disabled
        setup.query_one("#opt-variant", Select).value = "standard"
        await pilot.pause()
        assert not setup.query_one("#opt-deck-1", Select).disabled


# ---------------------------------------------------------------- snapshots


def three():
    return make_app(THREE)


@pytest.mark.snapshot
def test_snapshot_privacy_screen(snap_compare):
    assert snap_compare(three(), terminal_size=SIZE)


@pytest.mark.snapshot
def test_snapshot_building_a_warband(snap_compare):
    async def build(pilot):
        await pilot.press("enter")
        await pilot.pause()
        best = pilot.app.screen.session.visible_decision().actions[0]
        await pilot.press(*[str(i + 1) for i in best["cards"]])

    assert snap_compare(three(), terminal_size=SIZE, run_before=build)


@pytest.mark.snapshot
def test_snapshot_round_result(snap_compare):
    async def round_(pilot):
        for _ in range(3):
            await pilot.press("enter")
            await pilot.pause()
            best = pilot.app.screen.session.visible_decision().actions[-1]
            await pilot.press(*[str(i + 1) for i in best["cards"]], "enter")
            await pilot.pause()

    assert snap_compare(three(), terminal_size=SIZE, run_before=round_)


@pytest.mark.snapshot
def test_snapshot_setup(snap_compare):
    async def setup(pilot):
        await open_setup(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=setup)


async def test_the_key_bar_keeps_lay_warband_beside_the_keys_panel_at_80x24():
    """The fresh tester at 80×24 with F1's keys panel open: the key bar (50 columns beside
    the panel) ended in "⏎" without "Lay warband", the key a player building a warband
    needs. Enter's action now comes first in the bar (the panel lists every other key)."""
    app = make_app(THREE)
    async with app.run_test(size=SIZE) as pilot:
        screen, _game = await first_turn(app, pilot)
        await pilot.press("f1")
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert screen.building() is not None
        assert "⏎ Lay warband" in footer, footer


async def test_the_narrow_area_class_is_not_textuals_narrow_breakpoint():
    """``-narrow`` had two meanings on this screen: Textual's breakpoint (under 120 columns,
    80×24 included) and the table's "the area is narrower than 56 columns" (the hand as a
    line a card). Setting the second removed the first at 80×24, and a resize put it back
    before the table was drawn again. The table's class is now ``NARROW_AREA``: at 80×24 the
    screen keeps Textual's ``-narrow`` and the hand stays cards 5 lines high, also after a
    resize from 120×40; with F1 and the log open at 120×40 the hand is a line a card."""
    from cardtable.ui.games.combat_cards import NARROW_AREA, HandCard

    app = make_app(THREE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, _game = await first_turn(app, pilot)
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.2)
        assert screen.has_class("-narrow") and not screen.has_class(NARROW_AREA)
        cards = [c for c in screen.query(HandCard) if c.display]
        assert cards and all(c.region.height == 5 for c in cards), [c.region for c in cards]
        await pilot.resize_terminal(120, 40)
        await pilot.press("f1", "l")
        await pilot.pause(0.2)
        assert screen.has_class(NARROW_AREA) and not screen.has_class("-roomy")
        assert all(c.region.height <= 2 for c in screen.query(HandCard) if c.display)
