"""``--ascii`` names keys in words where the key bar and F1's keys panel show them: the
stand-in of "⏎" is "<", and a fresh tester read "< Go on" for Enter (and "^ v <" for the
arrows and Enter). Outside ASCII mode the glyphs stay."""

from __future__ import annotations

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.glyphs import ascii_text, key_text, set_ascii_mode
from cardtable.ui.testing import screen_lines, until


def test_key_text_in_words_only_in_ascii_mode():
    try:
        set_ascii_mode(True)
        assert key_text("⏎ Go on") == "Enter Go on"
        assert key_text("↑ ↓ ⏎") == "Up Down Enter" and key_text("Hand ↓") == "Hand Down"
        set_ascii_mode(False)
        assert key_text("⏎ Go on") == "⏎ Go on"
    finally:
        set_ascii_mode(False)


@pytest.mark.parametrize("ascii", [True, False])
async def test_the_key_bar_and_the_keys_panel_say_enter(ascii, cardtable_home):
    app = make_app(StartRequest(ascii=ascii))
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        assert await until(pilot, lambda: bool(app.screen.query("HelpPanel")))
        text = ascii_text("\n".join(screen_lines(app)))  # what the terminal receives
        bar = text.splitlines()[-1]
        if ascii:
            assert "Up Down Enter" in text and "^ v <" not in text, text
            assert "<" not in bar, bar
        else:
            assert "^ v <" in text  # the glyphs, seen through the filter
    set_ascii_mode(False)


def test_glyphs_side_by_side_become_words_with_a_slash():
    try:
        set_ascii_mode(True)
        assert key_text("←→: more columns") == "Left/Right: more columns"
        assert key_text("card 2 of 9 · ←/→ next") == "card 2 of 9 · Left/Right next"
    finally:
        set_ascii_mode(False)
