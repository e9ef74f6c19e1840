"""The setup screen: number of players, who plays each seat (a person or a computer player
of a level: easy, normal, hard), their names (seat 1 is the oldest; a computer seat is named
"Computer N", editable), the game's options and an optional seed. Problems are shown on one line; nothing starts until fixed.

When the custom card folder adds card sets for the game, a *Card set* choice appears. In
games where players bring decks (``Game.deck_option``) each seat's deck choice offers the
card set's presets and the players' legal saved decks, and ``Ctrl+D`` opens the deck
builder (the choices are refreshed when it closes)."""

from __future__ import annotations

import re
import time
import unicodedata
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual import events
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select

from cardtable.cards import CardDataError, CardSet
from cardtable.engine import Game, Setup, SetupError
from cardtable.engine.core import MAX_NAME, SEED_LIMIT
from cardtable.engine.decks import setup_choices
from cardtable.engine.recent import KIND_KEY, last_players, last_seat_options
from cardtable.engine.registry import card_set_name, card_sets, computer_name, default_names, load_cards
from cardtable.names import cells, computer_style, first_clash, name_problem, normalise_name, skeleton, width_problem
from cardtable.plain import control_characters, describe_character
from cardtable.ui.widgets import Footer, Static, plain_text

__all__ = ["SetupScreen", "PLAYER_KINDS"]

PLAYER_KINDS: tuple[tuple[str, str], ...] = (("Person", ""), ("Computer (easy)", "easy"), ("Computer (normal)", "normal"), ("Computer (hard)", "hard"))
"""Who plays a seat: a person (``""``) or a computer player of a level (issue 15)."""



LABEL_MOST = 24
"""The widest the labels' column grows (``SetupScreen.label_width``); a longer label wraps."""

_NAMES_NOTE = f"Names: up to {MAX_NAME} characters. Tab or Enter moves to the next field."
"""The note above the names; a name too long or with a control character replaces it with the
problem (``_check_names``), as does a paste of several lines (``NameInput``)."""


def keys_in_order(widget: Widget, event: events.Key) -> bool:
    """Keep a burst of keys typed on the form in order (a fresh tester's ``Shift+Tab q``,
    sent together, gave the name "annq"): Tab and Shift+Tab move the focus at once, not as
    bindings resolved after the keys that followed them had reached ``widget``, and a key
    that reaches ``widget`` after the focus has moved on is passed on to the control that
    has it. ``True`` when ``event`` was dealt with so."""
    screen = widget.screen
    focused = screen.focused
    if focused is not None and focused is not widget and widget in focused.ancestors:
        return False  # bubbled up from a part of it (a choice's open list)
    moves = {"tab": screen.focus_next, "shift+tab": screen.focus_previous}
    if focused is not None and focused is not widget:
        focused._forward_event(events.Key(event.key, event.character))
    elif event.key in moves:
        moves[event.key]()
    else:
        return False
    event.stop()
    event.prevent_default()
    return True


TYPE_AHEAD = 1.0
"""Seconds within which letters typed on a closed choice make one word to look for."""

SEED_NOTE = "Everyone who sees this seed can deal the same game elsewhere and see every hand: leave it blank for a game with secrets."
"""Shown under a seed typed on the form (a hostile tester dealt a seeded game again in a
second window and read the other players' hands)."""


class FormSelect(Select):
    """A choice of the setup form that keeps a burst of keys in order (``keys_in_order``):
    ``Tab Bob`` typed together from seat 2's player kind names seat 2 "Bob".

    Letters and digits typed on it while its list is closed pick a choice, as a list box in
    a web form does (Textual's closed ``Select`` dropped them without a sign): the first
    choice after the one shown whose name, or a word of it, starts with what was typed
    within ``TYPE_AHEAD`` seconds ("4" on Players picks 4, "h" on a seat's player picks
    "Computer (hard)", "c" again moves on to the next "Computer"). When no choice starts so,
    a note says so and that Tab moves on (letters meant for a name)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._typed = ""
        self._typed_at = 0.0

    async def _on_key(self, event: events.Key) -> None:
        if keys_in_order(self, event):
            return
        character = event.character
        if self.screen.focused is self and character is not None and character.isprintable() and not character.isspace():
            event.stop()
            event.prevent_default()
            self.type_ahead(character)

    def type_ahead(self, character: str) -> None:
        """Add ``character`` to what is being typed and show the choice it names (see the
        class); a note when there is none, one a word ("Ann" typed on Players gives one)."""
        now = time.monotonic()
        word = self._typed if now - self._typed_at <= TYPE_AHEAD else ""
        self._typed, self._typed_at = word + character, now
        found = choice_named(self.choice_names(), self.value, self._typed)
        if found is None:
            if not word or choice_named(self.choice_names(), self.value, word) is not None:  # one note a word
                self.notify(f'No choice here starts with "{self._typed}". Tab moves on to the next field; Enter opens the list.',
                            title="Not a choice", severity="warning", markup=False, timeout=4)
        elif found != self.value:
            self.value = found

    def choice_names(self) -> list[tuple[str, Any]]:
        """Each choice as ``(name as shown, value)``, in the order listed."""
        return [(label.plain if isinstance(label, Text) else str(label), value)
                for label, value in self._options if value is not Select.NULL]


def choice_named(choices: list[tuple[str, Any]], current: Any, typed: str) -> Any:
    """The value of the choice ``typed`` picks among ``choices`` (``(name, value)`` pairs),
    ``current`` being shown, or ``None`` when none fits: the first one, going round from the
    one after ``current`` (from ``current`` itself for a longer word, so that typing on
    keeps it), whose name or a word of it starts with ``typed``, case aside; a letter typed
    again and again moves from one choice starting with it to the next."""
    key = typed.casefold()
    again = len(set(key)) == 1
    if again:
        key = key[0]
    values = [value for _, value in choices]
    at = values.index(current) if current in values else -1
    first = at + 1 if again else max(at, 0)
    for name, value in choices[first:] + choices[:first]:
        words = [name.casefold()] + [w.casefold() for w in re.findall(r"\w+", name)]
        if any(w.startswith(key) for w in words):
            return value
    return None


class NameInput(Input):
    """A seat's name field. A paste of more than one line is refused, the field unchanged,
    and ``Refused`` tells the setup screen (Textual's ``Input`` keeps the first line and
    drops the rest unseen: ``--names $'Ann\\nBob'`` is refused the same way). A line
    break that only ends the paste (a copied line) is left out and the line pasted. Ctrl+V
    (Textual's paste of what was copied inside the app) goes the same way, and with nothing
    copied it changes nothing: Textual pasted "" over the text, which Input selects on
    focus (a fresh tester's name field emptied, without a word, by a two-line paste)."""

    class Refused(Message):
        """A paste into ``field`` was refused: ``bad`` is the line break that made it two
        lines or more, ``None`` when Ctrl+V had nothing to paste."""

        def __init__(self, field: NameInput, bad: str | None) -> None:
            super().__init__()
            self.field = field
            self.bad = bad

    async def _on_key(self, event: events.Key) -> None:
        # Textual resolves a binding only once its key has gone round the app, after the
        # keys that followed it in one burst reached this field: the field's own editing
        # keys (Backspace, Delete, the arrows…) are run here, in the order typed ("Ann",
        # then Backspace x a n together gave "xa"), and Enter moves on here (``field_done``).
        if keys_in_order(self, event):
            return
        screen = self.screen
        if event.key == "enter" and isinstance(screen, SetupScreen):
            event.stop()
            event.prevent_default()
            screen.field_done(self)
            return
        bindings = self._bindings.key_to_bindings.get(event.key)
        if bindings and not event.is_printable:
            event.stop()
            event.prevent_default()
            self._restart_blink()
            await self.run_action(bindings[0].action)

    def _line_break(self, text: str) -> str | None:
        """The first line break of ``text`` that makes it more than one line (a break that
        only ends it does not), else ``None``."""
        text = text.rstrip("\r\n")
        first = text.splitlines()[0] if text else ""
        return text[len(first)] if len(first) < len(text) else None

    def _on_paste(self, event: events.Paste) -> None:
        bad = self._line_break(event.text)
        if bad is not None:
            event.prevent_default()  # Input's own paste (the first line) is not run
            event.stop()
            self.post_message(self.Refused(self, bad))

    def action_paste(self) -> None:
        """Ctrl+V: paste what was copied in the app over the selection, as a terminal's paste."""
        text = self.app.clipboard
        bad = self._line_break(text)
        if not text or bad is not None:
            self.post_message(self.Refused(self, bad))
            return
        start, end = self.selection
        self.replace(text.rstrip("\r\n"), start, end)


def control_reason(seat: int, bad: str) -> str:
    """Why seat ``seat``'s (0-based) name with the control character ``bad`` is refused:
    one line, the same for a character typed, pasted within a line, or a pasted line break."""
    return f"Seat {seat + 1}'s name has {describe_character(bad)}: names cannot contain control characters."


class SetupScreen(Screen[None]):
    """Set up a new game of ``game_cls``; Ctrl+S (or the Start button) deals."""

    CSS_PATH = "setup.tcss"
    BINDINGS = [
        Binding("ctrl+s", "start", "Start"),
        Binding("ctrl+d", "decks", "Build decks", priority=True),  # Input uses ctrl+d otherwise
        Binding("escape", "back", "Back"),
    ]
    AUTO_FOCUS = "#setup-count, #name-0"
    """The first control, top to bottom: the number of players when there is a choice, else
    seat 1's name. Focused as the form is composed (Textual's auto focus), so keys typed as it
    opens reach it: a later ``focus()`` in ``on_mount`` took effect only after keys already
    queued, which went to seat 1's player kind (the first control) and were lost, or, like
    Backspace, ran once the name had the focus (a fresh tester's "Ann" gone, the letters
    typed after it missing)."""

    def __init__(self, game_cls: type[Game]) -> None:
        super().__init__()
        self.game_cls = game_cls
        # the players of the last game set up here, offered again (count and names)
        recent = last_players(game_cls.id)
        fits = recent is not None and game_cls.min_players <= len(recent) <= game_cls.max_players
        # a remembered name that could not be used now (an edited file) is not offered
        fits = fits and not any(name_problem(n, MAX_NAME) for n in recent)  # type: ignore[union-attr]
        self.recent = recent if fits else None
        # and each seat's per-seat choices (e.g. armies) of that game
        self.recent_seats = last_seat_options(game_cls.id) if fits else {}
        self.count = len(self.recent) if self.recent else game_cls.min_players
        self.card_set: str | None = None
        self.cardset: CardSet | None = None
        self.cards_problem = ""
        self.person_names: list[str] = []
        """The name each seat gets back when it is turned from a computer into a person."""

    @property
    def cards_dir(self) -> str | None:
        """The app's custom card folder (``--cards-dir``), if any."""
        start = getattr(self.app, "start", None)
        return getattr(start, "cards_dir", None)

    def _load_cardset(self) -> None:
        """Load the chosen card set (its decks feed the deck choices); a broken file is
        remembered and shown on the error line."""
        try:
            self.cardset = load_cards(self.game_cls.id, self.cards_dir, self.card_set)
            self.cards_problem = ""
        except CardDataError as err:
            self.cardset = None
            self.cards_problem = str(err)

    def _set_label(self, source) -> str:
        """How a card set is offered: "Standard" or the added set's ``name:``, marked custom,
        and marked broken when its file does not load (the error line says why)."""
        name = card_set_name(source, self.cards_dir)
        label = "Standard" if source.main else (name or source.set_id)
        notes = (["custom"] if source.custom else []) + (["broken"] if name is None else [])
        return label + (f" ({', '.join(notes)})" if notes else "")

    def _choices(self, option) -> list[tuple[Text, object]]:
        return [(plain_text(label), value) for value, label in setup_choices(self.game_cls, option, self.cardset)]

    def _default(self, option, choices: list[tuple[Text, object]], seat: int | None = None) -> object:
        values = [v for _, v in choices]
        default = option.seat_default(seat) if seat is not None else option.default
        remembered = self.recent_seats.get(option.key, ()) if seat is not None else ()
        if seat is not None and seat < len(remembered) and remembered[seat] in values:
            return remembered[seat]  # the last game's choice for this seat, still offered
        return default if default in values or not values else values[0]

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        g = self.game_cls
        defaults = list(default_names(g.max_players))
        if self.recent:  # the last players first, then default names none of them has
            spare = [n for n in default_names(2 * g.max_players) if n not in self.recent]
            defaults = (list(self.recent) + spare)[: g.max_players]
        plain = default_names(g.max_players)
        self.person_names = [plain[s] if name == computer_name(s) else name for s, name in enumerate(defaults)]
        levels = {value for _, value in PLAYER_KINDS}
        remembered = self.recent_seats.get(KIND_KEY, ())
        self.kinds = [remembered[s] if s < len(remembered) and remembered[s] in levels else "" for s in range(g.max_players)]
        self._load_cardset()
        sets = card_sets(g.id, self.cards_dir)
        box = VerticalScroll(id="setup-box")
        # not a stop of its own for Tab (nothing visible would have the focus): the form
        # scrolls to the focused control, and the mouse wheel scrolls it
        box.can_focus = False
        with box:
            yield Static(f"{g.title} — new game", id="setup-title")
            yield Static(g.summary, classes="muted", id="setup-summary")
            if len(sets) > 1:
                with Horizontal(classes="setup-row", id="row-card-set"):
                    yield Label("Card set", classes="setup-label")
                    yield FormSelect(
                        [(plain_text(self._set_label(s)), "" if s.main else s.set_id) for s in sets],
                        value="",
                        allow_blank=False,
                        compact=True,
                        id="setup-set",
                    )
            if g.min_players != g.max_players:
                with Horizontal(classes="setup-row"):
                    yield Label("Players", classes="setup-label")
                    yield FormSelect(
                        [(str(n), n) for n in range(g.min_players, g.max_players + 1)],
                        value=self.count,
                        allow_blank=False,
                        compact=True,
                        id="setup-count",
                    )
            else:
                yield Static(f"{g.min_players} players", classes="muted")
            yield Static(_NAMES_NOTE, classes="muted", id="names-note")
            seat_options = [o for o in g.options if o.per_seat]
            if seat_options:
                with Horizontal(classes="setup-row seat-row seat-header"):
                    yield Label("", classes="setup-label")
                    yield Label("Player", classes="seat-kind muted")
                    yield Label("Name", classes="name-input beside-options muted")
                    for option in seat_options:
                        yield Label(option.label, classes="seat-option muted")
            for seat in range(g.max_players):
                label = "Seat 1 (oldest)" if seat == 0 else f"Seat {seat + 1}"
                with Horizontal(classes="setup-row seat-row", id=f"seat-{seat}"):
                    yield Label(label, classes="setup-label")
                    yield FormSelect([(name, value) for name, value in PLAYER_KINDS], value=self.kinds[seat], allow_blank=False, compact=True, id=f"kind-{seat}", classes="seat-kind")
                    # beside a per-seat option the name field is as wide as a whole name and
                    # the option gets the rest ("Chaos Space Marines" on one line at 80×24)
                    yield NameInput(value=defaults[seat], placeholder="a name", id=f"name-{seat}", classes="name-input beside-options" if seat_options else "name-input", compact=True)
                    for option in g.options:
                        if option.per_seat:
                            choices = self._choices(option)
                            yield FormSelect(
                                choices,
                                value=self._default(option, choices, seat),
                                allow_blank=False,
                        compact=True,
                                id=f"opt-{option.key}-{seat}",
                                classes="seat-option",
                            )
            for option in seat_options:
                if option.help:
                    yield Static(f"{option.label}: {option.help}", classes="muted")
            for option in g.options:
                if option.per_seat:
                    continue
                with Horizontal(classes="setup-row option-row", id=f"row-{option.key}"):
                    yield Label(option.label, classes="setup-label")
                    choices = self._choices(option)
                    yield FormSelect(
                        choices,
                        value=self._default(option, choices),
                        allow_blank=False,
                        compact=True,
                        id=f"opt-{option.key}",
                    )
                if option.help:
                    yield Static(option.help, classes="muted option-help", id=f"help-{option.key}")
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                yield Input(placeholder="blank: a random deal", type="integer", id="seed", compact=True)
            yield Static(SEED_NOTE, classes="muted option-help", id="seed-note", markup=False)
            yield Static(self.cards_problem, id="setup-error", classes="error-line")
            with Horizontal(id="setup-buttons"):
                yield Button("Start (Ctrl+S)", id="start", variant="primary")
                if g.deck_option is not None:
                    yield Button("Build decks (Ctrl+D)", id="decks")
                yield Button("Back (Esc)", id="back")
        yield Footer()

    def label_width(self) -> int:
        """The columns of the labels' column (their ``.setup-label`` width, a column of space
        after the longest): as wide as the longest label of this game's screen, up to
        ``LABEL_MOST``. h101: a fixed 17 broke Black Ops' "Search and Destroy" over two
        lines at 80×24, and took from FOFL's deck choices the columns "Blue (ANFOFL)
        preset" needs to stay on one line."""
        g = self.game_cls
        labels = ["Card set", "Players", "Seed", "Seat 1 (oldest)", *(o.label for o in g.options if not o.per_seat)]
        return min(LABEL_MOST, max(cell_len(label) for label in labels) + 1)

    def on_mount(self) -> None:
        width = self.label_width()
        for label in self.query(".setup-label"):
            label.styles.width = width
        for help_widget in self.query(".option-help"):  # under its choice, not under the label
            help_widget.styles.padding = (0, 0, 0, width)
        self._apply_count()

    def _apply_count(self) -> None:
        for seat in range(self.game_cls.max_players):
            self.query_one(f"#seat-{seat}").display = seat < self.count
        for option in self.game_cls.options:
            applies = option.applies(self.count)
            if not option.per_seat:
                self.query_one(f"#row-{option.key}").display = applies
                for help_widget in self.query(f"#help-{option.key}"):
                    help_widget.display = applies
        self._grey_unused_seat_options()

    def _grey_unused_seat_options(self) -> None:
        """Disable the per-seat choices the other options make irrelevant
        (``Game.seat_option_used``, e.g. seat 2's army in Civil War)."""
        g = self.game_cls
        chosen = {
            o.key: self.query_one(f"#opt-{o.key}", Select).value
            for o in g.options
            if not o.per_seat and o.applies(self.count)
        }
        for option in g.options:
            if option.per_seat:
                for seat in range(self.count):
                    self.query_one(f"#opt-{option.key}-{seat}", Select).disabled = not g.seat_option_used(option.key, seat, chosen)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "setup-count" and isinstance(event.value, int):
            self.count = event.value
            self._apply_count()
            self.query_one("#setup-error", Static).update("")
            self._check_names()
        elif event.select.id == "setup-set" and isinstance(event.value, str):
            self.card_set = event.value or None
            self.refresh_choices()
        elif event.select.id is not None and event.select.id.startswith("opt-"):
            self._grey_unused_seat_options()
        elif event.select.id is not None and event.select.id.startswith("kind-") and isinstance(event.value, str):
            self._kind_changed(int(event.select.id.removeprefix("kind-")), event.value)

    def _kind_changed(self, seat: int, level: str) -> None:
        """A seat became a computer player (its name becomes "Computer N" unless the name
        was edited) or a person again (the person's name comes back)."""
        name = self.query_one(f"#name-{seat}", Input)
        was = self.kinds[seat]
        self.kinds[seat] = level
        if level and not was:
            self.person_names[seat] = name.value or self.person_names[seat]
            name.value = computer_name(seat)
        elif not level and was and name.value == computer_name(seat):
            name.value = self.person_names[seat] = self._unique_person_name(seat)
        self.query_one("#setup-error", Static).update("")
        self._check_names()

    def _unique_person_name(self, seat: int) -> str:
        """The name seat ``seat`` gets on becoming a person again: the one it had, unless
        another seat has taken it meanwhile (a fresh tester's two "Ann"s), else the first
        default name no other seat has."""
        taken = {skeleton(self.query_one(f"#name-{s}", Input).value) for s in range(self.count) if s != seat}
        for name in (self.person_names[seat], *default_names(2 * self.game_cls.max_players + 1)):
            if skeleton(name) not in taken and not computer_style(name):
                return name
        return self.person_names[seat]  # not reached: more default names than seats

    def read_computers(self) -> dict[int, str]:
        """The seats the computer plays on the form: seat (0-based) → level."""
        return {s: self.kinds[s] for s in range(self.count) if self.kinds[s]}

    def refresh_choices(self) -> None:
        """Reload the card set and rebuild every option's choices (after the card set
        changed or the deck builder closed), keeping each current pick that is still offered."""
        self._load_cardset()
        for option in self.game_cls.options:
            choices = self._choices(option)
            values = [v for _, v in choices]
            ids = [(f"opt-{option.key}-{s}", s) for s in range(self.game_cls.max_players)] if option.per_seat else [(f"opt-{option.key}", None)]
            for wid, seat in ids:
                select = self.query_one(f"#{wid}", Select)
                current = select.value
                with select.prevent(Select.Changed):
                    select.set_options(choices)
                    select.value = current if current in values else self._default(option, choices, seat)
        self.query_one("#setup-error", Static).update(self.cards_problem)

    def action_decks(self) -> None:
        """Open the deck builder for this game and card set."""
        if self.game_cls.deck_option is None:
            return
        if self.cardset is None:
            self.query_one("#setup-error", Static).update(self.cards_problem)
            return
        from cardtable.ui.decks import DeckPickerScreen

        self.app.push_screen(DeckPickerScreen(self.game_cls, self.cardset), lambda _: self.refresh_choices())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "decks":
            return self.game_cls.deck_option is not None
        return True

    def on_input_changed(self, event: Input.Changed) -> None:
        """A name longer than ``MAX_NAME`` is kept as typed (never cut, which the player
        would not notice: a 13th letter typed or a long name pasted): the error line says
        so at once and the field is marked, and Start refuses it until it is shortened.
        So is a name with a control character (a pasted tab, say). A seed typed shows
        ``SEED_NOTE`` under it."""
        self.query_one("#setup-error", Static).update("")
        self._check_names()
        if event.input.id == "seed":
            self.query_one("#seed-note").display = bool(event.value.strip())

    def on_name_input_refused(self, event: NameInput.Refused) -> None:
        """A paste of several lines into a name (or Ctrl+V with nothing copied): the note line
        says why it was not pasted, for a line break in the words of a newline typed
        (``control_reason``); the field keeps its text."""
        seat = int((event.field.id or "name-0").removeprefix("name-"))
        note = self.query_one("#names-note", Static)
        if event.bad is None:
            note.update(f"Seat {seat + 1}: nothing to paste (Ctrl+V pastes what was copied in cardtable; a terminal pastes with its own keys, often Ctrl+Shift+V).")
        else:
            note.update(control_reason(seat, event.bad) + " Nothing was pasted.")
        note.set_class(False, "muted")
        note.set_class(True, "error-line")

    def seat_name_fault(self) -> tuple[int, str] | None:
        """The first seat (0-based) whose name may not be used beside the others, and why
        (one line), or ``None``: a person's name that reads as a computer player's
        (``computer_style``: "Computer 2"), or a name another seat has already (as Start's
        ``check_names`` compares them: case and look-alike letters aside). Empty names are
        left to Start. Each message fits the note's line at 80 columns."""
        given = [self.query_one(f"#name-{s}", Input).value for s in range(self.count)]
        for seat, name in enumerate(given):
            if not self.kinds[seat] and computer_style(name):
                return seat, f"Seat {seat + 1} is a person: '{normalise_name(name)}' is a computer's name. Rename it."
        named = [seat for seat, name in enumerate(given) if skeleton(name)]
        clash = first_clash([given[seat] for seat in named])
        if clash is None:
            return None
        first, seat = named[clash[0]], named[clash[1]]
        shown, other = normalise_name(given[seat]), normalise_name(given[first])
        if shown == other:
            return seat, f"Seats {first + 1} and {seat + 1} are both named '{shown}': names must differ."
        return seat, f"Seats {first + 1} and {seat + 1} look alike, '{other}' and '{shown}': names must differ."

    def _check_names(self) -> None:
        """Say on the names' note line, just above the names, which seat's name is too long
        (in cells: a wide letter takes two), has a character terminals draw at different
        widths (``width_problem``) or a control character, reads as a computer's or is another seat's
        (``seat_name_fault``), and mark its field; the usual note once every name fits.
        The same rules as Start's (``cardtable.names.name_problem``) and the CLI's."""
        problem = ""
        for seat in range(self.game_cls.max_players):
            field = self.query_one(f"#name-{seat}", Input)
            text = normalise_name(field.value)
            length, size = len(text), cells(text)
            bad = control_characters(field.value) if seat < self.count else []
            unsettled = width_problem(text) if seat < self.count else None
            long = seat < self.count and size > MAX_NAME
            field.set_class(long or bool(bad) or bool(unsettled), "-invalid")
            if bad and not problem:
                problem = control_reason(seat, bad[0])
            elif unsettled and not problem:
                problem = f"Seat {seat + 1}: {unsettled}."
            elif long and not problem and size == length:
                problem = f"Seat {seat + 1}'s name has {length} characters (at most {MAX_NAME}): shorten it to start."
            elif long and not problem:
                problem = f"Seat {seat + 1}'s name takes {size} cells, a wide letter two (at most {MAX_NAME}): shorten it."
        fault = self.seat_name_fault()
        if fault is not None:
            self.query_one(f"#name-{fault[0]}", Input).set_class(True, "-invalid")
            problem = problem or fault[1]
        note = self.query_one("#names-note", Static)
        note.update(problem or _NAMES_NOTE)
        note.set_class(not problem, "muted")
        note.set_class(bool(problem), "error-line")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the seed (the last field) starts (``field_done``)."""
        event.stop()
        self.field_done(event.input)

    def field_done(self, field: Input) -> None:
        """Enter in ``field``: a name moves to the next text field at once (the keys typed
        after it go there, ``NameInput``); Enter in the last field starts."""
        inputs = [w for w in self.query(Input) if w.display and w.parent is not None and w.parent.display]
        try:
            index = inputs.index(field)
        except ValueError:
            index = len(inputs) - 1
        if index + 1 < len(inputs):
            self.set_focus(inputs[index + 1])
        else:
            self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "decks":
            self.action_decks()
        else:
            self.action_back()

    # ------------------------------------------------------------------ reading the form
    def read_setup(self) -> tuple[Setup, int | None]:
        """The set-up and seed on the form. Raises ``SetupError`` with the problem."""
        given = tuple(self.query_one(f"#name-{s}", Input).value for s in range(self.count))
        options: dict[str, Any] = {}
        for option in self.game_cls.options:
            if not option.applies(self.count):
                continue
            if option.per_seat:
                options[option.key] = tuple(self.query_one(f"#opt-{option.key}-{s}", Select).value for s in range(self.count))
            else:
                options[option.key] = self.query_one(f"#opt-{option.key}", Select).value
        if self.cards_problem:
            raise SetupError(self.cards_problem)
        # the names as typed (a control character is refused, not made a space), then kept in their normal form
        self.game_cls.validate_setup(Setup(given, options))  # games may override it in its one-argument form
        for name in given:  # the rules for names typed (cells, settled widths), which saved games skip
            problem = name_problem(name, MAX_NAME)
            if problem:
                raise SetupError(problem)
        fault = self.seat_name_fault()
        if fault is not None:  # a person named like a computer player (a clash is the game's to refuse)
            raise SetupError(fault[1])
        setup = Setup(tuple(normalise_name(n) for n in given), options)
        if self.cardset is not None:
            self.game_cls.validate_decks(setup, self.cardset)
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = None
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                raise SetupError("the seed must be a whole number") from None
            if not 0 <= seed < SEED_LIMIT:
                raise SetupError(f"the seed must be a whole number from 0 to {SEED_LIMIT - 1}")
        return setup, seed

    def name_at_fault(self) -> tuple[int, str | None] | None:
        """The first seat (0-based) whose name Start refuses, by the rules of
        ``cardtable.names.check_names``, and a clearer message than the game's when the
        clash cannot be seen: two names that differ only by an invisible character (which
        names leave out: "Ann" and "Ann" with a zero-width space) are shown with it named.
        ``None`` when every name is fine."""
        given = [self.query_one(f"#name-{s}", Input).value for s in range(self.count)]
        for seat, name in enumerate(given):
            if name_problem(name, MAX_NAME):
                # an empty name said like the other seats' faults (the game's own line is
                # lower-case and names no seat)
                return seat, (None if normalise_name(name) else f"Seat {seat + 1} has no name: type one to start.")
        clash = first_clash(given)
        if clash is None:
            fault = self.seat_name_fault()
            return (fault[0], None) if fault is not None else None
        first, seat = clash
        shown = normalise_name(given[seat])
        hidden = [ch for ch in given[first] + given[seat] if unicodedata.category(ch) == "Cf"]
        if hidden and normalise_name(given[first]) == shown:
            return seat, (
                f"Seat {first + 1} and seat {seat + 1} are both named '{shown}': they differ only by an"
                f" invisible character, {describe_character(hidden[0])}, which names leave out. Change one of them."
            )
        return seat, None

    def action_start(self) -> None:
        try:
            setup, seed = self.read_setup()
        except SetupError as err:
            fault = self.name_at_fault()
            line = self.query_one("#setup-error", Static)
            line.update((fault[1] or str(err)) if fault else str(err))
            line.call_after_refresh(line.scroll_visible, animate=False)  # below the form at 80×24
            if fault is not None:  # the cursor back in the name to fix (Enter had moved it on)
                self.query_one(f"#name-{fault[0]}", Input).focus()
            return
        computers = self.read_computers()
        # the app remembers the players for the next setup, as for a game started from the shell
        self.app.start_game(self.game_cls.id, setup.players, seed, dict(setup.options), card_set=self.card_set, replace=True, computers=computers)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.dismiss(None)
