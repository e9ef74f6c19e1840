"""Regenerate the shipped shell completion scripts from the parser (run:
``python tools/completions.py``; ``--check`` only reports whether they are current).

shtab (a test-time dependency, never a run-time one) writes the scripts from
``cardtable.cli.build_parser()``. Before that, game arguments are told the game ids and save
arguments to complete file names, so ``cardtable play <Tab>`` offers the games.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardtable.cli import SHELLS, build_parser  # noqa: E402

OUT = ROOT / "cardtable" / "completions"


def _annotated_parser() -> argparse.ArgumentParser:
    """``build_parser()`` with shtab completion hints on the GAME and SAVE arguments."""
    import shtab

    from cardtable.engine import games

    ids = [cls.id for cls in games()]
    parser = build_parser()
    parsers = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            parsers.extend(action.choices.values())
    for p in parsers:
        for action in p._actions:
            if action.metavar in ("GAME", "ID") and action.choices is None:
                action.choices = ids
            elif action.metavar in ("SAVE", "DIR"):
                action.complete = shtab.DIRECTORY if action.metavar == "DIR" else shtab.FILE  # type: ignore[attr-defined]
    return parser


def generate(shell: str) -> str:
    """The completion script for ``shell`` (one of ``SHELLS``), as shtab writes it."""
    import shtab

    script = shtab.complete(_annotated_parser(), shell=shell)
    return script if script.endswith("\n") else script + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for shell in SHELLS:
        path = OUT / f"cardtable.{shell}"
        script = generate(shell)
        if path.exists() and path.read_text(encoding="utf-8") == script:
            continue
        stale.append(path.name)
        if not check:
            path.write_text(script, encoding="utf-8")
    if check and stale:
        print("out of date: " + ", ".join(stale) + " (run python tools/completions.py)", file=sys.stderr)
        return 1
    print("completion scripts " + ("are current" if not stale else "written: " + ", ".join(stale)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
