"""The title line fits beside the log panel (issue 14, the fresh tester: at 80×24 with the
log open the title was cut in every game). It shows the longest of its forms that fits
(``TableScreen.title_forms``, ``TitleLine``), whole."""

from __future__ import annotations

import re

import pytest

from cardtable.engine import games
from cardtable.ui import StartRequest, make_app
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_lines

GAMES = [cls.id for cls in games()]


def _title_on_screen(app, table: TableScreen) -> tuple[str, str]:
    """(the title's text, what of its row the screen shows left of the log panel)."""
    title = table.query_one("#table-title")
    log = table.query_one("#log")
    right = log.region.x if log.display else title.region.right
    row = screen_lines(app)[title.region.y].ljust(right)[:right]
    return str(title.render()).strip(), row


async def _to_a_players_turn(pilot, app) -> TableScreen:
    """Past the privacy screens and Bloops' first looks, to a player's own turn."""
    for _ in range(12):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, PrivacyScreen):
            await pilot.press("enter")
        elif isinstance(screen, TableScreen) and screen.session.view().get("phase") == "memorise":
            await pilot.press("1")
        elif isinstance(screen, TableScreen):
            return screen
        else:
            await pilot.press("enter")
    raise AssertionError(f"no player's turn: {type(app.screen).__name__}")


@pytest.mark.parametrize("game_id", GAMES)
async def test_the_title_fits_beside_the_log_at_80x24(game_id):
    cls = next(c for c in games() if c.id == game_id)
    names = ("Annabelle", "Bob", "Cat", "Dan")[: max(cls.min_players, 2)]
    app = make_app(StartRequest(game=game_id, players=names, seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _to_a_players_turn(pilot, app)
        title, row = _title_on_screen(app, table)
        assert row.strip() == title, "the title without the log"
        await pilot.press("l")
        await pilot.pause()
        await pilot.pause()
        assert table.query_one("#log").display
        title, row = _title_on_screen(app, table)
        assert "to play" in title and not title.endswith("…"), title
        assert row.strip() == title, f"the title is cut by the log: {row!r} of {title!r}"
        await pilot.press("l")  # closed again: the whole title is back
        full = table.title_text(table.session.view(), table.session.visible_decision()).plain
        for _ in range(5):  # under load the re-layout after the log closes can take a frame more
            await pilot.pause()
            title, row = _title_on_screen(app, table)
            if title == full:
                break
        assert title == full and row.strip() == title, row


async def test_title_and_panel_agree_while_a_computer_decides_in_a_window(monkeypatch):
    """Bloops' counter-discard window with computer players (issue 14): the title named the
    computer thinking while the decision panel said only "Ann to choose"."""
    from cardtable.ui.games.bloops import BloopsTable
    from cardtable.ui.testing import until
    from cardtable.ui.widgets import DecisionPanel

    app = make_app(StartRequest(game="bloops", players=("Ann", "Computer 2", "Computer 3"), seed=3, computers={1: "normal", 2: "normal"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, BloopsTable)
        await pilot.press("1")  # Ann hides her first look; the computers look at theirs

        def ann_discards() -> bool:
            decision = table.session.visible_decision()
            return decision is not None and any(a.type == "discard" for a in decision.actions)

        assert await until(pilot, ann_discards)
        monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "30")  # the computers' answers wait: a steady screen
        import threading

        import cardtable.bots

        go_on = threading.Event()
        choose = cardtable.bots.choose

        def slow_choose(*args, **kwargs):  # the computers think until the test lets them
            go_on.wait(10)
            return choose(*args, **kwargs)

        monkeypatch.setattr(cardtable.bots, "choose", slow_choose)
        await pilot.press("d")
        await pilot.pause()
        decision = table.session.visible_decision()
        assert decision is not None and decision.kind == "window"
        title, _ = _title_on_screen(app, table)
        named = re.search(r"Computer \d is thinking…", title)
        assert named, title
        thinker = named.group()
        border = table.query_one(DecisionPanel).border_title
        assert thinker in border and border.startswith("Ann to choose"), border
        # the fresh tester: once every computer player chose to wait, the title still said
        # one was thinking, in Ann's own window, where only Ann may act now
        go_on.set()
        assert await until(pilot, lambda: table._waited == table.session.game.moves)
        await pilot.pause()
        title, _ = _title_on_screen(app, table)
        border = table.query_one(DecisionPanel).border_title
        assert "thinking" not in title and title.endswith("· Ann to choose"), title
        assert "thinking" not in border and border.startswith("Ann to choose"), border


async def test_the_decision_panels_title_drops_the_thinker_rather_than_cut_it():
    """A fresh tester (tester 6), Bloops at 80×24 with the log open: the decision panel's
    border read "Ann to choose · Computer 3 is t…". A thinker that does not fit between
    the corners is left out of the border (the title line names them); a whole one stays.
    (``thinker`` stands in for a computer deciding in the same window.)"""
    app = make_app(StartRequest(game="bloops", players=("Ann", "Bob", "Cat"), seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _to_a_players_turn(pilot, app)
        table.thinker = lambda view: "Computer 3 is thinking…"
        for log_open in (False, True):
            if table.query_one("#log").display != log_open:
                table.action_toggle_log()  # what ``l`` does
            await pilot.pause()
            table.redraw()
            await pilot.pause()
            panel = table.query_one("#decision")
            top = screen_lines(app)[panel.region.y][panel.region.x : panel.region.right]
            assert table.query_one("#log").display == log_open
            assert "…" not in top.replace("thinking…", ""), top
            if not log_open:
                assert "Computer 3 is thinking…" in top, top


@pytest.mark.parametrize("game_id", ["bloops", "combat-cards", "fofl"])  # a first turn that is one player's, private
async def test_a_long_name_gives_way_before_the_privacy_hint(game_id):
    """h87: at 80×24 a fresh tester named a Combat Cards player ``Wide🐉🐉🐉🐉🐉🐉🐉🐉`` and
    the title lost "(only … may look)". The hint stays: first the game's name goes, then the
    player's name is cut with "…" (in cells, so a wide emoji never overflows), with and
    without the log open beside the title."""
    from rich.cells import cell_len

    cls = next(c for c in games() if c.id == game_id)
    wide = "Wide" + "🐉" * 8
    names = (wide, "Bob", "Cat", "Dan")[: max(cls.min_players, 2)]
    app = make_app(StartRequest(game=game_id, players=names, seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _to_a_players_turn(pilot, app)
        decision = table.session.visible_decision()
        assert decision.private and decision.seats == (0,)
        for log_open in (False, True):
            if table.query_one("#log").display != log_open:
                table.action_toggle_log()
            await pilot.pause()
            await pilot.pause()
            title, row = _title_on_screen(app, table)
            assert row.split() == title.split(), (row, title)  # (the screen's text pads wide cells)
            hint = re.search(r"\(only (.+) may look\)$", title)
            assert hint, title
            shown = hint.group(1)
            assert f"{shown} to play (only" in title, title
            assert shown == wide or (shown.endswith("…") and wide.startswith(shown[:-1])), shown
            assert cell_len(title) <= table.query_one("#table-title").content_size.width
