"""Issue 14: the roomy FOFL table draws its sides in the fullest form that shows every card
in play, worked out from counted rows in one pass (``FoflTable._plan``), and steps back up
when cards leave play or the screen grows. A fresh tester resumed a game (about 20 cards a
side) at 200×60 and saw every card as a line tile beside ~20 empty rows: the table had been
made less full one measured step at a time, on timers, and never fuller again."""

from __future__ import annotations

import random

from cardtable.ui import make_app
from cardtable.ui.games.fofl import CardTile
from cardtable.ui.testing import settled_lines
from test_fofl_look import first_turn  # tests/ui is on the path
from test_fofl_many_in_play import assert_all_in_sight, lay_out
from test_fofl_ui import fofl

MANY = 20
"""Cards a side, the seeded table of ``test_fofl_many_in_play`` (seed ``20 * 1000 + 200``)."""


def line_cards(screen) -> list[str]:
    """The cards of the sides drawn as a line tile of their own (not inside another tile)."""
    return [t.body.plain for k in (0, 1) for t in screen.query_one(f"#fofl-grid-{k}").children
            if isinstance(t, CardTile) and t.zone is not None and t.has_class("-line")]


def assert_tiles_in_sight(screen, lines: list[str], names: dict[int, list[str]], what: str) -> None:
    """Every card in sight, whole (``assert_all_in_sight``), each a compact tile or fuller:
    no card of a side drawn as a line tile of its own."""
    assert_all_in_sight(screen, lines, names, what)
    assert screen._drawn_crowding < screen.LEAST_FULL[screen.detailed], f"{what}: line tiles\n" + "\n".join(lines)
    assert not line_cards(screen), f"{what}: {line_cards(screen)}\n" + "\n".join(lines)


async def laid_out(pilot, seed: int, count: int = MANY):
    """Ann's first turn (``first_turn``) with ``count`` cards a side put into play
    (``lay_out``, ``random.Random(seed)``) and the table drawn again: (screen, game, names
    by seat)."""
    screen, game = await first_turn(pilot)
    rng = random.Random(seed)
    names = {seat: lay_out(game, seat, count, rng) for seat in (0, 1)}
    game.invalidate()
    screen.redraw()
    return screen, game, names


async def test_200x60_with_20_a_side_is_drawn_in_tiles_in_one_pass(cardtable_home):
    """Fresh at 200×60: the first paint after the cards come into play is already the form
    that shows them all (no step less full on a timer after it), in tiles, nothing scrolls."""
    app = make_app(fofl(7))
    async with app.run_test(size=(200, 60)) as pilot:
        screen, game, names = await laid_out(pilot, MANY * 1000 + 200)
        for _ in range(3):  # refreshes, no timer: the layout and the rows shared once laid out
            await pilot.pause()
        lines = (await settled_lines(app, pilot, timeout=0.3))  # what the first paints show
        assert_tiles_in_sight(screen, lines, names, "200×60 drawn")
        lines = await settled_lines(app, pilot)
        assert_tiles_in_sight(screen, lines, names, "200×60 settled")


async def test_the_table_steps_back_up_as_the_screen_grows_and_cards_leave(cardtable_home):
    """The cards laid out at 80×24 (the compact boards, 20 a side), the screen then 200×60, as
    a game saved at 80×24 and resumed there: tiles, not line tiles, nothing scrolling; down to
    120×40 (line tiles) and up again; then with all but two People gone, full tiles."""
    app = make_app(fofl(7))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game, names = await laid_out(pilot, MANY * 1000 + 200)
        await settled_lines(app, pilot)
        for size in ((200, 60), (120, 40), (200, 60)):
            await pilot.resize_terminal(*size)
            lines = await settled_lines(app, pilot)
            if size == (200, 60):
                assert_tiles_in_sight(screen, lines, names, f"{size}")
            else:  # (this seed needs one row more than 120×40 has even in line tiles)
                assert screen._drawn_crowding == screen.LEAST_FULL[False], "\n".join(lines)
        assert screen._drawn_crowding > 0, "20 a side at 200×60 fit in full tiles: this test needs a fuller table"
        for seat in (0, 1):  # all but two People leave play
            for part in ("crew", "craft", "items", "places", "people"):
                for card in list(game.zones[f"{part}:{seat}"])[2 if part == "people" else 0:]:
                    game.put(card, f"discard:{seat}")
        game.invalidate()
        screen.redraw()
        lines = await settled_lines(app, pilot)
        assert screen._drawn_crowding == 0 and not screen.has_class("-compact"), "\n".join(lines)
        assert all(t.styles.border.top[0] != "" for t in screen.query(CardTile) if t.zone and t.zone.startswith("people:")), "\n".join(lines)


async def test_a_line_keeps_its_cards_name_and_numbers_together_at_120x40(cardtable_home):
    """The seeded 20 a side at 120×40, drawn with line tiles: each card's line (``card_line``:
    name, numbers, marks; nothing else is said of these cards) on one row, never broken ("The Tsar of Russia P2" over "T5/5 ⚔✦",
    "ANFOFL Volunteer P0" over "T2/2 ⚔"); a pilot's line under its Spacecraft's line says
    "pilot", an Item's starts with
    "+", an Item under a pilot stands in deeper than its pilot (it read as the Spacecraft's);
    nothing scrolls."""
    from cardtable.ui.games.fofl import card_line

    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game, names = await laid_out(pilot, MANY * 1000 + 120)
        lines = await settled_lines(app, pilot)
        text = "\n".join(lines)
        assert_all_in_sight(screen, lines, names, "120×40")
        view = screen.session.view()
        drawn = [t for t in screen.query(CardTile) if t.has_class("-line") and t.zone is not None and t.region.area]
        assert drawn, "20 a side at 120×40: no line tiles drawn, this test needs a fuller table\n" + text
        for tile in drawn:
            head = card_line(screen.cardset, view.zone(tile.zone).cards[tile.index].face, view.info["cards"][tile.zone][tile.index]).plain
            rows = [lines[y][tile.region.x : tile.region.right] for y in range(tile.region.y, tile.region.bottom)]
            assert any(head in row for row in rows), f"{head!r} broken in {rows}\n{text}"
            own = rows[0].strip()
            if tile.zone.startswith("crew:") and tile.parent.has_class("-line"):  # under its Spacecraft's line
                assert own.startswith("pilot "), own
            if tile.zone.startswith("items:"):  # "+" says an Item is carried; a loose one has none
                carried_item = view.info["cards"][tile.zone][tile.index]["bearer"] is not None
                assert own.startswith("+") == carried_item, own
        pilots = {t.index: t for t in drawn if t.zone.startswith("crew:")}
        carried = [t for t in drawn if t.has_class("-carried")]
        assert carried, "no Item under a pilot: this test needs one\n" + text
        for item in carried:
            above = max((t for t in pilots.values() if t.parent is item.parent and t.region.y < item.region.y), key=lambda t: t.region.y)
            assert item.content_region.x > above.content_region.x, f"{item.body.plain!r} not under {above.body.plain!r}\n{text}"


async def test_compact_tiles_are_titled_with_their_names_only(cardtable_home):
    """One rule for the titles of a form's tiles: a compact tile is titled with its card's
    name, or (a name too long for its title) not at all, its name opening its body; never
    with its kind ("Person", "Pilot", "Item" beside titles that were names)."""
    from cardtable.ui.games.fofl import KIND_TITLES

    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game, _ = await laid_out(pilot, 8 * 1000 + 120, count=8)
        lines = await settled_lines(app, pilot)
        assert screen.has_class("-compact") and screen._form(screen._drawn_crowding)[2] < 2, "\n".join(lines)  # compact tiles
        view = screen.session.view()
        tiles = [t for k in (0, 1) for t in screen.query_one(f"#fofl-grid-{k}").query(CardTile) if t.zone is not None and not t.has_class("-line")]
        assert tiles
        kinds = set(KIND_TITLES.values()) | {"Pilot"}
        for tile in tiles:
            name = view.zone(tile.zone).cards[tile.index].face.name
            title = tile.title.plain if tile.title is not None else ""
            assert title in ("", name) and title not in kinds, f"{name}: titled {title!r}\n" + "\n".join(lines)
            if not title:
                assert tile.body.plain.startswith(name), tile.body.plain


async def test_a_loose_item_is_not_marked_as_carried(cardtable_home):
    """t207 at 160×48: "+Memory Stick T2/2" lay loose on a Shuttle's row, and the "+" that
    marks an Item carried by the line above made it read as the Shuttle's. The seeded 20 a
    side at 120×40 (line tiles) with a loose Item on each side: the loose Items' lines start
    with their names, the carried ones' with "+"."""
    from test_fofl_ui import place

    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game, names = await laid_out(pilot, MANY * 1000 + 120)
        for seat in (0, 1):
            place(game, "memory-stick", seat)
        game.invalidate()
        screen.redraw()
        lines = await settled_lines(app, pilot)
        text = "\n".join(lines)
        items = [t for t in screen.query(CardTile) if t.has_class("-line") and t.zone is not None and t.zone.startswith("items:") and t.region.area]
        view = screen.session.view()
        mine = [t for t in items if view.info["cards"][t.zone][t.index]["bearer"] is None]
        assert len(mine) == 2 and all("Memory Stick" in t.body.plain for t in mine), "the loose Items are not line tiles here\n" + text
        for tile in items:
            own = lines[tile.region.y][tile.region.x : tile.region.right].strip()
            assert own.startswith("+") == (tile not in mine), f"{own!r}\n{text}"
