"""What a move costs the table screens (issue 13 items 7 and 8): CPU seconds, layout passes,
widget refreshes and DOM queries per move of a seeded random walk through the real screens.

    python benchmarks/table_moves.py                       # FOFL, 2 players, 120x40 and 80x24
    python benchmarks/table_moves.py --game bloops --moves 30 --sizes 80x24
    python benchmarks/table_moves.py --profile tottime     # cProfile of the walk, top 40

A move is everything from the first key of a table decision to the next table screen ready
for a decision (the hand-over and news screens on the way included), played by the UI tests'
random walk (``tests/ui/test_layout_sizes.random_walk``, the same keys for the same seed). The
counts are of the whole app while the move is played: ``layouts`` is Textual's
``Screen._refresh_layout`` (one layout pass of a screen), ``refreshes`` ``Widget.refresh``
calls, ``queries`` ``DOMNode.query``/``query_one``/``query_children``/``query_exactly_one``
calls. CPU is ``time.process_time`` (the process's, so it does not count the time another
process on a loaded machine takes, but does count the pilot's own idle polling).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "ui")]  # the UI tests' random walk
os.environ.update(  # scripted keys come faster than people (the guard would drop them; it changes no drawing)
    CARDTABLE_HOME=tempfile.mkdtemp(prefix="cardtable-bench-"), CARDTABLE_INPUT_GRACE="0", CARDTABLE_PRIVACY_GUARD="0"
)
os.environ.pop("CARDTABLE_CARDS", None)

from textual import _wait  # noqa: E402

_wait.SLEEP_GRANULARITY = 1 / 200  # the test suite's idle waits (tests/conftest.py)
_wait.SLEEP_IDLE = _wait.SLEEP_GRANULARITY / 20


class Counts:
    """Counters of Textual's work, patched into its classes while in use (``with``)."""

    NAMES = ("layouts", "refreshes", "layout_refreshes", "queries", "frames")

    def __init__(self) -> None:
        self.values = dict.fromkeys(self.NAMES, 0)
        self._undo: list[tuple[type, str, object]] = []

    def _wrap(self, cls: type, name: str, counter: str, when=None) -> None:
        original = getattr(cls, name)
        values = self.values

        def wrapped(*args, **kwargs):
            if when is None or when(kwargs):
                values[counter] += 1
            return original(*args, **kwargs)

        self._undo.append((cls, name, original))
        setattr(cls, name, wrapped)

    def __enter__(self) -> Counts:
        from textual.app import App
        from textual.dom import DOMNode
        from textual.screen import Screen
        from textual.widget import Widget

        self._wrap(Screen, "_refresh_layout", "layouts")
        self._wrap(Widget, "refresh", "refreshes")
        self._wrap(Widget, "refresh", "layout_refreshes", when=lambda kwargs: kwargs.get("layout"))
        for name in ("query", "query_one", "query_children", "query_exactly_one"):
            self._wrap(DOMNode, name, "queries")
        self._wrap(App, "_display", "frames")
        return self

    def __exit__(self, *exc) -> None:
        for cls, name, original in reversed(self._undo):
            setattr(cls, name, original)

    def snapshot(self) -> dict[str, int]:
        """The counts so far."""
        return dict(self.values)


async def walk(game: str, players: int, size: tuple[int, int], moves: int, seed: int, counts: Counts) -> list[dict[str, float]]:
    """Play ``moves`` random moves of ``game`` (seed ``seed`` for the deal and the choices)
    at ``size`` with the UI tests' walk (``random_walk``); returns one dict per move: ``cpu``
    (s) and the ``Counts`` it took, from one table decision to the next."""
    from test_layout_sizes import random_walk

    from cardtable.engine.registry import default_names
    from cardtable.ui import StartRequest, make_app

    app = make_app(StartRequest(game=game, players=default_names(players), seed=seed))
    per_move: list[dict[str, float]] = []
    last: list[tuple[float, dict[str, int]]] = []

    def check(screen) -> None:  # at each table decision: the move before it is done
        now = (time.process_time(), counts.snapshot())
        if last:
            cpu, before = last.pop()
            per_move.append({"cpu": now[0] - cpu, **{k: now[1][k] - before[k] for k in before}})
        last.append(now)

    async with app.run_test(size=size) as pilot:
        await random_walk(app, pilot, check, moves=moves + 1, seed=seed)
    return per_move


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="fofl")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--sizes", default="120x40,80x24", help="comma-separated COLUMNSxROWS")
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--seeds", default="11,12,13", help="comma-separated seeds (deal and choices)")
    parser.add_argument("--profile", choices=("tottime", "cumulative"), help="print a cProfile of the walks instead")
    args = parser.parse_args()
    sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
    seeds = [int(s) for s in args.seeds.split(",")]
    profile = cProfile.Profile() if args.profile else None
    for size in sizes:
        rows: list[dict[str, float]] = []
        for seed in seeds:
            with Counts() as counts:
                if profile:
                    profile.enable()
                rows += asyncio.run(walk(args.game, args.players, size, args.moves, seed, counts))
                if profile:
                    profile.disable()
        cpus = [row["cpu"] for row in rows]
        means = {name: statistics.mean(row[name] for row in rows) for name in Counts.NAMES}
        print(
            f"{args.game} {args.players}p {size[0]}x{size[1]} seeds {args.seeds}: {len(rows)} moves, CPU per move "
            f"median {statistics.median(cpus) * 1000:.0f} ms, mean {statistics.mean(cpus) * 1000:.0f} ms, total {sum(cpus):.2f} s; per move "
            + ", ".join(f"{name} {value:.1f}" for name, value in means.items())
        )
    if profile:
        pstats.Stats(profile).sort_stats(args.profile).print_stats(40)
    return 0


if __name__ == "__main__":
    sys.exit(main())
