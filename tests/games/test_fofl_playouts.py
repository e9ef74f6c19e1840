"""FOFL vs ANFOFL random playouts (DESIGN §6): 500 seeded games with the preset decks.

Every step: every card accounted for (80 cards, each in exactly one zone), offered actions
sane, FOFL's own invariants (no card in play at toughness 0 or below, the location index,
crews, Items and state tables consistent). Every few steps (the offset changes with the seed,
so every position is covered): the leak test and the illegal-action check. A few games run
the leak test at every step. Games end within the move limit.
"""

from __future__ import annotations

import json
import random

import pytest

from cardtable.engine import Action, Decision, Setup, load_cards, new_game, play_random
from cardtable.engine.testing import assert_illegal_rejected, assert_no_leaks, check_step
from cardtable.games.fofl import COUNTDOWN, TURN_LIMIT, Fofl

CARDS = 80
GAMES = 500
BLOCKS = 5
EVERY = 20
MOVE_LIMIT = Fofl.max_actions


def assert_fofl_invariants(game: Fofl) -> None:
    """FOFL's own invariants after any action."""
    for name, zone in game.zones.items():
        for card in zone:
            assert game._loc[card.uid] == name, f"{card!r} is in {name} but indexed in {game._loc[card.uid]}"
    for card in game.play_cards(("sites", "people", "craft", "items")):
        if card.defn.get("toughness") is not None:
            assert game.toughness(card) > 0, f"{card!r} is in play with no toughness left (move {game.moves})"
    for table in (game.damage, game.entered, game.align, game.order):
        for uid in table:
            assert game.in_play(game.card(uid)), f"a state table still names {game.card(uid)!r}, not in play"
    for uid in game.used | set(game.listed):
        assert game.in_play(game.card(uid))
    for item, person in game.attached.items():
        item_card, person_card = game.card(item), game.card(person)
        assert game.part(item_card) == "items" and game.controller(item_card) == game.controller(person_card)
    for seat in (0, 1):
        for ship in game.zones[f"craft:{seat}"]:
            crew = [game.card(p) for p in game.pilots_of(ship)]
            assert crew and all(game.zone_of(p) == f"crew:{seat}" for p in crew), f"{ship!r} is badly crewed"
            assert game.crew_valid(ship.defn, crew)
        for pilot in game.zones[f"crew:{seat}"]:
            assert pilot.uid in game.pilot_of
    for card in game.zones["hand:0"]:
        assert 0 in card.known and not card.up
    for card in game.zones["draw:1"]:
        assert not card.up


def _checker(game_seed: int, every: int):
    offset = game_seed % every

    def step(game: Fofl, action: Action) -> None:
        check_step(game, CARDS)
        assert_fofl_invariants(game)
        if game.moves % every == offset:
            assert_no_leaks(game, permutations=1, seed=game.moves)
            assert_illegal_rejected(game)

    return step


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_playouts_keep_every_invariant(block):
    """500 games across the blocks: each ends within the move limit with a result."""
    per_block = GAMES // BLOCKS
    for seed in range(block * per_block, (block + 1) * per_block):
        options = {"deck": ("red", "blue") if seed % 2 == 0 else ("blue", "red")}
        game = play_random("fofl", seed=seed, options=options, on_step=_checker(seed, EVERY), max_actions=MOVE_LIMIT)
        outcome = game.outcome()
        assert outcome is not None and outcome.winners
        assert game.moves < MOVE_LIMIT
        assert game.turn < TURN_LIMIT, f"seed {seed}: a real game reached ruling 23's hard bound"


def time_traveller(game: Fofl, decision: Decision, chooser: random.Random) -> Action:
    """A player set on the loop of issue 12: plays Time Travel whenever it can and brings back
    a Time Travel whenever one is offered; plays other cards at random (so discard piles fill)
    and never attacks."""
    actions = decision.actions
    if decision.kind == "turn":
        playable = [c.defn.id for _, c in game.playable(game.active)]
        wanted = "Play a card" if "time-travel" in playable or (playable and chooser.random() < 0.7) else "End your turn"
    else:
        wanted = {"menu": "Time Travel", "recover": "Time Travel → top of pile"}.get(decision.kind, "")
    hit = [a for a in actions if wanted and a.label.startswith(wanted)]
    calm = [a for a in actions if a.label != "← Back"]
    return hit[0] if hit else chooser.choice(calm or list(actions))


@pytest.mark.parametrize("websites", ["drawn", "setup"])
def test_a_player_set_on_time_travel_cannot_stop_the_game_ending(websites):
    """Ruling 20 and 23: Time Travel never brings itself back, so the piles run out and the
    countdown ends the game; no seed gets near the hard bound."""
    for seed in range(20):
        game = new_game("fofl", 2, seed=seed, options={"websites": websites})
        chooser = random.Random(seed)
        steps = 0
        while (decision := game.decision()) is not None:
            game.act(time_traveller(game, decision, chooser))
            steps += 1
            assert steps < MOVE_LIMIT, f"seed {seed}: no end after {steps} actions (turn {game.turn})"
        assert game.outcome() is not None and game.turn <= 2 * 40 + COUNTDOWN < TURN_LIMIT


@pytest.mark.parametrize("seed", [1001, 1002, 1003])
def test_no_leak_at_any_step_of_some_games(seed):
    play_random("fofl", seed=seed, on_step=_checker(seed, 1))


def test_same_seed_same_game_and_global_random_untouched():
    state = random.getstate()
    a = play_random("fofl", seed=42)
    random.seed(12345)
    random.random()
    b = play_random("fofl", seed=42)
    assert a.snapshot() == b.snapshot()
    random.seed(1)
    before = random.getstate()
    play_random("fofl", seed=7)
    assert random.getstate() == before
    random.setstate(state)


def test_a_game_replays_from_its_saved_actions():
    actions: list[dict] = []
    game = play_random("fofl", seed=77, on_step=lambda g, a: actions.append(json.loads(json.dumps(a.to_json()))))
    again = Fofl(load_cards("fofl"), Setup(game.players, dict(game.setup.options)), seed=77)
    for data in actions:
        again.act(Action.from_json(data))
    assert again.snapshot() == game.snapshot()


def test_clone_is_independent():
    game = new_game("fofl", 2, seed=5)
    twin = game.clone()
    game.act(game.decision().actions[-1])  # end the turn
    assert twin.snapshot() != game.snapshot()
    twin.act(twin.decision().actions[-1])
    assert twin.snapshot() == game.snapshot()
