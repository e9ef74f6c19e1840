"""FOFL vs ANFOFL's table: both sides' boards side by side (Red left, Blue right), the hand of
the player at the screen, and a status line. Rendered only from the ``View``.

Each board lists, one line per card where it matters: Websites, Locations (``#n``: the order
they were played in, which decides power: ruling 5), People with their Items, Spacecraft with
their pilots and the pilots' Items, loose Items, Software and lasting Actions. Values are in one
form everywhere: ``P`` current power, ``T`` toughness left / full toughness. Public facts are
written on the card: the Website a Proxy or System Admin ``guards``, ``off (Antivirus)`` or
``off (DoS attack)`` for a card switched off, and a line when an own Website is not in play yet
(ruling 1). Marks say what each card can still do this turn: ``⚔`` can attack, ``✦`` an ability
is ready, ``tired`` it acted (it cannot block until its next turn), ``new`` it came into play
this turn. ``i`` opens the full text of every card the player can see. A board whose cards
would not all be in sight lists its People several to a line instead, each card whole
(``board_text``'s ``dense``), a line breaking only between two cards (a Person and the Item
it carries are two); when the boards' cards are still not all in sight side by side, the
two boards are stacked, each the table's width, its title and counts on one line
(``FoflTable._stacked_texts``).

From 120×36 (``TableScreen.roomy``) the table is drawn as a card table instead: each side's
cards in play as bordered tiles (``CardTile``) standing in columns of their own, each tile in
the side's order under the shortest column so far (``ColumnsLayout``: a tall tile leaves the
tiles beside it their own height), Items carried by a Person and the pilots of a Spacecraft
as small tiles inside it; the hand of the player looking as tiles and
every other hand as a fanned stack of card backs; draw and discard pile counts, the order of
the Locations and the last moves. From 180×54 the tiles also carry each card's short text. A side
whose cards would not all be in sight is drawn less full, in the fullest form whose rows,
counted before it is drawn, fit (``FoflTable._plan``): from 180×54 without the short texts,
then (as below 180×54) in compact tiles, the card's name in the border title and its numbers
and marks on one line (``compact_text``), then with the cards inside them as lines, and last
in line tiles: each card a line without a border as the compact board writes it
(``card_line``), its name and numbers never broken (``card_head``: a tile two columns wide
where they need it), the cards inside it on lines of their own under it, indented (a pilot
said so, an Item "+", an Item under its pilot deeper), the other hand's card backs left out
(``FoflTable.LEAST_FULL``). A
click on a tile chooses what that card stands for in the decision on screen (``tile_actions``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual import events
from cardtable.ui.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import NULL_OFFSET, Region, Size
from textual.layout import ArrangeResult, Layout, WidgetPlacement
from textual.css.scalar import Unit
from textual.layouts.grid import GridLayout
from textual.screen import Screen
from textual.widget import Widget

from cardtable.cards import CardDef
from cardtable.engine import Action, Decision, View, plural
from cardtable.games.fofl import COUNTDOWN, SIDE_NAMES
from cardtable.engine import CardView
from cardtable.ui.cards import CardClicked, FanWidget, back_tile, empty_tile, fit_names, palette_tile
from cardtable.ui.recent import RecentMoves
from cardtable.ui.table import SizedBox, TableScreen
from cardtable.ui.widgets import UNPLAYABLE_MARK, Caption, FittedText, Footer, HangingText, Static, default_keys, hand_name, show_border, show_border_title, text_rows, unbroken

__all__ = ["FoflTable", "CardTextScreen", "CardTile", "SCREEN", "board_text", "card_line", "tile_actions", "fanned_backs",
           "hand_keys", "hand_forms", "status_forms", "wrapped_forms"]

MARK_ATTACK = "⚔"
MARK_ABILITY = "✦"
MARK_ACTIVE = "▶"
MARK_LISTED = "☠"
CHOICE_MARK = "⏎"
ORDER_ARROW = "→"
BACK_EDGE_TOP, BACK_EDGE_MID, BACK_EDGE_BOTTOM = "╭", "│", "╰"
BACK_TOP, BACK_MID, BACK_BOTTOM = "╭────╮", "│▒▒▒▒│", "╰────╯"
"""Glyphs outside ASCII drawn by this screen (``--ascii`` swaps them: issue 14)."""
LEGEND = (
    "P power  T toughness left/full  #n Locations in the order played (the latest applies first)  "
    f"{MARK_ATTACK} can attack  {MARK_ABILITY} ability ready  tired: acted, cannot block until its next turn  "
    "used: acted this turn  new: came in this turn  off: switched off"
)
HOME_NAMES = {"red": "FOFL", "blue": "ANFOFL"}
AREA_NAMES = {
    "sites": ("Website", "Websites"), "places": ("Location", "Locations"), "people": ("Person", "People"),
    "craft": ("Spacecraft", "Spacecraft"), "items": ("Item", "Items"), "soft": ("Software", "Software"),
    "lasting": ("Lasting Action", "Lasting Actions"),
}
"""Each area of a side in the rulebook's words, one card and several (the compact board's
headings say the number its cards make; an empty roomy area says the plural)."""


def _ink(view_cards: Any, colour: str | None) -> Style:
    hexcode = view_cards.colour_hex(colour) if colour else None
    return Style(color=hexcode, bold=True) if hexcode else Style(bold=True)


def card_head(cardset: Any, defn: CardDef, status: dict[str, Any]) -> Text:
    """The start of ``card_line`` that is never broken over two lines: the coloured name, the
    place in the order played, the current values and the ready marks ("The Tsar of Russia
    P2 T5/5 ⚔✦"; at 120×40 a line tile broke it before "T5/5"). Marked ``unbroken`` whole,
    and its numbers with their marks again ("P2 T5/5 ⚔✦", kept whole where the whole head is
    wider than a line: the 80×24 board beside the log is 15 cells)."""
    text = Text()
    text.append(defn.name, _ink(cardset, status.get("colour") or defn.colour))
    if status.get("placed") is not None:
        text.append(f" #{status['placed']}", Style(bold=True))
    numbers = len(text)
    if status.get("power") is not None:
        text.append(f" P{status['power']}")
    if status.get("toughness") is not None:
        text.append(f" T{status['toughness']}/{status['max']}")
    marks = []
    if status.get("attack"):
        marks.append(MARK_ATTACK)
    if status.get("ability"):
        marks.append(MARK_ABILITY)
    if marks:
        text.append(" " + "".join(marks), Style(bold=True))
    unbroken(text, numbers)
    return unbroken(text)


NAMED_MARKS = ("guarded by ", "guards ", "off (")
"""The starts of the status phrases that end in a card's name ("guards Wikipedia", "guarded
by System Admin", "off (DoS attack)"): ``mark_phrase`` keeps that name whole too."""


def mark_phrase(phrase: str, style: Style | str = "") -> Text:
    """A status phrase (``status_marks``, ``card_line``) as ``unbroken`` text: never broken
    over two lines where it fits one; where it does not, the card's name it ends in
    (``NAMED_MARKS``) still is not: "guarded by" / "System Admin" in a 20-cell tile, where
    the whole phrase broke as "guarded by System" / "Admin" (our own game at 120×40)."""
    text = unbroken(Text(phrase, style))
    lead = next((start for start in NAMED_MARKS if phrase.startswith(start)), None)
    if lead is not None:
        unbroken(text, len(lead) - (1 if lead.endswith("(") else 0))
    return text


def card_line(cardset: Any, defn: CardDef, status: dict[str, Any]) -> Text:
    """One card in play: ``card_head`` (coloured name, current values, the ready marks), then
    what else is said of it (tired, new, off, guards, colour changed), each phrase
    ``unbroken`` ("guards Wikipedia": a fresh tester read "Proxy T3/3 guards" / "Wikipedia")."""
    text = card_head(cardset, defn, status)
    words = []
    if status.get("changed"):
        words.append("now " + ("neutral" if status["colour"] == "yellow" else status["colour"]))
    if status.get("guards"):
        words.append(f"guards {status['guards']}")
    if status.get("off"):
        words.append(f"off ({status['off']})")
    if status.get("used"):
        words.append("tired" if defn.kind == "person" else "used")
    elif status.get("new") and defn.kind in ("person", "spacecraft"):
        words.append("new")
    for phrase in words:
        text.append(" ", Style(italic=True))
        text.append_text(mark_phrase(phrase, Style(italic=True)))
    return text


def _names(view: View, zone: str, cardset: Any, statuses: list[dict[str, Any]], skip: set[int] = frozenset()) -> list[Text]:
    cards = view.zone(zone).cards
    return [card_line(cardset, c.face, statuses[i]) for i, c in enumerate(cards) if c is not None and c.face is not None and i not in skip]


def board_title(view: View, seat: int, cardset: Any) -> Text:
    """The first line of a compact board: ``▶`` for the side to act, the player and the side
    in the side's colour."""
    side = view.info["sides"][seat]
    header = Text()
    if view.info["active"] == seat and not view.over:
        header.append("▶ ", Style(bold=True))
    header.append(f"{view.players[seat]} · {SIDE_NAMES[side]}", _ink(cardset, side))
    return header


def board_title_forms(view: View, seat: int, cardset: Any) -> list[Text]:
    """``board_title`` for a ``FittedText``, fullest first: whole, with the side's short name
    ("FOFL", its colour says Red), the player alone (a narrow board: one row, not two)."""
    full = board_title(view, seat, cardset)
    side = view.info["sides"][seat]
    mark = "▶ " if full.plain.startswith("▶ ") else ""
    return [full] + [Text(mark + words, _ink(cardset, side)) for words in (f"{view.players[seat]} · {HOME_NAMES[side]}", view.players[seat])]


def stacked_title_forms(view: View, seat: int, cardset: Any) -> list[Text]:
    """The title of a stacked compact board (``FoflTable._stacked_texts``) for a
    ``FittedText``, fullest first: ``board_title`` and the counts (``side_header``'s forms
    to ``HEAD_WORDS``, tight) on one line, a dot between; last the counts on lines of their own."""
    title = board_title(view, seat, cardset)
    forms = []
    for short in range(HEAD_WORDS):
        head = side_header(view, seat, cardset, short=short, tight=True)
        forms.append(Text(" · ", Style(dim=True)).join([title, *head.split("\n")]))
    return forms + [Text("\n").join([title, side_header(view, seat, cardset, short=HEAD_WORDS - 1, tight=True)])]


NARROW_BOARD = 24
"""A compact board narrower than this (cells of text; 15 beside the log or F1's panel at
80×24, 37 without) is drawn tight (``board_text``'s ``tight``, ``side_header``'s)."""


Piece = tuple[str, Text]
"""A card of a flowed list (``_flowed``) and what stands before it: ``", "`` between two
entries or pilots, ``" "`` before an Item a card carries ("+Lightsaber T3/3") or before a
Spacecraft's bracket of pilots."""


def _join(text: Text, joiner: str, broken: bool = False) -> None:
    """Append ``joiner`` to ``text``: a comma dim, a dot or a space plain (only the comma or
    the dot when ``broken``: the line breaks after it)."""
    mark = joiner.rstrip()
    text.append(mark, Style(dim=True) if "," in mark else Style())
    if not broken:
        text.append(joiner[len(mark):])


def _joined(entry: Sequence[Piece]) -> Text:
    """An entry's pieces (``Piece``) as one text."""
    text = Text()
    for joiner, piece in entry:
        _join(text, joiner)
        text.append_text(piece)
    return text


def _grouped_entries(entries: Sequence[Sequence[Piece]]) -> list[list[Piece]]:
    """``entries`` (each a card and the cards it carries or flies it, ``Piece``) with
    identical neighbours written once with their number ("×3"): such a group is one piece,
    never broken over two lines (its number is for all of it)."""
    out: list[list[Piece]] = []
    counts: list[int] = []
    last = Text()
    for entry in entries:
        line = _joined(entry)
        if out and line.plain == last.plain and line.spans == last.spans:
            counts[-1] += 1
        else:
            out.append(list(entry))
            counts.append(1)
            last = line
    return [[("", _joined(entry) + Text(f" ×{n}", Style(bold=True)))] if n > 1 else entry for entry, n in zip(out, counts)]


def _grouped(lines: list[Text]) -> list[Text]:
    """``lines`` with identical neighbours written once with their number ("×3")."""
    return [_joined(entry) for entry in _grouped_entries([[("", line)] for line in lines])]


def _flat(entries: Sequence[Sequence[Piece]]) -> list[Piece]:
    """``entries``' pieces in one list, a comma between two entries."""
    return [(", " if n and not k else joiner, piece) for n, entry in enumerate(entries) for k, (joiner, piece) in enumerate(entry)]


def _flowed(pieces: Sequence[Piece], start: int, width: int | None, indent: str) -> Text:
    """``pieces`` one after the other from ``start`` cells into the line, each card whole: a
    line breaks only between two cards (80×24 split "ANFOFL" / "Volunteer", and "Mafia P2" /
    "T3/3"), what stands before the card after the break dropped but for its comma, which
    stays on the line before, as a comma after a card does; the next line starts with
    ``indent``. ``width``: the board's cells (``None``: unknown, one line)."""
    out = Text()
    used = start
    for n, (joiner, piece) in enumerate(pieces):
        after = cell_len(pieces[n + 1][0].rstrip()) if n + 1 < len(pieces) else 0
        if n:
            broken = width is not None and used + cell_len(joiner) + piece.cell_len + after > width
            _join(out, joiner, broken)
            if broken:
                out.append("\n" + indent)
                used = cell_len(indent)
            else:
                used += cell_len(joiner)
        out.append_text(piece)
        used += piece.cell_len
    return out


BOARD_HANG, TIGHT_HANG = 2, 0
"""Cells a line of the compact board that wraps stands in on its next lines, past where it
starts (``board_text``); ``TIGHT_HANG`` on a tight board (``NARROW_BOARD``), whose lines
all start at its margin and whose every cell is needed ("guards Wikipedia" is 16 cells of 15)."""


def board_text(view: View, seat: int, cardset: Any, tight: bool = False, width: int | None = None, dense: int = 0) -> Text:
    """One side's compact board below its title (``board_title``) and counts (``side_headers``,
    drawn in the form that fits the board's width): its cards in play (module docstring).
    ``tight`` (a board under ``NARROW_BOARD`` cells, where every card takes two rows or more):
    no indent before a card, identical cards in the same state once with their number
    ("ANFOFL Volunteer P1 T1/1 ×3"), so the cards in play stay in sight (tester5 found every
    Person below the fold beside the log at 80×24). ``dense`` (a board whose cards would not
    all be in sight, ``FoflTable.show_table``): the People follow their heading on as few
    lines as ``width`` allows, comma-separated, each card whole, identical ones grouped (a
    fresh tester at 80×24 found five of nine People below the fold); ``dense`` 2 (still not
    all in sight): the Spacecraft and lasting Actions flow so too, each Spacecraft with its
    pilots after it in brackets ("Shuttle P1 T8/8 (Mafia, Agent)"). A ``HangingText``: a line
    wider than the board goes on ``BOARD_HANG`` cells past its start, never breaking a card's
    name and numbers or a public fact (``card_line``) where it fits a line."""
    info = view.info
    statuses = info["cards"]
    out = Text()

    def section(names: tuple[str, str], entries: Sequence[Text | Sequence[Piece]], inline: bool = False, flow: bool = False) -> None:
        """An area's heading and its ``entries``: each a card, or (``flow``) a card's pieces
        (``Piece``: the card, the cards it carries or flies it), a line breaking between two."""
        if not entries:
            return
        heading = names[len(entries) != 1]
        out.append(f"{chr(10) if out.plain else ''}{heading}:", Style(dim=True))
        pieces = [[("", e)] if isinstance(e, Text) else e for e in entries]
        if flow:  # each card whole; a line breaks only between two of them
            flat = _flat(_grouped_entries(pieces))
            indent = "" if tight else "  "
            start = cell_len(heading) + 2
            if width and start + flat[0][1].cell_len + (len(flat) > 1) > width:  # not even the first beside the heading
                out.append("\n" + indent)
                start = len(indent)
            else:
                out.append(" ")
            out.append_text(_flowed(flat, start, width or None, indent))
            return
        lines = [_joined(e) for e in pieces]
        if tight:
            lines = _grouped(lines)
        if inline:  # a line breaks between two cards, the dot on the line before ("The Evil" / "House #3" cut a name)
            out.append(" ")
            out.append_text(_flowed([(" · " if n else "", line) for n, line in enumerate(lines)], cell_len(heading) + 2, width or None, ""))
        else:
            for line in lines:
                out.append("\n" if tight else "\n  ")
                out.append_text(line)

    section(AREA_NAMES["sites"], _names(view, f"sites:{seat}", cardset, statuses[f"sites:{seat}"]), inline=True)
    section(AREA_NAMES["places"], _names(view, f"places:{seat}", cardset, statuses[f"places:{seat}"]), inline=True)

    items = view.zone(f"items:{seat}").cards
    item_status = statuses[f"items:{seat}"]

    def carried(zone: str, index: int) -> list[Text]:
        return [card_line(cardset, c.face, item_status[k]) for k, c in enumerate(items) if c is not None and c.face is not None and item_status[k]["bearer"] == [zone, index]]

    def carrying(zone: str, index: int) -> list[Piece]:
        """The Items the card at ``zone``/``index`` carries, each a piece after it ("+Lightsaber T3/3")."""
        return [(" ", Text("+") + item) for item in carried(zone, index)]

    people = []
    for i, card in enumerate(view.zone(f"people:{seat}").cards):
        if card is None or card.face is None:
            continue
        status = statuses[f"people:{seat}"][i]
        line = card_line(cardset, card.face, status)
        if "on the List" in status["note"]:
            line.append(" LISTED", Style(bold=True))
        people.append([("", line), *carrying(f"people:{seat}", i)])
    section(AREA_NAMES["people"], people, flow=dense)

    crew = view.zone(f"crew:{seat}").cards
    crew_status = statuses[f"crew:{seat}"]
    ships = []
    for i, card in enumerate(view.zone(f"craft:{seat}").cards):
        if card is None or card.face is None:
            continue
        line = card_line(cardset, card.face, statuses[f"craft:{seat}"][i])
        head = "pilots: " if tight else "    pilots: "
        # each pilot with its own numbers, as a Person's line (two fresh testers found them
        # nowhere at 80×24), but for the densest form (the pilots in brackets), where the
        # numbers would push the boards of 16 cards a side 6 rows out of sight; Items stay on
        # a Person who pilots
        pilots = [[("", Text(c.face.name, Style(dim=True)) if dense >= 2 else card_line(cardset, c.face, crew_status[k])), *carrying(f"crew:{seat}", k)]
                  for k, c in enumerate(crew) if c is not None and c.face is not None and crew_status[k]["ship"] == [f"craft:{seat}", i]]
        pilots = _grouped_entries(pilots)
        if dense >= 2:  # the pilots in brackets after their Spacecraft, each a card of the flow
            flown = _flat(pilots)
            if flown:
                flown[0] = (" ", Text("(") + flown[0][1])
                flown[-1] = (flown[-1][0], flown[-1][1] + Text(")"))
            ships.append([("", line), *flown])
            continue
        line.append("\n" + head, Style(dim=True))
        line.append_text(_flowed(_flat(pilots), cell_len(head), width or None, " " * (2 if tight else 6)))
        ships.append(line)
    section(AREA_NAMES["craft"], ships, flow=dense >= 2)

    loose = [card_line(cardset, c.face, item_status[k]) for k, c in enumerate(items) if c is not None and c.face is not None and item_status[k]["bearer"] is None]
    section(AREA_NAMES["items"], loose, inline=True)
    section(AREA_NAMES["soft"], _names(view, f"soft:{seat}", cardset, statuses[f"soft:{seat}"]), inline=True)
    lasting = []
    for i, card in enumerate(view.zone(f"lasting:{seat}").cards):
        if card is not None and card.face is not None:
            line = card_line(cardset, card.face, statuses[f"lasting:{seat}"][i])
            line.append(f" ({statuses[f'lasting:{seat}'][i]['note']})", Style(dim=True))
            lasting.append(line)
    section(AREA_NAMES["lasting"], lasting, flow=dense >= 2)
    # a line wider than the board goes on ``BOARD_HANG`` cells further in than its own start
    # (an Item's "T4/4" came at the margin under a Person indented 2), each card's name and
    # numbers and each public fact whole (``card_line``)
    hang = TIGHT_HANG if tight else BOARD_HANG
    hangs = [len(line) - len(line.lstrip(" ")) + hang for line in out.plain.split("\n")]
    return HangingText.of(out, hang, hangs)


def status_parts(view: View) -> list[tuple[str, Text]]:
    """The phrases of the line above the boards, each with what stands before it: turn and
    plays left, "Actions free.", the countdown, the turn limit, the List, the last event (a
    finished game: its result alone)."""
    info = view.info
    if view.over:
        return [("", Text(info.get("result") or "The game is over.", Style(bold=True)))]
    active = info["active"]
    parts = [("", Text(f"Turn {info['turn']}: {view.players[active]} — {info['plays']},")), (" ", Text("Actions free."))]
    if info.get("countdown") is not None:
        parts.append(("  ", Text(f"War ends in {plural(info['countdown'], 'turn')}.", Style(bold=True))))
    limit = info.get("turn_limit")
    if limit is not None and info["turn"] > limit - COUNTDOWN:
        parts.append(("  ", Text(f"A draw after turn {limit} (ruling 23).", Style(bold=True))))
    if info.get("list"):
        parts.append(("  ", Text(f"The List: {', '.join(info['list'])}.")))
    if info.get("last"):
        parts.append(("  ", Text(f"Last: {info['last']}.", Style(dim=True))))
    return parts


def status_text(view: View, cardset: Any) -> Text:
    """The line above the boards: turn, plays left, the List, the countdown, the last event."""
    text = Text()
    for before, part in status_parts(view):
        text.append(before)
        text.append_text(part)
    return text


STATUS_LINES = 2
"""The rows the status line may take (``fofl.tcss``)."""


def status_forms(view: View) -> list[Text]:
    """The status line (``status_parts``) for a ``FittedText``, fullest first, each breaking
    lines only between phrases: whole in at most ``STATUS_LINES`` lines, then without the
    last event (the log has it), then without "Actions free." too; a phrase never stops
    mid-sentence (tester5 saw "Last: Computer 2 played" beside the log at 80×24)."""
    parts = status_parts(view)
    fuller = [parts]
    if len(parts) > 1 and parts[-1][1].plain.startswith("Last:"):
        fuller.append(parts[:-1])
    fuller.append([p for p in fuller[-1] if p[1].plain != "Actions free."])
    forms: list[Text] = []
    for k, chosen in enumerate(fuller):
        last = k == len(fuller) - 1
        forms += [f for f in wrapped_forms(Text(), chosen) if last or f.plain.count("\n") < STATUS_LINES]
    return forms


def wrapped_forms(head: Text, parts: list[tuple[str, Text]]) -> list[Text]:
    """``head`` followed by ``parts`` (each ``(what stands before it, phrase)``) in every form
    that breaks lines only between phrases, fewest lines first: the greedy fill at each width
    from the whole line's down to the widest phrase's. At a break the separator's visible
    part stays at the end of the line (``" · "`` leaves ``" ·"``), so the line still reads as
    a list. For a ``FittedText(unwrapped=True)``, which draws the first form none of whose
    lines wraps at its width."""
    pieces = [(before, part, cell_len(before), part.cell_len) for before, part in parts]
    total = head.cell_len + sum(b + p for _, _, b, p in pieces)
    forms: list[Text] = []
    seen: set[tuple[int, ...]] = set()
    for width in range(total, 0, -1):
        breaks: list[int] = []
        line = head.cell_len
        for i, (before, _, b, p) in enumerate(pieces):
            if i and line + b + p > width:
                breaks.append(i)
                line = p
            else:
                line += b + p
        key = tuple(breaks)
        if key in seen:
            continue
        seen.add(key)
        text = head.copy()
        for i, (before, part, _, _) in enumerate(pieces):
            text.append(before.rstrip() + "\n" if i in breaks else before)
            text.append_text(part)
        forms.append(text)
    return forms


def hand_forms(view: View, cardset: Any, unplayable: frozenset[str] = frozenset()) -> list[Text]:
    """The hand of the player at the screen ("Your hand: A · B"), the cards named in
    ``unplayable`` marked ``✗`` and dimmed (issue 12.2), in every form that breaks lines
    only between two cards (``wrapped_forms``), fewest lines first, for a ``FittedText``: a
    card's name is never split over two lines (tester5 saw "Chav Tribe Leader · Big" over
    "Brother" at 80×24). Empty on the public table."""
    if view.seat is None:
        return []
    hand = view.zone(f"hand:{view.seat}")
    head = Text("Your hand: ", Style(bold=True))
    names = [hand_name(c.face.name, _ink(cardset, c.face.colour), unplayable) for c in hand.cards if c is not None and c.face is not None]
    if not names:
        return [head + Text("empty", Style(italic=True))]
    return wrapped_forms(head, [(" · " if i else "", name) for i, name in enumerate(names)])


CARD_TEXT_HANG = 2
"""Cells a card's text stands in under its name on the card-text screen, and every line
that goes on after a wrap (``CardTextScreen.render_cards``)."""


class CardTextScreen(Screen[None]):
    """The full text of every card the player at the screen can see (hand and table), from the
    view only. Esc, i or q closes it."""

    BINDINGS = [Binding("escape,i,q", "close", "Back to the table", key_display="Esc")]
    DEFAULT_CSS = """
    CardTextScreen { background: $background; }
    #cards-title { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    #cards-body { height: 1fr; padding: 0 1; }
    """

    def __init__(self, view: View, cardset: Any) -> None:
        super().__init__()
        self.view_ = view
        self.cardset = cardset

    def compose(self) -> ComposeResult:
        yield Caption("FOFL vs ANFOFL — the cards you can see", id="cards-title")
        with VerticalScroll(id="cards-body"):
            yield Caption(self.render_cards(), id="cards-text")
        yield Footer()

    def render_cards(self) -> Text:
        """Every card the player can see, grouped (the hand, each side's cards, each discard
        pile), after ``LEGEND``: each card's name, colour, type line and printed numbers on a
        line, its text under it ``CARD_TEXT_HANG`` cells in; a ``HangingText`` whose lines
        (but the legend's) go on ``CARD_TEXT_HANG`` cells in."""
        view = self.view_
        text = Text(LEGEND + "\n", Style(dim=True))
        groups: list[tuple[str, list[CardDef]]] = []
        if view.seat is not None:
            groups.append(("Your hand", [c.face for c in view.zone(f"hand:{view.seat}").cards if c is not None and c.face is not None]))
        for seat, name in enumerate(view.players):
            faces = []
            for part in ("sites", "places", "people", "crew", "craft", "items", "soft", "lasting"):
                faces += [c.face for c in view.zone(f"{part}:{seat}").cards if c is not None and c.face is not None]
            if view.seat != seat:
                faces += [c.face for c in view.zone(f"hand:{seat}").cards if c is not None and c.face is not None]
            groups.append((f"{name}'s side", faces))
            groups.append((f"{name}'s discard pile", [c.face for c in reversed(view.zone(f"discard:{seat}").cards) if c is not None and c.face is not None]))
        for title, faces in groups:
            if not faces:
                continue
            text.append(f"\n{title}\n", Style(bold=True, underline=True))
            seen = set()
            for defn in faces:
                if defn.id in seen:
                    continue
                seen.add(defn.id)
                colour = defn.colour or ""
                stats = ""
                if defn.get("power") is not None:
                    stats = f", P{defn.get('power')} T{defn.get('toughness')}"
                elif defn.get("toughness") is not None:
                    stats = f", T{defn.get('toughness')}"
                text.append(defn.name, _ink(self.cardset, defn.colour))
                text.append(f" ({colour}, {defn.get('type_line')}{stats})", Style(dim=True))
                text.append(f"\n{' ' * CARD_TEXT_HANG}{defn.text}\n")
        # a line wider than the panel goes on under the start of its text, never at the
        # edge where the cards' names stand (a fresh tester read "toughness." there as a card)
        return HangingText.of(text, CARD_TEXT_HANG, (0,))

    def action_close(self) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------------------- the roomy table

PARTS = ("sites", "places", "people", "craft", "items", "soft", "lasting")
"""The areas of a side drawn as tiles, in this order (Items carried by a Person and pilots in
a Spacecraft are drawn inside their tile instead)."""
SIDE_PARTS = tuple(part for part in PARTS if part != "places")
"""The areas the roomy table draws on each side: the Locations lie between the sides."""
ROOMY_LEGEND = f"{MARK_ATTACK} can attack · {MARK_ABILITY} ability ready · heavy: can act · dashed: off · the key under a card chooses it"
KIND_TITLES = {"sites": "Website", "places": "Location", "people": "Person", "craft": "Spacecraft", "items": "Item", "soft": "Software", "lasting": "Action"}


def value_text(status: dict[str, Any]) -> str:
    """A card's numbers as the tiles write them: ``P`` current power, ``T`` toughness left /
    full toughness (``"P2 T4/5"``; ``""`` for a card with neither)."""
    parts = []
    if status.get("power") is not None:
        parts.append(f"P{status['power']}")
    if status.get("toughness") is not None:
        parts.append(f"T{status['toughness']}/{status['max']}")
    return " ".join(parts)


def ready_marks(status: dict[str, Any]) -> str:
    """``⚔`` can attack, ``✦`` an ability is ready (``""``: neither)."""
    return (MARK_ATTACK if status.get("attack") else "") + (MARK_ABILITY if status.get("ability") else "")


def status_marks(defn: CardDef, status: dict[str, Any], words: bool = False) -> list[tuple[str, Style]]:
    """The status marks of a card in play, each a short phrase and its style: (with
    ``words``) can attack and ability ready, then tired/used, new, switched off, guards,
    guarded by (``guarded_by``, added by ``side_tiles``), colour changed, on the List."""
    marks: list[tuple[str, Style]] = []
    if words and status.get("attack"):
        marks.append((f"{MARK_ATTACK} can attack", Style(bold=True)))
    if words and status.get("ability"):
        marks.append((f"{MARK_ABILITY} ability ready", Style(bold=True)))
    if status.get("used"):
        marks.append(("tired" if defn.kind == "person" else "used", Style(italic=True, dim=True)))
    elif status.get("new") and defn.kind in ("person", "spacecraft"):
        marks.append(("new", Style(italic=True)))
    if status.get("off"):
        marks.append((f"off ({status['off']})", Style(italic=True, bold=True)))
    if status.get("guards"):
        marks.append((f"guards {status['guards']}", Style(italic=True)))
    if status.get("guarded_by"):
        marks.append((f"guarded by {status['guarded_by']}", Style(italic=True)))
    if status.get("changed"):
        marks.append(("now " + ("neutral" if status["colour"] == "yellow" else status["colour"]), Style(italic=True)))
    if "on the List" in (status.get("note") or ""):
        marks.append((f"{MARK_LISTED} on the List", Style(bold=True)))
    return marks


TEXT_PAD = 1
"""Blank cells between a tile's border and its text on either side (``fofl.tcss``: every
tile, a pilot or Item inside another too; the piles' top card, ``Tile.pad``): a fresh tester
at 120×40 read "Hack from pile to│", a hand card's text running into its border."""
HAND_LINE = 16 - 2 * TEXT_PAD
"""Cells of the narrowest hand tile's text (``FoflTable.TILE_WIDTH`` less its border and
padding): a hand card's kind and numbers share a line only within it."""


def short_type(defn: CardDef) -> str:
    """A hand card's kind in a tile too narrow for its type line ("Person - Unique" wrapped
    into the border at 120×40): the kind, "Unique" before it for a unique card
    ("Unique Person", 13 cells, within ``HAND_LINE``), which at 120×40 showed only "Person"."""
    kind = defn.kind.capitalize()
    return f"Unique {kind}" if defn.get("unique") else kind


def tile_body(cardset: Any, defn: CardDef, status: dict[str, Any] | None, detail: bool, note: str = "", *, brief: bool | None = None) -> Text:
    """The text inside a tile: the name, the numbers (``value_text``; a hand card: its kind
    and its printed numbers, on one line when both fit ``HAND_LINE`` cells, else the numbers
    on a line of their own, so they are never split), the status marks one per line, and with
    ``detail`` the card's full type line and its short text (``brief`` in the card file;
    ``brief`` given: the short text with it or not, whatever ``detail`` says)."""
    text = Text()
    colour = (status or {}).get("colour") or defn.colour
    text.append(defn.name, _ink(cardset, colour))
    if status is not None:
        values = value_text(status)
        ready = "" if detail else ready_marks(status)
        if values or ready:
            text.append("\n" + values, Style(bold=True))
            if ready:
                text.append((" " if values else "") + ready, Style(bold=True))
        for phrase, style in status_marks(defn, status, words=detail):
            text.append("\n")
            text.append_text(mark_phrase(phrase, style))
    else:  # a hand card: its kind, then its printed numbers on a line of their own (never split)
        printed = []
        if defn.get("power") is not None:
            printed.append(f"P{defn.get('power')}")
        if defn.get("toughness") is not None:
            printed.append(f"T{defn.get('toughness')}")
        kind = str(defn.get("type_line") or defn.kind.capitalize()) if detail else short_type(defn)
        numbers = " ".join(printed)
        if numbers and cell_len(f"{kind} {numbers}") <= HAND_LINE:  # "Person P3 T5": one line, never wrapped
            text.append("\n" + kind + " ", Style(dim=True))
            text.append(numbers, Style(bold=True))
        else:
            text.append("\n" + kind, Style(dim=True))
            if numbers:
                text.append("\n" + numbers, Style(bold=True))
    if note:
        text.append("\n" + note, Style(dim=True, italic=True))
    if (detail if brief is None else brief) and (defn.get("brief") or defn.text):
        text.append("\n" + str(defn.get("brief") or defn.text), Style(dim=True))
    return text


def compact_text(cardset: Any, defn: CardDef, status: dict[str, Any], width: int, note: str = "", kind: str = "") -> tuple[Text | None, Text]:
    """A card in play in the compact tile of a crowded side (``FoflTable.show_roomy``), a
    tile ``width`` cells wide: the border title and the body. The title is the card's name
    when it fits whole with its frame (``TITLE_FRAME``), else ``None`` (the tile has no
    title) and the name opens the body. The body is one line of phrases (the numbers with the ready marks, each
    status mark, ``note``), broken only between two phrases where they do not fit the
    tile's text width; a card with nothing to say says its ``kind``."""
    colour = status.get("colour") or defn.colour
    name = Text(defn.name, _ink(cardset, colour))
    titled = name.cell_len + TITLE_FRAME <= width
    phrases: list[Text] = [] if titled else [name]
    numbers = " ".join(part for part in (value_text(status), ready_marks(status)) if part)
    if numbers:
        phrases.append(Text(numbers, Style(bold=True)))
    phrases += [mark_phrase(phrase, style) for phrase, style in status_marks(defn, status)]
    if note:
        phrases.append(Text(note, Style(dim=True, italic=True)))
    if not phrases:
        phrases.append(Text(kind, Style(dim=True)))
    inner = width - 2 - 2 * TEXT_PAD
    body = Text()
    used = 0
    for n, phrase in enumerate(phrases):
        if n and used + 1 + phrase.cell_len <= inner:
            body.append(" ")
            used += 1
        elif n:
            body.append("\n")
            used = 0
        body.append_text(phrase)
        used += phrase.cell_len
    return (name if titled else None), body


def fanned_backs(count: int, limit: int = 12) -> Text:
    """A hand or pile of ``count`` face-down cards drawn as a fanned stack of backs (three
    rows: each card under the top one shows its left edge), at most ``limit`` edges wide."""
    if count <= 0:
        return Text("no cards", Style(dim=True, italic=True))
    edges = min(count, limit) - 1
    rows = (BACK_EDGE_TOP * edges + BACK_TOP, BACK_EDGE_MID * edges + BACK_MID, BACK_EDGE_BOTTOM * edges + BACK_BOTTOM)
    return Text("\n".join(rows), Style(dim=True))


class FannedBacks(Caption):
    """Another player's hand as a fanned stack of card backs (``fanned_backs``): at most
    ``limit`` edges, and where the widget is given a share of a row (a ``fr`` width: the
    facing counts column beside the two piles) no more than that share holds, so the top
    card is always whole (a fresh tester's 200×60 table showed 3 cells of it beside a
    discard pile widened by a long name). The count is in words beside it."""

    _count = 0
    _limit = 12

    def show(self, count: int, limit: int) -> None:
        """Fan ``count`` backs, at most ``limit`` (and what the width holds)."""
        self._count, self._limit = count, limit
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        limit = self._limit
        width = self.styles.width
        if width is not None and width.unit is Unit.FRACTION and self.content_size.width:
            limit = min(limit, max(1, self.content_size.width - len(BACK_TOP) + 1))
        self.update(fanned_backs(self._count, limit))


def tile_actions(decision: Decision | None, view: View, zone: str, index: int) -> list[Action]:
    """The options of ``decision`` that the card at ``zone``/``index`` of ``view`` stands for:
    an option naming that card (``zone``/``index`` arguments), a hand card's ``play`` option
    (``card`` = its place in hand), or an option naming an identical card of the same area
    in the same state (the game offers interchangeable cards once, ``hooks.grouped``; one
    play option per card name in hand: a fresh tester saw the second of two Mafias without
    a key, as if it could not be played)."""
    if decision is None:
        return []
    cards = view.zone(zone).cards
    if zone.startswith("hand:"):
        plays = [a for a in decision.actions if a.type == "play" and a.get("zone") is None and isinstance(a.get("card"), int)]
        found = [a for a in plays if a["card"] == index]
        if found or index >= len(cards) or cards[index] is None or cards[index].face is None:
            return found
        return [a for a in plays if 0 <= a["card"] < len(cards) and cards[a["card"]] is not None and cards[a["card"]].face == cards[index].face]
    found = [a for a in decision.actions if a.get("zone") == zone and a.get("index") == index]
    if found:
        return found
    statuses = view.info["cards"].get(zone) or []
    if index >= len(cards) or cards[index] is None or cards[index].face is None:
        return []
    def same(k: Any) -> bool:
        return isinstance(k, int) and 0 <= k < len(cards) and cards[k] is not None and cards[k].face == cards[index].face and statuses[k] == statuses[index]
    return [a for a in decision.actions if a.get("zone") == zone and same(a.get("index"))]


class CardTile(Vertical):
    """One card drawn as a tile: a bordered box (the card's colour) with ``body`` inside and
    the tiles of the cards it carries (Items, pilots) under it. ``zone``/``index`` say which
    card of the view it is (``None`` zone: not clickable). A click posts
    ``CardClicked((zone, index))``: the table chooses what the card stands for
    (``FoflTable.card_clicked``)."""

    DEFAULT_CSS = """
    CardTile { height: auto; padding: 0 1; }
    CardTile > .tile-body { height: auto; width: 100%; }
    """

    def __init__(self, body: Text, zone: str | None, index: int | None, title: str | Text = "", colour: str | None = None,
                 border: str = "round", classes: str = "", children: list[CardTile] | None = None) -> None:
        where = f"tile-{zone.replace(':', '-')}-{index}" if zone is not None else ""
        super().__init__(classes=" ".join(c for c in ("fofl-tile", where, classes) if c))
        self.zone = zone
        self.index = index
        self.body = body
        self._children_tiles = children or []
        self._body_widget: Static | None = None
        self.title = (title if isinstance(title, Text) else Text(title)) if title else None
        self.keys: Text | None = None
        self.label = Text()
        """What stands before ``body`` on the tile, saying what kind of card an indented line
        tile is ("+" an Item, "pilot "): drawn, but not the card's text (which starts with its name)."""
        self.unit = 0
        """Cells at the start of the tile's text (``shown``) never broken over two lines (a
        line tile's label, card name and numbers, ``card_head``; 0: any word may start a line)."""
        self.border_title = self.title
        self.styles.border = (border, colour or "gray")

    @property
    def shown(self) -> Text:
        """The tile's text as drawn: ``label`` then ``body``, a ``HangingText`` that keeps
        its ``unbroken`` units whole (a card's name and numbers, "guards Wikipedia": a fresh
        tester read "Proxy T3/3 guards" / "Wikipedia" in a line tile)."""
        return HangingText.of(self.label + self.body if self.label.plain else self.body, 0)

    _name_in_body = False
    """Whether the card's name, the border title of a compact tile (``-named``), is drawn as
    the body's first line instead: the tile was laid out too narrow for it (``_fit_title``)."""

    def _drawn(self) -> Text:
        """What the body draws: ``shown``, after the title's name on a line of its own while
        ``_name_in_body``."""
        if not self._name_in_body or self.title is None:
            return self.shown
        text = self.title + Text("\n")
        text.append_text(self.label + self.body if self.label.plain else self.body)
        return HangingText.of(text, 0)

    def _fit_title(self) -> None:
        """A compact tile titled with its card's name (``compact_text``, planned for the width
        its grid was fitted to) laid out narrower than its name and frame (``TITLE_FRAME``)
        needs: the name whole as the body's first line, the border untitled (Textual would
        cut it: "ANFOFL Volunte…"); laid out wide enough again, the name back in the title."""
        width = self.outer_size.width
        out = bool(width) and self.has_class("-named") and self.title is not None and cell_len(self.title.plain) + TITLE_FRAME > width
        if out == self._name_in_body:
            return
        self._name_in_body = out
        show_border_title(self, None if out else self.title)
        if self._body_widget is not None:
            self._body_widget.update(self._drawn())

    def on_resize(self) -> None:
        self._fit_title()

    def compose(self) -> ComposeResult:
        self._body_widget = Static(self._drawn(), classes="tile-body", markup=False)
        yield self._body_widget
        yield from self._children_tiles

    def take(self, other: CardTile) -> None:
        """Draw what ``other`` (a tile built for the table now, never mounted) draws, in this
        tile's place: its card, body, titles, border, classes and the tiles inside it, each
        changed only when it differs (``renew_tiles``). A move redraws a grid's tiles this
        way instead of mounting new ones (a FOFL move mounted ~20 tiles)."""
        self.zone, self.index = other.zone, other.index
        self.classes = other.classes  # Textual restyles only when they differ
        self.title, self.keys, self.unit = other.title, other.keys, other.unit
        label, self.label = self.label, other.label
        named, self._name_in_body = self._name_in_body, False
        show_border_title(self, self.title)
        show_border_title(self, self.keys, subtitle=True)
        if self.styles.inline.border != other.styles.inline.border:
            self.styles.border = other.styles.inline.border.top
        if self._body_widget is None:  # not composed yet: its compose draws ``other``'s
            self.body, self._children_tiles = other.body, other._children_tiles
            return
        if not _same_text(self.body, other.body) or not _same_text(label, other.label) or named:
            self.body = other.body
            self._body_widget.update(self.shown)
        self._fit_title()
        self._children_tiles = renew_tiles(self, self._children_tiles, other._children_tiles)

    def show_keys(self, keys: str) -> None:
        """Put ``keys`` (the option keys this card answers, plain text) in the bottom border."""
        self.keys = Text(keys)
        self.border_subtitle = self.keys

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if self.zone is not None and self.index is not None:
            self.post_message(CardClicked((self.zone, self.index)))


def _same_text(a: Text, b: Text) -> bool:
    """Whether two texts draw alike (``Text.__eq__`` compares the characters and spans only)."""
    return a is b or (a == b and (a.style, a.justify, a.overflow, a.no_wrap, a.end, a.tab_size) == (b.style, b.justify, b.overflow, b.no_wrap, b.end, b.tab_size))


def renew_tiles(parent: Widget, live: list[CardTile], tiles: list[CardTile]) -> list[CardTile]:
    """Make the tiles ``live`` (children of ``parent``, in order, after any other child)
    draw ``tiles`` (new, never mounted): each live tile takes the new one at its place
    (``CardTile.take``), live tiles past the new ones' count are removed, new ones past the
    live ones' count are mounted at the end. Returns the tiles ``parent`` shows now, in order."""
    for old, new in zip(live, tiles):
        old.take(new)
    if len(live) > len(tiles):
        parent.remove_children(live[len(tiles):])
    added = tiles[len(live):]
    if added:
        parent.mount_all(added)
    return live[: len(tiles)] + added


def _shown(widget: Widget) -> bool:
    """Whether ``widget`` and every widget around it are displayed (``display``)."""
    return widget.display and all(node.display for node in widget.ancestors if isinstance(node, Widget))


LINE_INDENT = 2
"""Cells a line tile inside another (an Item under its pilot, a pilot under its Spacecraft)
stands in from the line above it (``fofl.tcss`` ``-line``)."""


def tile_padding(tile: CardTile, in_line: bool = False) -> int:
    """The cells of ``tile``'s padding, left and right together (``fofl.tcss``): ``TEXT_PAD``
    each side of a bordered tile; a line tile stands in ``LINE_INDENT`` under a line tile
    (``in_line``: a pilot under its Spacecraft, an Item under its Person), an Item under its
    pilot (``-carried``) one ``LINE_INDENT`` deeper (a fresh tester read an Item under a pilot
    as the Spacecraft's)."""
    if not tile.has_class("-line"):
        return 2 * TEXT_PAD
    return LINE_INDENT * (in_line + tile.has_class("-carried"))


def tile_rows(tile: CardTile, width: int, least: int = 0, in_line: bool = False) -> int:
    """The rows ``tile`` takes ``width`` cells wide, as Textual lays it out (``fofl.tcss``):
    its border (none for a line tile), its body wrapped to the width inside its border and
    padding, then the tiles inside it one under the other; at least ``least`` rows (a grid's
    ``min-height``). ``in_line``: the tile is inside a line tile (indented). Counted from the
    text, so a form's rows are known before it is drawn (``FoflTable._plan``)."""
    line = tile.has_class("-line")
    border = 0 if line else 2
    inner = max(1, width - border - tile_padding(tile, in_line))
    rows = (text_rows(tile.shown, inner) if tile.shown.plain else 0) + sum(tile_rows(t, inner, in_line=line) for t in tile._children_tiles)
    return max(rows + border, least)


def tile_span(tile: CardTile, columns: int) -> int:
    """The columns ``tile`` takes in a grid of ``columns``: 2 for a ``-span`` tile (a line
    tile whose name and numbers need two columns; ``column-span: 2`` in fofl.tcss), where
    there are two, else 1."""
    return 2 if tile.has_class("-span") and columns > 1 else 1


def grid_row_heights(tiles: Sequence[CardTile], columns: int, tile_width: int, least: int = 0) -> list[int]:
    """The height of each row of a ``TileGrid`` of ``tiles`` with ``columns`` columns
    ``tile_width`` cells wide (a gutter of one cell, no gutter between rows): each row as tall
    as its tallest tile (``TileGrid.pre_layout``), a ``-span`` tile two columns wide and counted
    so (Textual's grid counts it one column wide: a line tile two columns wide stood two rows
    tall); ``least``: each tile's ``min-height``. For the Locations' band (the sides' tiles stand
    in columns of their own: ``column_rows``)."""
    heights: dict[int, int] = {}
    cell = 0
    for tile in tiles:
        span = tile_span(tile, columns)
        rows = tile_rows(tile, span * tile_width + span - 1, least)
        heights[cell // columns] = max(heights.get(cell // columns, 0), rows)
        cell += span
    return [heights[row] for row in sorted(heights)]


def grid_rows(tiles: Sequence[CardTile], columns: int, tile_width: int, least: int = 0) -> int:
    """The rows a ``TileGrid`` of ``tiles`` takes (``grid_row_heights``, all together)."""
    return sum(grid_row_heights(tiles, columns, tile_width, least))


def stacked(spans: Sequence[int], heights: Sequence[int], columns: int) -> tuple[list[tuple[int, int]], list[int]]:
    """Tiles stacked in ``columns`` columns of their own (``ColumnsLayout``): each tile, in
    order, at the foot of the column whose stack is the shortest so far (ties: the leftmost),
    no row shared with its neighbours and no rows between stacked tiles. ``spans``: the
    columns each tile takes (1 or 2, never more than there are); a tile two columns wide goes
    where the taller of two adjacent stacks is the lowest, and both stacks go on below it.
    ``heights``: each tile's rows. Returns each tile's (column, top row) and the rows of each
    column's stack. A tall tile (a Shuttle with four pilots) no longer makes the row of tiles
    beside it as tall: at 160×48 the seeded 20 a side needed 21 and 25 rows in a grid where 22
    were free."""
    tops = [0] * max(1, columns)
    spots: list[tuple[int, int]] = []
    for span, height in zip(spans, heights):
        span = max(1, min(span, len(tops)))
        column = min(range(len(tops) - span + 1), key=lambda c: (max(tops[c : c + span]), c))
        top = max(tops[column : column + span])
        spots.append((column, top))
        tops[column : column + span] = [top + height] * span
    return spots, tops


def column_rows(tiles: Sequence[CardTile], columns: int, tile_width: int, least: int = 0) -> int:
    """The rows a side's grid (``SideGrid``) of ``tiles`` takes with ``columns`` columns
    ``tile_width`` cells wide (a gutter of one cell): its tallest stack of tiles (``stacked``),
    each tile's rows counted from its text (``tile_rows``), a ``-span`` tile two columns and
    the gutter wide; ``least``: each tile's ``min-height``. The rows ``ColumnsLayout`` lays
    them out in, known before they are drawn (``FoflTable._plan``)."""
    spans = [tile_span(tile, columns) for tile in tiles]
    heights = [tile_rows(tile, span * tile_width + span - 1, least) for tile, span in zip(tiles, spans)]
    return max(stacked(spans, heights, columns)[1]) if tiles else 0


def fitted_columns(width: int, least: int, need: int, cards: int | None = None, widest: int = 2, two: bool = True) -> tuple[int, int]:
    """The columns of a tile grid ``width`` cells wide and the width of each, in cells
    (``FoflTable._fit_columns``): as many as the width allows at ``least`` cells a tile and
    never narrower than ``need`` (the tiles' longest word, ``tile_width_needed``); with
    ``two``, at least 2 unless a word would then break; with ``cards`` (a side's grid: the
    tiles it shows) no more columns than the tiles fill, but for tiles at most ``widest``
    times ``least`` wide. Every column is as wide; what is left over stays at the end."""
    columns = min(width // least, (width + 1) // (need + 1) if need else width)  # a gutter of one cell
    if columns < 2 and two:  # two columns unless a word would break in them
        columns = 2 if 2 * need + 1 <= width else 1
    if cards is not None:
        # (half as wide again left a column of the board empty beside the three empty
        # areas of a new game at 200×60: 40 blank cells before the piles, a fresh tester)
        columns = min(columns, max(cards, width // (least * widest)))
    columns = max(1, columns)
    return columns, max(1, (width - (columns - 1)) // columns)


def _tile_border(status: dict[str, Any] | None) -> str:
    """Heavy for a card that can act now, dashed for one switched off, else round."""
    if status is None:
        return "round"
    if status.get("off"):
        return "dashed"
    if status.get("attack") or status.get("ability"):
        return "heavy"
    return "round"


def _tile_classes(status: dict[str, Any] | None) -> str:
    if status is None:
        return ""
    names = []
    for key, name in (("attack", "-can-attack"), ("ability", "-ability"), ("used", "-used"), ("off", "-off"), ("guards", "-guards")):
        if status.get(key):
            names.append(name)
    return " ".join(names)


EMPTY_OUTLINE = "#6b6b6b"
"""The faint outline of an empty area (a round border: dashed means switched off)."""
EMPTY_ZONES = {part: AREA_NAMES[part][1] for part in ("sites", "places", "people", "craft")}
"""The areas of a side drawn as an empty outlined place while no card of theirs is in play,
so a new game's board shows where the cards will go."""


def empty_zone(part: str) -> CardTile:
    """The dashed outline of an area of a side with no card in play (``EMPTY_ZONES``): not a
    card, not clickable."""
    return CardTile(Text("none in play", Style(dim=True, italic=True)), None, None, EMPTY_ZONES[part], EMPTY_OUTLINE, "round", "fofl-empty")


def side_tiles(view: View, seat: int, cardset: Any, detail: bool, empty: bool = False, parts: tuple[str, ...] = PARTS,
               compact: tuple[int, int] | None = None, lines: int = 0) -> list[CardTile]:
    """The tiles of ``seat``'s cards in play in the areas ``parts`` (``PARTS`` order): a
    Person with its Items inside, a Spacecraft with its pilots (and their Items) inside, a
    Location titled with its place in the order played (ruling 5); with ``empty``, an
    outlined empty place (``empty_zone``) for each area of ``EMPTY_ZONES`` among ``parts``
    that has no card in play.

    ``compact`` (a crowded side: its grid's tile width in cells and its columns): each tile
    in its compact form (``compact_text``: the name in the border title, the rest on one
    line, 3 rows where the tile had 5), and a tile with tiles inside two columns wide when
    a name in it would otherwise take two lines ("ANFOFL" over "Volunteer" in a pilot's).
    ``lines`` (compact tiles still not all in sight): 1, the tiles inside a compact tile
    (Items, pilots) are line tiles, without a border, each its card's text as the compact
    board writes it (``card_line``) on a line of its own, indented (``fofl.tcss``
    ``-line``): a Starship's four pilots took 3 rows each; 2, every card a line tile."""
    info = view.info
    statuses = info["cards"]
    guarded_by: dict[str, list[str]] = {}  # a Website's name -> the Proxy and System Admin guarding it
    for zone, marks in statuses.items():
        for k, status in enumerate(marks):
            card = view.zone(zone).cards[k]
            if status.get("guards") and card is not None and card.face is not None:
                guarded_by.setdefault(status["guards"], []).append(card.face.name)
    items = view.zone(f"items:{seat}").cards
    item_status = statuses[f"items:{seat}"]

    def ink(colour: str | None) -> str | None:
        return cardset.colour_hex(colour) if colour else None

    def tile(zone: str, index: int, title: str, small: bool = False, inner: list[CardTile] | None = None, note: bool = False,
             width: int = 0, classes: str = "", line: bool = False) -> CardTile:
        card = view.zone(zone).cards[index]
        status = statuses[zone][index]
        if zone.startswith("sites:") and card.face.name in guarded_by:
            status = dict(status, guarded_by=", ".join(guarded_by[card.face.name]))
        note = status["note"] if note or zone.startswith("lasting:") else ""
        heading: str | Text = title
        if line:  # a line tile (``lines``): the card as the compact board writes it, no border
            # what an indented line is: "+" an Item carried (as the compact board writes it), not
            # one that lies loose (a fresh tester read a loose "+Memory Stick" beside a Shuttle as
            # the Shuttle's); a pilot said so under its Spacecraft's line (in a Spacecraft's
            # bordered tile every line is a pilot)
            label = Text("+") if zone.startswith("items:") and status.get("bearer") is not None else Text("pilot ", Style(dim=True)) if zone.startswith("crew:") and lines > 1 else Text()
            body = card_line(cardset, card.face, status)
            if note:
                body.append(f" ({note})", Style(dim=True))
            made = CardTile(body, zone, index, "", None, "none", " ".join(c for c in ("-line", _tile_classes(status), classes) if c),
                            [t for t in (inner or [])])
            made.label = label
            made.unit = label.cell_len + card_head(cardset, card.face, status).cell_len
            return made
        if width:  # compact: the name in the title where it fits whole, else no title (the name opens the body)
            named, body = compact_text(cardset, card.face, status, width, note, title)
            # one rule for a form's titles: a compact tile's title is its card's name or nothing,
            # never its kind (a fresh tester saw "Drone" beside "Person" and "Pilot" titles)
            heading = named or ""
            split = not named and cell_len(card.face.name) > width - 2 - 2 * TEXT_PAD  # its name over two lines
            classes = " ".join(c for c in (classes, "-named" if named else "", "-split" if split else "") if c)
        else:
            body = tile_body(cardset, card.face, status, detail and not small, note)
        return CardTile(body, zone, index, heading, ink(status.get("colour") or card.face.colour), _tile_border(status),
                        " ".join(c for c in ("fofl-sub" if small else "", _tile_classes(status), classes) if c), inner)

    def carried(zone: str, index: int, note: bool = False, width: int = 0) -> list[CardTile]:
        # a line tile of an Item a pilot carries: indented under its pilot (``-carried``)
        classes = "-carried" if lines and zone.startswith("crew:") else ""
        return [tile(f"items:{seat}", k, "Item", small=True, note=note and not lines, width=width, line=lines > 0, classes=classes)
                for k, c in enumerate(items)
                if c is not None and c.face is not None and item_status[k]["bearer"] == [zone, index]]

    def crewed(zone: str, index: int, width: int) -> list[CardTile]:
        """The pilots of the Spacecraft at ``index``, each then the Items it carries."""
        out: list[CardTile] = []
        for k, pilot in enumerate(crew):
            if pilot is not None and pilot.face is not None and crew_status[k]["ship"] == [zone, index]:
                out.append(tile(f"crew:{seat}", k, "Pilot", small=True, width=width, line=lines > 0))
                out += carried(f"crew:{seat}", k, note=True, width=width)
        return out

    def inside(zone: str, index: int, width: int) -> list[CardTile]:
        """The tiles inside the tile of the card at ``zone``/``index`` (``width``: theirs, compact)."""
        return carried(zone, index, width=width) if zone.startswith("people:") else crewed(zone, index, width) if zone.startswith("craft:") else []

    out: list[CardTile] = []
    crew = view.zone(f"crew:{seat}").cards
    crew_status = statuses[f"crew:{seat}"]
    for part in parts:
        zone = f"{part}:{seat}"
        if empty and part in EMPTY_ZONES and not any(c is not None and c.face is not None for c in view.zone(zone).cards):
            out.append(empty_zone(part))
        for i, card in enumerate(view.zone(zone).cards):
            if card is None or card.face is None:
                continue
            status = statuses[zone][i]
            if part == "items" and status["bearer"] is not None:
                continue  # drawn inside its bearer
            title = KIND_TITLES[part]
            if part == "places" and status.get("placed") is not None:
                title = f"{title} #{status['placed']}"
            if compact is None:  # each pilot, then the Items it carries (not nested deeper)
                out.append(tile(zone, i, title, inner=inside(zone, i, 0)))
                continue
            width, columns = compact
            if lines > 1:  # a line tile two columns wide where its card's name and numbers need them
                made = tile(zone, i, title, inner=inside(zone, i, 0), line=True)
                wide = columns > 1 and tile_width_needed(made) > width
                if wide:
                    made.add_class("-span")
            else:
                inner_width = width - 2 - 2 * TEXT_PAD
                made = tile(zone, i, title, inner=inside(zone, i, inner_width), width=width)
                # a pilot's or an Item's line whose name and numbers would break ("ANFOFL Volunteer P0"
                # over "T2/2 ⚔" at 120×40): the tile two columns wide, as for a name over two lines
                broken = any(t.has_class("-line") and tile_width_needed(t) > inner_width for t in made._children_tiles)
                wide = columns > 1 and bool(made._children_tiles) and (broken or any(t.has_class("-split") for t in (made, *made._children_tiles)))
                if wide:
                    span = 2 * width + 1  # two columns and the gutter between
                    made = tile(zone, i, title, inner=inside(zone, i, span - 2 - 2 * TEXT_PAD), width=span, classes="-span")
            out.append(made)
    return out


def side_title(view: View, seat: int) -> Text:
    """The border title of a side's board: ``▶`` for the side to act, the player and the side."""
    side = view.info["sides"][seat]
    mark = f"{MARK_ACTIVE} " if view.info["active"] == seat and not view.over else ""
    return Text(f"{mark}{view.players[seat]} · {SIDE_NAMES[side]}")


HEAD_FORMS = (
    ("draw pile", "discard pile", " · ", " · ", False, "  "),
    ("pile", "discard", " · ", " · ", False, "  "),
    ("pile", "discard", " · ", " · ", True, "  "),
    ("pile", "discard", " ", " ", True, " \n"),
    ("pile", "discard", " ", "\n", True, " \n"),
    ("pile", "discard", " ", "\n", True, "\n\n"),
)
"""The forms of a side's counts (``side_header``), fullest first: the draw pile's and the
discard pile's words, what stands after the hand's count and after the draw pile's (a dot,
a space or a new line), whether the top discard has a line of its own, and what stands
after "not" and after "in play:" in the line that says the own Website is not in play.
The forms after ``HEAD_WORDS`` keep the words and dots of the last before them (no dots),
breaking them over more lines only: a side one form narrower than the other wrote "hand 5
· pile 35" beside "hand 6 pile 34 discard 0" (a fresh tester)."""

HEAD_WORDS = 4
"""The first ``HEAD_FORMS``, whose counts line differs in its words or its dots: both sides
take the same of them (``FittedText.shared_forms``), so the counts read alike; the later
forms break the same words over more lines, each side only as its own width needs (a side
58 cells wide broke "FOFL not" / "in play:" / "cannot be hit" over three lines because the
other side was narrow)."""


def side_headers(view: View, seat: int, cardset: Any, piles_drawn: bool = False, tight: bool = False, hand_drawn: bool = False) -> list[Text]:
    """``side_header`` in its forms (``HEAD_FORMS``), fullest first: the counts in full
    ("draw pile 34 · discard pile 0"), then as the compact boards write them ("pile 34 ·
    discard 0"), the top discard on a line of its own, without the dots ("hand 6 pile 34
    discard 0"), then on two lines ("hand 6 pile 34" over "discard 0": beside the log at
    80×24 a compact board has 15 columns), each whole; the head
    (``FittedText``) draws the fullest whose lines all fit its width (beside F1's panel at
    120×40 the counts wrapped onto a line of their own: the board beside the card backs
    has 24 columns, "hand 6 · pile 34 · discard 0" takes 28)."""
    return [side_header(view, seat, cardset, piles_drawn, short=short, tight=tight, hand_drawn=hand_drawn) for short in range(len(HEAD_FORMS))]


def side_header(view: View, seat: int, cardset: Any, piles_drawn: bool = False, short: int = 0, tight: bool = False, hand_drawn: bool = False) -> Text:
    """The head of a side's board: the hand's count, the piles' counts and the top discard
    (only the hand's count when ``piles_drawn``: the piles are drawn beside it with their
    counts and top card, ``FoflTable._show_piles``, and each count is shown once), what is
    known of the hand (``view`` only), and whether its own Website is in play. ``short``
    picks the form (an index into ``HEAD_FORMS``); ``tight`` (a narrow compact board,
    ``NARROW_BOARD``) says the last in one short line ("no ANFOFL yet", not three rows).
    On the omniscient view of a finished game's replay (``View.omniscient``) the hand is
    listed whole ("in the hand: ..."), unless ``hand_drawn`` (the roomy table draws every
    hand as tiles below, ``FoflTable.show_roomy``)."""
    info = view.info
    side = info["sides"][seat]
    text = Text()
    hand = view.zone(f"hand:{seat}")
    discard = view.zone(f"discard:{seat}")
    pile, discarded, after_hand, after_pile, top_apart, breaks = HEAD_FORMS[short]
    if piles_drawn:
        text.append(f"hand {hand.count}", Style(dim=True))
    else:
        text.append(f"hand {hand.count}{after_hand}{pile} {view.zone(f'draw:{seat}').count}{after_pile}{discarded} {discard.count}", Style(dim=True))
    if discard.top is not None and discard.top.face is not None and not piles_drawn:
        text.append("\ndiscard top: " if top_apart else " (top: ", Style(dim=True))
        text.append(discard.top.face.name, Style(dim=True, italic=True))
        text.append("" if top_apart else ")", Style(dim=True))
    top = view.zone(f"draw:{seat}").top
    if top is not None and top.face is not None:
        text.append(f"\ndraw pile top: {top.face.name}", Style(italic=True))
    known = [c.face.name for c in hand.cards if c is not None and c.face is not None]
    if known and view.omniscient and not hand_drawn:  # a finished game's replay: the whole hand
        text.append(f"\nin the hand: {', '.join(known)}", Style(italic=True))
    elif known and view.seat != seat and not view.omniscient:
        text.append(f"\nyou know in the hand: {', '.join(known)}", Style(italic=True))
    homes = info.get("homes")
    if homes is not None and not homes[seat] and not view.over and tight:
        text.append(f"\nno {HOME_NAMES[side]} yet", Style(italic=True))
    elif homes is not None and not homes[seat] and not view.over:
        text.append(f"\n{HOME_NAMES[side]} not{breaks[0]}in play:{breaks[1]}cannot be hit", Style(italic=True))
    return text


ORDER_TITLE = "Locations in the order played (the latest applies first)"


def order_text(view: View, colon: str = ": ") -> Text:
    """The Locations in play in the order they were played, the earliest (``#1``) first
    (ruling 5: the latest applies first), after ``ORDER_TITLE`` and ``colon``; empty when
    none is in play. Each Location's name and place (``"The Good House #6"``) is ``unbroken``:
    a fresh tester read "Cyberspace #5 → The" / "Good House #6" in the Locations' column."""
    places = view.info.get("locations") or []
    if not places:
        return Text()
    text = Text(f"{ORDER_TITLE}{colon}", Style(dim=True))
    for n, name in enumerate(places, 1):
        text.append(f" {ORDER_ARROW} " if n > 1 else "")
        text.append_text(unbroken(Text(f"{name} #{n}")))
    return text


BORDER_PHRASES = {"heavy": "heavy: can act", "dashed": "dashed: off"}
"""The phrases of ``ROOMY_LEGEND`` that speak of a tile's border, by the border they name."""


def legend_forms(order: Text, borders: frozenset[str] | set[str] = frozenset(BORDER_PHRASES)) -> list[Text]:
    """``order`` (``order_text``) with ``ROOMY_LEGEND`` after it, fullest form first for a
    ``FittedText``: on the same line, on a line of its own, its phrases over two lines, one
    phrase a line. A phrase ("heavy: can act") is never broken over two lines (h49 saw
    "heavy: can" over "act" at 200×60). ``borders``: the borders of ``BORDER_PHRASES`` the
    table draws in its form; the phrase of any other is left out (a fresh tester at 200×60
    read "heavy: can act · dashed: off" beside sides drawn as line tiles, without borders)."""
    drawn = {BORDER_PHRASES[b] for b in borders if b in BORDER_PHRASES}
    phrases = [p for p in ROOMY_LEGEND.split(" · ") if p not in BORDER_PHRASES.values() or p in drawn]
    legend = " · ".join(phrases)
    half = (len(phrases) + 1) // 2
    splits = [
        ["   ", legend],
        ["\n", legend],
        ["\n", " · ".join(phrases[:half]) + "\n" + " · ".join(phrases[half:])],
        ["\n", "\n".join(phrases)],
    ]
    forms = []
    for gap, words in splits:
        form = order.copy()
        if form.plain:
            form.append(gap)
        form.append(words, Style(dim=True))
        forms.append(form)
    return forms


def drawn_borders(tiles: Sequence[CardTile]) -> set[str]:
    """The kinds of border (``_tile_border``: "heavy", "dashed", "round") that ``tiles`` and
    the tiles inside them draw (a line tile draws none)."""
    out: set[str] = set()
    for tile in tiles:
        if not tile.has_class("-line"):
            out.add(tile.styles.border.top[0])
        out |= drawn_borders(tile._children_tiles)
    return out


def facing_seats(view: View) -> tuple[int, int]:
    """The roomy table's two sides as ``(across, near)``: the player at the screen sits at
    the near side (the bottom), the other across the table (the top), as at a card table;
    on the public table the side whose turn it is sits near."""
    near = view.seat if view.seat is not None else view.info["active"]
    return (1 - near, near)


def shared_places(view: View) -> list[tuple[int, int]]:
    """The Locations in play on both sides as ``(seat, index in places:seat)``, in the order
    they were played (``#1`` first): they change the game for both sides (ruling 5), so the
    roomy table lays them between the sides."""
    found = []
    for seat in range(len(view.players)):
        statuses = view.info["cards"][f"places:{seat}"]
        for i, card in enumerate(view.zone(f"places:{seat}").cards):
            if card is not None and card.face is not None:
                found.append((statuses[i].get("placed") or 0, seat, i))
    return [(seat, i) for _, seat, i in sorted(found)]


def place_tile(view: View, seat: int, index: int, cardset: Any, detail: bool, width: int = 0) -> CardTile:
    """The tile of the Location at ``index`` of ``seat``'s places (``side_tiles``' own), its
    player's name written on it: between the sides it would not say whose it is. With
    ``width`` (the tile's cells: a compact column, ``FoflTable.PLACES_TIGHT``) the name is
    written on the tile's bottom border where it fits whole there, a row less per tile."""
    tile = next(t for t in side_tiles(view, seat, cardset, detail, parts=("places",)) if t.index == index)
    owner = f"{view.players[seat]}'s"
    if width and cell_len(owner) + TITLE_FRAME <= width:
        tile.keys = Text(owner, Style(italic=True))  # carried over as the keys are (``CardTile.take``); a choice's keys take its place
        tile.border_subtitle = tile.keys
    else:
        tile.body = tile.body + Text(f"\n{owner}", Style(dim=True, italic=True))
    return tile


def last_moves(view: View, count: int) -> list[tuple[str, bool]]:
    """The newest ``count`` lines of the log the view holds (public, and private to the
    player looking, marked ``(only you)`` and bold), oldest first, as ``RecentMoves``
    entries: the box shows the newest whole and drops the oldest first."""
    return [("(only you) " + e.text, True) if e.audience is not None else (e.text, False) for e in view.log[-count:]]


class RoomyTable(SizedBox, Vertical):
    """The roomy table's area (the sides, the Locations between them and the foot): its
    rows come from the screen (the decision panel under it grows and shrinks), and a change
    of its height shares its rows again (``FoflTable._share_rows``): the sides and the foot
    had been shared for the rows it had while the panel was taller, and four rows stood
    empty above the hand."""


class TileGrid(SizedBox, Vertical):
    """A grid of tiles whose height follows its tiles: a ``SizedBox``, so a change of its
    size reaches ``FoflTable.refit`` (the table fits its columns again when its width
    changed, and shares its rows again: ``FoflTable._share_rows``). Its content (the tiles)
    is never redrawn for a new size, only the grid's columns and the rows around it, so a
    height that follows the tiles cannot loop."""

    def pre_layout(self, layout: Layout) -> None:
        """Every tile of a row as tall as the row's tallest (the fresh tester: DoS attack 5
        lines, Temptation 6 and Hack 7 in one row of the hand). Textual's grid works a row's
        height out from its tiles' content heights at the column width, in the layout pass
        itself, and stretches each tile to it: nothing is measured after the fact, so a
        resize lays the rows out exactly as a fresh start at that size does."""
        if isinstance(layout, GridLayout):
            layout.stretch_height = True


class ColumnsLayout(Layout):
    """A side's tiles in columns of their own (masonry): the columns and their width are the
    grid's (``grid-size``, ``grid-columns`` in cells as ``FoflTable._fit_columns`` sets them,
    ``grid-gutter``'s cells between columns), each tile at the foot of the shortest stack so
    far in the side's order (``stacked``), as tall as its own content (a ``-span`` tile two
    columns and the gutter wide), so a tall tile leaves the tiles beside it their own height.
    Its rows are counted before it is drawn (``column_rows``)."""

    name = "fofl-columns"

    def arrange(self, parent: Widget, children: list[Widget], size: Size, greedy: bool = True) -> ArrangeResult:
        """Where each of ``children`` (the tiles, in order) stands inside ``parent`` (the
        side's grid, ``size`` its content's size in cells): one ``WidgetPlacement`` each."""
        parent.pre_layout(self)
        styles = parent.styles
        columns = max(1, styles.grid_size_columns)
        gutter = styles.grid_gutter_vertical
        widths = styles.grid_columns
        width = int(widths[0].value) if widths and widths[0].is_cells else max(1, (size.width - gutter * (columns - 1)) // columns)
        viewport = parent.app.viewport_size
        spans = [max(1, min(columns, child.styles.column_span or 1)) for child in children]
        boxes = []
        for child, span in zip(children, spans):
            cell = Size(span * width + (span - 1) * gutter, size.height)
            boxes.append(child._get_box_model(cell, viewport, Fraction(cell.width), Fraction(cell.height), constrain_width=True, greedy=greedy))
        spots, _ = stacked(spans, [int(box.height) + box.margin.height for box in boxes], columns)
        return [WidgetPlacement(Region(column * (width + gutter) + box.margin.left, top + box.margin.top, int(box.width), int(box.height)),
                                NULL_OFFSET, box.margin, child)
                for child, box, (column, top) in zip(children, boxes, spots)]


class SideGrid(TileGrid):
    """A side's cards in play (``#fofl-grid-k``): its tiles, still its direct children, laid
    out in columns of their own (``ColumnsLayout``), not in rows of a grid: at 160×48 one
    Shuttle with four pilots made its row of three tiles 8 rows tall, and ~20 cards a side
    fell back to line tiles with 11 rows empty under them."""

    _columns = ColumnsLayout()

    @property
    def layout(self) -> Layout:
        """The side's columns (``ColumnsLayout``), whatever the CSS's ``layout`` says."""
        return self._columns


def _hand_play(action: Action) -> bool:
    """Whether ``action`` plays the card at a place of the hand (its ``card`` argument)."""
    return action.type == "play" and action.get("zone") is None and isinstance(action.get("card"), int)


def hand_keys(actions: Sequence[Action], keys: Sequence[str | None], hand: Sequence[str | None], kept: dict[str, str],
              reserved: frozenset[str] = frozenset()) -> tuple[str | None, ...]:
    """The keys of ``actions`` (``keys``: the table's own, ``option_keys``) with each option
    that plays a card of the hand (``card``: its place in ``hand``, the hand's card names)
    given its card's key in ``kept`` (card name -> key, kept by the caller for the turn and
    filled here). A name gets a key the first time the hand is seen this turn: the key of
    its place in the hand (``default_keys``: ``1`` the first card), or the first key no
    name holds when that one is taken, so a card's key stays the same while other cards are
    played or become playable (the game offers one option per card name). The options that
    play no card take the keys they had unless a card holds one, then the first free key
    past every card's. ``None``: arrows and Enter only (no key left)."""
    pool = default_keys(len(hand) + len(actions) + len(kept), reserved)
    for place, name in enumerate(hand):
        if name is not None and name not in kept:
            taken = set(kept.values())
            kept[name] = next((k for k in (pool[place], *pool) if k is not None and k not in taken), None)
    held = set(kept.values())
    spare = iter(k for k in pool if k is not None and k not in held)
    out: list[str | None] = []
    for action, key in zip(actions, keys):
        if _hand_play(action) and 0 <= action["card"] < len(hand) and hand[action["card"]] is not None:
            out.append(kept.get(hand[action["card"]]))
        elif key is None or key in held or key in out:
            out.append(next(spare, None))
        else:
            out.append(key)
    return tuple(out)


class Boards(SizedBox, Horizontal):
    """The compact table's two boards side by side: a ``SizedBox``, so when a panel opens or
    closes beside them their text is drawn again for the width they have (tight below
    ``NARROW_BOARD``)."""


class FoflTable(TableScreen):
    """The FOFL vs ANFOFL screen (rules: cards_data/fofl.md): the compact boards below
    120×36, the roomy table of tiles from there (module docstring)."""

    CSS_PATH = ["../table.tcss", "fofl.tcss"]
    BINDINGS = [
        Binding("i", "card_texts", "Cards"),
        Binding("right_square_bracket", "scroll_board(1)", "Page ↓", key_display="]"),
        Binding("left_square_bracket", "scroll_board(-1)", "Page ↑", key_display="["),
    ]
    DETAIL_SIZE = (180, 54)
    """From this size (columns, rows) the tiles carry each card's short text."""
    ONE_PANEL_BELOW = 160
    """The two sides' counts, card backs and the Locations between them need about 80
    columns: with the log (42) and F1's keys (38) both open at 120×40 the fresh tester saw
    counts broken into a column of letters ("ha" / "nd" / "4"). Under 160 columns the log
    and F1's panel exclude each other at this table."""
    LAST_MOVES = 40
    """How many of the newest log lines the roomy table gives its last-moves box (which
    shows the newest of them that fit, whole: ``RecentMoves``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._drawn: dict[str, Any] = {}
        self._tiles: dict[str, list[CardTile]] = {}
        """Per tile grid, the tiles it shows (``_fill``, ``renew_tiles``)."""
        self._least: dict[str, int] = {}
        """Per tile grid, the cells its widest word needs (``tile_width_needed``)."""
        self._layout: tuple[bool, bool] | None = None
        self._shown_key: tuple = ()
        """What the roomy table last drew (``_table_key``)."""
        self._drawn_crowding = 0
        """The form the sides were last drawn in (``show_roomy``, from ``_plan``), how crowded:
        from ``DETAIL_SIZE`` 1 without the cards' short texts, 2 compact (``side_tiles``'
        ``compact``), 3 and 4 line tiles inside them, then for every card (its ``lines``);
        below it 1 compact, 2 and 3 line tiles (``LEAST_FULL``); 0 in full."""
        self._drawn_fits: dict[int, tuple[int, int]] = {}
        """The compact fits (side -> tile width, columns) the sides were last drawn for."""
        self._compact_built: dict[str, tuple[int, int] | None] = {}
        """Per side's grid, the tile width and columns its compact tiles were drawn for
        (``None``: not compact): a grid fitted to others draws them again (``_fit_columns``)."""
        self._fit_tries = 0
        self._fitted: dict[str, int] = {}
        self._tile_widths: dict[str, int] = {}  # each grid's column width (cells), as last set
        self._hand_keys: dict[str, str] = {}
        """Each card name's key in the play menu this turn (``hand_keys``)."""
        self._hand_keys_turn: tuple[int, Any] | None = None
        """The (seat, turn) ``_hand_keys`` holds."""
        """Per tile grid, the width its columns were last fitted to."""

    def compose_table(self) -> ComposeResult:
        yield FittedText(unwrapped=True, id="fofl-status")
        with Boards(id="fofl-boards"):
            for k, place in enumerate(("left", "right")):
                with VerticalScroll(id=f"fofl-{place}", classes="fofl-board"):
                    yield FittedText(unwrapped=True, id=f"fofl-board-title-{k}")
                    yield FittedText(unwrapped=True, id=f"fofl-board-head-{k}")
                    yield Caption("", id=f"fofl-board-{k}")
        yield FittedText(unwrapped=True, id="fofl-hand")
        with RoomyTable(id="fofl-roomy"):
            with Horizontal(id="fofl-sides"):  # side by side; ``-facing``: one above the other
                for k in (0, 1):
                    if k == 1:  # between the sides: what both share, the Locations (ruling 5)
                        with Vertical(id="fofl-shared"):
                            yield FittedText(unwrapped=True, id="fofl-order")
                            yield TileGrid(id="fofl-places", classes="fofl-grid")
                    with VerticalScroll(id=f"fofl-side-{k}", classes="fofl-side", can_focus=False):
                        with Horizontal(id=f"fofl-headrow-{k}", classes="fofl-head"):  # facing: a column at the right
                            yield FittedText(unwrapped=True, id=f"fofl-head-{k}", classes="fofl-head-text")
                            with Horizontal(classes="fofl-piles"):
                                yield FanWidget(id=f"fofl-draw-{k}", classes="fofl-pile")
                                yield FanWidget(id=f"fofl-discard-{k}", classes="fofl-pile")
                                yield FannedBacks("", id=f"fofl-backs-{k}", classes="fofl-backs")
                        yield SideGrid(id=f"fofl-grid-{k}", classes="fofl-grid")
            with Horizontal(id="fofl-foot"):
                with VerticalScroll(id="fofl-handbox", can_focus=False):
                    yield TileGrid(id="fofl-hand-tiles", classes="fofl-grid")
                with Vertical(id="fofl-lastbox"):
                    yield RecentMoves(id="fofl-last")

    @property
    def detailed(self) -> bool:
        """True when the screen is at least ``DETAIL_SIZE``: tiles carry the card's text."""
        width, height = self.size
        return width >= self.DETAIL_SIZE[0] and height >= self.DETAIL_SIZE[1]

    def on_resize(self, event: events.Resize) -> None:
        if self._layout is not None and self._layout != (self.roomy, self.detailed):
            self.call_after_refresh(self.redraw)
        elif self.roomy:
            self._refit()

    def _refit(self) -> None:
        """Fit the roomy table to the width and rows it has now, once they are laid out: the
        tile columns (``_fit_columns``), then the rows (``_share_rows``)."""
        self.call_after_refresh(self._fit_columns)
        self.call_after_refresh(self._share_rows)

    def on_keys_panel_toggled(self) -> None:
        """F1 showed or hid the keys panel docked at the side (``KeysPanel.Toggled``): the
        table reflows into the width left beside it (as ``ColdWarTable`` does), every word
        of every tile and every area's heading whole."""
        if self.roomy and not self.taken_down:
            self._refit()

    def action_toggle_log(self) -> None:
        """As ``TableScreen.action_toggle_log``; the roomy table reflows into the width left
        beside the log, and its own last-moves box stands aside while the log is open (the
        log holds every move), so the hand gets that width."""
        super().action_toggle_log()
        if self.roomy and not self.taken_down:
            self.query_one("#fofl-lastbox").display = not self.query_one("#log").display
            self._refit()

    _hand_shown: tuple = ()
    """The hand as last drawn (the seat looking, its cards' names): when it changes, the hand's box
    goes back to its first row (t211 played cards from a hand paged down with ``]`` and its
    first row's names stayed out of sight)."""

    def _scrolling_boards(self) -> list[Widget]:
        """The boards (below 120×36), or the sides, the Locations' column between them and
        the hand's box (the roomy table), on screen that hold more than they show (a fresh
        tester at 120×40 saw 4 of the 5 cards of their hand and no key that reached the
        fifth)."""
        return [w for w in self.query(".fofl-board, .fofl-side, #fofl-shared, #fofl-handbox") if w.display and w.region and w.max_scroll_y > 0]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scroll_board":  # in the key bar only while a board holds more than it shows
            return not self._handoff_pending and bool(self._scrolling_boards())
        return super().check_action(action, parameters)

    def action_scroll_board(self, step: int) -> None:
        """``]`` / ``[``: every board that holds more than it shows a page down / up, what
        the mouse wheel does (a fresh tester at 80×24 with 20 cards a side found no key that
        reached the cards below the fold)."""
        for board in self._scrolling_boards():
            if step > 0:
                board.scroll_page_down(animate=False)
            else:
                board.scroll_page_up(animate=False)

    def show_table(self, view: View) -> None:
        self.call_after_refresh(self.refresh_bindings)  # ] and [ follow whether a board scrolls
        sides = view.info["sides"]
        red = sides.index("red")
        roomy = self.roomy
        self._layout = (roomy, self.detailed)
        self.set_class(roomy, "-roomy")
        self.query_one("#fofl-status", FittedText).show(status_forms(view))
        boards = self.query_one("#fofl-boards")
        boards.display = not roomy
        self.query_one("#fofl-roomy").display = roomy
        hand_widget = self.query_one("#fofl-hand", FittedText)
        if not roomy:
            stacked = self._stacked is not None and self._stacked == (boards.content_size, self._board_key(view))
            unstacked = boards.has_class("-stacked") and not stacked  # drawn again once laid out so
            boards.set_class(stacked, "-stacked")
            widths = self._side_widths()
            tight = 0 < widths[0] < NARROW_BOARD
            self.drawn_for(boards)  # a panel opened or closed, the decision's rows changed: drawn again (``Boards``)
            heads = [self.query_one(f"#fofl-board-head-{k}", FittedText) for k in (0, 1)]
            titles = [self.query_one(f"#fofl-board-title-{k}", FittedText) for k in (0, 1)]
            seats = (red, 1 - red)
            for k, seat in enumerate(seats):
                titles[k].group, titles[k].shared_forms = (titles, HEAD_WORDS) if stacked else ((), 1 << 30)
                titles[k].show(stacked_title_forms(view, seat, self.cardset) if stacked else board_title_forms(view, seat, self.cardset))
                heads[k].group, heads[k].shared_forms = heads, HEAD_WORDS  # both sides' counts in the same words
                heads[k].show(side_headers(view, seat, self.cardset, tight=tight))
                heads[k].display = not stacked  # stacked: on the title's line
            drawn = [(t, True) for t in self._stacked_texts(view, seats)[0]] if stacked else [self._board_text(view, seat, k, tight, heads[k], widths[k]) for k, seat in enumerate(seats)]
            for k, (text, _) in enumerate(drawn):
                self.query_one(f"#fofl-board-{k}", Static).update(text)
            if unstacked:
                self.call_after_refresh(self.redraw)
            elif not stacked and not tight and not all(fits for _, fits in drawn) and self._stacked_texts(view, seats)[1]:
                # a side's cards not all in sight side by side even listed densely: the
                # boards one above the other, each the table's width, where that shows them
                # all (``_stacked_texts``; else side by side, the end of each board scrolling)
                self._stacked = (boards.content_size, self._board_key(view))
                self.call_after_refresh(self.redraw)
            hand = hand_forms(view, self.cardset, self.unplayable_names())
            # a narrow board while the panel lists the hand's cards (to play, or dimmed with
            # why not): the panel is the hand, and its rows go to the cards in play
            hand_widget.display = bool(hand) and not (tight and self._lists_hand())
            hand_widget.show(hand)
            return
        hand_widget.display = False
        facing = self.detailed
        self.set_class(facing, "-facing")
        self.side_seats = facing_seats(view) if facing else (red, 1 - red)
        for k in (0, 1):  # the far side's counts and piles at its far edge, the near side's nearest its player
            side, head = self.query_one(f"#fofl-side-{k}"), self.query_one(f"#fofl-headrow-{k}")
            grid = self.query_one(f"#fofl-grid-{k}")
            at_bottom = facing and k == 1
            if (side.children.index(head) > side.children.index(grid)) != at_bottom:
                side.move_child(head, after=grid) if at_bottom else side.move_child(head, before=grid)
        self.show_roomy(view, self.side_seats)

    def _lists_hand(self) -> bool:
        """Whether the decision on screen offers cards of the hand to play (the play menu)."""
        decision = None if self._handoff_pending else self.session.visible_decision()
        return decision is not None and any(_hand_play(a) for a in decision.actions)

    def unplayable_names(self) -> frozenset[str]:
        """As ``TableScreen.unplayable_names``; on the turn menu, which lists the hand's
        unplayable cards only when none is playable (its options say "Play a card"), the
        cards the play menu would list as unplayable (``Fofl.unplayable``, which reads only
        the table and the acting seat's own hand), so the hand marks them ``✗`` before that
        menu is opened too (tester5)."""
        names = super().unplayable_names()
        decision = None if self._handoff_pending else self.session.visible_decision()
        seat = self.session.view().seat
        if names or decision is None or decision.kind != "turn" or seat not in decision.seats:
            return names
        return frozenset(name for name, _ in self.session.game.unplayable(seat))

    def option_keys(self, decision: Decision):
        """As ``TableScreen.option_keys``, but a card of the hand keeps one key through the
        turn (``hand_keys``): tester4 remembered ``4`` for Chav, played another card, and
        ``4`` played Established Dictatorship on the next visit to "Play which card?"."""
        keys = super().option_keys(decision)
        view = self.session.view()
        if view.seat is None or view.seat not in decision.seats or not any(_hand_play(a) for a in decision.actions):
            return keys
        turn = (view.seat, view.info.get("turn"))
        if self._hand_keys_turn != turn:
            self._hand_keys_turn, self._hand_keys = turn, {}
        hand = [c.face.name if c is not None and c.face is not None else None for c in view.zone(f"hand:{view.seat}").cards]
        return hand_keys(decision.actions, keys, hand, self._hand_keys, self._own_keys)

    side_seats: tuple[int, int] = (0, 1)
    """The seats of the roomy table's sides as last drawn: (left, right) side by side (Red,
    Blue), or (across the table, near) when facing (``facing_seats``)."""

    def show_roomy(self, view: View, seats: tuple[int, int]) -> None:
        """Draw the roomy table: the two sides with the Locations both share between them,
        side by side (Red left, Blue right, the Locations in a column between) or, from
        ``DETAIL_SIZE``, facing as at a card table (``facing_seats``: the other player's
        side across the table at the top, the Locations in a strip, the near side below);
        then the hand and the last moves."""
        detail = self.detailed
        self._shown_key = self._table_key(view)
        # the cards in play in the fullest form that shows them all (``_plan``, counted):
        # from DETAIL_SIZE without their short texts, then (as below it) in compact tiles,
        # then with the tiles inside them as lines, then every card a line tile
        made = self._plan(view)
        crowding, fits = made if made is not None else (0, {})
        self._drawn_crowding, self._drawn_fits, self._plan_asked = crowding, fits, False
        texts, compact, lines = self._form(crowding)
        self.set_class(crowding > 0, "-crowded")
        self.set_class(compact, "-compact")
        places = shared_places(view)
        # side by side, the Locations' column drawn tighter while its tiles do not all fit
        # its rows (``_share_rows``): ``PLACES_TIGHT``
        tight = 0 if detail or self._places_tight[0] != (tuple(self.size), len(places)) else self._places_tight[1]
        self._places_drawn, self._places_asked = tight, False
        order = order_text(view, ": " if detail else ":\n") if places else Text(f"{ORDER_TITLE}: none in play yet", Style(dim=True))
        if tight:  # the tiles carry their place in the order ("Location #2"): not listed again
            order = Text(self.PLACES_RULE, Style(dim=True))
        width = self._tile_widths.get("#fofl-places", 0) if tight > 1 else 0
        # from DETAIL_SIZE the Locations keep their texts while the sides are compact (their
        # band had room: a fresh tester saw four without theirs), not in line tiles
        place_tiles = [place_tile(view, seat, i, self.cardset, detail and lines < 2, width) for seat, i in places]
        forms = [order]
        if detail:  # room for the marks' legend too (below that, the card-text screen has it)
            # the border phrases while the sides are tiles (any card may come to act or be
            # switched off), else only those the Locations' tiles draw
            forms = legend_forms(order, set(BORDER_PHRASES) if lines < 2 else drawn_borders(place_tiles))
        self.query_one("#fofl-order", FittedText).show([HangingText.of(form, 0) for form in forms])  # the names whole (``order_text``)
        shared = self.query_one("#fofl-shared")
        self._place_column(bool(places))
        show_border_title(shared, "Locations" if tight else None)
        self._fill("#fofl-places", self._mark_choices(view, place_tiles))
        heads = [self.query_one(f"#fofl-head-{k}", FittedText) for k in (0, 1)]
        for head in heads:  # both sides' counts in the same words
            head.group, head.shared_forms = heads, HEAD_WORDS
        for k, seat in enumerate(seats):
            side = view.info["sides"][seat]
            box = self.query_one(f"#fofl-side-{k}")
            show_border(box, "round", self.cardset.colour_hex(side) or "gray")
            show_border_title(box, side_title(view, seat))
            self.query_one(f"#fofl-head-{k}", FittedText).show(side_headers(view, seat, self.cardset, piles_drawn=detail, hand_drawn=True))
            backs = self.query_one(f"#fofl-backs-{k}", FannedBacks)
            # a replay draws every hand face up below; a side drawn in line tiles (the least
            # full step, ``LEAST_FULL``) gives the backs' rows to its cards (the counts say
            # "hand 5"); compact tiles keep them, measured with them (a side that then scrolls
            # goes on to line tiles): hiding them with every compact side left Bob's ten
            # backs out beside his one card at 120×36
            backs.display = view.seat != seat and not view.omniscient and not lines
            if backs.display:
                # facing, the backs stand beside the two piles in the counts' column
                # (``.fofl-head``, 42 cells), in what the piles leave of it (``FannedBacks``)
                backs.show(view.zone(f"hand:{seat}").count, self.FACING_BACKS if detail else 12)
            self._show_piles(view, seat, k, detail)
            # a crowded side: no empty areas outlined; compact tiles built for their planned fit
            fit = (fits.get(k) or self._compact_fit(f"#fofl-grid-{k}")) if compact else None
            self._compact_built[f"#fofl-grid-{k}"] = fit
            self._fill(f"#fofl-grid-{k}", self._mark_choices(view, side_tiles(view, seat, self.cardset, texts, empty=not compact,
                                                                          parts=SIDE_PARTS, compact=fit, lines=lines)))
        hand_tiles: list[CardTile] = []
        handbox = self.query_one("#fofl-handbox")
        if view.seat is not None:
            unplayable = self.unplayable_names()
            zone = f"hand:{view.seat}"
            for i, card in enumerate(view.zone(zone).cards):
                if card is None or card.face is None:
                    continue
                body = tile_body(self.cardset, card.face, None, detail, brief=True)  # a hand card always with its text
                classes = "fofl-hand-tile"
                border = "round"
                if card.face.name in unplayable:
                    body = Text(UNPLAYABLE_MARK + " ", Style(dim=True)) + body
                    body.stylize(Style(dim=True))
                    classes += " -unplayable"  # faded (fofl.tcss)
                hand_tiles.append(CardTile(body, zone, i, "", self.cardset.colour_hex(card.face.colour), border, classes))
            show_border_title(handbox, Text(f"Your hand ({view.players[view.seat]}): {plural(len(hand_tiles), 'card')}"))
        elif view.omniscient:  # a finished game's replay: every hand face up, each tile titled with its holder
            counts = []
            for seat in seats:
                zone = f"hand:{seat}"
                faces = [(i, card.face) for i, card in enumerate(view.zone(zone).cards) if card is not None and card.face is not None]
                counts.append(f"{view.players[seat]} {len(faces)}")
                for i, face in faces:
                    body = tile_body(self.cardset, face, None, detail, brief=True)
                    hand_tiles.append(CardTile(body, zone, i, view.players[seat], self.cardset.colour_hex(face.colour), "round", "fofl-hand-tile"))
            show_border_title(handbox, Text(f"Every hand, face up: {' · '.join(counts)}"))
        else:
            show_border_title(handbox, Text("The public table: no hand is shown"))
        # another hand, or cards played from it (not a card becoming playable or not): its first row in sight
        shown = (view.seat, tuple(c.face.name if c.face is not None else "" for c in view.zone(f"hand:{view.seat}").cards) if view.seat is not None else ())
        if shown != self._hand_shown:
            self._hand_shown = shown
            handbox.scroll_home(animate=False)
        self._fill("#fofl-hand-tiles", self._mark_choices(view, hand_tiles))
        self.query_one("#fofl-lastbox").display = not self.query_one("#log").display  # the log holds every move
        self._fit_columns()
        self.call_after_refresh(self._share_rows)
        show_border_title(self.query_one("#fofl-lastbox"), "Last moves")
        self.query_one("#fofl-last", RecentMoves).show(last_moves(view, self.LAST_MOVES))

    def _side_widths(self) -> list[int]:
        """The cells of text of the two compact boards side by side: as laid out, else (the
        boards stacked, or put side by side again and not laid out so yet) as they will be."""
        boards = self.query_one("#fofl-boards")
        places = [self.query_one(f"#fofl-{place}") for place in ("left", "right")]
        if 0 < sum(place.outer_size.width for place in places) <= boards.content_size.width:
            return [self.query_one(f"#fofl-board-{k}").content_size.width for k in (0, 1)]
        half = boards.content_size.width // 2
        # each half less its padding, the left one less its border at the right too
        return [max(0, width - place.styles.padding.width - (k == 0)) for k, (width, place) in enumerate(zip((half, boards.content_size.width - half), places))]

    def _board_text(self, view: View, seat: int, k: int, tight: bool, head: FittedText, width: int) -> tuple[Text, bool]:
        """Side ``k``'s compact board side by side, ``width`` cells of text (``board_text``),
        ``dense`` when its cards in play would not all be in sight of its box below its
        title and counts (``head``) otherwise, and whether they are all in sight (else the
        densest text; the boards are then stacked where they are not tight: ``_stacked_texts``)."""
        text = board_text(view, seat, self.cardset, tight, width)
        room = self.query_one("#fofl-boards").content_size.height
        if not width or not room:
            return text, True  # not laid out yet: drawn again once it is (``Boards``)
        title = self.query_one(f"#fofl-board-title-{k}", FittedText)
        used = sum(w.get_content_height(None, None, width) for w in (title, head) if w.forms)
        for dense in (1, 2, 3):  # less full while the cards would not all be in sight
            if used + text_rows(text, width) <= room:
                return text, True
            if dense < 3:
                text = board_text(view, seat, self.cardset, tight, width, dense=dense)
        # it scrolls: its scrollbar takes a cell of each line (a card was cut: "Mafia P6 T3/3" / "⚔")
        scrollbar = self.query_one(f"#fofl-{('left', 'right')[k]}").styles.scrollbar_size_vertical
        return board_text(view, seat, self.cardset, tight, width - scrollbar, dense=2), False

    _stacked: tuple | None = None
    """The boards' size and ``_board_key`` for which the compact boards are stacked (one
    above the other, each the table's width: ``_stacked_texts``), their cards not all in
    sight side by side; ``None``: side by side."""

    def _board_key(self, view: View) -> int:
        """How much the compact boards list (the cells of both in full): stacked boards stay
        stacked at the same size while it is the same (``_stacked``)."""
        return sum(len(board_text(view, seat, self.cardset).plain) for seat in (0, 1))

    def _stacked_texts(self, view: View, seats: tuple[int, int]) -> tuple[list[Text], bool]:
        """The two stacked boards' texts (``board_text``), both in the least dense form in
        which the boards' titles (their counts on the same line: ``stacked_title_forms``)
        and cards all fit the boards' rows, and whether they do (else the densest). A fresh
        tester at 80×24 with 12 to 20 cards a side saw them scroll in two columns of 38 cells."""
        boards = self.query_one("#fofl-boards")
        width = boards.content_size.width - self.query_one("#fofl-left").styles.padding.width
        used = 0
        for seat in seats:  # the fullest form whose lines all fit, as the title draws it (``FittedText``)
            forms = stacked_title_forms(view, seat, self.cardset)
            used += next((len(f.plain.split("\n")) for f in forms if max(map(cell_len, f.plain.split("\n"))) <= width), text_rows(forms[-1], width))
        for dense in (0, 1, 2):
            texts = [board_text(view, seat, self.cardset, False, width, dense=dense) for seat in seats]
            if used + sum(text_rows(t, width) for t in texts) <= boards.content_size.height:
                return texts, True
        return texts, False

    def _compact_fit(self, selector: str) -> tuple[int, int]:
        """The tile width (cells) and the columns of the grid ``selector`` as last fitted
        (``_fit_columns``), for its compact tiles (``side_tiles``)."""
        if selector not in self._tile_widths:  # not fitted yet: the least width, one column
            return self.TILE_WIDTH[self.detailed][0], 1
        return self._tile_widths[selector], self.query_one(selector).styles.grid_size_columns or 1

    LEAST_FULL = {False: 3, True: 4}
    """The least full form of the sides (``_crowding``), below and from ``DETAIL_SIZE``:
    when compact tiles leave a side's cards out of sight, the tiles inside them are line
    tiles, then every card is a line tile (``side_tiles``' ``lines``). A fresh tester saw cards scroll out of sight with 10–14 on
    a side at 120×40 and 200×60 (a Spacecraft's pilots in compact tiles of their own took 3
    rows each)."""

    SETTLE = 0.2
    """Seconds after a table is drawn before the Locations' column's rows are measured again
    to decide it is drawn tighter (``_tighten_places``)."""

    _measuring = 0

    @property
    def settling(self) -> bool:
        """Whether the table may still be drawn again without a key: a measure of the
        Locations' rows is due, a step tighter of them or a drawing in another form of the
        sides (``_replan``) is on its way. Tests wait for it to end (``ui.testing.settled_lines``)."""
        return bool(self._measuring) or self._plan_asked or self._places_asked

    def _form(self, crowding: int) -> tuple[bool, bool, int]:
        """The form of the sides' tiles at ``crowding`` (``_crowding``): (each card with its
        short text, compact tiles, ``side_tiles``' ``lines``)."""
        detail = self.detailed
        return detail and crowding == 0, crowding >= (2 if detail else 1), max(0, crowding - self.LEAST_FULL[detail] + 2)

    CARD_ROWS = 8
    """The least rows of a card in play drawn card-sized, from ``DETAIL_SIZE`` in full
    (``fofl.tcss``: ``min-height`` of ``.fofl-grid > .fofl-tile``): counted by ``_plan``
    (``column_rows``) as Textual lays it out."""

    _plan_asked = False
    """A drawing of the sides in the form ``_plan`` chose is on its way (``_replan``)."""
    _plan_key: tuple = ()
    _plan_made: tuple[int, dict[int, tuple[int, int]]] | None = None
    """``_plan``'s answer for ``_plan_key`` (what it was worked out from)."""

    def _plan(self, view: View) -> tuple[int, dict[int, tuple[int, int]]] | None:
        """The fullest form of the sides (``_crowding``: 0 in full, up to ``LEAST_FULL``)
        in which every card in play is in sight, worked out from counted rows: for each form,
        each side's tiles as ``side_tiles`` draws them, the grid's columns for the side's width
        (``fitted_columns``), the rows of those tiles (``column_rows``), the side's counts above
        or beside them, against the rows the table leaves the sides beside the hand
        (``_foot_rows``). With it, each side's compact fit (grid index -> tile width, columns).
        ``None`` while the table is not laid out. One pass, no measure after a paint, so a
        table steps back up as cards leave play or the screen grows (a fresh tester resumed a
        game at 200×60 in line tiles, 20 rows of it empty, after a save made at 80×24)."""
        sides = self.query_one("#fofl-sides")
        roomy = self.query_one("#fofl-roomy")
        width, height = sides.content_size.width, roomy.content_size.height
        hand_grid = self.query_one("#fofl-hand-tiles")
        if width <= 0 or height <= 0:
            return None
        hand = hand_grid.outer_size.height + 2
        moves = self.query_one("#fofl-last", RecentMoves)
        log = moves.rows_needed(moves.content_size.width) + 2 if moves.content_size.width and _shown(moves) else 0
        facing = self.has_class("-facing")
        shared = self.query_one("#fofl-shared")
        order = self.query_one("#fofl-order")
        # the grids' widths as laid out (a side that scrolls now gives its scrollbar's column back once it does not)
        live = [self.query_one(f"#fofl-grid-{k}").content_size.width + self.query_one(f"#fofl-side-{k}").scrollbar_size_vertical for k in (0, 1)]
        key = (width, height, hand, log, facing, self.detailed, view.seat, tuple(live), repr(view.info["cards"]), repr(view.info.get("locations")),
               shared.outer_size.height if not facing else order.outer_size.height, tuple(self.side_seats))
        if key == self._plan_key and self._plan_made is not None:
            return self._plan_made
        board = self.TILE_WIDTH[self.detailed][0]
        places = shared_places(view)
        found: list[tuple[bool, bool, int, list]] = []  # (sides fit, hand whole too, crowding, fits)
        for crowding in range(self.LEAST_FULL[self.detailed] + 1):
            compact, lines = self._form(crowding)[1:]
            column = bool(places) or self.detailed or (width + 4 >= self.KEEP_PLACES_COLUMN and crowding == 0)
            if all(live) and (facing or shared.display == column):
                grid_widths = live  # as laid out (the sides' widths do not change with the form)
            elif facing:
                grid_widths = [width - 4 - 43] * 2  # less the side's border and padding, the counts' column (42 and its margin)
            else:
                rest = width - (int(shared.styles.width.value) if column and shared.styles.width else 0)  # (a float in the CSS)
                grid_widths = [rest // 2 - 4, rest - rest // 2 - 4]
            fits, needs = self._counted_sides(view, crowding, grid_widths, board)
            least = self.CARD_ROWS if self.detailed and crowding == 0 else 0
            rows = [column_rows(tiles, columns, tile, least) for tiles, (tile, columns) in zip(needs, fits)]
            heads = [self._head_rows(view, k, seat, not lines, grid_widths[k]) for k, seat in enumerate(self.side_seats)]
            if facing:
                band = 0
                if shared.display:
                    tiles = [place_tile(view, seat, i, self.cardset, self.detailed and lines < 2) for seat, i in places]
                    least_places = max((tile_width_needed(t) for t in tiles), default=0)
                    columns, tile = fitted_columns(width - 4, board, least_places, two=False)
                    band = order.outer_size.height + grid_rows(tiles, columns, tile) + 2
                need = [max(head, r) + 2 for head, r in zip(heads, rows)]
                room = height - band
                foot = self._foot_rows(room, hand, log, sum(need))
                ok = sum(need) <= room - foot
            else:
                need = [head + r + 2 for head, r in zip(heads, rows)]
                shared_need = sum(p.outer_size.height for p in shared.children) + 2 if shared.display else 0
                foot = self._foot_rows(height, hand, log, max(need + [shared_need]))
                ok = max(need) <= height - foot
            whole = ok and foot >= hand and not lines
            found.append((ok, whole, crowding, fits))
            if whole:
                break
        # the fullest form in tiles that leaves the hand its rows too (at 120×40 full tiles
        # fitted beside a hand cut to its first row, where compact ones left both whole), else
        # the fullest whose cards are all in sight, else the least full (the hand never
        # takes the cards' tiles for line tiles)
        _, _, crowding, fits = next((f for f in found if f[1]), None) or next((f for f in found if f[0]), found[-1])
        compact = self._form(crowding)[1]
        made = (crowding, {k: fit for k, fit in enumerate(fits)} if compact else {})
        self._plan_key, self._plan_made = key, made
        return made

    def _counted_sides(self, view: View, crowding: int, widths: list[int], least: int) -> tuple[list[tuple[int, int]], list[list[CardTile]]]:
        """Each side's (tile width, columns) and tiles in the form ``crowding`` for grids
        ``widths`` cells wide (``_plan``): compact tiles are built for their fit, which
        depends on their words, so they are fitted twice (as ``_fit_columns`` fits the tiles
        drawn)."""
        texts, compact, lines = self._form(crowding)
        facing = self.has_class("-facing")

        def build(fits: list[tuple[int, int] | None]) -> list[list[CardTile]]:
            return [side_tiles(view, seat, self.cardset, texts, empty=not compact, parts=SIDE_PARTS, compact=fits[k], lines=lines)
                    for k, seat in enumerate(self.side_seats)]

        def fit(tiles: list[list[CardTile]]) -> list[tuple[int, int]]:
            out = []
            for k, own in enumerate(tiles):
                need = grid_need(own)
                cards = len(own) if facing else max(map(len, tiles))
                columns, tile = fitted_columns(max(1, widths[k]), least, need, cards, self.WIDEST_TILE)
                out.append((tile, columns))
            return out

        # compact: first as many columns as the least width allows (a tile whose line would
        # break then spans two of them), then fitted to the tiles so built
        first = [(tile, columns) for columns, tile in (fitted_columns(max(1, width), least, 0) for width in widths)]
        tiles = build(first if compact else [None, None])
        fits = fit(tiles)
        for _ in range(2 if compact else 0):  # compact tiles drawn for the fit they get
            tiles = build(fits)
            again = fit(tiles)
            if again == fits:
                break
            fits = again
        return fits, tiles

    def _head_rows(self, view: View, k: int, seat: int, backs: bool, width: int) -> int:
        """The rows of side ``k``'s counts (``#fofl-headrow-k``) with ``seat``'s card backs
        shown or not (``backs``: they are left out of line tiles), the side ``width`` cells
        wide: facing, the counts' column beside the cards (as laid out); side by side, the
        counts above the cards, the backs beside them or under them where the side is too
        narrow for both on a row (``_stack_heads``)."""
        row = self.query_one(f"#fofl-headrow-{k}")
        if self.has_class("-facing"):
            return row.outer_size.height
        head = self.query_one(f"#fofl-head-{k}", FittedText)
        backs = backs and view.seat != seat and not view.omniscient
        if not backs:
            return head.get_content_height(None, None, max(1, width))
        count = view.zone(f"hand:{seat}").count
        beside = len(BACK_TOP) + min(count, 12) - 1 + 1  # the fan and its margin
        stacked = row.has_class("-stacked") if row.content_size.width else width - beside < self.HEAD_WIDTH
        if stacked:
            return head.get_content_height(None, None, max(1, width)) + 3
        return max(head.get_content_height(None, None, max(1, width - beside)), 3)

    def _replan(self) -> None:
        """Draw the sides again when the plan for the table as laid out now (``_plan``)
        differs from the form drawn: once a table is first laid out, after a resize, a panel
        opened, the hand's rows changed."""
        if self._plan_asked or self.taken_down:
            return
        made = self._plan(self.session.view())
        if made is not None and (made[0], made[1]) != (self._drawn_crowding, self._drawn_fits):
            self._plan_asked = True
            self.call_after_refresh(self.redraw)

    _measure_for: tuple | None = None
    """The drawing (``_shown_key``) a measure of the rows is due for (``_measure_again``)."""

    def _measure_again(self) -> None:
        """Share the rows again, confirmed (``_share_rows(confirm=True)``), ``SETTLE`` seconds
        from now if the table drawn now is still the one drawn then: once for a drawing,
        (``_tighten_places``)."""
        drawn = self._shown_key
        if self._measure_for is drawn:
            return
        self._measure_for = drawn
        self._measuring += 1

        def measure() -> None:
            self._measuring -= 1
            if self._measure_for is drawn:
                self._measure_for = None
            if self._shown_key is drawn and not self.taken_down:
                self._share_rows(confirm=True)

        self.set_timer(self.SETTLE, measure)

    def _table_key(self, view: View) -> tuple:
        """The table drawn (``_shown_key``): the screen's size and the number of cards
        the sides' tiles draw (pilots and carried Items too)."""
        cards = sum(1 for seat in (0, 1) for part in (*SIDE_PARTS, "crew") for c in view.zone(f"{part}:{seat}").cards if c is not None and c.face is not None)
        return (tuple(self.size), cards)

    PILE_TILE = (12, 6)
    """A draw or discard pile's top card from ``DETAIL_SIZE`` (cells, lines)."""

    def _show_piles(self, view: View, seat: int, k: int, detail: bool) -> None:
        """From ``DETAIL_SIZE``: ``seat``'s draw pile as a card back and its discard pile as
        its top card (an empty dotted place when empty), each with its count, in the head of
        side ``k``. Only what the view shows: the draw pile's top only when it is face up."""
        draw, discard = view.zone(f"draw:{seat}"), view.zone(f"discard:{seat}")
        for widget_id, zone, title in ((f"#fofl-draw-{k}", draw, "Draw pile"), (f"#fofl-discard-{k}", discard, "Discard")):
            widget = self.query_one(widget_id, FanWidget)
            widget.display = detail
            if not detail:
                continue
            top = zone.top
            if zone.count == 0:
                tile = empty_tile()
            elif top is None or top.face is None:
                tile = back_tile(self.cardset)
            else:
                tile = palette_tile(CardView(top.face, up=True), self.cardset, lambda d: d.kind.capitalize(), pad=TEXT_PAD)
            size = self.PILE_TILE
            if tile.name:  # the top card's name whole, a cell clear of each side of the border
                width, height = fit_names([tile.name], (size[0] - 2 * TEXT_PAD, size[1]))
                size = (width + 2 * TEXT_PAD, height)
            widget.show([tile], caption=Text(f"{title} {zone.count}", Style(dim=True)), size=size)

    def refit(self, box) -> None:
        """A tile grid changed size (``TableScreen.drawn_for``, noted for every grid as it is
        filled or fitted): share the rows again; when a grid's width changed (the shared
        Locations' column came or went, a panel opened), fit the columns again first. The
        key bar then says again whether a board scrolls (``]``/``[``)."""
        self.call_after_refresh(self.refresh_bindings)
        if isinstance(box, RoomyTable):
            self._share_rows()
            return
        if not isinstance(box, TileGrid):
            super().refit(box)
            return
        self.drawn_for(box)  # the size now is the one answered
        if any(self._fitted.get(f"#{grid.id}") != grid.content_size.width for grid in self.query(TileGrid) if grid.id):
            self._fit_columns()
        self._share_rows()

    def _share_rows(self, confirm: bool = False) -> None:
        """Share the roomy table's rows between the two sides, the shared Locations between
        them (the rows they need) and the foot (the hand and the last moves): the hand gets
        the rows its tiles need, the sides the rest, each its need when both fit (the rows
        left over shared evenly), else in proportion to their needs; when the hand and the
        sides do not all fit, the hand takes up to two fifths (each part scrolls)."""
        if self.taken_down or not self.roomy:
            return
        roomy = self.query_one("#fofl-roomy")
        shared = self.query_one("#fofl-shared")
        facing = self.has_class("-facing")
        self.drawn_for(roomy, width=False)  # shared again when its height changes (``refit``)
        room = roomy.content_size.height - (shared.outer_size.height if facing and shared.display else 0)
        if room <= 0:
            return
        self._replan()  # a side whose cards are not all in sight, or room for a fuller form
        hand = self.query_one("#fofl-hand-tiles").outer_size.height + 2  # the box's border
        # the last moves' box beside the hand: the rows its moves need, whole (the sides'
        # spare rows go to it before they stand empty around the cards in play)
        moves = self.query_one("#fofl-last", RecentMoves)
        log = moves.rows_needed(moves.content_size.width) + 2 if moves.content_size.width and _shown(moves) else 0
        needs = [sum(part.outer_size.height for part in self.query_one(f"#fofl-side-{k}").children) + 2 for k in (0, 1)]
        if facing:  # the head is a column beside the cards
            needs = [max(self.query_one(f"#fofl-headrow-{k}").outer_size.height, self.query_one(f"#fofl-grid-{k}").outer_size.height) + 2 for k in (0, 1)]
        if not facing:  # side by side: the taller side's need
            shared_need = sum(part.outer_size.height for part in shared.children) + 2 if shared.display else 0  # and its border
            sides = max(needs)
            needs = [max(needs + [shared_need])] * 2
            foot = self._foot_rows(room, hand, log, needs[0])
            heights: list[int | None] = [None, None]  # the CSS's: the height of the row
            if shared_need > room - foot and self.query("#fofl-places > CardTile"):
                # the Locations' last tiles would be cut at the foot of their column (a fresh
                # tester at 120×40, four in play): drawn tighter (``PLACES_TIGHT``)
                self._tighten_places(confirm)
        else:
            foot = self._foot_rows(room, hand, log, sum(needs))
            left = room - foot
            if sum(needs) <= left:
                # the rows to spare shared evenly; each side's cards sit in the middle of
                # their board (fofl.tcss), not on top of a stack of empty rows
                spare = left - sum(needs)
                heights = [needs[0] + spare // 2, needs[1] + spare - spare // 2]
            else:
                top = max(5, min(left - 5, left * needs[0] // max(1, sum(needs))))
                heights = [top, left - top]
        # the hand's box as tall as its cards when the last moves take more rows beside it
        handbox = (self.query_one("#fofl-handbox"), min(hand, foot) if hand < foot else None)
        for widget, rows in ((self.query_one("#fofl-foot"), foot), handbox, *((self.query_one(f"#fofl-side-{k}"), heights[k]) for k in (0, 1))):
            # the height this code set (``None``: the CSS's); the height read through
            # ``styles`` is the CSS's when none is set (``1fr``: 1.0), and clearing a height
            # not set costs a layout pass all the same (one per key side by side)
            inline = widget.styles.inline.get_rule("height")
            now = inline.value if inline is not None else None
            if now != rows:
                widget.styles.height = rows

    def _foot_rows(self, room: int, hand: int, log: int, need: int) -> int:
        """The rows of the foot (the hand's box ``hand`` rows tall, the last moves ``log``)
        under sides that need ``need`` of the ``room`` rows: the hand its rows, up to two
        fifths of the room, more up to the moves' rows where the sides leave them, at least
        6; the hand's box cut to its whole rows of tiles (``_whole_hand_rows``)."""
        foot = max(min(hand, room * 2 // 5), min(max(hand, log), room - need), 6)
        return self._whole_hand_rows(foot, hand, room - need)

    def _whole_hand_rows(self, foot: int, hand: int, spare: int) -> int:
        """The foot's rows (``foot``, the hand's box ``hand`` rows tall in full; ``spare``:
        the rows the sides leave) cut down to the hand box's border and the hand's whole
        rows of tiles that fit it, when not all of them do and the sides want the rows it
        gives up (they take them). A fresh tester at 120×40 saw the second row of hand cards
        cut at its bottom border (11 rows for tiles of 7) beside sides that scrolled."""
        if foot >= hand or foot <= spare:
            return foot
        grid = self.query_one("#fofl-hand-tiles")
        bottoms = sorted({tile.region.y - grid.region.y + tile.outer_size.height for tile in grid.children if tile.outer_size.height})
        whole = [b for b in bottoms if b + 2 <= foot]
        # never below the rows the sides leave: rows cut from the hand that the sides do not
        # need stood empty on both boards beside a hand cut to its first row (a random walk at 120×40)
        return max(whole[-1] + 2, spare) if whole else foot

    KEEP_PLACES_COLUMN = 106
    """From this width of the roomy table (no panel beside it at 120 columns) the Locations'
    column stands between the sides while none is in play too, so the first one played moves
    neither side (a fresh tester at 120×40 saw both sides narrow and their boxes move); each
    side keeps two tile columns beside it (``TILE_WIDTH``: 2 × (2 × 18 + 1 + 4) + 24). Narrower
    (a panel open), or while the table is crowded, the sides keep that width while no Location
    is in play."""

    def _place_column(self, places: bool) -> None:
        """Show the Locations' column between the sides when ``places`` (any in play), when
        facing (``DETAIL_SIZE``) or while the table is ``KEEP_PLACES_COLUMN`` wide."""
        shared = self.query_one("#fofl-shared")
        wide = self.query_one("#fofl-roomy").content_size.width >= self.KEEP_PLACES_COLUMN
        # a crowded table (a side's cards not all in sight in full tiles: ``_plan``) keeps no
        # empty column: its width goes to the sides (a fresh tester at 120×40 saw a side's
        # last rows cut beside an empty Locations column 24 cells wide)
        shown = places or self.detailed or (wide and not self.has_class("-crowded"))
        if shared.display != shown:
            shared.display = shown

    PLACES_TIGHT = 2
    """How tight the Locations' column between the sides can be drawn (side by side, while
    its tiles do not all fit its rows): 1, the box titled "Locations" over one line of the
    rule (``PLACES_RULE``) instead of the order played written out (each tile says its
    place, "Location #2"); 2, also each tile a row shorter (its player on its bottom
    border). At 120×40 the order written out took 8 of the column's 23 rows and the fourth
    Location was cut at its foot (a fresh tester)."""
    PLACES_RULE = "latest applies first"
    """The one line of the tight Locations' column: the fullest rule that fits its 20 cells."""

    _places_tight: tuple[tuple, int] = ((), 0)
    """(the screen's size and the Locations in play, how tight): the Locations' column is
    drawn that tight (``PLACES_TIGHT``) while both are the same; a size or a number of
    Locations of its own starts full again."""
    _places_drawn = 0
    _places_asked = False

    def _tighten_places(self, confirmed: bool) -> None:
        """The Locations between the sides do not all fit their column's rows: draw it one
        step tighter (``PLACES_TIGHT``), unless it is drawn the tightest already or that
        step is on its way; each step only once the rows measured ``SETTLE`` seconds later
        still do not fit (``_measure_again``: right after a step the column's rows were
        still those of the step before)."""
        if self._places_asked or self._places_drawn >= self.PLACES_TIGHT:
            return
        if not confirmed:
            self._measure_again()
            return
        places = len(self.query("#fofl-places > CardTile"))
        self._places_tight = ((tuple(self.size), places), self._places_drawn + 1)
        self._places_asked = True
        self.call_after_refresh(self.redraw)

    TILE_WIDTH = {False: (18, 20), True: (24, 22)}
    """The least width of a tile (board, hand) in cells, below and from ``DETAIL_SIZE`` (a
    hand card always carries its text)."""

    FACING_BACKS = 8
    """The most card backs fanned in a facing side's counts column (``fanned_backs``), when
    the draw and discard piles leave room for them: a discard pile widened by a long name
    leaves fewer (``FannedBacks``)."""

    HEAD_WIDTH = 19
    """The cells a side's counts need beside its card backs ("ANFOFL not in play:", the
    widest line of ``side_headers``' two-line form); a narrower side stacks the backs under
    the counts (``_stack_heads``)."""

    def _stack_heads(self) -> bool:
        """Side by side, put each side's card backs under its counts when the side is too
        narrow for both on a row (the Locations' column between, a panel open: the counts
        had 12 cells at 120×40 beside the log); returns whether that changed."""
        changed = False
        for k in (0, 1):
            head, backs = self.query_one(f"#fofl-headrow-{k}"), self.query_one(f"#fofl-backs-{k}")
            beside = backs.outer_size.width if backs.display else 0
            stacked = not self.has_class("-facing") and head.content_size.width - beside < self.HEAD_WIDTH
            if head.has_class("-stacked") != stacked and head.content_size.width:
                head.set_class(stacked, "-stacked")
                changed = True
        return changed

    def _fit_columns(self) -> None:
        """As many tile columns in each grid as its width allows (``TILE_WIDTH``, and never
        narrower than its tiles' longest words need: ``tile_width_needed``), at least 2
        unless a word would then break; a side's board with fewer cards than that has fewer,
        wider columns (up to ``WIDEST_TILE`` times as wide; both sides alike) rather than empty ones
        (200×60: ~75 columns were left empty), and every column of a grid is as wide."""
        if self.taken_down:
            return
        self._place_column(bool(self._drawn.get("#fofl-places")))
        board, hand = self.TILE_WIDTH[self.detailed]
        self._fit_last_moves(hand)
        for selector, least in (("#fofl-grid-0", board), ("#fofl-grid-1", board), ("#fofl-places", board), ("#fofl-hand-tiles", hand)):
            grid = self.query_one(selector)
            width = grid.content_size.width  # its CSS width (1fr or 100%): the layout's, not its tiles'
            if width <= 0 and not _shown(grid):  # (the Locations' column while none is in play)
                continue  # fitted when shown: its new width reaches ``refit``
            if width <= 0:
                self._fit_tries += 1
                if self._fit_tries <= 5:  # not laid out yet: once it is (never a loop of refits)
                    self.call_after_refresh(self._fit_columns)
                    return
                continue
            need = self._least.get(selector, 0)  # every word of every tile whole
            cards = None
            if selector.startswith("#fofl-grid-"):  # fewer cards than columns: wider tiles, up to twice as wide
                # the tiles filled in (``_fill``): side by side, the more of the two sides' (both
                # alike); facing, each side's own, each spanning the table's width (a fresh
                # tester at 200×60 saw 48 columns empty beside the side with fewer cards)
                grids = (selector,) if self.has_class("-facing") else ("#fofl-grid-0", "#fofl-grid-1")
                cards = max(len(self._drawn.get(grid, ())) for grid in grids)
            # every column the same width (``1fr`` columns shared the odd cells out: one
            # tile of a row a column wider than the others)
            columns, tile = fitted_columns(width, least, need, cards, self.WIDEST_TILE, two=selector != "#fofl-places")
            self._fitted[selector] = width
            if grid.styles.grid_size_columns != columns or self._tile_widths.get(selector) != tile:
                grid.styles.grid_size_columns = columns
                grid.styles.grid_columns = str(tile)
                self._tile_widths[selector] = tile
                self.call_after_refresh(self._share_rows)  # the grid's height follows: measured once laid out
            built = self._compact_built.get(selector)
            if built is not None and built != (tile, columns):
                # compact tiles drawn for other columns (a panel opened beside the table):
                # planned again for this width (``_replan``), each name in a title only where it fits whole
                self._replan()
        self._fit_tries = 0
        if self._stack_heads():
            self.call_after_refresh(self._share_rows)

    WIDEST_TILE = 2
    """A side's tiles are at most this many times ``TILE_WIDTH`` wide when it has fewer
    cards than columns (``_fit_columns``)."""

    LAST_MOVES_WIDTH = (32, 64)
    """The fewest and the most columns of the last moves' box beside the hand."""

    def _fit_last_moves(self, least: int) -> None:
        """The last moves' box as wide as the foot leaves beside the hand's cards in one row
        (each at least ``least`` cells, a gutter between, the hand box's border and padding),
        within ``LAST_MOVES_WIDTH``: at 160×48 five cards took 100 of the hand box's 126
        columns while the moves wrapped in 30 and stood 23 rows tall (a fresh tester)."""
        foot = self.query_one("#fofl-foot").content_size.width
        if foot <= 0:
            return
        cards = len(self._drawn.get("#fofl-hand-tiles", ()))
        hand = cards * least + max(0, cards - 1) + 4 if cards else 0
        fewest, most = self.LAST_MOVES_WIDTH
        width = max(fewest, min(most, foot - hand))
        box = self.query_one("#fofl-lastbox")
        if box.styles.width is None or box.styles.width.value != width:
            box.styles.width = width

    def _mark_choices(self, view: View, tiles: list[CardTile]) -> list[CardTile]:
        """Write on the bottom border of each tile (and tile inside it) the keys of the
        options of the decision on screen that its card stands for (``tile_actions``), and
        give it the class ``-choice``. Returns ``tiles``."""
        decision = None if self._handoff_pending else self.session.visible_decision()
        if decision is None:
            return tiles
        keys = self.option_keys(decision)
        where = {action: key for action, key in zip(decision.actions, keys)}
        pending = list(tiles)
        while pending:
            tile = pending.pop()
            pending.extend(tile._children_tiles)
            if tile.zone is None or tile.index is None:
                continue
            found = tile_actions(decision, view, tile.zone, tile.index)
            if found:
                tile.add_class("-choice")
                tile.show_keys(" ".join(where.get(a) or CHOICE_MARK for a in found))
        return tiles

    def _fill(self, selector: str, tiles: list[CardTile]) -> None:
        """Put ``tiles`` into the grid ``selector`` unless the same tiles are there already."""
        key = [_tile_key(t) for t in tiles]
        if self._drawn.get(selector) == key:
            return
        self._drawn[selector] = key
        self._least[selector] = grid_need(tiles)
        grid = self.query_one(selector)
        self._tiles[selector] = renew_tiles(grid, self._tiles.get(selector, []), tiles)
        self.drawn_for(grid)  # its next size (laid out with these tiles) reaches ``refit``

    # ------------------------------------------------------------------ clicks
    def card_actions(self, ref) -> list[Action]:
        """The options of the decision on screen that the card at ``ref`` (zone, index)
        stands for (``tile_actions``)."""
        zone, index = ref
        return tile_actions(self.session.visible_decision(), self.session.view(), zone, index)

    def card_name(self, ref) -> str:
        return self._tile_name(self.session.view(), *ref)

    def card_clicked(self, ref) -> None:
        """As ``TableScreen.card_clicked``; on the turn menu a card no option names directly
        opens the one menu that lists it (play, attack, use, return) and is picked there
        (``_through_menu``)."""
        decision = self.session.visible_decision()
        if not self._handoff_pending and decision is not None and decision.kind == "turn" and not self.card_actions(ref):
            self._through_menu(decision, self.session.view(), *ref)
            return
        super().card_clicked(ref)

    def _through_menu(self, decision: Decision, view: View, zone: str, index: int) -> None:
        """Find which menus of the turn ``decision`` list the clicked card, by opening each
        on a copy of the game (the menus are the acting player's own decisions)."""
        routes: list[tuple[Action, list[Action]]] = []
        reason = ""
        name = self._tile_name(view, zone, index)
        for menu in (a for a in decision.actions if a.type == "menu"):
            probe = self.session.game.clone()
            offered = probe.decision()
            probe.act(next(a for a in offered.actions if a == menu))
            after = probe.decision()
            matches = tile_actions(after, probe.view(view.seat), zone, index)
            if matches:
                routes.append((menu, matches))
            elif after is not None:
                reason = reason or next((why for card, why in after.unplayable if card == name), "")
        if len(routes) > 1:
            self.choose_by_card([menu for menu, _ in routes], name)
            return
        if not routes:
            why = f" ({reason})" if reason else ""
            self.notify(f"{name} cannot be chosen now{why}.", timeout=4, markup=False)
            return
        menu, matches = routes[0]
        moves = self.session.game.moves
        self.play(menu)
        if self.session.game.moves == moves:
            return  # held back right after a hand-over (``TableScreen.play`` said so)
        if self.session.visible_decision() is not None and not self._handoff_pending:
            self.choose_by_card(matches, name)  # the menu's options are in the panel now

    @staticmethod
    def _tile_name(view: View, zone: str, index: int) -> str:
        cards = view.zone(zone).cards
        card = cards[index] if index < len(cards) else None
        return card.face.name if card is not None and card.face is not None else "That card"

    def action_card_texts(self) -> None:
        if self._handoff_pending:
            return
        self.app.push_screen(CardTextScreen(self.session.view(), self.cardset))


def tile_width_needed(tile: CardTile, in_line: bool = False) -> int:
    """The least width in cells at which ``tile`` (and the tiles inside it) draws each word
    of its text whole: its longest word, or the widest tile inside it, plus its border and
    padding (``tile_padding``; ``in_line``: inside a line tile). Textual breaks a word wider
    than its line. A line tile keeps its card's name and numbers on one line (its ``unit``)."""
    # a compact tile titled with its card's name (``-named``) puts the name in its body
    # instead where the title would not fit (``compact_text``): the name's words count, not
    # the title (counted whole, a side of such tiles kept one column of 43 cells at 120×40
    # beside the Locations, its last tiles out of sight, where two of 21 fit every word)
    named = tile.has_class("-named") and tile.title is not None
    text = tile.shown.plain + (" " + tile.title.plain if named else "")
    words = max((cell_len(word) for word in text.split()), default=0)
    line = tile.has_class("-line")
    inner = max([words, tile.unit] + [tile_width_needed(t, line) for t in tile._children_tiles])
    # "╭─ Location #2 ─╮": never "Loc…" (the title's text: a styled title reads as markup)
    title = cell_len(tile.title.plain if tile.title is not None else str(tile.border_title)) + TITLE_FRAME if tile.border_title and not named else 0
    return max(inner + (0 if line else 2) + tile_padding(tile, in_line), title)


def grid_need(tiles: Sequence[CardTile]) -> int:
    """The least column width in cells a grid of ``tiles`` needs (``tile_width_needed``): a
    tile two columns wide (``-span``), or a line tile (which ``side_tiles`` makes two columns
    wide where its card's name and numbers need them), half its width."""
    return max(((tile_width_needed(t) // 2 if t.has_class("-span") or t.has_class("-line") else tile_width_needed(t)) for t in tiles), default=0)


TITLE_FRAME = 6
"""Cells a border title needs besides its text: the corners, a line and a space each side."""


def _tile_key(tile: CardTile) -> tuple:
    """What a tile draws (to skip a repaint of the same tiles)."""
    return (tile.zone, tile.index, tile.shown, str(tile.border_title), str(tile.border_subtitle), str(tile.styles.border), tuple(tile.classes), tuple(_tile_key(t) for t in tile._children_tiles))


SCREEN = FoflTable
