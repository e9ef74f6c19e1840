"""Bulleted lists whose items wrap (a fresh tester: "Three of / Clubs" wrapped to column 0
under a bullet): a wrapped item's next lines start under its words, two cells in, in the
"Just happened" boxes (wrapped in terminal cells, so a wide name does not make the box wrap
the line a second time) and in the game-over screen's "How it ended" list."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console

from cardtable.engine.testing import saved_session
from cardtable.ui.privacy import fit_recent
from cardtable.ui.recent import cell_wrap
from cardtable.ui.testing import game_over_on

WIDE_NEWS = ["Wide🐉🐉🐉🐉🐉🐉🐉🐉 draws 5 cards (30 left in the draw pile).", "Ann😀 leads."]


def test_cell_wrap_is_textwrap_for_one_cell_letters_and_counts_cells_for_wide_ones():
    words = "Cold War: Ann plays the Three of Clubs face down and Bob answers."
    import textwrap

    assert cell_wrap(words, 20) == textwrap.wrap(words, 20)
    for line in cell_wrap(WIDE_NEWS[0], 30):
        assert cell_len(line) <= 30, line


def test_just_happened_lines_fit_their_width_in_cells_and_hang():
    text, _ = fit_recent(WIDE_NEWS, 40, 10)
    rows = text.split("\n")
    assert len(rows) == 3, rows
    assert all(cell_len(row) <= 40 for row in rows), rows
    assert rows[0].startswith("· Wide") and rows[1].startswith("  ") and rows[2].startswith("· Ann")


async def test_how_it_ended_wraps_each_item_under_its_words():
    session = saved_session("cold-war", ("Ann", "Bob"), seed=11)
    async with game_over_on(session, (80, 24)) as app:
        content = app.screen.query_one("#over-ending").content
    console = Console(width=30, color_system=None)
    with console.capture() as capture:
        console.print(content.visualize() if hasattr(content, "visualize") else content)
    lines = capture.get().rstrip("\n").split("\n")
    assert lines[0].strip() == "How it ended:", lines
    ended = session.game.log.for_seat(None)[-4:]
    assert len(lines) > len(ended) + 1, ("no item wraps: nothing to check", lines)
    for line in lines[1:]:
        assert line.startswith("· ") or line.startswith("  ") and line[2] != " ", lines
