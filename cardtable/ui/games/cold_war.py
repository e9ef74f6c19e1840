"""Cold War's table: the latest reveal's cards (a Cold War chain in full), the discard pile,
the TARGET's two hands left and right of it, the draw pile and the coin (HIGHER/LOWER),
breaches 0–3 and both collections. Every card is a tile (``cardtable.ui.cards``), in its
suit's ink; a face-down card shows only its back.

Layouts (issue 14): the compact one (80×24) shows the reveal as a line of corners and
each collection's top card, in a labelled side column; the slim one, for a compact table
narrowed by the log or the keys panel (F1), draws the three cards of the row a little
smaller and the side column's draw pile, coin and collections as lines under them; the
roomy one (from ``TableScreen.ROOMY_SIZE``) draws the
reveal and the discard pile as fanned stacks, both collections fanned with their counts,
and the last public moves. A click on one of the TARGET's hands plays what that hand
stands for now: the SPY's pick, or the TARGET's glance or reaction towards it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.app import ComposeResult
from cardtable.ui.containers import Horizontal, Vertical

from cardtable.cards import CardDef, CardSet
from cardtable.engine import Action, CardView, View
from cardtable.games.cold_war import BREACHES_TO_END, GLANCES, REACTIONS, SIDES, short
from cardtable.ui.cards import FanWidget, Tile, TileWidget, back_tile, poker_tile, suit_style, tile_lines
from cardtable.ui.gameover import reveal_lines
from cardtable.ui.recent import RecentMoves, public_moves
from cardtable.ui.table import SizedBox, TableScreen
from cardtable.ui.widgets import Caption, DecisionPanel, Static, cut_cells

__all__ = ["ColdWarTable", "SCREEN", "SIZES", "actions_for_hand", "eyes_text", "name_margin", "waiting_words"]

# Glyphs outside ASCII (wired to ``--ascii`` by the glyph module).
HEADS_UP = "▲"
TAILS_UP = "▼"
COIN_EDGE = "·"
BREACH_ON = "●"
BREACH_OFF = "○"
CHAIN_ARROW = "▸"
NONE_YET = "—"
MOVE_DOT = "·"

CHAIN_CARD = (6, 3)
"""A card of the roomy table's last reveal (cells, lines): its corner alone, the cards side
by side under the caption that names them ("Last reveal: Ten of Hearts ▸ Four of Hearts
HIGHER was wrong."). Its last card is the discard pile's top card, drawn large beside the
hands; drawn large here too (23×12 at 200×60), a fresh tester saw the same K♦ twice."""

COLLECTION_TALLEST = 1
"""Lines a collection's card may stand taller than the hands' cards of the layout (10 in
the roomy one: as at 120×40). At 160×48 the cards grew to the foot's 18 rows, a box of 21
(issue 14: "the collection outlines stand 16 rows tall"); the box is now as tall as its
cards, and the last moves beside them keep the foot's rows."""

SIZES = {
    # layout: (hand card, discard card, draw pile, chain card, collection card) as (cells, lines);
    # the chain's (the last reveal's) cards are CHAIN_CARD in every roomy layout, unnamed
    "slim": ((11, 6), (11, 6), None, None, None),
    "compact": ((12, 7), (13, 8), (7, 4), None, None),
    "roomy": ((13, 9), (13, 9), (9, 6), None, (13, 5)),
    "snug": ((13, 9), (13, 9), (9, 6), None, (13, 5)),
    "huge": ((27, 15), (29, 15), (15, 11), None, (23, 12)),
}
"""Card sizes of each layout; ``huge`` is the roomy layout from 180×54, ``snug`` the roomy
one in fewer than 120 columns (closer columns, fewer discards fanned), ``slim`` the
compact one when the table is narrower than ``compact_width`` (the log or F1's panel open). A collection's cards
grow to the height of its box (the foot of the table takes the rows left). The huge layout's
hands and discard pile are 15 lines, not 19, so that the collections' cards (12 lines and
more under a panel of six options, were 8 or 9) read as cards of the same table at 200×60;
the last reveal's are small at every size (``CHAIN_CARD``). Every card named
in its middle keeps a blank cell between its name and its border on both sides
(``name_margin``): 12 or 13 cells wide, where every name takes two lines ("Seven of" /
"Diamonds"), or from 21, where the longest ("Queen of Diamonds") takes one; between them a
name such as "Nine of Clubs" filled the card to its border (a fresh tester at 80×24). The
slim layout's cards are 11 cells wide only where 12 do not fit (``SLIM_WIDE``): 80×24 with
the log open."""
SLIM_WIDE = 12
"""Cells of a slim layout's card when three of them and their gaps fit the table."""


def waiting_words(name: str, doing: str, does: str, handing_over: bool) -> str:
    """The line under the table while the TARGET ``name`` is to act: "Ann is choosing a
    glance." once Ann has the device, and "Ann chooses a glance next." while the device is
    still on its way to her (``handing_over``: the news box of the previous move is up, or
    the privacy screen): a fresh tester read "Ann is choosing a glance." under the "Just
    happened" box Bob was still reading. Whose decision is next is public; nothing else is said."""
    return f"{name} {does} next." if handing_over else f"{name} is {doing}."


def name_margin(tiles: Sequence[Tile], size: tuple[int, int]) -> int:
    """The fewest blank cells between a card's name and its border, on either side, over
    ``tiles`` drawn at ``size`` (cells, lines) by ``tile_lines`` (the rows between the
    corners); ``-1`` when a name is not drawn whole (cut with ``…`` or left out)."""
    width, height = size
    margin = width
    for tile in tiles:
        inner = [line.plain[1:-1] for line in tile_lines(tile, width, height)[1:-1]]
        rows = inner[1:-1] if len(inner) >= 4 else inner[1:]  # the corners' rows left out
        words = " ".join(row.strip() for row in rows if row.strip())
        if words.split() != tile.name.split():
            return -1
        for row in rows:
            if row.strip():
                margin = min(margin, len(row) - len(row.lstrip()), len(row) - len(row.rstrip()))
    return margin


SIDE_WIDTH = 18
"""Cells of the compact layout's side column (draw pile, coin, collections) at least."""
COMPACT_FRAME = 2 + 2 + 4 + 2 + 2
"""Cells of the compact row of cards besides the cards and the side column: the table's
padding and the columns' margins (``cold_war.tcss``)."""
FAN_PEEK = 4
"""Cells of each covered card a fan shows (its border and corner)."""
DISCARD_FANNED = 4
"""At most this many cards of the discard pile are fanned under its top card (roomy)."""
SNUG_FANNED = 2
"""At most this many under it in the snug layout."""
SNUG_SIDE = 18
"""Cells of the snug layout's side column (the draw pile and the coin: ``cold_war.tcss``)."""
SNUG_WIDTH = 2 + 2 * (SIZES["snug"][0][0] + 2) + (SIZES["snug"][1][0] + SNUG_FANNED * 4 + 2) + (SNUG_SIDE + 2)
"""Columns the snug layout's row of cards needs (the table's padding, both hands and the
fanned discard pile with their margins, the side column with its margin: ``cold_war.tcss``):
from there on, on a screen of the roomy size, the roomy layout stands beside F1's panel or
the log (the fresh tester at 120×40 with F1: the compact layout and a dozen empty rows)."""
LOG_WIDTH = 42
"""Cells of the log panel docked at the right (``widgets.tcss``), before it is laid out."""
SLIM_CAPTION = 11
"""Cells of a slim layout's hand caption at most: the width of its card."""


def coin_text(bet: str | None) -> Text:
    """The coin as placed by the SPY: heads up for HIGHER, tails up for LOWER."""
    if bet == "higher":
        return Text.assemble(("( H )", "bold reverse"), "  ", (f"{HEADS_UP} HIGHER", "bold"))
    if bet == "lower":
        return Text.assemble(("( T )", "bold reverse"), "  ", (f"{TAILS_UP} LOWER", "bold"))
    return Text.assemble((f"( {COIN_EDGE} )", "dim"), "  ", ("no bet yet", "italic"))


def _chip(label: str, style: str = "bold reverse") -> tuple[str, str]:
    return (f" {label} ", style)


def trail_result(trail: tuple[str, ...], last: str) -> str:
    """The result part of the latest reveal's sentence (``last``), e.g. ``"HIGHER was right."``."""
    return last.split(": ", 1)[-1] if trail and last else ""


def chain_words(trail_length: int) -> str:
    """What a reveal of ``trail_length`` cards (the covered card first) says of its Cold War
    chain, "COLD WAR: 3 turned" (the cards turned from the draw pile after the tie, rule 6),
    or "" without one. It said "COLD WAR ×3", which a fresh tester read as three ties."""
    return f"COLD WAR: {trail_length - 2} turned" if trail_length > 2 else ""


def chain_caption(names: Sequence[str], corners: Sequence[str], result: str, width: int) -> Text:
    """The caption over the roomy table's last reveal, ``width`` cells at most: "Last reveal:
    Queen of Hearts > Queen of Clubs > Nine of Hearts  COLD WAR: 1 turned  LOWER was wrong." The
    cards are named in full while that fits, else by their corners ("Q♥ > Q♣ > 9♥"), and the
    heading goes last; the result (ruling 9) is never the part left out. A fresh tester at
    120×40 read "… King of Clubs  COLD WAR x3  LOWER wa": a long chain cut off its result.
    ``names``/``corners``: the turned cards, the covered card first; ``result``: the result
    sentence ("" before it is known)."""
    tail = Text()
    if chain_words(len(names)):
        tail.append(f"  {chain_words(len(names))}", "bold")
    if result:
        tail.append(f"  {result}", "bold")
    for heading, cards in ((True, names), (True, corners), (False, corners)):
        words = Text.assemble(("Last reveal: ", "bold") if heading else "", f" {CHAIN_ARROW} ".join(cards), tail)
        if words.cell_len <= width:
            return words
    return words


def flip_text(coin: str, spy: str, width: int | None = None) -> Text:
    """Before the first reveal, where the compact table shows the last reveal: the coin flip
    that chose the SPY ("Setting up", step 3: both players see it), "Coin flip: HEADS — Ann is
    the SPY", or "HEADS: Ann is the SPY" when ``width`` cells are too few. ``coin`` is
    ``"heads"`` or ``"tails"``; ``spy`` the SPY's name (plain text)."""
    text = Text(justify="center", no_wrap=True, overflow="ellipsis")
    long = Text.assemble(("Coin flip: ", "dim"), (coin.upper(), "bold"), " — ", spy, " is the SPY")
    short_form = Text.assemble((coin.upper(), "bold"), ": ", spy, " is the SPY")
    text.append_text(long if width is None or long.cell_len <= width else short_form)
    return text


def trail_text(trail: tuple[str, ...], last: str, width: int | None = None) -> Text:
    """The latest reveal drawn as a row of cards, the covered card first: ``7♣ ▸ 7♥ ▸ 9♠``
    (a Cold War chain shows every turned card), then its result (ruling 9); headed "Last
    reveal" when that still fits ``width`` cells (always when ``width`` is ``None``)."""
    text = Text(justify="center", no_wrap=True, overflow="ellipsis")
    if not trail:
        return text
    body = Text()
    for i, label in enumerate(trail):
        if i:
            body.append(f" {CHAIN_ARROW} ", "dim")
        body.append(*_chip(label, "reverse" if i == 0 else "bold reverse"))
    if chain_words(len(trail)):
        body.append(f"  {chain_words(len(trail))}", "bold")
    result = trail_result(trail, last)
    if result:
        body.append(f"  {result}")
    heading = "Last reveal "
    if width is None or cell_len(heading) + body.cell_len <= width:
        text.append(heading, "dim")
    text.append_text(body)
    return text


COLLECTION_TAIL = 9
"""Cells of a compact collection line after the name: `` 12 `` and the top card's chip (`` 10♥ ``)."""


def collections_width(players: Sequence[str]) -> int:
    """Cells the compact collections need: the longest name whole, its count and top card."""
    return max(cell_len(name) for name in players) + COLLECTION_TAIL


def collections_text(players: tuple[str, ...], collected: list[int], tops: list[str | None], width: int | None = None) -> Text:
    """Each player's collection as a small pile (compact layout): name, count, top card, one
    line each. The names are padded to line up; a name longer than ``width`` allows (cells)
    ends in ``…``, never a silent cut."""
    room = max(cell_len(name) for name in players)
    if width is not None:
        room = max(1, min(room, width - COLLECTION_TAIL))
    text = Text(no_wrap=True, overflow="ellipsis")
    for seat, name in enumerate(players):
        shown = _fit_name(name, room)
        text.append(f"{set_cell_size(shown, room)} {collected[seat]:>2} ")
        text.append(*(_chip(tops[seat]) if tops[seat] else (f"  {NONE_YET}  ", "dim")))
        if seat == 0:
            text.append("\n")
    return text


def compact_width(players: Sequence[str]) -> int:
    """Cells the compact layout's row needs (cards, side column, margins and padding); a
    narrower table uses the slim layout."""
    hand, discard, _, _, _ = SIZES["compact"]
    return COMPACT_FRAME + 2 * hand[0] + discard[0] + max(SIDE_WIDTH, collections_width(players))


def status_text(players: Sequence[str], spy: int, target: int, breaches: int, width: int, *, spacing: int = 3) -> tuple[Text, bool]:
    """The status line (SPY, TARGET, breaches as pips and a count) fitted to ``width``
    cells: with ``spacing`` cells between its parts, then closer and without the count,
    and last without the breaches (the roles one cell apart if need be). Returns ``(text, whether the breaches are in it)``."""
    pips = BREACH_ON * breaches + BREACH_OFF * (BREACHES_TO_END - breaches)
    roles = (("SPY ", "bold"), (players[spy], "bold underline"), " " * spacing, ("TARGET ", "bold"), (players[target], "bold underline"))
    tries = [(spacing, f" {breaches}/{BREACHES_TO_END}"), (2, f" {breaches}/{BREACHES_TO_END}"), (2, "")]
    for gap, count in tries:
        text = Text.assemble(*roles[:2], " " * gap, *roles[3:], " " * gap, "Breaches ", (pips, "bold"), count)
        if text.cell_len <= width:
            return text, True
    text = Text.assemble(*roles[:2], "  ", *roles[3:])
    if text.cell_len > width:
        text = Text.assemble(*roles[:2], " ", *roles[3:])  # two names of 12 letters fit 36 cells
    return text, False


def breaches_text(breaches: int) -> Text:
    """``Breaches ●○○ 1/3``: the breaches as pips and a count."""
    pips = BREACH_ON * breaches + BREACH_OFF * (BREACHES_TO_END - breaches)
    return Text.assemble("Breaches ", (pips, "bold"), f" {breaches}/{BREACHES_TO_END}")


def _fit_name(name: str, room: int) -> str:
    """``name`` whole when it has at most ``room`` cells, else cut to ``room`` ending in ``…``."""
    return cut_cells(name, max(1, room))


def slim_collections_line(players: Sequence[str], collected: list[int], tops: list[str | None], width: int) -> Text:
    """``Collected  Ann 3 10♥ · Bob 0 —`` in at most ``width`` cells: each player's
    collection count and top card after the label. When that is too wide, the line closes
    up first (one space after the label, no padding around "—"); when that is still too
    wide, each player has a line of their own under the label's column (``Collected  Computer 1 12 10♥``
    over ``Bob 3 K♣``: a fresh tester saw "Collected Comput…" at 80×24 beside the log),
    and only then are names cut (the longest first), ending in ``…``, never silently."""

    def line_for(rooms: list[int], close: bool) -> Text:
        line = Text.assemble(("Collected", "bold"), " " if close else "  ")
        for seat, name in enumerate(players):
            if seat:
                line.append(f" {MOVE_DOT} ")
            line.append(f"{_fit_name(name, rooms[seat])} {collected[seat]} ")
            line.append(*(_chip(tops[seat]) if tops[seat] else (NONE_YET if close else f" {NONE_YET} ", "dim")))
        return line

    rooms = [cell_len(name) for name in players]
    for close in (False, True):
        line = line_for(rooms, close)
        if line.cell_len <= width:
            return line
    label = Text.assemble(("Collected", "bold"), "  ")
    lines = collections_text(tuple(players), collected, tops, width - label.cell_len).split("\n")
    return Text("\n", no_wrap=True, overflow="ellipsis").join(
        Text.assemble(label if row == 0 else " " * label.cell_len, line) for row, line in enumerate(lines)
    )


def slim_side_text(players: Sequence[str], draw: int, bet: str | None, collected: list[int], tops: list[str | None], width: int, breaches: int | None = None) -> Text:
    """The compact side column as lines for the slim layout, each fitted to ``width``
    cells: the draw pile's count (and ``breaches`` when the status line had no room for
    them) and the coin, on one line when they fit, else two; then the collections on one
    line (``slim_collections_line``)."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append("Draw pile", "bold")
    text.append(f" {MOVE_DOT} {draw}")
    if breaches is not None:
        text.append("   ")
        text.append_text(breaches_text(breaches))
    coin = coin_text(bet)
    text.append("   " if text.cell_len + 3 + coin.cell_len <= width else "\n")
    text.append_text(coin)
    text.append("\n")
    text.append_text(slim_collections_line(players, collected, tops, width))
    return text


def hand_captions(players: Sequence[str], target: int, width: int, *, slim: bool = False) -> tuple[str, str]:
    """The captions over the TARGET's two hands in the compact layout: ``"Ann's left"`` and
    ``"Ann's right"`` when the row of cards still fits ``width`` cells with them, else
    ``"left hand"`` and ``"right hand"`` (the status line names the TARGET). In the slim
    layout a caption is at most as wide as its card (``SLIM_CAPTION``)."""
    named = tuple(f"{players[target]}'s {side}" for side in SIDES)
    if slim:
        return named if max(cell_len(c) for c in named) <= SLIM_CAPTION else ("left hand", "right hand")
    hand, discard, _, _, _ = SIZES["compact"]
    side = max(SIDE_WIDTH, collections_width(players))
    needed = COMPACT_FRAME + discard[0] + side + sum(max(hand[0], cell_len(c)) for c in named)
    return named if needed <= width else ("left hand", "right hand")


GLANCE_WORDS = {
    "left": ("looked at their LEFT hand", "LEFT hand"),
    "right": ("looked at their RIGHT hand", "RIGHT hand"),
    "stare": ("a steady stare", "stare"),
    "roll": ("rolled their eyes", "eye roll"),
}
"""Each glance (``GLANCES``) as the SPY's reminder names it once the bet is placed: in full,
and in a word or two for a narrow table."""
REACTION_WORDS = {
    "wide": ("widened their eyes", "wide eyes"),
    "narrow": ("narrowed their eyes", "narrow eyes"),
    "left": ("glanced at their LEFT hand", "LEFT hand"),
    "right": ("glanced at their RIGHT hand", "RIGHT hand"),
    "stare": ("kept a steady stare", "stare"),
    "roll": ("rolled their eyes", "eye roll"),
}
"""Each reaction (``REACTIONS``) in full and in a word or two (``eyes_text``)."""
REACTING = ("now reacting to the bet", "reacting")
"""The reaction part while the TARGET is still reacting (in full, short)."""


def eyes_text(name: str, glance: str, reaction: str | None, width: int) -> Text:
    """The TARGET's eyes since the bet, both of them public (rulings 4 and 5): the glance
    they gave before it, the SPY's main clue, and their reaction to it (``None``: still
    reacting), e.g. "Ann's glance: rolled their eyes · reaction: widened their eyes". A fresh
    tester saw the glance leave the table as soon as the bet was placed, while the SPY still
    had to choose a side and whether to turn the coin over. While the TARGET reacts: "Ann's
    glance: rolled their eyes · now reacting to the bet". The fullest form that fits
    ``width`` cells: named, then without the name, then in short words ("Glance: eye roll ·
    reaction: wide eyes"), last "Eyes: eye roll, then wide eyes" (cut with ``…`` only
    below 36 cells). ``glance``/``reaction`` are keys of ``GLANCES``/``REACTIONS``."""
    forms = []
    for full in (0, 1):
        seen = GLANCE_WORDS[glance][full]
        answer = REACTION_WORDS[reaction][full] if reaction else REACTING[full]
        style = "bold" if reaction else "italic"
        parts = [("glance: ", "dim"), (seen, "bold"), f" {MOVE_DOT} ", ("reaction: " if reaction else "", "dim"), (answer, style)]
        if not full:
            forms.append(Text.assemble((f"{name}'s ", "bold"), *parts))
        forms.append(Text.assemble(("Glance: ", "dim"), *parts[1:]))
    seen, answer = GLANCE_WORDS[glance][1], REACTION_WORDS[reaction][1] if reaction else REACTING[1]
    forms.append(Text.assemble(("Eyes: ", "dim"), (seen, "bold"), ", then ", (answer, "bold" if reaction else "italic")))
    text = next((form for form in forms if form.cell_len <= width), forms[-1])
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


def actions_for_hand(actions: Sequence[Action], side: str) -> list[Action]:
    """The options a click on the TARGET's ``side`` (``"left"``/``"right"``) hand stands for:
    the SPY's pick of that card, or the TARGET's glance or reaction towards it."""
    return [
        a
        for a in actions
        if (a.type == "pick" and a["side"] == side)
        or (a.type == "glance" and a["glance"] == side)
        or (a.type == "react" and a["reaction"] == side)
    ]


def collection_caption(name: str, count: int, shown: int, width: int | None) -> Text:
    """The caption over a roomy collection: "Bob's collection · 10 (top 6)" (how many of
    its cards the fan shows when not all), in the first of its forms that fits ``width``
    cells (``None``: the first): without "(top 6)", then "Bob · 10". At 120×40 the first
    form broke over two lines ("… · 10 (top" / "6)") and pushed the cards down."""
    top = f" (top {shown})" if count > shown else ""
    forms = [
        Text.assemble((f"{name}'s collection", "bold"), f" {MOVE_DOT} {count}", (top, "dim")),
        Text.assemble((f"{name}'s collection", "bold"), f" {MOVE_DOT} {count}"),
        Text.assemble((name, "bold"), f" {MOVE_DOT} {count}"),
    ]
    return next((form for form in forms if width is None or form.cell_len <= width), forms[-1])


class CollectionFan(FanWidget):
    """A collection fanned in the roomy layout, its box as tall as its caption and cards."""


class ChainFan(FanWidget):
    """The roomy layout's last reveal: its caption, and its small cards (``CHAIN_CARD``)
    centred under it, or it centred over them when they are the wider (a fresh tester saw
    the cards at the left end of a caption of 62 cells, left of the centre of the table)."""

    def _render_text(self) -> None:
        super()._render_text()
        if not self._caption.plain or not self._spans:
            return
        lines = self._text.split("\n", allow_blank=True)
        pad = (self._caption.cell_len - self._spans[-1][1]) // 2
        if pad > 0:
            lines[1:] = [Text(" " * pad) + line for line in lines[1:]]
            self._spans = [(start + pad, end + pad) for start, end in self._spans]
        elif pad < 0:
            lines[0] = Text(" " * -pad) + lines[0]
        self._text = Text("\n", no_wrap=True, overflow="crop").join(lines)


class ColdWarFoot(SizedBox, Horizontal):
    """The roomy layout's foot (both collections and the last moves): it takes the rows the
    table leaves (CSS), and the collections' cards are drawn as tall as it lets them be, up
    to ``COLLECTION_TALLEST``, so the table draws them again when its height changes."""


class ColdWarTable(TableScreen):
    """The Cold War screen (rules: cards_data/cold-war.md)."""

    CSS_PATH = ["../table.tcss", "cold_war.tcss"]

    tiles_drawn: list[tuple[str, CardView | None]]
    """Every card on screen now as ``(where, card)``: what the tests compare with the view."""

    def __init__(self, session) -> None:
        super().__init__(session)
        self._by_label = {short(d): d for d in self.cardset.cards}
        self._layout_name = ""

    def compose_table(self) -> ComposeResult:
        yield Caption("", id="cw-status")
        yield Caption("", id="cw-trail")
        with Horizontal(id="cw-chain-row"):
            yield ChainFan(id="cw-chain")
        with Horizontal(id="cw-cards"):
            with Vertical(id="cw-left", classes="cw-col"):
                yield TileWidget(id="cw-left-card")
            with Vertical(id="cw-center", classes="cw-col"):
                yield FanWidget(id="cw-discard-card")
            with Vertical(id="cw-right", classes="cw-col"):
                yield TileWidget(id="cw-right-card")
            with Vertical(id="cw-side"):
                yield TileWidget(id="cw-draw-card")
                yield Caption("", id="cw-coin")
                yield Caption("Collected", id="cw-coll-label")
                yield Caption("", id="cw-collections")
        yield Caption("", id="cw-slim-side")
        yield Caption("", id="cw-info")
        with ColdWarFoot(id="cw-bottom"):
            yield CollectionFan(id="cw-coll-0", classes="cw-coll")
            yield CollectionFan(id="cw-coll-1", classes="cw-coll")
            yield RecentMoves("Last moves", id="cw-moves")

    def card_label(self, defn: CardDef) -> str:
        return short(defn)

    @classmethod
    def reveal(cls, view: View, cardset: CardSet | None, width: int, lines_each: int | None) -> list[Text]:
        """The game-over reveal: each collection as the cards' indexes ("9♠"), each in its
        suit's ink on the card face as on the table (a fresh tester read 35 names, "Nine of
        Spades   Seven of Hearts …", as a list of words, cut short at 80×24)."""
        face = cardset.table.get("face") if cardset is not None else None
        return reveal_lines(view, short, width=width, lines_each=lines_each or 1_000_000,
                            chip=lambda defn: suit_style(defn.get("suit"), face))

    def table_width(self) -> int:
        """The columns the table has: the screen's, less the keys panel (F1) and the log
        when they are docked at the side (each one's width once laid out, else its CSS: the
        keys panel a third, 30 to 60; the log ``LOG_WIDTH``)."""
        width = self.size.width
        for panel in self.query("HelpPanel"):
            if panel.is_attached and panel.display:
                width -= panel.outer_size.width or min(60, max(30, width * 33 // 100))
        log = self.query_one("#log")
        if log.display:
            width -= log.outer_size.width or LOG_WIDTH
        return width

    def layout_name(self) -> str:
        """``"slim"``, ``"compact"``, ``"snug"``, ``"roomy"`` or ``"huge"`` (roomy from
        180×54; snug: roomy in fewer than 120 columns, from ``SNUG_WIDTH``) for the
        room the table has now (``table_width``: the keys panel and the log narrow it)."""
        width, height = self.table_width(), self.size.height
        if not self.roomy or width < SNUG_WIDTH:
            return "slim" if width - 2 < compact_width(self.session.game.players) - 2 else "compact"
        if width < self.ROOMY_SIZE[0]:
            return "snug"
        return "huge" if width >= 180 and height >= 54 else "roomy"

    def action_toggle_log(self) -> None:
        """Show or hide the log, then draw the table again for the width left."""
        super().action_toggle_log()
        self.call_after_refresh(self._reflow)

    def on_keys_panel_toggled(self) -> None:
        """F1 showed or hid the keys panel: once it is laid out, draw the table again for the
        width left (another layout below ``ROOMY_SIZE``; the captions fitted to it)."""
        self.call_after_refresh(self._reflow)

    def _reflow(self) -> None:
        if self.is_attached and not self.taken_down:
            self.redraw()

    def on_resize(self) -> None:
        """Redraw when the terminal crosses into another layout (the card sizes change); in
        the same layout, a collection whose box changed height is drawn again by ``refit``."""
        if self.is_mounted and self.layout_name() != self._layout_name:
            self.redraw()

    def _tile(self, card: CardView | None, where: str) -> Tile:
        self.tiles_drawn.append((where, card))
        return poker_tile(card, self.cardset, short)

    def _label_tile(self, label: str, where: str) -> Tile:
        """A face-up card known by its corner label (the reveal's trail holds labels)."""
        defn = self._by_label.get(label)
        card = CardView(defn, up=True) if defn is not None else None
        return self._tile(card, where)

    def show_table(self, view: View) -> None:
        players = view.players
        spy, target = view["spy"], view["target"]
        breaches = view["breaches"]
        collected = view["collected"]
        layout = self._layout_name = self.layout_name()
        roomy = layout not in ("compact", "slim")
        slim = layout == "slim"
        self.set_class(roomy, "-roomy")
        self.set_class(slim, "-slim")
        self.set_class(layout == "huge", "-huge")
        self.set_class(layout == "snug", "-snug")
        hand_size, discard_size, draw_size, _chain, coll_size = SIZES[layout]
        room = max(0, self.table_width() - 2)
        if slim and 3 * SLIM_WIDE + 2 <= room:  # three cards and the discard pile's margins
            hand_size, discard_size = ((SLIM_WIDE, h) for _, h in (hand_size, discard_size))
        if slim and self.steady_panel:  # the rows left below the slim table (_fit_slim)
            hand_size, discard_size = ((w, h + self._slim_extra) for w, h in (hand_size, discard_size))
        self.tiles_drawn = []
        status, breaches_shown = status_text(players, spy, target, breaches, room)
        collected_text = f"   Collected: {players[0]} {collected[0]} {MOVE_DOT} {players[1]} {collected[1]}"
        if not slim and status.cell_len + cell_len(collected_text) <= room:
            status.append(collected_text)  # else it would be cut: the collections are on the table too
        self.query_one("#cw-status", Static).update(status)

        hand = view.zone(f"hand:{target}")
        cards = list(hand.cards) + [None] * (2 - len(hand.cards))
        if roomy:
            captions = tuple(f"{players[target]}'s {side}" for side in SIDES)
            spare = self.table_width() - SNUG_WIDTH if layout == "snug" else hand_size[0] * 2
            if sum(max(0, cell_len(c) - hand_size[0]) for c in captions) > spare:
                captions = ("left hand", "right hand")  # named ones widened the row past the coin
        else:
            captions = hand_captions(players, target, self.table_width(), slim=slim)
        for side, card, caption in zip(SIDES, cards, captions):
            self.query_one(f"#cw-{side}-card", TileWidget).show_one(
                self._tile(card, f"hand:{side}"), side, caption=caption, size=hand_size
            )

        discard = view.zone("discard")
        under = [c for c in discard.cards if c is not None]
        shown = under[-((SNUG_FANNED if layout == "snug" else DISCARD_FANNED) + 1) :] if roomy else under[-1:]
        caption = f"Discard {MOVE_DOT} {discard.count}" if slim else f"Discard pile {MOVE_DOT} {discard.count}"
        fan = self.query_one("#cw-discard-card", FanWidget)
        if shown:
            fan.show([self._tile(c, "discard") for c in shown], caption=caption, size=discard_size, peek=FAN_PEEK)
        else:
            fan.show([self._tile(None, "discard")], caption=caption, size=discard_size)
        draw = view.zone("draw")
        side_lines = Text()
        if slim:
            side_lines = slim_side_text(players, draw.count, view["bet"], collected, view["collected_top"], room, None if breaches_shown else breaches)
            self.query_one("#cw-slim-side", Static).update(side_lines)
        else:
            draw_tile = back_tile(self.cardset) if draw.count else poker_tile(None, self.cardset, short)
            self.query_one("#cw-draw-card", TileWidget).show_one(draw_tile, caption=f"Draw {MOVE_DOT} {draw.count}", size=draw_size)
            self.query_one("#cw-coin", Static).update(coin_text(view["bet"]))
        self.set_class(len(side_lines.plain.split("\n")) > 3, "-side-four")  # the collections a line each

        trail, last = view["trail"], view["last"]
        before_any_reveal = not trail and view["round"] <= 1 and view["coin"] is not None
        words = flip_text(view["coin"], players[view["spy"]], room) if before_any_reveal else trail_text(trail, last, room)
        self.query_one("#cw-trail", Static).update(words if not roomy else "")
        chain = self.query_one("#cw-chain", FanWidget)
        if roomy and trail:
            tiles = [self._label_tile(label, "chain") for label in trail]
            words = chain_caption([t.name or t.corner for t in tiles], [t.corner or t.name for t in tiles], trail_result(trail, last), room)
            chain.show(tiles, caption=words, size=CHAIN_CARD, peek=CHAIN_CARD[0])  # side by side, whole
        elif roomy:  # before the first reveal: its place on the table, so the table does not jump
            chain.show([poker_tile(None, self.cardset, short)], caption=Text.assemble(("Last reveal: ", "bold"), "none yet"), size=CHAIN_CARD)
        else:
            chain.show([], size=(11, 1))
        side = max(SIDE_WIDTH, collections_width(players))
        self._spread_huge(SIZES["huge"] if layout == "huge" else None)
        if layout != "huge":
            self.query_one("#cw-side").styles.width = None if roomy else side  # roomy: the CSS's width
        if slim:
            pass  # the collections are in the slim side lines
        elif not roomy:
            self.query_one("#cw-collections", Static).update(collections_text(players, collected, view["collected_top"], side))
        else:
            self.query_one("#cw-collections", Static).update("")
            self._show_collections(view, coll_size)
            self._show_moves(view)

        info = Text()
        glance, reaction = view["glance"], view["reaction"]
        if glance and (reaction or view["phase"] == "react"):
            info = eyes_text(players[target], glance, reaction, room)
        elif reaction:
            info.append(f"{players[target]} {REACTIONS[reaction]}.", style="bold")
        elif view["phase"] == "react":
            info.append(waiting_words(players[target], "reacting to the bet", "reacts to the bet", self._handoff_pending), style="italic")
        elif glance:
            info.append(f"{players[target]} {GLANCES[glance]}.", style="bold")
        elif view["phase"] == "glance":
            info.append(waiting_words(players[target], "choosing a glance", "chooses a glance", self._handoff_pending), style="italic")
        self.query_one("#cw-info", Static).update(info)
        if slim and self.steady_panel:
            self.call_after_refresh(self._fit_slim)

    steady_panel = False
    """True on a screen whose panel below the table keeps its height from one move to the
    next (the replay: no option list): the slim layout's cards then take the rows the
    table leaves (``_fit_slim``)."""
    SLIM_GROWTH = 3
    """At most this many lines the slim layout's cards grow by (``_fit_slim``)."""
    _slim_extra = 0

    def _fit_slim(self) -> None:
        """Once laid out: grow (or shrink) the slim layout's cards by the rows the table area
        leaves empty below its content, up to ``SLIM_GROWTH`` lines (the replay at 80×24
        beside its log left 6 rows empty under cards of 6 lines); drawn again when that
        changes, so it settles in one more pass."""
        if self.taken_down or not self.is_attached or self._layout_name != "slim":
            return
        body = self.query_one("#table-body")
        used = sum(child.outer_size.height for child in body.children if child.display)
        want = max(0, min(self.SLIM_GROWTH, self._slim_extra + body.content_size.height - used))
        if want != self._slim_extra and body.content_size.height:
            self._slim_extra = want
            self.redraw()

    HUGE_SPAN = 0.8
    """From 180×54 the row of cards (the TARGET's hands, the discard pile, the draw pile and
    the coin) spans this share of the table's width."""
    HUGE_SIDE = 24
    """Cells of the huge layout's side column (the draw pile, the coin's words)."""

    def _spread_huge(self, sizes: tuple | None) -> None:
        """From 180×54 (``sizes``: the huge layout's ``SIZES``): each column of the row of
        cards as wide as its widest content (the discard pile's as wide as its fullest fan,
        so the row never moves as the pile grows) and the gaps between them equal, the row
        spanning ``HUGE_SPAN`` of the width, centred (the fresh tester at 200×60: four
        columns each a quarter of the width left gaps of 34 cells between the cards and a
        margin of 18 cells at the left but 7 at the right). ``None``: the CSS's widths."""
        columns = ("#cw-left", "#cw-center", "#cw-right", "#cw-side")
        if sizes is None:
            for selector in columns:
                for rule in ("width", "margin"):
                    self.query_one(selector).styles.clear_rule(rule)
            return
        hand, discard, draw = sizes[:3]
        widths = (hand[0], discard[0] + FAN_PEEK * DISCARD_FANNED, hand[0], max(draw[0], self.HUGE_SIDE))
        gap = max(2, (int((self.table_width() - 2) * self.HUGE_SPAN) - sum(widths)) // (len(widths) - 1))
        for i, (selector, cells) in enumerate(zip(columns, widths)):
            column = self.query_one(selector)
            column.styles.width = cells
            column.styles.margin = (0, 0, 0, gap if i else 0)

    def _show_collections(self, view: View, size: tuple[int, int]) -> None:
        """Both collections fanned, newest on top; as many as fit the column, the count says all.
        The cards are as tall as the box allows (at least ``size``); before the box is
        measured (or when it changes height) they are drawn again once it is (``refit``:
        each box is a ``SizedBox``)."""
        self.tiles_drawn = [(where, card) for where, card in self.tiles_drawn if not where.startswith("collection:")]
        foot = self.query_one("#cw-bottom", ColdWarFoot)
        room = foot.content_size.height - 3  # the box's borders and the caption line
        if room >= 3:  # as tall as the foot lets them be, COLLECTION_TALLEST at most; smaller when the panel below is tall
            size = (size[0], min(room, size[0] + 4, SIZES[self._layout_name][0][1] + COLLECTION_TALLEST))
        self.drawn_for(foot, width=False)
        for seat, name in enumerate(view.players):
            fan = self.query_one(f"#cw-coll-{seat}", FanWidget)
            cards = [c for c in view.zone(f"collection:{seat}").cards if c is not None]
            room = max(1, ((fan.content_size.width or 25) - size[0]) // FAN_PEEK + 1)
            shown = cards[-room:]
            caption = collection_caption(name, len(cards), len(shown), fan.content_size.width or None)
            tiles = [self._tile(c, f"collection:{seat}") for c in shown] or [poker_tile(None, self.cardset, short)]
            fan.show(tiles, caption=caption, size=size, peek=FAN_PEEK)

    def refit(self, box) -> None:
        """The roomy foot settled at another height than the collections' cards were drawn
        for (the rows above it moved, e.g. after a resize, or the first layout of a fresh
        table): the cards are drawn again for it (``TableScreen.drawn_for``). The foot's
        height comes from the layout (CSS ``1fr``), not from the cards (each collection's
        box is as tall as its cards), so this never loops."""
        if box.id == "cw-bottom" and self._layout_name in ("roomy", "snug", "huge"):
            self._show_collections(self.session.view(), SIZES[self._layout_name][4])

    def _show_moves(self, view: View) -> None:
        """The last public moves, newest last, whole, as many as fit (``RecentMoves``); the
        box stands aside while the log is open (the log holds every move: the same moves
        twice side by side), and the collections get its width."""
        moves = self.query_one("#cw-moves", RecentMoves)
        moves.display = not self.query_one("#log").display
        if moves.display:
            moves.show(public_moves(view))

    def card_actions(self, ref) -> list[Action]:
        """A click on one of the TARGET's hands: the option it stands for (see ``actions_for_hand``)."""
        return actions_for_hand(self.query_one(DecisionPanel).actions, ref) if ref in SIDES else []


SCREEN = ColdWarTable
