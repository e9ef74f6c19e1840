"""The engine's pending-choice stack (cardtable.engine.choices): several picks with Back."""

from __future__ import annotations

import copy
import json

import pytest

from cardtable.engine import BACK, Action, Choices, Decision, Kind, Pending
from cardtable.engine.game import _encode


class Table:
    """A tiny game: pick a card, then a target for it (or Back); committing logs the move."""

    def __init__(self) -> None:
        self.choices = Choices()
        self.built: list[str] = []
        self.done: list[tuple[int, int]] = []


def _menu(game: Table, p: Pending) -> Decision:
    game.built.append("menu")
    acts = tuple(Action.of("card", f"Card {i}", card=i) for i in range(3))
    return Decision((0,), "Play which card?", acts + (BACK,), kind="menu")


def _pick_card(game: Table, p: Pending, action: Action) -> None:
    game.choices.push("aim", card=action["card"], picked=[])


def _aim(game: Table, p: Pending) -> Decision:
    game.built.append(f"aim{p['picked']}")
    acts = tuple(Action.of("target", f"Target {t}", target=t) for t in range(2) if t not in p["picked"])
    return Decision((0,), f"Card {p['card']} aims at?", acts + (BACK,), kind="aim")


def _pick_target(game: Table, p: Pending, action: Action) -> None:
    p["picked"].append(action["target"])
    if len(p["picked"]) == 2:
        game.done.append((p["card"], tuple(p["picked"])))
        game.choices.unwind(0)


def _count(game: Table, p: Pending) -> None:
    p["n"] -= 1
    if p["n"] == 0:
        game.choices.pop()


KINDS = {
    "menu": Kind(decide=_menu, choose=_pick_card, back=True),
    "aim": Kind(decide=_aim, choose=_pick_target, back=True),
    "count": Kind(run=_count),
    "final": Kind(decide=_menu, choose=_pick_card),
}


def test_back_returns_to_the_kept_decision_without_building_it_again():
    game = Table()
    game.choices.push("menu")
    first = game.choices.decision(game, KINDS)
    game.choices.answer(game, KINDS, first.actions[1])
    assert game.choices.top.kind == "aim" and game.choices.top["card"] == 1
    assert game.choices.decision(game, KINDS).prompt == "Card 1 aims at?"
    game.choices.answer(game, KINDS, BACK)
    assert game.choices.decision(game, KINDS) is first
    assert game.built == ["menu", "aim[]"]


def test_a_pick_that_keeps_the_entry_on_top_rebuilds_its_decision():
    game = Table()
    game.choices.push("aim", card=2, picked=[])
    before = game.choices.decision(game, KINDS)
    game.choices.answer(game, KINDS, before.actions[0])
    after = game.choices.decision(game, KINDS)
    assert [a.label for a in after.actions] == ["Target 1", "← Back"]
    game.choices.answer(game, KINDS, after.actions[0])
    assert game.done == [(2, (0, 1))] and len(game.choices) == 0


def test_forget_drops_every_kept_decision():
    game = Table()
    game.choices.push("menu")
    first = game.choices.decision(game, KINDS)
    game.choices.forget()
    assert game.choices.decision(game, KINDS) is not first
    assert game.built == ["menu", "menu"]


def test_back_is_only_back_for_a_kind_that_offers_it():
    game = Table()
    game.choices.push("final")
    game.choices.answer(game, KINDS, BACK.__class__("card", (("card", 0),)))
    assert [e.kind for e in game.choices] == ["final", "aim"]
    # "final" has no Back: a "back" action goes to its choose (here: a KeyError, no pop)
    game.choices.pop()
    with pytest.raises(KeyError):
        game.choices.answer(game, KINDS, BACK)
    assert [e.kind for e in game.choices] == ["final"]


def test_resolve_runs_automatic_entries_until_a_decision_or_a_stop():
    game = Table()
    game.choices.push("menu")
    game.choices.push("count", n=3)
    game.choices.resolve(game, KINDS)
    assert game.choices.top.kind == "menu"
    game.choices.push("count", n=3)
    game.choices.resolve(game, KINDS, stop=lambda: game.choices.top["n"] == 1)
    assert game.choices.top["n"] == 1


def test_errors_say_what_is_wrong():
    game = Table()
    with pytest.raises(IndexError):
        game.choices.decision(game, KINDS)
    game.choices.push("count", n=1)
    with pytest.raises(TypeError, match="automatic"):
        game.choices.decision(game, KINDS)
    with pytest.raises(TypeError, match="automatic"):
        game.choices.answer(game, KINDS, BACK)
    with pytest.raises(ValueError):
        game.choices.index(Pending("count", n=1))  # an equal entry is not the entry
    game.choices.push("nonsense")
    with pytest.raises(KeyError):
        game.choices.decision(game, KINDS)


def test_stack_operations():
    s = Choices()
    a = s.push("menu", seat=1)
    b = s.push("aim", card=0)
    assert s.index(b) == 1 and s[0] is a and s.top is b and len(s) == 2
    c = s.replace("count", n=2)
    assert [e.kind for e in s] == ["menu", "count"] and s.top is c
    s.remove(a)
    assert list(s) == [c]
    s.push("x")
    s.unwind(1)
    assert list(s) == [c]
    s.clear()
    assert not s and s.top is None


def test_copies_are_independent_and_share_kept_decisions():
    game = Table()
    game.choices.push("aim", card=0, picked=[])
    offered = game.choices.decision(game, KINDS)
    twin = copy.deepcopy(game.choices)
    twin.top["picked"].append(1)
    assert game.choices.top["picked"] == []
    assert twin.top.offered is offered and twin.top.kind == "aim"
    assert copy.copy(game.choices.top).offered is offered


def test_an_entry_is_its_items_and_a_kept_decision_is_not_state():
    one, two = Pending("aim", card=1), Pending("aim", card=1)
    two.offered = Decision((0,), "?", (BACK,))
    assert one == two and one != Pending("menu", card=1) and one == {"kind": "aim", "card": 1}
    s = Choices()
    s.push("aim", card=1).offered = two.offered
    encoded = {"__type": "Choices", "entries": [{"card": 1, "kind": "aim"}]}
    assert json.dumps(_encode(s), sort_keys=True) == json.dumps(encoded, sort_keys=True)


def test_a_fact_is_worked_out_once_until_forget_and_is_not_state():
    s = Choices()
    s.push("menu")
    asked: list[int] = []

    def work() -> list[int]:
        asked.append(1)
        return [len(asked)]

    first = s.fact(("hand", 0), work)
    assert s.fact(("hand", 0), work) is first and asked == [1]  # kept: asked once
    assert s.fact(("hand", 1), work) == [2]  # another question is worked out on its own
    encoded = {"__type": "Choices", "entries": [{"kind": "menu"}]}
    assert json.dumps(_encode(s), sort_keys=True) == json.dumps(encoded, sort_keys=True)
    twin = copy.deepcopy(s)
    assert twin.fact(("hand", 0), work) == [3]  # a copy keeps no facts of the original
    assert copy.copy(s).fact(("hand", 0), work) == [4]
    s.forget()
    assert s.fact(("hand", 0), work) == [5]  # the table changed: worked out again
