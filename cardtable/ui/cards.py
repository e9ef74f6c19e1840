"""Cards drawn as cards, for every table: a bordered tile with its corner, name and marks, a
card back, an empty place, and a fanned stack (each card under the next shows its left edge
and corner). Tiles are drawn only from what a view holds (a ``CardView`` whose ``face`` is
``None`` is drawn as its back), never from a game's internals.

The two-colour deck's suit inks live here (``TWO_COLOUR_INK``); the four-colour deck
setting switches every table at once through ``cardtable.ui.look.suit_colour``. Every other colour comes from
the card file (its ``colours`` and ``table`` palette) or the theme (the widgets' CSS).

A click on a tile posts ``CardClicked`` with the tile's ``ref`` (what the table says the
card is, e.g. ``("hand", 1, 0)``); the table screen turns it into the options of the
decision on screen that the card stands for (``TableScreen.on_card_clicked``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from cardtable.cards import CardDef, CardSet
from cardtable.engine import CardView
from cardtable.ui import look
from cardtable.ui.containers import OneLayoutPass

__all__ = [
    "Tile",
    "CardClicked",
    "TileWidget",
    "FanWidget",
    "tile_lines",
    "name_rows",
    "name_room",
    "fit_names",
    "fan_lines",
    "covered_tile",
    "fan_width",
    "poker_tile",
    "palette_tile",
    "back_tile",
    "empty_tile",
    "join",
    "suit_style",
    "TWO_COLOUR_INK",
]

# Glyphs outside ASCII (the lead wires these to ``cardtable/ui/glyphs.py`` for ``--ascii``).
ROUND_BOX = ("╭", "╮", "╰", "╯", "─", "│")
HEAVY_BOX = ("┏", "┓", "┗", "┛", "━", "┃")
EMPTY_BOX = ("┌", "┐", "└", "┘", "╌", "╎")
BACK_FILL = "▒"
PICK_MARK = "▸"

TWO_COLOUR_INK: dict[str, str] = {"spades": "#1f2a30", "clubs": "#1f2a30", "hearts": "#c62828", "diamonds": "#c62828"}
"""The ink of each suit on a poker card's face in the usual two-colour deck; with the
four-colour deck setting on, ``look.suit_colour`` gives the suit's own colour instead. Every
ink keeps at least 4.5:1 against the card face of ``cold-war.yaml`` (#f7f3e8)."""


def suit_style(suit: str | None, face_bg: str | None = None, *, bold: bool = True) -> Style:
    """The style of a suit's ink on a card face (``face_bg``, a ``#rrggbb`` or ``None``):
    the four-colour deck's colour when that setting is on (``cardtable.ui.look``), else the
    two-colour deck's."""
    ink = look.suit_colour(suit) or TWO_COLOUR_INK.get(suit or "")
    return Style(color=ink, bgcolor=face_bg, bold=bold)


@dataclass(frozen=True)
class Tile:
    """What one tile shows: ``corner`` (e.g. ``"7♥"``, top left and bottom right), ``name``
    (wrapped in the middle when there is room), ``mark`` (a short status in the top border:
    a position, ``"known"``, ``"IN"``), and its styles. ``back`` tiles show only their fill;
    ``empty`` tiles are a dotted place."""

    corner: str = ""
    name: str = ""
    ink: Style = Style()
    border: Style = Style()
    fill: Style = Style()
    back: bool = False
    empty: bool = False
    mark: str = ""
    selected: bool = False
    dim: bool = False
    pad: int = 0
    """Blank cells between the border and the text (corners, name) on either side: a
    tester of Bloops at 120×40 read "│peek any│", the name running into the border."""


def back_tile(cardset: CardSet | None, mark: str = "", *, selected: bool = False) -> Tile:
    """A face-down card: the card file's back colour (``table.back``), nothing else of it."""
    back = (cardset.table.get("back") if cardset is not None else None) or None
    border = Style(color=back, bold=True) if back else Style(bold=True)
    fill = Style(color=back) if back else Style(dim=True)
    return Tile(border=border, fill=fill, ink=border, back=True, mark=mark, selected=selected)


def empty_tile(mark: str = "") -> Tile:
    """An empty place (dotted outline)."""
    dotted = Style(dim=True)
    return Tile(border=dotted, ink=dotted, fill=dotted, empty=True, mark=mark)


def poker_tile(card: CardView | None, cardset: CardSet | None, label: Callable[[CardDef], str], mark: str = "", *, selected: bool = False) -> Tile:
    """A poker card: ``label(defn)`` in the corner (``"7♥"``) in its suit's ink on the card
    face; a face-down card is its back, ``None`` an empty place."""
    if card is None:
        return empty_tile(mark)
    if card.face is None:
        return back_tile(cardset, mark, selected=selected)
    face_bg = cardset.table.get("face") if cardset is not None else None
    suit = card.face.get("suit")
    ink = suit_style(suit, face_bg)
    body = suit_style(suit, face_bg, bold=False)
    return Tile(label(card.face), card.face.name, ink=ink, border=ink, fill=body, mark=mark, selected=selected)


def palette_tile(card: CardView | None, cardset: CardSet | None, label: Callable[[CardDef], str], mark: str = "", *, name: str | None = None, selected: bool = False, dim: bool = False, pad: int = 0) -> Tile:
    """A card of a game with its own palette: the ink is the card's ``colour`` from the
    card file, on the file's face colour; a face-down card is its back. ``pad``: blank
    cells inside the border (``Tile.pad``)."""
    if card is None:
        return empty_tile(mark)
    if card.face is None:
        return back_tile(cardset, mark, selected=selected)
    face = card.face
    face_bg = cardset.table.get("face") if cardset is not None else None
    colour = cardset.colour_hex(face.colour) if cardset is not None else None
    ink = Style(color=colour, bgcolor=face_bg, bold=True)
    body = Style(color=colour, bgcolor=face_bg)
    return Tile(label(face), face.name if name is None else name, ink=ink, border=ink, fill=body, mark=mark, selected=selected, dim=dim, pad=pad)


def _wrap(text: str, width: int, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width`` cells, words kept whole; a word wider
    than ``width`` or a line beyond ``lines`` is cut and marked with ``…`` (never a silent
    cut: size the tile with ``fit_names`` to show the name whole)."""
    out: list[str] = []
    for word in text.split():
        if out and cell_len(out[-1]) + 1 + cell_len(word) <= width:
            out[-1] += " " + word
        elif cell_len(word) > width:
            out.append(word[: max(width - 1, 0)] + "…")
        else:
            out.append(word)
    if len(out) > lines:
        out = out[:lines]
        last = out[-1]
        out[-1] = (last if cell_len(last) < width else last[: width - 1]).rstrip("…") + "…"
    return out


def name_rows(name: str, inner: int) -> int | None:
    """How many lines ``name`` takes wrapped at its spaces into ``inner`` cells (``_wrap``
    without a cut), or ``None`` when one of its words is wider than ``inner``."""
    words = name.split()
    if not words or max(cell_len(w) for w in words) > inner:
        return None if words else 0
    return len(_wrap(name, inner, len(words)))


def name_room(height: int) -> int:
    """The lines a tile of ``height`` lines has for its name (``tile_lines``: the corner takes
    the first inner line, from 6 lines the last too; below two free lines no name is drawn)."""
    rows = max(height, 3) - 2
    free = rows - (2 if rows >= 4 else 1)
    return free if free >= 2 else 0


def fit_names(names: Sequence[str], size: tuple[int, int], max_width: int | None = None, max_height: int | None = None, pad: int = 0) -> tuple[int, int]:
    """The smallest tile size (cells, lines), at least ``size``, whose name lines hold every
    one of ``names`` whole (no word cut, no line dropped): at least as wide as the longest
    word needs, and of the widths up to ``max_width`` the one needing the fewest lines (then
    the narrowest). ``max_height`` caps the growth in lines (a name may then be cut, with
    ``…``); ``max_width`` below the longest word gives that width (cut with ``…``).
    ``pad``: the tiles' blank cells inside the border each side (``Tile.pad``)."""
    width, height = size
    longest = max((cell_len(w) for n in names for w in n.split()), default=0)
    least = max(width, longest + 2 + 2 * pad)
    widest = max(least, max_width or least)
    if max_width is not None and max_width < least:
        least = widest = max(max_width, 4)

    def lines_for(w: int) -> int:
        need = max((name_rows(n, w - 2 - 2 * pad) or 0 for n in names), default=0)
        h = height
        while name_room(h) < need and (max_height is None or h < max_height):
            h += 1
        return h

    return min(((lines_for(w), w) for w in range(least, widest + 1)), key=lambda hw: hw)[::-1]


def tile_lines(tile: Tile, width: int, height: int, *, foot_corner: bool = True) -> list[Text]:
    """Draw ``tile`` as ``height`` lines of exactly ``width`` cells (at least 4×3).

    The top border carries the mark, the first inner line the corner, the middle the name
    (when the tile is at least 5 lines high and the name fits whole words), the last inner
    line the corner again (from 6 lines; not with ``foot_corner`` false: a covered card of a
    fan, whose right side is under the next card)."""
    width, height = max(width, 4), max(height, 3)
    inner = width - 2
    extra = Style(dim=True) if tile.dim else Style()
    tl, tr, bl, br, h, v = EMPTY_BOX if tile.empty else HEAVY_BOX if tile.selected else ROUND_BOX
    border = tile.border + extra + (Style(bold=True) if tile.selected else Style())
    mark = tile.mark[: max(inner - 2, 0)]
    lines = []
    top = Text(no_wrap=True, overflow="crop")
    top.append(tl + h, border)
    if mark:
        top.append(mark, border + Style(reverse=tile.selected))
    top.append(h * max(inner - 1 - cell_len(mark), 0) + tr, border)
    lines.append(top)
    rows = [""] * (height - 2)
    if tile.back:
        body = [(BACK_FILL * inner, tile.fill + extra)] * len(rows)
    else:
        body = [(" " * inner, tile.fill + extra)] * len(rows)
        if not tile.empty:
            pad = min(tile.pad, max(0, (inner - 1) // 2))  # one cell of text at least
            text, margin = inner - 2 * pad, " " * pad
            body[0] = ((margin + tile.corner).ljust(inner)[:inner], tile.ink + extra)
            if len(rows) >= 4 and foot_corner:
                body[-1] = ((tile.corner.rjust(inner - pad)[-(inner - pad) :] + margin), tile.ink + extra)
            free = len(rows) - (2 if len(rows) >= 4 else 1)
            if free >= 2 and tile.name:
                names = _wrap(tile.name, text, free)
                start = 1 + max(0, (free - len(names)) // 2)
                for i, line in enumerate(names):
                    body[start + i] = (margin + line.center(text)[:text] + margin, tile.fill + extra)
    for line, style in body:
        text = Text(no_wrap=True, overflow="crop")
        text.append(v, border)
        pad = inner - cell_len(line)
        text.append(line + " " * max(pad, 0), style)
        text.append(v, border)
        lines.append(text)
    bottom = Text(no_wrap=True, overflow="crop")
    bottom.append(bl + h * inner + br, border)
    lines.append(bottom)
    return lines


def fan_width(count: int, width: int, peek: int) -> int:
    """Cells a fan of ``count`` tiles takes: ``peek`` cells of each covered card, the top one whole."""
    return 0 if count <= 0 else width + peek * (count - 1)


def covered_tile(tile: Tile, peek: int) -> Tile:
    """``tile`` as a covered card of a fan that shows its left ``peek`` cells: no name, and
    its corner index whole in that strip or not at all (its blank ``pad`` given up first
    to make room). A cut index misreads: the fresh testers saw a lone "1" for a covered 12
    in Bloops' discard pile and Combat Cards' played pile. ``fan_lines`` also leaves out
    its bottom-right corner, which the next card covers."""
    room = peek - 1  # the left border takes a cell
    corner, pad = tile.corner, tile.pad
    if cell_len(corner) + pad > room:
        pad = 0
    if cell_len(corner) > room:
        corner = ""
    return replace(tile, name="", corner=corner, pad=pad)


def fan_lines(tiles: Sequence[Tile], width: int, height: int, peek: int = 4) -> tuple[list[Text], list[tuple[int, int]]]:
    """A fanned stack, bottom card first: each covered card shows its left ``peek`` cells
    (border and, when it fits whole, its corner index: ``covered_tile``), the last (top)
    card is whole. Returns the ``height`` lines and,
    per tile, the cells ``(start, end)`` it shows (for clicks)."""
    if not tiles:
        return [Text() for _ in range(max(height, 3))], []
    covered = [tile_lines(covered_tile(tile, peek), width, height, foot_corner=False) for tile in tiles[:-1]]
    drawn = [*covered, tile_lines(tiles[-1], width, height)]
    spans: list[tuple[int, int]] = []
    lines = [Text(no_wrap=True, overflow="crop") for _ in drawn[0]]
    x = 0
    for i, tile_rows in enumerate(drawn):
        show = width if i == len(drawn) - 1 else peek
        for line, row in zip(lines, tile_rows):
            line.append_text(row[:show])
        spans.append((x, x + show))
        x += show
    return lines, spans


def join(lines: Sequence[Text]) -> Text:
    """Lines as one ``Text``."""
    return Text("\n", no_wrap=True, overflow="crop").join(lines)


class CardClicked(Message):
    """A card on the table was clicked; ``ref`` is what the table said the card is (any
    value its screen's ``TableScreen.card_actions`` understands, e.g. ``("area", 1, 4)``,
    ``("seat", 2)`` or ``("people:0", 3)``)."""

    def __init__(self, ref: Any) -> None:
        super().__init__()
        self.ref = ref


class FanWidget(OneLayoutPass, Widget):
    """Cards side by side or fanned, one ``ref`` per card (``None``: not clickable); a
    caption line above them when given. Its size follows its content (CSS ``auto``)."""

    DEFAULT_CSS = "FanWidget { width: auto; height: auto; }"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._tiles: tuple[Tile, ...] = ()
        self._refs: tuple[Any, ...] = ()
        self._caption: Text = Text()
        self._card_size = (11, 7)
        self._peek = 4
        self._gap = 0
        self._spans: list[tuple[int, int]] = []
        self._text = Text()

    def show(self, tiles: Sequence[Tile], refs: Sequence[Any] | None = None, *, caption: Text | str = "", size: tuple[int, int] = (11, 7), peek: int | None = None) -> None:
        """Draw ``tiles`` (bottom first) of ``size`` (cells, lines); ``peek`` the cells each
        covered card shows (``None``: side by side, one cell apart)."""
        caption = caption.copy() if isinstance(caption, Text) else Text(caption)
        caption.no_wrap, caption.overflow = True, "crop"
        refs = tuple(refs or (None,) * len(tiles))  # as kept: the same cards without refs shown again draw nothing new
        key = (tuple(tiles), refs, caption.plain, caption.spans, size, peek)
        if key == (self._tiles, self._refs, self._caption.plain, self._caption.spans, self._card_size, self._peek if self._gap == 0 else None):
            return
        self._tiles, self._refs = tuple(tiles), refs
        self._caption, self._card_size = caption, size
        self._peek, self._gap = (peek, 0) if peek is not None else (size[0] + 1, 1)
        self._render_text()
        self.refresh(layout=True)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles drawn now, bottom first."""
        return self._tiles

    def _render_text(self) -> None:
        width, height = self._card_size
        if self._gap:
            lines = [Text(no_wrap=True, overflow="crop") for _ in range(max(height, 3))]
            spans = []
            x = 0
            for tile in self._tiles:
                for line, row in zip(lines, tile_lines(tile, width, height)):
                    line.append_text(row)
                    line.append(" ")
                spans.append((x, x + width))
                x += width + 1
        else:
            lines, spans = fan_lines(self._tiles, width, height, self._peek)
        self._spans = spans
        body = join(lines)
        if self._caption.plain:
            self._text = Text("\n", no_wrap=True, overflow="crop").join([self._caption, body])
        else:
            self._text = body

    def get_content_width(self, container, viewport) -> int:
        return max((cell_len(line) for line in self._text.plain.split("\n")), default=0)

    def get_content_height(self, container, viewport, width: int) -> int:
        return self._text.plain.count("\n") + 1 if self._text.plain else 0

    def render(self) -> Text:
        return self._text

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y < (1 if self._caption.plain else 0):
            return
        for (start, end), ref in zip(self._spans, self._refs):
            if start <= offset.x < end and ref is not None:
                event.stop()
                self.post_message(CardClicked(ref))
                return


class TileWidget(FanWidget):
    """One card (a fan of one) that is clicked as ``ref``."""

    def show_one(self, tile: Tile, ref: Any = None, *, caption: Text | str = "", size: tuple[int, int] = (11, 7)) -> None:
        """Draw ``tile`` of ``size`` with ``caption`` above it."""
        self.show([tile], [ref], caption=caption, size=size)
