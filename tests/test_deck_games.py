"""Every game where players bring decks (``deck_option``) accepts a player's own deck from
the deck builder: its presets are legal, a custom copy of a preset deals exactly those
cards, plays to the end, and survives save and resume."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.engine import games, load_cards, new_game
from cardtable.engine.core import CustomDeck
from cardtable.engine.saves import SaveFile, resume
from cardtable.engine.session import Session

DECK_GAMES = [g for g in games() if g.deck_option is not None]


def test_the_deck_games_are_registered():
    assert {g.id for g in DECK_GAMES} >= {"combat-cards", "fofl"}


@pytest.mark.parametrize("cls", DECK_GAMES, ids=lambda g: g.id)
def test_presets_are_legal_decks(cls):
    cardset = load_cards(cls.id)
    assert cardset.decks
    for deck_id, deck in cardset.decks.items():
        side = deck.get("side") or cls.deck_rules.default_side(cardset)
        assert cls.deck_rules.check(cardset, side, deck["cards"]) == [], deck_id


@pytest.mark.parametrize("cls", DECK_GAMES, ids=lambda g: g.id)
def test_a_players_own_deck_is_dealt_played_and_resumed(cls):
    cardset = load_cards(cls.id)
    defaults = cls.default_options(cls.min_players, cardset)
    chosen = list(defaults[cls.deck_option])
    preset = cardset.decks[chosen[0]]
    side = preset.get("side") or cls.deck_rules.default_side(cardset)
    counts = dict(preset["cards"])
    own = CustomDeck.of("My own", side, dict(reversed(list(counts.items()))))
    chosen[0] = own
    game = new_game(cls.id, cls.min_players, seed=5, options={cls.deck_option: tuple(chosen)})
    assert Counter(c.id for c in game.seat_deck_list(0)) == Counter({k: v for k, v in counts.items()})
    session = Session(game, SaveFile.create(game))
    chooser = random.Random(5)
    for _ in range(60):
        decision = session.decision()
        action = chooser.choice(decision.actions)
        trial = session.game.clone()
        trial.act(action)
        if trial.outcome() is not None:
            break  # stop before the end: a finished game is not resumed
        session.act(action)
    assert session.game.moves > 10
    resumed, _ = resume(session.save.path)
    assert resumed.snapshot() == game.snapshot()
    assert resumed.seat_deck(0) == own
