"""Traces of a strength row's games, to show that two versions of the code play a row alike
before its recorded turns are re-keyed to a new fingerprint (``benchmarks/strength.py``).

    python benchmarks/strength_trace.py --only cold-war --seats hard,random --games 20 --out new.jsonl
    python benchmarks/strength_trace.py --root /work/old --only cold-war --seats hard,random --games 20 --out old.jsonl
    python benchmarks/strength_trace.py --compare old.jsonl new.jsonl

A row's games are played exactly as ``strength.py`` plays them (its ``play`` through
``tournament``: game ``k`` has seed ``seed + k`` and the seating rotated by ``k``), at the
row's real levels, and every call of a computer player is written down: the seat, and the
move it chose (type and arguments) or ``null`` when it let another seat answer first. A
game's line also holds its seating, its number of moves, its winners and its log's texts.
``--root DIR`` plays the code of another tree (e.g. ``git worktree add --detach DIR
<commit>``): its ``cardtable`` and its ``benchmarks/strength.py`` are imported instead of
this tree's. ``--compare A B`` counts, for every row in both files, the games, the calls
compared and the games whose calls or results differ, and exits 1 when any differ.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def load_strength(root: Path):
    """``benchmarks/strength.py`` of the tree at ``root``, with that tree's ``cardtable``
    first on ``sys.path`` (so it must be called before anything imports ``cardtable``)."""
    sys.path.insert(0, str(root))
    sys.path.insert(0, str(root / "benchmarks"))
    import strength

    return strength


def traces(strength, game_id: str, seats: list[str], games: int, seed: int) -> list[dict]:
    """Play ``games`` games of the row ``seats`` (seeds from ``seed``) with ``strength.play``
    and return one trace a game (see the module docstring). The players are watched by
    wrapping ``strength.choose`` and the game's oracle, so the games are the row's own."""
    from cardtable.bots.tournament import tournament

    calls: list = []
    ended: list[dict] = []

    def as_move(action) -> list | None:
        return None if action is None else [action.type, [list(pair) for pair in action.args]]

    def watched(chooser):
        def choose(game, seat, *args, **kwargs):
            action = chooser(game, seat, *args, **kwargs)
            calls.append([seat, as_move(action)])
            return action
        return choose

    strength.choose = watched(strength.choose)
    strength.ORACLES = {game: watched(oracle) for game, oracle in strength.ORACLES.items()}
    play = strength.play

    def traced_play(game_id, levels, seed, **kwargs):
        calls.clear()
        game = play(game_id, levels, seed, **kwargs)
        ended.append({"game": game_id, "seats": seats, "seed": seed, "levels": list(levels), "moves": game.moves,
                      "winners": sorted(game.outcome().winners), "log": [entry.text for entry in game.log.entries],
                      "calls": list(calls)})
        return game

    tournament(game_id, seats, games, seed, play=traced_play)
    return ended


def compare(first: Path, second: Path) -> int:
    """Print, per row, the games found in both trace files, the calls compared and the games
    that differ (calls, moves or winners; a log text alone is counted apart). Returns 1
    when any game differs or a game is missing from one file, else 0."""
    def read(path: Path) -> dict:
        return {(t["game"], tuple(t["seats"]), t["seed"]): t for t in map(json.loads, path.read_text(encoding="utf-8").splitlines())}

    a, b = read(first), read(second)
    rows: dict = {}
    for key in sorted(a.keys() | b.keys()):
        row = rows.setdefault(key[:2], {"games": 0, "calls": 0, "differ": 0, "log": 0, "missing": 0, "first": None})
        if key not in a or key not in b:
            row["missing"] += 1
            continue
        x, y = a[key], b[key]
        row["games"] += 1
        row["calls"] += min(len(x["calls"]), len(y["calls"]))
        if (x["calls"], x["moves"], x["winners"], x["levels"]) != (y["calls"], y["moves"], y["winners"], y["levels"]):
            row["differ"] += 1
            row["first"] = row["first"] or next((f"seed {key[2]}, call {i}" for i, (c, d) in enumerate(zip(x["calls"], y["calls"])) if c != d), f"seed {key[2]}, the ends")
        elif x["log"] != y["log"]:
            row["log"] += 1
    bad = 0
    for (game_id, seats), row in rows.items():
        bad += row["differ"] + row["missing"]
        where = f", first at {row['first']}" if row["first"] else ""
        print(f"{game_id} {' v '.join(seats)}: {row['games']} games, {row['calls']} calls compared, {row['differ']} differ{where}, "
              f"{row['log']} with other log texts only, {row['missing']} in one file only")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Traces of a strength row's games (every computer player's call), and their comparison.")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1], help="the tree whose code plays (default: this one)")
    parser.add_argument("--only", help="the game id")
    parser.add_argument("--seats", help="the row's entries, comma-separated (e.g. hard,random)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="append the traces to this file (one JSON line a game)")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"), help="compare two trace files and play nothing")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if not (args.only and args.seats and args.out):
        parser.error("--only, --seats and --out are needed to play (or --compare A B)")
    strength = load_strength(args.root.resolve())
    found = traces(strength, args.only, args.seats.split(","), args.games, args.seed)
    with args.out.open("a", encoding="utf-8") as out:
        for trace in found:
            out.write(json.dumps(trace) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
