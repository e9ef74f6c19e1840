"""Markup and escapes (issue 11 item 5): names and card texts holding rich markup or ESC
sequences are shown literally on every screen and in ``cardtable cards``; nothing crashes
and no ESC byte from a user or a file reaches the terminal."""

from __future__ import annotations

import csv
import io
import json

import pytest

from cardtable.engine import games
from cardtable.engine.registry import bundled_data_dir
from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import choose_menu, play_through, screen_text, settled_lines

NAMES = ("[/]", "[bold]x", "[@click=x]", "[red]Ann[/]", "Bob[/b]", "[i]")
ESCAPES = ("\x1b]0;pwned\x07", "\x1b[2J")
CARD_NAME = "[bold]x"
CARD_TEXT = "[@click=app.quit] [/] [bold]loud"


def rendered(app) -> str:
    """Every character the screen sends to the terminal as text (not the control codes
    Textual adds for colours and the cursor)."""
    update = app.screen._compositor.render_update(full=True)
    return "".join(segment.text for strip in update.strips for segment in strip)


def assert_clean(app) -> None:
    assert "\x1b" not in rendered(app) and "\x07" not in rendered(app)


async def walk(app, pilot, moves: int) -> None:
    """Play up to ``moves`` random moves through the screens (as ``play_through`` does,
    bounded), checking that the terminal gets no ESC on each screen."""
    import random

    from cardtable.ui.news import NewsScreen

    rng = random.Random(0)
    for _ in range(moves * 3):
        await pilot.pause()
        screen = app.screen
        assert_clean(app)
        if isinstance(screen, GameOverScreen):
            return
        if isinstance(screen, (PrivacyScreen, NewsScreen)):  # news: a public reveal first
            await pilot.press("enter")
            continue
        assert isinstance(screen, TableScreen), type(screen).__name__
        moves -= 1
        if moves < 0:
            return
        decision = screen.session.visible_decision()
        for key in screen.keys_for(decision.actions[rng.randrange(len(decision.actions))]):
            await pilot.press(key)


@pytest.mark.parametrize("game_id", [cls.id for cls in games()])
async def test_markup_names_on_every_games_table(game_id, cardtable_home):
    cls = next(c for c in games() if c.id == game_id)
    names = NAMES[: max(cls.min_players, 2)]
    app = make_app(StartRequest(game=game_id, players=names, seed=3))
    async with app.run_test(size=(110, 36)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, PrivacyScreen):
            assert f"Pass to {app.screen.player}" in screen_text(app) and app.screen.player in names
            assert_clean(app)
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("l")  # the log panel too
        await pilot.pause()
        text = screen_text(app)
        assert any(name in text for name in names), text
        await walk(app, pilot, 25)


async def test_markup_names_to_the_game_over_and_statistics(cardtable_home):
    names = NAMES[:2]
    app = make_app(StartRequest(game="cold-war", players=names, seed=3))
    async with app.run_test(size=(110, 36)) as pilot:
        await play_through(app, pilot, check_privacy=False)
        assert isinstance(app.screen, GameOverScreen)
        text = "\n".join(await settled_lines(app, pilot))  # the frames are held until the reveal is fitted
        assert all(name in text for name in names), text
        assert_clean(app)
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("s")  # statistics: the names as typed
        await pilot.pause()
        text = screen_text(app)
        assert all(name in text for name in names), text


async def test_hostile_files_in_the_data_folder_are_shown_plain(cardtable_home):
    """A save, the statistics and the remembered players edited to hold markup and ESC
    sequences: the Resume list, Statistics and setup show them plainly."""
    app = make_app(StartRequest(game="cold-war", players=("[/]", "[bold]x"), seed=3))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
    save = next((cardtable_home / "saves").glob("*.jsonl"))
    header, *rest = save.read_text().splitlines()
    data = json.loads(header)
    data["setup"]["players"] = [f"A{ESCAPES[0]}", f"[/]{ESCAPES[1]}"]
    save.write_text("\n".join([json.dumps(data), *rest]) + "\n")
    (cardtable_home / "stats.json").write_text(
        json.dumps({"version": 1, "players": {n: {"name": n, "games": {"cold-war": {"best": 1, "last": "2026-01-01T10:00:00", "lower_wins": False, "played": 1, "won": 1}}} for n in (f"E{ESCAPES[0]}", f"[bold]{ESCAPES[1]}", "[/]")}})
    )
    (cardtable_home / "recent-players.json").write_text(json.dumps({"cold-war": [f"A{ESCAPES[0]}", "[@click=x]"]}))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert_clean(app)
        await pilot.press("r")
        await pilot.pause()
        text = screen_text(app)
        assert "Resume a saved game" in text
        assert_clean(app)
        await pilot.press("enter")  # resuming refuses the names with a reason
        await pilot.pause()
        assert "control characters" in screen_text(app)
        assert_clean(app)
        await pilot.press("escape")
        app.back_to_menu()
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        assert "[/]" in text and "[bold]␛[2J" in text, text
        assert_clean(app)
        await pilot.press("escape")
        await pilot.pause()
        await choose_menu(pilot, "game:cold-war")  # the remembered names are not offered
        await pilot.pause()
        assert_clean(app)
        assert "pwned" not in screen_text(app)


def _card_folder(tmp_path, text_for_zero: str, name_for_zero: str = CARD_NAME):
    folder = tmp_path / "cards"
    folder.mkdir(exist_ok=True)
    source = (bundled_data_dir() / "bloops.yaml").read_text()
    old = "{id: zero, name: Zero, kind: number, value: 0, colour: sea, count: 4, source: seed}"
    assert old in source
    new = "{id: zero, name: " + json.dumps(name_for_zero) + ", kind: number, value: 0, colour: sea, count: 4, source: seed, text: " + text_for_zero + "}"
    (folder / "bloops.yaml").write_text(source.replace(old, new).replace("name: Bloops deck", 'name: "[/]Bloops [bold]deck"'))
    return folder


async def test_markup_card_text_in_the_browser_and_a_game(tmp_path, monkeypatch):
    folder = _card_folder(tmp_path, json.dumps(CARD_TEXT))
    monkeypatch.setenv("CARDTABLE_CARDS", str(folder))
    app = make_app(StartRequest(browse="bloops"))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert CARD_NAME in text and "[@click=app.quit]" in text, text
        await pilot.press("enter")  # the detail of the highlighted card
        await pilot.pause()
        assert_clean(app)
    app = make_app(StartRequest(game="bloops", players=("Ann", "Bob"), seed=1))
    async with app.run_test(size=(110, 36)) as pilot:
        await walk(app, pilot, 25)


def test_markup_card_text_in_cardtable_cards(tmp_path, monkeypatch, capsys):
    from cardtable.cli import _print_rich_cards, main
    from cardtable.engine import get, load_cards

    folder = _card_folder(tmp_path, json.dumps(CARD_TEXT))
    monkeypatch.setenv("CARDTABLE_CARDS", str(folder))
    assert main(["cards", "bloops", "--format", "json"]) == 0
    cards = json.loads(capsys.readouterr().out)
    zero = next(c for c in (cards["cards"] if isinstance(cards, dict) else cards) if c["id"] == "zero")
    assert zero["name"] == CARD_NAME and zero["text"] == CARD_TEXT
    assert main(["cards", "bloops", "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert any(CARD_NAME in row.values() and CARD_TEXT in row.values() for row in rows)
    assert main(["cards", "bloops"]) == 0  # piped: plain text
    assert CARD_TEXT in capsys.readouterr().out
    out = io.StringIO()
    cardset = load_cards("bloops")
    _print_rich_cards(get("bloops"), cardset, list(cardset.cards), colour=True, file=out)
    table = out.getvalue()
    assert "[@click=app.quit]" in table and "[/]Bloops [bold]deck" in table and CARD_NAME in table


@pytest.mark.parametrize("escape", ['"\\e]0;pwned\\a"', '"\\e[2J"', '"a\\x07b"'])
def test_control_characters_in_a_card_file_are_reported_with_file_and_line(escape, tmp_path, monkeypatch, capsys):
    from cardtable.cli import main

    folder = _card_folder(tmp_path, escape)
    monkeypatch.setenv("CARDTABLE_CARDS", str(folder))
    for fmt in ("table", "csv", "json"):
        assert main(["cards", "bloops", "--format", fmt]) == 2
        out, err = capsys.readouterr()
        assert out == "" and "\x1b" not in err and "\x07" not in err
        assert "bloops.yaml:" in err and "control character" in err and len(err.strip().splitlines()) == 1


def highlight_first(app, prefix: str) -> None:
    """Highlight the deck picker's first entry whose id starts with ``prefix``."""
    from textual.widgets import OptionList

    menu = app.screen.query_one("#picker-list", OptionList)
    menu.highlighted = next(i for i in range(menu.option_count) if (menu.get_option_at_index(i).id or "").startswith(prefix))


async def test_markup_in_the_deck_builder(deck_duel, cardtable_home):
    from cardtable.ui.decks import DeckBuilderScreen, DeckPickerScreen
    from cardtable.ui.setup import SetupScreen

    path = deck_duel / "deck-duel.yaml"
    text = path.read_text()
    assert "name: Red starter" in text and "name: Field Healer," in text
    path.write_text(text.replace("name: Red starter", 'name: "[/]Red [bold]starter"').replace("name: Field Healer,", 'name: "[@click=app.quit]",'))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await choose_menu(pilot, "game:deck-duel")
        assert isinstance(app.screen, SetupScreen)
        assert_clean(app)  # the deck choices at setup
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert isinstance(app.screen, DeckPickerScreen)
        assert "[/]Red [bold]starter" in screen_text(app)
        highlight_first(app, "preset:")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DeckBuilderScreen)
        assert "[@click=app.quit]" in screen_text(app)
        assert_clean(app)


async def test_a_saved_deck_with_a_markup_name_can_be_deleted(deck_duel, cardtable_home):
    from cardtable.engine.decks import list_decks, save_deck
    from cardtable.engine.registry import load_cards
    from cardtable.ui.dialogs import ConfirmDialog
    from cardtable.ui.decks import DeckPickerScreen
    from fixture_games import DeckDuel

    save_deck(DeckDuel, "[/]mine [bold]", "red", {"red-banner": 1})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(DeckPickerScreen(DeckDuel, load_cards("deck-duel")))
        await pilot.pause()
        assert "[/]mine [bold]" in screen_text(app)
        highlight_first(app, "saved:")
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")  # the toast names the deck: it used to be read as markup
        await pilot.pause()
        assert isinstance(app.screen, DeckPickerScreen)
        assert list_decks(DeckDuel, load_cards("deck-duel")) == []
