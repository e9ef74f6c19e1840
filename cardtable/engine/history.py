"""Past games: the list of finished saves, save names, and the move-by-move replay.

Once a game is over nothing about it is secret any more, so a replay shows every card face
up (``build_view(..., reveal_all=True)``). A game still in progress must never be shown that
way: ``Replay`` is the only thing that asks for such a view, and it refuses (``NotFinished``)
any save that is not finished, both by its ``{"over": true}`` line and by replaying its moves
to the end of the game. Nothing here imports textual or rich.

Save names live beside the saves in ``names.json`` (``{"<file name>": "<name>"}``), so the
append-only save files themselves are never rewritten to name them.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from cardtable.engine.core import MAX_NAME, IllegalAction
from cardtable.engine.game import Game
from cardtable.engine.log import LogEntry
from cardtable.engine.registry import UnknownGame, get
from cardtable.engine import files
from cardtable.engine.saves import SaveData, SaveError, ends_finished, read_save, replay, saves_dir
from cardtable.engine.view import View, build_view

__all__ = [
    "NotFinished",
    "PastGame",
    "Replay",
    "length_text",
    "list_finished",
    "open_replay",
    "save_names",
    "set_save_name",
]


class NotFinished(SaveError):
    """A save that may not be replayed face up: the game in it is not over. ``str()`` is
    one sentence, the file name its subject ("x.jsonl is a game still in progress, so …"):
    the fresh tester read "x.jsonl: is a game still in progress: it cannot …"."""

    def __init__(self, path: Path | str, reason: str) -> None:
        super().__init__(path, reason)
        self.args = (f"{self.path.name} {reason}",)


# ---------------------------------------------------------------------- names
def _names_file(directory: Path | None = None) -> Path:
    return (Path(directory) if directory is not None else saves_dir()) / "names.json"


def save_names(directory: Path | None = None) -> dict[str, str]:
    """``{file name: name}`` of the named saves in ``directory`` (default: the saves
    folder). A missing or damaged ``names.json`` gives ``{}`` (names are a convenience)."""
    try:
        data = json.loads(_names_file(directory).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, str)}


def set_save_name(path: Path | str, name: str) -> str:
    """Name the save at ``path`` (an empty name removes the name); returns the name kept
    (trimmed). Raises ``ValueError`` for a name longer than ``MAX_NAME`` characters or with
    control characters, ``OSError`` when the names file cannot be written."""
    path = Path(path)
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise ValueError(f"a save name can be at most {MAX_NAME} characters")
    if any(not ch.isprintable() for ch in name):
        raise ValueError("a save name cannot contain control characters")
    names = save_names(path.parent)
    if name:
        names[path.name] = name
    else:
        names.pop(path.name, None)
    target = _names_file(path.parent)
    files.write_private(target, json.dumps(names, indent=1, sort_keys=True, ensure_ascii=False))
    return name


# ---------------------------------------------------------------------- the list
@dataclass(frozen=True)
class PastGame:
    """One row of the Past games list.

    ``started``/``ended`` are local ``datetime``s (``started`` from the save header, or the
    file time when the header has none; ``ended`` from the end line, or the file's last
    change in older saves, which record no end time; for a damaged file always its last
    change, which orders the damaged rows but is not shown as an end: ``ended_at``),
    ``timed`` whether both come from the
    save itself (else the length is unknown: a copy changes a file's time), ``moves`` the
    number of moves, ``result`` the end summary ("Ann wins with 14 cards to 9."),
    ``winners`` the winning names when the save records them (older saves: ``()``).
    """

    path: Path
    game: str
    title: str
    players: tuple[str, ...]
    started: datetime
    ended: datetime
    moves: int
    result: str
    winners: tuple[str, ...]
    name: str = ""
    error: str = ""
    """Why the file of a finished game cannot be read (then ``game`` and ``title`` are
    ``"?"``, ``players`` and ``winners`` empty, ``moves`` 0); empty for a good one."""
    timed: bool = False

    @property
    def minutes(self) -> int | None:
        """How long the game took, in whole minutes (at least 0); ``None`` when the save
        does not record both its start and its end time (older saves)."""
        if not self.timed:
            return None
        return max(0, int((self.ended - self.started).total_seconds() // 60))

    @property
    def time_text(self) -> str:
        """The Time column: ``"6 min"``, or ``"—"`` when the length is unknown."""
        return length_text(self.minutes)

    @property
    def ended_at(self) -> datetime | None:
        """The Ended column: when the game ended, ``None`` (shown ``"—"``) for a damaged
        file (``error``). Its ``ended`` is only the file's last change, which is when it was
        edited, damaged or copied, not when its game ended: Past games and ``cardtable
        history`` showed that time as the game's end."""
        return None if self.error else self.ended


def length_text(minutes: int | None) -> str:
    """A game's length as the Time column shows it (``PastGame.minutes``, also the
    ``minutes`` of ``cardtable history --format json``): ``"6 min"``, or ``"—"`` for
    ``None`` (unknown)."""
    return "—" if minutes is None else f"{minutes} min"


EDITED = "was changed after the game ended: its lines no longer match the ones its end line recorded"


def _recorded(raw: object) -> datetime | None:
    """A time written in a save (``started`` in the header, ``ended`` in the end line), or
    ``None`` when absent or not a time."""
    if isinstance(raw, str):
        try:
            return datetime.fromisoformat(raw)
        except ValueError:
            pass
    return None


def list_finished(directory: Path | None = None) -> list[PastGame]:
    """The finished games in the saves folder, the most recently ended first, then the
    files that end as a finished game but cannot be read, with their ``error`` (the Resume
    list leaves finished games out, so they are explained here). Unfinished games and other
    damaged files are left out (the Resume list shows those). Never raises."""
    directory = Path(directory) if directory is not None else saves_dir()
    if not directory.is_dir():
        return []
    names = save_names(directory)
    out = []
    damaged = []
    modified_at: dict[Path, float] = {}
    for path in directory.glob("*.jsonl"):
        try:
            modified = path.stat().st_mtime
            data = read_save(path)
        except OSError:
            continue
        except SaveError as err:
            if ends_finished(path):
                when = datetime.fromtimestamp(modified)
                damaged.append(PastGame(path, "?", "?", (), when, when, 0, "", (), names.get(path.name, ""), err.reason))
            continue
        if not data.over:
            continue
        game_id = str(data.header.get("game"))
        # cheap checks only (no replay of every save): an end line whose digest of the
        # lines before it no longer matches, or a game that is not installed, would fail
        # on Enter, so the row says why now (an older save's edited move shows on Enter)
        problem = EDITED if data.edited else ""
        try:
            title = get(game_id).title
        except UnknownGame:
            title = game_id
            problem = problem or f"is a game of '{game_id}', which is not installed"
        if problem:
            when = datetime.fromtimestamp(modified)
            damaged.append(PastGame(path, "?", "?", (), when, when, 0, "", (), names.get(path.name, ""), problem))
            continue
        setup = data.header.get("setup")
        players = tuple(map(str, setup.get("players", ()))) if isinstance(setup, dict) else ()
        end = data.end or {}
        winners = end.get("winners")
        winners = tuple(map(str, winners)) if isinstance(winners, list) else ()
        modified_at[path] = modified
        started, ended = _recorded(data.header.get("started")), _recorded(end.get("ended"))
        out.append(
            PastGame(
                path, game_id, title, players, started or datetime.fromtimestamp(modified), ended or datetime.fromtimestamp(modified),
                len(data.actions), str(end.get("summary", "")), winners, names.get(path.name, ""),
                timed=started is not None and ended is not None,
            )
        )
    # the file time only breaks ties (games ended within the same recorded instant)
    out.sort(key=lambda g: (g.ended, modified_at.get(g.path, 0.0)), reverse=True)
    damaged.sort(key=lambda g: g.ended, reverse=True)
    return out + damaged


# ---------------------------------------------------------------------- the replay
def _round_key(game: Game) -> object:
    """What changes when a new round begins: the game's own ``round`` (or ``turn``) number
    when its public facts carry one, else ``None`` (rounds are then counted by the turn
    coming back to the first seat, see ``Replay``). A game that counts from round 0 before
    its first deal (Black Ops) has that deal in its round 1, so the replay's round numbers
    are the game's own (the fresh tester saw "round 6/6" in a game of 5 rounds)."""
    info = game.public_info(None)
    for key in ("round", "turn"):
        if key in info:
            return info[key]
    return None


class Replay:
    """A finished game, replayed move by move with every card face up.

    ``step`` is how many moves have been made (0: the deal, ``len(actions)``: the end);
    ``rounds`` the steps at which each round begins (``rounds[0] == 0``). Raises
    ``NotFinished`` when ``data`` is not a finished game (no end line, or moves that do not
    reach the end of the game), ``SaveError`` when it cannot be replayed at all (also when
    its lines were changed after the game ended: ``SaveData.edited``).
    """

    def __init__(self, data: SaveData, cards_dir: str | os.PathLike[str] | None = None) -> None:
        if not data.over:
            raise NotFinished(data.path, "is a game still in progress, so it cannot be replayed face up until it is over (resume it instead)")
        self.data = data
        self.actions = data.actions
        self._cards_dir = cards_dir
        start = replay(replace(data, actions=()), cards_dir)
        self._start = start.clone()
        game = start
        rounds = [0]
        marks = [len(game.log)]
        last_key = _round_key(game)
        decision = game.decision()
        first_seen = decision is not None and 0 in decision.seats
        quiet: dict[int, str] = {}
        for step, action in enumerate(self.actions, start=1):
            before = decision
            try:
                game.act(action)
            except IllegalAction:
                raise SaveError(data.path, f"move {step} ({action.type}) is not a legal move at that point: the file was edited or damaged") from None
            marks.append(len(game.log))
            if marks[-1] == marks[-2] and before is not None:  # a choice that logs nothing itself
                chosen = next((a for a in before.actions if a == action), action)
                who = game.players[before.seats[0]] + ": " if len(before.seats) == 1 else ""
                quiet[step] = who + chosen.label
            decision = game.decision()
            key = _round_key(game)
            if decision is None:
                break
            if last_key is not None or key is not None:
                if key != last_key and not (last_key == 0 and len(rounds) == 1):
                    rounds.append(step)  # (a game's round 0 is the deal before its round 1)
                last_key = key
            else:
                at_first = 0 in decision.seats
                if at_first and not first_seen:
                    rounds.append(step)
                first_seen = at_first
        if game.decision() is not None or game.moves != len(self.actions):
            raise NotFinished(data.path, "has an end line but its moves do not finish the game, so it is not replayed face up")
        if data.edited:  # as the Past games list marks it, though its moves still play (a
            raise SaveError(data.path, EDITED)  # move the rules refuse is named above)
        self.rounds: tuple[int, ...] = tuple(rounds)
        self._quiet = quiet
        self._marks = tuple(marks)
        self._final = game
        self._game = game
        self.step = len(self.actions)

    @property
    def game(self) -> Game:
        """The game as it stood after ``step`` moves (do not act on it)."""
        return self._game

    @property
    def title(self) -> str:
        return self._game.title

    def goto(self, step: int) -> None:
        """Show the game after ``step`` moves (clamped to 0..len(actions))."""
        step = max(0, min(len(self.actions), step))
        if step == self.step:
            return
        if step < self.step:
            game = self._start.clone()
            done = 0
        else:
            game, done = self._game, self.step
        for action in self.actions[done:step]:
            game.act(action)
        self._game, self.step = game, step

    def round_of(self, step: int | None = None) -> int:
        """The 1-based round that ``step`` (default: the current step) falls in."""
        step = self.step if step is None else step
        return sum(1 for r in self.rounds if r <= step) or 1

    def goto_round(self, number: int) -> None:
        """Jump to the start of round ``number`` (1-based, clamped to the rounds there are)."""
        number = max(1, min(len(self.rounds), number))
        self.goto(self.rounds[number - 1])

    def move_log(self) -> tuple[LogEntry, ...]:
        """The log entries the last move made (every entry: private ones too); ``()`` at 0."""
        if self.step == 0:
            return ()
        return tuple(self._game.log.entries[self._marks[self.step - 1] : self._marks[self.step]])

    def quiet_move(self, step: int | None = None) -> str | None:
        """For a move (default: the last one made) that wrote no log line of its own (a
        Bloops peek's choice of player, "Hide it: I have remembered it"): who chose and the
        option's words, ``"Ann: Bob's card (seat 2)"``; ``None`` for a move that logged."""
        return self._quiet.get(self.step if step is None else step)

    def view(self) -> View:
        """The omniscient view of the current step: every card face up, the whole log."""
        return build_view(self._game, None, reveal_all=True, ended=self._final)


def open_replay(path: Path | str, cards_dir: str | os.PathLike[str] | None = None) -> Replay:
    """Read and replay a finished save. Raises ``NotFinished`` or ``SaveError`` (one line)."""
    return Replay(read_save(path), cards_dir)

