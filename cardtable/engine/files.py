"""Our files on disk: private (mode 0600, folders 0700), written so nothing saved is lost.

Saves hold the seed and every move, so anyone who can read them can rebuild a deal; the
other files (statistics, decks, remembered players, crash reports) are nobody else's
business either. Everything cardtable writes goes through this module:

* ``private_dir(path)`` creates a folder (and its missing parents) with mode 0700 and
  tightens an existing one that we own to 0700.
* ``create_private(path)`` creates a new file with mode 0600 (it must not exist).
* ``write_private(path, data)`` replaces a whole file atomically: the new content goes to
  a temporary file (0600) that is fsynced and renamed over the old one, so a full disk or
  a crash leaves the old file as it was. The temporary file is removed on failure.
* ``write_all(fd, data)`` writes every byte (``os.write`` may write less than asked).

Every failure is an ``OSError``; ``reason(err)`` turns it into the few words a player
reads ("No space left on device"). The two low-level calls ``_open`` and ``_write`` are
the only places that touch the disk for writing, so tests simulate a full disk or a
read-only folder by replacing them.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

__all__ = ["FILE_MODE", "DIR_MODE", "private_dir", "create_private", "write_private", "write_all", "reason", "write_error", "writable_problem"]

FILE_MODE = 0o600
DIR_MODE = 0o700


def _open(path: str | os.PathLike[str], flags: int, mode: int = FILE_MODE) -> int:
    """``os.open`` for writing (tests replace it to simulate a read-only folder)."""
    return os.open(path, flags, mode)


def _write(fd: int, data: bytes) -> int:
    """``os.write`` (tests replace it to simulate a full disk)."""
    return os.write(fd, data)


def reason(err: OSError) -> str:
    """The words a player reads for ``err``: its ``strerror`` ("No space left on device")."""
    return err.strerror or str(err) or type(err).__name__


def _tighten(path: Path, mode: int) -> None:
    """chmod ``path`` to ``mode`` when we own it and it is looser (never follows a link)."""
    try:
        info = os.lstat(path)
    except OSError:
        return
    if stat.S_ISLNK(info.st_mode) or info.st_uid != os.getuid():
        return
    if stat.S_IMODE(info.st_mode) & ~mode:
        try:
            os.chmod(path, mode)
        except OSError:
            pass


def private_dir(path: str | os.PathLike[str]) -> Path:
    """Create ``path`` (and missing parents) with mode 0700, or tighten an existing folder
    we own to 0700. Returns the path. Raises ``OSError`` when it cannot be created."""
    path = Path(path)
    if not path.is_dir():
        missing = []
        probe = path
        while not probe.exists() and probe != probe.parent:
            missing.append(probe)
            probe = probe.parent
        for folder in reversed(missing):
            try:
                os.mkdir(folder, DIR_MODE)
            except FileExistsError:
                pass
    _tighten(path, DIR_MODE)
    return path


def private_file(path: str | os.PathLike[str]) -> None:
    """Tighten an existing file we own to mode 0600 (e.g. a save written by an older
    cardtable). Never raises."""
    _tighten(Path(path), FILE_MODE)


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd``. Raises ``OSError`` (part may have been written)."""
    view = memoryview(data)
    while view:
        written = _write(fd, view)
        if written <= 0:  # pragma: no cover - a write that makes no progress
            raise OSError(5, "Input/output error")
        view = view[written:]


def create_private(path: str | os.PathLike[str], data: bytes = b"", *, sync: bool = True) -> None:
    """Create the new file ``path`` (mode 0600) holding ``data``. Raises
    ``FileExistsError`` when it exists, other ``OSError``s when it cannot be written (a
    file left half-written is removed)."""
    fd = _open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0))
    try:
        write_all(fd, data)
        if sync:
            os.fsync(fd)
    except BaseException:
        os.close(fd)
        try:
            os.unlink(path)
        except OSError:
            pass
        raise
    os.close(fd)


def unused_name(path: Path) -> Path:
    """``path`` itself when nothing is there, else the first of ``<path>-2``, ``<path>-3``…
    that is free: the name for a copy kept aside (a damaged statistics file, a torn save),
    so a second one within the same second never replaces the first."""
    kept, number = path, 2
    while kept.exists():
        kept = path.with_name(f"{path.name}-{number}")
        number += 1
    return kept


def write_private(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Replace the whole file ``path`` with ``data`` atomically (mode 0600; its folder is
    created 0700). On failure the old file is untouched and the temporary file removed.
    Raises ``OSError``."""
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    private_dir(path.parent)
    temp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    create_private(temp, raw)
    try:
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_error(folder: str | os.PathLike[str]) -> OSError | None:
    """The error that stops files being written in ``folder`` (created 0700 if missing), or
    ``None`` when a test file can be created and removed there. Never raises."""
    folder = Path(folder)
    try:
        private_dir(folder)
        probe = folder / f".write-test-{secrets.token_hex(4)}"
        create_private(probe, b"ok", sync=False)
        os.unlink(probe)
    except OSError as err:
        return err
    return None


def writable_problem(folder: str | os.PathLike[str]) -> str | None:
    """Why files cannot be written in ``folder`` (``write_error`` in a few words: "cannot
    write to /x (Read-only file system)"), or ``None``. Never raises."""
    err = write_error(folder)
    return None if err is None else f"cannot write to {folder} ({reason(err)})"
