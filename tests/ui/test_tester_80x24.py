"""A fresh tester's findings at 80×24 (tester of 5 December): every option of the decision
stays visible beside the log, even under a note; wide letters (emoji) wrap by their cells;
the Past games detail line and the card browser's key bar fit 80 columns; Cold War's
collections line up whatever a name's letters; the ASCII unplayable mark cannot be read as
a key; Bloops' title and header name the same player."""

from __future__ import annotations

from cardtable.ui import StartRequest, make_app
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_lines, settled_lines


def _panel_rows(app, screen) -> list[str]:
    """The decision panel's rows as drawn (its border included)."""
    lines = screen_lines(app)
    region = screen.query_one("#decision").region
    return [lines[y][region.x : region.right] if y < len(lines) else "" for y in range(region.y, region.bottom)]


async def _cold_war_pick(app, pilot) -> TableScreen:
    """Play Cold War (seed 5) by option 1 up to the SPY's first pick; return the table."""
    for _ in range(40):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, PrivacyScreen):
            await pilot.press("enter")
            continue
        decision = screen.session.visible_decision()
        if decision is not None and decision.kind == "pick":
            return screen
        if decision is not None:
            await pilot.press("1")
    raise AssertionError("no pick")


async def test_the_spys_options_stay_whole_under_a_note_beside_the_log():
    """At 80×24 with the log open, a key pressed too soon after the hand-over put a
    three-row note over the four-row prompt: the options were cut to "1 Left card", 2 and
    3 hidden with no hint. Now the prompt gives way (its first words and "…") and every
    option is on screen; the whole prompt is back once the note goes."""
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _cold_war_pick(app, pilot)
        await pilot.press("l")
        await settled_lines(app, pilot)
        table._note_too_soon("key")
        await settled_lines(app, pilot)
        rows = _panel_rows(app, table)
        text = "\n".join(rows)
        assert "so that key chose nothing" in text.replace("│", " ").replace("\n", " ").replace("  ", " "), text
        for label in ("1  Left card", "2  Right card", "3  Turn the coin over"):
            assert label in text, text
        assert "more below" not in rows[-1], text
        assert rows[-1].lstrip().startswith("╰"), text
        assert app.screen.query_one("#decision").region.bottom <= 23
        table.query_one("#decision").show_note(None)
        await settled_lines(app, pilot)
        text = "\n".join(_panel_rows(app, table))
        assert "locks the" in text and "…" not in text, text


class _Zone:
    def __init__(self, face) -> None:
        self.top = type("Top", (), {"face": face})()


class _View:
    """The little of a Black Ops view that ``power_lines`` reads: the players and each
    seat's Specialist on top of its zone."""

    def __init__(self, players, faces) -> None:
        self.players = players
        self._faces = faces

    def zone(self, name: str) -> _Zone:
        return _Zone(self._faces[int(name.split(":")[1])])


def test_black_ops_powers_wrap_in_cells_with_an_emoji_name():
    """"🃏Zoë · Ruin: When you reveal … draw a Care Package." was wrapped by letters, one
    row a cell too wide for the emoji, and the table broke it again: "…draw", then "a"
    alone, then "Care Package." (the fresh tester at 80×24). Every row now fits its width
    in cells, so the table draws the rows as given."""
    from rich.cells import cell_len
    from rich.console import Console

    from cardtable.engine import load_cards
    from cardtable.ui.games.black_ops import power_lines

    cards = {d.name: d for d in load_cards("black-ops").cards}
    view = _View(("🃏Zoë", "Bob😀"), [cards["Ruin"], cards["Battery"]])
    console = Console(width=80)
    for width in range(24, 61):
        rows = power_lines(view, width, 20)
        assert all(row.cell_len <= width for row in rows), (width, [row.plain for row in rows])
        drawn = [line.plain for row in rows for line in row.wrap(console, width)]
        assert drawn == [row.plain for row in rows], (width, drawn)
        assert cell_len(rows[0].plain) > 0


async def test_past_games_detail_is_whole_at_80x24():
    """With a screenful of games, the line under the table for a Black Ops game of four
    long names was one row, cut at "…, started 05" (the fresh tester): now it is whole, on
    two rows, the table a row shorter, and the year is left out for this year's games."""
    from datetime import datetime

    from cardtable.engine.testing import saved_session
    from cardtable.ui.testing import choose_menu

    for seed in range(11):
        saved_session(seed=seed)
    saved_session("black-ops", ("Maximiliana", "Bartholomew", "Cy", "Di"), seed=3)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose_menu(pilot, "history")
        lines = await settled_lines(app, pilot)
        said = " ".join(" ".join(lines).replace("│", " ").split())
        assert "Black Ops: Free-For-All with Maximiliana, Bartholomew, Cy, Di, started " in said, said
        detail = str(app.screen.query_one("#history-detail").render())  # the save's file name below has the year
        assert ", ended " in said and str(datetime.now().year) not in detail, detail
        assert "Bartholomew wins" in said and "whole in the line above." in said, said
        box = app.screen.query_one("#history-box").region
        assert box.bottom <= 23, box


async def test_card_browser_key_bar_fits_80_columns():
    """The card browser's bar was Textual's footer with the palette key last: "… c Colour
    d ▏^p palette" at 80×24, the Decks key's label cut (the fresh tester). Now it is the
    key bar of every other screen: whole keys only (the palette is in F1's list)."""
    from cardtable.ui.widgets import KeyBar

    app = make_app(StartRequest(browse="all"))
    async with app.run_test(size=(80, 24)) as pilot:
        lines = await settled_lines(app, pilot)
        bar = lines[-1]
        assert app.screen.query(KeyBar), "the browser's bar is the shared key bar"
        assert "palette" not in bar and bar.rstrip().endswith("d Decks"), bar
        assert len(bar) <= 80


def test_the_ascii_unplayable_mark_is_not_a_letter():
    """With ``--ascii`` FOFL's unplayable mark "✗" was drawn as "x": "xTemptation" on the
    hand line and " x  Temptation — not now: …" in the panel, read as the key x. Its
    stand-in is now "-", one column as before, and no letter or digit."""
    from cardtable.ui.glyphs import ascii_text
    from cardtable.ui.widgets import UNPLAYABLE_MARK

    mark = ascii_text(UNPLAYABLE_MARK)
    assert len(mark) == 1 and not mark.isalnum(), mark
    assert ascii_text(f"{UNPLAYABLE_MARK}Temptation") == "-Temptation"
    assert ascii_text(f" {UNPLAYABLE_MARK}   Temptation — not now") == " -   Temptation - not now"


async def test_bloops_title_and_header_name_the_same_turn(monkeypatch):
    """With news up in the counter-discard window of Ann's turn the title said "Computer 1
    plays next" and the header "Ann's turn" (the fresh tester). A computer player deciding
    in another player's window "decides next"; "plays next" only for the player whose turn
    the header names."""
    import random
    import re

    from cardtable.ui.news import NewsScreen
    from cardtable.ui.testing import wait_for_computers

    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    players = ("Ann", "Computer 1", "Computer 2", "Computer 3")
    app = make_app(StartRequest(game="bloops", players=players, seed=4, computers={1: "easy", 2: "easy", 3: "easy"}))
    rng = random.Random(1)
    seen = {"plays next": 0, "decides next": 0}
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, NewsScreen):
                lines = screen_lines(app)
                said = re.search(r"(Ann|Computer \d) (plays|decides) next", lines[0])
                turn = next((re.search(r"(Ann|Computer \d)'s turn", line) for line in lines if "'s turn" in line), None)
                if said and turn:
                    seen[f"{said.group(2)} next"] += 1
                    agree = said.group(1) == turn.group(1)
                    assert agree == (said.group(2) == "plays"), (lines[0], turn.group(0))
                if all(seen.values()):
                    break
                await pilot.press("enter")
                continue
            if not isinstance(screen, TableScreen):
                await pilot.press("enter")
                continue
            decision = screen.session.visible_decision()
            if decision is None:
                if screen.session.computer_turn():
                    await wait_for_computers(pilot, screen)
                continue
            await pilot.press(*screen.keys_for(decision.actions[rng.randrange(len(decision.actions))]))
    assert all(seen.values()), seen



async def test_the_resume_help_is_whole_under_a_full_list_at_80x24(tmp_path):
    """A fresh tester's Resume list at 80×24 with more saves than fit: the list took 18 rows
    and left its three lines of help one row. Every word of the help shows, under a full
    list, with and without a damaged file (whose help says one sentence more)."""
    from cardtable.engine.testing import saved_session
    from cardtable.ui.testing import choose_menu

    first = None
    for seed in range(12):
        session = saved_session(seed=seed, moves=3)
        first = first or session.save.path
    for damaged in (False, True):
        if damaged:
            first.with_name("broken.jsonl").write_text("not a save\n", encoding="utf-8")
        app = make_app(StartRequest())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await choose_menu(pilot, "resume")
            await pilot.pause()
            screen = app.screen
            listed = screen.query_one("#resume-list")
            assert listed.max_scroll_y > 0, "the list fits: a full list is not tested"
            help_text = str(screen.query_one("#resume-help").render())
            shown = " ".join(line.strip(" │") for line in screen_lines(app))
            assert "Enter: resume" in help_text and " ".join(help_text.split()) in " ".join(shown.split()), shown
            assert ("damaged" in help_text) is damaged, "the damaged files' sentence only with one"
