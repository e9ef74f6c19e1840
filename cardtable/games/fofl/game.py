"""FOFL vs ANFOFL: the two-player Red-against-Blue card game of the Web Wars set.

Rules: ``cards_data/fofl.md`` (our words, table rulings 1–27), from the seed
``003_bd91eef4a36a968c`` (special rules, draw pile creation, people, locations, spacecraft,
actions and the card listing). Cards: ``cards_data/fofl.yaml``; their effects are data in the
vocabulary of ``cardtable.games.fofl.vocab``, interpreted by ``effects`` and ``combat``, with
named hooks (``hooks``) for what the vocabulary cannot say.

Seats bring decks: the per-seat option ``deck`` holds a deck id of the card file's ``decks:``
(``red``, ``blue``); one side must be Red and the other Blue. Red moves first. The option
``websites`` says whether the own Websites are drawn and played (``drawn``, the default) or
start in play (``setup``): ruling 1.

A turn is one private decision loop for the active player (kind ``turn``): play a card, attack,
use an ability, return Spacecraft, or end the turn; each opens a short menu (kinds ``menu``,
``attack_with``, ``aim``, ``crew``) with a Back option until something is committed. The
turn, the move being planned and the effects resolving are entries of one pending-choice
stack (``cardtable.engine.choices``); ``KINDS``, at the end, says how each kind of entry is
decided, answered or run. Reactions
of the other player come as their own decisions: ``tescos`` (private), ``guard`` and
``redirect`` (public).

View ``info`` keys: ``sides`` (per seat), ``turn``, ``active``, ``plays`` (text), ``space``,
``countdown`` (``None`` or turns left), ``list`` (names on the List), ``order66``, ``last``
(a public sentence), ``result`` (``None`` or a sentence), and ``cards``: for every zone in play,
one status mapping per card, index-aligned with the zone (``power``, ``toughness``, ``max``,
``colour``, ``changed``, ``used``, ``new``, ``attack``, ``ability``, ``block``, ``note``,
``bearer``/``ship``: ``[zone, index]`` of the Person an Item is on / the ship a pilot flies,
``guards``: the name of the Website a Proxy or System Admin guards, ``off``: what switched the
card off (``"Antivirus"``, ``"DoS attack"``), ``placed``: a Location's place in the order of
play, 1 = earliest). Also ``homes`` (per seat: is its own Website in play), ``locations``
(names in play, earliest played first) and ``turn_limit`` (ruling 23).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from cardtable.cards import CardDef, CardSet
from cardtable.engine import BACK, Action, Card, Choices, Decision, DeckRules, Game, Kind, Option, Outcome, Pending, Setup, SetupError, register
from cardtable.engine.core import CustomDeck
from cardtable.games.fofl.combat import FoflCombat
from cardtable.games.fofl.effects import FoflEffects, stat_label
from cardtable.games.fofl.hooks import HOOKS, grouped, unique_labels
from cardtable.games.fofl.state import PLAY_PARTS, SEARCH_KEYS, SIDES, FoflState, card_facts, kind_text, printed_fits
from cardtable.games.fofl.vocab import check_effect, check_fields, check_references, step_op

__all__ = ["Fofl", "FoflDecks", "SIDE_NAMES", "HAND_SIZE", "MIN_DECK", "COUNTDOWN", "TURN_LIMIT"]

SIDE_NAMES = {"red": "Red (FOFL)", "blue": "Blue (ANFOFL)"}
HOME = {"red": "fofl", "blue": "anfofl"}
PRESET_SIDES = {"red": "red", "blue": "blue"}
"""The side of each preset deck id (the option's choices; ``check_cardset`` verifies them)."""
SHARED_COLOURS = ("yellow", "grey", "green")
HAND_SIZE = 5
PLAYS_PER_TURN = 2
MIN_DECK = 20
COUNTDOWN = 10
TURN_LIMIT = 200
"""Ruling 23's hard bound for decks of up to 45 cards: a game still going when turn
``TURN_LIMIT`` ends is a draw (bigger decks get ``4 × cards + 2 × COUNTDOWN`` turns)."""
AREAS = ("sites", "places", "people", "crew", "craft", "items", "soft", "lasting")
END_TURN = Action.of("end", "End your turn").with_role("end-turn")
RETURN_MENU = Action.of("menu", "Return Spacecraft to your hand", menu="return")
PLANNING = ("turn", "menu", "attack_with", "aim", "alternative", "crew")
"""Entries where the active player only plans a move (all but ``turn`` with Back): the table
changes only when the move is committed (``Fofl.commit_move``; ``Fofl.committed`` counts
those)."""


class FoflDecks(DeckRules):
    """The rules of a FOFL draw pile (seed, "Draw Pile Creation"; ruling 22 for its size):
    a Red or a Blue deck of at least ``MIN_DECK`` cards of its own colour and the shared
    ones, holding its side's own Website, with one copy at most of a Unique card."""

    def sides(self, cardset: CardSet) -> tuple[tuple[str, str], ...]:
        """Red (FOFL) and Blue (ANFOFL): seed, "Draw Pile Creation"."""
        return tuple((side, SIDE_NAMES[side]) for side in SIDES)

    def pool(self, cardset: CardSet, side: str) -> tuple[CardDef, ...]:
        """Seed, "Draw Pile Creation": your own colour plus yellow, grey and green."""
        return tuple(c for c in cardset.cards if c.colour in (side,) + SHARED_COLOURS)

    def problems(self, cardset: CardSet, side: str, counts: Mapping[str, int]) -> list[str]:
        """One sentence per broken deck rule (seed, "Draw Pile Creation"; ruling 22 for the size)."""
        if side not in SIDES:
            return [f"A deck must be Red or Blue, not {side!r}."]
        problems = []
        unknown = [cid for cid in counts if cid not in cardset.by_id]
        if unknown:
            problems.append(f"There is no card {', '.join(repr(c) for c in unknown)}.")
        cards = {cid: cardset[cid] for cid in counts if cid in cardset.by_id}
        wrong = [c.name for c in cards.values() if c.colour not in (side,) + SHARED_COLOURS]
        if wrong:
            other = SIDE_NAMES["blue" if side == "red" else "red"].split()[0]
            problems.append(f"A {side.capitalize()} deck cannot hold {other} cards: {', '.join(wrong)}.")
        home = cardset.by_id.get(HOME[side])
        if home is not None and counts.get(home.id, 0) < 1:
            problems.append(f"A {side.capitalize()} deck must contain {home.name}.")
        doubled = [f"{c.name} ({counts[c.id]})" for c in cards.values() if c.get("unique") and counts[c.id] > 1]
        if doubled:
            problems.append(f"Only one copy of each Unique card is allowed: {', '.join(doubled)}.")
        total = sum(counts.values())
        if total < MIN_DECK:
            problems.append(f"A deck needs at least {MIN_DECK} cards; this one has {total}.")
        return problems


class _Room(NamedTuple):
    """What every card of a seat's hand is checked against when playing (rulings 2, 17):
    the non-Action cards played this turn, the seat's extra plays, whether any card at all
    would still fit (then every card does: it may take any play), whether an opponent's
    Reproducer locks Software out, and whether Outer Space is in play."""

    played: list[CardDef]
    extras: list[Mapping[str, Any]]
    any_card_fits: bool
    locked: bool
    space: bool


@register
class Fofl(FoflCombat, FoflEffects, FoflState, Game):
    """FOFL vs ANFOFL (seed 003; rulings in ``cards_data/fofl.md``)."""

    id = "fofl"
    title = "FOFL vs ANFOFL"
    summary = "Red FOFL vs Blue ANFOFL: bring a deck of People, hacks and spaceships."
    min_players = 2
    max_players = 2
    order = 50
    max_actions = 20_000
    deck_option = "deck"
    deck_rules = FoflDecks(title)
    options = (
        Option(
            "deck",
            "Deck",
            (("red", "Red (FOFL) preset"), ("blue", "Blue (ANFOFL) preset")),
            ("red", "blue"),
            help="One player plays Red (FOFL), the other Blue (ANFOFL). Red moves first.",
            per_seat=True,
        ),
        Option(
            "websites",
            "Own Websites",
            (("drawn", "Drawn and played like other cards"), ("setup", "Both start in play")),
            "drawn",
            help="FOFL and ANFOFL come from the draw pile and are played from hand (ruling 1), "
            "or start in play. While yours is not in play it cannot be destroyed.",
        ),
    )

    # ------------------------------------------------------------------ setup
    @classmethod
    def validate_setup(cls, setup: Setup) -> None:
        """Besides the usual checks, two preset decks of the same side are refused at once
        (other decks are checked against the card file when the game starts)."""
        super().validate_setup(setup)
        decks = setup.options.get("deck")
        if decks is not None:
            sides = [d.side if isinstance(d, CustomDeck) else PRESET_SIDES.get(d) for d in decks]
            if None not in sides and sorted(sides) != ["blue", "red"]:
                raise SetupError("FOFL vs ANFOFL needs one Red deck and one Blue deck")

    def start(self) -> None:
        """Ruling 1: both shuffle and draw five, Red goes first; each own Website is drawn and
        played like any card (option ``websites`` = ``drawn``, the default) or starts in play
        (``setup``). Raises ``SetupError`` unless one deck is Red and the other Blue. Each
        deck's own rules are checked once, before this: a player's own deck by
        ``validate_decks`` (``Game.__init__``), a preset when the card file is loaded
        (``check_cardset``)."""
        sides = []
        for seat, chosen in enumerate(self.option("deck")):
            if not isinstance(chosen, CustomDeck) and chosen not in self.cardset.decks:
                raise SetupError(f"there is no deck '{chosen}' for {self.players[seat]}")
            sides.append(self.seat_deck(seat).side)  # a preset or the player's own deck
        if sorted(s or "" for s in sides) != ["blue", "red"]:
            raise SetupError("FOFL vs ANFOFL needs one Red deck and one Blue deck")
        biggest = max(sum(dict(self.seat_deck(seat).cards).values()) for seat in range(2))
        self.turn_limit = max(TURN_LIMIT, 4 * biggest + 2 * COUNTDOWN)  # ruling 23
        self.facts = self.cardset.derived("fofl", card_facts)  # card id -> CardFacts, read-only
        self.sides: list[str] = sides
        self._cards: dict[int, Card] = {}
        self._loc: dict[int, str] = {}
        self.owner: dict[int, int] = {}
        self.turn = 0
        self.active = 0
        self.used: set[int] = set()
        self.entered: dict[int, int] = {}
        self.damage: dict[int, int] = {}
        self.align: dict[int, str] = {}
        self.attached: dict[int, int] = {}
        self.pilot_of: dict[int, int] = {}
        self.listed: list[int] = []
        self.order: dict[int, int] = {}
        self.counter = 0
        self.boosts: list[dict] = []
        self.guards: dict[int, int] = {}
        self.proxies: dict[int, int] = {}
        self.dos: dict[int, dict] = {}
        self.wiped: list[dict] = []
        self.played_ids: set[str] = set()
        self.plays: list[str] = []
        self.returned: list[str] = []
        self.lost: set[int] = set()
        self.end_reason = ""
        self.result: dict | None = None
        self.countdown: int | None = None
        self.choices = Choices()  # the pending choices: the turn, a move being planned, effects resolving
        self.committed = 0  # moves committed so far: plays, uses, attacks, returns and turn ends
        self.last = ""
        self.had_people = [False, False]
        for seat, name in enumerate(self.players):
            self.add_zone(f"draw:{seat}", owner=seat, kind="pile", enter="down", label=f"{name}'s draw pile")
            self.add_zone(f"hand:{seat}", owner=seat, kind="hand", enter="owner", label=f"{name}'s hand")
            self.add_zone(f"discard:{seat}", owner=seat, kind="pile", enter="up", label=f"{name}'s discard pile")
            for part, label in (("sites", "Websites"), ("places", "Locations"), ("people", "People"), ("crew", "Pilots"),
                                ("craft", "Spacecraft"), ("items", "Items"), ("soft", "Software"), ("lasting", "Lasting Actions")):
                self.add_zone(f"{part}:{seat}", owner=seat, kind="row", enter="up", label=f"{name}'s {label}")  # "Ann's Websites": the side is Ann's already
        self.frail = any(f.toughness is not None and f.toughness <= 0 for f in self.facts.values())
        # frail: some card of the set would have no toughness even undamaged (see ``settle``)
        # rows: part -> the card lists of its two zones, seat 0 then seat 1 (the zones' own
        # lists, for reading only: cards move with ``put``)
        self.rows = {part: tuple(self.zones[f"{part}:{seat}"].cards for seat in range(2)) for part in AREAS + ("hand", "draw", "discard")}
        red = self.sides.index("red")
        order = (red, 1 - red)
        for seat in order:
            for card in self.make_cards(self.seat_deck_list(seat)):
                self._cards[card.uid] = card
                self.owner[card.uid] = seat
                self.put(card, f"draw:{seat}")
            home = next(c for c in self.zones[f"draw:{seat}"] if c.defn.id == HOME[self.sides[seat]])
            if self.option("websites") == "setup":
                self.enter_play(home, seat)
                self.log.add(f"{self.players[seat]} plays {SIDE_NAMES[self.sides[seat]]}: {home.defn.name} starts in play.")
            else:
                self.log.add(f"{self.players[seat]} plays {SIDE_NAMES[self.sides[seat]]}: {home.defn.name} is in the deck, to be drawn and played.")
        for seat in order:
            self.shuffle_pile(seat)
        for seat in order:
            self.draw_cards(seat, HAND_SIZE)
            self.log.add(f"{self.players[seat]} draws {HAND_SIZE} cards.")
        self._begin_turn(red)
        self._run()

    # ------------------------------------------------------------------ turns
    def _begin_turn(self, seat: int) -> None:
        """Ruling 1 and 2: your cards are ready again, lasting effects run out, you draw."""
        self.active = seat
        self.turn += 1
        self.used = {u for u in self.used if self.controller(self.card(u)) != seat}
        self.plays, self.returned, self.wiped = [], [], []
        self.boosts = [b for b in self.boosts if b["turn"] >= self.turn]
        for dos_uid, info in list(self.dos.items()):
            if info["until"] < self.turn:
                dos = self.card(dos_uid)
                self.log.add(f"{dos.defn.name} runs out: {self.card(info['site']).defn.name} works again.")
                self.remove(dos, "discard", reason="expired")
        name = self.players[seat]
        if self.countdown is None and not self.zones["draw:0"] and not self.zones["draw:1"]:
            self.countdown = COUNTDOWN
            self.log.add(f"Both draw piles are empty: the war ends after {COUNTDOWN} more turns (ruling 23).")
        drawn = self.draw_cards(seat, 1)
        self.log.add(f"Turn {self.turn}: {name} ({self.sides[seat].capitalize()}) " + ("draws a card." if drawn else "has no card to draw."))
        self.choices.push("turn", seat=seat)
        self.settle()

    def _end_turn(self) -> None:
        self.committed += 1
        self.choices.clear()  # the turn's own entry
        seat = self.active
        self.log.add(f"{self.players[seat]} ends the turn.")
        if self.countdown is not None:
            self.countdown -= 1
            if self.countdown <= 0:
                self._conclude_by_countdown()
                return
        if self.turn >= self.turn_limit:
            self.end_reason = f"no end after {self.turn_limit} turns (ruling 23)"
            self._set_result({0, 1})
            return
        self._begin_turn(1 - seat)

    def _conclude_by_countdown(self) -> None:
        """Ruling 23: the own Website with more toughness left wins; equal is a draw."""
        left = self.home_toughness()
        if left[0] == left[1]:
            winners = {0, 1}
        else:
            winners = {0 if left[0] > left[1] else 1}
        self.end_reason = "the war of attrition ran out of cards and turns"
        self._set_result(winners)

    def home_toughness(self) -> tuple[int, int]:
        """Toughness left on each seat's own Website (0 when destroyed or not in play: ruling 23)."""
        out = []
        for seat in range(2):
            home = next((c for c in self.zones[f"sites:{seat}"] if c.defn.id == HOME[self.sides[seat]]), None)
            out.append(self.toughness(home) if home is not None else 0)
        return tuple(out)

    def home_words(self) -> tuple[str, str]:
        """Each seat's own Website at the end, in the rulebook's words (ruling 23 scores it):
        ``"ANFOFL: 9 of 12 toughness left"``, ``"FOFL: 0 toughness left — destroyed"``, or
        ``"FOFL: never played (counts 0)"`` when it is still in the hand or draw pile."""
        out = []
        for seat in range(2):
            home_id = HOME[self.sides[seat]]
            defn = self.cardset.by_id.get(home_id)
            name = defn.name if defn is not None else home_id.upper()
            home = next((c for c in self.zones[f"sites:{seat}"] if c.defn.id == home_id), None)
            if home is not None:
                out.append(f"{name}: {self.toughness(home)} of {self.max_toughness(home)} toughness left")
            elif any(c.defn.id == home_id for c in self.zones[f"discard:{seat}"]):
                out.append(f"{name}: 0 toughness left — destroyed")
            else:
                out.append(f"{name}: never played (counts 0)")
        return out[0], out[1]

    def _set_result(self, winners: set[int]) -> None:
        self.result = {"winners": sorted(winners), "reason": self.end_reason}
        self.choices.clear()
        if len(winners) == 2:
            self.log.add(f"The game is a draw: {self.end_reason}.")
        else:
            (w,) = winners
            self.log.add(f"{self.players[w]} ({self.sides[w].capitalize()}) wins: {self.end_reason}.")

    # ------------------------------------------------------------------ the pending choices
    def _run(self) -> None:
        """Resolve automatic entries (effects, attacks) until someone must decide or the game
        is over (a side that lost ends it: ruling 4)."""
        self.choices.resolve(self, KINDS, stop=lambda: bool(self.lost))
        if self.lost and self.result is None:
            self._set_result({0, 1} - self.lost or {0, 1})

    def _decide(self) -> Decision | None:
        if self.result is not None:
            return None
        return self.choices.decision(self, KINDS)

    def invalidate(self) -> None:
        """Forget the cached decision and the decisions kept for Back (the state was changed
        outside ``act``)."""
        super().invalidate()
        self.choices.forget()

    def _apply(self, action: Action) -> None:
        planning = self.choices.top.kind in PLANNING
        committed = self.committed
        self.choices.answer(self, KINDS, action)
        if planning and self.committed == committed:
            return  # only moved between the planning menus: the table is as it was
        self.settle()
        self._run()
        self.choices.forget()  # the table changed: what the menus found on it is out of date

    def commit_move(self) -> None:
        """The move being planned is made (a play, a use, an attack, a return): its planning
        entries go (the turn's stays) and the decisions kept for Back are dropped, since the
        table is about to change."""
        self.committed += 1
        self.choices.unwind(1)
        self.choices.forget()

    # ------------------------------------------------------------------ the turn menu
    def _decide_turn(self, entry: Pending) -> Decision:
        seat = self.active
        actions = []
        room, playable, unplayable = self._hand_now(seat)
        if playable:
            actions.append(Action("menu", (("menu", "play"),), f"Play a card ({len(playable)} playable)"))
        attackers = self._attackers_now(seat)
        if attackers:
            actions.append(Action("menu", (("menu", "attack"),), f"Attack ({len(attackers)} ready)"))
        usable = self._usable_now(seat)
        if usable:
            actions.append(Action("menu", (("menu", "use"),), f"Use an ability ({len(usable)} ready)"))
        if self.returnable(seat):
            actions.append(RETURN_MENU)
        actions.append(END_TURN)
        name = self.players[seat]
        # nothing playable: say why for each card, since "Play a card" is not offered
        unplayable = () if playable else unplayable
        prompt = lambda: f"{name}, your turn ({self.plays_text(seat, room)}). What next?"  # noqa: E731  (read from this room only)
        return Decision((seat,), prompt, tuple(actions), private=True, kind="turn", unplayable=unplayable)

    # What the turn menu counts, the menu it opens lists: worked out once while the move is
    # planned (the table does not change until it is committed; ``Choices.fact``).
    def _hand_now(self, seat: int) -> tuple["_Room", list[tuple[int, Card]], tuple[tuple[str, str], ...]]:
        """``(room, playable, unplayable)`` of ``seat``'s hand (``_room``, ``sort_hand``)."""
        return self.choices.fact(("hand", seat), lambda: (room := self._room(seat), *self.sort_hand(seat, room)))

    def _attackers_now(self, seat: int) -> list[Card]:
        """``attackers(seat)``, kept while the move is planned."""
        return self.choices.fact(("attackers", seat), lambda: self.attackers(seat))

    def _usable_now(self, seat: int) -> list[tuple[Card, int]]:
        """``usable(seat)``, kept while the move is planned."""
        return self.choices.fact(("usable", seat), lambda: self.usable(seat))

    def _choose_turn(self, entry: Pending, action: Action) -> None:
        if action.type == "end":
            self._end_turn()
        else:
            self.choices.push("menu", seat=self.active, menu=action["menu"])

    def plays_text(self, seat: int, room: "_Room | None" = None) -> str:
        """How many plays of non-Action cards are left (ruling 2; Actions are unlimited), e.g.
        ``"1 play left"`` or ``"0 plays left + 1 Software"`` (an Adobe extra still unused).
        ``room`` is ``_room(seat)`` when the caller has it already: the text then reads only
        that room and the card designs, so a decision may build it later (a lazy prompt)."""
        room = room or self._room(seat)
        played, extras = room.played, room.extras
        if not extras:  # the common case: only the two plays of ruling 2
            left = max(0, PLAYS_PER_TURN - len(played))
            return f"{left} play{'s' if left != 1 else ''} left"
        left = next((n for n in range(PLAYS_PER_TURN, 0, -1) if self._fits(played + [None] * n, extras)), 0)
        text = f"{left} play{'s' if left != 1 else ''} left"
        spare = []
        for sel in extras:
            example = next((f.defn for f in self.facts.values() if printed_fits(sel, f, SEARCH_KEYS)), None)
            if example is not None and self._fits(played + [None] * left + [example] * (spare.count(self._extra_label(sel)) + 1), extras):
                spare.append(self._extra_label(sel))
        if spare:
            text += " " + " ".join(spare)
        return text

    @staticmethod
    def _extra_label(sel: Mapping[str, Any]) -> str:
        if "tag" in sel:
            return f"+1 {sel['tag'].capitalize()}"
        return f"+1 {str(sel.get('kind', 'card')).capitalize()}"

    def _decide_menu(self, entry: Pending) -> Decision:
        """The menu the turn opened (``play``, ``attack``, ``use`` or ``return``), with Back."""
        seat, menu = entry["seat"], entry["menu"]
        name = self.players[seat]
        actions: list[Action] = []
        unplayable: tuple[tuple[str, str], ...] = ()
        if menu == "play":
            room, playable, unplayable = self._hand_now(seat)
            for index, card in playable:
                actions.append(Action("play", (("card", index),), self.facts[card.defn.id].play_label))
            in_hand = len(self.rows["hand"][seat])
            prompt = lambda: f"{name}: play which card? ({self.plays_text(seat, room)}; {in_hand} in hand)"  # noqa: E731
        elif menu == "attack":
            actions = self.card_choices("attacker", self._attackers_now(seat), owners=False)
            prompt = f"{name}: attack with whom?"
        elif menu == "use":
            usable = self._usable_now(seat)
            for card, k in usable:
                actions.append(Action.of("use", f"{card.defn.name}: {self.ability_brief(card, k)}", ability=k, **self.ref(card)))
            card_keys = self.choice_keys([card for card, _ in usable])
            actions = grouped(actions, [(key, k) for key, (_, k) in zip(card_keys, usable)])
            prompt = f"{name}: use which ability? (each card acts once per turn)"
        else:
            for ship in self.returnable(seat):
                pilots = ", ".join(self.card(p).defn.name for p in self.pilots_of(ship))
                actions.append(Action.of("return", f"{ship.defn.name} with {pilots}", **self.ref(ship)))
            prompt = f"{name}: return which Spacecraft (its pilots go back to hand too)?"
        actions = unique_labels(actions)
        actions.append(BACK)
        return Decision((seat,), prompt, tuple(actions), private=True, kind="menu", unplayable=unplayable)

    kind_text = staticmethod(kind_text)

    def _choose_menu(self, entry: Pending, action: Action) -> None:
        seat = entry["seat"]
        if action.type == "play":
            self._start_play(seat, action["card"])
        elif action.type == "attacker":
            self.choices.push("attack_with", seat=seat, att=self.deref(action).uid)
        elif action.type == "use":
            self._start_use(seat, self.deref(action), action["ability"])
        elif action.type == "return":
            self._return_ship(seat, self.deref(action))

    def _decide_attack_with(self, entry: Pending) -> Decision:
        att = self.card(entry["att"])
        actions = self.card_choices("attack", self.attack_targets(att))
        actions.append(BACK)
        power = self.power(att)
        return Decision((entry["seat"],), f"{self.players[entry['seat']]}: {att.defn.name} ({power} power) attacks what?", tuple(actions), private=True, kind="attack_with")

    def _choose_attack_with(self, entry: Pending, action: Action) -> None:
        self.start_attack(self.card(entry["att"]), self.deref(action))

    # ------------------------------------------------------------------ references in actions
    def ref(self, card: Card) -> dict[str, Any]:
        """How an action names a card in play: its zone and position (never its uid)."""
        zone = self.zone_of(card)
        return {"zone": zone, "index": self.zones[zone].cards.index(card)}

    def deref(self, action: Action) -> Card:
        return self.zones[action["zone"]].cards[action["index"]]

    # ------------------------------------------------------------------ playing cards
    def playable(self, seat: int) -> list[tuple[int, Card]]:
        """``(hand position, card)`` for each playable card of the hand, one per card name."""
        return self.sort_hand(seat, self._room(seat))[0]

    def unplayable(self, seat: int) -> tuple[tuple[str, str], ...]:
        """``(card name, reason)`` for each card of ``seat``'s hand that cannot be played now
        (one per card name), for ``Decision.unplayable``: the reasons of ``play_problem``,
        which read only the table and ``seat``'s own hand."""
        return self.sort_hand(seat, self._room(seat))[1]

    def sort_hand(self, seat: int, room: "_Room") -> tuple[list[tuple[int, Card]], tuple[tuple[str, str], ...]]:
        """``(playable, unplayable)`` of ``seat``'s hand in one pass, each card name once,
        checked against ``room`` (``_room(seat)``)."""
        playable, unplayable, seen = [], [], set()
        for index, card in enumerate(self.rows["hand"][seat]):
            if card.defn.id in seen:
                continue
            seen.add(card.defn.id)
            problem = self._play_problem(seat, card, room)
            if problem is None:
                playable.append((index, card))
            else:
                unplayable.append((card.defn.name, problem))
        return playable, tuple(unplayable)

    def play_problem(self, seat: int, card: Card) -> str | None:
        """Why ``seat`` cannot play ``card`` from hand now (``None`` when it can): rulings 2,
        6, 17 and the card's ``requires``."""
        return self._play_problem(seat, card, self._room(seat))

    def _room(self, seat: int) -> "_Room":
        """What every card of ``seat``'s hand is checked against (see ``_Room``)."""
        # one pass over the Software in play gives both ``_extras`` and ``software_locked``
        extras, locked = [], False
        for card, static in self._static_cards("soft"):
            mine = self.controller(card) == seat
            if mine and static.get("extra_play") is not None:
                extras.append(static["extra_play"])
            elif not mine and static.get("lock") is not None:
                locked = True
        played = [self.cardset[cid] for cid in self.plays]
        fits = len(played) < PLAYS_PER_TURN or self._fits(played + [None], extras)
        return _Room(played, extras, fits, locked, self.space())

    def _play_problem(self, seat: int, card: Card, room: "_Room") -> str | None:
        """``play_problem`` with the ``_room`` of ``seat`` (the same for the whole hand)."""
        defn = card.defn
        card_facts = self.facts[card.defn.id]
        kind = card_facts.kind
        if (card_facts.tags or kind == "website") and self.negated(card):  # nothing else can be stopped
            return "Antivirus stops it"
        if card_facts.requires:
            problem = self._requires_problem(seat, card_facts.requires)
            if problem is not None:
                return problem
        if kind != "action":
            if not room.any_card_fits and not (room.extras and self._fits(room.played + [defn], room.extras)):
                return "no plays of non-Action cards are left this turn"
            if kind == "software" and room.locked:
                return "your opponent's Reproducer stops you playing Software"
            if kind == "spacecraft":
                if not room.space:
                    return "Spacecraft need Outer Space in play"
                if not self._crew_can_finish(defn, [], self.rows["people"][seat]):
                    return "you have not enough People to crew it"
        if card_facts.play:
            aim = card_facts.play_aim
            if aim is not None and not self.any_target(aim[1], seat, card, aim[0]):
                return "it has nothing to aim at"
            if card_facts.play_target is None and kind == "action" and not any(self.step_ready(step, seat, card) for step in card_facts.play):
                return "it would do nothing now"
        return None

    def _requires_problem(self, seat: int, req: Mapping[str, Any]) -> str | None:
        """The first unmet ``requires`` condition of a card (vocabulary), or ``None``."""
        if req.get("hacker_ally") and not any(c.defn.get("hacker") and self.colour(c) == self.sides[seat] for c in self.zones[f"people:{seat}"]):
            return "you need a Person of your colour who is able to hack"
        if "in_play" in req and not any(c.defn.id == req["in_play"] for c in self.play_cards(PLAY_PARTS)):
            return f"{self.cardset[req['in_play']].name} must be in play"
        if "not_played" in req and req["not_played"] in self.played_ids:
            return f"{self.cardset[req['not_played']].name} has been played"
        if "wiped" in req and self.wiped_card(seat, req["wiped"]) is None:
            return f"you must first use a Mind Wipe Gun on {self.cardset[req['wiped']].name} this turn"
        return None

    def software_locked(self, seat: int) -> bool:
        """A Reproducer of the opponent stops ``seat`` playing Software (seed, Reproducer)."""
        return any(self.controller(c) != seat for c, _ in self.statics("lock", ("soft",)))

    def _extras(self, seat: int) -> list[Mapping[str, Any]]:
        """Extra plays granted by ``seat``'s Software (Adobe cards, FMSLogo)."""
        return [sel for card, sel in self.statics("extra_play", ("soft",)) if self.controller(card) == seat]

    def _fits(self, defs: list[CardDef | None], extras: list[Mapping[str, Any]]) -> bool:
        """Whether the played cards fit the two plays plus the extras (``None``: any card)."""
        if len(defs) <= PLAYS_PER_TURN or not extras:  # each card can take one of the two plays
            return len(defs) <= PLAYS_PER_TURN

        def fit(i: int, general: int, left: list[Mapping[str, Any]]) -> bool:
            if i == len(defs):
                return True
            if general and fit(i + 1, general - 1, left):
                return True
            for j, sel in enumerate(left):
                if defs[i] is not None and self.find_matches(sel, defs[i]) and fit(i + 1, general, left[:j] + left[j + 1 :]):
                    return True
            return False

        return fit(0, PLAYS_PER_TURN, list(extras))

    def _start_play(self, seat: int, index: int) -> None:
        card = self.zones[f"hand:{seat}"].cards[index]
        if card.defn.kind == "spacecraft":
            self.choices.push("crew", seat=seat, mode="play", hand=index, picked=[])
            return
        self._prepare({"seat": seat, "mode": "play", "hand": index}, self.effect(card).get("play"))

    def _source(self, intent: dict) -> Card:
        """The card an intent (a play or a use being prepared) is about."""
        if intent["mode"] == "play":
            return self.zones[f"hand:{intent['seat']}"].cards[intent["hand"]]
        return self.card(intent["card"])

    def _prepare(self, intent: dict, steps: Any) -> None:
        """Before a card is committed, its first choices are made with a Back option: which
        alternative (``choose``) and what the first step aims at (kinds ``alternative``,
        ``aim``). Then the play or use is committed with those choices."""
        seat, src = intent["seat"], self._source(intent)
        if steps:
            op, args = step_op(steps[0])
            if op == "choose":
                self.choices.push("alternative", **intent, alts=args)
                return
            first = self.first_target(steps)
            if first is not None and self.any_target(first[1]["target"], seat, src, first[0]):
                self.choices.push("aim", **intent, steps=steps, sel=first[1]["target"], opname=first[0], up_to=first[1].get("up_to", 1), picked=[])
                return
        self._commit(intent, steps, None)

    def _commit(self, intent: dict, steps: Any, aimed: list[int] | None) -> None:
        if intent["mode"] == "play":
            self._commit_play(intent["seat"], intent["hand"], aimed, steps=steps)
        else:
            self._commit_use(intent["seat"], self.card(intent["card"]), intent["ability"], aimed, steps=steps)

    def _commit_play(self, seat: int, index: int, aimed: list[int] | None, crew: list[int] | None = None, steps: Any = None) -> None:
        self.commit_move()
        card = self.zones[f"hand:{seat}"].cards[index]
        defn = card.defn
        name = self.players[seat]
        if defn.kind == "action":
            self.put(card, f"discard:{self.owner[card.uid]}", up=True)
            self.played_ids.add(defn.id)
        else:
            self.plays.append(defn.id)
            self.enter_play(card, seat)
        self.log.add(f"{name} plays {defn.name}.", cards=[card])
        self.last = f"{name} played {defn.name}"
        for uid in crew or ():
            self.board_pilot(self.card(uid), card)
        if crew:
            self.log.add(f"{defn.name} is crewed by {', '.join(self.card(u).defn.name for u in crew)}.")
        steps = steps if steps is not None else self.effect(card).get("play")
        if steps:
            self.run_steps(seat, card, steps, aimed)

    # ------------------------------------------------------------------ aiming (before a card is committed)
    def _aim_candidates(self, entry: Pending) -> list[Card]:
        src = self._source(entry)
        return [c for c in self.targets(entry["sel"], entry["seat"], src, entry["opname"]) if c.uid not in entry["picked"]]

    def _decide_aim(self, entry: Pending) -> Decision:
        seat, src = entry["seat"], self._source(entry)
        actions = self.card_choices("target", self._aim_candidates(entry))
        if entry["picked"]:
            actions.insert(0, Action.of("done", "Done").with_role("done"))
        actions.append(BACK)
        prompt = self._target_prompt({**entry, "src": None, "need": None}).replace("the card", src.defn.name)
        return Decision((seat,), prompt, tuple(actions), private=True, kind="aim")

    def _choose_aim(self, entry: Pending, action: Action) -> None:
        if action.type == "target":
            entry["picked"].append(self.deref(action).uid)
            if len(entry["picked"]) < entry["up_to"] and self._aim_candidates(entry):
                return
        self._commit(entry, entry["steps"], entry["picked"])

    def _decide_alternative(self, entry: Pending) -> Decision:
        seat, src = entry["seat"], self._source(entry)
        actions = [Action.of("alt", alt["brief"], alt=k) for k, alt in enumerate(entry["alts"]) if self.step_ready(alt["do"][0], seat, src)]
        actions.append(BACK)
        return Decision((seat,), f"{self.players[seat]}: what should {src.defn.name} do?", tuple(actions), private=True, kind="alternative")

    def _choose_alternative(self, entry: Pending, action: Action) -> None:
        self.choices.pop()  # Back from what follows returns to the menu
        intent = {k: entry[k] for k in ("seat", "mode", "hand", "card", "ability") if k in entry}
        self._prepare(intent, entry["alts"][action["alt"]]["do"])

    # ------------------------------------------------------------------ crewing a Spacecraft
    def _crew_can_finish(self, ship: CardDef, picked: list[Card], pool: list[Card]) -> bool:
        """Whether ``picked`` plus some of ``pool`` can make a legal crew for ``ship``."""
        if ship.get("craft") == "flagship":
            sizes = range(2, 6)
        else:
            sizes = ((ship.get("effect") or {}).get("static") or {}).get("crew") or (1,)
        need = ship.get("craft") == "flagship" and not any(self.colour(c) == ship.colour and c.defn.get("unique") for c in picked)
        for size in sizes:
            if not len(picked) <= size <= len(picked) + len(pool):
                continue
            if need and (size == len(picked) or not any(self.colour(c) == ship.colour and c.defn.get("unique") for c in pool)):
                continue
            return True
        return False

    def _crew_options(self, entry: Pending) -> list[Card]:
        seat = entry["seat"]
        ship = self.zones[f"hand:{seat}"].cards[entry["hand"]].defn
        picked = [self.card(u) for u in entry["picked"]]
        pool = [c for c in self.zones[f"people:{seat}"] if c.uid not in entry["picked"]]
        return [c for c in pool if self._crew_can_finish(ship, picked + [c], [p for p in pool if p is not c])]

    def _decide_crew(self, entry: Pending) -> Decision:
        seat = entry["seat"]
        ship = self.zones[f"hand:{seat}"].cards[entry["hand"]].defn
        picked = [self.card(u) for u in entry["picked"]]
        actions = [Action.of("pilot", f"{stat_label(self, c)}", **self.ref(c)) for c in self._crew_options(entry)]
        actions = unique_labels(actions)
        if self.crew_valid(ship, picked):
            actions.insert(0, Action.of("done", f"Done: launch {ship.name}").with_role("done"))
        actions.append(BACK)
        rule = "2–5 pilots, one of them a Unique " + ship.colour.capitalize() + " Person" if ship.get("craft") == "flagship" else "pilots: " + " or ".join(str(n) for n in (((ship.get("effect") or {}).get("static") or {}).get("crew") or (1,)))
        so_far = ", ".join(c.defn.name for c in picked) or "none yet"
        return Decision((seat,), f"{self.players[seat]}: crew {ship.name} ({rule}). Pilots: {so_far}.", tuple(actions), private=True, kind="crew")

    def _choose_crew(self, entry: Pending, action: Action) -> None:
        seat = entry["seat"]
        ship = self.zones[f"hand:{seat}"].cards[entry["hand"]].defn
        if action.type == "pilot":
            entry["picked"].append(self.deref(action).uid)
            picked = [self.card(u) for u in entry["picked"]]
            if self._crew_options(entry) or not self.crew_valid(ship, picked):
                return
        self._commit_play(seat, entry["hand"], None, crew=list(entry["picked"]))

    # ------------------------------------------------------------------ abilities
    def abilities(self, card: Card) -> list[Mapping[str, Any]]:
        """A card's abilities: its own ``actions`` and, for a Person, those its Items grant."""
        out = list(self.facts[card.defn.id].actions)
        if card.defn.kind == "person" and self.attached:
            for item in self.items_on(card):
                out += list((self.effect(item).get("bearer") or {}).get("grants") or ())
        return out

    def ability_brief(self, card: Card, k: int) -> str:
        ability = self.abilities(card)[k]
        if ability.get("brief"):
            return ability["brief"]
        brief = card.defn.get("brief") or ""
        return brief.split("Action: ", 1)[-1]

    def usable(self, seat: int) -> list[tuple[Card, int]]:
        """``(card, ability index)`` that ``seat`` can use now (ruling 2: once per card per turn;
        pilots cannot; Spacecraft only with Outer Space)."""
        out = []
        for part in ("people", "sites", "soft", "items", "craft"):
            for card in self.rows[part][seat]:
                if not self.facts[card.defn.id].actions and not (part == "people" and self.attached):
                    continue  # no ability of its own and no Item to grant one
                if card.uid in self.used or self.negated(card) or (part == "craft" and not self.space()):
                    continue
                for k, ability in enumerate(self.abilities(card)):
                    if self.step_ready(ability["do"][0], seat, card):
                        out.append((card, k))
        return out

    def _start_use(self, seat: int, card: Card, k: int) -> None:
        self._prepare({"seat": seat, "mode": "use", "card": card.uid, "ability": k}, self.abilities(card)[k]["do"])

    def _commit_use(self, seat: int, card: Card, k: int, aimed: list[int] | None, steps: Any = None) -> None:
        self.commit_move()
        self.mark_used(card)
        self.log.add(f"{self.players[seat]} uses {card.defn.name}: {self.ability_brief(card, k).rstrip('.')}.")
        self.last = f"{self.players[seat]} used {card.defn.name}"
        self.run_steps(seat, card, steps if steps is not None else self.abilities(card)[k]["do"], aimed)

    # ------------------------------------------------------------------ returning Spacecraft
    def returnable(self, seat: int) -> list[Card]:
        """Ruling 17: each turn, one Flagship or up to three Light Spacecraft."""
        if "flagship" in self.returned or len(self.returned) >= 3:
            return []
        return [s for s in self.zones[f"craft:{seat}"] if s.defn.get("craft") != "flagship" or not self.returned]

    def _return_ship(self, seat: int, ship: Card) -> None:
        self.commit_move()
        self.returned.append(ship.defn.get("craft"))
        pilots = ", ".join(self.card(p).defn.name for p in self.pilots_of(ship))
        self.log.add(f"{self.players[seat]} returns {ship.defn.name} and its pilots ({pilots}) to hand.")
        self.remove(ship, "hand", reason="returned")

    # ------------------------------------------------------------------ views and result
    def public_info(self, seat: int | None) -> dict[str, Any]:
        """The same for every seat: only cards in play and public facts (see the module
        docstring for the keys)."""
        active = self.active
        ready = {card.uid for card, _ in self.usable(active)} if self.result is None else set()
        attackers = {card.uid for card in self.attackers(active)} if self.result is None else set()
        cards: dict[str, list[dict[str, Any]]] = {}
        for s in range(2):
            for part in AREAS:
                zone = f"{part}:{s}"
                cards[zone] = [self._status(c, part, s == active, ready, attackers) for c in self.zones[zone]]
        return {
            "sides": list(self.sides),
            "turn": self.turn,
            "active": active,
            "plays": self.plays_text(active) if self.result is None else "",
            "space": self.space(),
            "countdown": self.countdown,
            "turn_limit": self.turn_limit,
            "homes": [any(c.defn.id == HOME[self.sides[s]] for c in self.rows["sites"][s]) for s in range(2)],
            "locations": [c.defn.name for c in reversed(self._places_latest_first())],
            "list": [self.card(u).defn.name for u in self.listed],
            "order66": "order-66" in self.played_ids,
            "last": self.last,
            "result": self._result_text(),
            "cards": cards,
        }

    def _status(self, card: Card, part: str, mine: bool, ready: set[int], attackers: set[int]) -> dict[str, Any]:
        """What the screen shows about one card in play (public: every card in play is)."""
        defn = card.defn
        fights = defn.get("power") is not None
        has_toughness = defn.get("toughness") is not None
        colour = self.colour(card)
        uid = card.uid
        guarded = self.proxies.get(uid, next((site for site, admin in self.guards.items() if admin == uid), None))
        return {
            "power": self.power(card) if fights else None,
            "toughness": self.toughness(card) if has_toughness else None,
            "max": self.max_toughness(card) if has_toughness else None,
            "colour": colour,
            "changed": colour != defn.colour,
            "used": card.uid in self.used,
            "new": self.entered.get(card.uid, -1) == self.turn,
            "attack": mine and card.uid in attackers,
            "ability": mine and card.uid in ready,
            "block": part == "people" and self.can_block(card),
            "bearer": self._place_of(self.attached.get(card.uid)),
            "ship": self._place_of(self.pilot_of.get(card.uid)),
            "guards": self.card(guarded).defn.name if guarded is not None else None,
            "off": self._off_reason(card),
            "placed": self._placed(card) if part == "places" else None,
            "note": self._note(card),
        }

    def _off_reason(self, card: Card) -> str | None:
        """What switched ``card`` off (``"Antivirus"``, ``"DoS attack"``), or ``None`` (ruling 21, 24)."""
        if not self.negated(card):
            return None
        if card.defn.kind == "website" and any(info["site"] == card.uid for info in self.dos.values()):
            return "DoS attack"
        return "Antivirus"

    def _placed(self, card: Card) -> int:
        """A Location's place in the order Locations in play were played, 1 = the earliest
        (ruling 5: the latest applies first)."""
        return len(self._places_latest_first()) - self._places_latest_first().index(card)

    def _place_of(self, uid: int | None) -> list[Any] | None:
        """``[zone, index]`` of a card in play (how views point at cards), or ``None``."""
        if uid is None:
            return None
        ref = self.ref(self.card(uid))
        return [ref["zone"], ref["index"]]

    def _note(self, card: Card) -> str:
        """A short public note: what an Item is on, who pilots what, protections, the List."""
        notes = []
        uid = card.uid
        if uid in self.attached:
            notes.append(f"on {self.card(self.attached[uid]).defn.name}")
        if uid in self.pilot_of:
            notes.append(f"pilots {self.card(self.pilot_of[uid]).defn.name}")
        pilots = self.pilots_of(card)
        if pilots:
            notes.append("crew: " + ", ".join(self.card(p).defn.name for p in pilots))
        if uid in self.guards:
            notes.append("System Admin guards it")
        for site, admin in self.guards.items():
            if admin == uid:
                notes.append(f"guards {self.card(site).defn.name}")
        if uid in self.proxies:
            notes.append(f"guards {self.card(self.proxies[uid]).defn.name}")
        if uid in self.dos:
            info = self.dos[uid]
            notes.append(f"on {self.card(info['site']).defn.name}, {info['until'] - self.turn + 1} turn(s) left")
        off = self._off_reason(card) if self.in_play(card) else None
        if off:
            notes.append(f"switched off by {off}")
        if uid in self.listed:
            notes.append("on the List")
        return "; ".join(notes)

    def _result_text(self) -> str | None:
        if self.result is None:
            return None
        winners = self.result["winners"]
        if len(winners) == 2:
            return f"A draw: {self.result['reason']}."
        return f"{self.players[winners[0]]} ({self.sides[winners[0]].capitalize()}) wins: {self.result['reason']}."

    def outcome(self) -> Outcome | None:
        """Winner(s), and as scores the toughness left on each own Website."""
        if self.result is None:
            return None
        return Outcome(
            tuple(self.home_toughness()),
            frozenset(self.result["winners"]),
            self._result_text() or "",
            details=(f"Turns played: {self.turn}.",),
            score_label="Own Website",
            score_notes=self.home_words(),
        )

    @classmethod
    def card_back(cls, defn: CardDef) -> str:
        """Both decks are separate piles, but a face-down card always sits in its owner's hand
        or draw pile, so its back says nothing more than where it lies: one back for all."""
        return "card"

    # ------------------------------------------------------------------ card-file checks
    @classmethod
    def check_card(cls, card: CardDef) -> Iterable[tuple[str | None, str]]:
        """Every card has a colour fitting its kind, ``unique`` matching its type line, the fields
        its kind needs and a valid ``effect`` (vocabulary: ``cardtable.games.fofl.vocab``)."""
        if card.colour is None:
            yield "colour", "every FOFL card needs a colour (red, blue, yellow, grey or green)"
        elif card.kind == "action" and card.colour != "grey":
            yield "colour", "Actions are grey"
        elif card.kind == "location" and card.colour != "green":
            yield "colour", "Locations are green"
        elif card.kind not in ("action", "location") and card.colour not in ("red", "blue", "yellow"):
            yield "colour", f"a {card.kind} is red, blue or yellow"
        if bool(card.get("unique")) != ("Unique" in (card.get("type_line") or "")):
            yield "unique", "must match the type line (\"... - Unique\")"
        yield from check_fields(card)
        for problem in check_effect(card):
            yield "effect", problem

    @classmethod
    def check_cardset(cls, cardset: CardSet) -> Iterable[tuple[str | None, str | None, str]]:
        """Every card an effect names exists; each preset deck (``red``, ``blue``) is legal."""
        for cid, problem in check_references(cardset):
            yield cid, "effect", problem
        for side in SIDES:
            if HOME[side] not in cardset.by_id:
                yield None, None, f"the set needs the card '{HOME[side]}' (the {side} side's own Website)"
        for value, _ in cls.options[0].choices:
            if value not in cardset.decks:
                yield None, None, f"decks: the preset deck '{value}' is missing"
            elif cardset.decks[value].get("side") != PRESET_SIDES[value]:
                yield None, None, f"deck '{value}': its side must be {PRESET_SIDES[value]}"
        for deck_id, deck in cardset.decks.items():
            for problem in cls.deck_rules.problems(cardset, deck.get("side"), deck["cards"]):
                yield None, None, f"deck '{deck_id}': {problem}"


KINDS: dict[str, Kind] = {
    # planning a move (the table does not change until it is committed)
    "turn": Kind(decide=Fofl._decide_turn, choose=Fofl._choose_turn),
    "menu": Kind(decide=Fofl._decide_menu, choose=Fofl._choose_menu, back=True),
    "attack_with": Kind(decide=Fofl._decide_attack_with, choose=Fofl._choose_attack_with, back=True),
    "alternative": Kind(decide=Fofl._decide_alternative, choose=Fofl._choose_alternative, back=True),
    "aim": Kind(decide=Fofl._decide_aim, choose=Fofl._choose_aim, back=True),
    "crew": Kind(decide=Fofl._decide_crew, choose=Fofl._choose_crew, back=True),
    # resolving a committed move
    "steps": Kind(run=Fofl._run_steps),
    "targets": Kind(decide=Fofl._decide_targets, choose=Fofl._choose_targets),
    "search": Kind(decide=Fofl._decide_search, choose=Fofl._choose_search),
    "recover": Kind(decide=Fofl._decide_recover, choose=Fofl._choose_recover),
    "arrange": Kind(decide=Fofl._decide_arrange, choose=Fofl._choose_arrange),
    "choose": Kind(decide=Fofl._decide_choose, choose=Fofl._choose_choose),
    "attack": Kind(run=Fofl._run_attack),
    "defend": Kind(decide=Fofl._decide_defend, choose=Fofl._choose_defend),
    **{name: kind for hook in HOOKS.values() for name, kind in hook.kinds.items()},
}
"""Every kind of entry on FOFL's pending-choice stack (``cardtable.engine.choices``): how it
is decided and answered, or run when automatic."""
