"""Computer players (issue 15): honest, deterministic, and the tournament driver.

The honesty test builds pairs of positions that differ only in cards the acting seat may
not see (two hidden faces with the same back swapped), checks the seat's view and what it
learns from the decision are the same in both, and checks ``choose`` plays the same move.
"""

from __future__ import annotations

import json
import random

import pytest

import cardtable.bots.search as search
from cardtable.bots import LEVELS, Level, choose, reward, seat_actions
from cardtable.bots.tournament import next_action, play_game, random_moves, tournament, wilson
from cardtable.engine import Outcome, games, new_game
from cardtable.engine.game import Game

GAME_IDS = [cls.id for cls in games()]
PAIRS = 10
"""Position pairs per game in the honesty test."""
BUDGET = 300
"""Search steps per decision in the honesty test (small, to keep it a few seconds a game;
every option is still tried at least once)."""


def _view_key(game: Game, seat: int):
    view = game.view(seat)
    decision = game.decision()
    mine = None if decision is None else (decision.seats, decision.kind, decision.prompt, tuple((a.type, a.args, a.label) for a in seat_actions(decision, seat)))
    return (
        {name: zone.cards for name, zone in view.zones.items()},
        json.dumps(view.info, sort_keys=True, default=repr),
        tuple(e.text for e in view.log),
        view.over,
        mine,
    )


def _swappable(game: Game, seat: int, rng: random.Random):
    """Two cards ``seat`` may not see, with the same back and different faces, or None."""
    groups: dict[str, list] = {}
    for card in game.all_cards():
        if not card.visible_to(seat):
            groups.setdefault(game.card_back(card.defn), []).append(card)
    pairs = [(a, b) for cards in groups.values() for i, a in enumerate(cards) for b in cards[i + 1 :] if a.defn is not b.defn and a.defn.id != b.defn.id]
    return rng.choice(pairs) if pairs else None


def _position_pairs(game_id: str, count: int):
    """``(game, twin, seat)``: random mid-game positions where ``seat`` must choose among
    several options, and a twin with two faces hidden from ``seat`` swapped."""
    cls = next(c for c in games() if c.id == game_id)
    found = 0
    for seed in range(400):
        rng = random.Random(f"honesty:{game_id}:{seed}")
        players = rng.randint(cls.min_players, min(cls.max_players, 4))
        game = random_moves(new_game(game_id, players, seed=seed), rng, rng.randrange(0, 80))
        decision = game.decision()
        if decision is None:
            continue
        seat = rng.choice(decision.seats)
        if len(seat_actions(decision, seat)) < 2:
            continue
        pair = _swappable(game, seat, rng)
        if pair is None:
            continue
        twin = game.clone()
        a, b = (next(c for c in twin.all_cards() if c.uid == card.uid) for card in pair)
        a.defn, b.defn = b.defn, a.defn
        twin.invalidate()
        yield game, twin, seat
        found += 1
        if found == count:
            return


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_choose_plays_the_same_move_when_only_hidden_cards_differ(game_id):
    pairs = 0
    count = PAIRS if game_id != "fofl" else PAIRS // 2  # FOFL playouts are ten times longer
    for game, twin, seat in _position_pairs(game_id, count):
        assert _view_key(game, seat) == _view_key(twin, seat), f"{game_id}: the swap changed seat {seat}'s view"
        assert game.snapshot() != twin.snapshot()
        here = choose(game, seat, "normal", seed=5, budget=BUDGET)
        there = choose(twin, seat, "normal", seed=5, budget=BUDGET)
        assert here == there, f"{game_id} move {game.moves}: seat {seat} plays {here} but {there} when only hidden cards differ"
        pairs += 1
    assert pairs == count, f"{game_id}: only {pairs} position pairs found"


def test_the_honesty_test_catches_a_player_that_peeks(monkeypatch):
    """A player searching the real deal instead of dealt worlds plays differently in some
    pair of positions: the test above has the power to catch one."""
    monkeypatch.setattr(search, "_canonical", lambda game, seat, recalled=None: game.clone())
    monkeypatch.setattr(Game, "determinize", lambda self, seat, rng: self.clone())
    differed = sum(
        choose(game, seat, "normal", seed=5, budget=BUDGET) != choose(twin, seat, "normal", seed=5, budget=BUDGET)
        for game, twin, seat in _position_pairs("combat-cards", 30)
    )
    assert differed > 0  # Combat Cards: Cold War's player now reads its moves from the rules, with nothing to peek at


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_choose_is_deterministic_legal_and_leaves_the_game_alone(game_id):
    game = new_game(game_id, 2, seed=11)
    rng = random.Random(3)
    for _ in range(8 if game_id != "fofl" else 3):
        decision = game.decision()
        if decision is None:
            break
        seat = decision.seats[0]
        before = game.snapshot()
        first = choose(game, seat, "easy", seed=2, budget=BUDGET)
        assert choose(game, seat, "easy", seed=2, budget=BUDGET) == first
        assert game.snapshot() == before
        assert first is None or first in seat_actions(decision, seat)
        game.act(first if first is not None else rng.choice(decision.actions))


def test_a_single_option_is_returned_without_search(monkeypatch):
    game = new_game("combat-cards", 2, seed=1)
    chooser = random.Random(0)
    while len((decision := game.decision()).actions) != 1:
        game.act(chooser.choice(decision.actions))
    monkeypatch.setattr(search, "_canonical", lambda game, seat, recalled=None: pytest.fail("searched a forced move"))
    assert choose(game, decision.seat, "hard", seed=0) == decision.actions[0]


def test_choose_refuses_bad_requests():
    game = new_game("cold-war", 2, seed=1)
    decision = game.decision()
    other = 1 - decision.seat
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        choose(game, decision.seat, "expert")
    with pytest.raises(ValueError, match=f"seat {other} does not act now"):
        choose(game, other, "easy")
    chooser = random.Random(0)
    while (d := game.decision()) is not None:
        game.act(chooser.choice(d.actions))
    with pytest.raises(ValueError, match="the game is over"):
        choose(game, 0, "easy")


def test_levels_grow_in_budget():
    assert [LEVELS[k].budget for k in ("random", "easy", "normal", "hard")] == sorted(LEVELS[k].budget for k in LEVELS)
    assert LEVELS["random"].budget == 0 < LEVELS["easy"].budget


def test_reward_is_a_win_share_plus_a_little_for_the_place():
    two = Outcome((3, 1), frozenset({0}), "")
    assert reward(two, 0) == 1.0 and reward(two, 1) == 0.0
    shared = Outcome((2, 2), frozenset({0, 1}), "")
    assert reward(shared, 0) == 0.5
    four = Outcome((9, 5, 7, 1), frozenset({0}), "")
    assert reward(four, 0) == 1.25 and reward(four, 3) == 0.0
    assert reward(four, 2) == pytest.approx(0.25 * 2 / 3)


def test_wilson_interval_matches_the_formula():
    low, high = wilson(80, 100)
    assert low == pytest.approx(0.7112, abs=1e-4) and high == pytest.approx(0.8666, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_a_tournament_rotates_the_seats_and_counts_every_game(monkeypatch):
    seen = []
    real = play_game

    def spy(game_id, levels, seed, **kwargs):
        seen.append(tuple(levels))
        return real(game_id, levels, seed, **kwargs)

    monkeypatch.setattr("cardtable.bots.tournament.play_game", spy)
    monkeypatch.setitem(LEVELS, "easy", Level("easy", 60))  # a quick "easy": this checks the seating
    report = tournament("bloops", ["easy", "random", "random"], games=3, seed=4)
    assert seen == [("easy", "random", "random"), ("random", "easy", "random"), ("random", "random", "easy")]
    assert report.games == 3 and len(report.entries) == 3
    assert all(0 <= e.wins <= 3 for e in report.entries)
    assert sum(e.wins for e in report.entries) >= 3  # every game has a winner
    assert "95% interval" in report.table()


def test_a_tournament_reports_every_move_of_every_game():
    """``simulate`` shows the moves of a long game going by (a tester saw a Black Ops
    tournament sit at 0 games for minutes): ``on_move(k, n)`` after each action."""
    moves: dict[int, list[int]] = {}
    report = tournament("cold-war", ["random", "random"], games=2, seed=1, on_move=lambda k, n: moves.setdefault(k, []).append(n))
    assert report.games == 2 and sorted(moves) == [0, 1]
    for k, seen in moves.items():
        finished = play_game("cold-war", ["random", "random"], 1 + k)
        assert seen == list(range(1, finished.moves + 1))


def test_a_tournament_refuses_bad_seats():
    with pytest.raises(ValueError, match="unknown level 'wizard'"):
        tournament("cold-war", ["wizard", "random"], games=1)
    with pytest.raises(ValueError, match="needs 2 players, got 3 seats"):
        tournament("cold-war", ["easy", "random", "random"], games=1)


def test_a_shared_window_lets_computer_players_wait_or_act():
    """Bloops' counter-discard window is open to every seat: a seat with no reason to claim
    may wait, and the table always moves on with some seat's action."""
    game = new_game("bloops", 3, seed=2)
    rng = random.Random(0)
    windows = 0
    while (decision := game.decision()) is not None and windows < 3:
        if len(decision.seats) > 1:
            windows += 1
            action = next_action(game, ["easy", "easy", "easy"], seed=1)
            assert action in decision.actions
            game.act(action)
        else:
            game.act(rng.choice(decision.actions))
    assert windows == 3


def _cold_war_at(kind: str, top_values: set[int], count: int, seeds=range(300)):
    """Cold War positions at the SPY's decision of ``kind`` (``bet`` or ``pick``) with a top
    card of one of ``top_values``, reached by seeded random moves: ``(game, seat, value)``."""
    found = 0
    for seed in seeds:
        rng = random.Random(seed)
        game = random_moves(new_game("cold-war", 2, seed=seed), rng, rng.randrange(0, 40))
        while (decision := game.decision()) is not None and decision.kind != kind:
            game.act(rng.choice(decision.actions))
        if decision is None:
            continue
        top = game.view(decision.seat).zone("discard").top.face
        if top.value in top_values:
            yield game, decision.seat, top.value
            found += 1
            if found == count:
                return


def _bets(top_values: set[int], count: int):
    """Cold War positions where the SPY bets with a top card of one of ``top_values``."""
    return _cold_war_at("bet", top_values, count)


def test_the_cold_war_spy_counts_cards_and_never_bets_higher_on_a_king():
    bets = {(value, choose(game, seat, level, seed=1)["bet"]) for level in ("easy", "hard") for game, seat, value in _bets({2, 3, 12, 13}, 6)}
    assert {bet for value, bet in bets if value >= 12} == {"lower"}
    assert {bet for value, bet in bets if value <= 3} == {"higher"}
