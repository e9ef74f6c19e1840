"""The public news box: what just happened, shown over the table to every player before the
device is passed on (DESIGN §3's public moments; issue 12.7).

When a move makes news (public log entries added with ``Log.add(..., news=True)``, e.g.
Cold War's reveal, its Cold War chain and its result; each game's list is in its
``cards_data/<game>.md``), the table screen pushes this see-through screen before the game
moves on: a box in the place of the table's decision panel, covering it whole (border
included), lists the news and Enter goes on; news too long for the panel's rows takes whole
boxes of the table above it too, never part of one, or, where that would cover far more
rows than the news needs, the panel grows under the box (``NewsScreen._place``). Before a
hand-over the table underneath shows the public view and the privacy screen comes next;
before a computer player's move, or when the same person goes on, it stays until a key too;
with nobody but computer players at the table ("watch") it goes by itself after a pause.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

from textual.app import ComposeResult
from textual import events
from textual.binding import Binding
from cardtable.ui.containers import OneLayoutPass, Vertical
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Static

from cardtable.ui.privacy import fit_recent
from cardtable.ui.widgets import Footer

__all__ = ["NewsScreen", "clean_top", "TOO_SOON_SUBTITLE"]

TOO_SOON_SUBTITLE = "too soon: that key did nothing"
"""The box's border subtitle after its guard dropped a key (``NewsScreen.said_too_soon``),
until it takes a key: a hostile-player trial's dropped key gave no sign."""

_MAX_ROWS = 8
"""At least this many rows of news may be shown, and up to half the screen's rows on a tall
screen (``_news_rows``); the box then covers the decision panel and, if it needs the rows,
the whole boxes of the table just above it."""


def _news_rows(height: int) -> int:
    """The most rows of news on a screen ``height`` rows tall: ``_MAX_ROWS``, or half the
    screen when that is more, always leaving 14 rows (the title and the table's top) and
    at least 2. A fresh tester read "… 7 more in the log …" over the fights that decided a
    FOFL game; at 200×60 the box stopped at 8 rows with 40 free."""
    return max(2, min(max(_MAX_ROWS, height // 2), height - 14))
_CHROME = 3
"""The rows of the box that are not news: its top and bottom border and "Press Enter"."""
_SLACK = 2
"""Rows of table the box may cover beyond its news to cover a box of the table whole;
with more, the decision panel grows under the box instead (``NewsScreen._grow``)."""


_SETTLE = 4
"""The refreshes of the table a grown decision panel waits for the table to give up its rows
(a part redrawn for the rows it has now) before it takes its own height back
(``NewsScreen._check_grown``)."""


def clean_top(boxes: Sequence[tuple[int, int]], top: int) -> int:
    """The lowest row at or above ``top`` that cuts through none of ``boxes`` (each
    ``(y, bottom)``: its first row and the row after its last): a box starting at that row
    covers each of them whole or not at all. ``clean_top([(3, 9)], 5)`` → ``3``."""
    while top > 0 and any(y < top < bottom for y, bottom in boxes):
        top = max(y for y, bottom in boxes if y < top < bottom)
    return max(top, 0)


def _bordered(widget: Widget) -> bool:
    """Whether ``widget`` is drawn with a border at its top."""
    return widget.styles.border_top[0] not in ("", "none", "hidden", "blank")


class _Line(OneLayoutPass, Static):
    """Textual's ``Static``, laid out in one pass (``OneLayoutPass``)."""


class _NewsLines(_Line):
    """The news lines; each change of their width (F1's keys panel opening or closing beside
    the box, a resize) wraps them again for the new width."""

    fitted: str = ""

    def on_resize(self, event: events.Resize) -> None:
        screen = self.screen
        if isinstance(screen, NewsScreen):
            screen._fit()


class NewsScreen(OneLayoutPass, ModalScreen[bool]):
    """Lists ``news`` (public log lines, oldest first) over the table; Enter (or space)
    dismisses it with ``True``. ``next_player`` names who takes the device next (``None``:
    nobody). ``public`` says the table underneath is the public view, so everyone may look
    (the box's title says so only then). ``only`` names the one person these lines are
    for (a seat's private notes: Black Ops' trade, both cards): the title then says "only
    Ann may look", as the table's title does on a private turn (over a table whose title
    said "Computer 3 is thinking…", the note read as public news to a fresh tester).
    ``pause`` (seconds, ``None``: wait for a key)
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
        Binding("shift+down", "app.scroll_keys(1)", show=False),
        Binding("shift+up", "app.scroll_keys(-1)", show=False),
    ]
    """Enter goes on; ``?`` and F1 work as on the table (the rules, the keys panel), and
    Shift+↓/↑ scroll that panel: the app's own keys do not reach a modal screen."""

    def __init__(self, news: Sequence[str], next_player: str | None = None, grace: float = 0.0, *, public: bool = True, pause: float | None = None, only: str | None = None) -> None:
        super().__init__()
        self.news = tuple(news)
        self.only = only
        self.next_player = next_player
        self.public = public
        self.pause = pause
        self.left_out = 0
        self._grace = grace
        self._ready_at = float("inf")  # set when shown (``on_mount``), on the app's clock
        self._grown: Widget | None = None  # the table's decision panel made taller (``_grow``)
        self._grow_refused = False
        self._shrunk: Widget | None = None  # the table's decision panel made lower (``_shrink``)
        self._shrunk_least = None  # its own min-height, given back with its height
        self._watched: Screen | None = None  # the table whose layouts place the box again

    def _clock(self) -> float:
        return getattr(self.app, "clock", time.monotonic)()

    def _guard(self) -> float:
        from cardtable.ui.privacy import privacy_guard

        return max(self._grace, privacy_guard())

    def on_key(self, event: events.Key) -> None:
        """Drop every key inside the guard window, and start the window again; the box's
        subtitle says so (``said_too_soon``), until a key is taken."""
        now = self._clock()
        if now < self._ready_at:
            event.stop()
            event.prevent_default()
            self._ready_at = now + self._guard()
            self.said_too_soon(True)
        else:
            self.said_too_soon(False)

    def said_too_soon(self, dropped: bool) -> None:
        """Show ``TOO_SOON_SUBTITLE`` on the box's border (``dropped``) or take it away."""
        found = self.query("#news-box")
        if found:
            found.first().border_subtitle = TOO_SOON_SUBTITLE if dropped else ""

    def compose(self) -> ComposeResult:
        with Vertical(id="news-box") as box:
            if self.public:
                box.border_title = "Just happened — everyone may look"
            elif self.only is not None:
                box.border_title = self.only_title(self.app.size.width)
            else:
                box.border_title = "Just happened"
            yield _NewsLines("", id="news-lines", markup=False)
            then = f" — then pass to {self.next_player}" if self.next_player else ""
            go_on = "Going on in a moment (Enter: now)." if self.pause is not None else f"Press Enter to go on{then}."
            yield _Line(go_on, id="news-go-on", markup=False)
        yield Footer()

    def only_title(self, width: int) -> Text:
        """The title of a box of one person's lines (``only``) for a box ``width`` columns
        wide: "Just happened — Dan only" (was "Just happened (only Dan may look)", cut to
        "(only Dan may loo…" beside the log at 80×24), the name cut with "…" where even that
        is too long, else "Just happened — private"."""
        lead, tail = "Just happened — ", " only"
        room = width - 6 - cell_len(lead) - len(tail)  # the corners, the border's lines and a space each side
        name = self.only or ""
        if cell_len(name) > room:
            if room < 4:
                return Text.assemble(lead, ("private", "italic"))
            while cell_len(name) > room - 1:
                name = name[:-1]
            name += "…"
        return Text.assemble(lead, (name + tail, "italic"))

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

    def _table_laid_out(self, table: Screen) -> None:
        """The table under the box was laid out again: the box is put in its place for the
        table's rows as they are now (``_fit``). After a refused grow (``_check_grown``) the
        table lays the panel out at its own height some refreshes later, and the box placed
        before that kept the grown panel's top, cutting a box of the table in two."""
        if self._grow_refused and not self._gone_on:
            self._fit()

    def on_unmount(self) -> None:
        if self._watched is not None:
            self._watched.screen_layout_refresh_signal.unsubscribe(self)
        self._ungrow()  # the decision panel has its own height again (``_grow``)
        for screen in self.app.screen_stack:  # the box is gone: the table has its width back
            if callable(getattr(screen, "leave_room", None)):
                screen.leave_room(0)

    def on_mount(self) -> None:
        self._ready_at = self._clock() + self._guard()
        self._watched = self._table()
        if self._watched is not None:
            # the table under the box is laid out for what it draws now before the box's
            # first frame, which paints the table too: the table is redrawn for the move
            # just before the box is pushed, and its layout would come only at its own next
            # refresh (FOFL's card backs, one card more, wrapped in the width of one less)
            self._watched._refresh_layout()
            self._watched.screen_layout_refresh_signal.subscribe(self, self._table_laid_out)
        self._fit()
        if self._shrunk is not None:
            # the box has just made the decision panel as low as itself (``_shrink``): the
            # table is laid out again for that panel before the box's first frame, else
            # that frame stood over the panel's lower rows, its top border and options
            # above the box (a fresh tester, Bloops at 200×60)
            self._watched._clear_arrangement_cache()  # Textual would see the new height only at its next idle
            self._watched._refresh_layout()
        self.call_after_refresh(self._fit)  # again once the table under it is laid out
        if self.pause is not None:
            self.set_timer(max(self.pause, 0.01), self._paused)

    def _paused(self) -> None:
        if self.is_current:
            self._close()

    _gone_on = False

    def _close(self) -> None:
        """Dismiss the box once: its pause running out and a key (or two keys in one burst)
        may each ask before it is gone, and a second ``dismiss`` of the same screen stopped
        cardtable on an internal error (a fresh tester, computers at a 0.2 s pace)."""
        if not self._gone_on:
            self._gone_on = True
            self.dismiss(True)

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Wrap the news to the width its lines really have: the screen's less the box's
        border and padding, or less F1's keys panel too while it is open (``_NewsLines``
        refits on every change of its width); then put the box in its place (``_place``).
        A box already closed (Enter before the refit it asked for after its first refresh)
        has nothing to fit."""
        found = self.query("#news-lines")
        if not self.is_attached or not found:
            return
        size = self.app.size
        lines = found.first(_NewsLines)
        width = lines.content_size.width or size.width - 4
        rows = _news_rows(size.height)
        text, self.left_out = fit_recent(self.news, width, rows)
        room = self._place(text.count("\n") + 1) - _CHROME
        if self.only is not None and not self.public:  # the box is as wide as the panel it covers
            box = self.query_one("#news-box")
            width = box.styles.width.value if box.styles.width is not None and box.styles.width.is_cells else size.width
            title = self.only_title(int(width))
            if str(box.border_title) != title.plain:
                box.border_title = title
        if self.left_out and room > rows:  # the rows of the boxes it covers are the news's too
            text, self.left_out = fit_recent(self.news, width, room)
        if text != lines.fitted:
            lines.fitted = text
            lines.update(text)

    def _table(self) -> Screen | None:
        """The screen under the box (the table), if any."""
        stack = self.app.screen_stack
        if self not in stack or stack.index(self) == 0:
            return None
        return stack[stack.index(self) - 1]

    def _panel(self) -> Widget | None:
        """The decision panel of the table under the box, if it is shown."""
        table = self._table()
        panels = [p for p in table.query("#decision") if p.display and p.region] if table is not None else []
        return panels[0] if panels else None

    def _place(self, rows: int) -> int:
        """Put the box where the table's decision panel is, covering all of it, border
        included (the fresh tester saw the box cut the panel in half, its title and first
        lines above the box and its bottom border gone: a glitch, not a dialog). News that
        needs more rows than the panel has takes rows above it up to a row that cuts
        through none of the table's boxes (``clean_top``): each box there is covered whole;
        when that would cover more than ``_SLACK`` rows beyond the news, the panel grows to
        the box's height instead (``_grow``) and the box covers it alone. With no decision panel under it the box sits at the foot of the screen. ``rows``:
        the rows of news; returns the rows the box has."""
        box = self.query_one("#news-box")
        table, shown = self._table(), self._panel()
        if table is None or shown is None:
            box.styles.margin = (0, 0, 0, 0)
            box.styles.width = "100%"
            box.styles.min_height = None
            return rows + _CHROME
        panel = shown.region
        foot = self._foot()
        needed = _CHROME + rows
        top = panel.y
        if panel.bottom - top > needed and self._shrink(table, shown, needed):
            top = panel.bottom - needed  # the panel is that low from the next layout on
        elif panel.bottom - top < needed:
            solids = self._solids(table, panel)
            top = clean_top(self._edges(solids), panel.bottom - needed)
            if panel.bottom - top - needed > _SLACK and self._boxes_at(solids, panel.bottom - needed) and self._grow(shown, needed):
                top = panel.bottom - needed  # the panel is that tall from the next layout on
        box.styles.width = panel.width
        box.styles.min_height = panel.bottom - top
        box.styles.margin = (0, 0, max(0, foot - panel.bottom), panel.x)
        return panel.bottom - top

    def _shrink(self, table: Screen, panel: Widget, rows: int) -> bool:
        """Make the table's decision ``panel`` ``rows`` rows high while the box is up, where
        the table takes the rows it gives up (``TableScreen.NEWS_FITS_LINES``: Bloops' foot),
        so that the box is as tall as its news and still covers the panel whole: over
        Bloops' counter-discard window a fresh tester saw one line of news in a box of 7
        rows, 3 of them blank. Returns whether the panel shrinks; ``on_unmount`` gives it
        its height back."""
        if not getattr(table, "NEWS_FITS_LINES", False) or (self._shrunk not in (None, panel)):
            return False
        if self._shrunk is None:
            self._shrunk_least = panel.styles.min_height  # a table's own least height (Bloops' planned panel)
        if panel.styles.height is None or not panel.styles.height.is_cells or panel.styles.height.value != rows:
            panel.styles.height = rows
            panel.styles.min_height = rows
        self._shrunk = panel
        return True

    def _foot(self) -> int:
        """The first row of this screen's key bar (docked at its foot): the box stands on it.
        Before the bar is laid out (the first ``_fit``, from ``on_mount``) the rows it will
        take are known from its height: taking the screen's last row for the foot put the
        box one row too high in the first frame, over the panel's top and above its bottom
        border (a fresh tester saw two bottom borders stacked under the news)."""
        bars = [bar for bar in self.query("KeyBar") if bar.display]
        if not bars:
            return self.size.height
        if bars[0].region:
            return bars[0].region.y
        height = bars[0].styles.height
        return self.size.height - (int(height.value) if height is not None and height.is_cells else 1)

    def _solids(self, table: Screen, panel) -> list[Widget]:
        """Every box of ``table`` beside ``panel``'s columns that the news box must cover
        whole or not at all (``_solid``): one walk of the table for both uses below."""
        return [w for w in table.query("*") if self._solid(w, panel.x, panel.right)]

    @staticmethod
    def _edges(solids: Sequence[Widget]) -> list[tuple[int, int]]:
        """The ``(y, bottom)`` rows of each of ``solids`` (``_solids``), for ``clean_top``."""
        return [(w.region.y, w.region.bottom) for w in solids]

    @staticmethod
    def _boxes_at(solids: Sequence[Widget], row: int) -> bool:
        """Whether everything of ``solids`` (``_solids``) that ``row`` cuts through is a
        box with a border (a hand, the last moves: laid out to the room they get, so the
        table may take a row from them), not a paragraph written for its rows (Black Ops'
        powers at 80×24), which keeps its rows and is covered whole instead. A widget with no
        border inside a box with one that ``row`` cuts too (FOFL's last moves, ``#fofl-last``
        in ``#fofl-lastbox``) is part of that box: it gives up its rows with it (a fresh
        tester at 120×40 saw a two-line news box 27 rows high over FOFL's whole foot)."""
        cut = [w for w in solids if w.region.y < row < w.region.bottom]
        boxes = {w for w in cut if _bordered(w)}
        return bool(boxes) and all(w in boxes or any(a in boxes for a in w.ancestors) for w in cut)

    def _grow(self, panel: Widget, rows: int) -> bool:
        """Make the table's decision ``panel`` at least ``rows`` rows high while the box is
        up, the table above it giving up the rows, so that the box covers the panel alone:
        else a one-line news over a 3-row panel took the whole 16-row foot of Black Ops'
        roomy table above it (the fresh tester at 120×40: "Just happened" over 20 rows, the
        Care Packages, the last moves and the decks hidden). Not when the panel may not be
        that high (its ``max-height``), nor once the table was seen to cut a box of its own
        for it (``_check_grown``). Returns whether the panel grows; ``on_unmount`` gives
        the rows back."""
        limit = panel.styles.max_height
        if self._grow_refused or (limit is not None and limit.is_cells and limit.value < rows):
            return False
        if panel.styles.min_height is None or panel.styles.min_height.value != rows:
            panel.styles.min_height = rows
        if self._grown is None:
            self._grown = panel
            self.call_after_refresh(self._check_grown)
        return True

    def _check_grown(self, tries: int = _SETTLE) -> None:
        """Once the table is laid out around the grown panel: when a box of the table still
        runs under the panel's top after ``tries`` more layouts (a table that could not give
        up the rows; one that can may redraw a part for its new rows a layout later, as
        Bloops' piles do), give the panel its height back and cover the boxes above it
        whole instead: the box is placed again once the table has laid the panel out at its
        own height (``_table_laid_out``)."""
        panel, table = self._grown, self._table()
        if panel is None or table is None or not self.is_attached or not panel.region:
            return
        region = panel.region
        if clean_top(self._edges(self._solids(table, region)), region.y) == region.y:
            return
        if tries > 0:
            table.call_after_refresh(self._check_grown, tries - 1)
            return
        self._grow_refused = True
        self._ungrow()

    def _ungrow(self) -> None:
        if self._grown is not None:
            self._grown.styles.min_height = None
            self._grown = None
        if self._shrunk is not None:
            self._shrunk.styles.clear_rule("height")
            self._shrunk.styles.min_height = self._shrunk_least
            self._shrunk = None

    @staticmethod
    def _solid(widget: Widget, left: int, right: int) -> bool:
        """Whether ``widget`` is drawn as one block beside ``left``–``right`` (columns) that
        the box must cover whole or not at all: a box with a border, or a widget with no
        children (a card's picture, a paragraph)."""
        region = widget.region
        if not widget.display or not widget.visible or region.height < 2 or region.right <= left or region.x >= right:
            return False
        return not widget.children or _bordered(widget)

    def action_rules(self) -> None:
        """``?``: the rules of the game under the box (the table's own ``?``); the box is
        there again when they close."""
        table = next((s for s in reversed(self.app.screen_stack) if s is not self and callable(getattr(s, "action_rules", None))), None)
        if table is not None and not self._early():
            table.action_rules()

    def _early(self) -> bool:
        """Whether a key now comes inside the guard (said on the border, ``said_too_soon``):
        Enter and space are priority keys, which the box's ``on_key`` never sees."""
        early = self._clock() < self._ready_at
        self.said_too_soon(early)
        return early

    def action_go_on(self) -> None:
        if self._early():
            return
        self._close()

    def action_leave(self) -> None:
        if self._early():
            return
        self.app.confirm_leave()  # type: ignore[attr-defined]
