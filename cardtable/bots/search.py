"""The generic computer player: flat Monte Carlo search over determinised worlds.

For one decision of ``seat`` the player repeats, until its budget is spent:

1. deal a world ``seat`` cannot tell from the real one (``Game.determinize``: every face the
   seat may not see is dealt again among the places it may not see, and future shuffles are
   unknown);
2. pick one of its options by UCB1 (the option whose mean result plus an exploration bonus
   is highest), play it in that world, and play the rest of the game with uniformly random
   moves for every seat;
3. score the finished game for ``seat`` (``Outcome``: a win share, plus a little for a
   better place at tables of three or more).

It then plays the option with the best mean result. This is perfect-information Monte
Carlo with a fresh world per playout ("determinised flat UCB"); it needs nothing from a
game but the engine's contract (``decision``/``act``/``outcome``/``determinize``).

Honesty: the player reads only ``seat``'s view of the state. Before searching, the
faces ``seat`` may not see are put into one fixed order (sorted by card id within each
back), so two positions that differ only in hidden faces give the very same worlds and
the very same choice; the random generator is seeded from the caller's seed, the level,
the seat and the move number, never from a hidden fact. ``tests/test_bots.py`` checks it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from cardtable.engine.core import Action, Decision, Outcome
from cardtable.engine.game import Game

__all__ = ["Level", "LEVELS", "choose", "seat_actions", "reward"]


@dataclass(frozen=True)
class Level:
    """A computer player's strength.

    ``budget`` is the search effort per decision in *steps*: each move played in a playout
    costs one step and each world dealt costs ``WORLD_COST`` steps (dealing copies the
    whole table). A step budget, unlike a clock, makes the choice the same on any machine
    for the same seed. ``budget == 0`` means a uniformly random legal move.
    """

    name: str
    budget: int
    exploration: float = 0.7


WORLD_COST = 30
"""Steps charged per determinised world: on this machine a world costs about as much CPU
as 30 random moves (1–4 ms against 0.06–0.15 ms a move, measured in Cold War, Bloops,
Combat Cards, Black Ops and FOFL)."""

MIN_VISITS = 1
"""Every option is tried at least this often, whatever the budget."""

LEVELS: dict[str, Level] = {
    "random": Level("random", 0),
    "easy": Level("easy", 600),
    "normal": Level("normal", 3_000),
    "hard": Level("hard", 10_000),
}
"""The levels by name. Budgets are set so that a ``normal`` decision takes at most about
0.3 s and a ``hard`` one about 1 s of CPU on the project's 2-core machine (see
``benchmarks/bots.py --times``); FOFL moves cost about twice as much (``STEP_COST``)."""

STEP_COST: dict[str, float] = {"fofl": 2.0, "combat-cards": 1.3}
"""Relative CPU cost of one random move per game (1.0 when absent): a game with dearer
moves gets proportionally fewer steps, so every game meets the same time targets."""


def seat_actions(decision: Decision, seat: int) -> tuple[Action, ...]:
    """The options of ``seat`` in ``decision``: all its actions, or in a public window
    shared by several seats, those whose ``seat`` argument is ``seat`` (or that carry
    none)."""
    if len(decision.seats) == 1:
        return decision.actions
    return tuple(a for a in decision.actions if a.get("seat", seat) == seat)


def reward(outcome: Outcome, seat: int) -> float:
    """How good a finished game is for ``seat``, in [0, 1.25]: its share of the win (1
    alone, 1/k when k seats share it), plus up to 0.25 for its place in the ranking at a
    table of three or more (0.25 first, 0 last)."""
    share = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    n = len(outcome.scores)
    if n <= 2:
        return share
    place = outcome.ranking().index(seat)
    return share + 0.25 * (n - 1 - place) / (n - 1)


def _canonical(game: Game, seat: int) -> Game:
    """A copy of ``game`` whose faces hidden from ``seat`` are sorted (by card id within
    each back) over the hidden places in table order: it depends only on what ``seat`` may
    know, so every world dealt from it does too."""
    copy = game.clone()
    groups: dict[str, list] = {}
    for card in copy.all_cards():
        if not card.visible_to(seat):
            groups.setdefault(copy.card_back(card.defn), []).append(card)
    for cards in groups.values():
        faces = sorted((card.defn for card in cards), key=lambda d: (d.id, d.name))
        for card, face in zip(cards, faces):
            card.defn = face
    copy.invalidate()
    return copy


_WAIT = None
"""The option of letting another seat act first in a shared window (``choose`` returns
``None`` for it)."""


def _playout(world: Game, chooser: random.Random, limit: int) -> int:
    """Play ``world`` to its end with uniformly random moves; return the moves played
    (at most ``limit``: a game that runs longer is scored as it stands, unfinished)."""
    steps = 0
    decision = world.decision()
    while decision is not None and steps < limit:
        actions = decision.actions
        world.act(actions[chooser.randrange(len(actions))])
        steps += 1
        decision = world.decision()
    return steps


def choose(game: Game, seat: int, level: str | Level = "normal", seed: int = 0, *, may_wait: bool | None = None, budget: int | None = None) -> Action | None:
    """The move the computer player in ``seat`` makes now.

    ``level`` is one of ``LEVELS`` (``random``, ``easy``, ``normal``, ``hard``) or a
    ``Level``; ``budget`` (steps, see ``Level``) overrides its budget. The same
    (position, seat, level, seed) always gives the same action, and positions that
    differ only in faces ``seat`` may not see give the same action too. ``game`` is not
    changed. A decision with one option returns it at once.

    In a public window shared by several seats (e.g. Bloops' counter-discard window),
    ``may_wait`` (default: true when another seat also has actions there) lets the player
    answer ``None``: "I do not act; let the others". The search scores waiting as another
    seat acting at random.

    Raises ``ValueError`` when the game is over, ``seat`` does not act now, or ``level`` is
    unknown.
    """
    if isinstance(level, str):
        if level not in LEVELS:
            raise ValueError(f"unknown level '{level}' (choose from {', '.join(LEVELS)})")
        level = LEVELS[level]
    decision = game.decision()
    if decision is None:
        raise ValueError("the game is over: there is nothing to choose")
    if seat not in decision.seats:
        raise ValueError(f"seat {seat} does not act now (seats {list(decision.seats)} do)")
    mine = seat_actions(decision, seat)
    others = tuple(a for a in decision.actions if a not in mine)
    if may_wait is None:
        may_wait = bool(others)
    options: list[Action | None] = list(mine) + ([_WAIT] if may_wait and others else [])
    if not mine:
        return None
    if len(options) == 1:
        return options[0]
    rng = random.Random(f"cardtable-bot:{level.name}:{seed}:{seat}:{game.moves}")
    spend = level.budget if budget is None else budget
    if spend <= 0:
        return options[rng.randrange(len(options))]
    spend = int(spend / STEP_COST.get(game.id, 1.0))
    base = _canonical(game, seat)
    n = len(options)
    visits = [0] * n
    totals = [0.0] * n
    used = 0
    played = 0
    while played < MIN_VISITS * n or used < spend:
        if played < MIN_VISITS * n:
            pick = played % n
        else:
            log_n = math.log(played)
            pick = max(range(n), key=lambda i: totals[i] / visits[i] + level.exploration * math.sqrt(log_n / visits[i]))
        world = base.determinize(seat, rng)
        option = options[pick]
        if option is _WAIT:
            world.act(others[rng.randrange(len(others))])
        else:
            world.act(option)
        used += WORLD_COST + _playout(world, rng, max(spend, 1_000))
        outcome = world.outcome()
        visits[pick] += 1
        totals[pick] += reward(outcome, seat) if outcome is not None else 0.0
        played += 1
    best = max(range(n), key=lambda i: (totals[i] / visits[i], -i))
    return options[best]
