"""The statistics screen: every player's record per game (won/played, win rate as a bar,
best score, streaks, last played), and for the highlighted record a chart of its results
over time (scores as a sparkline, wins and losses as a strip of marks)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Sparkline

from cardtable.charts import rate_bar, results_strip
from cardtable.engine.stats import PlayerRecord
from cardtable.ui.widgets import Footer, Static, plain_text

__all__ = ["StatsScreen"]

CHART_WIDTH = 40
"""How many of the latest results the chart shows."""


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
        table.add_columns("Player", "Game", "Won", "Win rate", "Best", "Streak", "Last")
        self.records: list[PlayerRecord] = store.records()
        for r in self.records:
            best = "" if r.best is None else f"{r.best:g}"
            title = r.title if len(r.title) <= 16 else r.title[:15] + "…"
            table.add_row(
                plain_text(r.name), plain_text(title), Text(f"{r.won}/{r.played}", justify="right"), rate_bar(r.win_rate, 8),
                Text(best, justify="right"), Text(f"{r.current_streak} ({r.best_streak})", justify="right"), r.last[:10],
            )
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
