"""The game-agnostic core (DESIGN §2–4): decisions and actions, zones and visibility, views,
the log, the registry, random playouts, save files and the play session.

Nothing here imports textual or rich.
"""

from cardtable.engine.core import Action, CustomDeck, Decision, IllegalAction, Option, Outcome, Setup, SetupError
from cardtable.engine.game import Game
from cardtable.engine.log import LeakError, Log, LogEntry
from cardtable.engine.playout import GameTooLong, play_random
from cardtable.engine.registry import UnknownGame, games, get, load_cards, new_game, register
from cardtable.engine.view import CardView, View, ZoneView
from cardtable.engine.words import plural
from cardtable.engine.zones import NOBODY, Card, Zone

__all__ = [
    "Action",
    "Card",
    "CardView",
    "CustomDeck",
    "Decision",
    "Game",
    "GameTooLong",
    "IllegalAction",
    "LeakError",
    "Log",
    "LogEntry",
    "NOBODY",
    "Option",
    "Outcome",
    "Setup",
    "SetupError",
    "UnknownGame",
    "View",
    "Zone",
    "ZoneView",
    "games",
    "get",
    "load_cards",
    "new_game",
    "play_random",
    "plural",
    "register",
]
