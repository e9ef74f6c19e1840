"""F1's keys panel closes with Esc as well as with F1 again (a fresh tester pressed Esc to
close it and nothing happened). Esc with the panel open only closes it: the screen under it
stays; with no panel open Esc does what the screen says (the setup form's Back)."""

from __future__ import annotations

from cardtable.ui import StartRequest, make_app
from cardtable.ui.menu import MenuScreen
from cardtable.ui.testing import open_setup, until


async def test_esc_and_f1_close_the_keys_panel(cardtable_home):
    app = make_app(StartRequest())
    async with app.run_test(size=(100, 30)) as pilot:
        setup = await open_setup(pilot, "black-ops")
        for closer in ("escape", "f1"):
            await pilot.press("f1")
            assert await until(pilot, lambda: bool(setup.query("HelpPanel"))), "F1 opens the panel"
            await pilot.press(closer)
            assert await until(pilot, lambda: not setup.query("HelpPanel")), f"{closer} closes the panel"
            assert app.screen is setup, f"{closer} with the panel open only closed the panel"
        await pilot.press("escape")
        assert await until(pilot, lambda: isinstance(app.screen, MenuScreen)), "Esc without the panel goes back"


async def test_the_key_bar_keeps_the_screens_own_esc(cardtable_home):
    app = make_app(StartRequest())
    async with app.run_test(size=(100, 30)) as pilot:
        setup = await open_setup(pilot, "black-ops")
        bar = lambda: [b.binding.action for k, b in setup.active_bindings.items() if k == "escape"]
        assert bar() != ["close_keys"], "no panel: Esc is the screen's"
        await pilot.press("f1")
        assert await until(pilot, lambda: bar() == ["close_keys"])
        await pilot.press("escape")
        assert await until(pilot, lambda: bar() != ["close_keys"] and not setup.query("HelpPanel"))
