"""A fanned pile's covered cards (``FanWidget``, ``fan_lines``): a covered card shows its
corner index whole or not at all. Fresh testers saw a lone "1" for a covered 12 in Bloops'
discard pile at 120×40 (``│    1│    1│      8 │``) and in Combat Cards' played pile
(Ghazghkull 12 read as a 1)."""

from __future__ import annotations

import re

import pytest
from rich.style import Style

from cardtable.ui.cards import FanWidget, Tile, fan_lines

SIZES = [(10, 5), (10, 7), (7, 7), (11, 9), (19, 13)]
"""Tile sizes (cells, lines) of the fans of the tables: Bloops' piles, Combat Cards' bands."""


def _tile(corner: str, pad: int) -> Tile:
    ink = Style(bold=True)
    return Tile(corner, "Ghazghkull Thraka", ink=ink, border=ink, fill=Style(), pad=pad)


def _strips(lines, spans) -> list[list[str]]:
    """Each card's cells in every line, as drawn."""
    return [[line.plain[start:end] for line in lines] for start, end in spans]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("peek", [3, 4, 5, 6])
@pytest.mark.parametrize("pad", [0, 1])
@pytest.mark.parametrize("corner", ["12★", "12", "10♥"])
def test_a_covered_card_shows_its_whole_index_or_none(corner, pad, peek, size):
    """A 12 under an 8 (and under another 12): each covered card's strip holds its whole
    index once (top left) where it fits in the strip, else no digit of it; never "1"."""
    tiles = [_tile(corner, pad), _tile(corner, pad), _tile("8", pad)]
    lines, spans = fan_lines(tiles, *size, peek)
    drawn = "\n".join(line.plain for line in lines)
    for strip in _strips(lines, spans)[:-1]:
        numbers = [n for row in strip for n in re.findall(r"\d+", row)]
        fits = len(corner) + 1 <= peek  # the border and the whole index
        assert numbers == ([corner.rstrip("★♥")] if fits else []), f"peek {peek}, {size}: {numbers}\n{drawn}"
        if fits:
            assert any(corner in row for row in strip), f"the index {corner!r} is cut:\n{drawn}"


def test_the_fan_widget_draws_no_lone_1_for_a_covered_12():
    """Bloops' discard pile at 120×40 as a player saw it: cards of 10×5 with a blank cell
    inside the border, fanned 6 cells apart; the covered 12★s read "12★", never "1"."""
    fan = FanWidget()
    tiles = [_tile("12★", 1), _tile("12★", 1), _tile("8", 1)]
    fan.show(tiles, caption="Discard pile · 3", size=(10, 7), peek=6)
    text = fan.render().plain
    assert not re.search(r"(?<!\d)1(?!\d)", text), text
    assert text.count("12★") == 2, text
