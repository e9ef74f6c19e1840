"""Engine pieces: actions, zones and visibility, the log's audience check, the registry,
the leak test itself (it must catch a leaking game), determinism."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from cardtable.cards import CardDef
from cardtable.engine import (
    Action,
    Card,
    Decision,
    IllegalAction,
    LeakError,
    Log,
    LogEntry,
    Setup,
    SetupError,
    UnknownGame,
    Zone,
    get,
    load_cards,
    new_game,
    play_random,
)
from cardtable.engine.testing import StackedRandom, assert_no_leaks
from cardtable.games.cold_war import ColdWar

SEVEN = CardDef("seven", "Seven", "number", value=7, source="seed")
NINE = CardDef("nine", "Nine", "number", value=9, source="seed")


def test_action_json_round_trip_ignores_label():
    action = Action.of("play", "Play the 7 on Bob", card=3, target="bob", cards=[1, 2])
    data = json.loads(json.dumps(action.to_json()))
    assert data == {"type": "play", "card": 3, "target": "bob", "cards": [1, 2]}
    back = Action.from_json(data)
    assert back == action and back["cards"] == (1, 2)
    assert Action.of("play", "other words", card=3, target="bob", cards=[1, 2]) == action
    with pytest.raises(ValueError):
        Action.from_json({"card": 3})
    with pytest.raises(ValueError):
        Action.from_json({"type": "x", "card": {"nested": 1}})


def test_decision_rules():
    a = Action.of("go")
    with pytest.raises(ValueError):
        Decision((0, 1), "both?", (a,), private=True)
    with pytest.raises(ValueError):
        Decision((0,), "nothing to do", ())
    assert Decision((0, 1), "anyone", (a,), private=False).seat == 0


def test_zone_entry_rules_decide_visibility():
    draw = Zone("draw", enter="down")
    hand = Zone("hand:1", owner=1, kind="hand", enter="owner")
    table = Zone("table", enter="up")
    card = draw.add(Card(0, SEVEN))
    assert not card.visible_to(1) and not card.visible_to(None)
    hand.add(draw.take())
    assert card.visible_to(1) and not card.visible_to(0) and not card.visible_to(None)
    card.show_to(0)
    assert card.visible_to(0)
    table.add(hand.take())
    assert card.visible_to(None) and card.visible_to(2)
    draw.add(table.take())
    assert card.known == frozenset() and not card.up


def test_zone_extend_applies_the_entry_rule_like_add():
    for enter in ("down", "up", "owner", "keep"):
        for kw in ({}, {"up": True}, {"known": (2,)}):
            one, bulk = Zone("a", owner=1, enter=enter), Zone("b", owner=1, enter=enter)
            for zone in (one, bulk):
                zone.add(Card(9, NINE, up=True))
            cards = [Card(i, SEVEN, up=i % 2 == 0, known=frozenset({0})) for i in range(3)]
            twins = [Card(i, SEVEN, up=c.up, known=c.known) for i, c in enumerate(cards)]
            for card in cards:
                one.add(card, **kw)
            bulk.extend(iter(twins), **kw)
            assert [(c.uid, c.up, c.known) for c in one] == [(c.uid, c.up, c.known) for c in bulk], (enter, kw)


def test_slots_keep_positions():
    area = Zone("area", owner=0, kind="slots", enter="down")
    a, b = Card(0, SEVEN), Card(1, NINE)
    area.place(0, a)
    area.place(2, b)
    assert area.cards == [a, None, b] and len(area) == 2 and area.positions() == [0, 2]
    assert area.take(0) is a and area.cards == [None, None, b]
    with pytest.raises(IndexError):
        area.take(1)
    with pytest.raises(ValueError):
        area.place(2, a)


def test_iterating_and_clearing_a_zone_skip_only_empty_slots():
    # a slots zone skips its empty positions; any other zone gives its whole list, and the
    # list take_all returns is the caller's own (the zone may be refilled without touching it)
    area, pile = Zone("area", owner=0, kind="slots", enter="down"), Zone("pile")
    a, b, c, d = Card(0, SEVEN), Card(1, NINE), Card(2, SEVEN), Card(3, NINE)
    area.place(0, a)
    area.place(2, b)
    pile.extend([c, d])
    assert list(area) == [a, b] and list(pile) == [c, d]
    assert area.take_all() == [a, b] and area.cards == [] and not area
    taken = pile.take_all()
    pile.add(a)
    assert taken == [c, d] and list(pile) == [a]


def test_log_entries_are_immutable_and_compare_by_their_fields():
    log = Log()
    log.add("Ann wins.")
    log.add("Ann drew the Seven", to=0)
    public, private = log.entries
    assert public == LogEntry(0, "Ann wins.") and public.public and public.visible_to(None)
    assert private.audience == frozenset({0}) and private.visible_to(0) and not private.visible_to(1)
    assert repr(private) == "LogEntry(seq=1, text='Ann drew the Seven', audience=frozenset({0}))"
    with pytest.raises(AttributeError):
        private.text = "changed"  # type: ignore[misc]
    assert log.for_seat(None) == (public,) and log.for_seat(0) == (public, private)


def test_log_refuses_to_name_a_face_its_audience_may_not_see():
    log = Log()
    card = Card(0, SEVEN, up=False, known=frozenset({0}))
    log.add("Ann drew the Seven", to=0, cards=[card])
    with pytest.raises(LeakError):
        log.add("Ann drew the Seven", cards=[card])
    with pytest.raises(LeakError):
        log.add("Ann drew the Seven", to=[0, 1], cards=[card])
    card.turn_up()
    log.add("The Seven is revealed", cards=[card])
    assert [e.text for e in log.for_seat(1)] == ["The Seven is revealed"]
    assert len(log.for_seat(0)) == 2 and len(log.for_seat(None)) == 1


def test_log_marks_news_and_notes_without_changing_who_reads_them():
    log = Log()
    log.add("Ann reveals.", news=True)
    log.add("Ann gives the Seven to Bob.", to=[0, 1], note=True)
    log.add("Ann drew a card.")
    news, note, plain = log.entries
    assert news.news and news.public and not news.note_for
    assert note.note_for == frozenset({0, 1}) == note.audience and not note.news
    assert not plain.news and not plain.note_for
    assert note == LogEntry(1, "Ann gives the Seven to Bob.", frozenset({0, 1})), "a mark is not a field"
    assert log.for_seat(0) == (news, note, plain) and log.for_seat(2) == (news, plain)
    with pytest.raises(ValueError, match="only a private log entry can be a note"):
        log.add("Everyone sees this.", note=True)
    with pytest.raises(ValueError, match="only a public log entry can be news"):
        log.add("Ann sees this.", to=0, news=True)
    assert len(log) == 3


def test_a_note_keeps_the_cards_it_names():
    """``NoteEntry.shows``: the uids of the cards a note names (cards given as a generator
    too), so a table can tell when they all lie face up (Black Ops ruling 21); not a field."""
    seven, nine = Card(7, SEVEN, known=frozenset({0, 1})), Card(3, NINE, known=frozenset({0, 1}))
    log = Log()
    log.add("Ann gives the Seven to Bob for the Nine.", to=[0, 1], cards=(c for c in (seven, nine)), note=True)
    log.add("Ann drew the Seven", to=0, cards=[seven])
    note, plain = log.entries
    assert note.shows == (7, 3) and plain.shows == ()
    assert note == LogEntry(0, "Ann gives the Seven to Bob for the Nine.", frozenset({0, 1})), "a mark is not a field"
    assert copy.deepcopy(note).shows == (7, 3) and pickle.loads(pickle.dumps(note)).shows == (7, 3)


def test_registry_and_setup_errors():
    assert get("cold-war") is ColdWar
    with pytest.raises(UnknownGame, match="choose from: .*cold-war"):
        get("nope")
    with pytest.raises(SetupError, match="needs 2 players, got 3"):
        new_game("cold-war", 3)
    with pytest.raises(SetupError, match="^names must differ: 'Ann' and 'ann'$"):
        ColdWar(load_cards("cold-war"), Setup(("Ann", "ann")), 0)
    with pytest.raises(SetupError, match="has no option"):
        ColdWar(load_cards("cold-war"), Setup(("Ann", "Bob"), {"turbo": True}), 0)


def test_game_over_refuses_actions():
    game = play_random("cold-war", seed=5)
    with pytest.raises(IllegalAction, match="over"):
        game.act(Action.of("bet", bet="higher"))


class LeakyColdWar(ColdWar):
    """A deliberately broken game: it tells everyone the TARGET's left card."""

    def public_info(self, seat):
        info = super().public_info(seat)
        left = self.hands[self.target].cards[0]
        info["hint"] = left.defn.name if left is not None else None
        return info


class FlowLeakColdWar(ColdWar):
    """A deliberately broken flow: the SPY's prompt depends on the TARGET's hand."""

    def _decide(self):
        decision = super()._decide()
        if decision is not None and decision.kind == "bet":
            left = self.hands[self.target].cards[0]
            return Decision(decision.seats, decision.prompt + (" (!)" if left.defn.value > 7 else ""), decision.actions, private=False, kind="bet")
        return decision


@pytest.mark.parametrize("cls", [LeakyColdWar, FlowLeakColdWar])
def test_the_leak_test_catches_leaks(cls):
    rng = StackedRandom(shuffles=[["five-of-clubs", "king-of-hearts", "two-of-diamonds"]], randoms=[0.1])
    game = cls(load_cards("cold-war"), Setup(("Ann", "Bob")), 0, rng=rng)
    game.act(Action.of("glance", glance="stare"))
    with pytest.raises(AssertionError, match="depends on faces it may not see"):
        assert_no_leaks(game)


def test_the_leak_test_passes_an_honest_game():
    game = new_game("cold-war", 2, seed=3)
    assert_no_leaks(game)


def test_lazy_label_is_built_once_on_first_read_and_never_compared():
    calls = []

    def words(name: str, value: int) -> str:
        calls.append(name)
        return f"{name} → {value}"

    action = Action.lazy("play", words, "Bob", 7, card=2, target=1)
    assert calls == [] and action == Action.of("play", "other words", target=1, card=2)
    assert action.args == (("card", 2), ("target", 1)) and action.to_json() == {"type": "play", "card": 2, "target": 1}
    assert action.label == "Bob → 7" and action.label == "Bob → 7" and calls == ["Bob"]
    import copy

    fresh = Action.lazy("play", words, "Ann", 3, card=0)
    assert copy.deepcopy(fresh) is fresh and calls == ["Bob", "Ann"], "a copy carries the text, not the callable"
    assert str(Action.lazy("x", words, "Cy", 1).with_role("pass")) == "Cy → 1"



def test_lazy_prompt_is_built_once_on_first_read_and_counts_in_equality():
    from cardtable.engine import Decision

    calls = []

    def prompt() -> str:
        calls.append(1)
        return "Ann: play which card? (2 plays left)"

    actions = (Action.of("end", "End the turn"),)
    decision = Decision((0,), prompt, actions, kind="menu")
    assert calls == [], "nothing reads the prompt yet: nothing builds it"
    assert decision.prompt == "Ann: play which card? (2 plays left)" and decision.prompt.endswith("left)") and calls == [1]
    assert decision == Decision((0,), "Ann: play which card? (2 plays left)", actions, kind="menu")
    assert decision != Decision((0,), "Ann: play which card? (1 play left)", actions, kind="menu")
    import copy

    lazy = Decision((0,), prompt, actions)
    assert copy.deepcopy(lazy) is lazy and calls == [1, 1], "a copy carries the text, not the callable"
    assert Decision((0,), lambda: "x", actions).replace(kind="k").prompt == "x"
    with pytest.raises(ValueError, match="no options here"):
        Decision((0,), lambda: "no options here", ())

def test_bulk_deal_and_take_top_match_one_card_at_a_time():
    from cardtable.engine import deal

    defs = [CardDef(id=f"c{i}", name=f"C{i}", kind="number", value=i) for i in range(12)]

    def table() -> tuple[Zone, list[Zone]]:
        pile = Zone("pile")
        pile.extend(Card(i, d) for i, d in enumerate(defs))
        return pile, [Zone(f"hand:{s}", owner=s, kind="hand", enter="owner") for s in range(3)]

    pile, hands = table()
    deal(pile, hands, 3)
    slow_pile, slow_hands = table()
    for i in range(9):
        slow_hands[i % 3].add(slow_pile.take())
    assert [[c.uid for c in h] for h in hands] == [[c.uid for c in h] for h in slow_hands] == [[11, 8, 5], [10, 7, 4], [9, 6, 3]]
    assert all(c.known == {s} and not c.up for s, h in enumerate(hands) for c in h)
    assert [c.uid for c in pile.take_top(5)] == [2, 1, 0] and not pile
    with pytest.raises(IndexError):
        deal(pile, hands, 1)
    assert [len(h) for h in hands] == [3, 3, 3], "a deal that cannot be made deals nothing"
    with pytest.raises(IndexError):
        hands[0].take_positions([0, 5])
    assert [c.uid for c in hands[0].take_positions([2, 0])] == [5, 11] and [c.uid for c in hands[0]] == [8]


def test_game_random_draws_the_standard_numbers_and_counts_its_use():
    import random

    from cardtable.engine.game import GameRandom

    ours, standard = GameRandom(5), random.Random(5)
    for n in (1, 2, 7, 52, 1000, 2**40 + 3):
        a, b = list(range(n % 120)), list(range(n % 120))
        ours.shuffle(a)
        standard.shuffle(b)
        assert a == b and ours.randrange(n) == standard.randrange(n) and ours.choice("abcdef") == standard.choice("abcdef")
    before = ours.draws
    ours.shuffle([1, 2, 3])
    standard.shuffle([1, 2, 3])
    assert ours.draws > before and ours.random() == standard.random()
