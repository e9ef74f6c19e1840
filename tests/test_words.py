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


def test_the_rules_players_read_hold_no_development_notes():
    """The rules texts shown by ``?`` (cards_data/<game>.md) speak to players: no issue
    numbers, testers or test notes (a fresh tester read "(issue 12.2; tested)" in Bloops')."""
    import re

    from cardtable.engine.registry import bundled_data_dir

    folder = bundled_data_dir()
    notes = re.compile(r"\bissue \d|\btesters?\b|\btested\b|\bhelper\b|\bCI\b", re.IGNORECASE)
    texts = sorted(folder.glob("*.md"))
    assert len(texts) >= 5
    found = [f"{path.name}:{n}: {line.strip()}" for path in texts for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if notes.search(line)]
    assert not found, found
