"""ASCII mode: every character outside ASCII that cardtable draws, and its ASCII stand-in.

A console font (the Linux virtual console, ``TERM=linux``, some serial terminals) lacks the
suits, marks and box-drawing characters the tables use; ``cardtable --ascii`` (or the ASCII
setting, or ``TERM=linux``) draws them as letters and ``+-|`` instead.

``glyph(ch)`` is the one mapping: in ASCII mode it returns the stand-in of ``ch`` (always one
character, so a layout measured with the real glyph keeps its columns), otherwise ``ch``.
``ascii_text(text)`` applies it to a whole string; the app runs everything it writes to the
terminal through it while ASCII mode is on (``CardtableApp``), so Textual's own borders,
scroll bars and toasts are covered as well as our tables. A character missing from
``GLYPHS`` (a name typed with an accent, a card file's text) falls back to its accent-free
letter, or ``?`` (``??`` for a double-width character, again keeping the columns).
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["GLYPHS", "KEY_WORDS", "glyph", "key_text", "ascii_text", "ascii_mode", "set_ascii_mode", "ascii_wanted"]

GLYPHS: dict[str, str] = {
    # suits (Cold War's cards, Black Ops and Combat Cards text)
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "s", "♡": "h", "♢": "d", "♧": "c",
    # marks
    # (a cross is "-", not "x": FOFL's unplayable card read "xTemptation", and its line in
    # the decision panel "x  Temptation", like the key x)
    "✓": "v", "✔": "v", "✗": "-", "✘": "-", "★": "*", "☆": "*", "✦": "+", "⚔": "X", "✈": "A",
    "⏎": "<", "●": "*", "○": "o", "◆": "*", "◇": "o", "■": "#", "□": "o", "•": "*", "·": ".",
    "▸": ">", "▶": ">", "►": ">", "◀": "<", "◄": "<", "▲": "^", "▼": "v", "△": "^", "▽": "v",
    "←": "<", "→": ">", "↑": "^", "↓": "v", "⇔": "=", "↔": "=",
    "✚": "+", "✖": "x", "⚠": "!", "ℹ": "i", "⏸": "|",
    # punctuation of our own sentences and the rules files
    "…": "~", "—": "-", "–": "-", "−": "-", "×": "x", "≥": ">", "≤": "<", "≠": "#", "§": "S",
    "‘": "'", "’": "'", "“": '"', "”": '"', "«": '"', "»": '"', "\u00a0": " ", "°": "o",
    # shading and blocks (card backs, scroll bars, the browser's swatches)
    "▒": "#", "░": ":", "▓": "#", "█": "#", "▌": "|", "▐": "|", "▀": "^", "▄": "_",
    "▁": "_", "▂": "_", "▃": "_", "▅": "=", "▆": "=", "▇": "#", "▔": "-",
    "▏": "|", "▕": "|", "▎": "|", "▍": "|", "▋": "|", "▊": "|", "▉": "|",
    # box drawing: corners become +, lines - and |; dashed lines . and : (an empty place, a
    # card switched off), so they do not read as a card (a fresh tester took Cold War's empty
    # "Last reveal" place, "+----+", for a blank card)
    "─": "-", "━": "-", "═": "=", "╌": ".", "╍": ".", "┄": ".", "┅": ".", "┈": ".", "┉": ".", "╶": "-", "╴": "-", "╸": "-", "╺": "-",
    "│": "|", "┃": "|", "║": "|", "╎": ":", "╏": ":", "┆": ":", "┇": ":", "┊": ":", "┋": ":", "╷": "|", "╵": "|", "╹": "|", "╻": "|",
}
for _corner in "┌┐└┘╭╮╰╯┏┓┗┛╔╗╚╝├┤┬┴┼┣┫┳┻╋╠╣╦╩╬┍┑┕┙┎┒┖┚╒╓╕╖╘╙╛╜╞╟╡╢╤╥╧╨╪╫┝┞┟┠┡┢┥┦┧┨┩┪┭┮┯┰┱┲┵┶┷┸┹┺┽┾┿╀╁╂╃╄╅╆╇╈╉╊":
    GLYPHS[_corner] = "+"
GLYPHS.update({"\u2588": "#"})

_ascii = False
_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def ascii_mode() -> bool:
    """True while ASCII mode is on (set by the app at start and from the settings)."""
    return _ascii


def set_ascii_mode(on: bool) -> None:
    """Turn ASCII mode on or off for this process (the app calls it)."""
    global _ascii
    _ascii = bool(on)


def ascii_wanted(flag: bool, setting: bool, term: str | None) -> bool:
    """Whether to draw in ASCII: ``--ascii`` given, the ASCII setting on, or a terminal
    whose font lacks the glyphs (``TERM=linux``, the Linux console; ``TERM=vt100``/``vt220``)."""
    return flag or setting or (term or "") in ("linux", "vt100", "vt102", "vt220", "ansi")


def stand_in(ch: str) -> str:
    """The ASCII stand-in of one character (itself when it is ASCII): ``GLYPHS``, else its
    accent-free letter (``é`` → ``e``), else ``?`` (``??`` when it is two columns wide, and
    nothing for a combining mark)."""
    if ch.isascii():
        return ch
    known = GLYPHS.get(ch)
    if known is not None:
        return known
    if unicodedata.combining(ch):
        return ""
    base = unicodedata.normalize("NFKD", ch)[:1]
    if base.isascii() and base.isprintable() and base:
        return base
    return "??" if unicodedata.east_asian_width(ch) in ("W", "F") else "?"


def glyph(ch: str) -> str:
    """``ch`` as drawn now: its ASCII stand-in in ASCII mode (one character, ``GLYPHS``),
    else ``ch`` itself. Use it for every non-ASCII glyph a screen draws (``glyph("♠")``)."""
    return stand_in(ch) if _ascii else ch


KEY_WORDS: dict[str, str] = {"⏎": "Enter", "↑": "Up", "↓": "Down", "←": "Left", "→": "Right", "⌫": "Bksp"}
"""The key glyphs written as words in ASCII mode where keys are named (the key bar, F1's
keys panel, a hint that names a key): their one-character stand-ins read as other keys or as
nothing (a fresh tester read "< Go on" for Enter, and "^ v <" for the arrows and Enter)."""


def key_text(text: str) -> str:
    """``text`` that names keys, as drawn now: in ASCII mode each key glyph of ``KEY_WORDS``
    is its word ("⏎ Go on" → "Enter Go on", "Hand ↓" → "Hand Down", "←→" → "Left/Right");
    else ``text`` itself.
    The words are wider than the glyphs, so use it only where the text is measured after it."""
    if not _ascii or text.isascii():
        return text
    return _KEY_RUN.sub(lambda m: "/".join(KEY_WORDS[ch] for ch in m.group()), text)


_KEY_RUN = re.compile("[" + "".join(KEY_WORDS) + "]+")
"""Key glyphs side by side ("←→") become words joined by "/" ("Left/Right")."""


def ascii_text(text: str) -> str:
    """``text`` with every character outside ASCII replaced by its stand-in (``stand_in``),
    whatever the mode; the columns each character takes are kept."""
    if text.isascii():
        return text
    return _NON_ASCII.sub(lambda m: stand_in(m.group()), text)
