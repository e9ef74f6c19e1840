"""Players' own decks: the deck rules check, saved deck files (YAML, one-line errors, never
fatal), the choices offered at setup, and games started with a saved deck that save and
resume without the deck file. Also saves of games played with an added card set."""

from __future__ import annotations

import json

import pytest

from cardtable.engine import CustomDeck, Setup, SetupError, new_game
from cardtable.engine.decks import (
    DeckFileError,
    SavedDeck,
    deck_file_name,
    decks_dir,
    list_decks,
    read_deck,
    save_deck,
    setup_choices,
)
from cardtable.engine.registry import bundled_data_dir, load_cards
from cardtable.engine.saves import SaveFile, read_save, resume
from cardtable.engine.session import Session
from fixture_games import DeckDuel

LEGAL = {"red-banner": 1, "red-knight": 3, "red-archer": 2, "fireball": 1, "healer": 1}


@pytest.fixture
def cards(deck_duel):
    return load_cards("deck-duel")


def test_deck_rules_check_gives_one_sentence_per_broken_rule(cards):
    assert DeckDuel.deck_rules.check(cards, "red", LEGAL) == []
    assert DeckDuel.deck_rules.check(cards, "red", {"red-knight": 4, "red-banner": 2, "blue-knight": 1}) == [
        "Blue Knight cannot be used in a Red deck.",
        "A deck holds 8 to 12 cards; this one has 7.",
        "At most 3 copies of Red Knight, not 4.",
        "Red Banner is unique: one copy at most, not 2.",
    ]
    assert DeckDuel.deck_rules.check(cards, "red", {}) == [
        "A deck holds 8 to 12 cards; this one has 0.",
        "A Red deck must contain the Red Banner.",
    ]
    assert DeckDuel.deck_rules.check(cards, "green", LEGAL) == ["'green' is not a side of Deck Duel (choose from red, blue)"]
    assert DeckDuel.deck_rules.check(cards, "red", {**LEGAL, "dragon": 1}) == ["'dragon' is not a card of Deck Duel test cards."]


def test_custom_deck_round_trips_through_setup_json():
    deck = CustomDeck.of("Rush", "red", LEGAL)
    setup = Setup(("Ann", "Bob"), {"deck": (deck, "blue-starter")})
    data = json.loads(json.dumps(setup.to_json()))
    assert data["options"]["deck"][0] == {"deck": "Rush", "side": "red", "cards": LEGAL}
    back = Setup.from_json(data)
    assert back.options["deck"] == (deck, "blue-starter")
    assert hash(back.options["deck"][0]) == hash(deck)
    with pytest.raises(ValueError):
        CustomDeck.from_json({"deck": "x", "side": "red", "cards": {"a": 0}})


def test_a_game_validates_a_players_own_deck(cards):
    good = CustomDeck.of("Rush", "red", LEGAL)
    game = new_game("deck-duel", ("Ann", "Bob"), seed=1, options={"deck": (good, "blue-starter")})
    assert game.seat_deck(0) == good
    assert sorted(c.id for c in game.seat_deck_list(0)) == sorted(cid for cid, n in LEGAL.items() for _ in range(n))
    assert game.seat_deck(1).name == "Blue starter" and game.seat_deck(1).side == "blue"
    assert len(game.zones["draw:0"]) == 8
    bad = CustomDeck.of("Mess", "red", {"red-knight": 3})
    with pytest.raises(SetupError) as info:
        new_game("deck-duel", ("Ann", "Bob"), seed=1, options={"deck": ("red-starter", bad)})
    assert str(info.value) == "Bob's deck 'Mess' cannot be used: A deck holds 8 to 12 cards; this one has 3."
    with pytest.raises(SetupError) as info:
        new_game("deck-duel", ("Ann", "Bob"), seed=1, options={"deck": ("red-starter", "green-starter")})
    assert str(info.value) == "option 'Deck' must be one of red-starter, blue-starter, got green-starter"


def test_saved_deck_file_round_trip(cards, cardtable_home):
    path = save_deck(DeckDuel, "Red Rush!", "red", LEGAL)
    assert path == cardtable_home / "decks" / "deck-duel" / "red-rush.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("format: cardtable-deck\nversion: 1\ngame: deck-duel\nname: Red Rush!\nside: red\ncards:\n  red-banner: 1\n")
    deck = read_deck(path, DeckDuel, cards)
    assert (deck.name, deck.side, dict(deck.counts), deck.legal) == ("Red Rush!", "red", LEGAL, True)
    assert deck.as_option() == CustomDeck.of("Red Rush!", "red", LEGAL)
    with pytest.raises(FileExistsError):
        save_deck(DeckDuel, "red rush", "red", LEGAL)
    save_deck(DeckDuel, "red rush", "red", {"red-banner": 1}, overwrite=True)
    assert not read_deck(path, DeckDuel, cards).legal
    assert deck_file_name("  ") == "deck.yaml"
    assert deck_file_name("Über Deck #2") == "uber-deck-2.yaml"


BROKEN = [
    ("not yaml", "name: [unclosed\n", "decks/deck-duel/bad.yaml:1: YAML syntax error: did not find expected ',' or ']' (while parsing a flow sequence)"),
    ("empty", "", "decks/deck-duel/bad.yaml: the file is empty; expected a saved deck"),
    ("a list", "- a\n", "decks/deck-duel/bad.yaml:1: a saved deck must be a mapping, got a list"),
    ("python tag", "name: !!python/object/apply:os.system [ls]\n", "decks/deck-duel/bad.yaml:1: tag !!python/object/apply:os.system is not allowed (card files are plain data)"),
    ("wrong format", "format: deck\n", "decks/deck-duel/bad.yaml:1: format: must be cardtable-deck, got 'deck'"),
    ("unknown key", "format: cardtable-deck\ncolour: red\n", "decks/deck-duel/bad.yaml:2: unknown key 'colour' (allowed: format, version, game, name, side, cards)"),
    ("other game", "format: cardtable-deck\nversion: 1\ngame: fofl\n", "decks/deck-duel/bad.yaml:3: game: this deck is for 'fofl', expected 'deck-duel'"),
    ("no name", "format: cardtable-deck\nversion: 1\ngame: deck-duel\nside: red\n", "decks/deck-duel/bad.yaml:1: name: must be non-empty text, got nothing"),
    ("bad side", "format: cardtable-deck\nversion: 1\ngame: deck-duel\nname: X\nside: green\ncards: {}\n", "decks/deck-duel/bad.yaml:5: deck 'X': side must be one of red, blue, got 'green'"),
    ("unknown card", "format: cardtable-deck\nversion: 1\ngame: deck-duel\nname: X\nside: red\ncards:\n  red-banner: 1\n  dragon: 2\n", "decks/deck-duel/bad.yaml:8: deck 'X': unknown card 'dragon'"),
    ("bad copies", "format: cardtable-deck\nversion: 1\ngame: deck-duel\nname: X\nside: red\ncards:\n  red-banner: lots\n", "decks/deck-duel/bad.yaml:7: deck 'X': copies of 'red-banner' must be a whole number from 1 to 99, got 'lots'"),
    ("duplicate card", "format: cardtable-deck\nversion: 1\ngame: deck-duel\nname: X\nside: red\ncards:\n  red-banner: 1\n  red-banner: 1\n", "decks/deck-duel/bad.yaml:8: duplicate key 'red-banner'"),
]


@pytest.mark.parametrize("text, expected", [(t, e) for _, t, e in BROKEN], ids=[n for n, _, _ in BROKEN])
def test_broken_saved_deck_gives_one_line(cards, text, expected):
    folder = decks_dir("deck-duel")
    folder.mkdir(parents=True)
    (folder / "bad.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DeckFileError) as info:
        read_deck(folder / "bad.yaml", DeckDuel, cards)
    assert str(info.value) == expected
    listed = list_decks(DeckDuel, cards)
    assert [str(d) for d in listed] == [expected], "listed with its error, never raised"


def test_setup_offers_presets_and_legal_saved_decks_only(cards):
    save_deck(DeckDuel, "Rush", "red", LEGAL)
    save_deck(DeckDuel, "Half done", "blue", {"blue-banner": 1})
    folder = decks_dir("deck-duel")
    (folder / "junk.yaml").write_text("{", encoding="utf-8")
    option = DeckDuel.options[0]
    choices = setup_choices(DeckDuel, option, cards)
    assert choices == (
        ("red-starter", "Red starter"),
        ("blue-starter", "Blue starter"),
        (CustomDeck.of("Rush", "red", LEGAL), "Rush (yours, Red)"),
    )
    decks = list_decks(DeckDuel, cards)
    assert [d.name for d in decks if isinstance(d, SavedDeck)] == ["Half done", "Rush"]
    assert isinstance(decks[-1], DeckFileError)


def test_game_with_a_saved_deck_saves_and_resumes_without_the_deck_file(cards, cardtable_home):
    path = save_deck(DeckDuel, "Rush", "red", LEGAL)
    deck = read_deck(path, DeckDuel, cards).as_option()
    game = new_game("deck-duel", ("Ann", "Bob"), seed=7, options={"deck": (deck, "blue-starter")})
    save = SaveFile.create(game)
    session = Session(game, save)
    for _ in range(3):
        session.act(session.decision().actions[0])
    header = read_save(save.path).header
    assert header["setup"]["options"]["deck"][0] == {"deck": "Rush", "side": "red", "cards": LEGAL}
    before = game.snapshot()
    path.unlink()  # the deck file is gone (or could have been edited): the save does not care
    resumed, _ = resume(save.path)
    assert resumed.snapshot() == before
    assert resumed.seat_deck(0) == deck


def test_game_with_an_added_card_set_resumes_from_that_set(tmp_path, cardtable_home):
    text = (bundled_data_dir() / "cold-war.yaml").read_text(encoding="utf-8").replace("Ace of Spades", "Ace of Shadows")
    (tmp_path / "house.yaml").write_text(text, encoding="utf-8")
    game = new_game("cold-war", 2, seed=3, cards_dir=tmp_path, card_set="house")
    assert game.cardset["ace-of-spades"].name == "Ace of Shadows"
    save = SaveFile.create(game)
    assert read_save(save.path).header["card_set"] == str(tmp_path / "house.yaml")
    resumed, _ = resume(save.path, cards_dir=tmp_path)
    assert resumed.cardset.digest == game.cardset.digest
    from cardtable.engine.saves import SaveError

    again, _ = resume(save.path)  # without naming the folder: the header names the file
    assert again.cardset.digest == game.cardset.digest
    (tmp_path / "house.yaml").unlink()
    with pytest.raises(SaveError) as info:
        resume(save.path)  # the set is gone now
    assert "was made with a different Cold War card set" in str(info.value)
    assert "house.yaml, which has changed or is gone" in str(info.value)
    assert "\n" not in str(info.value)


def test_a_game_overriding_validate_setup_the_old_way_still_checks_decks(cards):
    class Strict(DeckDuel):
        @classmethod
        def validate_setup(cls, setup):  # the one-argument form games wrote before decks
            super().validate_setup(setup)
            if setup.players[0] == "Nobody":
                raise SetupError("no Nobody")

    good = CustomDeck.of("Rush", "red", LEGAL)
    game = Strict(cards, Setup(("Ann", "Bob"), {"deck": (good, "blue-starter")}), 1)
    assert game.seat_deck(0) == good
    with pytest.raises(SetupError) as info:
        Strict(cards, Setup(("Ann", "Bob"), {"deck": (good, CustomDeck.of("Tiny", "blue", {"blue-banner": 1}))}), 1)
    assert str(info.value) == "Bob's deck 'Tiny' cannot be used: A deck holds 8 to 12 cards; this one has 1."
