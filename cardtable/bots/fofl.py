"""FOFL knowledge for the computer player: help your own cards, hurt the rival's.

A random playout rarely shows that healing a rival's Person or protecting a rival's
Website is a gift: one toughness drowns in a long game. So when a card's effect is aimed,
a helping step (heal, repair, restore, protect, guard with Proxy) is searched only among
the player's own cards, and a harming step (damage, destroy, mind-wipe, tempt, switch off)
only among the rival's, whenever the effect leaves such a choice (``cards_data/fofl.md``,
"Computer players"). Locations are left to the search: a Location's power may help either
side. Ownership is public: it is the side of the table a card lies on (its zone).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import CardDef
from cardtable.engine.core import Action, Decision
from cardtable.engine.game import Game

__all__ = ["advise", "HELPS", "HARMS"]

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
