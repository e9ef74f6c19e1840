"""The menu and the Resume list in a window smaller than 80×24 (a fresh tester at 60×16)."""

from __future__ import annotations

import re

import pytest

from cardtable.engine.testing import saved_session
from cardtable.ui import StartRequest, make_app
from cardtable.ui.testing import choose_menu, screen_lines

SIZE = (60, 16)


@pytest.fixture(autouse=True)
def _home(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))


def _indent(line: str) -> int:
    inner = line.strip("│ ")
    return line.index(inner)


async def test_menu_summaries_wrap_under_their_first_line():
    """At 60×16 a game's summary wrapped onto a line starting at the box's edge, under the
    title, not under the summary's own first words."""
    app = make_app(StartRequest())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.3)
        lines = screen_lines(app)
        starts = [i for i, line in enumerate(lines) if "SPY vs TARGET" in line or "Memory game" in line]
        assert len(starts) == 2, "\n".join(lines)
        for i in starts:
            assert lines[i + 1].strip("│ "), "the summary did not wrap at 60 columns: the case is not tested"
            assert _indent(lines[i + 1]) == _indent(lines[i]), "\n".join(lines[i : i + 2])


async def test_resume_list_fits_the_box_and_its_scroll_bar_covers_no_moves():
    """At 60×16 with nine saves the list was 18 rows tall in a box of 13 (its last saves out
    of reach), and once it scrolled, its scroll bar covered the end of "27 moves"."""
    names = {"cold-war": ("Ann", "Bob"), "bloops": ("Ann", "Bob", "Cy"), "black-ops": ("Ann", "Bob", "Cy")}
    for seed in range(9):
        game = ("cold-war", "bloops", "black-ops")[seed % 3]
        saved_session(game, names[game], seed=seed, moves=27)
    app = make_app(StartRequest())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.3)
        await choose_menu(pilot, "resume")
        await pilot.pause(0.3)
        listed = app.screen.query_one("#resume-list")
        box = app.screen.query_one("#resume-box")
        assert listed.option_count == 9
        assert listed.region.bottom <= box.content_region.bottom, (listed.region, box.content_region)
        assert listed.max_scroll_y > 0, "the list fits: the scroll bar is not tested"
        for _ in range(8):
            rows = [line for line in screen_lines(app)[listed.region.y : listed.region.bottom] if re.search(r"\d{4}-\d\d-\d\d", line)]
            assert rows and all(re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d   27 moves ", line) for line in rows), "\n".join(rows)
            await pilot.press("down")
            await pilot.pause(0.05)
        assert listed.highlighted == 8 and listed.scroll_y > 0
