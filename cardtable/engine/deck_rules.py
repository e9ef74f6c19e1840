"""Deck-building rules: which decks players may bring to a game (the deck builder's rules).

A game whose players bring their own decks (FOFL's Red and Blue decks, Combat Cards'
armies) names the per-seat option that holds them (``Game.deck_option``) and gives its
deck rules as a ``DeckRules`` subclass instance (``Game.deck_rules``)::

    class ArmyDecks(DeckRules):
        def sides(self, cardset): ...           # the sides a deck is built for
        def pool(self, cardset, side): ...      # the cards a deck of that side may use
        def problems(self, cardset, side, counts): ...   # one sentence per broken rule

    class CombatCards(Game):
        title = "Citadel Combat Cards"
        deck_option = "deck"
        deck_rules = ArmyDecks(title)

``check`` (provided) adds the generic checks every deck needs before the game's own
``problems``. The deck builder (``cardtable.ui.decks``), the saved-deck files
(``cardtable.engine.decks``) and the set-up check (``Game.validate_decks``) all go through
``check``, so a deck is judged the same everywhere. Nothing here imports a game.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardtable.cards import CardDef, CardSet

__all__ = ["DeckRules"]


class DeckRules:
    """The deck rules of one game. The base class is the rule of a game with no deck
    restrictions: one neutral side ``("any", "Any")``, every card allowed, any count.
    ``title`` is the game's title, for messages."""

    def __init__(self, title: str = "this game") -> None:
        self.title = title

    def sides(self, cardset: CardSet) -> tuple[tuple[str, str], ...]:
        """The sides a deck can be built for, as ``(side id, label)`` pairs (e.g. Red/Blue)."""
        return (("any", "Any"),)

    def pool(self, cardset: CardSet, side: str) -> tuple[CardDef, ...]:
        """The cards a deck of ``side`` may contain (default: every card of ``cardset``)."""
        return cardset.cards

    def problems(self, cardset: CardSet, side: str, counts: Mapping[str, int]) -> list[str]:
        """Why a deck (``{card id: copies}``) breaks this game's own deck rules for ``side``:
        one sentence a player can act on per problem; empty when legal (default: none)."""
        return []

    def check(self, cardset: CardSet, side: str, counts: Mapping[str, int]) -> list[str]:
        """Every reason a deck cannot be played, as sentences: an unknown side, cards
        missing from ``cardset`` or outside ``pool(side)``, copies that are not positive
        whole numbers, then the game's own ``problems`` (given only the well-formed
        entries). Empty when the deck is legal."""
        sides = dict(self.sides(cardset))
        if side not in sides:
            return [f"'{side}' is not a side of {self.title} (choose from {', '.join(sides)})"]
        problems: list[str] = []
        allowed = {c.id for c in self.pool(cardset, side)}
        checked: dict[str, int] = {}
        for cid, copies in counts.items():
            if cid not in cardset.by_id:
                problems.append(f"'{cid}' is not a card of {cardset.name}.")
            elif not isinstance(copies, int) or isinstance(copies, bool) or copies <= 0:
                problems.append(f"The copies of {cardset[cid].name} must be a positive whole number, got {copies!r}.")
            else:
                if cid not in allowed:
                    problems.append(f"{cardset[cid].name} cannot be used in a {sides[side]} deck.")
                checked[cid] = copies
        return problems + list(self.problems(cardset, side, checked))

    def default_side(self, cardset: CardSet) -> str:
        """The side of a preset deck that names none: the first of ``sides``."""
        return self.sides(cardset)[0][0]
