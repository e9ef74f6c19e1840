"""Table pieces every game screen reuses: cards, piles, rows of cards, the decision panel
and the log panel. They render only from views (``CardView``/``ZoneView``), never from a
game's internals. Card colours come from the card file; everything else from the theme.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.containers import Lines
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from cardtable.ui.containers import Horizontal, OneLayoutPass, Vertical, VerticalScroll
from textual.content import Content
from textual.css.styles import Styles
from textual.message import Message
from textual.geometry import Size
from textual.reactive import Reactive, reactive
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets import Static as _TextualStatic
from textual.widgets.option_list import Option

from cardtable.cards import CardDef, CardSet
from cardtable.ui.cards import PICK_MARK
from cardtable.ui.glyphs import key_text
from cardtable.ui.look import card_face, card_ink
from cardtable.plain import printable
from cardtable.engine import Action, CardView, Decision, LogEntry, ZoneView

__all__ = [
    "Static",
    "FittedText",
    "text_rows",
    "plain_text",
    "cut_cells",
    "pad_cells",
    "HangingText",
    "unbroken",
    "option_prompt",
    "sentence",
    "Caption",
    "TitleLine",
    "Footer",
    "KeyBar",
    "CardWidget",
    "PileWidget",
    "CardRow",
    "DecisionPanel",
    "unplayable_note",
    "LogPanel",
    "corner_label",
    "default_keys",
    "option_keys",
    "hand_name",
    "UNPLAYABLE",
    "ROLE_KEYS",
    "KEY_SHOWN",
]

LabelFn = Callable[[CardDef], str]


def corner_label(defn: CardDef) -> str:
    """The default corner text: the card's ``corner`` field, else its value, else its name's initial."""
    corner = defn.get("corner")
    if corner:
        return str(corner)
    if defn.value is not None:
        return str(defn.value)
    return defn.name[:1].upper()


class KeyBar(OneLayoutPass, Widget):
    """The key bar at the foot of every screen: the bindings in effect, as ``key label``.

    It draws one line of text instead of Textual's ``Footer`` (which builds a widget per key
    and re-lays out the screen each time the keys change: ~25 ms per move, and it leaked
    the old keys in Textual 8.2.8). Keys shown are the screen's active bindings with
    ``show=True``, one per action, disabled ones dimmed; clicking a key presses it.
    """

    COMPONENT_CLASSES = {"keybar--key", "keybar--description", "keybar--disabled"}

    KEEP = frozenset({"leave", "close", "app.quit"})
    """Actions whose key stays on a bar too narrow for every key, after the "…": how to get
    out of a screen is never the key left out (a fresh tester at 80×24 read Black Ops' bar
    end in "? Rules …" with no ``q Leave``, and a replay's in "l Log …" with no ``q Close``)."""

    def __init__(self, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._spans: list[tuple[int, int, str]] = []
        self._kept: set[int] = set()
        """The indices in ``_spans`` of the keys of ``KEEP``."""
        self._shown: list[tuple[int, int, str]] = []
        """Where each key shown by the last ``render`` is (for clicks)."""
        self._text = Text()

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)
        self.app.theme_changed_signal.unsubscribe(self)

    def _theme_changed(self, _theme) -> None:
        self._text = Text()  # the key colours are the new theme's
        self._bindings_changed(self.screen)

    def _bindings_changed(self, screen) -> None:
        if not self.is_attached or screen is not self.screen:
            return
        text = Text(no_wrap=True, overflow="ellipsis")
        spans: list[tuple[int, int, str]] = []
        kept: set[int] = set()
        seen: set[str] = set()
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        label_style = self.get_component_rich_style("keybar--description", partial=True)
        off_style = self.get_component_rich_style("keybar--disabled", partial=True)
        shown: list[tuple[Binding, bool]] = []
        for _node, binding, enabled, _tooltip in screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            shown.append((binding, enabled))
        for index, (binding, enabled) in enumerate(shown):
            if binding.action in self.KEEP:
                kept.add(len(spans))
            start = len(text)
            group = binding.group
            # a key of a group (``Binding.Group``, as Textual's Footer draws them) followed by
            # another of the same group is drawn bare; the last one carries the group's words:
            # "← → Move" (each key still its own click)
            joined = group is not None and index + 1 < len(shown) and shown[index + 1][0].group is group
            if joined:
                text.append(f" {self.app.get_key_display(binding)}", key_style if enabled else off_style)
            else:
                text.append(f" {self.app.get_key_display(binding)} ", key_style if enabled else off_style)
                words = group.description if group is not None and index and shown[index - 1][0].group is group else binding.description
                text.append(f"{key_text(words)} ", label_style if enabled else off_style)
            spans.append((start, len(text), binding.key))
        if text.plain != self._text.plain or text.spans != self._text.spans:
            self._text, self._spans, self._kept = text, spans, kept
            self.refresh()

    def render(self) -> Text:
        """The keys that fit the bar's width whole: a key whose label would be cut is left
        out with the ones after it, and "…" says so (F1's panel lists every key). A bar cut
        at its edge showed a bare "?" with no label beside the keys panel at 80×24. The keys
        of ``KEEP`` (leave, quit) are never the ones left out: they follow the "…"."""
        width = self.size.width
        if not width or self._text.cell_len <= width:
            self._shown = self._spans
            return self._text
        tail = [self._text[start:end] for i, (start, end, _key) in enumerate(self._spans) if i in self._kept]
        room = width - sum(part.cell_len for part in tail)
        shown, spans = Text(no_wrap=True, overflow="ellipsis"), []
        for i, (start, end, key) in enumerate(self._spans):
            if i in self._kept:
                continue
            part = self._text[start:end]
            if cell_len((shown.plain + part.plain).rstrip()) + 2 > room:  # the entry and " …"
                break
            spans.append((len(shown), len(shown) + len(part), key))
            shown.append_text(part)
        while spans and not shown.plain.endswith(" "):  # a group's bare key without its words
            shown = shown[: spans.pop()[0]]
        shown.rstrip()
        shown.append(" …", self.get_component_rich_style("keybar--disabled", partial=True))
        for i, (start, end, key) in enumerate(self._spans):
            if i in self._kept:
                spans.append((len(shown), len(shown) + end - start, key))
                shown.append_text(self._text[start:end])
        shown.rstrip()
        self._shown = spans
        return shown

    def on_click(self, event) -> None:
        for start, end, key in self._shown:
            if start <= event.x < end:
                self.app.simulate_key(key.split(",")[0])
                return


Footer = KeyBar  # the name every screen composes


def _shape(content: Any) -> tuple[int, ...] | None:
    """The cell length of each line of ``content`` (``None`` when it cannot be told cheaply)."""
    if isinstance(content, str):
        plain = content
    elif isinstance(content, Text):
        plain = content.plain
    else:
        return None
    from rich.cells import cell_len

    return tuple(cell_len(line) for line in plain.split("\n"))


def sentence(words: str) -> str:
    """``words`` as a sentence: a full stop after them, unless they already end in one, a
    "!", a "?" or "…". An option's label is joined to the words around it this way (the
    fresh tester read "Computer 2 calls BLOOPS!. Claim now" in Bloops' window note)."""
    words = words.rstrip()
    return words if words.endswith((".", "!", "?", "…")) else words + "."


def plain_text(content: Any, style: str = "") -> Text:
    """``content`` (a ``str`` or a rich ``Text``) as a ``Text`` shown exactly as written: never
    read as markup, control characters made visible (``cardtable.plain.printable``)."""
    if isinstance(content, Text):
        if printable(content.plain) == content.plain:
            return content
        safe = content.copy()
        safe.plain = printable(content.plain)
        return safe
    return Text(printable(str(content)), style=style)


def cut_cells(text: str, width: int) -> str:
    """``text`` whole when it takes at most ``width`` terminal cells, else its first whole
    letters and ``…`` in at most ``width`` cells (never a silent cut). Cells, not characters: an emoji or a CJK
    letter takes two (``Ann😀`` is 5 cells), so a name is measured as the terminal draws it."""
    if cell_len(text) <= width:
        return text
    kept, used = "", 0
    for letter in text:  # whole letters only: a wide one that would be cut in two is left out
        used += cell_len(letter)
        if used > width - 1:
            break
        kept += letter
    return kept + "…"


def pad_cells(text: str, width: int, *, right: bool = False) -> str:
    """``text`` in exactly ``width`` terminal cells: cut as by ``cut_cells`` when longer, else
    filled with blanks after it (before it with ``right``), so the columns after it line up
    whatever its characters' widths (``f"{name:<12}"`` counts characters: ``Ann😀`` came out
    a cell too wide)."""
    shown = cut_cells(text, width)
    gap = " " * max(0, width - cell_len(shown))
    return gap + shown if right else shown + gap


MIN_HANG_BODY = 12
"""Cells a hanging line keeps for its words at least (``HangingText``): in a narrower
column the continuation lines start at column 0 again rather than hold a word or two."""


UNBROKEN = Style(meta={"cardtable.unbroken": True})
"""The style of a span that marks a unit (``unbroken``): drawn as nothing, read by ``HangingText.of``."""

_GLUE = "\ue000"
"""A cell that is no blank: a unit's inner blanks while ``HangingText.wrap`` breaks its lines."""


def unbroken(text: Text, start: int = 0, end: int | None = None) -> Text:
    """Mark ``text`` (characters ``start`` to ``end``, all of it by default) as a unit that a
    ``HangingText`` made of it (``HangingText.of``) never breaks over two lines where the unit
    fits a line: a card's name and numbers, a public fact ("guards Wikipedia"). The mark is a
    span that draws nothing (``UNBROKEN``) and goes wherever the span goes (``+``,
    ``append_text``, slices). Returns ``text``."""
    end = len(text) if end is None else end
    if end > start:
        text.stylize(UNBROKEN, start, end)
    return text


class HangingText(Text):
    """A rich ``Text`` whose wrapped lines hang: every line a paragraph wraps onto starts
    ``hang`` cells in, under the words of its first line, not at column 0 (an option's label
    under its key chip, a log line under the text after its bullet). ``hang`` is in cells;
    when the width leaves fewer than ``MIN_HANG_BODY`` cells after it, the text wraps as a
    plain ``Text``. Its ``str`` and ``plain`` are the words alone (no added spaces).
    ``hangs`` gives paragraphs (the lines ``\n`` separates) a hang of their own, the first
    paragraph's first (``hang`` for those beyond it): a player's line under a sentence hangs
    under the words after the player's name. ``units`` (character ranges ``(start, end)`` of
    ``plain``, marked by ``unbroken``) are never broken over two lines, unless one is wider
    than the line it would take (then it breaks between its words as any text).

    Textual turns a plain ``Text`` into its own ``Content``, which knows no hanging indent,
    so ``visualize`` hands Textual a rich renderable that draws through ``wrap``."""

    def __init__(self, *args: Any, hang: int = 0, hangs: Sequence[int] = (), units: Sequence[tuple[int, int]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hang = max(0, hang)
        self.hangs = tuple(max(0, h) for h in hangs)
        self.units = tuple(units)

    @classmethod
    def of(cls, text: Text, hang: int, hangs: Sequence[int] = ()) -> HangingText:
        """``text`` (its words and styles) as a ``HangingText`` hanging ``hang`` cells
        (``hangs``: per paragraph, see the class), its ``unbroken`` units kept whole."""
        units = [(span.start, span.end) for span in text.spans if span.style == UNBROKEN]
        hung = cls(text.plain, style=text.style, justify=text.justify, overflow=text.overflow, no_wrap=text.no_wrap, end=text.end,
                   hang=hang, hangs=hangs, units=units)
        hung.spans = [span for span in text.spans if span.style != UNBROKEN]
        return hung

    def __eq__(self, other: object) -> bool:
        """Equal: the same words and styles (``Text``), hung and kept whole alike (a board
        drawn again only tighter, the same words hanging 0 cells where they hung 2, kept
        the old hang: ``Caption.update`` skips an equal text)."""
        same = super().__eq__(other)
        if same is not True:
            return same
        return (self.hang, self.hangs, self.units) == (getattr(other, "hang", 0), getattr(other, "hangs", ()), getattr(other, "units", ()))

    __hash__ = None  # type: ignore[assignment]

    def _hang(self, paragraph: int, width: int) -> int:
        """The hang of the ``paragraph``-th paragraph at ``width`` cells (0: it wraps plain)."""
        hang = self.hangs[paragraph] if paragraph < len(self.hangs) else self.hang
        return hang if width - hang >= MIN_HANG_BODY else 0

    def _glued(self, width: int) -> Text:
        """This text with the inner blanks of each unit that fits its lines (``width`` cells,
        less its paragraph's hang) made ``_GLUE``: no line breaks there."""
        letters = list(self.plain)
        for start, end in self.units:
            words = self.plain[start:end]
            start += len(words) - len(words.lstrip())
            end -= len(words) - len(words.rstrip())
            if cell_len(self.plain[start:end]) <= width - self._hang(self.plain.count("\n", 0, start), width):
                for at in range(start, end):
                    if letters[at] == " ":
                        letters[at] = _GLUE
        glued = Text(style=self.style, justify=self.justify, overflow=self.overflow, no_wrap=self.no_wrap, end=self.end)
        glued.append("".join(letters))
        glued.spans = list(self.spans)
        return glued

    def wrap(self, console, width: int, *, justify=None, overflow=None, tab_size: int = 8, no_wrap=None):  # type: ignore[override]
        """``Text.wrap``, with every line after a paragraph's first ``hang`` cells in and
        no line broken inside a unit that fits it."""
        plain = Text.wrap
        if not (self.hang or any(self.hangs) or self.units) or no_wrap or self.no_wrap:
            return plain(self, console, width, justify=justify, overflow=overflow, tab_size=tab_size, no_wrap=no_wrap)
        options = {"justify": justify, "overflow": overflow, "tab_size": tab_size}
        lines = Lines()
        for i, paragraph in enumerate(self._glued(width).split(allow_blank=True)):
            hang = self._hang(i, width)
            first = paragraph.wrap(console, width, **options)
            if len(first) <= 1 or not hang:
                lines.extend(first)
                continue
            lines.append(first[0])
            rest = paragraph[len(first[0].plain.rstrip()) :]
            rest = rest[len(rest.plain) - len(rest.plain.lstrip()) :]
            for line in rest.wrap(console, width - hang, **options):
                lines.append(Text.assemble(" " * hang, line, end=""))
        for line in lines:
            if _GLUE in line.plain:
                line.plain = line.plain.replace(_GLUE, " ")
        return lines

    def visualize(self) -> _Hanging:
        """What Textual draws (``textual.visual.visualize``): see the class."""
        return _Hanging(self)


class _Hanging:
    """A ``HangingText`` as a rich renderable that is not a ``Text`` (Textual would measure
    a ``Text``'s height from its plain words, without the hanging lines)."""

    def __init__(self, text: HangingText) -> None:
        self.text = text

    def __rich_console__(self, console, options):
        return self.text.__rich_console__(console, options)

    def __rich_measure__(self, console, options):
        return self.text.__rich_measure__(console, options)


def same_title(a: Any, b: Any) -> bool:
    """Whether two border titles as Textual keeps them (``Content`` or ``None``) draw alike:
    the same characters and styles (``Content.__eq__`` compares the characters alone)."""
    if a is None or b is None:
        return a is b
    return a.plain == b.plain and tuple(a.spans) == tuple(b.spans)


def show_border_title(widget: Widget, title: Any, *, subtitle: bool = False) -> None:
    """Give ``widget`` the border title ``title`` (``subtitle``: the border subtitle), what
    ``Widget.border_title`` takes (a ``Text``, a ``str`` read as markup as there, ``None``),
    unless it shows that already: Textual repaints the widget on every set, the same title
    too, and a repaint of a box composes every widget inside it again (the roomy FOFL
    table's sides, hand and last moves were set on every key)."""
    name = "border_subtitle" if subtitle else "border_title"
    content = title
    if isinstance(content, Text):  # as ``textual.widget._BorderTitle.__set__`` stores it
        content = Content.from_rich_text(content)
    if content is not None:
        content = widget.render_str(content).expand_tabs(4).split()[0]
    if not same_title(content, getattr(widget, f"_{name}")):
        setattr(widget, name, title)


def show_border(widget: Widget, kind: str, colour: Any) -> None:
    """Give ``widget`` the border ``(kind, colour)`` on every edge (as ``styles.border``
    takes it) unless it has that already: Textual repaints the widget on every set."""
    wanted = Styles()
    wanted.border = (kind, colour)
    if widget.styles.inline.border != wanted.border:
        widget.styles.border = (kind, colour)


class Static(OneLayoutPass, _TextualStatic):
    """Textual's ``Static`` for cardtable: its text is plain (``markup=False`` unless asked)
    and control characters are made visible, because most of what we show carries a
    player's name or a card file's text."""

    def __init__(self, content: Any = "", *, markup: bool = False, **kwargs: Any) -> None:
        super().__init__(_safe(content), markup=markup, **kwargs)

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        super().update(_safe(content), layout=layout)


def _safe(content: Any) -> Any:
    if isinstance(content, str):
        return printable(content)
    if isinstance(content, Text):
        return plain_text(content)
    return content


def text_rows(text: Any, width: int) -> int:
    """The lines ``text`` (a ``Text``, or anything else as its ``str``) takes wrapped to
    ``width`` cells (at least 1 cell)."""
    from rich.console import Console

    width = max(width, 1)
    plain = text if isinstance(text, Text) else Text(str(text))
    return len(plain.wrap(Console(width=width), width))


class FittedText(OneLayoutPass, Widget):
    """Text given in several whole forms, fullest first, drawn in the fullest form that fits
    the widget (else the shortest): a line never loses its last words to the room it has.
    It fits when, wrapped to the widget's width, it takes no more rows than the widget has;
    with ``unwrapped`` (a widget as tall as its text), when none of its lines wraps."""

    forms: list[Text] = []

    def __init__(self, *, unwrapped: bool = False, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.unwrapped = unwrapped
        self._rows: dict[tuple[int, int], int] = {}
        """``text_rows`` of ``forms[i]`` at ``width`` cells, by ``(i, width)``: a layout
        pass asks the same forms at the same widths several times (emptied with ``forms``)."""

    def show(self, forms: Sequence[Text]) -> None:
        """Draw ``forms`` (fullest first; empty draws nothing)."""
        if list(forms) != self.forms:
            self.forms = list(forms)
            self._rows = {}
            self.refresh(layout=True)

    def _form_rows(self, form: Text, width: int) -> int:
        """``text_rows(form, width)``, worked out once per form of ``forms`` and width."""
        index = next((i for i, f in enumerate(self.forms) if f is form), None)
        if index is None:
            return text_rows(form, width)
        key = (index, width)
        if key not in self._rows:
            self._rows[key] = text_rows(form, width)
        return self._rows[key]

    def _fits(self, form: Text, width: int, height: int) -> bool:
        if self.unwrapped:
            return self._form_rows(form, width) <= form.plain.count("\n") + 1
        return self._form_rows(form, width) <= height

    group: Sequence[FittedText] = ()
    """Widgets that say the same thing for different parts (the two sides' counts): all of
    them draw the form of the same rank, the fullest that fits each of them, among the
    first ``shared_forms`` forms."""

    shared_forms: int = 1 << 30
    """How many of the fullest forms differ in their words: the ``group`` shares its rank
    among them only; the forms after them say the same words broken over more lines, and
    each widget takes the fullest of those that fits itself (FOFL's "not in play" line was
    broken over three lines in a 58-cell side because the other side beside its card
    backs had 28)."""

    def _rank(self, width: int | None = None) -> int:
        """The rank in ``forms`` of the fullest form that fits this widget alone."""
        width = self.content_size.width if width is None else width
        height = self.content_size.height
        if not self.forms or not width or (not height and not self.unwrapped):
            return 0
        return next((i for i, f in enumerate(self.forms) if self._fits(f, width, height)), len(self.forms) - 1)

    def chosen(self, width: int | None = None) -> Text:
        """The form drawn at ``width`` cells (the widget's width now), of the rank the
        whole ``group`` can draw."""
        if not self.forms:
            return Text("")
        ranks = [self._rank(width)] + [min(w._rank(), self.shared_forms - 1) for w in self.group if w is not self and w.forms and w.content_size.width]
        return self.forms[min(max(ranks), len(self.forms) - 1)]

    def get_content_height(self, container, viewport, width: int) -> int:
        if not self.forms:
            return 0
        return self._form_rows(self.chosen(width) if self.unwrapped else self.forms[0], width)

    def on_resize(self) -> None:
        for other in self.group:
            if other is not self:
                other.refresh(layout=True)

    def render(self) -> Text:
        return self.chosen()


class Caption(Static):
    """A ``Static`` for text that is redrawn after every move: an update with the same
    content does nothing, and one whose lines keep their lengths repaints without a new
    layout of the screen (the costly part of a key press)."""

    _last: Any = None

    def update(self, content: Any = "", *, layout: bool | None = None) -> None:
        if self._last is not None and type(content) is type(self._last) and content == self._last:
            return
        if layout is None:
            old, new = _shape(self._last), _shape(content)
            layout = old is None or new is None or old != new
        self._last = content
        super().update(content, layout=layout)


class TitleLine(Caption):
    """A one-line title that shows the longest of its forms that fits its width: the
    table's title beside the log panel or F1's keys panel (issue 14: at 80×24 with the log
    open the title was cut in every game). ``show(forms)`` takes the forms longest first;
    when none fits, the last is cut with "…". Chosen again whenever the width changes."""

    _forms: tuple[Text, ...] = ()

    def show(self, forms: Sequence[Text]) -> None:
        """Show the first of ``forms`` (rich ``Text``, longest first) that fits."""
        self._forms = tuple(forms)
        self._fit()

    def fitted(self, width: int) -> Text | None:
        """The form shown at ``width`` cells (``None`` before ``show``)."""
        if not self._forms:
            return None
        if width <= 0:
            return self._forms[0]
        for form in self._forms:
            if form.cell_len <= width:
                return form
        cut = self._forms[-1].copy()
        cut.truncate(width, overflow="ellipsis")
        return cut

    def _fit(self) -> None:
        form = self.fitted(self.content_size.width)
        if form is not None:
            super().update(form)

    def on_resize(self) -> None:
        self._fit()


ROLE_KEYS = {"end-turn": ("e", "End turn"), "pass": ("p", "Pass"), "pass-all": ("P", "Pass for all"), "done": ("d", "Done"), "back": ("escape", "Back")}
"""The fixed key and key-bar label of each recurring move (``Action.role``, issue 12.3).
Back is Escape, as on every other screen's Back (the menus, setup, the card browser, the
decks, the history): a fresh tester found FOFL's "← Back" on whatever number came last."""

KEY_SHOWN = {"escape": "Esc"}
"""How a key that is not a character is written on its option's chip and in the key bar."""

OPTION_LETTERS = "abcfghijkmnorstvwxyz"
"""The keys of options past the tenth, in order: the lower-case letters except the role
keys (``d e p``) and the table's own keys (``l`` log, ``q`` leave, ``u`` undo)."""

_NUMBERS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0")


def default_keys(count: int, reserved: frozenset[str] = frozenset()) -> tuple[str | None, ...]:
    """The generic option keys: ``1``–``9``, ``0`` for the tenth option, then the letters of
    ``OPTION_LETTERS`` (but ``reserved`` ones, which a screen binds to something else);
    ``None`` (arrows and Enter only) past those."""
    pool = [*_NUMBERS, *(k for k in OPTION_LETTERS if k not in reserved)]
    return tuple(pool[i] if i < len(pool) else None for i in range(count))


def option_keys(actions: Sequence[Action], reserved: frozenset[str] = frozenset()) -> tuple[str | None, ...]:
    """The key of each option: a recurring move (``Action.role``) has its fixed key of
    ``ROLE_KEYS`` (the first such option, if two share a role), the others ``default_keys``
    in order, so "End your turn" is ``e`` wherever it is listed and the numbers do not skip."""
    keys: list[str | None] = [None] * len(actions)
    used: set[str] = set()
    for i, action in enumerate(actions):
        role = ROLE_KEYS.get(action.role)
        if role is not None and role[0] not in used and role[0] not in reserved:
            keys[i] = role[0]
            used.add(role[0])
    rest = iter(default_keys(keys.count(None), reserved))
    return tuple(key if key is not None else next(rest) for key in keys)


def _wrap(text: str, width: int, lines: int) -> list[str]:
    words = text.split()
    out: list[str] = []
    current = ""
    for word in words:
        while len(word) > width:
            if current:
                out.append(current)
                current = ""
            out.append(word[:width])
            word = word[width:]
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current += " " + word
        else:
            out.append(current)
            current = word
    if current:
        out.append(current)
    if len(out) > lines:
        out = out[:lines]
        if lines:
            last = out[-1]
            out[-1] = (last[: width - 1] + "…") if len(last) >= width else last + "…"
    return out


def render_card(
    card: CardView | None,
    width: int,
    height: int,
    cardset: CardSet | None,
    *,
    label: LabelFn = corner_label,
    back_label: str = "",
    selected: bool = False,
    show_colour: bool = False,
    dim: bool = False,
) -> Text:
    """Draw one card as ``height`` lines of ``width`` cells.

    ``card=None`` draws an empty place; a card with ``face=None`` draws its back. Colours
    come from the card file's palette (``colours`` for the ink, ``table`` for face and back);
    without them the card is drawn in the terminal's own colours.
    """
    width = max(width, 3)
    height = max(height, 1)
    table = cardset.table if cardset is not None else {}
    face_bg = card_face(cardset)
    back_bg = table.get("back")
    tl, tr, bl, br, h, v = ("┏", "┓", "┗", "┛", "━", "┃") if selected else ("╭", "╮", "╰", "╯", "─", "│")
    inner = width - 2
    text = Text(no_wrap=True, overflow="crop")

    if card is None:
        dotted = Style(dim=True)
        if height == 1:
            text.append("·" * width, dotted)
            return text
        text.append("┌" + "╌" * inner + "┐\n", dotted)
        for row in range(height - 2):
            mid = "empty" if row == (height - 2) // 2 and inner >= 5 else ""
            text.append("╎" + mid.center(inner) + "╎\n", dotted)
        text.append("└" + "╌" * inner + "┘", dotted)
        return text

    if card.face is None:
        style = Style(color=back_bg, bold=True) if back_bg else Style(bold=True)
        fill = Style(color=back_bg) if back_bg else Style(dim=True)
        if height == 1:
            text.append(("▒" * width), fill)
            return text
        text.append(tl + h * inner + tr + "\n", style)
        rows = height - 2
        for row in range(rows):
            mid = back_label.upper() if back_label and row == rows // 2 and len(back_label) <= inner - 2 else ""
            text.append(v, style)
            if mid:
                pad = inner - len(mid)
                text.append("▒" * (pad // 2), fill)
                text.append(mid, style)
                text.append("▒" * (pad - pad // 2), fill)
            else:
                text.append("▒" * inner, fill)
            text.append(v + ("\n" if row < rows - 1 else "\n"), style)
        text.append(bl + h * inner + br, style)
        return text

    face = card.face
    ink_hex = card_ink(face, cardset)
    ink = Style(color=ink_hex, bgcolor=face_bg, bold=True, dim=dim) if ink_hex or face_bg else Style(bold=True, dim=dim)
    body = Style(color=ink_hex, bgcolor=face_bg, dim=dim) if ink_hex or face_bg else Style(dim=dim)
    border = Style(color=ink_hex, bgcolor=face_bg, bold=selected, dim=dim) if ink_hex or face_bg else Style(bold=selected, dim=dim)
    corner = label(face)
    if height == 1:
        text.append((" " + corner + " " + face.name)[:width].ljust(width), ink)
        return text
    if height == 2:
        text.append((corner + " " + face.name)[:width].ljust(width) + "\n", ink)
        text.append((face.colour or "")[:width].ljust(width), body)
        return text
    text.append(tl + h * inner + tr + "\n", border)
    rows = height - 2
    content: list[tuple[str, Style]] = [(corner[:inner].ljust(inner), ink)]
    bottom: list[tuple[str, Style]] = []
    if rows >= 4:
        bottom.append((corner[:inner].rjust(inner), ink))
    if show_colour and face.colour and rows >= 3:
        bottom.insert(0, (face.colour[:inner].ljust(inner), body))
    free = rows - len(content) - len(bottom)
    if free > 0:
        name_lines = _wrap(face.name, inner, free)
        if not (rows <= 2 and name_lines and name_lines[0] == corner):
            top_pad = max(0, (free - len(name_lines)) // 2)
            block = [""] * top_pad + name_lines
            block += [""] * (free - len(block))
            content += [(line.center(inner), ink if i == top_pad else body) for i, line in enumerate(block)]
        else:
            content += [("".ljust(inner), body)] * free
    content += bottom
    for row, (line, style) in enumerate(content[:rows]):
        text.append(v, border)
        text.append(line[:inner].ljust(inner), style)
        text.append(v + "\n", border)
    text.append(bl + h * inner + br, border)
    return text


class CardWidget(OneLayoutPass, Widget):
    """One card (face, back or empty place), drawn to fit the widget's size."""

    DEFAULT_CSS = ""

    card: reactive[CardView | None] = reactive(None, layout=False)
    selected: reactive[bool] = reactive(False)

    def __init__(
        self,
        card: CardView | None = None,
        cardset: CardSet | None = None,
        *,
        label: LabelFn = corner_label,
        back_label: str = "",
        show_colour: bool = False,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.cardset = cardset
        self.label_fn = label
        self.back_label = back_label
        self.show_colour = show_colour
        self.set_reactive(CardWidget.card, card)

    def show(self, card: CardView | None, *, back_label: str | None = None) -> None:
        """Display ``card`` (``None``: an empty place)."""
        if back_label is not None:
            self.back_label = back_label
        self.card = card
        self.refresh()

    def render(self) -> Text:
        return render_card(
            self.card,
            self.size.width,
            self.size.height,
            self.cardset,
            label=self.label_fn,
            back_label=self.back_label,
            selected=self.selected,
            show_colour=self.show_colour,
        )


class PileWidget(Vertical):
    """A pile: a caption with its count above its top card (or its back, or an empty place)."""

    def __init__(self, caption: str, cardset: CardSet | None, *, label: LabelFn = corner_label, back_label: str = "", id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.caption = caption
        self.cardset = cardset
        self.label_fn = label
        self.back_label = back_label

    def compose(self) -> ComposeResult:
        yield Static(self.caption, classes="pile-caption")
        yield CardWidget(None, self.cardset, label=self.label_fn, back_label=self.back_label, classes="pile-card")

    def show(self, zone: ZoneView, caption: str | None = None) -> None:
        """Show a zone's top card and count."""
        count = zone.count
        name = caption or self.caption
        self.query_one(".pile-caption", Static).update(f"{name} ({count})")
        self.query_one(CardWidget).show(zone.top)


class CardRow(Horizontal):
    """A row of cards (a hand, an area with positions); grows and shrinks to the zone."""

    def __init__(self, cardset: CardSet | None, *, label: LabelFn = corner_label, numbered: bool = False, back_label: str = "", id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cardset = cardset
        self.label_fn = label
        self.numbered = numbered
        self.back_label = back_label
        self._shown: tuple[Any, ...] | None = None

    def show(self, cards: Sequence[CardView | None], selected: Sequence[int] = ()) -> None:
        """Show ``cards`` left to right; ``selected`` indexes are drawn highlighted."""
        key = (tuple(cards), tuple(selected))
        if key == self._shown:
            return
        self._shown = key
        widgets = list(self.query(".row-slot"))
        if len(widgets) != len(cards):
            self.remove_children()
            widgets = []
            for i, card in enumerate(cards):
                parts: list[Widget] = []
                if self.numbered:
                    parts.append(Static(str(i + 1), classes="row-number"))
                card_widget = CardWidget(card, self.cardset, label=self.label_fn, back_label=self.back_label, classes="row-card")
                card_widget.set_reactive(CardWidget.selected, i in selected)
                parts.append(card_widget)
                widgets.append(Vertical(*parts, classes="row-slot"))
            self.mount_all(widgets)
            return
        for i, (slot, card) in enumerate(zip(widgets, cards)):
            for cw in slot.query(CardWidget):
                cw.selected = i in selected
                cw.show(card)


UNPLAYABLE = Style(dim=True, italic=True)
"""How a screen draws a card in hand that cannot be played now (``Decision.unplayable``),
after the mark ``UNPLAYABLE_MARK``; the decision panel says why."""
UNPLAYABLE_MARK = "✗"


def hand_name(name: str, style: Style | str, unplayable: frozenset[str]) -> Text:
    """One card of a hand line: ``name`` in its ``style``, or marked ``✗`` and dimmed when
    it is in ``unplayable`` (the names of ``Decision.unplayable``), as plain text."""
    if name in unplayable:
        return plain_text(Text.assemble((UNPLAYABLE_MARK, UNPLAYABLE), (name, UNPLAYABLE)))
    return plain_text(Text(name, style))


def option_prompt(chip: tuple[str, str], gap: str, *label: str | tuple[str, str]) -> HangingText:
    """An option of the decision panel: its key ``chip`` (text, style), the ``gap`` after it
    and its ``label`` parts (as ``Text.assemble`` takes them), as plain text (never markup),
    wrapped lines hanging under the label's first word (``HangingText``: a fresh tester saw
    "instead" of "Turn the coin over: bet LOWER instead" wrap to column 0, under the keys)."""
    text = plain_text(Text.assemble(chip, gap, *label))
    return HangingText.of(text, cell_len(chip[0]) + cell_len(gap))


class _DecisionOptions(OptionList):
    """The decision panel's option list. Textual's ``OptionList`` drops its rendered lines
    on every resize and repaints, so every option was rendered again, after the frame
    had been drawn, whenever the panel only grew or shrank by some rows (most keys, issue
    13.7). The lines depend only on the width they are drawn in (the list's width less a
    scrollbar, which a height change can add): they are dropped only when that changed.

    Its rows are given by the panel (``DecisionPanel._fit_options``), never by how many
    lines the options take, so the virtual size Textual sets when it wraps the options
    (while drawing them, after a resize) asks for no layout and repaint: those only drew
    the same cells again in another frame (every hand-over). A scrollbar that must come or
    go still asks for its own layout."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)
    _drawn_width: tuple[int, int] = (-1, -1)

    def _on_resize(self, event: events.Resize) -> None:
        # Textual calls the handler of every class in the MRO: stop the base class's one
        width = (event.size.width, self.scrollable_content_region.width)
        if width == self._drawn_width:
            event.prevent_default()
        self._drawn_width = width

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        """A scrollbar that comes or goes changes the width the options are drawn in with no
        Resize of the list: drop the lines drawn for the old width (an option drawn while a
        scrollbar stood kept its narrower wrap after it went: "bet" / "LOWER instead")."""
        width = (self.size.width, self.scrollable_content_region.width)
        if width != self._drawn_width:
            self._drawn_width = width
            self._clear_caches()
            self.refresh()


def cut_prompt(prompt: str, width: int, rows: int, console) -> str:
    """``prompt`` whole when it wraps to at most ``rows`` rows of ``width`` cells (rich's
    wrapping on ``console``, as the panel draws it), else its first words that fit those
    rows followed by ``" …"`` (the cut after a whole word; ``"…"`` alone when no word fits)."""
    if len(Text(prompt).wrap(console, width)) <= rows:
        return prompt
    words = prompt.split()
    for keep in range(len(words) - 1, 0, -1):
        cut = " ".join(words[:keep]) + " …"
        if len(Text(cut).wrap(console, width)) <= rows:
            return cut
    return "…"


def fitted_note(name: str, reason: str, room: int) -> tuple[int, str]:
    """The fullest note on unplayable card ``name`` (``reason``: why) that fits ``room``
    cells, and how much of it it says (its rank, 0 fullest): 0 "✗ Hard Wired (STOP): play
    it when a player wants to trade Load Outs with you", 1 "✗ Hard Wired (STOP): not
    playable now" (its line in the list says why), 2 the name alone, 3 the name cut with
    "…" (only a name wider than ``room``). A fresh tester at 120×40, the log open, read the
    reason cut off ("…with you" lost). Measured in terminal cells (``cell_len``: a wide
    letter takes two), as the border draws it."""
    forms = (f"✗ {name}: {reason}", f"✗ {name}: not playable now", f"✗ {name}")
    for rank, note in enumerate(forms):
        if cell_len(note) <= room:
            return rank, note
    return len(forms), cut_cells(forms[-1], room)


def unplayable_note(name: str, reason: str, room: int) -> str:
    """The note ``fitted_note`` chooses for unplayable card ``name`` in ``room`` cells."""
    return fitted_note(name, reason, room)[1]


SUBTITLE_FRAME = 6
"""Cells of a bordered box's bottom edge that its subtitle cannot take: the corners, a line
and a blank each side (``DecisionPanel``'s notes)."""


class DecisionPanel(Vertical):
    """The prompt and every legal option, each with its key: ``1``–``9``, ``0``, then letters
    by default, a recurring move its fixed letter (``option_keys``; a screen may give other
    keys, see ``show``); arrows and ``Enter`` pick the highlighted one, the mouse clicks one."""

    class Chosen(Message):
        """The player picked ``action`` of ``decision`` (a stale pick names an old decision);
        ``by_key`` tells a key press of that option's own key (``choose_key``) from
        Enter or a click on the highlighted option."""

        def __init__(self, action: Action, decision: Decision | None, by_key: bool = False) -> None:
            super().__init__()
            self.action = action
            self.decision = decision
            self.by_key = by_key

    class NoteChanged(Message):
        """The note over the prompt (``show_note``) came or went or changed: a table that
        counts it in the panel's height (Black Ops' roomy layout) sizes the panel again."""

    def __init__(self, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._actions: tuple[Action, ...] = ()
        self._decision: Decision | None = None
        self._keys: tuple[str | None, ...] = ()
        self._key: Any = None

    def compose(self) -> ComposeResult:
        note = Caption("", id="decision-note")
        note.display = False
        yield note
        yield Caption("", id="decision-prompt")
        yield _DecisionOptions(id="decision-options")

    @property
    def note(self) -> str:
        """The note over the prompt, as plain text (``""`` when none is shown)."""
        widget = self.query_one("#decision-note", Static)
        return str(widget.content) if widget.display else ""

    def show_note(self, text: str | None) -> None:
        """Show ``text`` (plain text, never markup) on a line of its own over the prompt,
        inside the panel, so it covers nothing of the table (e.g. a computer player about
        to close a window the player may still claim in); ``None`` takes it away."""
        widget = self.query_one("#decision-note", Static)
        if (text or "") != self.note:
            self.post_message(self.NoteChanged())
        if text is None:
            widget.display = False
            widget.update("")
            if self._decision is not None:
                self._fit_options()
            return
        widget.update(Text(text))
        widget.display = True
        if self._decision is not None:  # the note takes rows of the panel: fit the options again
            self._fit_options()
            self.call_after_refresh(self._note_hidden_options)

    def show(self, decision: Decision | None, actor: str = "", waiting: str = "", keys: Sequence[str | None] | None = None) -> None:
        """Show ``decision`` (``None``: nothing to choose; ``waiting`` explains why).

        ``keys`` gives the key shown beside each option and accepted by ``choose_key``
        (one character, or ``None`` for no key); by default ``option_keys``.
        """
        prompt = self.query_one("#decision-prompt", Static)
        options = self.query_one("#decision-options", OptionList)
        if decision is not None:
            keys = tuple(keys) if keys is not None else option_keys(decision.actions)
            if len(keys) != len(decision.actions):
                raise ValueError(f"{len(keys)} keys for {len(decision.actions)} options")
        # The decision object on screen is always the one just given, even when an equal
        # one is shown already (only the repaint is skipped): a pick names this object and
        # the screen accepts a pick only for the object the session offers now (issue 12.1).
        self._decision = decision
        self._actions = decision.actions if decision is not None else ()
        self._keys = keys if decision is not None else ()
        key = (decision, waiting, keys)
        if key == self._key:
            return
        self._key = key
        if decision is None:
            prompt.update(waiting)
            options.clear_options()
            options.display = False
            if self.border_subtitle:
                self.border_subtitle = ""
            return
        prompt.update(decision.prompt)
        options.display = True
        items = []
        for action, shown in zip(decision.actions, keys):
            items.append(Option(option_prompt((f" {KEY_SHOWN.get(shown, shown) if shown else ' '} ", "bold reverse"), " ", action.label)))
        for name, reason in decision.unplayable:  # dimmed, no key: choosing one says why
            items.append(Option(option_prompt((" ✗ ", "dim reverse"), " ", (f"{name}", "dim"), (f" — not now: {reason}", "dim italic"))))
        options.set_options(items)
        options.highlighted = 0
        self._fit_options()
        self.call_after_refresh(self._note_hidden_options)

    def _fit_options(self) -> None:
        """Give the option list the rows the panel has left under the note and the prompt,
        so that a long list scrolls (and says so) instead of being clipped by the panel.
        When the note (``show_note``) leaves too few rows for every option, the prompt
        keeps only its first words that fit, ending in ``…`` (``cut_prompt``): at 80×24
        beside the log a SPY's three options were cut to "1 Left card" under a three-row
        note and a four-row prompt (the fresh tester). The whole prompt is back with the
        note's going."""
        options = self.query_one("#decision-options", OptionList)
        prompt = self.query_one("#decision-prompt", Static)
        limit = self.styles.max_height
        width = self.size.width  # the content's: the border and padding are not in it
        # an option whose words wrap takes more than one row: count the rows, so that a
        # list that fits is given them all, not one a option (its last words hidden under
        # a scrollbar, the fresh tester's Black Ops panel beside F1 and the log)
        # at most 9 rows, or what a table lets its list use beyond them (Bloops's twelve
        # positions at 200×60: the fresh tester saw 9 over "↓ more below" and empty rows)
        most = options.styles.max_height
        most = max(9, int(most.value)) if most is not None and most.is_cells else 9
        rows = min(self._option_rows(options, width), most)
        if self._decision is None:
            return
        shown = self._decision.prompt
        if limit is not None and limit.is_cells and width > 0:
            console = self.app.console
            note = self.note
            note_lines = len(Text(note).wrap(console, width)) if note else 0
            prompt_room = max(1, int(limit.value) - 2 - note_lines - rows)
            if note:
                shown = cut_prompt(shown, width, prompt_room, console)
            prompt_lines = len(Text(shown).wrap(console, width))
            room = int(limit.value) - 2 - note_lines - prompt_lines
            if rows > room:  # it scrolls: the scrollbar narrows the options
                rows = min(self._option_rows(options, width - options.styles.scrollbar_size_vertical), most)
            rows = max(1, min(rows, room))
        prompt.update(shown)
        if options.styles.height is None or options.styles.height.value != rows:
            options.styles.height = rows

    def _option_rows(self, options: OptionList, width: int) -> int:
        """The rows the options take wrapped to ``width`` cells (one each when not known)."""
        if width <= 0:
            return options.option_count
        console = self.app.console
        prompts = [o.prompt if isinstance(o.prompt, Text) else Text(str(o.prompt)) for o in options.options]
        return sum(max(1, len(prompt.wrap(console, width))) for prompt in prompts)

    def on_resize(self) -> None:
        if self._decision is not None:
            self._fit_options()
            self.call_after_refresh(self._note_hidden_options)

    def highlighted_unplayable(self) -> tuple[str, str] | None:
        """The ``(card name, reason)`` of the unplayable card highlighted now (the dimmed
        entries after the options, ``Decision.unplayable``); ``None`` when an option (or
        nothing) is highlighted."""
        if self._decision is None:
            return None
        index = self.query_one("#decision-options", OptionList).highlighted
        if index is None or index < len(self._actions):
            return None
        unplayable = self._decision.unplayable
        index -= len(self._actions)
        return unplayable[index] if index < len(unplayable) else None

    def _note_hidden_options(self) -> None:
        """Say on the bottom border why the highlighted card cannot be played now (a dimmed
        entry, issue 12.2), and when options are scrolled out of sight (a small terminal, a
        long list): a player must know that more choices exist."""
        found = self.query("#decision-options")
        if not found:
            return  # a late call: the panel was taken down with its screen
        options = found.first(OptionList)
        parts = []
        if options.display and options.scroll_y > 0:
            parts.append("↑ more above")
        if options.display and options.scroll_y < options.max_scroll_y:
            parts.append("↓ more below")
        unplayable = self.highlighted_unplayable() if options.display else None
        if unplayable is not None:
            # the whole bottom edge, not the panel's text width (at 80×24 beside the log the
            # note lost 4 cells: "✗ Enterprise…"), and the scroll hints as bare arrows where
            # their words would cut the note shorter
            edge = self.outer_size.width - SUBTITLE_FRAME
            forms = []
            for hints in (parts, [p.split()[0] for p in parts]):
                rank, note = fitted_note(*unplayable, max(10, edge - sum(cell_len(p) + 3 for p in hints)))
                forms.append((rank, [note, *hints]))
            parts = min(forms, key=lambda form: form[0])[1]
        subtitle = plain_text(" · ".join(parts)) if unplayable is not None else " · ".join(parts)
        show_border_title(self, subtitle, subtitle=True)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.call_after_refresh(self._note_hidden_options)

    @property
    def decision(self) -> Decision | None:
        """The decision on screen (the very object last given to ``show``)."""
        return self._decision

    @property
    def actions(self) -> tuple[Action, ...]:
        return self._actions

    @property
    def keys(self) -> tuple[str | None, ...]:
        """The key of each option shown now (``None`` where an option has none)."""
        return self._keys

    def let_options(self, rows: int, panel_rows: int, *, over_css: bool = False) -> None:
        """Let the option list take ``rows`` rows, past the usual 9 (widgets.tcss: the panel
        holds 12 lines), the panel growing to ``panel_rows``: a table with rows to spare
        lists a long decision whole (Bloops' twelve positions, Black Ops' Care Packages ×
        targets at 200×60). 9 or fewer: the CSS heights again. The list's ``max-height`` is
        what ``_fit_options`` reads as its most rows. ``over_css``: the list and the panel
        take ``rows`` and ``panel_rows`` even for 9 options or fewer, past a table's lower CSS
        heights (Black Ops' crowded table lists 6 options and a note where its seats give
        the rows, not 5 of them over "↓ more below": issue 14)."""
        options = self.query_one("#decision-options")
        before = (options.styles.max_height, self.styles.max_height)
        if rows > 9 or over_css:
            options.styles.max_height = max(1, rows)
            self.styles.max_height = panel_rows
        else:
            options.styles.clear_rule("max_height")
            self.styles.clear_rule("max_height")
        if self._decision is not None and before != (options.styles.max_height, self.styles.max_height):
            self._fit_options()  # the same decision on screen: fit it to the new rows
            self.call_after_refresh(self._note_hidden_options)

    def choose_key(self, key: str) -> bool:
        """Pick the option whose key is ``key``. ``False`` if there is none."""
        for action, shown in zip(self._actions, self._keys):
            if shown is not None and shown == key:
                self.post_message(self.Chosen(action, self._decision, by_key=True))
                return True
        return False

    def offer(self, matches: Sequence[Action]) -> list[int]:
        """What a click on a card does with the options it stands for (issue 14): of
        ``matches``, those that are options on screen now. Exactly one (not a pass for
        everyone, which only its own key plays) is picked as if clicked in the list (a
        ``Chosen`` message, so a stale pick or a double tap is refused the same way); several
        are marked ``PICK_MARK`` and the first is highlighted, with the keyboard focus on the
        list. Returns the indexes of the options found (empty: nothing was done)."""
        found = [i for i, action in enumerate(self._actions) if action in matches]
        if len(found) == 1 and self._actions[found[0]].role != "pass-all":
            self.post_message(self.Chosen(self._actions[found[0]], self._decision))
            return found
        if not found:
            return found
        options = self.query_one("#decision-options", OptionList)
        for i, (action, key) in enumerate(zip(self._actions, self._keys)):
            marked = i in found
            prompt = option_prompt((f" {key or ' '} ", "bold reverse"), f" {PICK_MARK} " if marked else " ", (action.label, "bold" if marked else ""))
            options.replace_option_prompt_at_index(i, prompt)
        options.highlighted = found[0]
        # the marks stay while the same decision is shown again (a redraw when a box
        # settles at its size); the next decision is drawn afresh, unmarked
        self.focus_options()
        return found

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self._actions):
            self.post_message(self.Chosen(self._actions[event.option_index], self._decision))
        elif self._decision is not None:
            unplayable = self._decision.unplayable
            index = event.option_index - len(self._actions)
            if 0 <= index < len(unplayable):  # changes nothing: only says why
                name, reason = unplayable[index]
                self.notify(f"{name} cannot be played now: " + sentence(reason), title="Not playable now", markup=False, timeout=4)

    def focus_options(self) -> None:
        """Give the option list the keyboard focus. Also called after a refresh, by which
        time the table may have given way (the move ended the game): then it does nothing."""
        found = self.query("#decision-options")
        if not self.is_attached or not found:
            return
        options = found.first(OptionList)
        if options.display and not options.has_focus:
            options.focus()


LOG_HANG = 2
"""Cells the wrapped lines of a log entry start in (``LogPanel``): under its words, past
the entry's ``· `` bullet."""


class LogPanel(VerticalScroll):
    """The game log as the current viewer may read it; private lines are marked. It follows
    its end: after a resize rewraps its lines, and whenever new lines arrive, the newest
    line is shown, unless the player has scrolled up (then it stays put until they scroll
    back to the end). The fresh tester's Black Ops log at 80×24 ended at an older line
    after a resize, the newest hidden below. (Textual's ``anchor`` did the same but drew a
    short log at the foot of an empty panel: another tester read it as text pushed down.)"""

    def __init__(self, players: Sequence[str], id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.players = tuple(players)
        self._count = -1
        self._seat: Any = object()

    def compose(self) -> ComposeResult:
        yield Static("", id="log-text")

    def _following(self) -> bool:
        """Whether the panel shows its end now (or has nothing to scroll)."""
        return self.scroll_y >= self.max_scroll_y - 1

    def _follow(self) -> None:
        self.scroll_end(animate=False)  # once laid out with the new lines (Textual waits for it)

    def on_resize(self, event: events.Resize) -> None:
        """A resize rewraps the lines: the end stays in view if it was (``_follow``)."""
        if self._at_end:
            self._follow()

    def watch_virtual_size(self, size) -> None:
        """The lines rewrapped (a scroll bar came or went, a resize, new lines): the end stays
        in view if it was."""
        if self._at_end:
            self._follow()

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self._at_end = self._following()

    _at_end = True
    """Whether the player reads the end of the log (not scrolled up): then a resize and new
    lines keep the newest line in view."""

    def show(self, entries: Sequence[LogEntry], seat: int | None) -> None:
        if len(entries) == self._count and seat == self._seat:
            return
        new_reader = seat != self._seat
        self._count, self._seat = len(entries), seat
        text = Text()
        for entry in entries[-200:]:
            if entry.audience is not None:
                who = ", ".join(self.players[s] for s in sorted(entry.audience))
                text.append(f"[only {who}] ", style="italic")
                text.append(entry.text + "\n", style="italic")
            else:
                text.append("· " + entry.text + "\n")
        # a wrapped entry's lines hang under its words
        self.query_one("#log-text", Static).update(HangingText.of(plain_text(text), LOG_HANG))
        if new_reader or self._at_end:  # another reader starts at the newest line
            self._at_end = True
            self._follow()
