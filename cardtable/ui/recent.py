"""The "Last moves" box of the roomy tables: the newest public moves, whole, as many as fit.

Every line is wrapped to the box's width (a hanging indent under its ``·``), and the box is
filled from the newest move backwards, so the latest move is always on screen, whole, as the
last line; older moves drop off the top. A move too long for the whole box keeps as many of
its first words as the box's lines hold, wrapped at words, and ends in ``…`` after a whole
word (a cut is always marked, never inside a word).

The text layouts in terminal cells that other screens share live here too: ``cell_wrap``,
``phrase_wrap`` and ``wrap_cut`` (a sentence wrapped at its words) and ``packed`` (short
entries laid out in lines, a break only between two entries).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.cells import cell_len, get_character_cell_size
from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from cardtable.ui.containers import OneLayoutPass

__all__ = ["RecentMoves", "cell_wrap", "packed", "phrase_wrap", "fit_moves", "public_moves", "wrap_cut"]

DOT = "·"
"""The bullet before each move (``--ascii`` rewires it through the glyph module)."""


def public_moves(view, count: int = 40) -> list[tuple[str, bool]]:
    """The newest ``count`` public log lines of ``view`` as ``(text, bold)`` entries, oldest first."""
    return [(e.text, False) for e in view.log if e.audience is None][-count:]


_SECOND_CELL = "\x00"
"""Stands for the second cell of a wide letter while ``cell_wrap`` measures a line."""


def cell_wrap(text: str, width: int, **options) -> list[str]:
    """``textwrap.wrap(text, width, **options)`` with the width counted in terminal cells,
    not letters: an emoji or a CJK letter takes two cells (a name such as ``Wide🐉🐉🐉🐉``
    made a wrapped news line wider than its box, and the box broke it again, its last word
    at column 0 under the bullet). The same lines as ``textwrap`` for text of one-cell
    letters. Each wide letter is followed by a stand-in for its second cell while wrapping,
    taken out after."""
    wide = any(get_character_cell_size(ch) > 1 for ch in text)
    if not wide:
        return textwrap.wrap(text, width, **options)
    spelt = "".join(ch + _SECOND_CELL * (get_character_cell_size(ch) - 1) for ch in text)
    return [line.replace(_SECOND_CELL, "") for line in textwrap.wrap(spelt, width, **options)]


def packed(entries: Sequence[str], width: int, sep: str = " · ") -> list[str]:
    """``entries`` (short strings: names, facts, a card's value and name) laid out in lines
    of at most ``width`` terminal cells (``rich.cells.cell_len``: a wide letter such as
    "漢" counts two), ``sep`` between two entries on a line, as many to a line as fit in
    order. A line breaks only between entries, never inside one (unlike ``cell_wrap``,
    which breaks a sentence at its words): an entry wider than ``width`` stands on a line
    of its own, the one kind of line wider than ``width``. An empty entry takes its place
    like any other (``["", "a"]`` at width 9 is ``[" · a"]``); no entries give no lines.

    Used for the game-over screen's facts and all-time records and for Combat Cards'
    warbands and hands in words. (Combat Cards' own copy measured letters with ``len``,
    so a name with wide letters made a line wider than its box; otherwise its lines and
    the game-over screen's were the same as these.)"""
    gap = cell_len(sep)
    lines: list[str] = []
    used = 0  # cells of lines[-1]
    for entry in entries:
        cells = cell_len(entry)
        if lines and used + gap + cells <= width:
            lines[-1] += sep + entry
            used += gap + cells
        else:
            lines.append(entry)
            used = cells
    return lines


PHRASE_ENDS = (",", ";", ":", ".", "!", "?", ")", "—")
"""What a row may end with to end at a phrase's end (``phrase_wrap``)."""


def ends_mid_phrase(row: str, following: str) -> bool:
    """Whether a wrapped ``row`` that goes on in the row ``following`` stops inside a phrase:
    it ends with no punctuation (``PHRASE_ENDS``) and ``following`` does not start with a
    dash either."""
    return not row.rstrip().endswith(PHRASE_ENDS) and not following.lstrip().startswith("—")


def phrase_wrap(text: str, width: int, **options) -> list[str]:
    """``text`` wrapped at words to at most ``width`` cells (``cell_wrap``; ``options`` as
    ``textwrap.wrap``'s, e.g. the indents), in as few rows as ``cell_wrap`` needs, but with
    the breaks at the best places those rows allow: as many rows as possible ending at a
    phrase's end (``ends_mid_phrase``: "Coin flip: HEADS — Ann is the SPY," over "Bob is
    the TARGET.", not "… the SPY, Bob is" over "the TARGET."), then no last row holding a
    single word ("… start the" over "discard pile.", not "… the discard" over "pile."),
    then the widest rows. The same rows as ``cell_wrap`` for text that fits one row."""
    best = cell_wrap(text, width, **options)
    if len(best) < 2:
        return best

    def flaws(rows: list[str]) -> tuple[int, int]:
        mid = sum(ends_mid_phrase(row, nxt) for row, nxt in zip(rows, rows[1:]))
        return mid, int(len(rows[-1].split()) == 1)

    score = flaws(best)
    for narrower in range(width - 1, max(width // 2, 1), -1):
        rows = cell_wrap(text, narrower, **options)
        if len(rows) > len(best):
            break  # fewer words a row only adds rows from here on
        if flaws(rows) < score:
            best, score = rows, flaws(rows)
    return best


def wrap_cut(text: str, width: int, rows: int, **options) -> list[str]:
    """``text`` wrapped at words to ``width`` cells (``textwrap.wrap`` ``options``, e.g. the
    indents), in at most ``rows`` lines: whole when it fits, else its first words that fit
    followed by ``" …"``, the cut after a whole word (a word wider than a line alone is
    broken, as ``textwrap`` does)."""
    rows = max(1, rows)
    lines = cell_wrap(text, width, **options) or [""]
    if len(lines) <= rows:
        return lines
    words = text.split()
    keep = len(words)
    while keep > 0 and len(cell_wrap(" ".join(words[:keep]) + " …", width, **options)) > rows:
        keep -= 1
    return cell_wrap(" ".join(words[:keep]) + " …", width, **options) if keep else ["…"]


def fit_moves(entries: Sequence[tuple[str, bool]], width: int, height: int, dot: str = DOT) -> list[Text]:
    """The lines of the newest ``entries`` (``(text, bold)``, oldest first) that fit ``height``
    lines of ``width`` cells, newest last; each entry whole (wrapped), except a single entry
    longer than the whole box, which keeps the words its lines hold and ends in ``…``
    (``wrap_cut``). Empty when the box is too small."""
    if width < 4 or height < 1:
        return []
    lines: list[Text] = []
    for text, bold in reversed(entries):  # newest first, until the box is full
        wrapped = cell_wrap(text, width - 2) or [""]
        if len(lines) + len(wrapped) > height:
            if not lines:  # the newest alone is taller than the box: its first words, marked as cut
                wrapped = wrap_cut(text, width - 2, height)
            else:
                break
        style = Style(bold=bold)
        lines[:0] = [Text((f"{dot} " if i == 0 else "  ") + line, style) for i, line in enumerate(wrapped)]
    return lines


class RecentMoves(OneLayoutPass, Widget):
    """The last public moves, newest last, as many as fit the widget's size (give it a
    height in CSS: a fixed number of rows or a share of its container). ``heading``, when
    given, is the first line (e.g. ``"Last moves"``; else use ``border_title``)."""

    DEFAULT_CSS = "RecentMoves { height: 1fr; }"

    def __init__(self, heading: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.heading = heading
        self.entries: list[tuple[str, bool]] = []

    def show(self, entries: Sequence[tuple[str, bool]]) -> None:
        """``entries``: ``(text, bold)`` oldest first; only the newest that fit are drawn."""
        entries = list(entries)
        if entries != self.entries:
            self.entries = entries
            self.refresh()

    def rows_needed(self, width: int) -> int:
        """The lines the heading and every entry take, each whole, at ``width`` cells (as
        ``fit_moves`` wraps them): the height that shows everything with no empty line under
        the newest move."""
        head = 1 if self.heading else 0
        if width < 4:
            return head
        return head + sum(len(cell_wrap(text, width - 2)) or 1 for text, _ in self.entries)

    def lines(self) -> list[Text]:
        """The lines drawn now (heading first), for the size the widget has."""
        width, height = self.content_size.width, self.content_size.height
        head = [Text(self.heading, Style(bold=True))] if self.heading else []
        return head + fit_moves(self.entries, width, height - len(head))

    def render(self) -> Text:
        return Text("\n").join(self.lines())
