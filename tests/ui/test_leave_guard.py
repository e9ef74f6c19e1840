"""The Leave question and the save-name box it leads to obey no key typed as they open (a
fresh tester pressed ``q`` at the table and typed on: the ``a`` of the shell line answered
"Name it and leave" and the rest became the save's name, "Bob --seed 7"). They use the
privacy screen's key guard (``privacy.KeyGuard``): keys inside it are dropped, each starting
it again, and a line says so; a key after it is obeyed."""

from __future__ import annotations

import pytest

from cardtable.engine.history import save_names
from cardtable.ui.dialogs import EARLY_KEYS, InputDialog
from cardtable.ui.naming import LeaveDialog
from cardtable.ui.privacy import DEFAULT_GUARD, SETTLE_GUARDS, PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_text
from test_enter_settle import HANDOVER, _taken_over, app  # noqa: F401  (the fixture: Cold War, the real guard, a clock the test moves)


async def _leave_asked(pilot, app) -> LeaveDialog:
    """Take the device, wait out the settle time, press ``q``: the Leave question."""
    await _taken_over(pilot, app, app.clock)
    app.clock.now += SETTLE_GUARDS * DEFAULT_GUARD + 0.1
    await pilot.press("q")
    await pilot.pause()
    assert isinstance(app.screen, LeaveDialog)
    return app.screen


async def test_keys_typed_on_after_q_answer_nothing(app):
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _leave_asked(pilot, app)
        await pilot.press(*"an --names Bob --seed 7")  # one burst: the clock stands still
        await pilot.pause()
        assert app.screen is dialog, "a key typed on after q answered the Leave question"
        assert EARLY_KEYS in screen_text(app)
        app.clock.now += DEFAULT_GUARD + 0.01  # the keys let go of: the dialog obeys
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_the_name_box_takes_no_stray_text(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await _leave_asked(pilot, app)
        app.clock.now += DEFAULT_GUARD + 0.01
        await pilot.press("a")  # a deliberate "Name it and leave"
        await pilot.pause()
        box = app.screen
        assert isinstance(box, InputDialog)
        await pilot.press(*"Bob --seed 7")  # typed on with the a, before the box was up
        await pilot.pause()
        assert box.query_one("#dialog-input").value == "", "stray keys went into the save's name"
        app.clock.now += DEFAULT_GUARD + 0.01
        await pilot.press(*"Friday", "enter")
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        path = table.session.save.path
        assert save_names(path.parent).get(path.name) == "Friday"


async def test_enter_on_stay_over_the_privacy_screen_goes_back_to_it(app):
    """A fresh tester pressed ``q`` on "Pass to Bob", then Enter on the focused Stay: the
    dialog's own and its base's button handlers both dismissed (Textual runs both), and the
    second took the privacy screen away too: a table that waited for a hand-over no key
    could give. Stay now goes back to the privacy screen, which still hands over."""
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        app.clock.now += HANDOVER + 0.01
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LeaveDialog)
        app.clock.now += DEFAULT_GUARD + 0.01
        await pilot.press("enter")  # Stay has the focus
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen), [type(s).__name__ for s in app.screen_stack]
        await _taken_over(pilot, app, app.clock)  # the hand-over still works


async def test_enter_on_stay_at_the_table_goes_back_to_the_table(app):
    """The same double dismiss at the table of a game started from the shell closed the
    table itself: a blank screen."""
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _leave_asked(pilot, app)
        table = app.screen_stack[-2]
        app.clock.now += DEFAULT_GUARD + 0.01
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is table and dialog not in app.screen_stack
        moves = table.session.game.moves
        await pilot.press("1")  # the table still plays
        await pilot.pause()
        assert table.session.game.moves == moves + 1


@pytest.mark.parametrize("button", ["#yes", "#name"])
async def test_each_leave_button_answers_once(app, button):
    """A click on Leave leaves; one on "Name it and leave" opens the name box over the
    table, which stays (a second dismiss had closed what was under the dialog)."""
    async with app.run_test(size=(80, 24)) as pilot:
        await _leave_asked(pilot, app)
        table = app.screen_stack[-2]
        app.clock.now += DEFAULT_GUARD + 0.01
        await pilot.click(button)
        await pilot.pause()
        if button == "#yes":
            assert app._exit, "Leave did not leave"
        else:
            assert isinstance(app.screen, InputDialog) and app.screen_stack[-2] is table


@pytest.mark.parametrize("moves", [0, 1])
async def test_cancelling_the_name_box_goes_back_to_the_game(app, moves):
    """A fresh tester chose "Name it and leave", then Esc in the name box: the game was left
    all the same (before any move, not even kept). Cancel now goes back to the game, which
    is kept as it was."""
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _taken_over(pilot, app, app.clock)
        app.clock.now += SETTLE_GUARDS * DEFAULT_GUARD + 0.1
        for _ in range(moves):
            await pilot.press("1")
            await pilot.pause()
        assert table.session.game.moves == moves
        app.clock.now += DEFAULT_GUARD + 0.01
        await pilot.press("q")
        await pilot.pause()
        app.clock.now += DEFAULT_GUARD + 0.01
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, InputDialog)
        app.clock.now += DEFAULT_GUARD + 0.01
        await pilot.press("escape")
        await pilot.pause()
        assert not app._exit, "Cancel left the game"
        assert table in app.screen_stack and table.session.save.path.exists()
