"""Cold War: every ruling of cards_data/cold-war.md on a stacked deck, then random playouts."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import Action, IllegalAction, Setup, load_cards, play_random
from cardtable.engine.testing import (
    StackedRandom,
    assert_cards_conserved,
    assert_illegal_rejected,
    assert_no_leaks,
    check_step,
)
from cardtable.games.cold_war import ColdWar

RANKS = {"A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
         "8": "eight", "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king"}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
ANN, BOB = 0, 1


def cid(code: str) -> str:
    """``"7H"`` → ``"seven-of-hearts"``."""
    return f"{RANKS[code[:-1]]}-of-{SUITS[code[-1]]}"


def deal(*top: str, coin: float = 0.1, reshuffles: list[list[str]] | None = None) -> ColdWar:
    """A game whose draw pile starts with ``top`` (first = top card). The first card starts
    the discard pile, then the TARGET draws left then right. ``coin < 0.5`` is heads."""
    shuffles = [[cid(c) for c in top]] + [[cid(c) for c in s] for s in (reshuffles or [])]
    rng = StackedRandom(shuffles=shuffles, randoms=[coin])
    return ColdWar(load_cards("cold-war"), Setup(("Ann", "Bob")), seed=0, rng=rng)


def ids(zone) -> list[str]:
    return [c.defn.id for c in zone]


def play(game: ColdWar, *moves: tuple[str, str]) -> None:
    for kind, value in moves:
        key = {"glance": "glance", "bet": "bet", "react": "reaction", "change": "bet", "pick": "side"}[kind]
        game.act(Action.of(kind, **{key: value}))


ROUND = lambda bet, side: (("glance", "stare"), ("bet", bet), ("react", "stare"), ("pick", side))  # noqa: E731


# ---------------------------------------------------------------- ruling 1: ranks


def test_ranks_run_two_to_king_and_face_cards_compare():
    game = deal("10C", "JH", "3D")  # discard 10, Bob holds J (left) and 3 (right)
    play(game, *ROUND("higher", "left"))
    assert game.spy == ANN and game.last.endswith("HIGHER was right.")
    game = deal("KC", "QH", "3D")
    play(game, *ROUND("higher", "left"))
    assert game.spy == BOB, "Q on K is lower: a HIGHER bet loses"


def test_an_ace_is_never_compared_it_is_a_breach():
    game = deal("2C", "AH", "3D", "9S", "4C")
    play(game, *ROUND("lower", "left"))  # LOWER than 2 would be impossible; the ace is a breach anyway
    assert game.breaches == 1
    assert ids(game.collections[ANN]) == [cid("2C"), cid("AH")]


# ---------------------------------------------------------------- ruling 2: starting a discard pile


def test_setup_flips_the_top_card_and_an_ace_goes_back():
    game = deal("AS", "7C", "KH", "2D", reshuffles=[["7C", "KH", "2D"]])
    assert ids(game.discard) == [cid("7C")]
    assert cid("AS") in ids(game.draw)
    assert [c.defn.id for c in game.hands[BOB]] == [cid("KH"), cid("2D")]
    texts = [e.text for e in game.log.entries]
    assert any("ace cannot start the discard pile" in t for t in texts)


def test_fresh_discard_pile_after_a_breach_skips_aces():
    # Bob picks the ace (breach); the fresh discard flip is another ace, shuffled back.
    game = deal("5C", "AH", "9D", "AS", "8C", "3H", reshuffles=[["8C", "3H", "AS"]])
    play(game, *ROUND("higher", "left"))
    assert game.breaches == 1
    assert ids(game.discard) == [cid("8C")]
    assert cid("AS") in ids(game.draw)
    assert ids(game.hands[BOB]) == [cid("3H"), cid("9D")]  # drew back to two: left slot refilled


def test_only_aces_left_to_start_a_pile_ends_the_game():
    game = deal("5C", "AH", "9D")
    # leave only aces in the draw pile
    keep = [c for c in game.draw if c.defn.kind == "ace"]
    for card in list(game.draw):
        if card not in keep:
            game.draw.remove(card)
            game.collections[BOB].add(card)
    game.invalidate()
    play(game, *ROUND("higher", "left"))  # AH: breach, then no non-ace card to start a pile
    assert game.decision() is None
    assert "only aces" in game.end_reason
    assert_cards_conserved(game, 52)


# ---------------------------------------------------------------- ruling 3: the coin


@pytest.mark.parametrize("coin, spy, face", [(0.1, ANN, "HEADS"), (0.9, BOB, "TAILS")])
def test_coin_heads_makes_the_oldest_the_spy(coin, spy, face):
    game = deal("7C", "KH", "2D", "5S", "6S", coin=coin)
    assert game.spy == spy and game.target == 1 - spy
    assert game.view(None)["coin"] == face.lower()
    assert any(f"Coin flip: {face}" in e.text and e.public for e in game.log.entries)
    assert game.decision().seats == (1 - spy,)


# ---------------------------------------------------------------- ruling 4: the TARGET's private glance


def test_target_glance_is_private_and_commits_to_nothing():
    game = deal("7C", "KH", "2D")
    decision = game.decision()
    assert decision.private and decision.seats == (BOB,) and decision.kind == "glance"
    assert {a["glance"] for a in decision.actions} == {"left", "right", "stare", "roll"}
    bob = game.view(BOB).zone("hand:1").cards
    assert [c.face.id for c in bob] == [cid("KH"), cid("2D")]
    for seat in (ANN, None):
        assert all(c.face is None for c in game.view(seat).zone("hand:1").cards)
    game.act(Action.of("glance", glance="roll"))
    assert game.view(ANN)["glance"] == "roll"
    assert_no_leaks(game)


def test_target_gets_a_new_glance_every_time_the_hand_changes():
    game = deal("7C", "KH", "2D", "9S")
    play(game, ("glance", "left"), ("bet", "higher"), ("react", "wide"), ("pick", "left"))  # K on 7: right
    assert game.decision().kind == "glance" and game.decision().seats == (BOB,)
    assert game.glance is None and game.bet is None


# ---------------------------------------------------------------- ruling 5: the SPY bets in public


def test_spy_decisions_are_public_and_the_side_locks_the_bet():
    game = deal("7C", "KH", "2D", "9S")
    play(game, ("glance", "stare"))
    bet = game.decision()
    assert not bet.private and bet.seats == (ANN,) and bet.kind == "bet"
    with pytest.raises(IllegalAction):
        game.act(Action.of("pick", side="left"))
    play(game, ("bet", "lower"), ("react", "roll"))
    pick = game.decision()
    assert not pick.private and pick.kind == "pick"
    with pytest.raises(IllegalAction):
        game.act(Action.of("bet", bet="higher"))
    with pytest.raises(IllegalAction):
        game.act(Action.of("change", bet="lower")), "the coin shows LOWER already"
    play(game, ("pick", "right"))  # 2 on 7: LOWER was right
    assert game.spy == ANN and game.last.endswith("LOWER was right.")
    with pytest.raises(IllegalAction):
        game.act(Action.of("change", bet="higher")), "the pick locked the bet"


# ---------------------------------------------------------------- ruling 5: the TARGET reacts to the bet


def test_the_target_reacts_to_the_bet_in_public_before_the_pick():
    """Seed phase 2: "you may change your decision based on the reaction of the TARGET"."""
    game = deal("7C", "KH", "2D", "9S")
    play(game, ("glance", "stare"), ("bet", "higher"))
    react = game.decision()
    assert react.kind == "react" and react.seats == (BOB,) and not react.private, "public: no hand-over"
    assert {a["reaction"] for a in react.actions} == {"wide", "narrow", "left", "right", "stare", "roll"}
    for seat in (ANN, None):  # the reaction is made on the open table: no card on screen
        assert all(c.face is None for c in game.view(seat).zone("hand:1").cards)
    with pytest.raises(IllegalAction):
        game.act(Action.of("pick", side="left"))
    play(game, ("react", "wide"))
    assert game.view(ANN)["reaction"] == "wide" and "widens their eyes" in game.decision().prompt
    assert game.log.entries[-1].public and game.log.entries[-1].text == "Bob widens their eyes."


def test_the_spy_may_change_the_bet_after_the_reaction_and_the_target_reacts_again():
    game = deal("7C", "KH", "2D", "9S")
    play(game, ("glance", "stare"), ("bet", "lower"), ("react", "narrow"))
    labels = [a.label for a in game.decision().actions]
    assert labels == ["Left card", "Right card", "Turn the coin over: bet HIGHER instead"]
    play(game, ("change", "higher"))
    assert game.bet == "higher" and game.reaction is None
    assert game.decision().kind == "react", "the TARGET reacts to the new bet"
    assert game.log.entries[-1].text == "Ann turns the coin over: heads up, HIGHER."
    play(game, ("react", "stare"), ("change", "lower"), ("react", "roll"), ("change", "higher"), ("react", "left"))
    play(game, ("pick", "left"))  # K on 7 with the final bet, HIGHER: right
    assert game.spy == ANN and game.last.endswith("HIGHER was right.")


def test_right_bet_refills_the_target_and_the_spy_bets_again():
    game = deal("7C", "KH", "2D", "9S")
    play(game, *ROUND("higher", "left"))
    assert ids(game.discard) == [cid("7C"), cid("KH")]
    assert ids(game.hands[BOB]) == [cid("9S"), cid("2D")]
    assert game.spy == ANN


def test_wrong_bet_returns_the_other_card_and_swaps_roles():
    game = deal("7C", "KH", "2D", "9S", "4H", reshuffles=[["9S", "4H"]])
    play(game, *ROUND("lower", "left"))  # K on 7 with LOWER: wrong
    assert game.spy == BOB and game.target == ANN
    assert cid("2D") in ids(game.draw)
    assert not list(game.hands[BOB])
    assert ids(game.hands[ANN]) == [cid("9S"), cid("4H")]
    assert game.decision().seats == (ANN,) and game.decision().kind == "glance"


# ---------------------------------------------------------------- ruling 6: Cold War chains


def test_cold_war_chain_ends_in_a_breach():
    game = deal("7C", "7H", "3D", "9S", "JH", "AS", "4C", "5C")
    seen = len(game.log)
    play(game, *ROUND("higher", "left"))  # 7 on 7: Cold War; 9 right, J right, A: breach
    assert game.breaches == 1
    news = [e.text for e in game.log.entries[seen:] if e.news]
    assert news[0] == "Ann picks the left card: 7♥ on 7♣." and "COLD WAR!" in news[1]
    assert news[-1].startswith("DATA BREACH #1!") and len(news) == 6, "pick, match, 3 turned, breach"
    assert game.view(None)["trail"] == ("7♣", "7♥", "9♠", "J♥", "A♠")
    assert ids(game.collections[ANN]) == [cid(c) for c in ("7C", "7H", "9S", "JH", "AS")]
    assert game.collections[ANN].top.defn.kind == "ace"
    assert game.spy == ANN
    assert ids(game.discard) == [cid("4C")]
    assert ids(game.hands[BOB]) == [cid("5C"), cid("3D")]


def test_cold_war_chain_ends_in_a_loss():
    game = deal("7C", "7H", "3D", "9S", "2H", "KS", "QS", reshuffles=[["KS", "QS"]])
    play(game, *ROUND("higher", "left"))  # 7=7: chain; 9 higher (right); 2 lower: wrong
    assert ids(game.discard) == [cid(c) for c in ("7C", "7H", "9S", "2H")]
    assert game.spy == BOB and game.target == ANN
    assert cid("3D") in ids(game.draw)
    assert game.breaches == 0


def test_equal_again_in_a_chain_keeps_turning():
    game = deal("7C", "7H", "3D", "7S", "2H", "KS", "QS", reshuffles=[["QS", "4H"]])
    play(game, *ROUND("lower", "left"))  # 7=7: chain; 7 equal: again; 2 lower: right, again...
    assert ids(game.discard)[:4] == [cid(c) for c in ("7C", "7H", "7S", "2H")]
    # ... K is higher than 2: wrong for LOWER
    assert ids(game.discard)[4] == cid("KS")
    assert game.spy == BOB and ids(game.hands[ANN]) == [cid("QS"), cid("4H")]


# ---------------------------------------------------------------- ruling 7: running out


def _thin_draw_pile(game: ColdWar, keep: int) -> None:
    """Move all but the top ``keep`` draw cards under the discard pile's top card."""
    top = game.discard.take()
    while len(game.draw) > keep:
        game.discard.add(game.draw.take(0))
    game.discard.add(top)
    game.invalidate()


def test_empty_draw_pile_is_rebuilt_from_the_discard_pile_under_its_top():
    game = deal("7C", "KH", "2D")
    _thin_draw_pile(game, keep=0)
    under = len(game.discard)  # the cards beneath plus the 7
    play(game, *ROUND("higher", "left"))  # K on 7: right; Bob must draw: rebuild first
    assert ids(game.discard)[-1] == cid("KH")
    assert len(game.discard) == 1, "only the top card stays in the discard pile"
    assert len(game.draw) == under - 1, "the rest was shuffled into the draw pile, one card drawn"
    assert any("shuffled into a new draw pile" in e.text for e in game.log.entries)
    assert_cards_conserved(game, 52)


def test_no_card_to_draw_at_all_ends_the_game():
    game = deal("5C", "AH", "9D")
    # everything else is already collected: after the breach nothing is left to turn or draw
    for card in list(game.draw):
        game.draw.remove(card)
        game.collections[BOB].add(card)
    game.invalidate()
    play(game, *ROUND("higher", "left"))  # AH: breach; the discard pile is collected
    assert game.decision() is None
    assert game.end_reason == "no card is left to start a discard pile"
    assert not list(game.hands[BOB]) and ids(game.draw) == [cid("9D")], "the TARGET shuffled their hand back"
    assert game.outcome().winners == {BOB}
    assert_cards_conserved(game, 52)


def test_a_single_discard_card_cannot_be_rebuilt_into_a_draw_pile():
    game = deal("7C", "KH", "2D")
    for card in list(game.draw):
        game.draw.remove(card)
        game.collections[ANN].add(card)
    assert game._draw_card() is None
    assert ids(game.discard) == [cid("7C")]


# ---------------------------------------------------------------- ruling 8: the end


def test_third_breach_ends_the_game_and_most_cards_wins():
    game = deal("5C", "AH", "9D", "6C", "AS", "8H", "4D", "AD", "2S", "3S", "KC")
    play(game, *ROUND("higher", "left"))  # AH: breach 1 (Ann: 5C, AH)
    play(game, *ROUND("higher", "left"))  # discard 6C; Bob holds AS, 9D: breach 2 (Ann: 6C, AS)
    assert game.breaches == 2
    play(game, *ROUND("higher", "right"))  # discard 8H; Bob holds 4D, 9D; 9 on 8 right; draws AD
    assert ids(game.hands[BOB]) == [cid("4D"), cid("AD")]
    play(game, *ROUND("higher", "right"))  # AD: breach 3
    assert game.decision() is None and game.end_reason == "the third Data Breach"
    assert not list(game.hands[BOB]) and not list(game.hands[ANN])
    outcome = game.outcome()
    assert outcome.scores == (len(game.collections[ANN]), 0)
    assert outcome.winners == {ANN}
    assert "Ann wins" in outcome.summary
    assert_cards_conserved(game, 52)


def test_equal_collections_are_a_draw():
    game = deal("7C", "KH", "2D")
    for zone in (game.collections[ANN], game.collections[BOB]):
        for _ in range(5):
            zone.add(game.draw.take())
    game._end("test")
    outcome = game.outcome()
    assert outcome.winners == {ANN, BOB}
    assert outcome.summary == "A draw: 5 cards each."


# ---------------------------------------------------------------- random playouts


GAME_ENDS = {
    "the third Data Breach",
    "only aces are left to start a discard pile",
    "no card is left to start a discard pile",
    "no card is left to draw",
    "no card is left to turn in the Cold War",
}


def _checked_step(game, action):
    check_step(game, 52)
    assert_no_leaks(game, permutations=1)
    assert_illegal_rejected(game)


@pytest.mark.parametrize("block", range(5))
def test_random_playouts_keep_every_invariant(block):
    """500 seeded games: 52 cards always accounted for, every offered action accepted,
    unoffered ones refused without change, no leaks, and every game ends."""
    for seed in range(block * 100, block * 100 + 100):
        game = play_random("cold-war", seed=seed, on_step=_checked_step)
        outcome = game.outcome()
        assert outcome is not None
        assert sum(outcome.scores) + len(game.draw) + len(game.discard) == 52
        # the game ended for one of the reasons of ruling 8, and on the third Data Breach exactly
        assert game.end_reason in GAME_ENDS, game.end_reason
        assert (game.breaches == 3) == (game.end_reason == "the third Data Breach"), (game.breaches, game.end_reason)


def test_same_seed_same_game_and_global_random_untouched():
    state = random.getstate()
    a = play_random("cold-war", seed=42)
    random.seed(12345)
    random.random()
    b = play_random("cold-war", seed=42)
    assert a.snapshot() == b.snapshot()
    random.seed(1)
    before = random.getstate()
    play_random("cold-war", seed=7)
    assert random.getstate() == before
    random.setstate(state)


def test_clone_is_independent():
    game = deal("7C", "KH", "2D", "9S")
    twin = game.clone()
    play(game, *ROUND("higher", "left"))
    assert twin.snapshot() != game.snapshot()
    play(twin, *ROUND("higher", "left"))
    assert twin.snapshot() == game.snapshot()


def test_a_deck_without_enough_aces_is_refused(tmp_path):
    from cardtable.cards import CardDataError
    from cardtable.engine.registry import bundled_data_dir, load_cards_file

    lines = (bundled_data_dir() / "cold-war.yaml").read_text().splitlines()
    no_aces = "\n".join(line for line in lines if "kind: ace" not in line) + "\n"
    path = tmp_path / "cold-war.yaml"
    path.write_text(no_aces)
    with pytest.raises(CardDataError, match="needs at least 3 aces .* this one has 0"):
        load_cards_file("cold-war", path)
    path.write_text(no_aces.replace("value: 7,", "value: null,", 1))
    with pytest.raises(CardDataError, match="card 'seven-of-clubs': value must be a number"):
        load_cards_file("cold-war", path)
