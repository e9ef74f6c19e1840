"""Citadel Combat Cards' table: the round and the round wins on top, one line per player with
their hand, draw pile and played pile counts and the warband they laid this round (public;
in the roomy layout each player's box shows their played cards too), then — on your private
screen — your hand as five numbered cards and the warband you are building, with its value
and card count shown live and the reason when it is not legal yet.

Keys while building: ``1``–``5`` put a card in or take it out, ``Enter`` lays the warband,
``c`` clears the choice; a click on a card toggles it too. Other decisions (the round's
result) use the shared decision panel.

The table is drawn for the width its area has (``TableArea``): beside F1's keys panel or the
log the roomy layout puts fewer boxes in a row (``band_columns``), writes a box's head on
more lines and narrows the hand's cards; from ``WIDE_TABLE`` columns four boxes share a row.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from cardtable.ui.containers import Horizontal, OneLayoutPass, Vertical
from textual.widget import Widget
from textual.widgets import OptionList

from cardtable.cards import CardDef, CardSet
from cardtable.engine import Action, Decision, View, ZoneView, plural
from cardtable.engine.core import MAX_NAME
from cardtable.games.combat_cards import BONUS, HAND_SIZE, cannot_join, describe, is_bonus, selection_problem, warband_value
from cardtable.ui.cards import CardClicked, FanWidget, back_tile, empty_tile, fan_width, fit_names, name_room, name_rows, palette_tile
from cardtable.ui.recent import RecentMoves, cell_wrap, packed, public_moves
from cardtable.ui.table import SizedBox, TableArea, TableScreen
from cardtable.ui.widgets import Caption, FittedText, HangingText, Static, cut_cells, pad_cells, plain_text

__all__ = ["CombatCardsTable", "HandCard", "SCREEN", "SHORT_ARMIES", "WarbandTable", "chip_line", "unit_tiles"]

# Glyphs outside ASCII (wired to ``--ascii`` by the glyph module).
TO_PLAY = "▶"
WINNER = "★"
DOT = "·"

BAND_TILE = (12, 5)
"""A unit tile of a laid warband in the roomy layout (cells, lines); 3 lines from five players."""
HUGE_BAND_TILE = (18, 10)
"""The unit tile from 180×54."""
TEXT_PAD = 1
"""Blank cells between a face-up card's border and its text (value, name), each side: a
fresh tester at 120×40 read "│Burna Boyz│" and "│Mekboy   │", the text on the border."""
BACK_TILE = (6, 4)
"""A card of a hand, face down, in the player's box (roomy)."""

SHORT_ARMIES = {
    "Orks": "Orks",
    "Space Marines": "Sp. Marines",
    "Chaos Space Marines": "Chaos SM",
    "Dark Eldar": "Dark Eldar",
}
"""Army names short enough for the table's army column."""

NARROW_ARMIES = {
    "Orks": "Orks",
    "Space Marines": "Marines",
    "Chaos Space Marines": "Chaos SM",
    "Dark Eldar": "D. Eldar",
}
"""The army column at its narrowest (8 cells): where the table is too narrow for the warband
column beside ``SHORT_ARMIES``' form (``WarbandTable._army_column``)."""
ARMY_WIDTHS = (11, 8)
"""The army column's widths, widest first (``SHORT_ARMIES``, ``NARROW_ARMIES``)."""


def _card_style(cardset: CardSet | None, defn: CardDef, *, bold: bool = False) -> Style:
    """Ink in the card's band colour on the card face colour (both from the card file)."""
    if cardset is None:
        return Style(bold=bold)
    ink = cardset.colour_hex(defn.colour)
    face = cardset.table.get("face")
    return Style(color=ink, bgcolor=face, bold=bold)


def _short(name: str, limit: int) -> str:
    """``name`` whole in ``limit`` terminal cells, else cut to ``limit - 1`` cells (one at
    least) and ``…``: measured in cells, so that a name with an emoji lines up."""
    return cut_cells(name, max(limit, 2))


def _chip_length(band: str, defs: Sequence[CardDef], names: Sequence[str], gap: int = 1) -> int:
    return (len(band) + 1 if band else 0) + sum(len(f" {d.value} {n} ") for d, n in zip(defs, names)) + gap * (len(defs) - 1)


CHIP_STEPS = ((3, 1), (3, 0), (2, 0))
"""How far a line of chips gives way, in turn (letters a shortened name keeps at least, cells
between two chips): names to three letters and ``…``, then the chips side by side without a
gap (each keeps a blank on either side of its words), then names to two letters."""


def _shortened(band: str, defs: Sequence[CardDef], width: int) -> tuple[list[str], int]:
    """The names and the gap of a line of chips in ``width`` cells: every name whole where
    they fit, else the longest names shortened first, one letter at a time (``CHIP_STEPS``);
    a line that does not fit even then is as short as it can be."""
    names = [d.name for d in defs]
    gap = 1
    for least, gap in CHIP_STEPS:
        while _chip_length(band, defs, names, gap) > width:
            longer = [k for k in range(len(names)) if len(names[k].rstrip("…")) > least]
            if not longer:
                break
            i = max(longer, key=lambda k: len(names[k].rstrip("…")))
            names[i] = names[i].rstrip("…")[:-1].rstrip() + "…"
        if _chip_length(band, defs, names, gap) <= width:
            break
    return names, gap


def _band_label(defs: Sequence[CardDef]) -> str:
    coloured = [d for d in defs if not is_bonus(d)]
    return coloured[0].colour if coloured else BONUS


def _chip_text(defs: Sequence[CardDef], names: Sequence[str], gap: int, band: str, cardset: CardSet | None) -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    if band:
        text.append(band + " ", style=Style(bold=True))
    for i, (defn, name) in enumerate(zip(defs, names)):
        if i and gap:
            text.append(" " * gap)
        text.append(f" {defn.value} {name} ", style=_card_style(cardset, defn))
    return text


def chip_line(defs: Sequence[CardDef], width: int, cardset: CardSet | None, band_name: bool = True, band: str | None = None) -> Text:
    """A warband as coloured chips (``" 8 Nobz "``) in at most ``width`` cells: the band's
    name first (``band``, else the colour of its coloured cards, so colour never carries
    meaning alone; ``band_name=False`` for a line that goes on from one above); the longest
    names are shortened first until the line fits (``CHIP_STEPS``: each to three letters
    and ``…``, then no gap between the chips, then two letters)."""
    label = (band or _band_label(defs)) if band_name else ""
    names, gap = _shortened(label, defs, width)
    return _chip_text(defs, names, gap, label, cardset)


def chip_fit(defs: Sequence[CardDef], width: int, lines: int, band: str | None = None) -> tuple[int, list[tuple[list[CardDef], list[str], int, str]]]:
    """The best way to write a warband as chips over at most ``lines`` lines of ``width``
    cells, and its cost: the letters its names lose (a cell a line runs over ``width``
    costs 1000, a line without gaps 2). The warband is parted between cards into lines (the
    band's name on the first, or alone on a line above them: "red" over "12 Abaddon the
    Despoiler", a chip that is whole only on a line of its own), every way that takes no
    more lines than it has cards (and the band's line); of equal cost the fewest lines.
    Returns ``(cost, [(cards, names, gap, band) per line])``; the band's line alone has no
    cards."""
    from itertools import combinations

    label = band or _band_label(defs)
    best: tuple[tuple[int, int], list] | None = None
    for alone in (0, 1) if lines > 1 else (0,):
        for count in range(1, max(1, min(lines - alone, len(defs))) + 1):
            for cuts in combinations(range(1, len(defs)), count - 1):
                edges = (0, *cuts, len(defs))
                parts: list = [([], [], 1, label)] if alone else []
                cost = 0
                for k in range(count):
                    group = list(defs[edges[k] : edges[k + 1]])
                    head = label if k == 0 and not alone else ""
                    names, gap = _shortened(head, group, width)
                    cost += sum(len(d.name) - len(n.rstrip("…")) for d, n in zip(group, names))
                    cost += 1000 * max(0, _chip_length(head, group, names, gap) - width) + (2 if gap == 0 and len(group) > 1 else 0)
                    parts.append((group, names, gap, head))
                if best is None or (cost, len(parts)) < best[0]:
                    best = ((cost, len(parts)), parts)
    assert best is not None
    return best[0][0], best[1]


def chip_lines(defs: Sequence[CardDef], width: int, cardset: CardSet | None, lines: int = 1, band: str | None = None) -> list[Text]:
    """A warband as chips over at most ``lines`` lines of ``width`` cells, written the best
    way ``chip_fit`` finds: every name whole on as few lines as hold them, else shortened
    as little as the lines let (the band's name on the first line)."""
    _, parts = chip_fit(defs, width, lines, band)
    return [_chip_text(group, names, gap, head, cardset) for group, names, gap, head in parts]


def widest_unit_line(cardset: CardSet | None, army_ids: Sequence[str]) -> int:
    """Cells the widest line of one unit takes in the players' table for these armies (the
    ``army`` ids of the card file): the longest band name of their cards and a space, then
    the widest chip (``" 12 Abaddon the Despoiler "``); 0 without a card set."""
    cards = [c for c in cardset.cards if c.get("army") in army_ids] if cardset is not None else []
    if not cards:
        return 0
    band = max(len(c.colour or "") for c in cards if not is_bonus(c)) if any(not is_bonus(c) for c in cards) else len(BONUS)
    return band + 1 + max(len(f" {c.value} {c.name} ") for c in cards)


def unit_tiles(defs: Sequence[CardDef], cardset: CardSet | None) -> list:
    """A laid warband as unit tiles: the value in the corner, the unit's name, the band's
    colour (from the card file) for the ink; the band's name is written beside them."""
    from cardtable.engine import CardView

    return [palette_tile(CardView(d, up=True), cardset, lambda d: str(d.value), pad=TEXT_PAD) for d in defs]


def fan_peek(count: int, width: int, room: int) -> int | None:
    """How far apart ``count`` tiles of ``width`` cells go in ``room`` cells: side by side
    (``None``) when they fit, else fanned as wide as fits (at least 4 cells each)."""
    if count <= 1 or count * (width + 1) - 1 <= room:
        return None
    return max(4, (room - width) // (count - 1))


def band_tile_size(defs: Sequence[CardDef], base: tuple[int, int], room: int) -> tuple[int, int]:
    """The size (cells, lines) of the unit tiles of a laid warband in a box ``room`` cells
    wide: at least ``base`` (but narrower, down to ``BAND_TILE``'s width, where that lets
    them lie side by side); wider (up to what lets the tiles lie side by side) and up to two
    lines taller so that each unit's name is drawn whole on its tile (``fit_names``). A
    base of 3 lines (five players and more: two rows of boxes) stays a corner-only tile."""
    if not defs or base[1] < 4:
        return base
    side = (room + 1) // len(defs) - 1  # the widest tile that still lies side by side
    if BAND_TILE[0] <= side < base[0]:
        base = (side, base[1])  # narrower tiles side by side rather than fanned (four boxes a row)
    if side < base[0]:
        return base  # fanned anyway: the box lists the units in words (names_on_tiles)
    return fit_names([d.name for d in defs], base, max_width=side, max_height=base[1] + 2, pad=TEXT_PAD)


def band_forms(band: str, value: int, cards: int) -> list[str]:
    """A laid warband's line under its tiles, fullest first: ``Light green band · 9
    points, 2 cards``, ``... · 9 pts, 2 cards`` (the fresh tester at 120×40 read "2" /
    "cards" on two rows in the player's own box, a column narrower than the others),
    ``... · 9 pts``."""
    return [f"{band} band {DOT} {plural(value, 'point')}, {plural(cards, 'card')}", f"{band} band {DOT} {value} pts, {plural(cards, 'card')}", f"{band} band {DOT} {value} pts"]


def _fullest(forms: Sequence[str], width: int) -> int:
    """The index of the first of ``forms`` (fullest first) that fits ``width`` cells, else the last's."""
    return next((k for k, form in enumerate(forms) if len(form) <= width), len(forms) - 1)


def band_form(band: str, value: int, cards: int, width: int) -> int:
    """The index in ``band_forms`` of the fullest form that fits ``width`` cells (the last
    when none does)."""
    return _fullest(band_forms(band, value, cards), width)


def band_words(band: str, value: int, cards: int, width: int, least: int = 0) -> str:
    """A laid warband's line in ``width`` cells: the fullest of ``band_forms`` from the
    ``least`` full one on (the form the table shares, ``WarbandTable``) that fits."""
    forms = band_forms(band, value, cards)
    return forms[max(least, _fullest(forms, width))]


def names_on_tiles(defs: Sequence[CardDef], size: tuple[int, int], fanned: bool) -> bool:
    """Whether every unit of a warband drawn as tiles of ``size`` shows its name whole on its
    tile (none covered by the next in a fan, every name fits the tile's name lines); if not,
    the player's box lists the units in words too."""
    if fanned and len(defs) > 1:
        return False
    room = name_room(size[1])
    return all((name_rows(d.name, size[0] - 2 - 2 * TEXT_PAD) or room + 1) <= room for d in defs)


def _played_counts(count: int) -> list[str]:
    """A played pile's count in ever fewer words: ``Played · 2 cards``, ``Played · 2``,
    ``Played 2``."""
    return [f"Played {DOT} {plural(count, 'card')}", f"Played {DOT} {count}", f"Played {count}"]


def _top_forms(played: Sequence[CardDef]) -> list[str]:
    """The top card of a played pile in words, fullest first: its value and name, then its
    value alone (a box too narrow for a long name still says the top card's value, instead
    of nothing: the fresh tester saw "top 10 Defiler" in one box, no top card in the next);
    none for an empty pile."""
    if not played:
        return []
    top = played[-1]
    return [f"top {top.value} {top.name}", f"top {top.value}"]


def played_captions(played: Sequence[CardDef], wordy: bool = True) -> list[Text]:
    """A player's played pile (face up: ruling 7) in words, fullest first, for the fullest
    that fits: its count and top card (the top card's value alone in the shorter forms),
    then its count alone, in ever fewer words. The count beside the top card is "N cards"
    (not "N" in one box and "N cards" in the next), or without ``wordy`` always "N": every
    box of the table says its counts in the same form (``CombatCardsTable.count_words``)."""
    counts = _played_counts(len(played))[0 if wordy else 1:]
    words = [f"{counts[0]} {DOT} {top}" for top in _top_forms(played)] + counts
    return [Text(w, style="dim") for w in words]


def played_words(played: Sequence[CardDef], room: int) -> Text:
    """A player's played pile in words where a box has no room to draw it: its count and
    top card on one line of ``room`` cells where they fit, else on two (the top card's value
    alone where its name does not fit either)."""
    forms = played_captions(played)
    if forms[0].cell_len <= room or not played:
        return next((f for f in forms if f.cell_len <= room), forms[-1])
    count = next((w for w in _played_counts(len(played)) if cell_len(w) <= room), f"Played {len(played)}")
    top = next((w for w in _top_forms(played) if cell_len(w) <= room), _top_forms(played)[-1])
    return Text("\n").join([Text(count, style="dim"), Text(top, style="dim")])


def crowded_words(held: int, played: Sequence[CardDef], room: int, top: bool = True) -> Text:
    """A crowded box's one line for its hand and its played pile (no room for either as
    cards), the fullest that fits ``room`` cells: both counts and (``top``) the top card
    played (its value alone where its name does not fit), then the counts alone, in ever
    fewer words (the box keeps the one line it had, and "Hand · N cards" in it while that
    fits). Without ``top`` the counts alone: the box names the top card in its foot
    (``top_words``)."""
    count = len(played)
    tops = _top_forms(played) if top else []
    hand = f"Hand {DOT} {plural(held, 'card')} {DOT} "
    forms = [f"{hand}{pile} {DOT} {t}" for t in tops for pile in _played_counts(count)]
    forms += [f"{hand}Played {DOT} {plural(count, 'card')}", f"{hand}Played {count}"]
    forms += [f"Hand {held} {DOT} Played {count} {DOT} {t}" for t in tops[1:]]
    forms += [f"Hand {held} {DOT} Played {count}"]
    return Text(next((f for f in forms if cell_len(f) <= room), forms[-1]), style="dim")


def top_words(played: Sequence[CardDef], room: int, longest: int = 0) -> Text:
    """The top card of a played pile in words for the foot of a player's box (its bottom
    border, under the piles) in ``room`` cells: ``Top card played: 7 Big Mek``, in fewer
    words (``Top card: 7 Big Mek``) where the armies' ``longest`` name would not fit after
    them, so that every box says it in one form whichever card lies on top; the value alone
    where the name does not fit even then. Empty for an empty pile. A fresh tester at
    120×40 read only "Played · 1 card" and the values of the pile's tiles: the box had no
    room beside the hand for the name (ruling 12 makes it public)."""
    if not played:
        return Text("")
    top = played[-1]
    labels = ("Top card played: ", "Top played: ", "Top card: ", "Top: ")
    label = next((w for w in labels if cell_len(w) + len("12 ") + longest <= room), labels[-1])
    forms = [f"{label}{top.value} {top.name}", f"{label}{top.value}"]
    return Text(next((f for f in forms if cell_len(f) <= room), forms[-1]), style="dim")


def longest_name(cardset: CardSet | None, army_ids: Sequence[str]) -> int:
    """Cells the longest unit name of these armies (the ``army`` ids of the card file) takes;
    0 without a card set."""
    cards = [c for c in cardset.cards if c.get("army") in army_ids] if cardset is not None else []
    return max((cell_len(c.name) for c in cards), default=0)


BOX_MIN = 34
"""The narrowest player's box of the roomy layout (columns): "0 rounds won · draw pile 30"
and two unit tiles side by side."""
NARROW_AREA = "-narrow-area"
"""The screen's class while the compact table area is narrower than ``WarbandTable.NARROW``
(F1's keys panel and the log both open beside it): the hand as a line a card. Not Textual's
``-narrow`` breakpoint class (any screen under 120 columns, 80×24 included), which this
class once shared and removed."""

BOX_MAX = 72
"""The widest player's box of the roomy layout (columns): a warband of four tiles side by
side (five a little narrower). With two players at 200×60 each box was 97 columns with a
card or two in it (it looked empty); the boxes of a row are centred instead."""
WIDE_TABLE = 180
"""From this many columns four boxes stand in a row (``band_columns``)."""


def band_columns(players: int, width: int | None = None) -> int:
    """How many players' boxes the roomy layout puts in a row of a table area ``width``
    cells wide: all of them up to three (four from ``WIDE_TABLE`` columns), else the rows
    balanced (four players 2 + 2, five 3 + 2, six 3 + 3), never one box alone on a row
    beside empty room (the boxes of a shorter last row are drawn wider, so every row spans
    the table: ``CombatCardsTable._show_bands``); fewer when a box would be narrower than
    ``BOX_MIN`` (beside F1's keys panel or the log), at least one."""
    wide = width is not None and width >= WIDE_TABLE
    columns = players if players <= (4 if wide else 3) else -(-players // -(-players // (4 if wide else 3)))
    if width is not None:
        while columns > 1 and width // columns < BOX_MIN:
            fewer = -(-players // (-(-players // columns) + 1))  # one row more, balanced
            columns = fewer if fewer < columns else columns - 1  # (four in 2 + 2 stay 2 a row)
    return max(1, columns)


NAME_MARGINS = ((TEXT_PAD, TEXT_PAD), (TEXT_PAD, 0), (0, 0))
"""The blank cells a hand card keeps between its border and its name (left, right), in the
order tried (``card_name_lines``)."""


def _wrapped(name: str, room: int) -> list[str]:
    """``name`` wrapped at its spaces into lines of ``room`` cells; a word wider than
    ``room`` goes on over a hyphen."""
    words: list[str] = []
    for word in name.split():
        while len(word) > room:
            words.append(word[: room - 1] + "-")
            word = word[room - 1 :]
        words.append(word)
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 1 + len(word) <= room:
            lines[-1] += " " + word
        else:
            lines.append(word[:room])
    return lines


def card_name_lines(name: str, inner: int, rows: int) -> tuple[tuple[int, int], list[str]]:
    """A hand card's name ``inner`` cells wide (inside its border) on at most ``rows`` lines,
    and the blank cells ``(left, right)`` kept between it and the border: a cell each side
    (``TEXT_PAD``) where the name is then whole (no word broken, no line dropped), else the
    right cell given up, then the left too (``NAME_MARGINS``; the card at 80×24 is 14 cells:
    "Abaddon the" / "Despoiler", where a cell each side read "Abaddon" / "the…"). A margin
    is kept only where at least 6 cells are left for the name. Where no margin lets it be
    whole, the margin of a card whose longest word fits inside a cell each side (else none),
    a word wider than the card over a hyphen, and the last line that fits ends in ``…``.
    Returns ``((left, right), lines)`` (at most ``rows`` lines, at least one)."""
    rows = max(rows, 1)
    longest = max((len(word) for word in name.split()), default=0)
    for left, right in NAME_MARGINS:
        room = inner - left - right
        if room < 6 and left + right:
            continue
        lines = _wrapped(name, room)
        if longest <= room and len(lines) <= rows:
            return (left, right), lines
    pad = TEXT_PAD if inner - 2 * TEXT_PAD >= max(6, longest) else 0
    room = inner - 2 * pad
    lines = _wrapped(name, room)
    if len(lines) > rows:
        lines = lines[:rows]
        lines[-1] = _short(lines[-1] + "…", room) if len(lines[-1]) < room else lines[-1][: room - 1] + "…"
    return (pad, pad), lines


class HandCard(OneLayoutPass, Widget):
    """One card of your hand: its key number in the top border, value, name, band name in
    the bottom border; drawn heavy with a check mark while it is in the warband. A click
    posts ``CardClicked(("hand", index))`` (``CombatCardsTable.card_clicked``)."""

    def __init__(self, index: int, cardset: CardSet | None, id: str | None = None) -> None:
        super().__init__(id=id, classes="cc-card")
        self.index = index
        self.cardset = cardset
        self.face: CardDef | None = None
        self.chosen = False

    def show(self, face: CardDef | None, chosen: bool, blocked: bool = False) -> None:
        """Draw ``face`` (``None`` hides the place: the hand has fewer cards), marked when
        ``chosen`` for the warband, dimmed and marked ✗ when ``blocked`` (it cannot join the
        warband being built: ``cannot_join``; the line under the hand says why)."""
        self.face, self.chosen, self.blocked = face, chosen, blocked
        self.display = face is not None
        self.refresh()

    blocked = False
    """Whether the card is drawn dimmed: it cannot join the warband being built."""
    tight_margin: tuple[int, int, int, int] | None = None
    """The margin set on the card where the hand is narrowed (``_fit_hand_cards``)."""

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(CardClicked(("hand", self.index)))

    def line_parts(self) -> tuple[Text, Text]:
        """The card as a line of a narrow hand (``NARROW_AREA``): its key, value and name, then
        its band and mark; drawn on one line, or the band on a second where it must."""
        face = self.face
        if face is None:
            return Text(), Text()
        ink = _card_style(self.cardset, face) + (Style(dim=True) if self.blocked else Style())
        head = Text(no_wrap=True, overflow="crop")
        head.append(f" {self.index + 1} ", Style(bold=True, reverse=True) if self.chosen else Style(bold=True))
        head.append(f" {face.value} {face.name} ", ink + Style(bold=True))
        mark = " ✓ IN" if self.chosen else " ✗" if self.blocked else ""
        tail = Text.assemble((f" {face.colour or ''}", ink), (mark, "bold"))
        return head, tail

    def line_rows(self, width: int) -> int:
        """The rows this card takes as a line of a narrow hand ``width`` cells wide."""
        head, tail = self.line_parts()
        return 1 if head.cell_len + tail.cell_len <= width else 2

    def render(self) -> Text:
        if self.size.height <= 2 and self.screen.has_class(NARROW_AREA):
            head, tail = self.line_parts()
            if self.size.height == 1:
                return head + tail
            return Text.assemble(head, "\n   ", tail)
        width, height = max(self.size.width, 8), max(self.size.height, 4)
        inner = width - 2
        text = Text(no_wrap=True, overflow="crop")
        face = self.face
        if face is None:
            return text
        ink = _card_style(self.cardset, face)
        bold = _card_style(self.cardset, face, bold=True)
        if self.blocked:
            ink, bold = ink + Style(dim=True), bold + Style(dim=True)
        tl, tr, bl, br, h, v = ("┏", "┓", "┗", "┛", "━", "┃") if self.chosen else ("╭", "╮", "╰", "╯", "─", "│")
        number = f" {self.index + 1} "
        text.append(tl + h, ink)
        text.append(number, bold + Style(reverse=True) if self.chosen else bold)
        text.append(h * (inner - 1 - len(number)) + tr + "\n", ink)
        rows: list[tuple[str, Style]] = []
        mark = "✓ IN" if self.chosen else "✗" if self.blocked else ""
        value = str(face.value)
        band = face.colour or ""
        in_border = len(band) <= inner - 1  # else on the card's last line, whole ("light gre" on narrowed cards)
        free = height - 3
        if not in_border and free > 1:
            free -= 1
        (left, right), lines = card_name_lines(face.name, inner, free)
        room, margin = inner - left - right, " " * left
        rows.append((margin + value + mark.rjust(room - len(value)) + " " * right, bold))
        lines += [""] * (free - len(lines))
        rows += [(margin + line, ink) for line in lines]
        if not in_border and height - 3 > 1:
            rows.append((margin + band[:room], bold))
            band = ""
        for line, style in rows:
            text.append(v, ink)
            text.append(line.ljust(inner)[:inner], style)
            text.append(v + "\n", ink)
        # the band's name keeps a line cell before the corner: a name one cell short of
        # the border's room goes on without the line cell before it ("╰light green─╯", not
        # "╰─light green╯", which a fresh tester at 80×24 read running into the corner)
        band = band[: inner - 1]
        lead = h if len(band) <= inner - 2 else ""
        text.append(bl + lead, ink)
        text.append(band, bold)
        text.append(h * (inner - len(lead) - len(band)) + br, ink)
        return text


class WarbandTable(OneLayoutPass, Widget):
    """One line per player in play order: army, rounds won, the cards in their hand, in their
    draw pile and out of the game (ruling 12: all public), the warband laid this round
    (public) and its value · cards, or in its place what the player does and their last
    warband out of the game (``last_out``); drawn to the widget's width from a ``View``."""

    def __init__(self, cardset: CardSet | None, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cardset = cardset
        self.view: View | None = None

    def show(self, view: View, spare: int = 0, rows: int | None = None) -> None:
        """Redraw from ``view``: the header and one line per player, plus up to ``spare``
        lines where a warband's names do not fit one line whole (``_lines_given``,
        ``chip_lines``). On a replay's omniscient view each hand follows its player's row
        (``hand_rows``): wrapped whole where the table then takes at most ``rows`` lines
        (``None``: no limit), else a line each (cut at the edge), else not at all."""
        self.view, self.spare, self.rows = view, spare, rows
        for form in self.HAND_FORMS:
            self.hand_form = form
            self._text = self._table(view)
            if rows is None or self._text.plain.count("\n") + 1 <= rows:
                break
        self.styles.height = self._text.plain.count("\n") + 1
        self.refresh()

    HAND_FORMS = ("whole", "line", "none")
    """How ``hand_rows`` writes a hand on the omniscient view, fullest first (``show``)."""
    hand_form = "whole"
    rows: int | None = None

    spare = 0
    _text: Text | None = None

    def extra_lines(self) -> int:
        """The lines the table draws beyond its header and one line per player (warbands
        written on more than one line)."""
        if self._text is None or self.view is None:
            return 0
        return self._text.plain.count("\n") - len(self.view.players)

    def on_resize(self) -> None:
        if self.view is not None:
            self.show(self.view, self.spare, self.rows)

    def render(self) -> Text:
        if self.view is None or self._text is None:
            return Text("")
        return self._text

    @staticmethod
    def _order(view: View) -> list[int]:
        """The round's play order first, then the players sitting the tie-break out."""
        order = list(view["participants"])
        return order + [s for s in range(len(view.players)) if s not in order]

    NARROW = 56
    """Narrower than this (columns) the table is drawn in ``_narrow_table``'s form."""

    def _narrow_table(self, view: View, width: int) -> Text:
        """The players' table for a narrow area (F1's keys panel and the log both open at
        120×40, the log at 80×24): a player's line holds name, rounds won and draw pile,
        then what their warband is (points and cards, or "to play") where it fits, else on a
        line of its own; the warband's units follow as chips on as many lines as hold every
        name whole. Where that takes more than a line per player and ``self.spare`` lines
        (the hand and its hint under the table need the rest: ``_spare_rows``), every
        player is drawn shorter, in one form for all: the units on one line with the points,
        then the colour and points on the player's own line (the log has the units)."""
        players = view.players
        name_w = max(cell_len(p) for p in (*players, "Player"))
        text = Text(no_wrap=True, overflow="crop")
        text.append(f"  {'Player':<{name_w}} {'Won':>3} {'Deck':>4}  Warband", style="dim")
        order = self._order(view)
        forms = {seat: [self._narrow_rows(view, seat, name_w, width, short) for short in range(3)] for seat in order}
        # one form for every player (the fresh tester saw "pink = 8" beside "9 Drazhar = 9 points")
        short = next((k for k in (0, 1) if sum(len(forms[s][k]) - 1 for s in order) <= self.spare), 2)
        for seat in order:
            for row in [*forms[seat][short], *self.hand_rows(view, seat, width)]:
                text.append("\n")
                text.append_text(row)
        return text

    def _narrow_rows(self, view: View, seat: int, name_w: int, width: int, short: int) -> list[Text]:
        """A player's lines of ``_narrow_table`` ``width`` cells wide: ``short`` 0 the full
        form, 1 the units and points on one line where they fit, 2 one line."""
        players = view.players
        result = view["result"] or {}
        marker = "▶ " if seat == view["to_play"] else ("★ " if seat == result.get("winner") else ("= " if seat in result.get("tied", ()) else "  "))
        line = Text(no_wrap=True, overflow="crop")
        line.append(marker, style="bold")
        line.append(pad_cells(players[seat], name_w) + " ", style="bold" if seat == view["to_play"] else "")
        line.append(f"{view['wins'][seat]:>3} ", style="bold")
        line.append(f"{view.zone(f'draw:{seat}').count:>4}")
        defs = [c.face for c in view.zone(f"warband:{seat}").cards if c is not None and c.face is not None]
        info = view["warbands"][seat]
        tail = Text("")
        states: list[Text] = []
        if defs and info is not None:
            coloured = [d for d in defs if not is_bonus(d)]
            colour = "discard" if info["discard"] else coloured[0].colour if coloured else BONUS
            tail = Text("= 0 points" if info["discard"] else f"= {plural(info['value'], 'point')}, {plural(info['cards'], 'card')}", style="bold")
            points = 0 if info["discard"] else info["value"]
            states = [Text(colour, style="bold")]
            if short == 1:
                tail = Text(f"= {plural(points, 'point')}", style="bold")
            if short == 2:  # the points before the colour's name: the log has the colour
                states = [Text(f"{colour} = {plural(points, 'point')}", style="bold"), Text(f"{colour} = {points}", style="bold"), Text(f"= {points}", style="bold")]
        elif view.over:
            pass
        elif seat not in view["participants"]:
            states = [Text("sits out the tie-break", style="italic dim"), Text("sits out", style="italic dim")]
        elif seat == view["to_play"]:  # its short form in every form: not a line of its own
            states = [Text("choosing a warband…", style="italic"), Text("choosing", style="italic")]
        else:
            states = [Text("to play", style="dim")]
        rows = [line]
        if states:
            state = next((s for s in states if line.cell_len + 2 + s.cell_len <= width), states[-1])
            if line.cell_len + 2 + state.cell_len <= width or short == 2:
                line.append("  ")
                line.append_text(state)
            else:
                rows.append(Text("    ") + state)
        if short == 2:
            return rows
        *more, chips = self.chip_rows(defs if info is not None else [], width)
        rows += more
        if tail.plain and chips.cell_len + 2 + tail.cell_len > width:
            rows.append(chips)
            chips = Text("    ")
        if tail.plain:
            chips.append("  " if chips.cell_len > 4 else "")
            chips.append_text(tail)
        if chips.cell_len > 4:
            rows.append(chips)
        return rows

    def chip_rows(self, defs: Sequence[CardDef], width: int, lead: str = "") -> list[Text]:
        """``defs`` as coloured chips (`` 8 Nobz ``) on lines of at most ``width`` cells
        (a chip is never split), each line indented four cells, ``lead`` (e.g. ``"hand "``)
        before the first chip; at least one line (the indent and ``lead`` alone when
        ``defs`` is empty)."""
        rows: list[Text] = []
        chips = Text("    " + lead)
        start = chips.cell_len
        for defn in defs:
            chip = f" {defn.value} {defn.name} "
            if chips.cell_len > start and chips.cell_len + 1 + len(chip) > width:
                rows.append(chips)
                chips = Text("    ")
                start = 4
            if chips.cell_len > start:
                chips.append(" ")
            chips.append(chip, style=_card_style(self.cardset, defn))
        return [*rows, chips]

    def hand_rows(self, view: View, seat: int, width: int) -> list[Text]:
        """``seat``'s hand face up as chips under their row (``chip_rows``, after "hand";
        one line, cut at the table's edge, in ``hand_form`` "line"), on the omniscient view of a finished game's replay (``View.omniscient``) only; no
        lines on any other view (a hand is private while the game is played) or for an
        empty hand."""
        if not view.omniscient or self.hand_form == "none":
            return []
        faces = [c.face for c in view.zone(f"hand:{seat}").cards if c is not None and c.face is not None]
        if not faces:
            return []
        rows = self.chip_rows(faces, width if self.hand_form == "whole" else 10_000, "hand ")  # "line": one, cut at the edge
        rows[0].stylize(Style(dim=True), 4, 8)
        return rows

    CHIPS_MIN = 28
    """The warband column's narrowest width (cells) beside the army column's fuller form
    (``SHORT_ARMIES``); narrower, the army column takes ``NARROW_ARMIES``' form."""

    COUNTS = (("Wins", 4), ("Hand", 4), ("Deck", 4), ("Out", 3))
    """The count columns after the army (header, width in cells): rounds won, then (ruling
    12, what is public) the cards in the player's hand, in their draw pile and out of the
    game (their played pile, face up: ruling 7)."""

    @classmethod
    def counts_width(cls) -> int:
        """The cells the count columns take, each with the space after it."""
        return sum(w + 1 for _, w in cls.COUNTS)

    @staticmethod
    def counts(view: View, seat: int) -> tuple[int, int, int, int]:
        """``seat``'s numbers for the count columns (``COUNTS``): rounds won, cards in hand,
        in the draw pile and out of the game."""
        return view["wins"][seat], view.zone(f"hand:{seat}").count, view.zone(f"draw:{seat}").count, view.zone(f"out:{seat}").count

    def _army_column(self, view: View, width: int, name_w: int, tail_w: int) -> tuple[int, list[str]]:
        """The army column of a table ``width`` cells wide: its width (its widest entry,
        header included) and each seat's army in it. The form (``SHORT_ARMIES`` where the
        warband column beside it is at least ``CHIPS_MIN`` wide and, from ``CROWDED``
        players, holds the armies' widest unit whole on one line with its band's name,
        ``widest_unit_line``; else the narrower ``NARROW_ARMIES``; no column under 64
        cells) follows only the width, the number of players and the table's armies, never
        the warbands laid, so the columns stay where they are all game (the fresh tester saw
        "Sp. Marines" become "Marines" and every column after it move from round to round)."""
        if width < 64:
            return 0, []
        fixed = 2 + name_w + 1 + self.counts_width() + tail_w
        forms = []
        for most, table in zip(ARMY_WIDTHS, (SHORT_ARMIES, NARROW_ARMIES)):
            armies = [table.get(a, _short(a, most)) for a in view["armies"]]
            forms.append((max(len(self.ARMY_HEAD), *(len(a) for a in armies)), armies))
        room = width - fixed - forms[0][0] - 1
        crowded = len(view.players) >= self.CROWDED
        full = room >= self.CHIPS_MIN and (not crowded or room >= widest_unit_line(self.cardset, view["army_ids"]))
        return forms[0] if full else forms[1]

    CROWDED = 5
    """From this many players the compact table has few rows to spare (two or three at
    80×24): the army column takes its narrower form unless the fuller one leaves every unit
    of the armies room to be written whole on one line (``_army_column``)."""

    ARMY_HEAD = "Army"
    """The army column's header; the column is as wide as it or its widest army (six Orks
    at 80×24: 4 cells, not 11, which the warbands' names need: "Burna…  Waaag…")."""

    TAIL = 10
    """The width of the last columns (cells): a warband's value and its number of cards."""

    def _lines_given(self, view: View, warbands: dict[int, list[CardDef]], width: int) -> dict[int, int]:
        """How many lines each laid warband (seat → its cards) is written on in chips
        ``width`` cells wide, ``self.spare`` lines shared out beyond one each: first to the
        round's news (the winner, the tied players: the warbands the result names) until
        they are whole, then a line at a time to the warband it spares the most shortened
        letters (``chip_fit``), the earlier player first on a tie. The fresh tester at 80×24
        saw a losing warband wrapped whole while the winning one read "Looted…  Gork's…"."""
        given = {seat: 1 for seat in warbands}
        costs: dict[tuple[int, int], int] = {}

        def cost(seat: int, lines: int) -> int:
            if (seat, lines) not in costs:
                costs[seat, lines] = chip_fit(warbands[seat], width, lines)[0]
            return costs[seat, lines]

        spare = self.spare
        result = view["result"] or {}
        news = [s for s in (result.get("winner"), *result.get("tied", ())) if s in warbands]
        for seat in news:
            while spare and cost(seat, given[seat]) and cost(seat, given[seat] + 1) < cost(seat, given[seat]):
                given[seat] += 1
                spare -= 1
        order = [s for s in self._order(view) if s in warbands]
        while spare:
            gains = [(cost(s, given[s]) - cost(s, given[s] + 1), -k, s) for k, s in enumerate(order) if given[s] <= len(warbands[s])]  # a line per card and the band's own
            gain, _, seat = max(gains, default=(0, 0, -1))
            if gain <= 0:
                break
            given[seat] += 1
            spare -= 1
        return given

    def _table(self, view: View) -> Text:
        players = view.players
        if 0 < self.size.width < self.NARROW:
            return self._narrow_table(view, self.size.width)
        width = max(self.size.width, 40)
        name_w = min(max(cell_len(p) for p in (*players, "Player")), MAX_NAME)
        tail_w = self.TAIL
        army_w, armies = self._army_column(view, width, name_w, tail_w)

        def chips_room(army_w: int) -> int:
            return max(width - (2 + name_w + 1 + (army_w + 1 if army_w else 0) + self.counts_width()) - tail_w, 12)

        chips_w = chips_room(army_w)
        fixed = width - chips_w - tail_w
        text = Text(no_wrap=True, overflow="ellipsis")
        army_head = f"{self.ARMY_HEAD:<{army_w}} " if army_w else ""
        counts_head = "".join(f"{head:>{w}} " for head, w in self.COUNTS)
        text.append(f"  {'Player':<{name_w}} {army_head}{counts_head}{'Warband this round':<{chips_w}}{'Pts Cards':>{tail_w}}\n", style="dim")
        result = view["result"] or {}
        to_play = view["to_play"]
        participants = view["participants"]
        warbands = {}
        for seat in range(len(players)):
            defs = [c.face for c in view.zone(f"warband:{seat}").cards if c is not None and c.face is not None]
            if defs and view["warbands"][seat] is not None:
                warbands[seat] = defs
        given = self._lines_given(view, warbands, chips_w)
        rows = []
        for seat in self._order(view):
            line = Text(no_wrap=True, overflow="ellipsis")
            marker = "▶ " if seat == to_play else ("★ " if seat == result.get("winner") else ("= " if seat in result.get("tied", ()) else "  "))
            line.append(marker, style="bold")
            line.append(pad_cells(_short(players[seat], name_w), name_w) + " ", style="bold" if seat == to_play else "")
            if army_w:
                army = armies[seat]
                line.append(f"{army:<{army_w}} ")
            for k, ((_, w), count) in enumerate(zip(self.COUNTS, self.counts(view, seat))):
                line.append(f"{count:>{w}} ", style="bold" if k == 0 else "")
            info = view["warbands"][seat]
            if seat in warbands:
                discard = bool(info["discard"])
                chips, *more = chip_lines(warbands[seat], chips_w, self.cardset, given[seat])
                line.append_text(chips)
                line.append(" " * max(chips_w - chips.cell_len, 0))
                tail = "discard 0" if discard else f"{info['value']:>3} {info['cards']:>5}"
                line.append(f"{tail:>{tail_w}}", style="bold")
                for extra in more:  # the warband goes on under its first line
                    line.append("\n" + " " * fixed)
                    line.append_text(extra)
            else:
                if view.over:
                    states = [Text("")]
                elif seat not in participants:
                    states = [Text("sits out the tie-break", style="italic dim"), Text("sits out", style="italic dim")]
                elif seat == to_play:
                    states = [Text("choosing a warband…", style="italic"), Text("choosing", style="italic")]
                else:
                    states = [Text("to play", style="dim")]
                forms = self.out_forms(view, seat)
                # the shorter words only where they let more of the last warband be said
                state = min(states, key=lambda st: next((k for k, w in enumerate(forms) if cell_len(w) <= chips_w + tail_w - st.cell_len), len(forms)))
                line.append_text(state)
                top = self.last_out(view, seat, chips_w + tail_w - state.cell_len)
                if top is not None:
                    line.append_text(top)
            for hand in self.hand_rows(view, seat, width):
                line.append("\n")
                line.append_text(hand)
            rows.append(line)
        text.append(Text("\n").join(rows))
        return text

    OUT_LABEL = "out:"
    """The one label before a player's last warband in their row (``last_out``), the same on
    every seat's row: the fresh tester saw "last out:" on a computer's row (room after "to
    play") and "out:" on a person's (less room after "choosing a warband…")."""

    @staticmethod
    def last_warband(view: View, seat: int) -> list[CardDef]:
        """The cards of ``seat``'s last warband that left the game: the top of their played
        pile (face up, rulings 7 and 12), as many cards as the warband had. The pile does
        not part its warbands, so their size is read from the public log line that laid the
        warband (the game's words: "Ann lays a red warband: " then ``describe`` of the
        cards, or "Ann holds only bonus cards and discards …", one card), matched against
        the pile's top cards; a warband still on the table this round is not in the pile,
        so its line is passed over. ``[]`` for an empty pile or no line that matches."""
        out = [c.face for c in view.zone(f"out:{seat}").cards if c is not None and c.face is not None]
        if not out:
            return []
        name = view.players[seat]
        on_table = view.zone(f"warband:{seat}").count > 0
        for entry in reversed(view.log):
            if entry.audience is not None:
                continue
            if entry.text.startswith(f"{name} holds only bonus cards and discards "):
                found = out[-1:]
            elif entry.text.startswith(f"{name} lays ") and " warband: " in entry.text:
                found = next((out[-k:] for k in range(1, len(out) + 1) if entry.text.endswith(f" warband: {describe(out[-k:])}.")), [])
            else:
                continue
            if on_table:  # this line laid the warband on the table now
                on_table = False
                continue
            return found
        return []

    @classmethod
    def out_forms(cls, view: View, seat: int) -> list[str]:
        """``seat``'s last warband out of the game (``last_warband``: every card of it) in
        words after ``OUT_LABEL`` (one label for every seat), fullest first: each card's
        value and name ("  · out: 6 Warbikes + 9 Nob Bikers"), the first cards so and a
        count of the others ("  · out: 6 Warbikes + 1 more"), the number of cards
        ("  · out: 2 cards"). A card is always named as its chip names it, value first: the
        fresh tester at 80×24 read "Deff Dread +2" (the names alone and "+N" for the rest,
        a value after a name?) on one row beside "6 Weirdboy" on the next. No form leaves a
        card out unsaid or cuts a name (a name cut to "Kustom Force F…" read as another
        card). ``[]`` for an empty pile."""
        band = cls.last_warband(view, seat)
        if not band:
            return []
        named = [f"{d.value} {d.name}" for d in band]
        forms = [" + ".join(named)]
        forms += [f"{' + '.join(named[:k])} + {len(band) - k} more" for k in range(len(band) - 1, 0, -1)]
        if len(band) > 1:
            forms.append(plural(len(band), "card"))
        return [f"  {DOT} {cls.OUT_LABEL} {w}" for w in forms]

    @classmethod
    def last_out(cls, view: View, seat: int, room: int) -> Text | None:
        """The fullest of ``out_forms`` that fits ``room`` cells, after what the row says in
        a warband's place; ``None`` for an empty pile or no room."""
        words = next((w for w in cls.out_forms(view, seat) if cell_len(w) <= room), None)
        return Text(words, style="dim") if words else None


class BandBox(SizedBox, Vertical):
    """A player's box in the roomy layout (name, wins, the warband as unit tiles, the hand's
    backs). Its width comes from the grid of boxes, and the tiles are sized from it, so the
    table draws it again when its width changes (``TableScreen.drawn_for``)."""


class CombatCardsTable(TableScreen):
    """The Combat Cards screen (rules: cards_data/combat-cards.md)."""

    CSS_PATH = ["../table.tcss", "combat_cards.tcss"]
    REVEAL_COUNTED = ("out:",)
    """The reveal gives each seat's played cards as a count: each was laid face up in a
    warband and is in the log; the secrets of the end are the hands (and the warbands)."""
    BINDINGS = [
        Binding("enter", "commit", "Lay warband"),
        # the same key when the hand holds only bonus cards: the footer says what Enter does
        Binding("enter", "commit_discard", "Discard"),
        Binding("c", "clear", "Clear"),
    ]

    def __init__(self, session) -> None:
        super().__init__(session)
        self.selected: set[int] = set()
        self._building_key: tuple[int, int] | None = None
        self._hand: list[CardDef] = []
        self._only_bonus = False

    # ------------------------------------------------------------------ layout
    tiles_drawn: list[tuple[str, object]]
    """Every card drawn as a tile now, as ``(zone name, card)`` (the tests' check)."""

    def compose_table(self) -> ComposeResult:
        # the table area draws the table again when a docked panel (F1, the log) narrows it
        with TableArea(id="cc-area"):
            yield FittedText(id="cc-status")
            yield WarbandTable(self.cardset, id="cc-table")
            with Vertical(id="cc-bands"):
                for seat in range(len(self.session.game.players)):
                    with BandBox(id=f"cc-band-{seat}", classes="cc-band"):
                        yield FanWidget(id=f"cc-fan-{seat}", classes="cc-fan")
                        yield Caption("", id=f"cc-sum-{seat}", classes="cc-sum")
                        with Horizontal(classes="cc-piles"):
                            yield FanWidget(id=f"cc-backs-{seat}", classes="cc-backs")
                            yield FanWidget(id=f"cc-out-{seat}", classes="cc-out")
            yield Caption("", id="cc-hand-caption")
            with Horizontal(id="cc-hand"):
                for i in range(HAND_SIZE):
                    yield HandCard(i, self.cardset, id=f"cc-card-{i}")
            yield FittedText(id="cc-builder")
            yield RecentMoves("Last moves", id="cc-moves")

    def _area_width(self) -> int:
        """The columns the table area has now (less a panel docked beside the table)."""
        return self.query_one("#cc-area", TableArea).columns()

    ROOMY_WIDTH = 70
    """The table area's narrowest width (columns) for the roomy layout: five hand cards of
    12 cells and their margins, or two players' boxes (``BOX_MIN``) side by side. Narrower
    (F1's keys panel and the log both open at 120×40) the compact layout is drawn."""

    def roomy_table(self) -> bool:
        """Whether to draw the roomy layout: the screen is roomy (``TableScreen.roomy``) and
        the table area (less the panels docked beside it) is ``ROOMY_WIDTH`` wide."""
        return self.roomy and self._area_width() >= self.ROOMY_WIDTH

    HAND_CARD = (18, 22)
    """The width of a hand card in the roomy layout (cells), and from 180×54; narrower
    when five of them would not fit beside a docked panel (``_fit_hand_cards``)."""

    def _fit_hand_cards(self, huge: bool) -> None:
        """The hand's cards for the layout drawn: in the roomy one as wide as five of them
        (and their margins) fit in the table area, at most ``HAND_CARD``; in the compact one
        as ``combat_cards.tcss`` draws them (a line each in a narrow area: ``NARROW_AREA``)."""
        most = self.HAND_CARD[1 if huge else 0]
        roomy = self.has_class("-roomy")
        area = self._area_width() - 2  # the table body's padding
        width = max(12, min(most, area // HAND_SIZE - 2))
        tight = width < most and (area - (HAND_SIZE - 1)) // HAND_SIZE > width
        if tight:  # one column between the cards, not two: wider cards ("light gre", "Beastmaste" at 12)
            width = min(most, (area - (HAND_SIZE - 1)) // HAND_SIZE)
        for i in range(HAND_SIZE):
            card = self.query_one(f"#cc-card-{i}", HandCard)
            if roomy:
                if card.styles.width is None or card.styles.width.value != width:
                    card.styles.width = width
            elif card.styles.width is not None:
                card.styles.clear_rule("width")
            margin = (0, 1 if i < HAND_SIZE - 1 else 0, 0, 0) if roomy and tight else None
            if margin != card.tight_margin:  # None: the margins of combat_cards.tcss
                card.tight_margin = margin
                if margin is None:
                    card.styles.clear_rule("margin")
                else:
                    card.styles.margin = margin

    # ------------------------------------------------------------------ state of the builder
    def building(self) -> Decision | None:
        """The warband decision being built on this screen now, or ``None``."""
        if self._handoff_pending:
            return None
        decision = self.session.visible_decision()
        if decision is not None and decision.kind == "warband" and decision.private:
            return decision
        return None

    def advance(self) -> None:
        """As ``TableScreen.advance``; before a hand-off, the toasts of the private screen
        (e.g. why a warband was not legal) are cleared: they name cards of that hand."""
        if self.session.decision() is None or self.session.handoff_to() is not None:
            self.app.clear_notifications()
        super().advance()

    def redraw(self) -> None:
        """As ``TableScreen.redraw``; a new warband decision starts with nothing chosen, and
        while building, the number keys and Enter belong to the builder, not the option list."""
        decision = self.building()
        key = (self.session.game.moves, decision.seat) if decision is not None else None
        if key != self._building_key:
            self._building_key = key
            self.selected = set()
        options = self.query_one("#decision-options", OptionList)
        options.disabled = decision is not None  # the builder takes the keys, not the list
        super().redraw()
        only_bonus = decision is not None and self.only_bonus()
        if only_bonus != self._only_bonus:  # Enter lays a warband or discards: the footer follows
            self._only_bonus = only_bonus
            self.refresh_bindings()
        if decision is not None:
            options.display = False
            self.set_focus(None)

    def only_bonus(self) -> bool:
        """Whether the hand on screen holds only bonus cards (Enter then discards one)."""
        return bool(self._hand) and all(is_bonus(d) for d in self._hand)

    def show_table(self, view: View) -> None:
        """Status, the players' table, then your hand and the builder (private view) or the
        round's result (public view)."""
        self.query_one("#cc-status", FittedText).show(self._status(view))
        roomy = self.roomy_table()
        self.set_class(roomy, "-roomy")
        self.set_class(not roomy and self._area_width() < WarbandTable.NARROW, NARROW_AREA)
        self.tiles_drawn = []
        if roomy:
            self._show_bands(view)
        else:
            self.tiles_drawn += [(f"warband:{s}", c) for s in range(len(view.players)) for c in view.zone(f"warband:{s}").cards]
        seat = view.seat
        building = self.building() is not None
        hand_box = self.query_one("#cc-hand")
        caption = self.query_one("#cc-hand-caption", Static)
        builder = self.query_one("#cc-builder", FittedText)
        if seat is None:
            banner = self._public_banner(view, every_warband=not roomy and not self.has_class(NARROW_AREA))
            if not roomy:
                table = self.query_one("#cc-table", WarbandTable)
                # a replay's hands under the rows where the area holds them (its status line,
                # the gap under the table and the banner take the rest)
                body = self.query_one("#table-body").content_size.height
                said = sum(max(1, len(cell_wrap(line, max(self._area_width(), 10)))) for line in banner.plain.split("\n"))
                rows = body - 2 - said if view.omniscient and body else None
                table.show(view, len(view.players) * 4, rows)  # the banner names no units: the table does, whole
                table.styles.clear_rule("margin")  # the gap of combat_cards.tcss
            caption.display = True  # the round's banner
            self._hand = []
            hand_box.display = False
            caption.update(banner)
            builder.show([])
            builder.display = False
            return
        zone = view.zone(f"hand:{seat}")
        faces = [c.face for c in zone.cards if c is not None and c.face is not None]
        self._hand = faces
        hand_box.display = caption.display = True
        builder.display = True
        armies = view["armies"]
        left = view.zone(f"draw:{seat}").count
        heads = [
            Text.assemble((f"{view.players[seat]}'s hand", "bold"), f" · {armies[seat]} · {plural(left, 'card')} left in the draw pile"),
            Text.assemble((f"{view.players[seat]}'s hand", "bold"), f" · {armies[seat]} · draw pile {left}"),
            Text.assemble((f"{view.players[seat]}'s hand", "bold"), f" · {armies[seat]}"),
        ]
        # one line where a shorter whole form fits (the compact area's rows are few: the
        # builder under the hand needs them; the draw pile is in the players' table too)
        room = max(self._area_width() - 2, 10)
        caption.update(heads[0] if roomy else next((h for h in heads if h.cell_len <= room), heads[-1]))
        blocked = cannot_join(faces, self.selected) if building else {}
        self.tiles_drawn += [(zone.name, c) for c in zone.cards]
        narrow = self.has_class(NARROW_AREA)
        self._fit_hand_cards(self.has_class("-huge"))
        for i in range(HAND_SIZE):
            card = self.query_one(f"#cc-card-{i}", HandCard)
            card.show(faces[i] if i < len(faces) else None, i in self.selected, i in blocked)
            if narrow:  # a line each (two where the band does not fit beside the name)
                card.styles.height = card.line_rows(self._area_width())
            elif card.styles.height is not None and card.styles.height.value <= 2:
                card.styles.clear_rule("height")
        if not roomy:  # after the hand: the table takes the rows the hand leaves (``_spare_rows``)
            table = self.query_one("#cc-table", WarbandTable)
            spare = self._spare_drawn_for = self._spare_rows(view)
            # where a warband needs them, the gap under the table too, then the hand's caption
            # (its facts are the table's: the army and the draw pile on the player's line,
            # whose hand it is in the title)
            table.show(view, spare + 2)
            gap = 1 if table.extra_lines() <= spare else 0
            if table.styles.margin.bottom != gap:
                table.styles.margin = (0, 0, gap, 0)
            caption.display = table.extra_lines() <= spare + 1
            self.call_after_refresh(self._check_spare)
        builder.show(self._builder_forms() if building else [])

    # ------------------------------------------------------------------ pieces
    BUILDER_ROWS = 3
    """The most lines the builder under the hand takes (``combat_cards.tcss``)."""

    def _spare_rows(self, view: View) -> int:
        """Rows of the compact table area left free on a player's own screen (status, the
        players' table and its gap, the hand's caption, the hand, one line of the builder;
        the gap under the table and then the caption are given up too where a warband needs
        them: ``show_table``): the players' table may take them for a warband's further
        lines, and the builder (``1fr``, at most ``BUILDER_ROWS``) takes what the table
        leaves; it always has a one-line form (``_builder_forms``). The seats' facts come first: with six players
        at 80×24 the builder kept three rows for one line of words while the warbands read
        "Burna…  Waaag…". None on the public screen (its banner lists every warband in
        words)."""
        if view.seat is None:
            return 0
        body = self.query_one("#table-body").content_size.height or max(self.size.height - 6, 0)
        if self.has_class(NARROW_AREA):  # a line or two per card (``HandCard.line_rows``)
            width = self._area_width()
            rows = sum(c.line_rows(width) for c in self.query(HandCard) if c.face is not None)
        else:
            hand = self.query_one("#cc-hand").styles.height
            rows = int(hand.value if hand is not None else 5)
        used = 1 + len(view.players) + 1 + 1 + 1 + rows + 1
        return max(body - used, 0)

    _spare_drawn_for = 0

    def _check_spare(self) -> None:
        """Once laid out: draw the table again when the table area's rows leave another
        number of spare rows than it was drawn for (it was measured before the decision
        panel below took its new height: six players at 80×24 wrote a warband on a row the
        builder needed, and the builder had none). The area's height does not follow the
        table's, so the second drawing settles it."""
        if self.taken_down or not self.is_attached or self.has_class("-roomy"):
            return
        view = self.session.view()
        if view.seat is not None and self._spare_rows(view) != self._spare_drawn_for:
            self.redraw()

    def refit(self, box) -> None:
        """A player's box reached another width than its warband was drawn for (the compact
        layout gave way to the roomy one: the boxes had no width yet when the table was drawn
        again, so two tiles were fanned over each other and the covered one lost its name):
        the table is drawn again for it. The width comes from the grid, never from the
        tiles, so this cannot loop."""
        if self.is_current:
            self.redraw()

    @staticmethod
    def _band_args(view: View, seat: int) -> tuple[str, int, int] | None:
        """``seat``'s laid warband as ``band_words`` names it (band, value, cards), or
        ``None`` while it has none or discarded (``"discarded X: scores 0"``)."""
        info = view["warbands"][seat]
        defs = [c.face for c in view.zone(f"warband:{seat}").cards if c is not None and c.face is not None]
        if not defs or info is None or info["discard"]:
            return None
        return _band_label(defs).capitalize(), info["value"], info["cards"]

    def _show_bands(self, view: View) -> None:
        """The roomy layout: a box per player (full name, army, wins, draw pile) with the
        warband laid this round as unit tiles (a dotted empty place until it is laid), the
        hand's backs and the played pile beside them (``_show_played``; in words where there
        is no room), in play order; the last moves at the foot."""
        players = view.players
        order = WarbandTable._order(view)
        result = view["result"] or {}
        huge = self.size.width >= 180 and self.size.height >= 54
        self.set_class(huge, "-huge")
        self._fit_hand_cards(huge)
        base = HUGE_BAND_TILE if huge else BAND_TILE if len(players) <= 4 else (BAND_TILE[0], 3)
        width = self._area_width()
        columns = band_columns(len(players), width)
        self.set_class(len(players) > columns and not huge, "-crowded")  # two rows of boxes: no backs, no moves
        short = len(players) % columns  # boxes on a shorter last row: they grow to fill it
        grid = columns * short if short else columns
        bands = self.query_one("#cc-bands")
        bands.styles.grid_size_columns = grid
        # at most BOX_MAX a box, the rows centred: not a few cards in a box as wide as half
        # the screen (Textual aligns the area's children as one block: a margin centres them)
        most = min(width, columns * BOX_MAX + (columns - 1))
        left = (width - most) // 2
        if bands.styles.width is None or bands.styles.width.value != most or bands.styles.margin.left != left:
            bands.styles.width = most
            bands.styles.margin = (0, 0, 0, left)
        for seat in range(len(players)):
            last_row = short and seat >= len(players) - short
            self.query_one(f"#cc-band-{seat}").styles.column_span = grid // (short if last_row else columns)
        # a replay's hands as tiles in every box or in none (``hand_tiles_fit``)
        rooms = [max(self.query_one(f"#cc-band-{seat}").content_size.width, 24) for seat in order]
        tiled_hands = view.omniscient and all(self.hand_tiles_fit(view, seat, room) for seat, room in zip(order, rooms))
        peek_backs, wordy = self.count_words(min(rooms))
        sizes = self.warband_sizes(view, base, dict(zip(order, rooms)))  # one tile width for the table
        longest = longest_name(self.cardset, view["army_ids"])  # the same for every box (the foot's top card)
        # every box's band line in one form, the fullest that fits every box: boxes a column
        # apart read "6 pts, 1 card" beside "6 points, 1 card" (a fresh tester at 120×40)
        laid = {seat: self._band_args(view, seat) for seat in order}
        shared = max((band_form(*laid[seat], room) for seat, room in zip(order, rooms) if laid[seat]), default=0)
        for seat in order:
            box = self.query_one(f"#cc-band-{seat}")
            box.set_class(seat == view["to_play"], "cc-to-play")
            marker = f"{TO_PLAY} " if seat == view["to_play"] else f"{WINNER} " if seat == result.get("winner") else ""
            room = max(box.content_size.width, 24)
            caption = self._box_caption(view, seat, marker, room)
            band = view.zone(f"warband:{seat}")
            defs = [c.face for c in band.cards if c is not None and c.face is not None]
            self.tiles_drawn += [(band.name, c) for c in band.cards]
            fan = self.query_one(f"#cc-fan-{seat}", FanWidget)
            self.drawn_for(box, height=False)
            size = sizes.get(seat, base)
            peek = fan_peek(len(defs), size[0], room)
            tiles = unit_tiles(defs, self.cardset) or [empty_tile("warband")]  # the place it will be laid
            fan.show(tiles, caption=caption, size=size, peek=peek)
            info = view["warbands"][seat]
            summary = Text()
            if defs and info is not None:
                if info["discard"]:
                    summary.append(f"discarded {defs[0].name}: scores 0", "bold")
                else:
                    summary.append(band_words(*laid[seat], room, shared), "bold")
                    if not names_on_tiles(defs, size, fanned=peek is not None):  # a covered card or a tile too small for its name
                        summary.append("\n" + "\n".join(packed([f"{d.value} {d.name}" for d in defs], room)))
            elif view.over:
                pass
            elif seat not in view["participants"]:
                summary.append("sits out the tie-break", style="italic")
            elif seat == view["to_play"]:
                summary.append("choosing a warband", style="italic")
            else:
                summary.append("to play", style="italic")
            hand = view.zone(f"hand:{seat}")
            backs = [back_tile(self.cardset) for c in hand.cards if c is not None]
            held = Text(f"Hand {DOT} {plural(len(backs), 'card') if wordy else len(backs)}", style="dim")
            hand_size, hand_peek, hand_fan = BACK_TILE, peek_backs, True
            hand_w = fan_width(HAND_SIZE, BACK_TILE[0], hand_peek)  # a full hand's room: the same form all game
            if view.omniscient:  # a finished game's replay: the hand face up, said once
                faces = [c.face for c in hand.cards if c is not None and c.face is not None]
                size = band_tile_size(faces, BAND_TILE, room)
                if faces and tiled_hands:
                    # tiles side by side, each naming its card (no list in words: the fresh
                    # tester at 200×60 read every hand twice, as text and as a fan of cards)
                    backs, hand_size, hand_peek = unit_tiles(faces, self.cardset), size, None
                    hand_w = len(faces) * (size[0] + 1) - 1
                elif faces:  # tiles too small for the names: the hand in words alone
                    hand_fan, hand_w = False, 0
                    summary.append("\n" if summary.plain else "")
                    summary.append("\n".join(packed([f"hand: {faces[0].value} {faces[0].name}", *(f"{d.value} {d.name}" for d in faces[1:])], room)), "dim")
            out = view.zone(f"out:{seat}")
            played = [c.face for c in out.cards if c is not None and c.face is not None]
            beside = room - hand_w - (self.PILES_GAP if hand_w else 0)
            # the top card by name in the box's foot (its bottom border: no row more, the
            # hand's builder keeps its row at 120×36) where the armies' longest name would
            # not fit beside the counts; the same place all game, in every box
            foot = Text("")
            if self.has_class("-crowded"):  # no room for the piles: the counts stay, in words
                summary.append("\n" if summary.plain else "")
                widest = f"Hand {DOT} 5 cards {DOT} Played {DOT} 99 cards {DOT} top 12 "
                named_below = cell_len(widest) + longest > room
                summary.append_text(crowded_words(len(backs), played, room, top=not named_below))
                self.query_one(f"#cc-out-{seat}", FanWidget).display = False
            elif beside < self.OUT_MIN:  # no room for the played pile beside the hand: in words
                named_below = False
                summary.append("\n" if summary.plain else "")
                summary.append_text(played_words(played, room))
                self.query_one(f"#cc-out-{seat}", FanWidget).display = False
            else:
                named_below = cell_len(played_captions([], wordy)[0].plain) + len(f" {DOT} top 12 ") + longest > beside
                self._show_played(seat, out, beside, wordy, named_below=named_below)
            if named_below:
                # in the narrowest box's room, so every box says it in one form (the border
                # keeps "─ " and " ─" each side of it)
                foot = top_words(played, min(rooms) - 2, longest)
            if str(box.border_subtitle or "") != foot.plain:
                box.border_subtitle = plain_text(foot.plain)
            self.query_one(f"#cc-sum-{seat}", Static).update(summary)
            hand_tiles = self.query_one(f"#cc-backs-{seat}", FanWidget)
            hand_tiles.display = hand_fan
            box.set_class(not hand_fan, "-hand-in-words")  # the played pile at the box's edge
            hand_tiles.styles.min_width = hand_w if hand_peek == peek_backs and hand_fan else None  # else the CSS's
            hand_tiles.show(backs, caption=held, size=hand_size, peek=hand_peek)
        self.query_one("#cc-moves", RecentMoves).show(public_moves(view))
        self.call_after_refresh(self._even_rows)

    @staticmethod
    def warband_sizes(view: View, base: tuple[int, int], rooms: dict[int, int]) -> dict[int, tuple[int, int]]:
        """The size of the unit tiles of each warband laid (seat → size), each box ``rooms``
        cells wide: one size for every warband of the table, the widest and tallest any of
        them needs (``band_tile_size``), where the warband's tiles still lie side by side in
        its box at that size, or were fanned anyway and still fit it fanned; else the
        warband's own size. A fresh tester at 120×40 saw a tile of 12 cells beside tiles of
        15 (one name needed the width)."""
        own = {}
        for seat, room in rooms.items():
            defs = [c.face for c in view.zone(f"warband:{seat}").cards if c is not None and c.face is not None]
            if defs:
                own[seat] = (defs, band_tile_size(defs, base, room))
        if not own:
            return {}
        common = (max(size[0] for _, size in own.values()), max(size[1] for _, size in own.values()))

        def fits(defs: list[CardDef], size: tuple[int, int], room: int) -> bool:
            if fan_peek(len(defs), common[0], room) is None:
                return True  # side by side at the common size too
            # fanned at its own size anyway: at the common size where the fan fits the box
            return fan_peek(len(defs), size[0], room) is not None and common[0] + 4 * (len(defs) - 1) <= room

        return {seat: common if fits(defs, size, rooms[seat]) else size for seat, (defs, size) in own.items()}

    @staticmethod
    def hand_tiles_fit(view: View, seat: int, room: int) -> bool:
        """Whether ``seat``'s hand, face up (a replay's omniscient view), lies in a box of
        ``room`` cells as unit tiles side by side each naming its card whole
        (``band_tile_size``, ``names_on_tiles``); an empty hand fits. Else the box says the
        hand in words and draws no tiles for it: the hand is said once either way."""
        faces = [c.face for c in view.zone(f"hand:{seat}").cards if c is not None and c.face is not None]
        size = band_tile_size(faces, BAND_TILE, room)
        return not faces or (fan_peek(len(faces), size[0], room) is None and names_on_tiles(faces, size, fanned=False))

    PILES_GAP = 2
    """Cells between a box's hand (its backs) and its played pile."""
    OUT_MIN = 10
    """The narrowest room (cells) for a box's played pile beside its hand: the top card and
    "Played 30"; narrower, the box says the pile in words."""

    COUNT_WORDS = len(f"Played {DOT} 99 cards")
    """The room (cells) a played pile's caption needs to say its count in whole words."""

    @classmethod
    def count_words(cls, room: int) -> tuple[int, bool]:
        """``(peek, wordy)`` for the boxes' hands and played piles, the narrowest box having
        ``room`` cells: the backs of a hand fanned 3 cells apart, or 2 where that leaves the
        played pile room for its count in whole words ("Played · 12 cards"); where neither
        does, every box says both counts without "cards" ("Hand · 5", "Played · 1"). The
        fresh tester at 120×40 read "Hand · 5 cards      Played · 1" in the box of the player
        to play, cut, while the next box, a cell wider, said "Played · 1 card"."""
        for peek in (3, 2):
            if room - fan_width(HAND_SIZE, BACK_TILE[0], peek) - cls.PILES_GAP >= cls.COUNT_WORDS:
                return peek, True
        return 3, False

    PILE_PEEK = 3
    """Cells each covered card of a played pile shows: its border and a value of two digits.
    With ten cards played at 120×40 a cell each showed only borders ("╭╭╭╭╭╭╭╭╭╭────╮");
    the pile shows the latest cards that fit, and its caption counts them all."""

    def _show_played(self, seat: int, out: ZoneView, room: int, wordy: bool = True, named_below: bool = False) -> None:
        """``seat``'s played pile (face up, ruling 7) beside its hand in ``room`` cells: a
        fanned stack of the cards played, the last played on top and whole (only the latest
        that fit, ``PILE_PEEK`` cells of each covered card showing), under the pile's count
        and, where it fits, its top card in words (the count alone where ``named_below``:
        the box names the top card in its foot, ``top_words``); a dotted place until a
        card is played."""
        played = [c.face for c in out.cards if c is not None and c.face is not None]
        fan = self.query_one(f"#cc-out-{seat}", FanWidget)
        fan.display = True
        forms = played_captions(played, wordy)
        if named_below:
            forms = [f for f in forms if " top " not in f.plain]
        caption = next((c for c in forms if c.cell_len <= room), forms[-1])
        width = BACK_TILE[0]
        shown = played[-((room - width) // self.PILE_PEEK + 1):] if played else []
        peek = max(1, min(self.PILE_PEEK, (room - width) // max(len(shown) - 1, 1)))
        fan.show(unit_tiles(shown, self.cardset) or [empty_tile()], caption=caption, size=BACK_TILE, peek=peek)
        self.tiles_drawn += [(out.name, c) for c in out.cards[len(out.cards) - len(shown):]]

    BAND_MIN_HEIGHT = 9
    """The shortest player's box (lines, ``combat_cards.tcss``)."""

    def _even_rows(self) -> None:
        """Make the players' boxes of each row of the grid as tall as the tallest of that row
        (six players at 120×40: a box with a warband listed in words was a line taller than
        its neighbours). A box's height is measured from its parts, which do not depend on
        its own height, so this settles at once."""
        if not self.is_attached or not self.has_class("-roomy"):
            return
        rows: dict[int, list[Widget]] = {}
        for box in self.query(BandBox):
            if box.display and box.region.width:
                rows.setdefault(box.region.y, []).append(box)
        for boxes in rows.values():
            needs = [sum(c.outer_size.height for c in box.children if c.display) + box.styles.gutter.height for box in boxes]
            tallest = max([self.BAND_MIN_HEIGHT, *needs])
            for box in boxes:
                if box.styles.min_height is None or box.styles.min_height.value != tallest:
                    box.styles.min_height = tallest

    @staticmethod
    def _box_caption(view: View, seat: int, marker: str, room: int) -> Text:
        """The head of ``seat``'s box: name and army, then rounds won and the draw pile,
        each part on a line of its own where the box (``room`` cells) is too narrow for
        them side by side (beside a docked panel): never cut. Whether the name and army
        share a line does not depend on the ``marker`` (▶, ★ or none): room for it is always
        kept, so a box keeps its height when a winner's star is added (at 120×40 the fresh
        tester saw "★ Computer 2" push "Chaos Space Marines" onto a line of its own)."""
        parts = [
            [(f"{marker}{view.players[seat]}", "bold"), (view["armies"][seat], "")],
            [(f"{plural(view['wins'][seat], 'round')} won", "bold"), (f"draw pile {view.zone(f'draw:{seat}').count}", "")],
        ]
        text = Text()
        for i, line in enumerate(parts):
            if i:
                text.append("\n")
            kept = len(f"{WINNER} ") - len(marker) if i == 0 else 0
            together = kept + sum(len(words) for words, _ in line) + len(f"  {DOT}  ") * (len(line) - 1) <= room
            for k, (words, style) in enumerate(line):
                if k:
                    text.append(f"  {DOT}  " if together else "\n")
                text.append(words, style)
        return text

    def _status(self, view: View) -> list[Text]:
        """The status line in its forms, fullest first (``FittedText`` draws the fullest that
        fits one line): the round, a tie-break's stake, the variant, who leads, the rule of
        the round; a narrow area drops the rule, then who leads (the players' table marks
        who plays), never cutting a part (beside the log a tie-break read "rounds ·…")."""
        players = view.players
        text = Text.assemble(("Round ", "bold"), (str(view["round"]), "bold"))
        if view["at_stake"] > 1:
            text.append(f" · tie-break for {view['at_stake']} rounds", style="bold reverse")
        if view["variant"] == "civil-war":
            text.append(" · Civil War")
        bare = text.copy()
        if not view.over:
            text.append(f" · {players[view['lead']]} leads")
        hint = text.copy()
        hint.append(" · highest value wins; equal value: more cards", style="dim")
        return [hint, text, bare]

    def _public_banner(self, view: View, every_warband: bool = True) -> Text:
        """The public view: the round's result in words, then (``every_warband``) every
        warband in full (the roomy layout draws them as tiles instead)."""
        result = view["result"]
        if result is None:
            last = view["last"]
            # a finished game's replay shows every hand face up: it does not say they are hidden
            quiet = "Every hand is face up in this replay." if view.omniscient else "Hands stay hidden until their owner takes the device."
            return Text(last or quiet, style="italic")
        players = view.players
        if result["winner"] is not None:
            rounds = "the round" if result["rounds"] == 1 else f"{result['rounds']} rounds"
            cards = plural(result["cards"], "card")
            text = Text.assemble(
                ("★ ", "bold"), (players[result["winner"]], "bold underline"),
                f" wins {rounds} with {plural(result['value'], 'point')} ({cards}).",
            )
        elif result["tied"]:
            names = ", ".join(players[s] for s in result["tied"])
            cards = plural(result["cards"], "card")
            text = Text.assemble(("= Tie ", "bold"), f"at {plural(result['value'], 'point')} and {cards}: {names} play a tie-break round.")
        else:
            text = Text("Nobody wins this round: every warband was a discard.", style="bold")
        hangs = [0 if result["winner"] is None and not result["tied"] else 2]  # under the words after "★ " or "= "
        for seat in view["participants"] if every_warband else ():
            defs = [c.face for c in view.zone(f"warband:{seat}").cards if c is not None and c.face is not None]
            if not defs:
                continue
            info = view["warbands"][seat]
            head = f"  {players[seat]}: "
            text.append("\n" + head, style="bold")
            hangs.append(cell_len(head))  # a wrapped warband hangs under its words, not at column 0
            if info and info["discard"]:
                text.append(f"discarded {defs[0].name} {defs[0].value} (scores 0)")
            else:
                text.append(describe(defs))
        return HangingText.of(text, 0, hangs)

    def _builder_forms(self) -> list[Text]:
        """What the builder under the hand says now, in every form from the fullest to the
        shortest (each whole: a shorter form drops a line or says it in fewer words);
        ``_fit_builder`` shows the fullest that fits the rows left under the hand."""
        hand = self._hand
        chosen = sorted(i for i in self.selected if i < len(hand))
        only_bonus = bool(hand) and all(is_bonus(d) for d in hand)
        if not chosen:
            if only_bonus:
                words = (
                    "You hold only bonus cards: press the number of the one to discard (it scores zero).",
                    "Only bonus cards: press a number to discard one (it scores 0).",
                    "1–5: discard one (scores 0).",
                )
            else:
                words = (
                    "Press 1–5 to put cards into your warband or take them out; Enter lays it.",
                    "1–5 put cards in or take them out; Enter lays the warband.",
                    "1–5 choose cards · Enter lays them.",
                )
            return [Text(w, style="italic") for w in words]
        defs = [hand[i] for i in chosen]
        problem = selection_problem(hand, chosen)
        names = " + ".join(f"{d.name} {d.value}" for d in defs)
        head = Text()
        if only_bonus:
            head.append("Discard: ", style="bold")
            head.append(names + " → scores 0", style="bold")
        else:
            head.append(f"Warband: {plural(warband_value(defs), 'point')}, {plural(len(defs), 'card')}", style="bold")
        if problem:
            full = head.copy()
            full.append("  ✗ not legal\n", style="bold")
            full.append("✗ " + problem, style="bold reverse")
            return [full, Text("✗ " + problem, style="bold reverse")]
        legal = head.copy()
        legal.append("  ✓ Legal: press Enter to " + ("discard it." if only_bonus else "lay it."), style="bold")
        lines = [legal]
        if not only_bonus:
            lines.append(Text(names))
        blocked = cannot_join(hand, chosen)
        if blocked:  # the dimmed cards of the hand: why they cannot join (issue 12.2)
            reasons = sorted(set(blocked.values()))
            lines.append(Text("✗ " + "+".join(str(i + 1) for i in sorted(blocked)) + ": " + "; ".join(reasons), style="italic"))
        forms = [Text("\n").join(lines[:n]) for n in range(len(lines), 0, -1)]
        short = head.copy()
        short.append(" ✓ Enter " + ("discards it." if only_bonus else "lays it."), style="bold")
        return forms + [short]

    def _builder_text(self) -> Text:
        """The builder's fullest form (``_builder_forms``)."""
        return self._builder_forms()[0]

    # ------------------------------------------------------------------ input
    def toggle(self, index: int) -> None:
        """Put hand position ``index`` (0-based) into the warband, or take it out."""
        if self.building() is None or not 0 <= index < len(self._hand):
            return
        self.selected ^= {index}
        self.redraw()

    def action_choose(self, number: str) -> None:
        if self.building() is not None:
            if str(number).isdigit():  # a hand position; letters choose nothing while building
                self.toggle(int(number) - 1)
            return
        super().action_choose(number)

    def card_clicked(self, ref) -> None:
        """A click on hand card ``("hand", index)`` while building a warband puts it in or
        takes it out (``toggle``); at any other time the hand's cards stand for no option."""
        if self.building() is not None:
            self.toggle(ref[1])
            return
        super().card_clicked(ref)

    def action_clear(self) -> None:
        if self.building() is not None and self.selected:
            self.selected = set()
            self.redraw()

    def action_commit(self) -> None:
        """Lay the chosen warband (or discard) if it is legal; otherwise say why."""
        decision = self.building()
        if decision is None:
            return
        chosen = sorted(self.selected)
        problem = selection_problem(self._hand, chosen)
        if problem:
            self.app.notify(problem, title="Not a legal warband", severity="warning", replace="warband")  # type: ignore[call-arg]
            return
        action = self._matching_action(decision, chosen)
        if action is None:  # pragma: no cover - the helper and the controller agree
            self.notify("That is not one of the legal moves.", severity="warning")
            return
        self.play(action)

    def action_commit_discard(self) -> None:
        """Enter when the hand holds only bonus cards: discard the chosen one."""
        self.action_commit()

    @staticmethod
    def _matching_action(decision: Decision, chosen: list[int]) -> Action | None:
        for action in decision.actions:
            if action.type == "warband" and list(action["cards"]) == chosen:
                return action
            if action.type == "discard" and [action["card"]] == chosen:
                return action
        return None

    def keys_for(self, action) -> list[str]:
        """While building: clear, toggle the warband's hand positions, Enter to lay it."""
        if self.building() is None:
            return super().keys_for(action)
        cards = list(action["cards"]) if action.type == "warband" else [action["card"]]
        return (["c"] if self.selected else []) + [str(i + 1) for i in cards] + ["enter"]

    MAIN_ACTIONS = ("commit", "commit_discard")
    """The actions of the builder's Enter: first in the key bar and the keys panel."""

    @property
    def active_bindings(self) -> dict:
        """As ``Screen.active_bindings`` (key → active binding), Enter's ``MAIN_ACTIONS``
        first: the key bar is drawn in this order and cut at its end, and at 80×24 beside
        F1's keys panel (50 columns) it lost "⏎ Lay warband", the one key a player building
        a warband needs (the panel lists every other key)."""
        bindings = super().active_bindings
        first = {key: b for key, b in bindings.items() if b.binding.action in self.MAIN_ACTIONS}
        return {**first, **{key: b for key, b in bindings.items() if key not in first}}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "commit":
            return self.building() is not None and not self.only_bonus()
        if action == "commit_discard":
            return self.building() is not None and self.only_bonus()
        if action == "clear":
            return self.building() is not None
        return super().check_action(action, parameters)


SCREEN = CombatCardsTable
