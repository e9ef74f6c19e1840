"""Mutations of the real card files, for the card loader's fuzz test and its long run
(``benchmarks/fuzz_cards.py``).

``mutate(text, rng)`` applies one to four random edits of the kinds a careless or hostile
editor makes: delete, duplicate or swap lines; swap two values; give a value another type
(a number, a list, a mapping, a date, text); huge or negative numbers; dates that do not
exist; aliases and alias bombs; deep nesting; tags; control characters and random bytes;
broken indentation. ``load(game_id, text)`` loads the result as a custom card file of
that game is loaded, with the game's own checks.
"""

from __future__ import annotations

import random
import re

from cardtable.engine import get
from cardtable.engine.registry import bundled_data_dir

VALUES = [
    "9" * 5000,
    "10000000000",
    "999999999",
    "5000",
    "-1",
    "0",
    "-99999999999999999999",
    "1e999",
    ".nan",
    "-.inf",
    "0x7fffffffffffffff",
    "0o777",
    "1_000_000",
    "2024-13-45",
    "2024-02-30 25:61:61",
    "2024-01-05",
    "~",
    "null",
    "true",
    "no",
    "[]",
    "{}",
    "[1, [2, [3, [4]]]]",
    "{a: {b: {c: {d: 1}}}}",
    '"\\x1b]0;pwned\\x07"',
    '"\\x1b[2J"',
    "'[bold]x[/]'",
    "'[@click=app.quit]x'",
    "!!python/object/apply:os.system ['true']",
    "!!binary aGVsbG8=",
    "!!set {a, b}",
    "!!omap [a: 1]",
    "!!str 3",
    "!!int '12'",
    "!!float x",
    "*nowhere",
    "&anchor text",
    "x" * 20_000,
    "[" * 60 + "]" * 60,
    "{" * 30 + "}" * 30,
    '"unterminated',
    "a: b: c",
    "- item",
    "|\n  block\n  text",
    ">-\n  folded",
    "? complex\n: key",
]

BOMB = """notes:
  a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
  f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
  g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
  h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
  i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
"""

_VALUE_RE = re.compile(r"^(\s*-?\s*[A-Za-z_][\w-]*:\s)(.+)$")


def card_files() -> dict[str, str]:
    """The bundled card files: game id -> text."""
    out = {}
    for path in sorted(bundled_data_dir().glob("*.yaml")):
        out[path.stem] = path.read_text(encoding="utf-8")
    return out


def _value_lines(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if _VALUE_RE.match(line)]


def _set_value(lines: list[str], i: int, value: str) -> None:
    match = _VALUE_RE.match(lines[i])
    if match:
        lines[i] = match.group(1) + value.replace("\n", "\n" + " " * (len(match.group(1)) + 2))


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with one to four random edits (see the module docstring)."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        if not lines:
            lines = [""]
        kind = rng.randrange(14)
        i = rng.randrange(len(lines))
        values = _value_lines(lines)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[i])
        elif kind == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind in (3, 4, 5) and values:
            _set_value(lines, rng.choice(values), rng.choice(VALUES))
        elif kind == 6 and len(values) > 1:
            a, b = rng.sample(values, 2)
            va, vb = _VALUE_RE.match(lines[a]).group(2), _VALUE_RE.match(lines[b]).group(2)  # type: ignore[union-attr]
            _set_value(lines, a, vb)
            _set_value(lines, b, va)
        elif kind == 7 and values:  # a number's type changed
            j = rng.choice(values)
            value = _VALUE_RE.match(lines[j]).group(2)  # type: ignore[union-attr]
            _set_value(lines, j, rng.choice([f"'{value}'", f"[{value}]", f"{{x: {value}}}", value + value, "-" + value]))
        elif kind == 8:
            lines = [line for line in lines if not line.startswith("notes:")] + BOMB.split("\n")
        elif kind == 9:
            depth = rng.choice([10, 30, 100, 1000])
            lines.insert(i, "notes: " + "[" * depth + "]" * depth)
        elif kind == 10:
            raw = bytes(rng.randrange(256) for _ in range(rng.randint(1, 12)))
            line = lines[i]
            cut = rng.randrange(len(line) + 1)
            lines[i] = line[:cut] + raw.decode("latin-1") + line[cut:]
        elif kind == 11:
            lines[i] = " " * rng.randint(1, 5) + lines[i]
        elif kind == 12:  # a game field re-declared with another type
            field_line = next((k for k, line in enumerate(lines) if line.startswith("fields:")), None)
            spec = rng.choice(["{type: str}", "{type: int, min: x}", "{type: list, choices: 3}", "int", "{default: [1]}", "{type: map, required: yes}"])
            name = rng.choice(["value", "count", "effect", "star", "power", "side", "hook", "trigger", "rank"])
            if field_line is None:
                lines.insert(0, f"fields:\n  {name}: {spec}")
            else:
                lines.insert(field_line + 1, f"  {name}: {spec}")
        elif kind == 13 and values:  # an alias to a whole card or mapping
            j = rng.choice(values)
            match = _VALUE_RE.match(lines[j])
            lines[j] = match.group(1) + "&x " + match.group(2)  # type: ignore[union-attr]
            k = rng.choice(values)
            _set_value(lines, k, "*x")
    return "\n".join(lines)


def load(game_id: str, text: str, tmp_dir) -> object:
    """Load ``text`` as a custom card file of ``game_id`` (written under ``tmp_dir``),
    with the game's own checks, and deal a full deck from it, as the app would."""
    from cardtable.engine.registry import load_cards_file

    path = tmp_dir / f"{game_id}.yaml"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    cardset = load_cards_file(game_id, path)
    get(game_id)
    cardset.deck_list()
    return cardset
