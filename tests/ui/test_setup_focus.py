"""The setup screen's keyboard focus (a fresh tester's findings): Tab and Shift+Tab move in
reading order (row by row: a seat's player kind, its name, its options, then the next seat;
then the game's options, the seed and the buttons), every stop is a control one can see
(the scrolling form itself is none), and the focused control is a solid block of the theme's
accent that keeps 3:1 against the form (``look.FOCUS_CONTRAST``) with its text at 4.5:1."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from cardtable.engine import games
from cardtable.ui import make_app
from cardtable.ui.look import FOCUS_CONTRAST, OFFERED_THEMES
from cardtable.ui.testing import open_setup
from test_contrast import MIN_CONTRAST, contrast


def reading_order(screen) -> list[str]:
    """The ids of the setup's controls that can take the focus, as a reader meets them on
    screen: by row, then by column (measured on the laid-out form, not the DOM)."""
    stops = [w for w in screen.query("Input, Select, Button") if w.focusable and w.region.area]
    return [w.id for w in sorted(stops, key=lambda w: (w.region.y, w.region.x))]


async def walk(pilot, key: str, steps: int) -> list[str]:
    """The id of the focused widget after each of ``steps`` presses of ``key``."""
    seen = []
    for _ in range(steps):
        await pilot.press(key)
        await pilot.pause()
        focused = pilot.app.focused
        seen.append(focused.id if focused is not None else None)
    return seen


@pytest.mark.parametrize("cls", games(), ids=lambda g: g.id)
async def test_tab_and_shift_tab_follow_reading_order(cls):
    app = make_app()
    async with app.run_test(size=(120, 60)) as pilot:  # the whole form on screen: rows comparable
        setup = await open_setup(pilot, cls.id)
        await pilot.pause()
        order = reading_order(setup)
        assert order[-1] == "back" and "start" in order, order
        first = app.focused.id
        start = order.index(first)
        n = len(order)
        # Tab: on from the first focused field to the last button, then round to the top
        # again and on past the start; Shift+Tab: the same stops backwards
        assert await walk(pilot, "tab", n + 2) == [order[(start + i) % n] for i in range(1, n + 3)]
        assert await walk(pilot, "shift+tab", n + 2) == [order[(start + 2 - i) % n] for i in range(1, n + 3)]


async def test_a_seat_row_is_walked_before_the_next_seat():
    """Combat Cards has a deck per seat: Tab goes Player → Name → Deck, then seat 2."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "combat-cards")
        setup.query_one("#kind-0").focus()
        await pilot.pause()
        assert await walk(pilot, "tab", 4) == ["name-0", "opt-deck-0", "kind-1", "name-1"]
        assert await walk(pilot, "shift+tab", 4) == ["kind-1", "opt-deck-0", "name-0", "kind-0"]
        # the buttons are reached from the seed (at 80×24 the form scrolls to them)
        setup.query_one("#seed").focus()
        await pilot.pause()
        assert await walk(pilot, "tab", 3) == ["start", "decks", "back"]
        start = setup.query_one("#start")
        assert await walk(pilot, "shift+tab", 2) == ["decks", "start"]
        assert start.region.area and app.screen.find_widget(start).region.bottom <= 24
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ != "SetupScreen", "Enter on the focused Start did not start"


FIGURES: dict[str, float] = {}
"""The lowest contrast of a focus block against the form, per theme (``pytest -s`` prints it)."""


def cell_colours(app, widget: Widget) -> list[tuple[str, tuple[int, int, int], tuple[int, int, int]]]:
    """(character, ink, paper) of each cell of ``widget`` as drawn (after the app's line
    filters; reverse applied)."""
    from rich.color import Color as RichColor

    theme = app.ansi_theme
    region = widget.region
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    found = []
    for y, line in enumerate(update.strips):
        if not region.y <= y < region.bottom:
            continue
        x = 0
        for strip in line:
            for segment in strip:
                if segment.control:
                    continue
                style = segment.style
                for ch in segment.text:
                    if region.x <= x < region.right and style is not None:
                        fg = (style.color or RichColor.default()).get_truecolor(theme, foreground=True)
                        bg = (style.bgcolor or RichColor.default()).get_truecolor(theme, foreground=False)
                        ink, paper = (fg.red, fg.green, fg.blue), (bg.red, bg.green, bg.blue)
                        if style.reverse:
                            ink, paper = paper, ink
                        found.append((ch, ink, paper))
                    x += 1
    return found


def papers(cells) -> set[tuple[int, int, int]]:
    return {paper for _, _, paper in cells}


@pytest.mark.parametrize("theme", OFFERED_THEMES)
async def test_the_focused_control_is_a_clear_block(theme):
    """Each kind of control (a name, a drop-down, a button), focused, is filled with one
    colour at 3:1 or more against the form's background and against the same control
    unfocused, and its text keeps 4.5:1 on it. The Start button is the one exception to the
    second: unfocused it is already a block of the theme's primary colour, and its focus
    block is only required to differ from it (and to keep 3:1 against the form)."""
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        app.theme = theme
        setup = await open_setup(pilot, "combat-cards")
        form = papers(cell_colours(app, setup.query_one("#names-note")))
        for wid in ("name-0", "kind-1", "opt-deck-0", "start", "back"):
            widget = setup.query_one(f"#{wid}")
            setup.query_one("#seed").focus()
            await pilot.pause()
            unfocused = papers(cell_colours(app, widget))
            widget.focus()
            await pilot.pause()
            cells = cell_colours(app, widget)
            # the block: the colour of most cells (an Input's cursor cell is reversed)
            fill = max(papers(cells), key=lambda p: sum(1 for c in cells if c[2] == p))
            FIGURES[theme] = min([FIGURES.get(theme, 21.0)] + [contrast(fill, other) for other in form])
            if wid == "start":
                assert fill not in unfocused, f"{theme}: Start looks the same focused"
            for other in form if wid == "start" else unfocused | form:
                assert contrast(fill, other) >= FOCUS_CONTRAST, f"{theme} {wid}: focus {fill} vs {other}: {contrast(fill, other):.2f}:1"
            for ch, ink, paper in cells:
                if ch.strip() and not "\u2500" <= ch <= "\u259f":
                    assert contrast(ink, paper) >= MIN_CONTRAST, f"{theme} {wid}: {ch!r} {contrast(ink, paper):.2f}:1"
    print(f"\nfocus block against the form: {', '.join(f'{t} {r:.2f}' for t, r in FIGURES.items())}")
