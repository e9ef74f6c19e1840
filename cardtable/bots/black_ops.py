"""Black Ops knowledge for the computer player: playouts end with the round.

A round's moves (keep or trade, the Care Packages) decide who loses Health this round; the
rounds after it start from a fresh deal. A random playout of the whole rest of the game
drowns that one Health in the luck of every later round, so the search plays each world
only to the end of the current round (``horizon``: the round number) and then values the
table by its Health (``value``), as a gambler's-ruin estimate of the chance to be the last
one standing. Health, hand sizes and who is out are public (rules, "A round").
"""

from __future__ import annotations

from cardtable.engine.game import Game

__all__ = ["horizon", "value", "CARE_PACKAGE_WORTH"]

CARE_PACKAGE_WORTH = 0.25
"""What one Care Package in hand is worth, in Health: a card kept for a later round can
turn a loss there (a boost, a sabotage, Hard Wired), about one time in four."""


def horizon(game: Game) -> int:
    """The round number (``BlackOps.round``): a playout stops when the next round begins."""
    return game.round


def value(game: Game, seat: int) -> float:
    """What the table is worth to ``seat`` when a playout stops, in [0, 1]: its share of
    the "strength" of the players still in, where a player's strength is their Health plus
    ``CARE_PACKAGE_WORTH`` per Care Package in hand (0 once out). Between two players of
    Health ``a`` and ``b`` who each lose a round about half the time, ``a / (a + b)`` is the
    chance that ``a`` outlasts ``b``."""
    strength = [
        (health + CARE_PACKAGE_WORTH * len(game.hands[s])) if health > 0 else 0.0
        for s, health in enumerate(game.health)
    ]
    total = sum(strength)
    return strength[seat] / total if total else 0.0
