"""Bloops: the card file, every ruling of cards_data/bloops.md on a stacked deck, then 500
random playouts with invariants, the leak test and illegal actions."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from cardtable.cards import CardDataError, parse_cardset
from cardtable.engine import Action, IllegalAction, Setup, load_cards, new_game, play_random
from cardtable.engine.registry import bundled_data_dir
from cardtable.engine.saves import SaveFile, resume
from cardtable.engine.session import Session
from cardtable.engine.testing import (
    StackedRandom,
    assert_cards_conserved,
    assert_illegal_rejected,
    assert_no_leaks,
    check_step,
)
from cardtable.games.bloops import Bloops, score_area

ANN, BOB, CAT = 0, 1, 2
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fin")
ID = {0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
      9: "nine", 10: "ten", 11: "eleven", 12: "twelve", 15: "fifteen", 20: "twenty"}


def deal(*areas: list[int], draw: tuple[int, ...] = (), reshuffles: list[list[int]] | None = None, **options: str) -> Bloops:
    """A game where seat *s* is dealt ``areas[s]`` (positions 1–6) and the draw pile then
    starts with ``draw`` (first = top). Cards are dealt one at a time in seat order.
    ``options`` are house rules (ruling 17; unset ones take their defaults)."""
    order = [ID[areas[s][p]] for p in range(6) for s in range(len(areas))] + [ID[v] for v in draw]
    shuffles = [order] + [[ID[v] for v in s] for s in (reshuffles or [])]
    options = {**Bloops.default_options(len(areas)), **options}  # as new_game and the setup screen do
    return Bloops(load_cards("bloops"), Setup(NAMES[: len(areas)], options), seed=0, rng=StackedRandom(shuffles=shuffles))


def started(*areas: list[int], draw: tuple[int, ...] = (), reshuffles: list[list[int]] | None = None, **options: str) -> Bloops:
    """As ``deal``, with every first look confirmed: seat 1 has drawn and must decide."""
    game = deal(*areas, draw=draw, reshuffles=reshuffles, **options)
    for _ in areas:
        do(game, "remember")
    return game


def do(game: Bloops, kind: str, **args) -> None:
    game.act(Action.of(kind, **args))


def values(game: Bloops, seat: int) -> list[int | None]:
    """The area of ``seat`` by position (``None``: empty)."""
    return [c.defn.value if c is not None else None for c in game.areas[seat].cards]


def faces(game: Bloops, seat: int | None, zone: str) -> list[int | None]:
    """The faces ``seat`` sees in ``zone`` (``None`` for face down or empty)."""
    return [c.face.value if c is not None and c.face is not None else None for c in game.view(seat).zone(zone).cards]


def known_cards(game: Bloops) -> list:
    """Cards whose face some seat sees privately right now."""
    return [c for c in game.all_cards() if not c.up and c.known]


def texts(game: Bloops) -> list[str]:
    return [e.text for e in game.log.entries]


A6 = [1, 2, 3, 4, 5, 0]
B6 = [5, 4, 3, 2, 1, 0]
C6 = [15, 15, 15, 15, 12, 12]


# ---------------------------------------------------------------- the card file


def test_the_deck_has_65_cards_as_the_seed_lists():
    cards = load_cards("bloops")
    deck = cards.deck_list()
    assert len(deck) == 65
    counts = Counter(c.value for c in deck if c.kind == "number")
    assert counts == {**{v: 4 for v in range(6)}, **{v: 5 for v in range(6, 13)}, 15: 4, 20: 1}
    assert sum(counts.values()) == 64
    (token,) = [c for c in deck if c.kind == "bloops"]
    assert token.value is None and token.name == "BLOOPS"
    assert {c.value for c in deck if c.get("star")} == {10, 11, 12}
    effects = {c.value: dict(c.get("effect")) for c in cards if c.get("effect")}
    assert effects == {6: {"give": 1}, 7: {"peek": "any"}, 8: {"peek": "any"}, 9: {"swap": 1}, 20: {"end_game": True}}


YAML = (bundled_data_dir() / "bloops.yaml").read_text(encoding="utf-8")


def _parse(text: str):
    return parse_cardset(text, "cards_data/bloops.yaml", game="bloops", check_card=Bloops.check_card, check_set=Bloops.check_cardset)


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("effect: {give: 1}", "effect: {fly: 1}", "card 'six': effect has unknown effect 'fly' (known: give, peek, swap, end_game)"),
        ("effect: {give: 1}", "effect: {give: 5}", "card 'six': effect give must be a number of cards from 1 to 3, got 5"),
        ("effect: {peek: any}", "effect: {peek: mine}", "card 'seven': effect peek must be one of any, own, other, got 'mine'"),
        ("effect: {swap: 1}", "effect: {swap: 2}", "card 'nine': effect swap must be 1 (one card each way), got 2"),
        ("effect: {swap: 1}", "effect: {swap: 1, give: 1}", "card 'nine': effect must have exactly one of give, peek, swap, end_game, got 2 keys"),
        ("effect: {end_game: true}", "effect: {end_game: 1}", "card 'twenty': effect end_game must be true, got 1"),
        ("effect: {give: 1}", "effect: give", "card 'six': effect must be a mapping, got 'give'"),
    ],
)
def test_effect_vocabulary_is_checked_with_file_and_line(old, new, message):
    text = YAML.replace(old, new, 1)
    with pytest.raises(CardDataError) as err:
        _parse(text)
    assert str(err.value) == f"cards_data/bloops.yaml:{_line_of(text, new)}: {message}"


def test_the_bloops_card_and_the_set_are_checked():
    text = YAML.replace("    kind: bloops\n    value: null", "    kind: bloops\n    value: 3")
    with pytest.raises(CardDataError, match=r"bloops.yaml:\d+: card 'bloops': value must be null: the BLOOPS card scores nothing"):
        _parse(text)
    text = YAML.replace("    colour: orange\n    count: 1", "    colour: orange\n    count: 2")
    with pytest.raises(CardDataError, match=r"card 'bloops': the set needs exactly one BLOOPS card, got 2"):
        _parse(text)
    text = YAML.replace("colour: coral, count: 4", "colour: coral, count: 1").replace("count: 5", "count: 1")
    with pytest.raises(CardDataError, match=r"the set needs at least 37 number cards to deal 6 players, got \d+"):
        _parse(text)


# ---------------------------------------------------------------- ruling 1: players and deal


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_six_face_down_each_and_set_the_bloops_card_aside(players):
    game = Bloops(load_cards("bloops"), Setup(NAMES[:players]), seed=players)
    assert len(game.draw) == 64 - 6 * players
    assert not game.discard, "the discard pile starts empty"
    assert [c.defn.id for c in game.bloops] == ["bloops"] and game.bloops.owner is None
    assert game.view(None).zone("bloops").cards[0].face.name == "BLOOPS"
    for seat in range(players):
        assert len(game.areas[seat].cards) == 6 and len(game.areas[seat]) == 6
        assert all(not c.up for c in game.areas[seat])
    assert_cards_conserved(game, 65)
    with pytest.raises(Exception, match="needs 2–6 players"):
        Bloops(load_cards("bloops"), Setup(NAMES[:1]), seed=0)


def test_cards_are_dealt_one_at_a_time_in_seat_order():
    game = deal([1, 2, 3, 4, 5, 0], [15, 12, 11, 10, 9, 8], draw=(7, 6))
    assert values(game, ANN) == [1, 2, 3, 4, 5, 0]
    assert values(game, BOB) == [15, 12, 11, 10, 9, 8]
    assert game.draw.top.defn.value == 7


# ---------------------------------------------------------------- ruling 2: the first look


def test_first_look_shows_positions_4_to_6_once_to_their_owner_only():
    game = deal(A6, B6, draw=(7,))
    decision = game.decision()
    assert decision.private and decision.seats == (ANN,) and decision.kind == "memorise"
    assert [a.label for a in decision.actions] == ["Hide them: I have remembered them"]
    assert faces(game, ANN, "area:0") == [None, None, None, 4, 5, 0]
    assert faces(game, BOB, "area:0") == [None] * 6 and faces(game, None, "area:0") == [None] * 6
    assert faces(game, BOB, "area:1") == [None] * 6, "Bob's look comes after Ann's"
    assert game.view(None)["marks"] == [[ANN, 4], [ANN, 5], [ANN, 6]]
    do(game, "remember")
    assert faces(game, ANN, "area:0") == [None] * 6, "never shown again"
    assert faces(game, BOB, "area:1") == [None, None, None, 2, 1, 0]
    assert game.decision().seats == (BOB,) and game.decision().private
    do(game, "remember")
    assert [c.defn.value for c in known_cards(game)] == [7], "only the drawn card is seen now"
    assert game.decision().kind == "drawn" and game.decision().seats == (ANN,)
    assert_no_leaks(game)


# ---------------------------------------------------------------- ruling 3: a turn


def test_drawn_card_is_seen_by_the_active_player_only():
    game = started(A6, B6, draw=(12, 3))
    decision = game.decision()
    assert decision.private and decision.kind == "drawn" and "you drew a 12★" in decision.prompt
    assert faces(game, ANN, "drawn") == [12]
    assert faces(game, BOB, "drawn") == [None] and faces(game, None, "drawn") == [None]
    assert faces(game, ANN, "area:0") == [None] * 6, "her own cards stay face down while she decides"
    assert [a.label for a in decision.actions][:2] == ["Discard the 12★", "Keep it at position 1 (the card there goes to the discard pile)"]
    assert {a.get("position") for a in decision.actions} == {None, 1, 2, 3, 4, 5, 6}
    assert "Ann's turn: Ann draws a card." in texts(game)
    assert not any("12" in t for t in texts(game)), "the log never names a private face"


def test_discard_the_drawn_card_then_the_public_window():
    game = started(A6, B6, draw=(12, 3))
    do(game, "discard")
    assert [c.defn.value for c in game.discard] == [12] and game.discard.top.up
    window = game.decision()
    assert window.kind == "window" and not window.private and window.seats == (ANN, BOB)
    assert all(a.get("seat") is not None for a in window.actions)
    assert window.actions[0].type == "pass"
    assert not known_cards(game), "nobody sees any face while the window is open"


def test_keep_the_drawn_card_face_down_and_discard_the_replaced_one():
    game = started(A6, B6, draw=(0, 3))
    do(game, "keep", position=5)  # Ann's 5 goes, the drawn 0 takes position 5
    assert values(game, ANN) == [1, 2, 3, 4, 0, 0]
    assert [c.defn.value for c in game.discard] == [5]
    kept = game.areas[ANN].cards[4]
    assert not kept.up and not kept.known, "the kept card is face down to everyone, Ann included"
    assert "Ann discards from position 5: a 5." in texts(game)
    assert game.decision().kind == "window"


def test_a_player_with_no_cards_must_discard_the_drawn_card():
    game = started(A6, B6, draw=(3, 4))
    for position in range(1, 7):
        game.discard.add(game.areas[ANN].take(position - 1))
    game.invalidate()
    decision = game.decision()
    assert [a.type for a in decision.actions] == ["discard"]
    assert "no cards" in decision.prompt


# ---------------------------------------------------------------- ruling 4: effects


def test_six_gives_the_top_card_to_another_player_unseen():
    game = started(A6, B6, C6, draw=(6, 11, 4))
    do(game, "discard")
    decision = game.decision()
    assert decision.kind == "give" and not decision.private and decision.seats == (ANN,)
    assert [a["target"] for a in decision.actions] == [BOB, CAT]
    do(game, "give", target=CAT)
    assert values(game, CAT) == [15, 15, 15, 15, 12, 12, 11]
    assert not game.areas[CAT].cards[6].known and not game.areas[CAT].cards[6].up
    assert game.decision().kind == "window"


def test_the_replaced_card_triggers_its_effect_too():
    game = started([6, 2, 3, 4, 5, 0], B6, draw=(1, 15))
    do(game, "keep", position=1)
    assert game.discard.top.defn.value == 6
    assert game.decision().kind == "give"


def test_seven_looks_at_another_players_card_privately_then_never_again():
    game = started(A6, B6, draw=(7, 8))
    do(game, "discard")
    choose = game.decision()
    assert choose.kind == "peek-player" and choose.private and choose.seats == (ANN,), "ruling 15: Ann's private moment"
    assert [a["target"] for a in choose.actions] == [ANN, BOB]
    do(game, "peek-player", target=BOB)
    assert game.decision().kind == "peek-position" and game.decision().private
    assert [a["position"] for a in game.decision().actions] == [1, 2, 3, 4, 5, 6]
    do(game, "peek", position=2)
    ack = game.decision()
    assert ack.private and ack.seats == (ANN,) and ack.kind == "peek-ack"
    assert "Bob's card at position 2 is a 4" in ack.prompt
    assert faces(game, ANN, "area:1") == [None, 4, None, None, None, None]
    assert faces(game, BOB, "area:1") == [None] * 6 and faces(game, None, "area:1") == [None] * 6
    assert game.view(BOB)["marks"] == [[BOB, 2]], "everyone sees which card is looked at"
    assert "Ann looks at Bob's card at position 2." in texts(game)
    assert_no_leaks(game)
    do(game, "remember")
    assert faces(game, ANN, "area:1") == [None] * 6
    assert not known_cards(game)
    assert game.decision().kind == "window"


def test_a_look_at_ones_own_card_names_whose_it_is():
    """The public line names the owner ("Ann looks at Ann's own card"): "their own" was read
    by the next player, whose screen shows it, as their own card (fresh tester t120)."""
    game = started(A6, B6, draw=(7, 8))
    do(game, "discard")
    do(game, "peek-player", target=ANN)
    do(game, "peek", position=2)
    assert "Ann looks at Ann's own card at position 2." in texts(game)
    assert game.view(BOB)["last"] == "Ann looks at Ann's own card at position 2."
    assert not any("their own" in line for line in texts(game))


def test_eight_may_look_at_ones_own_card():
    game = started(A6, B6, draw=(8, 8))
    do(game, "discard")
    do(game, "peek-player", target=ANN)
    do(game, "peek", position=1)
    assert "your card at position 1 is a 1" in game.decision().prompt
    assert faces(game, ANN, "area:0") == [1, None, None, None, None, None]


def test_nine_swaps_two_cards_unseen():
    game = started(A6, B6, [12, 12, 12, 12, 12, 11], draw=(9, 8))
    do(game, "discard")
    assert game.decision().kind == "swap-own"
    do(game, "swap-own", position=1)
    assert [a["target"] for a in game.decision().actions] == [BOB, CAT]
    do(game, "swap-player", target=CAT)
    do(game, "swap", position=6)
    assert values(game, ANN) == [11, 2, 3, 4, 5, 0]
    assert values(game, CAT) == [12, 12, 12, 12, 12, 1]
    assert not known_cards(game) and not any(c.up for c in game.areas[ANN])
    assert "Ann swaps their position 1 with Cat's position 6." in texts(game)
    assert game.decision().kind == "window"


def test_with_the_house_rule_off_counter_discards_and_penalty_cards_have_no_effect():
    # ruling 4 as it was, now the "No" of ruling 17's first house rule
    game = started(A6, [7, 4, 3, 2, 1, 0], draw=(7, 9), counter_effects="no")
    do(game, "discard")  # Ann's 7: she looks at a card first
    do(game, "peek-player", target=ANN)
    do(game, "peek", position=1)
    do(game, "remember")
    do(game, "claim", seat=BOB)
    do(game, "counter", seat=BOB, position=1)  # Bob's 7 matches
    assert [c.defn.value for c in game.discard] == [7, 7]
    assert game.decision().kind == "window", "no second look for the counter-discarded 7"
    do(game, "claim", seat=BOB)
    do(game, "counter", seat=BOB, position=2)  # a 4: wrong, penalty 9
    do(game, "penalty", seat=BOB)
    assert values(game, BOB) == [9, 4, 3, 2, 1, 0], "the penalty card fills the empty position 1"
    assert game.decision().kind == "window"


# ---------------------------------------------------------------- ruling 5: the counter-discard window


def test_window_is_one_public_decision_open_to_every_seat():
    game = started(A6, B6, C6, draw=(3, 4))
    do(game, "discard")
    window = game.decision()
    assert window.seats == (ANN, BOB, CAT) and not window.private
    assert [(a.type, a["seat"]) for a in window.actions] == [("pass", ANN), ("claim", ANN), ("claim", BOB), ("claim", CAT), ("bloops", ANN)]
    assert "who has a 3?" in window.prompt


def test_a_matching_claim_discards_the_card_and_the_window_stays_open():
    game = started([15, 2, 3, 4, 5, 0], B6, [12, 15, 15, 12, 12, 11], draw=(15, 4))
    do(game, "discard")
    do(game, "claim", seat=CAT)
    counter = game.decision()
    assert counter.kind == "counter" and counter.seats == (CAT,) and not counter.private
    assert [a.get("position") for a in counter.actions] == [1, 2, 3, 4, 5, 6, None]
    do(game, "counter", seat=CAT, position=3)
    assert values(game, CAT) == [12, 15, None, 12, 12, 11]
    assert [c.defn.value for c in game.discard] == [15, 15]
    assert "Cat counter-discards a 15 from position 3." in texts(game)
    assert game.decision().kind == "window"
    do(game, "claim", seat=ANN)  # the active player may claim too
    do(game, "counter", seat=ANN, position=1)
    assert [c.defn.value for c in game.discard] == [15, 15, 15]
    assert game.decision().kind == "window"


def test_a_wrong_claim_is_shown_to_everyone_then_a_penalty_card():
    game = started(A6, B6, draw=(3, 4, 15))
    do(game, "discard")
    do(game, "claim", seat=BOB)
    do(game, "counter", seat=BOB, position=1)  # a 5, not a 3
    reveal = game.decision()
    assert reveal.kind == "reveal" and not reveal.private
    assert "Bob's card at position 1 is a 5, not a 3" in reveal.prompt
    for seat in (None, ANN, BOB):
        assert faces(game, seat, "area:1")[0] == 5
    assert game.view(None)["marks"] == [[BOB, 1]]
    assert_no_leaks(game)
    do(game, "penalty", seat=BOB)
    assert values(game, BOB) == [5, 4, 3, 2, 1, 0, 4]
    assert not known_cards(game) and not any(c.up for c in game.areas[BOB])
    assert faces(game, BOB, "area:1") == [None] * 7
    assert not any("a 5" in t for t in texts(game)), "the revealed face is not kept in the log"
    assert game.decision().kind == "window"


def test_pass_for_all_closes_the_window_and_the_next_player_draws():
    game = started(A6, B6, draw=(3, 4))
    do(game, "discard")
    do(game, "pass", seat=ANN)
    decision = game.decision()
    assert decision.kind == "drawn" and decision.seats == (BOB,) and decision.private
    assert faces(game, BOB, "drawn") == [4]


# ---------------------------------------------------------------- ruling 6: BLOOPS


def test_bloops_gives_everyone_else_one_final_turn():
    game = started(A6, B6, C6, draw=(0, 1, 2, 5, 5))
    do(game, "discard")
    do(game, "bloops", seat=ANN)
    assert game.holder == ANN and game.bloops.owner == ANN
    assert game.view(None)["final_left"] == [BOB, CAT]
    assert "Ann calls BLOOPS! and takes the BLOOPS card. Final turns: Bob, Cat." in texts(game)
    assert game.decision().seats == (BOB,)
    do(game, "discard")
    assert "bloops" not in {a.type for a in game.decision().actions}, "BLOOPS is called once per game"
    do(game, "pass", seat=BOB)
    assert game.decision().seats == (CAT,) and game.view(None)["final_left"] == [CAT]
    do(game, "discard")
    do(game, "pass", seat=CAT)
    assert game.decision() is None, "the caller does not play again"
    outcome = game.outcome()
    assert outcome.scores == (15, 15, 84)
    assert outcome.winners == {ANN, BOB} and outcome.lower_wins
    assert outcome.summary == "Ann and Bob share the win with 15 points."


def test_the_bloops_holder_is_immune_to_nine_swaps():
    game = started(A6, B6, C6, draw=(0, 9, 2))
    do(game, "discard")
    do(game, "bloops", seat=ANN)
    do(game, "discard")  # Bob discards a 9
    do(game, "swap-own", position=1)
    assert [a["target"] for a in game.decision().actions] == [CAT]


# ---------------------------------------------------------------- ruling 7: the 20


@pytest.mark.parametrize("keep", [False, True])
def test_discarding_the_20_ends_the_game_at_once(keep):
    if keep:
        game = started([20, 2, 3, 4, 5, 0], B6, draw=(1, 4))
        do(game, "keep", position=1)
    else:
        game = started(A6, B6, draw=(20, 4))
        do(game, "discard")
    assert game.decision() is None
    assert game.end_reason == "Ann discarded the 20"
    assert all(c.up for a in game.areas for c in a), "all cards are revealed"
    assert game.outcome().scores == (15, 15)


# ---------------------------------------------------------------- ruling 8: running out


def _empty_draw_pile(game: Bloops) -> None:
    """Move the draw pile under the discard pile's top card."""
    top = game.discard.take() if game.discard else None
    while game.draw:
        game.discard.add(game.draw.take(0))
    if top is not None:
        game.discard.add(top)
    game.invalidate()


def test_an_empty_draw_pile_is_rebuilt_under_the_discard_top():
    game = started(A6, B6, draw=(3, 4, 5, 6))
    do(game, "discard")  # the 3 is on top
    _empty_draw_pile(game)
    assert game.discard.top.defn.value == 3 and len(game.discard) == 52 and not game.draw
    under = len(game.discard) - 1
    do(game, "pass", seat=ANN)  # Bob must draw: rebuild first
    assert [c.defn.value for c in game.discard] == [3]
    assert len(game.draw) == under - 1 and len(game.drawn) == 1
    assert any("shuffled into a new draw pile" in t for t in texts(game))
    assert_cards_conserved(game, 65)


def test_nothing_to_draw_ends_the_game():
    game = started(A6, B6, draw=(3,))
    do(game, "discard")
    for card in list(game.draw):  # every card but the discarded 3 ends up in the areas
        game.draw.remove(card)
        game.areas[BOB].place(len(game.areas[BOB].cards), card)
    game.invalidate()
    do(game, "pass", seat=ANN)
    assert game.decision() is None and game.end_reason == "nothing is left to draw"
    assert_cards_conserved(game, 65)


def test_a_penalty_with_nothing_to_draw_ends_the_game():
    game = started(A6, B6, draw=(3,))
    do(game, "discard")
    for card in list(game.draw):
        game.draw.remove(card)
        game.areas[ANN].place(len(game.areas[ANN].cards), card)
    game.invalidate()
    do(game, "claim", seat=BOB)
    do(game, "counter", seat=BOB, position=1)
    do(game, "penalty", seat=BOB)
    assert game.decision() is None and game.end_reason == "nothing is left to draw"
    assert not any(c.known for a in game.areas for c in a)


# ---------------------------------------------------------------- ruling 9: scoring


def test_three_or_more_stars_score_zero():
    defs = load_cards("bloops")
    stars = [defs["ten"], defs["eleven"], defs["twelve"]]
    assert score_area(stars + [defs["four"]]) == (4, True)
    assert score_area(stars[:2] + [defs["four"]]) == (25, False)
    assert score_area([defs["fifteen"], defs["twenty"]]) == (35, False)
    assert score_area([]) == (0, False)


def test_final_scores_and_a_single_winner():
    game = started([10, 11, 12, 0, 1, 2], [10, 11, 0, 0, 1, 2], draw=(20,))
    do(game, "discard")
    outcome = game.outcome()
    assert outcome.scores == (3, 24)
    assert outcome.winners == {ANN} and outcome.summary == "Ann wins with 3 points."
    assert outcome.details[0] == "Ann: 10★ 11★ 12★ 0 1 2 = 3 (three or more stars: they score 0)"
    assert outcome.ranking() == [ANN, BOB]


# ---------------------------------------------------------------- ruling 10: no memory aid


def test_a_seen_face_is_never_shown_again():
    game = started(A6, B6, draw=(8, 12, 3))
    assert faces(game, ANN, "area:0") == [None] * 6, "the first look is over"
    do(game, "discard")
    do(game, "peek-player", target=BOB)
    do(game, "peek", position=6)
    do(game, "remember")
    do(game, "pass", seat=ANN)
    do(game, "keep", position=6)  # Bob keeps the drawn 12
    for seat in (ANN, BOB):
        view = game.view(seat)
        assert all(c is None or c.face is None for name in ("area:0", "area:1", "drawn") for c in view.zone(name).cards)
        assert "12" not in view["last"]
    assert not known_cards(game)
    assert not any("12" in t for t in texts(game))


# ---------------------------------------------------------------- ruling 11: positions


def test_positions_stay_put_and_new_cards_fill_the_first_gap():
    game = started(A6, [3, 4, 3, 2, 1, 0], draw=(3, 15, 12, 6, 7))
    do(game, "discard")
    do(game, "claim", seat=BOB)
    do(game, "counter", seat=BOB, position=3)
    do(game, "claim", seat=BOB)
    do(game, "counter", seat=BOB, position=1)
    assert values(game, BOB) == [None, 4, None, 2, 1, 0]
    assert faces(game, None, "area:1")[0] is None and game.view(None).zone("area:1").cards[0] is None
    do(game, "claim", seat=BOB)
    do(game, "counter", seat=BOB, position=2)  # a 4: penalty 15 into position 1
    do(game, "penalty", seat=BOB)
    assert values(game, BOB) == [15, 4, None, 2, 1, 0]


def test_a_full_area_grows_a_new_position_and_empty_end_positions_go():
    game = started(A6, B6, draw=(3, 15, 6))
    do(game, "discard")
    do(game, "claim", seat=ANN)
    do(game, "counter", seat=ANN, position=1)  # a 1: penalty 15 at position 7
    do(game, "penalty", seat=ANN)
    assert values(game, ANN) == [1, 2, 3, 4, 5, 0, 15]
    do(game, "claim", seat=ANN)
    do(game, "counter", seat=ANN, position=3)  # the 3 matches: a gap at 3
    assert values(game, ANN) == [1, 2, None, 4, 5, 0, 15]
    game.discard.add(game.areas[ANN].take(6))  # position 7 empties (arranged by hand)
    game.discard.add(game._take_from_area(ANN, 6))
    assert values(game, ANN) == [1, 2, None, 4, 5, None], "the grid never shrinks below six"


# ---------------------------------------------------------------- ruling 12: impossible effects are skipped


def test_a_nine_without_a_possible_swap_is_skipped():
    game = started(A6, B6, draw=(3, 9))
    do(game, "discard")
    do(game, "bloops", seat=ANN)  # Ann holds the BLOOPS card: Bob's 9 has nobody to swap with
    do(game, "discard")
    assert game.decision().kind == "window"
    assert "The 9 has no effect: no swap is possible." in texts(game)


def test_a_seven_with_no_card_anywhere_is_skipped():
    game = started(A6, B6, draw=(7,))
    for seat in (ANN, BOB):
        for position in range(6):
            game.draw.insert(0, game.areas[seat].take(position))
    game.invalidate()
    do(game, "discard")
    assert game.decision().kind == "window"
    assert [a.type for a in game.decision().actions] == ["pass", "bloops"], "nobody can claim without cards (ruling 14)"
    assert "The 7 has no effect: there is no card to look at." in texts(game)


# ---------------------------------------------------------------- ruling 13: seat order


def test_seat_one_starts_and_turns_follow_the_seats():
    game = started(A6, B6, C6, draw=(0, 1, 2, 4))
    order = []
    for _ in range(4):
        order.append(game.decision().seat)
        do(game, "discard")
        do(game, "pass", seat=game.active)
    assert order == [ANN, BOB, CAT, ANN]


# ---------------------------------------------------------------- ruling 14: one claim at a time


def test_a_claim_can_be_cancelled_and_nobody_claims_during_an_effect():
    game = started(A6, B6, draw=(6, 2))
    do(game, "discard")
    assert game.decision().kind == "give" and game.decision().seats == (ANN,)
    with pytest.raises(IllegalAction):
        game.act(Action.of("claim", seat=BOB))
    do(game, "give", target=BOB)
    do(game, "claim", seat=BOB)
    with pytest.raises(IllegalAction):
        game.act(Action.of("claim", seat=ANN))
    do(game, "withdraw", seat=BOB)
    assert game.decision().kind == "window" and values(game, BOB)[-1] == 2
    assert not any(c.up for c in game.areas[BOB])


# ---------------------------------------------------------------- ruling 15: looking is private, what is looked at is public


def test_the_choice_and_the_look_are_the_lookers_private_moment_and_the_card_is_public():
    """Ruling 15: from her drawn card to the face, every decision is Ann's private one (she
    keeps the device: no second hand-over), and everyone learns which card she looked at."""
    game = started(A6, B6, draw=(7,))
    assert game.decision().private and game.decision().seats == (ANN,)  # the drawn card
    do(game, "discard")
    assert game.decision().private and game.decision().seats == (ANN,)
    do(game, "peek-player", target=BOB)
    assert game.decision().private and game.decision().seats == (ANN,)
    do(game, "peek", position=3)
    assert game.decision().private and game.decision().seats == (ANN,)
    for seat in (BOB, None):
        assert game.view(seat)["last"] == "Ann looks at Bob's card at position 3."
        assert game.view(seat)["marks"] == [[BOB, 3]]
    assert "Ann looks at Bob's card at position 3." in texts(game)


# ---------------------------------------------------------------- ruling 16: final turns


def test_the_20_ends_the_game_during_the_final_turns():
    game = started(A6, B6, C6, draw=(0, 20, 2))
    do(game, "discard")
    do(game, "bloops", seat=ANN)
    do(game, "discard")  # Bob discards the 20: Cat's final turn never happens (ruling 7)
    assert game.decision() is None and game.end_reason == "Bob discarded the 20"


def test_the_caller_plays_no_more_and_the_next_seat_starts_the_final_turns():
    game = started(A6, B6, C6, draw=(0, 1, 2, 4))
    do(game, "discard")
    do(game, "pass", seat=ANN)
    do(game, "discard")
    do(game, "bloops", seat=BOB)  # Bob calls: Cat then Ann
    assert game.view(None)["final_left"] == [CAT, ANN]
    assert game.decision().seats == (CAT,)
    do(game, "discard")
    do(game, "pass", seat=CAT)
    assert game.decision().seats == (ANN,)
    do(game, "discard")
    do(game, "pass", seat=ANN)
    assert game.decision() is None and "after Bob's BLOOPS" in game.end_reason


def test_the_caller_may_still_claim_in_another_players_window():
    """Ruling 16: a claim in another player's counter-discard window is not a turn, so the
    BLOOPS caller may still make one (a fresh tester asked whether "Ann claims" should be
    offered after Ann's call)."""
    game = started(A6, B6, C6, draw=(0, 1, 2, 4))
    do(game, "discard")
    do(game, "bloops", seat=ANN)  # Ann calls at the end of her turn: Bob then Cat
    do(game, "discard")  # Bob's final turn: he discards, and the window opens
    decision = game.decision()
    assert ANN in decision.seats
    assert any(a.type == "claim" and a["seat"] == ANN for a in decision.actions)


# ---------------------------------------------------------------- illegal input


def test_illegal_actions_are_refused_with_a_sentence_and_change_nothing():
    game = started(A6, B6, draw=(3, 4))
    before = game.snapshot()
    for action in (Action.of("keep", position=9), Action.of("claim", seat=ANN), Action.of("bloops", seat=ANN)):
        with pytest.raises(IllegalAction) as err:
            game.act(action)
        assert str(err.value).endswith(")") and "not allowed now" in str(err.value)
    assert game.snapshot() == before


# ---------------------------------------------------------------- random playouts


def _knowledge_ok(game: Bloops) -> None:
    """Faces are seen only at the allowed moments (ruling 10)."""
    known = known_cards(game)
    phase = game.phase
    if phase == "memorise":
        bottom = [game._card_at(game.active, p) for p in (4, 5, 6)]
        assert {id(c) for c in known} == {id(c) for c in bottom if c is not None}
    elif phase == "drawn":
        assert known == [game.drawn.top] and known[0].known == {game.active}
    elif phase == "peek-ack":  # the looker: the active player, or a claimant (ruling 17)
        assert len(known) == 1 and known[0].known == {game.actor}
        assert game.actor == game.active or game.option("counter_effects") == "yes"
    else:
        assert not known, f"a face is privately known in phase {phase}"
    up = [c for a in game.areas for c in a if c.up]
    if phase == "reveal":
        assert len(up) == 1
    elif phase != "over":
        assert not up
    assert len(game.drawn) == (1 if phase == "drawn" else 0)


def _check(game: Bloops, action: Action | None, *, leaks: bool, illegal: bool = True) -> None:
    check_step(game, 65)
    numbers = sum(1 for c in game.all_cards() if c.defn.kind == "number")
    assert numbers == 64, "64 number cards always accounted for"
    assert len(game.draw) + len(game.discard) + len(game.drawn) + sum(len(a) for a in game.areas) == 64
    assert [c.defn.kind for c in game.bloops] == ["bloops"] and game.bloops.owner == game.holder
    _knowledge_ok(game)
    if leaks:
        assert_no_leaks(game, permutations=1)
    if illegal:
        assert_illegal_rejected(game)


SEEN: Counter = Counter()


# ---------------------------------------------------------------- ruling 17: house rules


def test_the_house_rules_are_setup_options_with_the_literal_defaults():
    options = {o.key: o for o in Bloops.options}
    assert {k: o.default for k, o in options.items()} == {"counter_effects": "yes", "claims_first": "no", "skip_powers": "no"}
    assert all(set(o.values()) == {"yes", "no"} and o.help for o in options.values())
    game = started(A6, B6, draw=(3,))
    assert (game.option("counter_effects"), game.option("claims_first"), game.option("skip_powers")) == ("yes", "no", "no")


def test_a_game_saved_before_the_house_rules_keeps_its_rules_and_replays():
    # a set-up without the keys (an older save's header): counter-discards had no effect
    areas = (A6, [7, 4, 3, 2, 1, 0])
    order = [ID[areas[s][p]] for p in range(6) for s in range(2)] + [ID[7], ID[9]]
    old = Bloops(load_cards("bloops"), Setup(NAMES[:2]), seed=0, rng=StackedRandom(shuffles=[order]))
    assert (old.option("counter_effects"), old.option("claims_first"), old.option("skip_powers")) == ("no", "no", "no")
    for kind, args in [("remember", {}), ("remember", {}), ("discard", {}), ("peek-player", {"target": ANN}), ("peek", {"position": 1}),
                       ("remember", {}), ("claim", {"seat": BOB}), ("counter", {"seat": BOB, "position": 1})]:
        do(old, kind, **args)
    assert old.decision().kind == "window", "no look for the counter-discarded 7, as when it was saved"
    assert new_game("bloops", 2, seed=0).option("counter_effects") == "yes", "a new game stores the default"


def test_a_counter_discarded_seven_gives_the_claimant_a_look():
    game = started(A6, [7, 4, 3, 2, 1, 0], draw=(7, 9))
    do(game, "discard")  # Ann's 7: she looks first
    do(game, "peek-player", target=ANN)
    do(game, "peek", position=1)
    do(game, "remember")
    do(game, "claim", seat=BOB)
    do(game, "counter", seat=BOB, position=1)  # Bob's 7 matches: Bob resolves it
    decision = game.decision()
    assert decision.kind == "peek-player" and decision.seats == (BOB,)
    assert "Bob counter-discarded a 7 and looks at one card" in decision.prompt
    assert game.view(None)["actor"] == BOB
    do(game, "peek-player", target=ANN)
    do(game, "peek", position=2)
    ack = game.decision()
    assert ack.private and ack.seats == (BOB,) and "Ann's card at position 2 is a 2" in ack.prompt
    assert faces(game, BOB, "area:0")[1] == 2 and faces(game, ANN, "area:0")[1] is None
    game.act(ack.actions[0])
    assert game.decision().kind == "window" and not known_cards(game)
    assert game.active == ANN, "still Ann's turn"


def test_a_counter_discarded_nine_swaps_for_the_claimant_and_never_for_the_holder():
    game = started([9, 1, 2, 3, 4, 5], [9, 4, 3, 2, 1, 0], draw=(9, 5))
    do(game, "discard")  # Ann's 9
    do(game, "swap-own", position=2)
    do(game, "swap-player", target=BOB)
    do(game, "swap", position=6)
    do(game, "claim", seat=BOB)
    do(game, "counter", seat=BOB, position=1)
    assert game.decision().kind == "swap-own" and game.decision().seats == (BOB,)
    do(game, "swap-own", position=2)
    do(game, "swap-player", target=ANN)
    do(game, "swap", position=3)
    assert values(game, BOB) == [None, 2, 3, 2, 1, 1] and values(game, ANN) == [9, 0, 4, 3, 4, 5]
    assert game.decision().kind == "window"

def test_the_bloops_holders_counter_discarded_nine_cannot_swap():
    game = started([9, 1, 2, 3, 4, 5], [9, 4, 3, 2, 1, 0], C6, draw=(5, 9))
    do(game, "discard")
    do(game, "bloops", seat=ANN)  # Ann holds the BLOOPS card; Bob draws the 9
    do(game, "discard")
    do(game, "swap-own", position=2)
    swap = game.decision()
    assert "(Not Ann's: Ann holds the BLOOPS card.)" in swap.prompt
    assert [a["target"] for a in swap.actions] == [CAT]
    do(game, "swap-player", target=CAT)
    do(game, "swap", position=1)
    do(game, "claim", seat=ANN)
    do(game, "counter", seat=ANN, position=1)  # Ann's 9 matches, but her cards never move
    assert game.decision().kind == "window"
    assert texts(game)[-1] == "The 9 has no effect: no swap is possible."
    assert values(game, ANN) == [None, 1, 2, 3, 4, 5]


def test_the_swap_prompt_names_no_bloops_holder_before_anyone_called():
    game = started([9, 1, 2, 3, 4, 5], [9, 4, 3, 2, 1, 0], C6, draw=(9,))
    do(game, "discard")
    do(game, "swap-own", position=2)
    assert "BLOOPS" not in game.decision().prompt


def test_the_first_look_does_not_say_nobody_will_see_the_cards_again():
    game = deal(A6, B6)
    prompt = game.decision().prompt
    assert "Nobody will see them again" not in prompt and "only a 7 or 8" in prompt


def test_claims_first_lets_the_table_claim_before_the_effect_which_then_resolves():
    game = started(A6, [7, 4, 3, 2, 1, 0], draw=(7, 9), claims_first="yes")
    do(game, "discard")  # Ann's 7 waits
    window = game.decision()
    assert window.kind == "window" and "When nobody claims, Ann resolves the 7." in window.prompt
    assert "bloops" not in [a.type for a in window.actions], "BLOOPS waits for the effects too"
    assert game.view(None)["pending"] == [[ANN, "7"]]
    do(game, "claim", seat=BOB)
    do(game, "counter", seat=BOB, position=1)  # Bob's 7 waits behind Ann's
    assert game.view(None)["pending"] == [[ANN, "7"], [BOB, "7"]]
    do(game, "pass", seat=ANN)
    assert game.decision().kind == "peek-player" and game.decision().seats == (ANN,)
    do(game, "peek-player", target=BOB)
    do(game, "peek", position=2)
    do(game, "remember")
    assert game.decision().kind == "window" and "Bob resolves the 7" in game.decision().prompt
    do(game, "pass", seat=ANN)
    assert game.decision().seats == (BOB,) and game.decision().kind == "peek-player"
    do(game, "peek-player", target=ANN)
    do(game, "peek", position=1)
    do(game, "remember")
    assert game.decision().kind == "window" and "end Ann's turn" in game.decision().actions[0].label
    do(game, "pass", seat=ANN)
    assert game.active == BOB and game.decision().kind == "drawn"


def test_claims_first_off_means_no_claim_during_the_effect():
    game = started(A6, [7, 4, 3, 2, 1, 0], draw=(7, 9), claims_first="no")
    do(game, "discard")
    assert game.decision().kind == "peek-player"
    with pytest.raises(IllegalAction):
        game.act(Action.of("claim", seat=BOB))


@pytest.mark.parametrize("skip", ["yes", "no"])
def test_powers_may_be_skipped_only_under_the_house_rule(skip):
    for drawn, kind in ((6, "give"), (7, "peek-player"), (9, "swap-own")):
        game = started(A6, B6, draw=(drawn, 3), skip_powers=skip)
        do(game, "discard")
        decision = game.decision()
        assert decision.kind == kind
        skips = [a for a in decision.actions if a.type == "skip"]
        if skip == "no":
            assert not skips
            with pytest.raises(IllegalAction):
                game.act(Action.of("skip"))
            continue
        before = values(game, ANN), values(game, BOB), len(game.draw)
        game.act(skips[0])
        assert game.decision().kind == "window" and (values(game, ANN), values(game, BOB), len(game.draw)) == before
        assert f"Ann skips the effect of the {drawn} (house rule)." in texts(game)


@pytest.mark.parametrize("house", [{"counter_effects": "no"}, {"claims_first": "yes"}, {"skip_powers": "yes"}, {"counter_effects": "no", "claims_first": "yes", "skip_powers": "yes"}])
def test_random_playouts_under_every_house_rule(house):
    for seed in range(12):
        game = play_random("bloops", seed=seed, players=2 + seed % 5, options=house, on_step=lambda g, a: _check(g, a, leaks=True, illegal=g.moves % 7 == 0))
        assert game.outcome() is not None


@pytest.mark.parametrize("block", range(5))
def test_random_playouts_keep_every_invariant(block):
    """500 seeded games over 2–6 players: 65 cards (64 numbers + BLOOPS) always accounted
    for, faces seen only when allowed, every offered action accepted, no leaks (every step of
    every game), and every game ends. Unoffered actions are refused without change (every
    step of every fourth game, every fifth step of the others: the check is costly)."""
    for seed in range(block * 100, block * 100 + 100):
        players = 2 + seed % 5

        def step(g: Bloops, a: Action) -> None:
            _check(g, a, leaks=True, illegal=seed % 4 == 0 or g.moves % 5 == 0)
            SEEN.update([a.type])

        game = play_random("bloops", seed=seed, players=players, on_step=step)
        outcome = game.outcome()
        assert outcome is not None and len(outcome.scores) == players
        assert all(c.up for a in game.areas for c in a)
        assert outcome.scores == tuple(score_area(c.defn for c in a)[0] for a in game.areas)
        SEEN.update(["end: BLOOPS" if game.holder is not None and "final turn" in game.end_reason else "end: " + game.end_reason.split(" ")[-1]])
    if block == 4:
        for kind in ("remember", "discard", "keep", "give", "peek", "swap", "claim", "counter", "penalty", "withdraw", "bloops", "pass", "end: BLOOPS", "end: 20", "end: draw"):
            assert SEEN[kind] > 0, f"no random game played a {kind!r}"


def test_long_games_rebuild_the_draw_pile_and_can_run_out():
    """Playouts that never call BLOOPS and claim rarely, to reach the rebuilt draw pile."""
    reasons = Counter()
    rebuilt = 0
    for seed in range(30):
        game = Bloops(load_cards("bloops"), Setup(NAMES[: 2 + seed % 5]), seed=seed)
        chooser = random.Random(seed)
        steps = 0
        while (decision := game.decision()) is not None:
            actions = [a for a in decision.actions if a.type != "bloops"]
            if decision.kind == "window" and chooser.random() < 0.8:
                actions = [actions[0]]
            game.act(chooser.choice(actions))
            steps += 1
            _check(game, None, leaks=steps % 10 == 0, illegal=steps % 10 == 5)
            assert steps < Bloops.max_actions
        reasons[game.end_reason.split(" ")[0]] += 1
        rebuilt += any("new draw pile" in t for t in texts(game))
    assert rebuilt > 5
    assert reasons["nothing"] > 0, "some games run out of cards"


def test_same_seed_same_game_and_global_random_untouched():
    state = random.getstate()
    a = play_random("bloops", seed=42, players=4)
    random.seed(12345)
    random.random()
    b = play_random("bloops", seed=42, players=4)
    assert a.snapshot() == b.snapshot()
    random.seed(1)
    before = random.getstate()
    play_random("bloops", seed=7, players=3)
    assert random.getstate() == before
    random.setstate(state)


def test_a_saved_game_resumes_to_the_same_state(cardtable_home):
    game = new_game("bloops", 4, seed=9)
    session = Session(game, SaveFile.create(game))
    chooser = random.Random(9)
    for _ in range(40):
        decision = session.decision()
        if decision is None:
            break
        session.act(chooser.choice(decision.actions))
    resumed, _ = resume(session.save.path)
    assert resumed.snapshot() == game.snapshot()
    assert resumed.view(1) == game.view(1)


# ---------------------------------------------------------------- ruling 18: no card is unplayable
def test_no_decision_lists_an_unplayable_card_not_even_the_claim_window():
    """Your cards are face down: a reason why one cannot be claimed would tell its face.
    Every claim is offered, and no decision lists unplayable cards (ruling 18)."""
    game = new_game("bloops", 3, seed=4)
    chooser = random.Random(4)
    windows = 0
    for _ in range(600):
        decision = game.decision()
        if decision is None:
            break
        assert decision.unplayable == ()
        if decision.kind == "window":
            windows += 1
            claimants = {a["seat"] for a in decision.actions if a.type == "claim"}
            assert claimants == {s for s in range(3) if len(game.areas[s])}, "every player with a card may claim"
        game.act(chooser.choice(decision.actions))
    assert windows > 3


# ---------------------------------------------------------------- ruling 19: news
def test_calls_claims_and_swaps_are_news_and_peeks_and_discards_are_not():
    """Ruling 19: a BLOOPS! call, a counter-discard (matching or not, and its penalty card)
    and a 9's swap are news for the table's "Just happened" box; a peek or a plain discard
    is not."""
    from news_lines import news_and_plain

    news, plain = news_and_plain("bloops", range(20), 3)  # a 9 swapped is rare: 3 in 20 games
    wanted = ("calls BLOOPS!", "counter-discards", "does not match", "missed and takes a penalty card", " swaps their position ")
    for part in wanted:
        assert any(part in line for line in news), f"no news of {part!r}"
        assert not any(part in line for line in plain), f"{part!r} logged without news"
    assert all(any(part in line for part in wanted) for line in news), [l for l in news if not any(p in l for p in wanted)]
    assert any(" looks at " in line for line in plain) and any("discards the drawn card" in line for line in plain)


def test_clone_is_independent():
    game = started(A6, B6, draw=(3, 4))
    twin = game.clone()
    do(game, "discard")
    assert twin.snapshot() != game.snapshot()
    do(twin, "discard")
    assert twin.snapshot() == game.snapshot()


def test_every_ruling_of_the_rules_file_has_its_section_here():
    rules = (bundled_data_dir() / "bloops.md").read_text(encoding="utf-8")
    section = rules.split("## Table rulings", 1)[1].split("## Keys", 1)[0]
    numbers = [int(line.split(".", 1)[0]) for line in section.splitlines() if line[:1].isdigit()]
    assert numbers == list(range(1, 20))
    source = Path(__file__).read_text(encoding="utf-8")
    for n in numbers:
        assert f"# {'-' * 64} ruling {n}:" in source, f"no tests for ruling {n}"
