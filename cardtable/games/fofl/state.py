"""The FOFL table: where cards are, what they are worth now, and how they leave play.

``FoflState`` is a mixin of the ``Fofl`` controller (``cardtable.games.fofl.game``). It owns
the card movements (every move goes through ``put`` so the index of where each card lies
stays right), current power and toughness (rulings 3, 5), colours and sides (ruling 11),
selectors of the effect vocabulary, lasting effects (Antivirus, DoS attack, Reproducer,
Adobe extras), destruction with its protections (Proxy, The Lion, ruling 8) and the
state check after every step (toughness 0 destroys; losses, ruling 4).

Zones, per seat ``s`` (``Fofl.PARTS``): ``draw:s`` (face down), ``hand:s`` (owner only),
``discard:s`` (face up), and the face-up areas in play ``sites:s`` (Websites), ``places:s``
(Locations), ``people:s`` (People not piloting), ``crew:s`` (pilots), ``craft:s``
(Spacecraft), ``items:s``, ``soft:s`` (Software) and ``lasting:s`` (a DoS attack in play).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from cardtable.cards import CardDef, FrozenMap
from cardtable.engine import Card
from cardtable.games.fofl.vocab import step_op

__all__ = ["FoflState", "CardFacts", "card_facts", "printed_fits", "selector_parts", "PLAY_PARTS", "TARGET_PARTS", "KIND_PART", "SIDES"]

SIDES = ("red", "blue")
PLAY_PARTS = ("sites", "places", "people", "crew", "craft", "items", "soft", "lasting")
TARGET_PARTS = ("sites", "places", "people", "craft", "items", "soft")
"""Cards that effects and attacks can reach: pilots (``crew``) and a DoS attack cannot."""
KIND_PART = {"website": "sites", "location": "places", "person": "people", "spacecraft": "craft", "item": "items", "software": "soft"}
NEUTRAL = "yellow"
IN_PLAY = frozenset(PLAY_PARTS)
SETTLE_PARTS = ("sites", "people", "craft", "items")
"""Where cards with toughness lie (the state check of ruling 3 looks there, in this order)."""


ZONE_PARTS = {f"{part}:{seat}": (part, seat) for part in PLAY_PARTS + ("draw", "hand", "discard") for seat in (0, 1)}
"""Zone name -> ``(part, seat)``, e.g. ``"people:1"`` -> ``("people", 1)``, for every zone of
the table (``zone_part`` splits any other name)."""


def zone_part(name: str) -> tuple[str, int | None]:
    """``(part, seat)`` of a zone name (seat ``None`` for a zone without one, e.g. ``"box"``)."""
    found = ZONE_PARTS.get(name)
    if found is None:
        part, _, seat = name.partition(":")
        found = (part, int(seat) if seat.isdigit() else None)
    return found


def first_target(steps: Any) -> tuple[str, Any] | None:
    """``(op, args)`` of a step list's first step when it aims at a target."""
    if not steps:
        return None
    op, args = step_op(steps[0])
    return (op, args) if isinstance(args, Mapping) and "target" in args else None


KIND_NAMES = {"website": "Website", "action": "Action", "software": "Software", "location": "Location",
              "spacecraft": "Spacecraft", "person": "Person", "item": "Item"}


def kind_text(defn: CardDef) -> str:
    """``"Person P4 T5"``, ``"Flagship P7 T25"``, ``"Website T6"``, ``"Action"``: a card's kind
    and printed values (power ``P``, toughness ``T``, the board's letters), as the play menu
    shows them."""
    kind = KIND_NAMES[defn.kind]
    if defn.kind == "spacecraft":
        kind = str(defn.get("craft")).capitalize()
    if defn.get("power") is not None:
        return f"{kind} P{defn.get('power')} T{defn.get('toughness')}"
    if defn.get("toughness") is not None and defn.kind == "website":
        return f"{kind} T{defn.get('toughness')}"
    return kind


class CardFacts:
    """What a card design's data says, read once per card set (``card_facts``): its kind and
    printed values, and the parts of its ``effect`` (empty mappings/tuples when absent)."""

    __slots__ = ("defn", "kind", "power", "toughness", "tags", "unique", "hacker", "craft", "effect", "static", "react", "bearer", "immune", "requires", "play", "actions", "play_target", "play_aim", "play_label")

    def __init__(self, defn: CardDef) -> None:
        self.defn = defn
        self.kind = defn.kind
        self.power: int | None = defn.get("power")
        self.toughness: int | None = defn.get("toughness")
        self.tags: tuple[str, ...] = tuple(defn.get("tags") or ())
        self.unique = bool(defn.get("unique"))
        self.hacker = bool(defn.get("hacker"))
        self.craft: str | None = defn.get("craft")
        effect = defn.get("effect") or {}
        self.effect: Mapping[str, Any] = effect
        self.static: Mapping[str, Any] = effect.get("static") or {}
        self.react: Mapping[str, Any] = effect.get("react") or {}
        self.bearer: Mapping[str, Any] = effect.get("bearer") or {}
        self.immune: tuple[str, ...] = tuple(effect.get("immune") or ())
        self.requires: Mapping[str, Any] = effect.get("requires") or {}
        self.play = effect.get("play")
        self.actions: tuple[Mapping[str, Any], ...] = tuple(effect.get("actions") or ())
        self.play_target = first_target(self.play)
        """``(op, args)`` of the play steps' first step when it aims at a target, else ``None``."""
        self.play_aim = (self.play_target[0], self.play_target[1]["target"]) if self.play_target and not self.play_target[1].get("optional") else None
        """``(op, selector)`` when the card can be played only with something to aim at."""
        self.play_label = f"{defn.name} ({kind_text(defn)}) — {defn.get('brief')}"
        """The card in the play menu."""


def card_facts(cardset: Any) -> Mapping[str, CardFacts]:
    """Card id -> its ``CardFacts``, for every card of ``cardset``: worked out once per card
    set (``CardSet.derived``) and read-only (a ``FrozenMap``: copies of a game share it)."""
    return FrozenMap({defn.id: CardFacts(defn) for defn in cardset.cards})


PRINTED_KEYS = frozenset(("kind", "id", "tag", "except", "unique", "hacker", "craft"))
"""Selector keys about a card's printed data; the others are about its situation in play."""
SEARCH_KEYS = frozenset(("kind", "id", "tag", "unique"))
"""The keys a search of a pile tests (rulings 13, 20)."""


def printed_fits(sel: Mapping[str, Any], card: CardFacts, keys: frozenset[str] = PRINTED_KEYS) -> bool:
    """Whether a card design passes the tests of selector ``sel`` on printed data (only the
    keys in ``keys``; the vocabulary: ``cardtable.games.fofl.vocab``)."""
    return passes([(key, want) for key, want in sel.items() if key in keys], card)


def passes(tests: list[tuple[str, Any]], card: CardFacts) -> bool:
    """``printed_fits`` with the selector's printed tests as ``(key, want)`` pairs (worked out
    once when one selector is tried on many cards)."""
    for key, want in tests:
        if key == "kind":
            if card.kind not in (want if isinstance(want, (list, tuple)) else (want,)):
                return False
        elif key == "id":
            if card.defn.id not in (want if isinstance(want, (list, tuple)) else (want,)):
                return False
        elif key == "tag":
            if want not in card.tags:
                return False
        elif key == "except":
            if card.defn.id in want:
                return False
        elif key == "unique":
            if card.unique != want:
                return False
        elif key == "hacker":
            if card.hacker != want:
                return False
        elif key == "craft":
            if card.craft != want:
                return False
    return True


def selector_parts(sel: Mapping[str, Any]) -> tuple[str, ...]:
    """The parts within reach that can hold cards ``sel`` picks (a card in play lies in the
    part of its kind: a selector with ``kind`` looks only there)."""
    kinds = sel.get("kind")
    if kinds is None:
        return TARGET_PARTS
    if isinstance(kinds, str):
        part = KIND_PART.get(kinds)
        return (part,) if part in TARGET_PARTS else ()
    wanted = {KIND_PART.get(k) for k in kinds}
    return tuple(p for p in TARGET_PARTS if p in wanted)


class FoflState:
    """Card movement, values, selectors and destruction (see the module docstring).

    ``facts`` (set by ``Fofl.start``) maps each card id to its ``CardFacts``."""

    facts: Mapping[str, CardFacts]

    # ------------------------------------------------------------------ where cards are
    def card(self, uid: int) -> Card:
        """The physical card with this uid."""
        return self._cards[uid]

    def zone_of(self, card: Card) -> str:
        """The name of the zone ``card`` lies in."""
        return self._loc[card.uid]

    def part(self, card: Card) -> str:
        """The zone kind (``people``, ``hand``...) of where ``card`` lies."""
        zone = self._loc[card.uid]
        return (ZONE_PARTS.get(zone) or zone_part(zone))[0]

    def controller(self, card: Card) -> int:
        """The seat whose zone holds ``card`` (its controller while in play)."""
        zone = self._loc[card.uid]
        return (ZONE_PARTS.get(zone) or zone_part(zone))[1]

    def in_play(self, card: Card) -> bool:
        zone = self._loc[card.uid]
        return (ZONE_PARTS.get(zone) or zone_part(zone))[0] in IN_PLAY

    def put(self, card: Card, zone: str, *, index: int | None = None, up: bool | None = None, known: Iterable[int] | None = None) -> None:
        """Move ``card`` into ``zone`` (on top, or at ``index``) applying its entry rule unless
        ``up``/``known`` say otherwise. Every move goes through here."""
        old = self._loc.get(card.uid)
        if old is not None:
            self.zones[old].remove(card)
        if index is None:
            self.zones[zone].add(card, up=up, known=known)
        else:
            self.zones[zone].insert(index, card, up=up, known=known)
        self._loc[card.uid] = zone

    def play_cards(self, parts: Iterable[str] = TARGET_PARTS) -> list[Card]:
        """Every card in play in those parts (both seats)."""
        rows = self.rows
        return [c for p in parts for cards in rows[p] for c in cards]

    def seat_of_side(self, side: str) -> int | None:
        """The seat playing ``side`` (red/blue)."""
        return self.sides.index(side) if side in self.sides else None

    def crew_index(self, uid: int) -> int:
        """A pilot's position in its controller's crew zone (actions address pilots this way)."""
        card = self.card(uid)
        return self.zones[self.zone_of(card)].cards.index(card)

    def crew_card(self, seat: int, index: int) -> Card:
        return self.zones[f"crew:{seat}"].cards[index]

    # ------------------------------------------------------------------ card data
    def effect(self, card: Card) -> Mapping[str, Any]:
        """A card's ``effect`` data (an empty mapping when it has none)."""
        return self.facts[card.defn.id].effect

    def colour(self, card: Card) -> str | None:
        """A card's colour now: a Person's may have been changed (ruling 11)."""
        return self.align.get(card.uid, card.defn.colour)

    def owner_discard(self, card: Card) -> str:
        return f"discard:{self.owner[card.uid]}"

    # ------------------------------------------------------------------ lasting effects
    def negated(self, card: Card) -> bool:
        """Whether ``card`` has no effect now: Antivirus stops Hack cards and Reproducers
        (seed, Software); a DoS attack stops the effects of its Website (seed, Hacks)."""
        card_facts = self.facts[card.defn.id]
        tags = card_facts.tags
        if tags:
            for av, stopped in self._antiviruses():
                if av is not card and any(t in stopped for t in tags):
                    return True
        if card_facts.kind == "website" and self.dos:
            for dos_uid, info in self.dos.items():
                if info["site"] == card.uid and not self.negated(self.card(dos_uid)):
                    return True
        return False

    def _antiviruses(self) -> list[tuple[Card, Any]]:
        """``(card, tags it stops)`` for each Software in play that stops tags (negated or not)."""
        found = []
        for cards in self.rows["soft"]:
            for av in cards:
                stopped = self.facts[av.defn.id].static.get("negate")
                if stopped:
                    found.append((av, stopped))
        return found

    def statics(self, key: str, parts: tuple[str, ...] = ("sites", "places", "people", "soft", "items", "craft")) -> list[tuple[Card, Any]]:
        """``(card, value)`` for every card in play whose ``static`` has ``key`` and which is not
        negated (pilots' texts are switched off: seed, Spacecraft)."""
        return [(card, value) for part in parts for card, static in self._static_cards(part) if (value := static.get(key)) is not None]

    def _static_cards(self, part: str) -> list[tuple[Card, Mapping[str, Any]]]:
        """``(card, static)`` for each card of that part (both seats) with lasting effects on."""
        found = []
        for cards in self.rows[part]:
            for card in cards:
                static = self.facts[card.defn.id].static
                if static and not self.negated(card):
                    found.append((card, static))
        return found

    def space(self) -> bool:
        """Whether Outer Space (or another ``space`` card) is in play."""
        return any(static.get("space") is not None for _, static in self._static_cards("places"))

    def _places_latest_first(self, changing: str | None = None) -> list[Card]:
        """The Locations in play, the latest played first (ruling 5); with ``changing``, only
        those whose lasting effects change that value (e.g. ``"power"``)."""
        places = self.play_cards(("places",))
        if changing is not None:
            places = [place for place in places if self.facts[place.defn.id].static.get(changing)]
        if len(places) > 1:  # one Location (the usual table) needs no sort
            places.sort(key=lambda c: -self.order.get(c.uid, 0))
        return places

    # ------------------------------------------------------------------ values
    def boost_of(self, card: Card) -> tuple[int, int]:
        """Power and toughness changes from boosts active this turn (Chav, ruling 15)."""
        p = t = 0
        if self.boosts and card.defn.kind == "person" and self.part(card) == "people":
            seat = self.controller(card)
            for boost in self.boosts:
                if boost["seat"] == seat and boost["turn"] == self.turn and boost["id"] == card.defn.id:
                    p += boost["power"]
                    t += boost["toughness"]
        return p, t

    def power(self, card: Card, against: Card | None = None) -> int:
        """Current power (ruling 5): printed power, Items and boosts, then each Location's
        change from the latest played to the earliest, power stopping at 0 after each."""
        card_facts = self.facts[card.defn.id]
        base = card_facts.power
        if base is None:
            return 0
        value = base + self.boost_of(card)[0] if self.boosts else base
        if card_facts.kind == "person" and self.attached:
            for item in self.items_on(card):
                value += self.facts[item.defn.id].bearer.get("power") or 0
        vs = card_facts.static.get("power_vs")
        if vs and against is not None and against.defn.get("craft") == vs["craft"]:
            value += vs["amount"]
        value = max(0, value)
        for place in self._places_latest_first("power"):
            seat = self.controller(place)
            for change in self.facts[place.defn.id].static["power"]:
                if self.matches(change["who"], card, seat, place):
                    value = max(0, value + change["amount"])
        return value

    def max_toughness(self, card: Card) -> int:
        return (self.facts[card.defn.id].toughness or 0) + self.boost_of(card)[1]

    def toughness(self, card: Card) -> int:
        """Toughness left: printed (+ boosts) minus damage; never below 0 (ruling 3)."""
        return max(0, self.max_toughness(card) - self.damage.get(card.uid, 0))

    def items_on(self, person: Card) -> list[Card]:
        if not self.attached:
            return []
        return [self.card(i) for i, p in self.attached.items() if p == person.uid]

    def pilots_of(self, ship: Card) -> list[int]:
        return [p for p, s in self.pilot_of.items() if s == ship.uid]

    # ------------------------------------------------------------------ selectors
    def matches(self, sel: Mapping[str, Any], card: Card, seat: int, src: Card | None = None) -> bool:
        """Whether ``card`` fits selector ``sel`` for an effect used by ``seat`` from ``src``
        (vocabulary: ``cardtable.games.fofl.vocab``)."""
        card_facts = self.facts[card.defn.id]
        in_play = None  # looked up at the first test of the card's situation
        for key, want in sel.items():  # every test must pass
            if key in PRINTED_KEYS:
                fits = passes(((key, want),), card_facts)
            else:
                if in_play is None:
                    in_play = self.in_play(card)
                # out of play a card has no side, colour or damage: only "any side" fits
                fits = self._situation_fits(key, want, card, seat, src) if in_play else key == "side" and want == "any"
            if not fits:
                return False
        return True

    def _situation_fits(self, key: str, want: Any, card: Card, seat: int, src: Card | None) -> bool:
        """Whether a card known to be in play passes one selector test about its situation."""
        if key == "side":
            mine = self.controller(card) == seat
            return want == "any" or (want == "own") == mine
        if key == "align":
            return self.colour(card) in (want if isinstance(want, (list, tuple)) else (want,))
        if key == "not_align":
            return self.colour(card) != self.sides[seat]
        if key == "listed":
            return (card.uid in self.listed) == want
        if key == "changed":
            return (self.colour(card) != card.defn.colour) == want
        if key == "neutral":
            return (self.colour(card) == NEUTRAL) == want
        if key == "damaged":
            return (self.damage.get(card.uid, 0) > 0) == want
        if key == "not_self":
            return src is None or card is not src
        if key == "unguarded":
            return card.uid not in self.guards
        return False

    def find_matches(self, sel: Mapping[str, Any], defn: CardDef) -> bool:
        """Selector test on a card's printed data only (searching a pile: rulings 13, 20)."""
        return printed_fits(sel, self.facts[defn.id], SEARCH_KEYS)

    def targets(self, sel: Mapping[str, Any], seat: int, src: Card | None, op: str) -> list[Card]:
        """Cards in play an effect step ``op`` may aim at: matching ``sel``, within reach
        (never pilots nor a DoS attack, ruling 17) and not immune to ``op``."""
        return list(self._each_target(sel, seat, src, op))

    def any_target(self, sel: Mapping[str, Any], seat: int, src: Card | None, op: str) -> bool:
        """Whether ``targets(sel, seat, src, op)`` would find anything (stops at the first)."""
        return next(self._each_target(sel, seat, src, op), None) is not None

    def _each_target(self, sel: Mapping[str, Any], seat: int, src: Card | None, op: str) -> Iterator[Card]:
        printed = [(key, want) for key, want in sel.items() if key in PRINTED_KEYS]
        situation = [(key, want) for key, want in sel.items() if key not in PRINTED_KEYS]
        facts, rows = self.facts, self.rows
        own_colour = self.sides[seat] if op == "shift" else None  # tempting takes only other colours
        for part in selector_parts(sel):
            for cards in rows[part]:
                for card in cards:
                    card_facts = facts[card.defn.id]
                    if op in card_facts.immune or (printed and not passes(printed, card_facts)):
                        continue
                    if own_colour is not None and self.colour(card) == own_colour:
                        continue
                    for key, want in situation:
                        if not self._situation_fits(key, want, card, seat, src):
                            break
                    else:
                        yield card

    # ------------------------------------------------------------------ colours and sides
    def set_colour(self, card: Card, colour: str, by: int) -> None:
        """Change a Person's colour (Mind Wipe Gun, Temptation, Memory Stick). A Person whose
        colour becomes a side's colour joins that side (ruling 11)."""
        self.align[card.uid] = colour
        home = self.seat_of_side(colour) if colour in SIDES else None
        if home is not None and home != self.controller(card):
            old = self.controller(card)
            self.put(card, f"people:{home}")
            for item in self.items_on(card):
                self.put(item, f"items:{home}")
            self.entered[card.uid] = self.turn
            self.used.add(card.uid)
            self.had_people[home] = True
            self.log.add(f"{card.defn.name} changes sides and joins {self.players[home]}.", news=True)
            self._check_last_person(old)

    # ------------------------------------------------------------------ entering and leaving play
    def enter_play(self, card: Card, seat: int) -> None:
        """Put ``card`` into play on ``seat``'s side, face up (played or put into play)."""
        part = KIND_PART[card.defn.kind]
        self.put(card, f"{part}:{seat}", up=True)
        self.entered[card.uid] = self.turn
        self.counter += 1
        self.order[card.uid] = self.counter
        if card.defn.kind == "person":
            self.align[card.uid] = card.defn.colour
            self.had_people[seat] = True

    def mark_used(self, card: Card) -> None:
        self.used.add(card.uid)

    def board_pilot(self, person: Card, ship: Card) -> None:
        """``person`` pilots ``ship`` (moves to the crew zone of the ship's side)."""
        self.put(person, f"crew:{self.controller(ship)}")
        self.pilot_of[person.uid] = ship.uid

    def people_count(self, seat: int) -> int:
        """People on a side, pilots included (ruling 4)."""
        return len(self.zones[f"people:{seat}"]) + len(self.zones[f"crew:{seat}"])

    def destroy(self, card: Card, by: int | None, *, why: str = "") -> bool:
        """Destroy ``card`` by a card's effect (attacks included). A guarded Website loses its
        Proxy instead and The Lion keeps FOFL standing (ruling 8). Returns whether it went."""
        if not self.in_play(card):
            return False
        if card.defn.kind == "website":
            # a pilot is still in play: The Lion keeps FOFL standing from a cockpit too (ruling 8)
            keeper = next((c for c, cid in self.statics("unkillable", ("people", "crew")) if cid == card.defn.id), None)
            if keeper is not None:
                self._keep_standing(card)
                self.log.add(f"{card.defn.name} cannot be destroyed while {keeper.defn.name} is in play.", news=True)
                return False
            proxy = self.proxy_for(card)
            if proxy is not None:
                self._keep_standing(card)
                self.log.add(f"Proxy is destroyed instead of {card.defn.name}.", news=True)
                self.remove(proxy, "discard", reason="destroyed")
                return False
        self.log.add(f"{card.defn.name} is destroyed{(' (' + why + ')') if why else ''}.", news=True)
        self.remove(card, "discard", reason="destroyed")
        return True

    def _keep_standing(self, card: Card) -> None:
        if self.toughness(card) <= 0:
            self.damage[card.uid] = self.max_toughness(card) - 1

    def proxy_for(self, site: Card) -> Card | None:
        """The first Proxy in play guarding ``site`` whose effect is on (ruling 8)."""
        for proxy_uid, guarded in sorted(self.proxies.items(), key=lambda kv: self.order.get(kv[0], 0)):
            proxy = self.card(proxy_uid)
            if guarded == site.uid and proxy is not site and self.in_play(proxy) and not self.negated(proxy):
                return proxy
        return None

    def remove(self, card: Card, dest: str, *, reason: str) -> None:
        """Take ``card`` out of play to its owner's ``dest`` (``discard`` or ``hand``) and tidy
        everything that pointed at it. ``reason`` is ``destroyed`` or ``returned``: losing the
        last Person by destruction loses the game (ruling 4), returning it does not."""
        seat = self.controller(card)
        owner = self.owner[card.uid]
        was_person = self.part(card) in ("people", "crew")
        if dest == "hand":
            self.put(card, f"hand:{owner}", up=False, known=(owner,))
        else:
            self.put(card, f"discard:{owner}", up=True)
        uid = card.uid
        for table in (self.damage, self.align, self.entered, self.order):
            table.pop(uid, None)
        self.used.discard(uid)
        if uid in self.listed:
            self.listed.remove(uid)
        self.pilot_of.pop(uid, None)
        self.attached.pop(uid, None)
        for item in [self.card(i) for i, p in list(self.attached.items()) if p == uid]:
            self.attached.pop(item.uid, None)
            self.remove(item, "discard", reason="destroyed")
        for pilot_uid in [p for p, s in list(self.pilot_of.items()) if s == uid]:
            pilot = self.card(pilot_uid)
            self.pilot_of.pop(pilot_uid, None)
            if reason == "returned":
                self.remove(pilot, "hand", reason="returned")
            else:
                self.log.add(f"{pilot.defn.name}, a pilot of {card.defn.name}, is destroyed with it.", news=True)
                self.remove(pilot, "discard", reason="destroyed")
        self.guards = {site: admin for site, admin in self.guards.items() if uid not in (site, admin)}
        self.proxies = {proxy: site for proxy, site in self.proxies.items() if uid not in (proxy, site)}
        if uid in self.dos:
            del self.dos[uid]
        for dos_uid in [d for d, info in self.dos.items() if info["site"] == uid]:
            del self.dos[dos_uid]
            self.put(self.card(dos_uid), self.owner_discard(self.card(dos_uid)), up=True)
        if (self.effect(card).get("static") or {}).get("home") and reason == "destroyed":
            loser = self.seat_of_side(card.defn.colour)
            if loser is not None:
                self.lost.add(loser)
                self.end_reason = f"{card.defn.name} was destroyed"
        if was_person and reason == "destroyed":
            self._check_last_person(seat)

    def _check_last_person(self, seat: int) -> None:
        """Ruling 4: a side that has had People and just lost its last one (destroyed or
        taken over) loses."""
        if self.had_people[seat] and self.people_count(seat) == 0 and seat not in self.lost:
            self.lost.add(seat)
            self.end_reason = f"{self.players[seat]} lost their last Person"

    def settle(self) -> None:
        """The state check after every step (ruling 3): anything in play at toughness 0 is
        destroyed (The Lion and Proxy may step in), until nothing changes."""
        while True:
            dead = self._first_dead()
            if dead is None:
                return
            if not self.destroy(dead, None, why="no toughness left") and self.toughness(dead) <= 0:
                self.damage[dead.uid] = self.max_toughness(dead) - 1  # cannot be destroyed: stays at 1

    def _first_dead(self) -> Card | None:
        """The first card (in board order) with toughness that has none left, or ``None``."""
        if not self.frail and not any(boost["turn"] == self.turn for boost in self.boosts):
            # no boost counts now and every printed toughness is above 0, so toughness left is
            # printed - damage: only a card whose damage reaches its printed toughness has none
            for uid, taken in self.damage.items():
                printed = self.facts[self.card(uid).defn.id].toughness
                if printed is not None and printed <= taken:
                    break
            else:
                return None
        for part in SETTLE_PARTS:
            for cards in self.rows[part]:
                for card in cards:
                    if self.facts[card.defn.id].toughness is not None and self.toughness(card) <= 0:
                        return card
        return None

    # ------------------------------------------------------------------ piles
    def shuffle_pile(self, seat: int) -> None:
        """Shuffle a draw pile: every face in it is forgotten (a search ends this way)."""
        self.zones[f"draw:{seat}"].shuffle(self.rng)

    def draw_cards(self, seat: int, n: int) -> int:
        """Draw up to ``n`` cards (none from an empty pile, ruling 1); the owner sees them and
        anyone who already knew a card (Time Travel) still does. Returns how many."""
        pile = self.zones[f"draw:{seat}"]
        drawn = 0
        for _ in range(n):
            if not pile:
                break
            card = pile.top
            self.put(card, f"hand:{seat}", up=False, known=card.known | {seat})
            drawn += 1
        return drawn

    # ------------------------------------------------------------------ text helpers
    def wiped_card(self, seat: int, card_id: str) -> Card | None:
        """The card with ``card_id`` that ``seat`` mind-wiped this turn, if still in play."""
        for info in reversed(self.wiped):
            card = self.card(info["uid"])
            if info["seat"] == seat and info["turn"] == self.turn and card.defn.id == card_id and self.in_play(card) and self.part(card) == "people":
                return card
        return None

    def crew_valid(self, ship: Any, crew: list[Card]) -> bool:
        """Whether ``crew`` may fly ``ship`` (seed, Spacecraft): a Flagship takes two to five
        People, one of them Unique and of its colour; a Light craft exactly one, or the sizes
        its ``crew`` static allows (Shuttle: one or three)."""
        if ship.get("craft") == "flagship":
            return 2 <= len(crew) <= 5 and any(self.colour(c) == ship.colour and c.defn.get("unique") for c in crew)
        sizes = ((ship.get("effect") or {}).get("static") or {}).get("crew") or (1,)
        return len(crew) in sizes

    first_target = staticmethod(first_target)
