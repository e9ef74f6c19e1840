"""Black Ops' computer player spends no Care Package on a Load Out that is safe either way
(issue 15: a ``normal`` player played an Extended Mag on a Load Out that could not lose).
``cardtable.bots.black_ops.wasted`` reads only the seat's view; ``advise`` takes those plays
out before the search."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import choose
from cardtable.bots.black_ops import wasted
from cardtable.engine import Action, Setup, load_cards
from cardtable.engine.testing import StackedRandom
from cardtable.games.black_ops import BlackOps

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fin", "Gus", "Hal")
CARDS = load_cards("black-ops")


def _window(loadouts, cps, specialists):
    """A round of ``len(loadouts)`` players dealt from stacked decks (Load Outs from the
    dealer's left round to Ann, the dealer; one Care Package each in seat order), everyone
    keeping: the Care Package window is open."""
    rng = StackedRandom(shuffles=[list(loadouts), list(cps), ["free-for-all"], list(specialists)])
    game = BlackOps(CARDS, Setup(NAMES[: len(loadouts)], {"search_and_destroy": "limit"}), seed=0, rng=rng)
    game.act(Action.of("deal"))
    while game.decision().kind == "trade":
        game.act(Action.of("keep"))
    assert game.decision().kind == "claim"
    return game


def test_a_boost_on_a_load_out_that_cannot_be_the_lowest_is_wasted():
    """Ann holds a Red Dot Sight (+2). Bob's Tomahawk (1) can reach 4 at most, so Ann's
    Rocket Launcher (12) and Cat's Crossbow (5) cannot end lowest unless a card is played on
    them, which would replace the Red Dot Sight anyway: both plays are wasted. On Bob's
    Tomahawk or on Dan's Pistol (4, which Bob's 4 could tie) it can matter."""
    game = _window(["tomahawk", "crossbow", "pistol", "rocket-launcher"], ["red-dot-sight", "semtex", "nova-gas", "concussion"], ["ruin", "battery", "crash", "recon"])
    game.act(Action.of("claim", seat=0))
    decision = game.decision()
    view = game.view(0)
    verdict = {a["target"]: wasted(view, 0, a) for a in decision.actions if a.type == "play"}
    assert verdict == {0: True, 1: False, 2: True, 3: False}
    assert not any(wasted(view, 0, a) for a in decision.actions if a.type != "play")
    for level in ("easy", "normal", "hard"):
        for seed in range(6):
            action = choose(game, 0, level, seed)
            assert action is not None and not wasted(view, 0, action), (level, seed, action.label)


def _random_walk_to(players: int, game_seed: int, move: int) -> BlackOps:
    """The table of a seeded game of uniformly random moves, at move ``move``."""
    rng = random.Random(game_seed)
    game = BlackOps(CARDS, Setup(NAMES[:players], {"search_and_destroy": "limit"}), seed=game_seed)
    while game.moves < move:
        decision = game.decision()
        game.act(decision.actions[rng.randrange(len(decision.actions))])
    return game


@pytest.mark.parametrize("move", [349, 368])
def test_normal_keeps_its_card_where_it_used_to_throw_it_away(move):
    """Two positions of an eight-player game (seed 1) where ``normal`` used to play a Care
    Package on a safe Load Out (a Semtex on an 11 that stays above the lowest ceiling; a Red
    Dot Sight on a 9 when the lowest two are at 2). Now it picks a play that can matter or
    none."""
    game = _random_walk_to(8, 1, move)
    decision = game.decision()
    assert decision.kind == "care-package"
    seat = decision.seats[0]
    view = game.view(seat)
    assert any(wasted(view, seat, a) for a in decision.actions)
    action = choose(game, seat, "normal", 1)
    assert not wasted(view, seat, action), action.label
