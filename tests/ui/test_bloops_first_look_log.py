"""Bloops' first look (positions 4–6 shown once, cards_data/bloops.md "Starting the game")
with the log panel open at 80×24 (issue 14, the fresh tester): the log, docked over the
right of the table, hid the player's own cards. It now steps aside while a first look is
on screen and comes back once the cards are hidden."""

from __future__ import annotations

from cardtable.games.bloops import card_text
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.bloops import BloopsTable
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import screen_lines

COMPUTERS = ("Ann", "Computer 2", "Computer 3")


def _log_shown(table: BloopsTable) -> bool:
    return bool(table.query_one("#log").display)


def _look_on_screen(app, table: BloopsTable) -> None:
    """Every face of the looking seat's first look is drawn, in its area, uncovered."""
    view = table.session.view()
    area = table.query_one(f"#bl-area-{view.seat}")
    region = area.region
    lines = [line.ljust(region.right) for line in screen_lines(app)]
    inside = "\n".join(line[region.x : region.right] for line in lines[region.y : region.bottom])
    faces = [card.face for card in view.zone(f"area:{view.seat}").cards if card is not None and card.face is not None]
    assert len(faces) == 3, faces
    for face in faces:
        label = card_text(face).strip()
        assert label in inside, f"{label} is not on screen in {view.players[view.seat]}'s area:\n" + "\n".join(screen_lines(app))
    log = table.query_one("#log")
    assert not log.display or not log.region.overlaps(region), "the log covers the first look"


async def test_the_log_steps_aside_during_the_first_look_at_80x24():
    app = make_app(StartRequest(game="bloops", players=COMPUTERS, seed=3, computers={1: "normal", 2: "normal"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, BloopsTable) and table.session.view()["phase"] == "memorise"
        await pilot.press("l")  # the log asked for during the look: it waits for the cards to be hidden
        await pilot.pause()
        assert not _log_shown(table)
        _look_on_screen(app, table)
        assert "the log opens after this look" in "\n".join(screen_lines(app))
        await pilot.press("1")  # "Hide them: I have remembered them"
        await pilot.pause()
        view = table.session.view()
        assert not any(card is not None and card.face is not None for card in view.zone("area:0").cards), "Ann's look is still up"
        assert _log_shown(table), "the log did not come back after the look"


async def test_an_open_log_closes_for_each_players_first_look():
    """Two people: the log open on the public table closes for Bob's look behind the
    privacy screen, and opens again once he has hidden his cards."""
    app = make_app(StartRequest(game="bloops", players=("Ann", "Bob"), seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, BloopsTable)
        _look_on_screen(app, table)
        await pilot.press("1")  # Ann hides her cards: the device goes to Bob
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        table.action_toggle_log()  # the log opened on the public table (as under the privacy screen)
        assert _log_shown(table)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is table and table.session.view().seat == 1
        assert not _log_shown(table)
        _look_on_screen(app, table)
        await pilot.press("1")
        await pilot.pause()
        assert _log_shown(table)
