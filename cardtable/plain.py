"""Text from users and files, made safe to print: no control character ever reaches the
terminal (an ESC in a name or a card's text could set the window title or clear the screen).

No textual or rich here: the CLI, the engine's loaders and the UI all use it.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["printable", "control_characters", "describe_character"]

# C0 controls except newline and tab, DEL, and the C1 controls (U+0080–U+009F)
_CONTROL_RE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # the Control Pictures block: ESC -> "␛"
    if code == 0x7F:
        return "\u2421"  # ␡
    return "\ufffd"  # a C1 control has no picture of its own


def printable(text: str) -> str:
    """``text`` with every control character except newline and tab replaced by a visible
    stand-in of the same length (ESC becomes ``␛``, a C1 control ``�``), so spans over the
    text stay valid. Everything else, markup brackets included, is kept as it is."""
    return _CONTROL_RE.sub(_picture, text) if _CONTROL_RE.search(text) else text


def control_characters(text: str, *, allow_newlines: bool = False) -> list[str]:
    """The control characters (Unicode category Cc) in ``text``, in order; newline and tab
    are allowed when ``allow_newlines``."""
    allowed = "\n\t" if allow_newlines else ""
    return [ch for ch in text if unicodedata.category(ch) == "Cc" and ch not in allowed]


def describe_character(ch: str) -> str:
    """A one-character description for an error message, e.g. ``U+001B (ESC)``."""
    names = {"\x1b": "ESC", "\x07": "BEL", "\x00": "NUL", "\r": "carriage return", "\n": "newline", "\t": "tab", "\x7f": "DEL"}
    label = names.get(ch) or unicodedata.name(ch, "control character")
    return f"U+{ord(ch):04X} ({label})"
