"""Issue 14, "Mouse": one way for a click on a card of the table, in every game. The card's
widget posts ``CardClicked``; the table maps it to the options of the decision on screen
that the card stands for (``TableScreen.card_actions``) and ``DecisionPanel.offer`` plays
exactly one, marks several, and a card that stands for none gets a short note. (The clicks
that play and mark in each game are also in test_cards_look, test_black_ops_look and
test_fofl_look.)"""

from __future__ import annotations

import random

from cardtable.ui import StartRequest, make_app
from cardtable.ui.cards import PICK_MARK, CardClicked
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.games.black_ops import PlayerTile
from cardtable.ui.games.fofl import CardTile
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.widgets import DecisionPanel


def notes(app) -> list[str]:
    return [n.message for n in app._notifications]


async def walk(pilot, stop, seed: int = 5, moves: int = 400):
    """Random moves through the screens (privacy screens and news passed) until
    ``stop(table)``; returns that table screen."""
    rng = random.Random(seed)
    app = pilot.app
    for _ in range(moves):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, (PrivacyScreen, NewsScreen)):
            await pilot.press("enter")
            continue
        assert isinstance(screen, TableScreen) and not isinstance(screen, GameOverScreen), type(screen).__name__
        if stop(screen):
            return screen
        decision = screen.session.visible_decision()
        action = decision.actions[rng.randrange(len(decision.actions))]
        if decision.kind == "claim" and rng.random() < 0.6:  # Black Ops: keep rounds moving
            action = next((a for a in decision.actions if a.role), action)
        for key in screen.keys_for(action):
            await pilot.press(key)
    raise AssertionError("the walk did not reach the wanted decision")


async def test_cold_war_a_hand_with_no_move_now_says_so_and_changes_nothing():
    """At the SPY's bet the TARGET's hands stand for nothing: a click says so."""
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "4")  # hand-over, Bob's glance: Ann's bet (public)
        await pilot.pause()
        screen = app.screen
        assert screen.session.visible_decision().kind == "bet"
        moves = screen.session.game.moves
        await pilot.click("#cw-right-card", offset=(4, 4))
        await pilot.pause()
        assert screen.session.game.moves == moves
        assert "That card has no move now." in notes(app)


async def test_black_ops_a_click_on_a_compact_seat_tile_claims_for_that_player():
    """At 80×24 (the compact ring of tiles) a seat's tile is clickable too."""
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cat", "Dan"), seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await walk(pilot, lambda s: s.session.visible_decision().kind == "claim")
        assert not screen.has_class("-roomy")
        seat = screen.session.visible_decision().actions[0]["seat"]
        tile = next(t for t in screen.query(PlayerTile) if t.seat == seat)
        moves = screen.session.game.moves
        await pilot.click(tile)
        await pilot.pause()
        assert screen.session.game.moves == moves + 1 and screen.session.game.claimant == seat


async def test_black_ops_a_seat_that_stands_for_nothing_is_named_in_the_note():
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cat", "Dan"), seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await walk(pilot, lambda s: s.session.visible_decision().kind == "deal")
        decision = screen.session.visible_decision()
        idle = next(s for s in range(4) if s not in decision.seats)  # the deal names no seat
        moves = screen.session.game.moves
        screen.post_message(CardClicked(("seat", idle)))
        await pilot.pause()
        assert screen.session.game.moves == moves
        assert f"{screen.session.game.players[idle]} has no move now." in notes(app)


async def test_bloops_an_area_card_at_the_memorise_step_has_no_move():
    app = make_app(StartRequest(game="bloops", players=("Ann", "Bob"), seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert screen.session.visible_decision().kind == "memorise"
        screen.post_message(CardClicked(("area", 1, 2)))
        await pilot.pause()
        assert screen.session.game.moves == 0 and "That card has no move now." in notes(app)


async def test_a_pass_for_everyone_is_marked_not_played_by_a_click():
    """A card that stands for a pass for the whole table (``pass-all``) only marks it: that
    option is played by its own key (issue 12.9), never by the mouse."""
    app = make_app(StartRequest(game="bloops", players=("Ann", "Bob"), seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await walk(pilot, lambda s: any(a.role == "pass-all" for a in s.session.visible_decision().actions))
        panel = screen.query_one(DecisionPanel)
        index = next(i for i, a in enumerate(panel.actions) if a.role == "pass-all")
        moves = screen.session.game.moves
        screen.choose_by_card([panel.actions[index]])
        await pilot.pause()
        assert screen.session.game.moves == moves
        options = panel.query_one("#decision-options")
        assert options.highlighted == index and PICK_MARK in str(options.get_option_at_index(index).prompt)
        assert any(f"press {panel.keys[index]}" in n for n in notes(app))


async def test_combat_cards_a_hand_card_outside_building_has_no_move():
    """The hand's cards are clicked into the warband while building (test_cards_look); on the
    public round result they stand for nothing."""
    app = make_app(StartRequest(game="combat-cards", players=("Ann", "Bob"), seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await walk(pilot, lambda s: s.session.visible_decision().kind == "result")
        moves = screen.session.game.moves
        screen.post_message(CardClicked(("hand", 0)))
        await pilot.pause()
        assert screen.session.game.moves == moves and "That card has no move now." in notes(app)


async def test_fofl_a_tile_posts_the_click_and_an_opponents_card_names_itself():
    """A FOFL tile posts ``CardClicked((zone, index))``; on the turn menu the opponent's
    Website stands for no option nor menu: the note names it."""
    app = make_app(StartRequest(game="fofl", players=("Ann", "Bob"), seed=7))
    posted: list[CardClicked] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        game = screen.session.game
        anfofl = next(c for c in game.all_cards() if c.defn.id == "anfofl")
        game.enter_play(anfofl, 1)
        game.invalidate()
        screen.redraw()
        await pilot.pause()
        tile = next(t for t in screen.query(CardTile) if t.zone == "sites:1")
        original = screen.card_clicked
        screen.card_clicked = lambda ref: (posted.append(ref), original(ref))  # type: ignore[method-assign]
        moves = game.moves
        await pilot.click(tile, offset=(2, 1))
        await pilot.pause()
        assert posted == [("sites:1", tile.index)]
        assert game.moves == moves
        assert any(n.startswith("ANFOFL ") for n in notes(app)), notes(app)
