"""The privacy screen of DESIGN §3: "Pass to Ann — everyone else look away".

It is a full ``Screen`` with an opaque background, not a see-through modal, so nothing of
the table underneath is drawn while it is up. It may show what just happened in public.

The key guard: the screen only obeys a key pressed after it has been on screen for
``handover_guard()`` seconds (1 s by default, two privacy guards). Keys already queued when
it appears (the previous player's double Enter), bouncing keys, a held key's repeats and an
impatient second press arrive inside that window and are dropped, and each of them starts
the window again, so the next player has to let go of the keys and press Enter afresh. A dropped key shows a hint on the screen, and a line that stays (``TOO_SOON``): a hostile
tester's early Enter did nothing visible once the hint had gone, and read as ignored.
Once the device is taken, the table holds back the first choice of a settle time
(``enter_settle``, our ruling there), so the Enter after that one plays no move by itself.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from rich.text import Text
from cardtable.ui.containers import OneLayoutPass, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.timer import Timer

from cardtable.ui.recent import cell_wrap, phrase_wrap, wrap_cut
from cardtable.ui.toosmall import DEFAULT_MIN_SIZE
from cardtable.ui.widgets import Footer, HangingText, Static

__all__ = ["KeyGuard", "PrivacyScreen", "TOO_SOON", "RecentNewsScreen", "privacy_guard", "handover_guard", "enter_settle", "fit_recent", "DEFAULT_GUARD", "HANDOVER_GUARDS", "SETTLE_GUARDS"]

TOO_SOON = "That key came too soon and did nothing — press Enter again."
"""The privacy screen's line after its guard dropped a key; it stays until the screen goes
(it names nobody's cards: the screen comes before the private view)."""

DEFAULT_GUARD = 0.5
"""Seconds a privacy screen must be on screen, with no key pressed, before it obeys a key.
Half a second is longer than a double press, a bouncing key or a key repeat's interval
(typically 30–100 ms), and short enough that a person passing the device never waits for it."""


def privacy_guard() -> float:
    """The privacy screen's key guard in seconds: ``CARDTABLE_PRIVACY_GUARD`` when set to a
    number ≥ 0 (the test suite sets 0 for tests that are not about the guard), else
    ``DEFAULT_GUARD``."""
    try:
        return max(0.0, float(os.environ.get("CARDTABLE_PRIVACY_GUARD", DEFAULT_GUARD)))
    except ValueError:
        return DEFAULT_GUARD


HANDOVER_GUARDS = 2
"""The privacy screen's own guard, in privacy guards (``handover_guard``)."""


def handover_guard() -> float:
    """Seconds a privacy screen must be on screen, with no key pressed, before it obeys a
    key: ``HANDOVER_GUARDS`` privacy guards, 1 s by default, 0 when the guard is 0 (tests).

    Our ruling (a hostile tester's Enter, then Enter again 0.7 s later, on the box that ends
    "then pass to Ann": the second press took the device as Ann and showed Ann's hand to
    the player passing it): a second press half a second to a second after the first is an
    impatient repeat by the same person, not the next player, who needs longer than that to
    take the device. Dialogs and the table keep the shorter ``privacy_guard``."""
    return HANDOVER_GUARDS * privacy_guard()


SETTLE_GUARDS = 3
"""The settle time after a hand-over, in privacy guards (``enter_settle``)."""


def enter_settle() -> float:
    """Seconds after a hand-over (the new player's view drawn) in which the first choice on
    the table does nothing but say so (``TableScreen.play``): ``SETTLE_GUARDS`` privacy
    guards, 1.5 s by default, on the same clock as the guard, 0 when the guard is 0 (tests).

    Our ruling (issue 14, a fresh tester's second Enter 1.3 s after "Press Enter when you are
    Bob" played Bob's first option): Enter picks whatever happens to be highlighted, so the
    Enter of the person who just passed the device, or of the new player before they have
    read their cards, must not be taken as a choice. The same holds for every way of
    choosing (a Black Ops tester's click on "Trade with Cat" 0.3 s after taking over played
    it): one choice is forgiven, the first one within the settle time (Enter, an option's
    key, a click on an option or on a card of the table), or a key dropped by the table's
    own guard, ends the settle time (a held Enter that went on after the hand-over was that
    stray press). An arrow is a deliberate look at the options and ends it too. Both times
    run from the moment the new player's view is on screen. The same settle time starts when another person comes to act without a
    hand-over, on a public decision (Cold War's SPY bets in the open right after the
    TARGET's glance: the TARGET's second Enter placed the bet), and for one privacy guard only
    when a choice open to several people comes down to one of them (a Bloops claim asks the claimant which card:
    anyone's key may have claimed, and a fresh tester's doubled key answered for a player
    who had not read the question, showing their card and costing a penalty); a person who acts after a
    computer player, or again after themselves, is never held back."""
    return SETTLE_GUARDS * privacy_guard()

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
    """``· line`` wrapped to ``width`` columns, continuation rows indented by two, each
    break at the best place the rows allow (``recent.phrase_wrap``)."""
    return phrase_wrap(line, width, initial_indent="· ", subsequent_indent="  ") or ["·"]


def fit_recent(lines: Sequence[str], width: int, rows: int, earlier: int = 0, more: str = "in the log") -> tuple[str, int]:
    """The "Just happened" list for ``rows`` screen rows of ``width`` columns.

    ``lines`` are public log lines, oldest first; ``earlier`` counts lines a caller
    already left out between ``lines[0]`` and ``lines[1]`` (the table leaves none out: its
    privacy screen's ``l`` lists every line since the last hand-over). Lines are wrapped
    only as far as the rows need, so a resumed game's whole log costs no more than a few lines.
    Shown: the newest lines that fit, whole and in order, and before them ``lines[0]`` (the
    move that set off a long sequence, e.g. a bet) when the two newest still fit beside it;
    one "… N more in the log …" row (``more`` is its words after the count)
    stands for everything left out; when that row is the first of the list (no first move
    above it) it says "… N earlier lines in the log …": a fresh tester read a list that
    began "… 3 more — l lists them …" as missing its first item. The newest lines stay
    the ones shown (what the next player needs before taking the device); ``l`` lists the rest. The newest line not listed whole keeps the words the
    rows left hold and ends in "…" after a whole word (``recent.wrap_cut``), so no row of
    the list is blank while lines are left out (a newest line too long for the whole room
    is that line).
    Returns ``(text, number of lines left out)``.
    """
    width, rows = max(width, 10), max(rows, 2)
    if not lines:
        return "", 0
    wrapped: dict[int, list[str]] = {}

    def block(i: int) -> list[str]:  # wrapped when first needed: a resumed game gives hundreds
        if i not in wrapped:
            wrapped[i] = _wrapped(lines[i], width)
        return wrapped[i]

    count = len(lines)
    if not earlier and count <= rows and sum(len(block(i)) for i in range(count)) <= rows:
        return "\n".join(row for i in range(count) for row in block(i)), 0
    total = count + earlier
    # the first move and the "…" row only while the two newest lines still fit beside them
    newest_two = sum(len(block(i)) for i in range(max(count - 2, 1), count)) if count > 2 else len(block(count - 1))
    head = block(0) if count > 1 and len(block(0)) + 1 + newest_two <= rows else []
    room = rows - len(head) - (1 if total > 1 else 0)  # the "…" row
    kept: list[list[str]] = []
    first = 1 if head else 0  # the oldest line that may be listed after the "…" row
    for i in range(count - 1, first - 1, -1):
        if len(block(i)) > room:
            break
        kept.insert(0, block(i))
        room -= len(block(i))
    older = count - 1 - len(kept)  # the newest line not listed whole
    if (room > 0 or not kept) and older >= first:
        # its first words in the rows left, not blank rows under a "… N more" row: a fresh
        # tester (FOFL, 80×24) saw lines left out over blank rows of the list
        kept.insert(0, wrap_cut(lines[older], width, max(room, 1), initial_indent="· ", subsequent_indent="  "))
    left_out = total - len(kept) - (1 if head else 0)
    out = list(head)
    if left_out and head:  # between the first move and the newest
        out.append(f"  … {left_out} more {more} …")
    elif left_out:  # the list's first row: what it stands for comes before what follows
        out.append(f"  … {left_out} earlier {'line' if left_out == 1 else 'lines'} {more} …")
    for kept_rows in kept:
        out.extend(kept_rows)
    return "\n".join(out), left_out


class KeyGuard:
    """The key guard of the module's text, for a screen that mixes it in: ``start_guard``
    when the screen comes on top, then ``drop_early_key`` in its ``on_key`` drops every key
    inside the guard window and starts the window again. The privacy screen uses it, and so
    do the dialogs a key at the table opens (``dialogs.ConfirmDialog(guarded=True)``: a
    fresh tester's ``q`` then a shell line typed on answered the Leave question by its ``a``
    key). ``guard`` is in seconds (0: no guard); the clock is the injected ``_clock``, else
    the app's ``clock`` attribute if it has one, else ``time.monotonic``."""

    guard: float = 0.0
    ready_at: float = float("-inf")
    dropped: int = 0
    """Keys dropped by the guard (for tests and the hint)."""
    _clock: Callable[[], float] | None = None

    def clock(self) -> float:
        """The time now, in seconds (monotonic)."""
        if self._clock is not None:
            return self._clock()
        return getattr(self.app, "clock", time.monotonic)()  # type: ignore[attr-defined]

    def start_guard(self) -> None:
        """Start the guard window now (the screen has just come on top)."""
        self.ready_at = self.clock() + self.guard

    @property
    def ready(self) -> bool:
        """Whether a key pressed now is obeyed."""
        return self.clock() >= self.ready_at

    def drop_early_key(self, event: events.Key) -> bool:
        """Drop ``event`` (and start the window again) when it comes inside the guard
        window; ``True`` if it was dropped."""
        if self.ready:
            return False
        event.stop()
        event.prevent_default()
        self.dropped += 1
        self.ready_at = self.clock() + self.guard
        return True


class PrivacyScreen(OneLayoutPass, KeyGuard, Screen[bool]):
    """Asks the named player to take the device; Enter dismisses it with ``True``.

    ``guard`` (seconds, default ``handover_guard()``) and ``clock`` (a ``time.monotonic``-like
    function, default the app's ``clock`` attribute if it has one) are injectable so tests can
    use the real guard without waiting for it.

    ``on_ready`` (optional, no arguments) runs when an accepted Enter dismisses the screen,
    just before it is removed: the table underneath draws the new player's private view
    then, while this opaque screen still covers it, so the first frame after the pop is the
    final screen (issue 13.7) and no frame shows the public table in between.

    ``problem`` (optional, one line) is what the table's save banner says (a move could not
    be saved: a full disk): it is shown on this screen too, as a plain line in the box, since
    the banner is covered until the device is taken (``show_problem`` changes it). It names
    no card.

    ``min_size`` (columns, rows; default ``DEFAULT_MIN_SIZE``) is the screen's ``MIN_SIZE``:
    the table passes its own, so a terminal too small for the table shows the size message
    over this screen, before the hand-over (the hostile tester passed the device at 70×20:
    the privacy screen took it, then the private table was refused just after). The size
    message shows nothing of the table.
    """

    CSS_PATH = "privacy.tcss"
    BINDINGS = [
        Binding("enter", "ready", "I am here"),
        Binding("l", "read_all", "All news"),
        Binding("q", "leave", "Leave"),
    ]

    def __init__(
        self,
        player: str,
        game_title: str,
        recent: Sequence[str] = (),
        left_out: int = 0,
        *,
        guard: float | None = None,
        clock: Callable[[], float] | None = None,
        on_ready: Callable[[], None] | None = None,
        min_size: tuple[int, int] = DEFAULT_MIN_SIZE,
        problem: str | None = None,
    ) -> None:
        super().__init__()
        self.problem = problem
        self.MIN_SIZE = min_size
        """The least terminal (columns, rows) for this screen: the app's ``check_size``."""
        self._on_ready = on_ready
        self.player = player
        self.game_title = game_title
        self.recent = tuple(recent)  # every public line since the last hand-over
        self.earlier = left_out  # public lines the caller already left out (counted only)
        self.left_out = left_out  # public lines not listed (set again by ``_fit_recent``)
        self.guard = handover_guard() if guard is None else guard
        self._clock = clock
        self.ready_at = float("inf")  # set when the screen is first shown
        self._hint_timer: Timer | None = None
        self._recent_shown: object = None  # the "Just happened" list as shown (``_fit_recent``)

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy-box"):
            yield Static(self.game_title, id="privacy-game", classes="muted")
            yield Static(f"Pass to {self.player}", id="privacy-name")
            yield Static("Everyone else, please look away.", id="privacy-away")
            yield Static(self.problem or "", id="privacy-problem", classes="error-line", markup=False)
            if self.recent:
                yield Static("Just happened:", classes="muted privacy-recent-title")
                yield Static("", id="privacy-recent")
            early = Static(TOO_SOON, id="privacy-early", classes="muted", markup=False)
            early.display = False  # until a key is dropped (``on_key``)
            yield early
            yield Static(self._ready_text(), id="privacy-ready")
        yield Footer()

    def _ready_text(self) -> str:
        return f"Press Enter when you are {self.player}."

    def on_screen_resume(self) -> None:
        # the guard runs from the moment the screen is on top (first shown, or uncovered
        # again by a dialog or the too-small screen closing)
        self.start_guard()
        # too small for the screen the hand-over leads to: say so now, not after it
        check_size = getattr(self.app, "check_size", None)  # cardtable's app (not a test's bare one)
        if check_size is not None:
            self.call_after_refresh(check_size)

    def on_key(self, event: events.Key) -> None:
        """Drop every key inside the guard window, and start the window again."""
        if not self.drop_early_key(event):
            return
        early = self.query_one("#privacy-early", Static)
        if not early.display:
            early.display = True
            self._fit_recent()  # one row less for the "Just happened" list
        ready = self.query_one("#privacy-ready", Static)
        ready.update(self._hint_text())
        if self._hint_timer is not None:
            self._hint_timer.stop()
        self._hint_timer = self.set_timer(max(self.guard, 0.01), self._end_hint)

    def _end_hint(self) -> None:
        """Put the "Press Enter" line back once the guard is over by the screen's own clock
        (a timer may fire early by that clock: then wait for the rest of the guard)."""
        left = self.ready_at - self.clock()
        if left > 0:
            self._hint_timer = self.set_timer(max(left, 0.05), self._end_hint)
            return
        self._hint_timer = None
        self.query_one("#privacy-ready", Static).update(self._ready_text())

    def on_mount(self) -> None:
        self.query_one("#privacy-problem", Static).display = bool(self.problem)
        self._fit_recent()

    def show_problem(self, problem: str | None) -> None:
        """Show ``problem`` (the save banner's line) on the screen, or hide it (``None``)."""
        if problem == self.problem:
            return
        self.problem = problem
        if not self.is_mounted:
            return  # composed with it
        line = self.query_one("#privacy-problem", Static)
        line.update(problem or "")
        line.display = bool(problem)
        self._fit_recent()

    def on_resize(self) -> None:
        self._fit_recent()

    def on_keys_panel_toggled(self, message) -> None:
        """F1's keys panel opened or closed beside the box: once it is laid out, the "Just
        happened" list is wrapped again for the box's new width (h101: at 80×24 the list
        wrapped for the whole screen was broken again by the narrower box, "the discard"
        over "pile." at the left edge, continuation rows without their indent)."""
        message.stop()
        self.call_after_refresh(self._refit)

    def _refit(self) -> None:
        if self.is_attached:
            self._fit_recent()

    def _text_width(self) -> int:
        """The columns of text in the box: the screen's width (a full screen: its own size is
        not known yet when mounted) less F1's keys panel when it is open, up to the box's
        own width, less the box's border and padding."""
        panels = [p for p in self.query("KeysPanel") if p.display]
        room = self.app.size.width - (panels[0].outer_size.width if panels else 0)
        return min(room, _BOX_WIDTH) - _BOX_FRAME

    def _hint_text(self) -> str:
        """The lines shown after a dropped key, broken at the comma: as one line it is wider
        than the box's 60 columns of text (the box broke it before its last word, "… when
        you are" over "Bob.")."""
        return f"One moment: let go of the keys,\nthen press Enter when you are {self.player}."

    def _fit_recent(self) -> None:
        """List as many of the newest public lines as the screen has rows for (issue 12.5),
        wrapped for the width the box has (``_text_width``)."""
        if not self.recent:
            return
        size = self.app.size
        width = self._text_width()
        problem_rows = len(cell_wrap(self.problem, width)) + 1 if self.problem else 0  # and its margin
        early = self.query("#privacy-early")
        early_rows = len(cell_wrap(TOO_SOON, width)) if early and early.first().display else 0
        rows = size.height - _FIXED_ROWS - problem_rows - early_rows
        listed = self.left_out
        text, self.left_out = fit_recent(self.recent, width, rows, self.earlier, more="— l lists them")
        if self.left_out <= self.earlier:  # nothing left out that ``l`` would list
            text, self.left_out = fit_recent(self.recent, width, rows, self.earlier)
        if text != self._recent_shown:  # the same list again (a Resize that changed nothing): no repaint
            self._recent_shown = text
            self.query_one("#privacy-recent", Static).update(text)
        if (listed > self.earlier) != (self.left_out > self.earlier):
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``l`` (all the news) only while the box leaves out lines it could list."""
        if action == "read_all":
            return self.left_out > self.earlier
        return True

    def action_read_all(self) -> None:
        """Show every public line since the last hand-over (``RecentNewsScreen``); the guard
        starts again when this screen is uncovered (``on_screen_resume``)."""
        if self.ready and self.left_out > self.earlier:
            self.app.push_screen(RecentNewsScreen(self.recent, self.earlier, self.player))

    def action_ready(self) -> None:
        if self.ready:
            if self._on_ready is not None:
                on_ready, self._on_ready = self._on_ready, None  # once, even for a double Enter
                on_ready()
            self.dismiss(True)

    def action_leave(self) -> None:
        if self.ready:
            self.app.confirm_leave()  # type: ignore[attr-defined]


class RecentNewsScreen(OneLayoutPass, ModalScreen[None]):
    """Every public line the privacy screen was given (``lines``, oldest first), in a box
    that scrolls, over the privacy screen: what its "… N more — l lists them …" row stands
    for (a fresh tester at 80×24 read "… 20 more in the log …" before an 8-player Black Ops
    hand-over, with no way to read the Event and Air Strikes until after it). Only public
    lines are ever given to it, so everyone may read it. ``earlier`` counts lines older still,
    which the game's log holds. Enter, Escape or ``l`` goes back to the privacy screen."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("enter", "back", "Back", show=False),
        Binding("l", "back", "Back", show=False),
    ]

    def __init__(self, lines: Sequence[str], earlier: int, player: str) -> None:
        super().__init__()
        self.lines = tuple(lines)
        self.earlier = earlier
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical(id="recent-news-box"):
            yield Static("Just happened (public: everyone may read)", id="recent-news-title")
            with VerticalScroll(id="recent-news-scroll"):
                if self.earlier:
                    yield Static(f"… {self.earlier} earlier lines are in the log …", classes="muted", markup=False)
                yield Static(HangingText.of(Text("\n".join("· " + line for line in self.lines)), 2), id="recent-news-lines")
            yield Static(f"Enter or Esc: back to \"Pass to {self.player}\"", id="recent-news-back", classes="muted", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._fit()
        self.query_one("#recent-news-scroll").scroll_end(animate=False)

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """The lines scroll within the screen's rows less the box's own: its border, title,
        "back" line and their margins (6), and the key bar (1)."""
        self.query_one("#recent-news-scroll").styles.max_height = max(3, self.app.size.height - 7)

    def action_back(self) -> None:
        self.dismiss(None)
