"""The privacy screen's box with F1's keys panel open at 80×24 (h101, the fresh tester): the
"Just happened" list was wrapped for the whole screen's width and broken again by the
narrower box, "· 3♦ is turned face up to start the discard" over "pile." at the box's left
edge. The list is wrapped again for the box's width when the panel opens or closes, each
line breaking at a phrase's end where its rows allow (``recent.phrase_wrap``)."""

from __future__ import annotations

from cardtable.ui import StartRequest, make_app
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.recent import cell_wrap, phrase_wrap
from cardtable.ui.testing import screen_lines

COLD_WAR = StartRequest(game="cold-war", players=("Ann", "Bob"), seed=3)


def box_rows(app, widget_id: str) -> list[str]:
    """The rows the widget ``widget_id`` of the screen draws, as read off the screen."""
    region = app.screen.query_one(widget_id).region
    lines = screen_lines(app)
    return [lines[row][region.x : region.right].rstrip() for row in range(region.y, region.bottom)]


def test_phrase_wrap_breaks_after_punctuation_and_leaves_no_word_alone():
    coin = "Coin flip: HEADS — Ann is the SPY, Bob is the TARGET."
    assert cell_wrap(coin, 44, initial_indent="· ", subsequent_indent="  ") == ["· Coin flip: HEADS — Ann is the SPY, Bob is", "  the TARGET."]
    assert phrase_wrap(coin, 44, initial_indent="· ", subsequent_indent="  ") == ["· Coin flip: HEADS — Ann is the SPY,", "  Bob is the TARGET."]
    pile = "3♦ is turned face up to start the discard pile."
    assert phrase_wrap(pile, 44, initial_indent="· ", subsequent_indent="  ") == ["· 3♦ is turned face up to start the", "  discard pile."]
    assert phrase_wrap(pile, 60) == [pile], "a line that fits stays one row"
    for width in range(12, 70):  # never more rows than plain wrapping, never wider
        for text in (coin, pile):
            rows = phrase_wrap(text, width)
            assert len(rows) == len(cell_wrap(text, width)) and all(len(r) <= width for r in rows)


async def test_with_f1_open_at_80x24_the_box_wraps_each_line_at_a_phrase_end():
    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press("f1")
        await pilot.pause(0.2)
        assert app.screen.query("KeysPanel")
        rows = box_rows(app, "#privacy-recent")
        assert [r for r in rows if r] == [
            "· The deck is shuffled: 52 cards.",
            "· 3♦ is turned face up to start the",
            "  discard pile.",
            "· Coin flip: HEADS — Ann is the SPY,",
            "  Bob is the TARGET.",
            "· Bob draws 2 cards.",
        ]
        # drawn as wrapped: no row broken again by the box (each continuation hangs under its words)
        text_rows = str(app.screen.query_one("#privacy-recent").render()).split("\n")
        assert [r for r in rows if r] == text_rows
        await pilot.press("f1")  # closed: the whole box's width again, one row each
        await pilot.pause(0.2)
        rows = [r for r in box_rows(app, "#privacy-recent") if r]
        assert rows[1] == "· 3♦ is turned face up to start the discard pile."
        assert rows[2] == "· Coin flip: HEADS — Ann is the SPY, Bob is the TARGET."


async def test_the_hint_after_a_dropped_key_breaks_at_its_comma(monkeypatch):
    """The hint was one line that the box broke before its last word ("… when you are" over
    "Bob."), with or without the keys panel."""
    monkeypatch.setenv("CARDTABLE_PRIVACY_GUARD", "30")  # every key is dropped: the hint shows
    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause(0.2)
        hint = ["One moment: let go of the keys,", "then press Enter when you are Bob."]
        assert [r.strip() for r in box_rows(app, "#privacy-ready") if r.strip()] == hint
        app.action_toggle_keys()  # F1 (a key pressed now would be dropped too)
        await pilot.pause(0.2)
        assert app.screen.query("KeysPanel")
        assert [r.strip() for r in box_rows(app, "#privacy-ready") if r.strip()] == hint
    app = make_app(COLD_WAR)
    async with app.run_test(size=(160, 48)) as pilot:  # the box is as wide as ever: the same two lines
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert [r.strip() for r in box_rows(app, "#privacy-ready") if r.strip()] == hint
