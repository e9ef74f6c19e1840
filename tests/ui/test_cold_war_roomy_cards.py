"""Cold War's roomy tables measured on screen (issue 14): at 200×60 the chain of the last
reveal and each collection stayed small (21×11 and 21×8 cells) beside hands of 27×19, with
rows to spare. The cards are measured from the rendered screen (the top card's border),
with the gaps between the columns of the row of cards and the span of the table, over a
seeded random walk that starts with both collections holding cards."""

from __future__ import annotations

import pytest
from test_layout_sizes import MIN_COLUMNS, _region_text, content_box, random_walk

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.cold_war import CHAIN_CARD
from cardtable.ui.testing import screen_lines, settled_lines

CORNERS_TOP = "╭┌"
CORNERS_RIGHT = "╮┐"
CORNERS_BOTTOM = "╰└"


def top_card(rows: list[str]) -> tuple[int, int] | None:
    """The size (cells, lines) of the top (rightmost) card of a fan drawn in ``rows`` (a
    widget's rows, its caption first or not): from the last top-left corner of the first
    bordered row to its top-right corner, and down to the bottom border under that corner.
    ``None`` when no whole card is drawn (no top-right corner, or no bottom border: cut)."""
    for y, row in enumerate(rows):
        starts = [x for x, ch in enumerate(row) if ch in CORNERS_TOP]
        if not starts:
            continue
        left = starts[-1]
        right = next((x for x in range(left + 1, len(row)) if row[x] in CORNERS_RIGHT), None)
        if right is None:
            return None
        for bottom in range(y + 1, len(rows)):
            if len(rows[bottom]) > left and rows[bottom][left] in CORNERS_BOTTOM:
                return right - left + 1, bottom - y + 1
        return None
    return None


def _seeded_collections(screen) -> None:
    """Eight cards into Ann's collection and three into Bob's, from the draw pile."""
    game = screen.session.game
    draw = game.zones["draw"]
    for seat, count in ((0, 8), (1, 3)):
        for _ in range(count):
            game.zones[f"collection:{seat}"].add(draw.take(0))
    game.invalidate()
    screen.redraw()


ROW = ("cw-left-card", "cw-discard-card", "cw-right-card", "cw-draw-card")
"""The row of cards: the TARGET's hands, the discard pile, the draw pile."""


@pytest.mark.parametrize(
    "size, collection_least",
    [((120, 40), (13, 5)), ((200, 60), (23, 12))],
    ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v[0], int) and v[0] > 100 else None,
)
async def test_chain_and_collections_are_drawn_as_large_as_the_room_allows(size, collection_least):
    """At each roomy size: each collection's top card is at least ``collection_least``
    (cells, lines), drawn whole (both borders on screen); the chain's (the last reveal's)
    cards are the small ``CHAIN_CARD``, whole (h155: its last card, drawn 23×12 at 200×60,
    was the discard pile's top card a second time: the caption names the cards); the
    hands and the discard pile are at least as large as the chain's card; the
    columns of the row of cards stand at least two cells apart (at 200×60 alike within 8
    cells and at most a tenth of the width), what the row draws is centred within 8 cells, and the
    table's content spans ``MIN_COLUMNS`` of the width. A collection's cards are measured
    on screens whose decision panel is at most 9 rows (six options and the prompt: at
    120×40 a longer panel leaves its box fewer rows)."""
    app = make_app(StartRequest(game="cold-war", players=["Ann", "Bob"], seed=11))
    problems: list[str] = []
    seen = {"chain": 0, "collections": 0}

    def check(screen) -> None:
        lines = screen_lines(app)
        moves = screen.session.game.moves
        chain = screen.query_one("#cw-chain")
        if screen.session.view()["trail"]:
            got = top_card(_region_text(lines, chain.region))
            if got != CHAIN_CARD:
                problems.append(f"move {moves}: the chain's card is {got}, wants {CHAIN_CARD}")
            row = [top_card(_region_text(lines, screen.query_one(f"#{name}").region)) for name in ROW[:3]]
            if got is not None and any(card is None or card[1] < got[1] or card[0] < got[0] for card in row):
                problems.append(f"move {moves}: the row's cards {row} smaller than the chain's {got}")
            seen["chain"] += 1
        if screen.query_one("#decision").outer_size.height <= 9:
            for seat in (0, 1):
                box = screen.query_one(f"#cw-coll-{seat}")
                got = top_card(_region_text(lines, box.content_region))
                if got is None or got[0] < collection_least[0] or got[1] < collection_least[1]:
                    problems.append(f"move {moves}: collection {seat}'s card is {got}, wants at least {collection_least}")
            seen["collections"] += 1
        regions = [screen.query_one(f"#{name}").region for name in ROW]
        gaps = [b.x - a.right for a, b in zip(regions, regions[1:])]
        if min(gaps) < 2:
            problems.append(f"move {moves}: gaps {gaps} between the row's columns")
        if size == (200, 60) and (max(gaps) - min(gaps) > 8 or max(gaps) > size[0] // 10):
            problems.append(f"move {moves}: uneven gaps {gaps}")
        drawn = content_box(lines, screen.query_one("#cw-cards").region)  # the cards and their words
        left, right = drawn.x, size[0] - drawn.right
        if abs(left - right) > 8:
            problems.append(f"move {moves}: the row is not centred ({left} cells left, {right} right)")
        body = screen.query_one("#table-body").region
        box = content_box(lines, body)
        if box is None or box.width < MIN_COLUMNS * size[0]:
            problems.append(f"move {moves}: the table spans {box} of {size[0]} columns")

    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        _seeded_collections(app.screen)
        checked = await random_walk(app, pilot, check, moves=14, settle=True)
    assert checked >= 10
    assert seen["chain"] >= 3 and seen["collections"] >= 5, seen
    assert not problems, "\n".join(problems[:8])


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)], ids=lambda v: f"{v[0]}x{v[1]}")
async def test_the_last_reveal_does_not_draw_the_discard_pile_top_again(size):
    """h155: at 200×60 the "Last reveal" strip drew its last card (the K♦ on top of the
    discard pile, which the pile beside the hands already shows) a second time, 13 rows
    tall. The last reveal is a line of words and, on the roomy table, its cards small (their
    corners); on screen a card of more than three lines showing the discard pile's top
    corner is the discard pile's alone, and the reveal's words are whole (its result
    last, no "…") at every size."""
    from cardtable.ui.games.cold_war import trail_result

    app = make_app(StartRequest(game="cold-war", players=["Ann", "Bob"], seed=11))
    seen = 0

    def check(screen) -> None:
        nonlocal seen
        view = screen.session.view()
        if not view["trail"]:
            return
        lines = screen_lines(app)
        top = view["trail"][-1]
        large = 0
        for y, row in enumerate(lines):  # a card's corner row, with at least three rows under it
            for x in [i for i, ch in enumerate(row) if ch == "│"]:
                if row[x + 1 : x + 1 + len(top)] == top and y >= 1 and y + 4 < len(lines):
                    if len(lines[y + 4]) > x and lines[y + 4][x] == "│":  # the card goes on below
                        large += 1
        assert large <= 1, (top, "\n".join(lines))
        words = screen.query_one("#cw-chain" if screen.roomy else "#cw-trail")
        rows = _region_text(lines, words.region)
        said = " ".join(" ".join(rows[:1] if screen.roomy else rows).split())
        result = trail_result(view["trail"], view["last"])
        assert "…" not in said and said.endswith(result), (said, result)
        seen += 1

    async with app.run_test(size=size) as pilot:
        await random_walk(app, pilot, check, moves=14, settle=True)
    assert seen >= 5, seen


@pytest.mark.parametrize("size", [(120, 40), (200, 60)], ids=["120x40", "200x60"])
async def test_the_hands_and_the_discard_pile_stand_in_line(size):
    """A fresh tester at 120×40: the discard pile's card stood a row above the two hands
    (the compact layout's step, where the discard pile's card is the taller). In the roomy
    layouts the cards are as tall, and their tops are in line."""
    app = make_app(StartRequest(game="cold-war", players=["Ann", "Bob"], seed=11))
    async with app.run_test(size=size) as pilot:
        for _ in range(6):
            await pilot.pause(0.2)
            if app.screen.query("#cw-left-card"):
                break
            await pilot.press("enter")
        await settled_lines(app, pilot)
        screen = app.screen
        assert screen.has_class("-roomy")
        tops = {name: screen.query_one(f"#{name}").region.y for name in ("cw-left-card", "cw-discard-card", "cw-right-card")}
        assert len(set(tops.values())) == 1, tops


@pytest.mark.parametrize("size", [(120, 40), (200, 60)], ids=["120x40", "200x60"])
async def test_the_last_reveals_small_cards_are_centred_under_their_caption(size):
    """A fresh tester: where the "Last reveal" cards are drawn small (``CHAIN_CARD``, every
    roomy size) they sat at the left end of their box, under the start of a caption three
    times as wide. The cards' middle is now the caption's, within a cell, and the box stays
    centred on the table."""
    app = make_app(StartRequest(game="cold-war", players=["Ann", "Bob"], seed=11))
    problems: list[str] = []
    seen = 0

    def middle(row: str) -> float:
        left = len(row) - len(row.lstrip())
        return (left + len(row.rstrip())) / 2

    def check(screen) -> None:
        nonlocal seen
        if not screen.session.view()["trail"]:
            return
        chain = screen.query_one("#cw-chain").region
        rows = _region_text(screen_lines(app), chain)
        caption, cards = rows[0], [row for row in rows[1:] if row.strip()]
        if not cards:
            problems.append(f"move {screen.session.game.moves}: no cards under {caption.strip()!r}")
            return
        if abs(middle(caption) - middle(cards[0])) > 1:
            problems.append(f"move {screen.session.game.moves}: cards at {middle(cards[0])}, caption at {middle(caption)}:\n" + "\n".join(rows))
        if abs((chain.x + chain.right) / 2 - size[0] / 2) > 2:
            problems.append(f"move {screen.session.game.moves}: the reveal's box {chain} is off the table's middle")
        seen += 1

    async with app.run_test(size=size) as pilot:
        await random_walk(app, pilot, check, moves=14, settle=True)
    assert seen >= 3, seen
    assert not problems, "\n".join(problems[:4])
