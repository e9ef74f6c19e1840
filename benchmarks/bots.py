"""Computer-player tournaments and decision times (issue 15).

    python benchmarks/bots.py cold-war --seats hard,random --games 100 [--seed 0]
    python benchmarks/bots.py --all --seats hard,random --games 40

Plays the levels in ``--seats`` against each other (``cardtable.bots.tournament``: the
seating rotates every game) and prints, per entry, wins, the win rate with its Wilson 95%
interval, and the median and worst decision time in CPU seconds (searched decisions only;
on a loaded machine wall-clock time is longer by the load factor, printed too).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from cardtable.bots.tournament import tournament
from cardtable.engine.index import indexed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Computer-player tournaments with Wilson 95% intervals.")
    parser.add_argument("game", nargs="?", help="game id (e.g. cold-war); omit with --all")
    parser.add_argument("--all", action="store_true", help="every game, two players each")
    parser.add_argument("--seats", default="hard,random", help="levels, one per seat, comma-separated")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    ids = list(indexed()) if args.all else [args.game]
    if ids == [None]:
        parser.error("name a game or pass --all")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for game_id in ids:
        wall, cpu = time.time(), time.process_time()
        try:
            report = tournament(game_id, seats, args.games, args.seed)
        except ValueError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        ratio = (time.time() - wall) / max(time.process_time() - cpu, 1e-9)
        print(report.table(), flush=True)
        print(f"(wall-clock / CPU time: {ratio:.1f}×)\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
