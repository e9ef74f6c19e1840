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

No textual, rich or engine imports: the engine, the setup screen and the CLI all use it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from cardtable.plain import control_characters, describe_character, printable

__all__ = ["NameProblem", "normalise_name", "skeleton", "name_problem", "check_names", "first_clash", "computer_style"]


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


def skeleton(name: str) -> str:
    """What a name looks like, for comparing: normalised, casefolded, accents kept, and
    Cyrillic/Greek look-alike letters mapped to Latin (``skeleton("Аnn") == skeleton("ann")``)."""
    return normalise_name(name).casefold().translate(_LOOK_ALIKES)


def computer_style(name: str) -> bool:
    """Whether ``name`` reads as a computer player's name as the setup gives them ("Computer 2",
    "computer", "COMPUTER 12", look-alike letters and spacing aside): a person named so
    would be taken for a computer player at the table and in the statistics."""
    return re.fullmatch(r"computer ?[0-9]*", skeleton(name)) is not None


def name_problem(name: str, max_length: int | None = None) -> str | None:
    """Why ``name`` (as typed) cannot be a player's name, in one line, or ``None`` when it
    can: no control character in it as given (a tab, newline or carriage return included),
    and its normal form not empty and at most ``max_length`` characters."""
    bad = control_characters(name)
    if bad:
        shown = printable(name).translate(_LINE_PICTURES)
        return f"names cannot contain control characters ('{shown}' has {describe_character(bad[0])})"
    text = normalise_name(name)
    if not text:
        return "every player needs a name"
    if max_length is not None and len(text) > max_length:
        return f"names can be at most {max_length} characters ('{text}' has {len(text)})"
    return None


def check_names(names: Sequence[str], max_length: int | None = None) -> tuple[str, ...]:
    """The normal forms of ``names`` (seat order kept). Raises ``NameProblem`` (one line)
    when one is empty, too long or has a control character, or two look the same."""
    normal = tuple(normalise_name(n) for n in names)
    for name in names:
        problem = name_problem(name, max_length)
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
