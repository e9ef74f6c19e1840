"""Computer-player tournaments and decision times (issue 15).

    python benchmarks/bots.py cold-war --seats hard,random --games 100 [--seed 0]
    python benchmarks/bots.py --all --seats hard,random --games 40
    python benchmarks/bots.py --times [--positions 12] [GAME]

Plays the levels in ``--seats`` against each other (``cardtable.bots.tournament``: the
seating rotates every game) and prints, per entry, wins, the win rate with its Wilson 95%
interval, and the median and worst decision time in CPU seconds (searched decisions only;
on a loaded machine wall-clock time is longer by the load factor, printed too).
``--times`` instead times ``normal`` and ``hard`` decisions at random mid-game positions
(two players; CPU and wall-clock seconds, median and worst).
"""

from __future__ import annotations

import argparse
import os
import sys
import random
import statistics
import time

from cardtable.bots import choose, seat_actions
from cardtable.bots.tournament import answer_order, random_moves, tournament
from cardtable.engine import new_game
from cardtable.engine.index import indexed


def decision_times(game_id: str, level: str, positions: int) -> tuple[list[float], list[float]]:
    """``(cpu, wall)`` seconds of ``choose`` at ``level`` over ``positions`` random
    two-player positions of ``game_id`` where the acting seat has several options, asked as
    the table asks it (``answer_order``: in a shared window a seat that is not the closer
    may wait, which needs no second search)."""
    cpu: list[float] = []
    wall: list[float] = []
    seed = 0
    while len(cpu) < positions:
        rng = random.Random(f"times:{game_id}:{seed}")
        seed += 1
        game = random_moves(new_game(game_id, 2, seed=seed), rng, rng.randrange(0, 60))
        decision = game.decision()
        if decision is None or len(seat_actions(decision, decision.seat)) < 2:
            continue
        c, w = time.process_time(), time.perf_counter()
        choose(game, decision.seat, level, seed, may_wait=dict(answer_order(decision))[decision.seat])
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return cpu, wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Computer-player tournaments with Wilson 95% intervals.")
    parser.add_argument("game", nargs="?", help="game id (e.g. cold-war); omit with --all")
    parser.add_argument("--all", action="store_true", help="every game, two players each")
    parser.add_argument("--seats", default="hard,random", help="levels, one per seat, comma-separated")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--times", action="store_true", help="time normal and hard decisions instead")
    parser.add_argument("--positions", type=int, default=12, help="positions per game for --times")
    args = parser.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    ids = list(indexed()) if args.all or (args.times and not args.game) else [args.game]
    if ids == [None]:
        parser.error("name a game or pass --all")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if args.times:
        print(f"{'game':14} {'level':7} {'cpu median':>10} {'cpu worst':>9} {'wall median':>11} {'wall worst':>10}")
        for game_id in ids:
            for level in ("normal", "hard"):
                cpu, wall = decision_times(game_id, level, args.positions)
                print(f"{game_id:14} {level:7} {statistics.median(cpu):>10.3f} {max(cpu):>9.3f} {statistics.median(wall):>11.3f} {max(wall):>10.3f}", flush=True)
        return 0
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
