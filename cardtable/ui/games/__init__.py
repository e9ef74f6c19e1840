"""Per-game table screens. ``table_screen_for(game_id)`` finds the module named after the
game (``cold-war`` → ``cardtable.ui.games.cold_war``) and its ``SCREEN`` class, falling back
to the generic ``TableScreen`` so every registered game is playable."""

from __future__ import annotations

import importlib

from cardtable.ui.table import TableScreen

__all__ = ["table_screen_for"]


def table_screen_for(game_id: str) -> type[TableScreen]:
    """The screen class that draws ``game_id``'s table."""
    module_name = f"{__name__}.{game_id.replace('-', '_')}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name != module_name:
            raise
        return TableScreen
    return getattr(module, "SCREEN", TableScreen)

