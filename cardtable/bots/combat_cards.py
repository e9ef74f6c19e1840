"""Combat Cards knowledge for the computer player: the last warband of a round.

The player who lays the round's last warband sees every other warband face up (rules,
"A round"), so the round holds no more luck for it: either some warband of its hand beats
the best on the table, and the cheapest of those wins it while keeping the strongest cards
for later rounds, or none does: then the cheapest warband that ties it (a tie-break round
keeps the stake alive), or else the cheapest warband of all, which loses the least. Random playouts
see this only dimly (the tester saw an ``easy`` player throw a 12-point warband at a round
it could not win), so the last player plays it exactly. Earlier players are left to the
search. Warbands compare by value, then by number of cards (ruling 4); a discard cannot win.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import CardDef
from cardtable.engine.core import Action, Decision
from cardtable.engine.game import Game

__all__ = ["advise"]


def _strength(game: Game, seat: int, action: Action) -> tuple[int, int]:
    """``(value, cards)`` of the warband ``action`` lays from ``seat``'s hand; a discard
    counts ``(-1, 0)``: it scores zero and cannot win (ruling 3)."""
    if action.type != "warband":
        return (-1, 0)
    hand = game.hand_defs(seat)
    defs = [hand[i] for i in action["cards"]]
    return (sum(d.value or 0 for d in defs), len(defs))


def advise(game: Game, seat: int, decision: Decision, unseen: Sequence[CardDef], memory: object = None, level: str = "hard") -> Action | None:
    """The last warband of a round (module docstring), or ``None`` (search) for any other
    decision or when the seat is not the last to lay. ``unseen``, ``memory`` and
    ``level`` are unused."""
    if decision.kind != "warband" or game.turn != len(game.participants) - 1:
        return None
    laid = [s for s in game.participants if s != seat and s not in game.discarded and len(game.warbands[s])]
    if any(not card.visible_to(seat) for s in laid for card in game.warbands[s].cards):
        return None
    best = max((game.warband_score(s) for s in laid), default=(-1, 0))
    options = sorted(decision.actions, key=lambda a: (_strength(game, seat, a), decision.actions.index(a)))
    winners = [a for a in options if a.type == "warband" and _strength(game, seat, a) > best]
    ties = [a for a in options if a.type == "warband" and _strength(game, seat, a) == best]
    return (winners or ties or options)[0]
