"""The statistics screen: every player's record per game (played, won, best, last played)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable

from cardtable.engine import UnknownGame, get
from cardtable.ui.widgets import Footer, Static, plain_text

__all__ = ["StatsScreen"]


class StatsScreen(Screen[None]):
    """A sortable table of records; Esc goes back."""

    CSS_PATH = "stats.tcss"
    BINDINGS = [Binding("escape,q", "back", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="stats-box"):
            yield Static("Statistics", id="stats-title")
            yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="stats-help", classes="muted")
        yield Footer()

    def on_mount(self) -> None:
        store = self.app.stats  # type: ignore[attr-defined]
        table = self.query_one(DataTable)
        table.add_columns("Player", "Game", "Played", "Won", "Best", "Last played")
        records = store.records()
        for r in records:
            try:
                title = get(r.game).title
            except UnknownGame:
                title = r.game
            best = "" if r.best is None else f"{r.best:g}"
            table.add_row(plain_text(r.name), plain_text(title), str(r.played), str(r.won), best, r.last.replace("T", " ")[:16])
        help_text = "Esc: back." if records else "No finished games yet: records appear here after each game. Esc: back."
        if store.problem:
            help_text = store.problem + " " + help_text
        self.query_one("#stats-help", Static).update(help_text)
        table.focus()

    def action_back(self) -> None:
        self.dismiss(None)
