"""The deck builder, for games where players bring their own decks (``Game.deck_option``:
FOFL's Red/Blue decks, Combat Cards armies, or any game that implements the hooks).

* ``DeckPickerScreen`` lists what to start from: an empty deck of each side, the card
  file's preset decks, and the player's saved decks (with whether each is legal; a damaged
  file is listed with its one-line error). ``x`` deletes a saved deck.
* ``DeckBuilderScreen`` edits one deck: the allowed pool (``deck_rules.pool``) on the left with
  how many copies are in the deck, the live check of the deck rules (``deck_rules.check``: one
  sentence per broken rule) and the deck itself on the right. ``+``/``Enter`` add a copy,
  ``-`` removes one, ``/`` filters the pool, ``s`` saves (as YAML under the user data dir:
  ``cardtable.engine.decks``). A legal saved deck is offered at game setup.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Input, OptionList
from textual.widgets.option_list import Option

from cardtable.cards import CardSet
from cardtable.catalog import value_text
from cardtable.engine import Game, files, plural
from cardtable.engine.decks import MAX_COPIES, DeckFileError, SavedDeck, decks_dir, deck_file_name, delete_deck, list_decks, save_deck
from cardtable.ui.cells import RowTable, colour_cell, cursor_key
from cardtable.ui.widgets import Footer, Static, plain_text

__all__ = ["DeckPickerScreen", "DeckBuilderScreen"]


def _cards(n: int) -> str:
    return plural(n, "card")


class DeckPickerScreen(Screen[None]):
    """Choose a deck to build from: empty, a preset, or one of your saved decks."""

    CSS_PATH = "decks.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("x,delete", "delete", "Delete saved deck"),
    ]

    def __init__(self, game_cls: type[Game], cardset: CardSet) -> None:
        super().__init__()
        self.game_cls = game_cls
        self.cardset = cardset
        self.entries: dict[str, tuple[str, str, Mapping[str, int], Path | None]] = {}
        self.saved: dict[str, SavedDeck] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="picker-box"):
            yield Static(f"{self.game_cls.title} — deck builder", id="picker-title")
            yield Static("Start a new deck, or open a preset or one of your saved decks.", classes="muted")
            yield OptionList(id="picker-list")
            yield Static("", id="picker-help", classes="muted")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_list()

    def on_screen_resume(self) -> None:
        self.refresh_list()

    def refresh_list(self) -> None:
        """Rebuild the list (a deck may have been saved or deleted)."""
        cls, cardset = self.game_cls, self.cardset
        sides = dict(cls.deck_rules.sides(cardset))
        options: list[Option | None] = []
        self.entries.clear()
        self.saved.clear()
        for side, label in sides.items():
            key = f"new:{side}"
            self.entries[key] = ("", side, {}, None)
            options.append(Option(Text.assemble(("New empty deck", "bold"), f" — {label}"), id=key))
        presets = [(deck_id, deck) for deck_id, deck in cardset.decks.items()]
        if presets:
            options.append(None)
        for deck_id, deck in presets:
            side = str(deck.get("side") or next(iter(sides)))
            counts = dict(deck["cards"])
            key = f"preset:{deck_id}"
            self.entries[key] = (f"{deck['name']} (copy)", side, counts, None)
            line = Text.assemble(("Preset: ", "italic"), (str(deck["name"]), "bold"), f" — {sides.get(side, side)}, {_cards(sum(counts.values()))}")
            options.append(Option(plain_text(line), id=key))
        saved = list_decks(cls, cardset)
        if saved:
            options.append(None)
        for index, deck in enumerate(saved):
            key = f"saved:{index}"
            if isinstance(deck, DeckFileError):
                options.append(Option(plain_text(Text.assemble(("Damaged: ", "bold"), (str(deck), "italic"))), id=key, disabled=True))
                continue
            self.entries[key] = (deck.name, deck.side, dict(deck.counts), deck.path)
            self.saved[key] = deck
            state = ("✓ legal", "") if deck.legal else (f"✗ {plural(len(deck.problems), 'problem')}", "italic")
            line = Text.assemble(("Yours: ", "italic"), (deck.name, "bold"), f" — {sides.get(deck.side, deck.side)}, {_cards(deck.size)} · ", state)
            options.append(Option(plain_text(line), id=key))
        menu = self.query_one("#picker-list", OptionList)
        highlighted = menu.highlighted
        menu.set_options(options)
        if menu.option_count:
            menu.highlighted = highlighted if highlighted is not None and highlighted < menu.option_count else 0
        menu.focus()
        self.query_one("#picker-help", Static).update(f"Enter: open · x: delete a saved deck · Esc: back. Decks are saved as YAML in cardtable's data folder, under decks/{cls.id}.")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        entry = self.entries.get(event.option.id or "")
        if entry is None:
            return
        name, side, counts, path = entry
        self.app.push_screen(DeckBuilderScreen(self.game_cls, self.cardset, name, side, counts, path))

    def action_delete(self) -> None:
        menu = self.query_one("#picker-list", OptionList)
        option = menu.highlighted_option
        deck = self.saved.get(option.id or "") if option is not None else None
        if deck is None:
            self.notify("Highlight one of your saved decks to delete it.", severity="warning")
            return
        from cardtable.ui.dialogs import ConfirmDialog

        def done(answer: bool | None) -> None:
            if answer:
                delete_deck(deck.path)
                self.notify(f"Deleted “{deck.name}”.")
                self.refresh_list()

        self.app.push_screen(ConfirmDialog(f"Delete your deck “{deck.name}”?", f"The file {deck.path.name} is removed."), done)

    def action_back(self) -> None:
        self.dismiss(None)


class DeckBuilderScreen(Screen[None]):
    """Edit one deck of ``side``: ``counts`` (card id → copies) to start from; ``path`` is
    the saved file it came from (``None``: not saved yet)."""

    CSS_PATH = "decks.tcss"
    BINDINGS = [
        Binding("plus,equals_sign", "add(1)", "Add", key_display="+"),
        Binding("minus,delete", "add(-1)", "Remove", key_display="-"),
        Binding("slash", "focus_filter", "Filter", key_display="/"),
        Binding("s", "save", "Save"),
        Binding("ctrl+s", "save", "Save", show=False, priority=True),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, game_cls: type[Game], cardset: CardSet, name: str, side: str, counts: Mapping[str, int], path: Path | None = None) -> None:
        super().__init__()
        self.game_cls = game_cls
        self.cardset = cardset
        self.deck_name = name
        self.side = side
        self.counts: dict[str, int] = {cid: n for cid, n in counts.items() if n > 0}
        self.path = path
        self.dirty = False
        self.pool = list(game_cls.deck_rules.pool(cardset, side))
        self.side_label = dict(game_cls.deck_rules.sides(cardset)).get(side, side)
        self.problems: list[str] = []

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static("", id="db-title")
        with Horizontal(id="db-body"):
            with Vertical(id="db-left"):
                yield Input(placeholder="/ filter the cards you may use", id="db-filter")
                yield RowTable(id="db-pool", cursor_type="row", zebra_stripes=True)
                yield Static("", id="db-card-text")
            with Vertical(id="db-right"):
                yield Static("", id="db-status")
                yield Static("", id="db-problems")
                yield Static("Your deck", id="db-deck-heading")
                with VerticalScroll(id="db-deck-box"):
                    yield Static("", id="db-deck")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#db-pool", DataTable)
        table.add_column("In", key="in")
        table.add_column("Name", key="name")
        table.add_column("Value", key="value")
        table.add_column("Colour", key="colour")
        table.add_column("Kind", key="kind")
        self.fill_pool()
        table.focus()
        self.update_deck()

    def fill_pool(self) -> None:
        """The allowed cards matching the filter, with the copies now in the deck."""
        words = self.query_one("#db-filter", Input).value.casefold().split()
        table = self.query_one("#db-pool", DataTable)
        highlighted = self.highlighted_id()
        table.clear()
        face = self.cardset.table.get("face")
        for card in self.pool:
            haystack = " ".join((card.name, card.text, card.kind)).casefold()
            if words and not all(w in haystack for w in words):
                continue
            table.add_row(
                self._in_cell(card.id),
                plain_text(card.name, "bold"),
                Text(value_text(card), justify="right"),
                colour_cell(card.colour, self.cardset.colour_hex(card.colour), face),
                plain_text(card.kind),
                key=card.id,
            )
        if highlighted is not None and highlighted in table.rows:
            table.move_cursor(row=table.get_row_index(highlighted))

    def _in_cell(self, card_id: str) -> Text:
        copies = self.counts.get(card_id, 0)
        return Text(f"{copies}×" if copies else "·", style="bold" if copies else "dim", justify="right")

    def highlighted_id(self) -> str | None:
        """The id of the pool card under the cursor (``None``: the pool shows nothing)."""
        return cursor_key(self.query_one("#db-pool", DataTable))

    def update_deck(self) -> None:
        """Redraw the deck, its size and the live check of the deck rules."""
        cls, cardset = self.game_cls, self.cardset
        self.problems = cls.deck_rules.check(cardset, self.side, self.counts)
        size = sum(self.counts.values())
        title = Text.assemble(("Deck builder", "bold"), f"  ·  {cls.title}  ·  ")
        title.append(f"“{self.deck_name}”" if self.deck_name else "new deck", style="italic")
        title.append(f"  ·  {self.side_label} side" + ("  ·  not saved" if self.dirty or self.path is None else ""))
        self.query_one("#db-title", Static).update(title)
        status = Text(_cards(size) + "  ")
        if self.problems:
            status.append(f"✗ {plural(len(self.problems), 'rule')} broken", style="bold")
        else:
            status.append("✓ legal: ready to play", style="bold")
        self.query_one("#db-status", Static).update(status)
        problems = Text()
        for problem in self.problems:
            problems.append("✗ ", style="bold")
            problems.append(problem + "\n")
        if not self.problems:
            problems.append("Every deck rule is kept.\n", style="italic")
        self.query_one("#db-problems", Static).update(problems)
        deck = Text()
        for cid, copies in self.counts.items():
            card = cardset.by_id.get(cid)
            deck.append(f"{copies:>2}× ", style="bold")
            deck.append((card.name if card is not None else cid) + "\n")
        if not self.counts:
            deck.append("Empty: add cards with + or Enter.", style="italic")
        self.query_one("#db-deck", Static).update(deck)
        self.query_one("#db-deck-heading", Static).update(f"Your deck ({_cards(size)})")

    # ------------------------------------------------------------------ editing
    def change(self, card_id: str, delta: int) -> None:
        """Add (``delta > 0``) or remove copies of a pool card; the rules are re-checked."""
        copies = self.counts.get(card_id, 0) + delta
        if copies > MAX_COPIES:
            self.notify(f"{MAX_COPIES} copies is the most a saved deck may list.", severity="warning")
            return
        if copies <= 0:
            if card_id not in self.counts:
                return
            del self.counts[card_id]
        else:
            self.counts[card_id] = copies
        self.dirty = True
        table = self.query_one("#db-pool", DataTable)
        if card_id in table.rows:
            table.update_cell(card_id, "in", self._in_cell(card_id))
        self.update_deck()

    def action_add(self, delta: int) -> None:
        card_id = self.highlighted_id()
        if card_id is not None:
            self.change(card_id, delta)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.change(str(event.row_key.value), 1)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        card = self.cardset.by_id.get(str(event.row_key.value)) if event.row_key is not None else None
        text = Text()
        if card is not None:
            text.append(card.name, style="bold")
            value = value_text(card)
            text.append(f" · {card.kind}" + (f" {value}" if value else "") + (f" · {card.colour}" if card.colour else "") + "\n")
            text.append(" ".join(card.text.split()) or "(no card text)", style="italic")
        self.query_one("#db-card-text", Static).update(text)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.fill_pool()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one("#db-pool", DataTable).focus()

    def action_focus_filter(self) -> None:
        self.query_one("#db-filter", Input).focus()

    # ------------------------------------------------------------------ saving
    def action_save(self) -> None:
        from cardtable.ui.dialogs import InputDialog

        def named(name: str | None) -> None:
            if name:
                self.save_as(name)

        self.app.push_screen(InputDialog("Save this deck", "Name the deck (you pick it by this name at game setup):", self.deck_name, ok="Save"), named)

    def save_as(self, name: str, *, overwrite: bool = False) -> None:
        """Save under ``name``: the same file when the name is unchanged, otherwise a new
        file (asking first before replacing another saved deck)."""
        target = self.path if self.path is not None and name == self.deck_name else decks_dir(self.game_cls.id) / deck_file_name(name)
        if target.exists() and target != self.path and not overwrite:
            from cardtable.ui.dialogs import ConfirmDialog

            def answer(yes: bool | None) -> None:
                if yes:
                    self.save_as(name, overwrite=True)

            self.app.push_screen(ConfirmDialog(f"Replace the saved deck in {target.name}?", "Another deck is saved under that name."), answer)
            return
        try:
            save_deck(self.game_cls, name, self.side, self.counts, path=target, overwrite=True)
        except OSError as err:
            self.notify(f"The deck was not saved: {files.reason(err)}. It is still here; try again when the disk has room.", severity="error", markup=False)
            return
        except ValueError as err:
            self.notify(f"The deck was not saved: {err}", severity="error", markup=False)
            return
        self.deck_name, self.path, self.dirty = name, target, False
        if self.problems:
            broken = f"{plural(len(self.problems), 'deck rule')}"
            self.notify(f"Saved “{name}”. It breaks {broken}, so game setup will not offer it until that is fixed.", severity="warning", timeout=6)
        else:
            self.notify(f"Saved “{name}”: pick it at game setup.")
        self.update_deck()

    def action_back(self) -> None:
        if self.focused is not None and self.focused.id == "db-filter":
            self.query_one("#db-pool", DataTable).focus()
            return
        if not self.dirty:
            self.dismiss(None)
            return
        from cardtable.ui.dialogs import ConfirmDialog

        def answer(leave: bool | None) -> None:
            if leave:
                self.dismiss(None)

        self.app.push_screen(ConfirmDialog("Leave without saving?", "The changes to this deck are lost.", yes="Leave", no="Stay"), answer)
