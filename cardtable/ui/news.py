"""The public news box: what just happened, shown over the table to every player before the
device is passed on (DESIGN §3's public moments; issue 12.7).

When a move makes news (public log entries added with ``Log.add(..., news=True)``, e.g.
Cold War's reveal, its Cold War chain and its result; each game's list is in its
``cards_data/<game>.md``), the table screen pushes this see-through screen before the game
moves on: a box at the foot of the table lists the news and Enter goes on. Before a
hand-over the table underneath shows the public view and the privacy screen comes next;
before a computer player's move, or when the same person goes on, it stays until a key too;
with nobody but computer players at the table ("watch") it goes by itself after a pause.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from textual.app import ComposeResult
from textual import events
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from cardtable.ui.privacy import fit_recent
from cardtable.ui.widgets import Footer

__all__ = ["NewsScreen"]

_MAX_ROWS = 8
"""At most this many rows of news (the box then covers the decision panel and a little more)."""


class _NewsLines(Static):
    """The news lines; each change of their width (F1's keys panel opening or closing beside
    the box, a resize) wraps them again for the new width."""

    fitted: str = ""

    def on_resize(self, event: events.Resize) -> None:
        screen = self.screen
        if isinstance(screen, NewsScreen):
            screen._fit()


class NewsScreen(ModalScreen[bool]):
    """Lists ``news`` (public log lines, oldest first) over the table; Enter (or space)
    dismisses it with ``True``. ``next_player`` names who takes the device next (``None``:
    nobody). ``public`` says the table underneath is the public view, so everyone may look
    (the box's title says so only then). ``pause`` (seconds, ``None``: wait for a key)
    dismisses it by itself after that time: the watch mode's pause.
    Keys pressed within ``grace`` seconds of showing (at least the privacy guard,
    ``privacy.privacy_guard``) are dropped, and each dropped key starts that time again, so
    the key that made the move, pressed twice or held, skips neither the news nor, through
    it, the privacy screen behind it."""

    CSS_PATH = "news.tcss"
    BINDINGS = [
        Binding("enter", "go_on", "Go on", priority=True),
        Binding("space", "go_on", "Go on", show=False, priority=True),
        Binding("question_mark", "rules", "Rules", key_display="?"),
        Binding("q", "leave", "Leave"),
        Binding("f1", "app.toggle_keys", "Keys", show=False),
    ]
    """Enter goes on; ``?`` and F1 work as on the table (the rules, the keys panel): the app's
    own F1 does not reach a modal screen."""

    def __init__(self, news: Sequence[str], next_player: str | None = None, grace: float = 0.0, *, public: bool = True, pause: float | None = None) -> None:
        super().__init__()
        self.news = tuple(news)
        self.next_player = next_player
        self.public = public
        self.pause = pause
        self.left_out = 0
        self._grace = grace
        self._ready_at = float("inf")  # set when shown (``on_mount``), on the app's clock

    def _clock(self) -> float:
        return getattr(self.app, "clock", time.monotonic)()

    def _guard(self) -> float:
        from cardtable.ui.privacy import privacy_guard

        return max(self._grace, privacy_guard())

    def on_key(self, event: events.Key) -> None:
        """Drop every key inside the guard window, and start the window again."""
        now = self._clock()
        if now < self._ready_at:
            event.stop()
            event.prevent_default()
            self._ready_at = now + self._guard()

    def compose(self) -> ComposeResult:
        with Vertical(id="news-box") as box:
            box.border_title = "Just happened — everyone may look" if self.public else "Just happened"
            yield _NewsLines("", id="news-lines", markup=False)
            then = f" — then pass to {self.next_player}" if self.next_player else ""
            go_on = "Going on in a moment (Enter: now)." if self.pause is not None else f"Press Enter to go on{then}."
            yield Static(go_on, id="news-go-on", markup=False)
        yield Footer()

    def on_keys_panel_toggled(self, message) -> None:
        """F1's keys panel opened or closed on this box: once laid out, the table beneath
        is drawn for the columns the panel leaves it (``TableScreen.leave_room``), as when
        the panel opens on the table itself, instead of running on under the panel."""
        message.stop()
        self.call_after_refresh(self._share_room)

    def _share_room(self) -> None:
        if not self.is_attached:
            return
        panels = [p for p in self.query("KeysPanel") if p.display]
        self._room_for(panels[0].outer_size.width if panels else 0)

    def _room_for(self, columns: int) -> None:
        """Tell the table beneath (if any) that ``columns`` at its right are covered."""
        below = self.app.screen_stack[:-1] if self in self.app.screen_stack else []
        table = below[-1] if below else None
        leave_room = getattr(table, "leave_room", None)
        if callable(leave_room):
            leave_room(columns)

    def on_unmount(self) -> None:
        for screen in self.app.screen_stack:  # the box is gone: the table has its width back
            if callable(getattr(screen, "leave_room", None)):
                screen.leave_room(0)

    def on_mount(self) -> None:
        self._ready_at = self._clock() + self._guard()
        self._fit()
        if self.pause is not None:
            self.set_timer(max(self.pause, 0.01), self._paused)

    def _paused(self) -> None:
        if self.is_current:
            self.dismiss(True)

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Wrap the news to the width its lines really have: the screen's less the box's
        border and padding, or less F1's keys panel too while it is open (``_NewsLines``
        refits on every change of its width)."""
        size = self.app.size
        lines = self.query_one("#news-lines", _NewsLines)
        width = lines.content_size.width or size.width - 4
        rows = max(2, min(_MAX_ROWS, size.height - 14))
        text, self.left_out = fit_recent(self.news, width, rows)
        if text != lines.fitted:
            lines.fitted = text
            lines.update(text)

    def action_rules(self) -> None:
        """``?``: the rules of the game under the box (the table's own ``?``); the box is
        there again when they close."""
        table = next((s for s in reversed(self.app.screen_stack) if s is not self and callable(getattr(s, "action_rules", None))), None)
        if table is not None and self._clock() >= self._ready_at:
            table.action_rules()

    def action_go_on(self) -> None:
        if self._clock() < self._ready_at:
            return
        self.dismiss(True)

    def action_leave(self) -> None:
        if self._clock() < self._ready_at:
            return
        self.app.confirm_leave()  # type: ignore[attr-defined]
