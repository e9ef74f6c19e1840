"""Combat Cards' played piles and cards as a fresh tester found them at 120×40 and 80×24: a
player's box said "Played · 1 card" and the pile's values ("│ 7│ 7 │"), never the top
card's name, although ruling 12 makes it public and the rules promise "its count and top
card in words"; with ten cards played the pile showed only borders ("╭╭╭╭╭╭╭╭╭╭────╮"); a
hand card's band ran into its corner ("╰─light green╯"); the tiles of the warbands on the
table were 12 cells wide in one box and 15 in the next."""

from __future__ import annotations

import re

import pytest
from test_layout_sizes import _region_text, random_walk

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.combat_cards import CombatCardsTable, HandCard
from cardtable.ui.testing import screen_lines, settled_lines

NAMES = ("Ann", "Bob", "Cyd", "Dee", "Eve", "Fay")


@pytest.mark.parametrize("players", [2, 3, 6])
async def test_every_played_piles_top_card_is_named_at_120x40(players):
    """Every box with cards played names the top card of its pile whole (beside the hand,
    or in the box's foot where that has no room), and its pile's covered cards show their
    values (never a cell of border each)."""
    app = make_app(StartRequest(game="combat-cards", players=NAMES[:players], seed=5))
    seen = {"named": 0, "long": 0}

    def check(screen) -> None:
        assert screen.has_class("-roomy")
        view = screen.session.view()
        lines = screen_lines(app)
        for seat in range(players):
            played = [c.face for c in view.zone(f"out:{seat}").cards if c is not None and c.face is not None]
            box = "\n".join(_region_text(lines, screen.query_one(f"#cc-band-{seat}").region))
            assert "╭╭" not in box, box
            if played:
                top = played[-1]
                assert re.search(rf"\b{top.value} {re.escape(top.name)}(\s|$)", box, re.M), (top.value, top.name, box)
                seen["named"] += 1
                seen["long"] += len(played) >= 10

    async with app.run_test(size=(120, 40)) as pilot:
        await random_walk(app, pilot, check, moves=12 * players, settle=True)
    assert seen["named"], seen
    if players == 2:
        assert seen["long"], seen  # a pile of ten cards or more was checked


async def test_a_hand_cards_band_keeps_a_line_cell_before_the_corner():
    """At 80×24 (cards 14 cells wide) "light green" fills the bottom border but for one
    cell: the name starts at the corner and a line cell is left before the other."""
    app = make_app(StartRequest(game="combat-cards", players=("Ann", "Bob"), seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):  # Ann takes the device
            await pilot.pause()
            if isinstance(app.screen, CombatCardsTable) and app.screen.building() is not None:
                break
            await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, CombatCardsTable) and screen.building() is not None
        await settled_lines(app, pilot)  # the table's own drawing done first: it would draw Ann's real hand over ours
        lights = [c for c in screen.cardset.cards if c.colour == "light green"]
        cards = list(screen.query(HandCard))
        for i, card in enumerate(cards):
            card.show(lights[i % len(lights)], chosen=i % 2 == 1)
        lines = await settled_lines(app, pilot)
        for card in cards:
            bottom = _region_text(lines, card.region)[-1]
            assert "light green" in bottom, bottom
            assert bottom.endswith(("─╯", "━┛")), bottom


async def test_the_warbands_on_the_table_share_one_tile_width_at_120x40():
    """Every warband laid on the table is drawn in tiles of one width (a fanned one too)."""
    app = make_app(StartRequest(game="combat-cards", players=NAMES[:3], seed=5))
    seen = 0

    def check(screen) -> None:
        nonlocal seen
        lines = screen_lines(app)
        widths = set()
        for seat in range(3):
            fan = screen.query_one(f"#cc-fan-{seat}")
            if not screen.session.view().zone(f"warband:{seat}").count:
                continue
            tops = next((row for row in _region_text(lines, fan.region) if "╭" in row), "")
            widths |= {len(m) for m in re.findall(r"╭─+╮", tops)}
        if len(widths) > 0:
            seen += 1
        assert len(widths) <= 1, widths

    async with app.run_test(size=(120, 40)) as pilot:
        await random_walk(app, pilot, check, moves=24, settle=True)
    assert seen
