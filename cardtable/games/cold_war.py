"""Cold War: a two-player SPY/TARGET bluffing game with a poker deck.

Rules: ``cards_data/cold-war.md`` (our words and rulings 1–8), from the seed
``004_6d8019c7764b2305`` (setup, phases 1–3, the resolutions and the end game).

Zones: ``draw`` (face down), ``discard`` (face up), ``hand:<seat>`` (two slots: 0 left,
1 right; seen by the owner only) and ``collection:<seat>`` (face up, the cards a SPY
collected). View ``info`` keys: ``spy``, ``target``, ``coin`` (``"heads"``/``"tails"``, the
opening flip), ``bet`` (``None``/``"higher"``/``"lower"``), ``glance`` (``None`` or one of
``GLANCES``), ``reaction`` (``None`` or one of ``REACTIONS``: the TARGET's reaction to the
bet), ``round`` (the number of the round under way, from 1: a round begins each time the
TARGET holds two cards and is to choose a glance, "A round" in the rules), ``breaches`` (0–3), ``phase`` (``"glance"``/``"bet"``/``"react"``/``"pick"``/``"over"``),
``last`` (a public sentence about the latest reveal), ``trail`` (the short labels of the
latest reveal's cards: the card it covered, the picked card, then each card a Cold War
turned), ``chain``, ``collected`` (card counts), ``collected_top`` (each collection's top
card label or ``None``) and ``end_reason``.

The log marks each reveal and its result as news (``Log.add(news=True)``), so the table
shows it to both players before the device is passed on (issue 12.7).
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import CardDef
from cardtable.engine import Action, Card, Decision, Game, Outcome, plural, register

__all__ = ["ColdWar", "GLANCES", "REACTIONS", "SUIT_SYMBOLS", "short"]

SUIT_SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
GLANCES = {
    "left": "glances at their LEFT hand",
    "right": "glances at their RIGHT hand",
    "stare": "gives a steady stare",
    "roll": "rolls their eyes",
}
_GLANCE_OPTIONS = {
    "left": "Look at your left hand",
    "right": "Look at your right hand",
    "stare": "Give a steady stare",
    "roll": "Roll your eyes",
}
REACTIONS = {
    "wide": "widens their eyes",
    "narrow": "narrows their eyes",
    "left": "glances at their LEFT hand",
    "right": "glances at their RIGHT hand",
    "stare": "keeps a steady stare",
    "roll": "rolls their eyes",
}
"""The TARGET's reactions to the SPY's bet (seed phase 2; ruling 5): eyes only."""
_REACTION_OPTIONS = {
    "wide": "Widen your eyes",
    "narrow": "Narrow your eyes",
    "left": "Glance at your left hand",
    "right": "Glance at your right hand",
    "stare": "Keep a steady stare",
    "roll": "Roll your eyes",
}
SIDES = ("left", "right")
BREACHES_TO_END = 3
_GLANCE_ACTIONS = tuple(Action.of("glance", _GLANCE_OPTIONS[g], glance=g) for g in GLANCES)
_BET_ACTIONS = (Action.of("bet", "HIGHER", bet="higher"), Action.of("bet", "LOWER", bet="lower"))
_REACT_ACTIONS = tuple(Action.of("react", _REACTION_OPTIONS[r], reaction=r) for r in REACTIONS)
_PICK_ACTIONS = {
    bet: (
        Action.of("pick", "Left card", side="left"),
        Action.of("pick", "Right card", side="right"),
        Action.of("change", f"Turn the coin over: bet {other.upper()} instead", bet=other),
    )
    for bet, other in (("higher", "lower"), ("lower", "higher"))
}


def short(defn: CardDef) -> str:
    """The corner label of a poker card, e.g. ``"10♥"`` or ``"A♠"``."""
    return f"{defn.get('rank')}{SUIT_SYMBOLS.get(defn.get('suit'), '?')}"


def is_ace(card: Card) -> bool:
    """Ruling 1: aces are never compared; they trigger a Data Breach."""
    return card.defn.kind == "ace"


@register
class ColdWar(Game):
    """Cold War (seed 004; rulings in ``cards_data/cold-war.md``)."""

    id = "cold-war"
    title = "Cold War"
    summary = "SPY vs TARGET: bet higher or lower, read the glance, breach the data."
    min_players = 2
    max_players = 2
    order = 10
    max_actions = 5_000

    @classmethod
    def card_effect(cls, defn: CardDef) -> str:
        """What a card does, for the card browser (rulings 1 and 6 of ``cold-war.md``)."""
        if defn.kind == "ace":
            return (
                "Never compared with another card. When it reaches the discard pile (picked by "
                "the SPY or turned in a Cold War), it is a Data Breach: the SPY collects the "
                "whole discard pile, and the third breach ends the game."
            )
        return (
            f"Rank {defn.value} (2 lowest, King 13 highest). Revealed onto the discard pile, it "
            "is compared with the card it covers: the SPY's HIGHER/LOWER bet is right or wrong, "
            "and equal ranks start a Cold War."
        )

    # ------------------------------------------------------------------ setup
    def start(self) -> None:
        """Shuffle, start the discard pile (ruling 2), flip the coin (ruling 3), deal the TARGET."""
        self.draw = self.add_zone("draw", kind="pile", enter="down", label="Draw pile")
        self.discard = self.add_zone("discard", kind="pile", enter="up", label="Discard pile")
        self.hands = [self.add_zone(f"hand:{s}", owner=s, kind="slots", enter="owner", label=f"{p}'s hands") for s, p in enumerate(self.players)]
        self.collections = [self.add_zone(f"collection:{s}", owner=s, kind="pile", enter="up", label=f"{p}'s collection") for s, p in enumerate(self.players)]
        for hand in self.hands:
            hand.cards[:] = [None, None]
        self.draw.extend(self.make_cards(self.cardset.deck_list()))
        self.draw.shuffle(self.rng)

        self.breaches = 0
        self.round = 0  # the first round begins when the first TARGET holds two cards
        self.bet: str | None = None
        self.glance: str | None = None
        self.reaction: str | None = None
        self.phase = "glance"
        self.trail: list[str] = []
        self.last = ""
        self.end_reason = ""
        self.chain = 0

        self.spy = 0
        self.coin: str | None = None
        self.log.add(f"The deck is shuffled: {plural(len(self.draw), 'card')}.")
        if not self._start_discard():
            return
        self.coin = "heads" if self.rng.random() < 0.5 else "tails"
        self.spy = 0 if self.coin == "heads" else 1
        self.log.add(
            f"Coin flip: {self.coin.upper()} — {self.players[self.spy]} is the SPY, "
            f"{self.players[self.target]} is the TARGET."
        )
        self._refill_target()

    @property
    def target(self) -> int:
        return 1 - self.spy

    # ------------------------------------------------------------------ card movement
    def _draw_card(self) -> Card | None:
        """Take the top of the draw pile, rebuilding it from the discard pile first if it is
        empty (ruling 7). ``None`` when no card can be drawn at all."""
        return self.draw_or_rebuild(self.draw, self.discard)

    def _start_discard(self) -> bool:
        """Turn the first card of a fresh discard pile; aces go back (ruling 2).
        Returns ``False`` (and ends the game) when no non-ace card can be turned."""
        while True:
            if self.draw and all(is_ace(c) for c in self.draw) and not self.discard:
                self._end("only aces are left to start a discard pile")
                return False
            card = self._draw_card()
            if card is None:
                self._end("no card is left to start a discard pile")
                return False
            self.discard.add(card)
            if not is_ace(card):
                self.log.add(f"{short(card.defn)} is turned face up to start the discard pile.", cards=[card])
                return True
            self.log.add(f"{short(card.defn)} was turned; an ace cannot start the discard pile, so it is shuffled back.", cards=[card])
            self.draw.add(self.discard.take())
            self.draw.shuffle(self.rng)

    def _refill_target(self) -> None:
        """The TARGET draws back up to two cards (or the game ends: ruling 7); a new round
        begins, with the glance ("A round", step 1)."""
        hand = self.hands[self.target]
        drawn = 0
        for slot in (0, 1):
            if hand.cards[slot] is None:
                card = self._draw_card()
                if card is None:
                    self._end("no card is left to draw")
                    return
                hand.place(slot, card)
                drawn += 1
        if drawn:
            name = self.players[self.target]
            self.log.add(f"{name} draws {plural(drawn, 'card')}.")
            left, right = hand.cards
            self.log.add(f"{name} holds {short(left.defn)} (left) and {short(right.defn)} (right).", to=self.target, cards=[left, right])
        self.round += 1
        self.phase = "glance"
        self.bet = None
        self.glance = None
        self.reaction = None

    def _return_hand(self, seat: int) -> None:
        """Shuffle everything in ``seat``'s hands back into the draw pile."""
        hand = self.hands[seat]
        returned = [hand.take(i) for i in hand.positions()]
        if returned:
            self.draw.extend(returned)
            self.draw.shuffle(self.rng)

    # ------------------------------------------------------------------ the round
    def _decide(self) -> Decision | None:
        if self.phase == "over":
            return None
        spy, target = self.spy, self.target
        if self.phase == "glance":
            return Decision(
                (target,),
                f"{self.players[target]} (TARGET): look at your cards and choose a glance for the SPY. It commits you to nothing.",
                _GLANCE_ACTIONS,
                private=True,
                kind="glance",
            )
        top = self.discard.top
        top_label = short(top.defn) if top else "?"
        if self.phase == "bet":
            return Decision(
                (spy,),
                f"{self.players[spy]} (SPY): will the next card be HIGHER or LOWER than {top_label}? "
                f"{self.players[target]} {GLANCES[self.glance or 'stare']}.",
                _BET_ACTIONS,
                private=False,
                kind="bet",
            )
        if self.phase == "react":
            return Decision(
                (target,),
                f"{self.players[target]} (TARGET): react to {str(self.bet).upper()} on {top_label}, eyes only. "
                f"{self.players[spy]} may still change the bet.",
                _REACT_ACTIONS,
                private=False,
                kind="react",
            )
        return Decision(
            (spy,),
            f"{self.players[spy]} (SPY): bet {str(self.bet).upper()} on {top_label}; {self.players[target]} "
            f"{REACTIONS[self.reaction or 'stare']}. Which card — left or right? The pick locks the bet.",
            _PICK_ACTIONS[str(self.bet)],
            private=False,
            kind="pick",
        )

    def _apply(self, action: Action) -> None:
        if action.type == "glance":
            self.glance = action["glance"]
            self.phase = "bet"
            self.log.add(f"{self.players[self.target]} {GLANCES[self.glance]}.")
        elif action.type in ("bet", "change"):
            self._place_bet(action["bet"], changed=action.type == "change")
        elif action.type == "react":
            self.reaction = action["reaction"]
            self.phase = "pick"
            self.log.add(f"{self.players[self.target]} {REACTIONS[self.reaction]}.")
        elif action.type == "pick":
            self._reveal(SIDES.index(action["side"]))

    def _place_bet(self, bet: str, *, changed: bool) -> None:
        """Seed phase 2 and ruling 5: the coin is placed (or turned over: the SPY changes
        the bet), then the TARGET reacts to it; only the pick locks the bet."""
        self.bet = bet
        self.reaction = None
        self.phase = "react"
        coin = "heads" if bet == "higher" else "tails"
        verb = "turns the coin over" if changed else "places the coin"
        self.log.add(f"{self.players[self.spy]} {verb}: {coin} up, {bet.upper()}.")

    def _reveal(self, slot: int) -> None:
        """Phase 3: the picked card goes onto the discard pile and is resolved (ruling 6)."""
        spy, target = self.spy, self.target
        beneath = self.discard.top
        card = self.hands[target].take(slot)
        self.discard.add(card)
        self.log.add(
            f"{self.players[spy]} picks the {SIDES[slot]} card: {short(card.defn)} on {short(beneath.defn)}.",
            cards=[card, beneath],
            news=True,
        )
        self.chain = 0
        self.trail = [short(beneath.defn), short(card.defn)]
        while True:
            if is_ace(card):
                self._breach()
                return
            result = _compare(card, beneath)
            if result == "equal" or (self.chain and result == self.bet):
                if result == "equal":
                    self.log.add(f"{short(card.defn)} matches: COLD WAR! The next card is turned." if not self.chain else f"{short(card.defn)} matches again: another card is turned.", cards=[card], news=True)
                self.chain += 1
                beneath = card
                turned = self._draw_card()
                if turned is None:
                    self._end("no card is left to turn in the Cold War")
                    return
                card = self.discard.add(turned)
                self.trail.append(short(card.defn))
                self.log.add(f"Cold War: {short(card.defn)} is turned on {short(beneath.defn)}.", cards=[card, beneath], news=True)
                continue
            if result == self.bet:
                self.last = f"{short(card.defn)} on {short(beneath.defn)}: {self.bet.upper()} was right."
                self.log.add(f"Right bet: {self.players[spy]} stays SPY.", news=True)
                self._refill_target()
            else:
                self.last = f"{short(card.defn)} on {short(beneath.defn)}: {str(self.bet).upper()} was wrong."
                self._wrong()
            return

    def _wrong(self) -> None:
        """A losing bet: the TARGET's other card goes back, the roles swap, the new TARGET draws."""
        old_spy, old_target = self.spy, self.target
        self._return_hand(old_target)
        self.spy = old_target
        self.log.add(
            f"Wrong bet! {self.players[old_target]} shuffles the other card back and takes the coin: "
            f"{self.players[self.spy]} is now the SPY, {self.players[old_spy]} the TARGET.",
            news=True,
        )
        self._refill_target()

    def _breach(self) -> None:
        """A Data Breach: the SPY collects the whole discard pile, ace on top."""
        spy = self.spy
        collected = self.discard.take_all()
        self.collections[spy].extend(collected)
        self.breaches += 1
        self.last = f"DATA BREACH {self.breaches}: {self.players[spy]} collects {plural(len(collected), 'card')}."
        self.log.add(
            f"DATA BREACH #{self.breaches}! {self.players[spy]} collects the discard pile: {plural(len(collected), 'card')} "
            f"(now {len(self.collections[spy])}).",
            news=True,
        )
        if self.breaches >= BREACHES_TO_END:
            self._end("the third Data Breach")
            return
        if self._start_discard():
            self._refill_target()

    def _end(self, reason: str) -> None:
        """End the game: the TARGET shuffles their hand back (ruling 8)."""
        self.phase = "over"
        self.end_reason = reason
        for seat in range(2):
            self._return_hand(seat)
        counts = [len(c) for c in self.collections]
        self.log.add(f"The game ends ({reason}). Collected: " + ", ".join(f"{p} {n}" for p, n in zip(self.players, counts)) + ".")

    # ------------------------------------------------------------------ card data
    @classmethod
    def check_cardset(cls, cardset):
        """A deck Cold War can be played with: at least three aces (the third Data Breach
        ends the game, ruling 8) and at least four ranked cards, every one with a value."""
        deck = cardset.deck_list()
        aces = sum(1 for c in deck if c.kind == "ace")
        ranked = [c for c in deck if c.kind != "ace"]
        for card in cardset.cards:
            if card.kind != "ace" and card.value is None:
                yield (card.id, "value", "must be a number: only aces have no value in Cold War")
        if aces < BREACHES_TO_END:
            yield (None, None, f"a Cold War deck needs at least {BREACHES_TO_END} aces (the third Data Breach ends the game), this one has {aces}")
        if len(ranked) < 4:
            yield (None, None, f"a Cold War deck needs at least 4 ranked cards, this one has {len(ranked)}")

    # ------------------------------------------------------------------ views & result
    def public_info(self, seat: int | None) -> dict[str, Any]:
        return {
            "spy": self.spy,
            "target": self.target,
            "coin": self.coin,
            "bet": self.bet,
            "glance": self.glance,
            "reaction": self.reaction,
            "trail": tuple(self.trail),
            "round": self.round,
            "breaches": self.breaches,
            "phase": self.phase,
            "last": self.last,
            "chain": self.chain,
            "end_reason": self.end_reason,
            "collected": [len(c) for c in self.collections],
            "collected_top": [short(c.top.defn) if c.top is not None else None for c in self.collections],
        }

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        counts = tuple(len(c) for c in self.collections)
        best = max(counts)
        winners = frozenset(s for s, n in enumerate(counts) if n == best)
        if len(winners) > 1:
            summary = f"A draw: {plural(counts[0], 'card')} each."
        else:
            (w,) = winners
            summary = f"{self.players[w]} wins with {plural(counts[w], 'card')} to {counts[1 - w]}."
        return Outcome(counts, winners, summary, details=(f"Ended by {self.end_reason}.",), score_label="Cards collected")


def _compare(card: Card, beneath: Card) -> str:
    """``"higher"``, ``"lower"`` or ``"equal"`` by rank (ruling 1; never called with aces)."""
    a, b = card.defn.value, beneath.defn.value
    if a == b:
        return "equal"
    return "higher" if a > b else "lower"
