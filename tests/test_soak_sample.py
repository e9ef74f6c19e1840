"""CI's sample of the soak (benchmarks/soak.py runs 10,000 games per configuration): every
game, every player count and every option value, with the engine invariants checked after
every action; no failures allowed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from soak import configurations  # noqa: E402

from cardtable.engine.simulate import simulate  # noqa: E402

CONFIGS = list(configurations())


@pytest.mark.parametrize("cls, players, options", CONFIGS, ids=[f"{c.id}-{p}p" + "".join(f"-{v}" for v in o.values()) for c, p, o in CONFIGS])
def test_soak_sample(cls, players, options):
    games = 40 if players <= 4 else 15
    report = simulate(cls.id, games, players, seed=50_000, options=options or None)
    assert not report.failures, [f"seed {f.seed}: {f.error} ({f.where})" for f in report.failures]
    assert len(report.lengths) == games
