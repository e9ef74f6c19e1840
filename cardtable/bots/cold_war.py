"""Cold War knowledge for the computer player: card counting for the SPY's bet.

Random playouts barely see what a bet is worth (a right bet only keeps the coin, and the
rest of a random game drowns that), so the SPY counts instead: of the faces it has not
seen (the draw pile and the TARGET's hands, as one pool), how many rank above the top of
the discard pile and how many below. Aces do not count either way: an ace is a Data
Breach whatever the bet (rules, "The reveal"). It bets on the larger side and leaves a
tie to the search. Ranks are the cards' ``value`` (2 lowest, King 13; aces have none).
``easy`` does not count: it weighs the ranks of a whole deck, as if no card had gone.

Every other decision is read from the rules, not searched. The TARGET's glance and
reaction promise nothing (rulings 4 and 5): against a SPY who cannot read them, no choice
is better than another, and a signal chosen at random tells a person nothing, so the
player chooses one uniformly. The SPY cannot tell the TARGET's two cards apart, so it picks
a side uniformly too, and turns the coin over only to the side its count favours.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import CardDef
from cardtable.engine.core import Decision
from cardtable.engine.game import Game

__all__ = ["advise"]

_FULL_DECK = tuple(range(2, 14)) * 4
"""The ranks of a whole deck but its aces (2 to King, four of each): what ``easy`` weighs."""


def advise(game: Game, seat: int, decision: Decision, unseen: Sequence[CardDef], memory: object = None, level: str = "hard"):
    """The Cold War move of ``seat``, or ``None`` (search instead).

    - glance, react (the TARGET): ``AnyOf`` every option (module docstring);
    - bet (the SPY): the side more unseen faces lie on (``easy``: more ranks of a whole
      deck), or ``None`` when as many lie on each side or the top card has no rank;
    - pick (the SPY, who may still turn the coin over): turning it over when the count
      favours the other side, and otherwise ``AnyOf`` the two picks.

    ``unseen`` is every face ``seat`` may not see (their multiset is what it knows);
    ``memory`` is unused (Cold War's state keeps what each seat saw); ``level`` is the
    player's level name. Returns an ``Action``, an ``AnyOf`` or ``None``."""
    from cardtable.bots.search import AnyOf

    if decision.kind in ("glance", "react"):
        return AnyOf(decision.actions)
    if decision.kind not in ("bet", "pick"):
        return None
    ranks = _FULL_DECK if level == "easy" else [face.value for face in unseen if face.value is not None]
    side = _counted_side(game, seat, ranks)
    if decision.kind == "bet":
        return None if side is None else next((a for a in decision.actions if a.get("bet") == side), None)
    change = next((a for a in decision.actions if a.type == "change"), None)
    if change is not None and side is not None and change.get("bet") == side:
        return change
    target = game.zones[f"hand:{game.target}"]
    if any(card is not None and card.visible_to(seat) for card in target.cards):
        return None  # only a player shown every card (the strength table's bound) can tell them apart
    return AnyOf(tuple(a for a in decision.actions if a.type != "change"))


def _counted_side(game: Game, seat: int, ranks: Sequence[int]) -> str | None:
    """``"higher"`` or ``"lower"``: the side of the discard pile's top card on which more
    of ``ranks`` lie; ``None`` for a tie or a top card without a rank."""
    top = game.view(seat).zone("discard").top
    if top is None or top.face is None or top.face.value is None:
        return None
    rank = top.face.value
    higher = sum(1 for value in ranks if value > rank)
    lower = sum(1 for value in ranks if value < rank)
    if higher == lower:
        return None
    return "higher" if higher > lower else "lower"
