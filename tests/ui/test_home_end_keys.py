"""Home goes to the first row and End to the last on every list of rows, alike: Past games,
the card browser and the deck builder's cards, the statistics and the Resume list. A fresh
tester found End did nothing on Past games and the card browser (Textual's ``DataTable``
scrolls to its first or last column on Home/End), while the Resume list (an
``OptionList``) went to its first and last rows."""

from __future__ import annotations

from textual.widgets import DataTable

from cardtable.engine.stats import StatsStore
from cardtable.engine.testing import saved_session
from cardtable.ui import make_app
from cardtable.ui.decks import DeckBuilderScreen
from cardtable.ui.testing import choose_menu, open_setup


def _row(screen, selector: str) -> int | None:
    widget = screen.query_one(selector)
    return widget.cursor_row if isinstance(widget, DataTable) else widget.highlighted


def _rows(screen, selector: str) -> int:
    widget = screen.query_one(selector)
    return widget.row_count if isinstance(widget, DataTable) else widget.option_count


async def _home_and_end(pilot, selector: str) -> None:
    """On the current screen's list ``selector`` (focused): down one row, End to the last
    row, Home back to the first."""
    screen = pilot.app.screen
    assert screen.focused is screen.query_one(selector), screen.focused
    count = _rows(screen, selector)
    assert count >= 3, "too few rows to tell"
    await pilot.press("down")
    await pilot.pause()
    assert _row(screen, selector) == 1
    await pilot.press("end")
    await pilot.pause()
    assert _row(screen, selector) == count - 1, f"End on {selector} did not go to the last row"
    await pilot.press("home")
    await pilot.pause()
    assert _row(screen, selector) == 0, f"Home on {selector} did not go to the first row"


async def test_home_and_end_on_past_games_the_card_browser_and_resume():
    store = StatsStore()
    for seed in range(3):
        saved_session(names=(("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fin"))[seed], seed=seed, stats=store)  # finished: Past games, statistics
        saved_session(seed=10 + seed, moves=3)  # unfinished: Resume
    for entry, selector in (("history", "#history-table"), ("browser", "#browser-table"), ("resume", "#resume-list"), ("stats", "#stats-table")):
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await choose_menu(pilot, entry)
            await pilot.pause()
            await _home_and_end(pilot, selector)


async def test_home_and_end_on_the_deck_builders_cards(deck_duel):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, "deck-duel")
        await pilot.press("ctrl+d")
        await pilot.pause()
        await pilot.press("enter")  # a new empty deck
        await pilot.pause()
        assert isinstance(app.screen, DeckBuilderScreen)
        await _home_and_end(pilot, "#db-pool")
