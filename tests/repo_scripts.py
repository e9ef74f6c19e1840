"""A script of the repository (``benchmarks/``, ``tools/``) loaded as a module, for tests
of scripts that are not part of the ``cardtable`` package."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(relative: str, name: str) -> ModuleType:
    """The module of the file ``relative`` to the repository's root (e.g.
    ``"benchmarks/strength.py"``), executed under the module name ``name``."""
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
