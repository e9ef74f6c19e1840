"""A fresh tester at 120×40 with the log open (Black Ops, a Care Package to choose) read the
decision panel's bottom border as "✗ Hard Wired (STOP): play it when a player wants to
trade Load Outs…": the reason cut though its whole line stood in the list above. The border
says the reason whole, else that the card is not playable now, never a cut reason."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import OptionList

from cardtable.engine import Action, Decision
from cardtable.ui import widgets
from cardtable.ui.widgets import DecisionPanel

REASON = "play it when a player wants to trade Load Outs with you"


class PanelApp(App):
    CSS_PATH = str(Path(widgets.__file__).with_name("widgets.tcss"))  # the panel as the game draws it

    def compose(self) -> ComposeResult:
        yield DecisionPanel(id="decision")


async def border_note(width: int) -> str:
    app = PanelApp()
    async with app.run_test(size=(width, 24)) as pilot:
        panel = app.query_one(DecisionPanel)
        decision = Decision((0,), "Ann: play a Care Package?", (Action.of("pass", "Pass"),), kind="care-package", unplayable=(("Hard Wired (STOP)", REASON),))
        panel.show(decision, "Ann")
        await pilot.pause()
        panel.query_one("#decision-options", OptionList).highlighted = 1
        await pilot.pause()
        await pilot.pause()
        return str(panel.border_subtitle or "")


async def test_the_reason_is_whole_or_left_to_the_list():
    wide, narrow = await border_note(100), await border_note(60)
    assert wide == f"✗ Hard Wired (STOP): {REASON}", wide
    assert narrow == "✗ Hard Wired (STOP): not playable now", narrow
    assert "…" not in wide + narrow
