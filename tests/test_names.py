"""Player names (issue 11 item 4): look-alike names are refused, names are stored in their
normal form, control characters are refused with a reason — in the engine, at setup and
from the command line."""

from __future__ import annotations

import pytest

from cardtable.cli import main
from cardtable.engine import SetupError, new_game
from cardtable.names import NameProblem, check_names, normalise_name, skeleton

CYRILLIC_A = "\u0410"  # А
ZERO_WIDTH = "\u200b"


@pytest.mark.parametrize(
    "names",
    [
        ("Ann", f"An{ZERO_WIDTH}n"),  # a zero-width space
        ("Ann", f"{CYRILLIC_A}nn"),  # Cyrillic А
        ("Ann", "ＡＮＮ"),  # full-width letters
        ("Ann", "ann"),
        ("Bob", "B\u03bfb"),  # Greek omicron
        ("Ann Lee", "Ann \u00a0 Lee"),  # white space runs
        ("Ann", "A\u200dnn\u2060"),  # joiners
        ("Joe", "\u0408oe"),  # Cyrillic Ј
    ],
)
def test_look_alike_names_are_refused_everywhere(names, capsys):
    with pytest.raises(NameProblem):
        check_names(names)
    with pytest.raises(SetupError) as info:
        new_game("cold-war", list(names))
    assert "\n" not in str(info.value) and ("differ" in str(info.value) or "look the same" in str(info.value))
    assert main(["--game", "cold-war", "--names", ",".join(names)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardtable: --names") and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("bad", ["A\x1bnn", "\x1b]0;pwned\x07", "Bo\x00b", "Ann\x7f", "Ca\x9bt"])
def test_control_characters_are_refused_with_a_reason(bad, capsys):
    with pytest.raises(SetupError) as info:
        new_game("cold-war", [bad, "Bob"])
    assert "control characters" in str(info.value) and "\x1b" not in str(info.value)
    assert main(["--game", "cold-war", "--names", f"{bad},Bob"]) == 2
    err = capsys.readouterr().err
    assert "control characters" in err and "\x1b" not in err and "\x07" not in err


def test_the_game_stores_the_normal_form():
    game = new_game("cold-war", [f" An{ZERO_WIDTH}n  ", "ＢＯＢ"])
    assert game.players == ("Ann", "BOB")
    assert game.setup.players == ("Ann", "BOB")
    assert normalise_name(normalise_name(" a\u200b  b ")) == normalise_name(" a\u200b  b ") == "a b"


def test_different_names_still_pass():
    assert check_names(["Ann", "Anna", "Zoë", "Zoe", "Иван"]) == ("Ann", "Anna", "Zoë", "Zoe", "Иван")
    assert skeleton(f"{CYRILLIC_A}nn") == skeleton("ANN") == "ann"


async def test_the_setup_screen_refuses_look_alikes_with_one_line():
    from textual.widgets import Input

    from cardtable.ui import make_app
    from cardtable.ui.setup import SetupScreen
    from cardtable.ui.testing import open_setup, screen_text

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        setup = await open_setup(pilot, "cold-war")
        setup.query_one("#name-0", Input).value = "Ann"
        setup.query_one("#name-1", Input).value = f"{CYRILLIC_A}nn"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen), "the game did not start"
        assert "look the same on screen" in screen_text(app)
        setup.query_one("#name-1", Input).value = f"B{ZERO_WIDTH}ob"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)
        game = next(s for s in app.screen_stack if hasattr(s, "session")).session.game
        assert game.players == ("Ann", "Bob")


@pytest.mark.parametrize("bad, shown, described", [("Ann\nBob", "Ann\u240aBob", "U+000A (newline)"), ("Ann\tB", "Ann\u2409B", "U+0009 (tab)"), ("Ann\r", "Ann\u240d", "U+000D (carriage return)"), ("\n", "\u240a", "U+000A (newline)")])
def test_a_line_break_or_tab_in_a_name_is_refused_not_made_a_space(bad, shown, described, capsys):
    """A fresh tester's ``--names $'Ann\\nBob'`` started a game with one player "Ann Bob":
    the CLI, the engine and the setup screen now refuse it, in one line that shows where."""
    message = f"names cannot contain control characters ('{shown}' has {described})"
    with pytest.raises(SetupError) as info:
        new_game("cold-war", [bad, "Cat"])
    assert str(info.value) == message
    assert main(["play", "cold-war", "--names", f"{bad},Cat"]) == 2
    assert capsys.readouterr().err == f"cardtable: --names: {message}\n"
    with pytest.raises(NameProblem, match="control characters"):
        check_names([bad, "Cat"])


def test_spaces_are_still_tidied():
    """Only control characters are refused: runs of spaces (and other white space such as
    a no-break space) are still made one space and the ends trimmed."""
    assert new_game("cold-war", ["  Ann \u00a0 Lee ", "Bob"]).players == ("Ann Lee", "Bob")


async def test_the_setup_screen_refuses_a_tab_and_a_pasted_second_line():
    from textual import events

    from cardtable.ui import make_app
    from cardtable.ui.setup import SetupScreen
    from cardtable.ui.testing import empty_name_field, screen_text

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        _, field = await empty_name_field(pilot, "cold-war", 1)
        # two lines pasted: nothing is pasted, and the note says why
        field.post_message(events.Paste("Ann\nBob"))
        await pilot.pause()
        assert field.value == ""
        assert "Seat 2's name has U+000A (newline): names cannot contain control characters. Nothing was pasted." in " ".join(screen_text(app).replace("│", " ").split())
        # a copied line (its line break at the end) is pasted
        field.post_message(events.Paste("Cat\n"))
        await pilot.pause()
        assert field.value == "Cat"
        # a tab (pasted within a line) is marked at once and refused by Start, not made a space
        field.post_message(events.Paste("\tDan"))
        await pilot.pause()
        assert field.value == "Cat\tDan" and field.has_class("-invalid")
        assert "Seat 2's name has U+0009 (tab): names cannot contain control characters." in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen), "the game started"
        assert "names cannot contain control characters ('Cat\u2409Dan' has U+0009 (tab))" in screen_text(app)
        field.value = "Cat Dan"
        await pilot.pause()
        assert not field.has_class("-invalid")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)
        game = next(s for s in app.screen_stack if hasattr(s, "session")).session.game
        assert game.players == ("Ann", "Cat Dan")


@pytest.mark.parametrize(
    "name, computer",
    [("Computer 2", True), ("computer", True), ("COMPUTER  12", True), ("Cоmputer 3", True), ("Computer２", True),
     ("Computers", False), ("Computer Bob", False), ("Ann", False), ("My computer 2", False)],
)
def test_a_name_in_the_computer_players_pattern_is_recognised(name, computer):
    from cardtable.names import computer_style

    assert computer_style(name) is computer
