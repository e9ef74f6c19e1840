"""Citadel Combat Cards (1999 third edition): warbands for 2–6 players, four army decks and
the two-player Civil War variant.

Rules: ``cards_data/combat-cards.md`` (our words and table rulings 1–12), from the seed
``001_fa4b0c3ddbe73f5b`` (standard rules for 2+ players, Civil War variant) and issue 4.

Each player brings an army deck (per-seat option ``deck``: a deck id of the card file's
``decks:`` section). Every round the players lay a **warband** face up in turn from the
lead: at least one coloured card, all coloured cards of one colour, and no more white
bonus cards than coloured cards (ruling 3). The highest value wins, then the most cards;
a remaining tie is settled by a tie-break round (ruling 5). The game ends at a draw-up
that cannot refill a hand to five (ruling 8).

Zones (per seat ``s``): ``draw:s`` (face down), ``hand:s`` (seen by its owner), ``warband:s``
(face up: the warband on the table this round) and ``out:s`` (face up: played cards, out
of the game); plus ``set-aside`` (face down, unseen: the Civil War's 35th card).

Decisions: ``warband`` (private, the player whose turn it is; actions ``warband`` with
``cards`` = hand positions, or ``discard`` with ``card`` when the hand holds only bonus
cards) and ``result`` (public, the round's result; action ``next``).

View ``info`` keys: ``armies`` (army name per seat), ``army_ids``, ``variant``, ``round``,
``lead``, ``participants`` (seats in play order this round), ``to_play`` (seat or ``None``),
``wins`` (round wins per seat), ``at_stake`` (rounds this round decides: 1, or more in a
tie-break), ``phase`` (``"play"``/``"result"``/``"over"``), ``warbands`` (per seat ``None`` or
``{"value", "cards", "colour", "discard"}``, from the face-up cards), ``result`` (``None`` or
``{"winner", "tied", "value", "cards", "next_lead", "rounds"}``), ``last`` (a sentence about the
latest result) and ``end_reason``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import partial
from itertools import combinations
from typing import Any

from cardtable.cards import CardDef, CardSet
from cardtable.engine import Action, Card, Decision, DeckRules, Game, Option, Outcome, deal, plural, register

__all__ = [
    "ARMIES",
    "ArmyDecks",
    "BANDS",
    "BONUS",
    "CombatCards",
    "DECK_SIZE",
    "HAND_SIZE",
    "MAX_BONUS",
    "MAX_COPIES",
    "describe",
    "is_bonus",
    "cannot_join",
    "legal_warbands",
    "warband_actions",
    "selection_problem",
    "warband_problem",
    "warband_value",
]

ARMIES: tuple[tuple[str, str], ...] = (
    ("orks", "Orks"),
    ("space-marines", "Space Marines"),
    ("chaos-space-marines", "Chaos Space Marines"),
    ("dark-eldar", "Dark Eldar"),
)
"""The four army decks of the card file: ``(deck id, name)``."""

BONUS = "white"
"""The colour band of bonus cards."""

BANDS = ("red", "orange", "yellow", "green", "blue", "light blue", "light green", "purple", "pink", BONUS)
"""Every colour band, in the order hands are sorted."""

HAND_SIZE = 5
"""Cards in a full hand (rulings 1 and 7)."""

DECK_SIZE = 35
"""Cards in an army deck (seed: "35 cards plus a cover card"; ruling 11)."""

MAX_COPIES = 2
"""Most copies of one card a built deck may hold (ruling 11)."""

MAX_BONUS = 6
"""Most white bonus cards a built deck may hold (ruling 11)."""

CIVIL_WAR_SHARE = 17
"""Cards each player is dealt in the Civil War variant (ruling 2)."""


# --------------------------------------------------------------------------- warband rules


def is_bonus(defn: CardDef) -> bool:
    """Whether a card is a white bonus card (seed: "a white so-called bonus card")."""
    return defn.colour == BONUS


def warband_value(defs: Iterable[CardDef]) -> int:
    """A warband's value: the sum of its cards' points, bonus cards included (ruling 4)."""
    return sum([d.value or 0 for d in defs])


def warband_problem(defs: Sequence[CardDef]) -> str | None:
    """Why ``defs`` is not a legal warband, as one sentence; ``None`` when it is (ruling 3).

    A warband has at least one coloured card, all its coloured cards share one colour, and
    it holds no more white bonus cards than coloured cards.
    """
    if not defs:
        return "Choose at least one card for your warband."
    coloured = [d for d in defs if not is_bonus(d)]
    bonus = len(defs) - len(coloured)
    if not coloured:
        return "A warband needs at least one coloured card: bonus cards cannot fight alone."
    colours = sorted({d.colour or "" for d in coloured}, key=_band_index)
    if len(colours) > 1:
        return f"All coloured cards of a warband must share one colour; you chose {_and(colours)}."
    if bonus > len(coloured):
        return (
            f"A warband may not hold more bonus cards than coloured cards: "
            f"you chose {bonus} white and {len(coloured)} {colours[0]}."
        )
    return None


def selection_problem(hand: Sequence[CardDef], chosen: Collection[int]) -> str | None:
    """Why playing the hand positions ``chosen`` (0-based) is not legal now; ``None`` when it
    is. A hand of only bonus cards must discard exactly one card (ruling 3); otherwise the
    chosen cards must form a legal warband (``warband_problem``). Pure: for screens."""
    if any(not 0 <= i < len(hand) for i in chosen):
        return f"Your hand has {_cards(len(hand))}; choose among positions 1–{len(hand)}."
    if hand and all(is_bonus(d) for d in hand):
        if len(chosen) != 1:
            return "You hold only bonus cards: discard exactly one (it scores zero and cannot win the round)."
        return None
    return warband_problem([hand[i] for i in sorted(chosen)])


def cannot_join(hand: Sequence[CardDef], chosen: Collection[int]) -> dict[int, str]:
    """The hand positions (0-based) not in ``chosen`` that no legal warband holding all of
    ``chosen`` can take, each with the reason (ruling 3): another colour than the chosen
    coloured cards, a bonus card the chosen colour has too few cards to carry, or a second
    card when a hand of only bonus cards discards one. Empty when nothing is chosen or the
    choice is already beyond repair (the builder then says why it is not legal). Pure: for
    screens. The whole hand is always playable (a single coloured card, or one bonus
    discard, is legal), so ``Decision.unplayable`` stays empty in this game."""
    picked = set(chosen)
    if not picked or any(not 0 <= i < len(hand) for i in picked):
        return {}
    if all(is_bonus(d) for d in hand):
        return {i: "you discard exactly one bonus card" for i in range(len(hand)) if i not in picked}
    fits = [set(w) for w in legal_warbands(hand) if picked <= set(w)]
    if not fits:
        return {}
    colour = next((hand[i].colour for i in picked if not is_bonus(hand[i])), None)
    out: dict[int, str] = {}
    for i, defn in enumerate(hand):
        if i in picked or any(i in w for w in fits):
            continue
        if not is_bonus(defn) and colour is not None:
            out[i] = f"this warband is {colour}: its coloured cards share one colour"
        elif not is_bonus(defn):
            out[i] = f"your hand has too few {defn.colour} cards to carry the chosen bonus cards"
        else:
            out[i] = f"your hand has too few {colour} cards to carry another bonus card" if colour else "a warband needs a coloured card for each bonus card"
    return out


def legal_warbands(hand: Sequence[CardDef]) -> list[tuple[int, ...]]:
    """Every legal warband (ruling 3) in ``hand``, as sorted tuples of hand positions:
    a non-empty set of coloured cards of one colour plus up to as many bonus cards. Colours
    come in the order they first appear in the hand; within one, fewer coloured cards first."""
    bonus: list[int] = []
    colours: dict[str, list[int]] = {}
    for i, d in enumerate(hand):
        if is_bonus(d):
            bonus.append(i)
        else:
            colours.setdefault(d.colour or "", []).append(i)
    # the bonus cards a warband of k coloured cards may add: every choice of 1..k of them
    extras = [list(combinations(bonus, w)) for w in range(1, len(bonus) + 1)]
    out: list[tuple[int, ...]] = []
    for positions in colours.values():
        for k in range(1, len(positions) + 1):
            for coloured in combinations(positions, k):
                out.append(coloured)  # no bonus card (already in order)
                for choices in extras[:k]:
                    for extra in choices:
                        out.append(tuple(sorted(coloured + extra)))
    return out


def warband_actions(hand: Sequence[CardDef]) -> tuple[Action, ...]:
    """The options of a hand (ruling 3): every legal warband, best first (highest value,
    then most cards, then by position), labelled ``"2+5 · <describe>"``; or, when the hand
    holds only bonus cards, a discard of each card."""
    if all(is_bonus(d) for d in hand):
        return tuple(Action.of("discard", f"{i + 1} · discard {d.name} (scores zero)", card=i) for i, d in enumerate(hand))
    points = [d.value or 0 for d in hand]  # warband_value, card by card
    # best first: highest value, then most cards, then by position (no two are equal)
    ranked = sorted([(-sum(points[i] for i in chosen), -len(chosen), chosen) for chosen in legal_warbands(hand)])
    # (positions are tuples of whole numbers: already action arguments)
    return tuple([Action("warband", (("cards", chosen),), partial(_warband_label, chosen, hand)) for _, _, chosen in ranked])


def _warband_label(chosen: tuple[int, ...], hand: Sequence[CardDef]) -> str:
    """``"2+5 · Nobz 8 + Waaagh! 4 = 12 points, 2 cards"``: the label of the warband of
    hand positions ``chosen``."""
    return f"{'+'.join(str(i + 1) for i in chosen)} · {describe([hand[i] for i in chosen])}"


def describe(defs: Sequence[CardDef]) -> str:
    """``"Nobz 8 + Waaagh! 4 = 12 points, 2 cards"``: a warband in words."""
    parts = " + ".join([f"{d.name} {d.value}" for d in defs])
    return f"{parts} = {plural(sum([d.value or 0 for d in defs]), 'point')}, {_cards(len(defs))}"


_BAND_INDEX = {band: i for i, band in enumerate(BANDS)}


def _band_index(colour: str | None) -> int:
    return _BAND_INDEX.get(colour, len(BANDS))  # type: ignore[arg-type]


def _and(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _warband_prompt(name: str, at_stake: int, only_bonus: bool) -> str:
    """The warband decision's prompt for the player ``name`` with ``at_stake`` rounds at
    stake: lay a warband (ruling 3), or discard when the hand holds only bonus cards."""
    stake = f" (tie-break for {at_stake} rounds)" if at_stake > 1 else ""
    if only_bonus:
        return f"{name}: you hold only bonus cards — discard one{stake}. It scores zero and cannot win the round."
    return f"{name}: lay a warband{stake} — one colour, plus no more white bonus cards than coloured cards."


def _result_prompt(players: Sequence[str], round_no: int, r: Mapping[str, Any]) -> str:
    """The result decision's prompt: who won round ``round_no`` (or the tie, or nobody) and
    who leads next (rulings 4-6). ``r`` is the round's result (``public_info``'s
    ``result``), never changed once the round is resolved."""
    nxt = players[r["next_lead"]]
    if r["winner"] is not None:
        won = f"round {round_no}" if r["rounds"] == 1 else f"{r['rounds']} rounds"
        return f"{players[r['winner']]} wins {won} with {plural(r['value'], 'point')} ({_cards(r['cards'])}). {nxt} leads next; everyone draws back up to five."
    if r["tied"]:
        return (
            f"Tie at {plural(r['value'], 'point')} and {_cards(r['cards'])}: {_and([players[s] for s in r['tied']])} "
            f"draw up and play a tie-break round; {nxt} leads."
        )
    return f"Nobody wins round {round_no}: every warband was a discard. {nxt} leads again."


def _hand_order(card: Card) -> tuple[Any, ...]:
    d = card.defn
    return (_BAND_INDEX.get(d.colour, len(BANDS)), -(d.value or 0), d.name, card.uid)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- the game


class ArmyDecks(DeckRules):
    """The deck rules of Combat Cards (ruling 11): each army is a side, its deck drawn from
    that army's cards."""

    def sides(self, cardset: CardSet) -> tuple[tuple[str, str], ...]:
        """One side per army: ``(army id, army name)`` (ruling 11)."""
        names = {d.get("side"): d["name"] for d in cardset.decks.values()}
        return tuple((army, names.get(army, label)) for army, label in ARMIES)

    def pool(self, cardset: CardSet, side: str) -> tuple[CardDef, ...]:
        """The cards of one army (their ``army`` field)."""
        return tuple(c for c in cardset.cards if c.get("army") == side)

    def problems(self, cardset: CardSet, side: str, counts: Mapping[str, int]) -> list[str]:
        """Ruling 11: exactly 35 cards, all of the deck's army, at most two copies of a card
        and at most six white bonus cards. One sentence per problem; empty when legal."""
        armies = dict(ARMIES)
        if side not in armies:
            return [f"There is no army '{side}'; choose one of {', '.join(armies.values())}."]
        army = armies[side]
        problems: list[str] = []
        total = bonus = 0
        for cid, copies in counts.items():
            defn = cardset.by_id.get(cid)
            if defn is None:
                problems.append(f"There is no card '{cid}'.")
                continue
            if not isinstance(copies, int) or isinstance(copies, bool) or copies < 0:
                problems.append(f"{defn.name}: the number of copies must be a whole number, got {copies!r}.")
                continue
            if defn.get("army") != side:
                owner = armies.get(defn.get("army"), defn.get("army"))
                problems.append(f"{defn.name} belongs to the {owner}, not the {army}.")
            if copies > MAX_COPIES:
                problems.append(f"{defn.name}: at most {MAX_COPIES} copies of a card, not {copies}.")
            total += copies
            if is_bonus(defn):
                bonus += copies
        if total != DECK_SIZE:
            problems.append(f"A deck holds exactly {DECK_SIZE} cards; this one has {total}.")
        if bonus > MAX_BONUS:
            problems.append(f"At most {MAX_BONUS} white bonus cards; this deck has {bonus}.")
        return problems


@register
class CombatCards(Game):
    """Citadel Combat Cards (seed 001; rulings in ``cards_data/combat-cards.md``)."""

    id = "combat-cards"
    title = "Citadel Combat Cards"
    summary = "Lay the strongest warband of one colour; win the most rounds."
    min_players = 2
    max_players = 6
    order = 30
    max_actions = 2_000
    deck_option = "deck"
    deck_rules = ArmyDecks(title)
    options = (
        Option(
            "deck",
            "Army",
            ARMIES,
            "orks",
            help="Each player's army deck; two players may bring the same army (separate copies).",
            per_seat=True,
        ),
        Option(
            "variant",
            "Variant",
            (("standard", "Standard: every player brings an army"), ("civil-war", "Civil War: one deck, dealt out")),
            "standard",
            help="Civil War deals Seat 1's army out 17 and 17; the 35th card is set aside unseen.",
            players=(2, 2),
        ),
    )

    # ------------------------------------------------------------------ setup
    @classmethod
    def seat_option_used(cls, key: str, seat: int, options: Mapping[str, Any]) -> bool:
        """Civil War deals seat 1's army only (ruling 2): the other seat's army is unused."""
        return not (key == "deck" and seat > 0 and options.get("variant") == "civil-war")

    def start(self) -> None:
        """Shuffle and draw five (ruling 1), or deal the Civil War deck (ruling 2)."""
        n = len(self.players)
        self.variant = self.option("variant") if n == 2 else "standard"
        owners = (0,) * n if self.variant == "civil-war" else tuple(range(n))
        brought = [self.seat_deck(s) for s in owners]  # presets or players' own decks
        names = dict(self.deck_rules.sides(self.cardset))
        self.army_ids = tuple(deck.side for deck in brought)
        self.armies = tuple(names.get(deck.side, deck.side) for deck in brought)

        self.draws = [self.add_zone(f"draw:{s}", owner=s, kind="pile", enter="down", label=f"{p}'s draw pile") for s, p in enumerate(self.players)]
        self.hands = [self.add_zone(f"hand:{s}", owner=s, kind="hand", enter="owner", label=f"{p}'s hand") for s, p in enumerate(self.players)]
        self.warbands = [self.add_zone(f"warband:{s}", owner=s, kind="row", enter="up", label=f"{p}'s warband") for s, p in enumerate(self.players)]
        self.out = [self.add_zone(f"out:{s}", owner=s, kind="pile", enter="up", label=f"{p}'s played cards") for s, p in enumerate(self.players)]
        self.set_aside = self.add_zone("set-aside", kind="pile", enter="down", label="Set aside")

        self.wins = [0] * n
        self.round_no = 0
        self.lead = 0
        self.participants: list[int] = []
        self.turn = 0
        self.at_stake = 1
        self.discarded: set[int] = set()
        self.phase = "play"
        self.result: dict[str, Any] | None = None
        self.last = ""
        self.end_reason = ""

        if self.variant == "civil-war":
            self.set_aside.extend(self.make_cards(self.seat_deck_list(0)))
            self.set_aside.shuffle(self.rng)
            deal(self.set_aside, self.draws, CIVIL_WAR_SHARE)
            self.log.add(
                f"Civil War: {self.players[0]}'s {self.armies[0]} deck is shuffled and dealt out "
                f"{CIVIL_WAR_SHARE} and {CIVIL_WAR_SHARE}; the last card is set aside face down, unseen."
            )
        else:
            for s in range(n):
                self.draws[s].extend(self.make_cards(self.seat_deck_list(s)))
                self.draws[s].shuffle(self.rng)
            self.log.add(
                "Each player shuffles their own deck: "
                + ", ".join(f"{p} ({a})" for p, a in zip(self.players, self.armies))
                + "."
            )
        for s in range(n):
            self._draw_up(s)
        self._start_round(0, list(range(n)))

    # ------------------------------------------------------------------ helpers
    def _clockwise(self, start: int, seats: Iterable[int]) -> list[int]:
        """``seats`` in play order, clockwise from ``start`` (seat order is clockwise)."""
        n = len(self.players)
        wanted = set(seats)
        return [s for s in (*range(start, n), *range(start)) if s in wanted]

    def _draw_up(self, seat: int) -> bool:
        """``seat`` draws back up to five; ``False`` when the draw pile ran out first."""
        hand, pile = self.hands[seat], self.draws[seat]
        drawn = pile.take_top(HAND_SIZE - len(hand))
        if drawn:
            hand.extend(drawn)
            hand.sort(key=_hand_order)
            name = self.players[seat]
            self.log.add(f"{name} draws {_cards(len(drawn))} ({len(pile)} left in the draw pile).")
            self.log.add(f"{name} drew " + ", ".join([f"{c.defn.name} ({c.defn.colour} {c.defn.value})" for c in drawn]) + ".", to=seat, cards=drawn)
        return len(hand) >= HAND_SIZE

    def _start_round(self, lead: int, seats: Iterable[int]) -> None:
        self.round_no += 1
        self.lead = lead
        self.participants = self._clockwise(lead, seats)
        self.turn = 0
        self.discarded = set()
        self.result = None
        self.phase = "play"
        if self.at_stake > 1:
            names = _and([self.players[s] for s in self.participants])
            self.log.add(
                f"Round {self.round_no}: tie-break between {names} for {self.at_stake} rounds; "
                f"{self.players[lead]} leads."
            )
        else:
            self.log.add(f"Round {self.round_no}: {self.players[lead]} leads.")

    @property
    def to_play(self) -> int | None:
        """The seat whose warband is due, or ``None`` outside the play phase."""
        if self.phase != "play":
            return None
        return self.participants[self.turn]

    def hand_defs(self, seat: int) -> list[CardDef]:
        """The card definitions in ``seat``'s hand, by position (for that seat's prompts)."""
        return [c.defn for c in self.hands[seat]]

    # ------------------------------------------------------------------ decisions
    def _decide(self) -> Decision | None:
        if self.phase == "over":
            return None
        if self.phase == "result":
            assert self.result is not None
            nxt = self.result["next_lead"]
            return Decision((nxt,), partial(_result_prompt, self.players, self.round_no, self.result), _NEXT, private=False, kind="result")
        seat = self.participants[self.turn]
        actions = warband_actions(self.hand_defs(seat))
        only_bonus = actions[0].type == "discard"
        # the prompt is written only when read (random playouts never read it)
        return Decision((seat,), partial(_warband_prompt, self.players[seat], self.at_stake, only_bonus), actions, private=True, kind="warband")

    def explain_illegal(self, action: Action, decision: Decision) -> str:
        """Say what is wrong with a warband or a discard (ruling 3) rather than list the options."""
        if decision.kind == "warband" and action.type in ("warband", "discard"):
            hand = self.hand_defs(decision.seat)
            only_bonus = all(is_bonus(d) for d in hand)
            if action.type == "discard" and not only_bonus:
                return "You may discard only when you hold nothing but bonus cards: lay a warband."
            if action.type == "warband" and only_bonus:
                return "You hold only bonus cards: discard one of them (it scores zero and cannot win the round)."
            raw = action.get("cards") if action.type == "warband" else (action.get("card"),)
            if isinstance(raw, (tuple, list)) and all(isinstance(i, int) and not isinstance(i, bool) for i in raw):
                if len(set(raw)) != len(raw):
                    return "Each card can be in the warband only once."
                problem = selection_problem(hand, raw)
                if problem:
                    return problem
        return super().explain_illegal(action, decision)

    # ------------------------------------------------------------------ actions
    def _apply(self, action: Action) -> None:
        if action.type == "next":
            self._finish_round()
            return
        seat = self.participants[self.turn]
        hand, band = self.hands[seat], self.warbands[seat]
        name = self.players[seat]
        if action.type == "discard":
            card = hand.take(action["card"])
            band.add(card)
            self.discarded.add(seat)
            self.log.add(
                f"{name} holds only bonus cards and discards {card.defn.name} ({card.defn.value}): "
                "it scores zero and cannot win the round.",
                cards=[card],
            )
        else:
            cards = hand.take_positions(sorted(action["cards"]))
            band.extend(cards)
            defs = [c.defn for c in cards]
            colour = next(d.colour or "" for d in defs if not is_bonus(d))
            article = "an" if colour[0] in "aeiou" else "a"
            self.log.add(f"{name} lays {article} {colour} warband: {describe(defs)}.", cards=cards)
        self.turn += 1
        if self.turn == len(self.participants):
            self._resolve()

    def warband_score(self, seat: int) -> tuple[int, int]:
        """(value, cards) of ``seat``'s warband on the table: higher value wins, then more
        cards (ruling 4). Public: every laid warband is face up."""
        band = self.warbands[seat]
        return warband_value(c.defn for c in band), len(band)

    def _resolve(self) -> None:
        """Compare the warbands (rulings 4 and 5; a discard cannot win: ruling 3) and credit
        the winner with every round at stake (ruling 6)."""
        eligible = [s for s in self.participants if s not in self.discarded]
        result: dict[str, Any] = {"winner": None, "tied": [], "value": 0, "cards": 0, "rounds": self.at_stake}
        if eligible:
            scores = {s: self.warband_score(s) for s in eligible}
            best = max(scores.values())
            top = [s for s in self.participants if scores.get(s) == best]
            result["value"], result["cards"] = best
            if len(top) == 1:
                result["winner"] = top[0]
                result["next_lead"] = top[0]
            else:
                result["tied"] = top
                result["next_lead"] = self.lead if self.lead in top else self._clockwise(self.lead, top)[0]
        if result["winner"] is None and not result["tied"]:
            result["next_lead"] = self.lead
        self.result = result
        self.phase = "result"
        if result["winner"] is not None:
            self.wins[result["winner"]] += self.at_stake
            self.last = f"{self.players[result['winner']]} won round {self.round_no} with {plural(result['value'], 'point')} ({_cards(result['cards'])})."
        elif result["tied"]:
            self.last = (
                f"Round {self.round_no} was tied at {plural(result['value'], 'point')} and {_cards(result['cards'])}: "
                f"{_and([self.players[s] for s in result['tied']])} play a tie-break round."
            )
        else:
            self.last = f"Nobody won round {self.round_no}: every warband was a discard."
        self.log.add(self.last, news=True)  # the round's result (cards_data/combat-cards.md, "Presentation")

    def _finish_round(self) -> None:
        """Played cards leave the game; draw up; next round or the end (rulings 5–8)."""
        r = self.result
        assert r is not None
        for s, band in enumerate(self.warbands):
            if band:  # only this round's players laid cards
                self.out[s].extend(band.take_all())
        if r["winner"] is not None:
            if self.at_stake > 1:
                self.log.add(f"{self.players[r['winner']]} wins the tie-break and with it {self.at_stake} rounds.")
            self.at_stake = 1
            drawing = list(range(len(self.players)))
            seats = drawing
        elif r["tied"]:
            self.at_stake += 1
            drawing = list(r["tied"])
            seats = drawing
        else:
            if self.at_stake > 1:
                self.log.add(f"The {self.at_stake} tied rounds go to nobody.")
            self.at_stake = 1
            drawing = list(range(len(self.players)))
            seats = drawing
        lead = r["next_lead"]
        short = [s for s in self._clockwise(lead, drawing) if not self._draw_up(s)]
        if short:
            names = _and([self.players[s] for s in short])
            piles = "their empty draw piles" if len(short) > 1 else "an empty draw pile"
            reason = f"{names} could not draw back up to five from {piles}"
            if self.at_stake > 1:
                self.log.add(f"The tie-break cannot be played: the {self.at_stake - 1} tied round{'s go' if self.at_stake > 2 else ' goes'} to nobody.")
                reason += "; the tied round went to nobody" if self.at_stake == 2 else f"; the {self.at_stake - 1} tied rounds went to nobody"
            self.at_stake = 1
            self._end(reason)
            return
        self._start_round(lead, seats)

    def _end(self, reason: str) -> None:
        """Ruling 8: the game ends; most round wins wins, ties share."""
        self.phase = "over"
        self.result = None
        self.end_reason = reason
        self.log.add(
            f"The game ends: {reason}. Rounds won: "
            + ", ".join(f"{p} {w}" for p, w in zip(self.players, self.wins))
            + "."
        )

    # ------------------------------------------------------------------ views & result
    def public_info(self, seat: int | None) -> dict[str, Any]:
        warbands: list[dict[str, Any] | None] = []
        for s, zone in enumerate(self.warbands):
            defs = [c.defn for c in zone]
            if not defs:
                warbands.append(None)
                continue
            colours = [d.colour for d in defs if not is_bonus(d)]
            warbands.append(
                {
                    "value": 0 if s in self.discarded else warband_value(defs),
                    "cards": len(defs),
                    "colour": colours[0] if colours else BONUS,
                    "discard": s in self.discarded,
                }
            )
        played = self.participants[: self.turn] if self.phase == "play" else list(self.participants)
        return {
            "armies": list(self.armies),
            "army_ids": list(self.army_ids),
            "variant": self.variant,
            "round": self.round_no,
            "lead": self.lead,
            "participants": list(self.participants),
            "played": played,
            "to_play": self.to_play,
            "wins": list(self.wins),
            "at_stake": self.at_stake,
            "phase": self.phase,
            "warbands": warbands,
            "result": dict(self.result) if self.result else None,
            "last": self.last,
            "end_reason": self.end_reason,
        }

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        wins = tuple(self.wins)
        best = max(wins)
        winners = frozenset(s for s, w in enumerate(wins) if w == best)
        names = _and([self.players[s] for s in sorted(winners)])
        rounds = plural(best, "round")
        if len(winners) == 1:
            summary = f"{names} wins with {rounds} won."
        else:
            summary = f"{names} share the win with {rounds} won each."
        return Outcome(wins, winners, summary, details=(f"The game ended because {self.end_reason}.",), score_label="Rounds won")

    # ------------------------------------------------------------------ cards and decks
    @classmethod
    def card_back(cls, defn: CardDef) -> str:
        """Each army's deck has its own back: only cards of one army look alike face down."""
        return f"army:{defn.get('army')}"

    @classmethod
    def check_card(cls, card: CardDef) -> Iterable[tuple[str | None, str]]:
        """Every card has a point value 1–12 and a colour band; white ⇔ kind ``bonus``."""
        if card.value is None or not 1 <= card.value <= 12:
            yield "value", f"must be a point value from 1 to 12, got {card.value if card.value is not None else 'nothing'}"
        if card.colour is None:
            yield "colour", "must be a colour band (white for bonus cards), got nothing"
        elif card.colour not in BANDS:
            yield "colour", f"must be one of the bands {', '.join(BANDS)}, got '{card.colour}'"
        elif (card.colour == BONUS) != (card.kind == "bonus"):
            yield "kind", "must be 'bonus' exactly when the colour band is white"

    @classmethod
    def check_cardset(cls, cardset: CardSet) -> Iterable[tuple[str | None, str | None, str]]:
        """The palette names every band; each army of the ``deck`` option has a preset deck
        of its own side that passes ``ArmyDecks.problems``."""
        for band in BANDS:
            if band not in cardset.colours:
                yield None, None, f"colours: the band '{band}' needs a colour"
        for deck_id, name in ARMIES:
            deck = cardset.decks.get(deck_id)
            if deck is None:
                yield None, None, f"decks: the army '{name}' needs a deck with id '{deck_id}'"
                continue
            if deck.get("side") != deck_id:
                yield None, None, f"deck '{deck_id}': side must be '{deck_id}'"
                continue
            for problem in cls.deck_rules.problems(cardset, deck_id, deck["cards"]):
                yield None, None, f"deck '{deck_id}': {problem}"


_NEXT = (Action.of("next", "Clear the table, draw up and play on"),)
"""The result decision's only action (actions are immutable: built once)."""


def _cards(n: int) -> str:
    return plural(n, "card")
