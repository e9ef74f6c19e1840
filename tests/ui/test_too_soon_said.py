"""A key the guards drop after a screen change says so on the screen (a hostile-player
trial: a dropped key gave no sign, and the player thought the program had ignored them).
The guards themselves are unchanged; these tests use the real guard times with a clock
that moves only when the test says."""

from __future__ import annotations

from cardtable.ui import StartRequest, make_app
from cardtable.ui.privacy import DEFAULT_GUARD, HANDOVER_GUARDS, TOO_SOON, PrivacyScreen
from cardtable.ui.table import DRAWING_TOO_SOON, TableScreen
from cardtable.ui.widgets import DecisionPanel
from cardtable.ui.testing import private_faces, screen_text, until

HANDOVER = HANDOVER_GUARDS * DEFAULT_GUARD


class SkippingClock:
    """A clock that moves only when the test says (a slow machine is no player's pause)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def real_guard_app(monkeypatch, game: str = "cold-war"):
    monkeypatch.delenv("CARDTABLE_PRIVACY_GUARD", raising=False)
    app = make_app(StartRequest(game=game, players=("Ann", "Bob"), seed=5))
    app.clock = SkippingClock()
    return app


def flat(app) -> str:
    """The screen's text with its rows joined (a line the box wraps is found whole)."""
    return " ".join(" ".join(screen_text(app).split()).split())


async def test_the_privacy_screen_says_a_dropped_key_did_nothing_and_keeps_saying_it(monkeypatch):
    app = real_guard_app(monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PrivacyScreen)
        assert TOO_SOON not in flat(app), "the line shows before any key was dropped"
        await pilot.press("enter")  # inside the guard: dropped
        assert screen.dropped == 1 and isinstance(app.screen, PrivacyScreen)
        assert await until(pilot, lambda: TOO_SOON in flat(app)), screen_text(app)
        app.clock.now += HANDOVER + 0.01  # the guard is over: the hint gives way, the line stays
        assert await until(pilot, lambda: "Press Enter when you are" in flat(app)), screen_text(app)
        assert TOO_SOON in flat(app), screen_text(app)
        game = next(s for s in app.screen_stack if isinstance(s, TableScreen)).session.game
        text = screen_text(app)
        assert not [face for face in private_faces(game) if face in text], "a private card on the privacy screen"
        await pilot.press("enter")  # after the guard: taken
        assert await until(pilot, lambda: isinstance(app.screen, TableScreen))


async def test_a_key_dropped_while_the_private_view_is_drawn_says_so_in_the_panel(monkeypatch):
    """A key that reaches the table after the hand-over was accepted but before the new
    player's view is on screen (a slow draw: ``_view_shown`` held back here) is dropped, as
    before, and the decision panel now says so; the next key the table takes removes it."""
    app = real_guard_app(monkeypatch)
    held: list = []
    real_view_shown = TableScreen._view_shown
    monkeypatch.setattr(TableScreen, "_view_shown", lambda self: held.append(self))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        app.clock.now += HANDOVER + 0.01
        await pilot.press("enter")  # taken: the privacy screen goes
        assert await until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert table._unseen, "the view counted as shown"
        moves = table.session.game.moves
        await pilot.press("1")  # while the view is still being drawn: dropped
        await pilot.pause()
        panel = table.query_one(DecisionPanel)
        assert table.session.game.moves == moves, "a key before the view was shown chose"
        assert panel.note == DRAWING_TOO_SOON, panel.note
        assert DRAWING_TOO_SOON in flat(app), screen_text(app)
        monkeypatch.setattr(TableScreen, "_view_shown", real_view_shown)
        table._view_shown()  # drawn at last: the guard starts now
        await pilot.pause()
        assert panel.note == DRAWING_TOO_SOON, "the note went before any key was taken"
        app.clock.now += DEFAULT_GUARD + 0.01
        await pilot.press("down")  # taken (it moves the highlight): the note goes
        await pilot.pause()
        assert panel.note == "", panel.note
        assert table.session.game.moves == moves


async def test_the_news_box_says_on_its_border_that_a_key_came_too_soon(monkeypatch):
    """The "Just happened" box drops keys for the privacy guard after it shows (Enter and
    space included, priority keys its ``on_key`` never sees); its border says so, until a
    key is taken."""
    from cardtable.engine import Setup, load_cards
    from cardtable.engine.session import Session
    from cardtable.games.cold_war import ColdWar
    from cardtable.ui.games.cold_war import ColdWarTable
    from cardtable.ui.news import TOO_SOON_SUBTITLE, NewsScreen

    monkeypatch.delenv("CARDTABLE_PRIVACY_GUARD", raising=False)
    app = make_app(StartRequest())
    app.clock = SkippingClock()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ColdWarTable(Session(ColdWar(load_cards("cold-war"), Setup(("Ann", "Bob")), 0))))
        await pilot.pause()
        box = NewsScreen(["Right bet: Ann stays SPY."], "Bob")
        app.push_screen(box)
        await pilot.pause()
        frame = box.query_one("#news-box")
        assert not frame.border_subtitle
        for key in ("enter", "x"):
            await pilot.press(key)  # inside the guard: dropped
            await pilot.pause()
            assert app.screen is box, f"{key} inside the guard closed the box"
            assert frame.border_subtitle == TOO_SOON_SUBTITLE, (key, frame.border_subtitle)
            assert TOO_SOON_SUBTITLE in screen_text(app), screen_text(app)
            frame.border_subtitle = ""
        await pilot.press("space")
        await pilot.pause()
        assert frame.border_subtitle == TOO_SOON_SUBTITLE
        app.clock.now += DEFAULT_GUARD + 0.01
        await pilot.press("f1")  # taken: the keys panel opens, the subtitle goes
        await pilot.pause()
        assert box.query("HelpPanel") and not frame.border_subtitle, frame.border_subtitle
        assert TOO_SOON_SUBTITLE not in screen_text(app)
        await pilot.press("f1", "enter")
        assert await until(pilot, lambda: app.screen is not box), "Enter after the guard did not go on"


def test_the_readme_says_a_key_too_soon_does_nothing_in_the_screens_words():
    """The README tells players that a key pressed too soon after a hand-over does nothing
    and that the screen says so, quoting the privacy screen's own line."""
    from pathlib import Path

    text = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8").split())
    assert "pressed too soon after a hand-over does nothing, and the screen says so" in text
    assert TOO_SOON.removesuffix(".") in text
