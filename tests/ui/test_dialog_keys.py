"""A dialog's key bar is its own (a fresh tester): a dialog is a see-through modal screen,
and the covered screen's key bar showed through under it — the Leave question over Bloops'
privacy screen sat above "⏎ I am here  q Leave". Each dialog and Ctrl+P's palette now
shows its own keys at the foot of the terminal, over every screen and in every game."""

from __future__ import annotations

import pytest

from cardtable.engine import games
from cardtable.ui import StartRequest, make_app
from cardtable.ui.dialogs import InputDialog, KeyedPalette, MessageDialog
from cardtable.ui.menu import MenuScreen
from cardtable.ui.naming import LeaveDialog
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_lines

GAMES = [cls.id for cls in games()]
LEAVE_KEYS = "y Yes  n No  a Name it and leave"
"""The Leave question's key bar (the third answer's key comes last: its class adds it)."""


def start_for(game_id: str) -> StartRequest:
    cls = next(c for c in games() if c.id == game_id)
    names = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")[: max(cls.min_players, 2)]
    return StartRequest(game=game_id, players=names, seed=5)


def key_bar(app) -> str:
    return screen_lines(app)[-1].strip()


async def press(pilot, key: str):
    """Press ``key``, let the app react, and return the screen on top after it."""
    await pilot.press(key)
    await pilot.pause()
    return pilot.app.screen


@pytest.mark.parametrize("game_id", GAMES)
async def test_the_leave_question_over_the_privacy_screen_shows_its_own_keys(game_id):
    app = make_app(start_for(game_id))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(6):  # Black Ops' dealer reveals the Event in public first
            if isinstance(app.screen, PrivacyScreen):
                break
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and key_bar(app).startswith("⏎ I am here")
        assert isinstance(await press(pilot, "q"), LeaveDialog)
        assert key_bar(app) == LEAVE_KEYS, screen_lines(app)
        # stay: the privacy screen's keys are back
        assert isinstance(await press(pilot, "n"), PrivacyScreen) and key_bar(app).startswith("⏎ I am here")


async def test_the_leave_question_and_the_name_box_over_the_table_show_their_own_keys():
    app = make_app(start_for("bloops"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(await press(pilot, "enter"), TableScreen)
        table_keys = key_bar(app)
        assert isinstance(await press(pilot, "q"), LeaveDialog) and key_bar(app) == LEAVE_KEYS
        # name the save first: a text box
        assert isinstance(await press(pilot, "a"), InputDialog) and key_bar(app) == "esc Cancel", screen_lines(app)
        assert isinstance(await press(pilot, "escape"), TableScreen) and key_bar(app) == table_keys


async def test_a_message_over_the_menu_shows_its_own_keys(broken_save_start):
    app = make_app(broken_save_start)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MessageDialog)
        assert key_bar(app) == "esc Close", screen_lines(app)
        assert isinstance(await press(pilot, "enter"), MenuScreen) and key_bar(app) != "esc Close"


async def test_the_command_palette_over_the_privacy_screen_shows_its_own_keys():
    app = make_app(start_for("bloops"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(await press(pilot, "ctrl+p"), KeyedPalette)
        assert key_bar(app) == "esc Exit the command palette", screen_lines(app)
