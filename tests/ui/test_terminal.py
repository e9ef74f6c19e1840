"""Small terminals and NO_COLOR (DESIGN §5)."""

from __future__ import annotations

from cardtable.games.cold_war import short
from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import play_through, screen_text, until
from cardtable.ui.toosmall import TooSmallScreen

COLD_WAR = StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11)


async def test_too_small_says_what_is_needed_and_recovers():
    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.resize_terminal(60, 20)
        await pilot.pause(0.1)
        assert isinstance(app.screen, TooSmallScreen)
        text = screen_text(app)
        assert "60×20" in text and "at least 80×24" in text
        await pilot.press("1")  # keys do not reach the hidden table
        await pilot.resize_terminal(70, 24)
        await pilot.pause(0.1)
        assert isinstance(app.screen, TooSmallScreen) and "70×24" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.1)
        assert isinstance(app.screen, TableScreen)
        assert app.screen.session.game.moves == 0


async def test_a_privacy_screen_needs_what_the_table_after_it_needs():
    """The hostile tester passed the device at 70×20: the privacy screen (which asked only
    60×16) took the hand-over, then the private table was refused just after. The privacy
    screen now asks what its table asks (80×24): at 70×20 the size message shows before
    the hand-over, over the privacy screen (nothing of the table on it), and keys do not
    pass the device meanwhile; once the terminal is large enough the privacy screen is
    back and Enter hands the device over."""
    app = make_app(COLD_WAR)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause(0.1)
        assert isinstance(app.screen, TooSmallScreen), type(app.screen).__name__
        text = screen_text(app)
        assert "70×20" in text and "at least 80×24" in text and "Pass to" not in text
        assert isinstance(app.screen_stack[-2], PrivacyScreen)
        await pilot.press("enter")  # not taken as the hand-over
        await pilot.pause(0.1)
        assert isinstance(app.screen, TooSmallScreen) and isinstance(app.screen_stack[-2], PrivacyScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.1)
        assert isinstance(app.screen, PrivacyScreen) and "Pass to Bob" in screen_text(app)
        await pilot.resize_terminal(70, 20)  # shrunk while the privacy screen is up
        await pilot.pause(0.1)
        assert isinstance(app.screen, TooSmallScreen) and "at least 80×24" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.1)
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert isinstance(app.screen, TableScreen) and app.screen.session.game.moves == 0


async def test_menu_fits_a_smaller_terminal():
    app = make_app()
    async with app.run_test(size=(64, 18)) as pilot:
        await pilot.pause(0.1)
        assert not isinstance(app.screen, TooSmallScreen)
        assert "Cold War" in screen_text(app)


async def test_no_color_game_is_fully_playable(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.no_color
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        game = app.screen.session.game
        for card in game.hands[game.target]:
            assert short(card.defn) in text, "card faces keep their text labels without colour"
        await play_through(app, pilot, label=short)
        assert isinstance(app.screen, GameOverScreen)


async def test_a_resize_storm_never_queries_a_too_small_screen_not_yet_composed():
    """Two size checks in a row (a resize storm): the second finds the too-small screen
    the first pushed, before it is composed (issue 11 item 9: NoMatches '#small-text')."""
    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        from textual.geometry import Size

        app._size = Size(50, 12)  # the size a Resize event would set, without the event
        app.check_size()
        app.check_size()  # used to raise NoMatches
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and "50×12" in screen_text(app)
        for width, height in [(30, 8), (90, 30), (40, 10), (100, 40), (20, 5), (85, 26)] * 5:
            app._size = Size(width, height)
            app.check_size()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen | PrivacyScreen)


async def test_the_size_message_itself_fits_a_tiny_terminal():
    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        for width, height in ((30, 10), (20, 8)):
            await pilot.resize_terminal(width, height)
            await pilot.pause(0.1)
            assert isinstance(app.screen, TooSmallScreen)
            text = screen_text(app)
            for words in (f"{width}×{height}", "Needs 80×24.", "Make it larger:", "the game waits."):
                assert words in text, (width, words, text)


async def test_every_size_message_and_the_readme_give_the_same_sizes():
    """A fresh tester read "Needs 60×16." over the menu, then "Needs 80×24." once the game
    started. The menu's message names the game's size too, and the README both."""
    from pathlib import Path

    from cardtable.ui.toosmall import DEFAULT_MIN_SIZE, GAME_MIN_SIZE

    menu, game = "{}×{}".format(*DEFAULT_MIN_SIZE), "{}×{}".format(*GAME_MIN_SIZE)
    assert TableScreen.MIN_SIZE == GAME_MIN_SIZE
    app = make_app()
    for width, height in ((50, 14), (59, 20)):
        async with app.run_test(size=(width, height)) as pilot:
            # drawn within a few refreshes (a pause of 0.1 s found it blank on a loaded machine)
            await until(pilot, lambda: isinstance(app.screen, TooSmallScreen) and "Needs" in screen_text(app))
            assert isinstance(app.screen, TooSmallScreen)
            text = " ".join(screen_text(app).split())
            assert f"Needs {menu} ({game} to play)." in text, text
        app = make_app()
    async with app.run_test(size=(60, 15)) as pilot:
        await until(pilot, lambda: "needs at least" in screen_text(app))
        text = " ".join(screen_text(app).split())
        assert f"needs at least {menu} here ({game} for a game)." in text, text
    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text().split())
    assert f"at least {game} to play (the menus and lists need {menu}" in readme
