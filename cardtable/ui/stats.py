"""The statistics screen: every player's record per game (won/played, win rate as a bar,
best score, streaks, last played), and for the highlighted record a chart of its results
over time (scores as a sparkline, wins and losses as a strip of marks)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Sparkline

from cardtable.charts import rate_bar, results_strip
from cardtable.engine.index import keeps_best
from cardtable.engine.saves import NO_STATISTICS
from cardtable.engine.stats import PlayerRecord, StatsStore
from cardtable.ui.cells import RowTable
from cardtable.ui.glyphs import key_text
from cardtable.ui.widgets import Footer, Static, plain_text

__all__ = ["StatsScreen", "StatsLayout", "stats_layout", "cut_title", "game_cell", "by_game"]

CHART_WIDTH = 40
"""How many of the latest results the chart shows."""

BOX_WIDTH = 78
"""The box's width on a screen of 80 columns; a wider screen widens it (``stats_layout``)."""

TITLE_CELLS = 16
"""The game column at its narrowest (on 80 columns): a longer title is cut with "…"."""

BAR_CELLS = (8, 40)
"""The win-rate bar at its shortest (on 80 columns) and its longest."""

TABLE_ROWS = 11
"""The table's height on a screen of 24 rows (header included); a taller screen gives the
table every row the rest of the box leaves (``STATS_ROWS_AROUND``)."""

STATS_ROWS_AROUND = 13
"""The screen rows besides the table: the footer, the box's border, title, chart and help."""


class StatsLayout(NamedTuple):
    """How the statistics table is drawn on a screen of a given width (``stats_layout``):
    the game column, the win-rate bar and the player column in cells, the box's width in
    cells, whether the Last (played) column is shown, and whether the table is still wider
    than its box (it then scrolls sideways, and the help says so)."""

    title: int
    bar: int
    box: int
    name: int
    last: bool = True
    scrolls: bool = False


NAME_CELLS = 10
"""The player column at its narrowest: a longer name is cut with "…" only when even
without the Last column the table would not fit its box (the chart line names it whole)."""


def stats_layout(records: list[PlayerRecord], width: int) -> StatsLayout:
    """The ``StatsLayout`` for ``records`` on a screen ``width`` columns wide. A wider box
    (up to the screen less two columns each side) first gives the titles their whole
    length, then lengthens the bars, and grows no wider than its table needs. On 80
    columns the box is 78 wide with titles cut to 16 cells and bars of 8; when that is
    still wider than the box (long player names: the fresh tester's "Computer (normal)"
    pushed the Last column off the right edge, reached only by an unhinted sideways
    scroll), the Last column goes (the chart line under the table gives the highlighted
    record's date) and the titles are whole if a bar of ``SHORT_BAR`` leaves them room;
    then the bar shortens to ``SHORT_BAR`` and the player names are cut (never below
    ``NAME_CELLS``); only a table wider than that scrolls, and says so."""
    longest = max((cell_len(r.title) for r in records), default=0)

    def column(header: str, cells: Iterable[int]) -> int:
        return max([cell_len(header), *cells]) + 2  # a cell's padding each side

    name = column("Player", (cell_len(r.name) for r in records)) - 2
    fixed = (
        column("Won", (len(r.won_text) for r in records))
        + column("Best", (len(f"{r.best:g}") for r in records if r.best is not None))
        + column("Streak", (len(f"{r.current_streak} ({r.best_streak})") for r in records))
        + 5 + 2  # the win rate's " 100%" and padding
        + 2 + 2  # the game and player columns' padding
    )
    last = column("Last", (10,))
    others = fixed + name + last
    room = max(BOX_WIDTH, width - 4) - 4 - 2  # the box's border and padding, the scroll bar
    least, most = BAR_CELLS
    title = max(TITLE_CELLS, min(longest, room - others - least))
    bar = max(least, min(most, room - others - title))
    box = max(BOX_WIDTH, min(width - 4, others + title + bar + 6))
    if others + title + bar <= room:
        return StatsLayout(title, bar, box, name)
    others -= last  # no room for every column: the Last date moves to the chart line
    if others + longest + SHORT_BAR <= room:
        title = longest  # the titles whole, for a bar shorter than 8
    bar = max(SHORT_BAR, min(least, room - others - title))
    short_name = max(min(name, NAME_CELLS), name - max(0, others + title + bar - room))
    others -= name - short_name
    return StatsLayout(title, bar, box, short_name, last=False, scrolls=others + title + bar > room)


SHORT_BAR = 4
"""The win-rate bar at its shortest, when the box would otherwise scroll sideways."""


def cut_title(title: str, cells: int) -> str:
    """``title`` whole when it has at most ``cells`` cells, else cut to ``cells`` with "…"."""
    return title if cell_len(title) <= cells else set_cell_size(title, cells - 1) + "…"


def game_cell(record: PlayerRecord, cells: int) -> str:
    """The game column's text for ``record`` in ``cells`` cells: the whole title, else the
    game's short name ("Combat Cards" for "Citadel Combat Cards": a fresh tester read
    "Citadel Combat …" on 80 columns), else the title cut with "…"."""
    if cell_len(record.title) > cells and cell_len(record.short_title) <= cells:
        return record.short_title
    return cut_title(record.title, cells)


def by_game(records: list[PlayerRecord]) -> list[PlayerRecord]:
    """``records`` (the store's order: most recently played first) grouped by game: the
    games in the order of their latest game, each game's records in the store's order. The
    fresh tester saw one Bloops record sorted to the bottom, away from the other Bloops
    rows, because its player's last game was the oldest."""
    order: dict[str, int] = {}
    for record in records:
        order.setdefault(record.game, len(order))
    return sorted(records, key=lambda record: order[record.game])


def as_sentence(text: str) -> str:
    """``text`` (a problem in the store's words, e.g. "the statistics file was damaged; …")
    as a sentence of its own: a capital first letter and a full stop unless it ends with one."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


class StatsScreen(Screen[None]):
    """A table of records with a results-over-time chart for the highlighted one; Esc back."""

    CSS_PATH = "stats.tcss"
    BINDINGS = [Binding("escape,q", "back", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="stats-box"):
            yield Static("Statistics", id="stats-title")
            yield RowTable(id="stats-table", cursor_type="row", zebra_stripes=True)
            with Vertical(id="stats-chart"):
                yield Static("", id="stats-chart-title")
                yield Sparkline([], id="stats-sparkline")
                yield Static("", id="stats-strip")
            yield Static("", id="stats-help", classes="muted")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        self.records: list[PlayerRecord] = by_game(self.read_records())
        self._layout: StatsLayout | None = None
        self.fit(self.app.size.width, self.app.size.height)
        if not self.records:
            self.query_one("#stats-chart").display = False
        self.show_chart(0)
        table.focus()

    def read_records(self) -> list[PlayerRecord]:
        """The records as the statistics file holds them now, read afresh each time the screen
        opens: another window (another process with the same ``CARDTABLE_HOME``) may have
        recorded games since this one read the file (a fresh tester's menu, left open, showed
        1/1 while ``cardtable stats`` showed 2/2 and a new record). The app's store is only
        read again when it records a game, so the screen reads its own copy; a store that
        holds results it could not save (``StatsStore.holds_unsaved``: kept until cardtable
        closes) is shown as it is, since the file lacks them. ``self.fresh_problem`` is what that
        reading found wrong, if anything."""
        store = self.app.stats  # type: ignore[attr-defined]
        self.fresh_problem: str | None = None
        if store.holds_unsaved:
            return store.records()
        if self.app.home_problem is not None:  # type: ignore[attr-defined]
            return store.records()  # no file to read (the help line says why)
        fresh = StatsStore(store.path, saves=store.saves, cards_dir=store.cards_dir)
        self.fresh_problem = fresh.problem
        return fresh.records()

    def on_resize(self, event: events.Resize) -> None:
        """Fit the box and the table to the window's new size (``fit``)."""
        self.fit(event.size.width, event.size.height)

    def fit(self, width: int, height: int) -> None:
        """Size the box and the table for a screen of ``width`` × ``height`` cells (wider
        columns and more rows on a larger screen, ``stats_layout``), filling the table again
        when its columns change; the highlighted record stays highlighted."""
        table = self.query_one(DataTable)
        table.styles.max_height = max(TABLE_ROWS, height - STATS_ROWS_AROUND)
        layout = stats_layout(self.records, width)
        if layout == self._layout:
            return
        self._layout = layout
        self.query_one("#stats-box").styles.width = layout.box
        row = table.cursor_row
        table.clear(columns=True)
        table.add_columns("Player", "Game", "Won", "Win rate", "Best", "Streak", *(["Last"] if layout.last else []))
        for r in self.records:
            best = "" if r.best is None else f"{r.best:g}"
            table.add_row(
                plain_text(cut_title(r.name, layout.name)), plain_text(game_cell(r, layout.title)),
                Text(r.won_text, justify="right"), rate_bar(r.win_rate, layout.bar), Text(best, justify="right"),
                Text(f"{r.current_streak} ({r.best_streak})", justify="right"), *([r.last[:10]] if layout.last else []),
            )
        if 0 < row < len(self.records):
            table.move_cursor(row=row)
        self.show_help()
        self.show_chart(table.cursor_row)

    def show_help(self) -> None:
        """The lines under the chart: a statistics problem, then the keys and what the table
        leaves out at this width (the Last column, names cut with "…", a sideways scroll)."""
        store = self.app.stats  # type: ignore[attr-defined]
        layout = self._layout
        home = self.app.home_problem  # type: ignore[attr-defined]
        if home is not None:  # the one line: not "could not be read", not "no games yet"
            help_text = f"{home}: {NO_STATISTICS}. Esc: back."
        elif not self.records:
            help_text = "No finished games yet: records appear here after each game. Esc: back."
        else:
            help_text = key_text("↑↓: pick a record for the chart")
            if layout is not None and not layout.last:
                help_text += " (its whole names and the day last played)"
            help_text += " · Streak: wins in a row now (longest)"
            if layout is not None and layout.scrolls:
                help_text += key_text(" · ←→: scroll the table")
            help_text += " · Esc: back."
        problems = [p for p in dict.fromkeys((store.problem, getattr(self, "fresh_problem", None))) if p]
        if problems and home is None:
            help_text = "\n".join(as_sentence(p) for p in problems) + "\n" + help_text
        self.query_one("#stats-help", Static).update(plain_text(help_text))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self.show_chart(event.cursor_row)

    def show_chart(self, index: int) -> None:
        """Chart the results over time of record ``index`` (nothing when there is none)."""
        if not 0 <= index < len(self.records):
            return
        record = self.records[index]
        results = record.results[-CHART_WIDTH:]
        # a game that keeps no score (FOFL: 0 in every game lost) charts no scores ("scores 0–0")
        scores = [s for _, _, s in results if s is not None] if keeps_best(record.game) else []
        title = Text.assemble((f"{record.name} at {record.title}", "bold"))
        if self._layout is not None and not self._layout.last and record.last:
            title.append(f", last played {record.last[:10]}")  # the table has no Last column at this width
        title.append(f": the last {len(results)} result{'s' if len(results) != 1 else ''}, oldest first")
        if len(results) < record.played:
            title.append(f" ({record.played - len(results)} older games were recorded without details)", style="italic")
        self.query_one("#stats-chart-title", Static).update(title)
        spark = self.query_one("#stats-sparkline", Sparkline)
        spark.data = scores
        spark.styles.width = len(scores)  # one bar per result, above its mark in the strip
        spark.display = len(scores) > 1 and len(scores) == len(results)
        strip = results_strip([won for _, won, _ in results], CHART_WIDTH)
        if scores:
            strip.append(f"   scores {min(scores):g}–{max(scores):g}", style="italic")
        strip.append("   ● won  · not won", style="dim")
        self.query_one("#stats-strip", Static).update(strip)

    def action_back(self) -> None:
        self.dismiss(None)
