"""Cold War's table: the latest reveal's cards in a row at the top (a Cold War chain in full),
the discard pile's top card large in the middle, the TARGET's two hands left and right of
it, the coin (HIGHER/LOWER), breaches 0–3 and both collections with their top cards."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from cardtable.cards import CardDef
from cardtable.engine import View
from cardtable.games.cold_war import BREACHES_TO_END, GLANCES, REACTIONS, short
from cardtable.ui.table import TableScreen
from cardtable.ui.widgets import Caption, CardWidget, Static

__all__ = ["ColdWarTable", "SCREEN"]


def coin_text(bet: str | None) -> Text:
    """The coin as placed by the SPY: heads up for HIGHER, tails up for LOWER."""
    if bet == "higher":
        return Text.assemble(("( H )", "bold reverse"), "  ", ("▲ HIGHER", "bold"))
    if bet == "lower":
        return Text.assemble(("( T )", "bold reverse"), "  ", ("▼ LOWER", "bold"))
    return Text.assemble(("( · )", "dim"), "  ", ("no bet yet", "italic"))


def _chip(label: str, style: str = "bold reverse") -> tuple[str, str]:
    return (f" {label} ", style)


def trail_text(trail: tuple[str, ...], last: str) -> Text:
    """The latest reveal drawn as a row of cards, the covered card first: ``7♣ ▸ 7♥ ▸ 9♠``
    (a Cold War chain shows every turned card), then its result (ruling 9)."""
    text = Text(justify="center", no_wrap=True, overflow="ellipsis")
    if not trail:
        return text
    text.append("Last reveal ", "dim")
    for i, label in enumerate(trail):
        if i:
            text.append(" ▸ ", "dim")
        text.append(*_chip(label, "reverse" if i == 0 else "bold reverse"))
    if len(trail) > 2:
        text.append(f"  COLD WAR ×{len(trail) - 2}", "bold")
    result = last.split(": ", 1)[-1] if last else ""
    if result:
        text.append(f"  {result}")
    return text


def collections_text(players: tuple[str, ...], collected: list[int], tops: list[str | None]) -> Text:
    """Each player's collection as a small pile: the name, the count and the top card."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append("Collections\n", "dim")
    for seat, name in enumerate(players):
        text.append(f"{name[:8]} {collected[seat]:>2} ")
        text.append(*(_chip(tops[seat]) if tops[seat] else ("  —  ", "dim")))
        if seat == 0:
            text.append("\n")
    return text


class ColdWarTable(TableScreen):
    """The Cold War screen (rules: cards_data/cold-war.md)."""

    CSS_PATH = ["../table.tcss", "cold_war.tcss"]

    def compose_table(self) -> ComposeResult:
        yield Caption("", id="cw-status")
        yield Caption("", id="cw-trail")
        with Horizontal(id="cw-cards"):
            with Vertical(id="cw-left", classes="cw-col"):
                yield Caption("", id="cw-left-caption", classes="cw-caption")
                yield CardWidget(None, self.cardset, label=self.card_label, id="cw-left-card")
            with Vertical(id="cw-center", classes="cw-col"):
                yield Caption("", id="cw-discard-caption", classes="cw-caption")
                yield CardWidget(None, self.cardset, label=self.card_label, id="cw-discard-card", classes="large")
            with Vertical(id="cw-right", classes="cw-col"):
                yield Caption("", id="cw-right-caption", classes="cw-caption")
                yield CardWidget(None, self.cardset, label=self.card_label, id="cw-right-card")
            with Vertical(id="cw-side"):
                yield Caption("", id="cw-draw-caption", classes="cw-caption")
                yield CardWidget(None, self.cardset, id="cw-draw-card", classes="small")
                yield Caption("", id="cw-coin")
                yield Caption("", id="cw-collections")
        yield Caption("", id="cw-info")

    def card_label(self, defn: CardDef) -> str:
        return short(defn)

    def show_table(self, view: View) -> None:
        players = view.players
        spy, target = view["spy"], view["target"]
        breaches = view["breaches"]
        collected = view["collected"]
        pips = "●" * breaches + "○" * (BREACHES_TO_END - breaches)
        status = Text.assemble(
            ("SPY ", "bold"), (players[spy], "bold underline"),
            "   ", ("TARGET ", "bold"), (players[target], "bold underline"),
            "   Breaches ", (pips, "bold"), f" {breaches}/{BREACHES_TO_END}",
            "   Collected: ", f"{players[0]} {collected[0]} · {players[1]} {collected[1]}",
        )
        self.query_one("#cw-status", Static).update(status)

        hand = view.zone(f"hand:{target}")
        cards = list(hand.cards) + [None] * (2 - len(hand.cards))
        self.query_one("#cw-left-caption", Static).update(f"{players[target]}'s left")
        self.query_one("#cw-right-caption", Static).update(f"{players[target]}'s right")
        self.query_one("#cw-left-card", CardWidget).show(cards[0])
        self.query_one("#cw-right-card", CardWidget).show(cards[1])

        discard = view.zone("discard")
        self.query_one("#cw-discard-caption", Static).update(f"Discard pile · {discard.count}")
        self.query_one("#cw-discard-card", CardWidget).show(discard.top)
        draw = view.zone("draw")
        self.query_one("#cw-draw-caption", Static).update(f"Draw · {draw.count}")
        self.query_one("#cw-draw-card", CardWidget).show(draw.top)
        self.query_one("#cw-coin", Static).update(coin_text(view["bet"]))

        self.query_one("#cw-collections", Static).update(collections_text(players, collected, view["collected_top"]))
        self.query_one("#cw-trail", Static).update(trail_text(view["trail"], view["last"]))

        info = Text()
        glance, reaction = view["glance"], view["reaction"]
        if reaction:
            info.append(f"{players[target]} {REACTIONS[reaction]}.", style="bold")
        elif view["phase"] == "react":
            info.append(f"{players[target]} is reacting to the bet…", style="italic")
        elif glance:
            info.append(f"{players[target]} {GLANCES[glance]}.", style="bold")
        elif view["phase"] == "glance":
            info.append(f"{players[target]} is choosing a glance…", style="italic")
        self.query_one("#cw-info", Static).update(info)


SCREEN = ColdWarTable
