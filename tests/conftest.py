"""Shared test set-up: every test gets its own cardtable home (saves, statistics) and no
stray environment (custom card folders, NO_COLOR) leaks in from the developer's shell."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def cardtable_home(tmp_path, monkeypatch):
    """A fresh ``CARDTABLE_HOME`` per test; returns its path."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    monkeypatch.delenv("CARDTABLE_CARDS", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("CARDTABLE_INPUT_GRACE", "0")  # pilot tests press keys faster than people
    return home


@pytest.fixture
def deck_duel(tmp_path, monkeypatch):
    """Register the test-only ``DeckDuel`` game (players bring Red or Blue decks) with its
    card file in a custom card folder (``CARDTABLE_CARDS``); yields that folder."""
    import shutil

    from fixture_games import FIXTURE_DATA, DeckDuel

    from cardtable.engine.registry import registered

    cards = tmp_path / "cards"
    cards.mkdir()
    shutil.copy(FIXTURE_DATA / "deck-duel.yaml", cards / "deck-duel.yaml")
    monkeypatch.setenv("CARDTABLE_CARDS", str(cards))
    with registered(DeckDuel):
        yield cards


@pytest.fixture
def draw_race(tmp_path, monkeypatch):
    """Register the test-only ``DrawRace`` game (the same decision several times in a row)
    with its card file (Deck Duel's cards) in a custom card folder; yields that folder."""
    from fixture_games import FIXTURE_DATA, DrawRace

    from cardtable.engine.registry import registered

    cards = tmp_path / "cards"
    cards.mkdir()
    text = (FIXTURE_DATA / "deck-duel.yaml").read_text(encoding="utf-8")
    (cards / "draw-race.yaml").write_text(text.replace("game: deck-duel", "game: draw-race", 1), encoding="utf-8")
    monkeypatch.setenv("CARDTABLE_CARDS", str(cards))
    with registered(DrawRace):
        yield cards
