"""Small pictures of statistics drawn with rich: a win-rate bar and a results strip.

Shared by ``cardtable stats`` and the Statistics screen; no Textual here. Colour is never
the only carrier of meaning: the bar's length and its percentage say the same thing.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

__all__ = ["rate_bar", "results_strip"]

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
