"""Bloops' roomy table with one area grown by wrong claims (issue 14: nothing the rules make
public may be hidden). The fresh tester, four people hot-seat, Ann's area grown to 22
positions: at 120×40 her box grew so tall that the foot was cut to two lines and the discard
pile's top card, the very card the counter-discard window asks players to match, could not
be seen, and the options scrolled; at 160×48 and 200×60 the face-down cards were drawn two
lines tall, Dan's box stood alone on a second row, and at 160×48 the option list still hid
"Nobody claims: Ann calls BLOOPS!"."""

from __future__ import annotations

import pytest
from bloops_growth import grown_game, push_table

from cardtable.games.bloops import Bloops, card_text
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.bloops import BloopsTable
from cardtable.ui.testing import settled_lines

NAMES = ("Ann", "Bob", "Cat", "Dan")


def _grown_area_window(least: int = 22) -> Bloops:
    """A four-player hot-seat game in which Ann (seat 0) has claimed wrongly until her area
    holds at least ``least`` positions, in a counter-discard window (a claim for everyone,
    the pass and the BLOOPS! call)."""
    return grown_game(NAMES, least, lambda game, decision: decision.kind == "window" and len(decision.actions) == len(NAMES) + 2)


@pytest.mark.parametrize("size", [(120, 40), (160, 48), (200, 60)])
async def test_a_grown_area_leaves_the_discard_and_every_window_option_on_screen(size):
    game = _grown_area_window()
    decision = game.decision()
    top = game.view(None).zone("discard").top
    app = make_app(StartRequest())
    async with app.run_test(size=size) as pilot:
        table = await push_table(app, pilot, game)
        assert isinstance(table, BloopsTable) and table.has_class("-roomy")
        lines = await settled_lines(app, pilot)
        screen = "\n".join(lines)
        foot = table.query_one("#bl-bottom").region
        panel = table.query_one("#decision").region
        # (a) the discard pile's top card whole, above the decision panel
        assert foot.bottom <= panel.y, f"the foot runs under the panel:\n{screen}"
        assert lines[foot.bottom - 1].lstrip().startswith("╰"), f"the foot is cut:\n{screen}"
        discard = table.query_one("#bl-discard").region
        card = [line[discard.x : discard.right] for line in lines[discard.y + 1 : discard.bottom]]
        assert card and "╭" in card[0] and "╰" in card[-1], f"the discard pile's card is cut:\n{screen}"
        assert any(card_text(top.face) in line for line in card), f"no {card_text(top.face)!r} on the discard pile:\n{screen}"
        # (b) every option of the window, without scrolling
        for action in decision.actions:
            assert action.label in screen, f"{action.label!r} is below the fold:\n{screen}"
        assert "more below" not in screen, screen
        # (c) no area's box is cut: each ends in its bottom border above the foot
        for seat in range(len(NAMES)):
            box = table.query_one(f"#bl-area-{seat}").region
            assert box.bottom <= foot.y, f"{NAMES[seat]}'s box runs into the foot:\n{screen}"
            assert lines[box.bottom - 1][box.x] == "╰", f"{NAMES[seat]}'s box is cut:\n{screen}"
            assert box.height == table.query_one(f"#bl-area-{seat}").get_content_height(None, None, 0) + 2, f"{NAMES[seat]}'s box is cut:\n{screen}"
        # (d) from 160×48 the face-down cards keep three lines (the tester saw "╰▒▒▒▒╯")
        if size[0] >= 160:
            assert "╰▒" not in screen, f"two-line cards with room for more:\n{screen}"
