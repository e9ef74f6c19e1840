"""Our files on disk (issue 11, items 3, 7 and 8): private modes and no seed in save names;
a save locked while it is open; a saves folder holding a named pipe, a folder, a huge file
or a header asking for a billion cards; listing reads only the header and the last line;
a full disk or a read-only home loses nothing already saved."""

from __future__ import annotations

import errno
import json
import os
import random
import stat
import subprocess
import sys
import time

import pytest

from cardtable.engine import files, new_game
from cardtable.engine.decks import decks_dir, save_deck
from cardtable.engine.recent import last_players, remember_players
from cardtable.engine.saves import LOCKED, MAX_SAVE_BYTES, NotWritable, SaveError, SaveFile, list_saves, peek_save, resume, saves_dir
from cardtable.engine.session import Session
from cardtable.engine.stats import StatsStore


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def played(seed: int = 7, moves: int = 6, players=("Ann", "Bob")) -> Session:
    """A Cold War game saved move by move (with statistics), stopped after ``moves``."""
    game = new_game("cold-war", players, seed=seed)
    session = Session(game, SaveFile.create(game), StatsStore())
    play_randomly(session, seed, moves)
    return session


def play_randomly(session: Session, seed: int, moves: int) -> None:
    chooser = random.Random(seed)
    for _ in range(moves):
        if session.decision() is None:
            break
        session.act(chooser.choice(session.decision().actions))


def finished(seed: int) -> Session:
    return played(seed=seed, moves=10_000)


# ---------------------------------------------------------------- item 3: modes and names


def test_every_file_we_write_is_private(cardtable_home, deck_duel):
    os.chmod(cardtable_home, 0o755)  # a home made by someone's umask: tightened on use
    session = finished(3)
    assert session.decision() is None
    save = session.save.path
    assert mode(save) == 0o600
    assert mode(saves_dir()) == 0o700 and mode(cardtable_home) == 0o700
    stats = cardtable_home / "stats.json"
    assert stats.exists() and mode(stats) == 0o600
    assert remember_players("cold-war", ("Ann", "Bob")) is None
    assert mode(cardtable_home / "recent-players.json") == 0o600
    from cardtable.engine import get

    cls = get("deck-duel")
    path = save_deck(cls, "Mine", "red", {"red-knight": 2})
    assert mode(path) == 0o600 and mode(decks_dir("deck-duel")) == 0o700 and mode(decks_dir("deck-duel").parent) == 0o700
    leftovers = [p.name for p in cardtable_home.rglob("*") if p.name.endswith(".tmp")]
    assert leftovers == []


def test_the_first_save_makes_the_home_private(cardtable_home):
    os.chmod(cardtable_home, 0o755)
    played(moves=1).close()
    assert mode(cardtable_home) == 0o700 and mode(saves_dir()) == 0o700


def test_an_old_world_readable_save_is_tightened_when_resumed():
    session = played(moves=3)
    path = session.save.path
    session.close()
    os.chmod(path, 0o644)
    resume(path)[1].close()
    assert mode(path) == 0o600


def _loosened_saves() -> dict:
    """An unfinished, a finished and two damaged saves, each set to mode 0644 (as an older
    cardtable or a copy left them): path -> (contents, mtime)."""
    unfinished = played(seed=9, moves=3)
    unfinished.close()
    done = finished(4)
    done.close()
    (saves_dir() / "junk.jsonl").write_bytes(b"junk\n")
    header = unfinished.save.path.read_bytes().splitlines(keepends=True)[0]
    (saves_dir() / "bad-header.jsonl").write_bytes(header.replace(b'"players":["Ann","Bob"]', b'"players":["Ann"]'))
    kept = {}
    for path in saves_dir().glob("*.jsonl"):
        os.chmod(path, 0o644)
        kept[path] = (path.read_bytes(), path.stat().st_mtime_ns)
    assert len(kept) == 4
    return kept


@pytest.mark.parametrize("listing", ["menu count", "resume list", "past games"])
def test_listing_the_saves_tightens_every_save_it_reads(listing):
    """A fresh tester put damaged saves of mode 0644 in the saves folder: after the Resume
    list read them they were still 0644. Every listing tightens what it reads to 0600 and
    changes nothing else."""
    from cardtable.engine.history import list_finished

    kept = _loosened_saves()
    if listing == "menu count":
        list_saves(check_cards=False, quick=True)
    elif listing == "resume list":
        list_saves(verify=True)
    else:
        list_finished()
    for path, (content, mtime) in kept.items():
        assert mode(path) == 0o600, (path.name, oct(mode(path)))
        assert path.read_bytes() == content and path.stat().st_mtime_ns == mtime


def test_a_save_that_cannot_be_tightened_is_listed_as_it_is(monkeypatch, cardtable_home):
    """A save we cannot chmod (another user's, a read-only file system) keeps its mode and
    the listings go on without a word."""
    from cardtable.engine.history import list_finished

    kept = _loosened_saves()
    stranger = next(p for p in kept if p.name == "junk.jsonl")
    if os.geteuid() == 0:
        os.chown(stranger, 4242, -1)  # someone else's file: not ours to change

    def refuse(path, mode, *args, **kwargs):
        raise PermissionError(errno.EPERM, os.strerror(errno.EPERM), str(path))

    with monkeypatch.context() as patched:
        patched.setattr(os, "chmod", refuse)
        assert len(list_saves(verify=True)) == 3 and len(list_saves(quick=True)) == 3
        assert len(list_finished()) == 1
    assert all(mode(path) == 0o644 for path in kept)
    list_saves(verify=True)
    assert mode(stranger) == 0o644 if os.geteuid() == 0 else mode(stranger) == 0o600


def test_save_names_never_contain_the_seed():
    names = set()
    for seed in (123456789, 987654, 4242):
        game = new_game("cold-war", ("Ann", "Bob"), seed=seed)
        save = SaveFile.create(game)
        assert save.path.name.startswith("cold-war-")
        # the clock part may contain any digits (16:42:42 holds "4242"): look at the rest
        day, clock, rest = save.path.name.removeprefix("cold-war-").split("-", 2)
        assert day.isdigit() and len(day) == 8 and clock.isdigit() and len(clock) == 6, save.path.name
        assert str(seed) not in rest
        names.add(save.path.name)
        save.close()
    assert len(names) == 3, "two games started in the same second get different names"


# ---------------------------------------------------------------- item 7: locks

HOLDER = r"""
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY)
fcntl.flock(fd, fcntl.LOCK_EX)
print("locked", flush=True)
time.sleep(60)
"""


@pytest.fixture
def other_window(tmp_path):
    """Start a process that holds the lock of a save (as another cardtable window does);
    yields a function taking the save path."""
    procs = []

    def hold(path):
        proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True)
        procs.append(proc)
        assert proc.stdout.readline().strip() == "locked"
        return proc

    yield hold
    for proc in procs:
        proc.kill()
        proc.wait()
        proc.stdout.close()


def test_a_save_open_in_another_window_is_not_opened_again(other_window):
    session = played(moves=4)
    path = session.save.path
    session.close()
    before = path.read_bytes()
    other_window(path)
    with pytest.raises(SaveError) as info:
        Session.from_save(path)
    assert str(info.value) == f"{path.name}: {LOCKED}"
    [listed] = list_saves(verify=True)
    assert listed.locked and listed.error is None
    assert path.read_bytes() == before


@pytest.mark.parametrize("named", [True, False], ids=["--resume FILE", "--resume"])
def test_resume_from_the_shell_says_the_game_is_open_elsewhere(other_window, capsys, named):
    from cardtable.cli import main

    session = played(moves=4)
    path = session.save.path
    session.close()
    other_window(path)
    assert main(["--resume", str(path)] if named else ["--resume"]) == 2
    err = capsys.readouterr().err
    assert err == f"cardtable: {path.name}: {LOCKED}\n"


def test_resume_from_the_shell_says_which_newer_game_it_passes_over(other_window, capsys):
    """A fresh tester's ``cardtable resume`` opened an older game without a word while the
    newest was open in another window: it says so on stderr, then resumes the older one."""
    import cardtable.cli as cli

    older = played(moves=2)
    older_path = older.save.path
    older.close()
    newer = played(moves=4)
    newer_path = newer.save.path
    newer.close()
    os.utime(older_path, (1_000_000, 1_000_000))  # the first made is the older by its time too
    other_window(newer_path)
    assert cli._find_save("", None) == older_path
    assert capsys.readouterr().err == f"cardtable: skipping {newer_path.name}: {LOCKED}\n"


def test_the_lock_is_held_while_playing_and_released_on_close():
    session = played(moves=2)
    path = session.save.path
    probe = subprocess.run(
        [sys.executable, "-c", "import fcntl, os, sys\nfd = os.open(sys.argv[1], os.O_RDONLY)\ntry:\n    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)\nexcept BlockingIOError:\n    print('busy')\nelse:\n    print('free')", str(path)],
        capture_output=True,
        text=True,
    )
    assert probe.stdout.strip() == "busy"
    session.close()
    probe = subprocess.run(probe.args, capture_output=True, text=True)
    assert probe.stdout.strip() == "free"


# ---------------------------------------------------------------- item 7: a hostile saves folder


def test_pipes_folders_and_huge_files_are_skipped_with_a_reason():
    played(moves=3, players=("Cat", "Dan")).close()
    folder = saves_dir()
    os.mkfifo(folder / "pipe.jsonl")
    (folder / "folder.jsonl").mkdir()
    with open(folder / "huge.jsonl", "wb") as fh:  # sparse: 3 GB on paper, nothing on disk
        fh.truncate(3 * 1024**3)
    started = time.monotonic()
    infos = {i.path.name: i for i in list_saves(verify=True)}
    assert time.monotonic() - started < 5, "a named pipe must never block the list"
    assert infos["pipe.jsonl"].error == "is a named pipe, not a save file"
    assert infos["folder.jsonl"].error == "is a folder, not a save file"
    assert infos["huge.jsonl"].error.startswith("is 3.0 GB; a save file is never larger than")
    good = [i for i in infos.values() if i.error is None]
    assert [i.players for i in good] == [("Cat", "Dan")]
    for name in ("pipe.jsonl", "folder.jsonl", "huge.jsonl"):
        with pytest.raises(SaveError):
            resume(folder / name)


def test_a_header_asking_for_a_billion_cards_is_refused_not_dealt(deck_duel):
    game = new_game("deck-duel", ("Ann", "Bob"), seed=1)
    save = SaveFile.create(game)
    save.close()
    lines = save.path.read_text().splitlines()
    header = json.loads(lines[0])
    header["setup"]["options"]["deck"] = [{"deck": "Big", "side": "red", "cards": {"red-knight": 10**9}}, "red-starter"]
    save.path.write_text(json.dumps(header) + "\n")
    [info] = list_saves(verify=True)
    assert "asks for 1000000000 copies of 'red-knight' (at most 99)" in info.error
    with pytest.raises(SaveError, match="damaged header"):
        resume(save.path)


@pytest.mark.parametrize(
    "header",
    [
        b'{"format":"cardtable-save","version":1,"game":"cold-war","cards":"x","setup":{"players":["A","B"]},"seed":' + b"9" * 5000 + b"}",
        b'{"format":"cardtable-save","version":1,"game":"cold-war","cards":"x","setup":' + b"[" * 100_000 + b"}",
        b'{"format":"cardtable-save","version":1,"game":"cold-war","cards":"x","setup":{"players":["A","B"]},"seed":-5}',
    ],
    ids=["5000-digit-seed", "deep-nesting", "negative-seed"],
)
def test_hostile_headers_give_one_line(header):
    folder = saves_dir()
    folder.mkdir(parents=True)
    path = folder / "hostile.jsonl"
    path.write_bytes(header + b"\n")
    [info] = list_saves(verify=True)
    assert info.error and "\n" not in info.error
    with pytest.raises(SaveError):
        resume(path)


def test_listing_reads_only_the_header_and_the_last_line(monkeypatch):
    for seed in range(4):
        finished(seed)
    unfinished = played(seed=9, moves=5)
    unfinished.close()
    # a finished game with a body of 20 MB: only its two ends are read
    big = saves_dir() / "big.jsonl"
    lines = finished(11).save.path.read_bytes().splitlines(keepends=True)
    with open(big, "wb") as fh:
        fh.write(lines[0])
        for _ in range(20 * 1024 * 1024 // len(lines[1])):
            fh.write(lines[1])
        fh.write(lines[-1])
    assert big.stat().st_size < MAX_SAVE_BYTES
    read = []
    real = os.pread

    def counting(fd, size, offset):
        data = real(fd, size, offset)
        read.append(len(data))
        return data

    monkeypatch.setattr(os, "pread", counting)
    infos = list_saves(quick=True)
    assert [i.path for i in infos] == [unfinished.save.path]
    assert sum(read) < 7 * 80 * 1024, f"read {sum(read)} bytes"
    assert peek_save(big).over
    read.clear()
    started = time.monotonic()
    assert [i.path for i in list_saves()] == [unfinished.save.path], "a finished game is known from its last line"
    assert time.monotonic() - started < 2
    assert sum(read) < 7 * 80 * 1024 + unfinished.save.path.stat().st_size


# ---------------------------------------------------------------- item 8: a full disk


def disk_full(monkeypatch):
    def full(fd, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files, "_write", full)


def test_a_full_disk_keeps_the_game_in_memory_and_loses_nothing_saved(monkeypatch):
    session = played(moves=4)
    path = session.save.path
    before = path.read_bytes()
    disk_full(monkeypatch)
    decision = session.decision()
    session.act(decision.actions[0])  # no traceback
    assert session.save_problem == (
        "Could not save the last move: No space left on device — the game goes on in memory; leaving will lose moves since then"
    )
    assert session.unsaved_moves == 1
    assert path.read_bytes() == before, "what was saved is untouched"
    session.act(session.decision().actions[0])
    assert session.unsaved_moves == 2
    monkeypatch.undo()  # the disk has room again: the next move writes the kept ones too
    session.act(session.decision().actions[0])
    assert session.save_problem is None and session.unsaved_moves == 0
    session.close()
    game, save = resume(path)
    save.close()
    assert game.snapshot() == session.game.snapshot()


def test_a_half_written_line_is_cut_off_again(monkeypatch):
    session = played(moves=3)
    path = session.save.path
    before = path.read_bytes()
    real = os.write
    calls = []

    def half_then_full(fd, data):
        calls.append(fd)
        if len(calls) == 1:
            return real(fd, bytes(data[:5]))  # the disk filled up mid-line
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files, "_write", half_then_full)
    session.act(session.decision().actions[0])
    assert session.save_problem and path.read_bytes() == before


def test_a_game_started_on_a_full_disk_is_saved_from_its_start_once_there_is_room(monkeypatch, cardtable_home):
    """h103: a fresh tester started a game on a full disk (a 200K tmpfs filled with dd),
    freed the space and played on: "Saving is off" stayed and no save was ever made. The
    save is now created with the header and every move so far once the disk has room."""
    disk_full(monkeypatch)
    game = new_game("cold-war", ("Ann", "Bob"), seed=5)
    save = SaveFile.create(game)  # no exception: the game goes on in memory
    session = Session(game, save)
    assert not save.written
    assert session.save_problem == (
        "Could not create the save file: No space left on device — the game goes on in memory"
        " and is saved from its start once there is room; leaving before that loses it"
    )
    play_randomly(session, 5, 3)
    assert session.unsaved_moves == 3 and not save.written
    assert not list((cardtable_home / "saves").glob("*.jsonl")), "nothing half-made is left"
    assert session.end_save_problem == "Could not create the save file: No space left on device — this game is not kept"
    monkeypatch.undo()  # room again: the next move creates the file with everything
    play_randomly(session, 6, 1)
    assert save.written and session.save_problem is None and session.unsaved_moves == 0
    assert [p.name for p in (cardtable_home / "saves").glob("*.jsonl")] == [save.path.name]
    session.close()
    resumed, again = resume(save.path)
    again.close()
    assert resumed.snapshot() == session.game.snapshot() and resumed.moves == 4


def test_a_save_not_created_for_want_of_room_is_retried_without_a_move(monkeypatch, cardtable_home):
    """``retry`` creates a save that could not be made at the start, as it writes kept moves."""
    disk_full(monkeypatch)
    game = new_game("cold-war", ("Ann", "Bob"), seed=5)
    save = SaveFile.create(game)
    assert not save.retry() and not save.written
    monkeypatch.undo()
    assert save.retry() and save.written and save.problem is None
    save.close()
    assert resume(save.path)[0].moves == 0


def test_a_read_only_save_is_resumed_in_memory(monkeypatch):
    """h103: in a read-only home the Resume list offered a game that Enter refused ("cannot
    be opened for writing"). As README says, it goes on in memory; the file is untouched."""
    session = played(moves=5)
    path = session.save.path
    session.close()
    before = path.read_bytes()
    read_only(monkeypatch)
    with pytest.raises(NotWritable):
        resume(path)
    again = Session.from_save(path)
    assert again.save is None and again.read_only_save == path
    assert again.save_problem == (
        f"Saving is off: {path.name} cannot be written (Read-only file system) — the game goes on"
        " in memory; leaving loses the moves played from now on"
    )
    assert again.game.snapshot() == session.game.snapshot()
    play_randomly(again, 8, 2)
    assert again.game.moves == 7 and path.read_bytes() == before
    play_randomly(again, 9, 10_000)
    assert again.end_save_problem == f"Saving is off: {path.name} cannot be written here — the moves since it was resumed are not kept"


def test_statistics_on_a_full_disk_keep_the_old_file(monkeypatch, cardtable_home):
    finished(1)
    stats = cardtable_home / "stats.json"
    before = stats.read_bytes()
    session = played(seed=2, moves=0)
    disk_full(monkeypatch)
    while session.decision() is not None:
        session.act(session.decision().actions[0])
    assert session.stats.problem.startswith("Could not save the statistics: No space left on device")
    assert stats.read_bytes() == before
    assert [p.name for p in cardtable_home.iterdir() if "tmp" in p.name] == []
    assert sum(r.played for r in session.stats.records("cold-war", ["Ann"])) == 2, "the result is kept in memory"


def test_decks_and_remembered_players_on_a_full_disk(monkeypatch, deck_duel):
    from cardtable.engine import get

    cls = get("deck-duel")
    path = save_deck(cls, "Mine", "red", {"red-knight": 2})
    before = path.read_bytes()
    assert remember_players("cold-war", ("Ann", "Bob")) is None
    disk_full(monkeypatch)
    with pytest.raises(OSError):
        save_deck(cls, "Mine", "red", {"red-knight": 3}, path=path, overwrite=True)
    assert path.read_bytes() == before
    problem = remember_players("cold-war", ("Cat", "Dan"))
    assert problem == "The players could not be remembered for next time (No space left on device)."
    assert last_players("cold-war") == ("Ann", "Bob")


# ---------------------------------------------------------------- item 8: a read-only home


def read_only(monkeypatch):
    """Refuse every file creation, as a read-only folder does (root ignores chmod)."""

    def refuse(path, flags, mode=0o600):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return os.open(path, flags, mode)

    monkeypatch.setattr(files, "_open", refuse)


def test_a_read_only_home_is_reported_and_games_go_on(monkeypatch, cardtable_home):
    read_only(monkeypatch)
    assert files.writable_problem(cardtable_home / "saves") == f"cannot write to {cardtable_home / 'saves'} (Read-only file system)"
    game = new_game("cold-war", ("Ann", "Bob"), seed=1)
    with pytest.raises(OSError):
        SaveFile.create(game)


@pytest.mark.skipif(os.geteuid() == 0, reason="running as root: chmod 0500 does not stop root writing (the monkeypatched variant covers it)")
def test_a_really_read_only_home(cardtable_home):
    os.chmod(cardtable_home, 0o500)
    try:
        assert "Permission denied" in files.writable_problem(cardtable_home / "saves")
        with pytest.raises(OSError):
            SaveFile.create(new_game("cold-war", ("Ann", "Bob"), seed=1))
    finally:
        os.chmod(cardtable_home, 0o700)
