"""The privacy screen of DESIGN §3: "Pass to Ann — everyone else look away".

It is a full ``Screen`` with an opaque background, not a see-through modal, so nothing of
the table underneath is drawn while it is up. It may show what just happened in public.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static
from cardtable.ui.widgets import Footer

__all__ = ["PrivacyScreen"]


class PrivacyScreen(Screen[bool]):
    """Asks the named player to take the device; Enter dismisses it with ``True``."""

    CSS_PATH = "privacy.tcss"
    BINDINGS = [
        Binding("enter", "ready", "I am here", priority=True),
        Binding("q", "leave", "Leave"),
    ]

    def __init__(self, player: str, game_title: str, recent: Sequence[str] = (), left_out: int = 0) -> None:
        super().__init__()
        self.player = player
        self.game_title = game_title
        self.recent = tuple(recent)
        self.left_out = left_out  # public lines not listed, between the first and the rest

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy-box"):
            yield Static(self.game_title, id="privacy-game", classes="muted")
            yield Static(f"Pass to {self.player}", id="privacy-name")
            yield Static("Everyone else, please look away.", id="privacy-away")
            if self.recent:
                yield Static("Just happened:", classes="muted privacy-recent-title")
                lines = [f"· {line}" for line in self.recent]
                if self.left_out:
                    lines.insert(1, f"  … {self.left_out} more in the log …")
                yield Static("\n".join(lines), id="privacy-recent", markup=False)
            yield Static(f"Press Enter when you are {self.player}.", id="privacy-ready")
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.app.confirm_leave()  # type: ignore[attr-defined]
