"""The main menu: every registered game with its player range and a one-line description."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from cardtable import __version__
from cardtable.engine.index import game_infos
from cardtable.engine.saves import list_saves
from cardtable.ui.widgets import Footer, HangingText, Static

__all__ = ["MenuScreen", "resume_label"]

MENU_LIST_ROWS = 16
"""The rows of the whole list (five games of two lines, a rule, five entries): ``menu.tcss``."""

MENU_WIDTH = 78
"""The menu box's width with its border and padding (``menu.tcss``)."""

MENU_FRAME_ROWS = 6
"""The rows around the list and the help lines: the key bar, the box's two borders, the
logo, the tagline and the blank under it."""

SUMMARY_HANG = 2
"""The cells a game's summary line is indented under its title; its wrapped lines (a
narrow window) hang as far in."""

LOGO = "♠ ♥  c a r d t a b l e  ♦ ♣"


def resume_label(saves: list) -> str:
    """The menu's Resume line for the unfinished ``saves`` (``SaveInfo``, damaged ones with
    an ``error``): ``"Resume a saved game (1 unfinished, 3 damaged)"``."""
    if not saves:
        return "Resume a saved game (none yet)"
    good = sum(1 for s in saves if s.error is None)
    damaged = len(saves) - good
    return f"Resume a saved game ({good} unfinished" + (f", {damaged} damaged" if damaged else "") + ")"


class MenuScreen(Screen[None]):
    """Pick a game (Enter), browse the cards (b), resume a saved one (r), or quit (q)."""

    CSS_PATH = "menu.tcss"
    KEYS_HELP = (("↑ ↓ ⏎", "Move through the menu; Enter opens the entry"),)
    """Keys F1's panel lists besides the key bar's (``cardtable.ui.keys``)."""
    BINDINGS = [
        Binding("enter", "play", "Play", show=True),
        Binding("b", "browse", "Cards"),
        Binding("r", "resume", "Resume"),
        Binding("s", "stats", "Statistics"),
        Binding("h", "history", "Past games"),
        Binding("question_mark", "rules", "Rules", key_display="?"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(LOGO, id="menu-logo")
            yield Static(f"pass-and-play card games · v{__version__}", id="menu-tagline", classes="muted")
            yield OptionList(id="menu-list")
            yield Static("", id="menu-help", classes="muted")
        yield Footer()

    def on_screen_resume(self) -> None:
        """Rebuild the list whenever the menu comes back on top (first shown, or after a
        game, the Resume list or the deck builder changed the saves)."""
        self.refresh_menu()

    def refresh_menu(self) -> None:
        """Rebuild the list (the number of unfinished games changes as games are played);
        a notice that saving is off is checked again (a full disk may have room now)."""
        if getattr(self.app, "saving_off", None) is not None:
            self.app.check_saving()  # type: ignore[attr-defined]
        menu = self.query_one("#menu-list", OptionList)
        highlighted = menu.highlighted
        options: list[Option | None] = []
        for cls in game_infos():  # the game table: a game is imported only when played
            line = Text.assemble(
                (f"{cls.title:<34}", "bold"),
                (f"{cls.player_range() + ' players':<13}", ""),
            )
            summary = cls.summary if len(cls.summary) <= 70 else cls.summary[:69].rstrip() + "…"
            line.append("\n" + " " * SUMMARY_HANG + summary, style="italic")
            # a summary wrapped in a narrow window goes on under its first line's words
            options.append(Option(HangingText.of(line, SUMMARY_HANG), id=f"game:{cls.id}"))
        options.append(None)
        options.append(Option(Text("Card browser — every card of every game, and the deck builder"), id="browser"))
        cards_dir = self.app.start.cards_dir  # type: ignore[attr-defined]
        saves = [s for s in list_saves(cards_dir=cards_dir, check_cards=False, quick=True) if not s.over]
        options.append(Option(Text(resume_label(saves)), id="resume"))
        if saves:  # the Resume list's own check, off the UI thread: the counts then agree with it
            self.run_worker(lambda: self._count_saves(cards_dir), thread=True, exclusive=True, group="save-count", exit_on_error=False)
        options.append(Option(Text("Past games — replay a finished game, every card face up"), id="history"))
        options.append(Option(Text("Statistics"), id="stats"))
        options.append(Option(Text("Quit"), id="quit"))
        menu.set_options(options)
        menu.highlighted = highlighted if highlighted is not None and highlighted < menu.option_count else 0
        menu.focus()
        self.show_help()

    def on_resize(self) -> None:
        self.show_help()

    def show_help(self) -> None:
        """The lines under the list: the keys, and first, when saving is off, why
        (``app.saving_off``). A notice too long for the room left (a long ``CARDTABLE_HOME``
        path at 80×24) takes rows from the list, which then scrolls, instead of running
        past the box's bottom border cut off; the keys line, which the key bar repeats,
        goes first, so at 80×24 a short notice keeps every entry of the list in view."""
        from cardtable.ui.recent import cell_wrap

        keys = "Enter: play · b: cards · r: resume · h: past games · s: stats · ?: rules"
        off = getattr(self.app, "saving_off", None)
        width, height = self.app.size
        room = height - MENU_FRAME_ROWS
        lines, rows = [keys], 1
        if off is not None:
            said = len(cell_wrap(off, max(10, min(width, MENU_WIDTH) - 4)))
            keep_keys = room - said - 1 >= MENU_LIST_ROWS
            lines, rows = ([off, keys], said + 1) if keep_keys else ([off], said)
        self.query_one("#menu-help", Static).update(Text("\n".join(lines)))
        self.query_one("#menu-list", OptionList).styles.max_height = max(3, min(MENU_LIST_ROWS, room - rows))

    def _count_saves(self, cards_dir) -> None:
        """(A worker thread.) Replay every unfinished save as the Resume list does (a move
        the rules refuse is damage, not an unfinished game: the fresh tester read "2
        unfinished, 2 damaged" above a list of 1 and 3) and show that count. The menu is
        drawn at once from each save's first and last lines; this replay can take a while
        with many saves, so it never holds the menu up."""
        saves = [s for s in list_saves(cards_dir=cards_dir, verify=True) if not s.over]
        try:
            self.app.call_from_thread(self._show_resume_label, resume_label(saves))
        except RuntimeError:  # the app has closed meanwhile
            pass

    def _show_resume_label(self, label: str) -> None:
        if self.is_attached and self.query("#menu-list"):
            menu = self.query_one("#menu-list", OptionList)
            if "resume" in {o.id for o in menu.options} and str(menu.get_option("resume").prompt) != label:
                menu.replace_option_prompt("resume", Text(label))

    def _highlighted_id(self) -> str | None:
        menu = self.query_one("#menu-list", OptionList)
        option = menu.highlighted_option
        return option.id if option is not None else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._open(event.option.id)

    def _open(self, option_id: str | None) -> None:
        if option_id is None:
            return
        if option_id.startswith("game:"):
            from cardtable.engine import get
            from cardtable.ui.setup import SetupScreen

            self.app.push_screen(SetupScreen(get(option_id[5:])))
        elif option_id == "browser":
            self.action_browse()
        elif option_id == "resume":
            self.action_resume()
        elif option_id == "stats":
            self.action_stats()
        elif option_id == "history":
            self.action_history()
        elif option_id == "quit":
            self.app.exit()

    def action_play(self) -> None:
        self._open(self._highlighted_id())

    def action_browse(self) -> None:
        """Open the card browser on the highlighted game's cards (all games otherwise)."""
        option_id = self._highlighted_id()
        initial = option_id[5:] if option_id and option_id.startswith("game:") else "all"
        self.app.open_browser(initial)  # type: ignore[attr-defined]

    def action_resume(self) -> None:
        from cardtable.ui.resume import ResumeScreen

        self.app.push_screen(ResumeScreen())

    def action_stats(self) -> None:
        from cardtable.ui.stats import StatsScreen

        self.app.push_screen(StatsScreen())

    def action_history(self) -> None:
        self.app.open_history()  # type: ignore[attr-defined]

    def action_rules(self) -> None:
        option_id = self._highlighted_id()
        if option_id and option_id.startswith("game:"):
            from cardtable.ui.rules import RulesScreen

            self.app.push_screen(RulesScreen(option_id[5:]))
