"""Typing on the setup form as a fresh tester did, keys sent into tmux as fast as a person
types: keys typed as the form opens reach the first field and are edited there in the order
typed; an error about the names puts the cursor back in the name at fault; Shift+Tab moves
the focus back and a letter in a name field is text."""

from __future__ import annotations

import asyncio

from textual import events
from textual.widgets import Input

from cardtable.ui import make_app
from cardtable.ui.setup import PLAYER_KINDS, SetupScreen, choice_named
from cardtable.ui.testing import empty_name_field, open_setup


def burst(app, keys: list[str]) -> None:
    """Send ``keys`` as a terminal does when they come in one read: all queued at once,
    none waiting for the one before to be handled (``pilot.press`` waits)."""
    for key in keys:
        character = "\x7f" if key == "backspace" else key if len(key) == 1 else None
        app.post_message(events.Key(key, character))


async def test_keys_typed_as_the_form_opens_go_into_the_first_name_in_order():
    """Before, the form's first field got the focus only after keys already queued: they
    went to seat 1's player kind, and a Backspace among them ran later, once the name had
    the focus ("Ann", then Backspace x a n sent together gave "Ann" or "xa")."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen
        menu.query_one("#menu-list").highlighted = 0  # Cold War: no choice of the number of players
        await pilot.press("enter")
        assert isinstance(app.screen, SetupScreen)
        burst(app, ["backspace", "x", "a", "n"])
        await pilot.pause()
        await pilot.pause()
        field = app.screen.query_one("#name-0", Input)
        # the default name is selected as the form opens (as Tab selects a field's text):
        # Backspace clears it and the letters after it make the name, as in any text field
        assert field.value == "xan", field.value
        assert app.focused is field


async def test_letters_typed_as_the_form_opens_are_not_lost():
    """The keys come just after the form is on the stack, before it has settled: they went
    to seat 1's player kind (Textual's first control), the name untouched."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#menu-list").highlighted = 0  # Cold War
        burst(app, ["enter"])
        for _ in range(1000):
            if isinstance(app.screen, SetupScreen) and app.focused is not None:
                break
            await asyncio.sleep(0)
        burst(app, ["Z", "o", "e"])
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one("#name-0", Input).value == "Zoe"


async def test_a_burst_is_edited_in_the_order_typed():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup, field = await empty_name_field(pilot, "cold-war", 0)
        burst(app, ["Z", "o", "e", "y", "backspace", "left", "backspace", "x"])
        await pilot.pause()
        await pilot.pause()
        assert field.value == "Zxe", field.value


async def start_refused(pilot, setup, key: str) -> str:
    """Press ``key`` to start; assert the form stays; return its error line."""
    await pilot.press(key)
    await pilot.pause()
    assert pilot.app.screen is setup, "the game started"
    return str(setup.query_one("#setup-error").render())


async def test_names_that_clash_put_the_cursor_back_in_the_second_name():
    """Enter moves from the last name to the seed and Enter there starts: the "names must
    differ" error left the cursor in the seed, not in the name to fix."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup, field = await empty_name_field(pilot, "cold-war", 1)
        await pilot.press(*"Ann", "enter")
        assert app.focused.id == "seed"
        assert await start_refused(pilot, setup, "enter") == "names must differ: 'Ann' and 'Ann'"
        assert app.focused is field, app.focused
        await pilot.press(*"Cat", "ctrl+s")  # the name is selected: typed over at once
        await pilot.pause()
        assert app.screen is not setup


async def test_names_differing_by_an_invisible_character_say_so():
    """'Ann' and 'Ann' followed by a zero-width space are one name once the invisible
    character is left out: the error read "names must differ: 'Ann' and 'Ann'"."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        setup, field = await empty_name_field(pilot, "cold-war", 1)
        field.value = "Ann\u200b"
        error = await start_refused(pilot, setup, "ctrl+s")
        assert error == (
            "Seat 1 and seat 2 are both named 'Ann': they differ only by an invisible character,"
            " U+200B (ZERO WIDTH SPACE), which names leave out. Change one of them."
        ), error
        assert app.focused is field


async def test_shift_tab_moves_back_and_a_letter_in_a_name_is_text():
    """A fresh tester's ``BTab q`` gave the name "annq". Our ruling: in a name field every
    letter is text (``q`` is no command on this form, it leaves only from the table), and
    Shift+Tab moves the focus back one control as everywhere; the name focused by it is
    selected, so a letter typed there replaces it, as Tab's does."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup, field = await empty_name_field(pilot, "cold-war", 0)
        await pilot.press(*"ann", "tab")
        assert app.focused.id == "kind-1"
        await pilot.press("shift+tab")
        assert app.focused is field and field.selected_text == "ann"
        await pilot.press("shift+tab", "q")
        await pilot.pause()
        assert app.focused.id == "kind-0" and field.value == "ann" and app.screen is setup
        await pilot.press("tab", "end", "q")
        await pilot.pause()
        assert field.value == "annq" and app.screen is setup


async def test_keys_after_shift_tab_in_one_burst_go_where_the_focus_went():
    """``BTab q`` sent together: Shift+Tab (a binding, resolved once the key had gone round
    the app) moved the focus only after ``q`` had been typed into the name ("annq")."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup, field = await empty_name_field(pilot, "cold-war", 1)
        await pilot.press(*"ann")
        burst(app, ["shift+tab", "q"])
        await pilot.pause()
        await pilot.pause()
        assert field.value == "ann" and app.focused.id == "kind-1"
        burst(app, ["tab", "b", "o", "b"])  # into the name again: selected, typed over
        await pilot.pause()
        await pilot.pause()
        assert field.value == "bob" and app.focused is field
        burst(app, ["enter", "7"])  # Enter moves on to the seed
        await pilot.pause()
        await pilot.pause()
        assert field.value == "bob" and setup.query_one("#seed", Input).value == "7"


async def test_a_choice_list_opened_on_the_form_still_takes_its_keys():
    """Keys in a choice's open list bubble up to the choice, which leaves them to the list."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "cold-war")
        setup.query_one("#kind-1").focus()
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert setup.query_one("#kind-1").value == "easy"
        assert setup.query_one("#name-1", Input).value == "Computer 2"


async def test_a_number_typed_on_players_picks_that_many():
    """The number of players has the focus as Bloops' form opens: a digit typed there picks
    that many players, as a list box of a web form does (Textual's closed list dropped it)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "bloops")
        count = setup.query_one("#setup-count")
        assert app.focused is count
        await pilot.press("5")
        await pilot.pause()
        assert count.value == 5 and setup.count == 5
        assert setup.query_one("#seat-4").display, "the fifth seat is not shown"
        assert not app._notifications


async def test_letters_typed_on_players_give_one_note_and_change_nothing():
    """A name typed while the number of players has the focus: the letters were lost without
    a sign. Now one note says no choice starts so and that Tab moves on; nothing changes."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "bloops")
        count = setup.query_one("#setup-count")
        before = count.value
        await pilot.press("A", "n", "n")
        await pilot.pause()
        assert count.value == before
        notes = [n.message for n in app._notifications]
        assert notes == ['No choice here starts with "A". Tab moves on to the next field; Enter opens the list.'], notes


async def test_a_letter_on_a_seats_player_picks_the_kind(monkeypatch):
    monkeypatch.setattr("cardtable.ui.setup.TYPE_AHEAD", 0.0)  # each key a word of its own
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "bloops")
        kind = setup.query_one("#kind-1")
        kind.focus()
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert kind.value == "hard"
        await pilot.press("p")
        await pilot.pause()
        assert kind.value == ""


def test_choice_named_goes_round_the_choices_a_letter_starts():
    kinds = [(name, value) for name, value in PLAYER_KINDS]
    assert choice_named(kinds, "", "c") == "easy"
    assert choice_named(kinds, "easy", "c") == "normal"
    assert choice_named(kinds, "hard", "c") == "easy"
    assert choice_named(kinds, "", "cc") == "easy"  # a letter again: the next one it starts
    assert choice_named(kinds, "easy", "com") == "easy"  # a longer word keeps the one it fits
    assert choice_named(kinds, "", "Norm") == "normal"  # a word inside the name
    assert choice_named(kinds, "", "x") is None
    assert choice_named([("2", 2), ("3", 3), ("4", 4)], 2, "4") == 4


async def test_a_seed_typed_says_what_it_gives_away(cardtable_home):
    """A hostile tester read the seed on the form and dealt the same game in a second
    window: every hand was there. A typed seed now says so under the field; blank, nothing."""
    from textual.widgets import Input

    from cardtable.ui import make_app
    from cardtable.ui.setup import SEED_NOTE
    from cardtable.ui.testing import open_setup, screen_text

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        setup = await open_setup(pilot, "combat-cards")
        note = setup.query_one("#seed-note")
        assert not note.display
        seed = setup.query_one("#seed", Input)
        seed.value = "5"
        await pilot.pause(0.2)
        note.scroll_visible(animate=False)  # the form scrolls: the note is under the seed's field
        await pilot.pause(0.2)
        assert note.display and note.region.height >= 1
        assert "Everyone who sees this seed can deal the same game elsewhere" in " ".join(screen_text(app).replace("│", " ").split())
        seed.value = ""
        await pilot.pause(0.2)
        assert not note.display and SEED_NOTE[:30] not in " ".join(screen_text(app).replace("│", " ").split())
