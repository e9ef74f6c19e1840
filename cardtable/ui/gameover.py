"""The game-over screen: the result, the final scores, play again or back to the menu."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen

from cardtable.engine.session import Session
from cardtable.ui.widgets import Footer, Static

__all__ = ["GameOverScreen"]


class GameOverScreen(Screen[None]):
    """Shows ``session.game.outcome()``; ``a`` plays again with the same players, ``s`` deals
    the same seed again, ``m``/Esc returns to the menu."""

    CSS_PATH = "gameover.tcss"
    BINDINGS = [
        Binding("a", "again", "Play again (same players)"),
        Binding("s", "same_seed", "Same deal again"),
        Binding("l", "toggle_log", "Log"),
        Binding("v", "replay", "Replay face up", show=False),  # in the README; the footer is full
        Binding("m,escape", "menu", "Menu"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        game = self.session.game
        outcome = game.outcome()
        with VerticalScroll(id="over-box"):
            yield Static(f"{game.title} — game over", id="over-title")
            if outcome is None:
                yield Static("The game ended without a result.")
            else:
                yield Static(outcome.summary, id="over-summary", markup=False)
                table = Table(box=None, padding=(0, 2), show_edge=False)
                table.add_column("Player")
                table.add_column(outcome.score_label, justify="right")
                table.add_column("")
                for seat in outcome.ranking():
                    score = outcome.scores[seat]
                    won = seat in outcome.winners
                    mark = ("shares the win" if len(outcome.winners) > 1 else "wins") if won else ""
                    table.add_row(Text(game.players[seat], style="bold" if won else ""), "" if score is None else str(score), mark)
                yield Static(table, id="over-scores")
                if outcome.details:
                    yield Static("\n".join(outcome.details), id="over-details", classes="muted", markup=False)
                if self.session.stats is not None:
                    lines = []
                    for record in self.session.stats.records(game.id, list(game.players)):
                        best = "" if record.best is None else f", best {record.best:g}"
                        lines.append(f"{record.name}: {record.won} won of {record.played}{best}")
                    if lines:
                        yield Static("All-time " + game.title + ": " + " · ".join(lines), id="over-stats", classes="muted", markup=False)
            problems = [p for p in (self.session.save_problem, self.session.stats.problem if self.session.stats else None) if p]
            if problems:
                yield Static("\n".join(problems), id="over-problems", classes="error-line", markup=False)
            ending = [e.text for e in game.log.for_seat(None)[-4:]]
            if ending:
                yield Static("How it ended:\n" + "\n".join(f"· {line}" for line in ending), id="over-ending", markup=False)
            yield Static("a: play again with the same players · s: the same deal again · l: the whole log · m: menu", classes="muted", id="over-keys")
        with VerticalScroll(id="over-log"):
            log = Text()
            for entry in game.log.for_seat(None):
                log.append("· " + entry.text + "\n")
            yield Static(log)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#over-log").display = False
        self.query_one("#over-box").focus()  # the arrows scroll a result taller than the screen

    def action_toggle_log(self) -> None:
        log = self.query_one("#over-log")
        box = self.query_one("#over-box")
        log.display = not log.display
        box.display = not log.display
        if log.display:
            log.focus()
            log.scroll_end(animate=False)
        else:
            box.focus()

    def _restart(self, seed: int | None) -> None:
        game = self.session.game
        options = dict(game.setup.options)
        self.app.start_game(game.id, game.players, seed, options, replace=True)  # type: ignore[attr-defined]

    def action_again(self) -> None:
        self._restart(None)

    def action_same_seed(self) -> None:
        self._restart(self.session.game.seed)

    def action_replay(self) -> None:
        """Replay this finished game move by move, every card face up (``ui.replay``)."""
        if self.session.save is not None:
            self.app.open_replay(self.session.save.path)  # type: ignore[attr-defined]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay":
            return self.session.save is not None and self.session.game.decision() is None
        return True

    def action_menu(self) -> None:
        self.app.back_to_menu()  # type: ignore[attr-defined]
