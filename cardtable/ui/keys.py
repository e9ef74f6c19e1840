"""F1's keys panel: the keys a player can use on the current screen, and nothing else.

Textual's own help panel lists every binding in effect, Textual's internals included (focus
next/previous, the scroll and cursor keys of the focused list, each of the hidden number
keys one by one). This panel keeps what the key bar shows (``show=True`` bindings that work
now, one line per action), adds the keys a screen names in ``KEYS_HELP`` (e.g. the arrows
and Enter of the options list, which the key bar leaves out for room) and ends with the keys
that work everywhere (F1, Ctrl+P with the commands the palette lists there, Ctrl+Q). It
keeps up with the screen as its keys change. No key is listed twice (a key the bindings
list is left out of ``KEYS_HELP``'s lines). A list longer than the panel's rows scrolls
with Shift+↓ and Shift+↑ (``CardtableApp.action_scroll_keys``), and a "more below" or
"more above" row says there is more.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.message import Message
from textual.widgets import HelpPanel, Static

from cardtable.ui.glyphs import key_text

__all__ = ["KeysPanel", "open_panels", "screen_keys", "anywhere_keys", "ANYWHERE", "MORE_BELOW", "MORE_ABOVE"]

ANYWHERE: tuple[tuple[str, str], ...] = (
    ("F1", "Show or hide this list of keys (Esc hides it too)"),
    ("Ctrl+P", "Commands"),
    ("Ctrl+Q", "Quit (a game in progress is saved)"),
)
"""The keys that work on every screen (``CardtableApp.BINDINGS`` and Textual's palette).
The panel words Ctrl+P's line from what the palette lists on the screen (``anywhere_keys``)."""


MORE_BELOW = "↓ more below (Shift+↓)"
"""The panel's last row while its list goes on below (``KeysPanel._mark_more``)."""
MORE_ABOVE = "↑ more above (Shift+↑)"
"""The panel's first row while its list goes on above."""


def anywhere_keys(screen: Screen) -> list[tuple[str, str]]:
    """``ANYWHERE`` for ``screen``: Ctrl+P's line names the commands the palette lists
    there now (``cardtable.ui.look.palette_summary``: the same list the palette shows)."""
    from cardtable.ui.look import palette_summary

    summary = palette_summary(screen.app, screen)
    return [(key, summary if key == "Ctrl+P" else words) for key, words in ANYWHERE]


def screen_keys(screen: Screen) -> list[tuple[str, str]]:
    """The keys of ``screen`` a player can use now, as ``(key, what it does)``: its bindings
    that the key bar shows (``show=True``) and that are enabled, one per action, then the
    extra keys of its ``KEYS_HELP`` (a sequence of such pairs). Hidden bindings and the
    bindings of Textual's own widgets that the key bar does not show are left out."""
    keys: list[tuple[str, str]] = []
    seen: set[str] = set()
    for _node, binding, enabled, tooltip in _own_bindings(screen):
        if not binding.show or not enabled or binding.system or binding.action in seen:
            continue
        seen.add(binding.action)
        keys.append((screen.app.get_key_display(binding), binding.description + (f" — {tooltip}" if tooltip else "")))
    extra: Sequence[tuple[str, str]] = getattr(screen, "KEYS_HELP", ())
    listed = {token for key, _ in keys for token in key.split()}
    for key, words in extra:
        # each key once: a key a binding lists says what it does now (Combat Cards' Enter
        # lays the warband), so ``KEYS_HELP`` keeps only its other keys; the words of a
        # line of several keys say what the last one does after "; " ("↑ ↓ ⏎": "Move
        # through the options; Enter chooses one"), left out with that key
        tokens = key.split()
        left = [token for token in tokens if token not in listed]
        if not left:
            continue
        if tokens[-1] not in left:
            words = words.split("; ")[0]
        keys.append((" ".join(left), words))
        listed.update(left)
    return keys


def _own_bindings(screen: Screen):
    """``screen.active_bindings``' entries, with the screen's own binding of a key the app's
    Esc (``close_keys``, in effect while this panel is open) stands over: the panel lists
    what Esc does on the screen ("Esc Back"), not that it closes the panel (its F1 line says so)."""
    active = screen.active_bindings
    for key, entry in active.items():
        if entry.binding.action != "close_keys":
            yield entry
            continue
        for namespace, bindings in screen._modal_binding_chain:
            own = next((b for b in bindings.key_to_bindings.get(key, ()) if b.action != "close_keys"), None)
            if own is not None:
                state = screen.app._check_action_state(own.action, namespace)
                if state is not False:
                    yield type(entry)(namespace, own, bool(state), own.tooltip)
                break


def keys_table(groups: Sequence[tuple[str, Sequence[tuple[str, str]]]]) -> Table:
    """``groups`` of ``(title, keys)`` as one two-column table (keys right-aligned)."""
    table = Table(box=None, show_header=False, padding=(0, 1), expand=False)
    table.add_column(justify="right", style="bold", no_wrap=True)
    table.add_column(ratio=1)
    for i, (title, keys) in enumerate(groups):
        if i:
            table.add_row("", "")
        table.add_row("", Text(title, style="bold underline"))
        for key, words in keys:
            table.add_row(Text(key_text(key)), Text(key_text(words)))
    return table


def open_panels(screen: Screen) -> list[HelpPanel]:
    """The keys panels open on ``screen`` (ours, ``KeysPanel``, or Textual's ``HelpPanel``):
    both are mounted on the screen itself, so its children are looked at, not the whole
    tree. The app asks this for every binding each time the key bar is worked out
    (``CardtableApp.check_action``); a query over every widget of a busy table was about a
    twentieth of the CPU of a Combat Cards or Black Ops move."""
    return [child for child in screen.children if isinstance(child, HelpPanel)]


class KeysPanel(HelpPanel):
    """The F1 panel at the right of the screen (a ``HelpPanel``: same place and CSS), drawn
    from ``screen_keys`` and redrawn whenever the screen's keys change."""

    DEFAULT_CSS = """
    KeysPanel #keys-list { height: 1fr; scrollbar-size-vertical: 0; }
    KeysPanel #keys-table { width: 100%; height: auto; }
    KeysPanel .keys-more { width: 100%; height: 1; text-style: italic; color: $text-muted; display: none; }
    """

    def compose(self) -> ComposeResult:
        yield Static(Text(key_text(MORE_ABOVE)), id="keys-above", classes="keys-more")
        with VerticalScroll(id="keys-list", can_focus=False):
            yield Static("", id="keys-table")
        yield Static(Text(key_text(MORE_BELOW)), id="keys-below", classes="keys-more")

    def scroll_keys(self, rows: int) -> None:
        """Scroll the list ``rows`` rows down (up when negative); the "more" rows follow."""
        self.query_one("#keys-list", VerticalScroll).scroll_relative(y=rows, animate=False)

    @property
    def overflows(self) -> bool:
        """Whether the list is longer than the rows the panel has for it (never while the
        panel is being taken down: its list may be gone while the key bar is looked at)."""
        lists = self.query("#keys-list")
        return bool(lists) and lists.first().max_scroll_y > 0

    def _mark_more(self) -> None:
        """Show "more above" / "more below" where the list goes on past the panel's rows.
        Showing one takes a row from the list, so it is looked at again after the layout."""
        found = [self.query(f"#keys-{part}") for part in ("list", "above", "below")]
        if not self.is_attached or not all(found):  # closed meanwhile: its children are going
            return
        scroll, above, below = (q.first() for q in found)
        want = (scroll.scroll_y > 0, scroll.scroll_y < scroll.max_scroll_y)
        if (above.display, below.display) != want:
            above.display, below.display = want
            self.call_after_refresh(self._mark_more)

    def on_resize(self) -> None:
        self.call_after_refresh(self._mark_more)

    class Toggled(Message):
        """Posted to the screen when the panel is shown or hidden: the room the screen's own
        content has changed (a table may reflow: ``ColdWarTable.on_keys_panel_toggled``)."""

    def on_mount(self) -> None:
        self.watch(self.query_one("#keys-list", VerticalScroll), "scroll_y", lambda _: self.call_after_refresh(self._mark_more), init=False)
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._draw()
        self.screen.post_message(self.Toggled())

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)
        self.screen.post_message(self.Toggled())

    def update_help(self, focused_widget) -> None:
        """Textual's widget help is not shown: the keys are the whole panel."""

    def _bindings_changed(self, screen: Screen) -> None:
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._draw)

    def _draw(self) -> None:
        found = self.query("#keys-table")
        if not self.is_attached or not found:  # (a redraw due while the panel is taken down)
            return
        found.first(Static).update(keys_table([("This screen", screen_keys(self.screen)), ("Anywhere", anywhere_keys(self.screen))]))
        self.call_after_refresh(self._mark_more)
