"""Bloops's table: the piles (draw, discard top, the drawn card), every player's area as a
grid of face-down cards labelled with their positions, who holds the BLOOPS card, whose turn
it is and the final-turns countdown (rules: cards_data/bloops.md).

Keys follow the table, not the option list: a **seat number** picks a player (or claims in
the counter-discard window), a **position number** picks a card (``0`` is position 10), ``P``
passes for everyone (the table's ``pass-all`` key, as in every game), ``b`` calls BLOOPS,
``d`` discards the drawn card, ``x`` cancels a claim and ``s`` skips an effect (house rule).
Closing the counter-discard window for the table ("Nobody claims", or the BLOOPS! call in it)
is only ever a key press: the table never plays a ``pass-all`` move on ``Enter`` or a click
(``TableScreen.on_decision_panel_chosen``), so a player still pressing Enter after their
discard cannot close the window for everyone. Faces are drawn only where the view has them
(DESIGN §3).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal

from cardtable.cards import CardDef, CardSet
from cardtable.engine import Action, CardView, Decision, View, ZoneView
from cardtable.games.bloops import ROW, card_text
from cardtable.ui.table import TableScreen
from cardtable.ui.widgets import ROLE_KEYS, Caption, DecisionPanel, Static

__all__ = ["BloopsTable", "SCREEN", "option_key", "render_area", "render_piles"]

LETTERS = {"bloops": "b", "discard": "d", "withdraw": "x", "skip": "s"}
"""Letter keys of the options that are not a seat, a position or the pass for everyone."""

BIG_CELL = 5
"""Width of a card in the large layout (three lines high); the compact layout uses one line."""
AREA_WIDTH = 17
"""Columns of one area: three cells and their gaps, in both layouts."""


def _digit(number: int) -> str | None:
    """The key for a seat or position number: ``1``–``9``, ``0`` for 10, none beyond."""
    if 1 <= number <= 9:
        return str(number)
    return "0" if number == 10 else None


def option_key(action: Action) -> str | None:
    """The key of one option: a letter (``LETTERS``), a recurring move's key (``ROLE_KEYS``:
    ``P`` passes the counter-discard window for everyone), the claimant's seat number, the
    position number, or the target's seat number; ``1`` for a lone acknowledgment."""
    if action.type in LETTERS:
        return LETTERS[action.type]
    if action.role:  # the window's pass for everyone: the table's key of its role (P)
        return ROLE_KEYS[action.role][0]
    if action.type == "claim":
        return _digit(action["seat"] + 1)
    if action.get("position") is not None:
        return _digit(action["position"])
    if action.get("target") is not None:
        return _digit(action["target"] + 1)
    return "1"


class _Ink:
    """Styles for faces and backs from the card file's palette (no colours of our own)."""

    def __init__(self, cardset: CardSet | None) -> None:
        table = cardset.table if cardset is not None else {}
        self.cardset = cardset
        self.back = Style(color=table.get("back"), bold=True) if table.get("back") else Style(bold=True)
        self.back_fill = Style(color=table.get("back")) if table.get("back") else Style(dim=True)
        self.face_bg = table.get("face")
        self.empty = Style(dim=True)

    def face(self, defn: CardDef) -> Style:
        ink = self.cardset.colour_hex(defn.colour) if self.cardset is not None else None
        if ink or self.face_bg:
            return Style(color=ink, bgcolor=self.face_bg, bold=True)
        return Style(bold=True, reverse=True)

    def border(self, defn: CardDef) -> Style:
        ink = self.cardset.colour_hex(defn.colour) if self.cardset is not None else None
        return Style(color=ink, bold=True) if ink else Style(bold=True)


def _big_cell(card: CardView | None, label: str, ink: _Ink, marked: bool) -> list[tuple[str, Style]]:
    """Three lines of one card, ``BIG_CELL`` wide, its position in the top border."""
    tl, tr, bl, br, h, v = ("┏", "┓", "┗", "┛", "━", "┃") if marked else ("╭", "╮", "╰", "╯", "─", "│")
    inner = BIG_CELL - 2
    if card is None:
        return [
            ("┌" + label.center(inner, "╌") + "┐", ink.empty),
            ("╎" + " " * inner + "╎", ink.empty),
            ("└" + "╌" * inner + "┘", ink.empty),
        ]
    top = tl + label.center(inner, h) + tr
    if card.face is None:
        edge = ink.back + Style(reverse=marked) if marked else ink.back
        return [(top, edge), (v + "▒" * inner + v, ink.back_fill), (bl + h * inner + br, edge)]
    text = card_text(card.face).center(inner)[:inner]
    border = ink.border(card.face)
    return [(top, border), (v + text + v, ink.face(card.face)), (bl + h * inner + br, border)]


def _small_cell(card: CardView | None, label: str, ink: _Ink, marked: bool) -> tuple[tuple[str, Style], tuple[str, Style]]:
    """One line of one card: its position (2 columns, left-aligned so that a one-digit
    position stands apart from the face) and the card (3 columns)."""
    number = (label.ljust(2), Style(bold=True, reverse=marked) if card is not None else ink.empty)
    if card is None:
        return number, (" · ", ink.empty)
    if card.face is None:
        return number, ("▒▒▒", ink.back_fill)
    return number, (card_text(card.face).center(3)[:3], ink.face(card.face))


def render_area(zone: ZoneView, caption: Text, cardset: CardSet | None, *, big: bool, marks: Sequence[int] = ()) -> Text:
    """One player's area: the caption, then rows of three cards labelled with their 1-based
    positions (empty positions drawn as gaps). ``marks`` are positions to highlight."""
    ink = _Ink(cardset)
    text = Text(no_wrap=True, overflow="crop")
    text.append_text(caption)
    cards = list(zone.cards) + [None] * max(0, 2 * ROW - len(zone.cards))
    for start in range(0, len(cards), ROW):
        row = cards[start : start + ROW]
        if big:
            lines: list[list[tuple[str, Style]]] = [[], [], []]
            for offset, card in enumerate(row):
                position = start + offset + 1
                for i, piece in enumerate(_big_cell(card, str(position), ink, position in marks)):
                    lines[i].append(piece)
                    lines[i].append((" ", Style()))
            for line in lines:
                text.append("\n")
                for piece, style in line:
                    text.append(piece, style)
        else:
            text.append("\n")
            for offset, card in enumerate(row):
                position = start + offset + 1
                number, body = _small_cell(card, str(position), ink, position in marks)
                text.append(*number)
                text.append(*body)
                text.append(" ")
    return text


def render_piles(view: View, cardset: CardSet | None) -> Text:
    """The draw pile (its back and count), the top of the discard pile and the drawn card
    (its face only in the view of the player who drew it)."""
    ink = _Ink(cardset)
    draw, discard, drawn = view.zone("draw"), view.zone("discard"), view.zone("drawn")
    columns = [(draw.top, str(draw.count)), (discard.top, str(discard.count)), (drawn.top, "")]
    gap = "  "
    text = Text(no_wrap=True, overflow="crop")
    text.append(" Draw Discard Drawn", Style(dim=True))  # centred over the three cards
    cells = [_big_cell(card, "", ink, False) for card, _ in columns]
    for i in range(3):
        text.append("\n")
        for cell in cells:
            text.append(*cell[i])
            text.append(gap)
    text.append("\n" + "".join(f"{count:^{BIG_CELL}}{gap}" for _, count in columns).rstrip(), Style(dim=True))
    return text


class BloopsTable(TableScreen):
    """The Bloops screen (rules: cards_data/bloops.md)."""

    CSS_PATH = ["../table.tcss", "bloops.tcss"]
    BINDINGS = [Binding(key, f"choose('{key}')", show=False) for key in LETTERS.values()]

    faces_drawn: dict[tuple[str, int], CardDef]
    """The faces on screen now, by (zone name, 1-based position; 0 for a pile's top): what the
    tests compare with who may see them."""

    def compose_table(self) -> ComposeResult:
        yield Caption("", id="bl-status")
        with Horizontal(id="bl-table"):
            yield Caption("", id="bl-piles")
            with Horizontal(id="bl-areas"):
                for seat in range(len(self.session.game.players)):
                    yield Caption("", id=f"bl-area-{seat}", classes="bl-area")
        yield Caption("", id="bl-last")

    def card_label(self, defn: CardDef) -> str:
        return card_text(defn)

    def option_keys(self, decision: Decision) -> Sequence[str | None] | None:
        return [option_key(action) for action in decision.actions]

    def title_text(self, view: View, decision: Decision | None) -> Text:
        """The generic title, except in the counter-discard window, which is everyone's."""
        if decision is not None and decision.kind == "window":
            return super().title_text(view, None).append(" — counter-discard window: anyone may claim")
        return super().title_text(view, decision)

    # ------------------------------------------------------------------ drawing
    @staticmethod
    def _layout(view: View) -> tuple[bool, int]:
        """``(big, lines)``: large cards for up to three players whose areas have at most
        three rows, else one line per card; ``lines`` is the height of the table."""
        players = len(view.players)
        rows = max(2, *((len(view.zone(f"area:{s}").cards) + ROW - 1) // ROW for s in range(players)))
        if players <= 3 and rows <= 3:
            return True, max(5, 1 + 3 * rows)
        return False, max(5, -(-players // 3) * (1 + rows))

    def _fit_options(self, table_lines: int) -> None:
        """Let the option list use the lines the table leaves free (at least 3): title,
        status, last event, the panel's border and the footer take 6, the prompt the rest."""
        decision = self.session.visible_decision()
        width = max(20, self.size.width - 6)
        prompt = -(-len(decision.prompt) // width) if decision is not None else 1
        free = self.size.height - 6 - prompt - table_lines if self.size.height else 7
        self.query_one("#decision-options").styles.max_height = max(3, min(9, free))

    def on_resize(self) -> None:
        """Refit the option list to the new height."""
        self.redraw()

    def show_table(self, view: View) -> None:
        """Draw the status line, the piles, every area and the last event from ``view``."""
        players = view.players
        active, holder = view["active"], view["holder"]
        phase = view["phase"]
        self.faces_drawn = {
            (name, position): card.face
            for name, zone in view.zones.items()
            if name != "bloops"  # the BLOOPS card is named in the captions, not drawn
            for position, card in ([(0, zone.top)] if zone.kind == "pile" else enumerate(zone.cards, 1))
            if card is not None and card.face is not None
        }
        self.query_one("#bl-status", Static).update(self._status(view))
        self.query_one("#bl-piles", Static).update(render_piles(view, self.cardset))
        big, lines = self._layout(view)
        self._fit_options(lines)
        marks: dict[int, list[int]] = {}
        for seat, position in view["marks"]:
            marks.setdefault(seat, []).append(position)
        for seat, name in enumerate(players):
            if holder == seat:
                marker = (" BLOOPS", "bold")
            elif seat == view["claimant"]:
                marker = (" claims", "italic")
            elif seat == active and phase not in ("over", "memorise"):
                marker = (" ◀ turn", "italic")
            else:
                marker = ("", "")
            room = AREA_WIDTH - 4 - len(marker[0])
            shown = name if len(name) <= room else name[: room - 1] + "…"
            caption = Text.assemble((f" {seat + 1} ", "bold reverse"), (" " + shown, "bold" if seat == active else ""), marker)
            widget = self.query_one(f"#bl-area-{seat}", Static)
            widget.update(render_area(view.zone(f"area:{seat}"), caption, self.cardset, big=big, marks=marks.get(seat, ())))
            widget.set_class(seat == active, "bl-active")
        self.query_one("#bl-areas").set_class(not big, "compact")
        last = view["last"]
        self.query_one("#bl-last", Static).update(Text("Last: " + last, style="italic") if last else "")

    def _status(self, view: View) -> Text:
        players = view.players
        phase, active, holder = view["phase"], view["active"], view["holder"]
        text = Text()
        if phase == "over":
            text.append("Game over", style="bold")
            text.append(f" — {view['end_reason']}.")
            return text
        if phase == "memorise":
            text.append("First look: ", style="bold")
            text.append(f"{players[active]} sees positions 4–6 once")
        else:
            text.append(f"{players[active]}'s turn", style="bold")
        if holder is None:
            text.append("  ·  BLOOPS card set aside")
        else:
            left = view["final_left"]
            text.append("  ·  ")
            text.append(f"BLOOPS! called by {players[holder]}", style="bold reverse")
            names = ", ".join(players[s] for s in left)
            text.append(f"  ·  final turns left: {len(left)}" + (f" ({names})" if names else ""))
        return text

    # ------------------------------------------------------------------ input
    def action_choose(self, key: str | int) -> None:
        """Pick the option with this key; a key without an option says why in a notice."""
        decision = self.session.visible_decision()
        if decision is None or self._handoff_pending:
            return
        key = str(key)
        panel = self.query_one(DecisionPanel)
        if panel.choose_key(key):
            return
        players = self.session.game.players
        seat = int(key) - 1 if key.isdigit() and key != "0" else -1
        if decision.kind == "window" and 0 <= seat < len(players):
            self.notify(f"{players[seat]} has no card to claim with.", timeout=3)
        else:
            self.notify(f"No option has the key {key} now.", timeout=3)


SCREEN = BloopsTable
