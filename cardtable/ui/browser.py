"""The card browser: every card of every game (and of custom card sets) in one table.

Pick a game or all games, type to filter live over names and card text, narrow by kind and
colour, sort by any column (``s`` cycles the column, ``r`` reverses, or click a heading),
and press ``Enter`` for the detail pane: the card drawn large, its full text, its effect in
plain words, its game fields and the decks that contain it. ``Esc`` goes back. Games that
players bring decks to open the deck builder with ``d``.

Rows come from ``cardtable.catalog`` (no per-game code): a new game's cards appear here as
soon as the game is registered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher, DataTable, Input, Select

from cardtable.cards import CardDataError, CardDef
from cardtable.catalog import COLUMNS, CardEntry, SourceChoice, card_sources, deck_uses, entries_for, filter_entries, load_source, sort_entries
from cardtable.engine import CardView, get
from cardtable.plain import printable
from cardtable.ui.cells import RowTable, colour_cell, cursor_key
from cardtable.ui.glyphs import key_text
from cardtable.ui.widgets import CardWidget, Footer, Static, corner_label, cut_cells, plain_text

__all__ = ["BrowserScreen", "label_for", "colour_cell", "cursor_key", "game_select_width", "cut_words", "copies_text"]

ANY = "*"
"""The Kind/Colour selects' value for "no filter"."""
NO_COLOUR = "-"
"""The Colour select's value for colourless cards."""
TEXT_WIDTH = 48
"""Cells of card text the table shows when the window leaves the Text column less than
``TEXT_LEAST`` (the table then scrolls sideways; the detail pane shows all of it)."""
TEXT_LEAST = 30
"""The narrowest Text column that ends inside the window: with this much room or more the
column takes the width the other columns leave (``refresh_table``), so its text ends in "…"
at a word instead of being cut mid-word by the window's edge (a fresh tester at 120×40 saw
"Action: search your draw pile for a R")."""
SETTLE_ROWS = 200
"""With more rows than this, typing in the filter redraws once the typing pauses."""
SETTLE_SECONDS = 0.25
"""How long the typing must pause before a long list redraws (a quarter second: the
gap between keys of a steady typist is shorter)."""
SELECT_CELLS = 8
"""A select's cells besides its label: the border, the padding and the " ▼"."""
GAME_SELECT_LEAST = 22
"""The game select's width at its narrowest, in cells (its width before it fitted names)."""
FILTER_LEAST = 22
"""The filter box's width at its narrowest, in cells, when the game select widens (its
width at 80 columns, where "/ filter by word" is as much of its hint as shows)."""
OTHER_SELECTS = 17 + 19
"""The kind and colour selects' widths in cells (browser.tcss)."""


def game_select_width(labels: list[str], width: int) -> int:
    """The game select's width in cells on a screen ``width`` columns wide: its widest
    ``labels`` (the games and card sets it offers) whole, so switching never changes it,
    leaving the filter box at least ``FILTER_LEAST`` cells (then the longest names end in
    "…"; the title line above names the game whole). The fresh tester saw "Black Ops: Fr…"
    beside a filter box 60 columns wide at 120×40."""
    want = max([GAME_SELECT_LEAST - SELECT_CELLS, *map(cell_len, labels)]) + SELECT_CELLS
    return max(GAME_SELECT_LEAST, min(want, width - OTHER_SELECTS - FILTER_LEAST))


def label_for(game_id: str) -> Callable[[CardDef], str]:
    """The corner label a game's table screen draws on its cards (e.g. ``"10♥"``), usable
    without a game in progress; ``corner_label`` when the screen has none of its own."""
    from cardtable.ui.games import table_screen_for

    method = getattr(table_screen_for(game_id), "card_label", None)

    def label(defn: CardDef) -> str:
        try:
            return str(method(None, defn)) if method is not None else corner_label(defn)
        except Exception:  # a screen whose label needs its own state
            return corner_label(defn)

    return label


def cut_words(text: str, width: int) -> str:
    """``text`` whole when it takes at most ``width`` cells, else cut after its last whole
    word that fits and ended with "…" (``cut_cells``' letter cut when the first word alone
    is too long)."""
    if cell_len(text) <= width:
        return text
    cut = cut_cells(text, width)[:-1]  # whole letters in width - 1 cells
    if text[len(cut)] != " " and " " in cut:  # the cut falls inside a word: drop that word
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:–—-") + "…"


def preset_copies(entry: CardEntry) -> list[int]:
    """The copies of the card in each preset deck of its card file that holds it, in the
    file's order (games where players bring decks: FOFL, Combat Cards)."""
    return [int(deck["cards"][entry.card.id]) for deck in entry.cardset.decks.values() if deck["cards"].get(entry.card.id)]


def copies_text(entry: CardEntry) -> str:
    """The Copies column: the copies in the game's one deck (the card file's ``count``), or,
    where players bring decks, the copies in each preset deck ("2+1": two in the first deck
    that holds it, one in the second; "–": in no preset deck). The column was empty for
    every card of those games."""
    if not entry.game_cls.deck_option:
        return str(entry.card.count)
    return "+".join(map(str, preset_copies(entry))) or "–"


def _copies_key(entry: CardEntry) -> tuple[bool, int, int]:
    """How the Copies column sorts: cards in no deck last, then by copies in all (then in the
    most decks first)."""
    if not entry.game_cls.deck_option:
        return (False, entry.card.count, 0)
    copies = preset_copies(entry)
    return (not copies, sum(copies), len(copies))


def _cell_width(cell: Text | str) -> int:
    """Terminal cells one table cell needs (its widest line)."""
    text = cell.plain if isinstance(cell, Text) else cell
    return max((cell_len(line) for line in text.splitlines()), default=0)


class BrowserScreen(Screen[None]):
    """The card browser. ``initial`` is a picker key (``"all"``, a game id, or
    ``game:set`` for an added card set); ``cards_dir`` the custom card folder."""

    CSS_PATH = "browser.tcss"
    KEYS_HELP = (("↑ ↓ ⏎", "Move through the cards; Enter shows one in full"), ("tab", "Move between the filters and the list"))
    """Keys F1's panel lists besides the key bar's (``cardtable.ui.keys``)."""
    closes_app = False
    """Set when opened by ``cardtable browse``: leaving ends the app (``action_back``)."""
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("slash", "focus_filter", "Filter", key_display="/"),
        Binding("enter", "detail", "Detail", show=True),
        Binding("s", "cycle_sort", "Sort"),
        Binding("r", "reverse_sort", "Reverse"),
        Binding("g", "open_select('game')", "Game"),
        Binding("k", "open_select('kind')", "Kind"),
        Binding("c", "open_select('colour')", "Colour"),
        Binding("d", "decks", "Decks"),
        Binding("left,p", "step(-1)", "Previous", key_display="←"),
        Binding("right,n", "step(1)", "Next", key_display="→"),
    ]

    def __init__(self, initial: str = "all", cards_dir: str | None = None) -> None:
        super().__init__()
        self.cards_dir = cards_dir
        self.sources: list[SourceChoice] = card_sources(cards_dir)
        keys = {s.key for s in self.sources}
        self.current = initial if initial in keys else "all"
        self.entries: list[CardEntry] = []
        self.shown: list[CardEntry] = []
        self.problems: list[str] = []
        self.sort_column: str | None = None
        self.sort_reverse = False
        self._by_key: dict[str, CardEntry] = {}
        self._detail: CardEntry | None = None
        self._columns: tuple[str, ...] = ()
        self._table_cells = 0  # the table's width in cells, its columns' padding included
        self._drawn_for = 0  # the window's width the table was drawn for (its Text column's width)
        self._cells: dict[tuple[str, tuple[str, ...]], list[Text | str]] = {}
        self._pending = None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static("", id="browser-title")
        with Horizontal(id="browser-bar"):
            yield Input(placeholder="/ filter by words", id="browser-filter")
            games = [("All games", "all")] + [(plain_text(s.label), s.key) for s in self.sources]
            yield Select(games, value=self.current, allow_blank=False, id="browser-game")
            yield Select([("Any kind", ANY)], value=ANY, allow_blank=False, id="browser-kind")
            yield Select([("Any colour", ANY)], value=ANY, allow_blank=False, id="browser-colour")
        yield Static("", id="browser-problems", classes="error-line")
        yield Static("", id="browser-empty")
        with ContentSwitcher(initial="browser-table", id="browser-body"):
            yield RowTable(id="browser-table", cursor_type="row", zebra_stripes=True)
            with Horizontal(id="browser-detail"):
                yield CardWidget(None, None, id="detail-card")
                with VerticalScroll(id="detail-info"):
                    yield Static("", id="detail-text")
        yield Footer()

    def on_mount(self) -> None:
        self.load_current()
        self.fit_bar(self.app.size.width)
        self.query_one("#browser-table", DataTable).focus()

    def on_resize(self, event: events.Resize) -> None:
        """Widen or narrow the game select for the window's new width (``fit_bar``), and
        say in the title line whether the table is wider than the window."""
        self.fit_bar(event.size.width)
        if self._columns and self.app.size.width != self._drawn_for:  # the Text column takes the free width
            self.refresh_table()
        self._update_title()
        self._update_empty_hint()

    def fit_bar(self, width: int) -> None:
        """Size the game select for a screen ``width`` columns wide (``game_select_width``);
        the filter box takes the rest of the bar."""
        labels = ["All games", *(printable(s.label) for s in self.sources)]
        self.query_one("#browser-game", Select).styles.width = game_select_width(labels, width)

    # ------------------------------------------------------------------ data
    def load_current(self) -> None:
        """Load the rows of the picked game (or of every game) and reset the filters."""
        chosen = [s for s in self.sources if self.current in ("all", s.key)]
        entries: list[CardEntry] = []
        problems: list[str] = []
        for source in chosen:
            try:
                cardset = load_source(source, self.cards_dir)
            except CardDataError as err:
                problems.append(f"{source.label}: cannot be shown: {err}")
                continue
            entries.extend(entries_for(get(source.game), cardset))
        self.entries = entries
        self.problems = problems
        self._by_key = {e.key: e for e in entries}
        self._cells.clear()
        problem_line = self.query_one("#browser-problems", Static)
        problem_line.update(Text("\n".join(problems)))
        problem_line.display = bool(problems)
        used = {e.card.kind for e in entries}
        kinds: dict[str, None] = {}
        for entry in entries:  # the card files' own order of kinds
            for kind in entry.cardset.kinds:
                if kind in used:
                    kinds.setdefault(kind)
        colours: dict[str, str | None] = {}
        colourless = False
        for entry in entries:
            if entry.card.colour:
                colours.setdefault(entry.card.colour, entry.colour_hex)
            else:
                colourless = True
        kind_select = self.query_one("#browser-kind", Select)
        with kind_select.prevent(Select.Changed):
            kind_select.set_options([("Any kind", ANY)] + [(plain_text(k), k) for k in kinds])
            kind_select.value = ANY
        colour_select = self.query_one("#browser-colour", Select)
        options: list[tuple[Text | str, str]] = [("Any colour", ANY)]
        faces = {e.card.colour: e.cardset.table.get("face") for e in entries}
        options += [(colour_cell(c, h, faces.get(c)), c) for c, h in colours.items()]
        if colourless and colours:
            options.append(("No colour", NO_COLOUR))
        with colour_select.prevent(Select.Changed):
            colour_select.set_options(options)
            colour_select.value = ANY
        self.refresh_table()

    def _filters(self) -> tuple[str, str | None, str | None]:
        text = self.query_one("#browser-filter", Input).value
        kind = self.query_one("#browser-kind", Select).value
        colour = self.query_one("#browser-colour", Select).value
        kind_value = None if kind in (ANY, Select.BLANK) else str(kind)
        colour_value = None if colour in (ANY, Select.BLANK) else ("" if colour == NO_COLOUR else str(colour))
        return text, kind_value, colour_value

    @property
    def all_games(self) -> bool:
        """Whether every game's cards are listed (the table then has a Game column)."""
        return self.current == "all"

    def refresh_table(self) -> None:
        """Apply the filters and the sort to the rows and redraw the table."""
        text, kind, colour = self._filters()
        found = filter_entries(self.entries, text, kind, colour)
        if self.sort_column == "copies":  # a deck game's copies are in its preset decks
            ordered = sorted(found, key=lambda e: _copies_key(e)[1:], reverse=self.sort_reverse)
            self.shown = [e for e in ordered if not _copies_key(e)[0]] + [e for e in ordered if _copies_key(e)[0]]
        else:
            self.shown = sort_entries(found, self.sort_column, self.sort_reverse)
        table = self.query_one("#browser-table", DataTable)
        highlighted = self._highlighted_key()
        columns = tuple(key for key, _ in COLUMNS if key != "game" or self.all_games)
        table.clear(columns=True)
        self._table_cells = 0
        cells = self._cells
        rows = []
        for entry in self.shown:
            row = cells.get((entry.key, columns))
            if row is None:
                row = cells[(entry.key, columns)] = self._row(entry, columns)
            rows.append(row)
        headings = [dict(COLUMNS)[key] + ((" ▼" if self.sort_reverse else " ▲") if key == self.sort_column else "") for key in columns]
        # widths measured here: DataTable's own auto width can keep the widths of the
        # table it showed before (e.g. an empty search result) when the rows change
        widths = [max([cell_len(heading)] + [_cell_width(row[index]) for row in rows]) for index, heading in enumerate(headings)]
        self._drawn_for = self.app.size.width
        if "text" in columns:
            # the Text column takes the width the others leave: at 160 columns a fresh tester
            # saw the text cut with 35 empty columns beside it, at 120 cut mid-word by the
            # window's edge; with less than TEXT_LEAST cells left it is TEXT_WIDTH wide and
            # the table scrolls sideways
            at = columns.index("text")
            others = sum(w + 2 for i, w in enumerate(widths) if i != at)  # a cell's padding each side
            room = self._drawn_for - 2 - others - 2  # 2: the scroll bar
            room = max(cell_len(headings[at]), room if room >= TEXT_LEAST else TEXT_WIDTH)
            rows = [[*row[:at], plain_text(cut_words(row[at].plain, room)), *row[at + 1 :]] for row in rows]  # type: ignore[union-attr]
            widths[at] = max([cell_len(headings[at])] + [_cell_width(row[at]) for row in rows])
        for key, heading, width in zip(columns, headings, widths):
            table.add_column(heading, key=key, width=width)
            self._table_cells += width + 2  # a cell's padding each side
        self._columns = columns
        for entry, row in zip(self.shown, rows):
            table.add_row(*row, key=entry.key)
        if highlighted is not None:
            for index, entry in enumerate(self.shown):
                if entry.key == highlighted:
                    table.move_cursor(row=index)
                    break
        self._update_title()
        self._update_empty_hint()

    def _row(self, entry: CardEntry, columns: tuple[str, ...]) -> list[Text | str]:
        card = entry.card
        cells: list[Text | str] = []
        for key in columns:
            if key == "game":
                cells.append(plain_text(entry.game_cls.title))
            elif key == "name":
                cells.append(plain_text(card.name, "bold"))
            elif key == "kind":
                cells.append(plain_text(card.kind))
            elif key == "value":
                cells.append(Text(entry.value, justify="right"))
            elif key == "colour":
                cells.append(colour_cell(card.colour, entry.colour_hex, entry.cardset.table.get("face")))
            elif key == "copies":
                cells.append(Text(copies_text(entry), justify="right"))
            elif key == "source":
                cells.append(plain_text(card.source, "italic" if card.source == "reconstructed" else ""))
            elif key == "text":
                cells.append(plain_text(" ".join(card.text.split())))  # cut to its column's width by refresh_table
        return cells

    def _update_title(self) -> None:
        """The line above the bar: the game, how many cards are shown, "←→: more columns"
        when the table is wider than the window (the fresh tester at 80×24 saw the Text
        column as a lone "T" at the right edge; in the detail pane ←→ step through the
        cards instead), and the sort. On a narrow window the parts are closer together,
        and what still does not fit ends in "…" (the Sort column's heading shows the
        sort too)."""
        where = "All games" if self.all_games else next(s.label for s in self.sources if s.key == self.current)
        total, shown = len(self.entries), len(self.shown)
        parts = [Text(where), Text(f"{shown} of {total} cards" if shown != total else f"{total} cards")]
        if self._table_cells > self.app.size.width - 2 and not self.in_detail():  # 2: the table's scroll bar
            parts.append(Text(key_text("←→: more columns"), style="italic"))
        if self.sort_column is not None:
            direction = "descending" if self.sort_reverse else "ascending"
            parts.append(Text(f"by {dict(COLUMNS)[self.sort_column].lower()}, {direction}"))
        text = Text("  ·  ").join([Text("Card browser", style="bold"), *parts])
        if text.cell_len > self.app.size.width - 2:  # the line's padding
            text = Text(" · ").join([Text("Card browser", style="bold"), *parts])
        self.query_one("#browser-title", Static).update(text)

    def empty_hint_forms(self) -> list[Text]:
        """The line under the bar when the filters leave no card (empty when some show, or
        when there are no cards at all), longest first: what found nothing (the words typed,
        shown as typed, never as markup; the kind; the colour) and where (the game picked:
        opened from the menu the browser starts on the menu's game, which narrows it), then
        what widens it. A fresh tester saw an empty table and no word why."""
        if self.shown or not self.entries:
            return []
        text, kind, colour = self._filters()
        words = " ".join(text.split())
        where = "any game" if self.all_games else next(s.label for s in self.sources if s.key == self.current)
        line = Text("No card")
        if kind is not None:
            line.append(" of kind ")
            line.append_text(plain_text(kind))
        if colour is not None:
            line.append(" without a colour" if colour == "" else " coloured ")
            line.append_text(plain_text(colour))
        if words:
            line.append(" matches “")
            line.append_text(plain_text(words if cell_len(words) <= 24 else words[:23] + "…", "bold"))
            line.append("”")
        line.append(" in ")
        line.append_text(plain_text(where))
        # what widens it, long and short (typed into the filter box, g would be a letter of
        # the search: Enter first takes the keys back to the table, the search kept)
        typing = self.focused is not None and self.focused.id == "browser-filter"
        remedies: list[tuple[str, str]] = []
        if words:
            remedies.append(("Esc clears the search", "Esc clears it"))
        if kind is not None:
            remedies.append(("k: Any kind", "k: Any kind"))
        if colour is not None:
            remedies.append(("c: Any colour", "c: Any colour"))
        if not self.all_games:
            then = key_text("⏎ then ") if typing else ""
            remedies.append((f"{then}g: All games looks in every game", f"{then}g: All games"))
        forms = []
        if remedies:  # all of it; all of it short; then the first remedies only
            forms.append(Text.assemble(line, " — " + "; ".join(long for long, _ in remedies)))
            forms += [Text.assemble(line, " — " + "; ".join(short for _, short in remedies[:count])) for count in range(len(remedies), 0, -1)]
        return [*forms, line]

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The empty table's hint names keys as they work where the focus now is."""
        self._update_empty_hint()

    def _update_empty_hint(self) -> None:
        """Show the first of ``empty_hint_forms`` that fits the line, or hide the line."""
        hint = self.query_one("#browser-empty", Static)
        forms = self.empty_hint_forms()
        hint.display = bool(forms)
        if forms:
            room = self.app.size.width - 2  # the line's padding
            hint.update(next((f for f in forms if f.cell_len <= room), forms[-1]))

    def _highlighted_key(self) -> str | None:
        return cursor_key(self.query_one("#browser-table", DataTable))

    def highlighted(self) -> CardEntry | None:
        """The row under the cursor (``None`` when the table is empty)."""
        key = self._highlighted_key()
        return self._by_key.get(key) if key is not None else None

    # ------------------------------------------------------------------ events
    def on_input_changed(self, event: Input.Changed) -> None:
        """Filter as the player types: at once for a few hundred rows, else once the
        typing pauses (so keys are never held up by redraws of a long list)."""
        if event.input.id != "browser-filter":
            return
        if self._pending is not None:
            self._pending.stop()
            self._pending = None
        if len(self.entries) <= SETTLE_ROWS:
            self.refresh_table()
        else:
            self._pending = self.set_timer(SETTLE_SECONDS, self._settled)

    def _settled(self) -> None:
        self._pending = None
        self.refresh_table()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one("#browser-table", DataTable).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if event.select.id == "browser-game":
            if event.value != self.current and isinstance(event.value, str):
                self.current = event.value
                self.sort_column = None if self.sort_column == "game" else self.sort_column
                self.load_current()
        else:
            self.refresh_table()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.show_detail(self._by_key.get(str(event.row_key.value)))

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        event.stop()
        column = str(event.column_key.value)
        if column == self.sort_column:
            self.sort_reverse = not self.sort_reverse
        else:
            self.sort_column, self.sort_reverse = column, False
        self.refresh_table()

    # ------------------------------------------------------------------ actions
    def in_detail(self) -> bool:
        """Whether the detail pane is showing (instead of the table)."""
        return self.query_one("#browser-body", ContentSwitcher).current == "browser-detail"

    def action_back(self) -> None:
        search = self.query_one("#browser-filter", Input)
        if self.in_detail():
            self.hide_detail()
        elif search.value.strip() and self.entries and not self.shown:
            # a search that found nothing is not worth keeping: Esc clears it (the empty
            # table's hint says so), and the next Esc leaves as before
            with search.prevent(Input.Changed):
                search.value = ""
            self.refresh_table()
            self.query_one("#browser-table", DataTable).focus()
        elif self.focused is not None and self.focused.id == "browser-filter":
            self.query_one("#browser-table", DataTable).focus()
        elif self.closes_app:
            self.app.exit()  # opened by ``cardtable browse``: back to the shell
        else:
            self.dismiss(None)

    def action_focus_filter(self) -> None:
        if self.in_detail():
            self.hide_detail()
        self.query_one("#browser-filter", Input).focus()

    def action_detail(self) -> None:
        if not self.in_detail():
            self.show_detail(self.highlighted())

    def action_cycle_sort(self) -> None:
        keys = list(self._columns)
        if self.sort_column is None:
            self.sort_column = keys[0]
        else:
            index = keys.index(self.sort_column) if self.sort_column in keys else -1
            self.sort_column = keys[index + 1] if index + 1 < len(keys) else None
        self.sort_reverse = False
        self.refresh_table()

    def action_reverse_sort(self) -> None:
        self.sort_reverse = not self.sort_reverse
        self.refresh_table()

    def action_open_select(self, which: str) -> None:
        if self.in_detail():
            self.hide_detail()
        select = self.query_one(f"#browser-{which}", Select)
        select.focus()
        select.action_show_overlay()

    def action_step(self, delta: int) -> None:
        if not self.in_detail() or self._detail is None or not self.shown:
            return
        keys = [e.key for e in self.shown]
        index = keys.index(self._detail.key) if self._detail.key in keys else 0
        index = max(0, min(len(keys) - 1, index + delta))
        self.query_one("#browser-table", DataTable).move_cursor(row=index)
        self.show_detail(self.shown[index])

    def action_decks(self) -> None:
        entry = self.highlighted() if not self.in_detail() else self._detail
        game_ids = {s.game for s in self.sources if self.current in ("all", s.key)}
        game_id = entry.game if entry is not None else (next(iter(game_ids)) if len(game_ids) == 1 else None)
        if game_id is None:
            self.notify("Pick a game first: players build decks for one game at a time.", severity="warning")
            return
        cls = get(game_id)
        if cls.deck_option is None:
            self.notify(f"In {cls.title} nobody brings a deck of their own, so it has no deck builder.", severity="warning")
            return
        cardset = entry.cardset if entry is not None else None
        if cardset is None:
            source = next(s for s in self.sources if s.game == game_id and self.current in ("all", s.key))
            cardset = load_source(source, self.cards_dir)
        from cardtable.ui.decks import DeckPickerScreen

        self.app.push_screen(DeckPickerScreen(cls, cardset))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        detail = self.in_detail() if self.is_mounted else False
        if action in ("step",):
            return detail
        if action in ("cycle_sort", "reverse_sort", "detail"):
            return not detail
        return True

    # ------------------------------------------------------------------ the detail pane
    def show_detail(self, entry: CardEntry | None) -> None:
        """Show one card large with everything known about it (``None``: nothing to show)."""
        if entry is None:
            return
        self._detail = entry
        card_widget = self.query_one("#detail-card", CardWidget)
        card_widget.cardset = entry.cardset
        card_widget.label_fn = label_for(entry.game)
        card_widget.show_colour = True
        card_widget.show(CardView(entry.card, up=True))
        self.query_one("#detail-text", Static).update(self.detail_text(entry))
        self.query_one("#browser-body", ContentSwitcher).current = "browser-detail"
        self.query_one("#detail-info", VerticalScroll).scroll_home(animate=False)
        self.query_one("#detail-info", VerticalScroll).focus()
        self.refresh_bindings()
        self._update_title()

    def hide_detail(self) -> None:
        """Back from the detail pane to the table."""
        self.query_one("#browser-body", ContentSwitcher).current = "browser-table"
        self.query_one("#browser-table", DataTable).focus()
        self._detail = None
        self.refresh_bindings()
        self._update_title()

    def detail_text(self, entry: CardEntry) -> Text:
        """The detail pane's words: name, facts, full text, effect, fields and decks."""
        from cardtable.engine.decks import SavedDeck, list_decks

        card, cls, cardset = entry.card, entry.game_cls, entry.cardset
        text = Text()
        text.append(card.name, style="bold")
        position = next((i for i, e in enumerate(self.shown) if e.key == entry.key), None)
        if position is not None:
            text.append(key_text(f"   card {position + 1} of {len(self.shown)} · ←/→ next"), style="dim")
        text.append("\n")
        facts = [cls.title, card.kind]
        facts.append(f"value {entry.value}" if entry.value else "no value")
        if cls.deck_option:  # each player's deck has its own copies: listed under Decks
            copies = "copies: per deck (below)"
        else:
            copies = f"{card.count} cop{'y' if card.count == 1 else 'ies'} in the deck"
        text.append(" · ".join(facts) + " · ")
        text.append_text(colour_cell(card.colour, entry.colour_hex, cardset.table.get("face")) if card.colour else Text("no colour"))
        text.append(f" · {copies}\n")
        origin = "from the seed rules" if card.source == "seed" else "reconstructed by us (not in the seed rules)"
        supplied = card.fields.get("reconstructed")  # FOFL: what we supplied on a seed card
        if isinstance(supplied, (list, tuple)) and supplied and all(isinstance(v, str) for v in supplied):
            origin += f"; {_and([v.replace('_', ' ') for v in supplied])} supplied by us"
        text.append_text(plain_text(f"Source: {origin}\n", "italic"))
        text.append("\nText\n", style="bold underline")
        text.append((card.text or "(no card text)") + "\n")
        effect = player_effect(cls, card, entry.effect)
        if effect:
            text.append("\nEffect\n", style="bold underline")
            text.append(effect + "\n")
        fields = [(name, card.fields.get(name)) for name in cardset.fields if name not in ("effect", "reconstructed")]
        fields = [(n, v) for n, v in fields if v not in (None, "", (), {})]
        # a structured field (a Specialist's power, an effect program) is the engine's, not
        # the player's: the Effect says it in words where the game has them
        fields = [(n, v) for n, v in fields if not isinstance(v, Mapping) and not _holds_structures(v)]
        sides = dict(cls.deck_rules.sides(cardset)) if cls.deck_option is not None else {}
        if fields:
            text.append("\nDetails\n", style="bold underline")
            for name, value in fields:
                text.append(f"{name.replace('_', ' ')}: ", style="bold")
                shown = sides.get(value, value) if isinstance(value, str) else value  # a side's name, not its id
                text.append(_words(shown) + "\n")
        saved = []
        if cls.deck_option is not None:
            saved = [d for d in list_decks(cls, cardset) if isinstance(d, SavedDeck)]
        uses = deck_uses(cls, cardset, card.id, saved)
        text.append("\nDecks\n", style="bold underline")
        if uses:
            for name, copies, own in uses:
                text.append(f"{copies}× in {name}" + (" (yours)" if own else "") + "\n")
        elif cls.deck_option is None and not cardset.decks:
            text.append(f"{cls.title} is played with the whole set: every card is in the one deck.\n")
        else:
            text.append("In none of the preset or saved decks.\n")
        text.append(f"\n{cardset.path}:{card.line}", style="dim")
        return text


def player_effect(game_cls: type, card: CardDef, effect: str) -> str:
    """The detail pane's Effect: the game's own sentences (``card_effect``), or the card's
    ``effect`` field in words when it is one plain instruction ("heal 1", "modify -2"); never
    a spelt-out effect program with steps inside steps, which is the engine's and not the
    player's (a fresh tester saw "actions: (do: (search: find: id reproducer; up to 1; to
    play))" on a FOFL card: the card's text says it for players)."""
    if not effect:
        return ""
    if game_cls.card_effect(card):
        return effect
    program = card.get("effect")
    if isinstance(program, Mapping) and all(not isinstance(v, (Mapping, list, tuple)) for v in program.values()):
        return effect
    return ""


def _holds_structures(value: object) -> bool:
    """Whether ``value`` is a list holding mappings or lists (an engine structure)."""
    return isinstance(value, (list, tuple)) and any(isinstance(v, (Mapping, list, tuple)) for v in value)


def _and(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _words(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_words(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(_words(v) for v in value)
    return str(value)
