"""Settings in the app: the command palette's commands, the saved theme, F1's keys panel,
the four-colour deck and ASCII mode (issue 14, "Themes, keys, settings")."""

from __future__ import annotations

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.glyphs import GLYPHS, ascii_text, ascii_wanted, glyph, set_ascii_mode
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import until


def _cold_war() -> StartRequest:
    return StartRequest(game="cold-war", players=("Ann", "Bob"), seed=3)


async def _to_table(app, pilot) -> TableScreen:
    for _ in range(5):
        await pilot.pause()
        if isinstance(app.screen, TableScreen):
            return app.screen
        await pilot.press("enter")
    raise AssertionError(f"no table: {app.screen}")


def _titles(app) -> list[str]:
    return [command.title for command in app.get_system_commands(app.screen)]


async def test_palette_lists_the_commands_that_work_on_this_screen(monkeypatch):
    app = make_app(_cold_war())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        on_privacy = _titles(app)
        assert "Leave" in on_privacy and "Rules" not in on_privacy and "Undo" not in on_privacy
        await _to_table(app, pilot)
        titles = _titles(app)
        for title in ("Rules", "Log", "Leave", "Keys", "Theme", "Four-colour deck: turn on", "ASCII only: turn on", "Quit"):
            assert title in titles
        assert "Undo" not in titles  # nothing to take back yet
        from cardtable.engine.session import Session

        monkeypatch.setattr(Session, "can_undo", property(lambda self: True))  # as after a move
        assert "Undo" in _titles(app)
        # the palette opens with Ctrl+P and runs a command
        await pilot.press("ctrl+p")
        await pilot.pause()
        from textual.command import CommandPalette

        assert isinstance(app.screen, CommandPalette)  # ours has a key bar of its own
        for ch in "rules":
            await pilot.press(ch)
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert type(app.screen).__name__ == "RulesScreen"


@pytest.mark.parametrize("how", ["flag", "setting"])
async def test_palette_offers_to_turn_ascii_off_when_it_is_on(cardtable_home, how):
    """The fresh tester: started with ``--ascii`` the palette offered "ASCII only: turn on".
    It says what holds now, turns it off, and says that the flag turns it on again."""
    from cardtable.ui.glyphs import ascii_mode

    if how == "setting":
        (cardtable_home / "settings.yaml").write_text("ascii: true\n")
    app = make_app(StartRequest(ascii=how == "flag"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert ascii_mode()
        titles = _titles(app)
        assert "ASCII only: turn off" in titles and "ASCII only: turn on" not in titles, titles
        command = next(c for c in app.get_system_commands(app.screen) if c.title == "ASCII only: turn off")
        assert command.help.startswith("Now on.")
        command.callback()
        await pilot.pause()
        assert not ascii_mode()
        toast = app._notifications
        assert any("ASCII only: off" in n.message and (("--ascii" in n.message) == (how == "flag")) for n in toast), [n.message for n in toast]
        assert "ASCII only: turn on" in _titles(app)
    assert "ascii: false" in (cardtable_home / "settings.yaml").read_text()
    set_ascii_mode(False)


async def test_the_chosen_theme_is_saved_and_used_at_start(cardtable_home):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.theme = "nord"
        await pilot.pause()
    assert "theme: nord" in (cardtable_home / "settings.yaml").read_text()
    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


async def test_only_offered_themes_can_be_chosen():
    from cardtable.ui.look import OFFERED_THEMES

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert set(app.available_themes) == set(OFFERED_THEMES)


@pytest.mark.parametrize(
    "content, words",
    [
        ("theme: [broken\n", ("is damaged",)),
        ("theme: no-such-theme\n", ("not offered",)),
        # a theme not offered beside other bad values: each is named, each falls back
        ("theme: no-such-theme\nascii: maybe\ncomputer_pace: fast\n", ("not offered", "ascii must be", "computer_pace must be")),
    ],
)
async def test_a_damaged_settings_file_is_a_toast_and_kept(cardtable_home, content, words):
    path = cardtable_home / "settings.yaml"
    path.write_text(content)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        for word in words:
            assert any(word in m for m in messages), (word, messages)
        assert app.theme == "textual-dark"
    assert path.read_text() == content


TEXTUAL_INTERNALS = ("Focus Next", "Focus Previous", "Scroll Left", "Scroll Right", "Page Up", "Page Down", "Cursor", "palette", "Copy selected", "First", "Last")


def _keys_panel_rows(app) -> list[str]:
    from cardtable.ui.testing import screen_lines

    region = app.screen.query_one("HelpPanel").region
    return [line[region.x : region.right].strip(" ▏") for line in screen_lines(app)[region.y : region.bottom]]


async def _open_keys_panel(app, pilot, where: str) -> None:
    """Go to ``where`` (``menu``, ``browser``, ``privacy`` or ``table``) and press F1."""
    await pilot.pause()
    if where == "table":
        await _to_table(app, pilot)
    elif where == "browser":
        await pilot.press("b")
        await pilot.pause()
    await pilot.press("f1")
    await pilot.pause(0.2)


@pytest.mark.parametrize("where", ["menu", "table", "browser"])
async def test_f1_lists_the_players_keys_and_no_textual_internals(where):
    """F1's panel lists what the key bar shows (and the arrows/Enter of the list), plus F1,
    Ctrl+P and Ctrl+Q; never Textual's focus, scroll or cursor keys, nor each hidden number
    key of ``1-9`` on a line of its own."""
    app = make_app(_cold_war() if where == "table" else StartRequest())
    async with app.run_test(size=(120, 40)) as pilot:
        await _open_keys_panel(app, pilot, where)
        rows = _keys_panel_rows(app)
        text = " ".join(rows)
        for internal in TEXTUAL_INTERNALS:
            assert internal not in text, (internal, rows)
        assert not any(row in {"2", "3", "9", "0"} or row[:2] in {"2 ", "3 "} for row in rows), rows
        expected = {
            "menu": ["b  Cards", "r  Resume", "?  Rules", "q  Quit", "↑ ↓ ⏎"],
            "table": ["1-9  Choose", "l  Log", "?  Rules", "q  Leave", "↑ ↓ ⏎"],
            "browser": ["esc  Back", "/  Filter", "s  Sort", "↑ ↓ ⏎"],
        }[where]
        for words in expected + ["F1  Show or hide", "Ctrl+P  Commands", "Ctrl+Q  Quit"]:
            assert words in text, (words, rows)


def _palette_names(app) -> list[str]:
    """The palette's command titles on the current screen, each once, the part before
    ``:`` only, in lower case (how F1's panel names them)."""
    names: list[str] = []
    for title in _titles(app):
        name = title.split(":", 1)[0].strip().lower()
        if name not in names:
            names.append(name)
    return names


def _ctrl_p_words(app) -> str:
    """The words of F1's Ctrl+P entry (over as many rows as it wraps), in lower case."""
    rows = _keys_panel_rows(app)
    start = next(i for i, row in enumerate(rows) if row.startswith("Ctrl+P"))
    end = next(i for i, row in enumerate(rows) if row.startswith("Ctrl+Q"))
    return " ".join(" ".join(rows[start:end]).removeprefix("Ctrl+P").split()).lower()


@pytest.mark.parametrize("where", ["menu", "privacy", "table", "browser"])
async def test_f1_names_exactly_the_commands_the_palette_lists(where, monkeypatch):
    """The fresh tester: F1 said Ctrl+P has "rules, log, theme, settings", but on the menu
    the palette had no log, and no command is called settings. F1's Ctrl+P entry now names
    the palette's commands on that screen, in the palette's order, and keeps up when they
    change (undo is listed once a move can be taken back)."""
    app = make_app(StartRequest() if where in ("menu", "browser") else _cold_war())
    async with app.run_test(size=(120, 40)) as pilot:
        await _open_keys_panel(app, pilot, where)
        names = _palette_names(app)
        assert _ctrl_p_words(app) == "commands: " + ", ".join(names)
        assert "settings" not in names
        if where == "menu":
            assert "log" not in _ctrl_p_words(app)
        if where == "table":
            assert "undo" not in names
            from cardtable.engine.session import Session

            monkeypatch.setattr(Session, "can_undo", property(lambda self: True))  # as after a move
            app.screen.refresh_bindings()
            await pilot.pause(0.2)
            assert "undo" in _palette_names(app)
            assert _ctrl_p_words(app) == "commands: " + ", ".join(_palette_names(app))


async def test_f1_shows_the_keys_and_question_mark_stays_the_rules():
    app = make_app(_cold_war())
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _to_table(app, pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert table.query("HelpPanel")
        from cardtable.ui.testing import screen_text

        text = screen_text(app)
        assert "Rules" in text and "Leave" in text and "Log" in text
        await pilot.press("f1")
        await pilot.pause()
        assert not table.query("HelpPanel")
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"


async def test_four_colour_deck_colours_each_suit(cardtable_home):
    from cardtable.engine import load_cards
    from cardtable.ui import look

    cardset = load_cards("cold-war")
    by_suit = {c.get("suit"): c for c in cardset.cards if c.get("rank") == "7"}
    look.set_sixteen_colours(None)
    look.set_four_colour_deck(False)
    assert look.card_ink(by_suit["diamonds"], cardset) == look.card_ink(by_suit["hearts"], cardset) == cardset.colour_hex("red")
    look.set_four_colour_deck(True)
    try:
        inks = {suit: look.card_ink(card, cardset) for suit, card in by_suit.items()}
        assert inks == look.SUIT_COLOURS
        assert len(set(inks.values())) == 4
    finally:
        look.set_four_colour_deck(False)
    (cardtable_home / "settings.yaml").write_text("four_colour_deck: true\n")
    app = make_app(_cold_war())
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_table(app, pilot)
        assert look.four_colour_deck()
        svg = app.export_screenshot()
        assert look.SUIT_COLOURS["diamonds"] in svg or look.SUIT_COLOURS["hearts"] in svg or look.SUIT_COLOURS["clubs"] in svg
        app.toggle_setting("four_colour_deck")
        assert not look.four_colour_deck()
    assert "four_colour_deck: false" in (cardtable_home / "settings.yaml").read_text()


def test_glyphs_map_to_one_ascii_character_each():
    for ch, stand_in in GLYPHS.items():
        assert len(stand_in) == 1 and stand_in.isascii() and stand_in.isprintable(), ch
    assert ascii_text("7♥ ▸ Q♠ — ✓ ★ ⚔ ✈ ⏎ ╭─╮") == "7H > QS - v * X A < +-+"
    assert ascii_text("Zoë 漢") == "Zoe ??"  # a name's letters keep their columns
    set_ascii_mode(True)
    try:
        assert glyph("♣") == "C"
    finally:
        set_ascii_mode(False)
    assert glyph("♣") == "♣"


def test_ascii_is_wanted_by_flag_setting_or_console():
    assert ascii_wanted(True, False, "xterm-256color")
    assert ascii_wanted(False, True, "xterm-256color")
    assert ascii_wanted(False, False, "linux")
    assert not ascii_wanted(False, False, "xterm-256color")
    assert not ascii_wanted(False, False, None)


def test_ascii_flag_on_the_command_line():
    from cardtable.cli import build_parser

    assert build_parser().parse_args(["--ascii"]).ascii is True
    assert build_parser().parse_args(["play", "cold-war", "--ascii"]).ascii is True
    assert getattr(build_parser().parse_args(["play", "cold-war"]), "ascii", False) is False


async def test_ascii_mode_filters_what_is_written_to_the_terminal():
    app = make_app(StartRequest(ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        written: list[str] = []
        # the wrapper installed at start calls the driver's own write: record behind it
        driver = app._driver
        app.set_ascii(False)
        driver.write = written.append
        driver._cardtable_ascii = False
        app.set_ascii(True)
        driver.write("♠ ╭─╮ …")
        assert written[-1] == "S +-+ ~"
        app.set_ascii(False)
        driver.write("♠")
        assert written[-1] == "♠"


@pytest.mark.parametrize(
    "size, together, game",
    [((80, 24), False, None), ((119, 36), False, None), ((120, 40), True, None), ((120, 40), False, "fofl"), ((160, 48), True, "fofl")],
)
async def test_a_narrow_screen_holds_one_side_panel_at_a_time(size, together, game):
    """The fresh tester at 80×24 with the log and F1 both open: about 7 columns of table
    were left, Cold War's options read 'HIGH' / 'ER' and the discard pile was gone. Under
    ``ONE_PANEL_BELOW`` columns opening one panel closes the other; from it both stand.
    FOFL's compact boards need 80 columns: at 120×40 with both panels its counts stood
    as a column of letters (the fresh tester), so there the limit is 160."""
    app = make_app(_cold_war() if game is None else StartRequest(game=game, players=("Ann", "Bob"), seed=3))
    async with app.run_test(size=size) as pilot:
        table = await _to_table(app, pilot)
        log = table.query_one("#log")
        await pilot.press("l")
        await pilot.pause()
        assert log.display
        await pilot.press("f1")
        await pilot.pause()
        assert table.query("HelpPanel") and log.display == together
        if not together:
            await pilot.press("l")
            await pilot.pause()
            assert log.display and not table.query("HelpPanel")


async def test_a_key_bar_too_narrow_for_its_keys_shows_whole_keys_then_an_ellipsis():
    """h48 at 80×24 beside F1's panel: the key bar was cut at its edge, ending in a bare "?"
    with no label. Keys that do not fit whole are left out and "…" says there are more;
    every key shown keeps its label, and a click on one still presses it."""
    import re

    from textual.app import App
    from textual.binding import Binding

    from cardtable.ui.widgets import KeyBar

    pressed: list[str] = []

    class ManyKeys(App):
        BINDINGS = [Binding(k, f"press('{k}')", f"Label {k}") for k in "abcdefghij"]

        def compose(self):
            yield KeyBar()

        def action_press(self, key: str) -> None:
            pressed.append(key)

    app = ManyKeys()
    async with app.run_test(size=(40, 3)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        shown = bar.render().plain
        assert len(shown) <= 40
        assert re.fullmatch(r"(?: [a-j] Label [a-j] ?)+ …", shown), shown
        assert shown.count("Label") == 3
        await pilot.click(KeyBar, offset=(2, 0))
        await until(pilot, lambda: bool(pressed))  # the click simulates a key: it is handled a message later
        assert pressed == ["a"]
        await pilot.resize_terminal(120, 3)
        await pilot.pause()
        assert "…" not in bar.render().plain and bar.render().plain.count("Label") == 10


async def test_a_key_bar_too_narrow_for_its_keys_keeps_the_key_to_leave():
    """A fresh tester at 80×24 read Black Ops' key bar end in "? Rules …": ``q Leave`` was
    among the keys left out. The key to leave (or quit) now follows the "…", and a click on
    it presses it."""
    import re

    from textual.app import App
    from textual.binding import Binding

    from cardtable.ui.widgets import KeyBar

    pressed: list[str] = []

    class ManyKeys(App):
        BINDINGS = [Binding(k, f"press('{k}')", f"Label {k}") for k in "abcdefghij"] + [Binding("q", "leave", "Leave")]

        def compose(self):
            yield KeyBar()

        def action_press(self, key: str) -> None:
            pressed.append(key)

        def action_leave(self) -> None:
            pressed.append("leave")

    app = ManyKeys()
    async with app.run_test(size=(40, 3)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        shown = bar.render().plain
        assert len(shown) <= 40 and re.fullmatch(r"(?: [a-j] Label [a-j] ?)+ … q Leave", shown), shown
        await pilot.click(KeyBar, offset=(len(shown) - 3, 0))
        await until(pilot, lambda: bool(pressed))
        assert pressed == ["leave"]
        await pilot.resize_terminal(200, 3)
        await pilot.pause()
        assert "…" not in bar.render().plain and bar.render().plain.rstrip().endswith("q Leave")
