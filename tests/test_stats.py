"""Statistics per player name and game; a corrupt file is set aside, never fatal."""

from __future__ import annotations

import random

from cardtable.engine import new_game
from cardtable.engine.session import Session
from cardtable.engine.stats import StatsStore


def finish(store: StatsStore, seed: int, names=("Ann", "Bob")):
    session = Session(new_game("cold-war", names, seed=seed), stats=store)
    chooser = random.Random(seed)
    while session.decision() is not None:
        session.act(chooser.choice(session.decision().actions))
    return session.game.outcome()


def test_played_won_best_and_last(cardtable_home):
    store = StatsStore()
    outcomes = [finish(store, seed) for seed in range(4)]
    again = StatsStore()
    assert again.path == cardtable_home / "stats.json"
    ann = {r.name: r for r in again.records("cold-war")}["Ann"]
    assert ann.played == 4
    assert ann.won == sum(1 for o in outcomes if 0 in o.winners and not o.draw)
    assert ann.best == max(o.scores[0] for o in outcomes)
    assert ann.last


def test_a_draw_is_played_and_drawn_not_won(cardtable_home):
    """Cold War's equal counts (seed 66 with random moves) is a draw: both seats used to be
    credited with a win; now each has it as drawn, and it ends a run of wins."""
    import json

    store = StatsStore()
    before = [finish(store, seed) for seed in range(20)]
    assert not any(o.draw for o in before)
    outcome = finish(store, 66)
    assert outcome.draw and outcome.winners == frozenset({0, 1}) and outcome.summary.startswith("A draw")
    records = {r.name: r for r in StatsStore().records("cold-war")}
    for seat, name in enumerate(("Ann", "Bob")):
        record = records[name]
        assert record.played == 21 and record.drawn == 1
        assert record.won == sum(1 for o in before if seat in o.winners)
        assert record.won_text == f"{record.won}/21, 1 drawn"
        assert record.results[-1][1] is False and record.current_streak == 0
    saved = json.loads((cardtable_home / "stats.json").read_text())
    assert all(entry["games"]["cold-war"]["drawn"] == 1 for entry in saved["players"].values())


def test_a_win_shared_by_some_seats_is_a_win_not_a_draw():
    from cardtable.engine.core import Outcome

    three = Outcome((1, 1, 0), frozenset({0, 1}), "Ann and Bob share the win.")
    assert not three.draw
    assert Outcome((1, 1, 1), frozenset({0, 1, 2}), "All level.").draw
    assert not Outcome((3,), frozenset({0}), "Alone.").draw


def test_names_match_regardless_of_case():
    store = StatsStore()
    finish(store, 1, ("Ann", "Bob"))
    finish(store, 2, ("ann", "Cat"))
    records = store.records("cold-war", names=["ANN"])
    assert len(records) == 1 and records[0].played == 2 and records[0].name == "ann"


def test_look_alike_names_share_one_record(cardtable_home):
    store = StatsStore()
    finish(store, 1, ("Ann", "Bob"))
    finish(store, 2, ("\u0410nn", "Cat"))  # a Cyrillic А
    finish(store, 3, ("\uff21nn", "Dan"))  # a full-width Ａ
    records = store.records("cold-war", names=["ann"])
    assert len(records) == 1 and records[0].played == 3
    assert [r.name for r in StatsStore().records("cold-war")].count("Bob") == 1


def test_a_record_under_the_old_key_is_found_and_moved(cardtable_home):
    import json

    path = cardtable_home / "stats.json"
    store = StatsStore()
    finish(store, 1, ("Аnn", "Bob"))  # Cyrillic А: older files kept it under its casefold
    data = json.loads(path.read_text())
    data["players"] = {e["name"].casefold(): e for e in data["players"].values()}
    path.write_text(json.dumps(data))
    again = StatsStore()
    finish(again, 2, ("Ann", "Bob"))
    records = again.records("cold-war", names=["Ann"])
    assert len(records) == 1 and records[0].played == 2


def test_corrupt_file_is_set_aside(cardtable_home):
    path = cardtable_home / "stats.json"
    path.write_text("{ not json")
    store = StatsStore()
    assert store.problem and "moved to stats.json.broken-" in store.problem
    assert not path.exists() and list(cardtable_home.glob("stats.json.broken-*"))
    finish(store, 3)
    assert StatsStore().problem is None and len(StatsStore().records()) == 2


def test_unfinished_game_records_nothing():
    store = StatsStore()
    store.record(new_game("cold-war", 2, seed=1))
    assert store.records() == []


def test_two_windows_finishing_games_both_keep_their_records(cardtable_home):
    """The fresh tester: two windows open at once, each with the statistics it read at
    start; the one finishing last wrote those back and the other game's record was gone.
    Each result is now added to the file as it is then."""
    first, second = StatsStore(), StatsStore()  # two windows, both started before either game ended
    finish(first, 1, names=("Ann", "Bob"))
    finish(second, 2, names=("Cat", "Dan"))
    finish(first, 3, names=("Ann", "Dan"))
    played = {r.name: r.played for r in StatsStore().records("cold-war")}
    assert played == {"Ann": 2, "Bob": 1, "Cat": 1, "Dan": 2}
    assert {r.name: r.played for r in first.records("cold-war")} == played  # the window shows them too


def test_a_result_not_saved_is_saved_with_the_next_one(monkeypatch, cardtable_home):
    """A result whose write failed (a full disk) stays in memory, and goes into the file
    with the next result, once: never lost, never counted twice."""
    from cardtable.engine import files

    store = StatsStore()
    real = files.write_private
    monkeypatch.setattr(files, "write_private", lambda *a, **k: (_ for _ in ()).throw(OSError(28, "No space left on device")))
    finish(store, 1)
    assert store.problem and store.problem.startswith("Could not save the statistics")
    monkeypatch.setattr(files, "write_private", real)
    finish(store, 2)
    assert store.problem is None
    assert {r.name: r.played for r in StatsStore().records("cold-war")} == {"Ann": 2, "Bob": 2}
