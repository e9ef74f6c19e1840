"""The computer players' strength table (issue 15): every row of ``benchmarks/README.md``.

    python benchmarks/strength.py --games 400                 # the whole table
    python benchmarks/strength.py --games 60 --only bloops    # one game, a quick look
    python benchmarks/strength.py --games 100 --rows hard-random,bound

Rows, per game (``--rows`` picks some):

* ``hard-random``: ``hard`` against ``random``, two seats;
* ``hard-random-4``: one ``hard`` and three ``random`` seats (games for four);
* ``ladder``: ``hard`` v ``normal``, ``normal`` v ``easy``, ``easy`` v ``random``, two seats;
* ``bound``: a *perfect-information* ``hard`` player against ``random``: it decides on a copy
  of the table where every card is face up to it (the draw pile's order included), so its
  win rate bounds what an honest player can reach against ``random`` with the same search.

Every tournament rotates the seating each game (``cardtable.bots.tournament``; game ``k``
uses seed ``seed + k``) and counts a shared win for every seat that shares it. A game's rows
take turns, ``--every`` games at a time, and after each turn the row so far goes to stderr
("so far | ... |"), so a run stopped early still has every row with an honest count; the
finished table goes to stdout. A row gives the wins of the first entry, its rate and Wilson
95% interval, the second entry's wins, the fair share, the first entry's median and worst
CPU seconds per decision, and the wall-clock minutes. Deterministic for a given ``--seed``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable.bots import choose, new_memory  # noqa: E402
from cardtable.bots.tournament import EntryResult, answer_order, tournament, wilson  # noqa: E402
from cardtable.engine import new_game  # noqa: E402
from cardtable.engine.game import Game  # noqa: E402
from cardtable.engine.index import indexed  # noqa: E402
from cardtable.engine.registry import get  # noqa: E402

PERFECT = "perfect"
"""The entry name of the perfect-information player (``bound`` rows)."""

ROWS = ("hard-random", "hard-random-4", "ladder", "bound")


def all_face_up(game: Game, seat: int) -> Game:
    """A copy of ``game`` in which ``seat`` sees every card (for the ``bound`` rows only:
    this player cheats on purpose)."""
    copy = game.clone()
    for card in copy.all_cards():
        card.known = card.known | {seat}
    copy.invalidate()
    return copy


def play(game_id: str, levels: list[str], seed: int, *, options=None, times: list[list[float]]) -> Game:
    """One game with entry ``levels[s]`` in seat ``s`` (a level, or ``PERFECT``):
    ``tournament.play_game`` with the perfect-information player added."""
    game = new_game(game_id, len(levels), seed=seed, options=options)
    memories = [new_memory(game_id, s, "hard" if level == PERFECT else level) for s, level in enumerate(levels)]
    for _ in range(getattr(get(game_id), "max_actions", 20_000)):
        decision = game.decision()
        if decision is None:
            return game
        action = None
        for seat, may_wait in answer_order(decision):
            started = time.process_time()
            if levels[seat] == PERFECT:
                action = choose(all_face_up(game, seat), seat, "hard", seed, may_wait=may_wait, memory=memories[seat])
            else:
                action = choose(game, seat, levels[seat], seed, may_wait=may_wait, memory=memories[seat])
            if len(decision.actions) > 1:
                times[seat].append(time.process_time() - started)
            if action is not None:
                break
        assert action is not None
        for seat, memory in enumerate(memories):
            if memory is not None:
                memory.observe(game.view(seat), action)
        game.act(action)
    raise RuntimeError(f"{game_id} seed {seed}: no end")


def add(entries: list[EntryResult], game_id: str, seats: list[str], games: int, seed: int) -> None:
    """Play ``games`` more games (seeds from ``seed``) between ``seats`` and add them to
    ``entries`` (``tournament``: the seating rotates each game)."""
    part = tournament(game_id, seats, games, seed, play=play).entries
    for total, more in zip(entries, part):
        total.wins += more.wins
        total.shared += more.shared
        total.times.extend(more.times)


def row(game_id: str, seats: list[str], entries: list[EntryResult], games: int, minutes: float) -> str:
    """One Markdown row of the table (see the module docstring)."""
    first, second = entries[0], entries[1]
    low, high = wilson(first.wins, games)
    times = sorted(first.times)
    timing = f"{times[len(times) // 2]:.3f} / {times[-1]:.3f}" if times else "–"
    label = f"{seats[0]} v {' + '.join(seats[1:]) if len(seats) > 2 else seats[1]}"
    shared = f" ({first.shared} shared)" if first.shared else ""
    return f"| {get(game_id).title} | {label} | {games} | {first.wins}{shared} | {first.wins / games:.1%} | {low:.1%}–{high:.1%} | {second.wins} | {1 / len(seats):.0%} | {timing} | {minutes:.1f} |"


def tables(game_id: str, rows: tuple[str, ...]) -> list[list[str]]:
    """The tournaments of ``rows`` for ``game_id``: a list of seat lists."""
    cls = get(game_id)
    out = []
    if "hard-random" in rows:
        out.append(["hard", "random"])
    if "hard-random-4" in rows and cls.max_players >= 4:
        out.append(["hard", "random", "random", "random"])
    if "ladder" in rows:
        out += [["hard", "normal"], ["normal", "easy"], ["easy", "random"]]
    if "bound" in rows:
        out.append([PERFECT, "random"])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The computer players' strength table (Markdown rows).")
    parser.add_argument("--games", type=int, default=400, help="games per row (default 400)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="", help="comma-separated game ids (default: every game)")
    parser.add_argument("--rows", default=",".join(ROWS), help=f"comma-separated row kinds of {', '.join(ROWS)}")
    parser.add_argument("--every", type=int, default=20, help="games a row plays before the next row's turn; a progress row on stderr after each (default 20)")
    args = parser.parse_args(argv)
    ids = [g for g in args.only.split(",") if g] or list(indexed())
    rows = tuple(r for r in args.rows.split(",") if r)
    bad = [r for r in rows if r not in ROWS]
    if bad:
        parser.error(f"unknown row kind {bad[0]!r} (choose from {', '.join(ROWS)})")
    print(f"<!-- load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores, seed {args.seed} -->")
    print("| game | seats | games | first entry wins | rate | 95% interval | second entry wins | fair share | first entry's decisions, CPU s median / worst | minutes |")
    print("|---|---|---|---|---|---|---|---|---|---|", flush=True)
    for game_id in ids:
        todo = tables(game_id, rows)
        entries = [[EntryResult(level) for level in seats] for seats in todo]
        minutes = [0.0] * len(todo)
        every = args.every - args.every % 4 if args.every >= 4 else 4  # whole rotations of 2 or 4 seats
        for start in range(0, args.games, every):  # the rows take turns, so a stopped run has every row
            count = min(every, args.games - start)
            for i, seats in enumerate(todo):
                started = time.time()
                add(entries[i], game_id, seats, count, args.seed + start)
                minutes[i] += (time.time() - started) / 60
                print("  so far " + row(game_id, seats, entries[i], start + count, minutes[i]), file=sys.stderr, flush=True)
        for i, seats in enumerate(todo):
            print(row(game_id, seats, entries[i], args.games, minutes[i]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
