"""Regenerate the README screenshots under screenshots/ (run: python tools/screenshots.py).

Each shot starts the app at 80×24 with a fixed seed in a throw-away CARDTABLE_HOME and
presses the listed keys. Games add their own entry to SHOTS.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-shots-")
os.environ["CARDTABLE_INPUT_GRACE"] = "0"  # scripted keys come faster than people

from cardtable.ui import StartRequest, make_app  # noqa: E402

SHOTS: dict[str, tuple[StartRequest, list[str]]] = {
    "menu": (StartRequest(), []),
    "privacy": (StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11), ["enter", "3", "1", "2", "2", "enter"]),
    "cold-war": (StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11), ["enter", "3", "1", "2", "2"]),
    "bloops": (
        StartRequest(game="bloops", players=("Ann", "Bob", "Cat"), seed=21),
        ["enter"] * 8 + ["d", "2", "4", "enter", "p", "enter", "d", "3", "5", "enter", "enter", "p", "enter", "d", "1", "p", "enter", "4", "b", "enter", "d", "2", "6", "p", "enter", "d", "4", "2", "1", "3", "1"],
    ),
}


async def shoot(name: str, start: StartRequest, keys: list[str]) -> None:
    app = make_app(start)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause(0.3)
        app.save_screenshot(f"{name}.svg", path=str(ROOT / "screenshots"))
    print(f"screenshots/{name}.svg")


async def main(names: list[str]) -> None:
    for name in names or list(SHOTS):
        start, keys = SHOTS[name]
        await shoot(name, start, keys)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
