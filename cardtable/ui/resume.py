"""The Resume list: unfinished saved games, last played first (game or the save's name,
players, when, moves); broken files are listed with the reason they cannot be resumed, and
kept. ``n`` names the highlighted save (``ui.naming``)."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.console import Console, ConsoleOptions, RenderResult
from rich.padding import Padding
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from cardtable.engine.history import save_names
from cardtable.engine.saves import LOCKED, NOTHING_TO_RESUME, SaveInfo, is_locked, list_saves
from cardtable.engine.words import plural
from cardtable.plain import printable
from cardtable.ui.widgets import Footer, Static, plain_text

__all__ = ["ResumeScreen", "Indented", "resume_box", "names_lines", "seat_names"]

LABEL_COLUMN = (24, 38)
"""The fewest and the most cells of the game (and save name) column: it is as wide as the
widest label up to the most, so the date and the moves line up on every row and still fit
the list of a 78-column box with its scroll bar; a wider label is cut with "…"."""


BOX_WIDTH = 78
"""The box's width on a screen of 80 columns; a wider screen widens it (``resume_box``)."""

RESUME_ROWS_AROUND = 5
"""The screen rows besides the list and the help under it: the footer, the box's border
and its title with the blank line under it."""

LIST_ROWS_LEAST = 4
"""The list's height at least, in a window too short for more."""

LABEL_LEAST = 8
"""The fewest cells of the label column, in a window too narrow for ``LABEL_COLUMN``."""


def list_rows(height: int, help_rows: int) -> int:
    """The list's height at most in a window ``height`` rows tall, its help ``help_rows``
    rows under it: the rows left by the footer, the box's border, its title and the whole
    help (at 60×16 the list was 18 rows in a box of 13, its last saves out of sight and out
    of reach of its own scrolling; at 80×24 a full list of 18 rows left the help one row of
    its three), at least ``LIST_ROWS_LEAST``."""
    return max(LIST_ROWS_LEAST, height - RESUME_ROWS_AROUND - help_rows)

BOX_CELLS = 2 + 2 + 2 + 2
"""The box's cells around an option's text: the border, the box's padding, the option's
padding and the list's scroll bar."""


def label_column(labels: list[str], more: int = 0) -> int:
    """The width in cells of the column holding ``labels`` (``LABEL_COLUMN``), whose most
    is ``more`` cells more in a box that much wider than ``BOX_WIDTH``."""
    least, most = LABEL_COLUMN
    return min(most + more, max([least, *map(cell_len, labels)]))


def names_lines(names: tuple[str, ...] | list[str], width: int) -> str:
    """``names`` joined by ", " in lines of at most ``width`` cells, broken only between
    names (a name wider than a line gets a line of its own, wrapped where it is drawn). The
    fresh tester saw "Computer" at the end of a line and its "6" on the next."""
    lines: list[str] = []
    line = ""
    for i, name in enumerate(names):
        piece = name + ("," if i < len(names) - 1 else "")
        if line and cell_len(line) + 1 + cell_len(piece) > width:
            lines.append(line)
            line = piece
        else:
            line = f"{line} {piece}" if line else piece
    lines.append(line)
    return "\n".join(lines)


def seat_names(info: SaveInfo) -> tuple[str, ...]:
    """The players of a save as the Resume list names them: a person by name, a computer
    seat with its level, ``"Computer 2 (hard)"`` (``"Rex (computer, hard)"`` when its name
    does not say so). A fresh tester playing alone read "Ann, Computer 2, Computer 3" and
    could not tell which seats the computer plays, or how well."""
    def named(seat: int, name: str) -> str:
        level = info.computers.get(seat)
        if level is None:
            return name
        return f"{name} ({level})" if "computer" in name.casefold() else f"{name} (computer, {level})"

    return tuple(named(seat, name) for seat, name in enumerate(info.players))


def resume_box(saves: list[SaveInfo], labels: dict[int, str], width: int) -> int:
    """The box's width in cells on a screen ``width`` columns wide: 78, or wider (up to the
    screen less two columns each side) when a save's line (its label, the date and the
    moves) or its players would not fit on one line. The fresh tester saw the 78-column
    box at 200×60 wrap six players' names."""
    dated = max((cell_len(label) + 2 + 16 + 3 + 14 for label in labels.values()), default=0)
    named = max((2 + cell_len(", ".join(seat_names(info))) + (3 + cell_len(LOCKED) if info.locked else 0) for info in saves if not info.error), default=0)
    return max(BOX_WIDTH, min(width - 4, max(dated, named) + BOX_CELLS))


def in_column(label: str, width: int) -> str:
    """``label`` padded to ``width`` cells (a wide character such as an emoji counts two),
    or cut to ``width`` ending in "…" when it is wider."""
    if cell_len(label) <= width:
        return set_cell_size(label, width)
    return set_cell_size(label, width - 1) + "…"


class Indented:
    """An option of two parts: ``head`` (its first lines) and ``body`` wrapped below it
    with ``indent`` cells before every line, the wrapped ones too (a rich renderable;
    ``str()`` is the plain text, as for a ``Text`` prompt)."""

    def __init__(self, head: Text, body: Text, indent: int = 2) -> None:
        self.head = head
        self.body = body
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.head
        yield Padding(self.body, (0, 0, 0, self.indent))

    def __str__(self) -> str:
        return f"{self.head.plain}\n{' ' * self.indent}{self.body.plain}"


class ResumeScreen(Screen[None]):
    """Pick a saved game to continue (Enter), or go back (Esc)."""

    CSS_PATH = "resume.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("d,delete", "delete", "Delete the highlighted save"),
        Binding("n", "name", "Name the highlighted save"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="resume-box"):
            yield Static("Resume a saved game", id="resume-title")
            yield OptionList(id="resume-list")
            yield Static("", id="resume-help", classes="muted")
        yield Footer()

    saves: list[SaveInfo] = []  # until the first fill (a resize may come before it)
    _labels: dict[int, str] = {}
    _box = BOX_WIDTH
    _width = BOX_WIDTH + 2

    def on_mount(self) -> None:
        self.fill()

    def on_resize(self, event: events.Resize) -> None:
        """Widen or narrow the box for the window's new width (``resume_box``); the list
        takes the rows the window has (``fit_list``)."""
        if min(resume_box(self.saves, self._labels, event.size.width), event.size.width) != min(self._box, self._width):
            self.fill()
        else:
            self.fit_list(event.size.height)

    def fit_list(self, height: int) -> None:
        """The list's height at most in a window ``height`` rows tall (``list_rows``), the
        help under it wrapped at the box's width and given all its rows."""
        help_line = self.query_one("#resume-help", Static)
        text = Text(str(help_line.render()))
        rows = len(text.wrap(self.app.console, max(1, min(self._box, self._width) - 4)))  # less the border and padding
        help_line.styles.height = rows
        self.query_one("#resume-list").styles.max_height = list_rows(height, rows)

    def fill(self) -> None:
        """(Re)build the list from the save folder."""
        self.saves: list[SaveInfo] = [s for s in list_saves(verify=True, cards_dir=self.app.start.cards_dir) if not s.over]  # type: ignore[attr-defined]
        names = save_names()
        menu = self.query_one("#resume-list", OptionList)
        highlighted = menu.highlighted
        options = []
        labels = {i: printable(self._label(info, names)) for i, info in enumerate(self.saves) if not info.error}
        self._labels = labels
        self._box = resume_box(self.saves, labels, self.app.size.width)
        self._width = self.app.size.width
        self.query_one("#resume-box").styles.width = self._box
        shown = min(self._box, self._width)  # the box is narrower than 78 in a narrow window
        tails = {i: f"  {info.when}   {'open elsewhere' if info.locked else plural(info.moves, 'move')}" for i, info in enumerate(self.saves)}
        # the label column gives way in a narrow window, so the date and the moves stay
        # whole, clear of the list's scroll bar (at 60×16 it covered "27 moves")
        room = shown - BOX_CELLS - 1 - max(map(cell_len, tails.values()), default=0)  # and a blank before the bar
        width = max(LABEL_LEAST, min(label_column(list(labels.values()), self._box - BOX_WIDTH), room))
        for i, info in enumerate(self.saves):
            if info.error:
                head = plain_text(Text(info.path.name, style="bold"))
                options.append(Option(Indented(head, plain_text(Text("cannot be resumed: " + info.error, style="italic"))), id=str(i)))
                continue
            head = Text.assemble((in_column(labels[i], width), "bold"), tails[i])  # a gap before the date, however wide the label
            body = Text(names_lines(seat_names(info), shown - BOX_CELLS - 2), style="italic")
            if info.locked:
                body.append(f" · {LOCKED}", style="bold")
            # the players wrap under their own indent (a sixth "Computer 6" fell back to column 2)
            options.append(Option(Indented(plain_text(head), plain_text(body)), id=str(i)))
        menu.clear_options()
        if options:
            menu.display = True
            menu.set_options(options)
            first_good = next((i for i, s in enumerate(self.saves) if s.error is None and not s.locked), 0)
            menu.highlighted = highlighted if highlighted is not None and highlighted < len(options) else first_good
            menu.focus()
            # one line at 80 columns, and one more with a damaged file (a full list of 18
            # rows left the help of three lines one row at 80×24)
            help_text = "Last played first. Enter: resume · n: name · d: delete · Esc: back."
            if any(info.error for info in self.saves):
                help_text += " Each save was checked by replaying its moves: damaged files are kept."
        else:
            menu.display = False
            home = self.app.home_problem  # type: ignore[attr-defined]
            if home is not None:  # not "no unfinished games": none can be saved
                help_text = f"{home}: {NOTHING_TO_RESUME}. Esc: back."
            else:
                help_text = "No unfinished games. Every game is saved after each move, so a game you leave appears here. Esc: back."
        self.query_one("#resume-help", Static).update(plain_text(help_text))
        self.fit_list(self.app.size.height)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``d`` and ``n`` are in the key bar only when they apply: a save highlighted (none
        with no saves: a fresh tester read "d Delete the highlighted save" over "No unfinished
        games"), and for ``n`` one that is not damaged."""
        if action in ("delete", "name"):
            highlighted = self._highlighted()
            return highlighted is not None and (action == "delete" or highlighted.error is None)
        return True

    def _highlighted(self) -> SaveInfo | None:
        """The save highlighted in the list, if any."""
        menus = self.query("#resume-list")
        menu = menus.first(OptionList) if menus else None
        if menu is None or not menu.display or menu.highlighted is None or menu.highlighted >= len(self.saves):
            return None
        return self.saves[menu.highlighted]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()  # ``n`` for a good save only

    @staticmethod
    def _label(info: SaveInfo, names: dict[str, str]) -> str:
        """The first column of a save's row: its game, and its name when it has one (a
        game open elsewhere shows only its game)."""
        name = None if info.locked else names.get(info.path.name)
        return f"{info.title}: {name}" if name else info.title

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if getattr(self, "_opening", False):
            return  # a second Enter while the first one opens the game (it crashed the table it replaced)
        info = self.saves[int(event.option.id or 0)]
        if info.locked:
            from cardtable.ui.dialogs import MessageDialog

            self.app.push_screen(MessageDialog("Not opened", f"{info.title} with {', '.join(info.players)}: {LOCKED}."))
            return
        self._opening = True
        if not self.app.resume_game(info.path, replace=True):  # type: ignore[attr-defined]
            self._opening = False
            self.fill()  # what opening found (moves the rules refuse, a lock) shows in the list

    def action_delete(self) -> None:
        """Delete the highlighted save file after asking (damaged ones included)."""
        from cardtable.ui.dialogs import ConfirmDialog

        info = self._highlighted()
        if info is None:
            return
        what = f"{info.title} with {', '.join(info.players)}" if info.error is None else info.path.name
        if info.locked or is_locked(info.path):
            self._refuse_delete(what)  # however it was highlighted (the only entry, a click)
            return

        def done(answer: bool | None) -> None:
            if answer:
                if is_locked(info.path):  # opened elsewhere while the question was up
                    self._refuse_delete(what)
                    return
                try:
                    info.path.unlink()
                except OSError as err:
                    self.notify(f"could not delete {info.path.name}: {err.strerror or err}", severity="error")
                self.fill()

        self.app.push_screen(ConfirmDialog(f"Delete the saved game {what}?", "This cannot be undone.", yes="Delete", no="Keep"), done)

    def _refuse_delete(self, what: str) -> None:
        """Say that the save ``what`` (a plain description) is not deleted because another
        window is playing it (deleting it would leave that game saving nowhere)."""
        from cardtable.ui.dialogs import MessageDialog

        self.fill()
        self.app.push_screen(MessageDialog("Not deleted", f"{what}: {LOCKED}; leave it there first."))

    def action_name(self) -> None:
        """Name the highlighted save (an empty name removes it)."""
        from cardtable.ui.naming import ask_save_name

        info = self._highlighted()
        if info is None or info.error:
            return
        ask_save_name(self.app, info.path, lambda changed: self.fill() if changed else None)

    def action_back(self) -> None:
        self.dismiss(None)
