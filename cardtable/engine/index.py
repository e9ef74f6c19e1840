"""The games as the menu and ``cardtable --list`` describe them, read from a small table
(``cardtable/games/index.json``) without importing any game (docs/architecture.md, lazy
start). A game's module is imported only when it is played (``registry.get``).

This module imports only the standard library, so listing the games costs a table read.
"""

from __future__ import annotations

import importlib.util
import sys
import json
from pathlib import Path

__all__ = ["GameInfo", "game_infos", "keeps_best", "short_title", "GAMES_PACKAGE"]

GAMES_PACKAGE = "cardtable.games"
"""Where game modules live (each registers its class with ``@register`` on import)."""


class GameInfo:
    """One game's menu entry: ``id``, the ``module`` that defines it, ``title``,
    ``summary``, player counts ``min_players``–``max_players``, menu ``order`` and
    ``keeps_best``: whether the statistics keep each player's best final score (their
    "Best"). The table alone says it (key ``"keeps_best"``, default ``true``), because it is
    about how the statistics read a game's scores, not a rule: FOFL's score is the toughness
    left on one's own Website, of two sides that start with different toughness and 0 in
    every game lost, so a best of it measures nothing (cards_data/fofl.md, "Statistics").
    ``short_title``: the name players use where the whole title does not fit (a narrow
    title line, the statistics' game column): key ``"short_title"``, default the title."""

    __slots__ = ("id", "module", "title", "summary", "min_players", "max_players", "order", "keeps_best", "short_title")

    def __init__(self, id: str, module: str, title: str, summary: str, min_players: int, max_players: int, order: int, keeps_best: bool = True, short_title: str | None = None) -> None:
        self.id, self.module, self.title, self.summary = id, module, title, summary
        self.min_players, self.max_players, self.order = min_players, max_players, order
        self.keeps_best = keeps_best
        self.short_title = title if short_title is None else short_title

    @classmethod
    def of(cls, game: type) -> GameInfo:
        """The entry of a game class (one registered at run time, e.g. a test's game)."""
        return cls(game.id, game.__module__, game.title, game.summary, game.min_players, game.max_players, game.order)

    def player_range(self) -> str:
        """``"2"`` or ``"2–6"``, as ``Game.player_range``."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}–{self.max_players}"

    def __repr__(self) -> str:
        return f"GameInfo({self.id!r})"


def _table_path() -> Path:
    spec = importlib.util.find_spec(GAMES_PACKAGE)  # finds the folder; runs no game code
    assert spec is not None and spec.submodule_search_locations is not None
    return Path(next(iter(spec.submodule_search_locations))) / "index.json"


_TABLE: dict[str, GameInfo] | None = None


def indexed() -> dict[str, GameInfo]:
    """The table's entries by game id (read once). Raises ``RuntimeError`` naming the file
    when the table is damaged (it ships with the program)."""
    global _TABLE
    if _TABLE is None:
        path = _table_path()
        try:
            rows = json.loads(path.read_text(encoding="utf-8"))["games"]
            table = {
                row["id"]: GameInfo(row["id"], row["module"], row["title"], row["summary"], row["players"][0], row["players"][1], row["order"], bool(row.get("keeps_best", True)), row.get("short_title"))
                for row in rows
            }
        except (OSError, KeyError, IndexError, TypeError, ValueError) as err:
            raise RuntimeError(f"the game table {path} is damaged ({err})") from None
        _TABLE = table
    return _TABLE


def keeps_best(game_id: str) -> bool:
    """Whether the statistics keep a best score for ``game_id`` (``GameInfo.keeps_best``;
    ``True`` for a game the table does not list, e.g. one a test registers)."""
    info = indexed().get(game_id)
    return True if info is None else info.keeps_best


def short_title(game_id: str) -> str | None:
    """The short name of ``game_id`` (``GameInfo.short_title``), or ``None`` for a game
    the table does not list (e.g. one a test registers)."""
    info = indexed().get(game_id)
    return None if info is None else info.short_title


def game_infos() -> list[GameInfo]:
    """Every game in menu order: the table's, plus any registered at run time that it does
    not list (then the registry is already loaded)."""
    infos = dict(indexed())
    registry = sys.modules.get("cardtable.engine.registry")
    if registry is not None:
        for game_id, cls in registry._GAMES.items():
            infos[game_id] = GameInfo.of(cls)
    return sorted(infos.values(), key=lambda g: (g.order, g.id))
