"""The registry of games and where their data lives.

Every module in ``cardtable.games`` registers its controller with ``@register``; the CLI,
the menu and the tests all read the same registry. Card files are found in a custom
folder first (``--cards-dir`` / ``CARDTABLE_CARDS``), then in the bundled ``cards_data``
(inside the installed package, or at the repository root in a source checkout).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from pathlib import Path
from typing import Any

from cardtable.cards import CardDataError, CardSet, load_cardset
from cardtable.engine.core import Setup, SetupError
from cardtable.engine.game import Game

__all__ = [
    "UnknownGame",
    "register",
    "games",
    "get",
    "bundled_data_dir",
    "cards_path",
    "rules_path",
    "load_cards",
    "new_game",
    "default_names",
]

_GAMES: dict[str, type[Game]] = {}
_DISCOVERED = False
_CACHE: dict[tuple[str, str, float], CardSet] = {}

DEFAULT_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fin", "Gus", "Hal")


class UnknownGame(LookupError):
    """No game has this id; the message names the valid ids."""


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: add a game controller to the registry under ``cls.id``."""
    if not cls.id:
        raise ValueError(f"{cls.__name__} has no id")
    existing = _GAMES.get(cls.id)
    if existing is not None and existing is not cls and existing.__qualname__ != cls.__qualname__:
        raise ValueError(f"two games share the id {cls.id!r}")
    _GAMES[cls.id] = cls
    return cls


def _discover() -> None:
    global _DISCOVERED
    if _DISCOVERED:
        return
    import cardtable.games as package

    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"{package.__name__}.{info.name}")
    _DISCOVERED = True


def games() -> list[type[Game]]:
    """Every registered game, in menu order."""
    _discover()
    return sorted(_GAMES.values(), key=lambda g: (g.order, g.id))


def get(game_id: str) -> type[Game]:
    """The controller class for ``game_id``. Raises ``UnknownGame`` naming the valid ids."""
    _discover()
    try:
        return _GAMES[game_id]
    except KeyError:
        valid = ", ".join(g.id for g in games())
        raise UnknownGame(f"unknown game '{game_id}' (choose from: {valid})") from None


def bundled_data_dir() -> Path:
    """The bundled ``cards_data`` folder: in the wheel, or at the checkout's root."""
    here = Path(__file__).resolve().parent.parent
    inside = here / "cards_data"
    if inside.is_dir():
        return inside
    return here.parent / "cards_data"


def _custom_dir(cards_dir: str | os.PathLike[str] | None) -> Path | None:
    chosen = cards_dir if cards_dir is not None else os.environ.get("CARDTABLE_CARDS") or None
    return Path(chosen) if chosen else None


def cards_path(game_id: str, cards_dir: str | os.PathLike[str] | None = None) -> tuple[Path, str]:
    """Where ``game_id``'s card file is, and how to name it in messages."""
    custom = _custom_dir(cards_dir)
    if custom is not None:
        candidate = custom / f"{game_id}.yaml"
        if candidate.is_file():
            return candidate, str(candidate.resolve())
    return bundled_data_dir() / f"{game_id}.yaml", f"cards_data/{game_id}.yaml"


def rules_path(game_id: str) -> Path:
    """The Markdown rules of a game (bundled ``cards_data/<id>.md``)."""
    return bundled_data_dir() / f"{game_id}.md"


def load_cards(game_id: str, cards_dir: str | os.PathLike[str] | None = None) -> CardSet:
    """Load and validate ``game_id``'s card set (cached while the file is unchanged).

    Raises ``UnknownGame`` or ``CardDataError``.
    """
    cls = get(game_id)
    path, shown = cards_path(game_id, cards_dir)
    try:
        stamp = path.stat().st_mtime
    except OSError:
        raise CardDataError(shown, None, "card file not found") from None
    key = (game_id, str(path), stamp)
    cached = _CACHE.get(key)
    if cached is None:
        cached = load_cardset(path, shown=shown, game=game_id, check_card=cls.check_card, check_set=cls.check_cardset)
        _CACHE[key] = cached
    return cached


def load_cards_file(game_id: str, path: str | os.PathLike[str]) -> CardSet:
    """Load a specific card file for ``game_id`` with the game's own checks."""
    cls = get(game_id)
    return load_cardset(path, shown=str(path), game=game_id, check_card=cls.check_card, check_set=cls.check_cardset)


def default_names(count: int) -> tuple[str, ...]:
    """Sensible default player names for ``count`` seats."""
    names = list(DEFAULT_NAMES[:count])
    while len(names) < count:
        names.append(f"Player {len(names) + 1}")
    return tuple(names)


def new_game(
    game_id: str,
    players: int | list[str] | tuple[str, ...] | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    cards_dir: str | os.PathLike[str] | None = None,
) -> Game:
    """Start a game: ``players`` is a count (default names) or the names in seat order.

    Options not given take their defaults. Raises ``UnknownGame``, ``SetupError`` or
    ``CardDataError``.
    """
    cls = get(game_id)
    if players is None:
        players = cls.min_players
    names = default_names(players) if isinstance(players, int) else tuple(players)
    if not cls.min_players <= len(names) <= cls.max_players:
        raise SetupError(f"{cls.title} needs {cls.player_range()} players, got {len(names)}")
    merged = cls.default_options(len(names))
    merged.update(options or {})
    return cls(load_cards(game_id, cards_dir), Setup(names, merged), seed)
