"""The menu's start with 0 and with 1,000 finished saves (issue 11, item 7).

    python benchmarks/menu_saves.py [--saves 1000] [--repeats 5]

Each run starts the real app headless and times it until the menu is on screen; the
saves are copies of one finished Cold War game (about 60 moves each). Also timed: the
menu's count of unfinished games alone (``list_saves(quick=True)``: header and last line
of each file) against parsing every file in full (``read_save``, what the count did
before).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
HOME = Path(tempfile.mkdtemp(prefix="cardtable-menu-"))
os.environ["CARDTABLE_HOME"] = str(HOME)

from cardtable.engine import new_game  # noqa: E402
from cardtable.engine.saves import SaveFile, list_saves, read_save, saves_dir  # noqa: E402
from cardtable.engine.session import Session  # noqa: E402


def fill(count: int) -> None:
    """Put ``count`` finished games in the saves folder (copies of one)."""
    folder = saves_dir()
    shutil.rmtree(folder, ignore_errors=True)
    if not count:
        return
    game = new_game("cold-war", ("Ann", "Bob"), seed=1)
    session = Session(game, SaveFile.create(game))
    chooser = random.Random(1)
    while session.decision() is not None:
        session.act(chooser.choice(session.decision().actions))
    session.close()
    source = session.save.path
    data = source.read_bytes()
    for n in range(count - 1):
        (folder / f"cold-war-copy-{n:04}.jsonl").write_bytes(data)


async def menu_start() -> float:
    from cardtable.engine import saves
    from cardtable.ui import make_app
    from cardtable.ui.menu import MenuScreen

    saves._FINISHED.clear()  # a fresh start knows nothing about the files yet
    started = time.perf_counter()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, MenuScreen):
            await pilot.pause()
        await pilot.pause()
        return time.perf_counter() - started


def timed(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rows = []
    fill(0)
    asyncio.run(menu_start())  # warm up: imports and the first Textual start
    for count in (0, args.saves):
        fill(count)
        start = statistics.median(asyncio.run(menu_start()) for _ in range(args.repeats))
        from cardtable.engine import saves

        def first_count() -> None:
            saves._FINISHED.clear()  # as at start-up: nothing known yet
            list_saves(check_cards=False, quick=True)

        quick = timed(first_count, args.repeats)
        full = timed(lambda: [read_save(p) for p in saves_dir().glob("*.jsonl")] if saves_dir().is_dir() else None, args.repeats)
        rows.append((count, start, quick, full))
    print(f"{'saves':>6}  {'menu start':>11}  {'count (last line only)':>25}  {'count (whole files)':>20}")
    for count, start, quick, full in rows:
        print(f"{count:>6}  {start * 1000:>9.0f} ms  {quick * 1000:>22.1f} ms  {full * 1000:>17.1f} ms")
    ratio = rows[1][1] / rows[0][1]
    print(f"menu start with {args.saves:,} finished saves / with none: {ratio:.2f}×")
    shutil.rmtree(HOME, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
