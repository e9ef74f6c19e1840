"""Shown instead of a screen that does not fit: it names the size needed and goes away by
itself once the terminal is large enough (DESIGN §5)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from cardtable.ui.widgets import Static

__all__ = ["TooSmallScreen", "DEFAULT_MIN_SIZE", "GAME_MIN_SIZE"]

DEFAULT_MIN_SIZE = (60, 16)
"""The least terminal (columns, rows) for the menus, lists and dialogs: every screen without
a ``MIN_SIZE`` of its own."""
GAME_MIN_SIZE = (80, 24)
"""The least terminal for a game: its table, the privacy screen before it, a replay. The
size message of a menu names it too (a fresh tester read "60×16" over the menu, then
"80×24" once the game started), and so does the README."""


def needs_words(need: tuple[int, int]) -> tuple[str, str]:
    """What the size message says is needed, long and short: "at least W×H here" and
    "Needs W×H.", each followed by the game's size when ``need`` is less than that
    (``GAME_MIN_SIZE``), so no screen promises a size a game then refuses."""
    size = f"{need[0]}×{need[1]}"
    if need[0] >= GAME_MIN_SIZE[0] and need[1] >= GAME_MIN_SIZE[1]:
        return f"at least {size} here", f"Needs {size}."
    game = f"{GAME_MIN_SIZE[0]}×{GAME_MIN_SIZE[1]}"
    return f"at least {size} here ({game} for a game)", f"Needs {size}\n({game} to play)."


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
        long, short = needs_words(self.need)
        if width >= 60:
            text = (
                f"This terminal is {width}×{height}.\n"
                f"cardtable needs {long}.\n"
                "Make the window larger: the game carries on where it was."
            )
        else:  # every line fits down to 20 columns; the widget wraps what is left
            text = f"Terminal {width}×{height}.\n{short}\nMake it larger:\nthe game waits."
        texts.first(Static).update(text)
