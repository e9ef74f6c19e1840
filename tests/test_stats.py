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


# ---------------------------------------------------------------- rebuilt from the saves
def _played_with_a_computer(store: StatsStore, seed: int):
    """A saved Cold War game, Ann against the computer (hard) on seat 2, played to its end
    with random moves and recorded in ``store``."""
    from cardtable.engine.saves import SaveFile

    game = new_game("cold-war", ("Ann", "Bob"), seed=seed)
    session = Session(game, SaveFile.create(game, computers={1: "hard"}), store, computers={1: "hard"})
    chooser = random.Random(seed)
    while session.decision() is not None:
        session.act(chooser.choice(session.decision().actions))
    return session


def _as_compared(store: StatsStore) -> dict:
    """Each record's counts, best and results (won, score) by (name, game); the times apart."""
    return {(r.name, r.game): (r.played, r.won, r.drawn, r.best, [(won, score) for _, won, score in r.results]) for r in store.records()}


def _close_in_time(first: StatsStore, second: StatsStore) -> None:
    """The same records, each result at the same time give or take 2 seconds (the live
    record takes the clock just after the save's end line is written)."""
    from datetime import datetime

    one = {(r.name, r.game): r for r in first.records()}
    for r in second.records():
        live = one[(r.name, r.game)]
        for (a, _, _), (b, _, _) in zip(live.results, r.results, strict=True):
            assert abs((datetime.fromisoformat(a) - datetime.fromisoformat(b)).total_seconds()) <= 2
        assert abs((datetime.fromisoformat(live.last) - datetime.fromisoformat(r.last)).total_seconds()) <= 2


def test_a_damaged_file_is_rebuilt_from_the_finished_saves(cardtable_home):
    """Three finished saves (one a draw, one against the computer) and one unfinished: the
    damaged file is kept aside and the statistics rebuilt from the saves equal what was
    recorded as they were played: played, won, drawn, best, results in order."""
    from cardtable.engine.testing import saved_session

    live = StatsStore()
    assert saved_session(seed=1, stats=live).game.outcome() is not None
    assert saved_session(seed=66, stats=live).game.outcome().draw
    _played_with_a_computer(live, 3)
    assert saved_session(seed=4, moves=3, stats=live).game.outcome() is None  # still in progress
    expected = _as_compared(live)
    assert set(expected) == {("Ann", "cold-war"), ("Bob", "cold-war"), ("Computer (hard)", "cold-war")}
    assert expected[("Ann", "cold-war")][0] == 3 and expected[("Ann", "cold-war")][2] == 1
    path = cardtable_home / "stats.json"
    path.write_text('{"version": 1, "players": {"ann": "not a record"}}')  # JSON, but not the layout

    rebuilt = StatsStore()
    assert _as_compared(rebuilt) == expected
    _close_in_time(live, rebuilt)
    kept = list(cardtable_home.glob("stats.json.broken-*"))
    assert len(kept) == 1 and kept[0].read_text() == '{"version": 1, "players": {"ann": "not a record"}}'
    assert rebuilt.problem == f"the statistics file was damaged; it was moved to {kept[0].name} and 3 games were rebuilt from the saves"
    again = StatsStore()  # written at once: the next start reads it, rebuilds nothing
    assert again.problem is None and _as_compared(again) == expected


def test_a_save_that_cannot_be_replayed_is_skipped_and_counted(cardtable_home):
    """A finished save with a line that is not JSON, and one whose first move was taken
    out (the rest no longer finish the game), are skipped and counted; the good one is in."""
    from cardtable.engine.testing import saved_session

    good = saved_session(seed=1)
    torn = saved_session(seed=2).save.path
    lines = torn.read_text().splitlines(keepends=True)
    torn.write_text(lines[0] + "{ not json\n" + "".join(lines[2:]))
    cut = saved_session(seed=3).save.path
    lines = cut.read_text().splitlines(keepends=True)
    cut.write_text(lines[0] + "".join(lines[2:]))
    (cardtable_home / "stats.json").write_text("{ not json")

    store = StatsStore()
    assert store.problem and store.problem.endswith("1 game was rebuilt from the saves (2 skipped: they could not be replayed)")
    outcome = good.game.outcome()
    records = {r.name: r for r in store.records("cold-war")}
    assert set(records) == {"Ann", "Bob"}
    for seat, name in enumerate(("Ann", "Bob")):
        assert records[name].played == 1 and records[name].best == outcome.scores[seat]
        assert records[name].won == (seat in outcome.winners and not outcome.draw)


def test_a_healthy_or_missing_file_never_rebuilds(monkeypatch, cardtable_home):
    """Start-up with a healthy file reads it as it is, however many saves there are; a
    missing file (the first run) starts empty statistics even with finished saves there."""
    from cardtable.engine import stats
    from cardtable.engine.testing import saved_session

    def no_rebuild(*args, **kwargs):
        raise AssertionError("the statistics were rebuilt from the saves")

    saved_session(seed=1)  # finished before statistics existed
    monkeypatch.setattr(stats, "_saved_games", no_rebuild)
    first = StatsStore()
    assert first.problem is None and first.records() == []
    saved_session(seed=2, stats=first)
    healthy = StatsStore()
    assert healthy.problem is None and {r.name: r.played for r in healthy.records()} == {"Ann": 1, "Bob": 1}
    saved_session(seed=3, stats=healthy)
    assert {r.name: r.played for r in StatsStore().records()} == {"Ann": 2, "Bob": 2}


def test_a_file_damaged_while_a_window_is_open_counts_its_game_once(cardtable_home):
    """The file is damaged after this window read it: the game it finishes next is in the
    saves the statistics are rebuilt from, and it is not added a second time."""
    from cardtable.engine.testing import saved_session

    store = StatsStore()
    saved_session(seed=1, stats=store)
    saved_session(seed=2, stats=store)
    (cardtable_home / "stats.json").write_text("{ damaged")
    saved_session(seed=3, stats=store)
    assert store.problem and "3 games were rebuilt from the saves" in store.problem
    assert {r.name: r.played for r in StatsStore().records()} == {"Ann": 3, "Bob": 3}
    assert {r.name: r.played for r in store.records()} == {"Ann": 3, "Bob": 3}


def test_rebuilt_statistics_that_cannot_be_written_are_kept_and_saved_with_the_next_game(monkeypatch, cardtable_home):
    """The rebuilt statistics could not be written (a full disk): the window keeps them
    and writes them with its next result, rather than that result alone."""
    from cardtable.engine import files
    from cardtable.engine.testing import saved_session

    saved_session(seed=1)
    (cardtable_home / "stats.json").write_text("{ damaged")
    real = files.write_private
    monkeypatch.setattr(files, "write_private", lambda *a, **k: (_ for _ in ()).throw(OSError(28, "No space left on device")))
    store = StatsStore()
    assert store.problem and store.problem.endswith("1 game was rebuilt from the saves; they could not be saved (No space left on device) and are kept until cardtable closes")
    assert not (cardtable_home / "stats.json").exists()
    monkeypatch.setattr(files, "write_private", real)
    saved_session(seed=2, stats=store)
    assert store.problem is None
    assert {r.name: r.played for r in StatsStore().records()} == {"Ann": 2, "Bob": 2}


def test_a_file_damaged_twice_in_one_second_keeps_both_copies(cardtable_home, monkeypatch):
    """The fresh tester damaged stats.json twice within a second: the second copy kept
    aside replaced the first (one name per second). Each is kept now."""
    import time as time_module

    monkeypatch.setattr(time_module, "strftime", lambda fmt, *args: "20261205-070000")
    path = cardtable_home / "stats.json"
    path.write_text("[]")
    StatsStore()
    path.write_text('{"a": 1}')
    store = StatsStore()
    kept = sorted(p.name for p in cardtable_home.glob("stats.json.broken-*"))
    assert kept == ["stats.json.broken-20261205-070000", "stats.json.broken-20261205-070000-2"]
    assert (cardtable_home / kept[0]).read_text() == "[]" and (cardtable_home / kept[1]).read_text() == '{"a": 1}'
    assert kept[1] in store.problem


def test_fofl_keeps_no_best_score(cardtable_home):
    """A fresh tester read "Best 0" for FOFL: its score is the toughness left on one's own
    Website (``index.keeps_best`` is False for it: cards_data/fofl.md, "Statistics"), 0 in
    every game lost, so the statistics keep no best for it, and a best recorded before is
    dropped with the next game. Cold War keeps its."""
    import json

    from cardtable.engine.index import keeps_best
    from cardtable.engine.playout import play_random

    store = StatsStore()
    game = play_random("fofl", seed=2)
    assert not keeps_best("fofl") and keeps_best("cold-war") and 0 in game.outcome().scores
    store.record(game)
    assert [r.best for r in StatsStore().records("fofl")] == [None, None]
    data = json.loads(store.path.read_text())
    for entry in data["players"].values():  # as written before: a best of 0, no mark
        entry["games"]["fofl"].pop("no_best")
        entry["games"]["fofl"]["best"] = 0
    store.path.write_text(json.dumps(data))
    store = StatsStore()
    store.record(play_random("fofl", seed=3))
    assert [(r.played, r.best) for r in StatsStore().records("fofl")] == [(2, None), (2, None)]
    finish(store, 1)
    assert all(r.best is not None for r in StatsStore().records("cold-war"))
