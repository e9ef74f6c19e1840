"""Small dialogs: a message, a yes/no question and a one-line text question. All close with
dismiss(); none ever shows a player's secrets (they are used outside games or over public
screens).

Each has a key bar of its own (``Footer``), docked at the foot of the terminal over the
covered screen's: a dialog is a see-through ``ModalScreen``, and without one the covered
screen's key bar showed through under it (a fresh tester's Leave question over the privacy
screen sat above "⏎ I am here  q Leave", keys the dialog does not obey). So has Ctrl+P's
command palette (``KeyedPalette``), Textual's other see-through screen we show."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import CommandPalette
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input

from cardtable.ui.widgets import Footer, Static

__all__ = ["MessageDialog", "ConfirmDialog", "InputDialog", "KeyedPalette"]


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


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question: ``y``/Enter on Yes answer yes, ``n``/Esc answer no."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, detail: str = "", yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
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
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class InputDialog(ModalScreen[str | None]):
    """Ask for one line of text: Enter (or the OK button) answers the text, stripped;
    Esc answers ``None``. An empty answer is refused with a note (``allow_empty=False``).
    With ``count`` a line under the field says how many of ``max_length`` characters are
    typed, and when the field is full that nothing more is taken (a fresh tester typed a
    save name past the limit and never saw that the end was dropped)."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, prompt: str, value: str = "", *, ok: str = "OK", max_length: int = 40, allow_empty: bool = False, count: bool = False) -> None:
        super().__init__()
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
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.ok} (Enter)", id="ok", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")
        yield Footer()

    def make_input(self) -> Input:
        """The box's text field (``#dialog-input``), holding ``value``; a subclass may give
        another kind (the replay's round box takes digits only)."""
        return Input(value=self.value, max_length=self.max_length, id="dialog-input")

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
