"""Issue 14, "nothing cut, nothing hidden": on the roomy FOFL table below 180×54 a side with
many cards in play scrolled, its last cards out of sight (the fresh tester's game at turn 23,
resumed at 120×40: Me's last row of People and Computer 2's Enterprise's pilots). A side
whose cards would not all be in sight is drawn in compact tiles (the name in the border
title, the numbers and marks on one line); from 180×54 after the tiles without their short
texts, when those still do not fit."""

from __future__ import annotations

from cardtable.ui import make_app
from cardtable.ui.games.fofl import CardTile, KIND_TITLES
from cardtable.ui.testing import settled_lines, until
from test_fofl_look import first_turn, fofl  # tests/ui is on the path
from test_fofl_turn23 import assert_sides_in_sight, assert_text_clear_of_borders, resumed, table
from test_fofl_ui import place

NAMES = ("The Godfather", "Mafiaboy", "Webmaster", "Enterprise", "Wikipedia", "Proxy", "Drone", "Chav", "Mafia")


def tiles_of(screen) -> list[CardTile]:
    """Every tile drawn on the screen, tiles inside tiles too."""
    return [t for t in screen.query(CardTile) if t.region.height]


def assert_in_sight(screen, lines: list[str], size, names: bool = True) -> None:
    """Both sides without a row to scroll, every tile inside its side, no tile's text
    touching its border; with ``names``, each card's name whole on one line."""
    text = "\n".join(lines)
    assert_sides_in_sight(screen, size, text)
    for name in NAMES if names else ():
        assert name in text, f"{size}: {name!r} not whole on screen\n{text}"
    assert not names or text.count("ANFOFL Volunteer") >= 2, text
    assert_text_clear_of_borders(screen, lines, size)


async def check_turn23(tmp_path, monkeypatch, size) -> None:
    app = await resumed(tmp_path, monkeypatch, size)
    async with app.run_test(size=size) as pilot:
        screen, lines = await table(app, pilot)
        if screen.detailed:  # two steps: without the short texts, then compact (each measured once laid out)
            assert await until(pilot, lambda: screen.has_class("-compact"))
            lines = await settled_lines(app, pilot)
        assert_in_sight(screen, lines, size)
        assert screen.has_class("-compact")


async def test_every_card_in_play_is_in_sight_at_120x40(tmp_path, monkeypatch, cardtable_home):
    await check_turn23(tmp_path, monkeypatch, (120, 40))


async def test_every_card_in_play_is_in_sight_at_160x48(tmp_path, monkeypatch, cardtable_home):
    """At 160×48 the tester's board fits in full tiles (in which "ANFOFL Volunteer" takes two
    lines of its pilot's tile, each word whole), the attack menu's rows taken too; six
    more People on Me's side make three more rows of tiles: compact tiles, every card in
    sight. (Three more fitted in full tiles once the last moves' box beside the hand took
    the width the hand left and the rows it needed fell.)"""
    size = (160, 48)
    app = await resumed(tmp_path, monkeypatch, size)
    async with app.run_test(size=size) as pilot:
        screen, lines = await table(app, pilot)
        assert not screen.has_class("-compact")
        assert_in_sight(screen, lines, size, names=False)
        await pilot.press("2")  # the attack menu: seven attackers
        lines = await settled_lines(app, pilot)
        assert "attack with" in "\n".join(lines).lower()
        assert_in_sight(screen, lines, size, names=False)
        game = screen.session.game
        for cid in ("the-tsar-of-russia", "drone", "the-godfather", "chav", "mafia", "drone"):
            place(game, cid, 0)
        game.invalidate()
        screen.redraw()
        assert await until(pilot, lambda: screen.has_class("-compact"))
        lines = await settled_lines(app, pilot)
        assert_in_sight(screen, lines, size)
        assert "The Tsar of Russia" in "\n".join(lines)


async def test_every_card_in_play_is_in_sight_at_180x54(tmp_path, monkeypatch, cardtable_home):
    await check_turn23(tmp_path, monkeypatch, (180, 54))


async def test_compact_tiles_keep_names_whole_in_their_titles(tmp_path, monkeypatch, cardtable_home):
    """A compact tile is titled with its card's name when it fits whole with its frame, a
    name too long for it stays in the body under the card's kind; a tile whose pilots'
    names would not fit their titles is two columns wide; every card keeps its own tile;
    a tile is three rows where its line does not wrap."""
    app = await resumed(tmp_path, monkeypatch, (120, 40))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, lines = await table(app, pilot)
        titles = {}
        for tile in tiles_of(screen):
            if tile.zone is None or tile.zone.startswith(("hand:", "places:")):
                continue
            title = tile.title.plain if tile.title is not None else ""
            titles.setdefault(title, []).append(tile)
            assert tile.region.width >= len(title) + 6, f"{title!r} cut in a tile {tile.region.width} wide"
            if title in KIND_TITLES.values() or title == "Pilot":
                assert not tile.has_class("-named")
        assert {"The Godfather", "Mafiaboy", "Webmaster", "ANFOFL Volunteer", "Enterprise (Starship)"} <= set(titles), sorted(titles)
        assert len(titles["ANFOFL Volunteer"]) == 2 and len(titles["Drone"]) == 3
        mafiaboy = titles["Mafiaboy"][0]
        assert mafiaboy.region.height == 3 and mafiaboy.body.plain == "P0 T4/4 ⚔"
        assert titles["Enterprise (Starship)"][0].has_class("-span")


async def test_a_fresh_game_is_not_crowded_at_120x40(cardtable_home):
    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game = await first_turn(pilot)
        await settled_lines(app, pilot)
        await pilot.pause(0.3)  # a step less full is measured a moment after the one before
        lines = await settled_lines(app, pilot)
        assert not screen.has_class("-crowded") and not screen.has_class("-compact"), "\n".join(lines)
        kinds = [str(t.title) for t in tiles_of(screen) if t.has_class("fofl-tile") and t.title is not None]
        assert kinds and all(k in KIND_TITLES.values() or k in ("People", "Spacecraft", "Websites") for k in kinds), kinds


async def test_a_resize_back_and_forth_settles(tmp_path, monkeypatch, cardtable_home):
    """120×40 (compact) → 200×60 (without short texts: fits) → 120×40 → 160×48: each size drawn
    in the form it needs, and no redraw after the screen has settled (no loop)."""
    app = await resumed(tmp_path, monkeypatch, (120, 40))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, _ = await table(app, pilot)
        # two steps at 120x40, each measured once laid out (as in check_turn23): a loaded
        # machine may still be on the first when the table is first settled
        assert await until(pilot, lambda: screen.has_class("-compact"))
        draws = []
        original = screen.redraw

        def counted() -> None:
            draws.append(tuple(screen.size))
            original()

        screen.redraw = counted
        for size, compact in (((200, 60), False), ((120, 40), True), ((160, 48), False), ((120, 40), True)):
            await pilot.resize_terminal(*size)
            await settled_lines(app, pilot)
            await pilot.pause(0.3)  # a step less full is measured a moment after the one before
            lines = await settled_lines(app, pilot)
            assert screen.has_class("-compact") == compact, f"{size}\n" + "\n".join(lines)
            assert_in_sight(screen, lines, size, names=compact)
            before = len(draws)
            await pilot.pause(0.5)
            assert len(draws) == before, f"{size}: redrawn {len(draws) - before} times after settling"
        assert len(draws) < 20, draws



async def test_a_crowded_table_keeps_no_empty_locations_column(cardtable_home):
    """The Locations' column stands between the sides while none is in play too, from
    ``KEEP_PLACES_COLUMN`` columns, so the first one moves neither side; but not on a
    crowded table (a side's cards not all in sight in full tiles, ``_crowd``): a fresh
    tester at 120×40 saw a side's last rows cut beside an empty column 24 cells wide (a
    seeded walk: 5-6 rows out of sight with the column, 2-3 without)."""
    from cardtable.ui import StartRequest
    from cardtable.ui.games.fofl import shared_places

    app = make_app(StartRequest(game="fofl", players=("Ann", "Bob"), seed=4))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.3)
        await pilot.press("enter")
        assert await until(pilot, lambda: type(app.screen).__name__ == "FoflTable")
        screen = app.screen
        await settled_lines(app, pilot)
        assert not shared_places(screen.session.view())
        shared = screen.query_one("#fofl-shared")
        assert shared.display  # a new game: the column kept, empty
        screen.set_class(True, "-crowded")  # as ``show_roomy`` marks a crowded table
        screen._place_column(False)
        assert not shared.display
