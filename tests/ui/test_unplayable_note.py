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


def test_the_note_is_measured_in_cells():
    """A name of wide letters (two cells each) is measured as the border draws it: the note
    never takes more cells than it is given, and a name cut is cut between whole letters."""
    from rich.cells import cell_len

    from cardtable.ui.widgets import unplayable_note

    name = "漢字のカード"  # 6 letters, 12 cells
    for room in range(10, 40):
        note = unplayable_note(name, "it has nothing to aim at", room)
        assert cell_len(note) <= room, (room, note, cell_len(note))
    assert unplayable_note(name, "it has nothing to aim at", 22) == f"✗ {name}", "22 cells: the name alone (the reason needs 40)"
    assert unplayable_note(name, "x", 17) == f"✗ {name}: x"


async def test_a_scrolled_list_beside_the_log_keeps_the_cards_name_on_the_border(cardtable_home):
    """FOFL at 80×24 with the log open and 22 cards in hand: the option list scrolls, the
    panel is 38 cells wide. The highlighted card that cannot be played is named whole on the
    border with the scroll hint (it read "✗ Enterprise…": the note was given the panel's
    text width, 4 cells less than its border)."""
    from cardtable.ui import make_app
    from cardtable.ui.testing import settled_lines
    from test_fofl_look import first_turn  # tests/ui is on the path
    from test_fofl_ui import fofl

    app = make_app(fofl(7))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await first_turn(pilot)
        for cid in sorted(d.id for d in game.cardset if d.kind in ("person", "software"))[:16]:
            card = game.make_cards([game.cardset[cid]])[0]
            game._cards[card.uid] = card
            game.owner[card.uid] = 0
            game.put(card, "hand:0")
        game.invalidate()
        screen.redraw()
        await pilot.press("l")
        await pilot.press("1")
        await settled_lines(app, pilot)
        panel = screen.query_one(DecisionPanel)
        options = panel.query_one("#decision-options", OptionList)
        assert options.max_scroll_y > 0, "the list needs to scroll for this test"
        unplayable = panel.decision.unplayable
        for n, (name, _) in enumerate(unplayable):
            options.highlighted = len(panel.actions) + n
            await pilot.pause()
            await pilot.pause()
            lines = await settled_lines(app, pilot)
            subtitle = str(panel.border_subtitle)
            assert subtitle.startswith(f"✗ {name}") and "…" not in subtitle and "↑" in subtitle, subtitle
            bottom = lines[panel.region.bottom - 1]
            assert f"✗ {name}" in bottom, bottom
