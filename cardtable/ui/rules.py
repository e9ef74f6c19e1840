"""The rules viewer: the game's ``cards_data/<game>.md`` rendered as Markdown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import MarkdownViewer

from cardtable.engine import get
from cardtable.engine.registry import rules_path
from cardtable.ui.widgets import Footer, Static

__all__ = ["RulesScreen"]


class RulesScreen(Screen[None]):
    """Full-screen rules; Esc, q or ? closes it."""

    CSS_PATH = "rules.tcss"
    BINDINGS = [Binding("escape,q,question_mark", "close", "Back", key_display="Esc")]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        title = get(self.game_id).title
        yield Static(f"{title} — rules", id="rules-title")
        try:
            text = rules_path(self.game_id).read_text(encoding="utf-8")
        except OSError:
            text = f"# {title}\n\nThe rules file is missing from this installation."
        yield MarkdownViewer(text, show_table_of_contents=False, id="rules-body")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
