"""The statistics screen: every player's record per game (won/played, win rate as a bar,
best score, streaks, last played), and for the highlighted record a chart of its results
over time (scores as a sparkline, wins and losses as a strip of marks)."""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Sparkline

from cardtable.charts import rate_bar, results_strip
from cardtable.engine.stats import PlayerRecord
from cardtable.ui.widgets import Footer, Static, plain_text

__all__ = ["StatsScreen", "stats_layout", "cut_title"]

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


def stats_layout(records: list[PlayerRecord], width: int) -> tuple[int, int, int]:
    """``(game column, win-rate bar, box width)`` in cells for ``records`` on a screen
    ``width`` columns wide: on 80 columns the box is 78 wide with titles cut to 16 cells
    and bars of 8, as ever; a wider box (up to the screen less two columns each side)
    first gives the titles their whole length, then lengthens the bars, and grows no wider
    than its table needs."""
    longest = max((cell_len(r.title) for r in records), default=0)

    def column(header: str, cells: Iterable[int]) -> int:
        return max([cell_len(header), *cells]) + 2  # a cell's padding each side

    others = (
        column("Player", (cell_len(r.name) for r in records))
        + column("Won", (len(f"{r.won}/{r.played}") for r in records))
        + column("Best", (len(f"{r.best:g}") for r in records if r.best is not None))
        + column("Streak", (len(f"{r.current_streak} ({r.best_streak})") for r in records))
        + column("Last", (10,))
        + 5 + 2  # the win rate's " 100%" and padding
        + 2  # the game column's padding
    )
    room = max(BOX_WIDTH, width - 4) - 4 - 2  # the box's border and padding, the scroll bar
    least, most = BAR_CELLS
    title = max(TITLE_CELLS, min(longest, room - others - least))
    bar = max(least, min(most, room - others - title))
    box = max(BOX_WIDTH, min(width - 4, others + title + bar + 6))
    return title, bar, box


def cut_title(title: str, cells: int) -> str:
    """``title`` whole when it has at most ``cells`` cells, else cut to ``cells`` with "…"."""
    return title if cell_len(title) <= cells else set_cell_size(title, cells - 1) + "…"


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
            yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
            with Vertical(id="stats-chart"):
                yield Static("", id="stats-chart-title")
                yield Sparkline([], id="stats-sparkline")
                yield Static("", id="stats-strip")
            yield Static("", id="stats-help", classes="muted")
        yield Footer()

    def on_mount(self) -> None:
        store = self.app.stats  # type: ignore[attr-defined]
        table = self.query_one(DataTable)
        self.records: list[PlayerRecord] = store.records()
        self._layout: tuple[int, int, int] | None = None
        self.fit(self.app.size.width, self.app.size.height)
        if self.records:
            help_text = "↑↓: pick a record for the chart · Streak: wins in a row now (longest) · Esc: back."
        else:
            help_text = "No finished games yet: records appear here after each game. Esc: back."
            self.query_one("#stats-chart").display = False
        if store.problem:
            help_text = as_sentence(store.problem) + "\n" + help_text
        self.query_one("#stats-help", Static).update(plain_text(help_text))
        self.show_chart(0)
        table.focus()

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
        title_cells, bar_cells, box_width = layout
        self.query_one("#stats-box").styles.width = box_width
        row = table.cursor_row
        table.clear(columns=True)
        table.add_columns("Player", "Game", "Won", "Win rate", "Best", "Streak", "Last")
        for r in self.records:
            best = "" if r.best is None else f"{r.best:g}"
            table.add_row(
                plain_text(r.name), plain_text(cut_title(r.title, title_cells)), Text(f"{r.won}/{r.played}", justify="right"),
                rate_bar(r.win_rate, bar_cells), Text(best, justify="right"),
                Text(f"{r.current_streak} ({r.best_streak})", justify="right"), r.last[:10],
            )
        if 0 < row < len(self.records):
            table.move_cursor(row=row)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self.show_chart(event.cursor_row)

    def show_chart(self, index: int) -> None:
        """Chart the results over time of record ``index`` (nothing when there is none)."""
        if not 0 <= index < len(self.records):
            return
        record = self.records[index]
        results = record.results[-CHART_WIDTH:]
        scores = [s for _, _, s in results if s is not None]
        title = Text.assemble((f"{record.name} at {record.title}", "bold"), f": the last {len(results)} result{'s' if len(results) != 1 else ''}, oldest first")
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
