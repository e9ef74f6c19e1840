"""The players of the last game set up for each game, offered again by the setup screen.

Kept in ``<home>/recent-players.json`` (``<home>`` is ``saves.home_dir()``) as
``{"<game id>": ["Ann", "Bob", ...]}``. It only saves typing: a missing, unreadable or
damaged file counts as empty and is replaced at the next start, and a failed write is
reported by ``remember_players`` (the game itself is saved elsewhere).
"""

from __future__ import annotations

import json
from pathlib import Path

from cardtable.engine import files
from cardtable.engine.saves import home_dir

__all__ = ["last_players", "remember_players"]


def _path() -> Path:
    return home_dir() / "recent-players.json"


def _read() -> dict[str, list[str]]:
    try:
        data = json.loads(_path().read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, list) and all(isinstance(n, str) for n in v)}


def last_players(game_id: str) -> tuple[str, ...] | None:
    """The names of the last game of ``game_id`` started here (seat order), or ``None``."""
    names = _read().get(game_id)
    return tuple(names) if names else None


def remember_players(game_id: str, names: tuple[str, ...] | list[str]) -> str | None:
    """Remember ``names`` (seat order) for ``game_id``'s next setup (file mode 0600,
    replaced atomically). Never raises: returns one line saying why they could not be
    remembered (a full disk, a read-only folder), else ``None``; the old file is kept."""
    data = _read()
    data[game_id] = list(names)
    try:
        files.write_private(_path(), json.dumps(data, ensure_ascii=False, indent=1))
    except OSError as err:
        return f"The players could not be remembered for next time ({files.reason(err)})."
    return None
