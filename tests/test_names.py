"""Player names (issue 11 item 4): look-alike names are refused, names are stored in their
normal form, control characters are refused with a reason — in the engine, at setup and
from the command line."""

from __future__ import annotations

import pytest

from cardtable.cli import main
from cardtable.engine import SetupError, new_game
from cardtable.engine.core import MAX_NAME
from cardtable.names import NameProblem, cells, check_names, name_problem, normalise_name, skeleton

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


UNSETTLED = [
    ("❤️ Liv", "a variation selector (U+FE0F)"),  # emoji presentation selector
    ("1️⃣ One", "a variation selector (U+FE0F)"),  # keycap: selector, then the enclosing mark
    ("1\u20e3 One", "an enclosing mark (U+20E3)"),  # the keycap without a selector
    ("👍🏽 Tom", "a skin tone (U+1F3FD)"),
    ("🇫🇷 Flo", "a flag letter (U+1F1EB)"),
    ("Zoe\u0301\u0301", "stacked accents (U+0301)"),  # é plus one more acute: a stack
    ("e\u0308\u0323", "stacked accents (U+0308)"),  # NFKC makes ẹ, the diaeresis stays
    ("\u0301Ann", "an accent on no letter (U+0301)"),
    ("प्रिया", "a spacing mark (U+093F)"),  # rich: 3 cells, terminals: 5
    ("Ann\ue000", "an unknown character (U+E000)"),  # private use
]


@pytest.mark.parametrize(("name", "why"), UNSETTLED, ids=[n.encode("unicode_escape").decode() for n, _ in UNSETTLED])
def test_names_with_characters_of_no_settled_width_are_refused_where_typed(name, why, capsys):
    """A fresh tester's emoji and accent stacks shifted the right border of every box with
    the name by a cell (rich and the terminal measured them differently): the setup's and
    the command line's check refuses them, in one line naming the character."""
    problem = name_problem(name, MAX_NAME)
    assert problem is not None and why in problem and "\n" not in problem, problem
    with pytest.raises(NameProblem):
        check_names([name, "Bob"], MAX_NAME)
    assert main(["--game", "cold-war", "--names", f"{name},Bob"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardtable: --names") and why in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("name", ["José", "Zoë", "Zoe\u0308", "Łukasz", "Ngọc", "Nguyễn", "美咲", "Σοφία", "Иван", "Ann 🃏", "Ann😀", "n\u0308", "สมชาย", "สมศักดิ์", "Ærøskøbing"[:12]])
def test_names_of_settled_width_pass_and_measure_as_rich_does(name):
    """Accented letters NFKC composes (a decomposed ``Zoe`` + U+0308 too), one accent on a
    letter, Greek, Cyrillic, Thai (its stacked tone marks too), CJK and plain emoji: accepted, and
    ``cells`` says what rich draws them in."""
    from rich.cells import cell_len

    assert name_problem(name, MAX_NAME) is None
    assert cells(normalise_name(name)) == cell_len(normalise_name(name))


def test_a_joined_emoji_is_kept_as_its_emoji():
    """``👩‍🚀`` (woman, ZWJ, rocket): the joiner is a format character names drop, which
    leaves two emoji every terminal draws two cells wide each."""
    assert check_names(["👩\u200d🚀 Bo"], MAX_NAME) == ("👩🚀 Bo",)


def test_the_length_limit_counts_cells():
    """Twelve CJK letters are 24 cells, twice what the tiles and columns sized for a
    12-letter name have room for: six fit, seven do not, and the reason says cells."""
    assert name_problem("美咲" * 3, MAX_NAME) is None
    problem = name_problem("美咲" * 3 + "子", MAX_NAME)
    assert problem is not None and "12 cells" in problem and "takes 14" in problem
    assert name_problem("Maximiliana12", MAX_NAME) == "names can be at most 12 characters ('Maximiliana12' has 13)"


def test_a_saved_game_with_such_a_name_still_resumes():
    """The engine (a save's names) checks without the width rules: a game saved before them
    with ``❤️ Liv`` or a 12-letter CJK name is still dealt and resumed."""
    game = new_game("cold-war", ["❤️ Liv", "美咲" * 6])
    assert game.players == ("❤️ Liv", "美咲" * 6)
