"""Test-only games. ``DeckDuel`` is a tiny game where each player brings a deck, so the deck
builder, the setup screen's deck choices and save/resume with a player's own deck can be
tested before FOFL and Combat Cards land. It is never registered outside a test (use the
``deck_duel`` fixture of ``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from cardtable.cards import CardDef, CardSet
from cardtable.engine import Action, Decision, DeckRules, Game, Option, Outcome

FIXTURE_DATA = Path(__file__).parent / "fixture_data"

MIN_CARDS, MAX_CARDS, MAX_COPIES = 8, 12, 3
TURNS_EACH = 3


class DuelDecks(DeckRules):
    """Deck Duel's deck rules: a Red or Blue deck of its side's and neutral cards (see ``problems``)."""

    def sides(self, cardset: CardSet) -> tuple[tuple[str, str], ...]:
        return (("red", "Red"), ("blue", "Blue"))

    def pool(self, cardset: CardSet, side: str) -> tuple[CardDef, ...]:
        return tuple(c for c in cardset.cards if c.get("side") in (side, "neutral"))

    def problems(self, cardset: CardSet, side: str, counts: Mapping[str, int]) -> list[str]:
        problems = []
        total = sum(counts.values())
        if not MIN_CARDS <= total <= MAX_CARDS:
            problems.append(f"A deck holds {MIN_CARDS} to {MAX_CARDS} cards; this one has {total}.")
        banner = f"{side}-banner"
        if counts.get(banner, 0) < 1:
            problems.append(f"A {side.title()} deck must contain the {cardset[banner].name}.")
        for cid, copies in counts.items():
            card = cardset[cid]
            if card.get("unique") and copies > 1:
                problems.append(f"{card.name} is unique: one copy at most, not {copies}.")
            elif copies > MAX_COPIES:
                problems.append(f"At most {MAX_COPIES} copies of {card.name}, not {copies}.")
        return problems


class DeckDuel(Game):
    """Each player shuffles their own deck; in turn, each turns up their top card; after
    three cards each, the higher total of power (or value) wins. Deck rules: see
    ``DuelDecks.problems`` (and the comment at the top of ``deck-duel.yaml``)."""

    id = "deck-duel"
    title = "Deck Duel"
    summary = "Test game: bring a Red or a Blue deck, turn up three cards, highest total wins."
    min_players = max_players = 2
    order = 900
    deck_option = "deck"
    deck_rules = DuelDecks(title)
    options = (
        Option("deck", "Deck", (("red-starter", "Red starter"), ("blue-starter", "Blue starter")), "red-starter", per_seat=True),
    )

    @classmethod
    def check_cardset(cls, cardset: CardSet):
        for deck_id, deck in cardset.decks.items():
            for problem in cls.deck_rules.check(cardset, deck["side"], deck["cards"]):
                yield (None, None, f"deck '{deck_id}': {problem}")

    # ------------------------------------------------------------------ play
    def start(self) -> None:
        self.draw = []
        self.played = []
        for seat, name in enumerate(self.players):
            pile = self.add_zone(f"draw:{seat}", owner=seat, kind="pile", enter="down", label=f"{name}'s deck")
            pile.extend(self.make_cards(self.seat_deck_list(seat)))
            pile.shuffle(self.rng)
            self.draw.append(pile)
            self.played.append(self.add_zone(f"played:{seat}", owner=seat, kind="row", enter="up", label=f"{name}'s cards"))
        self.turn = 0

    def _decide(self) -> Decision | None:
        if self.turn >= TURNS_EACH * len(self.players):
            return None
        seat = self.turn % len(self.players)
        return Decision((seat,), f"{self.players[seat]}: turn up your top card", (Action.of("turn", "Turn up the top card"),), private=False, kind="turn")

    def _apply(self, action: Action) -> None:
        seat = self.turn % len(self.players)
        card = self.draw[seat].take()
        self.played[seat].add(card)
        self.log.add(f"{self.players[seat]} turns up {card.defn.name}.", cards=[card])
        self.turn += 1

    def score(self, seat: int) -> int:
        return sum((c.defn.value if c.defn.value is not None else c.defn.get("power") or 0) for c in self.played[seat])

    def outcome(self) -> Outcome | None:
        if self.decision() is not None:
            return None
        scores = tuple(self.score(s) for s in range(len(self.players)))
        best = max(scores)
        winners = frozenset(s for s, v in enumerate(scores) if v == best)
        names = " and ".join(self.players[s] for s in sorted(winners))
        return Outcome(scores, winners, f"{names} win{'s' if len(winners) == 1 else ''} with {best}.")


class DrawRace(DeckDuel):
    """Deck Duel's cards and decks, but each player in turn takes three draws in a row from
    their own deck: the decision "Ann: draw a card" repeats, equal each time, three times
    over. It shows that a screen can answer the same decision twice in a row (issue 12.1)."""

    id = "draw-race"
    title = "Draw Race"
    summary = "Test game: draw three cards in a row each, highest total wins."

    def _decide(self) -> Decision | None:
        if self.turn >= TURNS_EACH * len(self.players):
            return None
        seat = self.turn // TURNS_EACH
        return Decision((seat,), f"{self.players[seat]}: draw a card", (Action.of("draw", "Draw a card"),), private=False, kind="draw")

    def _apply(self, action: Action) -> None:
        seat = self.turn // TURNS_EACH
        card = self.draw[seat].take()
        self.played[seat].add(card)
        self.log.add(f"{self.players[seat]} draws {card.defn.name}.", cards=[card])
        self.turn += 1
