"""Random playouts: every game issue's checks use them (DESIGN §6).

``play_random("bloops", seed=3, players=4)`` plays one whole game choosing uniformly among
the offered actions with a chooser seeded from ``seed`` (separate from the game's own
random generator) and returns the finished game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardtable.engine.core import Action
from cardtable.engine.game import Game
from cardtable.engine.registry import get, new_game

__all__ = ["play_random", "GameTooLong"]

DEFAULT_MAX_ACTIONS = 20_000


class GameTooLong(RuntimeError):
    """A playout did not end within its action limit (a rules bug: games must end)."""


def play_random(
    game_id: str,
    seed: int = 0,
    players: int | None = None,
    *,
    options: dict[str, Any] | None = None,
    max_actions: int | None = None,
    on_step: Callable[[Game, Action], None] | None = None,
) -> Game:
    """Play ``game_id`` to the end with uniformly random legal actions.

    ``players`` defaults to the game's minimum; ``on_step(game, action)`` is called after
    each action (for invariant checks). Raises ``GameTooLong`` past ``max_actions``
    (default: the game's ``max_actions`` attribute, else 20,000).
    """
    cls = get(game_id)
    game = new_game(game_id, players or cls.min_players, seed=seed, options=options)
    limit = max_actions or getattr(cls, "max_actions", DEFAULT_MAX_ACTIONS)
    chooser = random.Random(f"playout:{game_id}:{seed}")
    # randrange(n) for a whole n > 0 is exactly _randbelow(n), after argument checks that
    # cost more than the draw: the same choices, a step cheaper
    randbelow = chooser._randbelow
    steps = 0
    decision = game.decision()
    while decision is not None:
        action = decision.actions[randbelow(len(decision.actions))]
        game.act(action)
        steps += 1
        if on_step is not None:
            on_step(game, action)
        if steps >= limit:
            raise GameTooLong(f"{game_id} seed {seed}: no end after {steps} actions")
        decision = game.decision()
    return game
