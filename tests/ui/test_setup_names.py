"""The setup screen never cuts a name without saying so (issue 14's fresh tester: a 13th
letter was dropped silently): a long name stays as typed, the line just above the names says
which seat's name is too long, and Start refuses it until it is shortened."""

from __future__ import annotations

from textual.widgets import Input, Select

from cardtable.engine.core import MAX_NAME
from cardtable.ui import make_app
from cardtable.ui.testing import empty_name_field, open_setup, screen_text


async def test_a_long_name_is_kept_and_explained_until_shortened():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup, field = await empty_name_field(pilot, "bloops", 1)
        long = "Christopherson"
        assert len(long) > MAX_NAME
        await pilot.press(*long)
        await pilot.pause()
        assert field.value == long, "the name was cut as it was typed"
        text = screen_text(app)
        assert f"Seat 2's name has {len(long)} characters (at most {MAX_NAME}): shorten it to start." in text, text
        assert field.has_class("-invalid")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is setup, "a game started with a name that is too long"
        await pilot.press("backspace", "backspace")
        await pilot.pause()
        assert field.value == long[:MAX_NAME] and not field.has_class("-invalid")
        assert f"Names: up to {MAX_NAME} characters" in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is not setup
        table = next(s for s in app.screen_stack if getattr(s, "session", None) is not None)
        assert table.session.game.players[1] == long[:MAX_NAME]


async def test_a_seed_no_save_can_hold_is_refused_on_the_form():
    """The form takes the seeds a save holds (``SEED_LIMIT``), as the command line does:
    a larger one (the fresh tester's 99999999999999999999999999999 on the command line)
    dealt a game the menu then called damaged. Start refuses it and says why, on screen: the
    problem line below the form is scrolled into view (it was out of sight at 80×24)."""
    from cardtable.engine.core import SEED_LIMIT

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "bloops")
        seed = setup.query_one("#seed", Input)
        seed.value = str(SEED_LIMIT)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is setup, "a game started with a seed no save can hold"
        await pilot.pause()  # the problem line is scrolled into view (it is below the form at 80×24)
        assert f"the seed must be a whole number from 0 to {SEED_LIMIT - 1}" in " ".join(screen_text(app).split())
        seed.value = str(SEED_LIMIT - 1)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is not setup
        table = next(s for s in app.screen_stack if getattr(s, "session", None) is not None)
        assert table.session.game.seed == SEED_LIMIT - 1


async def test_two_names_alike_but_for_case_are_refused_naming_both():
    """A fresh tester's ``--names Ann,ann`` was refused without naming the pair; Start on the
    form gives the same one line as the command line (``cardtable.names.check_names``)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup, field = await empty_name_field(pilot, "bloops", 1)
        first = setup.query_one("#name-0", Input).value
        await pilot.press(*first.lower())
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is setup, "a game started with two names alike"
        assert f"names must differ: '{first}' and '{first.lower()}'" in " ".join(screen_text(app).split())


async def test_a_two_line_paste_keeps_the_name_and_says_why():
    """A fresh tester's paste of two lines emptied the name field without a word: Ctrl+V
    (Textual's paste) put what the app had copied, nothing, over the name Input selects on
    focus. Pasted either way, two lines are refused with the words of a newline typed and
    the name kept; a copied line is pasted."""
    from textual import events

    from cardtable.ui.setup import SetupScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        setup = await open_setup(pilot, "cold-war")
        field = setup.query_one("#name-1", Input)
        field.focus()
        await pilot.pause()
        assert field.value == "Bob" and field.selection == (0, 3), "Input selects the name on focus"
        why = "Seat 2's name has U+000A (newline): names cannot contain control characters. Nothing was pasted."
        for paste in ("terminal", "ctrl+v"):
            if paste == "ctrl+v":
                app.copy_to_clipboard("Ann\nLee")
                await pilot.press("ctrl+v")
            else:
                field.post_message(events.Paste("Ann\nLee"))
            await pilot.pause()
            assert field.value == "Bob", paste
            assert why in " ".join(screen_text(app).replace("│", " ").split()), paste
        app.copy_to_clipboard("")
        await pilot.press("ctrl+v")
        await pilot.pause()
        assert field.value == "Bob" and "nothing to paste" in screen_text(app)
        app.copy_to_clipboard("Cat\n")
        await pilot.press("ctrl+v")
        await pilot.pause()
        assert field.value == "Cat"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)


def _names(setup) -> list[str]:
    return [setup.query_one(f"#name-{s}", Input).value for s in range(setup.count)]


async def test_a_seat_made_a_person_again_gets_a_name_no_other_seat_has():
    """A fresh tester turned seat 1 into a computer, named seat 2 "Ann", turned seat 1 back
    into a person and had two seats called "Ann": the name seat 1 had came back although
    seat 2 had taken it. It now gets a default name no other seat has."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "bloops")
        assert _names(setup) == ["Ann", "Bob"]
        setup.query_one("#kind-0").focus()
        await pilot.press("c")  # type-ahead: Computer (easy)
        await pilot.pause()
        assert setup.kinds[0] == "easy" and _names(setup) == ["Computer 1", "Bob"]
        field = setup.query_one("#name-1", Input)
        field.focus()
        field.value = ""
        await pilot.press(*"Ann")
        setup.query_one("#kind-0", Select).value = ""  # Person
        await pilot.pause()
        names = _names(setup)
        assert setup.kinds[0] == "" and names[1] == "Ann"
        assert names[0] not in ("Ann", "Computer 1") and len(set(names)) == 2, names
        assert "names must differ" not in screen_text(app)


async def test_a_person_named_like_a_computer_or_like_another_seat_is_refused_at_once():
    """A person may not be called "Computer 2" (or "computer 1"): the table and the
    statistics would show a person as a computer player. Nor may a seat take another seat's
    name. The line just above the names says so as it is typed, the field is marked, and
    Start refuses until it is fixed."""
    from cardtable.ui.setup import SetupScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup, field = await empty_name_field(pilot, "bloops", 0)
        await pilot.press(*"Computer 2")
        await pilot.pause()
        why = "Seat 1 is a person: 'Computer 2' is a computer's name. Rename it."
        lines = screen_text(app).splitlines()
        assert any(why in line for line in lines), "\n".join(lines)
        assert field.has_class("-invalid")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen), "a game started with a person named like a computer"
        assert setup.focused is field
        field.value = ""
        await pilot.press(*"bob")
        await pilot.pause()
        why = "Seats 1 and 2 look alike, 'bob' and 'Bob': names must differ."
        assert any(why in line for line in screen_text(app).splitlines()), screen_text(app)
        assert setup.query_one("#name-1", Input).has_class("-invalid") and not field.has_class("-invalid")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen), "a game started with two names alike"
        second = setup.query_one("#name-1", Input)
        assert setup.focused is second
        second.value = ""
        await pilot.press(*"Zed")
        await pilot.pause()
        assert _names(setup) == ["bob", "Zed"]
        assert "Names: up to" in screen_text(app) and not setup.query(".-invalid")
        # a computer seat keeps its computer name
        setup.query_one("#kind-1").focus()
        await pilot.press("c")
        await pilot.pause()
        assert _names(setup) == ["bob", "Computer 2"] and "Names: up to" in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)


async def test_an_empty_name_is_refused_naming_its_seat():
    """Start with a seat's name left empty says which seat, as the other name faults do
    ("Seat 2 …"); the game's own line ("every player needs a name") named no seat and was
    the only lower-case one at the foot of the form. The cursor goes back to that seat."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup, field = await empty_name_field(pilot, "bloops", 1)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is setup, "a game started with an empty name"
        text = " ".join(screen_text(app).split())
        assert "Seat 2 has no name: type one to start." in text, text
        assert "every player needs a name" not in text
        assert setup.focused is field
        await pilot.press(*"Bea", "ctrl+s")
        await pilot.pause()
        assert app.screen is not setup
