"""Black Ops' computer player spends no Care Package on a Load Out that is safe either way
(issue 15: a ``normal`` player played an Extended Mag on a Load Out that could not lose),
and none that is never better than playing nothing (a fresh tester's F12, F19, F13: a
Concussion over its own Red Dot Sight, an ACOG Sight on a rival's low Pistol, a second
Concussion that changed nothing). ``cardtable.bots.black_ops.wasted`` and ``backfires`` read
only the seat's view; ``advise`` takes those plays out before the search."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import choose
from cardtable.bots.black_ops import advise, backfires, wasted
from cardtable.engine import Action, Decision, Setup, load_cards
from cardtable.engine.testing import StackedRandom
from cardtable.games.black_ops import BlackOps

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fin", "Gus", "Hal")
CARDS = load_cards("black-ops")


def _window(loadouts, cps, specialists, names=NAMES):
    """A round of ``len(loadouts)`` players dealt from stacked decks (Load Outs from the
    dealer's left round to Ann, the dealer; one Care Package each in seat order), everyone
    keeping: the Care Package window is open."""
    rng = StackedRandom(shuffles=[list(loadouts), list(cps), ["free-for-all"], list(specialists)])
    game = BlackOps(CARDS, Setup(names[: len(loadouts)], {"search_and_destroy": "limit"}), seed=0, rng=rng)
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


def _give(game: BlackOps, seat: int, *ids: str) -> None:
    """Move the named Care Packages from the Care Package deck into ``seat``'s hand."""
    for wanted in ids:
        index = next(i for i, card in enumerate(game.cp_deck.cards) if card.defn.id == wanted)
        game.hands[seat].add(game.cp_deck.take(index))
    game.invalidate()


def _answer(game: BlackOps, seat: int, level: str, seed: int) -> list[Action | None]:
    """What the computer player in ``seat`` does in the open Care Package window, asked
    as the table asks it (``answer_order``: wait allowed unless it closes the window), and,
    when it claims, what it then plays: ``[claim or wait/pass]`` or ``[claim, play]``."""
    from cardtable.bots.tournament import answer_order

    decision = game.decision()
    may_wait = dict(answer_order(decision))[seat]
    first = choose(game, seat, level, seed, may_wait=may_wait)
    if first is None or first.type != "claim":
        return [first]
    after = game.clone()
    after.act(first)
    return [first, choose(after, seat, level, seed)]


@pytest.mark.parametrize(
    "loadouts, first, extra",
    [
        (["crossbow", "sniper-rifle", "pistol", "revolver"], ["semtex", "tak-5", "nova-gas", "concussion"], ["emp", "nova-gas", "semtex"]),
        (["crossbow", "sniper-rifle", "pistol", "revolver", "shotgun", "tomahawk"], ["semtex", "tak-5", "nova-gas", "concussion", "semtex", "acog-sight"], ["emp", "nova-gas", "red-dot-sight"]),
    ],
)
def test_a_seat_at_one_health_holding_tak_5_claims_and_heals(loadouts, first, extra):
    """Bob is at 1 Health with a Tak-5 and three other Care Packages; his Sniper Rifle (11)
    is safe this round. Every level used to wait in the window (someone else then closed
    it), round after round (a tester's ``normal`` winner sat at 1 Health with a Tak-5 to
    the end). Now every level claims and heals (``bots.black_ops.LOW_HEALTH``)."""
    specialists = ["ruin", "battery", "crash", "recon", "nomad", "seraph"][: len(loadouts)]
    game = _window(loadouts, first, specialists)
    game.health[1] = 1
    _give(game, 1, *extra)
    for level in ("easy", "normal", "hard"):
        for seed in range(2):
            moves = _answer(game, 1, level, seed)
            assert [m.type if m else "wait" for m in moves] == ["claim", "play"], (level, seed)
            hand = game.hands[1].cards
            assert hand[moves[1]["card"]].defn.id == "tak-5", (level, seed, moves[1].label)


@pytest.mark.parametrize(
    "move, seat, holds",
    [
        (77, 2, ["uav"]),  # used to claim, then could only pass
        (83, 0, ["hard-wired", "hard-wired"]),  # the window's closer: used to claim, then pass
        (122, 1, ["semtex", "hard-wired"]),  # used to claim, then chose to play nothing
        (130, 2, ["emp"]),
    ],
)
def test_a_claim_is_followed_by_a_play(move, seat, holds):
    """Four windows of a four-player game of random moves (seed 0) where ``normal`` used to
    claim the next play and then play nothing (a wasted move that tells the table it has
    something to play). Now it claims only when it goes on to play a Care Package; with
    only a UAV or Hard Wired in hand (not played in the window, ruling 9) it never claims."""
    game = _random_walk_to(4, 0, move)
    assert game.decision().kind == "claim" and sorted(c.defn.id for c in game.hands[seat]) == sorted(holds)
    for seed in (1, 2, 3):
        moves = _answer(game, seat, "normal", seed)
        if moves[0] is not None and moves[0].type == "claim":
            assert moves[1].type == "play", (seed, moves[1].label)
        else:
            assert moves[0] is None or moves[0].type == "pass", moves
        if set(holds) <= {"uav", "hard-wired"}:
            assert len(moves) == 1, (seed, "claimed with nothing it could play")


def test_every_claim_in_random_windows_is_followed_by_a_play():
    """In every Care Package window of a few games of random moves, whenever ``easy`` would
    claim, what it then chooses is a play (never "play nothing")."""
    claims = 0
    for game_seed in range(3):
        rng = random.Random(game_seed)
        game = BlackOps(CARDS, Setup(NAMES[:3], {"search_and_destroy": "limit"}), seed=game_seed)
        while game.decision() is not None and game.moves < 120:
            decision = game.decision()
            if decision.kind == "claim":
                for seat in decision.seats:
                    moves = _answer(game, seat, "easy", game_seed)
                    if len(moves) == 2:
                        claims += 1
                        assert moves[1].type == "play", (game_seed, game.moves, seat, moves[1].label)
            game.act(decision.actions[rng.randrange(len(decision.actions))])
    assert claims >= 5


def test_the_follow_up_of_a_claim_is_searched_once(monkeypatch):
    """Before claiming, the player chooses what it will then play (``_claim_worth``); once
    the claim is played it used to run that same search again (the fresh tester: the Black
    Ops claim search runs twice). Now the second ask is answered without a search, and the
    answer is the one a fresh search gives."""
    from cardtable.bots import search

    searched = []
    original = BlackOps.determinize
    monkeypatch.setattr(BlackOps, "determinize", lambda self, seat, rng: searched.append(seat) or original(self, seat, rng))
    checked = 0
    for game_seed in range(4):
        rng = random.Random(game_seed)
        game = BlackOps(CARDS, Setup(NAMES[:3], {"search_and_destroy": "limit"}), seed=game_seed)
        while game.decision() is not None and game.moves < 150 and checked < 4:
            decision = game.decision()
            if decision.kind == "claim":
                for seat in decision.seats:
                    first = choose(game, seat, "normal", game_seed, may_wait=True)
                    if first is None or first.type != "claim":
                        continue
                    after = game.clone()
                    after.act(first)
                    if len(after.decision().actions) < 2:
                        continue
                    searched.clear()
                    again = choose(after, seat, "normal", game_seed)
                    assert searched == [], "the follow-up was searched a second time"
                    monkeypatch.setattr(search, "_follow_up", None)
                    assert choose(after, seat, "normal", game_seed) == again and searched, "a fresh search chose otherwise"
                    checked += 1
            game.act(decision.actions[rng.randrange(len(decision.actions))])
    assert checked >= 2


# ---------------------------------------------------------------- plays never better than nothing
COMPUTERS = tuple(f"Computer {n}" for n in range(1, 9))


def _claimed(game: BlackOps, seat: int) -> Decision:
    """``seat`` claims the next play in the open window: its choice of card and target."""
    game.act(Action.of("claim", seat=seat))
    decision = game.decision()
    assert decision.kind == "care-package" and decision.seats == (seat,)
    return decision


def _play_of(game: BlackOps, decision: Decision, seat: int, card_id: str, target: int) -> Action:
    """The option of ``decision`` that plays ``seat``'s ``card_id`` on ``target``'s Load Out."""
    hand = game.hands[seat].cards
    return next(a for a in decision.actions if a.type == "play" and hand[a["card"]].defn.id == card_id and a["target"] == target)


def _plays(game: BlackOps, seat: int, card_id: str, target: int) -> None:
    """``seat`` claims and plays its ``card_id`` on ``target``'s Load Out."""
    game.act(_play_of(game, _claimed(game, seat), seat, card_id, target))


def _kept(game: BlackOps, seat: int, decision: Decision) -> tuple[Action, ...]:
    """The options ``advise`` leaves to the search (all of them when it leaves it alone)."""
    advised = advise(game, seat, decision, [])
    assert advised is None or isinstance(advised, tuple), advised
    return decision.actions if advised is None else advised


def _f12() -> tuple[BlackOps, int, str, int, str]:
    """F12 (easy): Computer 4 played Red Dot Sight (+2) on its own 9 Machine Gun (11),
    claimed again, and played Concussion (-1) on it: "it now counts 8"."""
    game = _window(["crossbow", "tactical-rifle", "machine-gun", "shotgun"], ["nova-gas", "extended-mag", "semtex", "red-dot-sight"], ["battery", "crash", "recon", "firebreak"], COMPUTERS)
    _give(game, 3, "concussion")
    _plays(game, 3, "red-dot-sight", 3)
    assert game.final_value(3) == 11
    return game, 3, "concussion", 3, "your 9 Machine Gun: replaces Red Dot Sight (+2), 11 → 8"


def _f19() -> tuple[BlackOps, int, str, int, str]:
    """F19 (easy): Computer 7's own 4 Pistol counted 6 (its Red Dot Sight); it played ACOG
    Sight (+3) on Computer 6's 4 Pistol, the lowest Load Out: "it now counts 7", which left
    its own 6 the lowest."""
    game = _window(
        ["rocket-launcher", "tactical-rifle", "machine-gun", "assault-rifle", "pistol", "pistol", "sniper-rifle"],
        ["extended-mag", "nova-gas", "semtex", "concussion", "emp", "hard-wired", "red-dot-sight"],
        ["seraph", "crash", "prophet", "nomad", "recon", "battery", "firebreak"],
        COMPUTERS,
    )
    _give(game, 6, "acog-sight")
    _plays(game, 6, "red-dot-sight", 6)
    assert (game.final_value(5), game.final_value(6)) == (4, 6)
    return game, 6, "acog-sight", 5, "Computer 6's 4 Pistol: 4 → 7"


def _f13() -> tuple[BlackOps, int, str, int, str]:
    """F13 (normal): a second Concussion (-1) on Computer 4's 7 Tactical Rifle, which
    already carried one: "it now counts 6" (6 → 6). Here Computer 1 played the first and
    Computer 2 holds the second."""
    game = _window(["pistol", "shotgun", "tactical-rifle", "crossbow"], ["concussion", "concussion", "extended-mag", "semtex"], ["battery", "crash", "recon", "firebreak"], COMPUTERS)
    _plays(game, 0, "concussion", 3)
    assert game.final_value(3) == 6
    return game, 1, "concussion", 3, "Computer 4's 7 Tactical Rifle: replaces Concussion (-1), 6 → 6"


@pytest.mark.parametrize("finding", [_f12, _f19, _f13], ids=["F12-lowers-its-own", "F19-raises-a-rival", "F13-changes-nothing"])
def test_a_play_never_better_than_nothing_is_gone_at_every_level(finding):
    """The fresh tester's three positions, stacked: the play they saw (its option label as
    the log told it) backfires and is no longer an option of the search; "play nothing"
    stays; no level plays it. The ceiling rule (``wasted``) let each of them through: every
    one of these Load Outs could still end lowest."""
    game, seat, card_id, target, words = finding()
    decision = _claimed(game, seat)
    bad = _play_of(game, decision, seat, card_id, target)
    assert bad.label.endswith(words), bad.label
    view = game.view(seat)
    assert backfires(view, seat, bad) and not wasted(view, seat, bad)
    kept = _kept(game, seat, decision)
    assert bad not in kept, "advise leaves the play to the search"
    assert any(a.type == "nothing" for a in kept)
    for level in ("easy", "normal", "hard"):
        for seed in range(3):
            action = choose(game, seat, level, seed)
            assert action != bad, (level, seed, action.label)
            assert not backfires(view, seat, action), (level, seed, action.label)


def test_a_play_over_a_worse_care_package_stays():
    """Ann's 4 Pistol carries Bob's Nova Gas (-2: it counts 2) and Bob's 5 Crossbow Cat's
    Red Dot Sight (+2: 7). Only the newest Care Package counts (ruling 10), so what counts
    is the change from the value now: Ann's Concussion (-1) on her own Pistol raises her
    (2 → 3) and on Bob's Crossbow lowers him (7 → 4), and both stay; so do her Extended
    Mag on Bob's (7 → 6), her EMP on either (2 → 4, 7 → 5) and her Tak-5 (a heal, not a
    value change). Her Extended Mag on Cat's 6 (a rival up), Nova Gas on her own (2 → 2)
    and Semtex on her own (2 → 1) go; "play nothing" stays."""
    game = _window(["crossbow", "submachine-gun", "shotgun", "pistol"], ["concussion", "nova-gas", "red-dot-sight", "semtex"], ["battery", "crash", "recon", "firebreak"])
    _plays(game, 1, "nova-gas", 0)
    _plays(game, 2, "red-dot-sight", 1)
    assert [game.final_value(s) for s in range(4)] == [2, 7, 6, 8]
    _give(game, 0, "emp", "tak-5", "extended-mag", "nova-gas", "semtex")
    game.health[0] = 3
    decision = _claimed(game, 0)
    view = game.view(0)
    good = [("concussion", 0), ("concussion", 1), ("extended-mag", 0), ("extended-mag", 1), ("emp", 0), ("emp", 1), ("tak-5", 0), ("nova-gas", 1), ("semtex", 2)]
    bad = [("extended-mag", 2), ("nova-gas", 0), ("semtex", 0)]
    kept = _kept(game, 0, decision)
    for card_id, target in good:
        action = _play_of(game, decision, 0, card_id, target)
        assert not backfires(view, 0, action) and action in kept, action.label
    for card_id, target in bad:
        action = _play_of(game, decision, 0, card_id, target)
        assert backfires(view, 0, action) and action not in kept, action.label
    assert any(a.type == "nothing" for a in kept)
    assert not any(backfires(view, 0, a) for a in decision.actions if a.type != "play")
