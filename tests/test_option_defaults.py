"""Per-seat options may give each seat its own default (e.g. FOFL: seat 1 Red, seat 2 Blue)."""

from __future__ import annotations

from cardtable.engine import Game, Option, Setup

DECK = Option("deck", "Deck", (("red", "Red"), ("blue", "Blue")), ("red", "blue"), per_seat=True)
PLAIN = Option("colour", "Colour", (("red", "Red"), ("blue", "Blue")), "blue", per_seat=True)


class _Dummy(Game):
    id = "dummy-defaults"
    title = "Dummy"
    min_players, max_players = 2, 3
    options = (DECK, PLAIN)


def test_a_tuple_default_gives_one_value_per_seat_cycling():
    assert DECK.seat_defaults(2) == ("red", "blue")
    assert DECK.seat_defaults(3) == ("red", "blue", "red")
    assert DECK.seat_default(1) == "blue"


def test_a_plain_default_is_repeated_for_every_seat():
    assert PLAIN.seat_defaults(3) == ("blue", "blue", "blue")
    assert PLAIN.seat_default(0) == "blue"


def test_game_defaults_and_option_lookup_use_the_seat_defaults():
    assert _Dummy.default_options(2) == {"deck": ("red", "blue"), "colour": ("blue", "blue")}
    game = object.__new__(_Dummy)  # option() only reads setup and players
    game.setup, game.players = Setup(("Ann", "Bob")), ("Ann", "Bob")
    assert game.option("deck") == ("red", "blue")
    _Dummy.validate_setup(Setup(("Ann", "Bob"), _Dummy.default_options(2)))
