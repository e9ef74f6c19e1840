"""One random walk, every check (issue 13 item 8: the suite's time).

Several test files walk the same game, with the same players, at the same size, each for its
own checks of the table screens (``test_public_names``: the cards' names whole;
``test_layout_sizes``: nothing cut, the room used; ``test_cards_look`` and ``test_fofl_look``:
tiles and hidden faces). Drawing a table is what costs (0.4 s of CPU a FOFL move at 120×40),
so such walks are combined: one walk per (game, players, size) runs the checks of every file
at every table screen it visits, and visits at least as many as the longest walk it took
over.

A check is a named function ``check(position) -> problems``: it returns the problems it finds
(strings, or ``None`` for none) or fails an ``assert``. ``Checks`` runs them all on each
position and keeps every failure under its check's name and the move, so a failing test says
which check failed and where, and one check's failure does not hide another's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cached_property

from cardtable.ui.testing import screen_lines


class Position:
    """One table screen of a walk, as its checks see it: ``app``, ``screen`` (a
    ``TableScreen``), ``size`` ``(columns, rows)``, and ``lines``, the rendered screen
    (``screen_lines``) read once for all the checks of this position."""

    def __init__(self, app, screen, size: tuple[int, int]) -> None:
        self.app = app
        self.screen = screen
        self.size = size

    @cached_property
    def lines(self) -> list[str]:
        """The screen's rows as text (``screen_lines``), read on first use."""
        return screen_lines(self.app)

    @property
    def text(self) -> str:
        """``lines`` joined by newlines."""
        return "\n".join(self.lines)

    @property
    def moves(self) -> int:
        """The number of moves played so far in this position's game."""
        return self.screen.session.game.moves


Check = Callable[[Position], Iterable[str] | None]
"""A named check of one position: the problems found, or ``None``; it may also ``assert``."""


class Checks:
    """Runs ``checks`` on every position of a walk of ``app`` at ``size`` and keeps their
    failures, each as ``"<check's name>, move N: <problem>"``.

    ``run(screen)`` checks one table screen; ``positions`` counts the screens checked;
    ``assert_clean()`` fails (``AssertionError``) with the first failures of each check when
    any check failed anywhere."""

    def __init__(self, app, size: tuple[int, int], checks: Iterable[Check]) -> None:
        self.app = app
        self.size = size
        self.checks = list(checks)
        self.positions = 0
        self.failures: dict[str, list[str]] = {}

    def run(self, screen, position: Position | None = None) -> Position:
        """Run every check on ``screen`` (the table screen now shown) and return its
        ``Position`` (``position``: one already read by another ``Checks`` of the walk)."""
        if position is None or position.screen is not screen:
            position = Position(self.app, screen, self.size)
        self.positions += 1
        for check in self.checks:
            try:
                problems = list(check(position) or ())
            except AssertionError as error:
                problems = [str(error) or "assertion failed"]
            for problem in problems:
                self.failures.setdefault(check.__name__, []).append(f"{check.__name__}, move {position.moves}: {problem}")
        return position

    def assert_clean(self, per_check: int = 4) -> None:
        """Fail with up to ``per_check`` failures of each failing check, if there are any."""
        if self.failures:
            names = ", ".join(f"{name} ({len(found)})" for name, found in self.failures.items())
            shown = [line for found in self.failures.values() for line in found[:per_check]]
            raise AssertionError(f"checks failed: {names}\n" + "\n".join(shown))
