"""The Statistics screen draws records as pictures (issue 16): win-rate bars, streaks and a
chart of the highlighted record's results over time; a damaged file is still handled."""

from __future__ import annotations

from textual.widgets import Sparkline

from cardtable.engine.stats import StatsStore
from cardtable.engine.testing import saved_session
from cardtable.ui import make_app
from cardtable.ui.stats import StatsScreen
from cardtable.ui.testing import screen_text


async def test_stats_screen_shows_bars_streaks_and_results_over_time():
    store = StatsStore()
    sessions = [saved_session(seed=s, stats=store) for s in range(6)]
    wins = [0 in s.game.outcome().winners for s in sessions]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        ann = next(i for i, r in enumerate(screen.records) if r.name == "Ann")
        while screen.query_one("DataTable").cursor_row != ann:
            await pilot.press("down")
        await pilot.pause()
        text = screen_text(app)
        percent = f"{round(100 * sum(wins) / 6)}%"
        assert f"{sum(wins)}/6" in text and percent in text and "█" in text
        strip = "".join("●" if w else "·" for w in wins)
        assert strip in text, "one mark per game, oldest first"
        spark = screen.query_one(Sparkline)
        assert list(spark.data) == [s.game.outcome().scores[0] for s in sessions]


async def test_a_damaged_statistics_file_is_reported_on_the_screen(cardtable_home):
    (cardtable_home / "stats.json").write_text("[1, 2")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        lines = [line.strip(" │") for line in screen_text(app).splitlines()]
        said = " ".join(" ".join(lines).split())
        assert "The statistics file was damaged" in said
        # its own sentence, ended, and the next one starts on a line of its own
        assert "new statistics started." in said and "started No finished" not in said
        assert any(line.startswith("No finished games yet") for line in lines)
