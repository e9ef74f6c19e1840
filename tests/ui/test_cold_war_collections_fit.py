"""Cold War's collections beside the log (fresh tester, h142): at 80×24 with the log open
the slim layout's one collections line read "Collected Comput…" when a seat was a computer
player ("Computer 1"). Two long names now take a line each under the label, whole; the
compact and roomy layouts (the log shut, 120×40) keep them whole too."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.cold_war import slim_side_text
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_lines, settled_lines
from test_layout_sizes import random_walk  # tests/ui is on the path

NAMES = [("Computer 1", "Bob"), ("Computer 1", "Computer 2"), ("Ann", "Computer 2")]


@pytest.mark.parametrize("players", NAMES, ids=lambda p: "-".join(p))
def test_the_slim_collections_keep_both_names_whole_in_36_cells(players):
    text = slim_side_text(players, 30, "higher", [12, 9], ["10♥", "K♣"], 36, breaches=1)
    lines = text.plain.split("\n")
    assert all(cell_len(line) <= 36 for line in lines), lines
    assert "…" not in text.plain
    collected = [line for line in lines if players[0] in line or players[1] in line]
    assert collected and collected[0].startswith("Collected")
    assert all(players[seat] in text.plain for seat in (0, 1))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", NAMES[:2], ids=lambda p: "-".join(p))
async def test_the_collections_beside_the_log_are_whole(size, players):
    app = make_app(StartRequest(game="cold-war", players=players, seed=5))
    async with app.run_test(size=size) as pilot:
        await random_walk(app, pilot, lambda screen: None, moves=14)
        while not isinstance(app.screen, TableScreen):
            await pilot.press("enter")
            await pilot.pause()
        screen = app.screen
        assert sum(screen.session.game.view(0)["collected"]) > 0, "a collection has cards"
        await pilot.pause(0.6)  # past the guard against keys pressed too soon
        await pilot.press("l")
        lines = await settled_lines(app, pilot)
        assert screen.query_one("#log").display
        if size == (80, 24):  # the slim layout: the collections are lines under the cards
            side = screen.query_one("#cw-slim-side")
            assert side.display and side.region.bottom <= screen.query_one("#decision").region.y
        else:  # the roomy layout: a fanned collection in a box of each player's
            side = screen.query_one("#cw-bottom")
        rows = "\n".join(lines[y][side.region.x : side.region.right] for y in range(side.region.y, side.region.bottom))
        assert "…" not in rows and all(name in rows for name in players), rows


async def test_the_coin_stays_whole_beside_the_log_at_120x40():
    """At 120×40 with the log open (the snug layout) the captions "Computer 2's left" and
    "Computer 2's right" widened the row of cards so far that the side column was cut:
    "( · )  no bet y". Such captions give way to "left hand" and "right hand"."""
    app = make_app(StartRequest(game="cold-war", players=NAMES[1], seed=5))
    async with app.run_test(size=(120, 40)) as pilot:
        await random_walk(app, pilot, lambda screen: None, moves=14)
        while not isinstance(app.screen, TableScreen):
            await pilot.press("enter")
            await pilot.pause()
        screen = app.screen
        await pilot.pause(0.6)
        await pilot.press("l")
        lines = await settled_lines(app, pilot)
        assert screen.layout_name() == "snug"
        body, side = screen.query_one("#table-body"), screen.query_one("#cw-side")
        assert side.region.right <= body.content_region.right, (side.region, body.content_region)
        coin = screen.query_one("#cw-coin").region
        assert lines[coin.y][coin.x : coin.right].strip() in ("( · )  no bet yet", "( H )  ▲ HIGHER", "( T )  ▼ LOWER")


def test_a_roomy_collection_caption_keeps_to_one_line():
    """A fresh tester at 120×40: "Computer 2's collection · 10 (top 6)" broke over two lines
    ("… · 10 (top" / "6)") in its box and pushed the cards down. The caption drops "(top 6)",
    then "'s collection", to keep to the width it has."""
    from cardtable.ui.games.cold_war import collection_caption

    assert collection_caption("Computer 2", 10, 6, 40).plain == "Computer 2's collection · 10 (top 6)"
    assert collection_caption("Computer 2", 10, 6, 35).plain == "Computer 2's collection · 10"
    assert collection_caption("Computer 2", 10, 6, 20).plain == "Computer 2 · 10"
    assert collection_caption("Ann", 3, 3, 40).plain == "Ann's collection · 3"


@pytest.mark.parametrize("size", [(120, 40), (160, 48), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_roomy_collection_box_is_as_tall_as_its_cards(size):
    """Issue 14, a fresh tester at 160×48: the boxes of the collections stood 21 rows tall,
    their cards stretched to 17 rows, taller than every other card of the table. Each box
    is now as tall as its caption and its cards (no blank row inside its borders), and its
    cards at most a line taller than the hands' (13 rows a box, as at 120×40, where nothing
    changed); the last moves beside them keep the rows of the foot."""
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=5))
    async with app.run_test(size=size) as pilot:
        await random_walk(app, pilot, lambda screen: None, moves=14)
        while not isinstance(app.screen, TableScreen):
            await pilot.press("enter")
            await pilot.pause()
        lines = await settled_lines(app, pilot)
        screen = app.screen
        assert sum(screen.session.game.view(0)["collected"]) > 0, "a collection has cards"
        hand = screen.query_one("#cw-left-card").region.height
        foot = screen.query_one("#cw-bottom").region
        for seat in (0, 1):
            box = screen.query_one(f"#cw-coll-{seat}").region
            inner = [lines[y][box.x + 1 : box.right - 1] for y in range(box.y + 1, box.bottom - 1)]
            assert inner and inner[-1].strip(), "\n".join(lines[box.y : box.bottom])  # no blank row inside
            assert box.height <= hand + 1 + 1 + 2, (box, hand)  # the caption, a line more than a hand, the borders
            assert box.y == foot.y and box.bottom <= foot.bottom
        if size == (120, 40):
            assert [screen.query_one(f"#cw-coll-{seat}").region.height for seat in (0, 1)] == [13, 13]
        assert screen.query_one("#cw-moves").region.height == foot.height  # the last moves: the whole foot
