"""How the app looks and what the command palette offers: the themes we offer, the suit
colours (two- or four-colour deck) and the palette's commands.

* ``OFFERED_THEMES``: the Textual themes in which every text and card keeps a contrast of at
  least 4.5:1 (``tests/ui/test_contrast.py`` measures each one); the others are taken out of
  the app (``offer_themes``) so the palette never offers them.
* ``card_ink(defn, cardset)``: the one place a card's ink colour is chosen. With the
  four-colour deck on, a card with a ``suit`` (Cold War's poker deck) is drawn ♠ black,
  ♥ red, ♦ blue, ♣ green (``SUIT_COLOURS``), for players who tell red from black badly;
  otherwise the card file's colour.
* ``legible_filter()``: a Textual line filter that keeps every text on screen at 4.5:1 or
  more against its background, in every theme (a theme's accent on its panel, a card
  file's ink on a theme's background, the highlighted option, dim text), and in a
  16-colour terminal judges the colours the terminal will really show.
* ``palette_commands(app, screen)``: the commands Ctrl+P lists on ``screen``;
  ``palette_summary`` names them for F1's keys panel.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from typing import Any

from cardtable.settings import DEFAULT_THEME

__all__ = ["OFFERED_THEMES", "DEFAULT_THEME", "SUIT_COLOURS", "card_ink", "suit_colour", "set_four_colour_deck", "four_colour_deck", "offer_themes", "palette_commands", "palette_summary", "SETTING_NAMES"]

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
_sixteen: bool | None = None
"""``None`` in a terminal with 256 or more colours; in one with 16, True when its theme is
dark (``set_sixteen_colours``)."""

SIXTEEN_INKS = {True: {"red": "bright_red", "hearts": "bright_red", "diamonds": "bright_cyan", "clubs": "bright_green"},
                False: {"red": "red", "hearts": "red", "diamonds": "blue", "clubs": "green"}}
"""Card inks in a 16-colour terminal (dark theme → True), by colour name or, with the
four-colour deck, by suit; other inks are the terminal's own text colour. The card face is
then the terminal's background: a cream face would be downgraded to a grey that no ink
reads on."""


def four_colour_deck() -> bool:
    """True while the four-colour deck is on (set by the app from the settings)."""
    return _four_colour


def set_four_colour_deck(on: bool) -> None:
    """Turn the four-colour deck on or off for this process (the app calls it)."""
    global _four_colour
    _four_colour = bool(on)


def sixteen_colours() -> bool | None:
    """``None`` with 256 colours or more; in a 16-colour terminal, whether its theme is dark."""
    return _sixteen


def set_sixteen_colours(dark: bool | None) -> None:
    """Say that the terminal shows only 16 colours (``dark``: its theme is dark), or, with
    ``None``, that it shows more (the app calls it at start)."""
    global _sixteen
    _sixteen = dark


def card_face(cardset: Any) -> str | None:
    """The colour of a card's face: the card file's ``table.face``, or ``None`` (the
    terminal's background) in a 16-colour terminal or without a card set."""
    if cardset is None or _sixteen is not None:
        return None
    return cardset.table.get("face")


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
    if _sixteen is not None:
        inks = SIXTEEN_INKS[_sixteen]
        suit = get("suit") if get is not None else None
        return inks.get(suit) if _four_colour and suit else inks.get(defn.colour or "")
    ink = suit_colour(get("suit")) if get is not None else None
    if ink is not None:
        return ink
    return cardset.colour_hex(defn.colour) if cardset is not None else None


MIN_CONTRAST = 4.6
"""The contrast ``LegibleFilter`` gives every text against the background it sits on
(WCAG AA asks 4.5:1; a little more leaves room for rounding in terminals)."""


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
        on = app.setting_on(name)  # what holds now: --ascii turns ASCII on without the setting
        yield SystemCommand(f"{title}: turn {'off' if on else 'on'}", f"Now on. {_SETTING_HELP[name]}" if on else _SETTING_HELP[name], partial(app.toggle_setting, name))
    for label, seconds in _PACES:
        if abs(app.settings.computer_pace - seconds) > 1e-9:
            yield SystemCommand(f"Computer pace: {label}", f"Computer players' moves stay announced {seconds:g} s before they are played", partial(app.change_setting, computer_pace=seconds))
    yield SystemCommand("Quit", "Close cardtable (every game is saved)", app.action_quit)


def palette_summary(app: Any, screen: Any) -> str:
    """What Ctrl+P offers on ``screen`` now, in a few words for F1's keys panel: the
    palette's command titles (``palette_commands``) in their order, each once, a title's
    part before ``:`` only (``"Computer pace: quick"`` and ``"Computer pace: slow"`` are
    "computer pace"), e.g. ``"Commands: rules, log, leave, keys, theme, four-colour deck,
    ASCII only, computer pace, quit"``. Built from the same list, so the two always agree."""
    names: list[str] = []
    for command in palette_commands(app, screen):
        name = command.title.split(":", 1)[0].strip()
        name = name if name[:2].isupper() else name[:1].lower() + name[1:]  # "ASCII only" keeps its capitals
        if name not in names:
            names.append(name)
    return "Commands: " + ", ".join(names)


_SETTING_HELP = {
    "four_colour_deck": "Suits in four colours: spades black, hearts red, diamonds blue, clubs green",
    "ascii": "Draw only ASCII letters, for console fonts without card suits and box lines",
}
_PACES = (("quick", 0.3), ("normal", 0.8), ("slow", 1.6))


def _rgb_luminance(rgb: tuple[int, int, int]) -> float:
    def linear(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])


def _rgb_contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    high, low = sorted((_rgb_luminance(a), _rgb_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _blend(a: tuple[int, int, int], b: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * f), round(a[1] + (b[1] - a[1]) * f), round(a[2] + (b[2] - a[2]) * f))


def legible_ink(ink: tuple[int, int, int], paper: tuple[int, int, int], dim: float | None = None, target: float = MIN_CONTRAST) -> tuple[int, int, int]:
    """``ink`` (RGB) moved towards white or black, whichever contrasts more with ``paper``,
    in steps of 5% until it keeps ``target`` against ``paper`` (also when drawn dim,
    blended towards the paper by ``dim``); ``ink`` itself when it already does. Used for
    card inks drawn on a theme's background (``LegibleFilter``)."""
    toward = (255, 255, 255) if _rgb_contrast((255, 255, 255), paper) >= _rgb_contrast((0, 0, 0), paper) else (0, 0, 0)
    for step in range(21):
        candidate = _blend(ink, toward, step / 20)
        shown = _blend(paper, candidate, dim) if dim is not None else candidate
        if _rgb_contrast(shown, paper) >= target:
            return candidate
    return toward


FOCUS_CONTRAST = 3.0
"""The contrast the focused control's block keeps against the form around it (WCAG 2.2's
2.4.13 asks 3:1 of a focus indicator); the setup screen's focus was a 5% tint (a fresh
tester could not see it)."""


def focus_colour(accent: tuple[int, int, int], *papers: tuple[int, int, int]) -> tuple[int, int, int]:
    """The block colour of the control with the keyboard's focus: the theme's ``accent`` (RGB),
    moved towards white or black (``legible_ink``) until it keeps ``FOCUS_CONTRAST`` against
    each of ``papers`` (the theme's background and surface; all dark or all light, so every
    step moves the same way). E.g. textual-dark's orange accent stays as it is (8.5:1 on its
    surface); textual-light's (1.4:1) is darkened to a brown."""
    colour = accent
    for _ in range(2):  # a step for one paper never loses contrast on the other
        for paper in papers:
            colour = legible_ink(colour, paper, target=FOCUS_CONTRAST)
    return colour


_DECORATION = re.compile(r"[\s\u2500-\u259f]+")
"""Box lines, blocks and shades only (borders, card backs, scroll bars): not text, left as drawn."""


_BOX_LINES = re.compile(r"[\s\u2500-\u257f\u2581\u2594\u258f\u2595]+")
"""The lines of borders and frames (box drawing, and the one-eighth blocks of Textual's
``vkey``, ``tall`` and ``wide`` borders); not shades or full blocks (card backs, bars)."""

BORDER_CONTRAST = 3.0
"""The contrast of a border against its background in a light theme (WCAG 2.1's 1.4.11 asks
3:1 of what outlines a control): light themes' own panel colours sit at 1.04–1.3:1 on their
background and their accents at 1.5–2.7:1, so a panel's frame vanished (issue 14's tester)."""


def _filter_class() -> type:
    """``LegibleFilter``, made on first use so that importing this module needs no Textual."""
    from functools import lru_cache

    from rich.color import Color as RichColor
    from rich.segment import Segment
    from rich.style import Style
    from textual.constants import DIM_FACTOR
    from textual.filter import LineFilter

    def rgb(colour: Any) -> tuple[int, int, int] | None:
        if colour is None or colour.triplet is None:
            return None
        return tuple(colour.triplet)  # type: ignore[return-value]

    from rich.color import ColorSystem

    @lru_cache(4096)
    def in_256(colour: tuple[int, int, int]) -> tuple[int, int, int]:
        """``colour`` as a 256-colour terminal shows it (Rich's nearest of its palette)."""
        return tuple(RichColor.from_rgb(*colour).downgrade(ColorSystem.EIGHT_BIT).get_truecolor())  # type: ignore[return-value]

    def contrast(ink: tuple[int, int, int], paper: tuple[int, int, int], eight_bit: bool) -> float:
        return _rgb_contrast(in_256(ink), in_256(paper)) if eight_bit else _rgb_contrast(ink, paper)

    @lru_cache(4096)
    def fixed(style: Style, background: tuple[int, int, int], target: float = MIN_CONTRAST, eight_bit: bool = False) -> Style:
        """``style`` with its ink moved until it keeps ``target`` on its paper; with
        ``eight_bit``, judged on the colours a 256-colour terminal shows (each moved to the
        nearest of its palette: a grey that kept 4.6:1 on nord's teal kept 2.8:1 there)."""
        reverse = bool(style.reverse)
        ink_colour, paper_colour = (style.bgcolor, style.color) if reverse else (style.color, style.bgcolor)
        ink = rgb(ink_colour)
        paper = rgb(paper_colour) if paper_colour is not None else (None if reverse else background)
        if ink is None or paper is None:
            return style
        dim = DIM_FACTOR if style.dim else None
        shown = _blend(paper, ink, dim) if dim is not None else ink
        if contrast(shown, paper, eight_bit) >= target:
            return style
        aim = target
        better = legible_ink(ink, paper, dim, aim)
        while eight_bit and aim < 21:  # the palette's nearest colours may still be too close: aim higher
            drawn = _blend(paper, better, dim) if dim is not None else better
            if contrast(drawn, paper, eight_bit) >= target:
                break
            aim += 0.5
            better = legible_ink(ink, paper, dim, aim)
        colour = RichColor.from_rgb(*better)
        return style + (Style(bgcolor=colour) if reverse else Style(color=colour))

    @lru_cache(4096)
    def snapped(style: Style, background: tuple[int, int, int], terminal: Any) -> Style:
        """In a 16-colour terminal: the ink as white or black when the terminal's nearest
        colours of ink and paper are too close (a blend would be downgraded unpredictably)."""
        reverse = bool(style.reverse)
        ink_colour, paper_colour = (style.bgcolor, style.color) if reverse else (style.color, style.bgcolor)
        if ink_colour is None:
            return style
        paper_colour = paper_colour if paper_colour is not None else RichColor.from_rgb(*background)

        def shown(colour: Any) -> tuple[int, int, int]:
            return tuple(colour.downgrade(ColorSystem.STANDARD).get_truecolor(terminal))  # type: ignore[return-value]

        ink, paper = shown(ink_colour), shown(paper_colour)
        if style.dim:
            ink = _blend(paper, ink, DIM_FACTOR)
        if _rgb_contrast(ink, paper) >= MIN_CONTRAST:
            return style
        white, black = RichColor.parse("bright_white"), RichColor.parse("black")
        best = max((white, black), key=lambda c: _rgb_contrast(shown(c), paper))
        return style + (Style(bgcolor=best) if reverse else Style(color=best)) + Style(dim=False)

    class LegibleFilter(LineFilter):
        """A Textual line filter that keeps every text on screen at ``MIN_CONTRAST`` or more
        against its background: a segment whose ink (its colour, or its background when
        reversed; dimmed as Textual dims) is too close to its paper gets an ink moved towards
        white or black (``legible_ink``). Card files choose inks for their own card face;
        drawn on a theme's background instead they may vanish (a dark green name on a dark
        theme): this keeps them readable in every theme. Space-only segments are left."""

        terminal: Any = None
        """The terminal's 16 colours (a Rich ``TerminalTheme``) in a 16-colour terminal, else ``None``."""
        eight_bit = False
        """True in a 256-colour terminal (tmux, screen, many SSH sessions): contrast is judged
        on the palette colours it will show (``CardtableApp.get_line_filters`` sets it)."""
        borders: float | None = None
        """The contrast box lines are given (``BORDER_CONTRAST`` in a light theme), or ``None``:
        left as drawn (``CardtableApp.get_line_filters`` sets it)."""

        def apply(self, segments: list[Segment], background: Any) -> list[Segment]:
            paper = (background.r, background.g, background.b)
            terminal, borders, eight_bit = self.terminal, self.borders, self.eight_bit
            out = []
            for text, style, control in segments:
                if style is not None and not control and text.strip():
                    if not _DECORATION.fullmatch(text):
                        style = fixed(style, paper, MIN_CONTRAST, eight_bit) if terminal is None else snapped(style, paper, terminal)
                    elif borders is not None and terminal is None and _BOX_LINES.fullmatch(text):
                        style = fixed(style, paper, borders, eight_bit)
                out.append(Segment(text, style, control))
            return out

    return LegibleFilter


_filter: Any = None


def legible_filter() -> Any:
    """The one ``LegibleFilter`` of this process (the app adds it to its line filters)."""
    global _filter
    if _filter is None:
        _filter = _filter_class()()
    return _filter
