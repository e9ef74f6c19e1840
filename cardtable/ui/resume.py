"""The Resume list: unfinished saved games (game, players, when, moves); broken files are
listed with the reason they cannot be resumed, and kept."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from cardtable.engine.saves import SaveInfo, list_saves
from cardtable.ui.widgets import Footer, Static, plain_text

__all__ = ["ResumeScreen"]


class ResumeScreen(Screen[None]):
    """Pick a saved game to continue (Enter), or go back (Esc)."""

    CSS_PATH = "resume.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("d,delete", "delete", "Delete the highlighted save"),
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
        menu = self.query_one("#resume-list", OptionList)
        options = []
        for i, info in enumerate(self.saves):
            if info.error:
                line = Text.assemble((f"{info.path.name}", "bold"), ("\n  cannot be resumed: " + info.error, "italic"))
                options.append(Option(plain_text(line), id=str(i)))
            else:
                moves = f"{info.moves} move{'s' if info.moves != 1 else ''}"
                line = Text.assemble(
                    (f"{info.title:<24}", "bold"),
                    (f"{info.when}   {moves}", ""),
                    ("\n  " + ", ".join(info.players), "italic"),
                )
                options.append(Option(plain_text(line), id=str(i)))
        menu.clear_options()
        if options:
            menu.display = True
            menu.set_options(options)
            menu.highlighted = next((i for i, s in enumerate(self.saves) if s.error is None), 0)
            menu.focus()
            help_text = "Enter: resume · d: delete · Esc: back. Damaged files are kept and explained here."
        else:
            menu.display = False
            help_text = "No unfinished games. Every game is saved after each move, so a game you leave appears here. Esc: back."
        self.query_one("#resume-help", Static).update(help_text)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        info = self.saves[int(event.option.id or 0)]
        self.app.resume_game(info.path, replace=True)  # type: ignore[attr-defined]

    def action_delete(self) -> None:
        """Delete the highlighted save file after asking (damaged ones included)."""
        from cardtable.ui.dialogs import ConfirmDialog

        menu = self.query_one("#resume-list", OptionList)
        if not menu.display or menu.highlighted is None:
            return
        info = self.saves[menu.highlighted]
        what = f"{info.title} with {', '.join(info.players)}" if info.error is None else info.path.name

        def done(answer: bool | None) -> None:
            if answer:
                try:
                    info.path.unlink()
                except OSError as err:
                    self.notify(f"could not delete {info.path.name}: {err.strerror or err}", severity="error")
                self.fill()

        self.app.push_screen(ConfirmDialog(f"Delete the saved game {what}?", "This cannot be undone.", yes="Delete", no="Keep"), done)

    def action_back(self) -> None:
        self.dismiss(None)
