"""Issue 12.2: a decision lists the cards in hand that cannot be played now, each with a
reason the acting seat may know; the table shows them dimmed and choosing one only says why."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import Action, Decision, new_game
from cardtable.engine.testing import assert_no_leaks


def first_with_unplayable(game_id, players, seed, kind, chooser_seed=1, limit=3000):
    game = new_game(game_id, players, seed=seed)
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
    game, decision = first_with_unplayable("fofl", ("Ann", "Bob"), 3, "menu")
    assert decision.unplayable == (("Blitzkrieg", "it has nothing to aim at"),)  # the deal since the Websites ruling (issue 12.14)
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

    game, decision = first_with_unplayable("fofl", ("Ann", "Bob"), 3, "menu")
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        session = Session(game)
        app.push_screen(SCREEN(session))
        await pilot.pause()
        await pilot.press("enter")  # the privacy screen
        await pilot.pause()
        text = screen_text(app)
        name, reason = decision.unplayable[0]
        assert f"✗  {name} — not now: {reason}" in text, text
        panel = app.screen.query_one(DecisionPanel)
        before = game.snapshot()
        options = panel.query_one("#decision-options")
        options.highlighted = len(decision.actions)  # the dimmed line of that card
        await pilot.pause()
        await pilot.pause()
        assert reason in str(panel.border_subtitle), "the highlighted card's reason is on the border"
        await pilot.press("enter")
        await pilot.pause()
        assert game.snapshot() == before, "choosing an unplayable card changes nothing"
        notes = [n.message for n in app._notifications]
        assert f"{name} cannot be played now: {reason}." in notes
        hand_line = next(line for line in screen_text(app).splitlines() if "Your hand:" in line)
        assert f"✗{name}" in hand_line, "the hand drawn on the table marks the unplayable card"


async def test_black_ops_hand_and_panel_show_why_and_pressing_changes_neither_game_nor_save(tmp_path):
    """The Care Package window of a saved game: the hand line marks the card that cannot be
    played, the panel's border gives the highlighted one's reason, and choosing it leaves the
    game and the save file exactly as they were (issue 12.2)."""
    from cardtable.engine.saves import SaveFile
    from cardtable.engine.session import Session
    from cardtable.ui import StartRequest, make_app
    from cardtable.ui.games.black_ops import SCREEN
    from cardtable.ui.testing import screen_text
    from cardtable.ui.widgets import DecisionPanel

    game = new_game("black-ops", 4, seed=5)
    save = SaveFile.create(game, tmp_path)
    session = Session(game, save)
    chooser = random.Random(2)
    for _ in range(3000):
        decision = game.decision()
        if decision.unplayable and decision.kind == "care-package":
            break
        session.act(chooser.choice(decision.actions))
    else:
        raise AssertionError("no unplayable Care Package came up")
    save.sync()
    saved = save.path.read_bytes()
    name, reason = decision.unplayable[0]
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SCREEN(session))
        await pilot.pause()
        await pilot.press("enter")  # the privacy screen
        await pilot.pause()
        assert app.screen.session.visible_decision() is decision
        text = screen_text(app)
        assert f"✗{name}" in text, "the hand line marks the card that cannot be played now"
        panel = app.screen.query_one(DecisionPanel)
        before = game.snapshot()
        panel.query_one("#decision-options").highlighted = len(decision.actions)
        await pilot.pause()
        await pilot.pause()
        subtitle = str(panel.border_subtitle)
        # the reason whole on the border, else "not playable now" there (never a reason cut
        # with "…", e114626) and the reason whole on its dimmed line in the list
        assert subtitle.startswith((f"✗ {name}: {reason}", f"✗ {name}: not playable now")), subtitle
        entry = panel.query_one("#decision-options").get_option_at_index(len(decision.actions)).prompt
        assert f"not now: {reason}" in str(entry), entry
        await pilot.press("enter")
        await pilot.pause()
        save.sync()
        assert game.snapshot() == before and game.decision() is decision
        assert save.path.read_bytes() == saved, "the save file is untouched"
        assert any(n.message == f"{name} cannot be played now: {reason}." for n in app._notifications)


def _random_decisions(game_id, players, seed, moves):
    """Every decision of a random game of ``game_id`` (at most ``moves``)."""
    game = new_game(game_id, players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        decision = game.decision()
        if decision is None:
            return
        yield decision
        game.act(chooser.choice(decision.actions))


@pytest.mark.parametrize("game_id, players", [("bloops", 3), ("cold-war", 2), ("combat-cards", 3)])
def test_games_without_unplayable_cards_list_none(game_id, players):
    """Bloops (your own cards are face down: a reason would tell a face you do not know,
    ruling in cards_data/bloops.md), Cold War (no hand is played from) and Combat Cards (every
    card of a hand belongs to some legal warband, ruling 3 in cards_data/combat-cards.md)."""
    seen = 0
    for seed in (1, 2, 3):
        for decision in _random_decisions(game_id, players, seed, 400):
            assert decision.unplayable == (), decision.prompt
            seen += 1
    assert seen > 100
