"""The registry of games and where their data lives.

Every module in ``cardtable.games`` registers its controller with ``@register``; the CLI,
the menu and the tests all read the same registry. Card files are found in a custom
folder first (``--cards-dir`` / ``CARDTABLE_CARDS``), then in the bundled ``cards_data``
(inside the installed package, or at the repository root in a source checkout).

Custom card sets (``cards_data/README.md``): every ``*.yaml``/``*.yml`` file in the custom
folder is a card set for the game its ``game:`` names. A file named after a game id
(``bloops.yaml``) **replaces** that game's bundled set; any other name (``house.yaml``)
**adds** a set, whose set id is the file name without its extension. A game's *main* set
(set id = the game id) is the replacement if there is one, else the bundled file.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import pkgutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.cards import CardDataError, CardSet, load_cardset, parse_yaml, read_card_text
from cardtable.engine.core import Setup, SetupError
from cardtable.engine.game import Game
from cardtable.engine.index import GAMES_PACKAGE, indexed

__all__ = [
    "CardSetSource",
    "UnknownGame",
    "card_sets",
    "custom_dir",
    "custom_problems",
    "find_cards",
    "register",
    "registered",
    "games",
    "get",
    "bundled_data_dir",
    "cards_path",
    "rules_path",
    "load_cards",
    "load_cards_file",
    "new_game",
    "default_names",
]

_GAMES: dict[str, type[Game]] = {}
_DISCOVERED = False
_CACHE: dict[tuple[str, str, float], CardSet] = {}

DEFAULT_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fin", "Gus", "Hal")


class UnknownGame(LookupError):
    """No game has this id; the message names the valid ids."""


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: add a game controller to the registry under ``cls.id``."""
    if not cls.id:
        raise ValueError(f"{cls.__name__} has no id")
    existing = _GAMES.get(cls.id)
    if existing is not None and existing is not cls and existing.__qualname__ != cls.__qualname__:
        raise ValueError(f"two games share the id {cls.id!r}")
    _GAMES[cls.id] = cls
    return cls


@contextmanager
def registered(cls: type[Game]) -> Iterator[type[Game]]:
    """Register ``cls`` for the duration of a ``with`` block (tests use it for fixture
    games), then remove it again so other tests see the real registry."""
    _discover()
    previous = _GAMES.get(cls.id)
    _GAMES[cls.id] = cls
    try:
        yield cls
    finally:
        if previous is None:
            _GAMES.pop(cls.id, None)
        else:
            _GAMES[cls.id] = previous


def _discover() -> None:
    global _DISCOVERED
    if _DISCOVERED:
        return
    # found by name at run time: the engine itself never imports a game (docs/architecture.md)
    spec = importlib.util.find_spec(GAMES_PACKAGE)
    assert spec is not None and spec.submodule_search_locations is not None
    for info in sorted(pkgutil.iter_modules(spec.submodule_search_locations), key=lambda m: m.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"{GAMES_PACKAGE}.{info.name}")
    _DISCOVERED = True


def games() -> list[type[Game]]:
    """Every registered game, in menu order."""
    _discover()
    return sorted(_GAMES.values(), key=lambda g: (g.order, g.id))


def get(game_id: str) -> type[Game]:
    """The controller class for ``game_id``, importing only its module when the game
    table (``engine.index``) lists it. Raises ``UnknownGame`` naming the valid ids."""
    found = _GAMES.get(game_id)
    if found is not None:
        return found
    info = indexed().get(game_id)
    if info is not None:
        importlib.import_module(info.module)
        found = _GAMES.get(game_id)
        if found is not None:
            return found
    _discover()
    try:
        return _GAMES[game_id]
    except KeyError:
        valid = ", ".join(g.id for g in games())
        raise UnknownGame(f"unknown game '{game_id}' (choose from: {valid})") from None


@functools.cache
def bundled_data_dir() -> Path:
    """The bundled ``cards_data`` folder: in the wheel, or at the checkout's root."""
    here = Path(__file__).resolve().parent.parent
    inside = here / "cards_data"
    if inside.is_dir():
        return inside
    return here.parent / "cards_data"


_EXTENSIONS = (".yaml", ".yml")


def custom_dir(cards_dir: str | os.PathLike[str] | None = None) -> Path | None:
    """The custom card folder: ``cards_dir`` if given, else ``$CARDTABLE_CARDS``, else ``None``."""
    chosen = cards_dir if cards_dir is not None else os.environ.get("CARDTABLE_CARDS") or None
    return Path(chosen) if chosen else None


@dataclass(frozen=True)
class CardSetSource:
    """Where one card set of a game comes from.

    ``set_id`` is the game id for the game's main set and the file name without its
    extension for an added set; ``shown`` names the file in messages; ``custom`` says it
    comes from the custom folder (``replaces``: it replaces the bundled main set).
    """

    game: str
    set_id: str
    path: Path
    shown: str
    custom: bool = False
    replaces: bool = False

    @property
    def main(self) -> bool:
        """Whether this is the game's main set (the one used unless another is chosen)."""
        return self.set_id == self.game


def _custom_files(folder: Path | None) -> list[Path]:
    if folder is None or not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in _EXTENSIONS and p.is_file() and not p.name.startswith("."))


_PEEK: dict[tuple[str, float], str | None] = {}


def _declared_game(path: Path) -> str | None:
    """The ``game:`` a card file declares (``None`` when it cannot be read that far)."""
    try:
        key = (str(path), path.stat().st_mtime)
    except OSError:
        return None
    if key not in _PEEK:
        try:
            data = parse_yaml(read_card_text(path, str(path)), str(path))
        except CardDataError:
            data = None
        game = data.get("game") if isinstance(data, dict) else None
        _PEEK[key] = game if isinstance(game, str) else None
    return _PEEK[key]


def cards_path(game_id: str, cards_dir: str | os.PathLike[str] | None = None) -> tuple[Path, str]:
    """Where ``game_id``'s main card file is, and how to name it in messages."""
    custom = custom_dir(cards_dir)
    if custom is not None:
        for ext in _EXTENSIONS:
            candidate = custom / f"{game_id}{ext}"
            if candidate.is_file():
                return candidate, str(candidate.resolve())
    return bundled_data_dir() / f"{game_id}.yaml", f"cards_data/{game_id}.yaml"


def card_sets(game_id: str, cards_dir: str | os.PathLike[str] | None = None) -> list[CardSetSource]:
    """Every card set of ``game_id``: the main set first, then the sets the custom folder
    adds for it (files with another name whose ``game:`` is ``game_id``), by file name.
    Files are not validated here (``load_cards`` does). Raises ``UnknownGame``."""
    get(game_id)
    path, shown = cards_path(game_id, cards_dir)
    custom = path.parent != bundled_data_dir()
    replaces = custom and (bundled_data_dir() / f"{game_id}.yaml").is_file()
    out = [CardSetSource(game_id, game_id, path, shown, custom=custom, replaces=replaces)]
    ids = {g.id for g in games()}
    for extra in _custom_files(custom_dir(cards_dir)):
        if extra.stem in ids or _declared_game(extra) != game_id:
            continue
        out.append(CardSetSource(game_id, extra.stem, extra, str(extra.resolve()), custom=True))
    return out


def card_set_name(source: CardSetSource, cards_dir: str | os.PathLike[str] | None = None) -> str | None:
    """The ``name:`` of an added card set as menus show it, or ``None`` when its file does
    not load (``load_cards`` gives the reason)."""
    try:
        return load_cards(source.game, cards_dir, None if source.main else source.set_id).name
    except CardDataError:
        return None


def custom_problems(cards_dir: str | os.PathLike[str] | None = None) -> list[str]:
    """One line per problem with the custom card folder: a missing folder, a file for no
    known game, or any card file that does not load (its ``CardDataError``). Empty when
    every custom file is good or there is no custom folder."""
    folder = custom_dir(cards_dir)
    if folder is None:
        return []
    if not folder.is_dir():
        return [f"{folder}: the custom card folder does not exist"]
    problems: list[str] = []
    ids = {g.id for g in games()}
    for path in _custom_files(folder):
        game_id = path.stem if path.stem in ids else _declared_game(path)
        if game_id is None or game_id not in ids:
            shown = str(path.resolve())
            try:
                load_cardset(path, shown=shown)
            except CardDataError as err:
                problems.append(str(err))
                continue
            valid = ", ".join(sorted(ids))
            problems.append(f"{shown}: game: no game '{game_id}' is installed (choose from: {valid})")
            continue
        set_id = game_id if path.stem == game_id else path.stem
        try:
            load_cards(game_id, cards_dir, set_id)
        except CardDataError as err:
            problems.append(str(err))
    return problems


def rules_path(game_id: str) -> Path:
    """The Markdown rules of a game (bundled ``cards_data/<id>.md``)."""
    return bundled_data_dir() / f"{game_id}.md"


def _load(cls: type[Game], path: Path, shown: str) -> CardSet:
    try:
        stamp = path.stat().st_mtime
    except OSError:
        raise CardDataError(shown, None, "card file not found") from None
    key = (cls.id, str(path), stamp)
    cached = _CACHE.get(key)
    if cached is None:
        cached = load_cardset(path, shown=shown, game=cls.id, check_card=cls.check_card, check_set=cls.check_cardset)
        _CACHE[key] = cached
    return cached


def load_cards(game_id: str, cards_dir: str | os.PathLike[str] | None = None, set_id: str | None = None) -> CardSet:
    """Load and validate one of ``game_id``'s card sets (cached while the file is unchanged):
    the main set, or the added set ``set_id`` (see ``card_sets``).

    Raises ``UnknownGame`` or ``CardDataError`` (also for a set id that does not exist).
    """
    cls = get(game_id)
    if set_id is None or set_id == game_id:
        path, shown = cards_path(game_id, cards_dir)
        return _load(cls, path, shown)
    for source in card_sets(game_id, cards_dir):
        if source.set_id == set_id:
            return _load(cls, source.path, source.shown)
    folder = custom_dir(cards_dir)
    for path in _custom_files(folder):
        if path.stem == set_id and _declared_game(path) is None:
            # a file of that name that cannot be read as far as its game: say what is wrong
            shown = str(path.resolve())
            load_cardset(path, shown=shown)
            raise CardDataError(shown, None, f"game: missing; an added card set names its game (e.g. game: {game_id})")
    where = f"{folder}/{set_id}.yaml" if folder is not None else f"{set_id}.yaml"
    raise CardDataError(where, None, f"no card set '{set_id}' for {cls.title} in the custom card folder")


def find_cards(game_id: str, digest: str, cards_dir: str | os.PathLike[str] | None = None, prefer: str | None = None) -> CardSet | None:
    """The card set of ``game_id`` whose content digest is ``digest`` (a save file's), trying
    first the set whose file is shown as ``prefer``; ``None`` when no available set matches.
    Broken sets are skipped."""
    sources = card_sets(game_id, cards_dir)
    sources.sort(key=lambda s: s.shown != prefer)
    for source in sources:
        try:
            cardset = load_cards(game_id, cards_dir, source.set_id)
        except CardDataError:
            continue
        if cardset.digest == digest:
            return cardset
    return None


def load_cards_file(game_id: str, path: str | os.PathLike[str]) -> CardSet:
    """Load a specific card file for ``game_id`` with the game's own checks."""
    cls = get(game_id)
    return load_cardset(path, shown=str(path), game=game_id, check_card=cls.check_card, check_set=cls.check_cardset)


def default_names(count: int) -> tuple[str, ...]:
    """Sensible default player names for ``count`` seats."""
    names = list(DEFAULT_NAMES[:count])
    while len(names) < count:
        names.append(f"Player {len(names) + 1}")
    return tuple(names)


def computer_name(seat: int) -> str:
    """The name a computer player is given in seat ``seat`` (0-based): ``"Computer 2"``
    (editable on the setup screen)."""
    return f"Computer {seat + 1}"


def new_game(
    game_id: str,
    players: int | list[str] | tuple[str, ...] | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    cards_dir: str | os.PathLike[str] | None = None,
    card_set: str | None = None,
) -> Game:
    """Start a game: ``players`` is a count (default names) or the names in seat order.

    Options not given take their defaults; ``card_set`` picks an added card set (see
    ``card_sets``; default the main set). Raises ``UnknownGame``, ``SetupError`` or
    ``CardDataError``.
    """
    cls = get(game_id)
    if players is None:
        players = cls.min_players
    names = default_names(players) if isinstance(players, int) else tuple(players)
    if not cls.min_players <= len(names) <= cls.max_players:
        raise SetupError(f"{cls.title} needs {cls.player_range()} players, got {len(names)}")
    cardset = load_cards(game_id, cards_dir, card_set)
    merged = cls.default_options(len(names), cardset)
    merged.update(options or {})
    return cls(cardset, Setup(names, merged), seed)
