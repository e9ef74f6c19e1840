"""Headless random playouts in bulk: the engine behind ``cardtable simulate`` and the soak.

``simulate("bloops", games=1000, players=4, seed=0)`` plays games with seeds
``seed .. seed+games-1``, checks the cheap invariants after every action (no card created or
lost, offered actions distinct and saveable) and returns a ``SimulationReport``: games
played, mean length, wins per seat, score spread and every failure with the seed that
reproduces it (``cardtable simulate GAME --games 1 --seed S`` replays it).
"""

from __future__ import annotations

import statistics
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.playout import play_random
from cardtable.engine.registry import get
from cardtable.engine.testing import check_step

__all__ = ["Failure", "SimulationReport", "simulate"]


@dataclass(frozen=True)
class Failure:
    """One game that broke: its seed, the error's one-line text and where it was raised."""

    seed: int
    error: str
    where: str


@dataclass
class SimulationReport:
    """What ``simulate`` found. ``lengths`` are actions per finished game; ``wins`` counts
    games won (alone or shared by some seats) per seat; ``shared`` the games whose win was
    shared; ``draws`` the games that ended in a draw (``Outcome.draw``: every seat level),
    counted as nobody's win; ``scores`` every seat's final scores."""

    game: str
    players: int
    games: int = 0
    lengths: list[int] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    shared: int = 0
    draws: int = 0
    scores: list[float] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)

    @property
    def mean_length(self) -> float:
        return statistics.fmean(self.lengths) if self.lengths else 0.0

    def score_spread(self) -> tuple[float, float, float] | None:
        """(lowest, mean, highest) final score over all seats and games, if games score."""
        if not self.scores:
            return None
        return (min(self.scores), statistics.fmean(self.scores), max(self.scores))


def simulate(
    game_id: str,
    games: int = 100,
    players: int | None = None,
    seed: int = 0,
    *,
    options: dict[str, Any] | None = None,
    check: bool = True,
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    """Play ``games`` random games of ``game_id``; never raises for a broken game (it is
    recorded as a ``Failure``). Raises ``UnknownGame``/``SetupError`` for a bad request."""
    cls = get(game_id)
    count = players or cls.min_players
    report = SimulationReport(game_id, count, wins=[0] * count)
    on_step = (lambda g, a: check_step(g)) if check else None
    for s in range(seed, seed + games):
        try:
            game = play_random(game_id, seed=s, players=count, options=options, on_step=on_step)
            outcome = game.outcome()
            if outcome is None:
                raise AssertionError("the game ended without an outcome")
        except Exception as err:  # a rules bug: record it with the seed that reproduces it
            frame = traceback.extract_tb(err.__traceback__)[-1] if err.__traceback__ else None
            where = f"{frame.filename.rsplit('/', 1)[-1]}:{frame.lineno}" if frame else "?"
            report.failures.append(Failure(s, f"{type(err).__name__}: {err}".splitlines()[0], where))
        else:
            report.lengths.append(game.moves)
            if outcome.draw:
                report.draws += 1
            else:
                for seat in outcome.winners:
                    report.wins[seat] += 1
                if len(outcome.winners) > 1:
                    report.shared += 1
            report.scores.extend(float(x) for x in outcome.scores if x is not None)
        report.games += 1
        if progress is not None:
            progress(1)
    return report
