"""SIGTERM (``kill``) and SIGHUP (the terminal closed: tmux kill-session, a window closed)
end ``cardtable play`` as Ctrl+C does (hostile tester): killed with no cleanup, a new game
left at its first "Pass to Ann" screen stayed in Resume as a save of 0 moves. A game with
a move keeps its save, and a closed terminal neither hangs the app nor stops it first."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from cardtable.engine.saves import read_save

ROOT = Path(__file__).resolve().parents[1]


class Terminal:
    """``cardtable play cold-war --names Ann,Bob`` in a pseudo-terminal of 120×40."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        env = dict(os.environ, CARDTABLE_HOME=str(home), TERM="xterm-256color", PYTHONPATH=str(ROOT))
        command = [sys.executable, "-m", "cardtable", "play", "cold-war", "--names", "Ann,Bob"]
        self.proc = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT, start_new_session=True)
        os.close(slave)
        self.seen = b""

    def read(self, seconds: float) -> None:
        """Read what the app draws for ``seconds`` (less once the terminal is closed)."""
        end = time.monotonic() + seconds
        while self.master >= 0 and time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    return
                if not chunk:
                    return
                self.seen += chunk

    def wait_for(self, text: bytes, seconds: float = 30) -> None:
        end = time.monotonic() + seconds
        while text not in self.seen and time.monotonic() < end and self.proc.poll() is None:
            self.read(0.1)
        assert text in self.seen, f"{text!r} never shown"

    def close(self) -> None:
        """Close the terminal's side of the pty, as a closed window or tmux kill-session does."""
        os.close(self.master)
        self.master = -1

    def stop(self, signum: int) -> tuple[int | None, float]:
        """Send ``signum``; the exit status and how long the app took to end (``None``: not
        within 5 s; it is then killed)."""
        start = time.monotonic()
        self.proc.send_signal(signum)
        while self.proc.poll() is None and time.monotonic() - start < 5:
            self.read(0.05) if self.master >= 0 else time.sleep(0.05)
        took = time.monotonic() - start
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
            return None, took
        self.read(0.2)
        return self.proc.returncode, took

    def saves(self) -> list[Path]:
        return sorted((self.home / "saves").glob("*.jsonl"))

    def end(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if self.master >= 0:
            self.close()


@pytest.fixture
def terminal(cardtable_home):
    term = Terminal(cardtable_home)
    yield term
    term.end()


def test_sigterm_at_the_first_hand_over_keeps_no_save(terminal):
    terminal.wait_for(b"Pass to")
    assert len(terminal.saves()) == 1, "the deal is on disk at once"
    code, took = terminal.stop(signal.SIGTERM)
    assert code == 128 + signal.SIGTERM and took < 3
    assert terminal.saves() == []
    assert b"stopped by SIGTERM" in terminal.seen and b"Traceback" not in terminal.seen


def test_sighup_at_the_first_hand_over_keeps_no_save(terminal):
    terminal.wait_for(b"Pass to")
    code, took = terminal.stop(signal.SIGHUP)
    assert code == 128 + signal.SIGHUP and took < 3
    assert terminal.saves() == []
    assert b"Traceback" not in terminal.seen


def test_a_closed_terminal_then_sighup_ends_at_once_and_keeps_no_save(terminal):
    """The terminal is gone first: drawing to it fails (a resize makes the app draw), and
    the app still ends within a few seconds, through its clean exit (status 129)."""
    terminal.wait_for(b"Pass to")
    terminal.close()
    terminal.proc.send_signal(signal.SIGWINCH)
    time.sleep(0.3)
    code, took = terminal.stop(signal.SIGHUP)
    assert code == 128 + signal.SIGHUP and took < 3
    assert terminal.saves() == []


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_game_with_a_move_keeps_its_save(terminal, signum):
    terminal.wait_for(b"Pass to")
    [path] = terminal.saves()
    end = time.monotonic() + 20
    while not read_save(path).actions and time.monotonic() < end:
        os.write(terminal.master, b"\r")  # Ann takes the device (once the app reads keys)
        terminal.read(0.5)
        os.write(terminal.master, b"3")  # a move: on disk before the key returns
        terminal.read(0.5)
    assert read_save(path).actions, "no move was made"
    terminal.read(0.5)
    before = path.read_bytes()
    code, took = terminal.stop(signum)
    assert code == 128 + signum and took < 3
    assert terminal.saves() == [path] and path.read_bytes() == before


async def test_in_the_app_sigterm_leaves_as_ctrl_c_and_the_handlers_before_come_back():
    from cardtable.ui import StartRequest, make_app

    def before_handler(signum, frame):  # pragma: no cover - never called
        raise AssertionError

    old = {s: signal.signal(s, before_handler) for s in (signal.SIGTERM, signal.SIGHUP)}
    try:
        app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert signal.getsignal(signal.SIGTERM) is not before_handler, "not caught: the kill would stop pytest"
            [path] = sorted((Path(os.environ["CARDTABLE_HOME"]) / "saves").glob("*.jsonl"))
            os.kill(os.getpid(), signal.SIGTERM)
            await pilot.pause(0.2)
        assert app.return_code == 128 + signal.SIGTERM
        assert not path.exists()
        assert signal.getsignal(signal.SIGTERM) is before_handler and signal.getsignal(signal.SIGHUP) is before_handler
    finally:
        for signum, handler in old.items():
            signal.signal(signum, handler)


def test_a_closed_terminal_drops_the_screen_instead_of_killing_the_writer_thread():
    """Textual's writer thread died on the first write to a closed terminal (EIO), and the
    app then hung once 30 writes waited in its queue."""
    from textual.drivers._writer_thread import WriterThread

    from cardtable.ui.app import QuietTerminal, terminal_gone

    master, slave = pty.openpty()
    os.close(master)
    with open(slave, "w", encoding="utf-8", closefd=True) as file:
        quiet = QuietTerminal(file)
        writer = WriterThread(quiet)
        writer.start()
        for _ in range(100):
            writer.write("\x1b[2J" + "x" * 100)
        writer.stop()  # returns: the thread was alive to take the stop
        assert quiet.failed
        try:
            file.close()
        except OSError:
            pass
    assert terminal_gone() is False  # the test's own stderr is no closed terminal
