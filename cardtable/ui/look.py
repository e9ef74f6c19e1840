"""How the app looks and what the command palette offers: the themes we offer, the suit
colours (two- or four-colour deck) and the palette's commands.

* ``OFFERED_THEMES``: the Textual themes in which every text and card keeps a contrast of at
  least 4.5:1 (``tests/ui/test_contrast.py`` measures each one); the others are taken out of
  the app (``offer_themes``) so the palette never offers them.
* ``card_ink(defn, cardset)``: the one place a card's ink colour is chosen. With the
  four-colour deck on, a card with a ``suit`` (Cold War's poker deck) is drawn ♠ black,
  ♥ red, ♦ blue, ♣ green (``SUIT_COLOURS``), for players who tell red from black badly;
  otherwise the card file's colour.
* ``palette_commands(app, screen)``: the commands Ctrl+P lists on ``screen``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from cardtable.settings import DEFAULT_THEME

__all__ = ["OFFERED_THEMES", "DEFAULT_THEME", "SUIT_COLOURS", "card_ink", "suit_colour", "set_four_colour_deck", "four_colour_deck", "offer_themes", "palette_commands", "SETTING_NAMES"]

OFFERED_THEMES: tuple[str, ...] = (
    "textual-dark",
    "textual-light",
    "nord",
    "gruvbox",
    "catppuccin-mocha",
    "catppuccin-latte",
    "dracula",
    "tokyo-night",
    "monokai",
    "flexoki",
    "solarized-light",
    "solarized-dark",
    "rose-pine",
    "rose-pine-moon",
    "rose-pine-dawn",
    "atom-one-dark",
    "atom-one-light",
    "catppuccin-frappe",
    "catppuccin-macchiato",
    "ansi-dark",
    "ansi-light",
)
"""The themes the palette offers (each passes ``tests/ui/test_contrast.py``)."""

SUIT_COLOURS: dict[str, str] = {
    "spades": "#1f2a30",
    "hearts": "#b71c1c",
    "diamonds": "#0d47a1",
    "clubs": "#1b5e20",
}
"""The four-colour deck's inks (♠ black, ♥ red, ♦ blue, ♣ green), each at least 4.5:1 on the
cream card face of ``cards_data/cold-war.yaml``."""

SETTING_NAMES = {"four_colour_deck": "Four-colour deck", "ascii": "ASCII only"}
"""The on/off settings as the palette and its toasts name them."""

_four_colour = False


def four_colour_deck() -> bool:
    """True while the four-colour deck is on (set by the app from the settings)."""
    return _four_colour


def set_four_colour_deck(on: bool) -> None:
    """Turn the four-colour deck on or off for this process (the app calls it)."""
    global _four_colour
    _four_colour = bool(on)


def suit_colour(suit: str | None) -> str | None:
    """The four-colour deck's ink of ``suit`` (``"hearts"`` …), or ``None`` when the
    four-colour deck is off or the card has no suit."""
    if not _four_colour or suit is None:
        return None
    return SUIT_COLOURS.get(suit)


def card_ink(defn: Any, cardset: Any) -> str | None:
    """The ink (``#rrggbb``) a card face is drawn in: its suit's colour with the four-colour
    deck on, else the card file's colour for it; ``None`` draws it in the theme's text colour.
    ``defn`` is a ``CardDef``, ``cardset`` its ``CardSet`` (or ``None``)."""
    get = getattr(defn, "get", None)
    ink = suit_colour(get("suit")) if get is not None else None
    if ink is not None:
        return ink
    return cardset.colour_hex(defn.colour) if cardset is not None else None


def offer_themes(app: Any) -> None:
    """Take every theme we do not offer out of ``app`` (Textual's palette lists the rest)."""
    for name in list(app.available_themes):
        if name not in OFFERED_THEMES:
            app.unregister_theme(name)


_SCREEN_COMMANDS = (
    ("rules", "Rules", "Read the rules of this game (?)"),
    ("toggle_log", "Log", "Show or hide the game log (l)"),
    ("undo", "Undo", "Take back the last move (u)"),
    ("leave", "Leave", "Leave this game; it is saved after every move (q)"),
)


def palette_commands(app: Any, screen: Any) -> Iterator[Any]:
    """The command palette's ``SystemCommand``s on ``screen``: the screen's own commands that
    work now (``check_action``), the keys panel (F1), the theme, the four-colour deck, ASCII
    mode, the computer players' pace and quit."""
    from textual.app import SystemCommand

    for action, title, help_text in _SCREEN_COMMANDS:
        if callable(getattr(screen, f"action_{action}", None)) and screen.check_action(action, ()) is not False:
            yield SystemCommand(title, help_text, getattr(screen, f"action_{action}"))
    yield SystemCommand("Keys", "Show or hide every key of this screen (F1)", app.action_toggle_keys)
    yield SystemCommand("Theme", f"Change the colours (now {app.theme}); the choice is saved", app.action_change_theme)
    for name, title in SETTING_NAMES.items():
        state = "on" if getattr(app.settings, name) else "off"
        yield SystemCommand(f"{title}: turn {'off' if state == 'on' else 'on'}", _SETTING_HELP[name], partial(app.toggle_setting, name))
    for label, seconds in _PACES:
        if abs(app.settings.computer_pace - seconds) > 1e-9:
            yield SystemCommand(f"Computer pace: {label}", f"Computer players' moves stay announced {seconds:g} s before they are played", partial(app.change_setting, computer_pace=seconds))
    yield SystemCommand("Quit", "Close cardtable (every game is saved)", app.action_quit)


_SETTING_HELP = {
    "four_colour_deck": "Suits in four colours: spades black, hearts red, diamonds blue, clubs green",
    "ascii": "Draw only ASCII letters, for console fonts without card suits and box lines",
}
_PACES = (("quick", 0.3), ("normal", 0.8), ("slow", 1.6))
