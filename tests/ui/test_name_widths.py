"""Names whose characters terminals draw at a width rich does not count (a fresh tester's
``❤️ Liv``, ``👍🏽 Tom``, flags, keycaps, ``Zoé́``) shifted the right border of every box
carrying the name by a cell: the setup screen refuses them, saying which character and why
(``cardtable.names.width_problem``), and the names it takes line every border up, measured
as a terminal draws the screen's text."""

from __future__ import annotations

import random
import unicodedata

import pytest
from textual.widgets import Input

from cardtable.ui import StartRequest, make_app
from cardtable.ui.testing import empty_name_field, screen_text

FINE = ("Ann 🃏", "👩\u200d🚀 Bo", "Zoe\u0308", "美咲美咲美咲")
"""Names the setup takes: a wide emoji, a joined emoji (kept as two), an accent typed as a
combining mark (NFKC composes it), six CJK letters (12 cells, the most)."""


def terminal_width(text: str) -> int:
    """The cells a terminal (wcwidth, as tmux and xterm measure) draws ``text`` in: a
    combining or enclosing mark, a format character or a variation selector none, an East
    Asian wide or full-width character two, any other one."""
    def width(ch: str) -> int:
        if unicodedata.category(ch) in ("Mn", "Me", "Cf") or 0xFE00 <= ord(ch) <= 0xFE0F:
            return 0
        return 2 if unicodedata.east_asian_width(ch) in "WF" else 1
    return sum(map(width, text))


def rows_drawn_off(app) -> list[str]:
    """The screen's rows whose text a terminal draws wider or narrower than the screen:
    every box border after the odd character sits a cell off in them."""
    from textual._context import visible_screen_stack

    visible_screen_stack.set(list(app._background_screens))
    off = []
    for strip in app.screen._compositor.render_strips():
        text = "".join(seg.text for seg in strip if not seg.control)
        if terminal_width(text) != app.size.width:
            off.append(text)
    return off


def test_the_measure_sees_the_testers_shift():
    """What the check below counts on: the terminal draws ``❤️`` (heart, U+FE0F) in one cell
    where rich counts two."""
    from rich.cells import cell_len

    assert (terminal_width("❤️ Liv"), cell_len("❤️ Liv")) == (5, 6)


def note(setup) -> str:
    """The text of the setup's note line above the names."""
    return str(setup.query_one("#names-note").render())


async def test_the_setup_refuses_a_name_of_no_settled_width_and_says_why():
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        setup, field = await empty_name_field(pilot, "black-ops", 1)
        for name, why in [("❤️ Liv", "a variation selector (U+FE0F)"), ("👍🏽 Tom", "a skin tone (U+1F3FD)"), ("Zoe\u0301\u0301", "stacked accents (U+0301)")]:
            field.value = name
            await pilot.pause()
            assert note(setup) == f"Seat 2: '{unicodedata.normalize('NFKC', name)}' has {why}: terminals differ on its width."
            assert field.has_class("-invalid")
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is setup, f"a game started with {name!r}"
        field.value = "美咲美咲美咲子"
        await pilot.pause()
        assert note(setup) == "Seat 2's name takes 14 cells, a wide letter two (at most 12): shorten it."
        field.value = "Ann 🃏"
        await pilot.pause()
        assert not field.has_class("-invalid")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is not setup


@pytest.mark.parametrize("game", ["black-ops", "combat-cards"])
async def test_the_names_the_setup_takes_keep_every_border_in_line(game):
    """At 120×40 the hand-over ("Pass to …"), the tables (seat tiles, titles, the decision
    panel's title) and their news: every row of the screen is as wide in the terminal as on
    the screen, so no border after a name is shifted."""
    from cardtable.ui.news import NewsScreen
    from cardtable.ui.privacy import PrivacyScreen
    from cardtable.ui.table import TableScreen

    app = make_app(StartRequest(game=game, players=list(FINE), seed=5))
    rng = random.Random(3)
    seen: set[str] = set()
    async with app.run_test(size=(120, 40)) as pilot:
        tables = 0
        for _ in range(40):
            await pilot.pause(0.05)
            screen = app.screen
            seen.add(type(screen).__name__)
            off = rows_drawn_off(app)
            assert not off, f"{type(screen).__name__}:\n" + "\n".join(off)
            if isinstance(screen, (PrivacyScreen, NewsScreen)):
                assert any(name in screen_text(app) for name in ("Ann 🃏", "👩🚀 Bo", "Zoë", "美咲美咲美咲")) or isinstance(screen, NewsScreen)
                await pilot.press("enter")
                continue
            if not isinstance(screen, TableScreen) or tables >= 6:
                break
            decision = screen.session.visible_decision()
            if decision is None:
                break
            tables += 1
            action = decision.actions[rng.randrange(len(decision.actions))]
            for key in screen.keys_for(action):
                await pilot.press(key)
        assert tables >= 3 and "PrivacyScreen" in seen, seen
