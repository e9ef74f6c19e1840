"""The players' own decks (the deck builder): saved as YAML under ``<home>/decks/<game id>/``.

Only games that declare a ``deck_option`` (players bring their own decks: FOFL's Red/Blue
decks, Combat Cards armies) have decks. A saved deck file looks like this::

    format: cardtable-deck
    version: 1
    game: fofl
    name: Hackers and drones
    side: red
    cards:          # card id -> copies, in the builder's order
      fofl: 1
      drone: 4

Files are written with ``yaml.safe_dump`` and read with the card loader's safe parser, so
a damaged file gives the same kind of one-line error as a card file
(``decks/fofl/hackers.yaml:7: deck 'Hackers': unknown card 'dron'``). A damaged file is
listed with its error and never stops anything else. Whether a deck is *legal* (the game's
deck rules) is not a load error: the deck builder shows the problems, and the setup screen
only offers legal decks (``setup_choices``).

``<home>`` is ``cardtable.engine.saves.home_dir()``: ``$CARDTABLE_HOME`` or the platform's
user data folder.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from cardtable.cards import CardDataError, CardSet, describe, parse_yaml, read_card_text
from cardtable.engine import files
from cardtable.engine.core import MAX_DECK_COPIES, CustomDeck, Option
from cardtable.engine.game import Game
from cardtable.engine.saves import home_dir

__all__ = [
    "DECK_FORMAT",
    "DECK_VERSION",
    "DeckFileError",
    "SavedDeck",
    "decks_dir",
    "deck_file_name",
    "read_deck",
    "list_decks",
    "save_deck",
    "delete_deck",
    "setup_choices",
]

DECK_FORMAT = "cardtable-deck"
DECK_VERSION = 1
_KEYS = ("format", "version", "game", "name", "side", "cards")
MAX_COPIES = MAX_DECK_COPIES
"""The most copies of one card a saved deck may list (a guard against typos like 400)."""


class DeckFileError(CardDataError):
    """A saved deck file that cannot be read: ``str()`` is ``decks/<game>/<file>:line: message``."""


@dataclass(frozen=True)
class SavedDeck:
    """A deck read from the user's deck folder.

    ``counts`` maps card id to copies (the file's order); ``path`` is the file; ``shown``
    how messages name it. ``problems`` are the game's deck-rule problems for the card set
    it was read against (empty: legal).
    """

    game: str
    name: str
    side: str
    counts: Mapping[str, int]
    path: Path
    shown: str
    problems: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        """Whether the deck follows every deck rule (so setup offers it)."""
        return not self.problems

    @property
    def size(self) -> int:
        """The number of physical cards."""
        return sum(self.counts.values())

    def as_option(self) -> CustomDeck:
        """The set-up option value that plays this deck (its cards are copied into the save)."""
        return CustomDeck.of(self.name, self.side, self.counts)


def decks_dir(game_id: str) -> Path:
    """The folder of ``game_id``'s saved decks (not created here)."""
    return home_dir() / "decks" / game_id


def deck_file_name(name: str) -> str:
    """The file name a deck called ``name`` is saved as: ``"Red Rush!"`` → ``red-rush.yaml``,
    ``"Über Deck #2"`` → ``uber-deck-2.yaml`` (``deck.yaml`` when nothing is left)."""
    plain = unicodedata.normalize("NFKD", name.casefold()).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:48].strip("-")
    return f"{slug or 'deck'}.yaml"


def _shown(path: Path, game_id: str) -> str:
    return f"decks/{game_id}/{path.name}"


def read_deck(path: Path | str, game_cls: type[Game], cardset: CardSet) -> SavedDeck:
    """Read and check one saved deck of ``game_cls`` against ``cardset``.

    Raises ``DeckFileError`` (one line with file and line) when the file is unreadable,
    not a deck, for another game, names a side or a card the card set does not have, or
    gives copies that are not whole numbers from 1 to ``MAX_COPIES``.
    """
    path = Path(path)
    shown = _shown(path, game_cls.id)
    try:
        text = read_card_text(path, shown)
    except CardDataError as err:
        raise DeckFileError(err.path, err.line, err.message) from None
    if not text.strip():
        raise DeckFileError(shown, None, "the file is empty; expected a saved deck")
    try:
        data = parse_yaml(text, shown)
    except CardDataError as err:
        raise DeckFileError(err.path, err.line, err.message) from None
    if not isinstance(data, dict):
        raise DeckFileError(shown, getattr(data, "line", 1), f"a saved deck must be a mapping, got {describe(data)}")
    for key in data:
        if key not in _KEYS:
            raise DeckFileError(shown, data.line_of(key), f"unknown key '{key}' (allowed: {', '.join(_KEYS)})")
    if data.get("format") != DECK_FORMAT:
        raise DeckFileError(shown, data.line_of("format"), f"format: must be {DECK_FORMAT}, got {describe(data.get('format'))}")
    if data.get("version") != DECK_VERSION:
        raise DeckFileError(shown, data.line_of("version"), f"version: this cardtable reads deck version {DECK_VERSION}, got {describe(data.get('version'))}")
    if data.get("game") != game_cls.id:
        raise DeckFileError(shown, data.line_of("game"), f"game: this deck is for {describe(data.get('game'))}, expected '{game_cls.id}'")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DeckFileError(shown, data.line_of("name"), f"name: must be non-empty text, got {describe(name)}")
    name = name.strip()
    side = data.get("side")
    sides = [s for s, _ in game_cls.deck_rules.sides(cardset)]
    if side not in sides:
        raise DeckFileError(shown, data.line_of("side"), f"deck '{name}': side must be one of {', '.join(sides)}, got {describe(side)}")
    cards = data.get("cards")
    if not isinstance(cards, dict):
        raise DeckFileError(shown, data.line_of("cards"), f"deck '{name}': cards must be a mapping of card id to copies, got {describe(cards)}")
    counts: dict[str, int] = {}
    for cid, copies in cards.items():
        where = cards.line_of(cid)
        if not isinstance(cid, str) or cid not in cardset.by_id:
            raise DeckFileError(shown, where, f"deck '{name}': unknown card {describe(cid)}")
        if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= MAX_COPIES:
            raise DeckFileError(shown, where, f"deck '{name}': copies of '{cid}' must be a whole number from 1 to {MAX_COPIES}, got {describe(copies)}")
        counts[cid] = copies
    problems = tuple(game_cls.deck_rules.check(cardset, side, counts))
    return SavedDeck(game_cls.id, name, side, counts, path, shown, problems)


def list_decks(game_cls: type[Game], cardset: CardSet) -> list[SavedDeck | DeckFileError]:
    """Every saved deck of the game, by name; a damaged file is listed as its
    ``DeckFileError`` (never raised)."""
    folder = decks_dir(game_cls.id)
    if not folder.is_dir():
        return []
    out: list[SavedDeck | DeckFileError] = []
    for path in sorted(folder.iterdir()):
        if path.suffix not in (".yaml", ".yml") or path.name.startswith("."):
            continue
        try:
            out.append(read_deck(path, game_cls, cardset))
        except DeckFileError as err:
            out.append(err)
    out.sort(key=lambda d: (isinstance(d, DeckFileError), d.name.casefold() if isinstance(d, SavedDeck) else d.path))
    return out


def save_deck(
    game_cls: type[Game],
    name: str,
    side: str,
    counts: Mapping[str, int],
    *,
    path: Path | None = None,
    overwrite: bool = False,
) -> Path:
    """Write a deck as YAML (``yaml.safe_dump``) and return its path.

    ``path`` defaults to ``decks_dir(game)/deck_file_name(name)``. Raises
    ``FileExistsError`` when that file exists and ``overwrite`` is false, ``ValueError``
    for an empty name, and ``OSError`` when the folder cannot be written (a full disk).
    The file (mode 0600, folders 0700) is replaced atomically, so a crash or a full disk
    never leaves half a deck and the old file is kept.
    """
    name = name.strip()
    if not name:
        raise ValueError("a deck needs a name")
    target = Path(path) if path is not None else decks_dir(game_cls.id) / deck_file_name(name)
    if target.exists() and not overwrite:
        raise FileExistsError(str(target))
    data: dict[str, Any] = {
        "format": DECK_FORMAT,
        "version": DECK_VERSION,
        "game": game_cls.id,
        "name": name,
        "side": side,
        "cards": {str(cid): int(n) for cid, n in counts.items() if n > 0},
    }
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False)
    files.private_dir(target.parent.parent)
    files.write_private(target, text)
    return target


def delete_deck(path: Path | str) -> None:
    """Remove a saved deck file (a missing file is not an error)."""
    try:
        Path(path).unlink()
    except FileNotFoundError:
        pass


def setup_choices(game_cls: type[Game], option: Option, cardset: CardSet | None) -> tuple[tuple[Any, str], ...]:
    """The choices the setup screen offers for ``option``: for the game's deck option, the
    card set's presets then every *legal* saved deck (as a ``CustomDeck``, labelled with
    its name and "yours"); other options keep ``game_cls.option_choices``."""
    choices = tuple(game_cls.option_choices(option, cardset))
    if cardset is None or option.key != game_cls.deck_option:
        return choices
    sides = dict(game_cls.deck_rules.sides(cardset))
    own = []
    for deck in list_decks(game_cls, cardset):
        if isinstance(deck, SavedDeck) and deck.legal:
            side = sides.get(deck.side, deck.side)
            own.append((deck.as_option(), f"{deck.name} (yours, {side})"))
    return choices + tuple(own)
