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


def advise(game: Game, seat: int, decision: Decision, unseen: Sequence[CardDef], memory: object = None) -> Action | None:
    """The SPY's bet by card counting, or ``None`` (no advice: search instead) for any
    other decision, a top card without a rank, or as many higher as lower faces.
    ``unseen`` is every face ``seat`` may not see (their multiset is what it knows);
    ``memory`` is unused (Cold War's state keeps what each seat saw)."""
    if decision.kind != "bet":
        return None
    top = game.view(seat).zone("discard").top
    if top is None or top.face is None or top.face.value is None:
        return None
    rank = top.face.value
    higher = sum(1 for face in unseen if face.value is not None and face.value > rank)
    lower = sum(1 for face in unseen if face.value is not None and face.value < rank)
    if higher == lower:
        return None
    side = "higher" if higher > lower else "lower"
    return next((a for a in decision.actions if a.get("bet") == side), None)
