"""The replay of a finished game: the game's own table screen, driven move by move from an
``engine.history.Replay`` instead of a live session, with every card face up (nothing is
secret once a game is over) and the whole log beside it.

``replay_screen(replay)`` builds the screen: a subclass of the game's table screen (so the
replay looks like the game did) whose flow is replaced by the replay's keys. It has no
decisions, no privacy screens and never acts on the game. The only way to get one is a
``Replay``, which refuses a game that is not over.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Input

from cardtable.engine.history import Replay
from cardtable.engine.view import View
from cardtable.ui.glyphs import key_text
from cardtable.ui.games import table_screen_for
from cardtable.ui.table import TableScreen
from cardtable.ui.toosmall import GAME_MIN_SIZE
from cardtable.ui.dialogs import InputDialog
from cardtable.ui.widgets import DecisionPanel, LogPanel, TitleLine

__all__ = ["ReplaySession", "ReplayControls", "replay_screen", "round_word"]


def round_word(replay: Replay) -> str:
    """The game's own word for the steps the replay's ``[``/``]`` and header count: "turn"
    where the game counts turns (its public facts carry a ``turn`` number and no ``round``:
    FOFL, whose log says "Turn 20: ..."), else "round" (Cold War, Combat Cards and Black Ops
    count rounds; Bloops, which numbers neither, is counted in rounds of every player's
    turn, ``Replay``). A fresh tester saw "round 20/33" in a FOFL replay."""
    info = replay.game.public_info(None)
    return "turn" if "turn" in info and "round" not in info else "round"


class ReplaySession:
    """What a table screen reads from its session, answered from a ``Replay``: the
    omniscient view, and no decision, hand-off, save or undo (a replay never plays)."""

    save = None
    viewer = None
    stats = None
    can_undo = False
    save_problem = None
    unsaved_moves = 0
    people: tuple[int, ...] = ()
    """Nobody plays a replay: no private note is kept for anyone."""
    notes_owed: dict = {}
    out: frozenset[int] = frozenset()
    """No seat counts as out: nobody looks at a replay in turn (``Session.out``)."""
    sole_person = None

    def __init__(self, replay: Replay) -> None:
        self.replay = replay

    def close(self) -> None:
        """Nothing to release: a replay holds no save open."""

    @property
    def game(self):
        return self.replay.game

    def view(self) -> View:
        return self.replay.view()

    def decision(self) -> None:
        return None

    def visible_decision(self) -> None:
        return None

    def handoff_to(self) -> None:
        return None

    def screen_seat(self) -> None:
        return None

    def undo(self) -> bool:
        return False


MOVES = Binding.Group("Move")
"""The replay's ← and → keys, shown as one "← → Move" on the key bar."""
ROUNDS = Binding.Group("Round")
"""The replay's [ and ] keys, shown as one "[ ] Round"."""


class ReplayControls:
    """The replay keys and drawing, mixed in front of a game's table screen class."""

    MIN_SIZE: ClassVar[tuple[int, int]] = GAME_MIN_SIZE
    # copied onto the built class by ``replay_screen`` (Textual reads bindings from its own
    # widget classes only, not from a mix-in). Every key shown fits the key bar at 80 columns
    # in every game (Black Ops' "s Specialists" and FOFL's "i Cards" cut "q Close" off
    # there): ← and → share one label, [ and ] another (``Binding.Group``: "← → Move",
    # "[ ] Round"); each keeps its own words in F1's list of keys
    REPLAY_BINDINGS: ClassVar = [
        # priority: the log beside the table scrolls with these keys otherwise
        Binding("left,backspace", "step(-1)", "Back a move", key_display="←", priority=True, group=MOVES),
        Binding("right,space", "step(1)", "Next move", key_display="→", priority=True, group=MOVES),
        Binding("left_square_bracket,pageup", "round(-1)", "Back a round", key_display="[", priority=True, group=ROUNDS),
        Binding("right_square_bracket,pagedown", "round(1)", "Next round", key_display="]", priority=True, group=ROUNDS),
        Binding("home", "goto(0)", "Start", show=False, priority=True),
        Binding("end", "goto(-1)", "End", show=False, priority=True),
        Binding("g", "jump", "Go to round"),
        # q is the key the bar shows (as "q Leave" on a table); Escape closes too, unshown
        # (it would take q's place: the table's own Escape binding comes first in the bar)
        Binding("q", "close", "Close"),
        Binding("escape", "close", "Close", show=False),
    ]

    KEYS_HELP: ClassVar = (("Home", "The deal"), ("End", "The last move"))
    """F1's lines besides the key bar's: a replay has no options to move through, click or
    undo (the table's own lines listed "u Undo" and "↑ ↓ ⏎" there)."""

    session: ReplaySession
    steady_panel = True  # no option list: the panel below the table keeps its height
    closes_app = False
    """Whether closing the replay ends the app (a replay started from the shell with
    ``cardtable replay SAVE``: ``CardtableApp.open_replay``), rather than going back to the
    screen it was opened from."""

    @property
    def replay(self) -> Replay:
        return self.session.replay

    def on_mount(self) -> None:
        # runs before the table screen's own on_mount, which then calls advance()
        self.add_class("replay-screen")
        self.replay.goto(0)  # a replay is watched from the deal (End jumps to the finish)

    def advance(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Draw the game after the replay's current move, every card face up."""
        replay = self.replay
        view = replay.view()
        total = len(replay.actions)
        self.query_one("#table-title", TitleLine).show(self.replay_title_forms())
        self.show_table(view)
        panel = self.query_one(DecisionPanel)
        if replay.step == 0:
            what = key_text("The deal. → plays the first move, ← goes back.")
        else:
            lines = [e.text for e in replay.move_log()]
            what = f"Move {replay.step}: " + (" ".join(lines[:2]) if lines else replay.quiet_move() or "(nothing logged)")
            if len(lines) > 2:
                what += f" (+{len(lines) - 2} more in the log)"
        if replay.step == total:
            what += "  The game is over."
        panel.show(None, "", what)
        panel.border_title = "Replay"
        log = self.query_one("#log", LogPanel)
        if not self.has_class("replay-drawn"):  # the log starts open; l hides it
            self.add_class("replay-drawn")
            if not log.display:
                # as l opens it, so the table makes room its own way (a last-moves box
                # steps aside rather than show the same moves twice beside the log)
                self.action_toggle_log()
        if log.display:
            log.show(view.log, None)

    def replay_title_forms(self) -> list[Text]:
        """The replay's title line, longest first (a ``TitleLine`` shows the first that
        fits: beside the log, open from the start, at 80×24 it has 36 cells and the whole
        title was cut there): the game, the move and the round and "all cards face up";
        without the note; without the game's name; then the move alone."""
        replay = self.replay
        move = f"move {replay.step}/{len(replay.actions)}"
        round_ = f"{round_word(replay)} {replay.round_of()}/{len(replay.rounds)}"
        named = Text.assemble((f"Replay · {replay.title}", "bold"), f" · {move} · {round_}")
        return [
            Text.assemble(named, (" · all cards face up", "italic")),
            named,
            Text.assemble(("Replay", "bold"), f" · {move} · {round_}"),
            Text.assemble(("Replay", "bold"), f" · {move}"),
            Text(move.capitalize(), style="bold"),
        ]

    def title_text(self, view: View, decision) -> Text:
        return Text(self.replay.title)

    def play(self, action) -> None:  # a replay never acts
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No choosing, undoing or leaving; the game screen's own keys as its
        ``check_action`` says with no decision on screen (so Combat Cards' ``c Clear``, a
        key of the warband builder, is neither shown nor run: the fresh tester saw it in
        the replay's key bar, where it did nothing)."""
        if action in ("choose", "undo", "leave"):
            return False
        return super().check_action(action, parameters)  # type: ignore[misc]

    def action_step(self, delta: int) -> None:
        self.replay.goto(self.replay.step + int(delta))
        self.redraw()

    def action_round(self, delta: int) -> None:
        replay = self.replay
        current = replay.round_of()
        start = replay.rounds[current - 1]
        if int(delta) < 0 and replay.step > start:
            replay.goto(start)  # back to the start of this round first
        elif int(delta) > 0 and current == len(replay.rounds):
            replay.goto(len(replay.actions))  # the last round's "next" is the end (it went back)
        else:
            replay.goto_round(current + int(delta))
        self.redraw()

    def action_goto(self, step: int) -> None:
        self.replay.goto(len(self.replay.actions) if int(step) < 0 else int(step))
        self.redraw()

    def action_jump(self) -> None:
        """Ask for a round number (``RoundDialog``) and jump to its start."""
        count = len(self.replay.rounds)
        word = round_word(self.replay)

        def done(answer: str | None) -> None:
            if answer is None:
                return
            try:
                number = int(answer)
            except ValueError:
                self.notify(f"Type a {word} number from 1 to {count}.", severity="warning")
                return
            if not 1 <= number <= count:
                self.notify(f"This game has {word}s 1 to {count}.", severity="warning")
                return
            self.replay.goto_round(number)
            self.redraw()

        self.app.push_screen(RoundDialog(self, f"{word.capitalize()} number, 1 to {count}:", str(self.replay.round_of())), done)

    def action_close(self) -> None:
        """``q`` or Esc: back to the shell for a replay started there (a fresh tester's Esc
        opened the game menu instead), else back to Past games or the game over screen."""
        if self.closes_app:
            self.app.exit()
        else:
            self.app.pop_screen()


class DigitsInput(Input):
    """An ``Input`` for a number: it claims only digit keys, so that the keys bound around it
    (letters, ``]``, space) reach their bindings (Textual lets a focused input take every
    printable key first)."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character.isdigit()


def _replay_keys(kept: tuple[str, ...]) -> list[Binding]:
    """The replay's keys (``ReplayControls.REPLAY_BINDINGS``, the log and the rules) but
    ``kept``, each bound to ``replay(<its action>)`` with priority (over the box's input)."""
    keys = [(b.key, b.action) for b in ReplayControls.REPLAY_BINDINGS]
    keys += [(b.key, b.action) for b in TableScreen.BINDINGS if b.action in ("toggle_log", "rules")]
    return [Binding(key, f"replay({action!r})", show=False, priority=True) for keyset, action in keys for key in keyset.split(",") if key not in kept]


class RoundDialog(InputDialog):
    """The replay's "Go to round" box: a round number (digits only; Enter goes there, Esc
    closes the box). The replay's keys in the key bar below it keep their meaning while it
    is open (the fresh tester: → and ] did nothing while it was open, q typed a letter):
    each closes the box and does on the replay what the key bar says (→ the next move, ]
    the next round, l the log, q closes the replay); Backspace edits the number."""

    BINDINGS = [*InputDialog.BINDINGS, *_replay_keys(("backspace", "escape", "g"))]

    def __init__(self, replay: TableScreen, prompt: str, value: str) -> None:
        super().__init__("Go to round", prompt, value, ok="Go", max_length=6)
        self.replay_screen = replay

    def make_input(self) -> Input:
        return DigitsInput(value=self.value, max_length=self.max_length, restrict=r"\d*", id="dialog-input")

    def action_replay(self, action: str) -> None:
        """Close the box, then run ``action`` (a replay binding's action) on the replay."""
        screen = self.replay_screen
        self.dismiss(None)
        screen.call_later(screen.run_action, action)


def replay_screen(replay: Replay) -> TableScreen:
    """The replay screen for ``replay``: the game's table screen with replay controls."""
    base = table_screen_for(replay.game.id)
    css = [base.CSS_PATH] if isinstance(base.CSS_PATH, (str, Path)) else list(base.CSS_PATH or [])
    # the game module's name, so the screen's relative CSS_PATH still resolves beside it
    cls = type(
        f"Replay{base.__name__}",
        (ReplayControls, base),
        {"__module__": base.__module__, "BINDINGS": ReplayControls.REPLAY_BINDINGS, "CSS_PATH": [*css, Path(__file__).with_name("replay.tcss")]},
    )
    return cls(ReplaySession(replay))  # type: ignore[arg-type]
