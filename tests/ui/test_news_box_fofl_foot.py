"""A fresh tester's FOFL game at 120×40 (tests/fixture_data/fofl-godzilla-ends.jsonl: the
save before Computer 2's last moves, which the computer plays again on resuming): Godzilla
destroyed Ann's two People and won the game. The "Just happened" box over the 3-row panel
was 27 rows high, over the whole foot of the table (the hand and the "Last moves" box,
which held the news's cause "Computer 2 uses Godzilla: …"), with two lines of news and 22
empty rows: the cut through the last moves' box also cut the moves inside it (no border of
their own), which kept the panel from growing under the box (``NewsScreen._boxes_at``)."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardtable.ui import StartRequest, make_app
from cardtable.ui.news import _CHROME, _SLACK, NewsScreen
from cardtable.ui.testing import screen_lines, settled_lines, until

SAVE = Path(__file__).parent.parent / "fixture_data" / "fofl-godzilla-ends.jsonl"


async def test_the_last_news_over_fofl_keeps_the_foot_in_view(tmp_path, monkeypatch, cardtable_home):
    for name in ("CARDTABLE_COMPUTER_PACE", "CARDTABLE_INPUT_GRACE", "CARDTABLE_PRIVACY_GUARD"):
        monkeypatch.setenv(name, "0")
    copy = tmp_path / SAVE.name
    shutil.copy(SAVE, copy)
    app = make_app(StartRequest(resume=copy))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(40):
            if await until(pilot, lambda: isinstance(app.screen, NewsScreen), timeout=0.5):
                break
            if type(app.screen).__name__ == "PrivacyScreen":
                await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, NewsScreen), "\n".join(screen_lines(app))
        assert screen.news[-2:] == ("Drone is destroyed.", "System Admin is destroyed.")
        lines = await settled_lines(app, pilot)
        text = "\n".join(lines)
        box = screen.query_one("#news-box").region
        news = screen.query_one("#news-lines").fitted.count("\n") + 1
        assert box.height <= news + _CHROME + _SLACK, f"{news} lines of news in a box {box.height} rows high:\n{text}"
        assert not screen._grow_refused, text
        table = screen._table()
        for name in ("#fofl-handbox", "#fofl-lastbox"):
            foot = table.query_one(name)
            assert foot.region.height >= 3 and foot.region.bottom <= box.y, (name, foot.region, box, text)
        above = "\n".join(lines[: box.y])
        assert "Last moves" in above and "Computer 2 uses Godzilla:" in above, text


async def test_a_table_that_keeps_its_rows_gets_its_boxes_covered_whole():
    """A table that cannot give the grown panel its rows (here a box of fixed height over a
    panel docked at the foot) gets the panel's height back and the box covers the boxes
    above the panel whole; placed at once, the box kept the grown panel's top, cutting the
    table's box in two, since the table had not yet laid the panel out at its own height
    (``NewsScreen._fit_when_back``)."""
    from textual.containers import Vertical
    from textual.screen import Screen
    from textual.widgets import Static

    class Table(Screen):
        CSS = """
        #tall { height: 30; border: round white; }
        #decision { dock: bottom; height: 3; margin-bottom: 1; border: round white; }
        """

        def compose(self):
            with Vertical(id="tall"):
                yield Static("a box that keeps its rows")
            yield Static("the decision", id="decision")

    app = make_app(StartRequest())
    async with app.run_test(size=(80, 34)) as pilot:
        table = Table()
        await app.push_screen(table)
        await pilot.pause()
        news = NewsScreen(["One.", "Two.", "Three."])
        await app.push_screen(news)
        assert await until(pilot, lambda: news._grow_refused)
        lines = await settled_lines(app, pilot)
        tall, panel, box = table.query_one("#tall").region, table.query_one("#decision").region, news.query_one("#news-box").region
        assert panel.height == 3 and box.bottom >= panel.bottom, (panel, box, "\n".join(lines))
        assert not tall.y < box.y < tall.bottom, (tall, box, "\n".join(lines))
