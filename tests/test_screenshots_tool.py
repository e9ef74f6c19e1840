"""tools/screenshots.py makes every picture the README shows, the same way each time."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT / "tools" / "screenshots.py"


def run(*args: str, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True, cwd=ROOT, timeout=timeout)


def test_every_readme_picture_has_a_shot():
    pictures = set(re.findall(r"\(screenshots/([\w-]+)\.(?:svg|png)\)", (ROOT / "README.md").read_text()))
    names = set(run("--list").stdout.split())
    assert pictures <= names, f"README pictures the tool cannot make: {sorted(pictures - names)}"
    games = {"cold-war", "bloops", "combat-cards", "black-ops", "fofl"}
    assert games | {"privacy", "browser", "game-over"} <= pictures, "README shows every game, the hand-over, the browser, the end"


def test_a_picture_comes_out_the_same_twice(tmp_path):
    for folder in ("a", "b"):
        result = run("privacy", "--out", str(tmp_path / folder))
        assert result.returncode == 0, result.stderr
    first, second = (tmp_path / "a" / "privacy.svg").read_bytes(), (tmp_path / "b" / "privacy.svg").read_bytes()
    assert first == second
    assert b"Pass" in first and b"Cat" in first  # the hand-over to Cat, at 120x36


def test_bad_arguments_say_so_in_one_line():
    result = run("nonsense")
    assert result.returncode == 2 and "no picture called nonsense" in result.stderr
    result = run("menu", "--size", "10x2")
    assert result.returncode == 2 and "at least 80x24" in result.stderr
