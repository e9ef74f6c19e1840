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
    monkeypatch.setenv("CARDTABLE_PRIVACY_GUARD", "0")  # the guard's own tests set it back
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
