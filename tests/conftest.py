"""Shared test set-up: every test gets its own cardtable home (saves, statistics) and no
stray environment (custom card folders, NO_COLOR) leaks in from the developer's shell."""

from __future__ import annotations

import pytest

try:  # the pilot's idle waits, shortened for our small screens (see _quick_idle_waits)
    from textual import _wait as _textual_wait
except ImportError:  # pragma: no cover - textual is a run-time dependency
    _textual_wait = None


def _quick_idle_waits() -> None:
    """Textual's pilot decides that the app has finished reacting to a key when the process
    used less than 1 ms of CPU during a 20 ms sleep, so every key press and pause costs at
    least 20–60 ms of sleeping; the UI tests spent about half their time asleep. Our
    screens settle well within a 5 ms window, so the tests sample every 5 ms and call the
    app idle below 0.25 ms of CPU in it (the same 1/20 ratio): the same "nothing left to
    do" test, checked four times as often."""
    if _textual_wait is not None:
        _textual_wait.SLEEP_GRANULARITY = 1 / 200
        _textual_wait.SLEEP_IDLE = _textual_wait.SLEEP_GRANULARITY / 20


_quick_idle_waits()

SOAK_PLAYOUTS = "test_random_playouts_keep_every_invariant"
"""Each game's file checks every invariant over 500 seeded random playouts, in blocks of
100 (the ``block`` parameter). The default suite runs block 0 (100 games per game, the
sample); blocks 1–4 are the soak, marked ``soak`` here and run by ``pytest --soak`` or
``python benchmarks/playouts.py``. One block of each game costs ~108 s of CPU (Cold War
37 s, Combat Cards 23, Black Ops 19, FOFL 16, Bloops 13), so the soak blocks were ~430 s
(about 7 minutes) of the suite's CPU time, over 3 minutes of wall time on two cores."""


def pytest_addoption(parser):
    parser.addoption("--soak", action="store_true", help="also run the soak blocks of the random playouts (see SOAK_PLAYOUTS)")


def pytest_collection_modifyitems(config, items):
    """Mark the playout blocks after the first ``soak``; leave them out unless ``--soak``.
    Then put the slowest tests first (``SLOW_FIRST``)."""
    kept, soaks = [], []
    for item in items:
        callspec = getattr(item, "callspec", None)
        if item.originalname == SOAK_PLAYOUTS and callspec is not None and callspec.params.get("block", 0) > 0:
            item.add_marker(pytest.mark.soak)
            soaks.append(item)
        else:
            kept.append(item)
    if soaks and not config.getoption("--soak"):
        config.hook.pytest_deselected(items=soaks)
        items[:] = kept
    items[:] = slow_first(items)


SLOW_FIRST = (
)
"""The slowest tests, slowest first, as ``file::function`` (every parameter of the function
goes with it), from ``--durations``. pytest-xdist's work-stealing scheduler
(``--dist worksteal`` in pyproject's ``addopts``) hands each worker a run of consecutive
tests and lets an idle worker take the not-yet-started tail of another's run; with these
at the front, a minute-long test never starts last while the other worker waits, so the
two cores stay busy to the end. Only the order changes: a name missing here, or one that
no longer exists, costs balance, never a test."""


def slow_first(items: list) -> list:
    """``items`` with those named in ``SLOW_FIRST`` moved to the front in its order, the rest
    after them in their collected order (a stable sort)."""
    rank = {name: i for i, name in enumerate(SLOW_FIRST)}
    last = len(rank)

    def key(item) -> int:
        path = item.nodeid.split("::", 1)[0]
        return rank.get(f"{path}::{getattr(item, 'originalname', item.name)}", last)

    return sorted(items, key=key)


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
