"""Checks shared by every game's test suite (DESIGN §6): invariants and the leak test.

These are plain functions that raise ``AssertionError`` with a readable message, so the
tests of each game stay short::

    game = play_random("bloops", seed=s, players=3, on_step=lambda g, a: check_step(g))
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import Any

from cardtable.engine.core import Action, Decision, IllegalAction
from cardtable.engine.game import Game
from cardtable.engine.view import View

__all__ = [
    "StackedRandom",
    "assert_no_leaks",
    "assert_cards_conserved",
    "assert_decision_sane",
    "assert_illegal_rejected",
    "check_step",
    "saved_session",
]


class StackedRandom(random.Random):
    """A random generator for stacked-deck scenarios.

    ``shuffles`` is a list of orders, one per ``shuffle()`` call: each order lists card ids
    from the **top** of the pile down; those cards are put on top in that order and the
    rest keep their relative order beneath (a pile's top is the end of its list). Cards
    are found by ``.defn.id`` (physical cards) or by the item itself (plain lists).
    ``randoms`` are the values ``random()`` returns, in turn (coin flips:
    ``< 0.5`` is heads). When a script runs out, shuffles keep the order and
    ``random()`` returns 0.0; ``choice``/``randrange`` come from ``random.Random(0)``.
    """

    def __init__(self, shuffles: list[list[str]] | None = None, randoms: list[float] | None = None) -> None:
        super().__init__(0)
        self.shuffles = [list(s) for s in (shuffles or [])]
        self.randoms = list(randoms or [])

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        if not self.shuffles:
            return
        order = self.shuffles.pop(0)
        def ident(item: Any) -> Any:
            return getattr(getattr(item, "defn", None), "id", item)
        pool = list(x)
        top: list = []
        for wanted in order:
            for i, item in enumerate(pool):
                if ident(item) == wanted:
                    top.append(pool.pop(i))
                    break
            else:
                raise AssertionError(f"stacked shuffle: no card {wanted!r} left in the pile")
        x[:] = pool + top[::-1]

    def random(self) -> float:  # type: ignore[override]
        return self.randoms.pop(0) if self.randoms else 0.0

    def getrandbits(self, k: int) -> int:  # keeps randrange/choice off the scripted values
        return super().getrandbits(k)


def _decision_as_seen(decision: Decision | None, seat: int | None) -> Any:
    """What ``seat`` learns from the current decision: always who acts and how; the
    prompt and options only if the decision is public or ``seat`` is the actor."""
    if decision is None:
        return None
    public_part = (decision.seats, decision.private, decision.kind)
    if not decision.private or (seat is not None and seat in decision.seats):
        return public_part + (decision.prompt, tuple((a.type, a.args, a.label) for a in decision.actions))
    return public_part


def _view_key(view: View) -> Any:
    return (
        {name: z.cards for name, z in view.zones.items()},
        json.dumps(view.info, sort_keys=True, default=repr),
        tuple(e.text for e in view.log),
        view.over,
    )


def assert_no_leaks(game: Game, permutations: int = 2, seed: int = 0) -> None:
    """The leak test of DESIGN §3, for every seat and the public table.

    For each observer, the faces that observer may not see are swapped among cards with
    the same back; the observer's view and what they learn from the current decision
    must not change. (A view or a prompt that depended on a hidden face would.) Also
    checks that each face in a view is one the observer may see. The game is restored.
    """
    observers: list[int | None] = [None, *range(len(game.players))]
    rng = random.Random(seed)
    for seat in observers:
        base_view = game.view(seat)
        for name, zone_view in base_view.zones.items():
            zone = game.zones[name]
            for card, shown in zip(zone.cards, zone_view.cards):
                if card is None:
                    continue
                if shown is not None and shown.face is not None and not card.visible_to(seat):
                    raise AssertionError(f"seat {seat} sees {card!r} in {name}")
        base_decision = _decision_as_seen(game.decision(), seat)
        hidden = [c for c in game.all_cards() if not c.visible_to(seat)]
        groups: dict[str, list] = defaultdict(list)
        for card in hidden:
            groups[game.card_back(card.defn)].append(card)
        for attempt in range(permutations):
            originals = {card.uid: card.defn for card in hidden}
            for cards in groups.values():
                defs = [c.defn for c in cards]
                if attempt == 0:
                    defs = defs[1:] + defs[:1]
                else:
                    rng.shuffle(defs)
                for card, defn in zip(cards, defs):
                    card.defn = defn
            game.invalidate()
            try:
                view = game.view(seat)
                decision = _decision_as_seen(game.decision(), seat)
            finally:
                for card in hidden:
                    card.defn = originals[card.uid]
                game.invalidate()
            if _view_key(view) != _view_key(base_view):
                raise AssertionError(f"the view of seat {seat} depends on faces it may not see ({game.id}, move {game.moves})")
            if decision != base_decision:
                raise AssertionError(
                    f"what seat {seat} learns from the decision depends on faces it may not see "
                    f"({game.id}, move {game.moves}): {base_decision!r} vs {decision!r}"
                )


def assert_cards_conserved(game: Game, expected: int | None = None) -> None:
    """No card created, lost or in two places: the uids in the zones are 0..N-1, once each."""
    uids = [c.uid for c in game.all_cards()]
    if len(uids) != len(set(uids)):
        raise AssertionError(f"a card is in two places ({game.id}, move {game.moves})")
    total = expected if expected is not None else game._next_uid
    if len(uids) != total or set(uids) != set(range(game._next_uid)):
        raise AssertionError(f"{game.id}: {len(uids)} cards in play, expected {total} (move {game.moves})")


def assert_decision_sane(game: Game) -> None:
    """Offered actions are distinct, JSON round-trip, and carry labels; seats exist."""
    decision = game.decision()
    if decision is None:
        if game.outcome() is None:
            raise AssertionError(f"{game.id}: no decision but no outcome either")
        return
    if len(set(decision.actions)) != len(decision.actions):
        raise AssertionError(f"{game.id}: duplicate actions offered: {decision.actions}")
    for seat in decision.seats:
        if not 0 <= seat < len(game.players):
            raise AssertionError(f"{game.id}: decision for a seat that does not exist: {seat}")
    for action in decision.actions:
        if Action.from_json(json.loads(json.dumps(action.to_json()))) != action:
            raise AssertionError(f"{game.id}: action does not survive a save: {action!r}")
        if not action.label:
            raise AssertionError(f"{game.id}: action without a label: {action!r}")


def assert_illegal_rejected(game: Game) -> None:
    """An action that is not offered raises ``IllegalAction`` and changes nothing."""
    decision = game.decision()
    before = game.snapshot()
    bogus = [Action.of("no-such-move", "nonsense")]
    if decision is not None:
        legal = decision.actions[0]
        bogus.append(Action(legal.type, legal.args + (("zzz-extra", 1),), "tampered"))
    for action in bogus:
        try:
            game.act(action)
        except IllegalAction as err:
            if not str(err):
                raise AssertionError("IllegalAction without a message") from None
        else:
            raise AssertionError(f"{game.id}: {action!r} was accepted")
        if game.snapshot() != before:
            raise AssertionError(f"{game.id}: a refused action changed the state")


def check_step(game: Game, expected_cards: int | None = None) -> None:
    """The per-step invariants used in random playouts (cheap ones only)."""
    assert_cards_conserved(game, expected_cards)
    assert_decision_sane(game)


def saved_session(game_id: str = "cold-war", names: tuple[str, ...] = ("Ann", "Bob"), seed: int = 0, moves: int | None = None, stats: Any = None) -> Any:
    """A game played with random moves (chooser seeded from ``seed``) through a ``Session``
    that saves each move in the saves folder: to the end, or stopped after ``moves`` moves.
    ``stats`` is an optional ``StatsStore`` to record the finished game in."""
    from cardtable.engine.registry import new_game
    from cardtable.engine.saves import SaveFile
    from cardtable.engine.session import Session

    game = new_game(game_id, names, seed=seed)
    session = Session(game, SaveFile.create(game), stats)
    chooser = random.Random(seed)
    count = 0
    while session.decision() is not None and (moves is None or count < moves):
        session.act(chooser.choice(session.decision().actions))
        count += 1
    return session
