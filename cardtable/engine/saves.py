"""Save files: JSON Lines, a header then one action per line, flushed and fsynced (DESIGN §4).

A game is fully determined by ``(game id, card data digest, setup, seed, actions)``, so a
save file stores exactly that and resuming replays the actions through the real rules.

* A torn last line (the program died while writing it) is dropped on resume; the file as
  it was is first copied to ``<save>.torn-<time>`` and the player is told in one line.
* A corrupt file, a file from a changed card set, or an action the rules refuse gives a
  one-line ``SaveError``; the file is kept untouched.
* A finished game ends with an ``{"over": true}`` line and is no longer offered for resume.

Saves live in ``<user data dir>/saves`` (``platformdirs.user_data_dir("cardtable")``), or
under ``$CARDTABLE_HOME/saves`` when that variable is set (tests use it).
"""

from __future__ import annotations

import errno
import hashlib
import json
from collections.abc import Callable
import os
import secrets
import stat
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from cardtable import __version__
from cardtable.cards import CardDataError
from cardtable.engine import files
from cardtable.engine.core import SEED_LIMIT, Action, IllegalAction, Setup, SetupError
from cardtable.engine.game import Game
from cardtable.engine.registry import UnknownGame, bundled_data_dir, find_cards, games, get, load_cards, load_cards_file

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no flock, saves are not locked
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "FORMAT",
    "VERSION",
    "LOCKED",
    "LOST",
    "SaveError",
    "NotWritable",
    "NO_ROOM",
    "SaveFile",
    "is_locked",
    "ends_finished",
    "SaveInfo",
    "home_dir",
    "home_problem",
    "saves_dir",
    "read_save",
    "computers_of",
    "resume",
    "resume_in_memory",
    "list_saves",
]

FORMAT = "cardtable-save"
VERSION = 1


class SaveError(Exception):
    """A save file that cannot be resumed; ``str()`` is one line naming the file and why."""

    def __init__(self, path: Path | str, reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{Path(path).name}: {reason}")


class NotWritable(SaveError):
    """A save that can be read but never written here (a read-only folder or file):
    ``Session.from_save`` plays it on in memory."""


NO_ROOM = frozenset({errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)})
"""The errors of a disk that may have room later: a save not created for them is retried."""

_NEVER_WRITABLE = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})
"""The errors of a file or folder that cannot be written at all (read-only, no permission)."""


def _new_name(directory: Path, prefix: str) -> Path:
    """A save's path: ``<prefix>-<random tag>.jsonl`` in ``directory`` (``prefix`` is the
    game id and the time, ``cold-war-20260101-120000``; never the seed)."""
    return directory / f"{prefix}-{secrets.token_hex(4)}.jsonl"


def home_dir() -> Path:
    """cardtable's data folder: ``$CARDTABLE_HOME`` or the platform user data dir."""
    custom = os.environ.get("CARDTABLE_HOME")
    if custom:
        return Path(custom)
    import platformdirs

    return Path(platformdirs.user_data_dir("cardtable", appauthor=False))


def home_problem() -> str | None:
    """Why cardtable's data folder cannot be a folder, in a few words naming it, or ``None``:
    ``"CARDTABLE_HOME /x is a file, not a folder"`` when the path (or the nearest part of it
    that exists) is something other than a folder; each entry point adds what that costs
    (the fresh tester's ``CARDTABLE_HOME`` naming a file gave "no unfinished game" and a
    stack of "Not a directory" toasts). A folder that exists but cannot be written is not
    this problem (``files.writable_problem`` says that). Never raises."""
    home = home_dir()
    named = f"CARDTABLE_HOME {home}" if os.environ.get("CARDTABLE_HOME") else f"cardtable's data folder {home}"
    probe = home
    while True:
        try:
            mode = os.stat(probe).st_mode
        except (FileNotFoundError, NotADirectoryError):  # not there (yet): its parent decides
            if probe == probe.parent:
                return None
            probe = probe.parent
            continue
        except OSError:
            return None  # no permission to look: writing says why, if it fails
        if stat.S_ISDIR(mode):
            return None
        what = "is a file, not a folder" if stat.S_ISREG(mode) else "is not a folder"
        return f"{named} {what}" if probe == home else f"{named} cannot be made: {probe} {what}"


NOTHING_TO_RESUME = "games cannot be saved, so there is none to resume"
"""What a home that is a file (``home_problem``) costs ``cardtable resume`` and the Resume list."""

NO_PAST_GAMES = "games cannot be saved, so there are no past games"
"""What it costs ``cardtable history`` and the Past games list."""

NO_STATISTICS = "statistics cannot be kept"
"""What it costs ``cardtable stats`` and the Statistics screen."""


def saves_dir() -> Path:
    """Where save files go (created on demand)."""
    return home_dir() / "saves"


LOCKED = "this game is open in another window"
"""The reason given for a save another cardtable window (or process) has open."""

LOST = "The save file of this game was deleted or replaced (perhaps from another window) — the game goes on in memory; leaving loses it"
"""The problem of a game whose save file vanished while it was open (``SaveFile.lost``)."""

MAX_SAVE_BYTES = 32 * 1024 * 1024
"""The largest save file read (a very long game is well under 1 MB); larger is not a save."""

MAX_HEADER_BYTES = 256 * 1024
"""The longest header line (set-up with every player's own deck is a few KB)."""

_TAIL_BYTES = 64 * 1024
"""How far from the end the Resume list and the menu look for the last line."""

# (device, inode) of every save this process holds locked -> the open descriptors on it
_HELD: dict[tuple[int, int], set[int]] = {}


def _lock(path: Path, fd: int) -> None:
    """Take the exclusive lock of the save open as ``fd`` (``flock``, non-blocking); a
    second descriptor of this process shares the first one's lock. Closes ``fd`` and
    raises ``SaveError(LOCKED)`` when another process holds it."""
    info = os.fstat(fd)
    key = (info.st_dev, info.st_ino)
    held = _HELD.get(key)
    if held:
        # this process has it open already (e.g. a list probing its own game): share it
        other = os.dup(next(iter(held)))
        os.dup2(other, fd)
        os.close(other)
        held.add(fd)
        return
    if fcntl is not None:
        for attempt in range(3):
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if attempt == 2:
                    os.close(fd)
                    raise SaveError(path, LOCKED) from None
                time.sleep(0.02)  # perhaps a Resume list of another window peeking
            except OSError:
                break  # a file system without locks: go on unlocked
    _HELD[key] = {fd}


def _unlock(fd: int) -> None:
    for key, fds in list(_HELD.items()):
        if fd in fds:
            fds.discard(fd)
            if not fds:
                del _HELD[key]
    try:
        os.close(fd)
    except OSError:
        pass


_PROBE_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
"""How a save is opened only to look at it: read-only, never blocking on a pipe or a lock."""


def is_locked(path: Path | str) -> bool:
    """Whether another process (another window) has the save ``path`` open for play."""
    if fcntl is None:
        return False
    try:
        fd = os.open(path, _PROBE_FLAGS)
    except OSError:
        return False
    try:
        info = os.fstat(fd)
        if (info.st_dev, info.st_ino) in _HELD:
            return False  # open in this very window
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        except OSError:
            return False
        return False
    finally:
        os.close(fd)  # closing drops the probe's shared lock


class SaveFile:
    """An open save file that grows by one line per action, locked while it is open.

    Every line is written and flushed to the operating system before ``append`` returns, so
    a killed process or a closed terminal loses nothing. ``fsync`` (protection against the
    whole machine failing) happens at once too, unless ``deferred_sync`` is set: then it
    waits for ``sync()``, which the UI calls right after repainting the screen.

    The file stays open with an exclusive ``flock`` until ``close()`` (or the process
    ends), so a second window cannot append to it too (``SaveError(LOCKED)``).

    A write that fails (a full disk, a folder turned read-only) never raises and never
    touches what is already saved: a half-written line is cut off again, the line is kept
    in memory with every later one, ``problem`` says what happened, and each later
    ``append`` first tries to write the kept lines, so the file catches up as soon as the
    disk has room. ``unsaved`` counts the lines only in memory. A game started on a full
    disk gets a save that is not ``written`` yet: its header waits in memory with the
    moves, and the file is created with all of them once the disk has room (``create``).

    Writing goes through the descriptor kept open, so a file deleted under the game would
    take the lines silently (into an inode nobody can reach): before each write the path is
    checked to still name the open file; when it does not, ``lost`` is set, ``problem``
    says so and nothing more is written.
    """

    def __init__(self, path: Path, deferred_sync: bool = False, *, fd: int | None = None) -> None:
        self.path = Path(path)
        self.deferred_sync = deferred_sync
        self._unsynced = False
        self._fd = fd
        self._pending: list[bytes] = []
        self._good: int | None = None
        self.problem: str | None = None
        """One line for the player while the last move could not be saved, else ``None``."""
        self.reason: str | None = None
        """Why the disk refused the last write (``problem`` says it to the player), else ``None``."""
        self.lost = False
        """Whether the file was deleted or replaced under the open game (e.g. from another
        window's Resume list): nothing more is written, every later move is only in memory."""
        self.computers: dict[int, str] = {}
        """The computer seats and levels of the save's header (set by ``resume``)."""
        self.torn_notice: str | None = None
        """One line for the player when ``resume`` dropped a torn last move (its bytes kept
        in a ``<save>.torn-<time>`` copy), else ``None``."""
        self._header: bytes | None = None
        """The header line while the file is not created yet (``create`` on a full disk)."""
        self._home = False
        """Whether creating the file must create cardtable's home folder first."""
        self.created: int | None = None
        """The size of the header when this object made the file (``create``): a file that
        is still that size holds no move (``discard``); ``None`` for a save opened."""

    @classmethod
    def open(cls, path: Path | str) -> SaveFile:
        """Open an existing save for appending and lock it. Raises ``SaveError`` (``LOCKED``
        when another window has it open, or when it cannot be opened)."""
        path = Path(path)
        try:
            fd = files._open(path, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except IsADirectoryError:
            raise SaveError(path, "is a folder, not a save file") from None
        except OSError as err:
            if err.errno == errno.ENXIO:  # a named pipe nobody reads
                raise SaveError(path, "is a named pipe, not a save file") from None
            if err.errno in _NEVER_WRITABLE:
                raise NotWritable(path, f"cannot be written ({files.reason(err)})") from None
            raise SaveError(path, f"cannot be opened for writing ({files.reason(err)})") from None
        why = _not_a_save(path, os.fstat(fd))
        if why is not None:
            os.close(fd)
            raise SaveError(path, why)
        _lock(path, fd)
        files.private_file(path)
        return cls(path, fd=fd)

    @classmethod
    def create(cls, game: Game, directory: Path | None = None, *, computers: dict[int, str] | None = None) -> SaveFile:
        """Write a new file (mode 0600, folder 0700) with the header for ``game`` (which
        must not have moved yet) and lock it. ``computers`` maps the seats played by the
        computer to their levels (header key ``computers``, ``{"1": "hard"}``; absent
        when every seat is a person, as in saves made before computer players). The name is the game id, the time and a
        random tag (``cold-war-20260101-120000-3fa9c2d1.jsonl``): never the seed, which
        would give the deal away.

        A disk with no room (``ENOSPC``, ``EDQUOT``) does not stop the game: the save is
        returned unwritten (``written`` is ``False``, ``problem`` says why), the header and
        every move are kept in memory, and each later ``append`` (or ``retry``) tries to
        create the file again with all of them (README, "Saving"). Raises ``OSError`` when
        the file can never be written there (a read-only folder, a home that is a file)."""
        home = directory is None
        directory = Path(directory) if directory is not None else saves_dir()
        header = {
            "format": FORMAT,
            "version": VERSION,
            "game": game.id,
            "cards": game.cardset.digest,
            "card_set": game.cardset.path,
            "setup": game.setup.to_json(),
            "seed": game.seed,
            "started": datetime.now().isoformat(timespec="seconds"),
            "app": __version__,
        }
        if computers:
            header["computers"] = {str(seat): level for seat, level in sorted(computers.items())}
        save = cls(_new_name(directory, f"{game.id}-{datetime.now():%Y%m%d-%H%M%S}"))
        save._header = (json.dumps(header, separators=(",", ":")) + "\n").encode("utf-8")
        save.created = len(save._header)
        save._home = home
        try:
            save._make_file()
        except OSError as err:
            if err.errno not in NO_ROOM:
                raise
            save._refused(files.reason(err))
        return save

    @property
    def written(self) -> bool:
        """Whether the file exists on disk (``False`` while ``create`` could not make it
        for want of room: then nothing of the game is saved yet)."""
        return self._header is None

    def _make_file(self) -> None:
        """Create the file with the header kept in memory (and the folders it needs) and
        lock it; from then on it is ``written``. Raises ``OSError`` (nothing left behind)."""
        assert self._header is not None
        if self._home:
            files.private_dir(home_dir())  # the home holds statistics and decks too
        files.private_dir(self.path.parent)
        while True:
            try:
                files.create_private(self.path, self._header)
                break
            except FileExistsError:
                self.path = _new_name(self.path.parent, self.path.name.rsplit("-", 1)[0])
        files._fsync_dir(self.path.parent)
        self._good, self._header = len(self._header), None
        try:
            self._descriptor()
        except (OSError, SaveError):
            pass  # the next write opens it again and says what is wrong

    def _descriptor(self) -> int:
        if self._fd is None:
            fd = files._open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0))
            _lock(self.path, fd)
            self._fd = fd
        return self._fd

    @property
    def unsaved(self) -> int:
        """How many lines (moves) are only in memory because writing them failed."""
        return len(self._pending)

    def _append(self, record: dict[str, Any]) -> None:
        self._pending.append((json.dumps(record, separators=(",", ":")) + "\n").encode("utf-8"))
        self._write_pending()

    def _write_pending(self) -> bool:
        """Write the lines kept in memory, oldest first; ``False`` (and ``problem`` set)
        when the disk refuses. Only bytes this object wrote are ever cut off. A file not
        created yet (``written``) is created first, with the header."""
        try:
            if self._header is not None:
                self._make_file()
            fd = self._descriptor()
            if self._good is None:
                self._good = os.fstat(fd).st_size
            elif os.fstat(fd).st_size != self._good:
                os.ftruncate(fd, self._good)  # the half line a failed write left
            if not self._still_there(fd):
                return False
        except SaveError as err:
            self._refused(err.reason)
            return False
        except OSError as err:
            self._refused(files.reason(err))
            return False
        while self._pending:
            line = self._pending[0]
            try:
                files.write_all(fd, line)
                if not self.deferred_sync:
                    os.fsync(fd)
            except OSError as err:
                self._refused(files.reason(err))
                try:
                    os.ftruncate(fd, self._good)
                except OSError:
                    pass  # tried again before the next write
                return False
            self._good += len(line)
            self._pending.pop(0)
            if self.deferred_sync:
                self._unsynced = True
        self.problem = self.reason = None
        return True

    def _refused(self, reason: str) -> None:
        """Note that the disk refused a write for ``reason`` (one line, e.g. "No space left
        on device"): ``reason`` and the player's ``problem`` line are set."""
        self.reason = reason
        if self._header is not None:
            self.problem = f"Could not create the save file: {reason} — the game goes on in memory and is saved from its start once there is room; leaving before that loses it"
        else:
            self.problem = f"Could not save the last move: {reason} — the game goes on in memory; leaving will lose moves since then"

    def _still_there(self, fd: int) -> bool:
        """Whether ``self.path`` still names the file open as ``fd``; when not (deleted or
        replaced), sets ``lost`` and ``problem`` and returns ``False``. Raises ``OSError``
        when the path cannot be looked at for another reason."""
        if not self.lost:
            try:
                named = os.stat(self.path)
            except FileNotFoundError:
                self.lost = True
            else:
                held = os.fstat(fd)
                self.lost = (named.st_dev, named.st_ino) != (held.st_dev, held.st_ino)
        if self.lost:
            self.problem = LOST
        return not self.lost

    def check(self) -> bool:
        """Whether the path still names this open save (``False``, with ``lost`` and
        ``problem`` set, when it was deleted or replaced). Never raises."""
        if self._fd is None:
            return not self.lost
        try:
            return self._still_there(self._fd)
        except OSError:
            return True  # cannot tell: the next write says what is wrong

    def retry(self) -> bool:
        """Try again to write the moves kept in memory; ``True`` when all are saved."""
        return self._write_pending() if self._pending or self._header is not None else True

    def sync(self) -> None:
        """fsync lines written since the last sync (no-op when there are none)."""
        if not self._unsynced or self._fd is None:
            return
        self._unsynced = False
        try:
            os.fsync(self._fd)
        except OSError as err:
            self._refused(files.reason(err))

    def append(self, action: Action) -> None:
        """Record one action (durable once this returns, unless ``problem`` is set)."""
        self._append(action.to_json())

    def finish(self, summary: str, winners: tuple[str, ...] = ()) -> None:
        """Mark the game finished (``summary``: the result sentence; ``winners``: names;
        ``ended``: the local time now, to the millisecond, which the Past games' length and
        order are taken from, never the file's modification time that a copy changes;
        ``lines``: the digest of every line before it, ``lines_digest``, so the Past games
        list can tell a finished save edited since without replaying it; left out when
        those lines cannot be read back)."""
        record: dict[str, Any] = {"over": True, "summary": summary, "winners": list(winners), "ended": datetime.now().isoformat(timespec="milliseconds")}
        before = self._lines_so_far()
        if before is not None:
            record["lines"] = lines_digest(before)
        self._append(record)

    def _lines_so_far(self) -> bytes | None:
        """The header and every move line of this save, written or still in memory, or
        ``None`` when the file cannot be read back (deleted, unreadable)."""
        if self._header is not None:
            return self._header + b"".join(self._pending)
        if self.lost:
            return None
        try:
            written = self.path.read_bytes()
        except OSError:
            return None
        if self._good is not None:
            written = written[: self._good]
        return written + b"".join(self._pending)

    def drop_last(self, count: int = 1) -> None:
        """Remove the last ``count`` action lines (undo): those still in memory first."""
        while count and self._pending:
            self._pending.pop()
            count -= 1
        if not count:
            if not self._pending and not self.lost and self._header is None:
                self.problem = self.reason = None
            return
        fd = self._descriptor()
        if not self._still_there(fd):
            return  # nothing on disk to take back
        data = self.path.read_bytes()
        lines = data.splitlines(keepends=True)
        if count >= len(lines):
            raise ValueError("cannot drop the header")
        keep = len(b"".join(lines[: len(lines) - count]))
        os.ftruncate(fd, keep)
        os.fsync(fd)
        self._good = keep

    def discard(self) -> bool:
        """Close the save and delete its file when it holds nothing but the header that
        ``create`` wrote (a game left before its first move: nothing to resume, and a game
        of 0 moves cluttered the Resume list); ``True`` when deleted. Every move is on disk
        as it is made, so a file with a move in it is kept (one whose moves were all undone
        is its header alone again, and goes). A save opened (``open``), not written yet (a
        full disk), deleted or replaced (``lost``), or grown by anything else is only
        closed. Never raises."""
        fd = self._fd
        gone = False
        if self.created is not None and fd is not None and not self._pending and self._good == self.created and self.check():
            try:
                if os.fstat(fd).st_size == self.created:
                    os.unlink(self.path)  # still locked: no other window has it open
                    files._fsync_dir(self.path.parent)
                    gone = True
            except OSError:
                pass  # kept: a game of 0 moves in the Resume list, as before
        self.close()
        return gone

    def close(self) -> None:
        """Release the lock and the file (the game can then be resumed elsewhere)."""
        if self._fd is not None:
            self.sync()
            fd, self._fd = self._fd, None
            _unlock(fd)

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass


def lines_digest(data: bytes) -> str:
    """The digest a finished save's end line keeps of the lines before it (``lines``)."""
    return hashlib.sha256(data).hexdigest()[:32]


@dataclass(frozen=True)
class SaveData:
    """A parsed save file: its header, its actions and whether it finished or was torn."""

    path: Path
    header: dict[str, Any]
    actions: tuple[Action, ...]
    over: bool
    torn: bool
    good_length: int
    """Bytes up to the end of the last complete line."""
    end: dict[str, Any] | None = None
    """The end line of a finished game (``summary``, and ``winners`` in newer saves)."""
    before_end: str | None = None
    """``lines_digest`` of the lines before the end line (a finished game's), to compare
    with the ``lines`` the end line recorded (newer saves)."""

    @property
    def edited(self) -> bool:
        """Whether a finished save's lines before its end line differ from the ones its
        end line recorded (a move or the header edited since the game ended). ``False``
        when the save records no digest (older saves): replaying it is then the test."""
        recorded = (self.end or {}).get("lines")
        return isinstance(recorded, str) and recorded != self.before_end


def _size_text(size: int) -> str:
    for unit, step in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if size >= step:
            return f"{size / step:.1f} {unit}"
    return f"{size} bytes"


def _not_a_save(path: Path, info: os.stat_result) -> str | None:
    """Why the entry ``info`` in the saves folder is not read as a save (``None``: read it)."""
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        return "is a folder, not a save file"
    if stat.S_ISFIFO(mode):
        return "is a named pipe, not a save file"
    if not stat.S_ISREG(mode):
        return "is not a regular file"
    if info.st_size > MAX_SAVE_BYTES:
        return f"is {_size_text(info.st_size)}; a save file is never larger than {_size_text(MAX_SAVE_BYTES)}"
    return None


def _open_save(path: Path) -> tuple[int, os.stat_result]:
    """Open a save for reading without ever blocking (a named pipe, a device): the open
    descriptor and its ``fstat``; a save we own is tightened to mode 0600. Raises
    ``SaveError`` for what is not a regular file of sane size, or cannot be read."""
    try:
        fd = os.open(path, _PROBE_FLAGS | getattr(os, "O_NOCTTY", 0))
    except IsADirectoryError:
        raise SaveError(path, "is a folder, not a save file") from None
    except OSError as err:
        raise SaveError(path, f"cannot be read ({files.reason(err)})") from None
    info = os.fstat(fd)
    why = _not_a_save(path, info)
    if why is not None:
        os.close(fd)
        raise SaveError(path, why)
    files.private_file(path)  # a save of an older cardtable (or copied in) becomes 0600
    return fd, info


def _read_at(fd: int, size: int, offset: int) -> bytes:
    """Up to ``size`` bytes from ``offset`` (every read of a save goes through here)."""
    chunks = []
    while size > 0:
        chunk = os.pread(fd, min(size, 1 << 20), offset)
        if not chunk:
            break
        chunks.append(chunk)
        size -= len(chunk)
        offset += len(chunk)
    return b"".join(chunks)


def _json_line(raw: bytes) -> Any:
    """One JSON line; ``ValueError`` for anything that is not (bad UTF-8, bad JSON, an
    integer of thousands of digits, nesting deeper than Python's stack)."""
    try:
        return json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deeply") from None


def _check_header(path: Path, first: bytes) -> dict[str, Any]:
    """The parsed and bounded header line of a save. Raises ``SaveError``."""
    if len(first) > MAX_HEADER_BYTES:
        raise SaveError(path, "is not a cardtable save (the first line is far too long for a header)")
    try:
        header = _json_line(first)
    except ValueError:
        raise SaveError(path, "is not a cardtable save (the first line is not a JSON header)") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise SaveError(path, "is not a cardtable save (missing 'format: cardtable-save' header)")
    version = header.get("version")
    if version != VERSION:
        shown = version if isinstance(version, (int, float, str, type(None))) and len(str(version)) <= 20 else "?"
        raise SaveError(path, f"was written in save format version {shown!r}; this cardtable reads version {VERSION}")
    for key in ("game", "cards", "setup", "seed"):
        if key not in header:
            raise SaveError(path, f"has a damaged header (no '{key}')")
    if not isinstance(header["game"], str) or len(header["game"]) > 40 or not isinstance(header["cards"], str):
        raise SaveError(path, "has a damaged header (the game or card set is not a short text)")
    seed = header["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError(path, "has a damaged header (the seed is not a whole number)")
    if not 0 <= seed < SEED_LIMIT:
        raise SaveError(path, "has a damaged header (the seed is out of range)")
    try:
        setup = Setup.from_json(header["setup"])
    except (ValueError, TypeError, SetupError) as err:
        raise SaveError(path, f"has a damaged header ({str(err)[:120]})") from None
    if not 1 <= len(setup.players) <= 16 or any(len(name) > 64 for name in setup.players):
        raise SaveError(path, "has a damaged header (the players are not a short list of names)")
    computers_of(path, header, len(setup.players))
    return header


def computers_of(path: Path, header: dict[str, Any], players: int) -> dict[int, str]:
    """The computer seats of a save header: seat (0-based) → level. A header without
    ``computers`` (every save made before computer players) has none: every seat is a
    person. Raises ``SaveError`` when the entry is not a mapping of seats to known levels."""
    from cardtable.bots import LEVELS

    raw = header.get("computers", {})
    bad = SaveError(path, "has a damaged header (the computer players are not seats with levels)")
    if not isinstance(raw, dict):
        raise bad
    computers: dict[int, str] = {}
    for key, level in raw.items():
        if not (isinstance(key, str) and key.isdigit() and len(key) <= 2 and int(key) < players) or not isinstance(level, str) or level not in LEVELS:
            raise bad
        computers[int(key)] = level
    return computers


def read_save(path: Path | str) -> SaveData:
    """Parse a save file without replaying it. Raises ``SaveError``; never changes the
    file's contents (one we own is tightened to mode 0600, as every save we read).

    Only a regular file of at most ``MAX_SAVE_BYTES`` is read (a named pipe or a folder is
    refused at once, without blocking); its header is bounded (``_check_header``)."""
    path = Path(path)
    fd, info = _open_save(path)
    try:
        data = _read_at(fd, info.st_size, 0)
    except OSError as err:
        raise SaveError(path, f"cannot be read ({files.reason(err)})") from None
    finally:
        os.close(fd)
    if not data.strip():
        raise SaveError(path, "is empty (no header line)")
    lines = data.split(b"\n")
    torn = False
    if data.endswith(b"\n"):
        lines = lines[:-1]
    else:
        # the last line was being written when the program stopped: drop it
        torn = True
        lines = lines[:-1]
    good_length = sum(len(line) + 1 for line in lines)
    if not lines:
        raise SaveError(path, "has no complete header line")
    header = _check_header(path, lines[0])
    actions: list[Action] = []
    over = False
    end: dict[str, Any] | None = None
    before_end: str | None = None
    for number, raw in enumerate(lines[1:], start=2):
        try:
            record = _json_line(raw)
        except ValueError:
            raise SaveError(path, f"line {number} is damaged (not JSON)") from None
        if isinstance(record, dict) and record.get("over") is True:
            over, end = True, record
            before_end = lines_digest(b"".join(line + b"\n" for line in lines[: number - 1]))
            continue
        if over:
            raise SaveError(path, f"line {number} comes after the end of the game")
        try:
            actions.append(Action.from_json(record))
        except (ValueError, RecursionError) as err:
            raise SaveError(path, f"line {number} is damaged ({str(err)[:120]})") from None
    return SaveData(path, header, tuple(actions), over, torn, good_length, end, before_end)


_FINISHED: dict[tuple[str, int, float], bool] = {}
"""Per (path, size, mtime): whether the file ends with the game-over line (a finished
game never changes again, so the menu's later counts cost one ``stat`` per file)."""


def _ends_finished(path: Path, info: os.stat_result) -> bool:
    """Whether the last complete line of the save is ``{"over": true, ...}``, reading at
    most the last 4 KB. Never raises (``False`` when in doubt: the caller looks closer)."""
    key = (str(path), info.st_size, info.st_mtime)
    known = _FINISHED.get(key)
    if known is not None:
        return known
    try:
        fd = os.open(path, _PROBE_FLAGS)
    except OSError:
        return False
    try:
        start = max(0, info.st_size - 4096)
        tail = os.pread(fd, info.st_size - start, start)
    except OSError:
        return False
    finally:
        os.close(fd)
    body = tail[: tail.rfind(b"\n")] if b"\n" in tail else b""
    last = body.rsplit(b"\n", 1)[-1] if b"\n" in body else b""  # never the header line itself
    over = last.startswith(b'{"over":true')
    if over:
        try:
            record = _json_line(last)
        except ValueError:
            record = None
        over = isinstance(record, dict) and record.get("over") is True
    if len(_FINISHED) > 10_000:
        _FINISHED.clear()
    _FINISHED[key] = over
    return over


def ends_finished(path: Path | str) -> bool:
    """Whether the last complete line of the file ``path`` marks a finished game, however
    damaged the rest is (reads at most its last 4 KB; ``False`` when it cannot be read)."""
    path = Path(path)
    try:
        info = path.stat()
    except OSError:
        return False
    return _not_a_save(path, info) is None and _ends_finished(path, info)


@dataclass(frozen=True)
class SavePeek:
    """What the first and the last line of a save say (``peek_save``): its checked header
    and whether its last complete line marks the game finished."""

    path: Path
    header: dict[str, Any]
    over: bool
    size: int
    modified: float
    damage: str | None = None
    """What is wrong with the last line, if anything (``read_save`` names the line)."""


def peek_save(path: Path | str) -> SavePeek:
    """Read only the header line and the last line of a save (seeking from the end), so
    its cost does not grow with the game. Raises ``SaveError`` for what the header and the
    last line show to be wrong; damage in the middle is found by ``read_save``."""
    path = Path(path)
    fd, info = _open_save(path)
    try:
        size = info.st_size
        if size == 0:
            raise SaveError(path, "is empty (no header line)")
        first = b""
        while b"\n" not in first and len(first) <= MAX_HEADER_BYTES and len(first) < size:
            first += _read_at(fd, 8192, len(first))
        if b"\n" not in first:
            if not first.strip():
                raise SaveError(path, "is empty (no header line)")
            if len(first) <= MAX_HEADER_BYTES:
                raise SaveError(path, "has no complete header line")
        header = _check_header(path, first.split(b"\n", 1)[0])
        start = max(0, size - _TAIL_BYTES)
        tail = _read_at(fd, size - start, start)
    except OSError as err:
        raise SaveError(path, f"cannot be read ({files.reason(err)})") from None
    finally:
        os.close(fd)
    complete = tail[: tail.rfind(b"\n")] if b"\n" in tail else b""  # a torn last line is dropped
    last = complete.rsplit(b"\n", 1)[-1]
    over = False
    if last and start + len(complete) > len(first.split(b"\n", 1)[0]):  # not the header itself
        try:
            record = _json_line(last)
        except ValueError:
            return SavePeek(path, header, False, size, info.st_mtime, "its last line is damaged (not JSON)")
        over = isinstance(record, dict) and record.get("over") is True
    return SavePeek(path, header, over, size, info.st_mtime)


def _game_of_cards(game_id: str, digest: str, cards_dir: str | os.PathLike[str] | None) -> str | None:
    """The title of another game (not ``game_id``) one of whose available card sets has the
    content ``digest``, else ``None``: a save whose header names the wrong game."""
    for other in games():
        if other.id != game_id and find_cards(other.id, digest, cards_dir) is not None:
            return other.title
    return None


def _bundled_digest(game_id: str) -> str | None:
    """The content digest of ``game_id``'s bundled main card file (``None`` when it cannot
    be read), whatever custom folder the run uses."""
    try:
        return load_cards_file(game_id, bundled_data_dir() / f"{game_id}.yaml").digest
    except (CardDataError, OSError):
        return None


def _cards_for(data: SaveData, cls: type[Game], cards_dir: str | os.PathLike[str] | None) -> Any:
    """The card set a save was made with: any available set of the game (main or added, see
    ``registry.card_sets``) with the header's digest, or else the custom file the header
    names, if it still has that content. Raises ``SaveError``."""
    path, header = data.path, data.header
    used = header.get("card_set")
    found = find_cards(cls.id, str(header["cards"]), cards_dir, prefer=used)
    if found is not None:
        return found
    custom = isinstance(used, str) and Path(used).is_absolute()
    if custom and Path(used).is_file():
        try:
            other = load_cards_file(cls.id, used)
        except CardDataError:
            other = None
        if other is not None and other.digest == header["cards"]:
            return other
    try:
        cardset = load_cards(cls.id, cards_dir)
    except CardDataError as err:
        raise SaveError(path, f"cannot load the {cls.title} cards: {err}") from None
    owner = _game_of_cards(cls.id, str(header["cards"]), cards_dir)
    if owner is not None:
        raise SaveError(path, f"has a header that says {cls.title} but its cards are {owner}'s: the header was edited or damaged")
    if custom:
        why = f"it was played with {used}, which has changed or is gone"
    elif _bundled_digest(cls.id) == header["cards"]:
        # a hostile-player trial: the bundled file had not changed, this run only replaced it
        why = f"it was played with the bundled {used or 'cards'}, which this run replaces: resume it without --cards-dir or CARDTABLE_CARDS"
    else:
        why = f"it was played with {used or 'the bundled cards'}, which has changed since, or the save's header was edited"
    raise SaveError(path, f"was made with a different {cls.title} card set than {cardset.path} ({why}); it cannot be replayed")


def replay(data: SaveData, cards_dir: str | os.PathLike[str] | None = None, *, step: Callable[[Game, Action], None] | None = None) -> Game:
    """Rebuild the game of a parsed save by replaying its actions. Raises ``SaveError``.

    ``step(game, action)``, when given, applies each action instead of ``game.act`` (the
    session uses it to note which moves may be undone in the same single pass)."""
    path, header = data.path, data.header
    try:
        cls = get(header["game"])
    except UnknownGame:
        raise SaveError(path, f"is for an unknown game '{header['game']}'") from None
    cardset = _cards_for(data, cls, cards_dir)
    try:
        setup = Setup.from_json(header["setup"])
        game = cls(cardset, setup, header["seed"])
    except (ValueError, SetupError) as err:
        raise SaveError(path, f"has a damaged header ({err})") from None
    apply = step or type(game).act
    for number, action in enumerate(data.actions, start=1):
        try:
            apply(game, action)
        except IllegalAction:
            raise SaveError(path, f"move {number} ({action.type}) is not a legal move at that point: the file was edited or damaged") from None
    return game


def _keep_torn(path: Path) -> Path:
    """Copy a save with a torn last line aside, byte for byte, as ``<save>.torn-<UTC time>``
    (mode 0600) before ``resume`` trims it, so no written byte is lost. Raises ``OSError``."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    kept = files.unused_name(path.with_name(f"{path.name}.torn-{stamp}"))
    files.create_private(kept, path.read_bytes())
    return kept


def resume(path: Path | str, cards_dir: str | os.PathLike[str] | None = None, *, step: Callable[[Game, Action], None] | None = None) -> tuple[Game, SaveFile]:
    """Load a save for further play: lock it, replay it (``step`` as in ``replay``) and
    drop a torn last line, after copying the file aside (``_keep_torn``) and setting
    ``save.torn_notice``.

    Raises ``SaveError`` (file untouched) when it cannot be resumed, is already finished,
    or is open in another window (``LOCKED``: then it is not even read); ``NotWritable``
    when it can only be read here (``resume_in_memory`` plays such a save).
    """
    save = SaveFile.open(path)
    try:
        data, game, save.computers = _replayed(path, cards_dir, step)
        if data.torn:
            kept = _keep_torn(data.path)
            os.ftruncate(save._descriptor(), data.good_length)
            os.fsync(save._descriptor())
            save.torn_notice = f"The last move in {data.path.name} was only half written and was dropped (the original file is kept as {kept.name})."
    except OSError as err:
        save.close()
        raise SaveError(path, f"cannot be repaired ({files.reason(err)})") from None
    except BaseException:
        save.close()
        raise
    return game, save


def _replayed(path: Path | str, cards_dir: str | os.PathLike[str] | None, step: Callable[[Game, Action], None] | None) -> tuple[SaveData, Game, dict[int, str]]:
    """An unfinished save read, replayed (``step`` as in ``replay``) and its computer seats.
    Raises ``SaveError``."""
    data = read_save(path)
    if data.over:
        raise SaveError(data.path, "is a finished game")
    game = replay(data, cards_dir, step=step)
    return data, game, computers_of(data.path, data.header, len(game.players))


def resume_in_memory(path: Path | str, cards_dir: str | os.PathLike[str] | None = None, *, step: Callable[[Game, Action], None] | None = None) -> tuple[Game, dict[int, str]]:
    """Load a save that cannot be written here (``NotWritable``: a read-only folder or
    file) for play in memory only (README, "Saving"): the game replayed (``step`` as in
    ``replay``; a torn last move is left out, the file is not touched) and its computer
    seats (seat → level). Nothing is locked or written. Raises ``SaveError`` as
    ``resume`` does when it cannot be resumed."""
    _, game, computers = _replayed(path, cards_dir, step)
    return game, computers


@dataclass(frozen=True)
class SaveInfo:
    """One line of the Resume list. ``error`` says why it cannot be resumed; ``locked``
    that another window has it open (``LOCKED``); ``moves`` is 0 for a quick listing."""

    path: Path
    game: str
    title: str
    players: tuple[str, ...]
    modified: float
    moves: int
    over: bool
    error: str | None = None
    locked: bool = False
    computers: dict[int, str] = field(default_factory=dict)
    """The seats played by the computer: seat (0-based) -> level (``computers_of``)."""

    @property
    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))


def list_saves(
    directory: Path | None = None,
    include_finished: bool = False,
    cards_dir: str | os.PathLike[str] | None = None,
    verify: bool = False,
    check_cards: bool = True,
    quick: bool = False,
) -> list[SaveInfo]:
    """Saved games, newest first. Damaged files are listed with their ``error``, never raised.

    What is checked, from cheap to dear:

    * every entry of the folder: only regular files of at most ``MAX_SAVE_BYTES`` are
      opened (a folder, a named pipe or a huge file is listed with the reason);
    * the header line and the last line (``peek_save``, reading from the end): a bounded,
      well-formed header, and whether the game is finished. Finished games are skipped
      here unless ``include_finished``, so a thousand of them cost next to nothing;
    * ``quick`` stops there (the menu's count: ``moves`` is 0, damage in the middle of a
      file is not seen); otherwise the whole file is parsed (``read_save``) for the move
      count and damaged lines;
    * ``check_cards`` (default) compares the save's card set with the available ones;
    * ``verify`` replays each unfinished save, so moves the rules refuse are flagged too
      (the Resume list does this; the menu does not).

    Every regular file listed that we own is tightened to mode 0600 (``files.private_file``:
    its contents untouched; one we cannot change is left as it is).

    ``locked`` is set for a save another window has open.
    """
    directory = Path(directory) if directory is not None else saves_dir()
    if not directory.is_dir():
        return []
    out: list[SaveInfo] = []
    for path in directory.glob("*.jsonl"):
        try:
            info = path.stat()
        except OSError:
            continue
        modified = info.st_mtime

        def broken(reason: str) -> None:
            out.append(SaveInfo(path, "?", "?", (), modified, 0, False, reason))

        why = _not_a_save(path, info)
        if why is not None:
            broken(why)
            continue
        files.private_file(path)  # finished ones too, known from their last line alone
        if not include_finished and _ends_finished(path, info):
            continue  # a finished game: known from its last line alone
        try:
            peek = peek_save(path)
        except SaveError as err:
            broken(err.reason)
            continue
        if peek.over and not include_finished:
            continue
        header, over, moves = peek.header, peek.over, 0
        if quick and peek.damage:
            broken(peek.damage)
            continue
        if not quick:
            try:
                data = read_save(path)
            except SaveError as err:
                broken(err.reason)
                continue
            header, over, moves = data.header, data.over, len(data.actions)
        if over and not include_finished:
            continue
        game_id = str(header.get("game"))
        setup = header.get("setup")
        players = tuple(map(str, setup.get("players", ()))) if isinstance(setup, dict) else ()
        error = None
        computers: dict[int, str] = {}
        try:
            computers = computers_of(path, header, len(players))
        except SaveError as err:
            error = err.reason
        title = game_id
        try:
            cls = get(game_id)
            title = cls.title
            if (check_cards or verify) and not quick:
                _cards_for(data, cls, cards_dir)
        except UnknownGame:
            error = f"is for an unknown game '{game_id}'"
        except SaveError as err:
            error = err.reason
        if verify and error is None and not over and not quick:
            try:
                replay(data, cards_dir)
            except SaveError as err:
                error = err.reason
        locked = not over and error is None and is_locked(path)
        out.append(SaveInfo(path, game_id, title, players, modified, moves, over, error, locked, computers))
    out.sort(key=lambda s: s.modified, reverse=True)
    return out
