"""FOFL facing (from ``DETAIL_SIZE``): the other player's hand, fanned as card backs beside
the two piles in the side's counts column, ran past the side's border with 9 cards at
200×60 (a fresh tester: "╭╭╭╭╭╭╭╭╭──── │", no closing corner). At most ``FACING_BACKS``
backs are fanned there; the count is in words beside them."""

from __future__ import annotations

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.fofl import FoflTable
from cardtable.ui.testing import settled_lines, until


async def _facing(pilot) -> tuple[FoflTable, int]:
    """The table of a new game at 200×60 after the first hand-over, and the other seat."""
    app = pilot.app
    await pilot.pause(0.3)
    await pilot.press("enter")
    assert await until(pilot, lambda: isinstance(app.screen, FoflTable))
    return app.screen, 1 - app.screen.session.viewer


async def test_a_big_hand_fanned_facing_stays_inside_its_side(cardtable_home):
    app = make_app(StartRequest(game="fofl", players=("Ann", "Bob"), seed=2))
    async with app.run_test(size=(200, 60)) as pilot:
        screen, other = await _facing(pilot)
        game = screen.session.game
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


async def test_the_backs_keep_their_top_card_whole_beside_a_wide_discard_pile(cardtable_home):
    """A discard pile whose top card has a long name is drawn wider (the name whole), which
    left the card backs 10 cells: the fan's top card showed 3 of its 6 cells ("╭╭╭╭╭╭╭╭──",
    a fresh tester's 200×60 table). The fan now holds only the backs its room has."""
    app = make_app(StartRequest(game="fofl", players=("Ann", "Bob"), seed=2))
    async with app.run_test(size=(200, 60)) as pilot:
        screen, other = await _facing(pilot)
        game = screen.session.game
        draw = game.zones[f"draw:{other}"]
        for card in draw.take_top(4):  # the other hand grows to 10
            game.zones[f"hand:{other}"].add(card)
        longest = max(range(len(draw.cards)), key=lambda i: len(draw.cards[i].defn.name))
        assert len(draw.cards[longest].defn.name) >= 15
        game.zones[f"discard:{other}"].add(draw.take(longest), up=True)
        screen.redraw()
        lines = await settled_lines(app, pilot)
        tops = [line for line in lines if "╭──────────╮  ╭─" in line]  # the two piles' top edges
        assert len(tops) == 1, "\n".join(lines)
        discard = tops[0].split("╭──────────╮  ", 1)[1]
        assert discard.index("╮") + 1 > 12, f"the discard pile is no wider than the draw pile:\n{tops[0]}"
        stacks = [line for line in lines if "╭╭" in line]
        assert len(stacks) == 1, "\n".join(lines)
        assert stacks[0].rstrip().endswith("╭────╮ │"), f"the top card of the backs is cut:\n{stacks[0]}"
