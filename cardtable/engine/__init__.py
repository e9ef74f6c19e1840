"""The game-agnostic core (DESIGN §2–4): decisions and actions, zones and visibility, views,
the log, pending choices (several picks with Back), the registry, random playouts, save files and the play session.

Nothing here imports textual or rich.
"""

import importlib

TYPE_CHECKING = False  # (not typing's: importing typing costs the lazy start a few ms)

_HOME = {
    "BACK": "choices", "Choices": "choices", "Kind": "choices", "Pending": "choices",
    "Action": "core", "CustomDeck": "core", "Decision": "core", "IllegalAction": "core", "Option": "core",
    "Outcome": "core", "Setup": "core", "SetupError": "core",
    "DeckRules": "deck_rules",
    "Game": "game",
    "LeakError": "log", "Log": "log", "LogEntry": "log",
    "GameTooLong": "playout", "play_random": "playout",
    "UnknownGame": "registry", "games": "registry", "get": "registry", "load_cards": "registry",
    "new_game": "registry", "register": "registry",
    "CardView": "view", "View": "view", "ZoneView": "view",
    "NOBODY": "zones", "Card": "zones", "Zone": "zones", "deal": "zones",
    "plural": "words",
}
"""Which module defines each name: they are imported on first use (PEP 562), so a caller
that needs one part of the engine (``cardtable --list`` reads only ``engine.index``) does
not pay for the rest."""


def __getattr__(name: str) -> object:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'cardtable.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"cardtable.engine.{module}"), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from cardtable.engine.choices import BACK, Choices, Kind, Pending
    from cardtable.engine.core import Action, CustomDeck, Decision, IllegalAction, Option, Outcome, Setup, SetupError
    from cardtable.engine.deck_rules import DeckRules
    from cardtable.engine.game import Game
    from cardtable.engine.log import LeakError, Log, LogEntry
    from cardtable.engine.playout import GameTooLong, play_random
    from cardtable.engine.registry import UnknownGame, games, get, load_cards, new_game, register
    from cardtable.engine.view import CardView, View, ZoneView
    from cardtable.engine.words import plural
    from cardtable.engine.zones import NOBODY, Card, Zone, deal

__all__ = [
    "BACK",
    "Action",
    "Card",
    "CardView",
    "Choices",
    "CustomDeck",
    "Decision",
    "DeckRules",
    "Game",
    "GameTooLong",
    "IllegalAction",
    "Kind",
    "LeakError",
    "Log",
    "LogEntry",
    "NOBODY",
    "Option",
    "Outcome",
    "Pending",
    "Setup",
    "SetupError",
    "UnknownGame",
    "View",
    "Zone",
    "ZoneView",
    "deal",
    "games",
    "get",
    "load_cards",
    "new_game",
    "play_random",
    "plural",
    "register",
]
