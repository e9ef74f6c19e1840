"""Black Ops Free-For-All's table: the Event in play on top, then the players as a ring of
tiles, each with its Specialist, Health pips, Load Out (face up, face down, or face down but
known to the viewer), the active Care Package and final value, the dealer marker and the Care
Package count; below, the viewer's own Care Packages (private screens) or the decks and the latest news (public).

The tiles are drawn so that the words match the picture: a player's **left** neighbour (the
next seat, ruling 2) is drawn to their left, so the seats run right to left, row after row.
The ring is cut at the dealer, who trades with the deck, so that every trade partner sits on
the side the prompt names: with trading to the left the dealer is drawn last (leftmost),
with trading to the right (Hardpoint) first (rightmost). With five or more players the
seats continue on the second row, again from the right. In the Care Package window a seat's
number claims for that player and ``P`` passes for everyone (ruling 9; the key of the
``pass-all`` role in every game, never Enter).

From ``TableScreen.ROOMY_SIZE`` (120×36) the table uses a roomy layout instead: the Event as
a wide card with its full text beside the three decks and their discard piles, the same ring
of seats as large tiles (Specialist with its power's full text, Health, and the Load Out drawn
as a card with the Care Packages played on it fanned on top, each showing its top edge), and
below them the viewer's Care Packages as cards and the last public moves. A click on a seat or
a card chooses the option it stands for in the current decision (one → played; several → the
first highlighted in the panel and the others named).

Everything is drawn from the ``View`` (rules: ``cards_data/black-ops.md``)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.widget import Widget

from cardtable.cards import CardDef
from cardtable.engine import Action, CardView, Decision, View
from cardtable.games.black_ops import describe, power_words
from cardtable.ui.cards import CardClicked
from cardtable.ui.recent import RecentMoves
from cardtable.ui.table import TableScreen
from cardtable.ui.widgets import ROLE_KEYS, Caption, Static, hand_name, plain_text

__all__ = ["BlackOpsTable", "PlayerTile", "SeatTile", "HandCard", "SCREEN", "option_key", "ring_positions", "pips", "loadout_card", "actions_for"]

COLUMNS = 4

# Glyphs outside ASCII drawn by the roomy layout, in one place (``--ascii`` swaps them).
HEART, EMPTY_HEART, DEALER, AIR = "♥", "♡", "◆", "✈"
BOX = {"tl": "╭", "tr": "╮", "bl": "╰", "br": "╯", "h": "─", "v": "│", "lt": "├", "rt": "┤", "back": "▒"}


def ring_positions(count: int, dealer: int = 0, direction: str = "left") -> list[int | None]:
    """Grid cells (row-major, ``COLUMNS`` wide) → seat, so that each seat's left neighbour
    (the next seat) is drawn to its left: the seats run right to left, the first row then the
    second. The ring is cut at ``dealer``: for trading to the ``"left"`` the dealer's left
    neighbour comes first (rightmost) and the dealer last; to the ``"right"`` the dealer comes
    first. ``None`` is an empty cell (one row holds the seats when ``count <= COLUMNS``)."""
    start = 1 if direction == "left" else 0
    order = [(dealer + k) % count for k in range(start, start + count)]
    if count <= COLUMNS:
        return order[::-1]
    cells: list[int | None] = []
    for row in (order[:COLUMNS], order[COLUMNS:]):
        cells += [None] * (COLUMNS - len(row)) + row[::-1]
    return cells


def pips(health: int, most: int) -> str:
    """Health as pips: ``♥♥♥♡`` for 3 of 4 (shape, not colour, carries the meaning)."""
    return HEART * health + EMPTY_HEART * max(0, most - health)


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def _first_fitting(texts: Sequence[str], width: int) -> str:
    """The first of ``texts`` (longest form first) that fits in ``width``; else the last, cut."""
    for text in texts:
        if len(text) <= width:
            return text
    return _fit(texts[-1], width)


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
    tile.border_subtitle = plain_text(" · ".join(sub) if alive else f"out in round {info['eliminated_round'][seat]}")
    tile.set_class(not alive, "out")
    tile.set_class(seat in acting, "acting")
    tile.set_class(info["target"] == seat or (info["trader"] == seat and info["target"] is not None), "trading")


class PlayerTile(Static):
    """One player's place at the table; ``show`` redraws it from the view. A click on it
    posts ``CardClicked(("seat", seat))`` (``BlackOpsTable.card_actions``)."""

    WIDTH = 18  # inner width of a tile at 80 columns

    def __init__(self, seat: int | None, cardset, *, show_power: bool = False, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.seat = seat
        self.cardset = cardset
        self.show_power = show_power

    def _ink(self, defn: CardDef) -> Style:
        colour = self.cardset.colour_hex(defn.colour) if self.cardset is not None else None
        return Style(color=colour, bold=True) if colour else Style(bold=True)

    def on_click(self, event: events.Click) -> None:
        if self.seat is not None:
            event.stop()
            self.post_message(CardClicked(("seat", self.seat)))

    def show(self, view: View, acting: tuple[int, ...]) -> None:
        """Redraw from ``view``; ``acting`` are the seats of the decision on screen."""
        seat = self.seat
        self.visible = seat is not None
        if seat is None:  # an empty place in the ring keeps its cell
            return
        info = view.info
        name = view.players[seat]
        alive = info["alive"][seat]
        dealer = info["dealer"] == seat
        self.border_title = plain_text(("◆ " if dealer else "") + name + (" · dealer" if dealer and len(name) <= 7 else ""))
        mark_seat(self, view, seat, acting, f"{view.zone(f'hand:{seat}').count} CP")

        width = self.WIDTH
        text = Text(no_wrap=True, overflow="ellipsis")
        specialist = view.zone(f"specialist:{seat}").top
        spec_name = specialist.face.name if specialist is not None and specialist.face is not None else "—"
        hearts = pips(info["health"][seat], info["max_health"])
        text.append(_fit(spec_name, width - len(hearts) - 1).ljust(width - len(hearts)), Style(italic=True))
        text.append(hearts + "\n", Style(bold=True))
        if self.show_power:
            power = specialist.face.get("short") if specialist is not None and specialist.face is not None else ""
            text.append(_fit(power or "", width) + "\n", Style(dim=True))
        card = view.zone(f"loadout:{seat}").top
        if not alive and card is None:
            text.append("ELIMINATED", Style(bold=True))
            self.update(text)
            return
        text.append_text(self._loadout_line(card, width))
        text.append("\n")
        text.append_text(self._status_line(view, seat, card, width))
        self.update(text)

    def _loadout_line(self, card: CardView | None, width: int) -> Text:
        if card is None:
            return Text("no Load Out yet", Style(dim=True))
        if card.face is None:
            return Text("▒" * 3 + " face down " + "▒" * 3, Style(dim=True))
        if card.face.kind == "air-strike":
            return Text("✈ AIR STRIKE", self._ink(card.face))
        return Text(_fit(describe(card.face), width), self._ink(card.face))

    def _status_line(self, view: View, seat: int, card: CardView | None, width: int) -> Text:
        info = view.info
        if card is None:
            return Text("")
        if card.face is not None and card.face.kind == "air-strike":
            return Text("safe this round", Style(italic=True))
        if card.face is not None and not card.up:
            who = "yours" if view.seat == seat else "known"
            return Text(f"face down · {who}"[:width], Style(italic=True, dim=True))
        value = info["values"][seat]
        if value is None:
            trader, target = info["trader"], info["target"]
            if target == seat:
                return Text(f"asked by {view.players[trader]}"[:width], Style(italic=True))
            return Text("")
        top = view.zone(f"mods:{seat}").top
        result = f"= {value}"
        if top is None or top.face is None:
            return Text(result.rjust(width), Style(bold=True))
        short = top.face.get("short") or ""
        name = top.face.name
        # the longest form that fits, never a cut name: "+2 Red Dot Sight", "Red Dot Sight", "+2"
        forms = [f"{short} {name}", name, short] if short and short not in name else [name]
        left = _first_fitting(forms, width - len(result) - 1)
        return Text.assemble((left, self._ink(top.face)), (result.rjust(width - len(left)), Style(bold=True)))


def _edge(left: str, label: str, right: str, width: int) -> str:
    """A card's top edge ``width`` cells wide with ``label`` set into it: ``├─ +2 ─────┤``."""
    if not label:
        return left + BOX["h"] * max(0, width - 2) + right
    return left + BOX["h"] + " " + label + " " + BOX["h"] * max(0, width - len(label) - 5) + right


def loadout_card(view: View, seat: int, width: int, ink=lambda defn: Style(bold=True), extra: int = 0) -> list[Text]:
    """``seat``'s Load Out drawn as a card ``width`` cells wide (lines of rich ``Text``): the
    Load Out's top edge with its name, then each Care Package played on it fanned on top
    (oldest first, each showing its top edge with its name), and the body of the top card with
    the final value or the state (face down, asked to trade, safe). Only what ``view`` shows:
    a face-down card someone else holds is a back. ``ink(defn)`` styles a card's name;
    ``extra`` blank rows make the card's body taller where the screen has room."""
    info = view.info
    card = view.zone(f"loadout:{seat}").top
    v = BOX["v"]
    inner = max(4, width - 2)

    def body(words: str, style: Style | str = "", right: bool = False) -> Text:
        words = words[:inner]
        return Text.assemble(v, (words.rjust(inner) if right else words.ljust(inner), style), v)

    lines: list[Text] = []
    if card is None:
        lines.append(Text(_edge(BOX["tl"], "", BOX["tr"], width), Style(dim=True)))
        alive = info["alive"][seat]
        lines.append(body("no Load Out yet" if alive else f"ELIMINATED in round {info['eliminated_round'][seat]}", Style(dim=True) if alive else Style(bold=True)))
    elif card.face is None:  # a back: nothing but the pattern
        lines.append(Text(_edge(BOX["tl"], "", BOX["tr"], width)))
        lines.append(body((BOX["back"] * 2 + " face down " + BOX["back"] * inner)[:inner], Style(dim=True)))
    elif card.face.kind == "air-strike":
        lines.append(Text.assemble(BOX["tl"] + BOX["h"] + " ", (AIR + " AIR STRIKE", ink(card.face)), " " + BOX["h"] * max(0, width - 17) + BOX["tr"]))
        lines.append(body("safe this round", Style(italic=True)))
    else:
        name = describe(card.face)
        if len(name) + 5 > width:  # a narrow card: its value alone
            name = str(card.face.value)
        lines.append(Text.assemble(BOX["tl"] + BOX["h"] + " ", (name, ink(card.face)), " " + BOX["h"] * max(0, width - len(name) - 5) + BOX["tr"]))
        for mod in view.zone(f"mods:{seat}").cards:
            if mod is None or mod.face is None:
                continue
            label = describe(mod.face)
            if len(label) + 5 > width:
                label = str(mod.face.get("short") or mod.face.name)[: max(1, width - 5)]
            lines.append(Text.assemble(BOX["lt"] + BOX["h"] + " ", (label, ink(mod.face)), " " + BOX["h"] * max(0, width - len(label) - 5) + BOX["rt"]))
        if not card.up:
            lines.append(body("face down · " + ("yours" if view.seat == seat else "known to you"), Style(italic=True)))
        elif info["values"][seat] is not None:
            lines.append(body(f"= {info['values'][seat]}", Style(bold=True), right=True))
        elif info["target"] == seat:
            lines.append(body(f"asked by {view.players[info['trader']]}", Style(italic=True)))
        else:
            lines.append(body(""))
    back = card is not None and card.face is None
    filler = (BOX["back"] * inner) if back else ""
    lines[-1:-1] = [body(filler, Style(dim=True)) for _ in range(extra)]  # above the body's words, under the fan
    lines.append(Text(BOX["bl"] + BOX["h"] * max(0, width - 2) + BOX["br"]))
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


class SeatTile(Widget):
    """One player's place in the roomy layout: Specialist and Health, the power's full text,
    the Load Out as a card with its Care Packages on top (``loadout_card``). Clicking it
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
        self.extra_rows = 0
        """Blank rows added to the Load Out card's body where the screen has room."""

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
        info = view.info
        dealer = info["dealer"] == seat
        hearts = pips(info["health"][seat], info["max_health"])
        self.border_title = plain_text((DEALER + " " if dealer else "") + view.players[seat] + (" · dealer" if dealer else "") + "  " + hearts)
        held = view.zone(f"hand:{seat}").count
        mark_seat(self, view, seat, acting, f"{held} Care Package{'' if held == 1 else 's'} in hand")
        if seat == partner:
            self.set_class(True, "trading")
        self.refresh(layout=True)

    def lines(self, width: int) -> list[Text]:
        """The tile's content, ``width`` cells wide (nothing is cut: the power wraps)."""
        view, seat = self._view, self.seat
        if view is None or seat is None or width < 8:
            return []
        info = view.info
        specialist = view.zone(f"specialist:{seat}").top
        face = specialist.face if specialist is not None else None
        out: list[Text] = []
        if face is not None:
            power = face.text or (power_words(face.get("power")) if face.get("power") else "")
            if self.short_power and face.get("short"):
                power = str(face.get("short"))
            words = textwrap.wrap(f"{face.name}: {power}", width)
            for i, line in enumerate(words):
                if i == 0 and line.startswith(face.name + ":"):
                    out.append(Text.assemble((face.name, Style(bold=True, italic=True)), (line[len(face.name) :], Style(italic=True))))
                else:
                    out.append(Text(line, Style(italic=True)))
        out += loadout_card(view, seat, width, self._ink, self.extra_rows)
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


class HandCard(Static):
    """One of the viewer's Care Packages as a card (roomy layout): its short effect on the
    top edge, its name inside, its text as the tooltip; dimmed when the decision lists it as not playable now. A click plays it when the decision
    has exactly one option for it (``CardClicked(("care-package", index))``)."""

    def __init__(self, index: int, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.index = index

    def show(self, defn: CardDef, unplayable: frozenset[str]) -> None:
        """Draw ``defn`` (the card at ``index`` in the hand)."""
        self.defn, self._unplayable = defn, unplayable
        self.border_title = plain_text(str(defn.get("short") or ""))
        self.set_class(defn.name in unplayable, "unplayable")
        short = str(defn.get("short") or "")
        self.update(Text.assemble((f"{short} ", "bold") if self.has_class("flat") and short else "", (defn.name, "bold")))
        self.tooltip = defn.text  # what it does, under the mouse (the rules screen has it too)

    def redraw(self) -> None:
        """Draw the card again (after switching between tile and one line)."""
        if getattr(self, "defn", None) is not None:
            self.show(self.defn, self._unplayable)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(CardClicked(("care-package", self.index)))


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

    CSS_PATH = ["../table.tcss", "black_ops.tcss"]
    ROOMY_WIDTH = 116
    """The table area's narrowest width (columns) for the roomy layout's four seat columns."""
    def compose_table(self) -> ComposeResult:
        """The compact layout (the Event line, the ring of tiles: one row up to four players,
        else two; the hand/decks line) and the roomy one (the Event card and the decks, the
        ring of seat tiles, the hand's cards and the last moves); the CSS shows one of them by
        the screen's ``-roomy`` class, set when the roomy layout is drawn."""
        count = len(self.session.game.players)
        self.crowded = count > COLUMNS
        self.set_class(self.crowded, "crowded")
        self._drawn_roomy: bool | None = None
        cells = ring_positions(count, self.session.game.dealer)
        roomy = count <= COLUMNS
        with Vertical(id="bo-compact"):
            yield Caption("", id="bo-event")
            tiles = [PlayerTile(seat, self.cardset, show_power=roomy, classes="bo-tile" + (" roomy" if roomy else "")) for seat in cells]
            yield Grid(*tiles, id="bo-ring", classes="roomy" if roomy else "")
            yield Caption("", id="bo-hand")
        with Vertical(id="bo-roomy"):
            yield Static("", id="bo-event-card")
            seats = Grid(*[SeatTile(seat, self.cardset, classes="bo-seat") for seat in cells], id="bo-seats")
            seats.styles.grid_size_columns = min(count, COLUMNS)
            yield seats
            with Horizontal(id="bo-bottom"):
                yield Grid(id="bo-hand-cards")
                yield RecentMoves(id="bo-recent")
                yield Static("", id="bo-decks")

    def on_resize(self, event: events.Resize) -> None:
        """Switch between the compact and the roomy layout when the size crosses
        ``ROOMY_SIZE`` (the CSS shows the right one; this draws it)."""
        if self._drawn_roomy is not None and self._drawn_roomy != self.roomy_table():
            self.redraw()

    def roomy_table(self) -> bool:
        """Whether to draw the roomy layout: the screen is roomy (``TableScreen.roomy``) and
        the table area itself is at least ``ROOMY_WIDTH`` wide (a replay keeps its log
        beside the table, which then may be too narrow for four seat tiles)."""
        body = self.query("#table-body")
        width = body.first().size.width if body else 0
        return self.roomy and (width or self.size.width) >= self.ROOMY_WIDTH

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
        the Care Package window; the default elsewhere."""
        if decision.kind != "claim":
            return None
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

        decision = None if self._handoff_pending else self.session.visible_decision()
        acting = decision.seats if decision is not None else ()
        # the partner a trade option names is marked like a trade being asked
        partner = next((a["target"] for a in decision.actions if a.type == "trade"), None) if decision is not None else None
        cells = ring_positions(len(view.players), info["dealer"], info["direction"])
        for tile, seat in zip(self.query(PlayerTile), cells):
            tile.seat = seat
            tile.show(view, acting)
            if seat is not None and seat == partner:
                tile.set_class(True, "trading")

        bottom = Text()
        if view.seat is not None:
            cards = [c.face for c in view.zone(f"hand:{view.seat}").cards if c is not None and c.face is not None]
            bottom.append(f"{view.players[view.seat]}'s Care Packages: ", Style(bold=True))
            unplayable = self.unplayable_names()  # dimmed and marked: the panel says why (issue 12.2)
            bottom.append_text(Text(" · ").join(hand_name(describe(c), "", unplayable) for c in cards) if cards else Text("none"))
        else:
            decks = (
                f"Decks: Load Out {view.zone('loadout-deck').count} · Care Package {view.zone('cp-deck').count}"
                f" · Event {view.zone('event-deck').count}"
            )
            recap, last = info["recap"], info["last"]
            if recap:  # the Care Package window: the reveal's recap instead of the decks (ruling 9)
                bottom.append(recap, Style(bold=True))
                if last and last != recap:
                    bottom.append("  ·  " + last)
            else:
                bottom.append(decks, Style(dim=True))
                if last:
                    bottom.append("   " + last)
        self.query_one("#bo-hand", Static).update(bottom)


    def _panel_rows(self, width: int) -> int:
        """The rows the decision panel will take for the decision on screen (it is drawn
        after the table: its present height may belong to the previous decision)."""
        decision = None if self._handoff_pending else self.session.visible_decision()
        if decision is None:
            return 3
        prompt = max(1, len(textwrap.wrap(decision.prompt, max(10, width - 4))))
        options = min(9, len(decision.actions) + len(decision.unplayable))
        return min(9 if self.crowded else 12, 2 + prompt + options)

    def _fit_seats(self, count: int) -> None:
        """Give every seat tile the same height (a tidy ring): the tallest tile's. When the
        powers' full texts would leave the last moves no room (three lines), write the powers
        short ("highest: +1")."""
        tiles = [t for t in self.query(SeatTile) if t.seat is not None]
        columns = min(count, COLUMNS)
        rows = -(-count // columns)
        width, height = self.size
        body = self.query_one("#table-body").size.width or width
        inner = body // columns - 3  # the border and the left padding
        event = 2 + max(1, len(textwrap.wrap(self._event_words, max(10, width - 4))))
        room = height - 2 - self._panel_rows(width) - event - 5  # title, footer, the panel, the Event row, the last moves
        tallest = 0
        for tile in tiles:
            tile.extra_rows = 0
        for short in (False, True):
            for tile in tiles:
                tile.short_power = short
            tallest = max((len(t.lines(inner)) for t in tiles), default=0) + 2
            if tallest * rows <= room:
                break
        extra = min(3, (room // rows - tallest) // 2)  # half the spare rows make the cards bigger
        if extra > 0:
            for tile in tiles:
                tile.extra_rows = extra
            tallest += extra
        for tile in tiles:
            if tile.styles.height is None or tile.styles.height.value != tallest:
                tile.styles.height = tallest

    def _fit_hand(self) -> None:
        """Lay the hand's cards out in as many columns as the box holds; when tiles would
        not fit its rows, one line per card instead (``flat``): nothing is clipped."""
        if self.taken_down:
            return  # a call after the table was taken down (the game-over screen replaced it)
        grid = self.query_one("#bo-hand-cards", Grid)
        tiles = list(grid.query(HandCard))
        if not tiles or not grid.display:
            return
        room = grid.size.width or (self.size.width - 34) // 2
        columns = max(1, (room - 2) // 18)  # a name of 13 letters in a tile
        rows = max(1, (grid.size.height or 7) - 2)
        flat = -(-len(tiles) // columns) * 3 > rows
        if flat:
            columns = max(1, (room - 2) // 22)
        grid.styles.grid_size_columns = columns
        for tile in tiles:
            if tile.has_class("flat") != flat:
                tile.set_class(flat, "flat")
                tile.redraw()

    def show_roomy(self, view: View) -> None:
        """Draw the roomy layout from ``view``: every public fact the compact layout
        shortens is written out (Specialist powers, the Event's text, the discard piles, the
        last moves)."""
        info = view.info
        event = view.zone("event").top
        card = self.query_one("#bo-event-card", Static)
        if between_rounds(info):
            card.border_title = plain_text(f"Round {info['round']} is over · its Event")
        else:
            card.border_title = plain_text(f"Round {info['round']} · Event" if info["round"] else "Before the first deal")
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
        for label, deck, discard in (("Load Out", "loadout-deck", "loadout-discard"), ("Care Package", "cp-deck", "cp-discard"), ("Event", "event-deck", "event-discard")):
            decks.append(f"{label:<13}", Style(bold=True))
            decks.append(f"{BOX['back']}{view.zone(deck).count:>3} · {view.zone(discard).count:>2} out\n")
        decks.rstrip()
        box = self.query_one("#bo-decks", Static)
        box.border_title = "Decks · discard piles"
        box.update(decks)

        decision = None if self._handoff_pending else self.session.visible_decision()
        acting = decision.seats if decision is not None else ()
        partner = next((a["target"] for a in decision.actions if a.type == "trade"), None) if decision is not None else None
        cells = ring_positions(len(view.players), info["dealer"], info["direction"])
        for tile, seat in zip(self.query(SeatTile), cells):
            tile.seat = seat
            tile.show(view, acting, partner)
        self._fit_seats(len(view.players))

        grid = self.query_one("#bo-hand-cards", Grid)
        cards = []
        if view.seat is not None:
            cards = [c.face for c in view.zone(f"hand:{view.seat}").cards if c is not None and c.face is not None]
        grid.display = view.seat is not None
        if view.seat is not None:
            grid.border_title = plain_text(f"{view.players[view.seat]}'s Care Packages" + ("" if cards else ": none"))
            tiles = list(grid.query(HandCard))
            if len(tiles) != len(cards):
                grid.remove_children()
                tiles = [HandCard(i, classes="bo-hand-card") for i in range(len(cards))]
                grid.mount(*tiles)
            unplayable = self.unplayable_names()
            for tile, defn in zip(tiles, cards):
                tile.show(defn, unplayable)
            self._fit_hand()
            self.call_after_refresh(self._fit_hand)  # again once the box is measured
        recent: list[tuple[str, bool]] = [(e.text, False) for e in view.log[-30:]]
        if info["recap"]:
            recent.append((info["recap"], True))
        moves = self.query_one("#bo-recent", RecentMoves)
        moves.border_title = "Last moves"
        moves.show(recent)


SCREEN = BlackOpsTable
