"""``benchmarks/strength_trace.py --rekey``: recorded turns get the current fingerprint only
when the old code's traces of every recorded game match this tree's; every other line of the
results file stays byte for byte, and a refusal leaves the file untouched.

Synthetic rows and traces: no game is played."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from repo_scripts import load_script

OLD, NEW, OTHER = "aaaaaaaaaaaa", "bbbbbbbbbbbb", "cccccccccccc"


@pytest.fixture(scope="module")
def trace():
    return load_script("benchmarks/strength_trace.py", "strength_trace_script")


def current(game_id: str, seats: list[str]) -> str:
    return NEW if (game_id, seats) == ("demo", ["hard", "random"]) else OTHER


# seat 0 wins seeds 0, 1 and 3; both seats share seed 2. Entry e sits in seat (e + k) % 2.
WINNERS = {0: [0], 1: [0], 2: [0, 1], 3: [0]}


def traces(mark: str, seeds=range(4)) -> list[dict]:
    return [{"game": "demo", "seats": ["hard", "random"], "seed": s, "levels": ["hard", "random"][::1 - 2 * (s % 2)],
             "moves": 3, "winners": WINNERS[s], "log": ["dealt"], "calls": [[0, ["play", [["card", s]]]], [1, None]],
             "fingerprint": mark} for s in seeds]


def turn(seed: int, wins: list[int], shared: list[int], mark: str, **more) -> dict:
    return {"game": "demo", "seats": ["hard", "random"], "seed": seed, "games": 2, "wins": wins, "shared": shared,
            "times": [0.1], "minutes": 0.5, "fingerprint": mark, "date": "2026-12-05T00:00:00Z", **more}


def results(tmp_path: Path) -> Path:
    """Two turns of the row under OLD (seeds 0-1: hard wins 1, random 1; seeds 2-3: 1 and 2,
    one shared each), the same row under an older key and another game's line, oddly spaced."""
    path = tmp_path / "results.jsonl"
    lines = [json.dumps(turn(0, [1, 1], [0, 0], OLD)),
             '{"game": "other",  "seats": ["hard", "random"], "seed": 0, "games": 2, "wins": [2, 0], "fingerprint": "dddddddddddd"}',
             json.dumps(turn(2, [1, 2], [1, 1], OLD, rekeyed_from=["eeeeeeeeeeee"])),
             json.dumps(turn(100, [2, 0], [0, 0], "ffffffffffff"))]
    path.write_bytes(("\n".join(lines) + "\n").encode())
    return path


def write(path: Path, found: list[dict]) -> Path:
    path.write_text("".join(json.dumps(t) + "\n" for t in found))
    return path


def test_turns_proved_alike_are_rekeyed_and_the_rest_kept(trace, tmp_path, capsys):
    path = results(tmp_path)
    before = path.read_bytes().splitlines(keepends=True)
    old, new = write(tmp_path / "old.jsonl", traces(OLD)), write(tmp_path / "new.jsonl", traces(NEW))
    assert trace.rekey(path, old, new, current) == 0
    after = path.read_bytes().splitlines(keepends=True)
    assert len(after) == 4 and after[1] == before[1] and after[3] == before[3]
    first, second = json.loads(after[0]), json.loads(after[2])
    assert (first["fingerprint"], first["rekeyed_from"]) == (NEW, [OLD])
    assert (second["fingerprint"], second["rekeyed_from"]) == (NEW, [OLD, "eeeeeeeeeeee"])
    assert {**first, "fingerprint": OLD} == {**json.loads(before[0]), "rekeyed_from": [OLD]}
    out = capsys.readouterr().out
    assert "demo hard v random: 4 games, 8 calls compared, 0 differ" in out
    assert "2 turns (4 games, seeds 0-3) re-keyed from aaaaaaaaaaaa to bbbbbbbbbbbb" in out


def differing():
    changed = traces(NEW)
    changed[3]["calls"][0] = [0, ["play", [["card", 99]]]]
    return changed


def other_wins():
    changed = traces(OLD)
    changed[1]["winners"] = [1]  # so the new traces too: they must match
    return changed


@pytest.mark.parametrize(("old", "new", "why"), [
    (traces(OLD), differing(), "1 traced games differ or are in one file only"),
    (traces(OLD, range(3)), traces(NEW, range(3)), "1 recorded games under aaaaaaaaaaaa are not traced (seed 3 first)"),
    (traces(OLD), traces(OTHER), "the new traces were played under cccccccccccc, not this tree's bbbbbbbbbbbb"),
    (traces(NEW), traces(NEW), "both sides were played under bbbbbbbbbbbb"),
    (traces(OTHER), traces(NEW), "no turn is recorded under cccccccccccc"),
    (other_wins(), [dict(t, fingerprint=NEW) for t in other_wins()], "do not give back the wins of the turn from seed 0"),
])
def test_anything_unproved_is_refused_and_the_file_untouched(trace, tmp_path, capsys, old, new, why):
    path = results(tmp_path)
    before = path.read_bytes()
    assert trace.rekey(path, write(tmp_path / "old.jsonl", copy.deepcopy(old)), write(tmp_path / "new.jsonl", new), current) == 1
    assert path.read_bytes() == before
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and why in err[0], err


def test_seeds_already_under_the_current_key_are_refused(trace, tmp_path, capsys):
    path = results(tmp_path)
    with path.open("a") as out:
        out.write(json.dumps(turn(2, [1, 2], [1, 1], NEW)) + "\n")
    before = path.read_bytes()
    assert trace.rekey(path, write(tmp_path / "old.jsonl", traces(OLD)), write(tmp_path / "new.jsonl", traces(NEW)), current) == 1
    assert path.read_bytes() == before
    assert "2 of these seeds are already recorded under bbbbbbbbbbbb (seed 2 first)" in capsys.readouterr().err
