"""Card lists: the rows of the card browser and of ``cardtable cards``, their filters and
sorting, and the CSV/JSON/plain-text exports. No textual here (the CLI prints with rich).

Every registered game is covered with no per-game code: ``card_sources()`` walks
``cardtable.engine.games()`` and each game's card sets (``registry.card_sets``: the main
set, bundled or replaced, plus sets added by the custom card folder). A game shapes its
row from the card itself: ``value_text`` / ``value_sort_key`` (the *Value* column: a value
or power/toughness) and ``effect_text`` (the effect in words: the game's own sentences,
``Game.card_effect``, else the card's ``effect`` field spelt out).
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.cards import CardDef, CardSet
from cardtable.engine import Game, games
from cardtable.engine.registry import CardSetSource, card_set_name, card_sets, load_cards

__all__ = [
    "COLUMNS",
    "FORMATS",
    "CardEntry",
    "SourceChoice",
    "card_sources",
    "value_text",
    "value_sort_key",
    "effect_text",
    "entries_for",
    "filter_entries",
    "sort_entries",
    "deck_uses",
    "card_record",
    "export_json",
    "export_csv",
    "export_plain",
    "plain_table",
    "table_rows",
    "TABLE_HEADINGS",
    "load_source",
]

FORMATS = ("table", "csv", "json")

COLUMNS: tuple[tuple[str, str], ...] = (
    ("game", "Game"),
    ("name", "Name"),
    ("kind", "Kind"),
    ("value", "Value"),
    ("colour", "Colour"),
    ("copies", "Copies"),
    ("source", "Source"),
    ("text", "Text"),
)
"""The browser's sortable columns: ``(key, heading)``. ``game`` only shows for all games."""


def value_text(defn: CardDef) -> str:
    """The *Value* column: the printed value, else ``power/toughness`` when the card has
    those as numbers (``"3/–"`` when one is missing), else an empty string. A field that holds
    a structure (Black Ops' Specialist ``power`` is a trigger map) is no number: the column
    never prints a raw structure (issue 12.4); ``effect_text`` says it in words."""
    if defn.value is not None:
        return str(defn.value)
    power, toughness = defn.get("power"), defn.get("toughness")
    power = power if _is_number(power) else None
    toughness = toughness if _is_number(toughness) else None
    if power is not None or toughness is not None:
        return f"{'–' if power is None else power}/{'–' if toughness is None else toughness}"
    return ""


def value_sort_key(defn: CardDef) -> tuple[int, float, float]:
    """How the *Value* column sorts, as ``(has no value, value or power, toughness)``: cards
    without a value last, then by value (or by power, then toughness)."""
    if defn.value is not None:
        return (0, float(defn.value), 0.0)
    power, toughness = defn.get("power"), defn.get("toughness")
    if _is_number(power) or _is_number(toughness):
        return (0, float(power) if _is_number(power) else 0.0, float(toughness) if _is_number(toughness) else 0.0)
    return (1, 0.0, 0.0)


def effect_text(game_cls: type[Game], defn: CardDef) -> str:
    """What ``defn`` does, in plain words: the game's own sentences (``card_effect``), else
    the card's ``effect`` field spelt out generically (``{draw: {care_package: 2}}`` →
    "draw: care package 2"); empty when the card has no effect beyond its text."""
    words = game_cls.card_effect(defn)
    if words:
        return words
    effect = defn.get("effect")
    if effect in (None, "", {}, ()):
        return ""
    return _plain_words(effect)


def _holds_structures(value: Any) -> bool:
    """Whether ``value`` is a list (or tuple) with a mapping or a list among its items."""
    return isinstance(value, (list, tuple)) and any(isinstance(v, (Mapping, list, tuple)) for v in value)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _plain_words(value: Any) -> str:
    """Data as words: mappings become "key value; ...", lists "a, b", ``_`` becomes a space.
    A list of mappings or lists puts each in parentheses, "power: (amount 2; who: id a, b),
    (amount -5; who: id c)": without them a tester read Cyberspace's "-5" as the amount of
    the cards named before it."""
    if isinstance(value, Mapping):
        parts = []
        for key, item in value.items():
            words = _plain_words(item)
            key_text = str(key).replace("_", " ")
            if isinstance(item, bool):
                parts.append(key_text if item else f"not {key_text}")
            elif isinstance(item, Mapping) or _holds_structures(item):
                parts.append(f"{key_text}: {words}")
            else:
                parts.append(f"{key_text} {words}".strip())
        return "; ".join(parts)
    if isinstance(value, (list, tuple)):
        if _holds_structures(value):
            return ", ".join(f"({_plain_words(v)})" if isinstance(v, (Mapping, list, tuple)) else _plain_words(v) for v in value)
        return ", ".join(_plain_words(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")



@dataclass(frozen=True)
class SourceChoice:
    """One entry of the browser's game picker: a game's card set (``key`` is the game id
    for its main set, ``game:set`` for an added one)."""

    key: str
    label: str
    game: str
    set_id: str
    source: CardSetSource


def card_sources(cards_dir: str | os.PathLike[str] | None = None) -> list[SourceChoice]:
    """Every card set of every registered game, in menu order (main set first)."""
    out: list[SourceChoice] = []
    for cls in games():
        for source in card_sets(cls.id, cards_dir):
            if source.main:
                label = cls.title + (" (custom)" if source.replaces else "")
                out.append(SourceChoice(cls.id, label, cls.id, source.set_id, source))
            else:
                name = card_set_name(source, cards_dir)
                label = f"{cls.title}: {name or source.set_id}" + (" (broken)" if name is None else "")
                out.append(SourceChoice(f"{cls.id}:{source.set_id}", label, cls.id, source.set_id, source))
    return out


@dataclass(frozen=True)
class CardEntry:
    """One row: a card design of one card set, with what the browser shows and sorts by.

    ``value`` is the *Value* column text (a value or power/toughness), ``value_key`` its
    sort key, ``colour_hex`` the palette colour (``None`` for colourless cards) and
    ``effect`` the game's plain-words effect. ``search`` is the casefolded text the live
    filter looks in (name, card text and effect).
    """

    game_cls: type[Game]
    cardset: CardSet
    card: CardDef
    value: str
    value_key: tuple[Any, ...]
    colour_hex: str | None
    effect: str
    search: str = field(repr=False)

    @property
    def game(self) -> str:
        """The game id."""
        return self.game_cls.id

    @property
    def key(self) -> str:
        """Unique across games and sets: ``game/set path/card id``."""
        return f"{self.game_cls.id}|{self.cardset.path}|{self.card.id}"

    def sort_key(self, column: str) -> tuple[Any, ...]:
        """The sort key of this row for a column of ``COLUMNS``: ``(missing, ...)``, where
        ``missing`` is true for an empty cell (no value, no colour, no text)."""
        card = self.card
        if column == "game":
            return (False, self.game_cls.order, self.game_cls.title, self.cardset.path)
        if column == "name":
            return (False, card.name.casefold())
        if column == "kind":
            return (False, card.kind)
        if column == "value":
            return (self.value_key[0] != 0, *self.value_key[1:])
        if column == "colour":
            return (card.colour is None, card.colour or "")
        if column == "copies":
            return (False, card.count)
        if column == "source":
            return (False, card.source)
        if column == "text":
            return (card.text == "", card.text.casefold())
        raise KeyError(column)


def entries_for(game_cls: type[Game], cardset: CardSet) -> list[CardEntry]:
    """The rows of one card set, in file order."""
    out = []
    for card in cardset.cards:
        effect = effect_text(game_cls, card)
        out.append(
            CardEntry(
                game_cls,
                cardset,
                card,
                value_text(card),
                value_sort_key(card),
                cardset.colour_hex(card.colour),
                effect,
                " ".join((card.name, card.text, effect)).casefold(),
            )
        )
    return out


def filter_entries(entries: Iterable[CardEntry], text: str = "", kind: str | None = None, colour: str | None = None) -> list[CardEntry]:
    """Rows whose name, text or effect contain every word of ``text`` (any case), of
    ``kind`` and ``colour`` when given (``colour=""`` means colourless cards)."""
    words = text.casefold().split()
    out = []
    for entry in entries:
        if kind is not None and entry.card.kind != kind:
            continue
        if colour is not None and (entry.card.colour or "") != colour:
            continue
        if words and not all(w in entry.search for w in words):
            continue
        out.append(entry)
    return out


def sort_entries(entries: Sequence[CardEntry], column: str | None, reverse: bool = False) -> list[CardEntry]:
    """Rows sorted by a column of ``COLUMNS``, ascending or (``reverse``) descending; rows
    with an empty cell stay last either way, and ties keep file order. ``column=None``
    keeps the order given (reversed with ``reverse``)."""
    if column is None:
        return list(reversed(entries)) if reverse else list(entries)
    keyed = [(e.sort_key(column), e) for e in entries]
    present = sorted((k for k in keyed if not k[0][0]), key=lambda k: k[0][1:], reverse=reverse)
    missing = sorted((k for k in keyed if k[0][0]), key=lambda k: k[0][1:], reverse=reverse)
    return [e for _, e in present + missing]


def deck_uses(game_cls: type[Game], cardset: CardSet, card_id: str, saved: Iterable[Any] = ()) -> list[tuple[str, int, bool]]:
    """Which decks contain a card: ``(deck name, copies, is a saved deck)`` for each preset
    of the card file and each of the player's ``saved`` decks (``SavedDeck``s) using it."""
    out = []
    for deck in cardset.decks.values():
        copies = deck["cards"].get(card_id)
        if copies:
            out.append((str(deck["name"]), int(copies), False))
    for deck in saved:
        copies = getattr(deck, "counts", {}).get(card_id)
        if copies:
            out.append((deck.name, int(copies), True))
    return out


# --------------------------------------------------------------------------- exports


def _plain_value(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain_value(v) for v in value]
    return value


def card_record(card: CardDef, cardset: CardSet) -> dict[str, Any]:
    """A card as the card file would spell it with every default filled in: ``id, name,
    kind, value, colour, text, count, source`` then the game's declared fields in order."""
    record: dict[str, Any] = {
        "id": card.id,
        "name": card.name,
        "kind": card.kind,
        "value": card.value,
        "colour": card.colour,
        "text": card.text,
        "count": card.count,
        "source": card.source,
    }
    for name in cardset.fields:
        record[name] = _plain_value(card.fields.get(name))
    return record


def export_json(cards: Iterable[CardDef], cardset: CardSet) -> str:
    """The cards as a JSON list of ``card_record``s (indented, UTF-8 kept)."""
    return json.dumps([card_record(c, cardset) for c in cards], indent=2, ensure_ascii=False) + "\n"


def _csv_cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return str(value)


def export_csv(cards: Iterable[CardDef], cardset: CardSet) -> str:
    """The cards as CSV with a header row (the ``card_record`` keys); empty cells for
    nothing, ``true``/``false`` for flags, JSON for lists and mappings."""
    out = io.StringIO()
    columns = ["id", "name", "kind", "value", "colour", "count", "source", "text", *cardset.fields]
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for card in cards:
        record = card_record(card, cardset)
        writer.writerow([_csv_cell(record[c]) for c in columns])
    return out.getvalue()


def plain_table(headings: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """Columns aligned with two spaces, headings in capitals, no colour or box drawing;
    the last column is never padded (so long card text stays whole)."""
    rows = [list(map(str, r)) for r in rows]
    heads = [h.upper() for h in headings]
    widths = [max([len(heads[i]), *(len(r[i]) for r in rows)]) for i in range(len(heads))]
    lines = []
    for row in [heads, *rows]:
        cells = [cell.ljust(widths[i]) if i < len(row) - 1 else cell for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"


TABLE_HEADINGS = ("id", "name", "kind", "value", "colour", "copies", "source", "text")


def table_rows(game_cls: type[Game], cards: Iterable[CardDef]) -> list[list[str]]:
    """The ``cardtable cards --format table`` cells of each card (``TABLE_HEADINGS``)."""
    return [
        [c.id, c.name, c.kind, value_text(c), c.colour or "", str(c.count), c.source, c.text]
        for c in cards
    ]


def export_plain(game_cls: type[Game], cards: Iterable[CardDef]) -> str:
    """The cards as a plain-text table (for pipes and ``NO_COLOR``)."""
    return plain_table(TABLE_HEADINGS, table_rows(game_cls, cards))


def load_source(choice: SourceChoice, cards_dir: str | os.PathLike[str] | None = None) -> CardSet:
    """Load the card set of a picker entry. Raises ``CardDataError``."""
    return load_cards(choice.game, cards_dir, choice.set_id)
