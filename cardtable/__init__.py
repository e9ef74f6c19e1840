"""cardtable: a terminal table of pass-and-play card games.

Layers (see DESIGN.md): ``cardtable.cards`` loads card data, ``cardtable.engine`` is the
game-agnostic core, ``cardtable.games`` holds one rules controller per game, and
``cardtable.ui`` is the Textual app. Only ``cardtable.ui`` and ``cardtable.cli`` import
textual or rich.
"""

__version__ = "0.1.0"
