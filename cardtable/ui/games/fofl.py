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
this turn. ``i`` opens the full text of every card the player can see.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen

from cardtable.cards import CardDef
from cardtable.engine import View, plural
from cardtable.games.fofl import COUNTDOWN, SIDE_NAMES
from cardtable.ui.table import TableScreen
from cardtable.ui.widgets import Caption, Footer, Static, hand_name

__all__ = ["FoflTable", "CardTextScreen", "SCREEN", "board_text", "card_line"]

MARK_ATTACK = "⚔"
MARK_ABILITY = "✦"
LEGEND = (
    "P power  T toughness left/full  #n Locations in the order played (the latest applies first)  "
    f"{MARK_ATTACK} can attack  {MARK_ABILITY} ability ready  tired: acted, cannot block until its next turn  "
    "used: acted this turn  new: came in this turn  off: switched off"
)
HOME_NAMES = {"red": "FOFL", "blue": "ANFOFL"}


def _ink(view_cards: Any, colour: str | None) -> Style:
    hexcode = view_cards.colour_hex(colour) if colour else None
    return Style(color=hexcode, bold=True) if hexcode else Style(bold=True)


def card_line(cardset: Any, defn: CardDef, status: dict[str, Any]) -> Text:
    """One card in play: coloured name, current values and what it can still do."""
    text = Text()
    text.append(defn.name, _ink(cardset, status.get("colour") or defn.colour))
    if status.get("placed") is not None:
        text.append(f" #{status['placed']}", Style(bold=True))
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
    if words:
        text.append(" " + " ".join(words), Style(italic=True))
    return text


def _names(view: View, zone: str, cardset: Any, statuses: list[dict[str, Any]], skip: set[int] = frozenset()) -> list[Text]:
    cards = view.zone(zone).cards
    return [card_line(cardset, c.face, statuses[i]) for i, c in enumerate(cards) if c is not None and c.face is not None and i not in skip]


def board_text(view: View, seat: int, cardset: Any) -> Text:
    """One side's board (see the module docstring)."""
    info = view.info
    statuses = info["cards"]
    side = info["sides"][seat]
    out = Text()
    header = Text()
    if info["active"] == seat and not view.over:
        header.append("▶ ", Style(bold=True))
    header.append(f"{view.players[seat]} · {SIDE_NAMES[side]}", _ink(cardset, side))
    out.append_text(header)
    hand = view.zone(f"hand:{seat}")
    known = [c.face.name for c in hand.cards if c is not None and c.face is not None]
    discard = view.zone(f"discard:{seat}")
    out.append(f"\nhand {hand.count} · pile {view.zone(f'draw:{seat}').count} · discard {discard.count}", Style(dim=True))
    if discard.top is not None and discard.top.face is not None:
        out.append(f" ({discard.top.face.name})", Style(dim=True, italic=True))
    if known and view.seat != seat:
        out.append(f"\n  you know: {', '.join(known)}", Style(italic=True))
    top = view.zone(f"draw:{seat}").top
    if top is not None and top.face is not None:
        out.append(f"\n  pile top: {top.face.name}", Style(italic=True))
    homes = info.get("homes")
    if homes is not None and not homes[seat] and not view.over:
        out.append(f"\n{HOME_NAMES[side]} not in play: cannot be hit", Style(italic=True))

    def section(title: str, lines: list[Text], inline: bool = False) -> None:
        if not lines:
            return
        out.append(f"\n{title}", Style(dim=True))
        if inline:
            out.append(" ")
            out.append_text(Text(" · ").join(lines))
        else:
            for line in lines:
                out.append("\n  ")
                out.append_text(line)

    section("Web:", _names(view, f"sites:{seat}", cardset, statuses[f"sites:{seat}"]), inline=True)
    section("Places:", _names(view, f"places:{seat}", cardset, statuses[f"places:{seat}"]), inline=True)

    items = view.zone(f"items:{seat}").cards
    item_status = statuses[f"items:{seat}"]

    def carried(zone: str, index: int) -> list[Text]:
        return [card_line(cardset, c.face, item_status[k]) for k, c in enumerate(items) if c is not None and c.face is not None and item_status[k]["bearer"] == [zone, index]]

    people = []
    for i, card in enumerate(view.zone(f"people:{seat}").cards):
        if card is None or card.face is None:
            continue
        status = statuses[f"people:{seat}"][i]
        line = card_line(cardset, card.face, status)
        if "on the List" in status["note"]:
            line.append(" LISTED", Style(bold=True))
        for item in carried(f"people:{seat}", i):
            line.append(" +")
            line.append_text(item)
        people.append(line)
    section("People:", people)

    crew = view.zone(f"crew:{seat}").cards
    crew_status = statuses[f"crew:{seat}"]
    ships = []
    for i, card in enumerate(view.zone(f"craft:{seat}").cards):
        if card is None or card.face is None:
            continue
        line = card_line(cardset, card.face, statuses[f"craft:{seat}"][i])
        line.append("\n    pilots: ", Style(dim=True))
        pilots = [k for k, c in enumerate(crew) if c is not None and c.face is not None and crew_status[k]["ship"] == [f"craft:{seat}", i]]
        for n, k in enumerate(pilots):
            if n:
                line.append(", ", Style(dim=True))
            line.append(crew[k].face.name, Style(dim=True))
            for item in carried(f"crew:{seat}", k):  # Items stay on a Person who pilots
                line.append(" +")
                line.append_text(item)
        ships.append(line)
    section("Ships:", ships)

    loose = [card_line(cardset, c.face, item_status[k]) for k, c in enumerate(items) if c is not None and c.face is not None and item_status[k]["bearer"] is None]
    section("Items:", loose, inline=True)
    section("Soft:", _names(view, f"soft:{seat}", cardset, statuses[f"soft:{seat}"]), inline=True)
    lasting = []
    for i, card in enumerate(view.zone(f"lasting:{seat}").cards):
        if card is not None and card.face is not None:
            line = card_line(cardset, card.face, statuses[f"lasting:{seat}"][i])
            line.append(f" ({statuses[f'lasting:{seat}'][i]['note']})", Style(dim=True))
            lasting.append(line)
    section("Lasting:", lasting)
    return out


def status_text(view: View, cardset: Any) -> Text:
    """The line above the boards: turn, plays left, the List, the countdown, the last event."""
    info = view.info
    text = Text()
    if view.over:
        text.append(info.get("result") or "The game is over.", Style(bold=True))
        return text
    active = info["active"]
    text.append(f"Turn {info['turn']}: {view.players[active]} — {info['plays']}, Actions free.")
    if info.get("countdown") is not None:
        text.append(f"  War ends in {plural(info['countdown'], 'turn')}.", Style(bold=True))
    limit = info.get("turn_limit")
    if limit is not None and info["turn"] > limit - COUNTDOWN:
        text.append(f"  A draw after turn {limit} (ruling 23).", Style(bold=True))
    if info.get("list"):
        text.append(f"  The List: {', '.join(info['list'])}.")
    if info.get("last"):
        text.append(f"  Last: {info['last']}.", Style(dim=True))
    return text


def hand_text(view: View, cardset: Any, unplayable: frozenset[str] = frozenset()) -> Text | None:
    """The hand of the player at the screen (``None`` on the public table); the cards named
    in ``unplayable`` (``Decision.unplayable``) marked ``✗`` and dimmed (issue 12.2)."""
    if view.seat is None:
        return None
    hand = view.zone(f"hand:{view.seat}")
    text = Text("Your hand: ", Style(bold=True))
    names = [hand_name(c.face.name, _ink(cardset, c.face.colour), unplayable) for c in hand.cards if c is not None and c.face is not None]
    text.append_text(Text(" · ").join(names) if names else Text("empty", Style(italic=True)))
    return text


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
                text.append(f"\n  {defn.text}\n")
        return text

    def action_close(self) -> None:
        self.dismiss(None)


class FoflTable(TableScreen):
    """The FOFL vs ANFOFL screen (rules: cards_data/fofl.md)."""

    CSS_PATH = ["../table.tcss", "fofl.tcss"]
    BINDINGS = [Binding("i", "card_texts", "Cards")]

    def compose_table(self) -> ComposeResult:
        yield Caption("", id="fofl-status")
        with Horizontal(id="fofl-boards"):
            with VerticalScroll(id="fofl-left", classes="fofl-board"):
                yield Caption("", id="fofl-board-0")
            with VerticalScroll(id="fofl-right", classes="fofl-board"):
                yield Caption("", id="fofl-board-1")
        yield Caption("", id="fofl-hand")

    def show_table(self, view: View) -> None:
        sides = view.info["sides"]
        red = sides.index("red")
        self.query_one("#fofl-status", Static).update(status_text(view, self.cardset))
        self.query_one("#fofl-board-0", Static).update(board_text(view, red, self.cardset))
        self.query_one("#fofl-board-1", Static).update(board_text(view, 1 - red, self.cardset))
        hand = hand_text(view, self.cardset, self.unplayable_names())
        widget = self.query_one("#fofl-hand", Static)
        widget.display = hand is not None
        widget.update(hand or "")

    def action_card_texts(self) -> None:
        if self._handoff_pending:
            return
        self.app.push_screen(CardTextScreen(self.session.view(), self.cardset))


SCREEN = FoflTable
