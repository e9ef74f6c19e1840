"""The players of the last game set up for each game, offered again by the setup screen.

Kept in ``<home>/recent-players.json`` (``<home>`` is ``saves.home_dir()``) as
``{"<game id>": {"players": ["Ann", "Bob", ...], "seats": {"<option key>": [value, ...]}}}``:
the names in seat order and, for the game's per-seat options (e.g. Combat Cards armies), each
seat's choice in its save-file form. An older file's ``{"<game id>": ["Ann", ...]}`` still
reads (names only). It only saves typing: a missing, unreadable or damaged file counts as
empty and is replaced at the next start, and a failed write is
reported by ``remember_players`` (the game itself is saved elsewhere).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cardtable.engine import files
from cardtable.engine.core import _option_from_json, _option_to_json
from cardtable.engine.saves import home_dir

__all__ = ["KIND_KEY", "last_players", "last_seat_options", "remember_players"]

KIND_KEY = "_player"
"""The key under which the last game's kinds of player (``""`` a person, else a computer
player's level, one a seat) are remembered with its seat options."""


def _path() -> Path:
    return home_dir() / "recent-players.json"


def _names_ok(names: Any) -> bool:
    return isinstance(names, list) and all(isinstance(n, str) for n in names)


def _read() -> dict[str, dict[str, Any]]:
    """``{game id: {"players": [...], "seats": {...}}}``; entries of the wrong shape are dropped."""
    try:
        data = json.loads(_path().read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    if not isinstance(data, dict):
        return {}
    out: dict[str, dict[str, Any]] = {}
    for game_id, entry in data.items():
        if _names_ok(entry):  # the older form: names only
            out[game_id] = {"players": entry, "seats": {}}
        elif isinstance(entry, dict) and _names_ok(entry.get("players")):
            seats = entry.get("seats")
            seats = {k: v for k, v in seats.items() if isinstance(v, list)} if isinstance(seats, dict) else {}
            out[game_id] = {"players": entry["players"], "seats": seats}
    return out


def last_players(game_id: str) -> tuple[str, ...] | None:
    """The names of the last game of ``game_id`` started here (seat order), or ``None``."""
    entry = _read().get(game_id)
    return tuple(entry["players"]) if entry and entry["players"] else None


def last_seat_options(game_id: str) -> dict[str, tuple[Any, ...]]:
    """The per-seat option values of that last game, ``{option key: (seat 1's, seat 2's...)}``
    (values as ``Setup.options`` holds them; a value that no longer reads is ``None``).
    Empty when nothing is remembered."""
    entry = _read().get(game_id)
    if not entry:
        return {}
    out: dict[str, tuple[Any, ...]] = {}
    for key, values in entry["seats"].items():
        seat_values = []
        for value in values:
            try:
                seat_values.append(_option_from_json(value))
            except (ValueError, TypeError):
                seat_values.append(None)
        out[key] = tuple(seat_values)
    return out


def remember_players(game_id: str, names: Sequence[str], seat_options: Mapping[str, Sequence[Any]] | None = None) -> str | None:
    """Remember ``names`` (seat order) and the per-seat option values ``seat_options``
    (``{key: one value per seat}``) for ``game_id``'s next setup (file mode 0600, replaced
    atomically). Never raises: returns one line saying why they could not be remembered
    (a full disk, a read-only folder), else ``None``; the old file is kept."""
    data = _read()
    seats: dict[str, list[Any]] = {}
    for key, values in (seat_options or {}).items():
        try:
            seats[key] = [_option_to_json(v) for v in values]
        except (TypeError, ValueError):
            continue
    data[game_id] = {"players": list(names), "seats": seats}
    try:
        files.write_private(_path(), json.dumps(data, ensure_ascii=False, indent=1))
    except OSError as err:
        return f"The players could not be remembered for next time ({files.reason(err)})."
    return None
