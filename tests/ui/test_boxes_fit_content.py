"""At 200×60 no box stands full of empty rows while another needs them (a tester's finding):
Combat Cards' "Last moves" box takes the rows left above the decision panel (early in a game
some of them stay empty inside it: a box as tall as its moves left the same rows blank below
it, and the table must span the screen, tests/ui/test_cards_look.py); FOFL's two sides are as tall as their cards while the
last moves beside the hand have more to show (the rows go to the moves), the hand's box is
as tall as its cards, and the roomy table uses every row down to the decision panel (four
rows stood empty above the hand once the panel under it shrank)."""

from __future__ import annotations

import random

from cardtable.ui import StartRequest, make_app
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.recent import RecentMoves
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import settled_lines

SIZE = (200, 60)


def blank_inside(lines: list[str], region) -> list[int]:
    """The rows of the box drawn in ``region`` (a border all round) with nothing between its
    left and right borders."""
    return [row for row in range(region.y + 1, region.bottom - 1) if not lines[row][region.x + 1 : region.right - 1].strip()]


async def play(app, pilot, moves: int, seed: int) -> TableScreen:
    """Play ``moves`` random moves (never Back) of the seat people play, passing privacy and
    news screens and waiting for the computer; return the table on the player's turn."""
    rng = random.Random(seed)
    done = 0
    for _ in range(400 * (moves + 1)):
        await pilot.pause(0.02)
        screen = app.screen
        if isinstance(screen, (PrivacyScreen, NewsScreen)):
            await pilot.press("enter")
            continue
        assert isinstance(screen, TableScreen), type(screen).__name__
        decision = None if screen.session.computer_turn() else screen.session.visible_decision()
        if decision is None:
            continue
        if done == moves:
            return screen
        usable = [a for a in decision.actions if a.type != "back"] or list(decision.actions)
        for key in screen.keys_for(rng.choice(usable)):
            await pilot.press(key)
        done += 1
    raise AssertionError("the walk stalled")


async def test_combat_cards_last_moves_fill_the_rows_left(monkeypatch):
    """Later in a game the box holds more moves than fit: it takes every row left above the
    decision panel, the newest move on its last line."""
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    app = make_app(StartRequest(game="combat-cards", players=("Ann", "Cpu"), seed=3, computers={1: "hard"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await play(app, pilot, 8, 3)
        lines = await settled_lines(app, pilot)
        box = screen.query_one("#cc-moves", RecentMoves)
        panel = screen.query_one("#decision")
        assert box.rows_needed(box.content_size.width) > box.content_size.height
        assert box.region.bottom == panel.region.y, "\n".join(lines)
        assert blank_inside(lines, box.region) == [], "\n".join(lines)
        assert lines[box.region.bottom - 2].strip("│ ").endswith(box.entries[-1][0]), "\n".join(lines)


async def test_fofl_sides_give_their_empty_rows_to_the_last_moves(monkeypatch):
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    for seed, moves in ((3, 4), (5, 12)):
        app = make_app(StartRequest(game="fofl", players=("Ann", "Cpu"), seed=seed, computers={1: "hard"}))
        async with app.run_test(size=SIZE) as pilot:
            screen = await play(app, pilot, moves, seed)
            lines = await settled_lines(app, pilot)
            text = "\n".join(lines)
            roomy = screen.query_one("#fofl-roomy")
            # every row of the roomy table down to the decision panel is used
            assert [row for row in range(roomy.region.y, roomy.region.bottom) if not lines[row].strip()] == [], text
            moves_box = screen.query_one("#fofl-last", RecentMoves)
            more = sum(line.plain.startswith("·") for line in moves_box.lines()) < len(moves_box.entries)  # moves not shown
            if more:  # the moves need rows: no side keeps an empty one
                for k in (0, 1):
                    assert blank_inside(lines, screen.query_one(f"#fofl-side-{k}").region) == [], text
            assert blank_inside(lines, screen.query_one("#fofl-handbox").region) == [], text
            assert (seed, more) != (5, False), "the walk no longer reaches a log longer than its box"
