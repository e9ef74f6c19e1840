"""Load and validate card data (``cards_data/<game>.yaml``) into immutable card definitions.

A card file is YAML with this shape (``cards_data/README.md`` documents every field)::

    game: bloops              # the game id this set belongs to
    name: Bloops              # display name of the card set
    kinds: [number, bloops]   # every card's ``kind`` must be one of these
    colours:                  # optional palette: colour name -> "#rrggbb"
      blue: "#2f6fd1"
    table:                    # optional palette for faces and backs
      face: "#f4f1ea"
      back: "#2b4c7e"
    fields:                   # optional game-specific card fields
      star: {type: bool, default: false}
    decks:                    # optional named decks: deck id -> cards and copies
      starter: {name: Starter, cards: {seven: 2}}
    cards:
      - id: seven             # lowercase letters, digits and dashes; unique
        name: "7"
        kind: number
        value: 7              # integer or null
        colour: blue          # a palette name or null
        text: "Look at one card."
        count: 5              # copies in the full deck (positive integer, default 1)
        source: seed          # seed | reconstructed
        star: false           # a declared game-specific field

Files are parsed with PyYAML's C safe loader when available (the pure-Python safe loader
otherwise); tags such as ``!!python/object`` are refused. Every problem is reported as one
``CardDataError`` line naming the file, the line and the field, for example
``cards_data/bloops.yaml:41: card 'nine': count must be a positive integer, got -1``.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import yaml

__all__ = [
    "FrozenMap",
    "CardDataError",
    "CardDef",
    "CardSet",
    "FieldSpec",
    "describe",
    "load_cardset",
    "parse_cardset",
    "parse_yaml",
    "read_card_text",
]

SOURCES = ("seed", "reconstructed")
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_HEX_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
_COMMON_KEYS = ("id", "name", "kind", "value", "colour", "text", "count", "source")
_TOP_KEYS = ("game", "name", "version", "kinds", "colours", "table", "fields", "decks", "cards", "notes")
_FIELD_TYPES = ("str", "int", "bool", "list", "map", "any")

# What a card file may ask for (a hostile or broken file gets a one-line error, never a
# hang, a crash or a deal that cannot be made). The bundled files use a small part of it.
MAX_FILE_BYTES = 1024 * 1024
"""The largest card file read (the biggest bundled one is about 33 KB)."""
MAX_VALUES = 200_000
"""The most YAML values (scalars, lists, mappings) a file may hold, counting each use of
an alias in full: an alias bomb stops here."""
MAX_ALIASES = 100
"""The most alias uses (``*name``) in one file."""
MAX_DEPTH = 24
"""The deepest nesting of lists and mappings."""
MAX_STRING = 10_000
"""The longest text value (characters)."""
MAX_INT = 10**9
"""The largest integer magnitude anywhere in a card file."""
MAX_CARDS = 2_000
"""The most card designs in one file."""
MAX_COUNT = 1_000
"""The most copies of one card (``count:``) or in one named deck's entry."""
MAX_DECK_SIZE = 10_000
"""The most physical cards in the full deck (the sum of ``count``) or in a named deck."""


class FrozenMap(dict):
    """A read-only dict: card data is immutable once loaded (but can be pickled and copied)."""

    __slots__ = ()

    def _readonly(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("card data is read-only")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _readonly  # type: ignore[assignment]

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items(), key=lambda kv: str(kv[0]))))

    def __copy__(self) -> "FrozenMap":
        return self

    def __deepcopy__(self, memo: dict) -> "FrozenMap":
        return self

    def __reduce__(self):
        return (FrozenMap, (dict(self),))


class CardDataError(ValueError):
    """A card file is malformed. ``str(error)`` is one line: ``path:line: message``.

    Attributes: ``path`` (the file as shown to the user), ``line`` (1-based, or ``None``
    when the whole file is at fault) and ``message`` (the text after the location).
    """

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """Declared game-specific card field, from the ``fields:`` section of a card file.

    ``type`` is one of str, int, bool, list, map, any. ``choices`` restricts values,
    ``minimum``/``maximum`` bound integers, ``required`` demands the key on every card,
    and ``default`` is used when the key is absent.
    """

    name: str
    type: str = "any"
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    required: bool = False
    default: Any = None


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card design (not a physical copy): immutable, hashable by ``id``.

    ``value`` is the printed number (``None`` when the card has none), ``colour`` a palette
    name (``None`` for colourless cards), ``count`` how many copies a full deck holds,
    ``source`` whether the card is from the seed rules or reconstructed by us, and
    ``fields`` the game-specific fields declared by the file (read-only mapping).
    ``line`` is where the card starts in its file, for error messages.
    """

    id: str
    name: str
    kind: str
    value: int | None = None
    colour: str | None = None
    text: str = ""
    count: int = 1
    source: str = "reconstructed"
    fields: Mapping[str, Any] = field(default_factory=lambda: FrozenMap({}), compare=False, hash=False)
    line: int = field(default=0, compare=False, hash=False)

    def __copy__(self) -> "CardDef":
        return self

    def __deepcopy__(self, memo: dict) -> "CardDef":
        return self

    def get(self, key: str, default: Any = None) -> Any:
        """Return game-specific field ``key`` (``default`` when the card has none)."""
        return self.fields.get(key, default)

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]


@dataclass(frozen=True, slots=True)
class CardSet:
    """A validated card file: its cards in file order plus palette, decks and metadata.

    ``colours`` maps colour names to ``#rrggbb``; ``table`` holds face/back colours;
    ``decks`` maps a deck id to ``{"name": str, "cards": {card_id: copies}}``;
    ``digest`` is a SHA-256 of the parsed content, used by save files to notice a
    changed card set.
    """

    game: str
    name: str
    path: str
    cards: tuple[CardDef, ...]
    kinds: tuple[str, ...]
    colours: Mapping[str, str]
    table: Mapping[str, str]
    fields: Mapping[str, FieldSpec]
    decks: Mapping[str, Mapping[str, Any]]
    digest: str
    by_id: Mapping[str, CardDef] = field(compare=False, hash=False, repr=False, default_factory=lambda: FrozenMap({}))
    _of_kind: dict[tuple[str, ...], tuple[CardDef, ...]] = field(compare=False, hash=False, repr=False, default_factory=dict)
    _derived: dict[str, Any] = field(compare=False, hash=False, repr=False, default_factory=dict)

    def __copy__(self) -> "CardSet":
        return self

    def __deepcopy__(self, memo: dict) -> "CardSet":
        return self

    def __getitem__(self, card_id: str) -> CardDef:
        return self.by_id[card_id]

    def __iter__(self):
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def of_kind(self, *kinds: str) -> tuple[CardDef, ...]:
        """Cards whose ``kind`` is one of ``kinds``, in file order."""
        return tuple(c for c in self.cards if c.kind in kinds)

    def full_deck_of_kind(self, *kinds: str) -> tuple[CardDef, ...]:
        """Every physical copy of the full card set whose ``kind`` is one of ``kinds``, in
        ``deck_list()`` order (file order, copies adjacent). Worked out once per card set:
        games that deal a fixed deck ask for it at every deal."""
        found = self._of_kind.get(kinds)
        if found is None:
            found = self._of_kind[kinds] = tuple(d for d in self.deck_list() if d.kind in kinds)
        return found

    def derived(self, key: str, build: Callable[["CardSet"], Any]) -> Any:
        """What a game works out once from this card set's data, for every game played with
        it (e.g. FOFL's facts of each card, by card id): ``build(self)`` on the first call
        with ``key``, the same object afterwards. The result must never be changed (card data
        is immutable)."""
        found = self._derived.get(key)
        if found is None:
            found = self._derived[key] = build(self)
        return found

    def deck_list(self, deck_id: Any = None) -> list[CardDef]:
        """Every physical copy of a deck as a list (file order, copies adjacent).

        With ``deck_id=None`` the full card set is used (each card ``count`` times); with a
        deck id, the named deck's ``cards`` mapping; with a ``{card id: copies}`` mapping,
        or a player's own deck (an object with such a ``counts`` mapping, e.g.
        ``cardtable.engine.CustomDeck``), those cards. Raises ``KeyError`` for an unknown
        deck or card.
        """
        if deck_id is None:
            return [c for c in self.cards for _ in range(c.count)]
        if isinstance(deck_id, str):
            counts = self.decks[deck_id]["cards"]
        elif isinstance(deck_id, Mapping):
            counts = deck_id
        else:
            counts = deck_id.counts
        return [self.by_id[cid] for cid, n in counts.items() for _ in range(n)]

    def colour_hex(self, colour: str | None) -> str | None:
        """The ``#rrggbb`` of a palette colour name, or ``None``."""
        return self.colours.get(colour) if colour else None


# --------------------------------------------------------------------------- YAML parsing


class _LineDict(dict):
    """A dict that remembers the line of itself and of each key (1-based)."""

    line: int = 0

    def __init__(self) -> None:
        super().__init__()
        self.key_lines: dict[Any, int] = {}

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)


class _LineList(list):
    line: int = 0
    item_lines: list[int]


class _DuplicateKey(Exception):
    def __init__(self, key: Any, line: int) -> None:
        self.key, self.line = key, line


@functools.cache
def _loader_class() -> type:
    """The safe loader that records line numbers and rejects duplicate keys: PyYAML's C
    safe loader when the build has it, else the pure-Python one. Made on first use, so
    starting the program does not import PyYAML."""
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class _Loader(base):  # type: ignore[misc, valid-type]
        pass

    _Loader.add_constructor("tag:yaml.org,2002:map", _construct_map)
    _Loader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)
    # a date is kept as the text written (no calendar check can fail: version: 2024-13-45)
    _Loader.add_constructor("tag:yaml.org,2002:timestamp", yaml.SafeLoader.construct_yaml_str)
    return _Loader


_PLAIN_TAGS = frozenset(
    "tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp", "merge", "value")
)


class _TooMuch(Exception):
    """A bound of the file exceeded: ``line`` (1-based) and the message."""

    def __init__(self, line: int | None, message: str) -> None:
        self.line, self.message = line, message


def _check_nodes(root: Any, loader: Any) -> None:
    """Walk the composed YAML graph (iteratively, each alias counted in full) and raise
    ``_TooMuch`` for what a card file may not ask for: more than ``MAX_VALUES`` values,
    ``MAX_ALIASES`` alias uses, ``MAX_DEPTH`` levels, a text longer than ``MAX_STRING``,
    an integer beyond ``MAX_INT``, or a tag that is not plain data."""
    import yaml

    seen: set[int] = set()
    aliases = values = 0
    stack = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        line = node.start_mark.line + 1
        values += 1
        if values > MAX_VALUES:
            raise _TooMuch(line, f"the file holds more than {MAX_VALUES:,} values (aliases counted in full)")
        if depth > MAX_DEPTH:
            raise _TooMuch(line, f"lists and mappings are nested more than {MAX_DEPTH} deep")
        if id(node) in seen:
            aliases += 1
            if aliases > MAX_ALIASES:
                raise _TooMuch(line, f"more than {MAX_ALIASES} uses of aliases (*name) in one file")
        seen.add(id(node))
        if node.tag not in _PLAIN_TAGS:
            name = str(node.tag).replace("tag:yaml.org,2002:", "!!")[:60]
            raise _TooMuch(line, f"tag {name} is not allowed (card files are plain data)")
        if isinstance(node, yaml.ScalarNode):
            if len(node.value) > MAX_STRING:
                raise _TooMuch(line, f"a value is {len(node.value):,} characters long (at most {MAX_STRING:,})")
            kind = node.tag.rsplit(":", 1)[-1]
            if kind == "int" and _int_too_big(loader, node):
                raise _TooMuch(line, f"the integer {node.value[:20]}{'…' if len(node.value) > 20 else ''} is too large (at most {MAX_INT:,} either way)")
            if kind in ("int", "float", "bool"):
                try:
                    getattr(loader, f"construct_yaml_{kind}")(node)
                except (ValueError, TypeError, KeyError, OverflowError):
                    raise _TooMuch(line, f"{node.value[:30]!r} is not a valid {'integer' if kind == 'int' else 'number' if kind == 'float' else 'true/false'}") from None
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((child, depth + 1) for child in reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            for key, value in reversed(node.value):
                stack.append((value, depth + 1))
                stack.append((key, depth + 1))


def _int_too_big(loader: Any, node: Any) -> bool:
    digits = node.value.replace("_", "").lstrip("+-")
    if len(digits) > 40:
        return True
    try:
        value = loader.construct_yaml_int(node)
    except (ValueError, TypeError):
        return False  # not an integer at all: said by the caller
    return abs(value) > MAX_INT


def _construct_map(loader: Any, node: yaml.MappingNode) -> _LineDict:
    loader.flatten_mapping(node)
    result = _LineDict()
    result.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise _DuplicateKey(None, key_node.start_mark.line + 1) from None
        if key in result:
            raise _DuplicateKey(key, key_node.start_mark.line + 1)
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


def _construct_seq(loader: Any, node: yaml.SequenceNode) -> _LineList:
    result = _LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


def _parse_yaml(text: str, shown: str) -> Any:
    import yaml

    if len(text) > MAX_FILE_BYTES:
        raise CardDataError(shown, None, f"the file is {len(text):,} characters long; a card file may have at most {MAX_FILE_BYTES:,}")
    loader = _loader_class()(text)  # a SafeLoader subclass: plain data only
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_nodes(node, loader)
        data = loader.construct_document(node)
        _refuse_control_characters(data, shown)
        return data
    except _TooMuch as err:
        raise CardDataError(shown, err.line, err.message) from None
    except RecursionError:
        raise CardDataError(shown, None, f"lists and mappings are nested more than {MAX_DEPTH} deep") from None
    except _DuplicateKey as dup:
        if dup.key is None:
            raise CardDataError(shown, dup.line, "a mapping key must be a plain value") from None
        raise CardDataError(shown, dup.line, f"duplicate key '{dup.key}'") from None
    except yaml.constructor.ConstructorError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        problem = err.problem or "unsupported content"
        tag = re.search(r"tag '([^']*)'", problem)
        if tag:
            name = tag.group(1).replace("tag:yaml.org,2002:", "!!")
            raise CardDataError(shown, line, f"tag {name} is not allowed (card files are plain data)") from None
        raise CardDataError(shown, line, problem) from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        last_line = text.count("\n") + (0 if text.endswith("\n") else 1)
        if err.context_mark is not None and (mark is None or mark.line + 1 > last_line):
            mark = err.context_mark  # the problem was only noticed at the end of the file
        line = mark.line + 1 if mark else None
        detail = err.problem or err.context
        if err.problem and err.context:
            detail = f"{err.problem} ({err.context})"
        raise CardDataError(shown, line, f"YAML syntax error: {detail}") from None
    except yaml.reader.ReaderError as err:  # a character YAML does not allow
        line = text[: max(0, err.position)].count("\n") + 1
        raise CardDataError(shown, line, f"character #x{err.character:04x} is not allowed in a card file" if isinstance(err.character, int) else "a character is not allowed in a card file") from None
    except yaml.YAMLError as err:  # pragma: no cover - other YAML errors carry no mark
        raise CardDataError(shown, None, "YAML error: " + " ".join(str(err).split())) from None
    finally:
        loader.dispose()


def _refuse_control_characters(data: Any, shown: str) -> None:
    """Raise ``CardDataError`` at the line of the first text (key or value) holding a
    control character other than newline and tab: card text is shown on the terminal, where
    an ESC sequence could retitle or clear it (``"\\e]0;...\\a"`` is valid YAML)."""
    from cardtable.plain import control_characters, describe_character

    seen: set[int] = set()
    stack: list[tuple[Any, int]] = [(data, getattr(data, "line", 1) or 1)]
    while stack:
        value, line = stack.pop()
        if isinstance(value, str):
            bad = control_characters(value, allow_newlines=True)
            if bad:
                raise CardDataError(shown, line, f"control character {describe_character(bad[0])} in text (write plain text only)")
            continue
        if id(value) in seen:  # an alias repeats a node: check it once
            continue
        seen.add(id(value))
        if isinstance(value, dict):
            lines = getattr(value, "key_lines", {})
            for key, item in value.items():
                at = lines.get(key, line)
                stack.append((item, at))
                stack.append((key, at))
        elif isinstance(value, list):
            lines = getattr(value, "item_lines", [])
            stack.extend((item, lines[i] if i < len(lines) else line) for i, item in enumerate(value))


def parse_yaml(text: str, shown: str) -> Any:
    """Parse YAML text as card files are parsed: plain data only (no tags), no duplicate
    keys, and mappings/lists that know their lines (``.line``, ``.line_of(key)``,
    ``.item_lines``). Raises ``CardDataError`` (``shown:line: message``). The deck builder
    reads saved decks with it so their errors look like card-file errors."""
    return _parse_yaml(text, shown)


def describe(value: Any) -> str:
    """A value as error messages quote it: ``'text'``, ``nothing``, ``a list``, ``3``."""
    return _describe(value)


# --------------------------------------------------------------------------- validation

CardCheck = Callable[[CardDef], Iterable[tuple[str | None, str]]]
"""A game's extra check of one card: yields ``(field or None, message)`` per problem."""

SetCheck = Callable[["CardSet"], Iterable[tuple[str | None, str | None, str]]]
"""A game's check of the whole set: yields ``(card id or None, field or None, message)``."""


def _describe(value: Any) -> str:
    if isinstance(value, str):
        return repr(value)
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return "a mapping" if isinstance(value, dict) else "a list"
    return str(value)


def _type_ok(kind: str, value: Any) -> bool:
    if kind == "any":
        return True
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str)
    if kind == "list":
        return isinstance(value, list)
    if kind == "map":
        return isinstance(value, dict)
    return False


_TYPE_WORDS = {"int": "an integer", "bool": "true or false", "str": "text", "list": "a list", "map": "a mapping"}


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return FrozenMap({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _plain(value: Any) -> Any:
    """Convert parsed YAML to plain JSON-able data (for the digest)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)  # dates and the like


def _parse_fields(raw: Any, shown: str, line: int) -> dict[str, FieldSpec]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise CardDataError(shown, line, f"fields: must be a mapping of field name to its spec, got {_describe(raw)}")
    specs: dict[str, FieldSpec] = {}
    for name, spec in raw.items():
        where = raw.line_of(name)
        if not isinstance(name, str) or not re.match(r"^[a-z][a-z0-9_]*$", name):
            raise CardDataError(shown, where, f"fields: field name {_describe(name)} must be lowercase letters, digits and _")
        if name in _COMMON_KEYS:
            raise CardDataError(shown, where, f"fields: '{name}' is a standard card key and cannot be redeclared")
        if isinstance(spec, str):
            spec = {"type": spec}
        if not isinstance(spec, dict):
            raise CardDataError(shown, where, f"fields: '{name}' must be a type name or a mapping, got {_describe(spec)}")
        unknown = set(spec) - {"type", "choices", "min", "max", "required", "default"}
        if unknown:
            raise CardDataError(shown, where, f"fields: '{name}' has unknown key '{sorted(map(str, unknown))[0]}'")
        ftype = spec.get("type", "any")
        if ftype not in _FIELD_TYPES:
            raise CardDataError(shown, where, f"fields: '{name}' type must be one of {', '.join(_FIELD_TYPES)}, got {_describe(ftype)}")
        choices = spec.get("choices")
        if choices is not None and not isinstance(choices, list):
            raise CardDataError(shown, where, f"fields: '{name}' choices must be a list")
        if choices is not None and not all(isinstance(c, (str, int, float, bool)) for c in choices):
            raise CardDataError(shown, where, f"fields: '{name}' choices must be plain values (text, numbers, true/false)")
        for bound in ("min", "max"):
            if spec.get(bound) is not None and (not isinstance(spec[bound], int) or isinstance(spec[bound], bool)):
                raise CardDataError(shown, where, f"fields: '{name}' {bound} must be an integer, got {_describe(spec[bound])}")
        specs[name] = FieldSpec(
            name=name,
            type=ftype,
            choices=tuple(choices) if choices is not None else None,
            minimum=spec.get("min"),
            maximum=spec.get("max"),
            required=bool(spec.get("required", False)),
            default=spec.get("default"),
        )
        if specs[name].default is not None:
            problem = _check_field(specs[name], specs[name].default)
            if problem:
                raise CardDataError(shown, where, f"fields: '{name}' default {problem}")
    return specs


def _check_field(spec: FieldSpec, value: Any) -> str | None:
    if value is None and not spec.required:
        return None
    if not _type_ok(spec.type, value):
        return f"must be {_TYPE_WORDS.get(spec.type, spec.type)}, got {_describe(value)}"
    if spec.choices is not None:
        items = value if isinstance(value, list) else [value]
        for item in items:
            if item not in spec.choices:
                allowed = ", ".join(str(c) for c in spec.choices)
                return f"must be one of {allowed}, got {_describe(item)}"
    if spec.type == "int":
        if spec.minimum is not None and value < spec.minimum:
            return f"must be at least {spec.minimum}, got {value}"
        if spec.maximum is not None and value > spec.maximum:
            return f"must be at most {spec.maximum}, got {value}"
    return None


def _parse_palette(raw: Any, section: str, shown: str, line: int) -> dict[str, str]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise CardDataError(shown, line, f"{section}: must be a mapping of name to \"#rrggbb\", got {_describe(raw)}")
    out: dict[str, str] = {}
    for name, hexcode in raw.items():
        if not isinstance(name, str) or not isinstance(hexcode, str) or not _HEX_RE.match(hexcode):
            raise CardDataError(shown, raw.line_of(name), f"{section}: '{name}' must be a colour like \"#1a2b3c\", got {_describe(hexcode)}")
        out[name] = hexcode.lower()
    return out


def parse_cardset(
    text: str,
    shown: str,
    *,
    game: str | None = None,
    check_card: CardCheck | None = None,
    check_set: SetCheck | None = None,
) -> CardSet:
    """Parse and validate card-file text. ``shown`` is the path to name in errors.

    ``game`` (when given) must equal the file's ``game:``. ``check_card`` and
    ``check_set`` are the game's own checks (effect vocabulary, deck rules); their
    messages become ``CardDataError`` lines at the card's or field's line.

    Raises ``CardDataError`` on the first problem found.
    """
    if not text.strip():
        raise CardDataError(shown, None, "the file is empty; expected a card set with 'game:' and 'cards:'")
    data = _parse_yaml(text, shown)
    if data is None:
        raise CardDataError(shown, None, "the file is empty; expected a card set with 'game:' and 'cards:'")
    if not isinstance(data, dict):
        raise CardDataError(shown, getattr(data, "line", 1), f"the top level must be a mapping with 'game:' and 'cards:', got {_describe(data)}")

    for key in data:
        if key not in _TOP_KEYS:
            raise CardDataError(shown, data.line_of(key), f"unknown top-level key '{key}' (allowed: {', '.join(_TOP_KEYS)})")
    for key in ("game", "name", "kinds", "cards"):
        if key not in data:
            raise CardDataError(shown, 1, f"missing top-level key '{key}'")

    game_id = data["game"]
    if not isinstance(game_id, str) or not _ID_RE.match(game_id):
        raise CardDataError(shown, data.line_of("game"), f"game: must be a game id like 'cold-war', got {_describe(game_id)}")
    if game is not None and game_id != game:
        raise CardDataError(shown, data.line_of("game"), f"game: this file is for '{game_id}', expected '{game}'")
    set_name = data["name"]
    if not isinstance(set_name, str) or not set_name.strip():
        raise CardDataError(shown, data.line_of("name"), f"name: must be non-empty text, got {_describe(set_name)}")

    kinds = data["kinds"]
    if not isinstance(kinds, list) or not kinds or not all(isinstance(k, str) and k for k in kinds):
        raise CardDataError(shown, data.line_of("kinds"), f"kinds: must be a non-empty list of kind names, got {_describe(kinds)}")

    colours = _parse_palette(data.get("colours"), "colours", shown, data.line_of("colours"))
    table = _parse_palette(data.get("table"), "table", shown, data.line_of("table"))
    specs = _parse_fields(data.get("fields"), shown, data.line_of("fields"))

    raw_cards = data["cards"]
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CardDataError(shown, data.line_of("cards"), f"cards: must be a non-empty list of cards, got {_describe(raw_cards)}")
    if len(raw_cards) > MAX_CARDS:
        raise CardDataError(shown, data.line_of("cards"), f"cards: {len(raw_cards):,} cards; a card file may hold at most {MAX_CARDS:,}")

    cards: list[CardDef] = []
    seen: dict[str, int] = {}
    allowed_keys = _COMMON_KEYS + tuple(specs)
    for index, raw in enumerate(raw_cards):
        line = raw_cards.item_lines[index]
        if not isinstance(raw, dict):
            raise CardDataError(shown, line, f"card #{index + 1}: must be a mapping with id, name, kind..., got {_describe(raw)}")
        cid = raw.get("id")
        if cid is None:
            raise CardDataError(shown, line, f"card #{index + 1}: missing field 'id'")
        if not isinstance(cid, str) or not _ID_RE.match(cid):
            raise CardDataError(shown, raw.line_of("id"), f"card #{index + 1}: id must be lowercase letters, digits and dashes, got {_describe(cid)}")
        label = f"card '{cid}'"
        if cid in seen:
            raise CardDataError(shown, raw.line_of("id"), f"{label}: duplicate id (first used on line {seen[cid]})")
        seen[cid] = line

        for key in raw:
            if key not in allowed_keys:
                hint = "; declare it under 'fields:'" if isinstance(key, str) else ""
                raise CardDataError(shown, raw.line_of(key), f"{label}: unknown key '{key}'{hint}")

        def need(key: str, ok: Callable[[Any], bool], what: str, default: Any = ...) -> Any:
            if key not in raw:
                if default is ...:
                    raise CardDataError(shown, line, f"{label}: missing field '{key}'")
                return default
            value = raw[key]
            if not ok(value):
                raise CardDataError(shown, raw.line_of(key), f"{label}: {key} must be {what}, got {_describe(value)}")
            return value

        name = need("name", lambda v: isinstance(v, (str, int)) and not isinstance(v, bool) and str(v).strip() != "", "non-empty text")
        kind = need("kind", lambda v: isinstance(v, str), "text")
        if kind not in kinds:
            raise CardDataError(shown, raw.line_of("kind"), f"{label}: kind must be one of {', '.join(kinds)}, got {_describe(kind)}")
        value = need("value", lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool)), "an integer or null", None)
        colour = need("colour", lambda v: v is None or isinstance(v, str), "a colour name or null", None)
        if colour is not None and colour not in colours:
            known = ", ".join(colours) or "none declared under 'colours:'"
            raise CardDataError(shown, raw.line_of("colour"), f"{label}: colour must be one of {known}, got {_describe(colour)}")
        text_value = need("text", lambda v: isinstance(v, str), "text", "")
        count = need("count", lambda v: isinstance(v, int) and not isinstance(v, bool) and v > 0, "a positive integer", 1)
        if count > MAX_COUNT:
            raise CardDataError(shown, raw.line_of("count"), f"{label}: count must be at most {MAX_COUNT:,}, got {count:,}")
        source = need("source", lambda v: v in SOURCES, "seed or reconstructed")

        extra: dict[str, Any] = {}
        for fname, spec in specs.items():
            if fname in raw:
                problem = _check_field(spec, raw[fname])
                if problem:
                    raise CardDataError(shown, raw.line_of(fname), f"{label}: {fname} {problem}")
                extra[fname] = _freeze(raw[fname])
            elif spec.required:
                raise CardDataError(shown, line, f"{label}: missing field '{fname}'")
            else:
                extra[fname] = _freeze(spec.default)

        card = CardDef(
            id=cid,
            name=str(name),
            kind=kind,
            value=value,
            colour=colour,
            text=text_value.strip(),
            count=count,
            source=source,
            fields=FrozenMap(extra),
            line=line,
        )
        if check_card is not None:
            for fname, message in check_card(card):
                where = raw.line_of(fname) if fname else line
                prefix = f"{label}: {fname} " if fname else f"{label}: "
                raise CardDataError(shown, where, prefix + message)
        cards.append(card)

    total = sum(c.count for c in cards)
    if total > MAX_DECK_SIZE:
        raise CardDataError(shown, data.line_of("cards"), f"cards: the full deck would hold {total:,} cards; at most {MAX_DECK_SIZE:,}")
    by_id = {c.id: c for c in cards}
    decks = _parse_decks(data.get("decks"), by_id, shown, data.line_of("decks"))
    digest = hashlib.sha256(json.dumps(_plain(data), sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    cardset = CardSet(
        game=game_id,
        name=set_name.strip(),
        path=shown,
        cards=tuple(cards),
        kinds=tuple(kinds),
        colours=FrozenMap(colours),
        table=FrozenMap(table),
        fields=FrozenMap(specs),
        decks=FrozenMap(decks),
        digest=digest,
        by_id=FrozenMap(by_id),
    )
    if check_set is not None:
        for cid, fname, message in check_set(cardset):
            if cid is not None and cid in by_id:
                raise CardDataError(shown, by_id[cid].line, f"card '{cid}': " + (f"{fname} " if fname else "") + message)
            raise CardDataError(shown, data.line_of("decks" if cid is None and "decks" in data else "cards"), message)
    return cardset


def _parse_decks(raw: Any, by_id: Mapping[str, CardDef], shown: str, line: int) -> dict[str, Mapping[str, Any]]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise CardDataError(shown, line, f"decks: must be a mapping of deck id to a deck, got {_describe(raw)}")
    decks: dict[str, Mapping[str, Any]] = {}
    for deck_id, deck in raw.items():
        where = raw.line_of(deck_id)
        if not isinstance(deck_id, str) or not _ID_RE.match(deck_id):
            raise CardDataError(shown, where, f"decks: deck id {_describe(deck_id)} must be lowercase letters, digits and dashes")
        if not isinstance(deck, dict) or "cards" not in deck:
            raise CardDataError(shown, where, f"deck '{deck_id}': must be a mapping with 'name' and 'cards'")
        unknown = set(deck) - {"name", "description", "cards", "side"}
        if unknown:
            key = sorted(map(str, unknown))[0]
            raise CardDataError(shown, deck.line_of(key), f"deck '{deck_id}': unknown key '{key}'")
        entries = deck["cards"]
        if not isinstance(entries, dict) or not entries:
            raise CardDataError(shown, deck.line_of("cards"), f"deck '{deck_id}': cards must be a mapping of card id to copies")
        counts: dict[str, int] = {}
        for cid, copies in entries.items():
            if cid not in by_id:
                raise CardDataError(shown, entries.line_of(cid), f"deck '{deck_id}': unknown card '{cid}'")
            if not isinstance(copies, int) or isinstance(copies, bool) or copies <= 0:
                raise CardDataError(shown, entries.line_of(cid), f"deck '{deck_id}': copies of '{cid}' must be a positive integer, got {_describe(copies)}")
            if copies > MAX_COUNT:
                raise CardDataError(shown, entries.line_of(cid), f"deck '{deck_id}': copies of '{cid}' must be at most {MAX_COUNT:,}, got {copies:,}")
            counts[cid] = copies
        if sum(counts.values()) > MAX_DECK_SIZE:
            raise CardDataError(shown, deck.line_of("cards"), f"deck '{deck_id}': {sum(counts.values()):,} cards; a deck may hold at most {MAX_DECK_SIZE:,}")
        name = deck.get("name", deck_id)
        decks[deck_id] = FrozenMap(
            {
                "name": str(name),
                "description": str(deck.get("description", "")),
                "side": deck.get("side"),
                "cards": FrozenMap(counts),
            }
        )
    return decks


def load_cardset(
    path: str | Path,
    *,
    shown: str | None = None,
    game: str | None = None,
    check_card: CardCheck | None = None,
    check_set: SetCheck | None = None,
) -> CardSet:
    """Read and validate one card file. ``shown`` is how errors name the file.

    Raises ``CardDataError`` for unreadable, non-UTF-8 or malformed files.
    """
    path = Path(path)
    shown = shown or str(path)
    text = read_card_text(path, shown)
    return parse_cardset(text, shown, game=game, check_card=check_card, check_set=check_set)


def read_card_text(path: str | Path, shown: str) -> str:
    """The text of a card (or saved deck) file, read only when it is a regular file of at
    most ``MAX_FILE_BYTES`` (a named pipe never blocks, a huge file is not read).

    Raises ``CardDataError`` for a file that cannot be read, is too large or is not UTF-8.
    """
    import os
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as err:
        raise CardDataError(shown, None, f"cannot read the file ({err.strerror or err})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise CardDataError(shown, None, "is not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise CardDataError(shown, None, f"the file is {info.st_size:,} bytes; a card file may have at most {MAX_FILE_BYTES:,}")
        with os.fdopen(os.dup(fd), "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise CardDataError(shown, None, f"cannot read the file ({err.strerror or err})") from None
    finally:
        os.close(fd)
    if len(raw) > MAX_FILE_BYTES:
        raise CardDataError(shown, None, f"the file is over {MAX_FILE_BYTES:,} bytes; a card file may have at most {MAX_FILE_BYTES:,}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise CardDataError(shown, line, "the file is not UTF-8 text") from None
