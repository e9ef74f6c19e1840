"""The Statistics screen draws records as pictures (issue 16): win-rate bars, streaks and a
chart of the highlighted record's results over time; a damaged file is still handled."""

from __future__ import annotations

import pytest
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


def _twenty_records(home) -> None:
    """Five players (three of them computer levels) with a record in each of four games."""
    import json

    players, n = {}, 0
    for name in ("Computer (hard)", "Computer (easy)", "Computer (normal)", "Ann", "Bob"):
        games = {}
        for game in ("cold-war", "bloops", "combat-cards", "black-ops"):
            n += 1
            results = [[f"2026-12-0{1 + k % 3}T10:{k:02d}:00", bool((k + n) % 2), k * 3 + n] for k in range(1 + n % 5)]
            games[game] = {"played": len(results), "won": sum(r[1] for r in results), "best": max(r[2] for r in results),
                           "last": f"2026-12-03T10:{n:02d}:00", "lower_wins": False, "results": results}
        players[name.lower()] = {"name": name, "games": games}
    (home / "stats.json").write_text(json.dumps({"version": 1, "players": players}))


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_statistics_box_grows_with_the_window(cardtable_home, size):
    """The fresh tester saw the box stay 76 columns wide and 9 records tall at 120×40 and
    200×60, the game names cut ('Citadel Combat …') and 20 records needing a scroll. On a
    larger screen the box widens (whole game names, longer bars, every column) and the
    table takes the rows there are; on 80×24 it is as it was."""
    from textual.widgets import DataTable

    _twenty_records(cardtable_home)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        box, table = screen.query_one("#stats-box"), screen.query_one(DataTable)
        text = screen_text(app)
        assert box.region.right <= size[0] and box.region.bottom <= size[1] - 1
        if size == (80, 24):
            assert box.region.width == 78 and table.region.height == 11
            # too narrow for the whole titles: the games' short names, nothing cut (t103
            # read "Citadel Combat …"); the chart line names the highlighted game whole
            games = [line[23:37] for line in text.splitlines() if "%" in line]
            assert sorted(set(g.strip() for g in games)) == ["Black Ops", "Combat Cards"], games  # the first 10 rows
            assert "Black Ops: Free-For-All, last played" in text
            return
        assert box.region.width > 78
        assert "Citadel Combat Cards" in text and "Black Ops: Free-For-All" in text and "…" not in text
        assert table.max_scroll_y == 0 and table.max_scroll_x == 0, "every record and every column is shown"
        assert sum("2026-12-03" in line for line in text.splitlines()) == 20
        assert "Esc: back." in text, "the help below the chart is on the screen too"


async def test_the_statistics_box_follows_a_resize_and_keeps_the_highlighted_record(cardtable_home):
    from textual.widgets import DataTable

    _twenty_records(cardtable_home)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("down", "down", "down")
        await pilot.pause()
        record = app.screen.records[3]
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Citadel Combat Cards" in text and app.screen.query_one(DataTable).cursor_row == 3
        assert f"{record.name} at {record.title}" in text
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Combat Cards " in text and "Citadel" not in text.replace(f"{record.name} at {record.title}", "")
        assert "…" not in text and app.screen.query_one("#stats-box").region.width == 78


def _tester_records(home) -> None:
    """The fresh tester's statistics: Bloops, Black Ops and FOFL against computers, the
    Bloops game as You the oldest of all (its record was sorted to the bottom)."""
    import json

    def rec(day: int, won: bool, score: int) -> dict:
        when = f"2026-12-0{day}T17:2{day}:00"
        return {"played": 1, "won": int(won), "best": score, "last": when, "lower_wins": False, "results": [[when, won, score]]}

    players = {
        "you": {"name": "You", "games": {"bloops": rec(1, False, 79), "black-ops": rec(3, False, 0)}},
        "computer (hard)": {"name": "Computer (hard)", "games": {"fofl": rec(4, True, 0), "black-ops": rec(3, True, 3)}},
        "computer (normal)": {"name": "Computer (normal)", "games": {"bloops": rec(4, True, 23), "black-ops": rec(3, False, 1)}},
        "computer (easy)": {"name": "Computer (easy)", "games": {"cold-war": rec(5, True, 30), "bloops": rec(2, False, 40)}},
        "bartholomewz": {"name": "Bartholomewz", "games": {"bloops": rec(4, False, 51), "fofl": rec(4, False, 0)}},
    }
    (home / "stats.json").write_text(json.dumps({"version": 1, "players": players}))


async def _highlight(pilot, table, records, wanted) -> None:
    """Move the statistics table's cursor by the arrow keys to the first record ``wanted``."""
    row = next(i for i, r in enumerate(records) if wanted(r))
    while table.cursor_row != row:
        await pilot.press("down" if table.cursor_row < row else "up")
    await pilot.pause()


async def test_the_statistics_fit_80_columns_and_say_where_the_rest_is(cardtable_home):
    """The fresh tester at 80×24: "Computer (normal)" pushed the Last column off the
    box ("La", reached only by an unhinted sideways scroll) and no game name was whole.
    The table now fits its box without scrolling: the Last column goes, the chart line
    under it gives the highlighted record's whole names and the day, and the help says so."""
    from textual.widgets import DataTable

    _tester_records(cardtable_home)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        table = screen.query_one(DataTable)
        assert table.max_scroll_x == 0, "the table scrolls sideways at 80 columns"
        assert table.virtual_size.width <= table.scrollable_content_region.width
        await _highlight(pilot, table, screen.records, lambda r: r.title.startswith("Black Ops") and r.name == "Computer (normal)")
        said = " ".join(screen_text(app).replace("│", " ").split())
        assert "Computer (normal) at Black Ops: Free-For-All, last played 2026-12-03" in said
        assert "(its whole names and the day last played)" in said


async def test_the_statistics_keep_each_games_records_together(cardtable_home):
    """The fresh tester saw "You · Bloops" at the bottom, away from the other Bloops rows
    (the store lists the most recently played first). The rows are grouped by game, the
    most recently played game first, and each game's records most recent first."""
    _tester_records(cardtable_home)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        games = [r.game for r in app.screen.records]
        runs = [g for i, g in enumerate(games) if i == 0 or games[i - 1] != g]
        assert runs == ["cold-war", "fofl", "bloops", "black-ops"], games
        bloops = [r for r in app.screen.records if r.game == "bloops"]
        assert [r.name for r in bloops][-1] == "You" and len(bloops) == 4
        lines = [line for line in screen_text(app).splitlines() if "Bloops" in line and "%" in line]
        assert len(lines) == 4 and "You" in lines[-1]


async def test_a_game_without_a_score_charts_no_scores(cardtable_home):
    """Fresh tester: FOFL's chart line read "scores 0–0", though FOFL keeps no score
    (cards_data/fofl.md, Statistics). Its record shows wins only; Bloops keeps its scores."""
    _tester_records(cardtable_home)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        table = screen.query_one("DataTable")
        seen = {}
        for game in ("fofl", "bloops"):
            await _highlight(pilot, table, screen.records, lambda r: r.game == game and r.name == "Bartholomewz")
            seen[game] = next(line for line in screen_text(app).splitlines() if "won  · not won" in line)
        assert "scores" not in seen["fofl"] and "0–0" not in seen["fofl"]
        assert "scores 51–51" in seen["bloops"]


async def test_statistics_read_afresh_each_time_the_screen_opens(cardtable_home):
    """A fresh tester left the menu open while a second window (another process, the same
    CARDTABLE_HOME) finished a game: Past games listed it, Statistics still showed the old
    numbers. A game recorded from outside the app, as a finished game records itself
    (``Session`` → ``StatsStore.record``, here through a store of its own as another
    process has), shows the next time Statistics opens; Past games lists it too."""
    from cardtable.ui.history import HistoryScreen

    saved_session(seed=1, stats=StatsStore())
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert {r.name: r.played for r in app.screen.records} == {"Ann": 1, "Bob": 1}
        await pilot.press("escape")
        await pilot.pause()
        saved_session(seed=2, stats=StatsStore())  # the other window's game ends
        saved_session(game_id="cold-war", names=("Cid", "Ann"), seed=3, stats=StatsStore())
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen) and len(app.screen.games) == 3
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert {r.name: r.played for r in screen.records} == {"Ann": 3, "Bob": 2, "Cid": 1}
        text = screen_text(app)
        assert "Cid" in text and "/3" in text and "/2" in text
