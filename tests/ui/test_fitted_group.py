"""``FittedText`` widgets in a ``group`` (FOFL's two sides' counts) share the rank of their
form among the first ``shared_forms`` only: a fresh tester at 120×40 read "FOFL not" /
"in play:" / "cannot be hit" broken over three lines in a side 58 cells wide, because the
other side's counts, beside its card backs, had room only for that form."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from cardtable.ui.containers import Horizontal
from cardtable.ui.widgets import FittedText

FORMS = [
    Text("hand 5 · pile 28 · discard 2\nFOFL not in play: cannot be hit"),
    Text("hand 5 pile 28 discard 2\nFOFL not in play:\ncannot be hit"),
    Text("hand 5 pile 28\ndiscard 2\nFOFL not\nin play:\ncannot be hit"),
]


class TwoSides(App[None]):
    CSS = "#wide { width: 58; } #narrow { width: 16; }"

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield FittedText(unwrapped=True, id="wide")
            yield FittedText(unwrapped=True, id="narrow")


async def test_a_group_shares_the_words_and_each_breaks_its_lines_for_its_own_width():
    app = TwoSides()
    async with app.run_test(size=(100, 12)) as pilot:
        sides = [app.query_one("#wide", FittedText), app.query_one("#narrow", FittedText)]
        for side in sides:
            side.group, side.shared_forms = sides, 2
            side.show(FORMS)
        await pilot.pause()
        await pilot.pause()
        wide, narrow = (side.chosen().plain for side in sides)
        assert narrow == FORMS[2].plain  # "FOFL not in play:" is 17 cells
        assert wide == FORMS[1].plain, wide  # the narrow side's counts' words, its own line breaks
