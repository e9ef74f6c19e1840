"""The soak: random playouts of every game at every player count (and every value of each
game's non-deck options), checking the engine invariants after every action.

    python benchmarks/soak.py                 # 10,000 games per configuration (about an hour)
    python benchmarks/soak.py --games 500     # a quicker pass
    python benchmarks/soak.py --only bloops

Prints one line per configuration and a summary; exits 1 if any game failed, naming the
seed that reproduces it (``cardtable simulate GAME --games 1 --seed S --players P``).
CI runs a small sample of the same thing (tests/test_soak_sample.py).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-soak-"))

from cardtable.engine import games  # noqa: E402
from cardtable.engine.simulate import simulate  # noqa: E402


def configurations(only: set[str] | None = None):
    """(game class, players, options) for every game, player count and option value."""
    for cls in games():
        if only and cls.id not in only:
            continue
        for players in range(cls.min_players, cls.max_players + 1):
            variants: list[dict] = [{}]
            for option in cls.options:
                if option.key == cls.deck_option or option.per_seat or not option.applies(players):
                    continue
                variants += [{option.key: value} for value in option.values() if value != option.default]
            for options in variants:
                yield cls, players, options


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per configuration (default 10,000)")
    parser.add_argument("--only", help="comma-separated game ids")
    parser.add_argument("--players", help="comma-separated player counts (default: every count)")
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None
    counts = {int(n) for n in args.players.split(",")} if args.players else None
    total_games = total_failures = 0
    started = time.perf_counter()
    for cls, players, options in configurations(only):
        if counts is not None and players not in counts:
            continue
        t = time.perf_counter()
        report = simulate(cls.id, args.games, players, 0, options=options or None)
        label = f"{cls.id} {players}p" + "".join(f" {k}={v}" for k, v in options.items())
        print(
            f"{label:<40} {report.games:>6} games  mean {report.mean_length:7.1f} actions  "
            f"failures {len(report.failures)}  ({time.perf_counter() - t:.0f} s)",
            flush=True,
        )
        for failure in report.failures[:5]:
            print(f"    seed {failure.seed}: {failure.error} ({failure.where})", flush=True)
        total_games += report.games
        total_failures += len(report.failures)
    print(f"\n{total_games} games, {total_failures} failures, {time.perf_counter() - started:.0f} s")
    return 1 if total_failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
