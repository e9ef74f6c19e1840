"""Tournaments between computer-player levels: the engine of ``cardtable simulate GAME
--seats hard,random --games N`` (the CLI wiring comes later; ``tournament`` is what it
will call).

Game ``k`` (seed ``seed + k``) seats the entries of ``seats`` rotated by ``k`` places,
so over a tournament every entry sits in every seat equally often and no level keeps the
first seat. Win rates come with Wilson 95% intervals.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots.search import LEVELS, choose, new_memory
from cardtable.engine.core import Action, Decision
from cardtable.engine.game import Game
from cardtable.engine.registry import get, new_game

__all__ = ["EntryResult", "TournamentReport", "tournament", "wilson", "play_game", "next_action", "answer_order", "random_moves"]

Z95 = 1.959964
"""The normal quantile for a two-sided 95% interval."""


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` (fractions in [0, 1]) for ``wins``
    successes out of ``games`` trials; ``(0.0, 1.0)`` when there are no games."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return (low, high)


@dataclass
class EntryResult:
    """One entry of the ``seats`` list over a tournament: its ``level``, the games it won
    (alone or shared), how many of those were shared, and its decision times in seconds
    of process CPU time (one per decision it searched, single-option ones excluded)."""

    level: str
    wins: int = 0
    shared: int = 0
    times: list[float] = field(default_factory=list)

    def rate(self, games: int) -> float:
        return self.wins / games if games else 0.0

    def interval(self, games: int) -> tuple[float, float]:
        return wilson(self.wins, games)


@dataclass
class TournamentReport:
    """What ``tournament`` found: per entry of ``seats`` (in the order given), its
    results; ``games`` played; ``players`` per game; ``seconds`` of wall-clock time."""

    game: str
    players: int
    games: int
    entries: list[EntryResult]
    seconds: float = 0.0

    def table(self) -> str:
        """A plain-text table: entry, level, wins, win rate and its 95% interval, median
        and worst decision time (CPU seconds)."""
        lines = [f"{self.game}: {self.games} games, {self.players} players, {self.seconds:.0f} s",
                 f"{'#':>2} {'level':8} {'wins':>5} {'rate':>6}  {'95% interval':15} {'median s':>8} {'worst s':>7}"]
        for i, entry in enumerate(self.entries):
            low, high = entry.interval(self.games)
            times = sorted(entry.times)
            med = f"{times[len(times) // 2]:.3f}" if times else "–"
            worst = f"{times[-1]:.3f}" if times else "–"
            lines.append(f"{i:>2} {entry.level:8} {entry.wins:>5} {entry.rate(self.games):>6.1%}  {low:6.1%} – {high:6.1%} {med:>8} {worst:>7}")
        return "\n".join(lines)


def random_moves(game: Game, rng: random.Random, moves: int) -> Game:
    """Play up to ``moves`` uniformly random legal actions (chosen with ``rng``) on
    ``game``, stopping early at the end; return ``game``. Benchmarks and tests use it to
    reach random mid-game positions."""
    for _ in range(moves):
        decision = game.decision()
        if decision is None:
            break
        game.act(rng.choice(decision.actions))
    return game


def answer_order(decision: Decision) -> list[tuple[int, bool]]:
    """The seats asked, in order, who acts in ``decision``, each with whether it may wait
    (``choose``'s ``may_wait``): ``[(seat, False)]`` for a decision of one seat. In a public
    window shared by several seats, the seat owning the window's first action (the one that
    closes it, e.g. the active player's pass in Bloops) is the *closer*: the other seats, in
    seat order from the closer's left, may each act or wait, and the closer answers last
    (without waiting). The first seat that acts is played."""
    if len(decision.seats) == 1:
        return [(decision.seat, False)]
    closer = decision.actions[0].get("seat", decision.seat)
    seats = list(decision.seats)
    start = seats.index(closer) + 1 if closer in seats else 0
    order = [(seat, True) for seat in seats[start:] + seats[:start] if seat != closer]
    return order + [(closer, False)]


def next_action(game: Game, levels: Sequence[str], seed: int, times: list[list[float]] | None = None, memories: Sequence[Any] | None = None) -> Action:
    """The action the table plays now when seat ``s`` is the computer player ``levels[s]``:
    the seats are asked in ``answer_order`` and the first that acts is played.
    ``times[s]`` collects seat ``s``'s CPU seconds per searched decision; ``memories[s]``
    is seat ``s``'s memory (``search.new_memory``), if it keeps one.
    """
    decision = game.decision()
    assert decision is not None
    for seat, may_wait in answer_order(decision):
        started = time.process_time()
        action = choose(game, seat, levels[seat], seed, may_wait=may_wait, memory=memories[seat] if memories else None)
        if times is not None and len(decision.actions) > 1:
            times[seat].append(time.process_time() - started)
        if action is not None:
            return action
    raise AssertionError("the closer of a shared window always answers")


def play_game(
    game_id: str,
    levels: Sequence[str],
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    times: list[list[float]] | None = None,
    on_move: Callable[[int], None] | None = None,
) -> Game:
    """Play one game of ``game_id`` with computer player ``levels[s]`` in seat ``s``
    (seed ``seed`` for the deal and for the players); return the finished game. Each
    computer seat keeps its memory (``search.new_memory``), fed with its own view before
    every action. ``on_move(n)`` is called after the game's ``n``-th action (a long game
    of searching players takes minutes: this is how a caller shows it going on)."""
    game = new_game(game_id, len(levels), seed=seed, options=options)
    limit = getattr(get(game_id), "max_actions", 20_000)
    memories = [new_memory(game_id, seat, level) for seat, level in enumerate(levels)]
    for _ in range(limit):
        if game.decision() is None:
            return game
        action = next_action(game, levels, seed, times, memories)
        for seat, memory in enumerate(memories):
            if memory is not None:
                memory.observe(game.view(seat), action)
        game.act(action)
        if on_move is not None:
            on_move(game.moves)
    raise RuntimeError(f"{game_id} seed {seed}: no end after {limit} actions")


def tournament(
    game_id: str,
    seats: Sequence[str],
    games: int = 100,
    seed: int = 0,
    *,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    on_move: Callable[[int, int], None] | None = None,
    play: Callable[..., Game] | None = None,
) -> TournamentReport:
    """Play ``games`` games of ``game_id`` between the levels in ``seats`` (one entry per
    seat, e.g. ``["hard", "random"]``), rotating the seating each game.

    Raises ``ValueError`` for an unknown level or a player count the game does not allow
    (``UnknownGame`` for an unknown game). ``progress(1)`` is called after each game,
    and ``on_move(k, n)`` after the ``n``-th action of game ``k`` (counted from 0).
    ``play`` replaces ``play_game`` (same arguments), e.g. for a benchmark's own kind of
    player; its entries are then not checked against ``LEVELS``.
    """
    cls = get(game_id)
    n = len(seats)
    bad = [s for s in seats if s not in LEVELS] if play is None else []
    if bad:
        raise ValueError(f"unknown level '{bad[0]}' (choose from {', '.join(LEVELS)})")
    if not cls.min_players <= n <= cls.max_players:
        raise ValueError(f"{cls.title} needs {cls.player_range()} players, got {n} seats")
    entries = [EntryResult(level) for level in seats]
    started = time.time()
    for k in range(games):
        shift = k % n
        # seat s holds entry (s - shift) mod n: entry e sits in seat (e + shift) mod n
        levels = [seats[(s - shift) % n] for s in range(n)]
        times: list[list[float]] = [[] for _ in range(n)]
        follow = {} if on_move is None else {"on_move": lambda n, k=k: on_move(k, n)}
        game = (play or play_game)(game_id, levels, seed + k, options=options, times=times, **follow)
        outcome = game.outcome()
        assert outcome is not None
        for e in range(n):
            seat = (e + shift) % n
            entries[e].times.extend(times[seat])
            if seat in outcome.winners:
                entries[e].wins += 1
                if len(outcome.winners) > 1:
                    entries[e].shared += 1
        if progress is not None:
            progress(1)
    return TournamentReport(game_id, n, games, entries, time.time() - started)
