"""Bulleted lists whose items wrap (a fresh tester: "Three of / Clubs" wrapped to column 0
under a bullet): a wrapped item's next lines start under its words, two cells in, in the
"Just happened" boxes (wrapped in terminal cells, so a wide name does not make the box wrap
the line a second time) and in the game-over screen's "How it ended" list."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from textual.pilot import Pilot

from cardtable.engine.testing import saved_session
from cardtable.ui.privacy import fit_recent
from cardtable.ui.recent import cell_wrap
from cardtable.ui.testing import game_over_on, screen_lines, settled_lines

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


async def test_how_it_ended_is_shown_whole_and_hanging_on_the_screen():
    """On the real screen at 80 columns, where an item of the game-over "How it ended" list
    wraps: every word of the list is shown, and a wrapped line starts under the item's words,
    two cells in (read from the drawn screen, not from the renderable alone)."""
    session = saved_session("black-ops", ("Ann", "Bob", "Cat", "Dan"), seed=11)
    async with game_over_on(session, (80, 44)) as app:  # tall: the list is above the fold
        await settled_lines(app, Pilot(app))  # the frames are held until the reveal is fitted
        widget = app.screen.query_one("#over-ending")
        lines = screen_lines(app)
        region = widget.region
        shown = " ".join(" ".join(lines[row][region.x : region.right].split()) for row in range(region.y, region.bottom))
    ended = [e.text for e in session.game.log.for_seat(None)[-4:]]
    assert any(len(f"· {line}") > region.width for line in ended), "no item wraps: nothing to check"
    for line in ended:
        assert " ".join(line.split()) in shown, (line, shown)
    rows = [lines[row][region.x : region.right].rstrip() for row in range(region.y + 1, region.bottom)]
    wrapped = [row for row in rows if row.strip() and not row.startswith("· ")]
    assert wrapped and all(row.startswith("  ") and row[2] != " " for row in wrapped), rows


async def test_combat_cards_round_result_hangs_each_warband_under_its_words():
    """Fresh tester at 80×24: in Combat Cards' round result (the public view), a warband line
    that wrapped went on at column 0 ("Maximiliana: … = 13 points, 2" / " cards"). Each
    player's wrapped line now hangs under the words after its name."""
    from cardtable.ui import StartRequest, make_app

    done = saved_session("combat-cards", ("Maximiliana", "Computer 2", "Computer 3"), seed=2)
    app = make_app(StartRequest(replay=done.save.path))
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause(0.5)
        await pilot.press("l", *["right"] * 3)  # the log closed: the banner names every warband
        await pilot.pause(0.3)
        lines = screen_lines(app)
        row = next(i for i, line in enumerate(lines) if line.startswith("   Computer 3: Trukk 5"))
        assert lines[row + 1].rstrip() == " " * len("   Computer 3: ") + "cards", lines[row : row + 2]
