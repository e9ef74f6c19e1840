"""Counts are written with the right noun form everywhere (issue 12, small ones: "1 cards
left", "with 1 points")."""

from __future__ import annotations

from cardtable.engine import load_cards, plural
from cardtable.games.combat_cards import describe


def test_plural_takes_the_singular_only_for_one():
    assert plural(1, "card") == "1 card"
    assert plural(2, "card") == "2 cards"
    assert plural(0, "point") == "0 points"
    assert plural(-1, "point") == "-1 point"
    assert plural(3, "copy", "copies") == "3 copies"


def test_a_one_point_warband_is_written_in_the_singular():
    gretchin = load_cards("combat-cards").by_id["ork-gretchin"]
    assert describe([gretchin]) == "Gretchin 1 = 1 point, 1 card"
