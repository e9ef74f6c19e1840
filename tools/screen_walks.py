"""Every settled screen of seeded random walks, saved or compared (a drawing change that must
change no screen: issue 13 item 7).

    python tools/screen_walks.py --out /tmp/before.json                 # every game, 3 seeds x 40 moves, 80x24 and 120x40
    python tools/screen_walks.py --games fofl --compare /tmp/before.json
    python tools/screen_walks.py --games fofl,bloops --seeds 1,2 --moves 20 --sizes 80x24 --out x.json

Each walk starts a game (its fewest players, the seed for the deal and for the choices) and
plays random moves through the real screens with the pilot, as the UI tests' walks do
(``TableScreen.keys_for``; Enter on the hand-over and news screens). After every key the
screen is read once it has settled (the same cells twice, 0.05 s apart): each row's text
and, per run of cells, its style (Rich's style string: colours, bold, dim, ...), so a
change of colour or border counts as much as a change of text. ``--compare`` reads a file
written by ``--out`` and prints every walk and step whose screen differs (the first rows that
differ), then the count; exit status 1 when any differ or a walk is missing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.update(  # scripted keys come faster than people: no grace, no guard, no pause for computers
    CARDTABLE_HOME=tempfile.mkdtemp(prefix="cardtable-screens-"), CARDTABLE_INPUT_GRACE="0", CARDTABLE_PRIVACY_GUARD="0", CARDTABLE_COMPUTER_PACE="0"
)
os.environ.pop("CARDTABLE_CARDS", None)


def styled_lines(app) -> list[str]:
    """The current screen, one string per row: the row's text, then ``\\t`` and its runs of
    style as ``start:end=style`` (Rich's style string; the same style run on is merged)."""
    from textual._context import visible_screen_stack

    visible_screen_stack.set(list(app._background_screens))
    rows = []
    for strip in app.screen._compositor.render_strips():
        text, runs, column = "", [], 0
        for segment in strip:
            if segment.control:
                continue
            style = str(segment.style) if segment.style else ""
            width = segment.cell_length
            if runs and runs[-1][2] == style and runs[-1][1] == column:
                runs[-1][1] = column + width
            else:
                runs.append([column, column + width, style])
            text = text.ljust(column) + segment.text
            column += width
        rows.append(text + "\t" + " ".join(f"{a}:{b}={s}" for a, b, s in runs))
    return rows


async def settled(app, pilot) -> list[str]:
    """``styled_lines`` once the same twice, 0.05 s apart (``settled_lines``)."""
    from cardtable.ui.testing import settled_lines

    await pilot.pause()
    return await settled_lines(app, pilot, read=styled_lines, every=0.05)


async def walk(game: str, players: int, size: tuple[int, int], moves: int, seed: int) -> list[dict]:
    """One walk: a list of steps ``{"screen": class name, "key": the key pressed next or
    None, "lines": styled_lines}``, one per settled screen."""
    from cardtable.engine.registry import default_names
    from cardtable.ui import StartRequest, make_app
    from cardtable.ui.gameover import GameOverScreen
    from cardtable.ui.news import NewsScreen
    from cardtable.ui.privacy import PrivacyScreen
    from cardtable.ui.table import TableScreen

    app = make_app(StartRequest(game=game, players=default_names(players), seed=seed))
    rng = random.Random(seed)
    steps: list[dict] = []
    played = 0
    async with app.run_test(size=size) as pilot:
        for _ in range(moves * 8):
            lines = await settled(app, pilot)
            screen = app.screen
            step = {"screen": type(screen).__name__, "key": None, "lines": lines}
            steps.append(step)
            if isinstance(screen, GameOverScreen) or played >= moves:
                break
            if isinstance(screen, (PrivacyScreen, NewsScreen)):
                keys = ["enter"]
            elif isinstance(screen, TableScreen):
                decision = screen.session.visible_decision()
                if decision is None:
                    break
                action = decision.actions[rng.randrange(len(decision.actions))]
                keys = list(screen.keys_for(action))
                played += 1
            else:
                break
            step["key"] = " ".join(keys)
            for n, key in enumerate(keys):
                await pilot.press(key)
                if n < len(keys) - 1:  # the screen between the keys of one move too
                    steps.append({"screen": type(app.screen).__name__, "key": keys[n + 1], "lines": await settled(app, pilot)})
    return steps


def main() -> int:
    from cardtable.engine import games

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every game)")
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--sizes", default="80x24,120x40", help="comma-separated COLUMNSxROWS")
    parser.add_argument("--out", type=Path, help="write the screens here (JSON)")
    parser.add_argument("--compare", type=Path, help="compare with the screens of this file")
    args = parser.parse_args()
    known = {cls.id: cls for cls in games()}
    chosen = [g for g in args.games.split(",") if g] or list(known)
    sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
    seeds = [int(s) for s in args.seeds.split(",")]
    result: dict[str, list[dict]] = {}
    for game in chosen:
        for size in sizes:
            for seed in seeds:
                name = f"{game} {size[0]}x{size[1]} seed {seed}"
                result[name] = asyncio.run(walk(game, known[game].min_players, size, args.moves, seed))
                print(f"{name}: {len(result[name])} screens", file=sys.stderr, flush=True)
    if args.out:
        args.out.write_text(json.dumps(result))
    if not args.compare:
        return 0
    before = json.loads(args.compare.read_text())
    differ = missing = screens = 0
    for name, steps in result.items():
        old = before.get(name)
        if old is None:
            print(f"{name}: not in {args.compare}")
            missing += 1
            continue
        if len(old) != len(steps):
            print(f"{name}: {len(old)} screens before, {len(steps)} now")
            differ += 1
        for n, (a, b) in enumerate(zip(old, steps)):
            screens += 1
            if a != b:
                differ += 1
                rows = [r for r, (x, y) in enumerate(zip(a["lines"], b["lines"])) if x != y]
                print(f"{name}, screen {n} ({a['screen']} / {b['screen']}, key {a['key']!r} / {b['key']!r}): rows {rows[:8]} differ")
                for r in rows[:3]:
                    print(f"  before {a['lines'][r]!r}\n  now    {b['lines'][r]!r}")
    print(f"{screens} screens compared in {len(result)} walks: {differ} differ, {missing} walks missing")
    return 1 if differ or missing else 0


if __name__ == "__main__":
    sys.exit(main())
