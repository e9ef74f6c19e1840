"""``benchmarks/strength.py --record``: a strength row built over several runs is the row a
single run plays, and turns recorded by other code are kept apart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from repo_scripts import load_script


@pytest.fixture(scope="module")
def strength():
    return load_script("benchmarks/strength.py", "strength_script")


def rows(text: str) -> list[str]:
    """The table rows of an output, without the minutes column (wall-clock time)."""
    return [line.rsplit("|", 2)[0] for line in text.splitlines() if line.startswith("| Cold War")]


def test_two_recorded_runs_make_the_row_of_one_run(strength, tmp_path, capsys):
    args = ["--only", "cold-war", "--rows", "hard-random", "--every", "4"]
    strength.main(args + ["--games", "8"])
    whole = rows(capsys.readouterr().out)
    log = tmp_path / "turns.jsonl"
    strength.main(args + ["--games", "4", "--record", str(log)])
    capsys.readouterr()
    strength.main(args + ["--games", "8", "--record", str(log)])  # goes on from seed 4
    resumed = rows(capsys.readouterr().out)
    turns = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(t["seed"], t["games"]) for t in turns] == [(0, 4), (4, 4)]
    strength.main(["--table", str(log)])
    summed = rows(capsys.readouterr().out)
    # the decision times are CPU readings: compare everything before them
    cut = lambda lines: [line.rsplit("|", 2)[0] for line in lines]  # noqa: E731
    assert cut(resumed) == cut(whole) == cut(summed) and len(whole) == 1
    assert "| 8 |" in whole[0]


def test_turns_of_other_code_are_not_summed(strength, tmp_path, capsys):
    log = tmp_path / "turns.jsonl"
    strength.main(["--only", "cold-war", "--rows", "hard-random", "--games", "4", "--every", "4", "--record", str(log)])
    capsys.readouterr()
    turn = json.loads(log.read_text())
    turn.update(fingerprint="0" * 12, seed=100, wins=[4, 0])
    with log.open("a") as out:
        out.write(json.dumps(turn) + "\n")
    strength.main(["--table", str(log)])
    out = capsys.readouterr().out
    assert "| Cold War | hard v random | 4 |" in out
    assert "4 more games recorded by other code (stale, not summed)" in out


def test_a_damaged_record_names_its_line(strength, tmp_path):
    log = tmp_path / "turns.jsonl"
    log.write_text('{"game": "cold-war"}\n')
    with pytest.raises(SystemExit, match=r"turns.jsonl:1: not a recorded turn"):
        strength.main(["--table", str(log)])


def test_a_level_change_renews_the_fingerprints_of_its_own_rows_only(strength, monkeypatch):
    """Each row hashes the players' code without the ``LEVELS`` table, plus its own levels:
    giving ``easy`` another budget leaves ``hard`` v ``random`` and ``hard`` v ``normal``
    standing and renews every row with ``easy`` in it."""
    from cardtable.bots import Level

    rows = (["hard", "random"], ["hard", "normal"], ["normal", "easy"], ["easy", "random"])
    before = [strength.fingerprint("combat-cards", seats) for seats in rows]
    assert len(set(before)) == len(rows)
    monkeypatch.setitem(strength.LEVELS, "easy", Level("easy", 1, breadth=2))
    after = [strength.fingerprint("combat-cards", seats) for seats in rows]
    assert after[:2] == before[:2]
    assert after[2] != before[2] and after[3] != before[3]
    assert strength.fingerprint("cold-war", ["hard", "random"]) != after[0]  # the rules are hashed too


def test_a_change_to_one_games_knowledge_renews_that_games_rows_only(strength, monkeypatch):
    """A game's players use the shared search and that game's own module of knowledge
    (``cardtable/bots/black_ops.py`` for Black Ops), never another game's: a change there
    renews only that game's rows, while a change to the shared search renews every row."""
    games = ("black-ops", "combat-cards", "bloops", "fofl")
    before = {game: strength.fingerprint(game, ["hard", "random"]) for game in games}
    real = Path.read_bytes

    def with_a_change_to(name: str):
        def read_bytes(path: Path) -> bytes:
            text = real(path)
            return text + b"\n# changed\n" if path.name == name and path.parent.name == "bots" else text
        return read_bytes

    monkeypatch.setattr(Path, "read_bytes", with_a_change_to("black_ops.py"))
    after = {game: strength.fingerprint(game, ["hard", "random"]) for game in games}
    assert after["black-ops"] != before["black-ops"]
    assert {g: after[g] for g in games[1:]} == {g: before[g] for g in games[1:]}
    monkeypatch.setattr(Path, "read_bytes", with_a_change_to("search.py"))
    assert all(strength.fingerprint(game, ["hard", "random"]) != before[game] for game in games)


def test_cold_war_bound_is_played_by_the_oracle_and_it_never_bets_wrong_when_it_can_be_right(strength):
    """The ``bound`` row of Cold War is the cheap perfect-information player (``ORACLES``),
    and that player, seeing every card, never loses the coin by its own pick when a bet and
    a pick that keep it exist (checked move by move against every bet × pick on a copy)."""
    from cardtable.engine import new_game

    assert strength.tables("cold-war", ("bound",)) == [[strength.ORACLE, "random"]]
    assert strength.tables("bloops", ("bound",)) == [[strength.PERFECT, "random"]]
    checked = 0
    for seed in range(6):
        game = new_game("cold-war", 2, seed=seed)
        for _ in range(400):
            decision = game.decision()
            if decision is None:
                break
            seat = decision.seats[0]
            if decision.actions[0].type == "bet":
                face_up = strength.all_face_up(game, seat)
                chosen = strength.cold_war_oracle(face_up, seat)
                kept = []
                for bet in decision.actions:
                    for side in ("left", "right"):
                        world = face_up.clone()
                        world.act(bet)
                        while world.decision().actions[0].type == "react":
                            world.act(world.decision().actions[0])
                        world.act(next(a for a in world.decision().actions if a.type == "pick" and a.args == (("side", side),)))
                        kept.append((bet, world.outcome() is not None or world.public_info(None)["spy"] == seat))
                if any(ok for _, ok in kept):
                    assert any(ok for bet, ok in kept if bet == chosen), (seed, game.moves)
                    checked += 1
            game.act(decision.actions[game.moves % len(decision.actions)])
    assert checked > 20


def test_bound_normal_row_is_the_perfect_entry_against_normal(strength, capsys):
    """``bound-normal`` seats the game's perfect-information entry (the oracle where the game
    has one, as ``bound`` chooses) against ``normal``, two seats, under a fingerprint of its own."""
    assert strength.tables("cold-war", ("bound-normal",)) == [[strength.ORACLE, "normal"]]
    assert strength.tables("black-ops", ("bound-normal",)) == [[strength.PERFECT, "normal"]]
    assert strength.tables("bloops", ("bound", "bound-normal")) == [[strength.PERFECT, "random"], [strength.PERFECT, "normal"]]
    assert strength.tables("black-ops", strength.ROWS)[-2:] == [[strength.PERFECT, "random"], [strength.PERFECT, "normal"]]
    assert strength.fingerprint("black-ops", [strength.PERFECT, "normal"]) != strength.fingerprint("black-ops", [strength.PERFECT, "random"])
    strength.main(["--only", "cold-war", "--rows", "bound-normal", "--games", "4", "--every", "4"])
    assert "| Cold War | oracle v normal | 4 |" in capsys.readouterr().out
