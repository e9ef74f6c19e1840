"""``CARDTABLE_HOME`` naming a file, not a folder (h101, the fresh tester): ``cardtable resume``
said "no unfinished game", ``cardtable stats`` "could not be read (Not a directory)", and in
the app three toasts of "Not a directory" (settings, statistics, players not remembered) lay
over the leave dialog. Every entry point now says one line naming the path and the problem;
the app still plays, unsaved, and says so once (the menu's line, the table's banner)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.engine.saves import home_problem
from cardtable.ui import StartRequest, make_app
from cardtable.ui.app import shown_notifications
from cardtable.ui.menu import MenuScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_text


@pytest.fixture
def home_file(monkeypatch):
    """``CARDTABLE_HOME`` set to a plain file; returns the sentence naming it. The file lies
    in a folder of its own with a short name: pytest's ``tmp_path`` under xdist
    (``…/popen-gw0/test_the_menu_says_it_once_and0/``) made the path longer than the
    menu's 76 columns, and a path that long is broken mid-name on screen."""
    folder = Path(tempfile.mkdtemp(prefix="ct-"))
    path = folder / "home-file"
    path.write_text("not a folder\n")
    monkeypatch.setenv("CARDTABLE_HOME", str(path))
    yield f"CARDTABLE_HOME {path} is a file, not a folder"
    shutil.rmtree(folder, ignore_errors=True)


def flat(app) -> str:
    """The screen's words in one line, the boxes' side borders left out (a line wrapped
    inside a box reads on)."""
    return " ".join(screen_text(app).replace("│", " ").replace("║", " ").split())


def test_home_problem_names_the_file_or_the_file_in_the_way(tmp_path, monkeypatch, home_file):
    assert home_problem() == home_file
    file = Path(os.environ["CARDTABLE_HOME"])
    below = file / "cardtable"
    monkeypatch.setenv("CARDTABLE_HOME", str(below))
    assert home_problem() == f"CARDTABLE_HOME {below} cannot be made: {file} is a file, not a folder"
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "not-yet" / "there"))
    assert home_problem() is None, "a folder not made yet is no problem"
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    assert home_problem() is None


@pytest.mark.parametrize(
    "argv, cost",
    [
        (["resume"], "games cannot be saved, so there is none to resume"),
        (["--resume"], "games cannot be saved, so there is none to resume"),
        (["resume", "Friday"], "there is no save named 'Friday'"),
        (["replay", "Friday"], "there is no save named 'Friday'"),
        (["stats"], "statistics cannot be kept"),
        (["stats", "--format", "json"], "statistics cannot be kept"),
        (["history", "--format", "csv"], "games cannot be saved, so there are no past games"),
    ],
)
def test_each_command_says_one_line_naming_the_home_and_exits_2(home_file, capsys, argv, cost):
    assert main(argv) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err == f"cardtable: {home_file}: {cost}\n"


async def test_the_menu_says_it_once_and_plays_unsaved_with_no_toast_over_the_leave_dialog(home_file):
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert f"Saving is off: {home_file}. Games can be played but are not saved." in flat(app)
        for key, line in (("r", "games cannot be saved, so there is none to resume"), ("s", "statistics cannot be kept"), ("h", "games cannot be saved, so there are no past games")):
            await pilot.press(key)
            await pilot.pause()
            text = flat(app)
            assert f"{home_file}: {line}. Esc: back." in text
            assert "No unfinished games" not in text and "No finished games yet" not in text and "Not a directory" not in text
            await pilot.press("escape")
            await pilot.pause()
        assert app.start_game("cold-war", ("Ann", "Bob"), 3)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.session.save is None
        assert f"Saving is off: {home_file} — this game is played in memory only; leaving it loses it" in flat(app)
        await pilot.press("q")
        await pilot.pause(0.3)
        assert "leaving loses it" in flat(app) and "Leave and lose it (y)" in flat(app)
        assert list(shown_notifications(app)) == [], "no toast at all: nothing lies over the dialog"


async def test_play_from_the_shell_plays_unsaved_says_it_in_the_banner_and_on_leaving(home_file, capsys):
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert f"Saving is off: {home_file} — this game is played in memory only" in flat(app)
        await pilot.press("q")
        await pilot.pause(0.3)
        assert list(shown_notifications(app)) == []
        await pilot.press("y")
        await pilot.pause()
    said = capsys.readouterr()
    assert "The game was not saved: it is gone." in said.out + said.err
