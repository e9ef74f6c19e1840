"""The open log shows its newest line after a resize and as new lines arrive, unless the
player has scrolled up (issue 14, a fresh tester: Black Ops at 80×24 with the log open,
after a resize the log ended at ``Reveal: Dan 8 Shotgun…``, the newest line
``Lowest Load Out: 7. …`` hidden below it)."""

from __future__ import annotations

from cardtable.ui import StartRequest, make_app
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_lines


async def _log_open_after_moves(app, pilot, least: int) -> TableScreen:
    """Ann among two computers, the log open, until the log has ``least`` entries."""
    for _ in range(120):
        await pilot.pause(0.1)
        table = app.screen
        if isinstance(table, TableScreen):
            if not table.query_one("#log").display:
                await pilot.press("l")
                continue
            if len(table.session.view().log) >= least and table.session.visible_decision() is not None:
                return table
            await pilot.press("1")
        else:
            await pilot.press("enter")
    raise AssertionError("the log never grew")


def _at_end(log) -> bool:
    return log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y


def _start() -> StartRequest:
    return StartRequest(game="black-ops", players=("Ann", "Computer 2", "Computer 3"), seed=3, computers={1: "normal", 2: "normal"})


async def _settle(pilot) -> None:
    for _ in range(4):
        await pilot.pause(0.15)


async def test_after_a_resize_the_open_log_shows_its_newest_line():
    app = make_app(_start())
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _log_open_after_moves(app, pilot, 12)
        log = table.query_one("#log")
        await pilot.resize_terminal(80, 24)
        await _settle(pilot)
        assert _at_end(log), (log.scroll_y, log.max_scroll_y)
        newest = table.session.view().log[-1].text
        region = log.region
        shown = " ".join(line[region.x : region.right] for line in screen_lines(app)[region.y : region.bottom])
        words = " ".join(newest.split()[:2])
        assert words in " ".join(shown.split()), (newest, shown)
        await pilot.resize_terminal(90, 24)
        await _settle(pilot)
        assert _at_end(log), (log.scroll_y, log.max_scroll_y)


async def test_a_log_scrolled_up_stays_where_the_player_put_it():
    app = make_app(_start())
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _log_open_after_moves(app, pilot, 12)
        log = table.query_one("#log")
        await _settle(pilot)
        assert _at_end(log)
        log.scroll_home(animate=False)  # the player scrolls up on purpose
        await _settle(pilot)
        assert log.scroll_y == 0
        await pilot.resize_terminal(90, 24)
        await _settle(pilot)
        assert log.scroll_y == 0, "a resize took the player away from the lines they scrolled to"
        log.scroll_end(animate=False)  # back at the end: it follows again
        await _settle(pilot)
        await pilot.resize_terminal(80, 24)
        await _settle(pilot)
        assert _at_end(log)


async def test_a_short_log_starts_at_the_top_of_its_panel():
    """A fresh tester at 200×60: the log anchored at its end (Textual's ``anchor``) drew a
    short log at the foot of an empty panel, "its text pushed to the bottom". A log shorter
    than its panel starts on the panel's first row."""
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=3))
    async with app.run_test(size=(200, 60)) as pilot:
        for _ in range(6):
            await pilot.pause(0.2)
            if isinstance(app.screen, TableScreen):
                break
            await pilot.press("enter")
        await pilot.press("l")
        await _settle(pilot)
        log = app.screen.query_one("#log")
        assert log.scroll_y == 0 and log.max_scroll_y == 0
        region = log.region
        first = screen_lines(app)[region.y][region.x : region.right]
        assert "The deck is shuffled" in first, first
