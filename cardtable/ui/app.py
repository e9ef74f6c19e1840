"""The application object and its factory, shared by the CLI and the tests."""

from __future__ import annotations

import asyncio
import secrets
import shlex
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.binding import Binding

from cardtable.cards import CardDataError
from cardtable.engine import SetupError, new_game
from cardtable.engine import files
from cardtable.engine.saves import SaveError, SaveFile, home_dir, home_problem, saves_dir
from cardtable.engine.session import Session
from cardtable.engine.stats import StatsStore

__all__ = ["CardtableApp", "StartRequest", "make_app"]


@dataclass
class StartRequest:
    """What the app should do once started (from the command line or a test).

    ``game`` starts that game at once (skipping menu and setup) with ``players`` (names)
    and ``seed`` (and ``card_set``, an added card set); ``resume`` resumes a save file;
    ``browse`` opens the card browser (``"all"`` or a game id); otherwise the menu is shown.
    ``cards_dir`` is the custom card folder (``--cards-dir``); ``history`` opens the Past
    games list, ``replay`` replays that finished save face up (``cardtable replay``).
    """

    game: str | None = None
    players: tuple[str, ...] | None = None
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    resume: Path | None = None
    cards_dir: str | None = None
    browse: str | None = None
    card_set: str | None = None
    history: bool = False
    replay: Path | None = None
    computers: dict[int, str] = field(default_factory=dict)
    """Seat (0-based) → level of the seats the computer plays (``--computers``)."""
    ascii: bool = False
    """Draw only ASCII characters (``--ascii``), whatever the settings say."""


def shell_command() -> str:
    """How the user started cardtable, for hints to type again: ``cardtable`` when that is
    on the PATH, else the path they typed (``.venv/bin/cardtable``), or ``python -m cardtable``."""
    import os
    import shutil
    import sys

    typed = sys.argv[0] if sys.argv and sys.argv[0] else "cardtable"
    if typed.endswith(("__main__.py", "-c")):
        return "python -m cardtable"
    name = os.path.basename(typed)
    found = shutil.which(name)
    if found and os.path.realpath(found) == os.path.realpath(typed):
        return name
    return typed


def resume_command(save: str) -> str:
    """The shell command that resumes ``save`` (a save's name or file name), quoted for the
    shell; a name that begins with "-" follows ``--``, else ``resume --help`` (a name the
    fresh tester gave) printed the help instead of resuming the game."""
    return f"{shell_command()} resume {'-- ' if save.startswith('-') else ''}{shlex.quote(save)}"


def screen_css(screen: type) -> list[Path]:
    """The CSS files a screen class reads (its ``CSS_PATH``: one path or a list), each as
    the absolute, resolved path Textual makes of it (a relative path is read beside the
    module that defines the class)."""
    import inspect

    listed = screen.CSS_PATH
    if not listed:
        return []
    beside = Path(inspect.getfile(screen)).parent
    return [Path(p) if Path(p).is_absolute() else (beside / p).resolve() for p in ([listed] if isinstance(listed, (str, Path)) else listed)]


def first_screens_css(start: StartRequest) -> list[Path]:
    """The CSS of the screens ``start`` shows first: the menu, or for a game started from
    the shell its table and the privacy screen that covers it. Read with the app's own CSS
    before the first frame, these are parsed once, with the rest; a screen whose CSS is new
    to the app makes Textual parse the whole stylesheet again when it is pushed (lazy
    start, issue 13 item 5). A resumed game is named by its save's header; a save that
    cannot be read, or a game the game table does not list, adds nothing."""
    game = start.game
    if start.resume is not None:
        from cardtable.engine.saves import peek_save

        try:
            game = peek_save(start.resume).header.get("game")
        except SaveError:
            return []  # resume_game explains it, over the menu
    elif game is None:
        from cardtable.ui.menu import MenuScreen

        return screen_css(MenuScreen)
    from cardtable.engine.index import indexed

    if game not in indexed():
        return []
    from cardtable.ui.games import table_screen_for
    from cardtable.ui.privacy import PrivacyScreen

    return [*screen_css(table_screen_for(game)), *screen_css(PrivacyScreen)]


def shown_notifications(app: App) -> Any:
    """The notifications ``app`` shows now: a ``textual.notifications.Notifications``
    (iterating it drops the timed-out ones; ``del shown[notification]`` takes one away, and
    the toast rack follows at its next refresh, e.g. when a new toast is added).

    cardtable's one use of Textual's private notification API (``App._notifications``):
    Textual has no public way to take a single toast away (``App.clear_notifications``
    takes them all, and re-posting the others would bring back toasts a player clicked
    away). Checked against Textual 8.2.8; ``tests/ui/test_toasts.py``
    (``test_the_private_textual_name_for_shown_toasts_still_exists``) fails if it goes."""
    return app._notifications


def terminal_gone() -> bool:
    """Whether the terminal the app draws on (stderr) was closed (hung up): asking its
    settings then fails with EIO (a stderr that is no terminal fails otherwise: not gone)."""
    import errno
    import sys

    try:
        import termios

        termios.tcgetattr(sys.__stderr__.fileno())
    except ImportError:  # no termios (Windows): nothing to tell
        return False
    except (termios.error, OSError) as error:
        return bool(error.args) and error.args[0] == errno.EIO
    except (ValueError, AttributeError):  # no stderr, or a closed one
        return False
    return False


class QuietTerminal:
    """The terminal file Textual's writer thread draws the screen to, except that a write or
    flush that fails (the terminal was closed: EIO) is dropped, and all that follows too.
    Unwrapped, the error killed the writer thread with a traceback, and the app would then
    hang as soon as its queue of 30 writes was full (SIGHUP, ``_stop_signalled``)."""

    def __init__(self, file: Any) -> None:
        self._file = file
        self.failed = False

    def write(self, text: str) -> int:
        if not self.failed:
            try:
                return self._file.write(text)
            except (OSError, ValueError):
                self.failed = True
        return len(text)

    def flush(self) -> None:
        if not self.failed:
            try:
                self._file.flush()
            except (OSError, ValueError):
                self.failed = True

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


class CardtableApp(App[None]):
    """cardtable's Textual app: a menu at the bottom of the screen stack, games on top (a
    game started from the shell has no menu below it until the player goes back to one)."""

    TITLE = "cardtable"
    CSS_PATH = ["app.tcss", "widgets.tcss"]
    ENABLE_COMMAND_PALETTE = True
    """Ctrl+P: our commands (``get_system_commands``); Textual imports the palette only when
    it is first opened, so start-up pays nothing for it."""
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("ctrl+c", "interrupt", "Quit", show=False, priority=True),
        Binding("f1", "toggle_keys", "Keys", show=False),
        Binding("shift+down", "scroll_keys(1)", "Scroll the keys", show=False),
        Binding("shift+up", "scroll_keys(-1)", "Scroll the keys", show=False),
        Binding("escape", "close_keys", "Close keys", show=False, priority=True),
    ]

    clock = staticmethod(time.monotonic)
    """The time in seconds that key guards measure (the privacy screen's); tests replace it."""

    def __init__(self, start: StartRequest | None = None) -> None:
        start = start or StartRequest()
        super().__init__(css_path=[*self.CSS_PATH, *first_screens_css(start)])
        self.start = start
        self._stats: StatsStore | None = None
        self.saving_off: str | None = None
        """One line when the home folder could not be written at start (see ``report_saving_off``)."""
        self.home_problem: str | None = home_problem()
        """Why cardtable's home cannot be a folder (``CARDTABLE_HOME`` names a file), or
        ``None``: then nothing is saved or read there, and the one notice saying so (the
        menu's line, a table's banner) stands for the toasts each file would give."""
        self._replacing: dict[str, str] = {}
        """The ``replace`` kind of each toast posted with one (``notify``), by its identity."""
        self._unsent: set[str] = set()
        """The identities of toasts posted by ``notify`` whose ``Notify`` has not reached
        ``on_notify`` yet (several posted in one go: their kinds must outlive the first)."""
        self._owners: dict[str, Any] = {}
        """The screen each shown toast belongs to (``toast_owner`` when its ``Notify`` reached
        ``on_notify``), by the toast's identity: it goes when another screen takes that one's
        place (``_screen_changed``)."""
        self._crash_line: str | None = None
        from cardtable.settings import SettingsStore

        self.settings_store = SettingsStore()
        """The settings file (theme, four-colour deck, computer pace, ASCII; ``cardtable.settings``)."""
        # started straight into a game from the shell: leaving it returns to the shell
        self.direct = self.start.game is not None or self.start.resume is not None

    def notify(self, message: str, *, title: str = "", severity: Any = "information", timeout: float | None = None, markup: bool = True, replace: str | None = None) -> None:
        """Textual's ``notify``, always as plain text: a toast often quotes a name or a card
        (``markup`` is ignored; control characters are made visible). ``replace`` names a
        kind of note shown one at a time: the new toast takes the place of any still shown
        with the same ``replace`` (a key that is no option, pressed again and again, gives
        one note, not a stack over the players' areas). Without ``replace``, a toast takes
        the place of a shown one with the same title and text: a fresh tester's Enter held on
        Combat Cards' empty warband stacked dozens of the same toast over the table for a
        minute."""
        from textual.notifications import Notification, Notify

        from cardtable.plain import printable

        if replace is None:
            replace = f"same\0{title}\0{message}"
        note = Notification(printable(message), printable(title), severity, self.NOTIFICATION_TIMEOUT if timeout is None else timeout, markup=False)
        self._replacing[note.identity] = replace
        self._unsent.add(note.identity)
        self.post_message(Notify(note))

    def on_notify(self, event: Any) -> None:
        """A toast of a ``replace`` kind (``notify``) takes the place of the shown ones of
        that kind; the kinds of toasts no longer shown (timed out, clicked away, cleared) are
        forgotten. Runs before Textual's own handler adds the new toast and redraws the rack
        (a handler of the subclass is called first), and does not depend on that order."""
        new = event.notification
        self._unsent.discard(new.identity)
        shown = shown_notifications(self)
        kind = self._replacing.get(new.identity)
        if kind is not None:
            for old in [n for n in shown if n is not new and self._replacing.get(n.identity) == kind]:
                del shown[old]
        alive = {n.identity for n in shown} | {new.identity} | self._unsent
        self._replacing = {identity: k for identity, k in self._replacing.items() if identity in alive}
        self._owners = {identity: screen for identity, screen in self._owners.items() if identity in alive}
        self._owners[new.identity] = self.toast_owner()

    def toast_owner(self) -> Any:
        """The screen a toast raised now belongs to: the top one that is not a dialog (a
        ``ModalScreen``: the command palette, a question, a message), a hand-over
        (``PrivacyScreen``) or the "terminal too small" notice (``TooSmallScreen``), which
        lie over that screen for a moment and show no toast themselves. ``None`` before any."""
        from textual.screen import ModalScreen

        from cardtable.ui.privacy import PrivacyScreen
        from cardtable.ui.toosmall import TooSmallScreen

        return next((s for s in reversed(self.screen_stack) if not isinstance(s, (ModalScreen, PrivacyScreen, TooSmallScreen))), None)

    def _screen_changed(self, screen: Any) -> None:
        """A screen was pushed, popped or switched (Textual's ``screen_change_signal``): the
        toasts of a screen no longer the ``toast_owner`` go (the card browser's note stayed
        over the menu after leaving the browser). A toast raised just before or after the
        change is the new screen's: its owner is taken once its ``Notify`` is handled, after
        the change (the "Save repaired" note of a resumed table, a note raised as a dialog
        closes); a dialog, a hand-over or the too-small notice coming or going changes no
        owner."""
        owner = self.toast_owner()
        shown = shown_notifications(self)
        kept = [n for n in shown if self._owners.get(n.identity, owner) is owner]
        if len(kept) < len(shown):
            self.clear_notifications()  # redraws the rack with those kept, added back at once
            for note in kept:
                shown.add(note)

    # ------------------------------------------------------------------ ending
    def action_interrupt(self) -> None:
        """Ctrl+C: leave at once with status 130; every game is already saved (a game with
        no move played is left as with ``q``: its save is not kept, ``Session.left``)."""
        from cardtable.crash import EXIT_INTERRUPTED

        self._stop(EXIT_INTERRUPTED, "cardtable: stopped by Ctrl+C. Every game is saved up to its last move.")

    def _stop(self, return_code: int, message: str | None) -> None:
        """Leave at once (Ctrl+C, SIGTERM, the terminal closed): every game is already
        saved; each open game is ``left``, so one with no move played keeps no save."""
        for screen in self.screen_stack:
            session = getattr(screen, "session", None)
            if session is not None:
                session.left = True
        self.exit(return_code=return_code, message=message)

    def _catch_stop_signals(self) -> None:
        """SIGTERM (``kill``) and SIGHUP (the terminal closed: tmux kill-session, a window
        closed) end the app as Ctrl+C does instead of killing it with no cleanup, which
        left a new game's save of 0 moves in the Resume list. Only in the main thread (the
        only one that can take signals); the handlers before are put back on unmount."""
        import signal
        import threading

        self._signals_before: dict[int, Any] = {}
        if threading.current_thread() is not threading.main_thread():
            return
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGHUP):
            before = signal.getsignal(signum)
            try:
                loop.add_signal_handler(signum, self._stop_signalled, signum)
            except (NotImplementedError, RuntimeError, ValueError):  # no such handlers here
                continue
            self._signals_before[signum] = before

    def _stop_signalled(self, signum: int) -> None:
        """SIGTERM or SIGHUP arrived: leave as with Ctrl+C, status 128 + the signal. After
        SIGHUP the terminal is gone: nothing is printed to it (``terminal_gone``)."""
        import signal

        message = f"cardtable: stopped by {signal.Signals(signum).name}. Every game is saved up to its last move."
        self._stop(128 + signum, None if terminal_gone() else message)

    def get_driver_class(self) -> Any:
        """Textual's driver, writing the screen through ``QuietTerminal``: once the terminal
        is closed, what is drawn while the app ends is dropped instead of failing."""
        driver = super().get_driver_class()

        class QuietDriver(driver):  # type: ignore[misc, valid-type]
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                if getattr(self, "_file", None) is not None:  # the file its writer thread writes to
                    self._file = QuietTerminal(self._file)

        QuietDriver.__name__ = QuietDriver.__qualname__ = driver.__name__
        return QuietDriver

    def on_unmount(self) -> None:
        """Put back the SIGTERM and SIGHUP handlers that were there before the app."""
        import signal

        before = getattr(self, "_signals_before", {})
        if not before:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        for signum, handler in before.items():
            loop.remove_signal_handler(signum)
            signal.signal(signum, handler)
        before.clear()

    def _handle_exception(self, error: Exception) -> None:
        """Every unhandled exception ends here (Textual calls it). Instead of Textual's
        traceback with local variables, which would print a private view's cards on the
        shared screen, write the report to a private file (``cardtable.crash``), print one
        line after the app closes and exit with ``EXIT_CRASH``. The first error is kept
        in ``_exception`` as Textual does, so a pilot test still sees it raised."""
        from cardtable.crash import EXIT_CRASH, report_crash

        self._return_code = EXIT_CRASH
        if self._exception is None:
            self._exception = error
            self._exception_event.set()
            self._crash_line = report_crash(error)
        self._close_messages_no_wait()

    def _print_error_renderables(self) -> None:
        # after the terminal is restored: the crash line, as one line however wide
        line, self._crash_line = self._crash_line, None
        if line is not None:
            import sys

            print(line, file=sys.stderr, flush=True)
        super()._print_error_renderables()

    @property
    def stats(self) -> StatsStore:
        """The statistics store (loaded on first use; a damaged file is reported once)."""
        if self._stats is None:
            self._stats = StatsStore(cards_dir=self.start.cards_dir)
            if self._stats.problem and self.home_problem is None:  # else the menu and the banner say it
                self.notify(self._stats.problem, title="Statistics", severity="warning", timeout=8)
        return self._stats

    def push_screen(self, screen: Any, callback: Any = None, wait_for_dismiss: bool = False) -> Any:  # type: ignore[override]
        """Textual's ``push_screen``, except once the app is quitting: a key typed right
        after ``q`` (``s``, ``r``, ``b``) would open a screen that is never composed and
        crash on its first query; it opens nothing instead."""
        if self._exit and not wait_for_dismiss:
            from textual.widget import AwaitMount

            return AwaitMount(self.screen, [])
        return super().push_screen(screen, callback, wait_for_dismiss)

    # ------------------------------------------------------------------ small terminals
    def check_size(self) -> None:
        """Cover the screen with ``TooSmallScreen`` while the terminal is smaller than the
        current screen's ``MIN_SIZE``; remove it as soon as the terminal is large enough."""
        from cardtable.ui.toosmall import DEFAULT_MIN_SIZE, TooSmallScreen

        stack = [s for s in self.screen_stack if not isinstance(s, TooSmallScreen)]
        below = stack[-1] if stack else None
        need = getattr(below, "MIN_SIZE", DEFAULT_MIN_SIZE)
        too_small = self.size.width < need[0] or self.size.height < need[1]
        top = self.screen
        if isinstance(top, TooSmallScreen):
            if too_small:
                top.need = need
                top.update_size()
            else:
                self.pop_screen()
        elif too_small and below is not None:
            self.push_screen(TooSmallScreen(need))

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)

    def on_mount(self) -> None:
        self._catch_stop_signals()
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self.apply_settings()
        if not self.direct:
            self.show_menu()
        if self.start.resume is not None:
            self.resume_game(self.start.resume)
        elif self.start.game is not None:
            self.start_game(self.start.game, self.start.players, self.start.seed, self.start.options, card_set=self.start.card_set, computers=self.start.computers)
        elif self.start.replay is not None:
            # after the menu is up: a refusal's dialog must not mount in the same tick
            self.call_after_refresh(self.open_replay, self.start.replay, from_shell=True)
        else:
            if self.start.browse is not None:
                self.open_browser(self.start.browse, from_shell=True)
            elif self.start.history:
                self.open_history(from_shell=True)
            self.report_custom_problems()
            self.report_saving_off()
        self.call_after_refresh(self.check_size)

    # ------------------------------------------------------------------ settings and commands
    @property
    def settings(self):
        """The current ``cardtable.settings.Settings``."""
        return self.settings_store.settings

    def apply_settings(self) -> None:
        """At start: the saved theme (one we offer, else the default), the four-colour deck,
        ASCII mode (``--ascii``, the setting, or ``TERM=linux``); a damaged settings file is
        reported in a toast. From then on a theme chosen (Ctrl+P) is saved."""
        import os

        from cardtable.ui import look
        from cardtable.ui.glyphs import ascii_wanted

        settings = self.settings
        look.offer_themes(self)
        problem = self.settings_store.problem
        if settings.theme in self.available_themes:
            self.theme = settings.theme
        else:  # a theme name of the right kind that is not offered: its own line
            unknown = f"The theme {settings.theme!r} of the settings file is not offered; using {look.DEFAULT_THEME}."
            problem = unknown if problem is None else f"{problem}\n{unknown}"
        look.set_four_colour_deck(settings.four_colour_deck)
        look.set_sixteen_colours(None)
        # Textual draws in the colours the console detected (TERM=xterm without COLORTERM
        # is 16); a test's headless console always says 16, so it is not asked
        if not self.is_headless and (self.console.color_system in ("standard", "windows") or os.environ.get("TERM") == "linux"):
            self.use_sixteen_colours()
        self.set_ascii(ascii_wanted(self.start.ascii, settings.ascii, os.environ.get("TERM")))
        if problem is not None and self.home_problem is None:  # a home that is a file: said once, by the menu or the banner
            self.notify(problem, title="Settings", severity="warning", timeout=10, markup=False)
        self.theme_changed_signal.subscribe(self, self._theme_changed)

    def get_css_variables(self) -> dict[str, str]:
        """Textual's theme variables and ``$focus-block``: the background of the control with
        the keyboard's focus, the theme's accent kept at ``look.FOCUS_CONTRAST`` against the
        theme's background and surface (``look.focus_colour``). In a 16-colour terminal the
        theme's text colour instead (an accent is downgraded to whichever of the terminal's
        colours is nearest, e.g. textual-dark's orange to a red that no ink reads well on)."""
        from textual.color import Color

        from cardtable.ui import look

        variables = super().get_css_variables()
        accent, *papers = (Color.parse(variables[name]).rgb for name in ("accent", "background", "surface"))
        sixteen = getattr(self, "_sixteen", False)
        variables["focus-block"] = variables["foreground"] if sixteen else Color(*look.focus_colour(accent, *papers)).hex
        self.theme_variables = variables
        return variables

    def get_line_filters(self) -> Any:
        """Textual's line filters, then ours that keeps every text legible
        (``look.legible_filter``; in a 16- or 256-colour terminal judged on the colours it shows)
        and, in a light theme, every border visible (``look.BORDER_CONTRAST``)."""
        from cardtable.ui import look

        filters = list(super().get_line_filters())
        if not self.no_color:
            legible = look.legible_filter()
            legible.terminal = self.ansi_theme if getattr(self, "_sixteen", False) else None
            legible.eight_bit = not self.is_headless and self.console.color_system == "256"
            legible.borders = None if self.current_theme.dark else look.BORDER_CONTRAST
            filters.append(legible)
        return filters

    def use_sixteen_colours(self, on: bool = True) -> None:
        """In a terminal with only 16 colours: cards in ANSI inks on the terminal's own
        background (``look.set_sixteen_colours``), and every text whose downgraded colours
        would be too close drawn white or black instead (``look.legible_filter``)."""
        from cardtable.ui import look

        changed = getattr(self, "_sixteen", False) != on
        self._sixteen = on
        look.set_sixteen_colours(self.current_theme.dark if on else None)
        if changed:
            self.refresh_css(animate=False)  # the focus block's colour (get_css_variables)
        self.refresh(repaint=True, layout=True)

    def _theme_changed(self, theme: Any) -> None:
        from cardtable.ui import look

        if look.sixteen_colours() is not None:
            look.set_sixteen_colours(theme.dark)
        if theme.name != self.settings.theme:
            self.change_setting(theme=theme.name)

    def change_setting(self, **changes: Any) -> None:
        """Change settings and save them; a file that cannot be written is said in a toast
        (the change still holds until cardtable closes)."""
        try:
            self.settings_store.update(**changes)
        except OSError as err:
            self.notify(f"The settings could not be saved ({files.reason(err)}); they hold until cardtable closes.", title="Settings", severity="warning")
        except ValueError as err:
            self.notify(str(err), title="Settings", severity="warning")

    def set_ascii(self, on: bool) -> None:
        """Turn ASCII mode on or off now (``cardtable.ui.glyphs``): everything written to
        the terminal goes through ``ascii_text`` while it is on; the screen is redrawn."""
        from cardtable.ui import glyphs

        glyphs.set_ascii_mode(on)
        driver = self._driver
        if on and driver is not None and not getattr(driver, "_cardtable_ascii", False):
            write = driver.write

            def ascii_write(data: str) -> None:
                write(glyphs.ascii_text(data) if glyphs.ascii_mode() else data)

            driver.write = ascii_write  # type: ignore[method-assign]
            driver._cardtable_ascii = True  # type: ignore[attr-defined]
        if self.is_running:
            self.refresh(repaint=True, layout=True)
            self.screen.refresh(repaint=True, layout=True)
            self.screen.refresh_bindings()  # the key bar names keys in words or glyphs

    def setting_on(self, name: str) -> bool:
        """Whether the on/off setting ``name`` (``four_colour_deck`` or ``ascii``) holds now:
        ASCII mode may be on without the setting (``--ascii``, ``TERM=linux``)."""
        from cardtable.ui import glyphs

        return glyphs.ascii_mode() if name == "ascii" else bool(getattr(self.settings, name))

    def toggle_setting(self, name: str) -> None:
        """Flip an on/off setting (``four_colour_deck`` or ``ascii``) from what holds now
        (``setting_on``), save it and redraw. ASCII mode turned off while ``--ascii`` or the
        terminal asked for it stays off for this session; the toast says that they turn it on
        again at the next start."""
        import os

        from cardtable.ui import look
        from cardtable.ui.glyphs import ascii_wanted

        value = not self.setting_on(name)
        self.change_setting(**{name: value})
        note = ""
        if name == "ascii":
            self.set_ascii(value)
            if not value and ascii_wanted(self.start.ascii, False, os.environ.get("TERM")):
                because = "--ascii" if self.start.ascii else f"TERM={os.environ.get('TERM')}"
                note = f" ({because} turns it on again at the next start)"
        else:
            look.set_four_colour_deck(value)
            self.screen.refresh(repaint=True, layout=True)
            for screen in self.screen_stack:
                for widget in screen.walk_children():
                    widget.refresh()
        self.notify(f"{look.SETTING_NAMES[name]}: {'on' if value else 'off'}{note}.", title="Settings", timeout=3)

    def get_key_display(self, binding: Binding) -> str:
        """How the key bar and F1's panel name ``binding``'s key: Textual's way, with the
        key glyphs in words in ASCII mode ("Enter", not "<": ``glyphs.key_text``)."""
        from cardtable.ui.glyphs import key_text

        return key_text(super().get_key_display(binding))

    def action_toggle_keys(self) -> None:
        """F1: show or hide the keys of the current screen (``cardtable.ui.keys.KeysPanel``);
        a table on a narrow screen closes its log first (``TableScreen.make_room_for_keys``)."""
        from cardtable.ui.keys import KeysPanel, open_panels

        if open_panels(self.screen):
            self.action_hide_help_panel()
        else:
            make_room = getattr(self.screen, "make_room_for_keys", None)
            if make_room is not None:
                make_room()
            self.screen.mount(KeysPanel())
        self.call_after_refresh(self.refresh_bindings)  # Esc's ``close_keys`` in or out

    def action_scroll_keys(self, rows: int) -> None:
        """Shift+↓ / Shift+↑: scroll F1's keys panel when its list is longer than its rows
        (``keys.KeysPanel``); in effect only then (``check_action``)."""
        from cardtable.ui.keys import KeysPanel, open_panels

        for panel in open_panels(self.screen):
            if isinstance(panel, KeysPanel):
                panel.scroll_keys(rows)

    def action_close_keys(self) -> None:
        """Esc while F1's keys panel is open closes the panel (a fresh tester pressed Esc to
        close it and nothing happened), and does nothing else; with no panel open the key
        goes on to the screen's own Esc (back, leave) as before."""
        from textual.actions import SkipAction

        from cardtable.ui.keys import open_panels

        if not open_panels(self.screen):
            raise SkipAction()
        self.action_hide_help_panel()
        self.call_after_refresh(self.refresh_bindings)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc's ``close_keys`` is in effect only while the keys panel is open: otherwise it
        is left out of the screen's bindings, so the key bar shows the screen's own Esc."""
        if action not in ("close_keys", "scroll_keys"):
            return True
        from cardtable.ui.keys import KeysPanel, open_panels

        panels = open_panels(self.screen)
        if action == "close_keys":
            return bool(panels)
        return any(isinstance(panel, KeysPanel) and panel.overflows for panel in panels)

    def action_command_palette(self) -> None:
        """Ctrl+P: Textual's command palette, with a key bar of its own
        (``dialogs.KeyedPalette``): the covered screen's keys do not show under it."""
        from cardtable.ui.dialogs import KeyedPalette

        if self.use_command_palette and not KeyedPalette.is_open(self):
            self.push_screen(KeyedPalette(id="--command-palette"))

    def search_themes(self) -> None:
        """The theme picker (the palette's Theme command): Textual's, in the command palette
        of ``action_command_palette`` (its key bar, its ASCII search icon)."""
        from textual.theme import ThemeProvider

        from cardtable.ui.dialogs import KeyedPalette

        self.push_screen(KeyedPalette(providers=[ThemeProvider], placeholder="Search for themes…"))

    def get_system_commands(self, screen: Any):
        """The command palette's commands (Ctrl+P): those of the current screen that work
        now (rules, log, undo, leave), then keys, theme, the settings and quit."""
        from cardtable.ui.look import palette_commands

        yield from palette_commands(self, screen)

    def report_saving_off(self) -> None:
        """Say at start when cardtable's home cannot be written (a read-only folder, a full
        disk, ``CARDTABLE_HOME`` naming a file): games can still be played, but they are not
        saved (``saving_off``). The menu's line under its list says it for as long as the
        menu is up; a toast says it only when another screen opens over the menu at start
        (the card browser, the Past games), so no toast lies over a dialog later."""
        self.check_saving()
        if self.saving_off is not None:
            from cardtable.ui.menu import MenuScreen

            if not isinstance(self.screen, MenuScreen):  # the menu shows it when it comes up
                self.notify(self.saving_off, title="Saving is off", severity="error", timeout=15, markup=False)

    def check_saving(self) -> None:
        """Set ``saving_off`` from a test write in the saves folder: ``None`` when it works;
        a disk with no room (``saves.NO_ROOM``) says games are saved once there is room, as
        they are (``SaveFile.create``); anything else says saving is off. No notice."""
        from cardtable.engine.saves import NO_ROOM

        folder = home_dir() / "saves"
        err = None if self.home_problem else files.write_error(folder)
        if err is not None and err.errno in NO_ROOM:
            self.saving_off = f"The disk is full: cannot write to {folder} ({files.reason(err)}). Games are played in memory and saved once there is room."
        elif self.home_problem or err is not None:
            problem = self.home_problem or f"cannot write to {folder} ({files.reason(err)})"
            self.saving_off = f"Saving is off: {problem}. Games can be played but are not saved."
        else:
            self.saving_off = None

    def report_custom_problems(self) -> None:
        """Explain every broken file of the custom card folder (one line each) in a dialog;
        the rest of the program works without those sets."""
        from cardtable.engine.registry import custom_problems

        problems = custom_problems(self.start.cards_dir)
        if problems:
            from cardtable.ui.dialogs import MessageDialog

            detail = "\n".join(problems) + "\n\nThese card sets cannot be used until the files are fixed; everything else works."
            self.push_screen(MessageDialog("Some custom card sets do not load", detail))

    def open_browser(self, initial: str = "all", *, from_shell: bool = False) -> None:
        """Show the card browser (``initial``: ``"all"``, a game id or ``game:set``).
        ``from_shell``: asked for on the command line (``cardtable browse``), so leaving it
        ends the app, as closing a replay started there does."""
        from cardtable.ui.browser import BrowserScreen

        screen = BrowserScreen(initial, self.start.cards_dir)
        screen.closes_app = from_shell
        self.push_screen(screen)

    def open_history(self, *, from_shell: bool = False) -> None:
        """Show the Past games list. ``from_shell``: asked for on the command line
        (``cardtable history``), so leaving it ends the app (a fresh tester's Esc there
        opened the game menu); a replay opened from it still closes back to it."""
        from cardtable.ui.history import HistoryScreen

        screen = HistoryScreen()
        screen.closes_app = from_shell
        self.push_screen(screen)

    def open_replay(self, path: Path, *, from_shell: bool = False) -> bool:
        """Replay a finished save face up; an unfinished or damaged one is explained instead
        (a game in progress is never shown face up). ``from_shell``: the replay was asked for
        on the command line (``cardtable replay SAVE``), so closing it ends the app, as
        leaving a game started there does; one opened from Past games or the game over
        screen closes back to it."""
        from cardtable.engine.history import open_replay
        from cardtable.ui.replay import replay_screen

        try:
            replay = open_replay(path, self.start.cards_dir)
        except SaveError as err:
            self.show_error(str(err))
            return False
        screen = replay_screen(replay)
        screen.closes_app = from_shell
        self.push_screen(screen)
        return True

    # ------------------------------------------------------------------ navigation
    def start_game(
        self,
        game_id: str,
        players: tuple[str, ...] | int | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        *,
        card_set: str | None = None,
        replace: bool = False,
        computers: dict[int, str] | None = None,
    ) -> bool:
        """Deal a new game and show its table; a bad set-up or card file shows a message.
        ``card_set`` picks a card set added by the custom folder (default: the main set);
        ``computers`` maps the seats the computer plays to their levels (saved in the header)."""
        if seed is None:
            seed = secrets.randbelow(2**31)
        try:
            game = new_game(game_id, players, seed=seed, options=options, cards_dir=self.start.cards_dir, card_set=card_set)
        except (CardDataError, SetupError) as err:
            self.show_error(str(err))
            return False
        try:
            save: SaveFile | None = SaveFile.create(game, computers=computers)
            off = None
        except OSError as err:
            save = None
            why = self.home_problem or f"cannot write the save file ({files.reason(err)})"
            off = f"Saving is off: {why} — this game is played in memory only; leaving it loses it"
        session = Session(game, save, self.stats, computers)
        session.saving_off = off
        self._show_table(session, replace=replace)
        self._remember_players(game, computers or {})
        return True

    def _remember_players(self, game: Any, computers: dict[int, str]) -> None:
        """Remember ``game``'s players, its per-seat options and which seats the computer
        plays for the game's next setup, whether it was set up in the menu or started from
        the shell (``cardtable play``); a failed write is a warning toast, nothing more."""
        from cardtable.engine.recent import KIND_KEY, remember_players

        options = game.setup.options
        seat_options = {o.key: options[o.key] for o in type(game).options if o.per_seat and o.key in options}
        seat_options[KIND_KEY] = tuple(computers.get(seat, "") for seat in range(len(game.players)))
        problem = remember_players(game.id, game.players, seat_options)
        if problem and self.saving_off is None and self.home_problem is None:  # else said once already: nothing is kept
            self.notify(problem, title="Players not remembered", severity="warning", timeout=6, markup=False)

    def resume_game(self, path: Path, *, replace: bool = False) -> bool:
        """Resume a saved game; a broken save is explained (and kept)."""
        try:
            session = Session.from_save(path, self.start.cards_dir, self.stats)
        except SaveError as err:
            self.show_error(str(err))
            return False
        self._show_table(session, replace=replace)
        if session.save is not None and session.save.torn_notice:
            self.notify(session.save.torn_notice, title="Save repaired", severity="warning", timeout=10, markup=False)
        return True

    def _show_table(self, session: Session, *, replace: bool) -> None:
        from cardtable.ui.games import table_screen_for

        screen = table_screen_for(session.game.id)(session)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def confirm_leave(self) -> None:
        """Ask before leaving the game on screen (it is already saved); yes leaves it: back
        to the menu, or back to the shell when the game was started from the command line.
        A third answer names the save first (``ui.naming``), and the hint left in the shell
        then resumes it by that name; a game with no save to name (saving off, its file
        deleted or not created yet, a read-only save resumed in memory) gets a plain yes/no
        that says what leaving loses."""
        from cardtable.ui.dialogs import ConfirmDialog
        from cardtable.engine.history import save_names
        from cardtable.ui.naming import LeaveDialog, ask_save_name

        command = f"{shell_command()} resume"
        detail = f"It is saved after every move.\nGo on later with: {command}" if self.direct else "It is saved after every move: resume it from the menu."
        # the game's save: the table may be under a privacy screen
        table = next((s for s in reversed(self.screen_stack) if getattr(s, "session", None) is not None), None)
        session = table.session if table is not None else None  # type: ignore[attr-defined]
        if session is not None and session.save is not None:
            session.save.check()  # deleted from another window since the last move?
        # nothing of this game (or of what was played since it was resumed) can be kept
        unkept = session is not None and (session.save is None or session.save.lost or not session.save.written)
        if session is not None and session.untouched:  # leaving deletes its save (Session.close)
            detail = "No move has been played yet: leaving does not keep this game (name it to keep it)."
        if session is not None and session.save_problem is not None:
            unsaved = session.unsaved_moves
            if session.read_only_save is not None:
                detail = f"Its save file {session.read_only_save.name} cannot be written here: leaving loses the moves played since it was resumed (the file keeps the game as it was)."
            elif session.save is None:
                detail = "This game is not saved (saving is off): leaving loses it."
            elif session.save.lost:
                detail = "Its save file was deleted or replaced (perhaps from another window): leaving loses this game."
            elif not session.save.written:
                detail = f"Its save file could not be created ({session.save.reason}): leaving loses this game."
            else:
                detail = f"{unsaved} move{'s' if unsaved != 1 else ''} could not be saved and will be lost; the moves before are kept.\n{session.save_problem}"

        def leave(named: str | None = None) -> None:
            if session is not None:
                session.left = True  # closing it deletes the save of a game with no move
            if self.direct:
                again = resume_command(named) if named else command
                if session is not None and session.read_only_save is not None:
                    source = session.read_only_save
                    shown = source.name if source.parent == saves_dir() else str(source)
                    self.exit(message=f"The moves played since resuming were not saved; {resume_command(shown)} picks the game up where its save file left it.")
                elif unkept:
                    self.exit(message="The game was not saved: it is gone.")
                elif session is not None and session.untouched:
                    self.exit(message="No move was played: the game was not kept.")
                elif session is not None and session.save_problem is not None and session.unsaved_moves:
                    # a save that failed (a full disk): what is kept, not "saved"
                    kept = max(0, session.game.moves - session.unsaved_moves)
                    self.exit(message=f"The game is saved up to move {kept}; the last {session.unsaved_moves} could not be saved. {again} picks it up from move {kept}.")
                else:
                    self.exit(message=f"The game is saved: {again} picks it up again.")
            else:
                self.back_to_menu()

        save = session.save if session is not None else None

        def done(answer: bool | str | None) -> None:
            if answer == "name" and save is not None:

                def named(changed: bool) -> None:
                    if not changed:  # the box cancelled (Esc), or the name refused: back to the game
                        return
                    # the hint names the save as the user did (its file name if two share it)
                    names = save_names(save.path.parent)
                    name = names.get(save.path.name)
                    unique = name is not None and [n.casefold() for n in names.values()].count(name.casefold()) == 1
                    leave(name if unique else save.path.name if name else None)

                ask_save_name(self, save.path, named, guarded=True)
            elif answer:
                leave()

        if unkept:
            # nothing to name: a plain question that says what leaving costs
            self.push_screen(ConfirmDialog("Leave this game?", detail, yes="Leave and lose it", no="Stay", guarded=True), done)
        else:
            self.push_screen(LeaveDialog("Leave this game?", detail, guarded=True), done)

    def show_menu(self) -> None:
        """Put the menu on screen when nothing but Textual's blank default screen is there.
        A game started from the shell (``direct``) is shown without building the menu under
        it (lazy start, issue 13 item 5): the menu is built the first time it is needed, when
        the player goes back to it or a start that failed explains why over it."""
        from cardtable.ui.menu import MenuScreen

        if len(self.screen_stack) <= 1:
            self.push_screen(MenuScreen())

    def back_to_menu(self) -> None:
        """Close every screen above the menu (from then on, leaving a game returns here);
        a game started from the shell has no menu yet below it: it is built now."""
        from cardtable.ui.menu import MenuScreen

        self.direct = False

        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()
        self.show_menu()

    def show_error(self, message: str) -> None:
        """Show a one-line problem in a dialog (never a traceback), over the menu when the
        problem stopped a start from the shell before anything was on screen."""
        from cardtable.ui.dialogs import MessageDialog

        self.show_menu()
        self.push_screen(MessageDialog("Something is wrong", message))


def make_app(start: StartRequest | None = None) -> CardtableApp:
    """Build the app (the one factory used by the CLI and the tests)."""
    return CardtableApp(start)
