"""Save files: JSON Lines, a header then one action per line, flushed and fsynced (DESIGN §4).

A game is fully determined by ``(game id, card data digest, setup, seed, actions)``, so a
save file stores exactly that and resuming replays the actions through the real rules.

* A torn last line (the program died while writing it) is dropped.
* A corrupt file, a file from a changed card set, or an action the rules refuse gives a
  one-line ``SaveError``; the file is kept untouched.
* A finished game ends with an ``{"over": true}`` line and is no longer offered for resume.

Saves live in ``<user data dir>/saves`` (``platformdirs.user_data_dir("cardtable")``), or
under ``$CARDTABLE_HOME/saves`` when that variable is set (tests use it).
"""

from __future__ import annotations

import json
from collections.abc import Callable
import os
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from cardtable import __version__
from cardtable.cards import CardDataError
from cardtable.engine.core import Action, IllegalAction, Setup, SetupError
from cardtable.engine.game import Game
from cardtable.engine.registry import UnknownGame, find_cards, get, load_cards, load_cards_file

__all__ = [
    "FORMAT",
    "VERSION",
    "SaveError",
    "SaveFile",
    "SaveInfo",
    "home_dir",
    "saves_dir",
    "read_save",
    "resume",
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


def home_dir() -> Path:
    """cardtable's data folder: ``$CARDTABLE_HOME`` or the platform user data dir."""
    custom = os.environ.get("CARDTABLE_HOME")
    if custom:
        return Path(custom)
    import platformdirs

    return Path(platformdirs.user_data_dir("cardtable", appauthor=False))


def saves_dir() -> Path:
    """Where save files go (created on demand)."""
    return home_dir() / "saves"


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


class SaveFile:
    """An open save file that grows by one line per action.

    Every line is written and flushed to the operating system before ``append`` returns, so
    a killed process or a closed terminal loses nothing. ``fsync`` (protection against the
    whole machine failing) happens at once too, unless ``deferred_sync`` is set: then it
    waits for ``sync()``, which the UI calls right after repainting the screen.
    """

    def __init__(self, path: Path, deferred_sync: bool = False) -> None:
        self.path = Path(path)
        self.deferred_sync = deferred_sync
        self._unsynced = False

    @classmethod
    def create(cls, game: Game, directory: Path | None = None) -> SaveFile:
        """Write a new file with the header for ``game`` (which must not have moved yet)."""
        directory = Path(directory) if directory is not None else saves_dir()
        directory.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        base = f"{game.id}-{stamp}-{game.seed}"
        path = directory / f"{base}.jsonl"
        n = 1
        while path.exists():
            n += 1
            path = directory / f"{base}-{n}.jsonl"
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
        with open(path, "x", encoding="utf-8") as fh:
            fh.write(json.dumps(header, separators=(",", ":")) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        _fsync_dir(directory)
        return cls(path)

    def _append(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, separators=(",", ":")) + "\n"
        with open(self.path, "a", encoding="utf-8") as fh:
            fh.write(line)
            fh.flush()
            if self.deferred_sync:
                self._unsynced = True
            else:
                os.fsync(fh.fileno())

    def sync(self) -> None:
        """fsync lines written since the last sync (no-op when there are none)."""
        if not self._unsynced:
            return
        self._unsynced = False
        fd = os.open(self.path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def append(self, action: Action) -> None:
        """Record one action (durable once this returns)."""
        self._append(action.to_json())

    def finish(self, summary: str) -> None:
        """Mark the game finished."""
        self._append({"over": True, "summary": summary})

    def drop_last(self, count: int = 1) -> None:
        """Remove the last ``count`` action lines (undo)."""
        data = self.path.read_bytes()
        lines = data.splitlines(keepends=True)
        if count >= len(lines):
            raise ValueError("cannot drop the header")
        keep = b"".join(lines[: len(lines) - count])
        with open(self.path, "r+b") as fh:
            fh.truncate(len(keep))
            fh.flush()
            os.fsync(fh.fileno())


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


def read_save(path: Path | str) -> SaveData:
    """Parse a save file without replaying it. Raises ``SaveError``; never changes the file."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise SaveError(path, f"cannot be read ({err.strerror or err})") from None
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
    try:
        header = json.loads(lines[0].decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise SaveError(path, "is not a cardtable save (the first line is not a JSON header)") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise SaveError(path, "is not a cardtable save (missing 'format: cardtable-save' header)")
    version = header.get("version")
    if version != VERSION:
        raise SaveError(path, f"was written in save format version {version!r}; this cardtable reads version {VERSION}")
    for key in ("game", "cards", "setup", "seed"):
        if key not in header:
            raise SaveError(path, f"has a damaged header (no '{key}')")
    if not isinstance(header["seed"], int) or isinstance(header["seed"], bool):
        raise SaveError(path, "has a damaged header (the seed is not a whole number)")
    actions: list[Action] = []
    over = False
    for number, raw in enumerate(lines[1:], start=2):
        try:
            record = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise SaveError(path, f"line {number} is damaged (not JSON)") from None
        if isinstance(record, dict) and record.get("over") is True:
            over = True
            continue
        if over:
            raise SaveError(path, f"line {number} comes after the end of the game")
        try:
            actions.append(Action.from_json(record))
        except ValueError as err:
            raise SaveError(path, f"line {number} is damaged ({err})") from None
    return SaveData(path, header, tuple(actions), over, torn, good_length)


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
    if custom:
        why = f"it was played with {used}, which has changed or is gone"
    else:
        why = f"it was played with {used or 'the bundled cards'}, which has changed since"
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


def resume(path: Path | str, cards_dir: str | os.PathLike[str] | None = None, *, step: Callable[[Game, Action], None] | None = None) -> tuple[Game, SaveFile]:
    """Load a save for further play: replay it (``step`` as in ``replay``) and drop a torn
    last line.

    Raises ``SaveError`` (file untouched) when it cannot be resumed or is already finished.
    """
    data = read_save(path)
    if data.over:
        raise SaveError(data.path, "is a finished game")
    game = replay(data, cards_dir, step=step)
    if data.torn:
        with open(data.path, "r+b") as fh:
            fh.truncate(data.good_length)
            fh.flush()
            os.fsync(fh.fileno())
    return game, SaveFile(data.path)


@dataclass(frozen=True)
class SaveInfo:
    """One line of the Resume list."""

    path: Path
    game: str
    title: str
    players: tuple[str, ...]
    modified: float
    moves: int
    over: bool
    error: str | None = None

    @property
    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))


def list_saves(
    directory: Path | None = None,
    include_finished: bool = False,
    cards_dir: str | os.PathLike[str] | None = None,
    verify: bool = False,
    check_cards: bool = True,
) -> list[SaveInfo]:
    """Saved games, newest first. Damaged files are listed with their ``error``, never raised.

    With ``verify`` each unfinished save is replayed, so a file whose moves the rules refuse
    is flagged too (slower: the Resume screen uses it, the menu's count does not).
    ``check_cards=False`` skips loading each game's card set to compare it with the save's
    (the menu's quick count at start-up).
    """
    directory = Path(directory) if directory is not None else saves_dir()
    if not directory.is_dir():
        return []
    out: list[SaveInfo] = []
    for path in directory.glob("*.jsonl"):
        try:
            modified = path.stat().st_mtime
        except OSError:
            continue
        try:
            data = read_save(path)
        except SaveError as err:
            out.append(SaveInfo(path, "?", "?", (), modified, 0, False, err.reason))
            continue
        if data.over and not include_finished:
            continue
        game_id = str(data.header.get("game"))
        setup = data.header.get("setup")
        players = tuple(map(str, setup.get("players", ()))) if isinstance(setup, dict) else ()
        error = None
        try:
            cls = get(game_id)
            title = cls.title
            if check_cards or verify:
                _cards_for(data, cls, cards_dir)
        except UnknownGame:
            title, error = game_id, f"is for an unknown game '{game_id}'"
        except SaveError as err:
            error = err.reason
        if verify and error is None and not data.over:
            try:
                replay(data, cards_dir)
            except SaveError as err:
                error = err.reason
        out.append(SaveInfo(path, game_id, title, players, modified, len(data.actions), data.over, error))
    out.sort(key=lambda s: s.modified, reverse=True)
    return out
