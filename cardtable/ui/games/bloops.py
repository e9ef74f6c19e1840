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
from dataclasses import dataclass, replace

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from cardtable.ui.containers import Horizontal, OneLayoutPass
from textual.widget import Widget

from cardtable.cards import CardDef, CardSet
from cardtable.engine import Action, CardView, Decision, View, ZoneView
from cardtable.games.bloops import ROW, card_text
from cardtable.ui.cards import CardClicked, FanWidget, Tile, TileWidget, back_tile, empty_tile, fit_names, join, name_room, name_rows, palette_tile, tile_lines
from cardtable.ui.recent import RecentMoves, public_moves
from cardtable.ui.table import SizedBox, TableArea, TableScreen
from cardtable.ui.widgets import OPTION_LETTERS, ROLE_KEYS, Caption, DecisionPanel, LogPanel, Static, TitleLine

__all__ = ["AreaWidget", "BloopsTable", "SCREEN", "actions_for_card", "area_caption", "fit_caption", "option_key", "pile_least", "pile_lines", "pile_size", "render_area", "render_piles", "render_piles_line", "reveal_areas"]

# Glyphs outside ASCII (wired to ``--ascii`` by the glyph module).
TURN_MARK = "◀"
DOT = "·"

LETTERS = {"bloops": "b", "discard": "d", "withdraw": "x", "skip": "s"}
"""Letter keys of the options that are not a seat, a position or the pass for everyone."""

BIG_CELL = 5
"""Width of a card in the large layout (three lines high); the compact layout uses one line."""
SMALL_CELL = 5
"""Width of a card in the one-line layout, its position and the blank column after it
included (``_small_cell``)."""
AREA_WIDTH = 17
"""Columns of one area: three cells and their gaps, in both layouts."""
REVEAL_CELL = 7
"""The width of a card in the game-over reveal where an area's column has room for three
(``reveal_areas``): a face and its star ("12★") with a cell of space each side."""
ROOMY_TILE = (11, 5)
"""The largest card of the roomy layout (cells, lines); it shrinks to fit the players."""
HUGE_TILE = (19, 13)
"""The largest card from 180×54 (it shrinks the same way)."""
LOW_OPTIONS = 2
"""The fewest lines of the option list (it scrolls) beside two-line cards (``_low_cell``):
six players' areas of seven cards each still fit 80×24 as cards."""
PILE_LINES = (4, 20)
"""The piles' cards along the foot grow to the foot's height, within these lines."""
PILE_WORDS = 5
"""The lines of a pile's card with its corner and two lines of effect words ("peek" over
"any"; ``pile_least``): the roomy plan never gives the areas' cards room for their words
(``PILE_WORDS`` lines or more) without a foot of ``FOOT_WORDS`` for the piles' (the fresh
tester at 200×60 saw area cards 10 rows tall over piles of 2, and at 120×40 piles of 4
and 5 rows, a 9's "swap" cut to "sw…" on a card 7 cells wide)."""
CARD_SHAPE = 0.7
"""Lines of a pile's card per cell of its width at most: a playing card's proportions
(3.5 by 2.5) in terminal cells about twice as tall as wide. The fresh tester at 120×40 saw
the piles drawn 12 lines tall for 10 cells (the area's cards beside them were 5)."""


def pile_lines(width: int, room: int) -> int:
    """The height (lines) of the piles' cards ``width`` cells wide in a foot with ``room``
    lines for them: as tall as the room, within ``PILE_LINES``, never taller than a
    playing card's shape (``CARD_SHAPE``) and never under 3 (smaller cards, never cut ones)."""
    shape = max(PILE_LINES[0], round(width * CARD_SHAPE))
    return max(3, min(room, PILE_LINES[1], shape))


def pile_size(card: int, room: int, least: int = 0) -> tuple[int, int]:
    """The piles' cards ``(cells, lines)`` in a foot with ``room`` lines for them, beside
    areas whose cards are ``card`` cells wide: wider than those (at most twice) where the
    foot is taller than a card of that width, so that they keep a playing card's shape and
    fill the foot (the fresh tester at 200×60 saw 12 empty lines under the piles), and at
    least ``least`` cells (``pile_least``: every card's effect words whole)."""
    wanted = round(min(room, PILE_LINES[1]) / CARD_SHAPE)
    width = max(card, least, min(wanted, 2 * card))
    return width, pile_lines(width, room)


def pile_least(cardset: CardSet | None) -> int:
    """The narrowest card of the piles (cells) on which every card's effect words
    (``effect_words``) and its corner stand whole, a blank cell inside each border
    (``TEXT_PAD``) and in ``PILE_WORDS`` lines; at least ``REVEAL_CELL``."""
    names = [effect_words(defn) for defn in cardset.cards] if cardset is not None else []
    corners = [cell_len(card_text(defn)) + 2 + 2 * TEXT_PAD for defn in cardset.cards] if cardset is not None else []
    return max(fit_names(names, (REVEAL_CELL, PILE_WORDS), pad=TEXT_PAD)[0], *corners, REVEAL_CELL)


TEXT_PAD = 1
"""Blank cells between a roomy card's border and its text (``Tile.pad``): the fresh tester
at 120×40 read a card's words running into its right border."""
DISCARD_FANNED = 5
"""Cards of the discard pile fanned in the roomy layout (the top one whole)."""
ROOMY_FIXED = 6
"""Lines of the roomy screen besides the areas, the foot and the options: the title, the
status line and its margin, the decision panel's border and the footer."""
FOOT_LEAST = 7
"""The fewest lines of the roomy foot (``min-height`` in bloops.tcss): its border, the
captions and four-line piles."""
FOOT_WORDS = 3 + PILE_WORDS
"""The roomy foot with piles of ``PILE_WORDS`` lines: their effect words whole."""
LEAST_OPTIONS = 3
"""The fewest options the roomy decision panel shows (it scrolls) to leave the cards room."""
PLAN_PROMPT = 2
"""Lines of prompt the roomy plan reckons with for the piles' height (``_plan_foot``): the
counter-discard window's prompt takes two at 120 columns, and the piles keep one size from
one prompt to the next (a fresh tester at 120×40 saw them 10×4 in the window, 14×11 at the
reveal of a wrong claim)."""
ALL_OPTIONS_LINES = 4
"""The shortest roomy card (lines) drawn to leave the decision panel a line for every option
the table's decisions can list (``BloopsTable._options_room``): below it the cards keep their
lines and the list shows 9 (it scrolls)."""
MOVES_LEAST = 20
"""The fewest cells of text of the roomy foot's "Last moves" box: its heading, a bullet and
a name of ``MAX_NAME`` (12) cells with the next word on one line. Narrower, the piles give
up width (the log closed), or the box gives way (``BloopsTable._fit_foot``) rather than
break its words (the fresh tester at 120×40 beside the log saw it 7 cells wide: "· Comp"
over "uter 2 lo")."""
MOVES_WANTED = 36
"""The cells of text the "Last moves" box gets first where the piles can give them up
(narrower cards, fewer of the discard pile fanned): most moves on one line. ``MOVES_LEAST``
is only the fallback of a narrow table (F1's panel open). The fresh tester at 120×40 saw the
box 25 cells wide, every move over two lines, beside 20-cell piles."""

@dataclass(frozen=True)
class RoomyPlan:
    """The roomy layout's plan (``BloopsTable._roomy_plan``): ``per_row`` grid columns of
    area boxes, the ``wide`` seats' boxes two columns wide, the cards ``size`` ``(cells,
    lines)`` (``None``: two-line cards, ``_low_cell``), and the ``options`` lines it leaves
    the decision panel (the rest scroll). It follows from the players, the areas and the
    screen only, so it stays put from one decision to the next."""

    per_row: int
    wide: frozenset[int]
    size: tuple[int, int] | None
    options: int


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


def _big_cell(card: CardView | None, label: str, ink: _Ink, marked: bool, width: int = BIG_CELL) -> list[tuple[str, Style]]:
    """Three lines of one card, ``width`` cells wide (at least ``BIG_CELL``), its position
    in the top border."""
    tl, tr, bl, br, h, v = ("┏", "┓", "┗", "┛", "━", "┃") if marked else ("╭", "╮", "╰", "╯", "─", "│")
    inner = max(width, BIG_CELL) - 2
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


def _low_cell(card: CardView | None, label: str, ink: _Ink, marked: bool, width: int = BIG_CELL) -> list[tuple[str, Style]]:
    """Two lines of one card, ``width`` cells wide (at least 5): its top border with its
    position, then its bottom border holding the face (or the back's fill); for many
    players on a small screen, or areas too full for three-line tiles in the roomy layout."""
    tl, tr, bl, br, h, v = ("┏", "┓", "┗", "┛", "━", "┃") if marked else ("╭", "╮", "╰", "╯", "─", "│")
    inner = max(width, BIG_CELL) - 2
    if card is None:
        return [("┌" + label.center(inner, "╌") + "┐", ink.empty), ("└" + "╌" * inner + "┘", ink.empty)]
    top = tl + label.center(inner, h) + tr
    if card.face is None:
        edge = ink.back + Style(reverse=marked) if marked else ink.back
        return [(top, edge), (bl + "▒" * inner + br, edge)]
    border = ink.border(card.face)
    return [(top, border), (bl + card_text(card.face).center(inner)[:inner] + br, ink.face(card.face))]


def _small_cell(card: CardView | None, label: str, ink: _Ink, marked: bool) -> tuple[tuple[str, Style], tuple[str, Style]]:
    """One line of one card, 5 columns: its position and a blank column (``"7 "``,
    ``"10 "``), then the card in the columns left (3, or 2 beside a two-digit position: a
    fresh tester at 80×24 read ``10▒▒▒`` as one blot). A face too wide for 2 columns is
    written by its value alone (``"10★"`` as ``"10"``: 10–12 are the only stars)."""
    number = (label + " ", Style(bold=True, reverse=marked) if card is not None else ink.empty)
    room = SMALL_CELL - len(number[0])
    if card is None:
        return number, ("·".center(room), ink.empty)
    if card.face is None:
        return number, ("▒" * room, ink.back_fill)
    text = card_text(card.face)
    if cell_len(text) > room and card.face.value is not None:
        text = str(card.face.value)
    return number, (text.center(room)[:room], ink.face(card.face))


def render_area(zone: ZoneView, caption: Text, cardset: CardSet | None, *, big: bool, marks: Sequence[int] = (), low: bool = False, width: int = BIG_CELL, columns: int = ROW) -> Text:
    """One player's area: the caption, then rows of three cards (``columns``: a grown area's
    wide roomy box has six) labelled with their 1-based positions (empty positions drawn as
    gaps). ``marks`` are positions to highlight. ``big``: each card three lines high; else
    with ``low`` two lines (``_low_cell``); either ``width`` cells wide; else one line."""
    ink = _Ink(cardset)
    text = Text(no_wrap=True, overflow="crop")
    text.append_text(caption)
    cards = list(zone.cards) + [None] * max(0, 2 * ROW - len(zone.cards))
    for start in range(0, len(cards), columns):
        row = cards[start : start + columns]
        if big or low:
            lines: list[list[tuple[str, Style]]] = [[], [], []] if big else [[], []]
            for offset, card in enumerate(row):
                position = start + offset + 1
                pieces = _big_cell(card, str(position), ink, position in marks, width) if big else _low_cell(card, str(position), ink, position in marks, width)
                for i, piece in enumerate(pieces):
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


def render_piles_line(view: View, cardset: CardSet | None, width: int) -> Text:
    """The piles in one line for a narrow table (``BloopsTable._narrow_layout``): the draw
    pile's back and count, the discard pile's top card and count, the drawn card (its face
    only in the view of the player who drew it), two cells apart when that fits ``width``."""
    ink = _Ink(cardset)
    draw, discard, drawn = view.zone("draw"), view.zone("discard"), view.zone("drawn")
    parts = []
    for label, card, count in (("Draw", draw.top, str(draw.count)), ("Discard", discard.top, str(discard.count)), ("Drawn", drawn.top, "")):
        _, body = _small_cell(card, "", ink, False)
        parts.append(Text.assemble((label + " ", "dim"), body, (f" {count}" if count else "", "dim")))
    for gap in ("   ", "  ", " "):
        line = Text(gap, no_wrap=True, overflow="crop").join(parts)
        if line.cell_len <= width:
            break
    return Text.assemble(" ", line) if line.cell_len < width else line


def last_event(last: str, width: int, most: int, console) -> Text:
    """The compact table's "Last:" line for ``width`` cells in at most ``most`` lines (at
    least 1): the event after "Last: ", wrapped at its words; without "Last: " when only
    that fits; else its first ``most`` lines, the last ending in "…" (the fresh tester saw
    "Last: Computer 3 discards from" cut beside the log at 80×24). ``console`` is the
    app's (rich ``Console``, for the wrapping); ``""`` gives an empty text."""
    if not last:
        return Text("")
    width, most = max(8, width), max(1, most)
    forms = [Text("Last: " + last, style="italic"), Text(last, style="italic")]
    wrapped = []
    for form in forms:
        wrapped.append(list(form.wrap(console, width)))
        for line in wrapped[-1]:
            line.rstrip()
        if len(wrapped[-1]) <= most:
            return Text("\n").join(wrapped[-1])
    lines = wrapped[0][:most]
    tail = lines[-1]
    if tail.cell_len + 2 <= width:
        tail.append(" …")
    else:
        tail.truncate(width, overflow="ellipsis")
    return Text("\n").join(lines)


REVEAL_GAP = 3
"""Cells between two areas side by side in the game-over reveal (``reveal_areas``)."""


def _reveal_caption(name: str, points: int | None, holder: bool, width: int, lines: int) -> Text | None:
    """The caption of one area in the reveal in ``lines`` lines (1 or 2) of at most ``width``
    cells: the name, then the points and, for the caller, the BLOOPS card, in the first of
    their forms that fits (the longest first; the word "points" goes after "card": a tester
    read "= 60 · BLOOPS card" as a sum without its unit); ``None`` when one line does not
    hold them."""
    total = "" if points is None else f"= {points} point{'s' if points != 1 else ''}"
    forms = [(total, "")] if not holder else [(f"{total} · ", "BLOOPS card"), (f"{total} · ", "BLOOPS"), (f"= {points} · ", "BLOOPS card"), (f"{points} · ", "BLOOPS card"), (f"{points} · ", "BLOOPS")]
    if lines == 1:
        words, card = forms[0]
        caption = Text.assemble((name, "bold"), " ", words, (card, "bold reverse"))
        return caption if caption.cell_len <= width else None
    for words, card in forms:
        if cell_len(words + card) <= width:
            break
    shown = Text(name, style="bold")
    shown.truncate(width, overflow="ellipsis")
    return Text.assemble(shown, "\n", words, (card, "bold reverse"))


def reveal_areas(view: View, cardset: CardSet | None, width: int, card_lines: int = 3) -> list[Text]:
    """Bloops's reveal on the game-over screen, ``width`` cells wide at most: every area face
    up in its positions, drawn as the table draws them (``render_area``: each position's
    number with its card's face, star and the card file's colours; ``card_lines`` 3 or else 2
    lines a card, as the table's large and low layouts: its one-line cells run a two-digit
    position into the face), under a caption of the player's name, their points (ruling 9,
    the public facts' scores) and, for the caller, the BLOOPS card, named once, on one line
    where every area's fits, else on two; as many areas a row as fit (``AREA_WIDTH`` each, at least
    ``REVEAL_GAP`` apart), in rows as even as that allows, a blank line between rows. (The
    fresh tester saw the cards listed as words, "Zero One Twelve", with no positions, and
    "Computer 2 — BLOOPS card (Computer 2): BLOOPS".) ``view`` is the finished game's
    face-up view (``build_view(..., reveal_all=True)``)."""
    players = view.players
    scores = view["scores"] or [None] * len(players)
    per_row = max(1, min(len(players), (width + REVEAL_GAP) // (AREA_WIDTH + REVEAL_GAP)))
    per_row = even_rows(len(players), per_row)
    column = max(AREA_WIDTH, min(2 * AREA_WIDTH, (width - REVEAL_GAP * (per_row - 1)) // per_row))
    captions = [_reveal_caption(name, scores[seat], view["holder"] == seat, column, 1) for seat, name in enumerate(players)]
    if None in captions:  # every caption on one line, or every one on two: the cards stay in line
        captions = [_reveal_caption(name, scores[seat], view["holder"] == seat, column, 2) for seat, name in enumerate(players)]
    # cards wider than the table's where the column has room: a two-digit face and its star
    # ("12★") filled a 5-cell card from border to border ("│12★│", "│ 20│": a fresh tester)
    cell = REVEAL_CELL if ROW * (REVEAL_CELL + 1) - 1 <= column else BIG_CELL
    blocks = []
    for seat, caption in enumerate(captions):
        area = render_area(view.zone(f"area:{seat}"), caption, cardset, big=card_lines >= 3, low=True, width=cell)
        blocks.append(area.split())
    lines: list[Text] = []
    for start in range(0, len(blocks), per_row):
        row = blocks[start : start + per_row]
        for i in range(max(len(block) for block in row)):
            line = Text(no_wrap=True, overflow="crop")
            for j, block in enumerate(row):
                piece = block[i].copy() if i < len(block) else Text("")
                piece.rstrip()
                if j:
                    line.append(" " * (REVEAL_GAP + column - last))
                line.append_text(piece)
                last = piece.cell_len
            lines.append(line)
        lines.append(Text(""))
    return lines[:-1]


class LastLine(Static):
    """The compact table's last event below the areas, on the lines the table area leaves
    it (CSS: ``1fr``, one to three lines): drawn again for its size whenever that changes
    (``last_event``), as a ``TitleLine`` is."""

    _event = ""

    def show(self, last: str) -> None:
        """Show the event ``last`` (plain text; ``""`` for none)."""
        self._event = last
        self._fit()

    def _fit(self) -> None:
        size = self.content_size
        self.update(last_event(self._event, size.width or self.screen.size.width, size.height or 1, self.app.console))

    def on_resize(self) -> None:
        self._fit()


COMPACT_MARKS = {
    "bloops": ((" BLOOPS", " B!"), "bold"),
    "claims": ((" claims", " cl."), "italic"),
    "turn": ((f" {TURN_MARK} turn", f" {TURN_MARK}"), "italic"),
}
"""The compact caption's marks after the name, longest form first, and their style: the
BLOOPS card's holder, the claimant of a counter-discard, whose turn it is."""

MARK_LEGEND = {"turn": f" {TURN_MARK} = their turn", "bloops": " B! = has BLOOPS", "claims": " cl. = claims"}
"""What a compact caption's short mark means (``COMPACT_MARKS``' last forms), said under the
piles whenever a caption had to use one: a fresh tester at 80×24 with six players read
"1 Annabelle123 ◀" and could not tell the arrow meant the turn (the name, kept whole by
issue 14's ruling, leaves the mark no room for its word)."""


def mark_legend(shortened: Sequence[str]) -> Text:
    """The legend lines (``MARK_LEGEND``) of the marks in ``shortened`` (keys of
    ``COMPACT_MARKS``), one a line, in that order; empty when there are none."""
    return Text("\n".join(MARK_LEGEND[mark] for mark in dict.fromkeys(shortened)), style="italic")


def area_caption(seat: int, name: str, mark: str, active: bool, width: int = AREA_WIDTH) -> Text:
    """A compact area's caption in ``width`` cells: the seat's number (its key), the name
    and the ``mark`` (a key of ``COMPACT_MARKS``, or ``""``). The name is the last part cut:
    the first form that fits wins, the mark's long form before the short, the number padded
    before unpadded (``" 1 "``, ``"1"``); then the name without the mark (the status line and
    the panel say it too); only a name wider than all that is cut, ending in "…". (The fresh
    tester saw "Compu… ◀ turn" at 80×24: names of up to ``MAX_NAME`` (12) now fit whole.)"""
    forms, style = COMPACT_MARKS.get(mark, (("",), ""))
    return fit_caption(seat, name, forms, style, active, width)


def fit_caption(seat: int, name: str, tails: Sequence[str], style: str, active: bool, width: int) -> Text:
    """A seat's caption in ``width`` cells (never wider, so never wrapped): the seat's
    number (its key) reversed, the name (bold when ``active``) and the first of ``tails``
    (the mark's forms, longest first, drawn in ``style``) that fits; the number padded
    (``" 1 "``) before unpadded (``"1"``); then the name alone; only a name wider than all
    that is cut, ending in "…". Used by the compact captions (``area_caption``) and the
    roomy boxes (the fresh tester at 120×40 beside the log saw "2  Computer 2  ◀" over
    "turn" in a box of 20 cells of text)."""
    weight = "bold" if active else ""
    for tail in (*tails, ""):
        for badge in (f" {seat + 1} ", f"{seat + 1}"):
            caption = Text.assemble((badge, "bold reverse"), (" " + name, weight), (tail, style), no_wrap=True, overflow="crop")
            if caption.cell_len <= width:
                return caption
    badge = f"{seat + 1}"
    shown = Text(" " + name, style=weight)
    shown.truncate(max(1, width - cell_len(badge)), overflow="ellipsis")
    return Text.assemble((badge, "bold reverse"), shown, no_wrap=True, overflow="crop")


def effect_words(defn: CardDef) -> str:
    """A card's effect in a word or two for its tile (``"peek any"``, ``"give 2"``), or ``""``."""
    effect = defn.get("effect")
    if not effect:
        return ""
    ((key, value),) = effect.items()
    if key == "end_game":
        return "ends game"  # the 20: discarding it ends the game at once (ruling 4)
    return key if key == "swap" or value in (None, True) else f"{key} {value}"


def area_tiles(zone: ZoneView, cardset: CardSet | None, marks: Sequence[int] = ()) -> list[Tile]:
    """One tile per position (at least two rows), its position in the top border; a marked
    position (being looked at, swapped or revealed) is drawn heavy."""
    cards = list(zone.cards) + [None] * max(0, 2 * ROW - len(zone.cards))
    tiles = []
    for position, card in enumerate(cards, 1):
        mark = str(position)
        if card is None:
            tiles.append(empty_tile(mark))
        else:
            name = effect_words(card.face) if card.face is not None else ""
            tiles.append(palette_tile(card, cardset, card_text, mark, name=name, selected=position in marks, pad=TEXT_PAD))
    return tiles


def whole_words(tile: Tile, cells: int, lines: int | None = None) -> Tile:
    """``tile`` for a card ``cells`` wide (and ``lines`` high, when given): without its
    effect words when one of them would be cut, or a line of them left out (a face-up 7 at
    120×36 read "7 / pe… / any"); its face stays in the corner, and the discard pile and
    the rules say what the card does."""
    inner = cells - 2 - 2 * TEXT_PAD
    rows = name_rows(tile.name, inner) if tile.name else 0
    if tile.name and (rows is None or (lines is not None and rows > name_room(lines))):
        return replace(tile, name="")
    return tile


class AreaWidget(OneLayoutPass, Widget):
    """One player's area: its caption line, then its cards in rows of three (six in a grown
    area's wide roomy box), as text lines (compact: ``render_area``) or as tiles (roomy). A click on a card posts
    ``CardClicked(("area", seat, position))``."""

    DEFAULT_CSS = "AreaWidget { height: auto; }"

    def __init__(self, seat: int, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.seat = seat
        self._text = Text()
        self._cell: tuple[int, int] = (6, 3)
        """(columns, lines) of one card with its gap, for clicks; lines 1: the small layout."""
        self._columns = ROW
        """Cards a row: ``ROW``, or more in a grown area's wide box (the roomy layout)."""

    def show(self, text: Text, cell: tuple[int, int], columns: int = ROW) -> None:
        """Draw ``text`` (caption first) whose cards are ``cell`` apart, ``columns`` a row."""
        if text.plain == self._text.plain and text.spans == self._text.spans and (cell, columns) == (self._cell, self._columns):
            return
        self._text, self._cell, self._columns = text, cell, columns
        self.refresh(layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:
        return self._text.plain.count("\n") + 1

    def render(self) -> Text:
        return self._text

    def on_click(self, event: events.Click) -> None:
        columns, lines = self._cell
        offset = event.get_content_offset(self)
        if offset is None:
            return
        x, y = offset.x, offset.y
        if self.styles.content_align_horizontal == "center":  # the roomy layout centres the cards
            x -= max(0, (self.content_region.width - max(cell_len(line) for line in self._text.plain.split("\n"))) // 2)
        if y < 1 or x < 0:
            return
        column = x // columns
        if column >= self._columns:
            return
        event.stop()
        self.post_message(CardClicked(("area", self.seat, ((y - 1) // lines) * self._columns + column + 1)))


def actions_for_card(actions: Sequence[Action], ref: tuple, phase: str, active: int, target: int | None) -> list[Action]:
    """The options a click on a card stands for: ``ref`` is ``("area", seat, position)``,
    ``("discard",)`` or ``("drawn",)``. A card of an area picks its position (keep the drawn
    card there, peek, swap, counter-discard) when the decision is about that area (the active
    player's own, the chosen ``target``'s, the claimant's), else its player (give, peek or
    swap with them, claim the counter-discard). The drawn card or the discard pile discards
    the drawn card."""
    if ref[0] in ("discard", "drawn"):
        return [a for a in actions if a.type == "discard"]
    _, seat, position = ref
    own_area = {"keep": active, "swap-own": active, "peek": target, "swap": target}
    out = []
    for a in actions:
        if a.get("position") is not None:
            whose = a.get("seat", own_area.get(a.type))
            if a["position"] == position and whose in (seat, None):
                out.append(a)
        elif a.get("target") is not None:
            if a["target"] == seat:
                out.append(a)
        elif a.type == "claim" and a["seat"] == seat:
            out.append(a)
    return out



def even_rows(count: int, most: int) -> int:
    """Boxes a row for ``count`` boxes at most ``most`` a row, the rows as even as their
    number allows: ``even_rows(4, 3)`` → 2 (2+2, not 3+1), ``even_rows(5, 3)`` → 3 (3+2)."""
    rows = -(-count // max(1, most))
    return max(1, -(-count // max(1, rows)))


def row_shifts(spans: Sequence[int], per_row: int, column: int) -> list[int]:
    """The offset (cells to the right) of each box of a grid ``per_row`` columns wide, box
    ``i`` taking ``spans[i]`` columns of ``column`` cells (gutter included): a row short of
    boxes moves right by half of what it leaves empty, so that it stands in the middle (five
    players at 120×40: 3+2, the two under the middle of the three)."""
    shifts: list[int] = []
    row: list[int] = []

    def close() -> None:
        shifts.extend([(per_row - sum(row)) * column // 2] * len(row))
        row.clear()

    for span in spans:
        if row and sum(row) + span > per_row:
            close()
        row.append(span)
    close()
    return shifts


def _area_rows(view: View) -> int:
    """The rows of cards the fullest area needs (``ROW`` cards a row), at least 2."""
    return max(2, *((len(view.zone(f"area:{s}").cards) + ROW - 1) // ROW for s in range(len(view.players))))

class Foot(SizedBox, Horizontal):
    """The foot of the roomy table (the piles and the last moves): the piles are as tall as
    the layout makes it (CSS ``1fr``), so the table draws them again when it changes."""


class BloopsTable(TableScreen):
    """The Bloops screen (rules: cards_data/bloops.md)."""

    CSS_PATH = ["../table.tcss", "bloops.tcss"]
    BINDINGS = [Binding(key, f"choose('{key}')", show=False) for key in LETTERS.values()]
    NEWS_FITS_LINES = True  # the roomy foot and the compact last line take the panel's rows

    def _plan_panel(self, least: int | None) -> None:
        """Give the decision panel ``least`` rows at the least (``None``: as its options
        need), unless a news box has made it as low as the box (``NewsScreen._shrink`` sets
        its height, and gives back the least it found when the box goes): a table drawn
        again under the box would give the panel its planned rows back, its top border and
        options above the box's top, until the box is fitted again."""
        panel = self.query_one(DecisionPanel)
        if panel.styles.height is not None and panel.styles.height.is_cells:
            return
        if least is None:
            panel.styles.min_height = None
        elif panel.styles.min_height is None or panel.styles.min_height.value != least:
            panel.styles.min_height = least

    faces_drawn: dict[tuple[str, int], CardDef]
    """The faces on screen now, by (zone name, 1-based position; 0 for a pile's top): what the
    tests compare with who may see them."""

    tiles_drawn: list[tuple[str, CardView | None]]
    """Every card drawn as a tile now, as ``(zone name, card)`` (the tests' check)."""

    def __init__(self, session) -> None:
        super().__init__(session)
        self._roomy_drawn: bool | None = None
        self._target: int | None = None
        """The player whose area a peek or a swap is about (the last target chosen here)."""
        self._card_width = 9
        """The width of the areas' cards (the piles' least width, ``pile_size``)."""
        self._pile_width = 9
        """The width of the piles' cards as last drawn (``_show_piles``)."""
        self._pile_least = pile_least(self.cardset)
        """The piles' narrowest cards: every card's effect words whole (``pile_least``)."""
        self._refit_pending = False
        self._refits = 0
        self._foot_room: int | None = None
        """Lines the roomy foot's cards may use (set by ``_show_roomy``; ``None`` before)."""
        self._pile_lines: int | None = None
        """The height of the piles' cards as last drawn (``_show_piles``)."""
        self._pile_full: tuple[int, int] | None = None
        """The piles' full size for the foot as last drawn (``pile_size``; ``_fit_foot`` may
        draw them narrower): a refit draws them again when the foot's height changes it."""
        self._log_after_look = False
        """The log was open (or asked for) when a first look came up: it steps aside while
        the look is on screen and opens again once the cards are hidden (``_log_steps_aside``)."""

    def compose_table(self) -> ComposeResult:
        with TableArea(id="bl-body"):
            yield TitleLine("", id="bl-status")
            with Horizontal(id="bl-table"):
                yield Caption("", id="bl-piles")
                with Horizontal(id="bl-areas"):
                    for seat in range(len(self.session.game.players)):
                        yield AreaWidget(seat, id=f"bl-area-{seat}", classes="bl-area")
            yield LastLine(id="bl-last")
            with Foot(id="bl-bottom"):
                yield TileWidget(id="bl-draw", classes="bl-pile")
                yield FanWidget(id="bl-discard", classes="bl-pile")
                yield TileWidget(id="bl-drawn", classes="bl-pile")
                yield RecentMoves("Last moves", id="bl-moves")

    ROOMY_WIDTH = 70
    """The table area's narrowest width (columns) for the roomy layout: three boxes a row,
    each of three cards at least five cells wide, and the foot's piles beside the last
    moves. Narrower (F1's keys panel and the log both open at 120×40 leave 37 columns) the
    compact layout is drawn, which reflows for the width (``_narrow_layout``)."""

    def roomy_table(self) -> bool:
        """True when the screen is roomy (``TableScreen.roomy``) and the table area, less
        the panels docked beside it, is ``ROOMY_WIDTH`` wide: draw the roomy layout."""
        return self.roomy and self._area_width() >= self.ROOMY_WIDTH

    def _area_width(self) -> int:
        """The columns the table has (cells): the screen's, less F1's keys panel or the log
        panel docked beside it (``TableArea``; a tester saw every area's cards drawn for the
        whole width beside the log at 120×40, their rows broken and positions 4–6 gone)."""
        return self.query_one("#bl-body", TableArea).columns()

    def card_label(self, defn: CardDef) -> str:
        return card_text(defn)

    @classmethod
    def reveal(cls, view: View, cardset: CardSet | None, width: int, lines_each: int | None) -> list[Text]:
        """The game-over reveal: every area face up in its positions (``reveal_areas``), its
        cards ``lines_each`` lines high (3 at most, ``None``: 3)."""
        return reveal_areas(view, cardset, width, min(3, lines_each or 3))

    def option_keys(self, decision: Decision) -> Sequence[str | None] | None:
        """Each option's own key (``option_key``: a seat or position number up to 10, a
        letter, ``P``); an option without one (position 11 and beyond in a grown area) takes
        the next of ``OPTION_LETTERS`` that no option of the decision uses and that means
        nothing else at this table (``LETTERS``, the screen's own keys), as the README
        promises past ``0``. A fresh tester's positions 11 to 16 had no key at all."""
        keys = [option_key(action) for action in decision.actions]
        taken = set(keys) | set(LETTERS.values()) | set(self._own_keys)
        spare = iter(k for k in OPTION_LETTERS if k not in taken)
        return [key if key is not None else next(spare, None) for key in keys]

    def next_words(self, view: View, seat: int) -> str:
        """"plays next" for the player whose turn it is (the header's "Computer 3's turn"),
        else "decides next": a computer player deciding in the counter-discard window of
        Ann's turn claims or waits, it does not take the turn (the title said "Computer 3
        plays next" over the header's "Ann's turn")."""
        return "plays next" if seat == view["active"] else "decides next"

    def _window_actor(self, view: View, decision: Decision) -> str:
        """Who may act in the counter-discard window now, for the title: the computer
        player deciding in it (``thinker``), else, when computer players sit in it, the
        people whose options the panel lists (``"Ann to choose"``: every computer player
        chose to wait); ``""`` when only people sit at the table (anyone may claim)."""
        thinker = self.thinker(view)
        if thinker or len(decision.seats) == len(view.players):
            return thinker
        return ", ".join(view.players[s] for s in decision.seats) + " to choose"

    def title_text(self, view: View, decision: Decision | None) -> Text:
        """The generic title, except in the counter-discard window, which is everyone's:
        then who may act in it now (the computer player deciding, or the people once the
        computer players wait), as the decision panel says."""
        if decision is not None and decision.kind == "window":
            text = Text.assemble((self.session.game.title, "bold"), " — counter-discard window: anyone may claim")
            actor = self._window_actor(view, decision)
            return text.append(f" · {actor}") if actor else text
        return super().title_text(view, decision)

    def title_forms(self, view: View, decision: Decision | None) -> list[Text]:
        """The generic forms; the counter-discard window's shorter ones say "anyone may
        claim" and who may act now first, then only "anyone may claim" (beside the log at
        80×24: 36 cells)."""
        if decision is None or decision.kind != "window":
            return super().title_forms(view, decision)
        game = (self.session.game.title, "bold")
        actor = self._window_actor(view, decision)
        forms = [self.title_text(view, decision)]
        if actor:
            forms += [Text.assemble(game, f" — anyone may claim · {actor}"), Text.assemble(game, f" — window · {actor}")]
        forms += [Text.assemble(game, " — window: anyone may claim"), Text.assemble(game, " — anyone may claim")]
        return forms

    # ------------------------------------------------------------------ drawing
    def _layout(self, view: View) -> tuple[int, int]:
        """``(card lines, table lines)``: cards three lines high for up to three players whose
        areas have at most three rows; else two lines high (``_low_cell``) while the option
        list keeps at least ``LOW_OPTIONS`` lines (or all its options; it scrolls) below the
        table; else one line per card. The table's lines are its height, each row of areas
        as tall as its own fullest area (the fresh tester, six players at 80×24, one area
        grown to 19 positions: every row was reckoned as tall as that one, and the option
        list showed one of five options over five empty rows)."""
        players = len(view.players)
        rows = _area_rows(view)
        if players <= 3 and rows <= 3:
            return 3, max(5, 1 + 3 * rows)
        boxes = -(-players // 3)
        # each row of areas is as tall as its own fullest area
        fullest = [max(2, *(-(-len(view.zone(f"area:{s}").cards) // ROW) for s in range(b * 3, min(players, b * 3 + 3)))) for b in range(boxes)]
        low = max(5, sum(1 + 2 * r for r in fullest))
        decision = self.session.visible_decision()
        width, height = self._area_width(), self.size.height
        width, height = max(20, (width or 80) - 6), height or 24
        prompt = -(-len(decision.prompt) // width) if decision is not None else 1
        options = len(decision.actions) if decision is not None else 1
        if height - 6 - prompt - low >= min(LOW_OPTIONS, options):
            return 2, low
        return 1, max(5, sum(1 + r for r in fullest))

    def _standard_width(self, view: View) -> int:
        """Cells the compact layout needs: the piles' block (``#bl-piles`` and its margin)
        beside a row of up to three areas (``AREA_WIDTH``, two cells apart)."""
        per_row = min(3, len(view.players))
        return 21 + per_row * AREA_WIDTH + (per_row - 1) * 2

    def _narrow_layout(self, view: View, width: int) -> tuple[int, int, bool, int]:
        """``(areas a row, card lines, piles as a block, table lines)`` for a compact table
        narrower than ``_standard_width`` (the log or F1's panel open at 80×24: 36 or 48
        cells; the fresh tester saw the log cover the acting player's own area): the piles
        go above the areas, as their block of cards or else as one line
        (``render_piles_line``), and the areas stand as many a row as fit ``width``. The
        largest cards (three, two, one line) whose table leaves the option list at least
        ``LOW_OPTIONS`` lines (or all its options) win; the block before the line."""
        players = len(view.players)
        per_row = max(1, min(3, players, (width + 2) // (AREA_WIDTH + 2)))
        boxes = -(-players // per_row)
        fullest = [max(2, *(-(-len(view.zone(f"area:{s}").cards) // ROW) for s in range(b * per_row, min(players, (b + 1) * per_row)))) for b in range(boxes)]
        decision = self.session.visible_decision()
        height = self.size.height or 24
        prompt = -(-len(decision.prompt) // max(20, width - 6)) if decision is not None else 1
        options = len(decision.actions) if decision is not None else 1
        free = height - 6 - prompt
        for card_lines in (3, 2, 1):
            areas = sum(1 + card_lines * rows for rows in fullest)
            for block, piles in ((True, 5), (False, 1)):
                if free - areas - piles >= min(LOW_OPTIONS, options):
                    return per_row, card_lines, block, areas + piles
        return per_row, 1, False, sum(1 + rows for rows in fullest) + 1

    def _roomy_plan(self, view: View) -> RoomyPlan:
        """The roomy layout's plan (``RoomyPlan``), its cards as
        wide as ``ROOMY_TILE`` (``HUGE_TILE`` from 180×54) and as tall as a playing card of
        that width (``CARD_SHAPE``, at least ``ROOMY_TILE``'s lines) while every area fits the
        width of its box (three boxes a row) and the rows of boxes, each as tall as its own
        fullest area (``_boxes_lines``), fit the height the rest leaves: the title, the status
        line, the footer, the foot at its least (``FOOT_LEAST``: the piles' cards shrink to
        what it keeps) and the decision panel with every option the table's decisions can
        list (``_options_room``). When three-line cards do not fit beside all of them, the
        option list gives up lines (it scrolls) before the cards do: to 9, then, where an
        area has grown, to the counter-discard window's options (``_window_options``), on
        cards of three lines and then of two, and last to ``LEAST_OPTIONS``. Where an area
        has grown, four to six players' boxes may also stand in one row (their cards
        narrower), or every box in one row with each grown area's box two columns wide and
        its cards ``2 * ROW`` a row (``wide``, on cards of three lines or more), when that
        gives taller cards, or lets the window's options show: the fresh tester at 120×40,
        Ann's area grown to 22 positions, saw the foot cut to two lines (the discard pile's
        top card gone) and Dan's box alone on a second row. The grown areas' wide boxes may
        also stand in rows of three to six columns, on cards of two lines too (six players,
        one area of 20 at 120×40: the window's options scrolled under three-a-row boxes).
        Layouts whose cards are at least ``REVEAL_CELL`` wide (a face and its star) are tried
        first through every stage, narrower ones only when none fits (five players with a
        grown area at 120×40 were drawn 5 cells wide, faces cut, where a wide box in two
        rows of boxes leaves cards of 10 and every option). Two-line cards when not even
        that fits."""
        players = len(view.players)
        height = self.size.height
        rows = _area_rows(view)
        grown = rows > 2
        none: frozenset[int] = frozenset()
        # at most three boxes a row, the rows as even as that allows (four players 2+2: a
        # fresh tester at 120×40 saw 3+1, the fourth box alone at the left of a second row)
        candidates = [(even_rows(players, 3), none)]
        if grown and players > 3 and self._roomy_cell(view, players) >= BIG_CELL:
            candidates.append((players, none))
        wide = frozenset(s for s in range(players) if len(view.zone(f"area:{s}").cards) > 2 * ROW)
        if wide and players + len(wide) <= 6 and self._roomy_cell(view, players + len(wide)) >= REVEAL_CELL:
            candidates.append((players + len(wide), wide))
        # the grown areas' boxes two columns wide in two or more rows of boxes: six players,
        # Ann's area grown to 20 at 120×40, left the window's options under "more below"
        candidates += [(per_row, wide) for per_row in range(3, min(players + len(wide), 7)) if wide and (per_row, wide) not in candidates and self._roomy_cell(view, per_row) >= BIG_CELL]
        every = self._options_room(view)
        stages = [(every, ALL_OPTIONS_LINES), (min(9, every), 3)]
        if grown:
            window = self._window_options(view)
            stages += [(window, 3), (window, 2)]
        stages += [(LEAST_OPTIONS, 3), (LEAST_OPTIONS, 2)]
        # cards wide enough for a face and its star ("12★") first, at any stage: five players
        # with a grown area at 120×40 had cards 5 cells wide (faces cut) where boxes in two
        # rows, the grown one two columns wide, leave cards of 10 cells and every option
        for choice in ([c for c in candidates if self._roomy_cell(view, c[0]) >= REVEAL_CELL], candidates):
            for options, shortest in stages:
                room = height - ROOMY_FIXED - 1 - options - FOOT_LEAST  # one line of prompt
                best: tuple[int, frozenset[int], int, int] | None = None
                for per_row, spans in choice:
                    cell = self._roomy_cell(view, per_row)
                    # as tall as a playing card of that width (CARD_SHAPE) where the rows allow, up
                    # to HUGE_TILE's lines: the fresh tester at 160×48 saw three players' cards 5
                    # lines tall over a foot of 11 empty rows
                    largest = max(ROOMY_TILE[1], min(HUGE_TILE[1], round(cell * CARD_SHAPE)))
                    for lines in range(largest, max(shortest, 2) - 1, -1):
                        # area cards with room for words leave the piles room for theirs,
                        # whatever the prompt's lines (``_plan_foot``)
                        words = FOOT_WORDS - FOOT_LEAST + PLAN_PROMPT - 1 if lines >= PILE_WORDS else 0
                        if self._boxes_lines(view, per_row, lines, spans) <= room - words:
                            if best is None or (lines, cell) > (best[3], best[2]):
                                best = (per_row, spans, cell, lines)
                            break
                if best is not None:
                    per_row, spans, cell, lines = best
                    return RoomyPlan(per_row, spans, (cell, lines) if lines >= 3 else None, options)
        per_row, spans = [c for c in candidates if not c[1]][-1]
        return RoomyPlan(per_row, spans, None, LEAST_OPTIONS)  # two-line cards: ROW a row

    def _plan_foot(self, plan: RoomyPlan, area_lines: int) -> int:
        """The lines of the roomy foot (border and captions included) that ``plan`` leaves
        below ``area_lines`` of areas: the screen less the title,
        the status line, the footer and a decision panel with the plan's options and
        ``PLAN_PROMPT`` lines of prompt. The piles are drawn for it whatever the decision
        (``_foot_room``), so that they do not change size from one prompt to the next."""
        return self.size.height - ROOMY_FIXED - PLAN_PROMPT - plan.options - area_lines

    @staticmethod
    def _boxes_lines(view: View, per_row: int, lines: int, wide: frozenset[int] = frozenset()) -> int:
        """The lines of the roomy rows of area boxes in ``per_row`` grid columns, the boxes of
        the ``wide`` seats two columns wide with ``2 * ROW`` cards a row, cards ``lines``
        high: each row as tall as its own fullest area (at least two rows of cards), with
        the box's border and caption."""
        total, column, fullest = 0, 0, 0
        for seat in range(len(view.players)):
            span = 2 if seat in wide else 1
            if column + span > per_row:
                total, column, fullest = total + 3 + fullest * lines, 0, 0
            column += span
            fullest = max(fullest, 2, -(-len(view.zone(f"area:{seat}").cards) // (span * ROW)))
        return total + 3 + fullest * lines

    @staticmethod
    def _window_options(view: View) -> int:
        """The options of the counter-discard window: a claim for each player, the pass
        for everyone and the BLOOPS! call."""
        return len(view.players) + 2

    @property
    def _huge(self) -> bool:
        """From 180×54 the roomy layout's cards may grow to ``HUGE_TILE``."""
        return self._area_width() >= 180 and self.size.height >= 54

    def _roomy_cell(self, view: View, per_row: int | None = None) -> int:
        """The width of a card of the roomy layout: three cards and their gaps fill an
        area's box (``per_row`` boxes a row, by default three), at most ``ROOMY_TILE``'s
        (``HUGE_TILE``'s) width."""
        box_inner = (self._area_width() - 2) // (per_row or min(len(view.players), 3)) - 4
        return min((HUGE_TILE if self._huge else ROOMY_TILE)[0], box_inner // ROW - 1)

    @staticmethod
    def _options_room(view: View) -> int:
        """Lines for every option a decision of this table can list: keeping the drawn card
        lists the discard and each position of the fullest area; the counter-discard window
        each claimant, the pass and BLOOPS!. (It stopped at 9: the fresh tester at 200×60,
        their area grown to 12 positions, saw 9 of 12 options over "↓ more below".)"""
        fullest = max(len(view.zone(f"area:{s}").cards) for s in range(len(view.players)))
        return max(fullest + 1, BloopsTable._window_options(view))

    def _fit_options(self, table_lines: int, least: int = 1) -> None:
        """Let the option list use the lines the table leaves free, at most 9 or every
        option of the decision when it has more (the panel grows past its usual
        ``max-height`` for them), and at least ``least`` (the roomy layout keeps ``LEAST_OPTIONS``; the compact one scrolls down to
        one line, its cards chosen to leave ``LOW_OPTIONS`` where they could): title, status,
        last event, the panel's border and the footer take 6, the prompt the rest. (Six
        players with penalty cards beside the log at 80×24: three option lines kept pushed
        the last event under the panel.)"""
        decision = self.session.visible_decision()
        width = max(20, self._area_width() - 6)
        prompt = -(-len(decision.prompt) // width) if decision is not None else 1
        free = self.size.height - 6 - prompt - table_lines if self.size.height else 7
        options = len(decision.actions) if decision is not None else 0
        shown = max(least, min(max(9, options), free))
        self._panel_lines = min(shown, options) + prompt + 2  # the panel's height: its options, prompt and border
        self.query_one(DecisionPanel).let_options(shown, self._panel_lines)
        if shown <= 9:  # fewer lines than usual where the table needs them
            self.query_one("#decision-options").styles.max_height = shown

    def played(self, action) -> None:
        """A chosen player to peek at or swap with is remembered once the choice is played
        (``TableScreen.played``: never a held-back or refused one), so that a click on one
        of their cards next picks its position (``actions_for_card``)."""
        if action.get("target") is not None:
            self._target = action["target"]

    def card_actions(self, ref) -> list[Action]:
        """A click on a card of the table: the option it stands for (``actions_for_card``)."""
        view = self.session.view()
        return actions_for_card(self.query_one(DecisionPanel).actions, ref, view["phase"], view["active"], self._target)

    @staticmethod
    def first_look_up(view: View) -> bool:
        """Whether ``view`` shows its seat's first look (positions 4–6 face up, shown once:
        rules, "Starting the game"): nothing may cover those cards while it is up."""
        seat = view.seat
        if view["phase"] != "memorise" or seat is None:
            return False
        return any(card is not None and card.face is not None for card in view.zone(f"area:{seat}").cards)

    def _log_steps_aside(self, view: View) -> None:
        """The log panel (docked over the right of the table) closes while a first look is
        on screen, so it never hides the cards a player sees only once (issue 14, the
        fresh tester at 80×24), and opens again for the next view without one. The status
        line says so meanwhile (``_status``): a toast would cover part of the table too."""
        log = self.query_one("#log", LogPanel)
        if self.first_look_up(view):
            if log.display:
                log.display = False
                self._log_after_look = True
        elif self._log_after_look:
            self._log_after_look = False
            log.display = True
            log.call_after_refresh(log.scroll_end, animate=False)

    def action_toggle_log(self) -> None:
        """``l``: as ``TableScreen.action_toggle_log``, except during a first look, when the
        log would cover the cards: it opens once they are hidden."""
        if self.first_look_up(self.session.view()) and not self._handoff_pending:
            self._log_after_look = not self._log_after_look
            self.redraw()  # the status line says so (a toast would cover part of the table)
            return
        super().action_toggle_log()

    def show_table(self, view: View) -> None:
        """Draw the status line, the piles, every area and the last event from ``view``."""
        self._log_steps_aside(view)
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
        self.query_one("#bl-status", TitleLine).show(self._status(view))
        roomy = self.roomy_table()
        self.set_class(roomy, "-roomy")
        self.tiles_drawn = []
        if roomy:
            self._show_roomy(view)
            return
        width = self._area_width()
        narrow = width < self._standard_width(view)
        if narrow:  # the piles above, the areas as many a row as fit
            per_row, card_lines, block, lines = self._narrow_layout(view, width)
        else:
            (card_lines, lines), per_row, block = self._layout(view), 3, True
        self.query_one("#bl-table").set_class(narrow, "-stacked")
        self._plan_panel(None)  # the roomy plan's least height goes (``_show_roomy``)
        piles = render_piles(view, self.cardset) if block else render_piles_line(view, self.cardset, width)
        for name in ("draw", "discard", "drawn"):
            self.tiles_drawn.append((name, view.zone(name).top))
        big = card_lines == 3
        self._fit_options(lines)
        marks: dict[int, list[int]] = {}
        for seat, position in view["marks"]:
            marks.setdefault(seat, []).append(position)
        shortened: list[str] = []  # marks drawn in their short form: said in words under the piles
        for seat, name in enumerate(players):
            if holder == seat:
                mark = "bloops"
            elif seat == view["claimant"]:
                mark = "claims"
            elif seat == active and phase not in ("over", "memorise"):
                mark = "turn"
            else:
                mark = ""
            caption = area_caption(seat, name, mark, seat == active)
            if mark and caption.plain.endswith(COMPACT_MARKS[mark][0][-1]):
                shortened.append(mark)
            widget = self.query_one(f"#bl-area-{seat}", AreaWidget)
            zone = view.zone(f"area:{seat}")
            area = render_area(zone, caption, self.cardset, big=big, marks=marks.get(seat, ()), low=card_lines == 2)
            widget.show(area, (6, card_lines))
            widget.styles.column_span = 1
            widget.styles.clear_rule("offset")  # the roomy layout's centring (``row_shifts``)
            self.tiles_drawn += [(zone.name, c) for c in zone.cards if c is not None]
            widget.set_class(seat == active, "bl-active")
        areas = self.query_one("#bl-areas")
        areas.set_class(not big or narrow, "compact")  # a grid of areas: three a row, or as many as fit
        areas.styles.grid_size_columns = per_row
        for rule in ("grid_columns", "grid_gutter_vertical"):  # bloops.tcss's compact grid, not the roomy one
            areas.styles.clear_rule(rule)
        if block and shortened:
            piles.append("\n\n")
            piles.append_text(mark_legend(shortened))
        self.query_one("#bl-piles", Static).update(piles)
        self.query_one("#bl-last", LastLine).show(view["last"])

    def _marker(self, view: View, seat: int) -> tuple[tuple[str, ...], str]:
        """What the roomy caption of ``seat``'s area says besides the name: its forms,
        longest first (``fit_caption`` takes the first that fits the box), and their style."""
        if view["phase"] == "over" and view["scores"] is not None:
            points = view["scores"][seat]
            return ((f"  = {points} point{'s' if points != 1 else ''}", f" = {points}"), "bold")
        if view["holder"] == seat:
            return (("  BLOOPS", *COMPACT_MARKS["bloops"][0]), "bold")
        if seat == view["claimant"]:
            return (("  claims", *COMPACT_MARKS["claims"][0]), "italic")
        if seat == view["active"] and view["phase"] not in ("over", "memorise"):
            return ((f"  {TURN_MARK} turn", *COMPACT_MARKS["turn"][0]), "italic")
        return ((), "")

    def _show_roomy(self, view: View) -> None:
        """The roomy layout: each area in a box of tiles (full names, the reveal at the end
        face up with each area's points), the piles and the last moves along the foot."""
        plan = self._roomy_plan(view)
        per_row, wide, size = plan.per_row, plan.wide, plan.size
        area_lines = self._boxes_lines(view, per_row, size[1] if size is not None else 2, wide)
        foot = self._plan_foot(plan, area_lines)
        least = FOOT_LEAST - 1 if foot == FOOT_LEAST - 1 else FOOT_LEAST  # three-line piles where that shows every option
        bottom = self.query_one("#bl-bottom")
        if bottom.styles.min_height is None or bottom.styles.min_height.value != least:
            bottom.styles.min_height = least
        if bottom.styles.max_height is None or bottom.styles.max_height.value != max(foot, least):
            bottom.styles.max_height = max(foot, least)  # no taller for a shorter decision: the piles fill it, steady
        self._fit_options(area_lines + least, LEAST_OPTIONS)  # the areas, the foot at its least: the options scroll, no card is cut
        # the panel keeps the plan's rows for a shorter decision: the foot stays put, no blank rows between them
        self._plan_panel(max(3, self.size.height - 4 - area_lines - max(foot, least)))  # less the title, status line and footer
        # what the foot's cards may use, the same from one prompt to the next: the foot the
        # plan leaves (``_plan_foot``) less its border and captions
        self._foot_room = max(foot, least) - 3
        # as many boxes a row as _roomy_plan sized the tiles for (two players: two halves),
        # every column the same width (``1fr`` columns shared the odd cells out: boxes of
        # 38/39/39 cells at 120×40), the cells left over widening the gutters (at least
        # one cell) so that the row still spans the foot's width where they share evenly
        width = self._area_width()
        box = max(1, (width - (per_row - 1)) // per_row)
        areas = self.query_one("#bl-areas")
        areas.styles.grid_size_columns = per_row
        areas.styles.grid_columns = str(box)  # Textual: the vertical gutter stands between columns
        gutter = max(1, (width - per_row * box) // (per_row - 1)) if per_row > 1 else 1
        areas.styles.grid_gutter_vertical = gutter
        shifts = row_shifts([2 if seat in wide else 1 for seat in range(len(view.players))], per_row, box + gutter)
        marks: dict[int, list[int]] = {}
        for seat, position in view["marks"]:
            marks.setdefault(seat, []).append(position)
        for seat, name in enumerate(view.players):
            zone = view.zone(f"area:{seat}")
            tiles = area_tiles(zone, self.cardset, marks.get(seat, ()))
            self.tiles_drawn += [(zone.name, c) for c in zone.cards if c is not None]
            tails, style = self._marker(view, seat)
            span = 2 if seat in wide else 1
            caption = fit_caption(seat, name, tails, style, seat == view["active"], span * box + (span - 1) * gutter - 4)  # the box's border and padding
            widget = self.query_one(f"#bl-area-{seat}", AreaWidget)
            widget.styles.column_span = span
            if widget.styles.offset.x.value != shifts[seat]:
                widget.styles.offset = (shifts[seat], 0)  # a row short of boxes stands in the middle
            if size is None:
                low = max(BIG_CELL, self._roomy_cell(view, per_row))
                widget.show(render_area(zone, caption, self.cardset, big=False, low=True, marks=marks.get(seat, ()), width=low, columns=span * ROW), (low + 1, 2), span * ROW)
                widget.set_class(seat == view["active"], "bl-active")
                continue
            lines = [caption]
            for start in range(0, len(tiles), span * ROW):
                drawn = [tile_lines(whole_words(t, size[0]), *size) for t in tiles[start : start + span * ROW]]
                for row in zip(*drawn):
                    lines.append(Text(" ", no_wrap=True, overflow="crop").join(row))
            widget.show(join(lines), (size[0] + 1, size[1]), span * ROW)
            widget.set_class(seat == view["active"], "bl-active")
        self._card_width = size[0] if size is not None else self._roomy_cell(view, per_row)
        self._show_piles(view)
        self.query_one("#bl-moves", RecentMoves).show(public_moves(view))
        self.query_one("#bl-last", LastLine).show("")

    def _show_piles(self, view: View) -> None:
        """The draw pile, the discard pile (fanned) and the drawn card along the foot, as
        tall as the foot allows (``PILE_LINES``); drawn again when the foot's height changes
        (``refit``, e.g. once it is first measured, or the option list changed it)."""
        self.tiles_drawn = [(where, card) for where, card in self.tiles_drawn if where not in ("draw", "discard", "drawn")]
        foot = self.query_one("#bl-bottom")
        room = foot.content_size.height - 1  # the captions' line
        self.drawn_for(foot, width=False)
        if self._foot_room is not None and room < self._foot_room and not self._refit_pending:
            # shorter than the foot this layout gives it: checked once laid out, in case its
            # layout is late (``_refit_piles``); any change of its height refits it anyway
            self._refit_pending = True
            self.call_after_refresh(self._refit_piles)
        room = room if self._foot_room is None else min(room, self._foot_room)
        self.tiles_drawn += self._fit_foot(view, room)

    def _fit_foot(self, view: View, room: int) -> list[tuple[str, CardView | None]]:
        """Draw the piles for a foot with ``room`` lines for their cards, beside a "Last
        moves" box of ``MOVES_WANTED`` cells of text, else at least ``MOVES_LEAST``: at
        their full size (``pile_size``) where that leaves the box its room; else narrower
        cards (down to the areas' width), then fewer cards of the discard pile fanned (down
        to its top card alone); else the box gives way and the piles keep their full size. With the
        log open the box always stands aside (the log lists the same moves: they were
        shown twice side by side), as in Cold War and FOFL. Returns the cards drawn, as
        ``(zone name, card)``. The foot's width is read from the table area's size as laid
        out, not through ``_area_width``, which would mark the table as drawn for that width
        when only the foot is drawn again (``refit``), and a panel opened at the same time
        would then never reflow the table (with F1 and the log both open at 120×40 the
        areas ran under the panels)."""
        body = self.query_one("#bl-body", TableArea)
        text = (body.size.width or self.size.width) - 4  # the foot's border and padding
        full = self._pile_full = pile_size(self._card_width, room, self._pile_least)
        choices = [(full, DISCARD_FANNED)]
        moves = self.query_one("#bl-moves", RecentMoves)
        if self.query_one("#log", LogPanel).display:
            moves.display = False
            return self._draw_piles(view, *choices[0])[0]
        narrower = [(width, pile_lines(width, room)) for width in range(full[0] - 1, max(self._card_width, self._pile_least) - 1, -1)]
        least = narrower[-1] if narrower else full
        choices += [(size, DISCARD_FANNED) for size in narrower] + [(least, fanned) for fanned in range(DISCARD_FANNED - 1, 0, -1)]
        for least in (MOVES_WANTED, MOVES_LEAST):
            for size, fanned in choices:
                drawn, piles = self._draw_piles(view, size, fanned)
                if text - piles - 2 >= least:  # the box's border and padding on its left
                    moves.display = True
                    return drawn
        moves.display = False
        return self._draw_piles(view, *choices[0])[0]

    def _draw_piles(self, view: View, size: tuple[int, int], fanned: int) -> tuple[list[tuple[str, CardView | None]], int]:
        """Draw the draw pile, the top ``fanned`` cards of the discard pile (the top one
        whole) and the drawn card, each card ``size`` (cells, lines). Returns the cards
        drawn, as ``(zone name, card)``, and the cells the three piles take with their
        margins (``bloops.tcss``), the discard pile always the room of ``fanned`` cards."""
        self._pile_width, self._pile_lines = size
        draw, discard, drawn = view.zone("draw"), view.zone("discard"), view.zone("drawn")
        cards: list[tuple[str, CardView | None]] = [("draw", draw.top)]
        piles = (self.query_one("#bl-draw", TileWidget), self.query_one("#bl-discard", FanWidget), self.query_one("#bl-drawn", TileWidget))
        piles[0].show_one(back_tile(self.cardset) if draw.count else empty_tile(), caption=f"Draw pile {DOT} {draw.count}", size=size)
        under = [c for c in discard.cards if c is not None][-fanned:]
        cards += [("discard", c) for c in under]
        tiles = [whole_words(palette_tile(c, self.cardset, card_text, name=effect_words(c.face) if c.face else "", pad=TEXT_PAD), *size) for c in under] or [empty_tile()]
        piles[1].show(tiles, [("discard",)] * len(tiles), caption=f"Discard pile {DOT} {discard.count}", size=size, peek=5 + TEXT_PAD)  # a covered corner clear of the next card
        # the room of ``fanned`` cards from the first discard on: the drawn card beside it
        # does not move, nor the cards change size, as the pile grows (a fresh tester at 120×40)
        reserved = size[0] + (fanned - 1) * (5 + TEXT_PAD)
        if piles[1].styles.min_width is None or piles[1].styles.min_width.value != reserved:
            piles[1].styles.min_width = reserved
        top = drawn.top
        cards.append(("drawn", top))
        drawn_tile = whole_words(palette_tile(top, self.cardset, card_text, name=effect_words(top.face) if top and top.face else "", pad=TEXT_PAD), *size) if top else empty_tile()
        piles[2].show_one(drawn_tile, ("drawn",), caption="Drawn card", size=size)
        return cards, sum(pile.get_content_width(None, None) + 3 for pile in piles) + max(0, reserved - piles[1].get_content_width(None, None))  # each pile's margin

    def refit(self, box) -> None:
        """The foot changed height (``TableScreen.drawn_for``): the piles are drawn again
        for it when that gives them another height."""
        if box.id == "bl-bottom":
            self._refit_piles()
        else:
            super().refit(box)

    def _refit_piles(self) -> None:
        """Draw the piles again when the laid-out foot has room for another height."""
        self._refit_pending = False
        if not (self.is_attached and self.has_class("-roomy")):
            return
        if self.taken_down:
            return
        measured = self.query_one("#bl-bottom").content_size.height - 1
        room = min(measured, 99 if self._foot_room is None else self._foot_room)
        if pile_size(self._card_width, room, self._pile_least) != self._pile_full:
            self._refit_pending = True  # one refit per change: the next measure only confirms it
            self._show_piles(self.session.view())
            self._refit_pending = False
        elif self._foot_room is not None and measured < self._foot_room and self._refits < 3:
            # the foot is not laid out at the height computed for it yet (the option list
            # has just shrunk): measure again once it is, or the piles stay small
            self._refits += 1
            self._refit_pending = True
            self.query_one(DecisionPanel).refresh(layout=True)
            self.query_one("#bl-bottom").refresh(layout=True)
            self.set_timer(0.05, self._refit_piles)  # after the next layout, not within this one
            return
        self._refits = 0

    def _status(self, view: View) -> list[Text]:
        """The status line's forms, longest first (a ``TitleLine`` shows the first that fits
        the table's columns, e.g. 36 beside the log at 80×24: the fresh tester saw "final
        turns left: 2 (Computer" cut there): whose turn it is and the BLOOPS card's state,
        the names of the final turns left dropped first, then shorter words, last only
        whose turn it is (the captions mark the BLOOPS card's holder too)."""
        players = view.players
        phase, active, holder = view["phase"], view["active"], view["holder"]
        if phase == "over":
            return [
                Text.assemble(("Game over", "bold"), f" — {view['end_reason']}."),
                Text("Game over", style="bold"),
            ]
        if phase == "memorise":
            turn = Text.assemble(("First look: ", "bold"), f"{players[active]} sees positions 4–6 once")
            short = Text.assemble(("First look: ", "bold"), players[active])
            if self._log_after_look and self.first_look_up(view):
                note = ("  ·  the log opens after this look", "italic")
                return [Text.assemble(turn, note), Text.assemble(turn, ("  ·  log after this look", "italic")), turn, short]
        else:
            turn = Text(f"{players[active]}'s turn", style="bold")
            short = turn
        if holder is None:
            tails = [["  ·  BLOOPS card set aside"], [" · BLOOPS card set aside"]]
        else:
            left = view["final_left"]
            names = ", ".join(players[s] for s in left)
            called = ("BLOOPS! called by " + players[holder], "bold reverse")
            tails = [
                ["  ·  ", called, f"  ·  final turns left: {len(left)}" + (f" ({names})" if names else "")],
                ["  ·  ", called, f"  ·  final turns left: {len(left)}"],
                [" · ", called, f" · {len(left)} final turn{'s' if len(left) != 1 else ''} left"],
                [" · ", ("BLOOPS! " + players[holder], "bold reverse"), f" · {len(left)} left"],
                [" · ", ("BLOOPS!", "bold reverse"), f" · {len(left)} left"],
            ]
        forms = [Text.assemble(lead, *tail) for lead in (turn, short) for tail in tails]
        forms.sort(key=lambda form: -form.cell_len)  # longest first: the first that fits is shown
        return forms + [short]

    # ------------------------------------------------------------------ input
    def no_option(self, key: str) -> None:
        """A key without an option says why in a notice: in the counter-discard window, a
        seat's number names the player who has no card to claim with."""
        decision = self.session.visible_decision()
        players = self.session.game.players
        seat = int(key) - 1 if key.isdigit() and key != "0" else -1
        if decision is not None and not self._handoff_pending and decision.kind == "window" and 0 <= seat < len(players):
            self.app.notify(f"{players[seat]} has no card to claim with.", timeout=3, replace="no-option")  # type: ignore[call-arg]
        else:
            super().no_option(key)


SCREEN = BloopsTable
