"""Regenerate the README screenshots under screenshots/ (run: python tools/screenshots.py
[NAME ...]; ``serve`` is the browser picture, taken by the headless-browser test).

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
    # these three open finished games that past_games() plays first (issue 16)
    "history": (StartRequest(history=True), []),
    "replay": (StartRequest(), ["h", "enter", "home"] + ["right"] * 7),
    "stats": (StartRequest(), ["s"]),
}

NEEDS_PAST_GAMES = {"history", "replay", "stats"}


def past_games() -> None:
    """Play a few finished games (fixed seeds, random moves) into the throw-away home, with
    statistics, so the Past games, replay and statistics shots have something to show."""
    from cardtable.engine.stats import StatsStore
    from cardtable.engine.testing import saved_session

    if list((Path(os.environ["CARDTABLE_HOME"]) / "saves").glob("*.jsonl")):
        return
    stats = StatsStore()
    for seed in range(30, 38):
        saved_session("cold-war", ("Ann", "Bob"), seed=seed, stats=stats)
    saved_session("bloops", ("Ann", "Bob", "Cat"), seed=5, stats=stats)
    saved_session("black-ops", ("Ann", "Bob", "Cat"), seed=4, stats=stats)
    saved_session("cold-war", ("Ann", "Bob"), seed=11, stats=stats)  # the newest: replayed


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


def serve_shot() -> None:
    """screenshots/serve.png: the browser test (tests/test_serve_browser.py) saves it when
    CARDTABLE_SHOT_DIR names the folder; it needs chromium and chromedriver."""
    import subprocess

    env = {**os.environ, "CARDTABLE_SHOT_DIR": str(ROOT / "screenshots")}
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(ROOT / "tests" / "test_serve_browser.py")], env=env, cwd=ROOT, timeout=300)
    print("screenshots/serve.png" if result.returncode == 0 else "serve: the browser test did not pass (is chromium installed?)")


async def main(names: list[str]) -> None:
    for name in names or [*SHOTS, "serve"]:
        if name == "serve":
            serve_shot()
            continue
        if name in NEEDS_PAST_GAMES:
            past_games()
        start, keys = SHOTS[name]
        await shoot(name, start, keys)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
