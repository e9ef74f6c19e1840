"""The computer players' strength table (issue 15): every row of ``benchmarks/README.md``.

    python benchmarks/strength.py --games 400                 # the whole table
    python benchmarks/strength.py --games 60 --only bloops    # one game, a quick look
    python benchmarks/strength.py --games 100 --rows hard-random,bound
    python benchmarks/strength.py --games 400 --only cold-war --rows bound-normal

Rows, per game (``--rows`` picks some):

* ``hard-random``: ``hard`` against ``random``, two seats;
* ``hard-random-4``: one ``hard`` and three ``random`` seats (games for four);
* ``ladder``: ``hard`` v ``normal``, ``normal`` v ``easy``, ``easy`` v ``random``, two seats
  (one step alone: ``hard-normal``, ``normal-easy``, ``easy-random``);
* ``bound``: a *perfect-information* ``hard`` player against ``random``: it decides on a copy
  of the table where every card is face up to it (the draw pile's order included), so its
  win rate bounds what an honest player can reach against ``random`` with the same search.
  A game with an entry in ``ORACLES`` plays its bound with that cheaper perfect player
  instead (entry ``oracle``): Cold War's searched bound cost 100 CPU seconds a game;
* ``bound-normal``: the same perfect-information entry (``oracle`` where the game has one,
  else ``perfect``) against ``normal``, two seats: what a player that sees every card reaches
  against ``normal``, the bound for the ladder's ``hard`` v ``normal`` step.

Every tournament rotates the seating each game (``cardtable.bots.tournament``; game ``k``
uses seed ``seed + k``) and counts a shared win for every seat that shares it. A game's rows
take turns, ``--every`` games at a time, and after each turn the row so far goes to stderr
("so far | ... |"), so a run stopped early still has every row with an honest count; the
finished table goes to stdout. A row gives the wins of the first entry, its rate and Wilson
95% interval, the second entry's wins, the fair share, the first entry's median and worst
CPU seconds per decision, and the wall-clock minutes. Deterministic for a given ``--seed``.

A searched game's 400-game row costs hours of CPU, more than one session of this 2-core
machine has to spare, so the table can be built over several runs:

    python benchmarks/strength.py --only combat-cards --rows hard-random --record benchmarks/strength-results.jsonl
    python benchmarks/strength.py --table benchmarks/strength-results.jsonl

``--record FILE`` appends one JSON line per finished turn (game, seats, first seed, games,
wins and shared wins per entry, the first entry's decision times, minutes, and the
*fingerprint* of the row's players: a hash of the files of ``cardtable/bots/`` the game's
players use, without the ``LEVELS`` table, of the row's own levels and of the game's rules
module and card file; see ``fingerprint``), and a later run with the same file goes on from the seed after the last
recorded one of each row, until the row has ``--games`` games. ``--table FILE`` prints the
rows summed over the recorded turns whose fingerprint is the current code's; turns played
by other code are counted apart ("stale") and never mixed in.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import inspect
import json
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable.bots import LEVELS, choose, new_memory  # noqa: E402
from cardtable.bots.tournament import EntryResult, answer_order, tournament, wilson  # noqa: E402
from cardtable.engine import new_game  # noqa: E402
from cardtable.engine.core import Action  # noqa: E402
from cardtable.engine.game import Game  # noqa: E402
from cardtable.engine.index import indexed  # noqa: E402
from cardtable.engine.registry import get  # noqa: E402

PERFECT = "perfect"
"""The entry name of the perfect-information player (``bound`` and ``bound-normal`` rows)."""

ORACLE = "oracle"
"""The entry name of a game's cheap perfect-information player (``ORACLES``; ``bound`` and
``bound-normal`` rows)."""


def cold_war_oracle(game: Game, seat: int) -> Action:
    """Cold War's perfect-information player for the ``bound`` row: it sees every card,
    the draw pile's order included (it is given ``all_face_up``), and looks one SPY turn
    ahead instead of searching.

    As the SPY it tries each bet with each pick (and, at the pick, turning the coin over)
    on a copy of the table, plays the TARGET's reaction with its first option (against
    ``random`` the eyes carry nothing), and keeps the move whose reveal leaves it best off:
    the game won, then the collection lead, then the coin kept. As the TARGET its glances
    and reactions are cheap talk (cards_data/cold-war.md, ruling 4): it takes the first.
    Returns one of ``game.decision().actions``."""
    actions = game.decision().actions
    if game.public_info(None)["spy"] != seat or actions[0].type not in ("bet", "pick"):
        return actions[0]

    def worth(world: Game) -> float:
        outcome = world.outcome()
        if outcome is not None:
            return 1000.0 if seat in outcome.winners else -1000.0
        info = world.public_info(None)
        lead = info["collected"][seat] - info["collected"][1 - seat]
        return lead + (0.5 if info["spy"] == seat else 0.0)

    def after(world: Game, action) -> Game:
        copy = world.clone()
        copy.act(action)
        while copy.decision() is not None and copy.decision().actions[0].type == "react":
            copy.act(copy.decision().actions[0])
        return copy

    def best_pick(world: Game, turned: bool) -> float:
        options = world.decision().actions
        return max(best_pick(after(world, a), True) if a.type == "change" else worth(after(world, a))
                   for a in options if a.type == "pick" or (a.type == "change" and not turned))

    if actions[0].type == "bet":
        return max(actions, key=lambda a: best_pick(after(game, a), True))
    return max(actions, key=lambda a: best_pick(after(game, a), True) if a.type == "change" else worth(after(game, a)))


ORACLES = {"cold-war": cold_war_oracle}
"""Cheap perfect-information players by game id: a ``bound`` row uses the game's oracle
(entry ``oracle``) where there is one, and the searched ``perfect`` entry elsewhere."""


LADDER = {"hard-normal": ("hard", "normal"), "normal-easy": ("normal", "easy"), "easy-random": ("easy", "random")}
"""The ladder's steps, each a row kind of its own (``ladder`` is all three)."""

ROWS = ("hard-random", "hard-random-4", "ladder", *LADDER, "bound", "bound-normal")


def perfect_entry(game_id: str) -> str:
    """The perfect-information entry of ``game_id``'s bound rows: ``ORACLE`` where the game
    has one in ``ORACLES``, else the searched ``PERFECT``."""
    return ORACLE if game_id in ORACLES else PERFECT


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
    memories = [new_memory(game_id, s, "hard" if level in (PERFECT, ORACLE) else level) for s, level in enumerate(levels)]
    for _ in range(getattr(get(game_id), "max_actions", 20_000)):
        decision = game.decision()
        if decision is None:
            return game
        action = None
        for seat, may_wait in answer_order(decision):
            started = time.process_time()
            if levels[seat] == ORACLE:
                action = ORACLES[game_id](all_face_up(game, seat), seat)
            elif levels[seat] == PERFECT:
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
    add_to(entries, tournament(game_id, seats, games, seed, play=play).entries)


def add_to(entries: list[EntryResult], part: list[EntryResult]) -> None:
    """Add the results ``part`` (one per entry) to ``entries``."""
    for total, more in zip(entries, part):
        total.wins += more.wins
        total.shared += more.shared
        total.times.extend(more.times)


LEVELS_TABLE = re.compile(r"^LEVELS: dict\[str, Level\] = \{\n.*?^\}\n", re.MULTILINE | re.DOTALL)
"""The ``LEVELS`` table of ``cardtable/bots/search.py`` (from its first line to its closing
brace): left out of the code a fingerprint hashes, because each row hashes only its own levels."""


GAME_TABLES = ("KNOWLEDGE", "MEMORIES", "HORIZONS", "CLAIMS")
"""The tables of ``cardtable/bots/search.py`` that name each game's own module of knowledge
(game id → module): the only way a game's players reach a module of ``cardtable/bots/``
that is not shared by every game."""


def other_games_modules(game_id: str) -> set[str]:
    """The modules of ``cardtable/bots/`` (dotted names) that only other games' players
    use (``GAME_TABLES``): their code cannot change how ``game_id``'s players play."""
    from cardtable.bots import search

    own, every = set(), set()
    for table in GAME_TABLES:
        for game, module in getattr(search, table).items():
            every.add(module)
            if game == game_id:
                own.add(module)
    return every - own


def fingerprint(game_id: str, seats: list[str]) -> str:
    """A 12-hex-digit hash of what decides how the players of one row play: the files of
    ``cardtable/bots/`` this game's players use (every file but the other games' own
    modules, ``other_games_modules``) with the ``LEVELS`` table left out, the definitions of
    the row's own levels (``Level(name, budget, breadth)``; the perfect-information entry
    plays as ``hard``), the game's rules module (its whole package for a package) and its
    card file. So a change to one level's budget leaves the rows of the other levels
    standing, and a change to one game's knowledge (``cardtable/bots/black_ops.py``) leaves
    the other games' rows standing, while a change to the shared search is a new
    fingerprint for every row. Turns recorded under another fingerprint are not summed
    with this code's. Raises ``SystemExit`` when the ``LEVELS`` table cannot be found (its
    shape changed: update ``LEVELS_TABLE``)."""
    root = Path(__file__).resolve().parents[1]
    module = Path(sys.modules[get(game_id).__module__].__file__)
    rules = sorted(module.parent.rglob("*.py")) if module.parent.name != "games" else [module]
    others = other_games_modules(game_id)
    bots = [path for path in sorted((root / "cardtable" / "bots").glob("*.py")) if f"cardtable.bots.{path.stem}" not in others]
    digest = hashlib.sha256()
    for path in bots + rules + [root / "cards_data" / f"{game_id}.yaml"]:
        text = path.read_bytes()
        if path.name == "search.py" and path.parent.name == "bots":
            text, found = LEVELS_TABLE.subn("", text.decode("utf-8"), count=1)
            if not found:
                raise SystemExit(f"{path}: no LEVELS table where benchmarks/strength.py looks for one")
            text = text.encode("utf-8")
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + text)
    for name in sorted({"hard" if level == PERFECT else level for level in seats} - {ORACLE}):
        digest.update(repr(LEVELS[name]).encode() + b"\0")
    if ORACLE in seats:  # the oracle's own code decides how it plays
        digest.update(inspect.getsource(ORACLES[game_id]).encode() + b"\0")
    return digest.hexdigest()[:12]


def recorded(path: Path | None) -> list[dict]:
    """The turns recorded in ``path`` (one JSON object a line; none if there is no file).
    Raises ``SystemExit`` naming the file and line of a line that is not a turn."""
    if path is None or not path.exists():
        return []
    turns = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            turn = json.loads(line)
            turn["game"], turn["seats"], turn["seed"], turn["games"], turn["wins"], turn["fingerprint"]  # noqa: B018
        except (ValueError, KeyError, TypeError) as error:
            raise SystemExit(f"{path}:{number}: not a recorded turn ({error})") from None
        turns.append(turn)
    return turns


def summed(turns: list[dict], game_id: str, seats: list[str], mark: str) -> tuple[list[EntryResult], int, float, int]:
    """The recorded turns of ``game_id`` between ``seats`` under fingerprint ``mark``, summed:
    ``(entries, games, minutes, next seed)``; the next seed follows the highest recorded one
    (0 when nothing is recorded)."""
    entries = [EntryResult(level) for level in seats]
    games, minutes, after = 0, 0.0, 0
    for turn in turns:
        if turn["game"] != game_id or turn["seats"] != seats or turn["fingerprint"] != mark:
            continue
        games += turn["games"]
        minutes += turn.get("minutes", 0.0)
        after = max(after, turn["seed"] + turn["games"])
        for entry, wins, shared in zip(entries, turn["wins"], turn.get("shared", [0] * len(seats))):
            entry.wins += wins
            entry.shared += shared
        entries[0].times.extend(turn.get("times", []))
    return entries, games, minutes, after


def record(path: Path, game_id: str, seats: list[str], seed: int, part: list[EntryResult], games: int, minutes: float, mark: str) -> None:
    """Append one finished turn (``games`` games from seed ``seed``) to ``path``, under a
    lock: runs of several games may share one file."""
    turn = {"game": game_id, "seats": seats, "seed": seed, "games": games,
            "wins": [e.wins for e in part], "shared": [e.shared for e in part],
            "times": [round(t, 4) for t in part[0].times], "minutes": round(minutes, 2),
            "fingerprint": mark, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    with path.open("a", encoding="utf-8") as out:
        fcntl.flock(out, fcntl.LOCK_EX)
        out.write(json.dumps(turn) + "\n")
        out.flush()


def table_of(path: Path) -> int:
    """Print the rows summed from the turns recorded in ``path`` (``--table``)."""
    turns = recorded(path)
    if not turns:
        raise SystemExit(f"{path}: no recorded turns")
    print(HEADER)
    keys = list(dict.fromkeys((t["game"], tuple(t["seats"])) for t in turns))
    for game_id, seats in keys:
        mark = fingerprint(game_id, list(seats))
        entries, games, minutes, _ = summed(turns, game_id, list(seats), mark)
        stale = sum(t["games"] for t in turns if t["game"] == game_id and tuple(t["seats"]) == seats and t["fingerprint"] != mark)
        if games:
            print(row(game_id, list(seats), entries, games, minutes))
        if stale:
            print(f"<!-- {get(game_id).title} {' v '.join(seats)}: {stale} more games recorded by other code (stale, not summed) -->")
    return 0


HEADER = ("| game | seats | games | first entry wins | rate | 95% interval | second entry wins | fair share | first entry's decisions, CPU s median / worst | minutes |\n"
          "|---|---|---|---|---|---|---|---|---|---|")


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
    for step, seats in LADDER.items():
        if "ladder" in rows or step in rows:
            out.append(list(seats))
    if "bound" in rows:
        out.append([perfect_entry(game_id), "random"])
    if "bound-normal" in rows:
        out.append([perfect_entry(game_id), "normal"])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The computer players' strength table (Markdown rows).")
    parser.add_argument("--games", type=int, default=400, help="games per row (default 400)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="", help="comma-separated game ids (default: every game)")
    parser.add_argument("--rows", default=",".join(ROWS),
                        help=f"comma-separated row kinds of {', '.join(ROWS)} (default: all); bound and bound-normal "
                             "are the perfect-information entry against random and against normal")
    parser.add_argument("--every", type=int, default=20, help="games a row plays before the next row's turn; a progress row on stderr after each (default 20)")
    parser.add_argument("--record", type=Path, metavar="FILE", help="append each finished turn to FILE and go on from the turns it holds")
    parser.add_argument("--table", type=Path, metavar="FILE", help="print the rows summed from the turns recorded in FILE, and play nothing")
    args = parser.parse_args(argv)
    if args.table is not None:
        return table_of(args.table)
    ids = [g for g in args.only.split(",") if g] or list(indexed())
    rows = tuple(r for r in args.rows.split(",") if r)
    bad = [r for r in rows if r not in ROWS]
    if bad:
        parser.error(f"unknown row kind {bad[0]!r} (choose from {', '.join(ROWS)})")
    print(f"<!-- load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores, seed {args.seed} -->")
    print(HEADER, flush=True)
    turns = recorded(args.record)
    for game_id in ids:
        todo = tables(game_id, rows)
        marks = [fingerprint(game_id, seats) for seats in todo]
        state = [summed(turns, game_id, seats, mark) for seats, mark in zip(todo, marks)]  # what earlier runs recorded
        entries = [s[0] for s in state]
        played = [s[1] for s in state]
        minutes = [s[2] for s in state]
        seeds = [max(args.seed, s[3]) for s in state]  # the next seed of each row
        every = args.every - args.every % 4 if args.every >= 4 else 4  # whole rotations of 2 or 4 seats
        while any(p < args.games for p in played):  # the rows take turns, so a stopped run has every row
            for i, seats in enumerate(todo):
                count = min(every, args.games - played[i])
                if count <= 0:
                    continue
                started = time.time()
                part = [EntryResult(level) for level in seats]
                add(part, game_id, seats, count, seeds[i])
                spent = (time.time() - started) / 60
                if args.record is not None:
                    record(args.record, game_id, seats, seeds[i], part, count, spent, marks[i])
                add_to(entries[i], part)
                played[i] += count
                seeds[i] += count
                minutes[i] += spent
                print("  so far " + row(game_id, seats, entries[i], played[i], minutes[i]), file=sys.stderr, flush=True)
        for i, seats in enumerate(todo):
            print(row(game_id, seats, entries[i], played[i], minutes[i]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
