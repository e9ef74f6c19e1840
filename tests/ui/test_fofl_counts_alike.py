"""FOFL's two sides write their counts alike: a fresh tester read "hand 6 pile 34 discard 0"
under one side and "hand 5 · pile 35" under the other. The group of the two counts
(``FittedText.shared_forms``) shares only the forms that differ in words; the forms after
them broke the words over more lines but put the dot back, so a side one form narrower
than the other wrote its counts with dots beside one without."""

from __future__ import annotations

from textual.app import App, ComposeResult

from cardtable.ui.containers import Horizontal
from cardtable.ui.games.fofl import HEAD_WORDS, side_headers
from cardtable.ui.widgets import FittedText
from cardtable.ui import make_app
from test_fofl_look import first_turn  # tests/ui is on the path
from test_fofl_ui import fofl


def counts_line(text: str) -> str:
    """A side's counts (the lines before the one that says its Website is not in play), their
    words and dots without the numbers, one line ("hand · pile · discard"): the same words
    broken over more lines read alike."""
    lines = []
    for line in text.splitlines():
        if line.startswith(("FOFL", "ANFOFL")):
            break
        lines.append(line)
    return " ".join(word for word in " ".join(lines).split() if not word.isdigit())


class TwoSides(App[None]):
    """Two sides' counts side by side, ``widths`` cells each."""

    def __init__(self, widths: tuple[int, int]) -> None:
        super().__init__()
        self.widths = widths

    def compose(self) -> ComposeResult:
        with Horizontal():
            for k, width in enumerate(self.widths):
                yield FittedText(unwrapped=True, id=f"side-{k}", classes="side")

    def on_mount(self) -> None:
        for k, width in enumerate(self.widths):
            self.query_one(f"#side-{k}").styles.width = width


async def test_the_two_sides_counts_are_written_alike_at_every_width():
    game_app = make_app(fofl(7))
    async with game_app.run_test(size=(120, 40)) as pilot:
        screen, game = await first_turn(pilot)
        view = screen.session.view()
        forms = [side_headers(view, seat, game.cardset) for seat in (0, 1)]
    differ = []
    for wide in range(14, 40, 2):
        for narrow in range(14, wide + 1, 2):
            app = TwoSides((wide, narrow))
            async with app.run_test(size=(100, 12)) as pilot:
                sides = [app.query_one(f"#side-{k}", FittedText) for k in (0, 1)]
                for side, side_forms in zip(sides, forms):
                    side.group, side.shared_forms = sides, HEAD_WORDS
                    side.show(side_forms)
                await pilot.pause()
                await pilot.pause()
                lines = [counts_line(side.chosen().plain) for side in sides]
                if lines[0] != lines[1]:
                    differ.append(f"{wide}/{narrow}: {lines[0]!r} beside {lines[1]!r}")
    assert not differ, "\n".join(differ)
