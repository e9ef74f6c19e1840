"""DESIGN §1: nothing under cardtable/engine or cardtable/games imports textual or rich,
and the rules never use the global random state."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import cardtable.engine
import cardtable.games

MODULES = ["cardtable.cards"] + [
    f"{pkg.__name__}.{m.name}"
    for pkg in (cardtable.engine, cardtable.games)
    for m in pkgutil.iter_modules(pkg.__path__)
]


def test_engine_and_games_do_not_import_the_ui():
    code = (
        "import sys, importlib\n"
        f"for name in {MODULES!r}: importlib.import_module(name)\n"
        "import cardtable.engine as e; e.games(); e.play_random('cold-war', seed=1)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


def test_rules_code_never_touches_the_global_random_module():
    root = Path(cardtable.games.__file__).parent
    for path in [*root.rglob("*.py"), *Path(cardtable.engine.__file__).parent.rglob("*.py")]:
        text = path.read_text()
        for forbidden in ("random.shuffle(", "random.choice(", "random.random(", "random.randint(", "random.seed("):
            assert forbidden not in text, f"{path.name} uses the global {forbidden}"
