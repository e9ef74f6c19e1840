"""Computer players for every seat of every game (issue 15).

``choose(game, seat, level, seed)`` returns the move the computer player in ``seat`` makes
now; ``LEVELS`` names the levels (``random``, ``easy``, ``normal``, ``hard``);
``cardtable.bots.tournament`` plays levels against each other. The players are honest:
they read the game only through the engine's contract and search worlds dealt by
``Game.determinize`` from their own seat's knowledge (``tests/test_bots.py``). Nothing
here imports textual, rich, the UI or a game's own modules.
"""

from cardtable.bots.search import LEVELS, Level, choose, new_memory, reward, seat_actions

__all__ = ["LEVELS", "Level", "choose", "new_memory", "reward", "seat_actions"]
