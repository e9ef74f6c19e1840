"""``Game.snapshot`` is the test suite's "state unchanged" check (undo, refused actions,
same seed same game). Its encoder picks each type's encoding once and reuses it; here the
texts it gives are compared with a plain walk that asks every question of every value, in
the same order, over random playouts of every game."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from enum import Enum, IntEnum

from cardtable.cards import CardDef
from cardtable.engine import games, new_game
from cardtable.engine.core import Action, CustomDeck, Decision, Outcome, Setup
from cardtable.engine.game import _encode
from cardtable.engine.log import Log
from cardtable.engine.zones import Card, Zone


def _walk(value):
    """Each value's encoding decided afresh, by the tests in ``_encoder_for``'s order."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, Card):
        return ["card", value.uid, value.defn.id, value.up, sorted(value.known)]
    if isinstance(value, CardDef):
        return ["def", value.id]
    if isinstance(value, Zone):
        return ["zone", value.name, value.owner, value.kind, [_walk(c) for c in value.cards]]
    if isinstance(value, Enum):
        return value.name
    if isinstance(value, random.Random):
        return list(value.getstate()[1][:8]) + [hash(value.getstate())]
    if isinstance(value, Log):
        return [[e.seq, e.text, sorted(e.audience) if e.audience is not None else None] for e in value.entries]
    if isinstance(value, Mapping):
        return {str(k): _walk(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_walk(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_walk(v) for v in value), key=repr)
    if isinstance(value, (Setup, Action, Decision, Outcome, CustomDeck)):
        return repr(value)
    if hasattr(value, "__dict__"):
        return {"__type": type(value).__name__, **{k: _walk(v) for k, v in vars(value).items()}}
    if hasattr(value, "__slots__"):  # a slot named with "_" first is not state
        return {"__type": type(value).__name__, **{k: _walk(getattr(value, k)) for k in value.__slots__ if not k.startswith("_") and hasattr(value, k)}}
    return repr(value)


def _walked_snapshot(game) -> str:
    state = {k: v for k, v in game.__dict__.items() if k not in {"cardset", "_decision", "_decision_valid"}}
    return json.dumps(_walk(state), sort_keys=True, separators=(",", ":"))


def test_snapshots_of_every_game_match_the_plain_walk():
    compared = 0
    for cls in games():
        for seed in range(2):
            game = new_game(cls.id, cls.min_players + seed % (cls.max_players - cls.min_players + 1), seed=seed)
            chooser = random.Random(seed)
            for step in range(200):
                if step % 10 == 0:
                    assert game.snapshot() == _walked_snapshot(game), f"{cls.id} seed {seed} move {game.moves}"
                    compared += 1
                decision = game.decision()
                if decision is None:
                    break
                game.act(chooser.choice(decision.actions))
            assert game.snapshot() == _walked_snapshot(game)
    assert compared > 30


class _Colour(Enum):
    RED = 1


class _Level(IntEnum):
    HIGH = 3


class _Word(str):
    pass


class _Slotted:
    __slots__ = ("a", "b")

    def __init__(self) -> None:
        self.a = {_Colour.RED: (1, 2.5, None)}


class _Plain:
    def __init__(self) -> None:
        self.items = [_Level.HIGH, _Word("x"), frozenset({"b", "a"}), _Slotted()]


def test_each_kind_of_value_as_the_plain_walk_encodes_it():
    """Subclasses of plain types, enums (an ``IntEnum`` stays a number), sets, slotted and
    plain objects, a slot left unset, and something else (its ``repr``), each twice: the
    second time from the table of encoders."""
    for _ in range(2):
        for value in (_Plain(), _Slotted(), [_Level.HIGH, _Colour.RED, _Word("w")], {1: {2: [3]}}, object, 1 + 2j):
            assert _encode(value) == _walk(value)
    assert _encode(_Level.HIGH) == 3 and type(_encode(_Word("w"))) is _Word
