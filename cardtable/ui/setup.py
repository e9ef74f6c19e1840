"""The setup screen: number of players, their names (seat 1 is the oldest), the game's
options and an optional seed. Problems are shown on one line; nothing starts until fixed."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from cardtable.engine import Game, Setup, SetupError
from cardtable.engine.registry import default_names

__all__ = ["SetupScreen"]


class SetupScreen(Screen[None]):
    """Set up a new game of ``game_cls``; Ctrl+S (or the Start button) deals."""

    CSS_PATH = "setup.tcss"
    BINDINGS = [
        Binding("ctrl+s", "start", "Start", priority=True),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, game_cls: type[Game]) -> None:
        super().__init__()
        self.game_cls = game_cls
        self.count = game_cls.min_players

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        g = self.game_cls
        defaults = default_names(g.max_players)
        with VerticalScroll(id="setup-box"):
            yield Static(f"{g.title} — new game", id="setup-title")
            yield Static(g.summary, classes="muted", id="setup-summary")
            if g.min_players != g.max_players:
                with Horizontal(classes="setup-row"):
                    yield Label("Players", classes="setup-label")
                    yield Select(
                        [(str(n), n) for n in range(g.min_players, g.max_players + 1)],
                        value=g.min_players,
                        allow_blank=False,
                        id="setup-count",
                    )
            else:
                yield Static(f"{g.min_players} players", classes="muted")
            for seat in range(g.max_players):
                label = "Seat 1 (oldest)" if seat == 0 else f"Seat {seat + 1}"
                with Horizontal(classes="setup-row seat-row", id=f"seat-{seat}"):
                    yield Label(label, classes="setup-label")
                    yield Input(value=defaults[seat], placeholder=defaults[seat], id=f"name-{seat}", classes="name-input", max_length=16)
                    for option in g.options:
                        if option.per_seat:
                            yield Select(
                                [(lbl, value) for value, lbl in option.choices],
                                value=option.seat_default(seat),
                                allow_blank=False,
                                id=f"opt-{option.key}-{seat}",
                                classes="seat-option",
                            )
            for option in g.options:
                if option.per_seat:
                    continue
                with Horizontal(classes="setup-row option-row", id=f"row-{option.key}"):
                    yield Label(option.label, classes="setup-label")
                    yield Select(
                        [(lbl, value) for value, lbl in option.choices],
                        value=option.default,
                        allow_blank=False,
                        id=f"opt-{option.key}",
                    )
                if option.help:
                    yield Static(option.help, classes="muted option-help", id=f"help-{option.key}")
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                yield Input(placeholder="blank: a random deal", type="integer", id="seed")
            yield Static("", id="setup-error", classes="error-line")
            with Horizontal(id="setup-buttons"):
                yield Button("Start (Ctrl+S)", id="start", variant="primary")
                yield Button("Back (Esc)", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self._apply_count()
        self.query_one("#name-0", Input).focus()

    def _apply_count(self) -> None:
        for seat in range(self.game_cls.max_players):
            self.query_one(f"#seat-{seat}").display = seat < self.count
        for option in self.game_cls.options:
            applies = option.applies(self.count)
            if not option.per_seat:
                self.query_one(f"#row-{option.key}").display = applies
                for help_widget in self.query(f"#help-{option.key}"):
                    help_widget.display = applies

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "setup-count" and isinstance(event.value, int):
            self.count = event.value
            self._apply_count()
            self.query_one("#setup-error", Static).update("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a name moves to the next name; Enter in the last field starts."""
        event.stop()
        inputs = [w for w in self.query(Input) if w.display and w.parent is not None and w.parent.display]
        try:
            index = inputs.index(event.input)
        except ValueError:
            index = len(inputs) - 1
        if index + 1 < len(inputs):
            inputs[index + 1].focus()
        else:
            self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    # ------------------------------------------------------------------ reading the form
    def read_setup(self) -> tuple[Setup, int | None]:
        """The set-up and seed on the form. Raises ``SetupError`` with the problem."""
        names = tuple(self.query_one(f"#name-{s}", Input).value.strip() for s in range(self.count))
        options: dict[str, Any] = {}
        for option in self.game_cls.options:
            if not option.applies(self.count):
                continue
            if option.per_seat:
                options[option.key] = tuple(self.query_one(f"#opt-{option.key}-{s}", Select).value for s in range(self.count))
            else:
                options[option.key] = self.query_one(f"#opt-{option.key}", Select).value
        setup = Setup(names, options)
        self.game_cls.validate_setup(setup)
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = None
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                raise SetupError("the seed must be a whole number") from None
            if seed < 0:
                raise SetupError("the seed must be zero or more")
        return setup, seed

    def action_start(self) -> None:
        try:
            setup, seed = self.read_setup()
        except SetupError as err:
            self.query_one("#setup-error", Static).update(str(err))
            return
        self.app.start_game(self.game_cls.id, setup.players, seed, dict(setup.options), replace=True)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.dismiss(None)
