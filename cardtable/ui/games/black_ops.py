"""Black Ops Free-For-All's table: the Event in play on top, then the players as a ring of
tiles, each with its Specialist, Health pips, Load Out (face up, face down, or face down but
known to the viewer), the active Care Package and final value, the dealer marker and the Care
Package count; below, the viewer's own Care Packages (private screens) or the decks and the latest news (public).

The tiles stand in seat order, left to right, row after row (ruling 2), each player in the
same place all game: the dealer (``◆``), the players to act (a heavy border) and a trade
partner (a double border) are marked on their tiles, never moved. In the Care Package
window a seat's number claims for that player and ``P`` passes for everyone (ruling 9; the
key of the ``pass-all`` role in every game, never Enter).

Both layouts are drawn for the width the table area has (``TableArea``): beside F1's keys
panel or the log the compact ring's tiles narrow, and the roomy layout puts fewer seats in a
row (``seat_columns``) or gives way to the compact one when the rows would not fit.

The compact layout's free rows (between the hand line and the decision panel) hold every
Specialist's power in words (``power_lines``: the card text, or a plain line each when rows
are short; when some do not fit, a line says that ``s`` shows them all, and ``s`` — named
in the key bar — opens ``SpecialistsScreen`` with every power in full). The hand or recap
line takes the longest form that fits the rows left to it (``fit_lines``: two rows with five
or more players, the decision panel then showing one option fewer and scrolling).

From ``TableScreen.ROOMY_SIZE`` (120×36) the table uses a roomy layout instead: the Event as
a wide card with its full text, the same ring of seats in centred rows as even as can be
(``seat_rows``: 5 players are 3 + 2, 7 are 4 + 3, never a lone seat when a balance exists),
each a large tile (Specialist with its power's full text, Health, and the Load Out drawn as
a card tile from ``cardtable.ui.cards`` with the Care Packages played on it fanned on top,
their names and the value beside them: ``loadout_fan``), and below them the viewer's Care
Packages as card tiles, the last public moves and the decks. A click on a seat or a card
chooses the option it stands for in the current decision (one → played; several → the
first highlighted in the panel and the others named).

Everything is drawn from the ``View`` (rules: ``cards_data/black-ops.md``)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from cardtable.ui.containers import Grid, Horizontal, OneLayoutPass, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget

from cardtable.cards import CardDef
from cardtable.engine import Action, CardView, Decision, View
from cardtable.games.black_ops import describe, power_words
from cardtable.ui.cards import CardClicked, Tile, empty_tile, fan_lines, join, palette_tile, tile_lines
from cardtable.ui.glyphs import ascii_mode
from cardtable.ui.recent import RecentMoves, cell_wrap
from cardtable.ui.table import TableArea, TableScreen
from cardtable.ui.widgets import ROLE_KEYS, UNPLAYABLE, UNPLAYABLE_MARK, Caption, DecisionPanel, Footer, Static, cut_cells, plain_text, show_border_title

__all__ = ["BlackOpsTable", "SpecialistsScreen", "fit_lines", "hand_forms", "PlayerTile", "SeatTile", "HandCard", "SCREEN", "option_key", "tile_move", "ring_positions", "ring_columns", "ring_shape", "pips", "loadout_fan", "seat_moves", "recent_moves", "seat_rows", "seat_columns", "ring_rows", "card_size", "actions_for"]

COLUMNS = 4

# Glyphs outside ASCII drawn by the roomy layout, in one place (``--ascii`` swaps them).
HEART, EMPTY_HEART, DEALER, AIR = "♥", "♡", "◆", "✈"
BACK = "▒"


def ring_positions(count: int, columns: int = COLUMNS) -> list[int | None]:
    """Grid cells of the compact layout (row-major, ``columns`` wide) → seat: the seats in
    seat order, left to right, row by row, each player in the same place all game (the
    dealer and the player to act are marked on their tiles, never moved). ``None`` is an
    empty cell of the last row (one row holds the seats when ``count <= columns``)."""
    cells: list[int | None] = list(range(count))
    if count > columns:
        cells += [None] * (-count % columns)
    return cells


TILE_MIN = 16
"""The narrowest inner width (cells) of a compact tile: "face down · known" and a name
whole. Where four tiles a row would be narrower (F1's keys panel and the log both open at
120×40), fewer stand in a row (``ring_columns``)."""
TILE_PAD = 1
"""Blank cells between a compact tile's text and its border, each side, where the tile has
them (``PADDED_TILE``): a fresh tester at 80×24 read "│Ruin          ♥♥♥♡│"."""
PADDED_TILE = 22
"""The width (cells) of a compact tile of a table of fewer seats than ``COLUMNS`` (one row):
its border, a cell of padding each side (``TILE_PAD``) and the 18 cells of text a 20-cell
tile has (``PlayerTile.WIDTH``), so nothing it says is shortened. A full row of four at 80
columns has 20 cells a tile: no room for the padding without shortening what the tile says
(a name of 12 letters and "asks", "Extended Mag = 11"), so those tiles have none."""


def ring_columns(width: int) -> int:
    """How many tiles of the compact layout stand in a row of a table area ``width`` cells
    wide: ``COLUMNS`` (20 cells each at 80 columns), fewer where a tile's inside would be
    narrower than ``TILE_MIN``; at least 1."""
    return max(1, min(COLUMNS, width // (TILE_MIN + 2)))


def ring_shape(count: int, width: int, rows: int) -> tuple[int, bool]:
    """How the compact layout seats ``count`` players in a table area ``width`` cells wide
    with ``rows`` rows free for them: ``(columns, False)`` for tiles (``ring_columns``, 5
    rows a row of tiles) when they fit; else ``(1, True)``, a line a seat (``PlayerTile``'s
    ``one_line``: every seat stays on screen, e.g. 8 players at 80×24 beside the log)."""
    columns = ring_columns(width)
    if 5 * -(-count // columns) <= rows or count <= columns:
        return columns, False
    return 1, True


SEAT_MIN = 30
"""The narrowest seat tile of the roomy layout (columns; ``black_ops.tcss``)."""


def seat_columns(count: int, width: int) -> int:
    """How many seat tiles of the roomy layout stand side by side in a table area ``width``
    cells wide: up to ``COLUMNS``, each at least ``SEAT_MIN`` wide (fewer beside a docked
    keys or log panel); at least 1."""
    return max(1, min(COLUMNS, count, width // SEAT_MIN))


def seat_rows(count: int, columns: int = COLUMNS) -> list[int]:
    """How many seats each row of the roomy layout holds: as few rows as ``columns`` allow,
    their sizes as even as can be, the fuller rows first (5 → ``[3, 2]``, 7 → ``[4, 3]``,
    8 → ``[4, 4]``): no row holds a lone seat when a balanced split exists."""
    rows = max(1, -(-count // columns))
    small, extra = divmod(count, rows)
    return [small + (1 if r < extra else 0) for r in range(rows)]


def ring_rows(count: int, columns: int = COLUMNS) -> list[list[int]]:
    """The seats of the roomy layout, row by row, each row left to right on the screen
    (sizes ``seat_rows(count, columns)``): in seat order, as in ``ring_positions``, each
    player in the same place all game."""
    rows, taken = [], 0
    for size in seat_rows(count, columns):
        rows.append(list(range(taken, taken + size)))
        taken += size
    return rows


def pips(health: int, most: int) -> str:
    """Health as pips: ``♥♥♥♡`` for 3 of 4 (shape, not colour, carries the meaning)."""
    return HEART * health + EMPTY_HEART * max(0, most - health)


def _fit(text: str, width: int) -> str:
    """``text`` in at most ``width`` terminal cells, cut with "…" (``cut_cells``: a name
    with an emoji or a CJK letter is measured as drawn)."""
    return cut_cells(text, width)


def _first_fitting(texts: Sequence[str], width: int) -> str:
    """The first of ``texts`` (longest form first) that fits in ``width``; else the last, cut."""
    for text in texts:
        if cell_len(text) <= width:
            return text
    return _fit(texts[-1], width)


_BRIEF_WHEN = {
    "reveal_match": "on matching another's value",
    "reveal_weapon": "on revealing {weapons}",
    "others_drew": "once {count} others drew this round",
    "reveal_highest": "on revealing the highest value",
    "reveal_adjacent": "on a value {difference} off another's",
    "air_strike_revealed": "when another reveals an Air Strike",
    "lose_health": "on losing Health (still in)",
    "traded_away": "when another takes their Load Out",
}


def power_brief(power) -> str:
    """A Specialist's power in one short line of plain words (at most about 55 cells), for
    a table with no room for the card text: ``"draws 1 Care Package on revealing the
    highest value"``; ``"draws 2 (not 1) ..."`` for a power that replaces the usual draw.
    The card text (``cards_data/black-ops.yaml``) says the same at length."""
    trigger = str(power.get("trigger"))
    weapons = [str(w).replace("-", " ").title() for w in power.get("weapons", ())]
    when = _BRIEF_WHEN.get(trigger, "when its trigger happens").format(
        weapons=" or ".join(weapons) or "a listed weapon", count=power.get("count", "some"), difference=power.get("difference", 1)
    )
    draw = power.get("draw", 1)
    what = f"{draw} Care Package{'' if draw == 1 else 's'}" if isinstance(draw, int) else "Care Packages"
    return f"draws {what}{' (not 1)' if power.get('instead') else ''} {when}"


POWERS_KEY = "s"
"""The key that opens every Specialist's power in full (``SpecialistsScreen``)."""


def power_lines(view: View, width: int, rows: int, first: Sequence[int] = ()) -> list[Text]:
    """Every seat's Specialist power for the compact table, in at most ``rows`` lines of
    ``width`` cells, never a word cut: each card's full text ("Ann · Battery: Whenever
    another player reveals ...", wrapped) when all of them fit; else one plain line each
    (``power_brief``); else those lines for as many seats as fit, the seats of ``first``
    (the viewer, the players to choose) before the others, and a last line saying that
    ``s`` shows them all (``SpecialistsScreen``): no power is left out without a word (on
    a single free row, the first seat's power alone: the key bar names ``s``, as it does
    when no row is free)."""
    seats = list(dict.fromkeys([*first, *range(len(view.players))]))
    faces = {}
    for seat in seats:
        top = view.zone(f"specialist:{seat}").top
        if top is not None and top.face is not None:
            faces[seat] = top.face
    seats = [s for s in seats if s in faces]

    def entry(seat: int, words: str) -> list[Text]:
        head = f"{view.players[seat]} · {faces[seat].name}: "
        lines = cell_wrap(head + words, width, subsequent_indent="  ")
        out = [Text.assemble((head, Style(bold=True)), lines[0][len(head) :])] if lines[0].startswith(head) else [Text(lines[0])]
        return out + [Text(line, Style()) for line in lines[1:]]

    full = [line for seat in sorted(seats) for line in entry(seat, faces[seat].text or power_words(faces[seat].get("power") or {}))]
    if len(full) <= rows:
        return full
    brief = {seat: entry(seat, power_brief(faces[seat].get("power") or {})) for seat in seats}
    if sum(len(b) for b in brief.values()) <= rows:
        return [line for seat in sorted(seats) for line in brief[seat]]
    # not every power fits: as many as fit, and a last row says where the others are (on
    # a single free row the first seat's power; the key bar names s then)
    note = [Text(f"{POWERS_KEY}: every Specialist's power", Style(italic=True))] if rows >= 2 else []
    out: list[Text] = []
    for seat in seats:
        if len(out) + len(brief[seat]) <= rows - len(note):
            out += brief[seat]
    return out + note if out or rows < 2 else note


def wrapped_lines(text: Text, width: int) -> Text:
    """``text`` (one paragraph, its styles kept) broken into the lines ``cell_wrap`` gives
    for ``width`` cells, written with explicit line ends, each ``GLUE`` drawn as a space:
    Rich wraps a Text by its own rule, which breaks at a no-break space too (a fresh tester
    at 80×24 read "…on Ann:" over "3."), so the lines are decided here, not by Rich."""
    plain, pieces, at = text.plain, [], 0
    for line in cell_wrap(plain, width) or [""]:
        start = plain.find(line, at)
        piece = text[start : start + len(line)]
        piece.plain = piece.plain.replace(GLUE, " ")  # one cell for one: the styles stay in place
        pieces.append(piece)
        at = start + len(line)
    return Text("\n").join(pieces)


def glue_value(words: str, names: Sequence[str]) -> str:
    """``words`` with each player's name glued (``glue_names``) and every number after a
    colon glued to it: "played Concussion on Ann: 3." keeps "Ann: 3." on one line."""
    return re.sub(r": (-?\d)", ":" + GLUE + r"\1", glue_names(words, names))


def fit_lines(forms: Sequence[Text], width: int, rows: int, more: str = "") -> Text:
    """The first of ``forms`` (the longest first) whose words wrap into ``rows`` lines of
    ``width`` cells; when none does, the last one cut after its last whole word that fits,
    ending in ``"… " + more`` (where the rest is, e.g. ``"(l: the log)"``): never a word
    cut in the middle, never a cut without ``…``. Its lines are written out
    (``wrapped_lines``): a phrase glued with ``GLUE`` stays on one line."""
    rows = max(1, rows)
    for form in forms:
        if len(cell_wrap(form.plain, width) or [""]) <= rows:
            return wrapped_lines(form, width)
    last = forms[-1]
    tail = "… " + more if more else "…"
    words = last.plain.split(" ")
    keep = len(words)
    while keep > 0 and len(cell_wrap(" ".join(words[:keep]) + " " + tail, width)) > rows:
        keep -= 1
    cut = len(" ".join(words[:keep]))
    return wrapped_lines(Text.assemble(last[:cut], " " + tail if keep else tail), width)


OWN_CARE_PACKAGES = "Your Care Packages"
"""The caption of the viewer's own Care Packages on their private view: "Your", not the
player's name ("Me's Care Packages" for a player named Me, the hostile tester saw); another
player's holdings keep the name."""


def hand_forms(cards: Sequence[CardDef], unplayable: frozenset[str]) -> list[Text]:
    """The viewer's own Care Packages as a line, longest first: each card as players name
    it (``Your Care Packages: Concussion (-1)``), then by its name alone, then by its effect
    alone (``-1``, ``STOP``) with the count, then so without "Your" (``2 Care Packages: -1 ·
    STOP``, ``2 CP: ...``). A card the decision lists as not playable now is marked
    ``✗`` and dimmed in every form (``Decision.unplayable`` names it by ``describe``)."""
    def line(head: str, label) -> Text:
        text = Text(head, Style(bold=True))
        if not cards:
            return text + Text("none")
        parts = []
        for card in cards:
            words = label(card)
            if describe(card) in unplayable:
                parts.append(plain_text(Text.assemble((UNPLAYABLE_MARK, UNPLAYABLE), (words, UNPLAYABLE))))
            else:
                parts.append(plain_text(Text(words)))
        return text + Text(" · ").join(parts)

    return [
        line(f"{OWN_CARE_PACKAGES}: ", describe),
        line(f"{OWN_CARE_PACKAGES}: ", lambda card: card.name),
        line(f"Your {len(cards)} Care Packages: ", lambda card: str(card.get("short") or card.name)),
        # without "Your" (the title line says whose view it is): on one row beside the log
        # at 80×24, where tester5 read "Bartholomewz's 2 Care Packages: -3 …"
        line(f"{len(cards)} Care Packages: ", lambda card: str(card.get("short") or card.name)),
        line(f"{len(cards)} CP: ", lambda card: str(card.get("short") or card.name)),
    ]


def every_hand_forms(view: View) -> list[Text]:
    """Every seat's Care Packages on the omniscient view of a finished game's replay
    (``View.omniscient``), a line a seat (``Ann: Semtex (-3) · ACOG Sight (+3)``), longest
    first: each card as players name it, by its name alone, by its effect alone (``-3``,
    ``STOP``). Empty on any other view: a hand is private while the game is played."""
    if not view.omniscient:
        return []
    forms = []
    for label in (describe, lambda card: card.name, lambda card: str(card.get("short") or card.name)):
        lines = []
        for seat, name in enumerate(view.players):
            cards = [c.face for c in view.zone(f"hand:{seat}").cards if c is not None and c.face is not None]
            lines.append(Text.assemble((f"{name}: ", Style(bold=True)), " · ".join(label(card) for card in cards) or ("no Care Package", Style(dim=True))))
        forms.append(Text("\n").join(lines))
    return forms


def wrapped_rows(text: Text, width: int) -> int:
    """The rows ``text`` takes wrapped at ``width`` cells, each of its lines on rows of its own."""
    return sum(max(1, len(cell_wrap(line, width))) for line in text.plain.split("\n"))


class SpecialistsScreen(Screen[None]):
    """Every player's Specialist with its power's full text and their Health, from the view
    only (Specialists are public, ruling 18): the compact table has no room for them all
    with five or more players. ``s``, Esc or ``q`` closes it."""

    BINDINGS = [Binding(f"escape,{POWERS_KEY},q", "close", "Back to the table", key_display="Esc")]
    DEFAULT_CSS = """
    SpecialistsScreen { background: $background; }
    #bo-specialists-title { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    #bo-specialists-body { height: 1fr; padding: 0 1; }
    """

    def __init__(self, view: View, title: str) -> None:
        super().__init__()
        self.view_ = view
        self.title_words = title

    def compose(self) -> ComposeResult:
        yield Caption(f"{self.title_words} — the Specialists at this table", id="bo-specialists-title")
        with VerticalScroll(id="bo-specialists-body"):
            yield Static(self.render_powers(), id="bo-specialists-text")
        yield Footer()

    def render_powers(self) -> Text:
        """One paragraph a seat, in seat order: ``Ann (♥♥♥♡) · Battery: Whenever ...``."""
        view, info = self.view_, self.view_.info
        text = Text()
        for seat, name in enumerate(view.players):
            top = view.zone(f"specialist:{seat}").top
            if top is None or top.face is None:
                continue
            face = top.face
            words = face.text or power_words(face.get("power") or {})
            alive = info["alive"][seat]
            health = pips(info["health"][seat], info["max_health"]) if alive else "out"
            text.append_text(plain_text(Text.assemble((f"{name} ({health}) · {face.name}: ", Style(bold=True)), words)))
            text.append("\n")
        text.rstrip()
        return text

    def action_close(self) -> None:
        self.dismiss()


def option_key(action: Action) -> str | None:
    """The key of a Care Package window option: the claimant's seat number (``1``–``8``) or
    the table's key of the pass for everyone (``P``, the ``pass-all`` role; ruling 9);
    ``None`` for other options (numbered in order)."""
    if action.type == "claim":
        return str(action["seat"] + 1)
    if action.role:
        return ROLE_KEYS[action.role][0]
    return None


def mark_seat(tile: Widget, view: View, seat: int, acting: tuple[int, ...], held: str) -> None:
    """Set a seat tile's bottom border (``held``: the Care Package count in words, "passed",
    or the round the player went out) and its classes: ``out``, ``acting`` (a seat of the
    decision on screen), ``trading`` (asked to trade, or asking)."""
    info = view.info
    alive = info["alive"][seat]
    sub = [held] + (["passed"] if seat in info["passed"] else [])
    show_border_title(tile, plain_text(" · ".join(sub) if alive else f"out, round {info['eliminated_round'][seat]}"), subtitle=True)
    tile.set_class(not alive, "out")
    tile.set_class(seat in acting, "acting")
    tile.set_class(info["target"] == seat or (info["trader"] == seat and info["target"] is not None), "trading")


ASKER_CELLS = 3
"""The fewest cells the asking player's name is cut to (with "…") in "asked by Annab…"."""


def asked_by(head: str, asker: str, width: int) -> list[str]:
    """The forms, longest first, of a seat tile's line saying that ``asker`` asks this seat
    to trade (ruling 5), after ``head`` (``"12 · "`` or nothing): "asked by Annabelle123",
    "Annabelle123 asks" (four cells fewer, the name whole: a fresh tester read "asked by
    Computer…" at 80×24 with eight players), then the name cut with "…" to fit ``width``
    cells (down to ``ASKER_CELLS``), then "asked to trade" and "asked". A fresh tester at
    80×24 saw the partner only by the tiles' borders: the asked player's own tile said
    "face down · yours"."""
    forms = [f"{head}asked by {asker}", f"{head}{asker} asks"]
    room = width - cell_len(forms[1]) + cell_len(asker)
    if ASKER_CELLS <= room < cell_len(asker):
        forms.append(f"{head}{_fit(asker, room)} asks")
    return [*forms, f"{head}asked to trade", f"{head}asked"]


LINE_STYLES = ((False, True), (True, True), (False, False), (True, False))
"""How the compact layout's seat lines (``PlayerTile.one_line``) draw Health and a card's
back, ``(Health as "3♥", back in words)``, in order of preference: pips (``♥♥♥♡``) and
"face down", then the shorter forms. The table takes the first in which every row holds
its public facts (``PlayerTile.holds``) and draws all rows in it (ASCII: "3H", not "HHHh")."""


class PlayerTile(Static):
    """One player's place at the table; ``show`` redraws it from the view. A click on it
    posts ``CardClicked(("seat", seat))`` (``BlackOpsTable.card_actions``)."""

    WIDTH = 18  # inner width of a tile at 80 columns

    def __init__(self, seat: int | None, cardset, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.seat = seat
        self.inner = self.WIDTH
        """The tile's inner width (cells): a quarter of the ring's width less the border (and
        the padding, ``TILE_PAD``, where the tile has it)."""
        self.cardset = cardset
        self.one_line = False
        """Draw the seat as one line, without a border (``ring_shape``: the tiles would not
        fit the rows): the players to act marked ``▶``, a trade partner ``⇄``."""

    def _ink(self, defn: CardDef) -> Style:
        colour = self.cardset.colour_hex(defn.colour) if self.cardset is not None else None
        return Style(color=colour, bold=True) if colour else Style(bold=True)

    def on_click(self, event: events.Click) -> None:
        if self.seat is not None:
            event.stop()
            self.post_message(CardClicked(("seat", self.seat)))

    def _show_line(self, view: View, acting: tuple[int, ...]) -> None:
        """One line for the seat: its mark and name, then ``line_forms``' first that fits
        ``inner``. Health and a card's back are drawn one way on every row (``line_style``,
        set by the table for all rows at once)."""
        seat = self.seat
        show_border_title(self, "")
        show_border_title(self, "", subtitle=True)
        mark_seat(self, view, seat, acting, "")
        show_border_title(self, "", subtitle=True)
        head = self.line_head(view, acting)
        line = _first_fitting(self.line_forms(view, self.line_style), self.inner - cell_len(head))
        self.update(Text(head + line, Style(bold=seat in acting)))

    line_style = LINE_STYLES[0]
    """How every row draws Health and a card's back (``LINE_STYLES``): chosen by the table
    for all rows at once (``BlackOpsTable.show_compact``), so no two rows differ."""

    def line_head(self, view: View, acting: tuple[int, ...]) -> str:
        """The start of the seat's line: ``▶`` (to act) or ``⇄`` (in a trade), ``◆`` for
        the dealer, the name."""
        seat, info = self.seat, view.info
        trading = info["target"] == seat or (info["trader"] == seat and info["target"] is not None)
        mark = "▶" if seat in acting else "⇄" if trading or self.has_class("trading") else " "
        return f"{mark}{DEALER if info['dealer'] == seat else ' '}{view.players[seat]} "

    def holds(self, view: View, acting: tuple[int, ...], style: tuple[bool, bool]) -> bool:
        """Whether the seat's line drawn in ``style`` (``LINE_STYLES``) holds every public
        fact, the Specialist's name whole (``line_forms``), in ``inner`` cells."""
        forms = self.line_forms(view, style)
        return cell_len(self.line_head(view, acting)) + min(cell_len(f) for f in forms[: forms.index(self._least) + 1]) <= self.inner

    _least = ""
    """The shortest form of the last ``line_forms`` with every public fact (``holds``)."""

    def line_forms(self, view: View, style: tuple[bool, bool]) -> list[str]:
        """The forms of the seat's line after its name, longest first, in ``style``
        (``LINE_STYLES``: Health as ``3♥`` or pips, a back as "face down" or ``▒▒▒``).
        Every public fact stays before anything else goes, in this order of priority:
        Health, the Load Out's value (``= 7``; ``✈`` for an Air Strike; its back while
        face down), the Care Package count, the Specialist (cut to ``Fireb.``, then
        ``Fir.``, only when the line needs it). A seat asked to trade (ruling 5) says who
        asks in the back's place ("asked by Cat", "Cat asks", the name cut down to "Cat… asks",
        then "asked" before the Specialist is cut). What gives way first: the Load Out's other
        words (the weapon, the Care Package on it), except that a card only the viewer
        knows keeps its words before the Specialist's name is cut once; then, on a row
        too narrow for them all, the Specialist, the count, Health."""
        count_health, back_words = style
        seat, info = self.seat, view.info
        hearts = f"{info['health'][seat]}{HEART}" if count_health else pips(info["health"][seat], info["max_health"])
        specialist = view.zone(f"specialist:{seat}").top
        spec = specialist.face.name if specialist is not None and specialist.face is not None else ""
        cut = f"{spec[:5]}." if len(spec) > 6 else spec  # "Fireb.": a cut that still reads
        least = f"{spec[:3]}." if len(spec) > 4 else spec
        if not info["alive"][seat]:
            out = f"out, round {info['eliminated_round'][seat]}"
            self._least = f"{hearts} {out} · {spec}".removesuffix(" · ")
            return [f"{hearts} {out} · {s}".removesuffix(" · ") for s in (spec, cut, least)] + [f"{hearts} {out}", out, "out"]
        held = f"{view.zone(f'hand:{seat}').count} CP"
        bodies, known, value = self._line_bodies(view, "face down" if back_words else BACK * 3)
        forms = [" ".join(f"{hearts} {body} · {held} · {spec}".split()) for body in bodies]
        forms += [" ".join(f"{hearts} {body} · {held} · {cut}".split()) for body in known]
        essential = f"{hearts} {value}".strip()
        self._least = f"{essential} · {held} · {spec}"
        if info["target"] == seat and info["trader"] is not None:  # who asks gives way before the Specialist is cut
            forms += [self._least, f"{hearts} asked · {held} · {spec}"]
            value, essential = "asked", f"{hearts} asked"
        forms += [self._least, f"{essential} · {held} · {cut}", f"{essential} · {held} · {least}", f"{essential} · {held}", essential, value or hearts]
        return forms

    def _line_bodies(self, view: View, back: str) -> tuple[list[str], list[str], str]:
        """The Load Out's words on the seat's line, longest first (with the Specialist's
        name whole); those of a card only the viewer knows (tried again with the
        Specialist cut); and its public value alone (``= 7``, ``✈``, ``back`` while face
        down, who asks to trade)."""
        seat, info = self.seat, view.info
        card = view.zone(f"loadout:{seat}").top
        face = card.face if card is not None else None
        value = info["values"][seat]
        if card is None:
            return [""], [], ""  # before the first deal: nobody has one
        if face is not None and face.kind == "air-strike":
            return [f"{AIR} Air Strike, safe", f"{AIR} Air Strike", AIR], [], AIR
        if value is not None:  # face up: the value decides who loses Health
            top = view.zone(f"mods:{seat}").top
            mod = top.face if top is not None and top.face is not None else None
            if mod is None:
                return [f"{describe(face)} = {value}", f"{face.name} = {value}", f"= {value}"], [], f"= {value}"
            short = str(mod.get("short") or mod.name)
            long = mod.name if short in mod.name else f"{short} {mod.name}"
            forms = [f"{describe(face)} {long} = {value}", f"{describe(face)} {short} = {value}", f"{face.name} {short} = {value}", f"{face.value} {short} = {value}", f"= {value}"]
            return forms, [], f"= {value}"
        # face down: its back in words, or the card the viewer knows
        who = _down_word(view, seat)
        cards = [f"{describe(face)} face down · {who}", f"{describe(face)} ({who})", describe(face), face.name] if face is not None else []
        known = cards + [f"{face.value} ({who})"] if face is not None else []
        if info["target"] == seat and info["trader"] is not None:
            # ruling 5: who asks is public and takes the back's place ("Computer 3 asks"
            # where "asked by Computer 3" does not fit), the name cut to ASKER_CELLS at
            # most ("Cat… asks")
            asker = view.players[info["trader"]]
            asks = [f"asked by {asker}", f"{asker} asks"] + [f"{_fit(asker, k + 1)} asks" for k in range(cell_len(asker) - 2, ASKER_CELLS - 1, -1)]
            bodies = [form for ask in asks for form in [*(f"{c} {ask}" for c in cards), ask]]
            return bodies, [f"{c} {asks[0]}" for c in known], asks[-1]
        return cards, known, back

    def show(self, view: View, acting: tuple[int, ...]) -> None:
        """Redraw from ``view``; ``acting`` are the seats of the decision on screen."""
        seat = self.seat
        self.visible = seat is not None
        if seat is None:  # an empty place in the ring keeps its cell
            return
        self.set_class(self.one_line, "line")
        if self.one_line:
            self._show_line(view, acting)
            return
        info = view.info
        name = view.players[seat]
        alive = info["alive"][seat]
        dealer = info["dealer"] == seat
        title = ("◆ " if dealer else "") + name
        if dealer and cell_len(title + " · dealer") <= self.inner - 4:  # the border's room (in cells: "Cy😀" takes 5)
            title += " · dealer"
        show_border_title(self, plain_text(title))
        mark_seat(self, view, seat, acting, f"{view.zone(f'hand:{seat}').count} CP")

        width = self.inner
        text = Text(no_wrap=True, overflow="ellipsis")
        specialist = view.zone(f"specialist:{seat}").top
        spec_name = specialist.face.name if specialist is not None and specialist.face is not None else "—"
        hearts = pips(info["health"][seat], info["max_health"])
        text.append(_fit(spec_name, width - len(hearts) - 1).ljust(width - len(hearts)), Style(italic=True))
        text.append(hearts + "\n", Style(bold=True))
        card = view.zone(f"loadout:{seat}").top
        if not alive and card is None:
            text.append("ELIMINATED", Style(bold=True))
            self.update(text)
            return
        text.append_text(self._loadout_line(card, width))
        text.append("\n")
        text.append_text(self._status_line(view, seat, card, width, self._name_alone(card, width)))
        self.update(text)

    @staticmethod
    def _name_alone(card: CardView | None, width: int) -> bool:
        """Whether the Load Out line holds the card's name without its value (``"12 Rocket
        Launcher"`` is wider than a tile beside the log at 120×40: 17 cells); the status
        line below then carries the value (``_status_line``), so nothing is cut."""
        face = card.face if card is not None else None
        return face is not None and face.kind == "load-out" and len(describe(face)) > width

    def _loadout_line(self, card: CardView | None, width: int) -> Text:
        if card is None:
            return Text("no Load Out yet", Style(dim=True))
        if card.face is None:
            return Text(_first_fitting(["▒▒▒ face down ▒▒▒", "▒ face down ▒", "face down"], width), Style(dim=True))
        if card.face.kind == "air-strike":
            return Text("✈ AIR STRIKE", self._ink(card.face))
        words = card.face.name if self._name_alone(card, width) else describe(card.face)
        return Text(_fit(words, width), self._ink(card.face))

    def _status_line(self, view: View, seat: int, card: CardView | None, width: int, with_value: bool = False) -> Text:
        """The tile's last line: the Load Out's state or its current value; ``with_value``
        (the line above holds the card's name alone: ``_name_alone``) puts the card's
        value first where no ``= value`` follows."""
        info = view.info
        if card is None:
            return Text("")
        if card.face is not None and card.face.kind == "air-strike":
            return Text("safe this round", Style(italic=True))
        head = f"{card.face.value} · " if with_value and card.face is not None else ""
        trader = info["trader"] if info["target"] == seat else None
        if card.face is not None and not card.up:
            who = _down_word(view, seat)
            if trader is not None:  # who asks matters more now than "face down" (ruling 5)
                return Text(_first_fitting([f"{head}{who} · asked by {view.players[trader]}", *asked_by(head, view.players[trader], width)], width), Style(italic=True))
            return Text(_first_fitting([f"{head}face down · {who}", f"{head}face down", f"{head}{who}"], width), Style(italic=True, dim=True))
        value = info["values"][seat]
        if value is None:
            if trader is not None:
                return Text(_first_fitting(asked_by(head, view.players[trader], width), width), Style(italic=True))
            return Text(head.rstrip(" ·"), Style(bold=True))
        top = view.zone(f"mods:{seat}").top
        result = f"= {value}"
        if top is None or top.face is None:
            return Text(result.rjust(width), Style(bold=True))
        short = top.face.get("short") or ""
        name = top.face.name
        # the longest form that fits, never a cut name: "+2 Red Dot Sight", "Red Dot Sight", "+2"
        forms = [f"{short} {name}", name, short] if short and short not in name else [name]
        under = [str(c.face.get("short") or c.face.name) for c in view.zone(f"mods:{seat}").cards[:-1] if c is not None and c.face is not None]
        if under:  # the older ones no longer count (ruling 10), but they are there: "+2 over -1"
            over = f"over {' '.join(under)}"
            forms = [f"{forms[0]} {over}", f"{short or name} {over}", *forms]
        left = _first_fitting(forms, width - len(result) - 1)
        return Text.assemble((left, self._ink(top.face)), (result.rjust(width - len(left)), Style(bold=True)))


def _card_corner(defn: CardDef) -> str:
    """A Black Ops card's corner: a Load Out's value, an Air Strike's plane, else the
    Care Package's short label (``+2``, ``STOP``)."""
    if defn.kind == "load-out":
        return str(defn.value)
    if defn.kind == "air-strike":
        return AIR
    return str(defn.get("short") or defn.name[:3].upper())


DECKS_WIDTH = 30
"""The decks' box at the roomy layout's foot (columns; ``black_ops.tcss``)."""
NARROW_DECKS = (23, 100)
"""The decks' box is this wide (columns) in a table area narrower than the second number
(beside the log at 120×40: 76), its labels short ("Packages"): the hand and the last moves
beside it keep 26 columns each, not 23 (moves were cut with "…")."""


RECENT_LEAST = 26
"""The fewest columns the roomy foot's last moves keep beside a hand that wants more than
half the foot (``BlackOpsTable._fit_hand``): as at 120×40 beside the log (``NARROW_DECKS``)."""


def decks_width(area: int) -> int:
    """The decks' box's width (columns) at the foot of a roomy table area ``area`` wide."""
    return NARROW_DECKS[0] if area < NARROW_DECKS[1] else DECKS_WIDTH

CARD_LINES = 15
"""The tallest Load Out card (lines): on a seat tile at least ``BIG_SEAT`` columns wide."""
BIG_SEAT = 48
"""A seat tile this wide (columns) or wider may draw its Load Out up to ``CARD_LINES`` high."""


def card_size(height: int) -> tuple[int, int]:
    """A card tile's ``(width, height)`` in cells for a card ``height`` lines high (5 to
    ``CARD_LINES``): about as wide as a playing card looks in a terminal's tall cells, at
    least 12 so that "Submachine Gun" wraps into whole words."""
    height = max(5, min(CARD_LINES, height))
    return max(12, min(22, round(height * 1.5))), height


def whole_words(words: str, width: int, **options: str) -> list[str]:
    """``words`` wrapped to ``width`` cells without breaking a word: a word longer than the
    width stands on a line of its own, longer than ``width`` (the caller sees it does not
    fit). The fresh tester read "2 Com" / "bat" / "Knife" beside a fanned Load Out."""
    return cell_wrap(words, width, break_long_words=False, break_on_hyphens=False, **options)


GLUE = "\u00a0"
"""Joins the words of a player's name in a fact beside a fan (``glued``): "asked by" over
"Computer 4", not "Computer" over "4" (the fresh tester at 120×40)."""


def glued(name: str) -> str:
    """``name`` with its words joined by ``GLUE``, kept on one row when it is wrapped."""
    return name.replace(" ", GLUE)


def item_lines(words: str, width: int, **options) -> list[str]:
    """A fact beside a fan wrapped to ``width`` cells (``whole_words``, passed ``options``),
    a glued name (``glued``) on one row when it fits one, else broken at its spaces too."""
    lines = whole_words(words, width, **options)
    if GLUE in words and any(cell_len(line) > width for line in lines):
        lines = whole_words(words.replace(GLUE, " "), width, **options)
    return [line.replace(GLUE, " ") for line in lines]


def glue_names(words: str, names: Sequence[str]) -> str:
    """``words`` with each of the players' ``names`` in it glued (``glued``), the longest
    names first: a note kept "Computer 3" on one row (a fresh tester at 200×60 read "trade
    with Computer" over "3")."""
    for name in sorted(names, key=len, reverse=True):
        if " " in name:
            words = words.replace(name, glued(name))
    return words


def _side_lines(items: Sequence[tuple[str, Style]], width: int, height: int) -> list[Text]:
    """``items`` (words and their style) wrapped into ``width`` cells (``item_lines``), at
    most ``height`` lines; an item that does not fit whole is left out (nothing is cut short)."""
    out: list[Text] = []
    for words, style in items:
        lines = item_lines(words, width) if width >= 4 else []
        if not lines or any(cell_len(line) > width for line in lines) or len(out) + len(lines) > height:
            continue
        out += [Text(line, style) for line in lines]
    return out


ROUND_START = re.compile(r"Round (\d+): ")
"""The log line that opens a round (the deal and the Event: ``Round 2: Bob deals ...``)."""


def seat_moves(view: View, seat: int, most: int = 6, *, power_shown: bool = False) -> list[str]:
    """The newest of ``view``'s log lines (those the viewer may read) that name ``seat``'s
    player as a word, oldest first, at most ``most``: what a roomy seat tile writes in the
    room beside its Load Out card. A line of an earlier round than the one on the table
    says its round (``"Round 1: Cat draws 1 Care Package for a matching Load Out."``): after
    a new deal the fresh tester read the last round's draw beside the new card as news.
    ``power_shown`` (the tile's head gives the Specialist and its power) cuts the line
    announcing the seat's Specialist to its name (``"Bob's Specialist is Ruin"``): at 200×60
    the fresh tester read the power twice, in the head and beside the card."""
    name = re.compile(rf"(?<!\w){re.escape(view.players[seat])}(?!\w)")
    announced = f"{view.players[seat]}'s Specialist is "
    current, round_ = view.info.get("round", 0), 0
    out = []
    for entry in view.log:
        start = ROUND_START.match(entry.text)
        if start:
            round_ = int(start.group(1))
        text = entry.text
        if power_shown and text.startswith(announced):
            text = text.partition(":")[0]
        if name.search(text):
            old = 0 < round_ < current and not start
            out.append(f"Round {round_}: {text}" if old else text)
    return out[-most:]


TRADED = re.compile(r"(?P<a>.+) and (?P<b>.+) trade Load Outs\.")
"""The public log line of a trade (``BlackOps._trade``): ``Ann and Bob trade Load Outs.``"""


REVEALED = re.compile(r"Reveal: (?P<cards>.+)\.")
"""The public log line of a round's reveal (``BlackOps``): ``Reveal: Bob 4 Pistol; Cy 10
Assault Rifle; Ann 9 Machine Gun.`` A seat tile shows only its own player's part of it
(``tile_move``): at 200×60 a fresh tester read the whole line in every seat's tile."""


def tile_move(text: str, name: str) -> str:
    """A log line ``text`` (from ``seat_moves``) as a note beside the card of the seat tile
    of the player ``name``, whose title already names them: a trade says who with
    (``traded with Bob``, on Ann's tile and, with Ann, on Bob's), a line whose subject is
    the player drops their name (``keeps their Load Out``), the reveal says only this
    player's card (``reveals 9 Machine Gun``, ``REVEALED``), and no note ends in a full
    stop; a ``Round N:`` in front stays. Tester5 at 120×40, 8 players: "Computer 5 and
    Computer 6 trade Load Outs." did not fit whole in the 12 cells beside either card, so
    both tiles were blank while the next player's "keeps their Load Out" stood beside its
    own."""
    start = ROUND_START.match(text)
    head, words = (text[: start.end()], text[start.end() :]) if start else ("", text)
    trade = TRADED.fullmatch(words)
    reveal = REVEALED.fullmatch(words)
    own = [part[len(name) + 1 :] for part in reveal["cards"].split("; ") if part.startswith(name + " ")] if reveal else []
    if trade and name in (trade["a"], trade["b"]):
        words = "traded with " + (trade["b"] if trade["a"] == name else trade["a"])
    elif own:
        words = "reveals " + own[0]
    elif words.startswith(name + " "):
        words = words[len(name) + 1 :]
    return (head + words).removesuffix(".")


MOVES_MIN = 10
"""The narrowest room (cells) beside a roomy seat's card for its moves: "· traded" and
"  Computer 3" on lines of their own (10 beside a 9-line card on a 30-column tile, where
tester5's 8-player table showed no trade at all)."""


def _moves_lines(moves: Sequence[str], width: int, rows: int, names: Sequence[str] = ()) -> list[Text]:
    """As many of ``moves`` (oldest first) as fit ``rows`` lines of ``width`` cells, the
    newest kept first, each whole (wrapped, ``· `` before it, the players' ``names`` in it
    each on one row where it fits one: ``glue_names``), under a blank line; empty when not
    one fits."""
    out: list[Text] = []
    for words in reversed(moves):
        lines = item_lines("· " + glue_names(words, names), width, subsequent_indent="  ") if width >= MOVES_MIN else []
        if not lines or any(len(line) > width for line in lines) or len(out) + len(lines) + 1 > rows:
            break
        out = [Text(line, Style(dim=True)) for line in lines] + out
    return [Text("")] + out if out else []


CLAIMED = re.compile(r".+ claims the next Care Package play\.")
"""The log line that starts each move of the Care Package window (``BlackOps._apply``)."""


def recent_moves(view: View, count: int = 30) -> list[tuple[str, bool]]:
    """The roomy table's last moves (``RecentMoves`` entries, oldest first): ``view``'s
    newest ``count`` log lines, with the reveal's recap (``info["recap"]``, in bold, while
    the Care Package window is open) where it happened: after the reveal's draws, before
    the window's first claim. Added at the end, it stayed under every later play (the
    fresh tester read it below "Computer 2 plays EMP ...", their own Nova Gas play pushed
    out of the box)."""
    entries: list[tuple[str, bool]] = [(e.text, False) for e in view.log]
    recap = view.info["recap"]
    if recap:
        reveal = max((i for i, (text, _) in enumerate(entries) if REVEALED.fullmatch(text)), default=-1)
        at = next((i for i in range(reveal + 1, len(entries)) if CLAIMED.fullmatch(entries[i][0])), len(entries))
        entries.insert(at, (recap, True))
    return entries[-count:]


def _down_word(view: View, seat: int) -> str:
    """Why ``view`` shows the face of ``seat``'s face-down Load Out: ``"yours"`` (the
    viewer's own), ``"hidden"`` (a finished game's replay shows every card: it lay face down
    at the table, and the replay's viewer is no player it was "known to"), else ``"known"``
    (the viewer was shown it)."""
    if view.seat == seat:
        return "yours"
    return "hidden" if view.omniscient else "known"


FAN_CARD_MIN = 12
"""The narrowest top card of a fan on a seat tile (``card_size``'s least width: "Submachine
Gun" wraps into whole words)."""


SIDE_MIN = 12
"""The fewest cells beside a fan for its facts (else they go below it, a sentence the
tile's width): in 8 cells the fresh tester at 120×40 read "asked by" / "Computer" / "4"."""


def fit_fan(tiles: list[Tile], card_w: int, width: int) -> tuple[list[Tile], int, int]:
    """A Load Out's fan (``tiles``, the Load Out first, its top card ``card_w`` wide) made to
    fit ``width`` cells: ``(tiles, card width, peek)``. Each covered card shows its whole
    corner (``peek``: 3 to 5 cells, 4 for "EMP", where 3 read "EM"), the fan at most two
    thirds of ``width`` while a smaller peek allows it (the facts beside it), then the top
    card narrowed down to ``FAN_CARD_MIN`` to leave the facts ``SIDE_MIN`` cells beside it
    (in 8 cells they read "asked by" / "Computer" / "4", a word a row); a fan still too wide keeps the Load Out and the
    newest Care Packages that fit, the older ones left out (the words below the fan count
    them and say which card is on top: ``loadout_fan``; a fresh tester at 120×40 read a
    Load Out with 7 replaced Care Packages as 4 cards and a "…" card). The fresh tester at
    120×40 saw a Load Out with 6 Care Packages wrap in its 26 cells: broken borders, the
    total lost."""
    covered = tiles[:-1]
    least = max(3, 1 + max((cell_len(t.corner) for t in covered), default=2))
    peek = max(5, least)
    while peek > least and card_w + peek * len(covered) > width * 2 // 3:
        peek -= 1
    beside = width - 2 - SIDE_MIN - peek * len(covered)  # the widest top card with the facts beside it
    card_w = max(min(card_w, FAN_CARD_MIN, width), min(card_w, beside))
    slots = max(0, (width - card_w) // peek)  # covered cards that fit beside the top one
    if len(covered) > slots:
        older = covered[1:]
        covered = ([covered[0]] if slots else []) + (older[len(older) - (slots - 1) :] if slots > 1 else [])
    return [*covered, tiles[-1]], card_w, peek


REPLACED = " (replaced)"
ON_TOP = " on top"
"""After the newest Care Package in the words below a fan that leaves older cards out."""
BELOW_ROWS = 3
"""The most rows the facts below a fan take while the older Care Packages are named one by
one; beyond that they are counted (``below_sentence``)."""


def below_sentence(facts: Sequence[str], width: int) -> str:
    """The facts of a Load Out (``loadout_fan``'s words beside the card) as one sentence
    below its fan, ``width`` cells wide, ending in the total: every card named
    (``11 Sniper Rifle · ACOG Sight (+3) (replaced) · Red Dot Sight (+2) = 13``) while that
    takes at most ``BELOW_ROWS`` rows, else the replaced ones counted (``6 Submachine Gun ·
    5 Care Packages replaced · Nova Gas (-2) = 4``): seven rows of names pushed the seat
    rows of a 5-player table at 120×40 off the screen. The total is glued (``GLUE``) to the
    card before it, so a wrap never leaves "=" at a row's end and the number alone below
    (a fresh tester read "Semtex (-3) =" over "0")."""

    def sentence(parts: Sequence[str]) -> str:
        return " · ".join(parts).replace(" · = ", GLUE + "=" + GLUE)

    full = sentence(facts)
    replaced = [i for i, words in enumerate(facts) if words.endswith(REPLACED)]
    if len(replaced) < 2 or len(cell_wrap(full, max(4, width))) <= BELOW_ROWS:
        return full
    # the replaced cards counted once, where the first of them stood (two alike were each
    # counted: "3 Care Packages replaced · 3 Care Packages replaced")
    kept = [f"{len(replaced)} Care Packages replaced" if i == replaced[0] else words for i, words in enumerate(facts) if i not in replaced[1:]]
    return sentence(kept)


def loadout_fan(view: View, seat: int, width: int, height: int, cardset=None, moves: Sequence[str] = ()) -> list[Text]:
    """``seat``'s Load Out drawn as a card (``cardtable.ui.cards`` tiles) with every Care
    Package played on it fanned on top (oldest first, the newest whole), and beside the
    fan what it adds up to: each card's name (an older Care Package struck through and
    "(replaced)": only the newest counts, ruling 10), then ``= value`` or the state (face down,
    yours, known to you or, in a replay, hidden at the table: ``_down_word``), asked to trade, safe this round); when a wide fan leaves no room
    beside it for all of that, it is written below the fan instead, as one sentence ending
    in the total (``11 Sniper Rifle · ACOG Sight (+3) · Red Dot Sight (+2) = 13``), never
    left out. The rows beside the card that the facts leave hold ``moves`` (the seat's
    newest moves, ``seat_moves``), as many whole as fit. ``height`` lines (more when the
    facts go below) of at most ``width`` cells. Only what ``view`` shows: a face-down card
    someone else holds is its back, an empty place a dotted outline."""
    info = view.info
    card = view.zone(f"loadout:{seat}").top
    mods = [m for m in view.zone(f"mods:{seat}").cards if m is not None and m.face is not None]
    card_w, card_h = card_size(height)
    side: list[tuple[str, Style]] = []
    if card is None:
        alive = info["alive"][seat]
        tiles = [empty_tile()]
        side.append(("no Load Out yet" if alive else "ELIMINATED", Style(dim=True) if alive else Style(bold=True)))  # the border says the round
    else:
        mark = ""
        if card.face is not None and not card.up:
            mark = _down_word(view, seat)
        tiles = [palette_tile(card, cardset, _card_corner, mark)] + [palette_tile(m, cardset, _card_corner) for m in mods]
        if card.face is None:
            side.append(("face down", Style(italic=True)))
        elif card.face.kind == "air-strike":
            side += [(AIR + " Air Strike", Style(bold=True)), ("safe this round", Style(italic=True))]
        elif not card.up:
            side += [(describe(card.face), Style(bold=True)), ("face down, " + {"known": "known to you", "hidden": "hidden at the table"}.get(mark, mark), Style(italic=True))]
        else:
            side.append((describe(card.face), Style(bold=True)))
            # only the newest counts (ruling 10): the older ones say they were replaced
            side += [(describe(m.face) + ("" if i == len(mods) - 1 else REPLACED), Style() if i == len(mods) - 1 else Style(dim=True, strike=True)) for i, m in enumerate(mods)]
            if info["values"][seat] is not None:
                side.append((f"= {info['values'][seat]}", Style(bold=True)))
        if info["target"] == seat and info["trader"] is not None:
            side.append((f"asked by {glued(view.players[info['trader']])}", Style(italic=True)))
    shown, card_w, peek = fit_fan(tiles, card_w, width)
    lines, _ = fan_lines(shown, card_w, card_h, peek)
    fan = max((line.cell_len for line in lines), default=0)
    beside = _side_lines(side, width - fan - 2, card_h - 2) if width - fan - 2 >= SIDE_MIN else []
    left_out = len(shown) < len(tiles)
    if left_out or len(beside) < sum(len(item_lines(words, max(4, width - fan - 2))) for words, _ in side):
        # a wide fan (several Care Packages) leaves no room beside it: every fact goes below,
        # in a sentence the width of the tile, so the total is never left out; where the fan
        # leaves older cards out, the sentence counts them and says which card is on top
        facts = [words for words, _ in side]
        if left_out and mods and describe(mods[-1].face) in facts:
            facts[facts.index(describe(mods[-1].face))] += ON_TOP
        below = cell_wrap(below_sentence(facts, width), max(4, width))
        return lines + [Text(line.replace(GLUE, " "), Style(bold=True)) for line in below]
    beside += _moves_lines(moves, width - fan - 2, card_h - 2 - len(beside), view.players)
    for i, words in enumerate(beside):
        lines[1 + i].append("  ")
        lines[1 + i].append_text(words)
    return lines


def actions_for(decision: Decision | None, *, seat: int | None = None, card: int | None = None) -> list[Action]:
    """The options of ``decision`` that a click on ``seat``'s place (a claim by that seat, a
    trade with it, a Care Package played on it, a peek at it) or on the hand's Care Package
    number ``card`` stands for; empty when none does."""
    if decision is None:
        return []
    found = []
    for action in decision.actions:
        if seat is not None and seat in (action.get("seat"), action.get("target")):
            found.append(action)
        elif card is not None and seat is None and action.get("card") == card:
            found.append(action)
    return found


class SeatTile(OneLayoutPass, Widget):
    """One player's place in the roomy layout: Specialist and Health, the power's full text,
    the Load Out as a card with its Care Packages fanned on top (``loadout_fan``). Clicking it
    chooses what it stands for in the current decision (``CardClicked(("seat", seat))``)."""

    DEFAULT_CSS = "SeatTile { height: auto; }"

    def __init__(self, seat: int | None, cardset, **kwargs) -> None:
        super().__init__(**kwargs)
        self.seat = seat
        self.cardset = cardset
        self._view: View | None = None
        self.short_power = False
        """Write the power in its short form ("highest: +1"): when the full text of every
        seat's power would not leave the ring room on the screen."""
        self.card_height = 7
        """How many lines the Load Out's card is high (``card_size``): as tall as the
        screen allows, set by ``BlackOpsTable._fit_seats``."""

    def _ink(self, defn: CardDef) -> Style:
        colour = self.cardset.colour_hex(defn.colour) if self.cardset is not None else None
        return Style(color=colour, bold=True) if colour else Style(bold=True)

    def show(self, view: View, acting: tuple[int, ...], partner: int | None) -> None:
        """Redraw from ``view``; ``acting`` are the seats of the decision on screen and
        ``partner`` the seat a trade option names (marked like a trade being asked)."""
        seat = self.seat
        self.visible = seat is not None
        self._view = view
        if seat is None:
            return
        self._set_title()
        held = view.zone(f"hand:{seat}").count
        # "in hand" goes when "passed" joins it: the narrowest tile (30 columns) holds it whole
        in_hand = "" if seat in view.info["passed"] else " in hand"
        mark_seat(self, view, seat, acting, f"{held} Care Package{'' if held == 1 else 's'}{in_hand}")
        if seat == partner:
            self.set_class(True, "trading")
        self.refresh(layout=True)

    TITLE_ROOM = 6
    """The cells of a tile's width its border title cannot use (the corners, the border's
    lines beside the title and the spaces around it)."""

    def _set_title(self) -> None:
        """The border title, "◆ Ann · dealer  ♥♥♥♥": the words "· dealer" only while the
        whole title fits the tile's border, so a long name never loses its Health to the cut
        (the lead at 120×40 with four players saw "◆ Computer 2 · dealer  …"); the ``◆``
        stays. Called on each redraw and each resize (the room is the tile's width)."""
        view, seat = self._view, self.seat
        if view is None or seat is None:
            return
        info = view.info
        dealer = info["dealer"] == seat
        mark = DEALER + " " if dealer else ""
        hearts = "  " + pips(info["health"][seat], info["max_health"])
        title = mark + view.players[seat] + " · dealer" + hearts
        if not dealer or cell_len(title) > self.size.width - self.TITLE_ROOM:
            title = mark + view.players[seat] + hearts
        show_border_title(self, plain_text(title))

    def on_resize(self, event: events.Resize) -> None:
        self._set_title()

    power_rows = 0
    """At least this many lines for the power's text (blank lines after it): every tile of
    the ring draws its Load Out card at the same row, its cards' edges in line."""

    def lines(self, width: int) -> list[Text]:
        """The tile's content, ``width`` cells wide (nothing is cut: the power wraps)."""
        view, seat = self._view, self.seat
        if view is None or seat is None or width < 8:
            return []
        out = self.power_lines(width)
        out += [Text("")] * max(0, self.power_rows - len(out))
        moves = [tile_move(move, view.players[seat]) for move in seat_moves(view, seat, power_shown=bool(out))]
        out += loadout_fan(view, seat, width, self.card_height, self.cardset, moves)
        if view.omniscient:  # a finished game's replay: the Care Packages held, face up
            held = [c.face for c in view.zone(f"hand:{seat}").cards if c is not None and c.face is not None]
            words = "Care Packages: " + (" · ".join(describe(card) for card in held) or "none")
            out += [Text(line, Style(bold=i == 0)) for i, line in enumerate(cell_wrap(words, width))]
        return out

    def power_lines(self, width: int) -> list[Text]:
        """The Specialist's name and power wrapped to ``width`` cells (short when
        ``short_power``)."""
        view, seat = self._view, self.seat
        if view is None or seat is None or width < 8:
            return []
        specialist = view.zone(f"specialist:{seat}").top
        face = specialist.face if specialist is not None else None
        out: list[Text] = []
        if face is not None:
            power = face.text or (power_words(face.get("power")) if face.get("power") else "")
            if self.short_power and face.get("short"):
                power = str(face.get("short"))
            words = cell_wrap(f"{face.name}: {power}", width)
            for i, line in enumerate(words):
                if i == 0 and line.startswith(face.name + ":"):
                    out.append(Text.assemble((face.name, Style(bold=True, italic=True)), (line[len(face.name) :], Style(italic=True))))
                else:
                    out.append(Text(line, Style(italic=True)))
        return out

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self.lines(width)))

    def render(self) -> Text:
        text = Text("\n").join(self.lines(self.content_size.width))
        text.no_wrap = True
        return text

    def on_click(self, event: events.Click) -> None:
        if self.seat is not None:
            event.stop()
            self.post_message(CardClicked(("seat", self.seat)))


TEXT_PAD = 1
"""Blank cells between a hand card's border and its text (corners, name), each side."""


class HandGrid(Grid):
    """The player's own Care Packages box: ``refit`` (the table's ``_fit_hand``) runs again
    whenever the box's size changes. Its height comes from the foot, laid out after the
    table, so a fit made when the cards were drawn can read an old height (a loaded CI saw
    tiles in a box of 4 rows, two cards cut off)."""

    def __init__(self, refit, **kwargs) -> None:
        super().__init__(**kwargs)
        self._refit = refit

    def on_resize(self, event: events.Resize) -> None:
        self._refit()


class HandCard(Static):
    """One of the viewer's Care Packages as a card tile (roomy layout; ``cardtable.ui.cards``):
    its short effect in the corners, its name inside, its text as the tooltip; dimmed when
    the decision lists it as not playable now; one line (``flat``) where the box has no
    room for tiles. A click plays it when the decision has exactly one option for it
    (``CardClicked(("care-package", index))``)."""

    SIZE = (16 + 2 * TEXT_PAD, 7)
    """The tile's largest (width, height) in cells; ``size`` may be lower (5 lines at least).
    Two cells wider than the longest name for its padding ("Red Dot Sight" whole a cell
    clear of each side: the fresh tester at 120×40 read "│Red Dot Sight │")."""

    def __init__(self, index: int, cardset=None, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.index = index
        self.cardset = cardset
        self.size_cells = self.SIZE

    def show(self, defn: CardDef, unplayable: frozenset[str]) -> None:
        """Draw ``defn`` (the card at ``index`` in the hand)."""
        self.defn, self._unplayable = defn, unplayable
        dim = defn.name in unplayable
        self.set_class(dim, "unplayable")
        self.tooltip = defn.text  # what it does, under the mouse (the rules screen has it too)
        if self.has_class("flat"):
            self.update(Text(self.flat_words(defn), "bold"))
            return
        tile = palette_tile(CardView(defn), self.cardset, _card_corner, dim=dim, pad=TEXT_PAD)
        self.update(join(tile_lines(tile, *self.size_cells)))

    @staticmethod
    def flat_words(defn: CardDef) -> str:
        """The card as one line: ``"+2 Red Dot Sight"``; the name once when the short label
        is the name (``"EMP"``, not ``"EMP EMP"``)."""
        short = str(defn.get("short") or "")
        return defn.name if not short or short in defn.name else f"{short} {defn.name}"

    def redraw(self) -> None:
        """Draw the card again (after switching between tile and one line)."""
        if getattr(self, "defn", None) is not None:
            self.show(self.defn, self._unplayable)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(CardClicked(("care-package", self.index)))


def flat_columns(room: int, widest: int, scrollbar: bool = False) -> int:
    """How many columns of one-line cards (``HandCard`` ``flat``) fit the hand's box when
    it is ``room`` cells wide, its border included: each column ``widest`` cells of words
    plus its padding (0 1), one gutter cell between two columns, and with ``scrollbar`` a
    cell kept for the scroll bar. So ``n`` columns take ``n * (widest + 3) - 1`` cells
    inside the border. 0 when not even one fits (``room`` and ``widest`` in cells)."""
    inside = room - 2 - (1 if scrollbar else 0)
    return max(0, (inside + 1) // (widest + 2 + 1))


def between_rounds(info: dict) -> bool:
    """True after a round is scored and before the dealer deals the next one (phase
    ``deal`` from round 1 on): the table still shows the finished round's cards."""
    return bool(info["round"]) and info["phase"] == "deal"


def next_deal(view: View) -> str:
    """``"Next: Bob deals round 2."``: who deals the coming round (the dealer moved on)."""
    info = view.info
    return f"Next: {view.players[info['dealer']]} deals round {info['round'] + 1}."


class BlackOpsTable(TableScreen):
    """The Black Ops screen (rules: cards_data/black-ops.md)."""

    NEWS_OVER_OWN_VIEW = True  # the compact view shows the hand, not the news (a Health lost)

    CSS_PATH = ["../table.tcss", "black_ops.tcss"]
    BINDINGS = [
        Binding(POWERS_KEY, "specialists", "Specialists"),
        Binding("right_square_bracket", "scroll_hand(1)", "Hand ↓", key_display="]"),
        Binding("left_square_bracket", "scroll_hand(-1)", "Hand ↑", key_display="["),
    ]
    """``s`` every Specialist's power; ``]`` and ``[`` page the hand's box down and up, shown
    (key bar and F1) only while it holds more cards than it shows (``_fit_hand``): neither
    is a letter or a number, so no option loses its key."""
    ROOMY_WIDTH = 76
    """The table area's narrowest width (columns) for the roomy layout (its foot: the hand,
    the last moves and the decks, ``DECKS_WIDTH``)."""
    SEAT_ROWS_MIN = 9
    """The fewest rows a row of roomy seat tiles needs: the border, the power in short and
    a Load Out card 5 lines high."""

    def compose_table(self) -> ComposeResult:
        """The compact layout (the Event line, the ring of tiles: one row up to four players,
        else two; the hand/decks line) and the roomy one (the Event card and the decks, the
        ring of seat tiles, the hand's cards and the last moves); the CSS shows one of them by
        the screen's ``-roomy`` class, set when the roomy layout is drawn."""
        count = len(self.session.game.players)
        self.crowded = count > COLUMNS
        self.set_class(self.crowded, "crowded")
        self._drawn_roomy: bool | None = None
        self._hand_scrolls = False
        """The roomy hand's box holds more cards than it shows (``]``/``[`` page it)."""
        self._ring_lines = 5 * (2 if self.crowded else 1)
        self._counts_rows = 1
        """The rows the compact ring of tiles takes (5 a row of tiles: ``ring_columns``)."""
        with TableArea(id="bo-area"):
            with Vertical(id="bo-compact"):
                yield Caption("", id="bo-event")
                # a tile per seat and the empty cells of a last row of any width (ring_columns)
                tiles = [PlayerTile(seat, self.cardset, classes="bo-tile") for seat in [*range(count), *[None] * (COLUMNS - 1)]]
                yield Grid(*tiles, id="bo-ring")
                yield Caption("", id="bo-hand")
                yield Caption("", id="bo-deck-counts")  # public: always shown (issue 14)
                yield Static("", id="bo-powers")  # the free rows: every Specialist's power in words
            with Vertical(id="bo-roomy"):
                yield Static("", id="bo-event-card")
                # rows of seats, centred: 5 players are 3 + 2 (seat_rows); fewer a row beside
                # a docked panel (seat_columns: the rows are built again, _seat_tiles)
                self._seat_columns = seat_columns(count, COLUMNS * SEAT_MIN)
                with Vertical(id="bo-seats"):
                    yield from self._seat_row_widgets(count, self._seat_columns)
                with Horizontal(id="bo-bottom"):
                    yield HandGrid(self._fit_hand, id="bo-hand-cards")
                    yield RecentMoves(id="bo-recent")
                    yield Static("", id="bo-decks")

    def _seat_row_widgets(self, count: int, columns: int) -> list[Horizontal]:
        """The roomy layout's rows of seat tiles for ``columns`` seats at most a row (the
        tiles, in seat order, kept in ``_tiles``)."""
        rows = [[SeatTile(seat, self.cardset, classes="bo-seat") for seat in row] for row in ring_rows(count, columns)]
        self._tiles = [tile for row in rows for tile in row]
        return [Horizontal(*row, classes="bo-seat-row") for row in rows]

    def _seat_tiles(self, count: int, columns: int) -> list[SeatTile]:
        """The seat tiles of the roomy layout in seat order, their rows built again first when
        the table area now holds another number of seats a row (``seat_columns``)."""
        if columns != self._seat_columns:
            self._seat_columns = columns
            seats = self.query_one("#bo-seats")
            seats.remove_children()
            seats.mount_all(self._seat_row_widgets(count, columns))
        return self._tiles

    def on_resize(self, event: events.Resize) -> None:
        """Switch between the compact and the roomy layout when the size crosses
        ``ROOMY_SIZE`` (the CSS shows the right one; this draws it)."""
        if self._drawn_roomy is not None and self._drawn_roomy != self.roomy_for(self._area_width_now()):
            self.redraw()

    def on_decision_panel_note_changed(self, message: DecisionPanel.NoteChanged) -> None:
        """The panel's note came or went: the roomy layout counts it in the panel's height
        (``_fit_panel``), so that it takes no option's row where the seats can give one (the
        settle note "Now only Bob chooses, …" hid a Care Package option: issue 14)."""
        message.stop()
        if self._drawn_roomy and not self.taken_down:
            self._fit_panel(self._tiles, self._seat_columns)

    def _area_width(self) -> int:
        """The columns the table area has now (the screen's, less a panel docked beside it:
        ``TableArea`` draws the table again when they change), the table marked as drawn for
        them (``TableArea.columns``)."""
        area = self.query("#bo-area")
        return area.first(TableArea).columns() if area else self.size.width

    def _area_width_now(self) -> int:
        """``_area_width`` without marking the table as drawn (``TableArea.width_now``): for
        a part fitted alone, e.g. the hand's box as it resizes (``_fit_hand``). The log
        opened in the Care Package window resized the hand's box first; its fit marked the
        area as drawn for the narrower width, so the seat tiles were never drawn again for
        it: four columns of them ran under the log (the fresh tester at 120×40, issue 14)."""
        area = self.query("#bo-area")
        return area.first(TableArea).width_now() if area else self.size.width

    def roomy_table(self) -> bool:
        """Whether to draw the roomy layout (``roomy_for``) in the table area's width now,
        the table marked as drawn for it."""
        return self.roomy_for(self._area_width())

    def roomy_for(self, width: int) -> bool:
        """Whether a table area ``width`` columns wide takes the roomy layout: the screen is
        roomy (``TableScreen.roomy``), the area (less a docked keys or log panel) is at least
        ``ROOMY_WIDTH`` wide with at least two seats a row (``seat_columns``), and the rows of
        seats that makes fit the screen's height (``SEAT_ROWS_MIN`` rows each)."""
        if not self.roomy:
            return False
        count = len(self.session.game.players)
        columns = seat_columns(count, width)
        if width < self.ROOMY_WIDTH or columns < min(2, count):
            return False
        return self._seat_room(width) // len(seat_rows(count, columns)) >= self.SEAT_ROWS_MIN

    def _seat_room(self, width: int) -> int:
        """The rows the roomy layout leaves its seats: the screen less the title and the key
        bar, the decision panel, the Event card (its text wrapped to ``width``) and the foot
        (the hand, the last moves and the decks: 5 rows at least)."""
        return self.size.height - 2 - self._panel_rows(width) - self._event_card_rows(width) - 5

    def _event_card_rows(self, width: int) -> int:
        """The rows the roomy layout's Event card takes: its border and its words wrapped
        to ``width`` less the border and padding."""
        words = getattr(self, "_event_words", "") or "x"
        return 2 + max(1, len(cell_wrap(words, max(10, width - 4))))

    def action_specialists(self) -> None:
        """``s``: every Specialist's power in full (``SpecialistsScreen``); public, so it
        opens on any table screen, but not over a pending hand-over."""
        if self._handoff_pending:
            return
        self.app.push_screen(SpecialistsScreen(self.session.view(), self.session.game.title))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scroll_hand":
            return self._hand_scrolls and bool(self._drawn_roomy)
        return super().check_action(action, parameters)

    def action_scroll_hand(self, step: int) -> None:
        """``]`` / ``[``: the hand's box a page down / up (the mouse wheel's scroll)."""
        grid = self.query_one("#bo-hand-cards", Grid)
        if step > 0:
            grid.scroll_page_down(animate=False)
        else:
            grid.scroll_page_up(animate=False)

    # ------------------------------------------------------------------ clicks
    def card_actions(self, ref) -> list[Action]:
        """A click on ``("seat", seat)`` (a player's tile) or ``("care-package", index)`` (a
        card of the hand): the options it stands for (``actions_for``)."""
        kind, number = ref
        decision = self.session.visible_decision()
        return actions_for(decision, seat=number) if kind == "seat" else actions_for(decision, card=number)

    def card_name(self, ref) -> str:
        kind, number = ref
        return self.session.game.players[number] if kind == "seat" else "That Care Package"

    def title_text(self, view: View, decision: Decision | None) -> Text:
        """The title line; the open Care Package window says so instead of listing every name."""
        if decision is not None and len(decision.seats) > 2:
            return Text.assemble((self.session.game.title, "bold"), f"  ·  open to {len(decision.seats)} players")
        return super().title_text(view, decision)

    def option_keys(self, decision: Decision) -> Sequence[str | None] | None:
        """Seat numbers and ``P`` (pass for everyone, shown in the key bar by the table) in
        the Care Package window; the default elsewhere (which skips this screen's own
        letters: ``s`` is the Specialists, never an option)."""
        if decision.kind != "claim":
            return super().option_keys(decision)
        return [option_key(action) for action in decision.actions]

    def card_label(self, defn: CardDef) -> str:
        """A card's corner text: a Load Out's value, else its short label."""
        if defn.kind == "load-out":
            return str(defn.value)
        return str(defn.get("short") or defn.name[:3].upper())

    def show_table(self, view: View) -> None:
        """Draw the table from ``view`` (called after every action and hand-off): the
        layout the screen's size calls for."""
        self._drawn_roomy = self.roomy_table()
        # Textual sets -very-wide instead of -wide from 180 columns: one class says "roomy"
        self.set_class(self._drawn_roomy, "-roomy")
        if self._drawn_roomy:
            self.show_roomy(view)
        else:
            self._grow_panel(self.size.height)  # the compact layout: the usual panel
            self.show_compact(view)

    def show_compact(self, view: View) -> None:
        """Draw the compact layout (80×24) from ``view``."""
        info = view.info
        event = view.zone("event").top
        line = Text()  # two lines hold every Event's text at 80 columns: never cut
        if between_rounds(info):
            line.append(f"Round {info['round']} is over", Style(bold=True))
            if event is not None and event.face is not None:
                line.append(f" (its Event: {event.face.name})")
            line.append(f"  ·  {next_deal(view)}")
        elif info["round"]:
            line.append(f"Round {info['round']}", Style(bold=True))
            if event is not None and event.face is not None:
                line.append(" · ")
                line.append(event.face.name, Style(bold=True, underline=True))
                line.append(" — " + info["event_text"])
        else:
            line.append("Before the first deal", Style(bold=True))
            line.append(f"  ·  {view.players[info['dealer']]} deals first.")
        self.query_one("#bo-event", Static).update(line)
        self._event_plain = line.plain

        decision = None if self._handoff_pending else self.session.visible_decision()
        acting = decision.seats if decision is not None else ()
        # the partner a trade option names is marked like a trade being asked
        partner = next((a["target"] for a in decision.actions if a.type == "trade"), None) if decision is not None else None
        width, height = self._area_width(), self.size.height
        # the Event whole: its text wraps into as many rows as the area's width needs
        inner = max(20, width - 2)
        event_rows = self._event_rows(inner)
        event_widget = self.query_one("#bo-event", Static)
        if event_widget.styles.height is None or event_widget.styles.height.value != event_rows:
            event_widget.styles.height = event_rows
        counts = self._deck_counts(view, inner)
        self.query_one("#bo-deck-counts", Static).update(counts)
        self._counts_rows = len(cell_wrap(counts.plain, inner)) or 1
        free = height - 2 - self._panel_rows(width) - event_rows - self._counts_rows - 1  # a row for the hand line
        columns, lines = ring_shape(len(view.players), width, free)
        if not lines and len(view.players) < columns:  # one row, not full: wider tiles, padded
            columns = len(view.players)
        positions = ring_positions(len(view.players), columns)
        self._ring_lines = (5 if not lines else 1) * -(-len(positions) // columns)
        ring = self.query_one("#bo-ring", Grid)
        ring.set_class(lines, "lines")
        if ring.styles.grid_size_columns != columns:
            ring.styles.grid_size_columns = columns
        # every tile as wide as the others (at most 20: the ring is 80 wide at 80 columns, or
        # PADDED_TILE in a row of fewer); a line a seat is the area's width
        tile_width = width if lines else min(20 if columns == COLUMNS else PADDED_TILE, width // columns)
        pad = TILE_PAD if not lines and tile_width - 2 - 2 * TILE_PAD >= PlayerTile.WIDTH else 0
        if ring.styles.width is None or ring.styles.width.value != tile_width * columns:
            ring.styles.width = tile_width * columns
        tiles = list(self.query(PlayerTile))
        for i, tile in enumerate(tiles):
            tile.display = i < len(positions)
            tile.seat = positions[i] if i < len(positions) else None
            tile.inner = tile_width - 2 - 2 * pad  # the border and its padding, or a cell of padding each side
            tile.set_class(bool(pad), "padded")
            tile.one_line = lines
            tile.set_class(tile.seat is not None and tile.seat == partner, "trading")
        # Health and a back one way on every row: the first style in which each row holds
        # its public facts (LINE_STYLES; in ASCII Health as "3H", pips would read "HHHh")
        seated = [tile for tile in tiles if tile.display and tile.seat is not None]
        styles = [s for s in LINE_STYLES if s[0] or not ascii_mode()]
        style = next((s for s in styles if not lines or all(t.holds(view, acting, s) for t in seated)), styles[-1])
        for tile in tiles:
            tile.line_style = style
            tile.show(view, acting)
            if tile.seat is not None and tile.seat == partner:
                tile.set_class(True, "trading")

        # the hand / recap line gets the rows the Event, the ring and the panel leave (at
        # least one): the longest form that fits, else cut at a word with "…" (fit_lines)
        room = max(1, height - 2 - self._panel_rows(width) - event_rows - self._ring_lines - self._counts_rows)
        recap, last = info["recap"], glue_value(info["last"] or "", view.players)
        recap_forms = [Text(recap, Style(bold=True))]
        if recap and last and last != recap:  # the newest play, when there is room (it is on its tile)
            recap_forms.insert(0, Text.assemble((recap, Style(bold=True)), "  ·  " + last))
        if view.seat is not None:
            cards = [c.face for c in view.zone(f"hand:{view.seat}").cards if c is not None and c.face is not None]
            unplayable = self.unplayable_names()  # dimmed and marked: the panel says why (issue 12.2)
            forms = hand_forms(cards, unplayable)
            bottom = fit_lines(forms, inner, room)
            if recap and room >= 2:
                # the Care Package window on a player's own view: the hand and, under it, the
                # reveal's recap (ruling 9: who drew Care Packages and why), which the fresh
                # tester at 80×24 found nowhere but in the log; the hand keeps the rows its
                # shortest form needs, the recap takes the others (the powers give way)
                least = len(cell_wrap(forms[-1].plain, inner)) or 1
                said = fit_lines(recap_forms, inner, max(1, room - least), "(l: the log)")
                bottom = fit_lines(forms, inner, max(1, room - len(said.plain.split("\n"))))
                bottom = Text("\n").join([bottom, said])
        elif view.omniscient:  # a finished game's replay: every hand, then the news where rows are left
            hands = every_hand_forms(view)
            bottom = next((form for form in hands if wrapped_rows(form, inner) <= room), hands[-1])
            left = room - wrapped_rows(bottom, inner)
            news = recap_forms if recap else [Text(last)] if last else []
            if news and left >= 1:
                bottom = Text("\n").join([bottom, fit_lines(news, inner, left, "(l: the log)")])
        elif recap:  # the Care Package window: the reveal's recap (ruling 9); the decks have a line of their own
            bottom = fit_lines(recap_forms, inner, room, "(l: the log)")
        else:
            bottom = fit_lines([Text(last or "")], inner, room, "(l: the log)")
        self.query_one("#bo-hand", Static).update(bottom)
        self._show_powers(view, decision, bottom)

    def _event_rows(self, width: int) -> int:
        """The rows the compact layout's Event line takes: its words wrapped to ``width``
        cells (two at 80 columns; more beside a docked panel), never cut."""
        return max(1, len(cell_wrap(self._event_plain, width)))

    @staticmethod
    def _deck_counts(view: View, width: int) -> Text:
        """The compact layout's line of deck counts (public; the roomy layout's decks box):
        each deck with its discard pile where that takes no more rows of ``width`` cells than
        the decks alone ("Decks (out): ..." beside the log at 80×24, where tester5 saw the
        discard piles dropped from a line that wrapped anyway), else the decks alone."""
        zones = (("Load Out", "loadout-deck", "loadout-discard"), ("Care Package", "cp-deck", "cp-discard"), ("Event", "event-deck", "event-discard"))
        piles = " · ".join(f"{label} {view.zone(deck).count} ({view.zone(out).count})" for label, deck, out in zones)
        short = "Decks: " + " · ".join(f"{label} {view.zone(deck).count}" for label, deck, _ in zones)
        rows = len(cell_wrap(short, width))
        forms = [f"Decks (discard piles): {piles}", f"Decks (out): {piles}"]
        return Text(next((form for form in forms if len(cell_wrap(form, width)) <= rows), short), Style(dim=True))

    def _show_powers(self, view: View, decision: Decision | None, bottom: Text) -> None:
        """Fill the compact layout's free rows with the Specialists' powers in words
        (``power_lines``): the rows the Event, the ring, the hand line and the decision
        panel leave on the screen."""
        width, height = self._area_width(), self.size.height
        inner = max(20, width - 2)  # the lines' padding
        event = self._event_rows(inner)
        ring = self._ring_lines
        hand = sum(max(1, len(cell_wrap(line, inner))) for line in bottom.plain.split("\n"))
        rows = height - 2 - self._panel_rows(width) - event - ring - hand - self._counts_rows
        first = ([view.seat] if view.seat is not None else []) + (list(decision.seats) if decision is not None else [])
        lines = power_lines(view, inner, max(0, rows), first)
        powers = self.query_one("#bo-powers", Static)
        powers.display = bool(lines)
        powers.update(Text("\n").join(lines))


    def _panel_rows(self, width: int) -> int:
        """The rows the decision panel will take for the decision on screen (it is drawn
        after the table: its present height may belong to the previous decision), its
        options at most 9 (the roomy table may give it more: ``_grow_panel``)."""
        prompt, options = self._panel_wants(width)
        return min(self.panel_limit(), 2 + prompt + min(9, options))  # black_ops.tcss

    def _panel_wants(self, width: int) -> tuple[int, int]:
        """The rows the decision on screen's prompt and all its options take wrapped in the
        panel (``(1, 1)`` with no decision)."""
        decision = None if self._handoff_pending else self.session.visible_decision()
        if decision is None:
            return 1, 1
        prompt = max(1, len(cell_wrap(decision.prompt, max(10, width - 4))))
        # each option as wrapped in the panel (" 1  " before its words; DecisionPanel)
        labels = [a.label for a in decision.actions] + [f"{n} — not now: {r}" for n, r in decision.unplayable]
        return prompt, sum(len(cell_wrap(" 1   " + label, max(10, width - 4))) or 1 for label in labels)

    FOOT_KEEP = 9
    """The rows the roomy foot keeps when the decision panel grows into it (``_grow_panel``):
    the hand's Care Packages as 7-line tiles in their box."""
    FOOT_LEAST = 7
    """The rows the roomy foot gives way to when only so every option of the decision is
    listed (``_fit_panel``): the hand's Care Packages a line each (``_fit_hand``'s flat
    cards, five in view). Five players at 120×40: six options of a Care Package choice and
    the settle note, where the seats are as low as they go (issue 14)."""

    def _note_rows(self, width: int) -> int:
        """The rows the decision panel's note (``DecisionPanel.show_note``) takes."""
        note = self.query_one(DecisionPanel).note
        return len(cell_wrap(note, max(10, width - 4))) if note else 0

    def _panel_whole(self, width: int) -> int:
        """The rows the decision panel takes with every option of the decision on screen,
        its prompt and its note listed whole."""
        prompt, wanted = self._panel_wants(width)
        return 2 + self._note_rows(width) + prompt + wanted

    def _fit_panel(self, tiles: list[SeatTile], columns: int) -> None:
        """Size the roomy layout's seats (``_fit_seats``) and its decision panel
        (``_grow_panel``) together: where the panel would not list every option of the
        decision (and its note) whole, the seats give it rows first, their Load Out cards a
        line lower at a time down to 5, on a crowded table (two rows of seats, where the
        panel is otherwise 8 rows) then their powers short ("Nomad: same value: +1"), the
        foot keeping ``FOOT_KEEP`` rows, then the foot down to ``FOOT_LEAST``; when even
        that leaves too few rows, the seats stay as they were and the panel scrolls (four
        players keep their powers' full text: test_black_ops_options_room's 120×40 guard). The fresh tester (issue 14) saw 4 of 6 options over
        "↓ more below" at 120×40 and 160×48 with five players, beside seat tiles 15 rows
        high with blank rows inside."""
        width, height = self._area_width(), self.size.height
        seats = self._fit_seats(tiles, columns)
        whole = self._panel_whole(width)
        room = height - 2 - self._event_card_rows(width)  # the seats, the foot and the panel
        if whole > self._panel_rows(width) and room - seats - self.FOOT_KEEP < whole:
            card = self._seat_card
            steps = [(most, False) for most in range(card - 1, 4, -1)]
            if self.crowded:  # then the powers short, the cards as tall as the rows allow
                steps += [(most, True) for most in range(card, 4, -1)]
            for most, short in steps:
                seats = self._fit_seats(tiles, columns, most, short)
                if room - seats - self.FOOT_KEEP >= whole:
                    break
            else:
                if room - seats - self.FOOT_LEAST < whole:  # no room even so: the seats as they were
                    seats = self._fit_seats(tiles, columns)
        self._grow_panel(seats)

    def _grow_panel(self, seat_rows_drawn: int) -> None:
        """Let the roomy table's decision panel list every option and its note where the
        rows the Event card, the seats (``seat_rows_drawn``) and a foot of ``FOOT_KEEP``
        (``FOOT_LEAST`` when only so every option is listed) leave allow: more than 9 (a
        Care Package played: card × target, 13 with three cards and four players; the fresh
        tester at 200×60 saw 9 options over "↓ more below" beside a Care Packages box with
        10 empty rows), or more than a crowded table's CSS allows (issue 14). Elsewhere the
        panel keeps its CSS height (9 options, it scrolls)."""
        width = self._area_width()
        prompt, _ = self._panel_wants(width)
        note = self._note_rows(width)
        usual = self._panel_rows(width)
        whole = self._panel_whole(width)
        room = self.size.height - 2 - self._event_card_rows(width) - seat_rows_drawn
        keep = self.FOOT_LEAST if room - self.FOOT_KEEP < whole <= room - self.FOOT_LEAST else self.FOOT_KEEP
        rows = min(whole, max(usual, room - keep)) if self._drawn_roomy else usual
        panel = self.query_one(DecisionPanel)
        if rows > usual:
            panel.let_options(rows - 2 - note - prompt, rows, over_css=True)
        else:
            panel.let_options(0, usual)

    TALL_PANEL = 54
    """From this many rows (Textual's ``-very-tall``) a crowded table's decision panel keeps
    its usual height: there is room (200×60 showed 5 options of 12 with 20 rows to spare)."""

    def panel_limit(self) -> int:
        """The most rows the decision panel takes (``black_ops.tcss``): 8 with five or more
        players on a screen lower than ``TALL_PANEL`` rows (two rows of tiles), else 12."""
        return 8 if self.crowded and self.size.height < self.TALL_PANEL else 12

    def _fit_seats(self, tiles: list[SeatTile], columns: int, card_most: int | None = None, short: bool = False) -> int:
        """Size the seat ``tiles`` (``columns`` at most a row): every tile as wide as the longest
        row allows (the rows share the table area's whole width) and as high as the tallest
        one, the Load Out cards as tall as the room leaves (5 to 11 lines, up to
        ``CARD_LINES`` on a tile at least ``BIG_SEAT`` wide: ``card_size``). When the powers'
        full texts would leave the cards less than 5 lines, write the powers short
        ("highest: +1"). ``card_most``: the cards at most so many lines (at least 5), the
        seats giving rows to the decision panel (``_fit_panel``), and ``short``: the powers
        short whatever the room. Returns the rows the seats
        take (each row of tiles as high as its tallest)."""
        sizes = seat_rows(len(tiles), columns)
        width = self._area_width()
        tile_width = width // max(sizes)
        inner = tile_width - 4  # the border and a cell of padding each side
        per_row = self._seat_room(width) // len(sizes)
        most = CARD_LINES if tile_width >= BIG_SEAT else 11
        for brief in (short, True):
            for tile in tiles:
                tile.short_power = brief
            words = max((len(t.lines(inner)) - t.card_height for t in tiles), default=0)
            if per_row - 2 - words >= 6 or brief:
                break
        card = max(5, min(most, per_row - 2 - words, card_most or most))
        power = max((len(t.power_lines(inner)) for t in tiles), default=0)
        for tile in tiles:
            tile.card_height = card
            tile.power_rows = power
        tallest = max((len(t.lines(inner)) for t in tiles), default=0) + 2
        for tile in tiles:
            if tile.styles.height is None or tile.styles.height.value != tallest:
                tile.styles.height = tallest
            if tile.styles.width is None or tile.styles.width.value != tile_width:
                tile.styles.width = tile_width
        self._seat_card = card
        return tallest * len(sizes)

    def _fit_hand(self) -> None:
        """Lay the hand's cards out in as many columns as the box holds; when tiles would
        not fit its rows, one line per card instead (``flat``): nothing is clipped. When
        even the lines do not all fit, the box scrolls and its bottom border says
        ``+N more: scroll ↓`` (N: the cards below the rows in view)."""
        if self.taken_down:
            return  # a call after the table was taken down (the game-over screen replaced it)
        grid = self.query_one("#bo-hand-cards", Grid)
        tiles = list(grid.query(HandCard))
        if not tiles or not grid.display:
            if grid.display:  # no Care Package: the box as wide as its title ("...: none")
                self._size_hand_box(grid, 0, self._hand_room())
            return
        room = self._hand_room()
        rows = max(1, (grid.size.height or 7) - 2)
        width, height = HandCard.SIZE
        columns = max(1, (room - 2) // (width + 1))
        deep = -(-len(tiles) // columns)  # rows of tiles
        height = min(11, rows // deep)  # the cards as tall as the box allows
        flat = height < 5
        more, widest = 0, 0
        if flat:  # as many columns as the rows need, each as wide as the longest line
            rows = grid.size.height or rows  # a line a card: every row of the box's inside
            widest = max((len(HandCard.flat_words(t.defn)) for t in tiles if getattr(t, "defn", None) is not None), default=20)
            need = -(-len(tiles) // rows)  # the columns that show every card
            if flat_columns(room, widest) < need and not self.has_class("-log-open"):
                # the last moves give up cells to the hand, down to RECENT_LEAST: a fresh
                # tester at 120×40 saw "+1 more: scroll ↓" beside a 50-cell last-moves box
                room = max(room, min(self._foot_width() - RECENT_LEAST, need * (widest + 3) + 1))
            fit = max(1, flat_columns(room, widest))
            columns = max(1, min(fit, need))
            if columns * rows < len(tiles):  # not all in view: the box scrolls and says so
                fit = max(1, flat_columns(room, widest, scrollbar=True))
                columns = max(1, min(fit, need))
                more = max(0, len(tiles) - columns * rows)
        else:
            width = max(width, card_size(height)[0])
            columns = max(1, min(len(tiles), (room - 2) // (width + 1)))
        grid.styles.grid_size_columns = columns
        grid.styles.grid_columns = "1fr" if flat else str(width)
        # the box as wide as its cards: tiles and their gutters, or lines of the longest
        # card's words with their padding (0 1), gutters and the scrollbar's column
        cards = columns * (widest + 3) - 1 + (1 if more else 0) if flat else columns * (width + 1) - 1
        self._size_hand_box(grid, cards, room)
        # a hand longer than the box (a line a card, every column full): the rest is below,
        # the box scrolls (black_ops.tcss), and its foot says how many more there are
        note = plain_text(f"+{more} more: scroll ↓") if more else ""
        if grid.border_subtitle != note:
            grid.border_subtitle = note
        if self._hand_scrolls != bool(more):  # ] and [ are in the key bar only then
            self._hand_scrolls = bool(more)
            self.refresh_bindings()
        for tile in tiles:
            size = (width, max(5, height))
            if tile.has_class("flat") != flat or tile.size_cells != size:
                tile.set_class(flat, "flat")
                tile.size_cells = size
                tile.redraw()

    def _foot_width(self) -> int:
        """The roomy foot's width (columns) beside the decks' box: the hand and the last moves."""
        area = self._area_width_now()  # the seats are not drawn here
        return area - decks_width(area)

    def _hand_room(self) -> int:
        """The widest the roomy hand's box may be (columns): half the foot beside the decks,
        shared with the last moves, or all of it while the log stands beside the table (the
        last moves are hidden then). A hand whose lines need more columns takes more, the
        last moves keeping ``RECENT_LEAST`` (``_fit_hand``)."""
        foot = self._foot_width()
        return foot if self.has_class("-log-open") else foot // 2

    HAND_TITLE_ROOM = 6
    """The cells of the hand box's width its border title cannot use (corners, lines, spaces)."""

    def _size_hand_box(self, grid: Grid, cards: int, room: int) -> None:
        """The hand's box as wide as its tiles (``cards`` cells, their gutters included) and
        its title need, at most ``room``: the last moves beside it take the rest. At 200×60
        the fresh tester saw an 84-column box holding one card beside a crowded "Last
        moves". With the log open (no last moves beside it) the box takes the foot (``1fr``)."""
        if self.has_class("-log-open"):
            want = "1fr"
        else:
            title = cell_len(str(grid.border_title or "")) + self.HAND_TITLE_ROOM
            want = str(min(room, max(cards + 2, title)))  # the border
        if getattr(self, "_hand_box", None) != want:
            self._hand_box = want
            grid.styles.width = want

    def show_roomy(self, view: View) -> None:
        """Draw the roomy layout from ``view``: every public fact the compact layout
        shortens is written out (Specialist powers, the Event's text, the discard piles, the
        last moves)."""
        info = view.info
        event = view.zone("event").top
        card = self.query_one("#bo-event-card", Static)
        if between_rounds(info):
            show_border_title(card, plain_text(f"Round {info['round']} is over · its Event"))
        else:
            show_border_title(card, plain_text(f"Round {info['round']} · Event" if info["round"] else "Before the first deal"))
        if between_rounds(info):
            face = event.face.name if event is not None and event.face is not None else "no Event"
            self._event_words = f"{face} (round {info['round']}, over) — {next_deal(view)}"
            card.update(Text.assemble((face, Style(bold=True)), f" (round {info['round']}, over)  ·  ", (next_deal(view), Style(bold=True))))
        elif event is not None and event.face is not None:
            self._event_words = f"{event.face.name} — {info['event_text']}"
            card.update(Text.assemble((event.face.name, Style(bold=True)), " — ", info["event_text"]))
        else:
            self._event_words = f"{view.players[info['dealer']]} deals first: the Event is revealed with the deal."
            card.update(Text(self._event_words))
        decks = Text()
        narrow = decks_width(self._area_width()) < DECKS_WIDTH
        labels = ("Load Outs", "Packages", "Events") if narrow else ("Load Out", "Care Package", "Event")
        for label, deck, discard in zip(labels, ("loadout-deck", "cp-deck", "event-deck"), ("loadout-discard", "cp-discard", "event-discard")):
            decks.append(f"{label:<{10 if narrow else 13}}", Style(bold=True))
            decks.append(f"{BACK}{view.zone(deck).count:>3} · {view.zone(discard).count:>2}{'' if narrow else ' out'}\n")
        decks.rstrip()
        box = self.query_one("#bo-decks", Static)
        show_border_title(box, "Decks · out" if narrow else "Decks · discard piles")
        if box.styles.width is None or box.styles.width.value != decks_width(self._area_width()):
            box.styles.width = decks_width(self._area_width())
        box.update(decks)

        decision = None if self._handoff_pending else self.session.visible_decision()
        acting = decision.seats if decision is not None else ()
        partner = next((a["target"] for a in decision.actions if a.type == "trade"), None) if decision is not None else None
        count = len(view.players)
        columns = seat_columns(count, self._area_width())
        tiles = self._seat_tiles(count, columns)
        for tile in tiles:
            tile.show(view, acting, partner)
        self._fit_panel(tiles, columns)

        grid = self.query_one("#bo-hand-cards", Grid)
        cards = []
        if view.seat is not None:
            cards = [c.face for c in view.zone(f"hand:{view.seat}").cards if c is not None and c.face is not None]
        grid.display = view.seat is not None
        self.set_class(view.seat is None, "-no-hand")  # the decks may stand alone at the foot (CSS)
        self.set_class(view.seat is not None and not cards, "-empty-hand")  # its box keeps to its title (CSS)
        if view.seat is not None:
            # the box shares the foot with the last moves and the decks (DECKS_WIDTH): "Your"
            # goes when it would not fit the border
            room = (self._area_width() - decks_width(self._area_width())) // 2 - 6
            own = OWN_CARE_PACKAGES
            forms = [own, "Care Packages"] if cards else [f"{own}: none", "Care Packages: none", "No Care Packages"]
            show_border_title(grid, plain_text(_first_fitting(forms, room)))
            tiles = list(grid.query(HandCard))
            if len(tiles) != len(cards):
                grid.remove_children()
                tiles = [HandCard(i, self.cardset, classes="bo-hand-card") for i in range(len(cards))]
                grid.mount(*tiles)
            unplayable = self.unplayable_names()
            for tile, defn in zip(tiles, cards):
                tile.show(defn, unplayable)
            self._fit_hand()
            self.call_after_refresh(self._fit_hand)  # again once the box is measured
        moves = self.query_one("#bo-recent", RecentMoves)
        show_border_title(moves, "Last moves")
        moves.show(recent_moves(view))


SCREEN = BlackOpsTable
