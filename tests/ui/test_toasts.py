"""Toasts (notifications) stay off the decision panel (issue 14's fresh tester: at Textual's
bottom right a toast covered the panel's border and its last options): they appear at the
top right, below the title line, in every game's table at 80×24."""

from __future__ import annotations

import pytest

from cardtable.engine import games
from cardtable.engine.registry import default_names
from cardtable.ui import StartRequest, make_app
from cardtable.ui.app import shown_notifications
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen


async def at_table(app, pilot) -> TableScreen:
    """The table screen once the privacy screens before it are passed (Enter)."""
    for _ in range(6):
        await pilot.pause()
        if isinstance(app.screen, TableScreen):
            break
        await pilot.press("enter")
    table = app.screen
    assert isinstance(table, TableScreen)
    return table


@pytest.mark.parametrize("cls", games(), ids=lambda g: g.id)
async def test_a_toast_leaves_the_decision_panel_and_the_title_line_alone(cls):
    from textual.widgets._toast import Toast

    app = make_app(StartRequest(game=cls.id, players=default_names(cls.min_players), seed=3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await at_table(app, pilot)
        app.notify("A message that takes two lines of the toast to say all of what it says.", title="Settings", timeout=30)
        await pilot.pause(0.3)
        (toast,) = table.query(Toast)
        panel = table.query_one("#decision").region
        assert toast.region.height >= 3 and not toast.region.overlaps(panel), (toast.region, panel)
        assert toast.region.y >= 1, "the title line stays readable"
        assert toast.region.x >= 36, "at the right"


async def test_a_toast_never_covers_the_too_small_message_and_shows_once_there_is_room():
    """The fresh tester: a settings toast covered the "terminal too small" message (at 50×14
    it hid the ends of its lines). The too-small screen shows no toast; the notification is
    still the app's, and the table shows it once the terminal is large enough again."""
    from textual.widgets._toast import Toast

    from cardtable.ui.testing import screen_lines
    from cardtable.ui.toosmall import TooSmallScreen

    app = make_app(StartRequest(game="cold-war", players=["Ann", "Bob"], seed=3))
    async with app.run_test(size=(50, 14), notifications=True) as pilot:
        for _ in range(6):
            await pilot.pause(0.05)
        small = app.screen
        assert isinstance(small, TooSmallScreen)
        app.notify("Four-colour deck: on (the suits in four colours).", title="Settings", timeout=30)
        await pilot.pause(0.3)
        text = [line.strip() for line in screen_lines(app)]
        assert [line for line in text if line] == ["Terminal 50×14.", "Needs 80×24.", "Make it larger:", "the game waits."], text
        assert not [t for t in small.query(Toast) if t.region.area], "no toast on the too-small screen"
        await pilot.resize_terminal(80, 24)
        for _ in range(10):
            await pilot.pause(0.05)
        assert not isinstance(app.screen, TooSmallScreen)
        if isinstance(app.screen, PrivacyScreen):  # no toast over a hand-over: on to the table
            await pilot.press("enter")
            await pilot.pause(0.3)
        assert isinstance(app.screen, TableScreen)
        assert [t for t in app.screen.query(Toast) if t.region.area], "the toast shows on the screen with room"


async def test_a_key_that_is_no_option_pressed_again_gives_one_note_not_a_stack():
    """h87: a fresh tester pressed ``b`` (no option then) several times in Bloops and the
    notes "No option has the key b now." piled up over the other players' areas. Each
    press now replaces the last note: one shows however often the key is pressed."""
    from textual.widgets._toast import Toast

    from cardtable.ui.games.bloops import LETTERS
    from cardtable.ui.table import DecisionPanel

    app = make_app(StartRequest(game="bloops", players=("Ann", "Bob", "Cat"), seed=5))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await at_table(app, pilot)
        keys = set(table.query_one(DecisionPanel).keys)
        key = next(k for k in LETTERS.values() if k not in keys)
        moves = table.session.game.moves
        for _ in range(4):
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause(0.3)
        notes = [t for t in table.query(Toast) if "No option has the key" in str(t.render())]
        assert len(notes) == 1, len(notes)
        assert table.session.game.moves == moves
        app.notify("Another kind of note stays beside it.", timeout=30)
        await pilot.press(key)
        await pilot.pause(0.3)
        assert len(table.query(Toast)) == 2


def test_the_private_textual_name_for_shown_toasts_still_exists():
    """``shown_notifications`` (one wrong key's note replacing the last) reads Textual's
    private ``App._notifications``, checked against Textual 8.2.8: if an upgrade renames or
    reshapes it, this test says so by name instead of a note raising mid-game."""
    import textual
    from textual.notifications import Notification, Notifications

    from cardtable.ui.app import CardtableApp, shown_notifications

    app = CardtableApp()
    where = f"Textual {textual.__version__}: App._notifications, read by cardtable.ui.app.shown_notifications (checked against 8.2.8)"
    assert hasattr(app, "_notifications"), f"{where} is gone"
    shown = shown_notifications(app)
    assert isinstance(shown, Notifications), f"{where} is a {type(shown).__name__} now"
    note, other = Notification("one", timeout=30), Notification("two", timeout=30)
    shown.add(note).add(other)
    assert list(shown) == [note, other] and note in shown
    del shown[note]
    assert list(shown) == [other], f"{where}: del no longer takes one notification away"


async def test_no_toast_covers_the_privacy_screen_and_it_shows_on_the_table_after():
    """h87: at 80×24 a fresh tester's "Not saved" toast covered "Pass to B…" on the privacy
    screen. The privacy screen shows no toast; a notification made there shows on the table
    once the player has taken the device, while it lasts."""
    from textual.widgets._toast import Toast

    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        privacy = app.screen
        assert isinstance(privacy, PrivacyScreen)
        app.notify("A message that takes two lines of the toast to say all of what it says.", title="Settings", timeout=30)
        await pilot.pause(0.3)
        assert not [t for t in privacy.query(Toast) if t.region.area], "no toast on the privacy screen"
        name = privacy.query_one("#privacy-name")
        assert f"Pass to {privacy.player}" in screen_rows(app, name.region)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, TableScreen)
        assert [t for t in app.screen.query(Toast) if t.region.area], "the toast shows on the table"


def screen_rows(app, region) -> str:
    """The text on screen in the rows of ``region``."""
    from cardtable.ui.testing import screen_text

    return "\n".join(screen_text(app).splitlines()[region.y : region.bottom])


async def test_the_same_toast_again_takes_the_place_of_the_one_shown():
    """t103, a fresh tester: Enter held on Combat Cards' empty warband stacked dozens of
    "Not a legal warband" toasts over the table for more than a minute. Each Enter now
    replaces the note; and any toast with the same title and text as one still shown takes
    its place, while a different one stands beside it."""
    from textual.widgets._toast import Toast

    app = make_app(StartRequest(game="combat-cards", players=("Ann", "Bob"), seed=3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await at_table(app, pilot)
        assert table.building() is not None and not table.selected
        moves = table.session.game.moves
        for _ in range(8):
            await pilot.press("enter")
        await pilot.pause(0.3)
        notes = [t for t in table.query(Toast) if "Not a legal warband" in str(t.render())]
        assert len(notes) == 1, len(notes)
        assert table.session.game.moves == moves
        app.clear_notifications()
        for _ in range(3):
            app.notify("Move taken back.", timeout=30)
        app.notify("Saving works again: every move is saved.", timeout=30)
        await pilot.pause(0.3)
        shown = sorted(str(t.render()) for t in table.query(Toast))
        assert len(shown) == 2, shown


async def says_no_option(game: str, pick) -> None:
    """Press the key ``pick(keys)`` chooses (``keys``: the decision panel's) at the start of a
    2-player ``game``: a toast says no option has it, and no move is played."""
    from textual.widgets._toast import Toast

    from cardtable.ui.table import DecisionPanel

    app = make_app(StartRequest(game=game, players=default_names(2), seed=3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await at_table(app, pilot)
        key = pick(set(table.query_one(DecisionPanel).keys))
        moves = table.session.game.moves
        await pilot.press(key)
        await pilot.pause(0.3)
        notes = [str(t.render()) for t in table.query(Toast)]
        assert any(f"No option has the key {key} now." in n for n in notes), notes
        assert table.session.game.moves == moves


@pytest.mark.parametrize("game", ["cold-war", "black-ops", "fofl"])
async def test_a_number_key_that_is_no_option_says_so_in_every_game(game):
    """A FOFL tester's ``6`` (the second Hack of the hand: identical cards are offered once)
    did nothing without a word; only Bloops said "No option has the key … now." Every
    table now says it (``TableScreen.no_option``), and the key plays nothing."""
    await says_no_option(game, lambda keys: next(k for k in "987654321" if k not in keys))


@pytest.mark.parametrize(("game", "key"), [("bloops", "P"), ("cold-war", "e"), ("fofl", "d"), ("black-ops", "p")])
async def test_a_role_key_that_is_no_option_says_so(game, key):
    """A Bloops tester's ``P`` (Pass for all) while no window was open did nothing without a
    word: a role key (``e`` end turn, ``p``/``P`` pass, ``d`` done) is bound only while an
    option has it, so a digit said "No option has the key" and ``P`` said nothing. It says
    so now, and plays nothing; with an option of that role it still chooses it (below)."""
    def pick(keys):
        assert key not in keys
        return key
    await says_no_option(game, pick)


async def test_a_role_key_of_an_option_still_chooses_it():
    """``e`` on FOFL's turn menu ends the turn, with no "No option" note."""
    from textual.widgets._toast import Toast

    from cardtable.ui.table import DecisionPanel

    app = make_app(StartRequest(game="fofl", players=default_names(2), seed=3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await at_table(app, pilot)
        assert "e" in table.query_one(DecisionPanel).keys
        moves = table.session.game.moves
        await pilot.press("e")
        await pilot.pause(0.3)
        assert table.session.game.moves > moves
        assert not any("No option" in str(t.render()) for t in table.query(Toast))


def toasts_shown(app) -> list[str]:
    """The texts of the toasts drawn on the current screen."""
    from textual.widgets._toast import Toast

    return [str(t.render()) for t in app.screen.query(Toast) if t.region.area]


async def test_a_toast_goes_with_the_screen_it_was_raised_on():
    """A fresh tester: the card browser's deck note ("… has no deck builder") stayed over the
    main menu after leaving the browser. A toast belongs to its screen: leaving the browser
    takes it away, and one raised on the menu goes when the browser opens over it; a toast
    raised as a screen opens is that screen's and stays."""
    from cardtable.ui.browser import BrowserScreen
    from cardtable.ui.menu import MenuScreen

    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        app.notify("A note about the menu.", timeout=30)
        await pilot.pause(0.3)
        assert any("A note about the menu." in t for t in toasts_shown(app))
        app.open_browser("cold-war")
        app.notify("A note raised as the browser opens.", timeout=30)
        await pilot.pause(0.3)
        assert isinstance(app.screen, BrowserScreen)
        await pilot.press("d")
        await pilot.pause(0.3)
        shown = toasts_shown(app)
        assert any("no deck builder" in t for t in shown) and any("as the browser opens" in t for t in shown), shown
        assert not any("about the menu" in t for t in shown), shown
        await pilot.press("escape")
        await pilot.pause(0.3)
        assert isinstance(app.screen, MenuScreen)
        assert toasts_shown(app) == [] and not list(shown_notifications(app)), toasts_shown(app)


async def test_a_dialog_over_a_screen_keeps_its_toasts_and_a_note_raised_as_it_closes_shows():
    """A dialog (here the deck builder's "Replace?" kind, a ``MessageDialog``) lies over its
    screen for a moment: the screen's toast stays under it and after it, and a note raised
    by the dialog's answer (the save name's "Named: …") shows on the screen below."""
    from cardtable.ui.dialogs import MessageDialog
    from cardtable.ui.menu import MenuScreen

    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        app.notify("A note about the menu.", timeout=30)
        await pilot.pause(0.3)
        app.push_screen(MessageDialog("A question", "Its detail."), lambda _: app.notify("Raised by the answer.", timeout=30))
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, MenuScreen)
        shown = toasts_shown(app)
        assert any("about the menu" in t for t in shown) and any("Raised by the answer" in t for t in shown), shown
