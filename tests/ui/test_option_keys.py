"""Option keys: a table screen may show and bind its own key per option (e.g. a seat or a
position number, or a letter) instead of the generic 1–9, 0; ``play_through`` presses them."""

from __future__ import annotations

import inspect
from pathlib import Path

from textual.app import App
from textual.binding import Binding

from cardtable.engine import new_game
from cardtable.engine.core import Action, Decision
from cardtable.engine.session import Session
from cardtable.games.cold_war import short
from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.games.cold_war import ColdWarTable
from cardtable.ui.testing import play_through, screen_text
from cardtable.ui.widgets import DecisionPanel, default_keys

HERE = Path(inspect.getfile(ColdWarTable)).parent


class LetterKeys(ColdWarTable):
    """Cold War with ``h``/``l`` for the bet and ``a``/``z`` for the side (``c`` turns the
    coin over)."""

    CSS_PATH = [str(HERE / "../table.tcss"), str(HERE / "cold_war.tcss")]
    BINDINGS = [Binding(k, f"choose('{k}')", show=False) for k in "hlazc"]

    def option_keys(self, decision):
        return {"bet": ("h", "l"), "pick": ("a", "z", "c")}.get(decision.kind)


def test_default_keys_are_one_to_nine_then_zero():
    assert default_keys(3) == ("1", "2", "3")
    assert default_keys(12)[8:] == ("9", "0", None, None)


async def _start(pilot):
    app = pilot.app
    session = Session(new_game("cold-war", ("Ann", "Bob"), seed=11))
    app.push_screen(LetterKeys(session))
    await pilot.pause()
    return session


async def test_a_screen_shows_and_binds_its_own_keys():
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        session = await _start(pilot)
        await pilot.press("enter", "3")  # privacy screen, then the TARGET's glance (generic keys)
        await pilot.pause()
        assert session.game.phase == "bet"
        panel = app.screen.query_one(DecisionPanel)
        assert panel.keys == ("h", "l")
        text = screen_text(app)
        assert " h  HIGHER" in text and " l  LOWER" in text
        await pilot.press("1")  # not a key of this decision: nothing happens
        await pilot.pause()
        assert session.game.phase == "bet"
        await pilot.press("l")
        await pilot.pause()
        assert session.game.bet == "lower" and session.game.phase == "react"
        await pilot.press("2")  # the TARGET's reaction (generic keys)
        await pilot.pause()
        assert session.game.phase == "pick" and app.screen.query_one(DecisionPanel).keys == ("a", "z", "c")


async def test_play_through_presses_the_keys_a_screen_shows():
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        await _start(pilot)
        seen = await play_through(app, pilot, label=short)
        assert isinstance(app.screen, GameOverScreen)
        assert seen["table"] >= 9


class PanelOnly(App):
    """An app with nothing but a decision panel (the shared widget CSS)."""

    CSS_PATH = [str(HERE / "../widgets.tcss")]

    def compose(self):
        yield DecisionPanel(id="decision")


async def test_options_out_of_sight_are_announced_on_the_border():
    """A long list in a small panel says that more choices are above or below."""
    app = PanelOnly()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(DecisionPanel)
        many = Decision((0,), "Ann: keep the drawn card where?", tuple(Action.of("keep", f"Keep it at position {n}", position=n) for n in range(1, 13)))
        panel.show(many)
        await pilot.pause()
        assert panel.border_subtitle == "↓ more below"
        assert "↓ more below" in screen_text(app)
        panel.focus_options()
        await pilot.press("end")
        await pilot.pause()
        assert panel.border_subtitle == "↑ more above"
        few = Decision((0,), "Ann: which?", (Action.of("a", "One"), Action.of("b", "Two")))
        panel.show(few)
        await pilot.pause()
        assert panel.border_subtitle == ""


async def test_a_long_prompt_leaves_fewer_rows_and_the_rest_scrolls():
    """The panel has at most 12 rows: a three-line prompt leaves seven for eight options, so
    the list scrolls (and says so) rather than losing its last option under the border."""
    app = PanelOnly()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(DecisionPanel)
        prompt = "Ann: you drew a card. " * 9  # wraps to three lines at 80 columns
        eight = Decision((0,), prompt.strip(), tuple(Action.of("keep", f"Keep it at position {n}", position=n) for n in range(1, 9)))
        panel.show(eight)
        await pilot.pause()
        await pilot.pause()
        options = panel.query_one("#decision-options")
        assert options.size.height == 7 and panel.size.height <= 12
        assert panel.border_subtitle == "↓ more below"
        panel.focus_options()
        await pilot.press("end")
        await pilot.pause()
        assert "Keep it at position 8" in screen_text(app), "the last option can be scrolled into view"
