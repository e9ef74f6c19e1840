"""Statistics per player name and game: played, won, best score, last played.

Kept in ``<cardtable home>/stats.json`` (see ``cardtable.engine.saves.home_dir``). Names are
matched without regard to case ("ann" and "Ann" are one player). A corrupt file is never
fatal: it is renamed to ``stats.json.broken-<time>`` (kept for inspection), the statistics
are rebuilt from the finished games in the saves folder (``StatsStore`` tells how), and
that is reported once through ``StatsStore.problem``.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from cardtable.engine import files
from cardtable.engine.game import Game
from cardtable.engine.index import keeps_best, short_title
from cardtable.engine.saves import home_dir, home_problem
from cardtable.engine.words import plural
from cardtable.names import skeleton

try:
    import fcntl
except ImportError:  # Windows: no advisory locks (the re-read before each write still helps)
    fcntl = None  # type: ignore[assignment]

__all__ = ["PlayerRecord", "StatsStore", "record_names", "stats_csv", "stats_json", "HISTORY"]

VERSION = 1
HISTORY = 200
"""How many recent results each record keeps for streaks and the chart over time."""

Played = tuple[str, Any, tuple[str, ...], str]
"""One finished game as ``StatsStore._add`` takes it: game id, ``Outcome``, a name per seat, ISO time."""
GameKey = tuple[str, int, tuple[str, ...]]
"""What tells one played game from another: game id, seed, the names recorded per seat."""


def record_names(players: Sequence[str], computers: Mapping[int, str]) -> tuple[str, ...]:
    """The names the statistics record per seat: a person's name, or ``"Computer (level)"``
    for a seat the computer plays (``computers``: seat, 0-based → level)."""
    return tuple(f"Computer ({computers[s]})" if s in computers else name for s, name in enumerate(players))


@dataclass(frozen=True)
class PlayerRecord:
    """One player's record in one game. ``best`` is the best final score (the lowest for
    games where low scores win; ``None`` for a game that keeps none, ``index.keeps_best``),
    ``last`` an ISO timestamp.

    ``results`` are the latest results, oldest first, as ``(ISO time, won, score or None)``
    (at most ``HISTORY``; records written before they were kept have fewer than ``played``).
    ``drawn`` counts the games that ended in a draw (``Outcome.draw``): played, not won, and
    a draw ends a run of wins (records written before draws were told apart have 0, their
    draws among ``won``).
    """

    name: str
    game: str
    played: int
    won: int
    best: float | None
    last: str
    results: tuple[tuple[str, bool, float | None], ...] = ()
    drawn: int = 0

    @property
    def title(self) -> str:
        """The game's title (its id when the game is no longer known)."""
        from cardtable.engine.registry import UnknownGame, get

        try:
            return get(self.game).title
        except UnknownGame:
            return self.game

    @property
    def short_title(self) -> str:
        """The game's short name where its title does not fit (``index.short_title``; the
        title when the game table has none)."""
        return short_title(self.game) or self.title

    @property
    def won_text(self) -> str:
        """Games won of games played, as shown in tables: ``"2/5"``, or ``"2/5, 1 drawn"``
        when some ended in a draw."""
        return f"{self.won}/{self.played}" + (f", {self.drawn} drawn" if self.drawn else "")

    @property
    def win_rate(self) -> float:
        """Games won per game played, 0.0–1.0 (0.0 before any game)."""
        return self.won / self.played if self.played else 0.0

    @property
    def current_streak(self) -> int:
        """Wins in a row up to the latest kept result (0 when the latest was not a win)."""
        count = 0
        for _, won, _ in reversed(self.results):
            if not won:
                break
            count += 1
        return count

    @property
    def best_streak(self) -> int:
        """The longest run of wins among the kept results."""
        best = run = 0
        for _, won, _ in self.results:
            run = run + 1 if won else 0
            best = max(best, run)
        return best

    def as_dict(self) -> dict[str, Any]:
        """The record for JSON export (``win_rate`` rounded to 3 places)."""
        return {
            "name": self.name, "game": self.game, "played": self.played, "won": self.won,
            "drawn": self.drawn, "win_rate": round(self.win_rate, 3), "best": self.best, "current_streak": self.current_streak,
            "best_streak": self.best_streak, "last": self.last,
            "results": [{"when": w, "won": won, "score": score} for w, won, score in self.results],
        }


class StatsStore:
    """Read and update the statistics file. ``problem`` holds a one-line message when the
    file was unreadable or damaged.

    A damaged file (not JSON, or not the layout of ``VERSION``) is moved aside to
    ``stats.json.broken-<time>`` and the statistics are rebuilt from the finished games in
    ``saves`` (default: the saves folder; ``history.list_finished``): each is replayed to its
    outcome (``saves.replay``, with ``cards_dir`` as when the game was played) and added,
    oldest first, at the time its save was last written (its end), so results and streaks
    come out in order; a finished save that cannot be replayed is skipped and counted.
    ``problem`` then names the file kept and both counts; the rebuilt statistics are written
    at once. This costs one replay per finished save (about 5 ms each: 100 finished games
    take half a second, once), and only when the file is damaged: a healthy file is read as
    it is. A missing file (the first run) starts empty statistics and rebuilds nothing:
    games finished before statistics existed stay out of them, as they always have been.
    """

    def __init__(self, path: Path | None = None, *, saves: Path | None = None, cards_dir: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else home_dir() / "stats.json"
        self.saves = saves
        self.cards_dir = cards_dir
        self.problem: str | None = None
        self._unsaved = False
        self._read_failed = False
        self._rebuilt: Counter[GameKey] | None = None  # the games the last _load rebuilt from saves
        self._rebuild_unsaved = False
        self._pending: list[tuple[GameKey, Played]] = []  # played, not yet saved
        self._data = self._load()
        if self._rebuilt:
            self._save_rebuilt()

    def _load(self) -> dict[str, Any]:
        empty: dict[str, Any] = {"version": VERSION, "players": {}}
        self._rebuilt = None
        try:
            raw = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return empty
        except OSError as err:
            self.problem = f"statistics could not be read ({self._why(err)}); starting afresh"
            self._read_failed = True
            return empty
        try:
            data = json.loads(raw)
            if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("players"), dict):
                raise ValueError("unexpected layout")
            for entry in data["players"].values():
                if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not isinstance(entry.get("games"), dict):
                    raise ValueError("unexpected layout")
            return data
        except (ValueError, json.JSONDecodeError):
            kept = files.unused_name(self.path.with_name(f"{self.path.name}.broken-{time.strftime('%Y%m%d-%H%M%S')}"))
            try:
                os.replace(self.path, kept)
            except OSError:
                self.problem = "the statistics file is damaged and could not be moved aside; new statistics are not saved"
                return empty
            games, skipped = _saved_games(self.saves, self.cards_dir)
            for _, one in games:
                self._add(empty, *one)
            self._rebuilt = Counter(key for key, _ in games)
            said = f"the statistics file was damaged; it was moved to {kept.name} and "
            if games or skipped:
                done = plural(len(games), "game") + (" was" if len(games) == 1 else " were")
                self.problem = said + f"{done} rebuilt from the saves" + (f" ({skipped} skipped: they could not be replayed)" if skipped else "")
            else:
                self.problem = said + "new statistics started"
            return empty

    def _why(self, err: OSError) -> str:
        """The few words saying why the file could not be read or written: the home folder's
        problem when the file is in a home that cannot be a folder (``CARDTABLE_HOME`` names
        a file: "Not a directory" alone does not say which), else ``err``'s reason."""
        home = home_problem() if self.path.parent == home_dir() else None
        return home or files.reason(err)

    def _save_rebuilt(self) -> None:
        """Write the statistics just rebuilt from the saves (under the lock), unless another
        window has written a file since: then that file stays, and this window's record of
        each game goes into it as usual. A failed write is told in ``problem``; the rebuilt
        statistics are then kept in this window and saved with its next result."""
        with self._locked():
            if self.path.exists():
                return
            try:
                self._save()
            except OSError as err:
                self.problem = f"{self.problem}; they could not be saved ({files.reason(err)}) and are kept until cardtable closes"
                self._rebuild_unsaved = True

    def _save(self) -> None:
        """Replace the file atomically (mode 0600): a failed write keeps the old file."""
        files.write_private(self.path, json.dumps(self._data, indent=1, sort_keys=True))

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the statistics' lock (``flock`` on ``stats.json.lock``, blocking) while a
        result is read in and written: two windows finishing games at once each add theirs."""
        fd = None
        if fcntl is not None:
            try:
                fd = os.open(self.path.with_name(self.path.name + ".lock"), os.O_RDWR | os.O_CREAT, files.FILE_MODE)
                fcntl.flock(fd, fcntl.LOCK_EX)
            except OSError:
                if fd is not None:
                    os.close(fd)
                fd = None  # a folder without locks: go on unlocked
        try:
            yield
        finally:
            if fd is not None:
                os.close(fd)

    def record(self, game: Game, names: Sequence[str] | None = None) -> None:
        """Add a finished game to every seat's record (does nothing if it is not over).
        ``names`` (one per seat) replaces the seats' names, e.g. ``"Computer (hard)"`` for
        a computer player (``Session.record_names``), so computer players of one level share
        one record and never mix with a person's.

        The file is read again under the statistics' lock and the game added to what it
        holds then, so a game another window recorded since this one read the file is kept
        (the fresh tester: of two windows, the one finishing last wrote back what it had
        read at start, and the other game's record was gone). A file found damaged then is
        rebuilt from the saves (see the class) and this window's games not yet saved are
        added unless the saves already hold them (the same game, seed and names)."""
        outcome = game.outcome()
        if outcome is None:
            return
        seats = tuple(names if names is not None else game.players)
        played: tuple[GameKey, Played] = ((game.id, game.seed, seats), (game.id, outcome, seats, datetime.now().isoformat(timespec="seconds")))
        with self._locked():
            self._read_failed = False
            missing = not self.path.exists()
            fresh = self._load()
            if self._read_failed or (missing and self._rebuild_unsaved):
                # unreadable now, or the rebuilt statistics were never written: add it to what this window holds
                base, games = self._data, [played]
            else:
                base, games = fresh, [*self._pending, played]
            if self._rebuilt:  # damaged since: rebuilt from the saves, which hold these games if they were saved
                games = [one for one in games if not _take(self._rebuilt, one[0])]
            for _, one in games:
                self._add(base, *one)
            self._data = base
            try:
                self._save()
            except OSError as err:
                self.problem = f"Could not save the statistics: {self._why(err)} — this result is kept until cardtable closes; the saved statistics are unchanged"
                self._unsaved = True
                self._pending.append(played)
            else:
                self._pending = []
                if self._unsaved or self._rebuild_unsaved:
                    self._unsaved, self._rebuild_unsaved, self.problem = False, False, None

    def _add(self, data: dict[str, Any], game_id: str, outcome: Any, names: Sequence[str], now: str) -> None:
        """Add one finished game (``outcome``, a seat's name per seat, the time) to ``data``."""
        for seat, name in enumerate(names):
            entry = self._entry(name, data)
            entry["name"] = name
            rec = entry["games"].setdefault(game_id, {"played": 0, "won": 0, "best": None, "last": now, "lower_wins": outcome.lower_wins})
            rec["played"] += 1
            won = seat in outcome.winners and not outcome.draw
            if won:
                rec["won"] += 1
            elif outcome.draw:
                rec["drawn"] = rec.get("drawn", 0) + 1
            score = outcome.scores[seat] if seat < len(outcome.scores) else None
            if not keeps_best(game_id):  # the statistics keep no best of this game's scores
                rec["best"], rec["no_best"] = None, True  # a best kept before is dropped too
            elif score is not None:
                best = rec.get("best")
                better = best is None or (score < best if outcome.lower_wins else score > best)
                if better:
                    rec["best"] = score
            rec["last"] = now
            rec["lower_wins"] = outcome.lower_wins
            results = rec.setdefault("results", [])
            results.append([now, won, score])
            del results[:-HISTORY]

    def _entry(self, name: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
        """The record of ``name``, made if there is none. Names that look alike (``skeleton``:
        case, width, Cyrillic/Greek look-alike letters) share one record, as they cannot sit
        at one table together; a record filed under an older key (the casefolded name) is
        moved to the new key the first time it is found."""
        players = (self._data if data is None else data)["players"]
        key = skeleton(name)
        if key not in players:
            old = next((k for k, e in players.items() if skeleton(e["name"]) == key), None)
            players[key] = players.pop(old) if old is not None else {"name": name, "games": {}}
        return players[key]

    @property
    def holds_unsaved(self) -> bool:
        """Whether this store holds results its file lacks (a game it could not save, or a
        rebuild from the saves it could not write back): only this copy is whole then."""
        return bool(self._pending) or self._unsaved or self._rebuild_unsaved

    def records(self, game: str | None = None, names: list[str] | None = None) -> list[PlayerRecord]:
        """Records, most recently played first; filtered by game id and/or player names
        (matched as they look: ``"ANN"`` and ``"Аnn"`` with a Cyrillic A find Ann's record)."""
        wanted = {skeleton(n) for n in names} if names is not None else None
        out = []
        for entry in self._data["players"].values():
            if wanted is not None and skeleton(entry["name"]) not in wanted:
                continue
            for game_id, rec in entry["games"].items():
                if game is not None and game_id != game:
                    continue
                out.append(PlayerRecord(entry["name"], game_id, rec["played"], rec["won"], None if rec.get("no_best") else rec.get("best"), rec.get("last", ""), _results(rec.get("results")), _count(rec.get("drawn"))))
        out.sort(key=lambda r: r.last, reverse=True)
        return out


def _take(keys: Counter[GameKey], key: GameKey) -> bool:
    """Whether ``key`` is among ``keys``; one of it is used up when it is."""
    if keys[key] <= 0:
        return False
    keys[key] -= 1
    return True


def _saved_games(directory: Path | None, cards_dir: str | os.PathLike[str] | None) -> tuple[list[tuple[GameKey, Played]], int]:
    """The finished games of the saves in ``directory`` (default: the saves folder), the
    earliest ended first, each replayed to its outcome and named as the statistics name its
    seats (``record_names``: the header's computer seats as ``"Computer (level)"``); and
    how many finished saves could not be replayed (damaged, an unknown game, a card set that
    has changed, moves that do not finish the game). The time of each is the save's end
    (as in the Past games list: its end line's time, or the file's last change in older saves). Never raises."""
    from cardtable.engine.history import list_finished
    from cardtable.engine.saves import computers_of, read_save, replay

    games: list[tuple[GameKey, Played]] = []
    skipped = 0
    for past in sorted(list_finished(directory), key=lambda g: (g.ended, g.path.name)):
        if past.error:
            skipped += 1
            continue
        try:
            data = read_save(past.path)
            game = replay(data, cards_dir)  # (not history.Replay: its round marks cost as much again)
            outcome = game.outcome() if game.decision() is None else None
            computers = computers_of(past.path, data.header, len(game.players))
        except Exception:  # whatever stops one save (SaveError, a rules error) must not stop the rest
            skipped += 1
            continue
        if outcome is None:  # an end line, but the moves do not finish the game
            skipped += 1
            continue
        names = record_names(game.players, computers)
        games.append(((game.id, game.seed, names), (game.id, outcome, names, past.ended.isoformat(timespec="seconds"))))
    return games, skipped


def _count(raw: Any) -> int:
    """A count kept in a record (0 when missing or not a whole number ≥ 0)."""
    return raw if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0 else 0


def _results(raw: Any) -> tuple[tuple[str, bool, float | None], ...]:
    """The kept results of a record; entries of an unexpected shape are skipped."""
    if not isinstance(raw, list):
        return ()
    out = []
    for item in raw:
        if isinstance(item, list) and len(item) == 3 and isinstance(item[0], str) and isinstance(item[1], bool):
            score = item[2] if isinstance(item[2], (int, float)) and not isinstance(item[2], bool) else None
            out.append((item[0], item[1], score))
    return tuple(out)


CSV_COLUMNS = ("player", "game", "played", "won", "drawn", "win_rate", "best", "current_streak", "best_streak", "last_played")


def stats_csv(records: list[PlayerRecord]) -> str:
    """The records as CSV text with a header row (``CSV_COLUMNS``; ``game`` is the id)."""
    import csv
    import io

    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in records:
        writer.writerow((r.name, r.game, r.played, r.won, r.drawn, f"{r.win_rate:.3f}", "" if r.best is None else f"{r.best:g}", r.current_streak, r.best_streak, r.last))
    return buf.getvalue()


def stats_json(records: list[PlayerRecord]) -> str:
    """The records as a JSON list of ``PlayerRecord.as_dict()`` objects (with a newline)."""
    return json.dumps([r.as_dict() for r in records], indent=1, ensure_ascii=False) + "\n"
