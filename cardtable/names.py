"""Player names: one normal form, and a refusal for names that would look the same.

Hand-overs say "Pass to Ann", so two players must never read alike on screen. A name is
first normalised (``normalise_name``): Unicode NFKC (full-width and ligature letters become
plain ones), format characters removed (zero-width space, joiners, direction marks, soft
hyphen), runs of white space made one space, and the ends trimmed. Names are then compared
by their *skeleton* (``skeleton``): casefolded, with the Cyrillic and Greek letters that are
drawn like Latin ones mapped to those (Cyrillic ``А`` → ``a``, Greek ``Ο`` → ``o``...). Two
names with the same skeleton are refused. Control characters (ESC, BEL...) are refused: they
could change the terminal's title or clear it. So are a tab, a newline and a carriage return
in a name as given (``cardtable play ... --names $'Ann\nBob'``): a name is one line, and a
line break silently made a space would hide a mistake (the fresh tester's two names in one).

A name is drawn inside boxes, tiles and tables whose borders are placed by counting the
name's cells, so a name typed at the setup screen or given with ``--names`` is made only of
characters whose width every terminal agrees on (``width_problem``): one cell for a letter,
two for a wide one (East Asian wide or full-width: 美, 😀), none for a combining mark. Refused,
with the character named: variation selectors (U+FE0F after ❤ asks for an emoji drawing, one
cell in some terminals, two in others), emoji skin-tone modifiers, regional indicators (flags),
enclosing marks (the keycap of 1️⃣), spacing combining marks (most Indic vowel signs: rich
counts them as no cell, terminals as one), unassigned and private-use characters, and more
than one combining mark on a Latin, Greek or Cyrillic letter (``Zoé́``, ``ẹ̈``: a stack
that NFKC cannot make one letter is drawn in one cell by some terminals and in several by
others; in those scripts NFKC composes every accent a name needs, while Thai stacks its
tone marks in ordinary words, ``สมศักดิ์``, and keeps them). One mark on a letter
(``n̈``) is fine; so is every accented letter NFKC composes (José, Zoë, Łukasz, Ngọc, Nguyễn),
and Greek, Cyrillic and CJK names (Σοφία, Иван, 美咲). Joiners are format characters and were
removed already: ``👩‍🚀`` is kept as the two emoji ``👩🚀``, drawn two cells each everywhere.
The length limit counts cells (``cells``), not characters: a wide letter takes two, so
``MAX_NAME`` (12) holds six CJK letters or emoji, as many cells as twelve Latin letters,
which is what the columns and tiles sized for a name have room for.

The engine checks saved games' names without these two rules (``check_names(...,
typed=False)``): a game saved before them still resumes.

No textual, rich or engine imports: the engine, the setup screen and the CLI all use it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from cardtable.plain import control_characters, describe_character, printable

__all__ = ["NameProblem", "normalise_name", "skeleton", "name_problem", "check_names", "first_clash", "computer_style", "cells", "width_problem"]


class NameProblem(ValueError):
    """A name (or a set of names) that cannot be used; the message is one line."""


# Cyrillic and Greek letters drawn (in common terminal fonts) like a Latin letter, lower case
# after casefolding. Not the whole Unicode confusables list: the look-alikes people type.
_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "ё": "e", "з": "3", "һ": "h", "і": "i", "ї": "i",
        "ј": "j", "к": "k", "м": "m", "н": "h", "о": "o", "п": "n", "р": "p", "с": "c",
        "т": "t", "у": "y", "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l",
        "ь": "b",
        # Greek
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o",
        "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ζ": "z", "μ": "u", "σ": "o", "ς": "c",
        # Latin letters that read as others
        "ı": "i", "ȷ": "j", "ß": "ss",
    }
)


_LINE_PICTURES = str.maketrans({"\t": "\u2409", "\n": "\u240a", "\r": "\u240d"})
"""Tab, newline and carriage return as the pictures ``printable`` leaves them without (␉ ␊ ␍),
so that an error message naming the name stays one line."""


def _is_space(ch: str) -> bool:
    return ch.isspace() and (unicodedata.category(ch) != "Cc" or ch in "\t\n\r")


def normalise_name(name: str) -> str:
    """The form a name is stored and shown in: NFKC, no format characters (category Cf),
    white space collapsed to single spaces and trimmed. Control characters are kept (so
    that ``name_problem`` can refuse them with a reason), except tab, newline and carriage
    return, which become spaces here: ``name_problem`` and ``check_names`` look for them in
    the name as given. Idempotent."""
    if name.isascii() and name.isprintable() and "  " not in name and name[:1] != " " and name[-1:] != " ":
        # already normal (every game start checks its names): printable ASCII is its own
        # NFKC form, has no format characters, and its only white space is the plain space
        return name
    text = unicodedata.normalize("NFKC", name)
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    words: list[str] = []
    word = ""
    for ch in text:
        if _is_space(ch):
            if word:
                words.append(word)
            word = ""
        else:
            word += ch
    if word:
        words.append(word)
    return unicodedata.normalize("NFKC", " ".join(words))


def _unsettled(ch: str) -> str | None:
    """What makes ``ch`` a character terminals draw at different widths (a few words), or
    ``None`` when its width is settled (see the module's docstring)."""
    code = ord(ch)
    if 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF:
        return "a variation selector"
    if 0x1F3FB <= code <= 0x1F3FF:
        return "a skin tone"
    if 0x1F1E6 <= code <= 0x1F1FF:
        return "a flag letter"
    category = unicodedata.category(ch)
    if category == "Me":
        return "an enclosing mark"
    if category == "Mc":
        return "a spacing mark"
    if category in ("Co", "Cn", "Cs"):
        return "an unknown character"
    return None


def _composing_script(letter: str) -> bool:
    """Whether ``letter`` is Latin, Greek or Cyrillic: scripts whose accented letters NFKC
    composes, so a mark left on top of another is a stack no name needs (``width_problem``)."""
    base = unicodedata.normalize("NFD", letter)[:1]
    return unicodedata.name(base, "").startswith(("LATIN", "GREEK", "CYRILLIC"))


def cells(name: str) -> int:
    """The terminal cells ``name`` takes once ``width_problem`` finds nothing in it: two for
    an East Asian wide or full-width character, none for a combining mark, one for any
    other (what rich's ``cell_len`` says for such a name; no rich import here)."""
    return sum(0 if unicodedata.combining(ch) or unicodedata.category(ch) == "Mn" else 2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in name)


def width_problem(name: str) -> str | None:
    """Why the normal form of ``name`` would not take the same cells in every terminal (one
    line, naming the character), or ``None``: see the module's docstring."""
    text = normalise_name(name)
    marks = 0
    for i, ch in enumerate(text):
        why = _unsettled(ch)
        if why is None and unicodedata.category(ch) == "Mn":
            base = text[i - marks - 1] if i > marks else ""
            marks += 1
            # the letter's own marks (é is e and U+0301) count too: é plus U+0301 is a stack;
            # only on a Latin, Greek or Cyrillic letter, where NFKC composes every mark a
            # name needs (Thai, Devanagari... stack marks in ordinary words: สมศักดิ์)
            stacked = marks + len(unicodedata.normalize("NFD", base)) - 1 > 1 and _composing_script(base)
            if not base or base.isspace() or stacked:
                why = "stacked accents" if base and not base.isspace() else "an accent on no letter"
        elif why is None:
            marks = 0
        if why is not None:
            return f"'{text}' has {why} (U+{ord(ch):04X}): terminals differ on its width"
    return None


def skeleton(name: str) -> str:
    """What a name looks like, for comparing: normalised, casefolded, accents kept, and
    Cyrillic/Greek look-alike letters mapped to Latin (``skeleton("Аnn") == skeleton("ann")``)."""
    return normalise_name(name).casefold().translate(_LOOK_ALIKES)


def computer_style(name: str) -> bool:
    """Whether ``name`` reads as a computer player's name as the setup gives them ("Computer 2",
    "computer", "COMPUTER 12", look-alike letters and spacing aside): a person named so
    would be taken for a computer player at the table and in the statistics."""
    return re.fullmatch(r"computer ?[0-9]*", skeleton(name)) is not None


def name_problem(name: str, max_length: int | None = None, *, typed: bool = True) -> str | None:
    """Why ``name`` (as typed) cannot be a player's name, in one line, or ``None`` when it
    can: no control character in it as given (a tab, newline or carriage return included),
    and its normal form not empty and at most ``max_length`` cells (``cells``) made of
    characters of a settled width (``width_problem``). ``typed=False`` (a saved game's
    names) skips the width rule and counts characters, as before that rule."""
    bad = control_characters(name)
    if bad:
        shown = printable(name).translate(_LINE_PICTURES)
        return f"names cannot contain control characters ('{shown}' has {describe_character(bad[0])})"
    text = normalise_name(name)
    if not text:
        return "every player needs a name"
    if typed:
        problem = width_problem(text)
        if problem:
            return problem
    size = cells(text) if typed else len(text)
    if max_length is not None and size > max_length:
        if size == len(text):
            return f"names can be at most {max_length} characters ('{text}' has {size})"
        return f"names can be at most {max_length} cells wide, a wide letter taking two ('{text}' takes {size})"
    return None


def check_names(names: Sequence[str], max_length: int | None = None, *, typed: bool = True) -> tuple[str, ...]:
    """The normal forms of ``names`` (seat order kept). Raises ``NameProblem`` (one line)
    when one is empty, too long, has a control character or (``typed``) a character of no
    settled width, or two look the same."""
    normal = tuple(normalise_name(n) for n in names)
    for name in names:
        problem = name_problem(name, max_length, typed=typed)
        if problem:
            raise NameProblem(problem)
    clash = first_clash(names)
    if clash is not None:
        other, name = normal[clash[0]], normal[clash[1]]
        if other.casefold() == name.casefold():
            raise NameProblem(f"names must differ: '{other}' and '{name}'")
        raise NameProblem(f"'{other}' and '{name}' look the same on screen: choose names that differ in more than look-alike letters")
    return normal


def first_clash(names: Sequence[str]) -> tuple[int, int] | None:
    """The first two seats (0-based, ``(earlier, later)``) whose names look the same on
    screen (equal ``skeleton``), the later one the first such in seat order; ``None`` when
    all differ."""
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        first = seen.setdefault(skeleton(name), seat)
        if first != seat:
            return first, seat
    return None
