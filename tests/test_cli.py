"""The command line: --list, --version, and one-line errors with exit status 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardtable import __version__
from cardtable.cli import main
from cardtable.engine import games


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardtable", *args], capture_output=True, text=True, timeout=60)


def test_version():
    result = run("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"cardtable {__version__}"


def test_help_lists_both_commands():
    result = run("--help")
    assert result.returncode == 0
    assert "cards " in result.stdout and "simulate " in result.stdout


def test_list_prints_every_game_with_player_counts():
    result = run("--list")
    assert result.returncode == 0
    for cls in games():
        line = next(l for l in result.stdout.splitlines() if l.startswith(cls.id + " "))
        assert cls.title in line and cls.player_range() in line


@pytest.mark.parametrize(
    "args, message",
    [
        (["--game", "chess"], "cardtable: unknown game 'chess' (choose from: "),
        (["--game", "cold-war", "--players", "3"], "cardtable: Cold War takes 2 players, got 3"),
        (["--game", "cold-war", "--players", "1"], "cardtable: Cold War takes 2 players, got 1"),
        (["--game", "cold-war", "--names", "Ann"], "cardtable: Cold War takes 2 players, got 1"),
        (["--game", "cold-war", "--names", "Ann,Ann"], "cardtable: --names: names must differ: 'Ann' and 'Ann'"),
        (["--game", "cold-war", "--names", "Ann,ann"], "cardtable: --names: names must differ: 'Ann' and 'ann'"),
        (["--seed", "3"], "cardtable: --seed needs --game ID"),
        (["--resume"], "cardtable: there is no unfinished game to resume"),
    ],
)
def test_user_mistakes_give_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.returncode == 2
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stdout == ""


def test_unknown_game_names_every_valid_choice(capsys):
    assert main(["--game", "nope"]) == 2
    err = capsys.readouterr().err
    for cls in games():
        assert cls.id in err


@pytest.mark.parametrize("seed", ["-1", str(2**64), "99999999999999999999999999999"])
def test_a_seed_no_save_can_hold_is_refused(seed, capsys):
    """The fresh tester: ``--seed 99999999999999999999999999999`` dealt a game whose save
    the menu then called damaged ("the seed is out of range"), so it was lost. The command
    line now takes the seeds a save holds (``SEED_LIMIT``) and refuses the rest."""
    assert main(["play", "bloops", "--seed", seed]) == 2
    err = capsys.readouterr().err
    assert f"--seed must be a whole number from 0 to {2**64 - 1}" in err and err.count("\n") == 1


def test_the_largest_seed_a_save_holds_is_taken():
    from cardtable.cli import _start_request, build_parser

    start = _start_request(build_parser().parse_args(["--game", "bloops", "--seed", str(2**64 - 1)]))
    assert start.seed == 2**64 - 1


@pytest.mark.parametrize("command", ["resume", "replay"])
def test_resume_and_replay_refuse_a_damaged_header_alike(command, tmp_path, capsys):
    """The fresh tester: ``cardtable replay`` refused a save with a damaged header in one
    line, while ``cardtable resume`` opened the menu with a dialog. Both now say it in one
    line and exit 2."""
    save = tmp_path / "cw-bad.jsonl"
    save.write_text('{"cardtable": 1, "game": "cold-war", "seed": -5}\n')
    assert main([command, str(save)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardtable: cw-bad.jsonl: ") and err.count("\n") == 1 and "Traceback" not in err


def test_list_alone_prints_the_same_table_without_building_the_parser(capsys, monkeypatch, tmp_path):
    """``cardtable --list`` alone skips argparse (start-up, benchmarks/README.md); with any
    other argument it goes through the parser and prints the same table."""
    assert main(["--list", "--cards-dir", str(tmp_path)]) == 0
    parsed = capsys.readouterr().out
    import cardtable.cli as cli

    def no_parser():
        raise AssertionError("the parser was built for --list alone")

    monkeypatch.setattr(cli, "build_parser", no_parser)
    assert main(["--list"]) == 0
    assert capsys.readouterr().out == parsed and "cold-war" in parsed
