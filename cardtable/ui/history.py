"""The Past games list: finished games with date, game, players, winner and length; Enter
replays one move by move with every card face up (``ui.replay``). Games still in progress
are not listed here (the Resume list has them) and can never be opened face up."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable

from cardtable.engine.history import PastGame, list_finished
from cardtable.ui.widgets import Footer, Static, plain_text

__all__ = ["HistoryScreen"]


def _fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters with an ellipsis (the row fits 80 columns)."""
    return text if len(text) <= width else text[: width - 1] + "…"


class HistoryScreen(Screen[None]):
    """A table of finished games, newest first; Enter replays the highlighted one."""

    CSS_PATH = "history.tcss"
    BINDINGS = [
        Binding("enter", "open", "Replay", show=True),
        Binding("escape,q", "back", "Back"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="history-box"):
            yield Static("Past games", id="history-title")
            yield DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="history-detail")
            yield Static("", id="history-help", classes="muted")
        yield Footer()

    def on_mount(self) -> None:
        self.games: list[PastGame] = list_finished()
        table = self.query_one(DataTable)
        table.add_columns("Ended", "Game", "Players", "Winner", "Moves", "Time")
        for row in self.games:
            if row.error:  # a finished game's file that cannot be read: the reason is below
                table.add_row(
                    Text(row.ended.strftime("%d %b %H:%M")),
                    plain_text(_fit(row.path.name, 14)),
                    Text("damaged", style="italic"),
                    Text(""),
                    Text(""),
                    Text(""),
                )
                continue
            winner = ", ".join(row.winners) if row.winners else row.result
            table.add_row(
                Text(row.ended.strftime("%d %b %H:%M")),
                plain_text(_fit(row.title, 14)),
                plain_text(_fit(", ".join(row.players), 14)),
                plain_text(_fit(winner, 10)),
                Text(str(row.moves), justify="right"),
                Text(f"{row.minutes} min", justify="right"),
            )
        if self.games:
            help_text = "Enter: replay move by move, every card face up · Esc: back."
            if any(row.error for row in self.games):
                help_text += " Damaged files are listed last and kept."
        else:
            help_text = "No finished games yet: a game appears here once it is over. Esc: back."
        self.query_one("#history-help", Static).update(help_text)
        table.focus()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Under the table: the highlighted game's name (if saved with one) and result."""
        event.stop()
        if not 0 <= event.cursor_row < len(self.games):
            return
        row = self.games[event.cursor_row]
        detail = Text()
        if row.error:
            detail.append(row.path.name, style="bold")
            detail.append(": cannot be replayed: " + row.error + " (the file is kept)")
            self.query_one("#history-detail", Static).update(plain_text(detail))
            return
        if row.name:
            detail.append(row.name, style="bold")
            detail.append(" · ")
        detail.append(f"{row.title}, {row.started:%d %b %Y %H:%M}: ")
        detail.append(row.result or "finished", style="italic")
        self.query_one("#history-detail", Static).update(plain_text(detail))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if not self.games or table.cursor_row is None:
            return
        self.app.open_replay(self.games[table.cursor_row].path)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.dismiss(None)
