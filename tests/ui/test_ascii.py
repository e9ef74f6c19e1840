"""``--ascii`` (issue 14): in ASCII mode nothing outside ASCII reaches the terminal, and every
glyph a screen draws has a chosen stand-in (``cardtable.ui.glyphs.GLYPHS``), so no suit or
mark turns into a ``?``. Checked on the menu and on every screen of a random walk through
every game's table (privacy screens, news, table) and on its game-over screen.

What the terminal receives in ASCII mode is the rendered screen run through
``glyphs.ascii_text`` (the app wraps its driver's ``write``; ``test_look`` checks that)."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import games
from cardtable.engine.registry import default_names
from cardtable.ui import StartRequest, make_app
from cardtable.ui.glyphs import GLYPHS, ascii_mode, ascii_text
from cardtable.ui.testing import screen_text, settled_lines


def _unmapped(text: str) -> set[str]:
    return {ch for ch in text if not ch.isascii() and ch not in GLYPHS}


def _check(app, where: str, problems: list[str]) -> None:
    text = screen_text(app)
    missing = _unmapped(text)
    if missing:
        problems.append(f"{where}: no ASCII stand-in for {''.join(sorted(missing))!r}")
    if not ascii_text(text).isascii():  # pragma: no cover - ascii_text always gives ASCII
        problems.append(f"{where}: not ASCII after the filter")


async def test_menu_in_ascii():
    app = make_app(StartRequest(ascii=True))
    problems: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert ascii_mode()
        _check(app, "menu", problems)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("cls", games(), ids=lambda g: g.id)
async def test_every_screen_of_a_game_in_ascii(cls):
    from cardtable.engine.playout import play_random
    from cardtable.engine.session import Session
    from cardtable.ui.gameover import GameOverScreen
    from cardtable.ui.table import TableScreen

    app = make_app(StartRequest(game=cls.id, players=default_names(cls.min_players), seed=4, ascii=True))
    problems: list[str] = []
    rng = random.Random(4)
    async with app.run_test(size=(120, 40)) as pilot:
        moves, over = 0, False
        for _ in range(80):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, GameOverScreen):  # the frames are held until the reveal is fitted
                await settled_lines(app, pilot)
            _check(app, f"{type(screen).__name__} after {moves} moves", problems)
            if isinstance(screen, GameOverScreen):
                over = True
                break
            if moves >= 15:
                break
            if not isinstance(screen, TableScreen):
                await pilot.press("enter")
                continue
            decision = screen.session.visible_decision()
            if decision is None:  # a hand-over on its way: its screen comes next
                await pilot.pause(0.05)
                continue
            for key in screen.keys_for(decision.actions[rng.randrange(len(decision.actions))]):
                await pilot.press(key)
            moves += 1
        app.push_screen(GameOverScreen(Session(play_random(cls.id, seed=4), None, None)))
        await pilot.pause()
        await settled_lines(app, pilot)  # the frames are held until the reveal is fitted
        _check(app, "game over", problems)
    assert moves >= 10 or over
    assert not problems, "\n".join(sorted(set(problems))[:10])


@pytest.mark.parametrize("opened", ["theme picker", "command palette"])
async def test_palette_search_icon_in_ascii(opened):
    """A fresh tester saw "?? Search for themes~": the palette's 🔎 (two cells) became the
    mode's "??". In ASCII mode it is "> ", as wide, in the theme picker and the palette."""
    from textual.command import CommandPalette

    app = make_app(StartRequest(ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if opened == "theme picker":
            app.action_change_theme()
        else:
            await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        assert isinstance(app.screen, CommandPalette)
        text = ascii_text(screen_text(app))
        words = "Search for themes~" if opened == "theme picker" else "Search for commands~"
        assert "??" not in text and any(line.strip().startswith(">") and line.strip()[1:].strip() == words for line in text.splitlines()), text


def test_an_empty_place_does_not_read_as_a_card_in_ascii():
    """A fresh tester in ASCII mode took Cold War's empty "Last reveal" place, "+----+", for
    a blank card. An empty place (dashed lines) becomes dots and colons; a card keeps its
    dashes and bars."""
    from cardtable.ui.cards import Tile, empty_tile, tile_lines

    empty = [ascii_text(line.plain) for line in tile_lines(empty_tile(), 8, 5)]
    card = [ascii_text(line.plain) for line in tile_lines(Tile("7♥", "Seven of Hearts"), 8, 5)]
    assert empty[0] == "+......+" and empty[1].startswith(":") and empty[1].endswith(":"), empty
    assert card[0] == "+------+" and card[1].startswith("|"), card
    assert not set("".join(empty)) & set("-|"), empty
