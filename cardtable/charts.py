"""Small pictures of statistics drawn with rich: a win-rate bar and a results strip.

Shared by ``cardtable stats`` and the Statistics screen; no Textual here. Colour is never
the only carrier of meaning: the bar's length and its percentage say the same thing.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

__all__ = ["level_strip", "rate_bar", "results_strip", "value_bar"]

_EIGHTHS = " ▏▎▍▌▋▊▉"


def rate_bar(rate: float, width: int = 10) -> Text:
    """A bar ``width`` cells long filled in proportion to ``rate`` (0.0–1.0, clamped), in
    eighths of a cell, on a light track, followed by the percentage: ``"█████▌░░░░  55%"``."""
    rate = max(0.0, min(1.0, rate))
    eighths = round(rate * width * 8)
    full, part = divmod(eighths, 8)
    bar = "█" * full + (_EIGHTHS[part] if part else "")
    text = Text()
    text.append(bar, style="green")
    text.append("░" * (width - len(bar)), style="dim")
    text.append(f" {rate * 100:3.0f}%")
    return text


def results_strip(results: Sequence[bool], width: int = 30) -> Text:
    """The latest ``width`` results oldest first as one cell each: ``●`` a win, ``·`` not
    (so it reads without colour too)."""
    text = Text()
    for won in list(results)[-width:]:
        text.append("●" if won else "·", style="green" if won else "dim")
    return text


_LEVELS = "▁▂▃▄▅▆▇█"


def level_strip(values: Sequence[float | None], top: float, cell: int = 1, widths: Sequence[int] | None = None) -> Text:
    """One column per value, ``cell`` characters wide (or ``widths[i]`` for the ``i``-th
    value, when given), as a block ``▁``–``█`` whose height is the value's share of ``top``
    (a scale shared by every strip of one chart, so two players' strips compare); ``0`` is a
    low dot ``.`` and ``None`` (no value: the player had left) a blank. Example:
    ``level_strip([4, 3, 1, 0], 4)`` → ``"█▆▂."``."""
    text = Text()
    top = max(float(top), 1e-9)
    for i, value in enumerate(values):
        wide = cell if widths is None else widths[i]
        if value is None:
            text.append(" " * wide)
        elif value <= 0:
            text.append("." * wide, style="dim")
        else:
            level = _LEVELS[max(0, min(7, round(min(1.0, value / top) * 8) - 1))]
            text.append(level * wide, style="bold")
    return text


def value_bar(value: float, top: float, width: int = 20) -> Text:
    """A bar ``width`` cells long at most, filled in eighths in proportion to ``value`` of
    ``top`` (both ≥ 0; clamped), without a track: ``value_bar(3, 4, 8)`` → ``"██████"``."""
    share = 0.0 if top <= 0 else max(0.0, min(1.0, value / top))
    eighths = round(share * width * 8)
    full, part = divmod(eighths, 8)
    return Text("█" * full + (_EIGHTHS[part] if part else ""), style="bold")
