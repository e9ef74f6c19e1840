"""The table screen every game uses: title line, the game's own table area, the decision
panel, the log panel and the footer, driven by a ``Session``.

The flow (DESIGN §3): after every action, if the next decision is private and belongs to
someone other than the player looking, the table is redrawn from the public view, the news
of the move (public log entries marked ``news``) is shown to everyone in a ``NewsScreen``
over that public table, and then the opaque ``PrivacyScreen`` is pushed; the private view
is drawn only once that player presses Enter. Without a hand-over, news still stops the
table until a key before a computer player's move or when the person looking did not make
it (one person against computer players), or for a short pause when only computer players
sit at the table (``news_pause``). A public decision next is itself the pause (the public
table waits for a person's key); the news of a player who goes on alone waits for the next
stop. Game screens subclass ``TableScreen`` and override ``compose_table()`` and
``show_table(view)``; the default draws every zone generically, so a new game is playable
before it has art of its own.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.css.query import NoMatches
from cardtable.ui.containers import OneLayoutPass, Vertical, VerticalScroll
from textual import events
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.timer import Timer
from textual.worker import Worker, WorkerState

from cardtable.cards import CardDef, CardSet
from cardtable.engine import Action, Decision, IllegalAction, LogEntry, View
from cardtable.engine.index import short_title
from cardtable.engine.session import Session
from cardtable.engine.notes import NoteQueue
from cardtable.ui.cards import PICK_MARK, CardClicked
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen, enter_settle, privacy_guard
from cardtable.ui.toosmall import GAME_MIN_SIZE
from cardtable.ui.widgets import KEY_SHOWN, OPTION_LETTERS, ROLE_KEYS, CardRow, DecisionPanel, Footer, LogPanel, PileWidget, Static, TitleLine, corner_label, option_keys, plain_text, sentence, show_border_title

__all__ = ["SizedBox", "TableArea", "TableScreen", "chose_nothing", "DRAWING_TOO_SOON", "release_render_caches"]


def release_render_caches() -> None:
    """Let Textual forget the render caches of widgets that are gone.

    Textual 8.2.8 memoises ``StylesCache.get_inner_outer`` with an ``lru_cache`` keyed on the
    cache object itself, so up to 1,024 dead widgets' line caches stay alive: a long game
    grew by ~100 KB per move. Clearing that memo after each hand-off (a screen was just
    removed) keeps memory flat; the few live entries are recomputed on the next paint.
    """
    try:
        from textual._styles_cache import StylesCache
    except ImportError:  # pragma: no cover - a future Textual without the module
        return
    clear = getattr(StylesCache.get_inner_outer, "cache_clear", None)
    if clear is not None:
        clear()

_NUMBER_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0")
_ROLE_KEY_SET = frozenset(key for key, _ in ROLE_KEYS.values())
_ROLE_LETTERS = frozenset(key for key in _ROLE_KEY_SET if len(key) == 1)
"""The role keys that are characters (``e p P d``; not Escape, which closes panels too)."""


def input_grace() -> float:
    """Seconds during which keys are ignored after the player to act changes (a double-tap
    by one player must not make the next player's move). ``CARDTABLE_INPUT_GRACE`` overrides
    the default 0.3 s (tests use 0)."""
    try:
        return max(0.0, float(os.environ.get("CARDTABLE_INPUT_GRACE", "0.3")))
    except ValueError:
        return 0.3


def computer_pace(default: float = 0.8) -> float:
    """Seconds a computer player's move stays announced before it is played, so people can
    follow it (issue 15): ``CARDTABLE_COMPUTER_PACE`` when set (tests use 0), else
    ``default`` (the pace setting, ``cardtable.settings``). The thinking time counts
    towards it; ``space`` hurries the move on."""
    try:
        return max(0.0, float(os.environ.get("CARDTABLE_COMPUTER_PACE", default)))
    except ValueError:
        return default


def window_time(pace: float = 0.8) -> float:
    """Seconds a computer waits before it closes a shared window that a person could still
    claim in (a real table gives the others a moment to react): five times the pace, at
    least 3 s, and none when the pace is 0 (tests)."""
    value = computer_pace(pace)
    return 0.0 if value == 0 else max(3.0, 5 * value)


def news_pause(pace: float) -> float:
    """Seconds the news stays on screen by itself when no person plays ("watch", issue 15):
    three computer moves' ``pace`` (2.4 s at the default 0.8 s; 0 skips the news box)."""
    return 3 * max(0.0, pace)


LATE_KEY = 1.5
"""Seconds after a computer closed a shared window a person could act in (Bloops' counter-
discard) during which a key of that window's options is dropped, with a one-line note: it
was pressed for the window (a claim a moment too late), not for the decision that follows.
They run from when the next view is on screen, not from the computer's move: a fresh tester
pressed Bloops' claim key as "Window closing in 1 s" ran out, more than the 1.0 s this was
after the close, and kept a drawn card at position 1 that they had not yet read."""

STRAY_GAP = 0.15
"""Seconds within which a choice following a choice the settle time held back is held back
too (and the time starts again): keys that close together are one burst (a held key's
repeat, a doubled tap), not a reader's answer. A fresh tester's ``1 Enter Enter Enter``
as Cold War's TARGET: ``1`` glanced, the first Enter was held back as Ann took over to bet,
and the second placed Ann's bet for her. A person who reads the options first answers
later than this."""

RESIZE_SETTLE = 0.1
"""Seconds the terminal's size must stay put before the table is drawn again for it (a
window dragged bigger sends many sizes; one redraw follows)."""
ONE_PANEL_BELOW = 120
"""Columns under which the screen holds one side panel at a time: the log (42 columns) and
F1's keys panel (about 38) together left an 80-column table about 7 columns, cards and
options cut mid-word (the fresh tester). Below it, opening one closes the other
(``TableScreen.action_toggle_log``, ``TableScreen.make_room_for_keys``)."""


DRAWING_TOO_SOON = "Too soon after the screen changed — press the key again."
"""The decision panel's note on a key dropped while the new player's view was still being
drawn after a hand-over (``TableScreen._note_too_soon``)."""


def chose_nothing(why: str, how: str) -> str:
    """The decision panel's note on a choice that was dropped: ``why`` it chose nothing
    (e.g. "Just handed over") and how to choose, for ``how`` it was made ("Enter", "key" or
    "click"): "Just handed over, so that key chose nothing: press it again to choose."
    Shared by the settle time (``TableScreen._note_settled``) and the input grace and
    privacy guard (``TableScreen._note_too_soon``). ``how`` "command" is a key that is no
    choice (``q``, ``l``, ``?``), which the guard drops too: "…, so that key did nothing:
    press it again." (a fresh tester's ``q`` was told it "chose nothing … to choose").
    ``KeyError`` for another ``how``."""
    if how == "command":
        return f"{why}, so that key did nothing: press it again."
    again = {"Enter": "press it again", "key": "press it again", "click": "click again"}[how]
    return f"{why}, so that {how} chose nothing: {again} to choose."


def settle_why(deciding: Sequence[str], new: Sequence[str], narrowed: bool = False) -> str:
    """How the settle note (``chose_nothing``) starts when people come to act without a
    hand-over: ``deciding`` names every player of the decision now, ``new`` the people
    among them who did not decide before. One player: "Bob just took over". A decision
    shared by several players (Black Ops' Care Package window) opened for all of them at
    once, so nobody took over: "A choice for Ann, Bob and Cat just opened" (more than three
    players: "A choice for 5 players just opened"). A fresh tester read "Bob, Cat just took
    over" when the window opened after Ann's move. ``narrowed``: a decision open to several
    people now asks one of them alone (a Bloops claim's "which card?"): "Now only Bob
    chooses" (a fresh tester's doubled key answered for Bob, who had claimed by another's
    key press, before Bob had read the question)."""
    if narrowed:
        return f"Now only {', '.join(new)} chooses"
    if len(deciding) <= 1:
        return f"{', '.join(new)} just took over"
    if len(deciding) > 3:
        return f"A choice for {len(deciding)} players just opened"
    return f"A choice for {', '.join(deciding[:-1])} and {deciding[-1]} just opened"


_DELIBERATE_KEYS = frozenset({"up", "down", "left", "right", "home", "end", "pageup", "pagedown", "tab", "shift+tab"})
"""Keys that move the highlight: pressed within the settle time, they end it (``on_key``)."""


class SizedBox:
    """Mixin for a widget of a table whose content is drawn to fit the box the layout gives
    it (Cold War's roomy collections, Combat Cards' players' boxes, Bloops' foot): every
    change of its size tells the table (``TableScreen.BoxResized``), which draws the box's
    content again when it was drawn for another size (``TableScreen.drawn_for``,
    ``TableScreen.refit``). Put it before the widget class: ``class Box(SizedBox, Vertical)``.
    The box's size must come from the layout, not from the content drawn in it, or a
    redraw could resize it again (the table compares only the sides it was told of)."""

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(TableScreen.BoxResized(self))  # type: ignore[attr-defined]


class TableArea(SizedBox, Vertical):
    """A game's table area inside ``#table-body`` drawn for the columns it has: F1's keys
    panel or the log panel docked beside the table, a resize, its first layout change them,
    and the table is drawn again (``TableScreen.refit``, as for any ``SizedBox``). The
    screen reads the columns from ``columns()``; the area's width comes from the screen and
    its panels, never from the table drawn in it, so that cannot loop."""

    def columns(self) -> int:
        """The columns the area has now (cells; the screen's before its first layout). The
        table drawn from them is marked as drawn for that width (``TableScreen.drawn_for``)."""
        self.screen.drawn_for(self, height=False)  # type: ignore[attr-defined]
        return self.width_now()

    def width_now(self) -> int:
        """The columns the area has now, without marking the table as drawn for them (for a
        part fitted alone, or to ask whether the layout must change)."""
        return self.size.width or self.screen.size.width


class TableScreen(OneLayoutPass, Screen[None]):
    """A game in progress. ``session.game`` changes on undo, so always go through ``session``."""

    class BoxResized(Message):
        """A ``SizedBox`` of the table changed size (after a resize of the terminal, a panel
        shown or hidden, or its first layout)."""

        def __init__(self, box: Widget) -> None:
            super().__init__()
            self.box = box

    CSS_PATH: ClassVar = "table.tcss"
    MIN_SIZE: ClassVar[tuple[int, int]] = GAME_MIN_SIZE
    ROOMY_SIZE: ClassVar[tuple[int, int]] = (120, 36)
    """From this size (columns, rows) a table uses its roomy layout."""
    HORIZONTAL_BREAKPOINTS: ClassVar = [(0, "-narrow"), (120, "-wide"), (180, "-very-wide")]
    VERTICAL_BREAKPOINTS: ClassVar = [(0, "-short"), (36, "-tall"), (54, "-very-tall")]
    """Textual sets exactly one class of each list on the screen as it is resized (so at
    200×60 the screen is ``-very-wide -very-tall``, not ``-wide``). The roomy layout itself is
    chosen in code by ``self.roomy``: a game's ``show_table`` draws it and marks the screen
    ``-roomy`` (and ``-huge`` where it has a larger one), so its CSS follows what was drawn."""
    ONE_PANEL_BELOW: ClassVar[int] = ONE_PANEL_BELOW
    """Columns under which this table holds one side panel at a time (the module's
    ``ONE_PANEL_BELOW``; a table whose compact layout needs more of the width raises it)."""
    NEWS_FITS_LINES: ClassVar[bool] = False
    """The decision panel under a news box shorter than it is made as low as the box while
    the box is up (``NewsScreen._shrink``): for a table with a part that takes the rows it
    gives up (Bloops' foot), so that the box is as tall as its news, with no blank rows."""
    NEWS_OVER_OWN_VIEW: ClassVar[bool] = False
    """Show the news box before a public decision when the screen is a person's own view
    (one person among computers): for a table whose own view does not show the news."""
    KEYS_HELP: ClassVar = (
        ("↑ ↓ ⏎", "Move through the options; Enter chooses one"),
        ("click", "A card on the table: the option it stands for"),
        ("u", "Undo: not now (only while you may still take your move back; then the key bar shows u)"),
    )
    """Keys F1's panel lists besides the key bar's (``cardtable.ui.keys``). Undo's line
    shows only while ``u`` does nothing (the binding lists it when it works): a fresh tester
    found no undo in the key bar or F1 most of the time and thought there was none."""
    BINDINGS = [
        Binding("1", "choose(1)", "Choose", key_display="1-9"),
        *[Binding(k, f"choose({k})", show=False) for k in _NUMBER_KEYS[1:]],
        *[Binding(k, f"choose('{k}')", show=False) for k in OPTION_LETTERS],
        *[Binding(k, f"choose('{k}')", label, key_display=KEY_SHOWN.get(k)) for k, label in ROLE_KEYS.values()],
        Binding("space", "hurry", "Hurry"),
        Binding("u", "undo", "Undo"),
        Binding("l", "toggle_log", "Log"),
        Binding("question_mark", "rules", "Rules", key_display="?"),
        Binding("q", "leave", "Leave"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        if session.save is not None:
            session.save.deferred_sync = True  # written at once, fsynced after the repaint
        self.cardset = session.game.cardset
        self._public_seen: int | None = None
        """Log entries before this index were listed on a privacy screen; ``None`` until the
        first (it starts where the session says: ``Session.recap_from``)."""
        self._news_seen = len(session.game.log)
        """Log entries before this index have had their news shown (news of the moves made
        before this screen, e.g. before a resume, is old)."""
        self._handoff_pending = False
        self._notes = NoteQueue(session.people, session.notes_owed, read=len(session.game.log))
        """Per person's seat, the private notes it has not seen yet (oldest first): at first
        those a resumed game still owed (``Session.notes_owed``), shown as if just logged."""
        self._actor: tuple[int, ...] | None = None
        self._window = False
        """Whether the decision shown last (``_actor``'s) was open to several seats, computers'
        included (a Bloops counter-discard in a game of one person and computers)."""
        self._bindings_state: tuple | None = None
        self._own_keys = self._own_letters()
        self._ready_at = 0.0
        self._guard_until = float("-inf")
        """Until then (the app's clock) every key is dropped and moves the time on: the hands
        that took the device over must let go of the keys first (see ``on_key``)."""
        self._settle_until = float("-inf")
        """Until then (the app's clock) after a hand-over, the first choice chooses nothing
        (``privacy.enter_settle``, ``_held_back``)."""
        self._settle_why = "Just handed over"
        """How the decision panel starts its note on a choice held back (``_note_settled``)."""
        self._enter_settle_until = float("-inf")
        """Until then (the app's clock) after a window came down to one person, Enter on the
        option highlighted for them chooses nothing (``on_decision_panel_chosen``): their
        option's key counts after one privacy guard, but an Enter is the doubled key of the
        one who claimed (a fresh tester's ``2`` then Enter 0.5 s later answered Bob's "which
        of your cards is a 7?" with the highlighted position 1, a penalty card)."""
        self._aimed: Decision | None = None
        """The shared window (a decision open to several players) in which the highlight was
        moved with a key (``_DELIBERATE_KEYS``): only there does Enter play the highlighted
        option (``on_decision_panel_chosen``)."""
        self._burst_until = float("-inf")
        """Until then (the app's clock) a choice is held back as one more key of the burst
        whose first choice the settle time held back (``STRAY_GAP``, ``_held_back``)."""
        self._unseen = False
        """A hand-over was accepted but the new player's view is not on screen yet: every
        key is dropped, and the guard and settle times start once it is (``_view_shown``)."""
        self._shown_at = float("-inf")
        """When (``time.monotonic``, the clock of Textual's events) the new player's view was
        first on screen: a key made before then was queued during a slow draw (``on_key``)."""
        self._last_input = "Enter"
        """How the last choice was made ("Enter", "key" or "click"), for the settle note."""
        self._settle_note: int | None = None
        """The move number at which the panel said an Enter chose nothing (taken away by
        the next move's redraw)."""
        self._dropped_note: str | None = None
        """The panel's note on a key the guard dropped (``_note_too_soon``), taken away by
        the next key the table takes (``on_key``)."""
        self._think_token = 0
        """Increases whenever a computer's thought starts or is abandoned: an answer
        carrying an older token is ignored (the position moved on, or the table left)."""
        self._thinking: tuple[int, int] | None = None
        """(token, move number) of the thought under way, if any."""
        self._answer: tuple[int, int, Action] | None = None
        """(token, move number, action) of a computer's move waiting for its pace."""
        self._pace_timer: Timer | None = None
        self._hurried = -1
        """The token of a thought whose move is to be played without its pace."""
        self._mover: int | None = None
        """The seat that made the last move (its own news may wait while it goes on)."""
        self._moved_in_public = False
        """Whether the last move was a person's answer to a public decision (its news is
        then shown before that person's own next decision, ``advance``)."""
        self._news_up = False
        """A news box without a hand-over is on top: no computer player thinks meanwhile."""
        self._held_pass: tuple[int, Action] | None = None
        """(move number, action) of a person's "nobody plays" held until the computer
        players in the same window have decided (``play``)."""
        self._waited = -1
        """The move number at which every computer player in the window chose to wait."""
        self._window_note: tuple[str, float] | None = None
        """(what closes the window, when: the app's clock) of the computer's move waiting to
        close a window people may still claim in, shown in the decision panel
        (``_show_window_note``)."""
        self._note_timer: Timer | None = None
        self._closer: int | None = None
        """The token of the computer's answer that will close a window people may act in."""
        self._late_keys: tuple[float, frozenset[str], str] = (float("-inf"), frozenset(), "")
        """(until, keys, what closed it): the keys of a window a computer just closed, dropped
        until then (``LATE_KEY``)."""
        self._box_sizes: dict[str, tuple[int | None, int | None]] = {}
        """Per ``SizedBox`` id, the (width, height) of its content area its content was last
        drawn for (``None``: a side the content does not depend on)."""
        self._drawn_size: tuple[int, int] | None = None
        """The screen's size (columns, rows) when the table was last drawn."""
        self._resize_timer: Timer | None = None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield TitleLine("", id="table-title")
        yield Static("", id="save-banner", markup=False)
        with Vertical(id="table-body"):
            yield from self.compose_table()
        yield DecisionPanel(id="decision")
        yield LogPanel(self.session.game.players, id="log")
        yield Footer()

    @property
    def roomy(self) -> bool:
        """True when the screen is at least ``ROOMY_SIZE``: draw the roomy layout."""
        width, height = self.size
        return width >= self.ROOMY_SIZE[0] and height >= self.ROOMY_SIZE[1]

    def compose_table(self) -> ComposeResult:
        """The game's table area. The default lists every zone generically."""
        yield VerticalScroll(id="generic-zones")

    def option_keys(self, decision: Decision) -> Sequence[str | None] | None:
        """The key shown beside each option of ``decision`` and pressed to choose it: one
        character, or ``None`` for an option reached only by arrows and Enter. The default:
        a recurring move's fixed key (``e`` end turn, ``p`` pass, ``P`` pass for all, ``d``
        done), the others ``1``–``9``, ``0``, then letters, skipping the letters this screen
        binds to its own actions. A screen that gives other letters binds them too:
        ``Binding("p", "choose('p')", ...)`` in its ``BINDINGS``."""
        return option_keys(decision.actions, self._own_keys)

    def _own_letters(self) -> frozenset[str]:
        """Letter keys the screen binds to something other than choosing an option."""
        return frozenset(
            key
            for key, bindings in self._bindings.key_to_bindings.items()
            if len(key) == 1 and key.isalpha() and any(not b.action.startswith("choose") for b in bindings)
        )

    def card_label(self, defn: CardDef) -> str:
        """The corner text of a card (games override, e.g. ``"7♥"``)."""
        return corner_label(defn)

    REVEAL_COUNTED: ClassVar[tuple[str, ...]] = ()
    """Zones (names, or the start of their names: ``"out:"``) the game-over reveal gives as
    a count, not card by card (``gameover.reveal_lines``): public history that every player
    saw played and the log keeps, not a secret of the end (issue 14: Combat Cards' reveal
    listed every card of the game)."""

    @classmethod
    def reveal(cls, view: View, cardset: CardSet | None, width: int, lines_each: int | None) -> list[Text] | None:
        """The game-over screen's reveal as this game's table draws it: lines of at most
        ``width`` cells from the finished game's face-up ``view`` (``build_view(...,
        reveal_all=True)``), a card at most ``lines_each`` lines high (``None``: as many as
        it needs; the screen asks for fewer, down to 1, when the result is taller than it:
        ``GameOverScreen._fit_reveal``), or ``None`` for the shared one
        (``gameover.reveal_lines``: each seat's cards as chips). Bloops draws its areas in
        their positions."""
        return None

    # ------------------------------------------------------------------ flow
    def on_mount(self) -> None:
        self.query_one("#log", LogPanel).display = False
        self.query_one("#save-banner", Static).display = False
        self.advance()
        self.show_save_problem()

    def on_unmount(self) -> None:
        self._abandon_thought()
        self.session.close()  # another window may resume the game now

    def show_save_problem(self) -> None:
        """Show or hide the banner saying that moves are not being saved and why (a full
        disk, a read-only folder). The banner wraps and is the only notice: a toast saying
        the same covered its right half at 80 columns. A toast says when saving works again."""
        if not self.is_attached or self.app.screen is not self and self not in self.app.screen_stack:
            return  # the table has already been replaced (e.g. by the game-over screen)
        banner = self.query_one("#save-banner", Static)
        text = self.save_problem_text()
        for screen in self.app.screen_stack:  # the banner is covered until the device is taken
            if isinstance(screen, PrivacyScreen):
                screen.show_problem(text)
        if text is None:
            if banner.display:
                banner.display = False
                self.notify("Saving works again: every move is saved.", title="Saved", timeout=4)
            return
        banner.update(text)
        banner.display = True

    def save_problem_text(self) -> str | None:
        """The save banner's line: why moves are not being saved and how many are not, or
        ``None`` while every move is saved."""
        problem = self.session.save_problem
        if problem is None:
            return None
        unsaved = self.session.unsaved_moves
        return problem + (f" ({unsaved} move{'s' if unsaved != 1 else ''} not saved)" if unsaved else "")

    def on_screen_resume(self) -> None:
        # on top (first shown, or a privacy screen passed while the terminal was small):
        # the table needs MIN_SIZE, which the screen above may not have needed
        self.call_after_refresh(self.app.check_size)  # type: ignore[attr-defined]
        if self._drawn_size is not None and tuple(self.size) != self._drawn_size:
            self.call_after_refresh(self.redraw)  # resized while another screen was on top
        if self._answer is not None and self._pace_timer is None:
            self._play_answer()  # a computer's move that came while a dialog was on top
        if self._unseen:
            self.call_after_refresh(self._view_shown)

    def _view_shown(self) -> None:
        """The new player's view has been drawn on screen after a hand-over (the privacy
        screen popped and the table refreshed): the privacy guard and the settle time start
        now, not at the Enter that dismissed the privacy screen, so a draw that stalls on a
        loaded machine does not use them up while keys queue (a tester's 30 Enters played a
        whole FOFL turn)."""
        if not self._unseen:
            return
        self._unseen = False
        self._shown_at = time.monotonic()
        self._ready_at = self._shown_at + input_grace()
        self._guard_until = self._clock() + privacy_guard()
        self._settle_until = self._clock() + enter_settle()

    def on_resize(self, event: events.Resize) -> None:
        """A new size may want another arrangement (rows of seats, sizes of cards, the
        roomy or the compact layout): once the resizing pauses for ``RESIZE_SETTLE``
        seconds and the widgets have their new sizes, the table is drawn again. A game's
        own ``on_resize`` runs as well (Textual calls both). Narrowed under
        ``ONE_PANEL_BELOW`` with both side panels open, F1's keys panel closes
        (``keep_one_panel``)."""
        self.keep_one_panel(event.size.width)
        if self._resize_timer is not None:
            self._resize_timer.stop()
        self._resize_timer = self.set_timer(RESIZE_SETTLE, lambda: self.call_after_refresh(self._redraw_resized))

    def _redraw_resized(self, passes: int = 2) -> None:
        """Draw the table for its new size; a second pass follows once the first is laid
        out (cards sized from their boxes need the boxes' new sizes)."""
        self._resize_timer = None
        if self.is_current and not self.taken_down:
            self.redraw()
            if passes > 1:
                self.call_after_refresh(self._redraw_resized, passes - 1)
            else:
                self.call_after_refresh(self._relayout_table)

    def leave_room(self, columns: int) -> None:
        """Keep the table out of the ``columns`` at the right of the screen that a screen
        on top covers (F1's keys panel opened over the "Just happened" box): the table
        area narrows by them, so its ``TableArea`` is drawn again for the width it really
        has; ``0`` gives the width back."""
        body = self.query("#table-body")
        if not body:
            return
        margin = body.first().styles.margin
        if margin.right != columns:
            body.first().styles.margin = (margin.top, columns, margin.bottom, margin.left)

    def drawn_for(self, box: Widget, *, width: bool = True, height: bool = True) -> None:
        """Note that the content of ``box`` (a ``SizedBox``) was just drawn for the size its
        content area has now, on the sides named (its cards sized from its width, its
        height, or both). When the box reaches another size on one of those sides, the
        table calls ``refit(box)``; a box never drawn for a size is left alone."""
        size = box.content_size
        self._box_sizes[str(box.id)] = (size.width if width else None, size.height if height else None)

    def refit(self, box: Widget) -> None:
        """Draw the content of ``box`` again for the size it has now (``drawn_for``). The
        default draws the whole table again; a game may draw that box alone."""
        self.redraw()

    def on_table_screen_box_resized(self, message: BoxResized) -> None:
        box = message.box
        drawn = self._box_sizes.get(str(box.id))
        if drawn is None or not self.is_attached or self.taken_down:
            return
        size = box.content_size
        if (drawn[0] is not None and drawn[0] != size.width) or (drawn[1] is not None and drawn[1] != size.height):
            self.refit(box)

    def _relayout_table(self) -> None:
        """Lay every widget of the table out again once the redraws for a new size are done.
        A widget whose content grew during those redraws (a pile drawn taller for the
        roomier foot) could keep the height of its old layout, its new lines cut off, until
        the next move: its layout request, made while the screen was laying itself out,
        was lost. A fresh start at that size never had the old layout to keep."""
        if self.is_attached and not self.taken_down:
            for widget in self.query_one("#table-body").query("*"):
                widget.refresh(layout=True)

    # ------------------------------------------------------------------ computer players
    def think(self) -> None:
        """When computer seats act now, ask them (``cardtable.bots.choose`` in the order of
        ``Session.computer_turn``) in a thread worker on a copy of the game, so the screen
        never freezes; the answer is played after the pace (``computer_pace``). Nothing
        happens while a move for this position is already on its way (``_on_its_way``): a
        person's key (a held "nobody plays", ``play``) must not start the thought again nor
        drop the answer waiting for its pace, or keys pressed faster than the pace kept the
        computer from ever moving (a tester's P every 0.75 s stalled Black Ops for 12 minutes)."""
        session = self.session
        order = session.computer_turn()
        moves = session.game.moves
        if not order or self._handoff_pending or self._on_its_way(moves):
            return
        self._abandon_thought()
        token = self._think_token
        self._thinking = (token, moves)
        self.refresh_bindings()
        game = session.game.clone()
        levels = dict(session.computers)
        started = time.monotonic()
        recall = session.memories_later([seat for seat, _ in order])  # what each seat saw (Bloops)

        def work() -> tuple[int, int, Action | None, float]:
            from cardtable.bots import choose

            memories = recall()
            for seat, may_wait in order:
                action = choose(game, seat, levels[seat], game.seed, may_wait=may_wait, memory=memories.get(seat))
                if action is not None:
                    return token, moves, action, started
            return token, moves, None, started

        self.run_worker(work, name="computer-player", group="computer-player", thread=True, exit_on_error=False)

    def _on_its_way(self, moves: int) -> bool:
        """Whether a computer's move for the position after ``moves`` moves is on its way: its
        thought is under way, or its answer waits for its pace, a window's countdown or the
        table to be back on top (``_play_answer``)."""
        thought = self._thinking
        return (thought is not None and thought[1] == moves) or self._answer_waiting(moves)

    def _answer_waiting(self, moves: int) -> bool:
        """Whether a computer's chosen move for the position after ``moves`` moves waits to
        be played (for its pace, a window's countdown or the table to be back on top)."""
        answer = self._answer
        return answer is not None and answer[0] == self._think_token and answer[1] == moves

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "computer-player" or not self.is_attached:
            return
        if event.state == WorkerState.ERROR:
            self.notify(f"The computer player could not decide: {worker.error}", title="Computer player", severity="error", markup=False)
            return
        if event.state != WorkerState.SUCCESS or worker.result is None:
            return
        token, moves, action, started = worker.result
        if token != self._think_token:
            return  # a thought abandoned since (a person acted, or undo)
        self._thinking = None
        if action is None:
            self._waited = moves
            self.refresh_bindings()
            held, self._held_pass = self._held_pass, None
            if held is not None and held[0] == moves == self.session.game.moves:
                self._settle_until = float("-inf")  # chosen before, not a stray input now
                self.play(held[1])  # the person's "nobody plays", now that the computers pass too
            elif moves == self.session.game.moves:
                self.redraw()  # the title and the panel stop saying a computer is thinking
            return  # every computer seat waits: the people in the window act
        self._answer = (token, moves, action)
        delay = 0.0 if self._hurried == token else max(0.0, computer_pace(self._pace_setting()) - (time.monotonic() - started))
        wait = window_time(self._pace_setting())
        if wait > 0 and self._hurried != token and self._closes_on_people(action):
            delay = max(delay, wait)
            self._closer = token
            self._window_note = (self._closing_words(action), time.monotonic() + wait)
            self._show_window_note()
            self._note_timer = self.set_interval(0.5, self._show_window_note)
        if delay > 0:
            self._pace_timer = self.set_timer(delay, self._paced)
        else:
            self._play_answer()

    def _pace_setting(self) -> float:
        settings = getattr(self.app, "settings", None)
        return settings.computer_pace if settings is not None else 0.8

    def _a_computer_may_close(self) -> bool:
        """Whether a computer seat may close the game's current decision for everyone (it is
        offered to several seats, a computer among them, with a pass for all): such a window
        closes by itself after ``window_time`` (``_closes_on_people``), so it does not hold
        news on screen until a person's key (Bloops ruling 19, Black Ops ruling 20 in
        ``cards_data/<game>.md``: news waits for a key before a computer's move). The whole
        decision is read: a person's visible part names their seat alone."""
        decision, computers = self.session.game.decision(), self.session.computers
        return decision is not None and len(decision.seats) > 1 and any(seat in computers for seat in decision.seats) and any(a.role == "pass-all" for a in decision.actions)

    def _closes_on_people(self, action: Action) -> bool:
        """Whether a computer's ``action`` closes a shared window in which a person may
        still claim (Bloops' counter-discard: the active computer's pass or BLOOPS!)."""
        decision = self.session.game.decision()
        if action.role != "pass-all" or decision is None or len(decision.seats) < 2:
            return False
        people = self.session.visible_decision()
        return people is not None and any(a.role != "pass-all" for a in people.actions)

    def _closing_words(self, action: Action) -> str:
        """What the window's closing note says will happen (``_show_window_note``): the
        computer's closing ``action``'s label where it is the only way that seat can close
        the window, else nothing: in Bloops the active computer ends its turn or calls
        BLOOPS!, and naming which before it is made told people the call was coming while
        they could still claim (a fresh tester: "tells a person the computer thinks it is
        lowest"; ruling in cards_data/bloops.md, counter-discard window)."""
        decision = self.session.game.decision()
        seat = action.get("seat")
        closers = [a for a in decision.actions if a.role == "pass-all" and a.get("seat") == seat] if decision is not None else []
        return action.label if len(closers) < 2 else ""

    def _paced(self) -> None:
        self._pace_timer = None
        self._play_answer()

    def _show_window_note(self) -> None:
        """Say in the decision panel, over the prompt, that a computer's move closes the
        window soon and in how many seconds (counting down): "Window closing in 4 s — Nobody
        claims: end Cpu B's turn. Claim now if you can (space: now)." A toast there covered
        the seats at the top right of the table (the fresh tester, in Bloops)."""
        if self._window_note is None or not self.is_attached:
            return
        label, when = self._window_note
        left = max(1, int(when - time.monotonic() + 0.999))
        said = f" — {sentence(label)}" if label else "."
        self.query_one(DecisionPanel).show_note(f"Window closing in {left} s{said} Claim now if you can (space: now).")

    def _drop_window_note(self) -> None:
        """Take the window's closing note away: the window it announced has closed or
        changed (a stale note would say a move is coming that is not)."""
        shown, self._window_note = self._window_note, None
        if self._note_timer is not None:
            self._note_timer.stop()
            self._note_timer = None
        if shown is not None:
            for panel in self.query(DecisionPanel):  # none while the screen is being taken down
                panel.show_note(None)

    def _abandon_thought(self) -> None:
        """Forget the thought and the answer under way (a late answer is then ignored)."""
        if self.is_attached:
            self._drop_window_note()
        self._closer = None
        self._think_token += 1
        if self._thinking is not None or self._answer is not None:
            self._thinking = None
            self._answer = None
            if self.is_attached:
                self.refresh_bindings()
        if self._pace_timer is not None:
            self._pace_timer.stop()
            self._pace_timer = None

    def _play_answer(self) -> None:
        """Play the computer's answer through the session (saved like any move), unless the
        position moved on; while a dialog or the rules are on top, wait until the table is
        back (``on_screen_resume``)."""
        if self._answer is None or not self.is_attached:
            return
        if self.app.screen is not self:
            return
        token, moves, action = self._answer
        self._answer = None
        if token != self._think_token or moves != self.session.game.moves:
            self.think()
            return
        self._mover = self._mover_of(action)
        self._moved_in_public = False  # a computer's move: its news is shown when a person decides
        if self._closer == token:  # keys pressed for this window from now on come too late
            panel = self.query_one(DecisionPanel)
            self._late_keys = (float("inf"), frozenset(k for k in panel.keys if k), action.label)
            self.call_after_refresh(self._late_keys_from_now)
        try:
            self.session.act(action)
        except IllegalAction as err:  # pragma: no cover - choose returns legal moves
            self.notify(str(err), title="Not allowed", severity="warning", markup=False)
            return
        self._after_move()

    def _late_keys_from_now(self) -> None:
        """The window's keys stay too late for ``LATE_KEY`` from now, when the view that
        followed the close is on screen (until then they are dropped whatever the time)."""
        until, keys, closed = self._late_keys
        if until == float("inf"):
            self._late_keys = (self._clock() + LATE_KEY, keys, closed)

    def action_hurry(self) -> None:
        """Play the computer's waiting move now instead of after its pace."""
        if self._pace_timer is not None:
            self._pace_timer.stop()
            self._pace_timer = None
            self._play_answer()
        elif self._thinking is not None:
            self._hurried = self._thinking[0]  # played as soon as it is decided

    def _leave_private_view(self, seat: int) -> tuple[list[str], int]:
        """The start of every hand-over: from now on the table is public. Every plain
        screen stacked over it (card texts, Specialists, rules) closes, since each was
        opened for the player who was looking: a key read in the same burst as the move that
        hands over (the hostile tester's FOFL ``e`` + ``i``) opened the old viewer's card
        texts before the move was played, the privacy screen went on top, and its Enter
        showed them to the next player. A dialog (leave, undo) shows nothing private and may
        still be mounting (popping one mid-mount broke it); the too-small screen is the
        app's: both stay. Returns what the privacy screen that hands the device to ``seat``
        lists (``_recent_public``)."""
        from cardtable.ui.toosmall import TooSmallScreen  # loaded when first needed, as the app does

        self._handoff_pending = True
        if self in self.app.screen_stack:
            while self.app.screen is not self and not isinstance(self.app.screen, (ModalScreen, TooSmallScreen)):
                self.app.pop_screen()
        self.redraw()  # public view only: the old private view leaves the screen now
        return self._recent_public(seat)

    def _privacy_screen(self, seat: int, recent: list[str], left_out: int, on_ready: Callable[[], None]) -> PrivacyScreen:
        """The privacy screen that hands the device to ``seat`` (``on_ready`` runs when that
        player says they are here), listing ``recent`` and with the table's minimum size and
        save problem."""
        return PrivacyScreen(self.session.game.players[seat], self.session.game.title, recent, left_out, on_ready=on_ready, min_size=self.MIN_SIZE, problem=self.save_problem_text())

    def advance(self) -> None:
        """Move on after an action: game over, a hand-off, or the next decision."""
        session = self.session
        if session.decision() is None or session.handoff_to() is not None:
            # a toast of the private screen (e.g. why a move was refused) may name cards
            self.app.clear_notifications()
        if session.decision() is None:
            self._game_over()
            return
        if self._show_notes():
            return  # advance() runs again once the notes are seen
        news_from = self._news_seen
        news = self._take_news()
        seat = session.handoff_to()
        if seat is not None:
            recent, left_out = self._leave_private_view(seat)
            player = session.game.players[seat]

            def accepted() -> None:  # drawn under the privacy screen, shown by its pop
                session.accept_handoff(seat)
                self._handoff_pending = False
                self._unseen = True  # the guard starts when this view is on screen (_view_shown)
                if not privacy_guard():
                    self._view_shown()  # no guard (the tests that are not about it): nothing to wait for
                self._settle_why = "Just handed over"
                release_render_caches()
                self.redraw()

            def hand_over(_: bool | None = None) -> None:
                self.app.push_screen(self._privacy_screen(seat, recent, left_out, accepted), lambda _: self._own_notes(seat))

            if news:  # public news first, on the public table, for everyone (issue 12.7)
                self.app.push_screen(NewsScreen(news, player, grace=input_grace()), hand_over)
            else:
                hand_over()
            return
        self.redraw()
        if news:
            shown = session.visible_decision()
            if shown is None or shown.private and shown.seats != (self._mover,):
                self._show_news(news)  # a computer moves next, or the person looking did not make it
                return
            if not shown.private and self._a_computer_may_close():
                # a shared window that a computer closes by itself after a countdown: not a
                # stop that waits for a person (ruling 19 of Bloops: news waits for a key
                # before a computer's move), so the news is held up first
                self._show_news(news)
                return
            if self.NEWS_OVER_OWN_VIEW and not shown.private and session.screen_seat() is not None:
                # a public decision, but the screen is a person's own view (the only person
                # among computers) and it shows their hand, not the news (Black Ops with 2
                # players: the person closed the window and deals next, a Health lost unseen)
                self._show_news(news)
                return
            if shown.private and self._moved_in_public:
                # the result of a public decision (Cold War's bet in the open) before the
                # mover's own next decision: a public result stays up first (issue 14)
                self._show_news(news)
                return
            if shown.private:
                self._news_seen = news_from  # the mover goes on alone: kept for the next stop
            # else the public table waits for a person's key, everyone may look: seen
        self.think()

    def _recent_public(self, seat: int) -> tuple[list[str], int]:
        """Every public line since the last privacy screen, for the next one (to ``seat``),
        and how many of them were left out (none: the privacy screen lists the newest that
        fit, and its ``l`` all of them, ``RecentNewsScreen``: a fresh tester read "… 44 more
        — l lists them" over a list that began "… 9 earlier lines are in the log …", when at
        most 40 lines were handed over). The first privacy screen after a resume lists what
        the table would have listed had the game not been left (``Session.recap_from``),
        not every line since the deal."""
        log = self.session.game.log.entries
        start = self.session.recap_from(seat) if self._public_seen is None else self._public_seen
        recent = [e.text for e in log[start:] if e.public]
        self._public_seen = len(log)
        return recent, 0

    def _show_notes(self) -> bool:
        """Show the private notes (``LogEntry.note_for``) before the game goes on: at once to
        the person at the device (``Session.viewer``: the one who last took it, or the only
        person among computers); to another person at their next hand-over, or, when a public decision
        comes first, through a privacy hand-over of its own now (Black Ops ruling 21), except
        for a note whose cards all lie face up by then: it is dropped
        (``NoteQueue.next_reader``; ``notes.table_after`` plays this rule again on a resume).
        Returns whether a screen was pushed (``advance`` runs again when it is gone)."""
        session = self.session
        self._notes.gather(session.game.log.entries)
        here = session.viewer
        if here in self._notes:
            self._note_box(here)  # it draws the table under the box
            return True
        decision = session.decision()
        if not self._notes or decision is None or decision.private:
            return False
        seat = self._notes.next_reader({card.uid for card in session.game.all_cards() if card.up})
        if seat is None:
            return False  # a hand-over only for a note that tells something
        recent, left_out = self._leave_private_view(seat)

        def seen(_: bool | None = None) -> None:
            self._handoff_pending = False
            self._note_box(seat)

        self.app.push_screen(self._privacy_screen(seat, recent, left_out, lambda: session.accept_handoff(seat)), seen)
        return True

    def _own_notes(self, seat: int) -> None:
        """After ``seat`` took the device for its own decision: its waiting notes, if any."""
        if seat in self._notes and self.is_attached:
            self._note_box(seat, then=self.redraw)

    def _note_box(self, seat: int, then: Callable[[], None] | None = None) -> None:
        """``seat``'s private notes in a "Just happened" box that is not public; Enter goes
        on: ``then``, or ``advance`` again."""
        notes = [entry.text for entry in self._notes.take(seat)]

        def went_on(_: bool | None = None) -> None:
            self._news_up = False
            if self.is_attached:
                self._guard_after_box()
                (then or self.advance)()

        only = self.session.game.players[seat]
        # no computer thinks while the box waits for its key: the title and the panel say
        # who plays next (a fresh tester read "Computer 2 is thinking…" over "Me only")
        self._news_up = True
        self.redraw()
        self.app.push_screen(NewsScreen(notes, None, grace=input_grace(), public=False, only=only), went_on)

    def people_playing(self) -> bool:
        """Whether a person still plays: has a seat that is not out of the game
        (``Game.seats_out``). Only then does a "Just happened" box wait for a key; a person out of
        the game watches the rest as when nobody but computer players plays, each box going
        on by itself after a pause (Enter: at once). A fresh tester, out of Black Ops in
        round 5 of 20, had to press Enter for every round's news to the end. The last news of
        the game still waits for a key (``_game_over``)."""
        out = self.session.out
        return any(seat not in out for seat in self.session.people)

    def _game_over(self) -> None:
        """The game has ended: its last news first (Cold War's third Data Breach, the round
        that decided it), in a box over the public table until a key (after a pause when
        nobody but computer players plays), then the game-over screen. Before, the news of
        the move that ended a game was never shown as news (issue 14's fresh tester)."""
        from cardtable.ui.gameover import GameOverScreen

        session = self.session
        self.redraw()
        news = self._take_news()
        pause = None if session.people else news_pause(computer_pace(self._pace_setting()))

        def game_over(_: bool | None = None) -> None:
            if not self.taken_down:
                self.app.switch_screen(GameOverScreen(session))

        if news and (pause is None or pause > 0):
            public = session.screen_seat() is None
            self.app.push_screen(NewsScreen(news, None, grace=input_grace(), public=public, pause=pause), game_over)
        else:
            game_over()

    def _mover_of(self, action: Action) -> int | None:
        """The seat making ``action`` in the decision now (a window's claim names its seat)."""
        decision = self.session.decision()
        if decision is None:
            return None
        seat = action.get("seat")
        if isinstance(seat, int) and seat in decision.seats:
            return seat
        return decision.seats[0] if len(decision.seats) == 1 else None

    def _take_news(self) -> list[str]:
        """The news (public entries marked ``news``) logged since it was last shown, oldest
        first; it counts as shown from now on."""
        entries = self.session.game.log.entries
        start = min(self._news_seen, len(entries))  # an undo may have shortened the log
        self._news_seen = len(entries)
        return [e.text for e in entries[start:] if e.news and e.public]

    def _show_news(self, news: list[str]) -> None:
        """Stop the table on ``news`` without a hand-over (issue 14): until a key when a
        person still plays (``people_playing``; the guards drop the key that made the move, and keys that go on
        pressing after the box is gone), else for ``news_pause``; then the next move (a
        computer player's thought starts only now)."""
        session = self.session
        if self.people_playing():
            pause = None
        else:
            pause = news_pause(computer_pace(self._pace_setting()))
            if pause <= 0:
                self.think()
                return
        public = session.screen_seat() is None

        def went_on(_: bool | None = None) -> None:
            self._news_up = False
            if not self.is_attached:
                return
            self._guard_after_box()
            self.redraw()
            if self._answer is None:
                self.think()

        self._news_up = True
        self.redraw()  # "plays next", not "is thinking…", under the box
        self.app.push_screen(NewsScreen(news, None, grace=input_grace(), public=public, pause=pause), went_on)

    def _guard_after_box(self) -> None:
        """A "Just happened" box (public news or one seat's private notes) has just closed:
        the keys that go on being pressed after the Enter that closed it (a double Enter)
        are dropped for the input grace and the privacy guard, as after any change of
        screen. A fresh tester's second Enter after Cy's private box chose "Cy keeps their
        Load Out" for Cy's next decision, which no undo can take back."""
        self._ready_at = max(self._ready_at, time.monotonic() + input_grace())
        self._guard_until = self._clock() + privacy_guard()

    @property
    def taken_down(self) -> bool:
        """Whether this table's widgets are gone (the screen was replaced or closed): a late
        callback (a deferred refit, a privacy screen left over it) must then do nothing.
        The title is a child of the screen itself: looking it up among the children costs a
        dictionary read, where a query walked the whole table on every late callback."""
        try:
            self.get_child_by_id("table-title")
        except NoMatches:
            return True
        return False

    def redraw(self) -> None:
        """Draw the current view (public unless the acting player accepted the hand-off).
        Does nothing on a table already taken down (a late callback: a privacy screen left
        over it, a deferred refit)."""
        if self.taken_down:
            return
        self._drawn_size = tuple(self.size)
        session = self.session
        view = session.view()
        decision = None if self._handoff_pending else session.visible_decision()
        self.query_one("#table-title", TitleLine).show(self.title_forms(view, decision))
        self.show_table(view)
        panel = self.query_one(DecisionPanel)
        if self._settle_note is not None and self._settle_note != session.game.moves:
            self._settle_note = None
            panel.show_note(None)
        actor = ""
        if decision is not None:
            actor = ", ".join(view.players[s] for s in decision.seats)
            window = self._in_shared_window()
            if decision.seats != self._actor or (self._window and not window):
                people = set(self.session.people)
                before, now = set(self._actor or ()) & people, set(decision.seats) & people
                # a window that was open to several people now asks one of them alone (a
                # Bloops claim: "which of your cards is a 7?"): the key that claimed may
                # have been anyone's, so the next key may not be that player's answer; nor,
                # with one person among computers, may a second key of that person's claim
                # (a fresh tester's volley of Enters claimed, then answered position 1)
                narrowed = len(now) == 1 and ((len(before) > 1 and now < before) or (self._window and not window and now == before))
                if before and (now - before or narrowed):
                    # another person takes over without a hand-over (a public decision, e.g.
                    # Cold War's bet after the TARGET's glance): the Enter of the one who
                    # just moved must not choose for them (privacy.enter_settle)
                    # a window come down to one of its people guards against a doubled key
                    # only (one privacy guard): the claimant who reads the question and
                    # answers within the full settle time is no stray press (a fresh tester's
                    # answers 0.6-1.4 s after a claim were each dropped once)
                    alone = bool(narrowed and not now - before)
                    self._settle_until = max(self._settle_until, self._clock() + (privacy_guard() if alone else enter_settle()))
                    if alone:
                        self._enter_settle_until = self._clock() + enter_settle()
                    self._settle_why = settle_why([view.players[s] for s in decision.seats], [view.players[p] for p in sorted(now - before or now)], narrowed=alone)
                self._actor = decision.seats
                self._ready_at = max(self._ready_at, time.monotonic() + input_grace())
            self._window = window
        waiting = "The game is over." if view.over else "Waiting for the next player…"
        thinker = self.thinker(view)
        if thinker and decision is None:
            waiting = thinker
        keys = self.option_keys(decision) if decision is not None else None
        panel.show(decision, actor, waiting, keys)
        # the panel names the computer thinking in the same window, as the title does
        show_border_title(panel, plain_text(self.panel_title(actor, thinker, panel.outer_size.width)) if decision is not None else "")
        panel.focus_options()
        log = self.query_one(LogPanel)
        if log.display:
            log.show(view.log, view.seat)
        role_keys = tuple(k for k in panel.keys if k in _ROLE_KEY_SET)
        bindings_state = (self._handoff_pending, decision is not None, self.session.can_undo, role_keys)
        if bindings_state != self._bindings_state:
            self._bindings_state = bindings_state
            self.refresh_bindings()

    def unplayable_names(self) -> frozenset[str]:
        """The names of the hand's cards that the decision on screen lists as not playable
        now (``Decision.unplayable``): a game's screen draws them dimmed in the hand (issue
        12.2). Empty on the public table and while a hand-off is pending."""
        decision = None if self._handoff_pending else self.session.visible_decision()
        return frozenset(name for name, _ in decision.unplayable) if decision is not None else frozenset()

    MIN_NAME_CELLS: ClassVar[int] = 3
    """The fewest cells a player's name is cut to (with "…") to keep "(only Ann may look)"
    in the title line (``title_forms``); narrower, the aside goes instead."""

    def title_forms(self, view: View, decision: Decision | None) -> list[Text]:
        """The title line's forms, longest first; the line shows the first that fits its
        width (``TitleLine``: beside the log or F1's panel at 80×24 it has 36 cells). From
        ``title_text``: whole; with the game's short name (``index.short_title``); without the game's name. On a
        private turn the aside "(only Ann may look)" stays longest: after the game's name,
        the players' names give way, cut with "…" to as few as ``MIN_NAME_CELLS`` cells;
        only then come the forms without the aside. A game may add its own."""
        full = self.title_text(view, decision)
        looking = self._only_looking(view, decision)
        plain = full.plain
        if looking is None or not (plain.endswith(")") and " (" in plain):
            return [full, *self._without_game(full)]
        forms = [full, *self._without_game(full)]
        widest = max(cell_len(name) for name in looking)
        for cells in range(widest - 1, self.MIN_NAME_CELLS - 1, -1):
            cut = []
            for name in looking:
                short = Text(name)
                short.truncate(cells, overflow="ellipsis")
                cut.append(short.plain)
            forms.append(self._turn_words(", ".join(cut), aside=True))
        bare = full[: plain.rindex(" (")]
        return [*forms, bare, *self._without_game(bare)]

    def _without_game(self, form: Text) -> list[Text]:
        """``form`` ("Black Ops: Free-For-All — Ann to play …") with the game's short name
        from the game table ("Black Ops", ``index.short_title``) when it has one, then
        without the game's name; nothing when ``form`` does not start with it."""
        game = self.session.game.title
        if not form.plain.startswith(game):
            return []
        rest = form[len(game) :]
        short = short_title(self.session.game.id)
        forms = [Text.assemble((short, "bold"), rest)] if short and short != game else []
        words = rest.plain.lstrip(" —·:")
        if words:
            forms.append(rest[len(rest.plain) - len(words) :])
        return forms

    def _only_looking(self, view: View, decision: Decision | None) -> list[str] | None:
        """The names of the players who alone may look now (a private decision among
        several people, no computer player thinking), or ``None``."""
        if decision is None or not decision.private or len(self.session.people) <= 1 or self.session.sole_person is not None or self.thinker(view):
            return None
        return [view.players[s] for s in decision.seats]

    @staticmethod
    def _turn_words(names: str, *, aside: bool) -> Text:
        """"Ann to play", with " (only Ann may look)" in italics when ``aside``."""
        text = Text(f"{names} to play")
        if aside:
            text.append(f" (only {names} may look)", style="italic")
        return text

    def title_text(self, view: View, decision: Decision | None) -> Text:
        """The title line: the game and whose turn it is."""
        text = Text.assemble((self.session.game.title, "bold"))
        thinker = self.thinker(view)
        if decision is not None:
            names = ", ".join(view.players[s] for s in decision.seats)
            text.append(" — ")
            text.append_text(self._turn_words(names, aside=self._only_looking(view, decision) is not None))
            if thinker:  # a window shared with computer players: one is deciding too
                text.append(f" · {thinker}")
        elif thinker:
            text.append(f" — {thinker}")
        return text

    @staticmethod
    def panel_title(actor: str, thinker: str, width: int) -> str:
        """The decision panel's border title for a panel ``width`` cells wide (0: not laid
        out yet): "Ann to choose · Computer 3 is thinking…", or without the thinker when
        that does not fit between the corners (the screen's title line names them too), so
        the border never cuts it with "…" (a fresh tester saw "Computer 3 is t…" beside
        the log at 80×24)."""
        full = f"{actor} to choose" + (f" · {thinker}" if thinker else "")
        if not thinker or not width or cell_len(full) <= width - 4:
            return full
        return f"{actor} to choose"

    def thinker(self, view: View) -> str:
        """``"Cpu B is thinking…"`` (``"… plays next"`` while news is up) while a computer
        player decides, even in a window a person may act in too; ``""`` otherwise, and
        once every computer player in a shared window has chosen to wait (only the people
        may act then: the fresh tester saw "thinking" in their own counter-discard window). The
        title and the decision panel's border both say it, so they never disagree (issue
        14: the title named the thinking computer while the panel said "Ann to choose")."""
        if view.over or self._handoff_pending:
            return ""
        thinking = self.session.computer_turn()
        if not thinking:
            return ""
        if self._waited == self.session.game.moves and self._thinking is None and self._answer is None:
            return ""  # every computer player in the window chose to wait: only people may act now
        seat = thinking[0][0]
        return f"{view.players[seat]} {self.next_words(view, seat) if self._news_up else 'is thinking…'}"

    def next_words(self, view: View, seat: int) -> str:
        """What the title and the panel say, while news is up, of the computer player
        ``seat`` who moves once it is closed (``thinker``): "plays next". A game whose
        computer players also act in another player's turn says so in its own words (the
        header's "Ann's turn" under a title "Computer 3 plays next" disagreed: Bloops)."""
        return "plays next"

    def show_table(self, view: View) -> None:
        """Draw the table area from ``view``. The default draws every zone generically."""
        box = self.query_one("#generic-zones", VerticalScroll)
        existing = {w.id: w for w in box.children}
        for name, zone in view.zones.items():
            wid = "zone-" + "".join(ch if ch.isalnum() else "-" for ch in name)
            caption = zone.label
            if zone.owner is not None and not caption.startswith(view.players[zone.owner]):
                caption = f"{view.players[zone.owner]}: {caption}"
            if zone.kind == "pile":
                widget = existing.get(wid)
                if widget is None:
                    widget = PileWidget(caption, self.cardset, label=self.card_label, id=wid, classes="generic-pile")
                    box.mount(widget)
                    widget.call_after_refresh(widget.show, zone, caption)
                else:
                    widget.show(zone, caption)  # type: ignore[attr-defined]
            else:
                widget = existing.get(wid)
                if widget is None:
                    widget = Vertical(Static(caption, classes="zone-caption"), CardRow(self.cardset, label=self.card_label, numbered=zone.kind == "slots"), id=wid, classes="generic-zone")
                    box.mount(widget)
                    widget.call_after_refresh(lambda w=widget, z=zone: w.query_one(CardRow).show(z.cards))
                else:
                    widget.query_one(CardRow).show(zone.cards)

    # ------------------------------------------------------------------ input
    def keys_for(self, action) -> list[str]:
        """The key presses that choose ``action`` on this screen now (pilot tests and the
        benchmarks drive every game through it). Default: the option's key, else the arrows
        from the first option and Enter. Screens with their own controls override it."""
        panel = self.query_one(DecisionPanel)
        index = panel.actions.index(action)
        key = panel.keys[index] if index < len(panel.keys) else None
        return [key] if key else ["down"] * index + ["enter"]

    def _clock(self) -> float:
        return getattr(self.app, "clock", time.monotonic)()

    def on_key(self, event: events.Key) -> None:
        """Right after a hand-over, drop every key until none has been pressed for the
        privacy guard's time (``privacy.privacy_guard``): a held or bouncing Enter that took
        the device over must not go on to make the new player's moves (issue 11.1). While a
        hand-over is under way (its screens not up yet, or the new view not yet on screen),
        every key is dropped too, and so is a key made before the new view was on screen
        (queued while a slow draw stalled): keys typed with the move that hands over belong
        to nobody. Within the settle time after (``privacy.enter_settle``, our ruling there)
        the first choice chooses nothing (``play``); an arrow is a deliberate choice and ends
        the settle time. A key of a window's options
        pressed just after a computer closed that window (``LATE_KEY``) is dropped with a
        note: it was meant for the window, not for the decision that follows."""
        now = self._clock()
        if self._handoff_pending or self._unseen or now < self._guard_until or event.time < self._shown_at:
            event.stop()
            event.prevent_default()
            self._guard_until = now + privacy_guard()
            self._settle_until = float("-inf")  # that was the stray key a hand-over forgives
            if not self._handoff_pending:
                self._note_too_soon(None if self._unseen else self._dropped_input(event))
            return
        self._end_dropped_note()
        self._last_input = "Enter" if event.key == "enter" else "key"
        if event.key in _DELIBERATE_KEYS:
            self._enter_settle_until = float("-inf")  # a highlight moved on purpose: Enter chooses it
            self._aimed = self.session.visible_decision()
            if now < self._settle_until:
                self._settle_until = float("-inf")  # moving the highlight is reading the options
        until, keys, closed = self._late_keys
        if now < until and (event.character in keys or event.key in keys):
            event.stop()
            event.prevent_default()
            if closed:  # one note, however many keys come too late
                self._late_keys = (until, keys, "")
                self.notify(f"Too late: the window had closed ({closed}). That key did nothing.", title="Window closed", markup=False, timeout=4)
            return
        role = event.character or ""
        if role in _ROLE_LETTERS and role not in self._own_keys and role not in self.query_one(DecisionPanel).keys:
            # a role key is bound only while an option has it (``check_action``): without
            # this a tester's ``P`` with no window open did nothing without a word
            event.stop()
            self.no_option(role)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """Remember that the next choice is made by a click (for the settle note)."""
        self._last_input = "click"

    def _held_back(self) -> bool:
        """Whether a choice made now is held back by the settle time after a hand-over
        (``privacy.enter_settle``): the first choice within it, however made (Enter, an
        option's key, a click on an option or on a card of the table), chooses nothing, ends
        the settle time and is named in the decision panel (``_note_settled``), and so is
        each choice that follows it within ``STRAY_GAP`` of the one before (one burst of
        keys). So is every choice before the new view is on screen or within the privacy
        guard after (which it starts again, as a dropped key does in ``on_key``)."""
        now = self._clock()
        if self._unseen or now < self._guard_until:
            # a key that reached the table past ``on_key``: sent to the privacy screen,
            # its binding was resolved on this table once the privacy screen had gone
            self._guard_until = now + privacy_guard()
        elif now < self._burst_until:
            pass  # one more key of the burst just held back: the same stray press
        elif now >= self._settle_until:
            return False
        self._settle_until = float("-inf")  # one choice is forgiven
        if privacy_guard():
            self._burst_until = now + STRAY_GAP
        self._note_settled()
        return True

    def _note_settled(self) -> None:
        """Say in the decision panel (a toast would cover the table) that a choice right
        after the hand-over chose nothing, and how to choose."""
        self.query_one(DecisionPanel).show_note(chose_nothing(self._settle_why, self._last_input))
        self._settle_note = self.session.game.moves

    def _dropped_input(self, event: events.Key) -> str:
        """How ``chose_nothing`` names a key the guard dropped: "Enter", "key" for an
        option's key of the decision panel, "command" for any other key (``q``, ``l``)."""
        if event.key == "enter":
            return "Enter"
        keys = {k for panel in self.query(DecisionPanel) for k in panel.keys if k}
        return "key" if event.character in keys or event.key in keys else "command"

    def _note_too_soon(self, how: str | None) -> None:
        """Say in the decision panel that a choice (``how``: "key", "Enter" or "click") made
        too soon after the screen changed under the player chose nothing (the privacy guard
        or the input grace dropped it). A fresh tester's 2, pressed 0.3 s after closing a
        "Just happened" box, was dropped without a word and looked like a key the game
        ignored. ``how`` ``None``: a key dropped while the new player's view was still being
        drawn after the hand-over (``_unseen``; a hostile-player trial saw no sign of it):
        ``DRAWING_TOO_SOON``. Only on the table as the player sees it (never over a
        hand-over), and never in place of a window's closing note, which says more
        (``_show_window_note``). The next key the table takes removes it (``on_key``)."""
        if self.app.screen is not self or self.taken_down or self.session.visible_decision() is None or self._window_note is not None:
            return
        text = DRAWING_TOO_SOON if how is None else chose_nothing("Too soon after the screen changed", how)
        self.query_one(DecisionPanel).show_note(text)
        self._settle_note = self.session.game.moves
        self._dropped_note = text

    def _end_dropped_note(self) -> None:
        """A key was taken: the panel's note on a dropped key (``_note_too_soon``) goes,
        unless another note has replaced it since."""
        text, self._dropped_note = self._dropped_note, None
        if text is not None and not self.taken_down:
            panel = self.query_one(DecisionPanel)
            if panel.note == text:
                panel.show_note(None)

    def _in_shared_window(self) -> bool:
        """Whether the game's decision now is open to several seats, computers' included (a
        person's visible part of a window shared with computers names their seat alone):
        there Enter does not choose the option highlighted by default (ruling: Keys in
        cards_data/bloops.md and cards_data/black-ops.md)."""
        decision = self.session.decision()
        return decision is not None and len(decision.seats) > 1

    def on_decision_panel_chosen(self, message: DecisionPanel.Chosen) -> None:
        """Play the picked option, except a stale pick, a double-tap from the previous player,
        a pass for everyone (``pass-all`` role) picked by Enter or a click: that closes a
        window for the whole table, so only its own key plays it (issue 12.9) and Enter only
        names the key; and, in a window open to several players (``_in_shared_window``), an
        Enter on the option highlighted by default (an arrow key first, the option's key or a
        click plays it)."""
        message.stop()
        if message.decision is not self.session.visible_decision():
            return  # a pick made for a decision that has already been answered
        if self._held_back():
            return  # the first choice right after a hand-over (said in the panel)
        if not message.by_key and self._last_input == "Enter" and self._clock() < self._enter_settle_until:
            self._enter_settle_until = float("-inf")  # one Enter is forgiven
            self._note_settled()
            return
        if time.monotonic() < self._ready_at:
            self._note_too_soon(self._last_input)
            return  # a double-tap from the previous player
        if message.action.role == "pass-all" and not message.by_key:
            panel = self.query_one(DecisionPanel)
            keys = [k for a, k in zip(panel.actions, panel.keys) if a is message.action and k]
            how = f"press {keys[0]}" if keys else "use its key"
            self.notify(f"Enter does not pass for everyone: {how} — " + sentence(message.action.label), title="Pass for everyone", markup=False, timeout=4)
            return
        if self._in_shared_window() and not message.by_key and self._last_input == "Enter" and self._aimed is not message.decision:
            # our ruling: in a window open to several players the highlight stands on one
            # player's option by default, and anyone at the table may press Enter; a fresh
            # tester's volley of Enters in a computer's Bloops window claimed for Ann, then
            # answered her "which of your cards?" with position 1 (her card shown to all, a
            # penalty card). The option's own key, a click, or an arrow then Enter plays it
            panel = self.query_one(DecisionPanel)
            keys = [k for a, k in zip(panel.actions, panel.keys) if a is message.action and k]
            how = f"press {keys[0]}" if keys else "move the highlight with an arrow key, then Enter"
            self.notify(f"Enter does not choose in a window open to several players: {how} — " + sentence(message.action.label), title="Shared window", markup=False, timeout=4)
            return
        self.play(message.action)

    def on_card_clicked(self, message: CardClicked) -> None:
        """A click on a card of the table (issue 14), posted by its widget: ``card_clicked``.
        (A game's screen overrides ``card_clicked``, not this: Textual would run both.)"""
        message.stop()
        self.card_clicked(message.ref)
        self.call_after_refresh(self.query_one(DecisionPanel).focus_options)  # keys go on choosing

    def card_clicked(self, ref) -> None:
        """The options of the decision on screen that the card ``ref`` stands for
        (``card_actions``) go to ``choose_by_card``; nothing while a hand-over is pending or
        nobody on screen decides."""
        if self._handoff_pending or self.session.visible_decision() is None:
            return
        self.choose_by_card(self.card_actions(ref), self.card_name(ref))

    def card_actions(self, ref) -> list[Action]:
        """The options of the decision on screen that the card ``ref`` (a ``CardClicked``
        ref of this screen's widgets) stands for. Default: none; a game's screen overrides."""
        return []

    def card_name(self, ref) -> str:
        """How the note names the clicked card ``ref`` (default ``"That card"``)."""
        return "That card"

    def choose_by_card(self, matches: Sequence[Action], what: str = "That card") -> None:
        """Do what a click on a card means: one option of ``matches`` is played (as a click
        on it in the option list), several are marked and the first highlighted in the
        decision panel (``DecisionPanel.offer``), none gets a short note naming ``what``
        (and why, when the decision lists that card as unplayable)."""
        decision = self.session.visible_decision()
        if self._handoff_pending or decision is None:
            return
        panel = self.query_one(DecisionPanel)
        found = panel.offer(matches)
        keys = [panel.keys[i] or "Enter" for i in found]
        if not found:
            why = next((f" ({reason})" for card, reason in decision.unplayable if card == what), "")
            self.notify(f"{what} has no move now{why}.", timeout=3, markup=False)
        elif len(found) > 1:
            self.notify(f"{what} stands for {len(found)} choices, marked {PICK_MARK}: " + ", ".join(keys) + ".", timeout=4, markup=False)
        elif panel.actions[found[0]].role == "pass-all":  # marked, not played: only its key
            self.notify(f"{what}: press {keys[0]} — " + sentence(panel.actions[found[0]].label), timeout=4, markup=False)

    def play(self, action) -> None:
        """Send one action a person chose to the game; an illegal one is explained, nothing
        changes. Every way of choosing comes here, so the first choice right after a
        hand-over is held back here (``_held_back``)."""
        if self._handoff_pending or self._unseen or self.session.visible_decision() is None:
            return
        if self._held_back():
            return
        if action.role == "pass-all" and self._computers_undecided():
            moves = self.session.game.moves
            if self._answer_waiting(moves):
                # a computer in the window has already chosen to act, not to wait: its move
                # is played first (after its pace), and a pass kept for later would be stale
                self._held_pass = None
                seat = self._mover_of(self._answer[2])  # type: ignore[index]
                who = "A computer player" if seat is None else self.session.game.players[seat]
                self.notify(f"{who} has already chosen a move: it is played first, and your pass is not kept.", title="Waiting", timeout=3)
                return
            # "nobody plays" closes the window for everyone: the computer players in it
            # decide first (Black Ops ruling 9), and it is played if they all pass too
            self._held_pass = (moves, action)
            self.notify("The computer players decide first; then the window closes if they pass.", title="Waiting", timeout=3)
            self.think()
            return
        self._held_pass = None
        self._mover = self._mover_of(action)
        self._moved_in_public = not self.session.visible_decision().private
        try:
            self.session.act(action)
        except IllegalAction as err:
            self.notify(str(err), title="Not allowed", severity="warning")
            return
        self.played(action)
        self._after_move()

    def played(self, action) -> None:
        """A person's ``action`` was played (``play``: not held back, not refused), before
        the table is drawn again for the next decision. Default: nothing; a game's screen
        may remember something of it here, and only here (a held-back choice changes nothing)."""

    def _computers_undecided(self) -> bool:
        """Whether computer players share the current window and have not yet decided to
        wait in it (so a person's "nobody plays" would close it before they could act)."""
        decision = self.session.game.decision()
        if decision is None or len(decision.seats) < 2 or self._waited == self.session.game.moves:
            return False
        return bool(self.session.computer_turn())

    def _after_move(self) -> None:
        """After a move by anyone: move on, then save to disk once the screen is drawn."""
        self._abandon_thought()
        self.advance()
        if self.session.save is not None:
            self.call_after_refresh(self.session.save.sync)
            self.call_after_refresh(self.show_save_problem)

    def action_choose(self, key: str | int) -> None:
        """Choose the option of ``key``; the settle note then names a key, whether or not
        ``on_key`` saw it (a key typed with the Enter that took the device has its binding
        run here once the privacy screen has gone)."""
        self._last_input = "key"
        if not self.query_one(DecisionPanel).choose_key(str(key)):
            self.no_option(str(key))

    def no_option(self, key: str) -> None:
        """Say in a toast that ``key`` is no option of the decision on screen (nothing while
        no decision is shown): a FOFL tester's ``6``, the second Hack of the hand (identical
        cards are offered once, under the first one's key), did nothing without a word. A
        game may say more (Bloops: who has no card to claim with)."""
        if self.session.visible_decision() is None or self._handoff_pending:
            return
        self.app.notify(f"No option has the key {key} now.", timeout=3, replace="no-option")  # type: ignore[call-arg]

    def action_undo(self) -> None:
        if self.session.undo():
            self.notify("Move taken back.", timeout=2)
            self.redraw()
            self.show_save_problem()
        elif self.session.undo_problem:
            self.notify(self.session.undo_problem, title="Not taken back", severity="error", markup=False)

    def action_toggle_log(self) -> None:
        """``l``: show or hide the log; on a screen under ``ONE_PANEL_BELOW`` columns, opening
        it closes F1's keys panel. The screen has the class ``-log-open`` while the log is
        shown, for a game's CSS (Combat Cards' last moves stand aside: the log holds them)."""
        log = self.query_one("#log", LogPanel)
        if not log.display and self.size.width < self.ONE_PANEL_BELOW and self.query("HelpPanel"):
            self.app.action_hide_help_panel()
        log.display = not log.display
        self.set_class(log.display, "-log-open")
        if log.display:
            view = self.session.view()
            log.show(view.log, view.seat)
            log.call_after_refresh(log.scroll_end, animate=False)

    def keep_one_panel(self, width: int) -> None:
        """Under ``ONE_PANEL_BELOW`` columns the log and F1's keys panel exclude each other
        (``action_toggle_log``, ``make_room_for_keys``): a screen made that narrow with both
        open closes F1's panel and keeps the log (the fresh tester: Black Ops resized from
        120×40 to 80×24 with both open, the table crushed to about 7 columns)."""
        logs = self.query("#log")
        panels = self.query("HelpPanel")
        if width < self.ONE_PANEL_BELOW and panels and logs and logs.first().display:
            panels.remove()
            self.app.call_after_refresh(self.app.refresh_bindings)  # Esc's ``close_keys`` goes

    def make_room_for_keys(self) -> None:
        """F1 is opening the keys panel: on a screen under ``ONE_PANEL_BELOW`` columns, the
        log closes (as ``l`` closes it, so a game's own reflow runs)."""
        logs = self.query("#log")
        if self.size.width < self.ONE_PANEL_BELOW and logs and logs.first().display:
            self.action_toggle_log()

    def action_rules(self) -> None:
        from cardtable.ui.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.session.game.id))

    def action_leave(self) -> None:
        self.app.confirm_leave()  # type: ignore[attr-defined]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":  # not while a computer's move is on its way (the fresh tester: u did nothing then)
            return self.session.can_undo and not self._handoff_pending and self._thinking is None and self._answer is None
        if action == "hurry":  # shown while a computer player's move is on its way
            return self._thinking is not None or self._answer is not None
        if action == "choose":
            if parameters and parameters[0] in self._own_keys:
                return False  # the screen's own binding of that letter (e.g. FOFL's i) wins
            if parameters and parameters[0] in _ROLE_KEY_SET:  # shown only while some option has it
                return not self._handoff_pending and parameters[0] in self.query_one(DecisionPanel).keys
            return not self._handoff_pending and self.session.visible_decision() is not None
        return True
