"""Small helpers for the sentences games and screens show: counts with the right noun form.

Nothing here imports textual or rich; rules files and screens share it.
"""

from __future__ import annotations

__all__ = ["plural"]


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word`` in the right number: ``plural(1, "card")`` is ``"1 card"``,
    ``plural(2, "card")`` ``"2 cards"``, ``plural(0, "point")`` ``"0 points"``.

    ``many`` is the plural when it is not ``word + "s"`` (``plural(2, "copy", "copies")``).
    Only exactly 1 (or -1) takes the singular; ``count`` is written as given.
    """
    if count in (1, -1):
        return f"{count} {word}"
    return f"{count} {many if many is not None else word + 's'}"
