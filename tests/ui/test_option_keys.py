"""Option keys: a table screen may show and bind its own key per option (e.g. a seat or a
position number, or a letter) instead of the generic 1–9, 0; ``play_through`` presses them."""

from __future__ import annotations

import inspect

import pytest
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
from cardtable.ui.testing import play_through, screen_text, until
from cardtable.ui.widgets import DecisionPanel, default_keys

HERE = Path(inspect.getfile(ColdWarTable)).parent


class LetterKeys(ColdWarTable):
    """Cold War with ``h``/``l`` for the bet and ``a``/``z`` for the side (``c`` turns the
    coin over)."""

    CSS_PATH = [str(HERE / "../table.tcss"), str(HERE / "cold_war.tcss")]
    BINDINGS = [Binding(k, f"choose('{k}')", show=False) for k in "hlazc"]

    def option_keys(self, decision):
        return {"bet": ("h", "l"), "pick": ("a", "z", "c")}.get(decision.kind)


def test_default_keys_are_one_to_nine_then_zero_then_letters():
    assert default_keys(3) == ("1", "2", "3")
    assert default_keys(12)[8:] == ("9", "0", "a", "b"), "options past the tenth get letters (issue 12.3)"
    assert default_keys(13, frozenset("b"))[10:] == ("a", "c", "f"), "a letter the screen uses is skipped"
    many = default_keys(40)
    assert not {"d", "e", "l", "p", "q", "u", "P"} & set(many), "role keys and the table's own keys are never option keys"
    assert many[-1] is None and len([k for k in many if k]) == 30


def test_a_recurring_move_keeps_its_letter_wherever_it_is_listed():
    from cardtable.ui.widgets import option_keys

    end = Action.of("end", "End your turn").with_role("end-turn")
    play = [Action.of("play", f"Play card {n}", card=n) for n in range(3)]
    assert option_keys([*play[:1], end]) == ("1", "e")
    assert option_keys([*play, end]) == ("1", "2", "3", "e")
    assert option_keys([end, *play]) == ("e", "1", "2", "3"), "the numbers do not skip the letter"
    passing = Action.of("pass", "Pass").with_role("pass")
    everyone = Action.of("pass_all", "Pass for everyone").with_role("pass-all")
    assert option_keys([passing, everyone, *play]) == ("p", "P", "1", "2", "3")
    with pytest.raises(ValueError):
        end.with_role("finish")
    assert end == Action.of("end") and end.to_json() == {"type": "end"}, "the role is not part of the move"


async def test_fofl_end_turn_is_always_e_and_shown_in_the_key_bar():
    app = make_app(StartRequest(game="fofl", players=("Ann", "Bob"), seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        game = screen.session.game
        decision = screen.session.visible_decision()
        labels = [a.label for a in decision.actions]
        assert "End your turn" in labels
        panel = screen.query_one(DecisionPanel)
        assert panel.keys[labels.index("End your turn")] == "e"
        text = screen_text(app)
        assert " e  End your turn" in text and "e End turn" in text.splitlines()[-1]
        name = game.players[decision.seat]
        await pilot.press("e")
        await pilot.pause()
        assert screen.session.game.log.entries[-1].text.endswith(f"{name} ends the turn.") or any(
            e.text == f"{name} ends the turn." for e in screen.session.game.log.entries[-5:]
        )


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
        # the list is measured a refresh or more after it is shown (more on a loaded machine)
        assert await until(pilot, lambda: panel.border_subtitle == "↓ more below"), panel.border_subtitle
        assert "↓ more below" in screen_text(app)
        panel.focus_options()
        await pilot.press("end")
        assert await until(pilot, lambda: panel.border_subtitle == "↑ more above"), panel.border_subtitle
        few = Decision((0,), "Ann: which?", (Action.of("a", "One"), Action.of("b", "Two")))
        panel.show(few)
        assert await until(pilot, lambda: panel.border_subtitle == ""), panel.border_subtitle


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
