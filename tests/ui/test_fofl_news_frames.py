"""A fresh tester's FOFL game at 120×40 (tests/fixture_data/fofl-four-locations.jsonl: Ann's
turn 11, four Locations in play, Computer 2 holding five cards): Ann attacks and ends her
turn, Computer 2 draws its sixth card and a "Just happened" box opens over the table. The
first frames painted under the box were drawn before the table's new layout: Computer 2's
card backs, one card wider, wrapped in the width of five ("╭╭╭╭╭╭──── │" over a lone "╮"),
and the box stood a row too high, a second bottom border under it. Every frame is checked
here, as the terminal gets it, not only the screen once it has settled."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.fofl import FoflTable
from cardtable.ui.news import NewsScreen
from cardtable.ui.testing import screen_lines, until

SAVE = Path(__file__).parent.parent / "fixture_data" / "fofl-four-locations.jsonl"
MOVES = (
    {"type": "menu", "menu": "attack"},
    {"type": "attacker", "index": 2, "zone": "people:0"},
    {"type": "attack", "index": 0, "zone": "people:1"},
    {"type": "end"},
)
"""Ann's last moves of turn 11 in the tester's game: Chav Tribe Leader attacks Webmaster, then the turn ends."""


async def news_frames(tmp_path, monkeypatch) -> list[list[str]]:
    """Resume the tester's game at 120×40, play ``MOVES`` by their keys and return every
    frame painted while the news box that follows is on top (each as ``screen_lines``)."""
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    copy = tmp_path / SAVE.name
    shutil.copy(SAVE, copy)
    app = make_app(StartRequest(resume=copy))
    frames: list[list[str]] = []
    async with app.run_test(size=(120, 40)) as pilot:
        paint = app._display

        def spy(screen, renderable) -> None:  # what the terminal is sent, frame by frame
            if renderable is not None and screen is app.screen and isinstance(screen, NewsScreen):
                frames.append(screen_lines(app))
            paint(screen, renderable)

        app._display = spy
        for move in MOVES:
            assert await until(pilot, lambda: isinstance(app.screen, FoflTable) and app.screen.session.visible_decision() is not None)
            table = app.screen
            action = next(a for a in table.session.visible_decision().actions if a.type == move["type"] and all(a.get(k) == v for k, v in move.items() if k != "type"))
            for key in table.keys_for(action):
                await pilot.press(key)
        assert await until(pilot, lambda: isinstance(app.screen, NewsScreen))
        await pilot.pause(0.3)
    assert frames, "no frame was painted under the news box"
    return frames


async def test_the_card_backs_stay_whole_in_every_frame_under_a_news_box(tmp_path, monkeypatch):
    for lines in await news_frames(tmp_path, monkeypatch):
        text = "\n".join(lines)
        assert "hand 6 · pile 25" in text, text  # the sixth card is drawn
        rows = [(re.search(r"╭{6}─{4}╮", line), re.search(r"│{6}▒{4}│", line), re.search(r"╰{6}─{4}╯", line)) for line in lines]
        tops, middles, bottoms = ([m.start() for m in found if m] for found in zip(*rows))
        assert len(tops) == len(middles) == len(bottoms) == 1 and tops == middles == bottoms, f"Computer 2's six card backs are broken:\n{text}"


async def test_the_news_box_stands_on_the_key_bar_from_its_first_frame(tmp_path, monkeypatch):
    for lines in await news_frames(tmp_path, monkeypatch):
        text = "\n".join(lines)
        top = next(row for row, line in enumerate(lines) if line.startswith("╭─ Just happened"))
        bottom = next(row for row in range(top + 1, len(lines)) if lines[row].startswith("╰"))
        assert bottom == len(lines) - 2, f"the box ends on row {bottom}, not just above the key bar:\n{text}"
        assert not lines[bottom + 1].startswith(("╰", "│")), text
