"""The Resume list: unfinished saved games, last played first (game or the save's name,
players, when, moves); broken files are listed with the reason they cannot be resumed, and
kept. ``n`` names the highlighted save (``ui.naming``)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from cardtable.engine.saves import LOCKED, SaveInfo, is_locked, list_saves
from cardtable.engine.words import plural
from cardtable.ui.widgets import Footer, Static, plain_text

__all__ = ["ResumeScreen"]


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

    def on_mount(self) -> None:
        self.fill()

    def fill(self) -> None:
        """(Re)build the list from the save folder."""
        self.saves: list[SaveInfo] = [s for s in list_saves(verify=True, cards_dir=self.app.start.cards_dir) if not s.over]  # type: ignore[attr-defined]
        from cardtable.engine.history import save_names

        names = save_names()
        menu = self.query_one("#resume-list", OptionList)
        highlighted = menu.highlighted
        options = []
        for i, info in enumerate(self.saves):
            if info.error:
                line = Text.assemble((f"{info.path.name}", "bold"), ("\n  cannot be resumed: " + info.error, "italic"))
                options.append(Option(plain_text(line), id=str(i)))
            elif info.locked:
                line = Text.assemble(
                    (f"{info.title:<24}", "bold"),
                    (f"  {info.when}   open elsewhere", ""),
                    ("\n  " + ", ".join(info.players), "italic"),
                    (f" · {LOCKED}", "bold"),
                )
                options.append(Option(plain_text(line), id=str(i)))
            else:
                moves = plural(info.moves, "move")
                name = names.get(info.path.name)
                label = f"{info.title}: {name}" if name else info.title
                line = Text.assemble(
                    (f"{label:<24}", "bold"),
                    (f"  {info.when}   {moves}", ""),  # a label longer than its column keeps a gap before the date
                    ("\n  " + ", ".join(info.players), "italic"),
                )
                options.append(Option(plain_text(line), id=str(i)))
        menu.clear_options()
        if options:
            menu.display = True
            menu.set_options(options)
            first_good = next((i for i, s in enumerate(self.saves) if s.error is None and not s.locked), 0)
            menu.highlighted = highlighted if highlighted is not None and highlighted < len(options) else first_good
            menu.focus()
            help_text = (
                "Last played first. Enter: resume · n: name · d: delete · Esc: back. Each game was checked "
                "by replaying its moves; damaged files are kept and explained here."
            )
        else:
            menu.display = False
            help_text = "No unfinished games. Every game is saved after each move, so a game you leave appears here. Esc: back."
        self.query_one("#resume-help", Static).update(help_text)

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

        menu = self.query_one("#resume-list", OptionList)
        if not menu.display or menu.highlighted is None:
            return
        info = self.saves[menu.highlighted]
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

        menu = self.query_one("#resume-list", OptionList)
        if not menu.display or menu.highlighted is None or self.saves[menu.highlighted].error:
            return
        ask_save_name(self.app, self.saves[menu.highlighted].path, lambda changed: self.fill() if changed else None)

    def action_back(self) -> None:
        self.dismiss(None)
