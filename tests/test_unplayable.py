"""Issue 12.2: a decision lists the cards in hand that cannot be played now, each with a
reason the acting seat may know; the table shows them dimmed and choosing one only says why."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import Action, Decision, new_game
from cardtable.engine.testing import assert_no_leaks


def first_with_unplayable(game_id, players, seed, kind, chooser_seed=1, limit=3000, **options):
    game = new_game(game_id, players, seed=seed, options=options or None)
    chooser = random.Random(chooser_seed)
    for _ in range(limit):
        decision = game.decision()
        assert decision is not None, "the game ended before any card was unplayable"
        if decision.unplayable and decision.kind == kind:
            return game, decision
        game.act(chooser.choice(decision.actions))
    raise AssertionError("no unplayable card came up")


def test_a_public_decision_cannot_list_a_hand():
    with pytest.raises(ValueError, match="private"):
        Decision((0,), "Bet?", (Action.of("bet"),), private=False, unplayable=(("Hack", "why"),))


def test_fofl_play_menu_says_why_a_card_cannot_be_played():
    game, decision = first_with_unplayable("fofl", ("Ann", "Bob"), 3, "menu", websites="setup")
    assert decision.unplayable == (("Interceptor", "Spacecraft need Outer Space in play"),)
    seat = decision.seat
    hand = {c.defn.name for c in game.zones[f"hand:{seat}"]}
    offered = {a.label.split(" (")[0] for a in decision.actions}
    for name, reason in decision.unplayable:
        assert name in hand and name not in offered and reason
    assert_no_leaks(game)


def test_fofl_every_unplayable_card_has_the_rules_reason():
    """Over random play: the list is exactly the hand's cards (by name) that ``play_problem``
    refuses, in the play menu; and no reason is offered on a public decision."""
    game = new_game("fofl", ("Ann", "Bob"), seed=8)
    chooser = random.Random(4)
    seen = 0
    for _ in range(600):
        decision = game.decision()
        if decision is None:
            break
        if decision.kind == "menu" and decision.prompt.split(": ")[1].startswith("play which card"):
            seat = decision.seat
            expected = {}
            for card in game.zones[f"hand:{seat}"]:
                problem = game.play_problem(seat, card)
                if problem is not None:
                    expected.setdefault(card.defn.name, problem)
            assert dict(decision.unplayable) == expected
            seen += len(expected)
        game.act(chooser.choice(decision.actions))
    assert seen > 0


def test_black_ops_window_says_why_a_care_package_cannot_be_played():
    game, decision = first_with_unplayable("black-ops", 4, 5, "care-package", chooser_seed=2)
    assert ("Hard Wired (STOP)", "play it when a player wants to trade Load Outs with you") in decision.unplayable
    assert [a.label for a in decision.actions] == ["Play nothing (pass)"]
    assert_no_leaks(game)


async def test_the_table_shows_unplayable_cards_dimmed_and_choosing_one_changes_nothing():
    from cardtable.engine.session import Session
    from cardtable.ui import StartRequest, make_app
    from cardtable.ui.games.fofl import SCREEN
    from cardtable.ui.testing import screen_text
    from cardtable.ui.widgets import DecisionPanel

    game, decision = first_with_unplayable("fofl", ("Ann", "Bob"), 3, "menu", websites="setup")
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        session = Session(game)
        app.push_screen(SCREEN(session))
        await pilot.pause()
        await pilot.press("enter")  # the privacy screen
        await pilot.pause()
        text = screen_text(app)
        assert "✗  Interceptor — not now: Spacecraft need Outer Space in play" in text, text
        panel = app.screen.query_one(DecisionPanel)
        before = game.snapshot()
        options = panel.query_one("#decision-options")
        options.highlighted = len(decision.actions)  # the dimmed Interceptor line
        await pilot.press("enter")
        await pilot.pause()
        assert game.snapshot() == before, "choosing an unplayable card changes nothing"
        notes = [n.message for n in app._notifications]
        assert "Interceptor cannot be played now: Spacecraft need Outer Space in play." in notes
