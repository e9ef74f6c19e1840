"""The Past games list: finished games with date, game, players, winner and length; Enter
replays one move by move with every card face up (``ui.replay``). Games still in progress
are not listed here (the Resume list has them) and can never be opened face up."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable

from cardtable.engine.history import PastGame, list_finished
from cardtable.engine.saves import NO_PAST_GAMES
from cardtable.ui.cells import RowTable, share_cells
from cardtable.ui.stats import cut_title
from cardtable.ui.widgets import Footer, Static, plain_text

__all__ = ["HistoryScreen", "history_layout"]


BOX_WIDTH = 78
"""The box's width on a screen of 80 columns; a wider screen widens it (``history_layout``)."""

LEAST_CELLS = (14, 14, 10)
"""The game, players and winner columns at their narrowest (on 80 columns): a longer
entry is cut with "…", and the line under the table gives the highlighted game whole."""

NARROWEST = 6
"""The game, players and winner columns at their narrowest on a screen under 80 columns."""

TABLE_ROWS = 12
"""The table's height on a screen of 24 rows (header included); a taller screen gives it
every row the rest of the box leaves (``HISTORY_ROWS_AROUND``)."""

HISTORY_ROWS_AROUND = 13
"""The screen rows besides the table: the footer, the box's border, title, detail and help
(two lines each), the replay line (``replay_line``) and the gaps between them."""

BOX_CELLS = 2 + 2 + 2
"""The box's cells around its table: the border, the padding and the table's scroll bar."""


def history_layout(games: list[PastGame], width: int) -> tuple[list[int], int]:
    """``([game, players, winner] column widths, box width)`` in cells for ``games`` on a
    screen ``width`` columns wide: each column as wide as its longest entry, within a box
    that grows from 78 columns up to the screen less two columns each side (under 80
    columns: the screen less one each side); when they do not fit, the widest is narrowed
    first, down to ``LEAST_CELLS`` (under 80 columns, to ``NARROWEST``). The fresh tester saw
    a 78-column box at 200×60 with "Black Ops: Fr…" and "You, Computer…" cut."""
    wants = [
        max((cell_len(row.title if not row.error else row.path.name) for row in games), default=4),
        max((cell_len(", ".join(row.players)) for row in games), default=7),
        max((cell_len(_winner(row)) for row in games), default=6),
    ]
    wants = [max(want, cell_len(header)) for want, header in zip(wants, ("Game", "Players", "Winner"))]
    fixed = (
        len("03 Dec 17:28")
        + max([len("Moves"), *(len(str(row.moves)) for row in games)])
        + max([len("Time"), *(len(row.time_text) for row in games)])
        + 6 * 2  # every column's padding
    )
    box = max(min(BOX_WIDTH, width - 2), min(width - 4, sum(wants) + fixed + BOX_CELLS))
    room = box - BOX_CELLS - fixed
    widths = share_cells(wants, [min(want, least) for want, least in zip(wants, LEAST_CELLS)], room)
    # under 80 columns the box is narrower than 78 and the columns go below their least
    # (down to ``NARROWEST``): a table wider than its box drew a scroll bar, a blank-looking
    # row under the games, and pushed the lines under it out of the box
    return share_cells(widths, [min(w, NARROWEST) for w in widths], room), box


def detail_text(row: PastGame, this_year: int | None = None) -> Text:
    """The line under the table for the finished game ``row`` (not a damaged one): its
    name, if saved with one, its title and players whole, when it started and ended:
    "Cold War with Ann, Bob, started 05 Dec 08:47, ended 09:02:". The year is given only
    when it is not ``this_year`` (default: now), the end's day only when it is not the
    start's (at 80 columns "…, started 05 Dec 2026 08:47, ended …" was cut at "started 05")."""
    from datetime import datetime

    year = datetime.now().year if this_year is None else this_year
    day = "%d %b %H:%M" if row.started.year == year else "%d %b %Y %H:%M"
    ended = f"{row.ended:%H:%M}" if row.ended.date() == row.started.date() else row.ended.strftime(day if row.ended.year == year else "%d %b %Y %H:%M")
    detail = Text()
    if row.name:
        detail.append(row.name, style="bold")
        detail.append(" · ")
    detail.append(f"{row.title} with {', '.join(row.players)}, started {row.started.strftime(day)}, ended {ended}:")
    return detail


def detail_rows(games: list[PastGame], width: int, console) -> int:
    """The most rows a line under the table (``detail_text``) takes at ``width`` cells, of
    every game of ``games`` (a damaged file's reason included), with the rows of its replay
    line (``replay_line``) beyond one; 1 when there are none."""
    rows = [1]
    for row in games:
        text = Text(row.path.name + ": cannot be replayed: " + row.error + " (the file is kept)") if row.error else detail_text(row)
        replay = 0 if row.error else len(Text(replay_line(row)).wrap(console, max(1, width))) - 1  # its rows beyond one
        rows.append(len(text.wrap(console, max(1, width))) + replay)
    return max(rows)


def replay_line(row: PastGame) -> str:
    """The line that says how to replay the finished game ``row`` from the shell, naming
    the save ``cardtable replay`` takes: its name when it has one, else its file name in the
    saves folder less ``.jsonl`` (a fresh tester found no save name in Past games for
    ``replay``)."""
    import shlex

    from cardtable.ui.app import shell_command

    return f"From the shell: {shell_command()} replay {shlex.quote(row.name or row.path.stem)}"


def _winner(row: PastGame) -> str:
    """The winner cell of ``row``: the winners' names, else the result."""
    return ", ".join(row.winners) if row.winners else row.result


class HistoryScreen(Screen[None]):
    """A table of finished games, newest first; Enter replays the highlighted one."""

    CSS_PATH = "history.tcss"
    BINDINGS = [
        Binding("enter", "open", "Replay", show=True),
        Binding("escape,q", "back", "Back"),
    ]
    closes_app = False
    """Set when opened by ``cardtable history``: leaving ends the app (``action_back``)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="history-box"):
            yield Static("Past games", id="history-title")
            yield RowTable(id="history-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="history-detail")
            yield Static("", id="history-result")
            yield Static("", id="history-save", classes="muted")
            yield Static("", id="history-help", classes="muted")
        yield Footer()

    def on_mount(self) -> None:
        self.games: list[PastGame] = list_finished()
        self._layout: tuple[list[int], int] | None = None
        self.fit(self.app.size.width, self.app.size.height)
        self.query_one(DataTable).focus()

    def show_help(self, cut: bool) -> None:
        """The line under the box: the keys, damaged files, and whether a name is cut
        (``cut``: the line above the help gives the highlighted game whole)."""
        if self.games:
            help_text = "Enter: replay move by move, every card face up · Esc: back."
            if any(row.error for row in self.games):
                help_text += " Damaged files are listed last and kept."
            if cut:
                help_text += " A name cut with … is whole in the line above."
        else:
            home = self.app.home_problem  # type: ignore[attr-defined]
            help_text = f"{home}: {NO_PAST_GAMES}. Esc: back." if home is not None else "No finished games yet: a game appears here once it is over. Esc: back."
        self.query_one("#history-help", Static).update(plain_text(help_text))

    def on_resize(self, event: events.Resize) -> None:
        """Fit the box and its table to the window's new size (``fit``)."""
        self.fit(event.size.width, event.size.height)

    def fit(self, width: int, height: int) -> None:
        """Size the box and the columns for a screen of ``width`` × ``height`` cells
        (``history_layout``; more rows on a taller screen), filling the table again when
        the columns change; the highlighted game stays highlighted."""
        layout = history_layout(self.games, width)
        (game, players, winner), box = layout
        # a line under the table longer than one row takes its rows from the table, so
        # that it is never cut by the box (all games': the table does not jump as the
        # highlight moves)
        extra = detail_rows(self.games, box - 4, self.app.console) - 1  # less the border and padding
        self.query_one(DataTable).styles.max_height = max(TABLE_ROWS, height - HISTORY_ROWS_AROUND) - extra
        if layout == self._layout:
            return
        self._layout = layout
        self.query_one("#history-box").styles.width = box
        table = self.query_one(DataTable)
        cursor = table.cursor_row
        table.clear(columns=True)
        table.add_columns("Ended", "Game", "Players", "Winner", "Moves", "Time")
        for row in self.games:
            # a damaged file's time is not when its game ended: "—" (``PastGame.ended_at``)
            ended = Text("—" if row.ended_at is None else row.ended_at.strftime("%d %b %H:%M"))
            if row.error:  # a finished game's file that cannot be read: the reason is below
                table.add_row(
                    ended,
                    plain_text(cut_title(row.path.name, game)),
                    Text("damaged", style="italic"),
                    Text(""),
                    Text(""),
                    Text(""),
                )
                continue
            table.add_row(
                ended,
                plain_text(cut_title(row.title, game)),
                plain_text(cut_title(", ".join(row.players), players)),
                plain_text(cut_title(_winner(row), winner)),
                Text(str(row.moves), justify="right"),
                Text(row.time_text, justify="right"),
            )
        if 0 < cursor < len(self.games):
            table.move_cursor(row=cursor)
        self.show_help(any("…" in cell.plain for row in range(table.row_count) for cell in table.get_row_at(row)[1:4]))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Under the table: the highlighted game's name (if saved with one), its title and
        players whole (the table may cut them), when it started and ended, and on a line of
        its own its result."""
        event.stop()
        if not 0 <= event.cursor_row < len(self.games):
            return
        row = self.games[event.cursor_row]
        widget = self.query_one("#history-detail", Static)
        detail = Text()
        if row.error:
            detail.append(row.path.name, style="bold")
            detail.append(": cannot be replayed: " + row.error + " (the file is kept)")
        else:
            detail = detail_text(row)
        # its rows as wrapped at the box's width: left to Textual, a line of two rows was
        # given one at 80×24 and cut ("…, started 05")
        width = (self._layout[1] if self._layout else BOX_WIDTH) - 4
        widget.styles.height = len(detail.wrap(self.app.console, width))
        widget.update(plain_text(detail))
        if row.error:
            self.query_one("#history-result", Static).display = False
            self.query_one("#history-save", Static).update("")
            return
        result = self.query_one("#history-result", Static)
        said = Text(row.result or "finished", style="italic")
        result.styles.height = len(said.wrap(self.app.console, width))  # as the save's line below
        result.update(plain_text(said))
        result.display = True
        # its rows set as the detail's are: left to Textual, the save's name on the line's
        # second row was cut at 70 columns and a blank row left at the foot of the box
        save = Text(replay_line(row))
        self.query_one("#history-save", Static).styles.height = len(save.wrap(self.app.console, width))
        self.query_one("#history-save", Static).update(plain_text(save))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if not self.games or table.cursor_row is None:
            return
        self.app.open_replay(self.games[table.cursor_row].path)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        """Esc or ``q``: back to the menu, or to the shell when opened from there."""
        if self.closes_app:
            self.app.exit()
        else:
            self.dismiss(None)
