"""Small dialogs: a message, a yes/no question and a one-line text question. All close with
dismiss(); none ever shows a player's secrets (they are used outside games or over public
screens).

Each has a key bar of its own (``Footer``), docked at the foot of the terminal over the
covered screen's: a dialog is a see-through ``ModalScreen``, and without one the covered
screen's key bar showed through under it (a fresh tester's Leave question over the privacy
screen sat above "⏎ I am here  q Leave", keys the dialog does not obey). So has Ctrl+P's
command palette (``KeyedPalette``), Textual's other see-through screen we show.

A question asked by a key at the table (Leave, ``q``) and the box it leads to are
``guarded``: they obey no key until they have been on screen for the privacy guard's time
with no key pressed (``privacy.KeyGuard``, the privacy screen's guard). A fresh tester
typed a shell line right after ``q``: its ``a`` answered "Name it and leave" and the rest
became the save's name."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import CommandPalette, SearchIcon
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input

from cardtable.ui.glyphs import ascii_mode
from cardtable.ui.privacy import KeyGuard, privacy_guard
from cardtable.ui.widgets import Footer, Static

__all__ = ["MessageDialog", "ConfirmDialog", "InputDialog", "KeyedPalette", "GuardedKeys"]

EARLY_KEYS = "Keys typed as this box opened were not taken."
"""The line a guarded dialog shows after dropping a key (``GuardedKeys``)."""


class GuardedKeys(KeyGuard):
    """A dialog's key guard (``privacy.KeyGuard``), on when made with ``guarded=True``: keys
    pressed before the dialog has been on screen, key-free, for ``privacy_guard()`` seconds
    are dropped, and its ``#dialog-early`` line says so."""

    def set_guard(self, guarded: bool) -> None:
        """The guard's length: the privacy guard's when ``guarded``, else none."""
        self.guard = privacy_guard() if guarded else 0.0

    def early_line(self) -> Static:
        """The line that says a key was dropped, hidden until one is."""
        line = Static(EARLY_KEYS, classes="muted", id="dialog-early", markup=False)
        line.display = False
        return line

    def on_screen_resume(self) -> None:
        self.start_guard()

    def on_key(self, event: events.Key) -> None:
        self.guard_key(event)

    def guard_key(self, event: events.Key) -> bool:
        """Drop ``event`` if it comes inside the guard (and show the line); ``True`` if so."""
        if not self.drop_early_key(event):
            return False
        self.query_one("#dialog-early", Static).display = True  # type: ignore[attr-defined]
        return True


class GuardedInput(Input):
    """A dialog's text field that leaves the keys inside its dialog's guard out
    (``GuardedKeys``): a field takes a typed letter before its screen sees the key."""

    async def _on_key(self, event: events.Key) -> None:
        screen = self.screen
        if isinstance(screen, GuardedKeys):
            screen.guard_key(event)  # dropped: Input's own handler is not run


class MessageDialog(ModalScreen[None]):
    """A titled one-paragraph message; Enter or Esc closes it."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,enter", "close", "Close")]

    def __init__(self, title: str, message: str) -> None:
        super().__init__()
        self.title_text = title
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.message, classes="dialog-body", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#ok", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmDialog(GuardedKeys, ModalScreen[bool]):
    """A yes/no question: ``y``/Enter on Yes answer yes, ``n``/Esc answer no. ``guarded``:
    keys typed as it opens are dropped (``GuardedKeys``)."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, detail: str = "", yes: str = "Yes", no: str = "No", *, guarded: bool = False) -> None:
        super().__init__()
        self.set_guard(guarded)
        self.question = question
        self.detail = detail
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title")
            if self.detail:
                yield Static(self.detail, classes="dialog-body", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="primary")
                yield Button(f"{self.no} (n)", id="no")
            yield self.early_line()
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(self.button_answer(event.button.id))

    def button_answer(self, button: str | None) -> Any:
        """The answer the button whose id is ``button`` gives: ``True`` for Yes. A dialog
        with other buttons overrides this, not ``on_button_pressed``: Textual runs the
        handler of every class in the line, and a second ``dismiss`` closed the screen
        under the dialog too (Enter on Stay over a privacy screen left a dead table)."""
        return button == "yes"

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class InputDialog(GuardedKeys, ModalScreen[str | None]):
    """Ask for one line of text: Enter (or the OK button) answers the text, stripped;
    Esc answers ``None``. An empty answer is refused with a note (``allow_empty=False``).
    With ``count`` a line under the field says how many of ``max_length`` characters are
    typed, and when the field is full that nothing more is taken (a fresh tester typed a
    save name past the limit and never saw that the end was dropped). ``guarded``: keys
    typed as it opens are dropped (``GuardedKeys``)."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, prompt: str, value: str = "", *, ok: str = "OK", max_length: int = 40, allow_empty: bool = False, count: bool = False, guarded: bool = False) -> None:
        super().__init__()
        self.set_guard(guarded)
        self.count = count
        self.title_text = title
        self.prompt = prompt
        self.value = value
        self.ok = ok
        self.max_length = max_length
        self.allow_empty = allow_empty

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.prompt, classes="dialog-body", markup=False)
            yield self.make_input()
            if self.count:
                yield Static(self._count_text(self.value), classes="muted", id="dialog-count", markup=False)
            yield Static("", classes="error-line", id="dialog-error")
            yield self.early_line()
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.ok} (Enter)", id="ok", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")
        yield Footer()

    def make_input(self) -> Input:
        """The box's text field (``#dialog-input``), holding ``value``; a subclass may give
        another kind (the replay's round box takes digits only)."""
        return GuardedInput(value=self.value, max_length=self.max_length, id="dialog-input")

    def on_mount(self) -> None:
        self.query_one("#dialog-input", Input).focus()

    def _count_text(self, value: str) -> str:
        """"5 of 12 characters", and at the limit that the field takes no more."""
        if len(value) >= self.max_length:
            return f"{self.max_length} of {self.max_length} characters: full, nothing more is taken"
        return f"{len(value)} of {self.max_length} characters"

    def on_input_changed(self, event: Input.Changed) -> None:
        if self.count:
            self.query_one("#dialog-count", Static).update(self._count_text(event.value))

    def _answer(self) -> None:
        text = self.query_one("#dialog-input", Input).value.strip()
        if not text and not self.allow_empty:
            self.query_one("#dialog-error", Static).update("Please type something first.")
            return
        self.dismiss(text)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._answer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ok":
            self._answer()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class KeyedPalette(CommandPalette):
    """Textual's command palette (Ctrl+P) with a key bar of its own, its "esc" to close it,
    over the covered screen's key bar (``CardtableApp.action_command_palette`` opens it)."""

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Footer()

    ASCII_ICON = "> "
    """The search icon in ASCII mode, as wide as Textual's 🔎 (two cells): the mode's own
    stand-in for a wide character was "??", which read as a question."""

    def on_mount(self) -> None:
        if ascii_mode():
            self.query_one(SearchIcon).icon = self.ASCII_ICON
