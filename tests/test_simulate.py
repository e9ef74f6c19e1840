"""``cardtable simulate``: bulk random playouts report lengths, wins and failures with the
seed that reproduces each."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardtable.engine import registry
from cardtable.engine.registry import bundled_data_dir, register
from cardtable.engine.simulate import simulate
from cardtable.games.cold_war import ColdWar


class BrokenColdWar(ColdWar):
    """A rules bug on purpose: every third seed crashes on its fifth move."""

    id = "broken-cold-war"

    def _apply(self, action):
        if self.seed % 3 == 0 and self.moves == 5:
            raise RuntimeError("boom")
        super()._apply(action)


@pytest.fixture
def broken_game(tmp_path, monkeypatch):
    text = (bundled_data_dir() / "cold-war.yaml").read_text().replace("game: cold-war", "game: broken-cold-war")
    (tmp_path / "broken-cold-war.yaml").write_text(text)
    monkeypatch.setenv("CARDTABLE_CARDS", str(tmp_path))
    register(BrokenColdWar)
    yield "broken-cold-war"
    registry._GAMES.pop("broken-cold-war", None)


def test_report_of_a_healthy_game():
    report = simulate("cold-war", games=40, seed=10)
    assert report.games == 40 and len(report.lengths) == 40 and not report.failures
    assert sum(report.wins) - report.shared == 40
    low, mean, high = report.score_spread()
    assert 0 <= low <= mean <= high <= 52


def test_failures_name_the_seed_that_reproduces_them(broken_game):
    report = simulate(broken_game, games=7, seed=0)
    assert [f.seed for f in report.failures] == [0, 3, 6]
    assert report.failures[0].error == "RuntimeError: boom"
    assert report.failures[0].where.startswith("test_simulate.py:")
    assert len(report.lengths) == 4


def test_command_line():
    result = subprocess.run([sys.executable, "-m", "cardtable", "simulate", "cold-war", "--games", "5", "--seed", "3"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "5 random games" in result.stdout and "seeds 3–7" in result.stdout
    assert "failures" in result.stdout and "\x1b[" not in result.stdout
    bad = subprocess.run([sys.executable, "-m", "cardtable", "simulate", "chess"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.startswith("cardtable: unknown game 'chess'")


def test_a_piped_title_is_one_line():
    """Fresh tester: piped (80 columns), Combat Cards' title was wrapped to the width of the
    rows below it, "…2 players, seeds" then "0–2" on a line of its own."""
    result = subprocess.run([sys.executable, "-m", "cardtable", "simulate", "combat-cards", "--games", "3"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = [line.strip() for line in result.stdout.splitlines() if line.strip()]
    assert lines[0] == "Citadel Combat Cards: 3 random games, 2 players, seeds 0–2"
    assert lines[1].startswith("finished")


def test_ctrl_c_ends_cleanly_with_status_130():
    """Issue 11 item 9: Ctrl+C (SIGINT) used to print a traceback."""
    import signal
    import time

    process = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "simulate", "bloops", "--games", "100000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # a shell gives its commands the default Ctrl+C; a pytest-xdist worker may ignore
        # SIGINT, and an ignored signal stays ignored in a child (then Ctrl+C does nothing)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(3)  # well inside the games (imports done, playouts running)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in out + err and "KeyboardInterrupt" not in out + err
    assert err.startswith("cardtable: simulate: stopped by Ctrl+C after ") and len(err.strip().splitlines()) == 1


def test_seats_play_a_tournament_from_the_command_line():
    """Issue 15: ``--seats`` plays computer players against each other, the seating
    rotating every game, and prints each entry's wins with a Wilson 95% interval."""
    result = subprocess.run([sys.executable, "-m", "cardtable", "simulate", "cold-war", "--seats", "easy,random", "--games", "2", "--seed", "4"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "2 games, 2 seats rotating every game, seeds 4–5" in out
    assert "95% interval" in out and "easy" in out and "random" in out
    rows = [line for line in out.splitlines() if " easy " in line or " random " in line]
    assert len(rows) == 2 and "\x1b[" not in out


@pytest.mark.parametrize(("args", "message"), [
    (["--seats", "hard,wizard"], "cardtable: --seats: unknown level 'wizard' (choose from random, easy, normal, hard)"),
    (["--seats", "hard,random", "--players", "3"], "cardtable: --seats names 2 seats but --players says 3"),
    (["--seats", "hard,random,random"], "cardtable: Cold War takes 2 players, got 3"),
])
def test_bad_seats_are_one_line_errors(args, message):
    result = subprocess.run([sys.executable, "-m", "cardtable", "simulate", "cold-war", *args], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stderr.strip() == message and not result.stdout



@pytest.mark.parametrize("extra", [[], ["--seats", "random,random"]])
def test_a_broken_card_file_is_refused_in_one_line_before_simulating(tmp_path, monkeypatch, capsys, extra):
    """A malformed custom cold-war.yaml: one line naming the file and line, status 2, no
    statistics table (it was a table with 'failures 1' and status 1)."""
    from cardtable.cli import main

    (tmp_path / "cold-war.yaml").write_text("name: x\ncards:\n  - name: [oops\n    kind: a\n")
    monkeypatch.setenv("CARDTABLE_CARDS", str(tmp_path))
    assert main(["simulate", "cold-war", "--games", "1", *extra]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"cardtable: {tmp_path / 'cold-war.yaml'}:") and "YAML syntax error" in err
    assert err.count("\n") == 1
