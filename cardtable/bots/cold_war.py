"""Cold War knowledge for the computer player: card counting for the SPY's bet.

Random playouts barely see what a bet is worth (a right bet only keeps the coin, and the
rest of a random game drowns that), so the SPY counts instead: of the faces it has not
seen (the draw pile and the TARGET's hands, as one pool), how many rank above the top of
the discard pile and how many below. Aces do not count either way: an ace is a Data
Breach whatever the bet (rules, "The reveal"). It bets on the larger side and leaves a
tie to the search. Ranks are the cards' ``value`` (2 lowest, King 13; aces have none).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import CardDef
from cardtable.engine.core import Action, Decision
from cardtable.engine.game import Game

__all__ = ["advise"]


def advise(game: Game, seat: int, decision: Decision, unseen: Sequence[CardDef], memory: object = None) -> Action | tuple[Action, ...] | None:
    """The SPY's bet by card counting.

    At the bet (``kind == "bet"``): the bet on the side more unseen faces lie, or ``None``
    (search) when as many lie on each side or the top card has no rank. At the pick
    (``kind == "pick"``, where the SPY may still turn the coin over): turning it over when
    the count favours the other side, and otherwise the picks only, as a tuple to search
    among (turning the coin over to a side the count does not favour only gives the TARGET
    another reaction). Any other decision: ``None``. ``unseen`` is every face ``seat`` may
    not see (their multiset is what it knows); ``memory`` is unused (Cold War's state keeps
    what each seat saw)."""
    if decision.kind not in ("bet", "pick"):
        return None
    side = _counted_side(game, seat, unseen)
    if decision.kind == "bet":
        return None if side is None else next((a for a in decision.actions if a.get("bet") == side), None)
    change = next((a for a in decision.actions if a.type == "change"), None)
    if change is not None and side is not None and change.get("bet") == side:
        return change
    return tuple(a for a in decision.actions if a.type != "change")


def _counted_side(game: Game, seat: int, unseen: Sequence[CardDef]) -> str | None:
    """``"higher"`` or ``"lower"``: the side of the discard pile's top card on which more
    of the ``unseen`` faces rank; ``None`` for a tie or a top card without a rank."""
    top = game.view(seat).zone("discard").top
    if top is None or top.face is None or top.face.value is None:
        return None
    rank = top.face.value
    higher = sum(1 for face in unseen if face.value is not None and face.value > rank)
    lower = sum(1 for face in unseen if face.value is not None and face.value < rank)
    if higher == lower:
        return None
    return "higher" if higher > lower else "lower"
