"""FOFL vs ANFOFL (game id ``fofl``): importing this package registers the ``Fofl`` controller.

Modules: ``game`` (the controller: setup, turns, menus, decks), ``state`` (cards, values,
destruction), ``effects`` (the effect vocabulary's interpreter), ``combat`` (attacks),
``vocab`` (the vocabulary and its validation) and ``hooks`` (what the vocabulary cannot say).
"""

from cardtable.games.fofl.game import COUNTDOWN, HAND_SIZE, MIN_DECK, SIDE_NAMES, TURN_LIMIT, Fofl

__all__ = ["Fofl", "SIDE_NAMES", "HAND_SIZE", "MIN_DECK", "COUNTDOWN", "TURN_LIMIT"]
