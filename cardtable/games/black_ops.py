"""Call of Duty: Black Ops – Free-For-All: keep or trade a Load Out, change values with Care
Packages, and do not end a round with the lowest Load Out. 2–8 players.

Rules: ``cards_data/black-ops.md`` (our words, table rulings 1–18 and every Specialist and
Event), from the seed ``000_46b292bfc5ecf051`` (sections *Setup* and steps 1–5).

Seats sit clockwise in the order entered (seat 0 is the oldest): a player's **left**
neighbour is the next living seat, their right neighbour the previous one.

Zones (every card always sits in one):

* ``loadout-deck`` / ``loadout-discard``, ``cp-deck`` / ``cp-discard``, ``event-deck`` /
  ``event-discard`` — the three central decks (face down) and their discard piles (face up);
* ``event`` — the Event in play (face up); ``specialists`` — the unused Specialists (face down);
* ``specialist:<seat>`` (face up), ``loadout:<seat>`` (one card, seen by its owner until
  revealed), ``mods:<seat>`` (the Care Packages played on that Load Out, face up, newest on
  top) and ``hand:<seat>`` (that player's Care Packages, seen by the owner only).

Health is a number per seat (``health`` in the view), never above ``MAX_HEALTH``.

View ``info`` keys: ``round``, ``dealer``, ``phase`` (``"deal"``, ``"discard"``,
``"trade"``, ``"target"``, ``"claim"``, ``"choose"``, ``"over"``), ``health`` (list),
``alive`` (list of bool), ``air`` (seats holding a revealed Air Strike), ``printed`` /
``modifier`` / ``values`` (per seat: the revealed Load Out's printed value, the newest
Care Package's change and the final value, ``None`` while face down or for an Air Strike),
``played`` (Care Packages played this round, per seat), ``limit`` (the Event's play limit
or ``None``), ``passed`` and ``drew`` (seats), ``trader`` / ``target`` (the trade being
asked, else ``None``), ``claimant``, ``recap`` (during the Care Package window: who drew
at the reveal and why, one sentence; else empty), ``direction`` (``"left"``/``"right"``), ``event_text``
(the Event in play's text as it applies), ``eliminated_round`` (per seat, ``None`` while in
the game), ``winners`` and ``last`` (the latest public sentence).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardtable.cards import CardDef, CardSet, FrozenMap
from cardtable.engine import Action, Card, Decision, Game, Option, Outcome, plural, register

__all__ = [
    "BlackOps",
    "CARE_PACKAGE_VERBS",
    "EVENT_KEYS",
    "MAX_HEALTH",
    "POWER_TRIGGERS",
    "describe",
]

MAX_HEALTH = 4
"""Health each player starts with and never rises above (seed: Setup; ruling 1)."""

CARE_PACKAGE_VERBS = ("modify", "cancel", "heal", "stop_trade", "peek")
"""The Care Package effect vocabulary (``effect:`` of a card; see the card file's header)."""

POWER_TRIGGERS = (
    "reveal_match",
    "reveal_weapon",
    "others_drew",
    "reveal_highest",
    "reveal_adjacent",
    "air_strike_revealed",
    "lose_health",
    "traded_away",
)
"""The Specialist trigger vocabulary (``power: {trigger: ...}``)."""

_POWER_KEYS = {
    "reveal_match": {"instead"},
    "reveal_weapon": {"weapons"},
    "others_drew": {"count"},
    "reveal_highest": set(),
    "reveal_adjacent": {"difference"},
    "air_strike_revealed": set(),
    "lose_health": set(),
    "traded_away": set(),
}
_REVEAL_TRIGGERS = frozenset(("reveal_weapon", "reveal_highest", "reveal_adjacent", "others_drew"))
"""The Specialist triggers resolved right after the reveal (``_reveal_power``)."""
_POWER_REQUIRED = {"reveal_weapon": {"weapons"}, "others_drew": {"count"}, "reveal_adjacent": {"difference"}}

EVENT_KEYS = (
    "care_package_limit",
    "discard_to",
    "air_strike_draw",
    "draw_if_none",
    "draw_each",
    "match_draw_bonus",
    "trade_direction",
    "no_trading",
    "target_may_refuse",
    "dealer_trade",
    "deal_passes",
    "hook",
)
"""The Event effect vocabulary (``effect:`` of an Event; any combination, or none)."""

_EVENT_COUNTS = ("care_package_limit", "discard_to", "air_strike_draw", "draw_if_none", "draw_each", "match_draw_bonus")

DECK_SIZES = {"load-out": 52, "care-package": 38, "specialist": 8, "event": 24}
"""How many cards each deck holds (ruling 1 and the seed's component list)."""


_NOTHING: Mapping[str, Any] = FrozenMap({})


def _effect(defn: CardDef) -> Mapping[str, Any]:
    """A card's ``effect`` (Care Packages, Events; read-only card data), empty when it has none."""
    return defn.fields.get("effect") or _NOTHING


def _ring(n: int, seat: int, step: int) -> list[int]:
    """All ``n`` seats from ``seat``'s neighbour round to ``seat`` itself, clockwise
    (``step`` 1) or counter-clockwise (``step`` -1)."""
    return [(seat + step * k) % n for k in range(1, n + 1)]


_PASS_ALL = Action("pass", (), "Nobody plays one: close the window and score the round").with_role("pass-all")
"""The Care Package window's pass for the whole table (ruling 9; the ``pass-all`` role)."""

_PLAY_NOTHING = Action("nothing", (), "Play nothing (pass)")
"""The claimant's way out of the Care Package window (ruling 9)."""


def _modify_words(defn: CardDef, whose: str, loadout: CardDef, value: int, covered: CardDef | None = None) -> str:
    """The label of a modifying Care Package played on a Load Out now worth ``value``:
    ``"Red Dot Sight (+2) on Bob's 5 Shotgun: 5 → 7"``; on one whose newest Care Package
    ``covered`` changes its value, which no longer counts (ruling 10), it says so:
    ``"Extended Mag (+1) on Bob's 3 Revolver: replaces Extended Mag (+1), 4 → 4"`` (a fresh
    tester read a bare "4 → 4" as a card that did nothing)."""
    instead = f"replaces {describe(covered)}, " if covered is not None else ""
    return f"{describe(defn)} on {whose} {loadout.value} {loadout.name}: {instead}{value} → {loadout.value + _effect(defn)['modify']}"


def _cancel_words(defn: CardDef, whose: str, loadout: CardDef, value: int, covered: CardDef) -> str:
    """The label of an EMP on a Load Out whose newest Care Package is ``covered``:
    ``"EMP on your 5 Shotgun: cancels Red Dot Sight, 7 → 5"``."""
    return f"{defn.name} on {whose} {loadout.value} {loadout.name}: cancels {covered.name}, {value} → {loadout.value}"


def _heal_words(defn: CardDef, before: int, after: int) -> str:
    """The label of a healing Care Package: ``"Medic: gain Health, 2 → 3"``."""
    return f"{defn.name}: gain Health, {before} → {after}"


_TRADE_SEEN = "{a} gives {gave} to {b} and gets {got}."
"""The private log line that tells both players of a trade both cards (ruling 5), logged
as a note for both (``_trade``)."""



def describe(defn: CardDef) -> str:
    """A card as players name it: ``"8 Shotgun"``, ``"Red Dot Sight (+2)"``, ``"Nomad"``."""
    if defn.kind == "load-out":
        return f"{defn.value} {defn.name}"
    if defn.kind == "care-package":
        short = defn.get("short")
        return f"{defn.name} ({short})" if short and short not in defn.name else defn.name
    return defn.name


_TRIGGER_WORDS = {
    "reveal_match": "when your revealed Load Out value equals another player's",
    "reveal_weapon": "when you reveal {weapons}",
    "others_drew": "when at least {count} other players drew Care Packages this round",
    "reveal_highest": "when you reveal the highest Load Out value (ties count)",
    "reveal_adjacent": "when your revealed value is exactly {difference} from another player's",
    "air_strike_revealed": "whenever another player reveals an Air Strike",
    "lose_health": "when you lose Health and stay in the game",
    "traded_away": "when another player takes your Load Out in a trade",
}


def power_words(power: Mapping[str, Any]) -> str:
    """A Specialist ``power`` map as one sentence, e.g. ``{trigger: reveal_weapon, weapons:
    [assault-rifle, shotgun], draw: 1}`` → "When you reveal an Assault Rifle or a Shotgun:
    draw 1 Care Package." (vocabulary: the header of ``cards_data/black-ops.yaml``)."""
    weapons = [str(w).replace("-", " ").title() for w in power.get("weapons", ())]
    when = _TRIGGER_WORDS.get(str(power.get("trigger")), "when its trigger happens").format(
        weapons=" or ".join(weapons) or "a listed weapon",
        count=power.get("count", "some"),
        difference=power.get("difference", 1),
    )
    draw = power.get("draw", 1)
    what = plural(draw, "Care Package") if isinstance(draw, int) else "Care Packages"
    instead = " instead of one" if power.get("instead") else ""
    return f"{when[0].upper()}{when[1:]}: draw {what}{instead}."


def _names(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@register
class BlackOps(Game):
    """Black Ops Free-For-All (seed 000; rulings in ``cards_data/black-ops.md``)."""

    id = "black-ops"
    title = "Black Ops: Free-For-All"
    card_name = staticmethod(describe)
    summary = "Trade Load Outs, play Care Packages, don't end a round lowest."
    min_players = 2
    max_players = 8
    order = 40
    max_actions = 20_000
    options = (
        Option(
            "search_and_destroy",
            "Search and Destroy",
            (("limit", "Play only one Care Package"), ("discard", "Discard down to two")),
            "limit",
            help="The printed game gives this Event two texts: the rulebook's (default) or the card's.",
        ),
    )

    # ================================================================== card data checks
    @classmethod
    def card_effect(cls, defn: CardDef) -> str:
        """What a card does in words, for the card browser and ``cardtable cards``: a
        Specialist's power (the trigger vocabulary at the top of ``black-ops.yaml``) as a
        sentence; other cards are left to the browser's generic effect words."""
        power = defn.get("power")
        if defn.kind == "specialist" and isinstance(power, Mapping):
            return power_words(power)
        return super().card_effect(defn)

    @classmethod
    def card_back(cls, defn: CardDef) -> str:
        """Four decks with four backs: Load Out (Air Strikes included), Care Package, Event,
        Specialist. The leak test only swaps cards that look alike face down."""
        return "load-out" if defn.kind == "air-strike" else defn.kind

    @classmethod
    def check_card(cls, card: CardDef) -> Iterable[tuple[str | None, str]]:
        """Validate one card: values by kind and the effect vocabularies (card file header)."""
        effect = card.get("effect")
        power = card.get("power")
        if card.kind == "load-out":
            if not _is_int(card.value) or not 1 <= card.value <= 12:
                yield "value", f"must be a Load Out value from 1 to 12, got {card.value!r}"
        elif card.kind == "air-strike":
            if card.value is not None:
                yield "value", "an Air Strike has no value (use null)"
        if card.kind not in ("care-package", "event") and effect is not None:
            yield "effect", f"only Care Packages and Events have an effect, not a {card.kind}"
        if card.kind != "specialist" and power is not None:
            yield "power", f"only Specialists have a power, not a {card.kind}"
        if card.kind == "care-package":
            yield from cls._check_care_package(effect)
        elif card.kind == "specialist":
            yield from cls._check_power(power)
        elif card.kind == "event":
            yield from cls._check_event(effect)

    @classmethod
    def _check_care_package(cls, effect: Any) -> Iterable[tuple[str | None, str]]:
        if effect is None:
            yield None, "missing field 'effect' (a Care Package needs one)"
            return
        verbs = [k for k in effect if k in CARE_PACKAGE_VERBS]
        unknown = [k for k in effect if k not in CARE_PACKAGE_VERBS]
        if unknown:
            yield "effect", f"unknown effect '{unknown[0]}' (allowed: {', '.join(CARE_PACKAGE_VERBS)})"
            return
        if len(verbs) != 1:
            yield "effect", f"needs exactly one of {', '.join(CARE_PACKAGE_VERBS)}, got {len(verbs)}"
            return
        verb = verbs[0]
        value = effect[verb]
        if verb == "modify" and not (_is_int(value) and value != 0 and -3 <= value <= 3):
            yield "effect", f"modify must be a whole number from -3 to 3 other than 0, got {value!r}"
        elif verb == "heal" and not (_is_int(value) and 1 <= value <= MAX_HEALTH):
            yield "effect", f"heal must be a whole number from 1 to {MAX_HEALTH}, got {value!r}"
        elif verb == "cancel" and value != "newest":
            yield "effect", f"cancel must be 'newest', got {value!r}"
        elif verb == "stop_trade" and value is not True:
            yield "effect", f"stop_trade must be true, got {value!r}"
        elif verb == "peek" and value != "load-out":
            yield "effect", f"peek must be 'load-out', got {value!r}"

    @classmethod
    def _check_power(cls, power: Any) -> Iterable[tuple[str | None, str]]:
        if power is None:
            yield None, "missing field 'power' (a Specialist needs one)"
            return
        trigger = power.get("trigger")
        if trigger not in POWER_TRIGGERS:
            yield "power", f"trigger must be one of {', '.join(POWER_TRIGGERS)}, got {trigger!r}"
            return
        allowed = {"trigger", "draw"} | _POWER_KEYS[trigger]
        for key in power:
            if key not in allowed:
                yield "power", f"'{key}' does not go with trigger {trigger} (allowed: {', '.join(sorted(allowed))})"
                return
        for key in _POWER_REQUIRED.get(trigger, ()):
            if key not in power:
                yield "power", f"trigger {trigger} needs '{key}'"
                return
        draw = power.get("draw")
        if not (_is_int(draw) and 1 <= draw <= 5):
            yield "power", f"draw must be a whole number from 1 to 5, got {draw!r}"
        if "weapons" in power and not (isinstance(power["weapons"], tuple) and power["weapons"] and all(isinstance(w, str) for w in power["weapons"])):
            yield "power", "weapons must be a non-empty list of Load Out ids"
        for key in ("count", "difference"):
            if key in power and not (_is_int(power[key]) and 1 <= power[key] <= 11):
                yield "power", f"{key} must be a whole number from 1 to 11, got {power[key]!r}"
        if "instead" in power and not isinstance(power["instead"], bool):
            yield "power", f"instead must be true or false, got {power['instead']!r}"

    @classmethod
    def _check_event(cls, effect: Any) -> Iterable[tuple[str | None, str]]:
        if effect is None:
            yield None, "missing field 'effect' (an Event needs one; {} for a plain round)"
            return
        for key, value in effect.items():
            if key not in EVENT_KEYS:
                yield "effect", f"unknown event effect '{key}' (allowed: {', '.join(EVENT_KEYS)})"
                return
            if key in _EVENT_COUNTS and not (_is_int(value) and 1 <= value <= 5):
                yield "effect", f"{key} must be a whole number from 1 to 5, got {value!r}"
            elif key == "trade_direction" and value not in ("left", "right"):
                yield "effect", f"trade_direction must be left or right, got {value!r}"
            elif key in ("no_trading", "target_may_refuse") and value is not True:
                yield "effect", f"{key} must be true, got {value!r}"
            elif key in ("dealer_trade", "deal_passes") and value is not False:
                yield "effect", f"{key} must be false (true is the normal rule), got {value!r}"
            elif key == "hook" and not callable(getattr(cls, f"_hook_{value}", None)):
                yield "effect", f"hook '{value}' does not exist (no function BlackOps._hook_{value})"

    @classmethod
    def check_cardset(cls, cardset: CardSet) -> Iterable[tuple[str | None, str | None, str]]:
        """The whole set: 52 Load Outs (four of each value 1–12 and four Air Strikes), 38 Care
        Packages, 8 Specialists, 24 Events with at most three copies of each, and Specialist
        weapons that name Load Outs (issue 5, ruling 1)."""
        totals = {name: 0 for name in DECK_SIZES}
        per_value: dict[int, int] = {}
        for card in cardset.cards:
            deck = "load-out" if card.kind == "air-strike" else card.kind
            totals[deck] += card.count
            if card.kind == "load-out":
                per_value[card.value] = per_value.get(card.value, 0) + card.count
            if card.kind == "event" and card.count > 3:
                yield card.id, "count", f"an Event may have at most three copies, got {card.count}"
            if card.kind == "specialist" and card.count != 1:
                yield card.id, "count", "each Specialist is a single card"
            for weapon in (card.get("power") or {}).get("weapons", ()):
                target = cardset.by_id.get(weapon)
                if target is None or target.kind != "load-out":
                    yield card.id, "power", f"weapon '{weapon}' is not a Load Out card"
        for value in range(1, 13):
            if per_value.get(value, 0) != 4:
                yield None, None, f"the Load Out deck needs four cards of value {value}, found {per_value.get(value, 0)}"
        airs = sum(c.count for c in cardset.cards if c.kind == "air-strike")
        if airs != 4:
            yield None, None, f"the Load Out deck needs four Air Strikes, found {airs}"
        for deck, size in DECK_SIZES.items():
            if totals[deck] != size:
                yield None, None, f"the {deck} deck needs {size} cards, found {totals[deck]}"

    # ================================================================== setup
    def start(self) -> None:
        """Shuffle the four decks; each player gets a Specialist (face up), 4 Health and one
        Care Package (private); seat 0 is the first dealer (seed: Setup; ruling 1)."""
        n = len(self.players)
        add = self.add_zone
        self.loadout_deck = add("loadout-deck", kind="pile", enter="down", label="Load Out deck")
        self.loadout_discard = add("loadout-discard", kind="pile", enter="up", label="Load Out discard pile")
        self.cp_deck = add("cp-deck", kind="pile", enter="down", label="Care Package deck")
        self.cp_discard = add("cp-discard", kind="pile", enter="up", label="Care Package discard pile")
        self.event_deck = add("event-deck", kind="pile", enter="down", label="Event deck")
        self.event_discard = add("event-discard", kind="pile", enter="up", label="Event discard pile")
        self.event_zone = add("event", kind="pile", enter="up", label="Event in play")
        self.specialist_box = add("specialists", kind="pile", enter="down", label="Unused Specialists")
        self.specialists = [add(f"specialist:{s}", owner=s, kind="pile", enter="up", label=f"{p}'s Specialist") for s, p in enumerate(self.players)]
        self.loadouts = [add(f"loadout:{s}", owner=s, kind="pile", enter="owner", label=f"{p}'s Load Out") for s, p in enumerate(self.players)]
        self.mods = [add(f"mods:{s}", owner=s, kind="pile", enter="up", label=f"Care Packages on {p}'s Load Out") for s, p in enumerate(self.players)]
        self.hands = [add(f"hand:{s}", owner=s, kind="hand", enter="owner", label=f"{p}'s Care Packages") for s, p in enumerate(self.players)]

        # the Air Strikes are shuffled into the Load Out deck (seed: setup)
        for zone, kinds in ((self.loadout_deck, ("load-out", "air-strike")), (self.cp_deck, ("care-package",)), (self.event_deck, ("event",)), (self.specialist_box, ("specialist",))):
            zone.extend(self.make_cards(self.cardset.full_deck_of_kind(*kinds)))
            zone.shuffle(self.rng)

        self.event_rules: Mapping[str, Any] = _NOTHING
        """The effect of the Event in play (read-only card data; empty between rounds): set
        when the Event is revealed, cleared when it is discarded (seed step 1; ruling 15)."""
        self.health = [MAX_HEALTH] * n
        self.eliminated_round: list[int | None] = [None] * n
        self.winners: list[int] = []
        self.dealer = 0
        self.round = 0
        self.phase = "deal"
        self.last = ""
        self._reset_round()

        self.log.add(f"The decks are shuffled. {self.players[0]} (the oldest) deals first.")
        for seat in range(n):
            card = self.specialist_box.take()
            self.specialists[seat].add(card)
            self.log.add(f"{self.players[seat]}'s Specialist is {card.defn.name}: {card.defn.text}", cards=[card])
        for seat in range(n):
            self._draw_cp(seat, 1, "to start")

    def _reset_round(self) -> None:
        self.trade_queue: list[int] = []
        self.trader: int | None = None
        self.target: int | None = None
        self.discarders: list[int] = []
        self.claimant: int | None = None
        self.passed: set[int] = set()
        self.drew: set[int] = set()
        self.recap: list[str] = []  # who drew Care Packages at the reveal, and why
        self.played = [0] * len(self.players)

    # ================================================================== seats
    def alive(self, seat: int) -> bool:
        """Whether ``seat`` is still in the game (Health above 0; ruling 13)."""
        return self.health[seat] > 0

    def living(self) -> list[int]:
        """Seats still in the game, in seat order."""
        return [s for s, h in enumerate(self.health) if h > 0]

    def left_of(self, seat: int) -> int:
        """The next living seat clockwise (``seat`` itself when nobody else lives)."""
        health = self.health
        for other in _ring(len(self.players), seat, 1):
            if health[other] > 0:
                return other
        return seat

    def right_of(self, seat: int) -> int:
        """The next living seat counter-clockwise."""
        health = self.health
        for other in _ring(len(self.players), seat, -1):
            if health[other] > 0:
                return other
        return seat

    def round_order(self, direction: str = "left") -> list[int]:
        """Living seats from the dealer's left (or right) round to the dealer, who is last
        (seed step 2A: each round starts and ends with the dealer)."""
        health = self.health
        return [s for s in _ring(len(self.players), self.dealer, 1 if direction == "left" else -1) if health[s] > 0]

    # ================================================================== card facts
    def rule(self, key: str, default: Any = None) -> Any:
        """The Event in play's value for ``key`` of the event vocabulary (else ``default``)."""
        return self.event_rules.get(key, default)

    def specialist_power(self, seat: int) -> Mapping[str, Any]:
        """``seat``'s Specialist power (read-only card data; empty when it has none)."""
        specialist = self.specialists[seat].top
        return (specialist.defn.fields.get("power") or _NOTHING) if specialist is not None else _NOTHING

    def loadout(self, seat: int) -> Card | None:
        """``seat``'s Load Out this round (``None`` before the deal or when out)."""
        return self.loadouts[seat].top

    def holds_air_strike(self, seat: int) -> bool:
        """An Air Strike is always face up, so this is public (seed step 1; ruling 2)."""
        card = self.loadouts[seat].top
        return card is not None and card.up and card.defn.kind == "air-strike"

    def modifier(self, seat: int) -> int:
        """The change made by the newest Care Package on ``seat``'s Load Out (ruling 10):
        an EMP on top counts as no change."""
        newest = self.mods[seat].top
        return int(_effect(newest.defn).get("modify", 0)) if newest is not None else 0

    def final_value(self, seat: int) -> int | None:
        """Printed value plus the newest Care Package's change, plain arithmetic: it may go
        below 0 (ruling 10); ``None`` for an Air Strike, a face-down or a missing Load Out."""
        card = self.loadouts[seat].top
        if card is None or not card.up or card.defn.kind != "load-out":
            return None
        return card.defn.value + self.modifier(seat)

    def cp_limit(self) -> int | None:
        """How many Care Packages each player may play this round (Search and Destroy), or
        ``None``. Under the card-text option an Event with ``discard_to`` has no limit (ruling 14)."""
        rules = self.event_rules
        if rules.get("discard_to") is not None and self.option("search_and_destroy") == "discard":
            return None
        return rules.get("care_package_limit")

    def may_play_cp(self, seat: int) -> bool:
        """Whether ``seat`` may still play a Care Package this round (ruling 14)."""
        limit = self.cp_limit()
        return limit is None or self.played[seat] < limit

    # ================================================================== drawing
    def _refill(self, deck, discard, what: str) -> bool:
        """Shuffle a discard pile into its empty deck (ruling 16). ``False`` if both are empty."""
        if deck:
            return True
        if not discard:
            return False
        deck.extend(discard.take_all())
        deck.shuffle(self.rng)
        self.log.add(f"The {what} deck ran out: its discard pile is shuffled into a new deck ({plural(len(deck), 'card')}).")
        return True

    def _draw_cp(self, seat: int, count: int, why: str, recap: str = "") -> int:
        """``seat`` draws ``count`` Care Packages; returns how many it got (ruling 16: an
        empty deck and discard pile give nothing). ``recap`` is the reason in a word or two
        for the reveal's recap line (ruling 9), e.g. ``"match"`` or ``"Prophet"``."""
        drawn: list[Card] = []
        deck, hand = self.cp_deck, self.hands[seat]
        for _ in range(count):
            if not deck and not self._refill(deck, self.cp_discard, "Care Package"):
                break
            drawn.append(hand.add(deck.take()))
        name = self.players[seat]
        if drawn:
            self.drew.add(seat)
            if recap:
                self.recap.append(f"{name} +{len(drawn)} ({recap})")
            self.log.add(f"{name} draws {plural(len(drawn), 'Care Package')} {why}.")
            self.log.add(f"{name} draws {_names([describe(c.defn) for c in drawn])}.", to=seat, cards=drawn)
        if len(drawn) < count:
            self.log.add(f"No Care Package is left for {name} to draw.")
        return len(drawn)

    def _draw_loadout(self) -> Card:
        deck = self.loadout_deck
        if not deck:
            self._refill(deck, self.loadout_discard, "Load Out")
        return deck.take()

    # ================================================================== the round
    def _deal_round(self) -> None:
        """Step 1: clear the last round, reveal an Event, apply its reveal effects, deal a
        Load Out to each living player from the dealer's left (rulings 2, 3, 15)."""
        self._clear_table()
        self.round += 1
        self._reset_round()
        self._refill(self.event_deck, self.event_discard, "Event")
        event = self.event_zone.add(self.event_deck.take())
        self.event_rules = _effect(event.defn)
        dealer = self.players[self.dealer]
        self.log.add(f"Round {self.round}: {dealer} deals and reveals the Event {event.defn.name} — {self.event_text()}", cards=[event])
        self.last = f"Round {self.round}: {event.defn.name}."
        order = self.round_order()
        rules = self.event_rules
        each = rules.get("draw_each")
        if each:
            for seat in order:
                self._draw_cp(seat, each, f"({event.defn.name})")
        if_none = rules.get("draw_if_none")
        if if_none:
            empty = [s for s in order if not self.hands[s]]
            if not empty:
                self.log.add(f"{event.defn.name}: every player holds a Care Package, so nobody draws.")
            for seat in empty:
                self._draw_cp(seat, if_none, f"({event.defn.name}: no Care Package in hand)")
        keep = rules.get("discard_to")
        if keep is not None and self.option("search_and_destroy") == "discard":
            self.discarders = [s for s in order if len(self.hands[s]) > keep]
            if self.discarders:
                self.phase = "discard"
                return
        self._deal_loadouts()

    def _deal_loadouts(self) -> None:
        self.log.add(f"{self.players[self.dealer]} deals a Load Out face down to each player.")
        for seat in self.round_order():
            card = self.loadouts[seat].add(self._draw_loadout())
            if card.defn.kind == "air-strike":
                self._air_strike(seat, card, "is dealt")
        hook = self.rule("hook")
        if hook:
            getattr(self, f"_hook_{hook}")()
        self._start_trading()

    def _air_strike(self, seat: int, card: Card, how: str) -> None:
        """An Air Strike is revealed at once; its holder draws (three under Rolling Thunder);
        Battery-like powers of other players draw too (ruling 2; Specialists)."""
        card.turn_up()
        name = self.players[seat]
        self.log.add(f"{name} {how} an Air Strike and reveals it: {name} cannot be traded with or lose Health this round.", cards=[card])
        self._draw_cp(seat, self.rule("air_strike_draw", 1), "for the Air Strike")
        for other in self.round_order():
            power = self.specialist_power(other)
            if other != seat and power.get("trigger") == "air_strike_revealed":
                self._draw_cp(other, power["draw"], f"({self._specialist_name(other)}: an Air Strike was revealed)")

    def _specialist_name(self, seat: int) -> str:
        specialist = self.specialists[seat].top
        return specialist.defn.name if specialist is not None else "no Specialist"

    def _hook_uplink(self) -> None:
        """Uplink (Event hook): every living player without an Air Strike passes their Load
        Out face down to the next such player on their left; giver and receiver both know it."""
        ring = [s for s in self.round_order() if not self.holds_air_strike(s)]
        if len(ring) < 2:
            self.log.add("Uplink: fewer than two players can pass a Load Out, so nothing moves.")
            return
        cards = [self.loadouts[s].take() for s in ring]
        for i, card in enumerate(cards):
            giver, receiver = ring[i], ring[(i + 1) % len(ring)]
            self.loadouts[receiver].add(card, up=False, known=card.known | {giver, receiver})
        self.log.add("Uplink: every Load Out without an Air Strike passes face down to the left.")
        for i, card in enumerate(cards):
            giver, receiver = ring[i], ring[(i + 1) % len(ring)]
            self.log.add(f"{self.players[giver]} passes {describe(card.defn)} to {self.players[receiver]}.", to=(giver, receiver), cards=[card])

    # ------------------------------------------------------------------ trading
    def direction(self) -> str:
        """``"left"`` (clockwise, ruling 4) or ``"right"`` under Hardpoint."""
        return self.rule("trade_direction", "left")

    def _start_trading(self) -> None:
        """Step 2: the trade turns, from the dealer's left (Hardpoint: right) to the dealer."""
        self.phase = "trade"
        if self.rule("no_trading"):
            self.log.add(f"{self.rule_name()}: nobody trades this round.")
            self.trade_queue = []
        else:
            self.trade_queue = self.round_order(self.direction())
        self._next_trader()

    def event_text(self) -> str:
        """The Event in play's text as it applies in this game: under the set-up option
        *Search and Destroy: Discard down to two*, the card's own text (ruling 14)."""
        top = self.event_zone.top
        if top is None:
            return ""
        keep = _effect(top.defn).get("discard_to")
        if keep is not None and self.option("search_and_destroy") == "discard":
            return f"When this is revealed, every player holding more than {keep} Care Packages discards down to {keep}."
        return top.defn.text

    def rule_name(self) -> str:
        """The name of the Event in play (for log lines and prompts)."""
        event = self.event_zone.top
        return event.defn.name if event is not None else "No Event"

    def trade_partner(self, seat: int, direction: str | None = None) -> int:
        """Whom ``seat`` may trade with: the neighbour in this round's direction
        (``direction``, when given, is that direction)."""
        return self.left_of(seat) if (direction or self.direction()) == "left" else self.right_of(seat)

    def _next_trader(self) -> None:
        """Skip players who cannot trade (rulings 2 and 4), then ask the next one."""
        direction = self.direction()
        while self.trade_queue:
            seat = self.trade_queue[0]
            name = self.players[seat]
            if self.holds_air_strike(seat):
                self.log.add(f"{name} holds an Air Strike and keeps it.")
            elif seat == self.dealer:
                if self.rule("dealer_trade", True) is False:
                    self.log.add(f"{self.rule_name()}: {name} (dealer) may not trade with the deck.")
                else:
                    self.trader = seat
                    self.phase = "trade"
                    return
            else:
                partner = self.trade_partner(seat, direction)
                if self.holds_air_strike(partner):
                    self.log.add(f"{name} cannot trade: {self.players[partner]} holds an Air Strike.")
                else:
                    self.trader = seat
                    self.phase = "trade"
                    return
            self.trade_queue.pop(0)
        self.trader = None
        self._reveal()

    def _end_trade_turn(self) -> None:
        self.trade_queue.pop(0)
        self.trader = None
        self.target = None
        self._next_trader()

    def _trade(self, trader: int, target: int) -> None:
        """Swap two Load Outs face down; both players now know both cards (ruling 5)."""
        mine, theirs = self.loadouts[trader].take(), self.loadouts[target].take()
        both = {trader, target}
        self.loadouts[target].add(mine, up=False, known=mine.known | both)
        self.loadouts[trader].add(theirs, up=False, known=theirs.known | both)
        a, b = self.players[trader], self.players[target]
        self.log.add(f"{a} and {b} trade Load Outs.")
        self.last = f"{a} traded Load Outs with {b}."
        self.log.add(_TRADE_SEEN.format(a=a, b=b, gave=describe(mine.defn), got=describe(theirs.defn)), to=both, cards=[mine, theirs], note=True)
        power = self.specialist_power(target)
        if power.get("trigger") == "traded_away":
            self._draw_cp(target, power["draw"], f"({self._specialist_name(target)}: {a} took {b}'s Load Out)")

    def _trade_with_deck(self, dealer: int) -> None:
        """The dealer reveals and discards their Load Out, then draws and reveals the top
        card of the Load Out deck (seed step 2F; ruling 6)."""
        old = self.loadouts[dealer].take()
        old.turn_up()
        self.loadout_discard.add(old)
        name = self.players[dealer]
        self.log.add(f"{name} (dealer) reveals {describe(old.defn)} and discards it to trade with the deck.", cards=[old])
        new = self.loadouts[dealer].add(self._draw_loadout(), up=True)
        if new.defn.kind == "air-strike":
            self._air_strike(dealer, new, "draws")
        else:
            self.log.add(f"{name} draws and reveals {describe(new.defn)}.", cards=[new])
        self.last = f"{name} traded {describe(old.defn)} for {describe(new.defn)} from the deck."

    def _peek(self, seat: int, index: int, target: int) -> None:
        """UAV: ``seat`` plays it and looks at ``target``'s face-down Load Out (ruling 8)."""
        card = self._play_from_hand(seat, index)
        self.cp_discard.add(card)
        looked = self.loadout(target)
        looked.show_to(seat)
        self.log.add(f"{self.players[seat]} plays {card.defn.name} and looks at {self.players[target]}'s Load Out.", cards=[card])
        self.log.add(f"{self.players[target]} holds {describe(looked.defn)}.", to=seat, cards=[looked])

    def _play_from_hand(self, seat: int, index: int) -> Card:
        card = self.hands[seat].take(index)
        card.turn_up()
        self.played[seat] += 1
        return card

    # ------------------------------------------------------------------ reveal
    def _reveal(self) -> None:
        """Step 3: every Load Out is revealed; matching values draw (Nomad two; Gun Game one
        more); Specialist triggers resolve, Firebreak-like ones last (rulings 7, 17)."""
        self.phase = "reveal"
        order = self.round_order()
        loadouts = self.loadouts
        dealt = [(seat, card) for seat in order if (card := loadouts[seat].top) is not None]  # (seat, its Load Out)
        for _, card in dealt:
            card.turn_up()
        self.last = "Every Load Out is revealed."
        players = self.players
        self.log.add("Reveal: " + "; ".join(f"{players[s]} {describe(card.defn)}" for s, card in dealt) + ".", cards=[card for _, card in dealt])
        printed = {s: card.defn.value for s, card in dealt if card.defn.kind == "load-out"}
        values = list(printed.values())
        bonus = self.rule("match_draw_bonus", 0)
        for seat in order:
            value = printed.get(seat)
            if value is None or values.count(value) < 2:
                continue
            power = self.specialist_power(seat)
            count = 1
            why = "for a matching Load Out"
            recap = "match"
            if power.get("trigger") == "reveal_match":
                count = power["draw"] if power.get("instead") else 1 + power["draw"]
                why = f"for a matching Load Out ({self._specialist_name(seat)})"
                recap += f", {self._specialist_name(seat)}"
            if bonus:
                count += bonus
                why += f" ({self.rule_name()})"
                recap += f", {self.rule_name()}"
            self._draw_cp(seat, count, why, recap)
        powers = [(seat, self.specialist_power(seat)) for seat in order]
        powers = [(s, p) for s, p in powers if p.get("trigger") in _REVEAL_TRIGGERS]
        late = [(s, p) for s, p in powers if p["trigger"] == "others_drew"]
        for seat, power in [(s, p) for s, p in powers if p["trigger"] != "others_drew"] + late:
            self._reveal_power(seat, power, printed)
        self.last = self.recap_text()
        self._open_window()

    def recap_text(self) -> str:
        """The reveal's recap (ruling 9): who drew Care Packages and why, in one sentence."""
        if not self.recap:
            return "Revealed. Nobody drew a Care Package."
        return "Revealed. Drew Care Packages: " + ", ".join(self.recap) + "."

    def _reveal_power(self, seat: int, power: Mapping[str, Any], printed: dict[int, int]) -> None:
        """Resolve ``seat``'s Specialist ``power`` (one of ``_REVEAL_TRIGGERS``) after the reveal."""
        trigger = power["trigger"]
        value = printed.get(seat)
        others = [v for o, v in printed.items() if o != seat]
        name = self._specialist_name(seat)
        why = ""
        if trigger == "reveal_weapon":
            card = self.loadout(seat)
            if card is not None and card.defn.id in power["weapons"]:
                why = f"({name}: revealed {card.defn.name})"
        elif trigger == "reveal_highest":
            if value is not None and value >= max(printed.values()):
                why = f"({name}: the highest Load Out)"
        elif trigger == "reveal_adjacent":
            if value is not None and any(abs(value - v) == power["difference"] for v in others):
                why = f"({name}: {power['difference']} away from another Load Out)"
        elif trigger == "others_drew":
            count = len([s for s in self.drew if s != seat and self.alive(s)])
            if count >= power["count"]:
                why = f"({name}: {count} other players drew this round)"
        if why:
            self._draw_cp(seat, power["draw"], why, name)

    # ------------------------------------------------------------------ Care Package window
    def window_seats(self) -> list[int]:
        """Who may still claim in the Care Package window (see ``may_claim``), in seat order:
        seat 1 first, as the keys that claim run, the same order every round (ruling 9)."""
        return [s for s in range(len(self.players)) if self.may_claim(s)]

    def may_claim(self, seat: int) -> bool:
        """Whether ``seat`` may claim in the Care Package window: a living player holding a
        Care Package, not passed since the last play, under the Event's limit (ruling 9)."""
        return seat not in self.passed and self.alive(seat) and bool(self.hands[seat]) and self.may_play_cp(seat)

    def _window_closed(self) -> bool:
        """Whether nobody may claim any more (``window_seats`` is empty)."""
        return not any(self.may_claim(s) for s in range(len(self.players)))

    def _open_window(self) -> None:
        self.phase = "claim"
        self.passed = set()
        self.claimant = None
        if self._window_closed():
            self._score()

    def _after_window_move(self) -> None:
        self.phase = "claim"
        self.claimant = None
        if self._window_closed():
            self.log.add("Everyone has passed: the Care Package phase is over.")
            self._score()

    def play_options(self, seat: int) -> list[Action]:
        """Every Care Package ``seat`` could play now and its targets (one option per
        different card; rulings 9–11): a modifier on any revealed Load Out, an EMP on one
        that carries a change, a heal when Health is not full."""
        options: list[Action] = []
        seen: set[str] = set()
        targets = None
        for index, card in enumerate(self.hands[seat]):
            defn = card.defn
            if defn.id in seen:
                continue
            seen.add(defn.id)
            effect = _effect(defn)
            if "modify" in effect:
                targets = targets if targets is not None else self._play_targets(seat)
                for target, whose, loadout, value in targets:
                    covered = self.mods[target].top.defn if self.modifier(target) else None  # no longer counts
                    options.append(Action.lazy("play", _modify_words, defn, whose, loadout, value, covered, card=index, target=target))
            elif "cancel" in effect:
                targets = targets if targets is not None else self._play_targets(seat)
                for target, whose, loadout, value in targets:
                    if self.modifier(target):
                        covered = self.mods[target].top.defn
                        options.append(Action.lazy("play", _cancel_words, defn, whose, loadout, value, covered, card=index, target=target))
            elif "heal" in effect:
                health = self.health[seat]
                if health < MAX_HEALTH:
                    after = min(MAX_HEALTH, health + effect["heal"])
                    options.append(Action.lazy("play", _heal_words, defn, health, after, card=index, target=seat))
        return options

    def why_not_playable(self, seat: int, defn: CardDef, playable: set[str]) -> str | None:
        """Why ``seat`` cannot play the Care Package ``defn`` in the Care Package window now
        (``None`` when it can: its id is in ``playable``, the cards ``play_options`` offers).
        Reads only the revealed table and ``seat``'s own Health (rulings 9–11)."""
        if defn.id in playable:
            return None
        effect = _effect(defn)
        if "peek" in effect:
            return "play it on your own trade turn, to look at a face-down Load Out"
        if effect.get("stop_trade"):
            return "play it when a player wants to trade Load Outs with you"
        if "heal" in effect:
            return f"your Health is already full ({MAX_HEALTH})"
        if "cancel" in effect:
            return "no revealed Load Out carries a Care Package to cancel"
        if "modify" in effect:
            return "no revealed Load Out (an Air Strike takes none) to put it on"
        return "it is not played in the Care Package window"

    def unplayable(self, seat: int, options: list[Action]) -> tuple[tuple[str, str], ...]:
        """``(card name, reason)`` for each Care Package of ``seat``'s hand that the window's
        ``options`` do not offer, one per card name (``Decision.unplayable``)."""
        hand = self.hands[seat].cards
        playable = {hand[a["card"]].defn.id for a in options if a.get("card") is not None}
        out, seen = [], set()
        for card in hand:
            if card.defn.id not in seen:
                seen.add(card.defn.id)
                reason = self.why_not_playable(seat, card.defn, playable)
                if reason is not None:
                    out.append((describe(card.defn), reason))
        return tuple(out)

    def _play_targets(self, seat: int) -> list[tuple[int, str, CardDef, int]]:
        """The Load Outs a Care Package can go on, in round order, as ``(target, "your" or
        "<name>'s", the Load Out, its final value)``: those with a final value (revealed,
        not Air Strikes; ruling 10)."""
        targets = []
        for target in self.round_order():
            value = self.final_value(target)
            if value is not None:
                whose = "your" if target == seat else f"{self.players[target]}'s"
                targets.append((target, whose, self.loadouts[target].top.defn, value))
        return targets

    def _play(self, seat: int, index: int, target: int) -> None:
        card = self._play_from_hand(seat, index)
        effect = _effect(card.defn)
        name, whom = self.players[seat], self.players[target]
        if "heal" in effect:
            before = self.health[seat]
            self.health[seat] = min(MAX_HEALTH, before + effect["heal"])
            self.cp_discard.add(card)
            self.log.add(f"{name} plays {card.defn.name}: Health {before} → {self.health[seat]}.", cards=[card])
            self.last = f"{name} played {card.defn.name} (Health {self.health[seat]})."
            return
        self.mods[target].add(card)
        value = self.final_value(target)
        self.log.add(f"{name} plays {describe(card.defn)} on {whom}'s {describe(self.loadout(target).defn)}: it now counts {value}.", cards=[card])
        self.last = f"{name} played {card.defn.name} on {whom}: {value}."

    # ------------------------------------------------------------------ scoring
    def _score(self) -> None:
        """Step 4–5: every player tied for the lowest final value loses one Health, Air
        Strike holders excepted; at 0 Health a player is out (rulings 10, 12, 13)."""
        self.phase = "score"
        self.claimant = None
        self.passed = set()
        values = {}
        for seat in self.round_order():
            value = self.final_value(seat)  # None for Air Strikes too
            if value is not None:
                values[seat] = value
        if not values:
            self.log.add("Only Air Strike holders are left this round: nobody loses Health.", news=True)
            self.last = f"Round {self.round}: nobody loses Health."
            self._end_round([])
            return
        low = min(values.values())
        losers = [s for s, v in values.items() if v == low]
        for seat in losers:
            self.health[seat] -= 1
        who = _names([self.players[s] for s in losers])
        self.log.add(f"Lowest Load Out: {low}. {who} {'loses' if len(losers) == 1 else 'lose'} one Health.", news=True)
        self.last = f"Round {self.round}: {who} lost one Health (lowest: {low})."
        for seat in losers:
            power = self.specialist_power(seat)
            if self.health[seat] > 0 and power.get("trigger") == "lose_health":
                self._draw_cp(seat, power["draw"], f"({self._specialist_name(seat)}: lost Health)")
        self._end_round(losers)

    def _end_round(self, losers: list[int]) -> None:
        self.close_undo()  # ruling 19: a scored round is never taken back
        out = [s for s in losers if self.health[s] <= 0]
        for seat in out:
            self.eliminated_round[seat] = self.round
            cards = self.hands[seat].take_all()
            for card in cards:
                self.cp_discard.add(card)
            self.log.add(
                f"{self.players[seat]} has no Health left and is eliminated"
                + (f"; their Care Packages are discarded face up: {_names([describe(c.defn) for c in cards])}." if cards else "."),
                cards=cards,
                news=True,
            )
        living = self.living()
        if len(living) <= 1:
            self.phase = "over"
            self.winners = sorted(living if living else out)
            if living:
                self.log.add(f"{self.players[living[0]]} is the last player standing and wins!")
            else:
                self.log.add(f"{_names([self.players[s] for s in out])} are eliminated in the same round and share the win.")
            return
        if self.rule("deal_passes", True) is False and self.health[self.dealer] > 0:
            self.log.add(f"{self.rule_name()}: {self.players[self.dealer]} deals again.")
        else:
            self.dealer = self.left_of(self.dealer)
        self.phase = "deal"

    def _clear_table(self) -> None:
        """Ruling 15: revealed Load Outs and played Care Packages go to their discard piles,
        the Event to its discard pile."""
        for zone in self.loadouts:
            for card in zone.take_all():
                card.turn_up()
                self.loadout_discard.add(card)
        for zone in self.mods:
            self.cp_discard.extend(zone.take_all())
        self.event_discard.extend(self.event_zone.take_all())
        self.event_rules = _NOTHING

    # ================================================================== decisions
    def _decide(self) -> Decision | None:
        players = self.players
        phase = self.phase
        if phase == "claim":  # ruling 9: one public question to every seat that may still play
            limit = self.cp_limit()
            note = f" ({self.rule_name()}: {limit} each at most)" if limit else ""
            seats = self.window_seats()
            claims = [Action.of("claim", f"{players[s]} plays a Care Package", seat=s) for s in seats]
            return Decision(
                tuple(seats),
                f"Care Packages{note}: who plays one? Any player listed may claim; when nobody wants to, pass for everyone.",
                (*claims, _PASS_ALL),
                private=False,
                kind="claim",
            )
        if phase == "choose":
            seat = self.claimant
            options = self.play_options(seat)
            if options:
                prompt = f"{players[seat]}: choose a Care Package and its target."
            else:  # ruling 9: every holder may claim, so the window does not tell who can play
                prompt = f"{players[seat]}: none of your Care Packages can be played now — pass."
            unplayable = self.unplayable(seat, options)
            options.append(_PLAY_NOTHING)
            return Decision((seat,), prompt, tuple(options), kind="care-package", unplayable=unplayable)
        if phase == "trade":
            return self._trade_decision(self.trader)
        if phase == "target":
            return self._target_decision()
        if phase == "deal":
            round = self.round + 1
            deal = Action.of("deal", f"Reveal the Event and deal round {round}")
            return Decision((self.dealer,), f"{players[self.dealer]} (dealer): reveal an Event and deal round {round}.", (deal,), private=False, kind="deal")
        if phase == "discard":
            seat = self.discarders[0]
            keep = self.rule("discard_to")
            actions, seen = [], set()
            for index, card in enumerate(self.hands[seat]):
                if card.defn.id not in seen:
                    seen.add(card.defn.id)
                    actions.append(Action.of("discard", f"Discard {describe(card.defn)}", card=index))
            return Decision(
                (seat,),
                f"{players[seat]}: {self.rule_name()} — discard down to {keep} Care Packages ({len(self.hands[seat])} now).",
                tuple(actions),
                kind="discard",
            )
        if phase == "over":
            return None
        raise AssertionError(f"no decision in phase {phase}")

    def _trade_decision(self, seat: int) -> Decision:
        players = self.players
        mine = describe(self.loadout(seat).defn)
        actions = [Action.of("keep", f"Keep your {mine}")]
        if seat == self.dealer:
            actions.append(Action.of("deck", "Trade with the Load Out deck (reveal, discard, draw)"))
            prompt = f"{players[seat]} (dealer): keep your {mine} or trade it with the Load Out deck?"
        else:
            direction = self.direction()
            partner = self.trade_partner(seat, direction)
            actions.append(Action.of("trade", f"Trade with {players[partner]}", target=partner))
            prompt = f"{players[seat]}: keep your {mine} or trade with {players[partner]} (on your {direction})?"
        if self.may_play_cp(seat):
            seen: set[str] = set()
            unknown = None  # the face-down Load Outs ``seat`` has not seen, in round order
            for index, card in enumerate(self.hands[seat]):
                if "peek" not in _effect(card.defn) or card.defn.id in seen:
                    continue
                seen.add(card.defn.id)
                if unknown is None:
                    unknown = [other for other in self.round_order() if other != seat and (looked := self.loadout(other)) is not None and not looked.visible_to(seat)]
                for other in unknown:
                    actions.append(Action.of("uav", f"Play {card.defn.name}: look at {players[other]}'s Load Out", card=index, target=other))
        return Decision((seat,), prompt, tuple(actions), kind="trade")

    def _target_decision(self) -> Decision:
        """Every trade target is asked the same way (ruling 5): give, or stop the trade with
        Hard Wired (offered only inside this private decision, when held)."""
        players = self.players
        target, trader = self.target, self.trader
        mine = describe(self.loadout(target).defn)
        actions = [Action.of("give", f"Give your {mine} to {players[trader]}")]
        if self.may_play_cp(target):
            seen: set[str] = set()
            for index, card in enumerate(self.hands[target]):
                if _effect(card.defn).get("stop_trade") and card.defn.id not in seen:
                    seen.add(card.defn.id)
                    actions.append(Action.of("stop", f"Play {card.defn.name}: stop the trade", card=index))
        if self.rule("target_may_refuse"):
            actions.append(Action.of("refuse", f"Refuse the trade ({self.rule_name()})"))
        return Decision(
            (target,),
            f"{players[target]}: {players[trader]} wants to trade Load Outs with you.",
            tuple(actions),
            kind="trade-target",
        )

    def _apply(self, action: Action) -> None:
        kind = action.type
        if kind == "claim":  # the window's moves first: they are the most frequent
            self.claimant = action["seat"]
            self.phase = "choose"
            self.log.add(f"{self.players[self.claimant]} claims the next Care Package play.")
        elif kind == "pass":  # ruling 9: the table passes as one
            self.passed.update(self.window_seats())
            self._after_window_move()
        elif kind == "play":
            self._play(self.claimant, action["card"], action["target"])
            self.passed = set()
            self._after_window_move()
        elif kind == "nothing":
            self.passed.add(self.claimant)
            self.log.add(f"{self.players[self.claimant]} plays nothing and passes.")
            self._after_window_move()
        elif kind == "deal":
            self._deal_round()
        elif kind == "discard":
            seat = self.discarders[0]
            card = self.hands[seat].take(action["card"])
            card.turn_up()
            self.cp_discard.add(card)
            self.log.add(f"{self.players[seat]} discards {describe(card.defn)} ({self.rule_name()}).", cards=[card])
            if len(self.hands[seat]) <= self.rule("discard_to"):
                self.discarders.pop(0)
            if not self.discarders:
                self._deal_loadouts()
        elif kind == "keep":
            self.log.add(f"{self.players[self.trader]} keeps their Load Out.")
            self._end_trade_turn()
        elif kind == "trade":
            self.target = action["target"]
            self.phase = "target"
            self.log.add(f"{self.players[self.trader]} wants to trade with {self.players[self.target]}.")
        elif kind == "deck":
            self._trade_with_deck(self.trader)
            self._end_trade_turn()
        elif kind == "uav":
            self._peek(self.trader, action["card"], action["target"])
        elif kind == "give":
            self._trade(self.trader, self.target)
            self._end_trade_turn()
        elif kind == "stop":
            card = self._play_from_hand(self.target, action["card"])
            self.cp_discard.add(card)
            self.log.add(f"{self.players[self.target]} plays {card.defn.name}: the trade with {self.players[self.trader]} is stopped.", cards=[card])
            self.last = f"{self.players[self.target]} stopped {self.players[self.trader]}'s trade with {card.defn.name}."
            self._end_trade_turn()
        elif kind == "refuse":
            self.log.add(f"{self.players[self.target]} refuses the trade ({self.rule_name()}).")
            self._end_trade_turn()
        else:  # pragma: no cover - act() only lets offered actions through
            raise AssertionError(kind)

    # ================================================================== views & result
    def public_info(self, seat: int | None) -> dict[str, Any]:
        """The public facts listed in the module docstring; the same for every seat (each
        value is derived from face-up cards, counts and public choices only)."""
        seats = range(len(self.players))
        printed = []
        for s in seats:
            card = self.loadout(s)
            printed.append(card.defn.value if card is not None and card.up and card.defn.kind == "load-out" else None)
        return {
            "round": self.round,
            "dealer": self.dealer,
            "phase": self.phase,
            "health": list(self.health),
            "max_health": MAX_HEALTH,
            "alive": [self.alive(s) for s in seats],
            "air": [s for s in seats if self.holds_air_strike(s)],
            "printed": printed,
            "modifier": [self.modifier(s) if printed[s] is not None and self.mods[s] else None for s in seats],
            "values": [self.final_value(s) for s in seats],
            "played": list(self.played),
            "limit": self.cp_limit(),
            "passed": sorted(self.passed),
            "drew": sorted(self.drew),
            "trader": self.trader if self.phase in ("trade", "target") else None,
            "target": self.target if self.phase == "target" else None,
            "claimant": self.claimant,
            "recap": self.recap_text() if self.round and self.phase in ("claim", "choose") else "",
            "direction": self.direction(),
            "eliminated_round": list(self.eliminated_round),
            "event_text": self.event_text(),
            "winners": list(self.winners),
            "last": self.last,
        }

    def outcome(self) -> Outcome | None:
        """Health left per seat; the last player standing wins, or everyone eliminated in
        the final round shares the win (ruling 13); players level on Health (every one
        eliminated has 0) are placed by the round they were eliminated in, the later first
        (ruling 13)."""
        if self.phase != "over":
            return None
        names = [self.players[s] for s in self.winners]
        if len(self.winners) == 1:
            (w,) = self.winners
            summary = f"{names[0]} wins with {self.health[w]} Health left after {plural(self.round, 'round')}."
        else:
            summary = f"{_names(names)} were eliminated together in round {self.round} and share the win."
        details = tuple(
            f"{self.players[s]}: eliminated in round {self.eliminated_round[s]}"
            for s in sorted((s for s in range(len(self.players)) if self.eliminated_round[s] is not None), key=lambda s: -self.eliminated_round[s])
        )
        scores = tuple(self.health)
        # players out of the game are placed by the round they went out in, the later first
        # (a fresh tester, out in round 8, was listed above two players out in rounds 13 and 14)
        out = tuple(float(r) if r is not None else float(self.round + 1) for r in self.eliminated_round)
        return Outcome(scores, frozenset(self.winners), summary, details=details, score_label="Health", tiebreak=out)
