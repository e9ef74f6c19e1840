"""Names with wide characters (an emoji, a CJK letter: two terminal cells each) as a fresh
hostile tester typed them: ``Ann😀`` and ``Wide🐉🐉🐉🐉🐉🐉🐉🐉`` (12 letters, 20 cells). The
columns after a name must stay where the header puts them, measured in cells, not letters:
Combat Cards' players' table read its Pts and Cards as "…" and its columns out of line."""

from __future__ import annotations

import re

from rich.cells import cell_len, get_character_cell_size
from test_layout_sizes import random_walk

from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import CHARTS, chart_text
from cardtable.ui.widgets import cut_cells, pad_cells

WIDE = ("Ann😀", "Wide🐉🐉🐉🐉🐉🐉🐉🐉", "Bob")
FILLER = "\x00"


def in_cells(line: str) -> str:
    """``line`` with a ``FILLER`` after each two-cell letter: one character per cell, so an
    index in the string is a column on the screen."""
    return "".join(ch + FILLER * (get_character_cell_size(ch) - 1) for ch in line)


def screen_cells(app) -> list[str]:
    """The screen, one string per row, one character per cell (``in_cells``)."""
    from textual._context import visible_screen_stack

    visible_screen_stack.set(list(app._background_screens))
    return ["".join(in_cells(seg.text) for seg in strip if not seg.control) for strip in app.screen._compositor.render_strips()]


def column_ends(header: str, heads: list[str]) -> list[int]:
    """The cell just after each of ``heads`` in the header row (right-aligned columns)."""
    return [header.index(head) + len(head) for head in heads]


def test_a_wide_name_is_padded_and_cut_in_cells():
    assert cell_len(pad_cells("Ann😀", 8)) == 8
    assert pad_cells("Ann😀", 8) == "Ann😀   "
    assert cut_cells(WIDE[1], 12) == "Wide🐉🐉🐉…"  # 11 cells: the next dragon would be cut in two
    assert cut_cells(WIDE[1], 13) == "Wide🐉🐉🐉🐉…"
    assert cut_cells("Maximiliana1", 12) == "Maximiliana1"
    assert cut_cells("Maximiliana12", 12) == "Maximiliana…"


async def test_combat_cards_table_keeps_its_columns_with_wide_names_at_80x24():
    """Every player's counts end under their heads, and a laid warband's points and cards
    are numbers under "Pts" and "Cards", never "…" (the tester's 'Wide🐉…' row pushed them
    past the edge). The wide name is cut with "…" in the 12-cell Player column."""
    app = make_app(StartRequest(game="combat-cards", players=list(WIDE), seed=5))
    laid = 0

    def check(screen) -> None:
        nonlocal laid
        region = screen.query_one("#cc-table").region
        rows = [r[region.x : region.right] for r in screen_cells(app)[region.y : region.bottom]]
        header = rows[0]
        ends = column_ends(header, ["Wins", "Hand", "Deck", "Out", "Pts", "Cards"])
        players = [r for r in rows[1:] if r[2:3].strip()]
        assert len(players) == 3, "\n".join(rows)
        assert any(r[2:].startswith(in_cells("Wide🐉🐉🐉…")) for r in players), "\n".join(rows)
        for row in players:
            for end in ends[:4]:
                assert row[end - 1].isdigit() and row[end] == " ", (end, row, header)
            if re.match(r" *\d+ +\d+$", row[ends[3] + 1 :][-10:]):
                laid += 1
                assert "…" not in row[ends[4] - 3 :], row
                assert row[ends[4] - 1].isdigit() and row[ends[5] - 1].isdigit(), (row, header)

    async with app.run_test(size=(80, 24)) as pilot:
        await random_walk(app, pilot, check, moves=8)
    assert laid >= 3


async def test_combat_cards_narrow_table_keeps_its_columns_with_wide_names():
    """The narrow form (F1's keys or the log open): "Won" and "Deck" line up under their heads."""
    app = make_app(StartRequest(game="combat-cards", players=list(WIDE), seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        seen = []

        def check(screen) -> None:
            table = screen.query_one("#cc-table")
            seen.append(table._narrow_table(screen.session.view(), 50))

        await random_walk(app, pilot, check, moves=1)
    rows = [in_cells(line) for line in seen[0].plain.split("\n")]
    ends = column_ends(rows[0], ["Won", "Deck"])
    players = [r for r in rows[1:] if r[2:3].strip()]
    assert len(players) == 3, rows
    for row in players:
        assert all(row[end - 1].isdigit() and row[end] == " " for end in ends), (row, rows[0])


def test_the_game_over_chart_lines_its_strips_up_with_wide_names():
    """Each player's strip starts in the same column whatever the name's letters."""
    text = chart_text(WIDE, CHARTS["black-ops"], [1, 2, 3], [[4, 2, 0], [4, 4, 3], [1, 2, 3]], width=60)
    rows = [in_cells(line) for line in text.plain.split("\n")[1:4]]
    column = cell_len(WIDE[1]) + 1  # the widest name and a blank
    assert all(row[column - 1] == " " and row[column] != " " for row in rows), rows
    assert len({len(row) for row in rows}) == 1, rows
