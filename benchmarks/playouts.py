"""The playout soak: every game's 500 seeded random playouts with every invariant checked
(each game's ``test_random_playouts_keep_every_invariant``, all five blocks of 100 games).
The default test suite runs only block 0 of each; this runs all of them.

    python benchmarks/playouts.py              # all games (several minutes of CPU)
    python benchmarks/playouts.py bloops       # one game (a pytest -k expression)
    python benchmarks/playouts.py bloops -n 2  # further arguments go to pytest
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    """Run the soak blocks through pytest (``--soak``); ``argv[0]``, unless it starts with
    ``-``, narrows them (a ``-k`` expression such as ``bloops``). Returns pytest's exit code."""
    select = "random_playouts_keep_every_invariant"
    if argv and not argv[0].startswith("-"):
        select += f" and ({argv[0].replace('-', '_')})"
        argv = argv[1:]
    command = [sys.executable, "-m", "pytest", "-q", "--soak", "tests/games", "-k", select, *argv]
    return subprocess.call(command, cwd=ROOT)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
