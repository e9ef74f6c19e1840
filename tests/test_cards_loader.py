"""The card loader: shipped sets load; every malformed file gives its exact one-line error."""

from __future__ import annotations

import pytest

from cardtable.cards import CardDataError, load_cardset, parse_cardset
from cardtable.engine import games, load_cards
from cardtable.engine.registry import bundled_data_dir

GOOD = """\
game: demo
name: Demo set
kinds: [number, special]
colours:
  blue: "#2255aa"
fields:
  star: {type: bool, default: false}
  effect: {type: str, choices: [peek, swap]}
cards:
  - id: one
    name: One
    kind: number
    value: 1
    colour: blue
    count: 4
    source: seed
  - id: nine
    name: Nine
    kind: special
    value: 9
    star: true
    effect: swap
    source: reconstructed
"""


def test_good_file_parses_into_immutable_cards():
    cards = parse_cardset(GOOD, "cards_data/demo.yaml")
    assert [c.id for c in cards] == ["one", "nine"]
    one, nine = cards.cards
    assert (one.value, one.colour, one.count, one.source, one.get("star")) == (1, "blue", 4, "seed", False)
    assert (nine.kind, nine["effect"], nine.get("star"), nine.line) == ("special", "swap", True, 17)
    assert cards.colour_hex("blue") == "#2255aa"
    assert len(cards.deck_list()) == 5
    with pytest.raises(Exception):
        one.value = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        one.fields["star"] = True  # type: ignore[index]


def test_digest_ignores_layout_but_not_content():
    a = parse_cardset(GOOD, "a.yaml")
    b = parse_cardset("# a comment\n" + GOOD.replace("count: 4", "count:   4"), "b.yaml")
    c = parse_cardset(GOOD.replace("count: 4", "count: 3"), "c.yaml")
    assert a.digest == b.digest != c.digest


def _replace(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new, 1)


BAD = [
    ("empty file", "", "cards_data/demo.yaml: the file is empty; expected a card set with 'game:' and 'cards:'"),
    ("only a comment", "# nothing\n", "cards_data/demo.yaml: the file is empty; expected a card set with 'game:' and 'cards:'"),
    ("syntax error", "game: demo\nname: [unclosed\n", "cards_data/demo.yaml:2: YAML syntax error: did not find expected ',' or ']' (while parsing a flow sequence)"),
    ("top level is a list", "- a\n- b\n", "cards_data/demo.yaml:1: the top level must be a mapping with 'game:' and 'cards:', got a list"),
    ("python tag", "game: !!python/object/apply:os.system [echo hi]\n", "cards_data/demo.yaml:1: tag !!python/object/apply:os.system is not allowed (card files are plain data)"),
    ("custom tag", _replace("value: 1", "value: !secret 1"), "cards_data/demo.yaml:13: tag !secret is not allowed (card files are plain data)"),
    ("duplicate key", _replace("    value: 1\n", "    value: 1\n    value: 2\n"), "cards_data/demo.yaml:14: duplicate key 'value'"),
    ("missing top key", GOOD.replace("kinds: [number, special]\n", ""), "cards_data/demo.yaml:1: missing top-level key 'kinds'"),
    ("unknown top key", "flavour: x\n" + GOOD, "cards_data/demo.yaml:1: unknown top-level key 'flavour' (allowed: game, name, version, kinds, colours, table, fields, decks, cards, notes)"),
    ("wrong game", GOOD.replace("game: demo", "game: bloops"), "cards_data/demo.yaml:1: game: this file is for 'bloops', expected 'demo'"),
    ("missing field", _replace("    name: One\n", ""), "cards_data/demo.yaml:10: card 'one': missing field 'name'"),
    ("missing id", _replace("  - id: one\n    name: One", "  - name: One"), "cards_data/demo.yaml:10: card #1: missing field 'id'"),
    ("bad id", _replace("id: one", "id: One Card"), "cards_data/demo.yaml:10: card #1: id must be lowercase letters, digits and dashes, got 'One Card'"),
    ("duplicate id", _replace("id: nine", "id: one"), "cards_data/demo.yaml:17: card 'one': duplicate id (first used on line 10)"),
    ("negative count", _replace("count: 4", "count: -1"), "cards_data/demo.yaml:15: card 'one': count must be a positive integer, got -1"),
    ("count is text", _replace("count: 4", "count: four"), "cards_data/demo.yaml:15: card 'one': count must be a positive integer, got 'four'"),
    ("value wrong type", _replace("value: 1", "value: one"), "cards_data/demo.yaml:13: card 'one': value must be an integer or null, got 'one'"),
    ("bool value", _replace("value: 1", "value: true"), "cards_data/demo.yaml:13: card 'one': value must be an integer or null, got true"),
    ("unknown card key", _replace("    count: 4\n", "    count: 4\n    flavour: spicy\n"), "cards_data/demo.yaml:16: card 'one': unknown key 'flavour'; declare it under 'fields:'"),
    ("unknown kind", _replace("kind: number", "kind: monster"), "cards_data/demo.yaml:12: card 'one': kind must be one of number, special, got 'monster'"),
    ("unknown colour", _replace("colour: blue", "colour: teal"), "cards_data/demo.yaml:14: card 'one': colour must be one of blue, got 'teal'"),
    ("bad source", _replace("source: seed", "source: wiki"), "cards_data/demo.yaml:16: card 'one': source must be seed or reconstructed, got 'wiki'"),
    ("missing source", _replace("    source: seed\n", ""), "cards_data/demo.yaml:10: card 'one': missing field 'source'"),
    ("declared field wrong type", _replace("star: true", "star: yes please"), "cards_data/demo.yaml:21: card 'nine': star must be true or false, got 'yes please'"),
    ("declared field bad choice", _replace("effect: swap", "effect: steal"), "cards_data/demo.yaml:22: card 'nine': effect must be one of peek, swap, got 'steal'"),
    ("bad palette colour", _replace('blue: "#2255aa"', "blue: navy"), "cards_data/demo.yaml:5: colours: 'blue' must be a colour like \"#1a2b3c\", got 'navy'"),
    ("cards not a list", GOOD.split("cards:")[0] + "cards: 3\n", "cards_data/demo.yaml:9: cards: must be a non-empty list of cards, got 3"),
    ("card not a mapping", GOOD.split("cards:")[0] + "cards:\n  - just text\n", "cards_data/demo.yaml:10: card #1: must be a mapping with id, name, kind..., got 'just text'"),
    ("deck names unknown card", GOOD + "decks:\n  starter:\n    name: Starter\n    cards: {one: 2, ten: 1}\n", "cards_data/demo.yaml:27: deck 'starter': unknown card 'ten'"),
]


@pytest.mark.parametrize("text, expected", [(t, e) for _, t, e in BAD], ids=[n for n, _, _ in BAD])
def test_malformed_file_gives_one_exact_line(text, expected):
    with pytest.raises(CardDataError) as info:
        parse_cardset(text, "cards_data/demo.yaml", game="demo")
    assert str(info.value) == expected
    assert "\n" not in str(info.value)


def test_non_utf8_file(tmp_path):
    path = tmp_path / "demo.yaml"
    path.write_bytes(b"game: demo\nname: \xff\xfe\n")
    with pytest.raises(CardDataError) as info:
        load_cardset(path, shown="demo.yaml")
    assert str(info.value) == "demo.yaml:2: the file is not UTF-8 text"


def test_missing_file(tmp_path):
    with pytest.raises(CardDataError) as info:
        load_cardset(tmp_path / "nope.yaml", shown="nope.yaml")
    assert str(info.value).startswith("nope.yaml: cannot read the file")


def test_game_check_errors_name_the_card_and_field():
    def check(card):
        if card.value is not None and card.value > 5:
            yield ("value", f"must be at most 5 in this game, got {card.value}")

    with pytest.raises(CardDataError) as info:
        parse_cardset(GOOD, "cards_data/demo.yaml", check_card=check)
    assert str(info.value) == "cards_data/demo.yaml:20: card 'nine': value must be at most 5 in this game, got 9"


@pytest.mark.parametrize("game_cls", games(), ids=lambda g: g.id)
def test_every_shipped_card_set_loads(game_cls):
    cards = load_cards(game_cls.id)
    assert cards.game == game_cls.id
    assert len(cards) > 0
    assert (bundled_data_dir() / f"{game_cls.id}.md").is_file()


def test_cold_war_is_the_standard_deck():
    cards = load_cards("cold-war")
    deck = cards.deck_list()
    assert len(deck) == 52
    assert len({(c.get("suit"), c.get("rank")) for c in deck}) == 52
    aces = [c for c in deck if c.kind == "ace"]
    assert len(aces) == 4 and all(c.value is None for c in aces)
    assert sorted({c.value for c in deck if c.value is not None}) == list(range(2, 14))
    assert all(c.source == "seed" for c in deck)
