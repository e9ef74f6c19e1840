"""The card loader's long fuzz run (issue 11, item 6): mutations of the bundled card files
(``tests/card_mutations.py``) loaded as custom card files with each game's checks.

    python benchmarks/fuzz_cards.py                 # 20,000 inputs
    python benchmarks/fuzz_cards.py --inputs 2500 --seed 7

Prints the inputs tried, the clean errors (one ``CardDataError`` line), the good files,
and the crashes: any other exception, a multi-line message, or a load slower than
``--limit`` seconds (a hang is stopped by an alarm), each with where it happened and the
first input that caused it. Exit status 1 when there is any crash.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-fuzz-")

from card_mutations import card_files, load, mutate  # noqa: E402

from cardtable.cards import CardDataError  # noqa: E402


class Hang(Exception):
    """A load that did not return within the limit."""


def _alarm(signum, frame):
    raise Hang()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=20_000, help="how many mutated files to load (default 20,000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the mutations (default 0)")
    parser.add_argument("--limit", type=float, default=3.0, help="seconds one load may take (default 3)")
    args = parser.parse_args()
    files = card_files()
    games = sorted(files)
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="cardtable-fuzz-cards-"))
    signal.signal(signal.SIGALRM, _alarm)
    clean = good = 0
    crashes: collections.Counter[tuple[str, str]] = collections.Counter()
    first: dict[tuple[str, str], str] = {}
    slowest = 0.0
    started = time.perf_counter()
    try:
        for n in range(args.inputs):
            game = games[n % len(games)]
            text = mutate(files[game], rng)
            t0 = time.perf_counter()
            signal.setitimer(signal.ITIMER_REAL, args.limit * 2)
            problem = None
            try:
                load(game, text, folder)
                good += 1
            except CardDataError as err:
                if "\n" in str(err):
                    problem = ("multi-line message", str(err)[:120])
                else:
                    clean += 1
            except Hang:
                problem = ("hang", f"over {args.limit * 2:g} s")
            except Exception as err:  # what the fuzz looks for: anything but CardDataError
                frame = traceback.extract_tb(err.__traceback__)[-1]
                problem = (f"{type(err).__name__} at {Path(frame.filename).name}:{frame.lineno}", str(err)[:120])
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            took = time.perf_counter() - t0
            slowest = max(slowest, took)
            if problem is None and took > args.limit:
                problem = ("slow", f"{took:.1f} s")
            if problem is not None:
                crashes[problem[0]] += 1
                first.setdefault(problem[0], f"{game}: {problem[1]}")
            if (n + 1) % 1000 == 0:
                print(f"  {n + 1:,} inputs…", file=sys.stderr)
    except KeyboardInterrupt:
        args.inputs = n
        print("stopped early", file=sys.stderr)
    total = sum(crashes.values())
    print(f"inputs tried: {args.inputs:,}  clean errors: {clean:,}  good files: {good:,}  crashes: {total:,}")
    print(f"slowest load: {slowest:.2f} s   total: {time.perf_counter() - started:.0f} s   seed: {args.seed}")
    for where, count in crashes.most_common():
        print(f"  {count:>5}  {where}  (first: {first[where]})")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
