"""The deck builder through the real screens, on the test-only Deck Duel game: build a deck,
break a deck rule and see why, fix it, save it, pick it at setup and play with it; leaving
unsaved work, illegal and damaged saved decks, deleting; and a snapshot."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Select

from cardtable.engine import CustomDeck
from cardtable.engine.decks import decks_dir, list_decks, save_deck
from cardtable.engine.registry import load_cards
from cardtable.engine.saves import read_save, resume
from cardtable.ui import make_app
from cardtable.ui.decks import DeckBuilderScreen, DeckPickerScreen
from cardtable.ui.dialogs import ConfirmDialog, InputDialog
from cardtable.ui.setup import SetupScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import choose_menu, open_setup, screen_text
from fixture_games import DeckDuel

SIZE = (80, 24)


def flat(app) -> str:
    """The screen's words on one line (wrapped sentences joined)."""
    return " ".join(screen_text(app).replace("▊", " ").replace("│", " ").split())


def panel(app) -> str:
    """The builder's right-hand panel as one line: the size, the deck rules, the deck."""
    screen = app.screen
    assert isinstance(screen, DeckBuilderScreen)
    parts = [str(screen.query_one(f"#{wid}").render()) for wid in ("db-status", "db-problems", "db-deck-heading", "db-deck")]
    return " ".join(" ".join(parts).split())


async def goto_card(pilot, name: str) -> None:
    """Move the pool cursor to the card called ``name``."""
    screen = pilot.app.screen
    table = screen.query_one("#db-pool", DataTable)
    card_id = next(c.id for c in screen.pool if c.name == name)
    table.move_cursor(row=table.get_row_index(card_id))
    await pilot.pause()


async def press_n(pilot, key: str, times: int) -> None:
    for _ in range(times):
        await pilot.press(key)
    await pilot.pause()


async def test_build_break_fix_save_and_play_a_deck(deck_duel, cardtable_home):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, "deck-duel")
        assert "Build decks" in screen_text(app)
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert isinstance(app.screen, DeckPickerScreen)
        assert "New empty deck — Red" in screen_text(app) and "Preset: Red starter" in screen_text(app)
        await pilot.press("enter")  # a new empty Red deck
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, DeckBuilderScreen) and builder.side == "red"
        assert [c.id for c in builder.pool] == ["red-banner", "red-knight", "red-archer", "healer", "fireball", "shield-wall", "war-drums"]
        assert "0 cards ✗ 2 rules broken" in panel(app)
        assert "A Red deck must contain the Red Banner." in panel(app)

        await goto_card(pilot, "Red Knight")
        await press_n(pilot, "plus", 4)  # one too many
        await goto_card(pilot, "Red Banner")
        await press_n(pilot, "enter", 2)  # Enter adds too: a unique card twice
        await goto_card(pilot, "Red Archer")
        await press_n(pilot, "plus", 2)
        assert builder.counts == {"red-knight": 4, "red-banner": 2, "red-archer": 2}
        text = panel(app)
        assert "8 cards ✗ 2 rules broken" in text
        assert "At most 3 copies of Red Knight, not 4." in text
        assert "Red Banner is unique: one copy at most, not 2." in text
        assert "4× Red Knight" in text

        await goto_card(pilot, "Red Knight")
        await pilot.press("minus")
        await goto_card(pilot, "Red Banner")
        await pilot.press("minus")
        await goto_card(pilot, "Red Archer")
        await pilot.press("plus")
        await pilot.press("slash")  # find the healer by a word of its text
        for ch in "toughness":
            await pilot.press(ch)
        await pilot.pause()
        table = builder.query_one("#db-pool", DataTable)
        assert table.row_count == 1
        await pilot.press("enter")  # back to the pool
        await pilot.press("plus")
        await pilot.pause()
        assert builder.counts == {"red-knight": 3, "red-banner": 1, "red-archer": 3, "healer": 1}
        assert "8 cards ✓ legal: ready to play" in panel(app)
        assert "Every deck rule is kept." in panel(app)

        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, InputDialog)
        for ch in "Knights":
            await pilot.press(ch)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is builder and not builder.dirty
        saved = decks_dir("deck-duel") / "knights.yaml"
        assert saved.is_file()
        assert "name: Knights" in saved.read_text(encoding="utf-8")

        await pilot.press("escape")  # saved: leaves without asking
        await pilot.pause()
        assert isinstance(app.screen, DeckPickerScreen)
        assert "Yours: Knights — Red, 8 cards · ✓ legal" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is setup

        select = setup.query_one("#opt-deck-0", Select)
        labels = [str(p) for p, _ in select._options]
        assert labels == ["Red starter", "Blue starter", "Knights (yours, Red)"]
        select.focus()
        await pilot.press("enter")  # open the list
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        mine = CustomDeck.of("Knights", "red", {"red-knight": 3, "red-banner": 1, "red-archer": 3, "healer": 1})
        assert select.value == mine
        await pilot.press("ctrl+s")
        await pilot.pause()
        table_screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        game = table_screen.session.game
        assert game.seat_deck(0) == mine and game.seat_deck(1).name == "Red starter"
        assert sorted(c.defn.id for c in game.zones["draw:0"]) == sorted(cid for cid, n in mine.cards for _ in range(n))
        header = read_save(table_screen.session.save.path).header
        assert header["setup"]["options"]["deck"][0] == {"deck": "Knights", "side": "red", "cards": mine.counts}

    # the deck file changes afterwards: the saved game still resumes with the deck it was dealt
    save_deck(DeckDuel, "Knights", "red", {"red-banner": 1}, overwrite=True)
    resumed, _ = resume(table_screen.session.save.path)
    assert resumed.seat_deck(0) == mine


async def test_unsaved_changes_ask_before_leaving(deck_duel):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(DeckPickerScreen(DeckDuel, load_cards("deck-duel")))
        await pilot.pause()
        await pilot.press("down", "down", "enter")  # the Red starter preset, as a copy (separators are skipped)
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, DeckBuilderScreen)
        assert builder.deck_name == "Red starter (copy)" and sum(builder.counts.values()) == 10
        await pilot.press("minus")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")  # stay
        await pilot.pause()
        assert app.screen is builder
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, DeckPickerScreen)
        assert list_decks(DeckDuel, load_cards("deck-duel")) == [], "nothing was saved"


async def test_illegal_and_damaged_saved_decks(deck_duel):
    cards = load_cards("deck-duel")
    save_deck(DeckDuel, "Half done", "blue", {"blue-banner": 1, "blue-knight": 2})
    (decks_dir("deck-duel") / "broken.yaml").write_text("format: cardtable-deck\nversion: 1\ngame: deck-duel\nname: B\nside: red\ncards: {dragon: 1}\n", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, "deck-duel")
        labels = [str(p) for p, _ in setup.query_one("#opt-deck-1", Select)._options]
        assert labels == ["Red starter", "Blue starter"], "an illegal deck is not offered"
        await pilot.press("ctrl+d")
        await pilot.pause()
        text = flat(app)
        assert "Yours: Half done — Blue, 3 cards · ✗ 1 problem" in text
        assert "Damaged: decks/deck-duel/broken.yaml:6: deck 'B': unknown card 'dragon'" in text
        picker = app.screen
        menu = picker.query_one("#picker-list")
        index = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "saved:0")
        menu.highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, DeckBuilderScreen) and builder.side == "blue"
        assert "A deck holds 8 to 12 cards; this one has 3." in panel(app)
        await goto_card(pilot, "Blue Knight")
        await pilot.press("plus")
        await goto_card(pilot, "Blue Archer")
        await press_n(pilot, "plus", 3)
        await goto_card(pilot, "Shield Wall")
        await pilot.press("plus")
        assert "8 cards ✓ legal" in panel(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen.query_one("#dialog-input").value == "Half done"
        await pilot.press("enter")  # same name: the same file, no question
        await pilot.pause()
        assert app.screen is builder and not builder.dirty
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert app.screen is setup
        labels = [str(p) for p, _ in setup.query_one("#opt-deck-1", Select)._options]
        assert labels[-1] == "Half done (yours, Blue)"
    assert [d.legal for d in list_decks(DeckDuel, cards) if not isinstance(d, Exception)] == [True]


async def test_saving_under_another_decks_name_asks_first_and_delete(deck_duel):
    save_deck(DeckDuel, "Mine", "red", {"red-banner": 1})
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(DeckPickerScreen(DeckDuel, load_cards("deck-duel")))
        await pilot.pause()
        await pilot.press("down", "enter")  # new empty Blue deck
        await pilot.pause()
        await goto_card(pilot, "Blue Banner")
        await pilot.press("plus", "s")
        await pilot.pause()
        for ch in "mine":
            await pilot.press(ch)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        decks = list_decks(DeckDuel, load_cards("deck-duel"))
        assert [(d.name, d.side) for d in decks] == [("mine", "blue")]
        await pilot.press("escape")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, DeckPickerScreen)
        menu = picker.query_one("#picker-list")
        menu.highlighted = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "saved:0")
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert list_decks(DeckDuel, load_cards("deck-duel")) == []
        assert "Yours:" not in screen_text(app)


async def test_setup_without_decks_has_no_deck_builder():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose_menu(pilot, "game:cold-war")
        assert isinstance(app.screen, SetupScreen)
        assert "Build decks" not in screen_text(app)
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


@pytest.mark.snapshot
def test_deck_builder_snapshot(snap_compare, deck_duel):
    async def build(pilot):
        await pilot.pause()
        pilot.app.push_screen(DeckBuilderScreen(DeckDuel, load_cards("deck-duel"), "Knights", "red", {"red-banner": 1, "red-knight": 4, "red-archer": 2}))
        await pilot.pause()
        for widget in pilot.app.screen.query("Input"):
            widget.cursor_blink = False
        await pilot.press("down", "down")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=build)


@pytest.mark.snapshot
def test_deck_picker_snapshot(snap_compare, deck_duel):
    async def pick(pilot):
        await pilot.pause()
        save_deck(DeckDuel, "Knights", "red", {"red-banner": 1, "red-knight": 3, "red-archer": 3, "healer": 1})
        pilot.app.push_screen(DeckPickerScreen(DeckDuel, load_cards("deck-duel")))
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=pick)


async def test_the_highlighted_cards_whole_text_shows(cardtable_home):
    """Fresh tester at 160×48: the card text under the pool was cut mid-sentence ("…(an
    attack included), a"), the box three rows high. It grows to show the whole text."""
    from cardtable.engine import get
    from cardtable.ui.testing import screen_lines

    cls, cardset = get("fofl"), load_cards("fofl")
    side = next(iter(dict(cls.deck_rules.sides(cardset))))
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        app.push_screen(DeckBuilderScreen(cls, cardset, "", side, {}))
        await pilot.pause()
        builder = app.screen
        table = builder.query_one("#db-pool", DataTable)
        longest = max(builder.pool, key=lambda c: len(c.text))
        table.move_cursor(row=table.get_row_index(longest.id))
        await pilot.pause()
        box = builder.query_one("#db-card-text").region
        lines = screen_lines(app)
        said = " ".join(" ".join(line[box.x : box.right] for line in lines[box.y : box.bottom]).split())
        assert " ".join(longest.text.split()) in said, said
