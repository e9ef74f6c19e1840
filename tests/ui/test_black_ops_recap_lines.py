"""Black Ops at 80×24, issue 14: in the Care Package window the line under the hand (the
reveal's recap and the newest play) broke "…on Ann:" over "3.": Rich wraps a Text by its
own rule (a no-break space included), so the compact layout writes the lines itself and
keeps a player's name and the number after it on one line."""

from __future__ import annotations

from rich.text import Text

from cardtable.ui.games.black_ops import BlackOpsTable, fit_lines
from cardtable.ui.recent import cell_wrap
from cardtable.ui.testing import settled_lines
# tests/ui is on the path; _fast: the autouse fixture (a home of its own, no input grace or guard)
from test_black_ops_options_room import _fast  # noqa: F401
from test_black_ops_ui import FOUR, _to_window, start


async def test_a_name_and_its_number_stay_on_one_line_of_the_recap():
    app = start(FOUR)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_window()(pilot)
        screen = app.screen
        assert isinstance(screen, BlackOpsTable) and not screen.roomy_table()
        game = screen.session.game
        recap = screen.session.view().info["recap"]
        assert recap
        # a play whose words, wrapped as the line is (78 cells), would end a line at "Ann:"
        inner = screen._area_width() - 2
        for pad in range(1, 80):
            last = "Bob played Concussion on Ann: 3.".replace("Concussion", "Concussion" + "!" * pad)
            rows = cell_wrap(f"{recap}  ·  {last}", inner)
            if len(rows) == 2 and rows[1] == "3.":
                break
        else:
            raise AssertionError("no padding puts the number alone")
        game.last = last
        game.invalidate()
        screen.redraw()
        lines = await settled_lines(app, pilot)
        text = "\n".join(lines)
        assert any(line.strip().startswith("Ann: 3.") or "on Ann: 3." in line for line in lines), text
        assert not any(line.strip() == "3." for line in lines), text


def test_fit_lines_writes_its_own_lines():
    """The chosen form comes back with a line end wherever ``cell_wrap`` breaks it, its
    styles kept, so nothing is left to Rich's wrapping."""
    form = Text.assemble(("Ann +1 (match)", "bold"), "  ·  Bob played Nova Gas on Cat: 5.")
    out = fit_lines([form], 30, 3)
    assert out.plain.split("\n") == cell_wrap(form.plain, 30)
    assert out.spans and out.spans[0].style == "bold" and out.plain[: out.spans[0].end] == "Ann +1 (match)"

