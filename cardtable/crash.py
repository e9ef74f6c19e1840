"""The one crash handler of the app and the CLI.

A crash must never print game state on the shared screen (a traceback with local variables
shows a whole hand). So the full report, locals included, goes to a private file under
``<data folder>/crash-reports/`` (mode 0600, folder 0700), and the terminal gets one line:
the game is saved (every move is written as it is made) and where the report is. The
program then exits with ``EXIT_CRASH``.
"""

from __future__ import annotations

import io
import os
import sys
import time
from pathlib import Path

__all__ = ["EXIT_CRASH", "EXIT_INTERRUPTED", "write_report", "crash_line", "report_crash"]

EXIT_CRASH = 70
"""Exit status after an internal error (``EX_SOFTWARE`` of sysexits.h)."""

EXIT_INTERRUPTED = 130
"""Exit status after Ctrl+C (128 + SIGINT, as shells report it)."""


def _report_text(error: BaseException) -> str:
    """The full report: version, Python, the command line and the traceback with locals."""
    from rich.console import Console
    from rich.traceback import Traceback

    from cardtable import __version__

    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, force_terminal=False, highlight=False)
    console.print(f"cardtable {__version__} crash report, {time.strftime('%Y-%m-%d %H:%M:%S %Z')}", markup=False)
    console.print(f"Python {sys.version.split()[0]} on {sys.platform}; command: {sys.argv!r}", markup=False)
    console.print(Traceback.from_exception(type(error), error, error.__traceback__, show_locals=True, width=120, locals_max_length=20))
    return out.getvalue()


def write_report(error: BaseException) -> Path | None:
    """Write the crash report of ``error`` to a new file only the user can read, and return
    its path; ``None`` when it cannot be written (a full disk must not hide the first error)."""
    from cardtable.engine.saves import home_dir

    try:
        folder = home_dir() / "crash-reports"
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(folder, 0o700)
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        for n in range(100):
            path = folder / f"crash-{stamp}-{os.getpid()}{f'-{n}' if n else ''}.txt"
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(_report_text(error))
            return path
    except Exception:  # noqa: BLE001 - the report is best effort; the one line still prints
        return None
    return None


def crash_line(path: Path | None) -> str:
    """The one line printed after a crash."""
    where = f"report: {path}" if path is not None else "no report could be written"
    return f"cardtable stopped on an internal error; every game is saved up to its last move ({where})"


def report_crash(error: BaseException) -> str:
    """Write the report of ``error`` and return the one line to print."""
    return crash_line(write_report(error))
