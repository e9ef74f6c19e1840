"""Regenerate the README screenshots under screenshots/ (run: python tools/screenshots.py
[NAME ...]; no name: all of them; ``--list`` names them; ``--size 120x36`` another size).

Every picture is made the same way each time: the app starts at ``SIZE`` (120×36, where the
tables use their roomy layouts) in a throw-away CARDTABLE_HOME, with fixed seeds, and is
driven through the real screens — by listed keys, or by a seeded random walk of a number of
moves (``Walk``: each move is one of the options on screen, chosen by ``random.Random(seed)``,
played with the keys the table names for it; privacy screens and news are passed). So a
change of layout never breaks a picture's script, and the same code gives the same picture.

``serve`` is the browser picture (serve.png), taken by the headless-browser test.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-shots-")
os.environ["CARDTABLE_INPUT_GRACE"] = "0"  # scripted keys come faster than people
os.environ["CARDTABLE_PRIVACY_GUARD"] = "0"
os.environ["CARDTABLE_COMPUTER_PACE"] = "0"
os.environ["TZ"] = "UTC"  # the dates on the Past games picture
if hasattr(__import__("time"), "tzset"):
    __import__("time").tzset()

from cardtable.ui import StartRequest, make_app  # noqa: E402

SIZE = (120, 36)
"""Columns × rows of every picture: the roomy layouts start at 120×36."""


@dataclass(frozen=True)
class Walk:
    """``moves`` random moves through the real table (seeded by ``seed``), then stop: on the
    table (``until="table"``), or at the next privacy screen (``until="privacy"``). In the
    Care Package window of Black Ops the walk passes more often than it plays, so rounds go on."""

    moves: int
    seed: int = 1
    until: str = "table"


@dataclass(frozen=True)
class Shot:
    """One picture: how the app starts, then ``keys`` pressed, or a ``walk``; ``past_games``
    plays finished games into the home first (for history, replay, statistics);
    ``game_over`` shows that finished game's end screen (game id, players, seed)."""

    start: StartRequest = field(default_factory=StartRequest)
    keys: tuple[str, ...] = ()
    walk: Walk | None = None
    past_games: bool = False
    game_over: tuple[str, tuple[str, ...], int] | None = None


FOUR = ("Ann", "Bob", "Cat", "Dan")

SHOTS: dict[str, Shot] = {
    "menu": Shot(),
    "cold-war": Shot(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11), walk=Walk(7, seed=2)),
    "bloops": Shot(StartRequest(game="bloops", players=("Ann", "Bob", "Cat"), seed=21), walk=Walk(14, seed=3)),
    "combat-cards": Shot(StartRequest(game="combat-cards", players=("Ann", "Bob", "Cat"), seed=5), walk=Walk(9, seed=1)),
    "black-ops": Shot(StartRequest(game="black-ops", players=FOUR, seed=11), walk=Walk(30, seed=11)),
    "fofl": Shot(StartRequest(game="fofl", players=("Ann", "Bob"), seed=3), walk=Walk(70, seed=4)),
    "privacy": Shot(StartRequest(game="black-ops", players=FOUR, seed=11), walk=Walk(4, seed=11, until="privacy")),
    "browser": Shot(StartRequest(browse="all")),
    "deck-builder": Shot(StartRequest(browse="fofl"), keys=("d", "enter", "plus") + ("down", "down", "plus") * 5),
    "game-over": Shot(game_over=("black-ops", FOUR, 4)),
    "history": Shot(StartRequest(history=True), past_games=True),
    "replay": Shot(keys=("h", "enter", "home") + ("right",) * 7, past_games=True),
    "stats": Shot(keys=("s",), past_games=True),
}


_PAST_GAMES_PLAYED = False


def past_games() -> None:
    """Play a few finished games (fixed seeds, random moves) into the throw-away home, with
    statistics, so the Past games, replay and statistics shots have something to show."""
    from cardtable.engine.stats import StatsStore
    from cardtable.engine.testing import saved_session

    global _PAST_GAMES_PLAYED
    if _PAST_GAMES_PLAYED:
        return
    _PAST_GAMES_PLAYED = True
    stats = StatsStore()
    games = [("cold-war", ("Ann", "Bob"), seed) for seed in range(30, 38)]
    games += [("bloops", ("Ann", "Bob", "Cat"), 5), ("black-ops", ("Ann", "Bob", "Cat"), 4)]
    games.append(("cold-war", ("Ann", "Bob"), 11))  # the newest: replayed
    base = 1_767_268_800  # 2026-01-01 12:00 UTC: each game ends an hour after the one before
    for number, (game_id, players, seed) in enumerate(games):
        when = base + 3600 * number
        with _played_at(when - 60 * (9 + 4 * (number % 5)), when):  # 9 to 25 minutes a game
            session = saved_session(game_id, players, seed=seed, stats=stats)
        session.close()
        os.utime(session.save.path, (when, when))  # the newest-first order is the list's order


@contextmanager
def _played_at(start: float, end: float):
    """Within the block, a new save's header says it was started at ``start`` and its end
    line that it ended at ``end`` (seconds since the epoch, shown in local time as the app
    does): the pictures' games were played on fixed days for a few minutes each, not on the
    day the pictures were made (the Past games' Time column is end minus start)."""
    from cardtable.engine import saves

    moment = [start]  # the header's time, until the end line is written

    class Then(datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime.fromtimestamp(moment[0], tz)

    real_finish = saves.SaveFile.finish

    def finish(self, *args, **kwargs):
        moment[0] = end
        return real_finish(self, *args, **kwargs)

    saves.datetime, real = Then, saves.datetime
    saves.SaveFile.finish = finish
    try:
        yield
    finally:
        saves.datetime = real
        saves.SaveFile.finish = real_finish


def finished_session(game_id: str, players: tuple[str, ...], seed: int):
    """A game played to its end with random moves (chooser seeded by ``seed``), unsaved, so
    that it is not among the Past games of the other pictures."""
    from cardtable.engine.registry import new_game
    from cardtable.engine.session import Session

    session = Session(new_game(game_id, players, seed=seed))
    chooser = random.Random(seed)
    while session.decision() is not None:
        session.act(chooser.choice(session.decision().actions))
    return session


async def walk(pilot, plan: Walk) -> None:
    """Play ``plan`` through the real screens (see ``Walk``)."""
    from cardtable.ui.gameover import GameOverScreen
    from cardtable.ui.news import NewsScreen
    from cardtable.ui.privacy import PrivacyScreen
    from cardtable.ui.table import TableScreen

    rng = random.Random(plan.seed)
    app = pilot.app
    done = 0
    for _ in range(10 * plan.moves + 100):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            raise SystemExit(f"the game ended after {done} moves: give the shot fewer moves")
        if isinstance(screen, PrivacyScreen):
            if plan.until == "privacy" and done >= plan.moves:
                return
            await pilot.press("enter")
            continue
        if isinstance(screen, NewsScreen):
            await pilot.press("enter")
            continue
        if not isinstance(screen, TableScreen):
            raise SystemExit(f"unexpected screen {type(screen).__name__}")
        decision = screen.session.visible_decision()
        if decision is None:
            await pilot.pause(0.05)  # a computer player, or a screen on its way
            continue
        if done >= plan.moves and plan.until == "table":
            return
        action = decision.actions[rng.randrange(len(decision.actions))]
        if decision.kind == "claim" and rng.random() < 0.6:
            action = next((a for a in decision.actions if a.role), action)
        for key in screen.keys_for(action):
            await pilot.press(key)
        done += 1
    raise SystemExit("the walk did not reach its end")


async def shoot(name: str, shot: Shot, size: tuple[int, int], folder: Path = ROOT / "screenshots") -> Path:
    """Make ``<folder>/<name>.svg`` (default: screenshots/) and return its path."""
    if shot.past_games:
        past_games()
    app = make_app(shot.start)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if shot.game_over is not None:
            from cardtable.ui.gameover import GameOverScreen

            await app.push_screen(GameOverScreen(finished_session(*shot.game_over)))
        for key in shot.keys:
            await pilot.press(key)
            await pilot.pause()
        if shot.walk is not None:
            await walk(pilot, shot.walk)
        for widget in app.screen.query("Input"):
            widget.cursor_blink = False
        await pilot.pause(0.3)
        app.save_screenshot(f"{name}.svg", path=str(folder))
    return folder / f"{name}.svg"


def serve_shot() -> None:
    """screenshots/serve.png: the browser test (tests/test_serve_browser.py) saves it when
    CARDTABLE_SHOT_DIR names the folder; it needs chromium and chromedriver."""
    import subprocess

    env = {**os.environ, "CARDTABLE_SHOT_DIR": str(ROOT / "screenshots")}
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(ROOT / "tests" / "test_serve_browser.py")], env=env, cwd=ROOT, timeout=300)
    print("screenshots/serve.png" if result.returncode == 0 else "serve: the browser test did not pass (is chromium installed?)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Regenerate the README screenshots.")
    parser.add_argument("names", nargs="*", help="pictures to make (default: all); 'serve' is the browser picture")
    parser.add_argument("--list", action="store_true", help="name the pictures and stop")
    parser.add_argument("--size", default=f"{SIZE[0]}x{SIZE[1]}", help="COLUMNSxROWS (default %(default)s)")
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots", help="the folder to write to (default: screenshots/)")
    args = parser.parse_args(argv)
    sys.argv[0] = "cardtable"  # hints to type again (Past games' replay line) name the command a user runs
    if args.list:
        print("\n".join([*SHOTS, "serve"]))
        return 0
    try:
        size = tuple(int(n) for n in args.size.lower().split("x"))
        assert len(size) == 2 and size[0] >= 80 and size[1] >= 24
    except (ValueError, AssertionError):
        parser.error(f"--size {args.size}: give COLUMNSxROWS, at least 80x24")
    unknown = [n for n in args.names if n not in SHOTS and n != "serve"]
    if unknown:
        parser.error(f"no picture called {', '.join(unknown)} (see --list)")
    for name in args.names or [*SHOTS, "serve"]:
        if name == "serve":
            serve_shot()
            continue
        args.out.mkdir(parents=True, exist_ok=True)
        print(asyncio.run(shoot(name, SHOTS[name], size, args.out)))  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
