"""Back in a menu of several picks (FOFL's "Play which card?") has one key everywhere:
Escape, as on every other screen's Back, shown as "Esc" on its option and in the key bar
(a fresh tester found "7" beside "← Back", the next free number)."""

from __future__ import annotations

from cardtable.engine import BACK
from cardtable.ui import StartRequest, make_app
from cardtable.ui.testing import screen_text
from cardtable.ui.widgets import DecisionPanel, option_keys


def test_back_has_escape_wherever_it_is_listed():
    from cardtable.engine import Action

    cards = [Action.of("play", f"Play card {n}", card=n) for n in range(6)]
    assert option_keys([*cards, BACK]) == ("1", "2", "3", "4", "5", "6", "escape")
    assert option_keys([BACK, *cards[:2]]) == ("escape", "1", "2")


async def test_fofl_play_which_card_goes_back_with_escape():
    app = make_app(StartRequest(game="fofl", players=("Ann", "Bob"), seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        turn = screen.session.visible_decision()
        panel = screen.query_one(DecisionPanel)
        play = next(i for i, a in enumerate(turn.actions) if a.get("menu") == "play")
        await pilot.press(panel.keys[play])
        await pilot.pause()
        menu = screen.session.visible_decision()
        assert BACK in menu.actions and menu != turn
        assert panel.keys[menu.actions.index(BACK)] == "escape"
        text = screen_text(app)
        assert " Esc  ← Back" in text, text
        assert "Esc Back" in text.splitlines()[-1], text.splitlines()[-1]
        assert not any(key.isdigit() for key, action in zip(panel.keys, menu.actions) if action == BACK)
        await pilot.press("escape")
        await pilot.pause()
        assert screen.session.visible_decision() == turn
