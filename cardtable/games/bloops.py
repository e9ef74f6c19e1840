"""Bloops: a memory game for 2–6 players with face-down cards, counter-discards and BLOOPS!

Rules: ``cards_data/bloops.md`` (our words, table rulings 1–17; 17 is the three house
rules, setup options ``HOUSE_RULES``), from the seed
``002_522d23c9925d8e11`` (setup, turn, counter discard, special cards, end, scoring) and
issue 3.

A card's face is on screen only at the moments the rules allow, and never again (ruling 10):
the initial look at positions 4–6, the drawn card, a 7/8 look, and a failed counter-discard
shown to everyone. Each of those moments is a decision; once it is answered the card is
turned face down to nobody, so no view, prompt or log line can remind anyone of it.

Zones: ``draw`` (face down), ``discard`` (face up), ``drawn`` (the card the active player
drew; seen by them only), ``bloops`` (the BLOOPS card, face up; the zone's ``owner`` is the
seat holding it, ``None`` while it is set aside) and ``area:<seat>`` (``slots``: position
*p* is index *p − 1*; an empty position is ``None``; positions 1–3 are the top row, 4–6 the
bottom row, 7–9 the next row, and so on).

Actions address cards by seat and 1-based position. View ``info`` keys:

* ``phase`` — ``"memorise"``, ``"drawn"``, ``"give"``, ``"peek-player"``, ``"peek-position"``,
  ``"peek-ack"``, ``"swap-own"``, ``"swap-player"``, ``"swap-position"``, ``"window"``,
  ``"counter"``, ``"reveal"`` or ``"over"`` (the same names as the decision kinds);
* ``active`` (seat whose turn it is, or whose initial look it is), ``holder`` (seat with the
  BLOOPS card or ``None``), ``final_left`` (seats still to take their final turn, in order;
  empty before BLOOPS), ``claimant`` (seat choosing a counter-discard or ``None``),
  ``actor`` (seat resolving a 6–9's effect now, else ``None``; a claimant after a
  counter-discard, ruling 17), ``pending`` (``[[seat, card text], ...]``: effects waiting
  for the window to close under the claims-first house rule, oldest first),
  ``marks`` (``[[seat, position], ...]``: the cards being looked at, swapped or revealed
  now), ``top`` (value of the discard pile's top card or ``None``), ``last`` (a public
  sentence about the latest event), ``end_reason`` and ``scores`` (points per seat once
  over, else ``None``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardtable.cards import CardDef, CardSet
from cardtable.engine import Action, Card, Decision, Game, Option, Outcome, Zone, deal, plural, register

__all__ = ["Bloops", "EFFECTS", "HOUSE_RULES", "ROW", "STAR_LIMIT", "START_CARDS", "card_text", "effect_hint", "score_area"]

START_CARDS = 6
"""Cards dealt to each player (ruling 1): two rows of three."""
ROW = 3
"""Positions per row of an area: 1–3 top row, 4–6 bottom row, 7–9 the next row..."""
BOTTOM_ROW = (4, 5, 6)
"""The positions each player sees once at the start (ruling 2)."""
STAR_LIMIT = 3
"""Three or more star cards in an area all score 0 (ruling 9)."""

EFFECTS: Mapping[str, str] = {
    "give": "the top N cards (1–3) of the draw pile go face down, unseen, into another player's area",
    "peek": "look privately at one card: any (own or another player's), own, or other",
    "swap": "swap one of your cards with one of another player's, unseen; never with the BLOOPS holder (only 1)",
    "end_game": "discarding it ends the game at once (true)",
}
"""The effect vocabulary of the card file (``effect: {key: parameter}``; ruling 4)."""

_PEEK_WHOSE = ("any", "own", "other")

def _house_rule(key: str, label: str, yes: str, no: str, default: str, why: str) -> Option:
    """A yes/no house rule of ruling 17 (``yes``/``no``: what each answer means, ``why``:
    the reason for the ``default``); the default is offered first."""
    choices = (("yes", f"Yes: {yes}"), ("no", f"No: {no}"))
    return Option(key, label, choices if default == "yes" else choices[::-1], default, help=f"Ruling 17: {why}")


HOUSE_RULES = (
    _house_rule("counter_effects", "Counter 6–9 act", "a counter-discarded 6–9 has its effect", "only the turn's discard has one", "yes",
                "the rulebook says a discarded 6–9 resolves immediately, with no exception (default Yes)."),
    _house_rule("claims_first", "Claims first", "claim at once; the effect waits", "claims open once the effect is over", "no",
                "the rulebook resolves the effect immediately on the discard, so it comes first (default No)."),
    _house_rule("skip_powers", "Skip powers", "a player may skip an effect", "an effect must be resolved", "no",
                "the rulebook says the effect is resolved, not that it may be (default No; Cabo players skip)."),
)
"""The three house rules of ruling 17 (setup options; the defaults are the rulebook's literal reading)."""

_BEFORE_HOUSE_RULES = {"counter_effects": "no", "claims_first": "no", "skip_powers": "no"}
"""The rules of a game saved before ruling 17, whose set-up has none of its keys (ruling 17)."""

_EFFECT_PHASES = frozenset(("give", "peek-player", "peek-position", "peek-ack", "swap-own", "swap-player", "swap-position"))
"""The phases in which ``actor`` (not necessarily the active player) resolves an effect."""


def card_text(defn: CardDef) -> str:
    """How a face is written: ``"7"``, ``"10★"`` (star cards), ``"BLOOPS"``."""
    if defn.value is None:
        return defn.name
    return f"{defn.value}★" if defn.get("star") else str(defn.value)


def _a(defn: CardDef) -> str:
    """``"a 7"`` / ``"an 8"`` / ``"an 11★"``."""
    text = card_text(defn)
    return ("an " if text.startswith(("8", "11", "18")) else "a ") + text


def effect_hint(effect: Mapping[str, Any]) -> str:
    """A few words for an effect of the vocabulary: ``"you look at any card"``..."""
    ((key, value),) = effect.items()
    if key == "give":
        return "another player gets the top card" if value == 1 else f"another player gets the top {value} cards"
    if key == "peek":
        return {"any": "you look at any card", "own": "you look at one of your cards", "other": "you look at another player's card"}[value]
    if key == "swap":
        return "you swap one of your cards with another player's"
    return "the game ends at once"


def score_area(cards: Iterable[CardDef]) -> tuple[int, bool]:
    """Points of one area at the end (ruling 9): the sum of the values, except that three or
    more star cards all score 0. Returns ``(points, stars_cancelled)``."""
    cards = list(cards)
    stars = [c for c in cards if c.get("star")]
    cancelled = len(stars) >= STAR_LIMIT
    total = sum(c.value or 0 for c in cards if not (cancelled and c.get("star")))
    return total, cancelled


# ------------------------------------------------------------------ option lists
_REMEMBER_THEM = Action.of("remember", "Hide them: I have remembered them")
_SKIP = Action.of("skip", "Skip the effect (house rule)")
_REMEMBER_IT = Action.of("remember", "Hide it: I have remembered it")


def _position_actions(kind: str, before: str, after: str, positions: Iterable[int]) -> tuple[Action, ...]:
    """One ``kind`` action per position ``p`` (``position=p``), labelled ``before + p + after``."""
    return tuple(Action.of(kind, f"{before}{p}{after}", position=p) for p in positions)


def _drawn_actions(card: str, positions: Iterable[int]) -> tuple[Action, ...]:
    """The drawn card's options (ruling 3): discard the ``card`` (its text), or keep it at
    one of the occupied ``positions``."""
    return (Action.of("discard", f"Discard the {card}"),) + _position_actions(
        "keep", "Keep it at position ", " (the card there goes to the discard pile)", positions
    )


def _window_actions(players: tuple[str, ...], seat: int, card: str, claimants: Iterable[int], can_call: bool, waiting: str = "") -> tuple[Action, ...]:
    """The counter-discard window's options (rulings 5, 6, 17): ``seat`` (the active player)
    passes, each of the ``claimants`` (seats with cards) claims ``card`` (e.g. ``"a 7"``),
    and ``seat`` calls BLOOPS! when ``can_call``. ``waiting`` names an effect that waits for
    the window to close (claims-first house rule, e.g. ``"Bob resolves the 7"``): passing
    then resolves it instead of ending the turn. The pass and the call both close the window
    for the whole table, so both carry the ``pass-all`` role (a screen plays them only by a
    key, never by Enter: issue 12.9)."""
    name = players[seat]
    if waiting:
        actions = [Action.of("pass", f"Nobody claims now: {waiting}", seat=seat).with_role("pass-all")]
    else:
        actions = [Action.of("pass", f"Nobody claims: end {name}'s turn", seat=seat).with_role("pass-all")]
    actions += [Action.of("claim", f"{players[s]} claims {card}", seat=s) for s in claimants]
    if can_call:
        # also closes the window for everyone: the same role, so Enter never plays it either
        actions.append(Action.of("bloops", f"Nobody claims: {name} calls BLOOPS!", seat=seat).with_role("pass-all"))
    return tuple(actions)


def _counter_actions(who: str, claimant: int, positions: Iterable[int]) -> tuple[Action, ...]:
    """A claim's options (ruling 5): one of ``claimant``'s occupied ``positions``, or cancel
    (``who`` is the claimant's name)."""
    return tuple(Action.of("counter", f"Position {p}", seat=claimant, position=p) for p in positions) + (
        Action.of("withdraw", f"Cancel: {who} does not claim", seat=claimant),
    )


@register
class Bloops(Game):
    """Bloops (seed 002; rulings in ``cards_data/bloops.md``)."""

    id = "bloops"
    title = "Bloops"
    summary = "Memory game: keep your face-down cards low, then call BLOOPS!"
    min_players = 2
    max_players = 6
    order = 20
    max_actions = 5_000
    options = HOUSE_RULES

    def option(self, key: str) -> Any:
        """As ``Game.option``, except that a set-up without a house-rule key was saved before
        ruling 17 existed: that game keeps the rules it was played under, so it still replays
        (new games always store every option: the setup screen and ``new_game`` fill them in)."""
        if key in _BEFORE_HOUSE_RULES and key not in self.setup.options:
            return _BEFORE_HOUSE_RULES[key]
        return super().option(key)

    # ------------------------------------------------------------------ card data
    @classmethod
    def check_card(cls, card: CardDef) -> Iterable[tuple[str | None, str]]:
        """Number cards need a value; the BLOOPS card has none and no star or effect; an
        ``effect`` is one key of ``EFFECTS`` with a valid parameter (ruling 4)."""
        if card.kind == "number":
            if card.value is None or not 0 <= card.value <= 99:
                yield ("value", f"must be a number from 0 to 99 for a number card, got {card.value}")
        elif card.kind == "bloops":
            if card.value is not None:
                yield ("value", "must be null: the BLOOPS card scores nothing")
            if card.get("star"):
                yield ("star", "cannot be set on the BLOOPS card")
            if card.get("effect") is not None:
                yield ("effect", "cannot be set on the BLOOPS card")
        effect = card.get("effect")
        if effect is None:
            return
        if not hasattr(effect, "items"):
            yield ("effect", f"must be a mapping of one of {', '.join(EFFECTS)} to its parameter, got {effect!r}")
            return
        if len(effect) != 1:
            yield ("effect", f"must have exactly one of {', '.join(EFFECTS)}, got {len(effect)} keys")
            return
        ((key, value),) = effect.items()
        if key not in EFFECTS:
            yield ("effect", f"has unknown effect '{key}' (known: {', '.join(EFFECTS)})")
        elif key == "give" and not (isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 3):
            yield ("effect", f"give must be a number of cards from 1 to 3, got {value!r}")
        elif key == "peek" and value not in _PEEK_WHOSE:
            yield ("effect", f"peek must be one of {', '.join(_PEEK_WHOSE)}, got {value!r}")
        elif key == "swap" and (value != 1 or isinstance(value, bool)):
            yield ("effect", f"swap must be 1 (one card each way), got {value!r}")
        elif key == "end_game" and value is not True:
            yield ("effect", f"end_game must be true, got {value!r}")

    @classmethod
    def check_cardset(cls, cardset: CardSet) -> Iterable[tuple[str | None, str | None, str]]:
        """Exactly one BLOOPS card, and enough number cards to deal six players and draw
        (ruling 1)."""
        tokens = [c for c in cardset.cards if c.kind == "bloops"]
        if sum(c.count for c in tokens) != 1:
            yield (tokens[0].id if tokens else None, None, f"the set needs exactly one BLOOPS card, got {sum(c.count for c in tokens)}")
        numbers = sum(c.count for c in cardset.cards if c.kind == "number")
        need = START_CARDS * cls.max_players + 1
        if numbers < need:
            yield (None, None, f"the set needs at least {need} number cards to deal {cls.max_players} players, got {numbers}")

    # ------------------------------------------------------------------ setup
    def start(self) -> None:
        """Set the BLOOPS card aside, shuffle, deal six cards face down to each player one at
        a time (position 1 to everyone, then position 2...), then the initial looks (rulings
        1, 2)."""
        n = len(self.players)
        self.draw = self.add_zone("draw", kind="pile", enter="down", label="Draw pile")
        self.discard = self.add_zone("discard", kind="pile", enter="up", label="Discard pile")
        self.drawn = self.add_zone("drawn", kind="pile", enter="down", label="Drawn card")
        self.bloops = self.add_zone("bloops", kind="pile", enter="up", label="BLOOPS card")
        self.areas: list[Zone] = [
            self.add_zone(f"area:{s}", owner=s, kind="slots", enter="down", label=f"{p}'s cards") for s, p in enumerate(self.players)
        ]
        tokens, numbers = self.cardset.full_deck_of_kind("bloops"), self.cardset.full_deck_of_kind("number")
        self.bloops.extend(self.make_cards(tokens))
        self.draw.extend(self.make_cards(numbers))
        self.draw.shuffle(self.rng)
        deal(self.draw, self.areas, START_CARDS)  # one at a time: position 1 to everyone, then 2...

        self.phase = "memorise"
        self.active = 0
        self.holder: int | None = None
        self.final_left: list[int] = []
        self.claimant: int | None = None
        self.marks: list[list[int]] = []
        self.effect: tuple[str, Any] | None = None
        self.actor = 0  # who resolves the effect now (ruling 17: a claimant, for a counter-discard)
        self.how = "discarded"  # how the card of that effect left its area, for the prompts
        self.pending: list[tuple[int, str, Any, CardDef, str]] = []  # effects waiting for the window (ruling 17)
        self.chosen: dict[str, int] = {}
        self.last = ""
        self.end_reason = ""
        self.final_scores: list[int] | None = None
        self.log.add(f"The BLOOPS card is set aside; {n} players get six cards each; {len(self.draw)} cards form the draw pile.")
        self._begin_memorise(0)

    def _begin_memorise(self, seat: int) -> None:
        """Ruling 2: ``seat`` sees positions 4–6 of their own area, once."""
        self.phase = "memorise"
        self.active = seat
        for position in BOTTOM_ROW:
            card = self._card_at(seat, position)
            if card is not None:
                card.show_to(seat)
        self.marks = [[seat, p] for p in BOTTOM_ROW]

    # ------------------------------------------------------------------ helpers
    def _card_at(self, seat: int, position: int) -> Card | None:
        cards = self.areas[seat].cards
        return cards[position - 1] if 1 <= position <= len(cards) else None

    def positions(self, seat: int) -> list[int]:
        """The occupied positions (1-based) of ``seat``'s area, in order."""
        return [p for p, card in enumerate(self.areas[seat].cards, 1) if card is not None]

    def _has_cards(self, seat: int) -> bool:
        """Whether ``seat``'s area holds at least one card (empty positions are ``None``)."""
        return bool(self.areas[seat])

    def _add_to_area(self, seat: int, card: Card) -> int:
        """Ruling 11: a card joining an area face down, seen by nobody, takes the first empty
        position, or a new position after the last. Returns the position."""
        area = self.areas[seat]
        for index, slot in enumerate(area.cards):
            if slot is None:
                area.place(index, card)
                return index + 1
        area.place(len(area.cards), card)
        return len(area.cards)

    def _take_from_area(self, seat: int, position: int) -> Card:
        """Remove a card, leaving an empty position; empty positions after the sixth at the
        end of the area are dropped (ruling 11)."""
        area = self.areas[seat]
        card = area.take(position - 1)
        area.trim(START_CARDS)
        return card

    def _draw_card(self) -> Card | None:
        """The top card of the draw pile, first rebuilding an empty draw pile from the discard
        pile under its top card (ruling 8). ``None`` when nothing can be drawn."""
        return self.draw_or_rebuild(self.draw, self.discard)

    def _others_with_cards(self, seat: int, *, swap: bool = False) -> list[int]:
        """Other seats with at least one card (for a 9: not the BLOOPS holder, ruling 6)."""
        n = len(self.players)
        order = [(seat + k) % n for k in range(1, n)]
        return [s for s in order if self._has_cards(s) and not (swap and s == self.holder)]

    def _can_call(self) -> bool:
        """Ruling 6: BLOOPS may be called once per game, by the active player after the window."""
        return self.holder is None

    # ------------------------------------------------------------------ the turn
    def _start_turn(self, seat: int) -> None:
        """Ruling 3: the active player draws and sees the card privately. Ruling 8: if nothing
        can be drawn, the game ends and is scored."""
        self.active = seat
        self.actor = seat
        self.claimant = None
        self.marks = []
        self.effect = None
        self.pending = []
        self.chosen = {}
        card = self._draw_card()
        if card is None:
            self._end("nothing is left to draw")
            return
        self.drawn.add(card, known=(seat,))
        self.phase = "drawn"
        final = " (final turn)" if self.holder is not None else ""
        self.log.add(f"{self.players[seat]}'s turn{final}: {self.players[seat]} draws a card.")

    def _discard_from_turn(self, card: Card, how: str) -> None:
        """The active player's discard lands face up; then the 20 ends the game (ruling 7),
        a 6–9 has its effect (ruling 4), and the counter-discard window opens (ruling 5)."""
        seat = self.active
        self.discard.add(card)
        self.last = f"{self.players[seat]} {how} {_a(card.defn)}."
        self.log.add(self.last, cards=[card])
        self._after_discard(seat, card.defn, "discarded")

    def _after_discard(self, seat: int, defn: CardDef, how: str) -> None:
        """What a card ``seat`` just put on the discard pile does (``how``: ``"discarded"`` or
        ``"counter-discarded"``): the 20 ends the game (ruling 7); a 6–9's effect is
        resolved by ``seat`` now, or waits for the window under the claims-first house rule
        (ruling 17); then the counter-discard window opens (ruling 5)."""
        effect = defn.get("effect")
        if effect is not None and "end_game" in effect:
            self._end(f"{self.players[seat]} {how} the {card_text(defn)}")
            return
        if effect is not None:
            ((key, value),) = effect.items()
            if self.option("claims_first") == "yes":
                self.pending.append((seat, key, value, defn, how))
                self.log.add(f"The {card_text(defn)}'s effect waits until nobody claims: then {self.players[seat]} resolves it.")
            elif self._start_effect(seat, key, value, defn, how):
                return
        self._open_window()

    def _start_effect(self, seat: int, key: str, value: Any, defn: CardDef, how: str) -> bool:
        """``seat`` starts resolving an effect; ``False`` when it has no legal target (ruling 12)."""
        self.actor = seat
        self.how = how
        self.effect = (key, value)
        if self._begin_effect(defn, key, value):
            return True
        self.effect = None
        return False

    def _begin_effect(self, defn: CardDef, key: str, value: Any) -> bool:
        """Start resolving an effect for ``actor``; ``False`` (and a public note) when it has
        no legal target, so it is skipped (ruling 12)."""
        seat = self.actor
        if key == "give":
            self.phase = "give"
            return True
        if key == "peek":
            if self._peek_seats():
                self.phase = "peek-player"
                return True
            why = "there is no card to look at"
        else:  # swap (the BLOOPS holder's cards are never swapped, its own included: ruling 17)
            if seat != self.holder and self._has_cards(seat) and self._others_with_cards(seat, swap=True):
                self.phase = "swap-own"
                return True
            why = "no swap is possible"
        self.log.add(f"The {card_text(defn)} has no effect: {why}.")
        return False

    def _peek_seats(self) -> list[int]:
        seat = self.actor
        whose = self.effect[1] if self.effect else "any"
        own = [seat] if whose in ("any", "own") and self._has_cards(seat) else []
        others = self._others_with_cards(seat) if whose in ("any", "other") else []
        return own + others

    def _open_window(self) -> None:
        """Ruling 5: the public counter-discard window on the top card of the discard pile
        (effects waiting for it, ruling 17, stay in ``pending``)."""
        self.phase = "window"
        self.claimant = None
        self.actor = self.active
        self.marks = []
        self.effect = None
        self.chosen = {}

    def _resolve_pending(self) -> None:
        """Claims-first house rule (ruling 17): nobody claims now, so the oldest waiting
        effect is resolved by the player who discarded its card; then the window reopens."""
        seat, key, value, defn, how = self.pending.pop(0)
        if not self._start_effect(seat, key, value, defn, how):
            self._open_window()

    def _end_turn(self, call: bool) -> None:
        """Close the window: maybe call BLOOPS (ruling 6), then the next turn or the end."""
        seat = self.active
        if call:
            self.holder = seat
            self.bloops.owner = seat
            self.bloops.label = f"BLOOPS card ({self.players[seat]})"
            n = len(self.players)
            self.final_left = [(seat + k) % n for k in range(1, n)]
            self.last = f"{self.players[seat]} calls BLOOPS! Everyone else takes one final turn."
            self.log.add(f"{self.players[seat]} calls BLOOPS! and takes the BLOOPS card. Final turns: {', '.join(self.players[s] for s in self.final_left)}.", news=True)
        elif seat in self.final_left:
            self.final_left.remove(seat)
            if not self.final_left:
                self._end(f"everyone has taken a final turn after {self.players[self.holder]}'s BLOOPS")  # type: ignore[index]
                return
        next_seat = self.final_left[0] if self.holder is not None else (seat + 1) % len(self.players)
        self._start_turn(next_seat)

    def _end(self, reason: str) -> None:
        """Ruling 9: every area is revealed and scored."""
        self.phase = "over"
        self.end_reason = reason
        self.pending = []
        self.claimant = None
        self.marks = []
        self.effect = None
        for area in self.areas:
            for card in area:
                card.turn_up()
        self.final_scores = [score_area(c.defn for c in area)[0] for area in self.areas]
        self.last = f"The game ends: {reason}."
        self.log.add(
            f"The game ends: {reason}. All cards are revealed. Points: "
            + ", ".join(f"{p} {s}" for p, s in zip(self.players, self.final_scores))
            + "."
        )

    # ------------------------------------------------------------------ decisions
    def _decide(self) -> Decision | None:
        phase = self.phase
        # the phases of every turn first (most decisions are windows, claims and reveals)
        if phase == "window":
            return self._decide_window()
        if phase == "counter":
            return self._decide_counter()
        if phase == "reveal":
            return self._decide_reveal()
        if phase == "drawn":
            return self._decide_drawn()
        if phase == "over":
            return None
        if phase == "memorise":
            name = self.players[self.active]
            return self._ask(
                "memorise",
                f"{name}: these are your bottom-row cards (positions 4–6). The app will not show them again: only a 7 or 8 "
                "lets a player look at one card. Remember them, then hide them.",
                (_REMEMBER_THEM,),
                private=True,
            )
        return self._decide_effect(phase)

    def _decide_effect(self, phase: str) -> Decision:
        """The steps of a 6–9's effect, answered by ``actor`` (ruling 4; ruling 17: the
        claimant of a counter-discard, and a skip option under the house rule)."""
        seat = self.actor
        name = self.players[seat]
        how = self.how
        skip = (_SKIP,) if self.option("skip_powers") == "yes" else ()
        if phase == "give":
            count = self.effect[1] if self.effect else 1
            what = "the top card" if count == 1 else f"the top {count} cards"
            return self._ask(
                "give",
                f"{name} {how} {self._top_text()}: choose another player; {what} of the draw pile goes face down into their area, unseen.",
                [Action.of("give", f"{self.players[t]} (seat {t + 1})", target=t) for t in self._rotation(seat)] + list(skip),
                seat=seat,
            )
        if phase == "peek-player":
            return self._ask(
                "peek-player",
                f"{name} {how} {self._top_text()} and looks at one card: whose?",
                [
                    Action.of("peek-player", "Your own card" if t == seat else f"{self.players[t]}'s card (seat {t + 1})", target=t)
                    for t in sorted(self._peek_seats())
                ]
                + list(skip),
                seat=seat,
                private=True,  # ruling 15: the choice and the look are the looker's one private moment
            )
        if phase == "peek-position":
            target = self.chosen["target"]
            whose = "your" if target == seat else f"{self.players[target]}'s"
            return self._ask(
                "peek-position",
                f"{name}: which of {whose} cards will you look at?",
                _position_actions("peek", "Position ", "", self.positions(target)),
                seat=seat,
                private=True,
            )
        if phase == "peek-ack":
            target, position = self.chosen["target"], self.chosen["position"]
            card = self._card_at(target, position)
            assert card is not None
            whose = "your" if target == seat else f"{self.players[target]}'s"
            return self._ask(
                "peek-ack",
                f"{name}: {whose} card at position {position} is {_a(card.defn)}. Remember it, then hide it.",
                (_REMEMBER_IT,),
                seat=seat,
                private=True,
            )
        if phase == "swap-own":
            return self._ask(
                "swap-own",
                f"{name} {how} {self._top_text()}: which of your cards will you swap?",
                _position_actions("swap-own", "Your position ", "", self.positions(seat)) + skip,
                seat=seat,
            )
        if phase == "swap-player":
            holder = self.holder
            note = f" (Not {self.players[holder]}'s: {self.players[holder]} holds the BLOOPS card.)" if holder is not None else ""
            return self._ask(
                "swap-player",
                f"{name}: swap your position {self.chosen['own']} with whose card?{note}",
                [Action.of("swap-player", f"{self.players[t]} (seat {t + 1})", target=t) for t in sorted(self._others_with_cards(seat, swap=True))],
                seat=seat,
            )
        if phase == "swap-position":
            target = self.chosen["target"]
            return self._ask(
                "swap-position",
                f"{name}: swap your position {self.chosen['own']} with which of {self.players[target]}'s cards?",
                _position_actions("swap", f"{self.players[target]}'s position ", "", self.positions(target)),
                seat=seat,
            )
        raise AssertionError(f"unknown phase {phase!r}")

    def _ask(self, kind: str, prompt: str, actions: Iterable[Action], *, seat: int | None = None, private: bool = False) -> Decision:
        """A decision of one seat (the active player unless ``seat`` is given); public unless
        it shows that seat a face or leads to one without anyone else's turn between
        (``private``: a 7 or 8's choice of card, ruling 15)."""
        return Decision((self.active if seat is None else seat,), prompt, tuple(actions), private=private, kind=kind)

    def _top_text(self) -> str:
        top = self.discard.top
        return _a(top.defn) if top is not None else "a card"

    def _rotation(self, seat: int) -> list[int]:
        """The other seats in seat order."""
        return [s for s in range(len(self.players)) if s != seat]

    def _decide_drawn(self) -> Decision:
        seat = self.active
        card = self.drawn.top
        assert card is not None
        effect = card.defn.get("effect")
        text = f" — if you discard it, {effect_hint(effect)}" if effect is not None else ""
        positions = self.positions(seat)
        if positions:
            prompt = f"{self.players[seat]}: you drew {_a(card.defn)}{text}. Discard it, or keep it face down in place of one of your cards."
        else:
            prompt = f"{self.players[seat]}: you drew {_a(card.defn)}. You have no cards, so you must discard it."
        return self._ask("drawn", prompt, _drawn_actions(card_text(card.defn), positions), private=True)

    def _decide_window(self) -> Decision:
        seat = self.active
        top = self.discard.top
        assert top is not None
        players = self.players
        name = players[seat]
        card = _a(top.defn)
        claimants = [s for s in range(len(players)) if self._has_cards(s)]
        if self.pending:  # ruling 17, claims first: the oldest waiting effect comes next
            who, _key, _value, defn, _how = self.pending[0]
            waiting = f"{players[who]} resolves the {card_text(defn)}"
            then = f"When nobody claims, {waiting}."
            can_call = False
        else:
            waiting = ""
            can_call = self._can_call()
            then = f"When nobody claims, {name}'s turn ends" + (f" ({name} may call BLOOPS!)." if can_call else ".")
        return Decision(
            tuple(range(len(players))),
            f"Counter-discard: who has {card}? Anyone may claim, {name} included. {then}",
            _window_actions(players, seat, card, claimants, can_call, waiting),
            private=False,
            kind="window",
        )

    def _decide_counter(self) -> Decision:
        claimant = self.claimant
        assert claimant is not None
        top = self.discard.top
        assert top is not None
        who = self.players[claimant]
        return self._ask(
            "counter",
            f"{who} claims: which of {who}'s cards is {_a(top.defn)}? (A wrong card is shown to everyone and costs a penalty card.)",
            _counter_actions(who, claimant, self.positions(claimant)),
            seat=claimant,
        )

    def _decide_reveal(self) -> Decision:
        claimant = self.claimant
        assert claimant is not None
        position = self.chosen["position"]
        card = self._card_at(claimant, position)
        top = self.discard.top
        assert card is not None and top is not None
        who = self.players[claimant]
        return self._ask(
            "reveal",
            f"No match: {who}'s card at position {position} is {_a(card.defn)}, not {_a(top.defn)}. "
            f"It goes back face down and {who} takes a penalty card.",
            (Action.of("penalty", "Turn it face down; take the penalty card", seat=claimant),),
            seat=claimant,
        )

    # ------------------------------------------------------------------ actions
    def _apply(self, action: Action) -> None:
        seat = self.active
        kind = action.type
        # the counter-discard window first: most actions are claims and what follows them
        if kind == "claim":
            self.claimant = action["seat"]
            self.phase = "counter"
            self.last = f"{self.players[self.claimant]} claims a counter-discard."
            self.log.add(self.last)
        elif kind == "counter":
            self._counter(action["seat"], action["position"])
        elif kind == "penalty":
            self._penalty()
        elif kind == "pass":
            if self.pending:
                self._resolve_pending()
            else:
                self._end_turn(call=False)
        elif kind == "skip":
            self.log.add(f"{self.players[self.actor]} skips the effect of the {card_text(self.discard.top.defn)} (house rule).")
            self._open_window()
        elif kind == "withdraw":
            self.last = f"{self.players[action['seat']]} cancels the claim."
            self.log.add(self.last)
            self._open_window()
        elif kind == "bloops":
            self._end_turn(call=True)
        elif kind == "remember" and self.phase == "memorise":
            for position in BOTTOM_ROW:
                card = self._card_at(seat, position)
                if card is not None:
                    card.turn_down()
            self.log.add(f"{self.players[seat]} has looked at their bottom row (positions 4–6).")
            self.marks = []
            if seat + 1 < len(self.players):
                self._begin_memorise(seat + 1)
            else:
                self._start_turn(0)
        elif kind == "discard":
            self._discard_from_turn(self.drawn.take(), "discards the drawn card:")
        elif kind == "keep":
            position = action["position"]
            old = self._take_from_area(seat, position)
            self.areas[seat].place(position - 1, self.drawn.take())
            self.log.add(f"{self.players[seat]} keeps the drawn card face down at position {position}.")
            self._discard_from_turn(old, f"discards from position {position}:")
        elif kind == "give":
            self._give(action["target"])
        elif kind == "peek-player":
            self.chosen["target"] = action["target"]
            self.phase = "peek-position"
        elif kind == "peek":
            seat = self.actor
            target, position = self.chosen["target"], action["position"]
            self.chosen["position"] = position
            card = self._card_at(target, position)
            assert card is not None
            card.show_to(seat)
            self.marks = [[target, position]]
            whose = f"{self.players[seat]}'s own" if target == seat else f"{self.players[target]}'s"  # the next player must not read "their own" as theirs
            self.last = f"{self.players[seat]} looks at {whose} card at position {position}."
            self.log.add(self.last)
            self.phase = "peek-ack"
        elif kind == "remember" and self.phase == "peek-ack":
            card = self._card_at(self.chosen["target"], self.chosen["position"])
            assert card is not None
            card.turn_down(card.known - {self.actor})
            self._open_window()
        elif kind == "swap-own":
            self.chosen["own"] = action["position"]
            self.marks = [[self.actor, action["position"]]]
            self.phase = "swap-player"
        elif kind == "swap-player":
            self.chosen["target"] = action["target"]
            self.phase = "swap-position"
        elif kind == "swap":
            self._swap(self.chosen["own"], self.chosen["target"], action["position"])
        else:  # pragma: no cover - act() only passes offered actions
            raise AssertionError(f"unhandled action {action!r}")

    def _give(self, target: int) -> None:
        """Effect ``give`` (the 6, ruling 4): draw-pile cards to another player's area, unseen."""
        seat = self.actor
        count = self.effect[1] if self.effect else 1
        placed = []
        for _ in range(count):
            card = self._draw_card()
            if card is None:
                self._end("nothing is left to draw")
                return
            placed.append(self._add_to_area(target, card))
        where = ", ".join(str(p) for p in placed)
        self.last = f"{self.players[seat]} gives {self.players[target]} the top card of the draw pile (position {where})."
        self.log.add(self.last)
        self._open_window()

    def _swap(self, own: int, target: int, position: int) -> None:
        """Effect ``swap`` (the 9, ruling 4): the two cards change places, face down, unseen."""
        seat = self.actor
        mine = self.areas[seat].take(own - 1)
        theirs = self.areas[target].take(position - 1)
        self.areas[seat].place(own - 1, theirs)
        self.areas[target].place(position - 1, mine)
        self.last = f"{self.players[seat]} swaps their position {own} with {self.players[target]}'s position {position}."
        self.log.add(self.last, news=True)
        self._open_window()

    def _counter(self, claimant: int, position: int) -> None:
        """Ruling 5: a matching card goes onto the discard pile (a 6–9 then has its effect,
        resolved by the claimant, unless the house rule says no: ruling 17); any other card is
        turned face up for everyone until the penalty is acknowledged."""
        top = self.discard.top
        card = self._card_at(claimant, position)
        assert top is not None and card is not None
        who = self.players[claimant]
        if card.defn.value == top.defn.value:
            self._take_from_area(claimant, position)
            self.discard.add(card)
            self.last = f"{who} counter-discards {_a(card.defn)} from position {position}."
            self.log.add(self.last, cards=[card], news=True)
            if self.option("counter_effects") == "yes":  # ruling 17
                self.claimant = None
                self._after_discard(claimant, card.defn, "counter-discarded")
            else:
                self._open_window()
            return
        card.turn_up()
        self.chosen["position"] = position
        self.marks = [[claimant, position]]
        self.phase = "reveal"
        self.last = f"{who}'s card at position {position} does not match the {card_text(top.defn)}."
        self.log.add(self.last, news=True)

    def _penalty(self) -> None:
        """Ruling 5: the revealed card goes back face down, seen by nobody; a penalty card from
        the draw pile joins the claimant's area unseen (ruling 11)."""
        claimant = self.claimant
        assert claimant is not None
        card = self._card_at(claimant, self.chosen["position"])
        assert card is not None
        card.turn_down()
        penalty = self._draw_card()
        if penalty is None:
            self._end("nothing is left to draw")
            return
        position = self._add_to_area(claimant, penalty)
        self.last = f"{self.players[claimant]} missed and takes a penalty card (position {position})."
        self.log.add(self.last, news=True)
        self._open_window()

    # ------------------------------------------------------------------ views & result
    def public_info(self, seat: int | None) -> dict[str, Any]:
        """The public facts of the module docstring's ``info`` keys; the same for every seat
        (every secret of Bloops is a card face, and faces are only in the zones)."""
        top = self.discard.top
        return {
            "phase": self.phase,
            "active": self.active,
            "holder": self.holder,
            "final_left": list(self.final_left),
            "claimant": self.claimant,
            "actor": self.actor if self.phase in _EFFECT_PHASES else None,
            "pending": [[seat, card_text(defn)] for seat, _key, _value, defn, _how in self.pending],
            "marks": [list(m) for m in self.marks],
            "top": top.defn.value if top is not None else None,
            "last": self.last,
            "end_reason": self.end_reason,
            "scores": list(self.final_scores) if self.final_scores is not None else None,
        }

    def outcome(self) -> Outcome | None:
        """Once over: points per seat (ruling 9; lower wins, ties share the win), each area's
        cards in the details, and why the game ended. ``None`` before."""
        if self.phase != "over" or self.final_scores is None:
            return None
        scores = tuple(self.final_scores)
        best = min(scores)
        winners = frozenset(s for s, v in enumerate(scores) if v == best)
        names = [self.players[s] for s in sorted(winners)]
        if len(names) == 1:
            summary = f"{names[0]} wins with {plural(best, 'point')}."
        else:
            summary = f"{', '.join(names[:-1])} and {names[-1]} share the win with {plural(best, 'point')}."
        details = []
        for s, area in enumerate(self.areas):
            cards = [c.defn for c in area]
            points, cancelled = score_area(cards)
            listed = " ".join(card_text(c) for c in cards) or "no cards"
            note = " (three or more stars: they score 0)" if cancelled else ""
            details.append(f"{self.players[s]}: {listed} = {points}{note}")
        details.append(f"Ended because {self.end_reason}.")
        return Outcome(scores, winners, summary, lower_wins=True, details=tuple(details), score_label="Points")
