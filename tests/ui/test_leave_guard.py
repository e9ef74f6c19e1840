"""The Leave question and the save-name box it leads to obey no key typed as they open (a
fresh tester pressed ``q`` at the table and typed on: the ``a`` of the shell line answered
"Name it and leave" and the rest became the save's name, "Bob --seed 7"). They use the
privacy screen's key guard (``privacy.KeyGuard``): keys inside it are dropped, each starting
it again, and a line says so; a key after it is obeyed."""

from __future__ import annotations

from cardtable.engine.history import save_names
from cardtable.ui.dialogs import EARLY_KEYS, InputDialog
from cardtable.ui.naming import LeaveDialog
from cardtable.ui.privacy import DEFAULT_GUARD, SETTLE_GUARDS
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_text
from test_enter_settle import _taken_over, app  # noqa: F401  (the fixture: Cold War, the real guard, a clock the test moves)


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
