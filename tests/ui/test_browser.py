"""The card browser through the real screens: reaching it, live filtering, the kind and
colour filters, sorting by keys and by clicking a heading, the detail pane, custom card
sets (added, replacing, broken), a few hundred cards staying instant, and snapshots."""

from __future__ import annotations


import pytest
from textual.widgets import DataTable, Input, Select

from cardtable.engine import games, load_cards
from cardtable.engine.registry import bundled_data_dir
from cardtable.ui import StartRequest, make_app
from cardtable.ui.browser import BrowserScreen
from cardtable.ui.decks import DeckPickerScreen
from cardtable.ui.dialogs import MessageDialog
from cardtable.ui.menu import MenuScreen
from cardtable.ui.setup import SetupScreen
from cardtable.ui.testing import choose_menu, screen_text

SIZE = (80, 24)


def browser(app) -> BrowserScreen:
    screen = app.screen
    assert isinstance(screen, BrowserScreen), type(screen).__name__
    return screen


def names(app) -> list[str]:
    return [e.card.name for e in browser(app).shown]


async def type_text(pilot, text: str) -> None:
    for ch in text:
        await pilot.press("space" if ch == " " else ch)
    await pilot.pause()


async def pick(pilot, select_key: str, label: str) -> None:
    """Open a filter select with its key and choose ``label`` with the arrow keys."""
    await pilot.press(select_key)
    await pilot.pause()
    select = pilot.app.focused
    while not isinstance(select, Select):
        select = select.parent
    labels = [str(prompt) for prompt, _ in select._options]
    current = [value for _, value in select._options].index(select.value)
    target = labels.index(label)
    for _ in range(abs(target - current)):
        await pilot.press("down" if target > current else "up")
    await pilot.press("enter")
    await pilot.pause()


async def test_menu_entry_and_key_open_the_browser():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Card browser" in screen_text(app)
        first = games()[0]
        await pilot.press("b")  # on the highlighted (first) game: its cards
        await pilot.pause()
        assert browser(app).current == first.id
        assert len(names(app)) == len(load_cards(first.id))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await choose_menu(pilot, "browser")
        assert browser(app).current == "all"
        assert "Card browser" in screen_text(app) and "All games" in screen_text(app)


async def test_cards_flag_opens_the_browser_on_that_game():
    app = make_app(StartRequest(browse="cold-war"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert browser(app).current == "cold-war"
        text = screen_text(app)
        assert "Cold War" in text and "52 cards" in text
        assert "Ace of Clubs" in text and "■▌ black" in text, "colour shown as a swatch and its name"


async def test_live_filter_finds_a_card_by_a_word_of_its_text():
    app = make_app(StartRequest(browse="cold-war"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("slash")
        assert app.focused.id == "browser-filter"
        await type_text(pilot, "breach")
        assert sorted(names(app)) == ["Ace of Clubs", "Ace of Diamonds", "Ace of Hearts", "Ace of Spades"]
        assert "4 of 52 cards" in screen_text(app)
        await type_text(pilot, " spades")  # every word must match
        assert names(app) == ["Ace of Spades"]
        for _ in range(len("breach spades")):
            await pilot.press("backspace")
        await type_text(pilot, "QUEEN")  # any case
        assert len(names(app)) == 4 and all(n.startswith("Queen") for n in names(app))
        await type_text(pilot, "zzz")
        assert names(app) == [] and "0 of 52 cards" in screen_text(app)
        await pilot.press("escape")  # leaves the filter for the table (a search that found nothing cleared)
        await pilot.pause()
        assert isinstance(app.focused, DataTable) and browser(app).current == "cold-war"
        await pilot.press("escape")
        await pilot.pause()
        assert app.return_code == 0, "opened by 'cardtable browse': Esc from the list is back to the shell"


async def test_columns_fit_the_rows_after_an_empty_result():
    """After a search that found nothing, the next rows get columns as wide as they are."""
    app = make_app(StartRequest(browse="combat-cards"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("slash")
        await type_text(pilot, "drone")
        assert names(app) == []
        await pilot.press("enter", "g")  # to the table, then the game list
        await pilot.pause()
        await pilot.press("down", "down", "enter")  # Combat Cards → Black Ops → FOFL
        await pilot.pause()
        await pilot.pause()
        assert browser(app).current == "fofl"
        lines = screen_text(app).splitlines()
        assert any(line.startswith(" Sidious ") for line in lines), "the Name column is wide enough"
        assert any("reconstructed" in line for line in lines), "so is the Source column"


def hint_line(app) -> str:
    """The line under the filters (the empty table's hint), or "" when it is hidden."""
    hint = app.screen.query_one("#browser-empty")
    return screen_text(app).splitlines()[hint.region.y] if hint.display else ""


async def test_a_search_that_finds_nothing_says_why_and_what_widens_it():
    """The fresh tester opened the browser from the menu (it starts on the menu's game),
    searched, and saw an empty table with no word why. A one-line hint now names the words
    typed (as typed: "[b]" is not markup), the game that narrows the search, and the keys
    that widen it as they work where the focus is; Esc clears the search."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = games()[0]
        await pilot.press("b", "slash")
        await pilot.pause()
        assert hint_line(app) == ""
        await type_text(pilot, "qqq[b]")
        line = hint_line(app)
        assert f"No card matches “qqq[b]” in {first.title} — Esc clears" in line, line
        assert "⏎ then g: All games" in line and "…" not in line, line  # g here types a letter
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.focused, DataTable) and "; g: All games" in hint_line(app), hint_line(app)
        await pick(pilot, "g", "All games")
        assert names(app) == [] and "No card matches “qqq[b]” in any game — Esc clears the search" in hint_line(app)
        await pilot.press("escape")  # clears the search: every card, no hint, still here
        await pilot.pause()
        assert len(names(app)) == len(browser(app).entries) and hint_line(app) == ""
        assert browser(app).query_one("#browser-filter", Input).value == ""
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_the_empty_hint_names_the_kind_that_narrows_it():
    app = make_app(StartRequest(browse="cold-war"))
    async with app.run_test(size=(140, 30)) as pilot:
        await pilot.pause()
        await pick(pilot, "k", "face")
        await pilot.press("slash")
        await type_text(pilot, "breach")  # only the aces breach
        await pilot.press("enter")
        await pilot.pause()
        line = hint_line(app)
        assert "No card of kind face matches “breach” in Cold War — Esc clears the search; k: Any kind; g: All games looks in every game" in line, line
        await pick(pilot, "k", "Any kind")
        assert len(names(app)) == 4 and hint_line(app) == ""


async def test_kind_and_colour_filters_by_keyboard():
    app = make_app(StartRequest(browse="cold-war"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pick(pilot, "k", "face")
        assert len(names(app)) == 12 and {e.card.kind for e in browser(app).shown} == {"face"}
        await pick(pilot, "c", "▐■▌ red")
        assert len(names(app)) == 6 and {e.card.colour for e in browser(app).shown} == {"red"}
        await pick(pilot, "k", "Any kind")
        assert len(names(app)) == 26


async def test_sorting_by_keys_and_by_clicking_a_heading():
    app = make_app(StartRequest(browse="cold-war"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")  # name
        shown = names(app)
        assert shown == sorted(shown, key=str.casefold) and shown[0] == "Ace of Clubs"
        assert "Name ▲" in screen_text(app)
        await pilot.press("s", "s")  # kind, then value
        assert browser(app).sort_column == "value"
        values = [e.card.value for e in browser(app).shown]
        assert values[:4] == [2, 2, 2, 2] and values[-4:] == [None] * 4, "cards without a value last"
        await pilot.press("r")
        values = [e.card.value for e in browser(app).shown]
        assert values[:4] == [13] * 4 and values[-4:] == [None] * 4, "still last when descending"
        assert "Value ▼" in screen_text(app)
        # the mouse: click the Colour heading, twice to reverse
        table = app.screen.query_one(DataTable)
        x = sum(c.get_render_width(table) for c in list(table.columns.values())[:3]) + 2
        await pilot.click(DataTable, offset=(x, 0))
        await pilot.pause()
        assert browser(app).sort_column == "colour" and not browser(app).sort_reverse
        assert [e.card.colour for e in browser(app).shown][:26] == ["black"] * 26
        await pilot.click(DataTable, offset=(x, 0))
        await pilot.pause()
        assert browser(app).sort_reverse and browser(app).shown[0].card.colour == "red"


async def test_detail_pane_draws_the_card_large_with_everything_about_it():
    app = make_app(StartRequest(browse="cold-war"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("slash")
        await type_text(pilot, "ace of hearts")
        await pilot.press("enter", "enter")  # to the table, then the detail
        await pilot.pause()
        screen = browser(app)
        assert screen.in_detail()
        text = screen_text(app)
        assert "Ace of Hearts" in text and "A♥" in text, "the game's own corner label"
        assert "Data Breach: the SPY collects the discard pile." in text
        assert "suit: hearts" in text and "■▌ red" in text
        detail = " ".join(str(screen.query_one("#detail-text").render()).split())
        assert "Never compared with another card." in detail, "the effect in plain words"
        assert "Cold War is played with the whole set: every card is in the one deck." in detail
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.in_detail() and isinstance(app.focused, DataTable)


async def test_detail_steps_through_the_list_and_mouse_picks_a_row():
    app = make_app(StartRequest(browse="cold-war"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click(DataTable, offset=(3, 3))  # the third row
        await pilot.pause()
        assert browser(app).highlighted().card.name == "Three of Clubs"
        await pilot.press("enter")
        await pilot.pause()
        assert "card 3 of 52" in screen_text(app)
        await pilot.press("right")
        await pilot.pause()
        assert "Four of Clubs" in screen_text(app) and "card 4 of 52" in screen_text(app)
        await pilot.press("left", "left")
        await pilot.pause()
        assert "Two of Clubs" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert browser(app).highlighted().card.name == "Two of Clubs", "the list follows the detail"


async def test_fixture_game_in_all_games_with_power_toughness_and_decks(deck_duel):
    from cardtable.engine.decks import save_deck
    from fixture_games import DeckDuel

    save_deck(DeckDuel, "Knights", "red", {"red-banner": 1, "red-knight": 3, "healer": 2, "fireball": 2})
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.open_browser()
        await pilot.pause()
        screen = browser(app)
        assert {e.game for e in screen.entries} == {g.id for g in games()} >= {"cold-war", "deck-duel"}
        assert len(screen.entries) == sum(len(load_cards(g.id)) for g in games())
        assert "Game" in screen_text(app)
        await pick(pilot, "g", "Deck Duel")
        assert screen.current == "deck-duel" and len(names(app)) == 10
        await pick(pilot, "c", "No colour")
        assert names(app) == ["War Drums"]
        await pick(pilot, "c", "Any colour")
        await pilot.press("slash")
        await type_text(pilot, "red knight")
        await pilot.press("enter", "enter")
        await pilot.pause()
        text = screen_text(app)
        assert "3/2" in text, "power/toughness"
        assert "3× in Red starter" in text and "3× in Knights (yours)" in text
        assert "per deck (below)" in text and "in the deck" not in text, "no copy count that the decks contradict"
        await pilot.press("escape", "slash")
        for _ in range(len("red knight")):
            await pilot.press("backspace")
        await type_text(pilot, "healer")
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert "heal 1" in screen_text(app), "the effect in plain words"
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, DeckPickerScreen)


async def test_deck_key_explains_games_without_decks():
    app = make_app(StartRequest(browse="cold-war"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, BrowserScreen)
        assert any("no deck builder" in str(n.message) for n in app._notifications)


# --------------------------------------------------------------------------- custom card sets


def write_house(folder, name, rename=("Ace of Spades", "Ace of Shadows"), breakage=None):
    text = (bundled_data_dir() / "cold-war.yaml").read_text(encoding="utf-8").replace(*rename)
    if breakage:
        text = text.replace(*breakage, 1)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


async def test_added_card_set_is_browsable_and_playable(tmp_path, cardtable_home):
    write_house(tmp_path, "house.yaml", breakage=("name: Standard 52-card deck", "name: House deck"))
    app = make_app(StartRequest(cards_dir=str(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen), "no problems to report"
        app.open_browser("cold-war:house")
        await pilot.pause()
        assert "Ace of Shadows" in names(app)
        assert "Cold War: House deck" in screen_text(app), "an added set is shown by its name"
        await pilot.press("escape")
        await pilot.pause()
        await choose_menu(pilot, "game:cold-war")
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        labels = [str(label) for label, _ in setup.query_one("#setup-set", Select)._options]
        assert labels == ["Standard", "House deck (custom)"]
        setup.query_one("#setup-set", Select).value = "house"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        from cardtable.ui.table import TableScreen

        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.session.game.cardset["ace-of-spades"].name == "Ace of Shadows"


async def test_replaced_card_set_is_shown(tmp_path):
    write_house(tmp_path, "cold-war.yaml")
    app = make_app(StartRequest(browse="cold-war", cards_dir=str(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Ace of Shadows" in names(app) and "Ace of Spades" not in names(app)
        assert "Cold War (custom)" in screen_text(app)


async def test_broken_custom_file_is_a_clear_message_not_a_crash(tmp_path):
    path = write_house(tmp_path, "cold-war.yaml", breakage=('kind: face, value: 12', 'kind: royal, value: 12'))
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if "kind: royal" in t)
    expected = f"{path}:{line}: card 'queen-of-clubs': kind must be one of number, face, ace, got 'royal'"
    app = make_app(StartRequest(cards_dir=str(tmp_path)))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MessageDialog)
        assert expected in app.screen.message
        assert "Some custom card sets do not load" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        app.open_browser("cold-war")
        await pilot.pause()
        screen = browser(app)
        assert screen.entries == [] and expected in screen.problems[0]
        assert "cannot be shown" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        await choose_menu(pilot, "game:cold-war")  # the problem is on the setup's error line
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert str(app.screen.query_one("#setup-error").render()) == expected


# --------------------------------------------------------------------------- a few hundred cards


def big_cold_war(folder, copies: int = 12):
    """A Cold War replacement set with ``52 * copies`` distinct cards."""
    import yaml

    data = yaml.safe_load((bundled_data_dir() / "cold-war.yaml").read_text(encoding="utf-8"))
    cards = []
    for n in range(copies):
        for card in data["cards"]:
            card = dict(card, id=f"{card['id']}-{n}", name=f"{card['name']} #{n}")
            if n % 3 == 0:
                card["text"] = f"Variant {n}: a longer text so the filter has words to look through."
            cards.append(card)
    data["cards"] = cards
    (folder / "cold-war.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return len(cards)


async def test_a_few_hundred_cards_stay_instant(tmp_path, monkeypatch):
    import cardtable.ui.browser as browser_module

    # A settle time far above any gap between the pilot's keys, even on a loaded machine,
    # so the count below tests the rule (no redraw while keys keep coming), not the timing.
    monkeypatch.setattr(browser_module, "SETTLE_SECONDS", 1.5)
    total = big_cold_war(tmp_path)
    assert total == 624
    app = make_app(StartRequest(browse="cold-war", cards_dir=str(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = browser(app)
        assert len(screen.shown) == total
        screen.refresh_table()  # a full redraw keeps every row (its speed is benchmarks' business, not a timed test's)
        await pilot.pause()
        assert len(screen.shown) == total
        redraws = []
        original = screen.refresh_table
        screen.refresh_table = lambda: (redraws.append(1), original())  # type: ignore[method-assign]
        await pilot.press("slash")
        await pilot.pause()
        # the keys below must reach the filter, not the browser's own keys (r, s, ...)
        assert isinstance(app.focused, Input) and app.focused.id == "browser-filter", app.focused
        await type_text(pilot, "variant 9:")
        assert redraws == [], f"{len(redraws)} redraws of a long list while typing"
        await pilot.pause(1.8)  # the list settles once typing pauses
        assert len(redraws) == 1, f"{len(redraws)} redraws of a long list for one pause"
        assert len(screen.shown) == 52 and "52 of 624 cards" in screen_text(app)
        await pilot.press("enter", "s", "r")
        await pilot.pause()
        shown = [e.card.name for e in screen.shown]
        assert shown == sorted(shown, key=str.casefold, reverse=True)


# --------------------------------------------------------------------------- snapshots


def _no_blink(pilot):
    for widget in pilot.app.screen.query("Input"):
        widget.cursor_blink = False


@pytest.mark.snapshot
def test_browser_snapshot(snap_compare):
    async def browse(pilot):
        await pilot.pause()
        _no_blink(pilot)
        await pilot.press("slash")
        await type_text(pilot, "hearts")
        await pilot.press("enter", "s", "s", "s", "r")
        await pilot.pause()

    assert snap_compare(make_app(StartRequest(browse="cold-war")), terminal_size=SIZE, run_before=browse)


@pytest.mark.snapshot
def test_browser_detail_snapshot(snap_compare):
    async def detail(pilot):
        await pilot.pause()
        _no_blink(pilot)
        await pilot.press("down", "down", "down", "down", "down", "down", "down", "down", "down", "down", "down", "down", "enter")
        await pilot.pause()

    assert snap_compare(make_app(StartRequest(browse="cold-war")), terminal_size=SIZE, run_before=detail)


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_game_select_shows_the_whole_name_when_the_bar_has_room(size):
    """The fresh tester at 120×40 saw "Black Ops: Fr… ▼" beside a filter box 60 columns
    wide. The game select is as wide as its longest name where the filter box keeps at
    least its 80-column width; at 80×24 the bar is as it was (the title line above names
    the game whole)."""
    app = make_app(StartRequest(browse="black-ops"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        bar = next(line for line in screen_text(app).splitlines() if "▼" in line)
        filter_box = screen.query_one("#browser-filter").region
        assert filter_box.width >= 22 and screen.query_one("#browser-bar").region.right <= size[0]
        assert "Card browser  ·  Black Ops: Free-For-All  ·" in screen_text(app)
        if size == (80, 24):
            assert "Black Ops: Fr… ▼" in bar and screen.query_one("#browser-game").region.width == 22
        else:
            assert "Black Ops: Free-For-All ▼" in bar, bar


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40), (200, 60)])
async def test_the_title_line_says_when_the_table_has_more_columns_to_the_right(size):
    """The fresh tester at 80×24 saw the Text column as a lone "T" at the right edge, a
    sideways scroll nothing mentioned. The title line says "←→: more columns" when the
    table is wider than the window, and → does scroll it; on a window wide enough for
    every column it says nothing of the kind. (At 120×40 the Text column now ends inside
    the window, cut at a word: test_browser_fresh; 100×30 still scrolls.)"""
    app = make_app(StartRequest(browse="black-ops"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        title = screen_text(app).splitlines()[0]
        if size in ((120, 40), (200, 60)):
            assert table.max_scroll_x == 0 and "more columns" not in title
            return
        assert table.max_scroll_x > 0 and "←→: more columns" in title, title
        await pilot.press("right", "right")
        await pilot.pause()
        assert table.scroll_x > 0


async def test_leaving_the_browser_started_from_the_shell_returns_to_the_shell():
    """``cardtable browse`` then Esc ends the app, as leaving Past games or a replay started
    from the shell does (the browser opened from the menu closes back to it: the tests of
    the menu's browser)."""
    key = "escape"
    app = make_app(StartRequest(browse="cold-war"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BrowserScreen)
        app.screen.query_one("#browser-table").focus()
        await pilot.press(key)
        await pilot.pause()
        assert app.return_code == 0, f"not back to the shell: {type(app.screen).__name__} on top"


async def test_the_text_column_takes_the_free_width_of_a_wide_window():
    """Fresh tester at 160 columns: the Text column was cut at 48 characters ("Godzilla, The
    Tsar of Russia and Sidious have +…") while about 35 columns to its right stayed empty.
    It now takes the width the other columns leave, without a sideways scroll; a resize
    redraws it for the new width."""
    from rich.cells import cell_len

    from cardtable.ui.testing import screen_lines, settled_lines

    app = make_app(StartRequest(browse="fofl"))
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.max_scroll_x == 0
        lines = screen_lines(app)
        texts = [" ".join(e.card.text.split()) for e in browser(app).shown]
        long = next(t for t in texts if cell_len(t) > 100)
        row = next(line for line in lines if long[:40] in line)
        shown = row[row.index(long[:40]) :].rstrip()
        assert cell_len(shown) > 60 and shown.endswith("…"), shown
        assert _reaches_the_edge(row, long, 160), row  # the text reaches the right edge, cut at a word
        assert all(cell_len(line.rstrip()) <= 160 for line in lines)
        await pilot.resize_terminal(150, 40)
        await pilot.pause()
        row = next(line for line in await settled_lines(app, pilot) if long[:40] in line)  # the redraw for the new width
        assert _reaches_the_edge(row, long, 150) and table.max_scroll_x == 0, row


def _reaches_the_edge(row: str, whole: str, width: int) -> bool:
    """Whether ``row`` ends within ``width`` cells with ``whole`` cut after a word and "…",
    and the next word of ``whole`` and the "…" would not have fitted before the scroll bar
    and the cell's padding (3 cells)."""
    from rich.cells import cell_len

    row = row.rstrip()
    start = row.index(whole[:40])
    kept = row[start:-1]
    if not row.endswith("…") or not whole.startswith(kept) or whole[len(kept)] not in " ,;:":
        return False
    rest = whole[len(kept) :].lstrip(" ,;:")
    next_word = rest.split(" ", 1)[0]
    longer = cell_len(row[:start]) + cell_len(whole[: len(whole) - len(rest)] + next_word) + 1
    return cell_len(row) <= width and longer > width - 3
