"""The privacy screen of DESIGN §3: "Pass to Ann — everyone else look away".

It is a full ``Screen`` with an opaque background, not a see-through modal, so nothing of
the table underneath is drawn while it is up. It may show what just happened in public.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static
from cardtable.ui.widgets import Footer

__all__ = ["PrivacyScreen", "fit_recent"]

_BOX_WIDTH = 66
"""``#privacy-box``'s width in ``privacy.tcss``."""
_BOX_FRAME = 6
"""Columns of the box that hold no text: the double border and two columns of padding, both sides."""
_FIXED_ROWS = 18
"""Rows of the screen that are not the "Just happened" list: the box without the list is
13 rows (border, padding, title, name, "look away", the list's title, "Press Enter" and
their margins), the key bar 1, and 4 to spare: a box within 5 rows of the screen's height
makes Textual 8.2.8 draw a scrollbar on the screen."""


def _wrapped(line: str, width: int) -> list[str]:
    """``· line`` wrapped to ``width`` columns, continuation rows indented by two."""
    return textwrap.wrap(line, width, initial_indent="· ", subsequent_indent="  ") or ["·"]


def fit_recent(lines: Sequence[str], width: int, rows: int, earlier: int = 0) -> tuple[str, int]:
    """The "Just happened" list for ``rows`` screen rows of ``width`` columns.

    ``lines`` are public log lines, oldest first; ``earlier`` counts lines the caller
    already left out between ``lines[0]`` and ``lines[1]`` (see ``table.just_happened``).
    Shown: the newest lines that fit, whole and in order, and before them ``lines[0]`` (the
    move that set off a long sequence, e.g. a bet) when the two newest still fit beside it;
    one "… N more in the log …" row
    stands for everything left out. A newest line too long for the room is cut with "…".
    Returns ``(text, number of lines left out)``.
    """
    width, rows = max(width, 10), max(rows, 2)
    blocks = [_wrapped(line, width) for line in lines]
    if not blocks:
        return "", 0
    if not earlier and sum(len(b) for b in blocks) <= rows:
        return "\n".join(row for b in blocks for row in b), 0
    total = len(blocks) + earlier
    # the first move and the "…" row only while the two newest lines still fit beside them
    newest_two = sum(len(b) for b in blocks[-2:]) if len(blocks) > 2 else len(blocks[-1])
    head = blocks[0] if len(blocks) > 1 and len(blocks[0]) + 1 + newest_two <= rows else []
    room = rows - len(head) - (1 if total > 1 else 0)  # the "…" row
    kept: list[list[str]] = []
    for block in reversed(blocks[1:] if head else blocks):
        if len(block) > room:
            break
        kept.insert(0, block)
        room -= len(block)
    if not kept:  # the newest line alone is too long for the room: show its start
        newest = blocks[-1][: max(room, 1)]
        newest[-1] = newest[-1][: width - 1] + "…"
        kept = [newest]
    left_out = total - len(kept) - (1 if head else 0)
    out = list(head)
    if left_out:
        out.append(f"  … {left_out} more in the log …")
    for block in kept:
        out.extend(block)
    return "\n".join(out), left_out


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
        self.recent = tuple(recent)  # every public line since the last hand-over
        self.earlier = left_out  # public lines the caller already left out (counted only)
        self.left_out = left_out  # public lines not listed (set again by ``_fit_recent``)

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy-box"):
            yield Static(self.game_title, id="privacy-game", classes="muted")
            yield Static(f"Pass to {self.player}", id="privacy-name")
            yield Static("Everyone else, please look away.", id="privacy-away")
            if self.recent:
                yield Static("Just happened:", classes="muted privacy-recent-title")
                yield Static("", id="privacy-recent", markup=False)
            yield Static(f"Press Enter when you are {self.player}.", id="privacy-ready")
        yield Footer()

    def on_mount(self) -> None:
        self._fit_recent()

    def on_resize(self) -> None:
        self._fit_recent()

    def _fit_recent(self) -> None:
        """List as many of the newest public lines as the screen has rows for (issue 12.5)."""
        if not self.recent:
            return
        size = self.app.size  # a full screen (its own size is not known yet when mounted)
        rows = size.height - _FIXED_ROWS
        width = min(size.width, _BOX_WIDTH) - _BOX_FRAME
        text, self.left_out = fit_recent(self.recent, width, rows, self.earlier)
        self.query_one("#privacy-recent", Static).update(text)

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.app.confirm_leave()  # type: ignore[attr-defined]
