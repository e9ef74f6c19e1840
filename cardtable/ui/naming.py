"""Naming a save: the one-line dialog used by the Resume list (``n``) and on leaving a game
(``Name it and leave``). A name is shown in the Resume and Past games lists and can be typed
for SAVE on the command line (``cardtable resume 'Friday night'``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.widgets import Button

from cardtable.engine.core import MAX_NAME
from cardtable.engine.history import save_names, set_save_name
from cardtable.ui.dialogs import ConfirmDialog, InputDialog

__all__ = ["LeaveDialog", "ask_save_name"]


def ask_save_name(app: App, path: Path, done: Callable[[bool], None] | None = None, *, guarded: bool = False) -> None:
    """Ask for a name for the save at ``path`` (its current name proposed; an empty answer
    removes the name) and keep it; ``done(changed)`` is called afterwards. The field counts
    the characters against ``MAX_NAME`` as they are typed, and a note says the name kept,
    as the lists and ``cardtable resume NAME`` know it. A name that is too long or cannot
    be written is explained in a notification and changes nothing. ``guarded``: keys typed
    as the box opens are dropped (``dialogs.GuardedKeys``; asked on leaving a game)."""
    current = save_names(path.parent).get(path.name, "")

    def answered(text: str | None) -> None:
        changed = False
        if text is not None:
            try:
                kept = set_save_name(path, text)
                changed = True
                app.notify(f"Named: {kept}" if kept else "The save has no name now.", title="Save name", timeout=4)
            except ValueError as err:
                app.notify(str(err), severity="warning")
            except OSError as err:
                app.notify(f"could not save the name: {err.strerror or err}", severity="error")
        if done is not None:
            done(changed)

    app.push_screen(
        InputDialog("Name this save", f"A name to find it by in the lists (up to {MAX_NAME} characters; empty: no name):", current, ok="Name it", max_length=MAX_NAME, allow_empty=True, count=True, guarded=guarded),
        answered,
    )


class LeaveDialog(ConfirmDialog):
    """"Leave this game?" with a third answer: name the save, then leave. Dismisses with
    ``True`` (leave), ``False`` (stay) or ``"name"`` (name it, then leave)."""

    BINDINGS = [*ConfirmDialog.BINDINGS, Binding("a", "answer('name')", "Name it and leave")]

    def on_mount(self) -> None:
        # the yes/no dialog's buttons, with this one between them
        self.query_one(".dialog-buttons").mount(Button("Name it and leave (a)", id="name"), before="#no")

    def button_answer(self, button: str | None) -> bool | str:
        return "name" if button == "name" else button == "yes"
