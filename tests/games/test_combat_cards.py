"""Citadel Combat Cards: the card data, every ruling of cards_data/combat-cards.md on stacked
decks, the deck-building hooks, then 500 random playouts with invariants and the leak test."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from cardtable.cards import CardDataError, parse_cardset
from cardtable.engine import Action, IllegalAction, Setup, SetupError, load_cards, new_game, play_random
from cardtable.engine.registry import cards_path
from cardtable.engine.testing import (
    StackedRandom,
    assert_cards_conserved,
    assert_illegal_rejected,
    assert_no_leaks,
    check_step,
)
from cardtable.games.combat_cards import (
    ARMIES,
    BANDS,
    DECK_SIZE,
    CombatCards,
    describe,
    is_bonus,
    cannot_join,
    legal_warbands,
    selection_problem,
    warband_problem,
    warband_value,
)

ANN, BOB, CAT = 0, 1, 2
CARDS = load_cards("combat-cards")
PREFIX = {"orks": "ork", "space-marines": "sm", "chaos-space-marines": "csm", "dark-eldar": "de"}


def cid(name: str, army: str = "orks") -> str:
    """The id of the card called ``name`` in ``army``."""
    for card in CARDS.cards:
        if card.name == name and card.get("army") == army:
            return card.id
    raise KeyError(name)


def deal(*stacks: list[str], names=("Ann", "Bob"), decks=None, variant=None, army="orks") -> CombatCards:
    """A game whose decks are stacked: ``stacks[s]`` lists the card names on top of seat
    ``s``'s draw pile (first = top); the first five form the opening hand."""
    n = len(names)
    decks = tuple(decks or (army,) * n)
    shuffles = [[cid(name, decks[s]) for name in stack] for s, stack in enumerate(stacks)]
    options = {"deck": decks}
    if variant:
        options["variant"] = variant
    return CombatCards(CARDS, Setup(tuple(names), options), seed=0, rng=StackedRandom(shuffles=shuffles))


def hand(game: CombatCards, seat: int) -> list[str]:
    return [c.defn.name for c in game.hands[seat]]


def names(zone) -> list[str]:
    return [c.defn.name for c in zone]


def lay(game: CombatCards, *cards: str) -> None:
    """The player to act lays the named cards from their hand."""
    seat = game.decision().seat
    held = hand(game, seat)
    positions = []
    for name in cards:
        i = next(i for i, n in enumerate(held) if n == name and i not in positions)
        positions.append(i)
    game.act(Action.of("warband", cards=sorted(positions)))


def discard(game: CombatCards, name: str) -> None:
    seat = game.decision().seat
    game.act(Action.of("discard", card=hand(game, seat).index(name)))


def next_round(game: CombatCards) -> None:
    assert game.decision().kind == "result"
    game.act(Action.of("next"))


FILL = ["Gretchin", "Slugga Boyz", "Shoota Boyz", "Kannon", "Lobba"]


# ---------------------------------------------------------------- the card data


def army_cards(army: str):
    return [c for c in CARDS.cards if c.get("army") == army]


def test_four_armies_of_35_cards_each_listed_as_a_deck():
    assert [a for a, _ in ARMIES] == ["orks", "space-marines", "chaos-space-marines", "dark-eldar"]
    assert len(CARDS.cards) == 4 * DECK_SIZE
    for army, name in ARMIES:
        deck = CARDS.decks[army]
        assert deck["name"] == name and deck["side"] == army
        assert dict(deck["cards"]) == {c.id: 1 for c in army_cards(army)}
        assert len(CARDS.deck_list(army)) == DECK_SIZE
        assert all(c.id.startswith(PREFIX[army] + "-") for c in army_cards(army))


def test_every_card_has_a_value_a_band_and_a_description():
    for card in CARDS.cards:
        assert 1 <= card.value <= 12, card.id
        assert card.colour in BANDS, card.id
        assert (card.kind == "bonus") == (card.colour == "white"), card.id
        assert card.text and "\n" not in card.text and len(card.text) <= 72 and card.text[-1] in ".!", card.id


def test_only_the_rokkit_buggy_is_from_the_sources():
    seeded = [c for c in CARDS.cards if c.source == "seed"]
    assert [(c.name, c.colour, c.value, c.get("army")) for c in seeded] == [("Rokkit Buggy", "light green", 8, "orks")]
    assert all(c.source == "reconstructed" for c in CARDS.cards if c not in seeded)


def test_palette_has_a_readable_colour_for_every_band():
    face = CARDS.table["face"]

    def luminance(hexcode: str) -> float:
        channels = [int(hexcode[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    for band in BANDS:
        ink = CARDS.colours[band]
        light, dark = sorted((luminance(ink), luminance(face)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, f"{band} ink {ink} is hard to read on the card face {face}"


def test_decks_are_balanced():
    """Issue 4: each colour often enough for multi-card warbands, bonus cards about one in
    six, army totals within 5% of each other."""
    totals = {}
    for army, _ in ARMIES:
        cards = army_cards(army)
        bands = Counter(c.colour for c in cards)
        for band in BANDS[:-1]:
            assert bands[band] >= 3, f"{army}: only {bands[band]} {band} cards"
        assert 5 <= bands["white"] <= 7, f"{army}: {bands['white']} bonus cards"
        assert abs(bands["white"] / len(cards) - 1 / 6) < 0.03
        totals[army] = sum(c.value for c in cards)
    assert max(totals.values()) <= 1.05 * min(totals.values()), totals
    names_ = [c.name for c in CARDS.cards]
    assert len(set(names_)) == len(names_), "no two cards share a name"


# ---------------------------------------------------------------- card-file checks


def _yaml() -> tuple[str, str]:
    path, shown = cards_path("combat-cards")
    return path.read_text(encoding="utf-8"), shown


def _parse(text: str):
    return parse_cardset(text, "cards_data/combat-cards.yaml", game="combat-cards", check_card=CombatCards.check_card, check_set=CombatCards.check_cardset)


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_shipped_file_passes_the_game_checks():
    text, _ = _yaml()
    assert _parse(text).digest == CARDS.digest


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("value: 8, source: seed", "value: 13, source: seed", "card 'ork-rokkit-buggy': value must be a point value from 1 to 12, got 13"),
        ("kind: unit, army: orks, colour: light green, value: 8", "kind: bonus, army: orks, colour: light green, value: 8", "card 'ork-rokkit-buggy': kind must be 'bonus' exactly when the colour band is white"),
        ("colour: light green, value: 8, source: seed", "colour: null, value: 8, source: seed", "card 'ork-rokkit-buggy': colour must be a colour band (white for bonus cards), got nothing"),
    ],
)
def test_bad_cards_give_one_line_errors_at_their_line(old, new, message):
    text, _ = _yaml()
    assert old in text
    bad = text.replace(old, new)
    with pytest.raises(CardDataError) as err:
        _parse(bad)
    line = _line_of(bad, new)
    assert str(err.value) == f"cards_data/combat-cards.yaml:{line}: {message}"
    assert "\n" not in str(err.value)


def test_a_broken_preset_deck_is_reported():
    text, _ = _yaml()
    bad = text.replace("      ork-gretchin: 1\n", "      ork-gretchin: 3\n", 1)
    with pytest.raises(CardDataError) as err:
        _parse(bad)
    assert "deck 'orks': Gretchin: at most 2 copies of a card, not 3." in str(err.value)
    bad = text.replace("      ork-gretchin: 1\n", "      ork-gretchin: 1\n      de-talos: 1\n", 1)
    with pytest.raises(CardDataError) as err:
        _parse(bad)
    assert "deck 'orks': Talos belongs to the Dark Eldar, not the Orks." in str(err.value)


def test_a_missing_band_colour_is_reported():
    text, _ = _yaml()
    bad = re.sub(r'\n  pink: "#[0-9a-f]+"', "", text, count=1)
    bad = bad.replace("colour: pink", "colour: purple")
    with pytest.raises(CardDataError) as err:
        _parse(bad)
    assert "colours: the band 'pink' needs a colour" in str(err.value)


# ---------------------------------------------------------------- ruling 11: deck building


def test_deck_sides_and_pools_are_the_armies():
    assert CombatCards.deck_option == "deck"
    assert CombatCards.deck_rules.sides(CARDS) == ARMIES
    for army, _ in ARMIES:
        pool = CombatCards.deck_rules.pool(CARDS, army)
        assert len(pool) == 35 and {c.get("army") for c in pool} == {army}
        assert CombatCards.deck_rules.problems(CARDS, army, CARDS.decks[army]["cards"]) == []


def test_deck_problems_name_each_broken_rule():
    full = {c.id: 1 for c in army_cards("orks")}
    problems = CombatCards.deck_rules.problems
    assert problems(CARDS, "orks", {**full, cid("Nobz"): 2}) == ["A deck holds exactly 35 cards; this one has 36."]
    less = dict(full)
    del less[cid("Gretchin")]
    assert problems(CARDS, "orks", {**less, cid("Nobz"): 2}) == []  # two copies are fine
    assert problems(CARDS, "orks", {**less, cid("Nobz"): 3}) == [
        "Nobz: at most 2 copies of a card, not 3.",
        "A deck holds exactly 35 cards; this one has 36.",
    ]
    more_bonus = dict(full)
    del more_bonus[cid("Gretchin")]
    more_bonus[cid("Waaagh!")] = 2
    assert problems(CARDS, "orks", more_bonus) == ["At most 6 white bonus cards; this deck has 7."]
    mixed = dict(less)
    mixed[cid("Talos", "dark-eldar")] = 1
    assert problems(CARDS, "orks", mixed) == ["Talos belongs to the Dark Eldar, not the Orks."]
    assert problems(CARDS, "orks", {**less, "no-such-card": 1}) == [
        "There is no card 'no-such-card'.",
        "A deck holds exactly 35 cards; this one has 34.",
    ]
    assert problems(CARDS, "tau", full)[0].startswith("There is no army 'tau'")


# ---------------------------------------------------------------- ruling 1: decks and the deal


def test_each_player_shuffles_their_own_army_and_draws_five():
    game = deal(["Nobz", "Warboss", "Gretchin", "Waaagh!", "Trukk"], ["Talos", "Archon", "Wyches", "Raider", "Agoniser"], decks=("orks", "dark-eldar"))
    assert hand(game, ANN) == ["Warboss", "Gretchin", "Nobz", "Trukk", "Waaagh!"], "sorted by band, then value"
    assert hand(game, BOB) == ["Archon", "Wyches", "Raider", "Talos", "Agoniser"]
    assert [len(d) for d in game.draws] == [30, 30]
    assert {c.defn.get("army") for c in game.draws[BOB]} == {"dark-eldar"}
    assert game.view(None)["armies"] == ["Orks", "Dark Eldar"]
    assert_cards_conserved(game, 70)


def test_the_same_army_twice_is_two_separate_decks():
    game = new_game("combat-cards", 3, seed=4, options={"deck": ("orks", "orks", "space-marines")})
    nobz = [c for c in game.all_cards() if c.defn.name == "Nobz"]
    assert len(nobz) == 2 and nobz[0].uid != nobz[1].uid
    assert game.card_count() == 105
    for seat in (ANN, BOB):
        zone_cards = list(game.draws[seat]) + list(game.hands[seat])
        assert Counter(c.defn.id for c in zone_cards) == Counter(CARDS.decks["orks"]["cards"])


def test_each_army_has_its_own_back():
    assert CombatCards.card_back(CARDS[cid("Nobz")]) == CombatCards.card_back(CARDS[cid("Gretchin")])
    assert CombatCards.card_back(CARDS[cid("Nobz")]) != CombatCards.card_back(CARDS[cid("Talos", "dark-eldar")])


def test_setup_rejects_an_unknown_army_and_civil_war_for_three():
    with pytest.raises(SetupError):
        new_game("combat-cards", 2, options={"deck": ("orks", "tau")})
    with pytest.raises(SetupError, match="not available for 3 players"):
        new_game("combat-cards", 3, options={"variant": "civil-war"})
    assert "variant" not in CombatCards.default_options(3)
    assert CombatCards.default_options(2)["variant"] == "standard"


# ---------------------------------------------------------------- ruling 2: Civil War


def test_civil_war_deals_one_deck_17_and_17_and_sets_one_aside_unseen():
    top = ["Nobz", "Gretchin", "Warboss", "Trukk", "Battlewagon", "Lobba", "Kannon", "Waaagh!", "Boss Pole", "Painboy"]
    game = deal(top, variant="civil-war", decks=("orks", "dark-eldar"))
    assert game.variant == "civil-war" and game.view(None)["armies"] == ["Orks", "Orks"]
    assert game.card_count() == 35
    assert [len(game.draws[s]) + len(game.hands[s]) for s in (ANN, BOB)] == [17, 17]
    assert [len(game.draws[s]) for s in (ANN, BOB)] == [12, 12]
    (spare,) = list(game.set_aside)
    assert not spare.up and not spare.known, "the 35th card is seen by nobody"
    # dealt one at a time, Ann first: Ann's pile holds the 1st, 3rd, 5th... cards, bottom first
    assert [c.defn.name for c in game.draws[ANN].cards[:5]] == ["Nobz", "Warboss", "Battlewagon", "Kannon", "Boss Pole"]
    assert [c.defn.name for c in game.draws[BOB].cards[:5]] == ["Gretchin", "Trukk", "Lobba", "Waaagh!", "Painboy"]
    for seat in (None, ANN, BOB):
        assert game.view(seat).zone("set-aside").cards[0].face is None
    assert any("Civil War" in e.text and e.public for e in game.log.entries)


def test_civil_war_plays_out_to_the_end_with_35_cards():
    game = play_random("combat-cards", seed=5, players=2, options={"variant": "civil-war", "deck": ("dark-eldar", "orks")})
    assert game.outcome() is not None
    assert {c.defn.get("army") for c in game.all_cards()} == {"dark-eldar"}
    assert_cards_conserved(game, 35)
    assert len(game.set_aside) == 1


# ---------------------------------------------------------------- ruling 3: warbands and discards


def test_warband_rule_helpers():
    d = {n: CARDS[cid(n)] for n in ("Nobz", "Flash Gitz", "Warboss", "Waaagh!", "Boss Pole", "Rokkit Buggy", "Warbikes")}
    assert warband_problem([d["Nobz"], d["Flash Gitz"], d["Waaagh!"], d["Boss Pole"]]) is None
    assert warband_problem([]) == "Choose at least one card for your warband."
    assert "at least one coloured card" in warband_problem([d["Waaagh!"]])
    assert warband_problem([d["Nobz"], d["Warboss"]]) == "All coloured cards of a warband must share one colour; you chose red and blue."
    assert warband_problem([d["Rokkit Buggy"], d["Warbikes"]]) == "All coloured cards of a warband must share one colour; you chose light blue and light green."
    assert warband_problem([d["Nobz"], d["Waaagh!"], d["Boss Pole"]]) == (
        "A warband may not hold more bonus cards than coloured cards: you chose 2 white and 1 blue."
    )
    assert warband_value([d["Nobz"], d["Waaagh!"]]) == 12
    assert describe([d["Nobz"], d["Waaagh!"]]) == "Nobz 8 + Waaagh! 4 = 12 points, 2 cards"
    only_bonus = [CARDS[cid(n)] for n in ("Waaagh!", "Boss Pole", "Mork's Luck", "Gork's Fury", "'Eavy Armour")]
    assert selection_problem(only_bonus, [1]) is None
    assert "discard exactly one" in selection_problem(only_bonus, [0, 1])
    assert "discard exactly one" in selection_problem(only_bonus, [])
    assert "positions 1–5" in selection_problem(only_bonus, [7])


# ---------------------------------------------------------------- ruling 13: cards that cannot join
def test_cards_that_cannot_join_the_warband_being_built_say_why():
    """Issue 12.2 for the builder: with blue Nobz chosen, red Warboss cannot join (ruling 3);
    a second bonus card cannot join one blue card when no other blue card is in hand."""
    names = ("Nobz", "Warboss", "Waaagh!", "Boss Pole", "Flash Gitz")
    hand = [CARDS[cid(n)] for n in names]
    assert cannot_join(hand, []) == {}, "nothing chosen: every card can still start a warband"
    assert cannot_join(hand, [0]) == {1: "this warband is blue: its coloured cards share one colour"}
    assert cannot_join(hand, [0, 2]) == {1: "this warband is blue: its coloured cards share one colour"}, "Flash Gitz makes room for Boss Pole"
    assert cannot_join(hand, [0, 4, 2, 3]) == {1: "this warband is blue: its coloured cards share one colour"}
    lone = [CARDS[cid(n)] for n in ("Nobz", "Warboss", "Waaagh!", "Boss Pole", "Rokkit Buggy")]
    assert cannot_join(lone, [0, 2]) == {
        1: "this warband is blue: its coloured cards share one colour",
        3: "your hand has too few blue cards to carry another bonus card",
        4: "this warband is blue: its coloured cards share one colour",
    }
    assert cannot_join(hand, [2, 3]) == {1: "your hand has too few red cards to carry the chosen bonus cards"}, "two bonus cards need two blues"
    assert cannot_join(lone, [2, 3]) == {}, "no colour can carry two bonus cards: the builder says why"
    assert cannot_join(hand, [0, 1]) == {}, "already beyond repair: the builder says why instead"
    only_bonus = [CARDS[cid(n)] for n in ("Waaagh!", "Boss Pole", "Mork's Luck", "Gork's Fury", "'Eavy Armour")]
    assert set(cannot_join(only_bonus, [1])) == {0, 2, 3, 4}
    for w in legal_warbands(hand):  # never blocks a card some legal warband with the choice holds
        for i in w:
            assert not set(cannot_join(hand, [j for j in w if j != i])) & {i}


def test_legal_warbands_are_exactly_the_subsets_the_rule_allows():
    rnd = random.Random(3)
    for _ in range(300):
        held = rnd.sample(CARDS.cards[:35], 5) if rnd.random() < 0.5 else rnd.sample([c for c in CARDS.cards if c.colour in ("white", "red", "blue")], 5)
        brute = {
            tuple(i for i in range(5) if mask >> i & 1)
            for mask in range(1, 32)
            if warband_problem([held[i] for i in range(5) if mask >> i & 1]) is None
        }
        found = legal_warbands(held)
        assert len(found) == len(set(found)) and set(found) == brute


def test_every_legal_warband_is_offered_and_nothing_else():
    game = deal(["Nobz", "Waaagh!", "Warboss", "Flash Gitz", "Boss Pole"], FILL)
    assert hand(game, ANN) == ["Warboss", "Nobz", "Flash Gitz", "Waaagh!", "Boss Pole"]
    decision = game.decision()
    assert decision.kind == "warband" and decision.private and decision.seats == (ANN,)
    offered = {tuple(hand(game, ANN)[i] for i in a["cards"]) for a in decision.actions}
    expected = set()
    for coloured in (("Warboss",), ("Nobz",), ("Flash Gitz",)):
        expected |= {coloured, coloured + ("Waaagh!",), coloured + ("Boss Pole",)}
    pair = ("Nobz", "Flash Gitz")
    expected |= {pair, pair + ("Waaagh!",), pair + ("Boss Pole",), pair + ("Waaagh!", "Boss Pole")}
    assert offered == expected and len(decision.actions) == 13
    assert decision.actions[0].label == "2+3+4+5 · Nobz 8 + Flash Gitz 6 + Waaagh! 4 + Boss Pole 1 = 19 points, 4 cards"
    assert len({a.label for a in decision.actions}) == 13
    with pytest.raises(IllegalAction, match="share one colour; you chose red and blue"):
        lay(game, "Warboss", "Nobz")
    with pytest.raises(IllegalAction, match="2 white and 1 blue"):
        lay(game, "Nobz", "Waaagh!", "Boss Pole")
    with pytest.raises(IllegalAction, match="You may discard only when you hold nothing but bonus cards"):
        discard(game, "Waaagh!")
    with pytest.raises(IllegalAction, match="only once"):
        game.act(Action.of("warband", cards=[1, 1]))


def test_only_bonus_cards_must_discard_one_which_scores_zero_and_cannot_win():
    bonus = ["Waaagh!", "Gork's Fury", "Kustom Force Field", "Mork's Luck", "'Eavy Armour"]
    game = deal(["Gretchin", "Kannon", "Lobba", "Trukk", "Painboy"], bonus)
    lay(game, "Gretchin")  # Ann: 1 point
    decision = game.decision()
    assert decision.kind == "warband" and decision.seats == (BOB,), "asked the same way as any warband"
    assert "only bonus cards" in decision.prompt
    assert {a.type for a in decision.actions} == {"discard"} and len(decision.actions) == 5
    with pytest.raises(IllegalAction, match="You hold only bonus cards: discard one"):
        game.act(Action.of("warband", cards=[0]))
    discard(game, "Waaagh!")
    card = game.warbands[BOB].top
    assert card.up and card.defn.name == "Waaagh!"
    info = game.view(ANN)
    assert info["warbands"][BOB] == {"value": 0, "cards": 1, "colour": "white", "discard": True}
    assert game.result["winner"] == ANN, "Gretchin's 1 point beats a discarded 4"
    next_round(game)
    assert game.wins == [1, 0]
    assert "Waaagh!" in names(game.out[BOB])


# ---------------------------------------------------------------- ruling 4: order of play


def test_play_goes_clockwise_from_the_lead_each_behind_the_privacy_screen():
    game = deal(FILL, ["Nobz", "Trukk", "Kannon", "Lobba", "Painboy"], ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy"], names=("Ann", "Bob", "Cat"))
    assert game.decision().seats == (ANN,) and game.lead == ANN
    lay(game, "Lobba")
    decision = game.decision()
    assert decision.seats == (BOB,) and decision.private
    bob_view = game.view(BOB)
    assert [c.face.name for c in bob_view.zone("warband:0").cards] == ["Lobba"], "earlier warbands are public"
    assert all(c.face is None for c in bob_view.zone("hand:0").cards)
    assert all(c.face is None for c in bob_view.zone("hand:2").cards)
    lay(game, "Nobz")
    assert game.decision().seats == (CAT,)
    lay(game, "Warboss")
    assert game.result["winner"] == CAT
    next_round(game)
    assert game.lead == CAT and game.participants == [CAT, ANN, BOB]
    assert game.decision().seats == (CAT,)


def test_a_laid_warband_cannot_be_taken_back_and_the_result_is_public():
    game = deal(FILL, ["Nobz", "Trukk", "Kannon", "Lobba", "Painboy"])
    lay(game, "Kannon")
    with pytest.raises(IllegalAction):
        game.act(Action.of("next"))
    lay(game, "Nobz")
    decision = game.decision()
    assert decision.kind == "result" and not decision.private and decision.seats == (BOB,)
    assert decision.prompt.startswith("Bob wins round 1 with 8 points (1 card).")
    for seat in (None, ANN, BOB):
        view = game.view(seat)
        assert view["result"]["winner"] == BOB and view["warbands"][ANN]["value"] == 4


# ---------------------------------------------------------------- ruling 5: value and ties


def test_highest_value_wins_bonus_points_count():
    game = deal(["Nobz", "Waaagh!", *FILL[:3]], ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy"])
    lay(game, "Nobz", "Waaagh!")  # 12
    lay(game, "Warboss")  # 10
    assert game.result["winner"] == ANN and game.result["value"] == 12


def test_equal_value_more_cards_wins():
    game = deal(["Warboss", "Gretchin", "Kannon", "Lobba", "Painboy"], ["Nobz", "Mork's Luck", "Trukk", "Lobba", "Painboy"])
    lay(game, "Warboss")  # 10, 1 card
    lay(game, "Nobz", "Mork's Luck")  # 10, 2 cards
    assert game.result["winner"] == BOB and (game.result["value"], game.result["cards"]) == (10, 2)


def test_a_full_tie_is_settled_by_a_tie_break_among_the_tied_alone():
    game = deal(
        ["Gretchin", "Kannon", "Lobba", "Painboy", "Trukk", "Deff Dread"],
        ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy", "Nobz"],
        ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy", "Battlewagon"],
        names=("Ann", "Bob", "Cat"),
    )
    lay(game, "Gretchin")  # Ann 1
    lay(game, "Warboss")  # Bob 10
    lay(game, "Warboss")  # Cat 10: tie with Bob
    r = game.result
    assert r["winner"] is None and r["tied"] == [BOB, CAT] and r["next_lead"] == BOB
    assert "tie-break" in game.decision().prompt
    next_round(game)
    assert game.at_stake == 2 and game.participants == [BOB, CAT]
    assert len(game.hands[ANN]) == 4, "Ann is not tied: she does not draw yet"
    assert len(game.hands[BOB]) == len(game.hands[CAT]) == 5
    assert "Nobz" in hand(game, BOB) and "Battlewagon" in hand(game, CAT)
    assert game.decision().seats == (BOB,), "the tie-break starts from the same lead's side"
    lay(game, "Nobz")
    lay(game, "Battlewagon")
    assert game.result["winner"] == CAT and game.result["rounds"] == 2
    next_round(game)
    # ruling 6: the tie-break winner wins both rounds; then everyone draws up
    assert game.wins == [0, 0, 2]
    assert [len(h) for h in game.hands] == [5, 5, 5]
    assert game.lead == CAT and game.participants == [CAT, ANN, BOB]
    assert game.round_no == 3


def test_a_tie_break_lead_is_the_first_tied_player_clockwise_from_the_lead():
    game = deal(
        ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy", "Nobz"],
        ["Gretchin", "Kannon", "Lobba", "Painboy", "Trukk"],
        ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy", "Battlewagon"],
        names=("Ann", "Bob", "Cat"),
    )
    lay(game, "Warboss")
    lay(game, "Gretchin")
    lay(game, "Warboss")
    next_round(game)
    assert game.participants == [ANN, CAT] and game.lead == ANN  # Ann led and is tied
    game = deal(
        ["Gretchin", "Kannon", "Lobba", "Painboy", "Trukk"],
        ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy", "Nobz"],
        ["Painboy", "Trukk", "Kannon", "Lobba", "Mekboy"],
        ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy", "Battlewagon"],
        names=("Ann", "Bob", "Cat", "Dan"),
    )
    lay(game, "Gretchin")
    lay(game, "Warboss")
    lay(game, "Painboy")
    lay(game, "Warboss")
    assert game.result["tied"] == [1, 3] and game.result["next_lead"] == BOB
    # Ann led but is not tied: the tie-break starts with the first tied player after her
    next_round(game)
    assert game.lead == BOB and game.participants == [1, 3]


# ---------------------------------------------------------------- ruling 6: tie-breaks repeat


def test_a_repeated_tie_break_wins_every_round_of_the_chain():
    game = deal(
        ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy", "Nobz", "Deff Dread"],
        ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy", "Nobz", "Gretchin"],
    )
    lay(game, "Warboss")
    lay(game, "Warboss")
    next_round(game)
    lay(game, "Nobz")
    lay(game, "Nobz")
    assert game.result["tied"] == [ANN, BOB] and game.at_stake == 2
    next_round(game)
    assert game.at_stake == 3 and game.round_no == 3
    lay(game, "Deff Dread")
    lay(game, "Gretchin")
    assert game.result["winner"] == ANN and game.result["rounds"] == 3
    assert "Ann wins 3 rounds" in game.decision().prompt
    next_round(game)
    assert game.wins == [3, 0] and game.at_stake == 1


# ---------------------------------------------------------------- ruling 7: drawing up


def test_played_cards_leave_the_game_unplayed_stay_everyone_draws_to_five():
    game = deal(["Nobz", "Flash Gitz", "Gretchin", "Kannon", "Lobba", "Trukk", "Warbikes"], ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy", "Mekboy"])
    lay(game, "Nobz", "Flash Gitz")
    lay(game, "Warboss")
    next_round(game)
    assert names(game.out[ANN]) == ["Nobz", "Flash Gitz"] and names(game.out[BOB]) == ["Warboss"]
    assert all(c.up for c in game.out[ANN])
    assert sorted(hand(game, ANN)) == sorted(["Gretchin", "Kannon", "Lobba", "Trukk", "Warbikes"])
    assert sorted(hand(game, BOB)) == sorted(["Trukk", "Kannon", "Lobba", "Painboy", "Mekboy"])
    assert not list(game.warbands[ANN]) and game.lead == ANN
    public = [e.text for e in game.log.for_seat(None)]
    assert "Ann draws 2 cards (28 left in the draw pile)." in public
    assert not any("Warbikes" in t for t in public), "what Ann drew is hers alone"
    assert any("Warbikes" in e.text for e in game.log.for_seat(ANN))


# ---------------------------------------------------------------- ruling 8: a round nobody wins


def test_a_round_of_discards_goes_to_nobody_and_the_lead_stays():
    bonus = ["Waaagh!", "Gork's Fury", "Kustom Force Field", "Mork's Luck", "'Eavy Armour", "Nobz"]
    game = deal(
        ["Gretchin", "Kannon", "Lobba", "Trukk", "Painboy"],
        bonus,
        ["Boss Pole", "Waaagh!", "Gork's Fury", "Mork's Luck", "'Eavy Armour", "Nobz"],
        names=("Ann", "Bob", "Cat"),
    )
    lay(game, "Gretchin")
    discard(game, "Waaagh!")
    discard(game, "Boss Pole")
    assert game.result["winner"] == ANN
    game = deal(
        ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy", "Mork's Luck", "Boss Pole"],
        ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy", "'Eavy Armour", "Waaagh!"],
        ["Gretchin", "Kannon", "Lobba", "Trukk", "Painboy"],
        names=("Ann", "Bob", "Cat"),
    )
    lay(game, "Warboss")
    lay(game, "Warboss")
    lay(game, "Gretchin")
    next_round(game)
    # arrange the tie-break hands to hold only bonus cards: both must discard
    for seat, keep in ((ANN, ["Mork's Luck"]), (BOB, ["'Eavy Armour"])):
        zone = game.hands[seat]
        for card in [c for c in zone if c.defn.name not in keep]:
            zone.remove(card)
            game.out[seat].add(card)
    game.invalidate()
    discard(game, "Mork's Luck")
    discard(game, "'Eavy Armour")
    r = game.result
    assert r["winner"] is None and r["tied"] == [] and r["next_lead"] == ANN
    assert game.decision().prompt.startswith("Nobody wins round 2")
    next_round(game)
    assert game.wins == [0, 0, 0] and game.lead == ANN and game.at_stake == 1
    assert any("The 2 tied rounds go to nobody." == e.text for e in game.log.entries)
    assert game.participants == [ANN, BOB, CAT]


# ---------------------------------------------------------------- ruling 9: the end


def _empty_draw_pile(game: CombatCards, seat: int, keep: int = 0) -> None:
    draw = game.draws[seat]
    while len(draw) > keep:
        game.out[seat].add(draw.take(0))
    game.invalidate()


def test_the_game_ends_when_a_draw_up_cannot_refill_a_hand():
    game = deal(["Nobz", "Flash Gitz", "Gretchin", "Kannon", "Lobba", "Trukk"], ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy", "Mekboy"])
    _empty_draw_pile(game, ANN, keep=1)
    lay(game, "Nobz", "Flash Gitz")  # Ann needs two cards but has one left
    lay(game, "Warboss")
    next_round(game)
    assert game.decision() is None and game.phase == "over"
    assert len(game.hands[ANN]) == 4 and len(game.hands[BOB]) == 5, "everyone draws what they can first"
    outcome = game.outcome()
    assert outcome.scores == (1, 0) and outcome.winners == {ANN}
    assert outcome.summary == "Ann wins with 1 round won."
    assert "Ann could not draw back up to five" in outcome.details[0]
    assert_cards_conserved(game, 70)


def test_an_exactly_refilled_hand_plays_on():
    game = deal(["Nobz", "Flash Gitz", "Gretchin", "Kannon", "Lobba", "Trukk", "Warbikes"], FILL)
    _empty_draw_pile(game, ANN, keep=2)
    lay(game, "Nobz", "Flash Gitz")
    lay(game, "Kannon")
    next_round(game)
    assert game.decision() is not None and len(game.hands[ANN]) == 5 and not game.draws[ANN]


def test_equal_round_wins_share_the_victory():
    game = deal(["Nobz", "Gretchin", "Kannon", "Lobba", "Trukk", "Warbikes"], ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy", "Mekboy", "Nobz"])
    lay(game, "Nobz")
    lay(game, "Kannon")
    next_round(game)
    _empty_draw_pile(game, ANN)
    lay(game, "Gretchin")
    lay(game, "Warboss")
    next_round(game)
    outcome = game.outcome()
    assert outcome.scores == (1, 1) and outcome.winners == {ANN, BOB}
    assert outcome.summary == "Ann and Bob share the win with 1 round won each."


# ---------------------------------------------------------------- ruling 10: an unfinished tie-break


def test_a_tie_break_that_cannot_be_drawn_for_goes_to_nobody():
    game = deal(["Warboss", "Trukk", "Kannon", "Lobba", "Painboy"], ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy", "Nobz"], ["Gretchin", "Kannon", "Lobba", "Trukk", "Painboy"], names=("Ann", "Bob", "Cat"))
    _empty_draw_pile(game, ANN)
    lay(game, "Warboss")
    lay(game, "Warboss")
    lay(game, "Gretchin")
    next_round(game)
    assert game.phase == "over"
    assert game.wins == [0, 0, 0]
    assert len(game.hands[CAT]) == 4, "Cat was not tied and did not draw"
    assert game.outcome().winners == {ANN, BOB, CAT}
    assert "the tied round went to nobody" in game.end_reason
    assert any("The tie-break cannot be played: the 1 tied round goes to nobody." == e.text for e in game.log.entries)


# ---------------------------------------------------------------- ruling 12: what is public


def test_views_show_counts_and_public_facts_only():
    game = deal(["Nobz", "Flash Gitz", "Gretchin", "Kannon", "Lobba"], ["Warboss", "Trukk", "Kannon", "Lobba", "Painboy"])
    view = game.view(BOB)
    assert view.zone("hand:0").count == 5 and view.zone("draw:0").count == 30
    assert all(c.face is None for c in view.zone("hand:0").cards)
    assert [c.face.name for c in view.zone("hand:1").cards] == hand(game, BOB)
    assert view["wins"] == [0, 0] and view["to_play"] == ANN and view["phase"] == "play"
    assert_no_leaks(game)
    lay(game, "Nobz", "Flash Gitz")
    assert_no_leaks(game)


# ---------------------------------------------------------------- ruling 14: news
def test_every_rounds_result_and_nothing_else_is_news():
    """Ruling 14: each round's result (won, tied, nobody) is news; the warbands laid are not
    (they lie face up on the table while the round is played)."""
    from news_lines import news_and_plain

    news, plain = news_and_plain("combat-cards", range(4), 2)
    assert news and all(" won round " in l or " was tied at " in l or l.startswith("Nobody won round") for l in news), news
    assert not any(" won round " in l for l in plain)
    assert any(" lays a" in l for l in plain)


# ---------------------------------------------------------------- random playouts


def _invariants(game: CombatCards, action: Action) -> None:
    """The cheap per-step invariants: every card accounted for, decisions sane, hands of at
    most five, each deck's cards only in its owner's zones, played cards face up."""
    n = len(game.players)
    total = 35 if game.variant == "civil-war" else 35 * n
    check_step(game, total)
    for seat in range(n):
        assert len(game.hands[seat]) <= 5
        if game.variant == "standard":
            owned = [c for z in (game.draws[seat], game.hands[seat], game.warbands[seat], game.out[seat]) for c in z]
            assert len(owned) == 35 and {c.defn.get("army") for c in owned} == {game.army_ids[seat]}
        assert all(c.up for c in game.warbands[seat]) and all(c.up for c in game.out[seat])
        assert not any(c.up or c.known for c in game.draws[seat])
        assert all(c.known == {seat} and not c.up for c in game.hands[seat])
    assert sum(game.wins) <= game.round_no


def _full_checks(game: CombatCards, action: Action) -> None:
    """Invariants plus the leak test and the illegal-action check."""
    _invariants(game, action)
    assert_no_leaks(game, permutations=1)
    assert_illegal_rejected(game)


def _sampled_checks(game: CombatCards, action: Action) -> None:
    """Invariants on every step; the leak and illegal-action checks on every 10th."""
    if game.moves % 10 == 0 or game.decision() is None:
        _full_checks(game, action)
    else:
        _invariants(game, action)


def _playout_setup(seed: int) -> tuple[int, dict]:
    players = 2 + seed % 5
    armies = [a for a, _ in ARMIES]
    rnd = random.Random(seed)
    options: dict = {"deck": tuple(rnd.choice(armies) for _ in range(players))}
    if players == 2 and seed % 10 == 5:
        options["variant"] = "civil-war"
    return players, options


def _play_hoarding(seed: int, players: int, options: dict, on_step=None) -> CombatCards:
    """A random playout whose players keep their bonus cards back whenever they can, so
    that hands of only bonus cards (discards, rounds nobody wins) come up often."""
    game = new_game("combat-cards", players, seed=seed, options=options)
    chooser = random.Random(f"hoard:{seed}")
    for _ in range(CombatCards.max_actions):
        decision = game.decision()
        if decision is None:
            return game
        actions = list(decision.actions)
        if decision.kind == "warband":
            held = game.hand_defs(decision.seat)
            plain = [a for a in actions if a.type == "warband" and not any(is_bonus(held[i]) for i in a["cards"])]
            actions = plain or actions
        action = chooser.choice(actions)
        game.act(action)
        if on_step is not None:
            on_step(game, action)
    raise AssertionError(f"seed {seed}: the game did not end")


def _playout(seed: int, on_step=None) -> CombatCards:
    """Seed ``seed``'s playout: uniform random play for even seeds, hoarding for odd ones."""
    players, options = _playout_setup(seed)
    if seed % 2:
        return _play_hoarding(seed, players, options, on_step)
    return play_random("combat-cards", seed=seed, players=players, options=options, on_step=on_step)


@pytest.mark.parametrize("block", range(5))
def test_random_playouts_keep_every_invariant(block):
    """500 seeded games over 2–6 players and Civil War: every card accounted for, only
    legal actions offered and all accepted, unoffered ones refused, no leaks, every game ends.
    The leak test and the illegal-action check run on every step of one game in ten and on
    every tenth step (and the last) of the others: the full check on every step of all 500
    games would take minutes."""
    for seed in range(block * 100, block * 100 + 100):
        # 50 games: 10 per player count, 5 of them Civil War, both policies
        full = (seed % 50) // 5 == (1 - (seed // 50) % 2)
        game = _playout(seed, _full_checks if full else _sampled_checks)
        outcome = game.outcome()
        assert outcome is not None and game.phase == "over"
        assert sum(outcome.scores) <= game.round_no
        assert any(len(h) < 5 for h in game.hands), "the game ended at a short draw-up"


def test_playouts_cover_every_path():
    """The 500 playouts reach Civil War, every player count, tie-breaks, discards, rounds
    nobody wins and unfinished tie-breaks."""
    seen = Counter()
    for seed in range(500):
        players, _ = _playout_setup(seed)
        game = _playout(seed)
        texts = [e.text for e in game.log.for_seat(None)]
        seen["civil war"] += game.variant == "civil-war"
        seen["tie-break"] += any("tie-break between" in t for t in texts)
        seen["double tie-break"] += game.round_no > 1 and any("for 3 rounds" in t for t in texts)
        seen["discard"] += any("holds only bonus cards" in t for t in texts)
        seen["nobody"] += any(t.startswith("Nobody won") for t in texts)
        seen["unfinished tie-break"] += any("tie-break cannot be played" in t for t in texts)
        seen[f"players {players}"] += 1
    assert seen["civil war"] == 50 and all(seen[f"players {n}"] == 100 for n in range(2, 7))
    for path in ("tie-break", "double tie-break", "discard", "nobody", "unfinished tie-break"):
        assert seen[path] >= 3, (path, seen)


def test_same_seed_same_game_and_global_random_untouched():
    state = random.getstate()
    a = play_random("combat-cards", seed=42, players=4)
    random.seed(12345)
    random.random()
    b = play_random("combat-cards", seed=42, players=4)
    assert a.snapshot() == b.snapshot()
    random.seed(1)
    before = random.getstate()
    play_random("combat-cards", seed=7, players=3)
    assert random.getstate() == before
    random.setstate(state)


def test_clone_is_independent():
    game = deal(["Nobz", "Flash Gitz", "Gretchin", "Kannon", "Lobba"], FILL)
    twin = game.clone()
    lay(game, "Nobz", "Flash Gitz")
    assert twin.snapshot() != game.snapshot()
    lay(twin, "Nobz", "Flash Gitz")
    assert twin.snapshot() == game.snapshot()
