"""Shown instead of a screen that does not fit: it names the size needed and goes away by
itself once the terminal is large enough (DESIGN §5)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from cardtable.ui.widgets import Static

__all__ = ["TooSmallScreen", "DEFAULT_MIN_SIZE"]

DEFAULT_MIN_SIZE = (60, 16)


class TooSmallScreen(Screen[None]):
    """"The terminal is too small: make it at least W×H"; removed by the app on resize."""

    CSS_PATH = "toosmall.tcss"

    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        yield Static("", id="small-text")

    def on_mount(self) -> None:
        self.update_size()

    def update_size(self) -> None:
        """Say the terminal's size now. A resize storm can ask before the screen is composed
        (it was pushed by the previous resize): then there is nothing to update yet, and
        ``on_mount`` writes the text."""
        texts = self.query("#small-text")
        if not texts:
            return
        width, height = self.app.size
        need_w, need_h = self.need
        if width >= 60:
            text = (
                f"This terminal is {width}×{height}.\n"
                f"cardtable needs at least {need_w}×{need_h} here.\n"
                "Make the window larger: the game carries on where it was."
            )
        else:  # every line fits down to 20 columns; the widget wraps what is left
            text = f"Terminal {width}×{height}.\nNeeds {need_w}×{need_h}.\nMake it larger:\nthe game waits."
        texts.first(Static).update(text)
