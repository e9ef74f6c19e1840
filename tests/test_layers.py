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


def test_import_contracts():
    """The layer contracts of pyproject.toml ``[tool.importlinter]`` (docs/architecture.md):
    the engine and the rules never import textual or rich, the engine never imports a
    game, the rules never import the UI, the shared screens import no game, and a game's
    screen never reaches into its rules' internal modules. Checked by import-linter on
    every import statement, not on a few literal strings."""
    root = Path(__file__).resolve().parents[1]
    code = "from importlinter.cli import lint_imports; raise SystemExit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))"
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


def _global_random_uses(source: str) -> list[str]:
    """Every use of the ``random`` module's shared generator in ``source``: ``random.x``
    for any ``x`` but the ``Random`` class, and ``from random import x`` likewise."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random" and node.attr != "Random":
            found.append((node.lineno, f"random.{node.attr} (line {node.lineno})"))
        elif isinstance(node, ast.ImportFrom) and node.module == "random":
            found += [(node.lineno, f"from random import {a.name} (line {node.lineno})") for a in node.names if a.name != "Random"]
    return [text for _, text in sorted(found)]


def test_rules_code_uses_no_function_of_the_random_module():
    assert _global_random_uses("import random\nrandom.sample(x, 2)\nfrom random import choices\n") == [
        "random.sample (line 2)",
        "from random import choices (line 3)",
    ]
    assert _global_random_uses("rng = random.Random(4)\nrng.shuffle(x)\n") == []
    root = Path(cardtable.games.__file__).parent
    for path in [*root.rglob("*.py"), *Path(cardtable.engine.__file__).parent.rglob("*.py")]:
        uses = _global_random_uses(path.read_text())
        assert not uses, f"{path.name} uses the global random generator: {uses}"
