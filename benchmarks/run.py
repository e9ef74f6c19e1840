"""cardtable benchmarks: one command, every target, each against a reference measured in the
same run (see benchmarks/README.md for the targets and the latest results).

    python benchmarks/run.py            # everything (a few minutes)
    python benchmarks/run.py --quick    # fewer repetitions
    python benchmarks/run.py --only engine,resume

Sections: start-up (vs a bare Textual app), response (key press to repainted screen, per
decision type, pilot-driven and headless), engine (random playouts vs OpenSpiel's
python_liars_poker when the ``bench`` extra is installed), resume (replaying a 1,000-action
save) and memory (peak RSS of a full game vs the bare app).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-bench-")
os.environ["CARDTABLE_INPUT_GRACE"] = "0"  # scripted keys come faster than people
os.environ["CARDTABLE_PRIVACY_GUARD"] = "0"  # (the guard would drop them; it changes no drawing)

from rich.cells import cell_len  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from cardtable.engine import games, new_game, play_random  # noqa: E402

console = Console()
RESULTS: list[tuple[str, str, str, str, str, bool | None]] = []
"""(section, what, measured, reference, ratio or detail, target met)"""


def record(section: str, what: str, measured: str, reference: str, detail: str, ok: bool | None) -> None:
    RESULTS.append((section, what, measured, reference, detail, ok))


def median(values: list[float]) -> float:
    return statistics.median(values)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


# ---------------------------------------------------------------------------- start-up

HWM = """
def _report_hwm():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            print("VmHWM", line.split()[1], flush=True)
import atexit
atexit.register(_report_hwm)
"""

BARE_DRIVER = HWM + """
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("hello")
async def auto(pilot):
    await pilot.pause()
    import time
    print("READY", time.time(), flush=True)
    pilot.app.exit()
Bare().run(headless=True, size=(80, 24), auto_pilot=auto)
"""

CARDTABLE_DRIVER = HWM + """
import sys
from cardtable.cli import build_parser, _start_request
from cardtable.ui.app import make_app
start = _start_request(build_parser().parse_args(sys.argv[1:]))
async def auto(pilot):
    await pilot.pause()
    import time
    print("READY", time.time(), flush=True)
    pilot.app.exit()
make_app(start).run(headless=True, size=(80, 24), auto_pilot=auto)
"""

PLAY_DRIVER = HWM + """
import sys, asyncio
from cardtable.ui.app import StartRequest, make_app
from cardtable.ui.testing import play_through
game, players = sys.argv[1], int(sys.argv[2])
from cardtable.engine.registry import default_names
async def auto(pilot):
    await play_through(pilot.app, pilot, check_privacy=False)
    pilot.app.exit()
make_app(StartRequest(game=game, players=default_names(players), seed=1)).run(headless=True, size=(80, 24), auto_pilot=auto)
"""


def _run_timed(code: str, *args: str) -> tuple[float, int]:
    """Time (s) from starting a fresh interpreter running ``code`` until it reports READY
    (its screen mounted and idle; the whole run if it never does), and its peak RSS (KiB)
    as the child itself reports it (VmHWM: a fork's inherited high-water mark would be wrong)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as installed: .pyc files used
    wall = time.time()
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - start
    ready = next((float(line.split()[1]) for line in result.stdout.splitlines() if line.startswith("READY")), None)
    if ready is not None:
        elapsed = ready - wall
    if result.returncode != 0:
        raise RuntimeError(f"benchmark driver failed ({' '.join(args)}):\n{result.stderr[-2000:]}")
    hwm = next((int(line.split()[1]) for line in result.stdout.splitlines() if line.startswith("VmHWM")), 0)
    return elapsed, hwm


def bench_startup(repeats: int) -> None:
    cases = [("cardtable (menu)", [])] + [(f"cardtable --game {g.id}", ["--game", g.id]) for g in games()]
    _run_timed(BARE_DRIVER)  # warm the disk cache and write the .pyc files
    for _, args in cases:
        _run_timed(CARDTABLE_DRIVER, *args)
    # interleave the runs so that a busy moment of the machine hits both sides alike
    bare_times: list[float] = []
    times: dict[str, list[float]] = {label: [] for label, _ in cases}
    for _ in range(repeats):
        for label, args in cases:
            bare_times.append(_run_timed(BARE_DRIVER)[0])
            times[label].append(_run_timed(CARDTABLE_DRIVER, *args)[0])
    bare = median(bare_times)
    record("start-up", "bare Textual app (reference)", f"{bare * 1000:.0f} ms", "", "", None)
    # `cardtable --list` against an interpreter that does nothing, interleaved likewise
    list_code = "import sys; sys.argv = ['cardtable', '--list']; from cardtable.cli import main; main()"
    nothing, listing = [], []
    for _ in range(repeats * 2):
        nothing.append(_run_timed("pass")[0])
        listing.append(_run_timed(list_code)[0])
    ref, t = median(nothing), median(listing)
    record("start-up", "cardtable --list", f"{t * 1000:.0f} ms", f"python -c pass {ref * 1000:.0f} ms", f"{t / ref:.2f}× (target ≤ 3×)", t / ref <= 3)
    for label, args in cases:
        t = median(times[label])
        ratio = t / bare
        target = 1.15 if not args else 1.25  # the menu, a game started at once
        record("start-up", label, f"{t * 1000:.0f} ms", f"{bare * 1000:.0f} ms", f"{ratio:.2f}× (target ≤ {target}×)", ratio <= target)


# ---------------------------------------------------------------------------- response


def _count_paints(app) -> list[tuple[float, float, object]]:
    """Record every frame ``app`` writes: ``(wall time, CPU time, the frame)`` appended to
    the returned list (Textual's ``App._display`` is the one place frames leave the app).
    The frame is kept as it was written; ``_cells_written`` reads it after the timing."""
    paints: list[tuple[float, float, object]] = []
    display = app._display

    def painted(screen, renderable) -> None:
        display(screen, renderable)
        paints.append((time.perf_counter(), time.process_time(), renderable))

    app._display = painted  # type: ignore[method-assign]
    return paints


def _strip_cells(y: int, x: int, segments, cells: dict, x_from: int = 0, x_to: int = 1 << 30) -> None:
    """Put the cells a row of ``segments`` writes at ``(y, x)`` onwards into ``cells``
    (``(y, x) -> (character, style)``), only those in columns ``x_from`` to ``x_to - 1``."""
    for segment in segments:
        if segment.control:
            continue
        for char in segment.text:
            if x_from <= x < x_to:
                cells[y, x] = (char, segment.style)
            x += max(cell_len(char), 1)


def _cells_written(frame) -> dict | None:
    """The cells a frame writes to the terminal, ``(y, x) -> (character, style)``: a
    ``ChopsUpdate`` (the changed fragments of lines, each cropped to its row's span) or a
    ``LayoutUpdate`` (whole rows of a region). ``None`` for any other kind of frame (it is
    then counted as changing the screen)."""
    cells: dict = {}
    if hasattr(frame, "chops") and hasattr(frame, "spans"):
        for y, x1, x2 in frame.spans:
            for x, strip in frame.chops[y].items():
                if strip is not None:
                    _strip_cells(y, x, strip, cells, x1, x2)
        return cells
    if hasattr(frame, "strips") and hasattr(frame, "region"):
        for y, line in enumerate(frame.strips, frame.region.y):
            x = frame.region.x
            for strip in line:
                _strip_cells(y, x, strip, cells)
                x += strip.cell_length
        return cells
    return None


def _idle_frames(frames: list, screen: dict) -> int:
    """How many of ``frames`` (in the order written) change no cell of the terminal, given
    ``screen``, the cells on it before the first (``(y, x) -> (character, style)``, brought
    up to date here). These are the repeat paints: bytes written that the player cannot see."""
    idle = 0
    for frame in frames:
        cells = _cells_written(frame)
        if cells is None:
            continue
        if all(screen.get(key) == value for key, value in cells.items()):
            idle += 1
        screen.update(cells)
    return idle


async def _bare_response(presses: int) -> list[float]:
    """The yardstick: key press → last frame in a bare Textual app whose one widget shows
    a new text on every key, driven by the same pilot the same way. Returns CPU times
    (s): the process's CPU time from the key to the last frame."""
    from textual.app import App
    from textual.widgets import Static

    class Bare(App):
        def compose(self):
            yield Static("0", id="count")

        def on_key(self, event) -> None:
            widget = self.query_one("#count", Static)
            widget.update(str(int(str(widget.render())) + 1))

    app = Bare()
    paints = _count_paints(app)
    times = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(presses):
            paints.clear()
            cpu = time.process_time()
            await pilot.press("x")
            await pilot.pause()
            times.append((paints[-1][1] - cpu) if paints else 0.0)
    return times


async def _response_for(game_id: str, players: int, steps: int) -> dict[str, list[tuple[float, float, int, int, float]]]:
    """Key press → repainted screen, per decision type, playing random moves through the
    screens. For each press: the time to the first frame after the key, the time to the
    last frame before the app is idle again (the screen the player ends up looking at:
    what the response is), the number of frames and how many of them changed no cell of the screen
    before, and the CPU time the process spent from the key to the last frame (the
    app's own work, which a busy machine does not inflate). The pilot's own idle
    detection is not counted. Returns ``{kind: [(first, last, frames, repeats, cpu), ...]}``."""
    from cardtable.engine.registry import default_names
    from cardtable.ui.app import StartRequest, make_app
    from cardtable.ui.gameover import GameOverScreen
    from cardtable.ui.news import NewsScreen
    from cardtable.ui.privacy import PrivacyScreen
    from cardtable.ui.table import TableScreen

    times: dict[str, list[tuple[float, float, int, int, float]]] = {}
    rng = random.Random(7)
    app = make_app(StartRequest(game=game_id, players=default_names(players), seed=1))
    paints = _count_paints(app)
    shown: dict = {}  # the terminal's cells as the frames written so far left them
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        done = 0
        while done < steps:
            _idle_frames([p[2] for p in paints], shown)
            paints.clear()
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                await pilot.press("a")  # play again: a new deal
                await pilot.pause()
                continue
            if isinstance(screen, PrivacyScreen):
                presses = [("hand-over (Enter)", "enter")]
            elif isinstance(screen, NewsScreen):
                presses = [("news (Enter)", "enter")]
            elif isinstance(screen, TableScreen):
                decision = screen.session.visible_decision()
                kind = decision.kind or "decision"
                keys = screen.keys_for(rng.choice(decision.actions))
                presses = [(f"{kind} (selecting)", k) for k in keys[:-1]] + [(kind, keys[-1])]
            else:
                raise RuntimeError(f"unexpected screen {type(screen).__name__}")
            for kind, key in presses:
                paints.clear()
                start, cpu = time.perf_counter(), time.process_time()
                await pilot.press(key)
                await pilot.pause()
                first = (paints[0][0] - start) if paints else 0.0
                last = (paints[-1][0] - start) if paints else 0.0
                used = (paints[-1][1] - cpu) if paints else 0.0
                repeats = _idle_frames([p[2] for p in paints], shown)
                times.setdefault(kind, []).append((first, last, len(paints), repeats, used))
                paints.clear()
                done += 1
    return times


def bench_response(steps: int) -> None:
    """Response = key press to the **last** frame (the screen the player reads), in the
    CPU time the app spends on it, against the bare app's key-to-frame CPU time measured
    in the same run: the targets (median 20 ms, p95 50 ms) apply to the time beyond that
    yardstick. Wall times are shown too (a loaded machine inflates them)."""
    bare = asyncio.run(_bare_response(max(40, steps // 4)))
    bare_med, bare_p95 = median(bare) * 1000, p95(bare) * 1000
    record("response", f"bare Textual app, key to frame, CPU (reference, n={len(bare)})", f"median {bare_med:.1f} ms", "", f"p95 {bare_p95:.1f} ms", None)
    for cls in games():
        times = asyncio.run(_response_for(cls.id, cls.min_players, steps))
        for kind, values in sorted(times.items()):
            cpus = [v[4] for v in values]
            lasts = [v[1] for v in values]
            frames = sum(v[2] for v in values) / len(values)
            repeats = sum(v[3] for v in values) / len(values)
            med, high = median(cpus) * 1000, p95(cpus) * 1000
            ok = med - bare_med < 20 and high - bare_p95 < 50
            record(
                "response",
                f"{cls.id}: {kind} (n={len(values)})",
                f"CPU median {med:.1f} ms",
                f"bare {bare_med:.1f} ms",
                f"to the last frame; CPU p95 {high:.1f} ms; beyond the bare app: median {med - bare_med:+.1f}, p95 {high - bare_p95:+.1f} ms "
                f"(targets 20 / 50 ms); wall median {median(lasts) * 1000:.0f} ms; {frames:.1f} frames per key, {repeats:.1f} of them changing nothing on screen",
                ok,
            )


# ---------------------------------------------------------------------------- engine


def _liars_poker_rate(seconds: float) -> float | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
        from open_spiel.python.games import liars_poker  # noqa: F401  (registers python_liars_poker)
    except ImportError:
        return None
    game = pyspiel.load_game("python_liars_poker")
    rng = random.Random(0)
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice(state.chance_outcomes())[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
    return actions / (time.perf_counter() - start)


def _playout_rate(game_id: str, players: int, seconds: float, views: bool) -> tuple[float, float]:
    def all_views(game, action):
        for seat in (None, *range(len(game.players))):
            game.view(seat)

    actions = games_played = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games_played < 3:
        game = play_random(game_id, seed=seed, players=players, on_step=all_views if views else None)
        actions += game.moves
        games_played += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return actions / elapsed, games_played / elapsed


def bench_engine(seconds: float) -> None:
    reference = _liars_poker_rate(seconds)
    if reference is None:
        record("engine", "OpenSpiel python_liars_poker", "not installed", "", "pip install '.[bench]' to compare", None)
    else:
        record("engine", "OpenSpiel python_liars_poker (reference)", f"{reference:,.0f} actions/s", "", "", None)
    for cls in games():
        for players in sorted({cls.min_players, cls.max_players}):
            rate, per_game = _playout_rate(cls.id, players, seconds, views=False)
            vrate, _ = _playout_rate(cls.id, players, seconds / 2, views=True)
            if reference:
                ratio = rate / reference
                ok = ratio >= 0.5 and rate >= 20_000
                detail = f"{ratio:.2f}× (target ≥ 0.5×, ≥ 20,000/s); with every view: {vrate:,.0f}/s"
            else:
                ok = rate >= 20_000
                detail = f"target ≥ 20,000/s; with every view: {vrate:,.0f}/s"
            ref = f"{reference:,.0f}/s" if reference else ""
            record("engine", f"{cls.id}, {players} players", f"{rate:,.0f} actions/s ({per_game:,.0f} games/s)", ref, detail, ok)


# ---------------------------------------------------------------------------- resume


def _long_save(cls, moves: int = 1000):
    """A save of the longest random game of ``cls`` (most players) among a few seeds, cut at
    ``moves`` actions and left unfinished; returns ``(path, actions in it)``."""
    from cardtable.engine.saves import SaveFile
    from cardtable.engine.session import Session

    best = max(range(40), key=lambda s: play_random(cls.id, seed=s, players=cls.max_players).moves)
    game = new_game(cls.id, cls.max_players, seed=best)
    session = Session(game, SaveFile.create(game))
    chooser = random.Random(f"playout:{cls.id}:{best}")
    while session.decision() is not None and game.moves < moves:
        decision = session.decision()
        session.act(decision.actions[chooser.randrange(len(decision.actions))])
    path = session.save.path
    lines = path.read_text().splitlines()
    if lines[-1].startswith('{"over"'):
        path.write_text("\n".join(lines[:-1]) + "\n")
    return path, game.moves


def bench_resume(repeats: int) -> None:
    """Resume as the app does it (``Session.from_save``: parse, one replay, undo history),
    in CPU time, against the target of 100 ms per 1,000 actions and against the bare
    engine replaying the same actions in the same run (``Game.act`` from a fresh deal)."""
    from cardtable.engine.saves import read_save
    from cardtable.engine.session import Session

    for cls in games():
        path, moves = _long_save(cls)
        actions = read_save(path).actions
        times, bare = [], []
        for _ in range(repeats):
            start = time.process_time()
            game = new_game(cls.id, cls.max_players, seed=int(read_save(path).header["seed"]))
            for action in actions:
                game.act(action)
            bare.append(time.process_time() - start)
            start = time.process_time()
            Session.from_save(path)
            times.append(time.process_time() - start)
        t, ref = median(times), median(bare)
        per_1000 = t * 1000 / moves
        note = f"{moves}-action save" + ("" if moves >= 1000 else f" (longest found; scaled: {per_1000 * 1000:.0f} ms per 1,000)")
        record(
            "resume",
            f"{cls.id}: Session.from_save (CPU)",
            f"{t * 1000:.1f} ms",
            f"engine replay {ref * 1000:.1f} ms",
            f"{t / ref:.2f}× the engine; {note} — target < 100 ms per 1,000",
            per_1000 * 1000 < 100,
        )


# ---------------------------------------------------------------------------- session


def bench_session(repeats: int) -> None:
    """``Session.act`` (the app's move: undo bookkeeping included, no save file) against
    ``Game.act`` on the same moves, in CPU time, at move 0 and at move 1,200 of an
    8-player Black Ops game. Each move includes computing the next decision, which both
    the app and a playout need. Target: ≤ 2× at every point."""
    from cardtable.engine.session import Session

    game_id, players, window = "black-ops", 8, 40
    seed = next(s for s in range(200) if play_random(game_id, seed=s, players=players).moves >= 1200 + window)
    for point in (0, 1200):
        base = new_game(game_id, players, seed=seed)
        chooser = random.Random(f"playout:{game_id}:{seed}")  # play_random's moves
        for _ in range(point):
            decision = base.decision()
            base.act(decision.actions[chooser.randrange(len(decision.actions))])
        script = []
        probe = base.clone()
        for _ in range(window):
            action = chooser.choice(probe.decision().actions)
            script.append(action)
            probe.act(action)
        plain, tracked = [], []
        for _ in range(repeats):
            game = base.clone()
            game.decision()
            start = time.process_time()
            for action in script:
                game.act(action)
                game.decision()
            plain.append(time.process_time() - start)
            session = Session(base.clone())
            session.decision()
            start = time.process_time()
            for action in script:
                session.act(action)
                session.decision()
            tracked.append(time.process_time() - start)
        g, t = median(plain) / window, median(tracked) / window
        record(
            "session",
            f"{game_id}, {players} players, move {point}: Session.act (CPU)",
            f"{t * 1e6:.0f} µs/move",
            f"Game.act {g * 1e6:.0f} µs",
            f"{t / g:.2f}× (target ≤ 2×)",
            t / g <= 2,
        )


# ---------------------------------------------------------------------------- memory


def bench_memory() -> None:
    _, bare = _run_timed(BARE_DRIVER)
    record("memory", "bare Textual app (reference)", f"{bare / 1024:.1f} MiB", "", "", None)
    for cls in games():
        _, rss = _run_timed(PLAY_DRIVER, cls.id, str(cls.min_players))
        ratio = rss / bare
        record("memory", f"{cls.id}: a full game through the screens", f"{rss / 1024:.1f} MiB", f"{bare / 1024:.1f} MiB", f"{ratio:.2f}× (target ≤ 1.2×)", ratio <= 1.2)


# ---------------------------------------------------------------------------- report


def report(path: Path | None) -> bool:
    table = Table(title="cardtable benchmarks", show_lines=False)
    for column in ("section", "what", "measured", "reference", "ratio / detail", "target"):
        table.add_column(column)
    all_ok = True
    for section, what, measured, reference, detail, ok in RESULTS:
        mark = "" if ok is None else ("met" if ok else "MISSED")
        all_ok = all_ok and ok is not False
        table.add_row(section, what, measured, reference, detail, mark)
    console.print(table)
    if path is not None:
        rows = [dict(zip(("section", "what", "measured", "reference", "detail", "met"), r)) for r in RESULTS]
        path.write_text(json.dumps({"python": sys.version.split()[0], "results": rows}, indent=1))
    console.print("every target met" if all_ok else "some targets were missed (see MISSED)")
    return all_ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--only", help="comma-separated sections: startup,response,engine,resume,session,memory")
    parser.add_argument("--json", type=Path, help="also write the results as JSON")
    args = parser.parse_args()
    sections = set((args.only or "startup,response,engine,resume,session,memory").split(","))
    quick = args.quick
    if "startup" in sections:
        bench_startup(3 if quick else 9)
    if "response" in sections:
        bench_response(60 if quick else 240)
    if "engine" in sections:
        bench_engine(1.0 if quick else 3.0)
    if "resume" in sections:
        bench_resume(3 if quick else 9)
    if "session" in sections:
        bench_session(5 if quick else 15)
    if "memory" in sections:
        bench_memory()
    return 0 if report(args.json) else 1


if __name__ == "__main__":
    raise SystemExit(main())
