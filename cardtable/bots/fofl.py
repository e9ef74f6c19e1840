"""FOFL knowledge for the computer player: look two turns ahead, help your own cards,
hurt the rival's.

A random playout of a whole FOFL game runs hundreds of moves, so a budget buys only a
few of them and the choice is mostly noise (a tester saw ``hard`` end its turn with a
Person it could play). So playouts stop after the current turn and the rival's reply
(``horizon``, ``DEPTH``) and the table is valued from its public side (``value``): each
side's own Website, its People in play and the cards in its hand.

A random playout rarely shows that healing a rival's Person or protecting a rival's
Website is a gift: one toughness drowns in a long game. So when a card's effect is aimed,
a helping step (heal, repair, restore, protect, guard with Proxy) is searched only among
the player's own cards, and a harming step (damage, destroy, mind-wipe, tempt, switch off)
only among the rival's, whenever the effect leaves such a choice (``cards_data/fofl.md``,
"Computer players"). Locations are left to the search: a Location's power may help either
side. Ownership is public: it is the side of the table a card lies on (its zone).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardtable.cards import CardDef
from cardtable.engine.core import Action, Decision
from cardtable.engine.game import Game

__all__ = ["advise", "horizon", "value", "DEPTH", "HELPS", "HARMS"]

HELPS = frozenset({"heal", "repair", "restore", "guard", "proxy"})
"""Steps that help the card they are aimed at."""

HARMS = frozenset({"damage", "destroy", "neutralize", "shift", "negate"})
"""Steps that harm the card they are aimed at."""


def _side(action: Action) -> int | None:
    """The seat whose side of the table a target lies on (``None`` for a Location or an
    option that is not a target)."""
    zone = action.get("zone")
    if action.type != "target" or not isinstance(zone, str) or zone.startswith("places:"):
        return None
    kind, _, owner = zone.rpartition(":")
    return int(owner) if kind and owner.isdigit() else None


def advise(game: Game, seat: int, decision: Decision, unseen: Sequence[CardDef], memory: object = None, level: str = "hard") -> tuple[Action, ...] | None:
    """For an aimed step (decisions ``aim`` and ``target``): the options to search among —
    every option but the targets on the wrong side (module docstring), when at least one
    target is left; otherwise ``None`` (search as usual). ``unseen``, ``memory`` and
    ``level`` are unused."""
    if decision.kind not in ("aim", "target"):
        return None
    entry = game.choices.top
    if entry is None:
        return None
    op = entry.get("opname")
    if op in HELPS:
        wrong = lambda side: side is not None and side != seat  # noqa: E731
    elif op in HARMS:
        wrong = lambda side: side == seat  # noqa: E731
    else:
        return None
    kept = tuple(a for a in decision.actions if not wrong(_side(a)))
    if not any(a.type == "target" for a in kept) or len(kept) == len(decision.actions):
        return None
    return kept


DEPTH = 2
"""Turn changes a playout runs through: the end of this turn and of the rival's reply."""

HAND_WORTH = 0.5
"""What a card in hand is worth, in points: a choice for later, worth less than the same
card in play (which counts its power and toughness, or ``OTHER_WORTH``)."""

OTHER_WORTH = 1.0
"""What a card in play without power or toughness is worth, in points (an Item, whose power
counts on its bearer already; a Software; a Location; a lasting Action)."""

SCALE = 8.0
"""Points of difference that make one side about three times as likely to win (the logistic
``value`` gives 0.73 at ``+SCALE``): a Person of power 3 and toughness 5 is 8 points."""

IN_PLAY = ("sites", "places", "people", "crew", "craft", "items", "soft", "lasting")
"""The parts of a side of the table (``cardtable.games.fofl.state.PLAY_PARTS``)."""


def horizon(game: Game) -> int:
    """The turn number (``Fofl.turn``): with ``DEPTH`` 2 a playout stops when the turn after
    the next one begins."""
    return game.turn


def strength(game: Game, seat: int) -> float:
    """The public strength of ``seat``'s side, in points: every card it has in play (People
    and Spacecraft by power plus toughness left, Websites by toughness left, the rest
    ``OTHER_WORTH``), its own Website's toughness once more (the score at the turn limit,
    ruling 23; losing it loses), and ``HAND_WORTH`` per card in its hand."""
    points = float(game.home_toughness()[seat])
    for part in IN_PLAY:
        for card in game.zones[f"{part}:{seat}"]:
            kind = card.defn.kind
            if kind in ("person", "spacecraft"):
                points += game.power(card) + game.toughness(card)
            elif kind == "website":
                points += game.toughness(card)
            else:
                points += OTHER_WORTH
    return points + HAND_WORTH * len(game.zones[f"hand:{seat}"])


def value(game: Game, seat: int) -> float:
    """What the table is worth to ``seat`` when a playout stops, in (0, 1): a logistic of
    its ``strength`` minus the rival's, ``SCALE`` points wide."""
    lead = strength(game, seat) - strength(game, 1 - seat)
    return 1.0 / (1.0 + math.exp(-lead / SCALE))
