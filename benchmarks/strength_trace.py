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

    python benchmarks/strength_trace.py --rekey old.jsonl new.jsonl    # --results FILE, default strength-results.jsonl

``--rekey OLD NEW`` re-keys the recorded turns of the rows in the trace files once it is
shown that the old code played them as this tree does: OLD holds the traces of the code
that recorded them (each trace line carries the fingerprint of the tree that played it),
NEW this tree's. It compares them as ``--compare`` does and then, only when no traced game
differs or is missing and every game recorded under OLD's fingerprint (every seed of every
such turn of the row) is traced, the old traces give back each of those turns' wins and
shared wins, and none of their seeds is recorded already under this tree's fingerprint,
sets those turns' ``fingerprint`` to this tree's and puts the old one first in their
``rekeyed_from`` (newest first). Every other line of the file stays byte for byte. Anything
else is refused: exit 1, one line on stderr saying why, the file untouched.
"""

from __future__ import annotations

import argparse
import fcntl
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
    mark = strength.fingerprint(game_id, seats)  # of the tree that plays: --rekey checks it

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
                      "calls": list(calls), "fingerprint": mark})
        return game

    tournament(game_id, seats, games, seed, play=traced_play)
    return ended


def read(path: Path) -> dict:
    """The traces of a file, by ``(game, seats, seed)`` (one JSON line a game)."""
    return {(t["game"], tuple(t["seats"]), t["seed"]): t for t in map(json.loads, path.read_text(encoding="utf-8").splitlines())}


def compared(a: dict, b: dict) -> dict:
    """Per row ``(game, seats)`` of the traces ``a`` and ``b`` (``read``): ``games`` found in
    both, ``calls`` compared, games that ``differ`` (calls, moves, winners or levels),
    games whose ``log`` texts alone differ, games ``missing`` from one side, the ``first``
    difference (``"seed S, call C"``) or ``None``, and the ``seeds`` found in both."""
    rows: dict = {}
    for key in sorted(a.keys() | b.keys()):
        row = rows.setdefault(key[:2], {"games": 0, "calls": 0, "differ": 0, "log": 0, "missing": 0, "first": None, "seeds": set()})
        if key not in a or key not in b:
            row["missing"] += 1
            continue
        x, y = a[key], b[key]
        row["games"] += 1
        row["seeds"].add(key[2])
        row["calls"] += min(len(x["calls"]), len(y["calls"]))
        if (x["calls"], x["moves"], x["winners"], x["levels"]) != (y["calls"], y["moves"], y["winners"], y["levels"]):
            row["differ"] += 1
            row["first"] = row["first"] or next((f"seed {key[2]}, call {i}" for i, (c, d) in enumerate(zip(x["calls"], y["calls"])) if c != d), f"seed {key[2]}, the ends")
        elif x["log"] != y["log"]:
            row["log"] += 1
    return rows


def report(rows: dict) -> int:
    """Print one line a row of ``compared`` and return the games that differ or are missing."""
    bad = 0
    for (game_id, seats), row in rows.items():
        bad += row["differ"] + row["missing"]
        where = f", first at {row['first']}" if row["first"] else ""
        print(f"{game_id} {' v '.join(seats)}: {row['games']} games, {row['calls']} calls compared, {row['differ']} differ{where}, "
              f"{row['log']} with other log texts only, {row['missing']} in one file only")
    return bad


def compare(first: Path, second: Path) -> int:
    """Print, per row, the games found in both trace files, the calls compared and the games
    that differ (calls, moves or winners; a log text alone is counted apart). Returns 1
    when any game differs or a game is missing from one file, else 0."""
    return 1 if report(compared(read(first), read(second))) else 0


class Refused(Exception):
    """Why ``rekey`` leaves the results file as it is (one line)."""


def seeds_of(turn: dict) -> range:
    """The seeds a recorded turn played."""
    return range(turn["seed"], turn["seed"] + turn["games"])


def spans(seeds: set[int]) -> str:
    """Seeds as runs: ``{0, 1, 2, 5}`` is ``"0-2, 5-5"``."""
    runs: list[list[int]] = []
    for seed in sorted(seeds):
        if runs and runs[-1][1] == seed - 1:
            runs[-1][1] = seed
        else:
            runs.append([seed, seed])
    return ", ".join(f"{low}-{high}" for low, high in runs)


def wins_of(traces: dict, row: tuple, turn: dict) -> tuple[list[int], list[int]]:
    """The wins and shared wins per entry of ``turn``'s games, from their traces (entry ``e``
    sits in seat ``(e + k) % n`` in the turn's ``k``-th game, as ``tournament`` seats it)."""
    n = len(turn["seats"])
    wins, shared = [0] * n, [0] * n
    for seed in seeds_of(turn):
        winners = traces[(*row, seed)]["winners"]
        for e in range(n):
            if (e + seed - turn["seed"]) % n in winners:
                wins[e] += 1
                shared[e] += len(winners) > 1
    return wins, shared


def marks(traces: dict, row: tuple, side: str) -> str:
    """The one fingerprint the traces of ``row`` were played under (``Refused`` otherwise)."""
    found = {t.get("fingerprint") for key, t in traces.items() if key[:2] == row}
    if len(found) != 1 or None in found:
        raise Refused(f"{row[0]} {' v '.join(row[1])}: the {side} traces carry fingerprints {sorted(map(str, found))}, not one")
    return found.pop()


def rekey_lines(lines: list[bytes], old: dict, new: dict, current) -> tuple[list[bytes], list[str]]:
    """The lines of a results file (``strength.py --record``) with the turns proved alike
    re-keyed, and one sentence a re-keyed row. ``old`` and ``new`` are the traces (``read``)
    of the row's games played by the code that recorded the turns and by this tree;
    ``current(game_id, seats)`` is this tree's ``strength.fingerprint``.

    For every row in the traces, the turns recorded under the old traces' fingerprint get
    this tree's fingerprint, the old one put first in their ``rekeyed_from`` (newest
    first); every other line is returned as it is, byte for byte. Raises ``Refused`` (and
    changes nothing) unless: every game of both trace files is in the other and plays alike
    (``compared``: 0 differ, 0 missing); each side's traces carry one fingerprint a row, the
    new one this tree's and the old one another; turns are recorded under the old one and
    every seed they played is traced; the old traces give back each turn's wins and shared
    wins exactly; and no turn already under this tree's fingerprint played one of those
    seeds (it would be counted twice)."""
    rows = compared(old, new)
    bad = sum(row["differ"] + row["missing"] for row in rows.values())
    if bad:
        raise Refused(f"{bad} traced games differ or are in one file only: nothing re-keyed")
    turns = [json.loads(line) if line.strip() else None for line in lines]
    targets: dict[int, tuple[str, str]] = {}
    said = []
    for row, compare_row in rows.items():
        game_id, seats = row
        name = f"{game_id} {' v '.join(seats)}"
        was, now = marks(old, row, "old"), marks(new, row, "new")
        if now != current(game_id, list(seats)):
            raise Refused(f"{name}: the new traces were played under {now}, not this tree's {current(game_id, list(seats))}")
        if was == now:
            raise Refused(f"{name}: both sides were played under {now}: nothing to re-key")
        mine = [(i, t) for i, t in enumerate(turns) if t and t["game"] == game_id and tuple(t["seats"]) == seats]
        chosen = [(i, t) for i, t in mine if t["fingerprint"] == was]
        if not chosen:
            raise Refused(f"{name}: no turn is recorded under {was}")
        needed = {seed for _, t in chosen for seed in seeds_of(t)}
        untraced = sorted(needed - compare_row["seeds"])
        if untraced:
            raise Refused(f"{name}: {len(untraced)} recorded games under {was} are not traced (seed {untraced[0]} first)")
        for _, t in chosen:
            if wins_of(old, row, t) != (t["wins"], t.get("shared", [0] * len(seats))):
                raise Refused(f"{name}: the old traces do not give back the wins of the turn from seed {t['seed']}: not the code that recorded it")
        twice = needed & {seed for _, t in mine if t["fingerprint"] == now for seed in seeds_of(t)}
        if twice:
            raise Refused(f"{name}: {len(twice)} of these seeds are already recorded under {now} (seed {min(twice)} first)")
        targets.update({i: (was, now) for i, _ in chosen})
        said.append(f"{name}: {len(chosen)} turns ({len(needed)} games, seeds {spans(needed)}) re-keyed from {was} to {now}; "
                    f"{compare_row['games']} games, {compare_row['calls']} calls compared, 0 differ")
    out = list(lines)
    for i, (was, now) in targets.items():
        turn = turns[i]
        turn["fingerprint"] = now
        turn["rekeyed_from"] = [was, *turn.get("rekeyed_from", [])]
        out[i] = json.dumps(turn).encode("utf-8") + b"\n"
    return out, said


def rekey(results: Path, first: Path, second: Path, current) -> int:
    """``--rekey``: compare the traces ``first`` (the old code's) and ``second`` (this
    tree's), then re-key ``results``'s turns as ``rekey_lines`` does, in place and under
    the lock ``strength.py --record`` takes. Prints the comparison and one line a row;
    returns 0, or 1 with one line on stderr saying why nothing was re-keyed."""
    old, new = read(first), read(second)
    report(compared(old, new))
    with results.open("r+b") as file:
        fcntl.flock(file, fcntl.LOCK_EX)
        lines = file.read().splitlines(keepends=True)
        try:
            out, said = rekey_lines(lines, old, new, current)
        except Refused as why:
            print(f"refused: {why}", file=sys.stderr)
            return 1
        file.seek(0)
        file.write(b"".join(out))
        file.truncate()
    print("\n".join(said))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Traces of a strength row's games (every computer player's call), and their comparison.")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1], help="the tree whose code plays (default: this one)")
    parser.add_argument("--only", help="the game id")
    parser.add_argument("--seats", help="the row's entries, comma-separated (e.g. hard,random)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="append the traces to this file (one JSON line a game)")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"), help="compare two trace files and play nothing")
    parser.add_argument("--rekey", nargs=2, type=Path, metavar=("OLD", "NEW"),
                        help="compare the old code's traces with this tree's and, when every recorded game of their rows plays alike, re-key those turns of --results")
    parser.add_argument("--results", type=Path, default=Path(__file__).resolve().parent / "strength-results.jsonl", help="the recorded turns --rekey rewrites")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if args.rekey:
        return rekey(args.results, *args.rekey, load_strength(args.root.resolve()).fingerprint)
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
