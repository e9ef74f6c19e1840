"""A fresh tester's card browser at 120×40: the Text column cut mid-word by the window's
edge with no "…", the Copies column empty for the games where players bring decks, and a
FOFL card's detail showing the engine's effect program ("actions: (do: (search: ...))")."""

from __future__ import annotations

import re

from rich.cells import cell_len
from textual.widgets import DataTable

from cardtable.engine import games
from cardtable.ui import StartRequest, make_app
from cardtable.ui.browser import BrowserScreen, cut_words
from cardtable.ui.testing import screen_lines


def test_cut_words_ends_at_a_whole_word_with_an_ellipsis():
    text = "Action: search your draw pile for a Reproducer and put it into play."
    assert cut_words(text, 200) == text
    assert cut_words(text, 37) == "Action: search your draw pile for a…"
    assert cut_words(text, 36) == "Action: search your draw pile for a…"
    assert cut_words(text, 35) == "Action: search your draw pile for…"
    assert cut_words("Action: draw, then", 14) == "Action: draw…", "no dangling comma before the …"
    assert cut_words("Supercalifragilistic", 8) == "Superca…", "one long word: cut by letters"
    assert all(cell_len(cut_words(text, n)) <= n for n in range(2, 80))


async def test_the_text_column_ends_at_a_word_inside_a_120_column_window():
    app = make_app(StartRequest(browse="fofl"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BrowserScreen)
        assert screen.query_one(DataTable).max_scroll_x == 0, "no column past the window's edge"
        lines = screen_lines(app)
        assert all(cell_len(line.rstrip()) <= 120 for line in lines)
        assert "more columns" not in lines[0]
        for entry in screen.shown:
            whole = " ".join(entry.card.text.split())
            row = next((line for line in lines if line.startswith(f" {entry.card.name} ") and whole[:12] in line), None)
            if row is None:  # scrolled out of view
                continue
            shown = row[row.index(whole[:12]) :].rstrip(" ▁▂▃▄▅▆▇█▔")  # less the scroll bar
            if shown != whole:
                assert shown.endswith("…"), shown
                kept = shown[:-1]
                assert whole.startswith(kept) and whole[len(kept)] in " ,;:", f"cut inside a word: {shown!r}"
        lg = next(line for line in lines if line.startswith(" LG "))
        assert lg.rstrip().endswith("Action: search your draw pile for a…") or "Reproducer" in lg, lg


async def test_the_copies_column_is_filled_for_every_game():
    """Every row of every game has its copies: the card file's count for games played with
    one deck, the copies in each preset deck for games where players bring decks (FOFL's
    Hack: two in the Red deck, one in the Blue)."""
    app = make_app(StartRequest(browse="all"))
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        cells = {}
        for row_key in table.rows:
            entry = app.screen._by_key[str(row_key.value)]
            cells[(entry.game, entry.card.id)] = str(table.get_cell(row_key, "copies"))
        assert {game for game, _ in cells} == {g.id for g in games()}
        assert all(re.fullmatch(r"\d+(\+\d+)*", c) for c in cells.values()), [k for k, c in cells.items() if not re.fullmatch(r"\d+(\+\d+)*", c)]
        assert cells[("fofl", "hack")] == "2+1"
        assert cells[("fofl", "drone")] == "3"
        assert cells[("combat-cards", "ork-warboss")] == "1"
        assert cells[("black-ops", "tomahawk")] == "4"
        assert cells[("cold-war", "ace-of-clubs")] == "1"
        await pilot.press("slash", "h", "a", "c", "k", "enter")
        await pilot.pause()
        app.screen.sort_column, app.screen.sort_reverse = "copies", True
        app.screen.refresh_table()
        await pilot.pause()
        fofl = [e.card.id for e in app.screen.shown if e.game == "fofl"]
        assert fofl[0] == "hack", fofl


def _detail(app, game: str, card_id: str) -> str:
    screen = app.screen
    entry = next(e for e in screen.entries if e.game == game and e.card.id == card_id)
    return screen.detail_text(entry).plain


async def test_the_detail_shows_no_engine_structures_in_any_game():
    app = make_app(StartRequest(browse="all"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        reproducer = _detail(app, "fofl", "original-reproducer")
        assert "Action: search your draw pile for a Reproducer and put it into play." in reproducer
        assert "actions:" not in reproducer and "(do:" not in reproducer and "\nEffect\n" not in reproducer
        assert "reconstructed:" not in reproducer
        assert "Source: from the seed rules; colour supplied by us" in reproducer
        assert "army: Orks" in _detail(app, "combat-cards", "ork-warboss"), "the army's name, not its id"
        for entry in screen.entries:
            text = screen.detail_text(entry).plain
            body = text.rsplit("\n", 1)[0]  # the last line names the card file
            for raw in ("(do:", "actions:", "{", "}", "[", "]", "reconstructed:", "army: space-marines"):
                assert raw not in body, f"{entry.game}/{entry.card.id}: {raw!r} in\n{text}"
        assert "Never compared with another card." in _detail(app, "cold-war", "ace-of-hearts"), "a game's own effect sentences stay"
