"""FOFL facing (from ``DETAIL_SIZE``): the other player's hand, fanned as card backs beside
the two piles in the side's counts column, ran past the side's border with 9 cards at
200×60 (a fresh tester: "╭╭╭╭╭╭╭╭╭──── │", no closing corner). At most ``FACING_BACKS``
backs are fanned there; the count is in words beside them."""

from __future__ import annotations

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.fofl import FoflTable
from cardtable.ui.testing import settled_lines, until


async def test_a_big_hand_fanned_facing_stays_inside_its_side(cardtable_home):
    app = make_app(StartRequest(game="fofl", players=("Ann", "Bob"), seed=2))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause(0.3)
        await pilot.press("enter")
        assert await until(pilot, lambda: isinstance(app.screen, FoflTable))
        screen = app.screen
        game = screen.session.game
        other = 1 - screen.session.viewer
        for card in game.zones[f"draw:{other}"].take_top(6):  # the other hand grows to 12
            game.zones[f"hand:{other}"].add(card)
        screen.redraw()
        lines = await settled_lines(app, pilot)
        assert screen.has_class("-facing")
        stacks = [line for line in lines if "╭╭╭" in line]
        assert stacks, "\n".join(lines)
        for line in stacks:
            tail = line.rstrip()
            assert tail.endswith("╮ │") or tail.endswith("╮│"), f"the backs run past the border:\n{line}"
