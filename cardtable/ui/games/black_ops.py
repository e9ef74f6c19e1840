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

Everything is drawn from the ``View`` (rules: ``cards_data/black-ops.md``)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid

from cardtable.cards import CardDef
from cardtable.engine import Action, CardView, Decision, View
from cardtable.games.black_ops import describe
from cardtable.ui.table import TableScreen
from cardtable.ui.widgets import ROLE_KEYS, Caption, Static, hand_name, plain_text

__all__ = ["BlackOpsTable", "PlayerTile", "SCREEN", "option_key", "ring_positions", "pips"]

COLUMNS = 4


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
    return "♥" * health + "♡" * max(0, most - health)


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


class PlayerTile(Static):
    """One player's place at the table; ``show`` redraws it from the view."""

    WIDTH = 18  # inner width of a tile at 80 columns

    def __init__(self, seat: int | None, cardset, *, show_power: bool = False, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.seat = seat
        self.cardset = cardset
        self.show_power = show_power

    def _ink(self, defn: CardDef) -> Style:
        colour = self.cardset.colour_hex(defn.colour) if self.cardset is not None else None
        return Style(color=colour, bold=True) if colour else Style(bold=True)

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
        hand = view.zone(f"hand:{seat}").count
        sub = [f"{hand} CP"]
        if seat in info["passed"]:
            sub.append("passed")
        self.border_subtitle = plain_text(" · ".join(sub) if alive else f"out in round {info['eliminated_round'][seat]}")
        self.set_class(not alive, "out")
        self.set_class(seat in acting, "acting")
        self.set_class(info["target"] == seat or (info["trader"] == seat and info["target"] is not None), "trading")

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


class BlackOpsTable(TableScreen):
    """The Black Ops screen (rules: cards_data/black-ops.md)."""

    CSS_PATH = ["../table.tcss", "black_ops.tcss"]
    def compose_table(self) -> ComposeResult:
        """The Event line, the ring of tiles (one row up to four players, else two) and the
        hand/decks line."""
        count = len(self.session.game.players)
        self.crowded = count > COLUMNS
        self.set_class(self.crowded, "crowded")
        yield Caption("", id="bo-event")
        cells = ring_positions(count, self.session.game.dealer)
        roomy = count <= COLUMNS
        tiles = [PlayerTile(seat, self.cardset, show_power=roomy, classes="bo-tile" + (" roomy" if roomy else "")) for seat in cells]
        yield Grid(*tiles, id="bo-ring", classes="roomy" if roomy else "")
        yield Caption("", id="bo-hand")

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
        """Draw the table from ``view`` (called after every action and hand-off)."""
        info = view.info
        event = view.zone("event").top
        line = Text()  # two lines hold every Event's text at 80 columns: never cut
        line.append(f"Round {info['round']}" if info["round"] else "Before the first deal", Style(bold=True))
        if event is not None and event.face is not None:
            line.append(" · ")
            line.append(event.face.name, Style(bold=True, underline=True))
            line.append(" — " + info["event_text"])
        else:
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


SCREEN = BlackOpsTable
