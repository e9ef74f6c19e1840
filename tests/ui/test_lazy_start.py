"""Lazy start (issue 13 item 5): what the first screen does not need is not built or
parsed before it. A game started from the shell shows its table without a menu under it
(the menu is built when the player goes back to it), and the CSS of the first screens is
read with the app's own, so pushing them does not make Textual parse the whole
stylesheet again."""

from __future__ import annotations

import pytest
from textual.css.stylesheet import Stylesheet

from cardtable.ui import StartRequest, make_app
from cardtable.ui.dialogs import MessageDialog
from cardtable.ui.menu import MenuScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_text

COLD_WAR = StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11)


def menus(app) -> list:
    return [s for s in app.screen_stack if isinstance(s, MenuScreen)]


async def test_a_game_started_from_the_shell_builds_its_menu_only_when_asked():
    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and "Pass to" in screen_text(app)
        assert not menus(app), "no menu is built under a game started from the shell"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and not menus(app)
        app.back_to_menu()
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and len(menus(app)) == 1
        assert "Cold War" in screen_text(app) and "Resume a saved game (1 unfinished)" in screen_text(app)
        assert not app.direct, "from now on leaving a game returns to the menu"


async def test_a_failed_start_from_the_shell_explains_itself_over_the_menu(broken_save_start):
    app = make_app(broken_save_start)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MessageDialog)
        assert len(menus(app)) == 1, "the menu is under the dialog"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


def a_bloops_save() -> StartRequest:
    """A Bloops game saved after one move, to be resumed from the shell."""
    from cardtable.engine import new_game
    from cardtable.engine.saves import SaveFile

    game = new_game("bloops", ("Ann", "Bob"), seed=4)
    save = SaveFile.create(game)
    save.append(game.decision().actions[0])
    return StartRequest(resume=save.path)


@pytest.mark.parametrize("which", ["menu", "cold-war", "fofl", "resume"])
async def test_the_first_screens_do_not_parse_the_stylesheet_again(which, monkeypatch):
    starts = {"menu": StartRequest, "cold-war": lambda: COLD_WAR, "fofl": lambda: StartRequest(game="fofl", players=("Ann", "Bob"), seed=3), "resume": a_bloops_save}
    start = starts[which]()
    reparsed: list[str] = []
    reparse = Stylesheet.reparse

    def counted(self) -> None:
        reparsed.append(type(self).__name__)
        reparse(self)

    monkeypatch.setattr(Stylesheet, "reparse", counted)
    app = make_app(start)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = type(app.screen)
        if start.game is not None or start.resume is not None:
            assert first is PrivacyScreen
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
        else:
            assert first is MenuScreen
    assert reparsed == [], f"the whole stylesheet was parsed again {len(reparsed)} times"
