"""Helpers for pilot tests of the screens (used by every game's UI tests).

``screen_text(app)`` is the rendered screen as plain text lines (what a player would read);
``play_through(app, pilot, choose)`` plays a whole game through the real screens by key
presses, passing every privacy screen, and checks on each privacy screen that no private
card face of any seat is drawn.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from textual.app import App
from textual.pilot import Pilot

__all__ = ["screen_text", "private_faces", "play_through", "wait_for_computers", "choose_menu", "open_setup", "until", "game_over_on", "settled_lines", "drawn_from", "random_step", "walk_until"]


def screen_lines(app: App) -> list[str]:
    """The current screen as one string per terminal row, trailing blanks dropped.

    Read from the compositor's strips (the cells the terminal is sent), not from an SVG
    screenshot: the same text for a sixth of the CPU (2.9 ms against 17 ms for the menu at
    200×60), one line for every row, and without the screenshot's side effect of marking the
    screen clean. Each segment starts at its own column, so a wide
    character (an emoji) is followed by a blank, as on the SVG screenshot this replaced."""
    from textual._context import visible_screen_stack

    visible_screen_stack.set(list(app._background_screens))
    lines = []
    for strip in app.screen._compositor.render_strips():
        line, column = "", 0
        for segment in strip:
            if segment.control:
                continue
            line = line.ljust(column) + segment.text
            column += segment.cell_length
        lines.append(line.replace("\xa0", " ").rstrip())
    return lines


def screen_text(app: App) -> str:
    """The current screen as text, one line per terminal row (from the SVG screenshot)."""
    return "\n".join(screen_lines(app))


async def choose_menu(pilot: Pilot, option_id: str) -> None:
    """On the main menu, move down to the entry ``option_id`` (``"game:<id>"``,
    ``"browser"``, ``"resume"``) with the arrow keys and press Enter."""
    menu = pilot.app.screen.query_one("#menu-list")
    index = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == option_id)
    for _ in range(index - (menu.highlighted or 0)):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()



async def open_setup(pilot: Pilot, game_id: str):
    """From the main menu, open the setup screen of the game ``game_id`` (e.g. ``"cold-war"``)
    and return it. Raises ``AssertionError`` if the menu opened another screen."""
    from cardtable.ui.setup import SetupScreen

    await pilot.pause()
    await choose_menu(pilot, f"game:{game_id}")
    setup = pilot.app.screen
    assert isinstance(setup, SetupScreen), f"the menu opened {type(setup).__name__}, not the setup"
    return setup

async def empty_name_field(pilot: Pilot, game_id: str, seat: int):
    """Open the setup screen of ``game_id`` (``open_setup``) and focus seat ``seat``'s
    (0-based) name field, emptied; return ``(setup screen, the field)``."""
    from textual.widgets import Input

    setup = await open_setup(pilot, game_id)
    field = setup.query_one(f"#name-{seat}", Input)
    field.focus()
    field.value = ""
    await pilot.pause()
    return setup, field


def private_faces(game, label: Callable | None = None) -> set[str]:
    """Names (and corner labels) of every card that is face down in some seat's private
    knowledge right now: none of them may be on a privacy screen. A name that another
    copy lying face up also has is left out (showing that copy is no leak)."""
    faces: set[str] = set()
    public: set[str] = set()
    for card in game.all_cards():
        names = {card.defn.name} | ({label(card.defn)} if label is not None else set())
        if card.up:
            public |= names
        elif card.known:
            faces |= names
    return faces - public


async def until(pilot: Pilot, condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Pause the app until ``condition()`` holds, at most ``timeout`` seconds (a loaded
    machine may need several refreshes for what one refresh does on a quiet one), then one
    more refresh so the screen shows it. Returns whether it held; the caller asserts."""
    import time

    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        await pilot.pause(0.02)
    await pilot.pause()
    return True


@asynccontextmanager
async def game_over_on(session, size: tuple[int, int]) -> AsyncIterator[App]:
    """An app of ``size`` (columns, rows) showing the game-over screen of ``session`` (a
    finished ``Session``), laid out and drawn; yields the app, closed on leaving."""
    from cardtable.ui import StartRequest, make_app
    from cardtable.ui.gameover import GameOverScreen

    app = make_app(StartRequest())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.push_screen(GameOverScreen(session))
        await pilot.pause(0.3)
        yield app


async def settled_lines(app: App, pilot: Pilot, timeout: float = 3.0, *, read: Callable[[App], list[str]] = screen_lines,
                        every: float = 0.1) -> list[str]:
    """The screen's lines (``read``, by default ``screen_lines``) once it has settled: the
    same screen twice, ``every`` seconds apart, at most ``timeout`` seconds (a table laid out
    in two passes, such as FOFL's rows shared after its tile columns are known, is checked
    as the player sees it), and not while the screen says it is ``settling`` (a table that
    measures itself again after a pause: FOFL's crowded sides)."""
    import time

    lines = read(app)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        await pilot.pause(every)
        again = read(app)
        if again == lines and not getattr(app.screen, "settling", False):
            break
        lines = again
    return lines


def drawn_from(line) -> int:
    """The column of the first cell of ``line`` (a rich ``Text``) that a player sees drawn:
    a character other than a space, or a space in a reverse or background colour (a chip's
    padding cell). The length of the line when nothing in it is drawn."""
    from rich.style import Style

    plain = line.plain
    for column, char in enumerate(plain):
        if char != " ":
            return column
        for span in line.spans:
            style = Style.parse(span.style) if isinstance(span.style, str) else span.style
            if span.start <= column < span.end and (style.reverse or style.bgcolor is not None):
                return column
    return len(plain)


async def wait_for_computers(pilot: Pilot, screen, timeout: float = 30.0) -> None:
    """Wait until the computer players' move on ``screen`` (a ``TableScreen``) is played
    or the screen is gone. Raises ``AssertionError`` after ``timeout`` seconds."""
    import time

    moves = screen.session.game.moves
    deadline = time.monotonic() + timeout
    while screen.is_attached and screen.session.game.moves == moves and screen.session.computer_turn():
        if time.monotonic() > deadline:
            raise AssertionError("the computer player did not move")
        await pilot.pause(0.01)


async def play_through(
    app: App,
    pilot: Pilot,
    choose: Callable[[object], int] | None = None,
    *,
    label: Callable | None = None,
    max_steps: int = 5_000,
    check_privacy: bool = True,
) -> dict[str, int]:
    """Press keys until the game-over screen: Enter on privacy screens and news boxes, on table screens the
    keys the screen names for an option (``TableScreen.keys_for``) (``choose(decision) -> 1-based option``, default
    random with a fixed seed; arrows and Enter for an option without a key).
    Returns counts of the screens seen. Raises ``AssertionError`` on a leak or a stall.
    While computer players think (``Session.computer_turn``) it waits for their move
    (``wait_for_computers``); run with ``CARDTABLE_COMPUTER_PACE=0``.
    ``check_privacy=False`` skips the (costly) screen-text check of privacy screens."""
    from cardtable.ui.gameover import GameOverScreen
    from cardtable.ui.news import NewsScreen
    from cardtable.ui.privacy import PrivacyScreen
    from cardtable.ui.table import TableScreen

    rng = random.Random(0)
    seen = {"privacy": 0, "table": 0}
    for _ in range(max_steps):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return seen
        if isinstance(screen, PrivacyScreen):
            seen["privacy"] += 1
            if not check_privacy:
                await pilot.press("enter")
                continue
            game = next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen)).session.game
            lines = screen_lines(app)
            for recent in screen.query("#privacy-recent"):  # public log lines: no secrets
                region = recent.region
                for row in range(region.y, min(region.bottom, len(lines))):
                    line = lines[row].ljust(region.right)
                    lines[row] = line[: region.x] + " " * region.width + line[region.right :]
            text = "\n".join(lines)
            for face in private_faces(game, label):
                if face and face in text:
                    raise AssertionError(f"private card {face!r} is visible on the privacy screen:\n{text}")
            await pilot.press("enter")
            continue
        if isinstance(screen, NewsScreen):  # public news over the public table
            seen["news"] = seen.get("news", 0) + 1
            if check_privacy:
                game = next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen)).session.game
                text = "\n".join(screen_lines(app))
                for face in private_faces(game, label):
                    if face and face in text and not any(face in line for line in screen.news):
                        raise AssertionError(f"private card {face!r} is visible with the news:\n{text}")
            await pilot.press("enter")
            continue
        if isinstance(screen, TableScreen):
            seen["table"] += 1
            decision = screen.session.visible_decision()
            if decision is None and screen.session.computer_turn():
                await wait_for_computers(pilot, screen)
                continue
            if decision is None:
                raise AssertionError("table screen without a decision")
            number = choose(decision) if choose else rng.randrange(len(decision.actions)) + 1
            for key in screen.keys_for(decision.actions[number - 1]):
                await pilot.press(key)
            continue
        raise AssertionError(f"unexpected screen {type(screen).__name__}")
    raise AssertionError("the game did not end through the screens")


async def random_step(app: App, pilot: Pilot, rng: random.Random) -> None:
    """One step of a walk through the screens: Enter on a privacy screen or a news box, a
    random option (``rng``) by its keys on a table screen with a decision, nothing while a
    computer player thinks; then a short pause."""
    from cardtable.ui.news import NewsScreen
    from cardtable.ui.privacy import PrivacyScreen
    from cardtable.ui.table import TableScreen

    screen = app.screen
    if isinstance(screen, (PrivacyScreen, NewsScreen)):
        await pilot.press("enter")
    elif isinstance(screen, TableScreen) and (decision := screen.session.visible_decision()) is not None:
        for key in screen.keys_for(rng.choice(decision.actions)):
            await pilot.press(key)
    await pilot.pause(0.05)


async def walk_until(app: App, pilot: Pilot, condition: Callable[[App], bool], seed: int = 1, most: int = 300) -> None:
    """Take ``random_step``s (choices from ``random.Random(seed)``) until ``condition(app)``
    holds. Raises ``AssertionError`` after ``most`` steps."""
    rng = random.Random(seed)
    await pilot.pause()
    for _ in range(most):
        if condition(app):
            return
        await random_step(app, pilot, rng)
    assert condition(app), f"not reached within {most} steps"
