"""Packaging: the wheel ships cards_data inside the package, and a plain (non-editable)
install plays a game and lists the games without the source checkout."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(REPO)],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr
    return next(out.glob("cardtable-*.whl"))


@pytest.mark.slow
def test_wheel_contains_every_card_file_and_rules(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for source in (REPO / "cards_data").iterdir():
        if source.suffix in (".yaml", ".md"):
            assert f"cardtable/cards_data/{source.name}" in names
    assert any(n.endswith("ui/app.tcss") for n in names), "stylesheets ship with the screens"
    assert any(n.endswith("entry_points.txt") for n in names)
    for shell in ("bash", "zsh", "fish"):
        assert f"cardtable/completions/cardtable.{shell}" in names, "completion scripts ship in the wheel"


@pytest.mark.slow
def test_non_editable_install_plays(wheel, tmp_path):
    site = tmp_path / "site"
    result = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target", str(site), str(wheel)],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr
    code = (
        "import cardtable, sys\n"
        "from cardtable.engine import play_random\n"
        "from cardtable.engine.registry import bundled_data_dir\n"
        f"assert cardtable.__file__.startswith({str(site)!r}), cardtable.__file__\n"
        f"assert str(bundled_data_dir()).startswith({str(site)!r})\n"
        "game = play_random('cold-war', seed=3)\n"
        "print(game.outcome().summary)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "wins" in run.stdout or "draw" in run.stdout
    listing = subprocess.run([sys.executable, "-m", "cardtable", "--list"], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert listing.returncode == 0 and "cold-war" in listing.stdout
