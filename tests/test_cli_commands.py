"""The subcommands (issue 16): play/resume/browse/history/replay/stats/serve, the old flags
as aliases, --help with examples and environment variables, shipped shell completion that
matches the parser, and simulate's rate and ETA."""

from __future__ import annotations

import argparse
import csv
import importlib.util
import io
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardtable.engine.testing import saved_session
from cardtable.cli import SHELLS, UsageError, _app_request, _progress_columns, build_parser, main
from cardtable.engine.history import set_save_name
from cardtable.engine.saves import read_save
from cardtable.engine.stats import StatsStore

REPO = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardtable", *args], capture_output=True, text=True, timeout=60)


played = saved_session


def request(*argv: str):
    return _app_request(build_parser().parse_args(list(argv)))


# ---------------------------------------------------------------------- aliases
@pytest.mark.parametrize(
    "new, old",
    [
        (["play", "cold-war", "--names", "Ann,Bob", "--seed", "4"], ["--game", "cold-war", "--names", "Ann,Bob", "--seed", "4"]),
        (["play", "bloops", "--players", "4"], ["--game", "bloops", "--players", "4"]),
        (["browse", "bloops"], ["--cards", "bloops"]),
        (["browse"], ["--cards"]),
    ],
)
def test_subcommands_start_the_app_like_the_old_flags(new, old):
    assert request(*new) == request(*old)


def test_resume_finds_the_newest_unfinished_game_or_a_named_one():
    first = played(seed=1, moves=4)
    assert request("resume") == request("--resume")
    assert request("resume").resume == first.save.path
    set_save_name(first.save.path, "Friday night")
    assert request("resume", "friday NIGHT").resume == first.save.path
    assert request("resume", first.save.path.name).resume == first.save.path


def test_a_name_past_the_limit_says_the_limit_and_the_name_kept():
    """h87: the fresh tester's ``cardtable resume '[red]Fri🐉 night/../x'`` (a save named
    with its first 12 characters) said only "no save file or save named …"."""
    first = played(seed=1, moves=4)
    set_save_name(first.save.path, "[red]Fri🐉 ni")
    with pytest.raises(UsageError) as refused:
        request("resume", "[red]Fri🐉 night/../x")
    assert str(refused.value) == "no save file or save named '[red]Fri🐉 night/../x' (a save name has at most 12 characters: did you mean '[red]Fri🐉 ni'?)"
    assert request("resume", "[red]Fri🐉 ni").resume == first.save.path


def test_history_and_replay_requests():
    done = played(seed=2)
    assert request("history").history is True
    set_save_name(done.save.path, "Finale")
    assert request("replay", "Finale").replay == done.save.path


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "chess"], "cardtable: unknown game 'chess' (choose from: "),
        (["play", "cold-war", "--players", "3"], "cardtable: Cold War takes 2 players, got 3"),
        (["resume", "nosuch"], "cardtable: no save file or save named 'nosuch'"),
        (["replay", "nosuch"], "cardtable: no save file or save named 'nosuch'"),
        (["browse", "chess"], "cardtable: unknown game 'chess'"),
        (["serve", "--port", "0"], "cardtable: --port must be between 1 and 65535"),
    ],
)
def test_subcommand_mistakes_give_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_replay_refuses_an_unfinished_game_before_the_app_starts():
    unfinished = played(seed=3, moves=5)
    result = run("replay", str(unfinished.save.path))
    assert result.returncode == 2 and result.stdout == ""
    # h103: one sentence, not "x.jsonl: is a game still in progress: it cannot …"
    name = unfinished.save.path.name
    assert result.stderr == f"cardtable: {name} is a game still in progress, so it cannot be replayed face up until it is over (resume it instead)\n"
    with pytest.raises(UsageError, match="still in progress"):
        request("replay", str(unfinished.save.path))


@pytest.mark.parametrize(
    "args, prog, problem",
    [
        (["--bogus"], "cardtable", "unrecognized arguments: --bogus"),
        (["chess"], "cardtable", "argument COMMAND: invalid choice: 'chess'"),
        (["--players", "x"], "cardtable", "argument --players: invalid int value: 'x'"),
        (["--completion", "tcsh"], "cardtable", "argument --completion: invalid choice: 'tcsh'"),
        (["play"], "cardtable play", "the following arguments are required: GAME"),
        (["play", "bloops", "--seed", "x"], "cardtable play", "argument --seed: invalid int value: 'x'"),
        (["--bogus", "history"], "cardtable", "unrecognized arguments: --bogus"),
        # a subcommand's unknown argument names the subcommand's --help, not the main one
        (["resume", "--bogus"], "cardtable resume", "unrecognized arguments: --bogus"),
        (["browse", "bloops", "cold-war"], "cardtable browse", "unrecognized arguments: cold-war"),
        (["history", "--bogus"], "cardtable history", "unrecognized arguments: --bogus"),
        (["play", "bloops", "--bogus"], "cardtable play", "unrecognized arguments: --bogus"),
        (["cards", "bloops", "--bogus"], "cardtable cards", "unrecognized arguments: --bogus"),
        (["simulate", "bloops", "--bogus"], "cardtable simulate", "unrecognized arguments: --bogus"),
        (["replay", "x.jsonl", "--bogus"], "cardtable replay", "unrecognized arguments: --bogus"),
        (["stats", "--bogus"], "cardtable stats", "unrecognized arguments: --bogus"),
        (["serve", "--bogus"], "cardtable serve", "unrecognized arguments: --bogus"),
        (["cards"], "cardtable cards", "the following arguments are required: GAME"),
        (["cards", "bloops", "--format", "xml"], "cardtable cards", "argument --format: invalid choice: 'xml'"),
        (["simulate"], "cardtable simulate", "the following arguments are required: GAME"),
        (["simulate", "bloops", "--games", "many"], "cardtable simulate", "argument --games: invalid int value: 'many'"),
        (["history", "--format", "xml"], "cardtable history", "argument --format: invalid choice: 'xml'"),
        (["replay"], "cardtable replay", "the following arguments are required: SAVE"),
        (["stats", "--format", "xml"], "cardtable stats", "argument --format: invalid choice: 'xml'"),
        (["serve", "--port", "x"], "cardtable serve", "argument --port: invalid int value: 'x'"),
        (["play", "a\nb", "--seed", "x\n1"], "cardtable play", "argument --seed: invalid int value: 'x\\n1'"),
    ],
)
def test_argument_mistakes_are_one_line_without_the_usage_block(args, prog, problem, capsys):
    """The fresh tester: a mistyped argument printed argparse's whole usage block (up to five
    lines for the main command) before the one line that said what was wrong. Now it is that
    one line, naming the command's --help, and status 2, for the main command and each
    subcommand alike."""
    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and "usage:" not in err
    assert err.startswith(f"{prog}: error: {problem}") and err.endswith(f" (see {prog} --help)\n"), err
    assert err.count("\n") == 1, err


def test_an_argument_mistake_is_one_line_from_the_shell_and_help_is_unchanged():
    result = run("replay")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "cardtable replay: error: the following arguments are required: SAVE (see cardtable replay --help)\n"
    helped = run("replay", "--help")
    assert helped.returncode == 0 and helped.stdout.startswith("usage: cardtable replay [-h]") and helped.stderr == ""


def test_a_newline_typed_into_a_save_name_stays_on_the_one_line(capsys):
    """One-line errors quote what was typed; a newline in it is shown, not printed."""
    assert main(["replay", "a\nb"]) == 2
    err = capsys.readouterr().err
    assert err == "cardtable: no save file or save named 'a\u240ab'\n"


@pytest.mark.parametrize("command", ["replay", "resume"])
def test_a_folder_is_named_a_folder_not_a_long_save_name(command, tmp_path, capsys):
    """The fresh tester: ``cardtable replay <folder>`` said "no save file or save named
    '/…/games/' (a save name has at most 12 characters)", about a name rule that had nothing
    to do with it. It now says the path is a folder."""
    folder = tmp_path / "old games"
    folder.mkdir()
    for given in (str(folder), f"{folder}/"):
        assert main([command, given]) == 2
        assert capsys.readouterr().err == f"cardtable: '{given}' is a folder, not a save file (give a save file, or a save's name)\n"


@pytest.mark.parametrize("command", ["replay", "resume"])
def test_a_missing_file_is_named_missing(command, tmp_path, capsys):
    gone = tmp_path / "cold-war-20260101-120000.jsonl"
    assert main([command, str(gone)]) == 2
    assert capsys.readouterr().err == f"cardtable: there is no file '{gone}'\n"
    assert main([command, gone.name]) == 2
    assert capsys.readouterr().err == f"cardtable: there is no file '{gone.name}', here or in the saves folder\n"


def test_a_name_too_long_for_the_system_is_a_one_line_refusal(capsys):
    """A 300-letter SAVE stopped cardtable with an internal error (status 70): looking for a
    file of that name raised "File name too long"."""
    assert main(["replay", "a" * 300]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardtable: no save file or save named 'aaa") and err.count("\n") == 1


@pytest.mark.parametrize(
    "given, home_a_file, said",
    [
        ("Friday night out", False, "no save file or save named 'Friday night out' (a save name has at most 12 characters)"),
        ("Friday night", False, "no save file or save named 'Friday night'"),
        ("Saturday evening", False, "no save file or save named 'Saturday evening' (a save name has at most 12 characters: did you mean 'Saturday eve'?)"),
        ("Saturday eve/x", False, "no save file or save named 'Saturday eve/x' (a save name has at most 12 characters: did you mean 'Saturday eve'?)"),
        ("old/Friday night out", False, "there is no file 'old/Friday night out'"),
        ("cold-war-20260101.jsonl", False, "there is no file 'cold-war-20260101.jsonl', here or in the saves folder"),
        ("Friday night out", True, "no save file or save named 'Friday night out' (a save name has at most 12 characters)"),
        ("Friday", True, "CARDTABLE_HOME {home} is a file, not a folder: there is no save named 'Friday'"),
        ("cold-war-20260101.jsonl", True, "CARDTABLE_HOME {home} is a file, not a folder: there is no save file 'cold-war-20260101.jsonl'"),
    ],
)
def test_each_save_that_is_not_there_is_refused_with_its_own_line(given, home_a_file, said, cardtable_home, monkeypatch, capsys):
    """What ``_resolve_save`` says for a SAVE it cannot find, branch by branch: a name longer
    than a save name can be says the limit (and the save named with its first characters,
    even in a path), a path or a file name says no file, and a name says no save; a data
    folder that is a file is named, except for a name no save could have."""
    if home_a_file:
        home = cardtable_home.parent / "home-file"
        home.write_text("")
        monkeypatch.setenv("CARDTABLE_HOME", str(home))
    else:
        set_save_name(played(seed=1, moves=2).save.path, "Saturday eve")
        home = cardtable_home
    assert main(["replay", given]) == 2
    assert capsys.readouterr().err == "cardtable: " + said.format(home=home) + "\n"


def test_an_unreadable_file_says_it_cannot_be_read(tmp_path, capsys, monkeypatch):
    import errno
    import os

    done = played(seed=2)
    locked_out = tmp_path / "theirs.jsonl"
    locked_out.write_bytes(done.save.path.read_bytes())
    locked_out.chmod(0)
    real_open = os.open

    def refusing_open(path, *args, **kwargs):  # as a non-root user sees a mode-0 file
        if Path(path) == locked_out:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing_open)
    assert main(["replay", str(locked_out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardtable: theirs.jsonl: cannot be read (") and err.count("\n") == 1, err


def test_a_file_that_is_no_save_and_a_broken_save_are_explained_and_kept(tmp_path, capsys):
    done = played(seed=2)
    here = tmp_path / "copies"
    here.mkdir()
    notes = here / "notes.txt"
    notes.write_text("shopping: milk\n")
    assert main(["replay", str(notes)]) == 2
    assert capsys.readouterr().err == "cardtable: notes.txt: is not a cardtable save (the first line is not a JSON header)\n"
    lines = done.save.path.read_bytes().split(b"\n")
    lines[3] = b"garbage{"
    broken = here / "broken.jsonl"
    broken.write_bytes(b"\n".join(lines))
    before = broken.read_bytes()
    assert main(["replay", str(broken)]) == 2
    assert capsys.readouterr().err == "cardtable: broken.jsonl: line 4 is damaged (not JSON)\n"
    assert notes.read_text() == "shopping: milk\n" and broken.read_bytes() == before
    assert sorted(p.name for p in here.iterdir()) == ["broken.jsonl", "notes.txt"]


# ---------------------------------------------------------------------- help
@pytest.mark.parametrize("command", [[], ["play"], ["resume"], ["browse"], ["cards"], ["simulate"], ["history"], ["replay"], ["stats"], ["serve"]])
def test_every_help_has_examples_and_the_environment_variables(command):
    result = run(*command, "--help")
    assert result.returncode == 0
    assert "examples:\n  cardtable" in result.stdout
    for name in ("CARDTABLE_HOME", "CARDTABLE_CARDS", "NO_COLOR"):
        assert name in result.stdout


@pytest.mark.parametrize("command", [[], ["play"], ["resume"], ["browse"], ["cards"], ["simulate"], ["history"], ["replay"], ["stats"], ["serve"]])
def test_every_help_fits_an_80_column_terminal(command, monkeypatch):
    """A fresh tester: in an 80-column terminal the descriptions and the environment
    variables ran on in one line each and the terminal broke them inside words ("the platf /
    orm's"). Every line now fits, but a command example, which is kept whole to be copied;
    wrapped lines keep their indent, and an environment variable's words hang under them."""
    monkeypatch.setenv("COLUMNS", "80")
    parser = build_parser()
    if command:
        parser = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[command[0]]
    text = parser.format_help()
    for line in text.splitlines():
        assert len(line) <= 80 or line.lstrip().startswith("cardtable"), line
    home = text[text.index("  CARDTABLE_HOME") :].splitlines()
    assert home[1].startswith(" " * 19) and "user data folder" in " ".join(home[:3]), home[:3]


def test_the_main_help_lists_every_command():
    out = run("--help").stdout
    for name in ("play", "resume", "browse", "cards", "simulate", "history", "replay", "stats", "serve"):
        assert f"\n    {name} " in out


# ---------------------------------------------------------------------- stats
def test_stats_prints_csv_and_json_with_rates_and_streaks():
    store = StatsStore()
    sessions = [played(seed=seed, stats=store) for seed in range(5)]
    wins = [0 in s.game.outcome().winners for s in sessions]
    result = run("stats", "--format", "json")
    assert result.returncode == 0
    ann = next(r for r in json.loads(result.stdout) if r["name"] == "Ann")
    assert ann["played"] == 5 and ann["won"] == sum(wins)
    assert ann["win_rate"] == round(sum(wins) / 5, 3)
    assert [r["won"] for r in ann["results"]] == wins
    streak = 0
    for w in reversed(wins):
        if not w:
            break
        streak += 1
    assert ann["current_streak"] == streak
    rows = list(csv.DictReader(io.StringIO(run("stats", "--format", "csv").stdout)))
    row = next(r for r in rows if r["player"] == "Ann")
    assert row["game"] == "cold-war" and int(row["won"]) == sum(wins)
    table = run("stats").stdout
    assert "Ann" in table and "Cold War" in table and "%" in table


def test_stats_table_at_80_columns_wraps_names_and_titles_at_words(monkeypatch):
    """Piped (no terminal: 80 columns): a computer's name breaks at its space, game titles
    are whole words, never cut with an ellipsis (the tester saw "Comput" / "er", "(norma" /
    "l)" and "Citadel Combat …")."""
    from cardtable.cli import _print_stats
    from cardtable.engine.stats import PlayerRecord

    monkeypatch.setenv("COLUMNS", "80")
    records = [
        PlayerRecord("Computer (easy)", "combat-cards", 12, 5, 10, "2026-12-02T16:00:00"),
        PlayerRecord("Computer (normal)", "black-ops", 3, 1, 1, "2026-12-02T16:00:00"),
        PlayerRecord("Tess", "fofl", 30, 12, 17.5, "2026-12-02T16:00:00"),
    ]
    out = io.StringIO()
    _print_stats(records, colour=False, file=out)
    lines = out.getvalue().splitlines()
    assert max(map(len, lines)) <= 80
    assert "…" not in out.getvalue()
    words = {word for line in lines for word in line.split()}
    for record in records:
        for word in (record.name + " " + record.title).split():
            assert word in words, (word, lines)


def test_stats_with_a_corrupt_file_reports_it_and_still_prints(cardtable_home):
    (cardtable_home / "stats.json").write_text("{ broken")
    result = run("stats", "--format", "json")
    assert result.returncode == 0 and json.loads(result.stdout) == []
    assert "the statistics file was damaged" in result.stderr and "Traceback" not in result.stderr
    assert list(cardtable_home.glob("stats.json.broken-*"))


def test_history_into_a_pipe_prints_the_list_and_stops_with_it(cardtable_home):
    """A fresh tester's ``cardtable history | head`` drew the full-screen Past games list
    on stderr and went on running after ``head`` had stopped reading. With its output not a
    terminal (or with ``--format``) ``history`` prints the list and exits."""
    done = played(seed=1)
    played("bloops", seed=2, names=("Cat", "[b]Dan[/b]", "Eve"))
    result = run("history")  # stdout is a pipe here
    assert result.returncode == 0 and "Traceback" not in result.stderr and "\x1b[" not in result.stdout + result.stderr
    assert "Past games" in result.stdout and "Cold War" in result.stdout and "[b]Dan[/b]" in result.stdout
    rows = json.loads(run("history", "--format", "json").stdout)
    assert [r["game"] for r in rows] == ["Bloops", "Cold War"] and rows[1]["players"] == ["Ann", "Bob"]
    assert rows[1]["moves"] == len(read_save(done.save.path).actions) and rows[1]["winners"]
    csv_lines = run("history", "--format", "csv").stdout.splitlines()
    assert csv_lines[0].startswith("ended,game,save,players,winners") and len(csv_lines) == 3
    piped = subprocess.run(f"{sys.executable} -m cardtable history | head -n 1", shell=True, capture_output=True, text=True, timeout=60)
    assert piped.returncode == 0 and piped.stdout.strip() and "Traceback" not in piped.stderr


def test_history_into_a_pipe_keeps_each_game_on_one_line(cardtable_home, monkeypatch):
    """Piped, rich laid the table out in 80 columns and folded the Players and Winner
    columns over several lines (``Annabelle,`` above ``Bartholomew``), which a script or
    ``grep`` reading lines cannot put back together. Into a pipe or a file no row wraps."""
    played("bloops", seed=2, names=("Catherine", "Dominique", "Evangeline", "Fitzgerald"))
    played(seed=1, names=("Annabelle", "Bartholomew"))
    monkeypatch.setenv("COLUMNS", "80")
    result = run("history")
    assert result.returncode == 0 and result.stderr == ""
    rows = json.loads(run("history", "--format", "json").stdout)
    lines = result.stdout.splitlines()
    for row in rows:
        line = next(line for line in lines if f" {row['game']} " in line)
        assert ", ".join(row["players"]) in line and ", ".join(row["winners"]) in line, result.stdout
        assert line.rstrip().endswith(f"{row['moves']}   {row['minutes']} min"), line
    assert len([line for line in lines if line.strip()]) == 3 + len(rows), result.stdout  # title, heading, rule, one line a game


# ---------------------------------------------------------------------- completion
@pytest.mark.parametrize("shell", SHELLS)
def test_completion_prints_the_shipped_script(shell, capsys):
    assert main(["--completion", shell]) == 0
    shipped = (REPO / "cardtable" / "completions" / f"cardtable.{shell}").read_text()
    assert capsys.readouterr().out == shipped and "cold-war" in shipped and "replay" in shipped


@pytest.mark.parametrize("shell", SHELLS)
def test_shipped_completion_matches_the_parser(shell):
    pytest.importorskip("shtab", reason="shtab (the test extra) generates the completion scripts")
    spec = importlib.util.spec_from_file_location("completions_tool", REPO / "tools" / "completions.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    shipped = (REPO / "cardtable" / "completions" / f"cardtable.{shell}").read_text()
    assert tool.generate(shell) == shipped, "run python tools/completions.py"


def test_bash_completion_offers_commands_and_games():
    script = REPO / "cardtable" / "completions" / "cardtable.bash"
    probe = (
        f"source {script}; "
        'COMP_WORDS=(cardtable ""); COMP_CWORD=1; _shtab_cardtable; echo "${COMPREPLY[@]}"; '
        'COMP_WORDS=(cardtable play ""); COMP_CWORD=2; _shtab_cardtable; echo "${COMPREPLY[@]}"'
    )
    result = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=30)
    commands, game_ids = result.stdout.splitlines()
    assert {"play", "resume", "history", "replay", "stats", "serve"} <= set(commands.split())
    assert set(game_ids.split()) == {"cold-war", "bloops", "combat-cards", "black-ops", "fofl"}


# ---------------------------------------------------------------------- simulate
def test_simulate_progress_shows_a_rate_and_an_eta():
    from rich.console import Console
    from rich.progress import Progress

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=140, color_system=None)
    with Progress(*_progress_columns(), console=console, auto_refresh=False) as progress:
        task = progress.add_task("Cold War, 2 players", total=100)
        for _ in range(5):
            progress.advance(task, 5)
            time.sleep(0.02)
        progress.refresh()
    text = out.getvalue()
    assert "games/s" in text and "25/100" in text
    assert "ETA" in text and "0:00:0" in text


def test_readme_documents_every_command_and_its_screenshots_exist():
    import re

    readme = (REPO / "README.md").read_text()
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name in sub.choices:
        assert f"cardtable {name}" in readme, name
    for shot in ("history.svg", "replay.svg", "stats.svg", "serve.png"):
        assert f"screenshots/{shot}" in readme
    for path in re.findall(r"\((screenshots/[^)]+)\)", readme):
        assert (REPO / path).is_file(), path
    assert "--completion bash" in readme and "pipx install ." in readme and "uv tool install ." in readme


def test_readme_names_every_option_of_the_command_line():
    """Each long option of ``cardtable`` itself (``--ascii`` was missing: the fresh tester)
    is named in the README's command-line section."""
    import argparse

    readme = (REPO / "README.md").read_text()
    section = readme[readme.index("## Command line") :]
    section = section[: section.index("\n## ", 1)]
    options = [o for a in build_parser()._actions if a.help != argparse.SUPPRESS for o in a.option_strings if o.startswith("--") and o != "--help"]
    assert "--ascii" in options
    missing = [o for o in options if o not in section]
    assert not missing, f"README's command line does not name {missing}"


def test_stats_prints_markup_and_escapes_in_names_as_plain_text(capsys):
    """Issue 11.5 (found by a fresh tester): a player named ``[/]`` crashed ``cardtable
    stats`` (rich read it as a closing tag) and ``[bold]Ann`` was printed bold."""
    stats = StatsStore()
    saved_session(names=("[/]", "[bold]Ann"), seed=3, stats=stats)  # names refuse ESC itself
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "[/]" in out and "[bold]Ann" in out and "\x1b" not in out


def test_stats_table_never_cuts_a_computer_players_name():
    """The fresh tester: piped at 80 columns, ``cardtable stats`` printed "Computer (h…"
    and "Computer (n…". A computer player's record name now breaks at its space."""
    from cardtable.cli import _print_stats
    from cardtable.engine.stats import PlayerRecord

    records = [PlayerRecord(name, "cold-war", 4, 2, 7.0, "2026-12-02T10:00:00") for name in ("Ann", "Computer (hard)", "Computer (normal)")]
    out = io.StringIO()
    _print_stats(records, colour=False, file=out)
    text = out.getvalue()
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "…" not in text
    assert all(word in text for word in ("Computer", "(hard)", "(normal)"))


def test_resume_of_a_torn_save_says_so_in_one_line_and_leaves_the_file(cardtable_home, capsys):
    from cardtable.cli import _find_save

    session = saved_session("cold-war", ("Ann", "Bob"), 3, moves=8)
    path = session.save.path
    session.save.close()
    torn = path.read_bytes()[:-10]
    path.write_bytes(torn)
    assert _find_save(str(path), None) == path
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "last move was only half written" in err and ".torn-" in err
    assert path.read_bytes() == torn, "only checked here; the app trims it after keeping a copy"


@pytest.mark.parametrize("edit, reason", [
    (lambda lines: lines[:3] + [lines[2]] + lines[4:], "move 3 (bet) is not a legal move at that point: the file was edited or damaged"),
    (lambda lines: [lines[0].replace(b'"game":"cold-war"', b'"game":"bloops"')] + lines[1:], "has a header that says Bloops but its cards are Cold War's"),
])
def test_resuming_an_edited_finished_save_names_the_damage_not_replay(edit, reason, capsys):
    """A finished save edited since (a move, the game id): resume says what replay would
    say about it, instead of "replay it instead" (and replay then refusing)."""
    path = saved_session("cold-war", ("Ann", "Bob"), seed=11).save.path
    path.write_bytes(b"".join(edit(path.read_bytes().splitlines(keepends=True))))
    assert main(["resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cardtable: {path.name}: {reason}"), err
    assert "replay it instead" not in err and err.count("\n") == 1


@pytest.mark.parametrize("columns", ["80", "120"])
def test_stats_table_keeps_a_players_name_on_one_line(monkeypatch, columns):
    """A fresh tester at 80 columns saw "Computer" over "(normal)" in ``cardtable stats``
    (piped output is 80 columns too): a name up to MAX_NAME cells is whole on its line,
    a wide-lettered one measured in cells; game titles still wrap at their spaces."""
    from cardtable.cli import _print_stats
    from cardtable.engine.stats import PlayerRecord

    monkeypatch.setenv("COLUMNS", columns)
    names = ("Computer (easy)", "Computer (normal)", "Ann", "李小龙 😀")
    records = [PlayerRecord(name, game, 12, 5, 10, "2026-12-02T16:00:00") for name, game in zip(names, ("combat-cards", "black-ops", "fofl", "cold-war"))]
    out = io.StringIO()
    _print_stats(records, colour=False, file=out)
    text = out.getvalue()
    lines = text.splitlines()
    assert max(map(len, lines)) <= int(columns) and "…" not in text, text
    for name in names:
        assert any(line.lstrip().startswith(name + " ") for line in lines), (name, text)
    assert all(line.rstrip().endswith("2026-12-02") for line in lines if line.lstrip().startswith(names))
