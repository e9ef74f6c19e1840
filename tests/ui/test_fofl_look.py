"""FOFL vs ANFOFL's table at 80×24, 120×40 and 200×60 (issue 14): over a seeded random walk
through the real screens (privacy screens passed), nothing is cut, the roomy table spans the
screen, every card in play is a tile with the view's numbers, no hidden card is named for
the wrong seat; and a click on a tile chooses what the card stands for."""

from __future__ import annotations

import random
import re

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.games.fofl import CardTile, FoflTable, tile_rows, value_text
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import screen_lines, settled_lines
from cardtable.ui.widgets import DecisionPanel
from test_fofl_ui import place  # tests/ui is on the path: a card put into play, ready to act
from test_layout_sizes import FOFL_HAND_WALK, fofl_hand_whole, layout_check
from test_public_names import names_whole
from walks import Checks, Position

TILED = ("sites", "places", "people", "craft", "items", "soft", "lasting", "crew")
"""The areas of a side whose cards are drawn as tiles (pilots and carried Items inside)."""


def fofl(seed: int) -> StartRequest:
    return StartRequest(game="fofl", players=("Ann", "Bob"), seed=seed)


async def walk(app, pilot, moves: int, seed: int):
    """Play ``moves`` random moves (never Back) through the screens, passing privacy and news
    screens; yield the table screen before each move and once after the last one."""
    rng = random.Random(seed)
    done = 0
    for _ in range(20 * moves):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, (PrivacyScreen, NewsScreen)):
            await pilot.press("enter")
            continue
        if isinstance(screen, GameOverScreen):
            return
        assert isinstance(screen, FoflTable), type(screen).__name__
        await pilot.pause()
        yield screen
        if done == moves:
            return
        decision = screen.session.visible_decision()
        assert decision is not None
        usable = [a for a in decision.actions if a.type != "back"] or list(decision.actions)
        for key in screen.keys_for(rng.choice(usable)):
            await pilot.press(key)
        done += 1
    raise AssertionError("the walk stalled")


def region_box(lines: list[str], region) -> tuple[int, int, int, int] | None:
    """(left, top, right, bottom) of the non-blank cells of ``lines`` inside ``region``."""
    cells = []
    for row in range(region.y, min(region.bottom, len(lines))):
        part = lines[row][region.x : region.right]
        if part.strip():
            left = len(part) - len(part.lstrip())
            cells.append((region.x + left, row, region.x + len(part.rstrip()), row + 1))
    if not cells:
        return None
    return min(c[0] for c in cells), min(c[1] for c in cells), max(c[2] for c in cells), max(c[3] for c in cells)


def check_tiles(screen: FoflTable) -> int:
    """Every card in play of the view has exactly one tile, showing its name and its numbers
    as the view gives them (power, toughness left/full). Returns the number of tiles."""
    view = screen.session.view()
    tiles = {(t.zone, t.index): t for t in screen.query(CardTile) if t.zone is not None and not t.zone.startswith("hand:")}
    assert len(tiles) == len(list(t for t in screen.query(CardTile) if t.zone is not None and not t.zone.startswith("hand:"))), "a card drawn twice"
    expected = set()
    for seat in range(2):
        for part in TILED:
            zone = f"{part}:{seat}"
            for index, card in enumerate(view.zone(zone).cards):
                assert card is not None and card.face is not None, "every card in play is public"
                expected.add((zone, index))
                tile = tiles.get((zone, index))
                assert tile is not None, f"no tile for {card.face.name} ({zone} #{index})"
                status = view.info["cards"][zone][index]
                plain = tile.body.plain
                # a crowded side's compact tile has its card's name in its border title
                shown = f"{tile.title.plain}\n{plain}" if tile.has_class("-named") else plain
                assert shown.startswith(card.face.name), shown
                numbers = value_text(status)
                assert numbers in plain, f"{card.face.name}: {numbers!r} not in {plain!r}"
                if status.get("toughness") is not None:
                    assert f"T{status['toughness']}/{status['max']}" in plain
                if status.get("placed") is not None:
                    assert f"#{status['placed']}" in str(tile.border_title)
    assert set(tiles) == expected, f"tiles for cards not in play: {set(tiles) - expected}"
    hand_tiles = [t for t in screen.query(CardTile) if t.zone is not None and t.zone.startswith("hand:")]
    if view.seat is None:
        assert not hand_tiles, "a hand drawn face up on the public table"
    else:
        names = [c.face.name for c in view.zone(f"hand:{view.seat}").cards]
        assert [t.zone for t in hand_tiles] == [f"hand:{view.seat}"] * len(names)
        assert [t.body.plain.split("\n")[0].removeprefix("✗ ") for t in hand_tiles] == names
    return len(tiles)


def check_hidden(screen: FoflTable, text: str) -> None:
    """No name of a card in another seat's hand that the view does not show face up is on the
    screen, unless that name is public anyway (a face-up copy, the log, the decision)."""
    session = screen.session
    view = session.view()
    game = session.game
    allowed = set()
    public_text = " ".join(e.text for e in view.log) + " " + str(view.info)
    for zone in view.zones.values():
        for card in zone.cards:
            if card is not None and card.face is not None:  # a card's text may name another card
                allowed.add(card.face.name)
                public_text += f" {card.face.text} {card.face.get('brief') or ''}"
    decision = session.visible_decision()
    if decision is not None and not screen._handoff_pending:
        public_text += " " + decision.prompt + " " + " ".join(a.label for a in decision.actions)
    hidden = set()
    for seat in range(2):
        if seat == view.seat:
            continue
        for card, shown in zip(game.zones[f"hand:{seat}"], view.zone(f"hand:{seat}").cards):
            if shown.face is None and card.defn.name not in allowed and card.defn.name not in public_text:
                hidden.add(card.defn.name)
    flat = " ".join(text.split())
    for name in sorted(allowed, key=len, reverse=True):
        flat = flat.replace(name, " ")
    leaked = [name for name in hidden if re.search(rf"\b{re.escape(name)}\b", flat)]
    assert not leaked, f"hidden cards {leaked} drawn for seat {view.seat}:\n{text}"


def layout_matches_the_size(position) -> None:
    """The roomy layout (``#fofl-roomy``) is shown from 120 columns, the boards otherwise."""
    screen, roomy = position.screen, position.size[0] >= 120
    assert screen.roomy == roomy
    assert screen.query_one("#fofl-roomy").display == roomy
    assert screen.query_one("#fofl-boards").display == (not roomy)


def hidden_cards_unnamed(position) -> None:
    """``check_hidden`` on a walk's position."""
    check_hidden(position.screen, position.text)


def nothing_past_the_screen(position) -> None:
    """The table area, the decision panel and the boards lie inside the screen."""
    width, height = position.size
    for widget in position.screen.query("#table-body, #decision, #fofl-boards, #fofl-roomy"):
        if widget.display:
            region = widget.region
            assert region.right <= width and region.bottom <= height, f"{widget.id} overflows {region}"


def roomy_table_uncut_and_spread(position) -> None:
    """At a roomy size: no ``…`` on the screen, and the table area's content spans 85% of the
    columns and 75% of the area's rows (``region_box``)."""
    width = position.size[0]
    if width < 120:
        return
    assert "…" not in position.text, f"something cut at {position.size}:\n{position.text}"
    body = position.screen.query_one("#table-body").region
    box = region_box(position.lines, body)
    assert box is not None
    left, top, right, bottom = box
    assert right - left >= 0.85 * width, f"table spans {right - left} of {width} columns"
    assert bottom - top >= 0.75 * body.height, f"table spans {bottom - top} of {body.height} rows"


WALK_SIZES = ((80, 24), (120, 40), (200, 60))
WALK_MOVES = 30
NAMES_WALKED = {("fofl", 2): (WALK_SIZES[1:], WALK_MOVES)}
"""The walk below also runs ``test_public_names``' check (``names_whole``) at these sizes: game
and players, with the sizes and the moves walked (that file's ``WALKED_WITH_THE_TILE_CHECKS``)."""


@pytest.mark.parametrize("size", WALK_SIZES, ids=["80x24", "120x40", "200x60"])
async def test_the_table_at_every_size_over_a_random_walk(size):
    """Over a random walk of 30 moves, every table screen passes this file's checks
    (``layout_matches_the_size``, ``hidden_cards_unnamed``, ``nothing_past_the_screen``,
    ``roomy_table_uncut_and_spread``, at a roomy size ``check_tiles``); every screen with a
    decision also passes test_layout_sizes' check of that size (``layout_check``:
    ``LAYOUT_WALKS``) and, at the sizes of ``NAMES_WALKED``, test_public_names'
    ``names_whole``; at a roomy size, once settled (``settled_lines``), every screen passes
    test_layout_sizes' ``fofl_hand_whole`` (``FOFL_HAND_WALK``): one walk, drawn once, for
    the three files."""
    app = make_app(fofl(7))
    roomy = size[0] >= 120
    tiles_seen = 0

    def tiles_match_the_view(position) -> None:
        nonlocal tiles_seen
        if roomy:
            tiles_seen += check_tiles(position.screen)

    every = Checks(app, size, [layout_matches_the_size, hidden_cards_unnamed, nothing_past_the_screen, roomy_table_uncut_and_spread, tiles_match_the_view])
    names = [names_whole] if size in NAMES_WALKED["fofl", 2][0] else []
    decided = Checks(app, size, [layout_check(size), *names])  # the other files' walks check the screens with a decision
    settled = Checks(app, size, [fofl_hand_whole] if roomy else [])  # its walk checked settled screens
    async with app.run_test(size=size) as pilot:
        async for screen in walk(app, pilot, WALK_MOVES, seed=7):
            position = every.run(screen)
            if screen.session.visible_decision() is not None:
                decided.run(screen, position)
            if settled.checks:
                position = Position(app, screen, size)
                position.lines = await settled_lines(app, pilot)
                settled.run(screen, position)
    assert every.positions == WALK_MOVES + 1
    assert decided.positions >= WALK_MOVES
    every.assert_clean()
    decided.assert_clean()
    settled.assert_clean()
    if roomy:
        assert tiles_seen >= 60, "the walk put cards in play"
        assert settled.positions >= FOFL_HAND_WALK[1]


async def test_detail_only_at_the_biggest_size_and_a_resize_redraws():
    """A hand card carries its short text at every roomy size (the fresh tester at 120×40
    saw no ability text); a card in play only from 180×54, where the tiles are wider."""
    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        place(screen.session.game, "chav", 1)
        screen.session.game.invalidate()
        screen.redraw()
        await pilot.pause()
        chav = screen.query_one(".tile-hand-0-0", CardTile)
        assert "Action: next turn Chav Tribe Leader" in chav.body.plain, "a hand card's text at 120×40"
        assert "Action: next turn" not in screen.query_one(".tile-people-1-0", CardTile).body.plain
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        await pilot.pause()
        chav = screen.query_one(".tile-hand-0-0", CardTile)
        assert "Action: next turn Chav Tribe Leader" in chav.body.plain
        assert "Action: next turn Chav Tribe Leader" in screen.query_one(".tile-people-1-0", CardTile).body.plain, "the card's text from 180×54"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert not screen.query_one("#fofl-roomy").display and screen.query_one("#fofl-boards").display
        assert "Your hand: Chav" in "\n".join(screen_lines(app))


async def first_turn(pilot) -> tuple[FoflTable, object]:
    """Pass the first privacy screen: Ann's first turn on the table, laid out as she sees it
    (``settled_lines``: a click aimed by a tile's place while the table still fits its
    columns and rows lands where another tile is then drawn); (screen, game)."""
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, FoflTable)
    await settled_lines(pilot.app, pilot)
    return screen, screen.session.game


async def test_a_click_on_a_hand_card_plays_it_and_an_unplayable_one_changes_nothing():
    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game = await first_turn(pilot)
        assert [c.defn.name for c in game.zones["hand:0"]][:5] == ["Chav", "Adobe Photoshop CS3", "Drone", "Proxy", "Hack"]
        moves = game.moves
        await pilot.click(".tile-hand-0-4", offset=(2, 1))  # Hack: needs a hacker in play
        await pilot.pause()
        assert game.moves == moves and screen.session.visible_decision().kind == "turn"
        await pilot.click(".tile-hand-0-0", offset=(2, 1))  # Chav: the turn menu, then Chav
        await pilot.pause()
        await pilot.pause()
        assert [c.defn.name for c in game.zones["people:0"]] == ["Chav"]
        assert "Chav" not in [c.defn.name for c in game.zones["hand:0"]]
        assert screen.query(".tile-people-0-0"), "Chav's tile is on the board"


async def test_clicks_pick_an_attacker_and_its_target_and_several_matches_are_highlighted():
    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game = await first_turn(pilot)
        godzilla = place(game, "godzilla", 0)  # can attack and has an ability
        tsar = place(game, "chav", 1)  # not Unique: Godzilla may also use its ability on it
        game.invalidate()
        screen.redraw()
        await settled_lines(app, pilot)  # clicks aim at the tiles as drawn
        index = game.zones["people:0"].cards.index(godzilla)
        moves = game.moves
        await pilot.click(f".tile-people-0-{index}", offset=(2, 1))
        await pilot.pause()
        assert game.moves == moves, "two menus lead to Godzilla: nothing is played"
        panel = screen.query_one(DecisionPanel)
        highlighted = panel.query_one("#decision-options").highlighted
        assert panel.actions[highlighted].get("menu") == "attack"
        await pilot.press("enter")  # the attack menu
        await pilot.pause()
        await pilot.click(f".tile-people-0-{index}", offset=(2, 1))  # Godzilla attacks
        await pilot.pause()
        decision = screen.session.visible_decision()
        assert decision.kind == "attack_with", decision.kind
        target = game.zones["people:1"].cards.index(tsar)
        await pilot.click(f".tile-people-1-{target}", offset=(2, 1))
        await pilot.pause()
        assert any("attacks" in e.text and tsar.defn.name in e.text for e in game.log.entries[-6:]), [e.text for e in game.log.entries[-6:]]


async def test_one_menu_leads_to_the_card_so_a_click_opens_it_and_picks_the_card():
    """Godzilla can only attack (its ability destroys non-Unique People; the Tsar is Unique):
    one click opens the attack menu and picks Godzilla; the targets then carry their keys."""
    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game = await first_turn(pilot)
        godzilla = place(game, "godzilla", 0)
        tsar = place(game, "the-tsar-of-russia", 1)
        game.invalidate()
        screen.redraw()
        await settled_lines(app, pilot)  # clicks aim at the tiles as drawn
        await pilot.click(f".tile-people-0-{game.zones['people:0'].cards.index(godzilla)}", offset=(2, 1))
        await pilot.pause()
        await pilot.pause()
        decision = screen.session.visible_decision()
        assert decision.kind == "attack_with" and "Godzilla" in decision.prompt
        target = screen.query_one(f".tile-people-1-{game.zones['people:1'].cards.index(tsar)}", CardTile)
        key = screen.query_one(DecisionPanel).keys[next(i for i, a in enumerate(decision.actions) if a.get("index") == target.index and a.get("zone") == "people:1")]
        assert target.has_class("-choice") and str(target.border_subtitle) == key
        assert not screen.query_one(f".tile-people-0-{game.zones['people:0'].cards.index(godzilla)}", CardTile).has_class("-choice")


def uneven_rows(screen, size: str, grids: tuple[str, ...] = ("#fofl-grid-0", "#fofl-grid-1", "#fofl-places", "#fofl-hand-tiles")) -> list[tuple[str, dict[int, set[int]]]]:
    """The tile grids of the roomy table (``grids``) with a row whose tiles differ in ``size``
    ("width" or "height"): ``(grid, {row y: sizes})``."""
    found = []
    for grid in grids:
        rows: dict[int, set[int]] = {}
        for tile in screen.query_one(grid).children:
            if isinstance(tile, CardTile) and tile.region.area:
                rows.setdefault(tile.region.y, set()).add(getattr(tile.region, size))
        if any(len(sizes) > 1 for sizes in rows.values()):
            found.append((grid, rows))
    return found


def busy_board(game) -> None:
    """Both sides with Websites, Locations, People, a guard, a switched-off Software, Items on
    a Person and on a pilot, and a Spacecraft: every kind of tile."""
    fofl_site, anfofl_site = place(game, "fofl", 0), place(game, "anfofl", 1)
    admin = place(game, "system-admin", 0)
    game.guards[anfofl_site.uid] = admin.uid
    proxy = place(game, "proxy", 1)
    game.proxies[proxy.uid] = anfofl_site.uid
    for cid, seat in (("antivirus", 1), ("reproducer", 0), ("outer-space", 1), ("school-yard", 0), ("godzilla", 1)):
        place(game, cid, seat)
    ship, drone, sabre = place(game, "interceptor", 0), place(game, "drone", 0), place(game, "lightsaber", 0)
    game.attached[sabre.uid] = drone.uid
    game.board_pilot(drone, ship)
    sidious, gun = place(game, "sidious", 0), place(game, "mind-wipe-gun", 0)
    game.attached[gun.uid] = sidious.uid
    game.damage[fofl_site.uid] = 4
    game.damage[admin.uid] = 1
    game.invalidate()


async def busy_turn(pilot) -> tuple[FoflTable, object]:
    """Ann's first turn (``first_turn``) with the ``busy_board`` laid and drawn; (screen, game)."""
    screen, game = await first_turn(pilot)
    busy_board(game)
    screen.redraw()
    await pilot.pause()
    return screen, game


async def test_a_busy_board_draws_items_pilots_guards_and_switched_off_cards_as_tiles():
    # 160×48: the full tiles checked here hold this board whole there. At 120×40 they
    # scroll 5 rows, and the table draws compact tiles (the sides are planned from counted
    # rows, ``FoflTable._plan``); before that plan the full form stood there for 0.2 s
    # before the crowding ladder stepped down, and this test read that moment. The 120×40
    # compact form is the busy-board snapshot below.
    app = make_app(fofl(7))
    async with app.run_test(size=(160, 48)) as pilot:
        screen, game = await busy_turn(pilot)
        assert check_tiles(screen) == 14  # 9 of Ann's, 5 of Bob's
        ship = screen.query_one(".tile-craft-0-0", CardTile)
        pilot_tile, sabre = [t for t in ship.query(CardTile) if t is not ship]
        assert (pilot_tile.zone, str(pilot_tile.border_title), sabre.zone) == ("crew:0", "Pilot", "items:0")
        assert sabre.body.plain == "Lightsaber\nT3/3\non Drone"
        where = next(i for i, c in enumerate(game.zones["people:0"]) if c.defn.id == "sidious")
        sidious = screen.query_one(f".tile-people-0-{where}", CardTile)
        assert [t.body.plain.split("\n")[0] for t in sidious.query(CardTile) if t is not sidious] == ["Mind Wipe Gun"]
        reproducer = screen.query_one(".tile-soft-0-0", CardTile)
        assert "off (Antivirus)" in reproducer.body.plain and reproducer.has_class("-off")
        assert "guards ANFOFL" in screen.query_one(".tile-people-0-0", CardTile).body.plain
        assert "guarded by System Admin, Proxy" in " ".join(screen.query_one(".tile-sites-1-0", CardTile).body.plain.split())
        order = screen.query_one("#fofl-order").region  # between the sides, its words wrapped in the column
        words = " ".join(" ".join(row[order.x : order.right] for row in screen_lines(app)[order.y : order.bottom]).split())
        assert "Locations in the order played (the latest applies first): Outer Space #1 → School Yard #2" in words, words
        shared = screen.query_one("#fofl-shared").region
        assert screen.query_one("#fofl-side-0").region.right <= shared.x and shared.right <= screen.query_one("#fofl-side-1").region.x, "the Locations lie between the sides"
        assert {t.zone for t in screen.query_one("#fofl-places").query(CardTile)} == {"places:0", "places:1"}
        # the fresh tester at 120×40: a tile one column wider than the others of its row
        # (the grid's 1fr columns shared out the odd cells), and Bob's counts wrapped
        # beside his hand's backs ("discard" / "pile 0")
        assert uneven_rows(screen, "width") == [], "every tile of a row as wide"
        # and as tall (the fresh tester: DoS attack 5 lines, Temptation 6, Hack 7 in one row
        # of the hand); the sides' tiles stand in columns of their own, each as tall as its
        # own card (a Shuttle with four pilots made its row of tiles 8 tall: ``ColumnsLayout``)
        assert uneven_rows(screen, "height", ("#fofl-places", "#fofl-hand-tiles")) == [], "every tile of a row as tall"
        for k in (0, 1):
            for tile in screen.query_one(f"#fofl-grid-{k}").children:
                assert tile.outer_size.height == tile_rows(tile, tile.outer_size.width), f"{tile.body.plain!r} not as tall as its card"
        for k in (0, 1):
            head = screen.query_one(f"#fofl-head-{k}").region
            text = [row[head.x : head.right].strip() for row in screen_lines(app)[head.y : head.bottom]]
            assert text[0].startswith("hand ") and text[0].split()[-2] in ("discard", "pile"), text


@pytest.mark.snapshot
def test_snapshot_roomy_busy_board(snap_compare):
    async def setup(pilot):
        await pilot.press("enter")
        await pilot.pause()
        busy_board(pilot.app.screen.session.game)
        pilot.app.screen.redraw()
        await settled_lines(pilot.app, pilot)  # the crowded sides are measured again, then drawn compact

    assert snap_compare(make_app(fofl(7)), terminal_size=(120, 40), run_before=setup)


@pytest.mark.parametrize("key", ["f1", "l"], ids=["keys-panel", "log"])
async def test_the_roomy_table_reflows_beside_the_keys_panel_and_the_log(key):
    """The fresh tester at 120×40: with F1 (or the log) open, hand tiles broke words
    ("Blitzkr/ieg") and headings read "Webs…": the grids kept the columns of the full
    width. With the panel open every public name and every tile's heading is whole and
    every tile lies left of the panel."""
    from test_public_names import name_problems

    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game = await busy_turn(pilot)
        await pilot.press(key)
        for _ in range(4):
            await pilot.pause()
        panel = screen.query_one("HelpPanel" if key == "f1" else "#log").region
        lines = screen_lines(app)
        left = [row[: panel.x] for row in lines]
        assert not [row for row in left if "…" in row], "\n".join(left)
        assert name_problems(screen, lines, "fofl", (120, 40)) == []
        for tile in screen.query(CardTile):
            if tile.region.area:
                assert tile.region.right <= panel.x, (tile.body.plain, tile.region, panel)
        assert not [row for row in lines if any(w in row for w in ("Blitzkr ", "Webs…"))]


async def test_the_piles_counts_stay_on_one_line_beside_the_keys_panel():
    """At 120×40 with F1 open the other side's board beside its card backs has 24 columns
    and its counts ("hand 5 · pile 35 · discard 0", 28 cells) wrapped onto a second line:
    each side's counts are now on one line, in the same words on both sides."""
    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game = await first_turn(pilot)
        await pilot.press("f1")
        for _ in range(4):
            await pilot.pause()
        lines = screen_lines(app)
        forms = []
        for k in (0, 1):
            head = screen.query_one(f"#fofl-head-{k}").region
            rows = [lines[y][head.x : head.right].strip() for y in range(head.y, head.bottom)]
            counts = next(row for row in rows if row.startswith("hand "))
            assert "discard" in counts and counts[-1].isdigit(), (k, rows)
            forms.append("".join(c for c in counts if not c.isdigit()))
        assert forms[0] == forms[1], forms


async def test_at_200x60_the_sides_face_each_other_with_the_locations_between():
    """The fresh tester at 200×60: "reads as a list of zones". The sides face each other:
    the other player's across the table at the top, the player's own near the bottom, the
    Locations they share between, card-sized tiles, and most rows of the table used."""
    app = make_app(fofl(7))
    async with app.run_test(size=(200, 60)) as pilot:
        screen, game = await busy_turn(pilot)
        for _ in range(2):
            await pilot.pause()
        view = screen.session.view()
        assert screen.has_class("-facing") and screen.side_seats == (1 - view.seat, view.seat)
        top, shared, near = (screen.query_one(s).region for s in ("#fofl-side-0", "#fofl-shared", "#fofl-side-1"))
        assert top.bottom <= shared.y and shared.bottom <= near.y
        assert top.width >= 190 and near.width >= 190
        assert str(screen.query_one("#fofl-side-1").border_title).endswith("Ann · Red (FOFL)")
        assert {t.zone for t in screen.query_one("#fofl-grid-1").query(CardTile)} >= {"people:0", "sites:0"}
        tiles = [t for t in screen.query_one("#fofl-grid-0").children if isinstance(t, CardTile)]
        assert tiles and all(t.region.height >= 8 for t in tiles), "card-sized tiles"
        # the fresh tester: ~75 columns of each side left empty (five cards in six narrow
        # columns): a side's first row of cards now spans its board beside the piles' column
        for k in (0, 1):
            grid = screen.query_one(f"#fofl-grid-{k}").region
            row = [t.region for t in screen.query_one(f"#fofl-grid-{k}").children if isinstance(t, CardTile) and t.region.y == grid.y]
            span = max(r.right for r in row) - grid.x
            assert span >= 0.9 * grid.width, f"side {k}: the cards span {span} of the board's {grid.width} columns"
        body = screen.query_one("#table-body").region
        lines = screen_lines(app)
        from test_layout_sizes import blank_rows
        assert blank_rows(lines, body) <= 0.15 * body.height
        # h49: the marks' legend beside the Locations' order wrapped mid-phrase ("heavy: can" / "act")
        from cardtable.ui.games.fofl import ROOMY_LEGEND

        await pilot.press("l")  # beside the log, at widths where it no longer fits one line
        checked = 0
        for width in (200, 188, 182, 170):
            if width != 200:
                await pilot.resize_terminal(width, 60)
            lines = await settled_lines(app, pilot)
            if not screen.detailed:
                continue
            checked += 1
            for phrase in ROOMY_LEGEND.split(" · "):
                assert any(phrase in line for line in lines), f"at {width}x60 {phrase!r} is not whole on one line"
        assert checked >= 3


def counts_problems(lines: list[str], region, edge: int) -> list[str]:
    """What is wrong with a side's counts in ``region`` (cut at column ``edge``, a panel's
    left side): a count whose number went to the next row ("discard" / "0"), a row that
    starts or ends with the dot between two counts, or the hand's count on a row without
    the draw pile's."""
    problems = []
    rows = [lines[y][region.x : min(region.right, edge)].strip(" ▁▂▃▄▅▆▇█│") for y in range(region.y, min(region.bottom, len(lines)))]
    counted = [row for row in rows if re.search(r"\b(hand|pile|discard)\b", row) and not row.startswith(("╭", "╰", "draw pile top"))]
    for row in counted:
        if re.search(r"\b(pile|discard)$", row) or row.startswith("·") or row.endswith("·"):
            problems.append(f"a count wrapped: {row!r}")
        if re.match(r"hand \d+", row) and not re.search(r"\bpile \d+", row):
            problems.append(f"the hand's count without the pile's: {row!r}")
    if not any(re.search(r"\bdiscard \d+", row) for row in counted):
        problems.append(f"no discard count in {rows}")
    return problems


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("key", ["f1", "l"])
async def test_the_counts_stay_whole_beside_a_panel_with_locations_in_play(size, key):
    """The fresh tester: with Locations in play and F1's keys or the log open, the counts
    line wrapped: "hand 7 · pile 32 ·" over "discard 0" on the compact board at 80×24, and
    "hand 6 pile 33 discard" over "0" beside the card backs at 120×40. The counts are drawn
    in the fullest form whose lines fit (``side_headers``), down to two lines ("hand 6 ·
    pile 33" over "discard 0"), and no count is parted from its number."""
    app = make_app(fofl(7))
    async with app.run_test(size=size) as pilot:
        screen, game = await first_turn(pilot)
        place(game, "school-yard", 0)
        place(game, "outer-space", 1)
        game.invalidate()
        screen.redraw()
        await pilot.press(key)
        for _ in range(4):
            await pilot.pause()
        edge = screen.query_one("HelpPanel" if key == "f1" else "#log").region.x
        lines = screen_lines(app)
        boards = ("#fofl-side-0", "#fofl-side-1") if screen.roomy else ("#fofl-left", "#fofl-right")
        if screen.roomy:
            assert screen.query_one("#fofl-shared").display, "the Locations' column is shown"
        problems = [f"{board}: {p}" for board in boards for p in counts_problems(lines, screen.query_one(board).region, edge)]
        assert not problems, "\n".join(problems + [row[:edge] for row in lines])


PEOPLE_EACH = {0: ("chav", "the-lion", "webmaster", "mafiaboy", "agent"), 1: ("quartermaster", "nightingale", "the-godfather", "triad", "chav-tribe-leader")}


def cut_tiles(screen: FoflTable, lines: list[str]) -> list[str]:
    """The tiles of the two sides not drawn whole on the screen: a tile past its side's
    content area, or whose top border or card name is not whole on its rows."""
    problems = []
    for k in (0, 1):
        inner = screen.query_one(f"#fofl-side-{k}").content_region
        for tile in screen.query(f"#fofl-grid-{k} > CardTile"):
            region, name = tile.region, tile.body.plain.split("\n")[0]
            if not region.area or tile.has_class("fofl-empty"):
                continue
            top = lines[region.y][region.x : region.x + tile.outer_size.width]
            rows = lines[region.y + 1 : region.y + tile.outer_size.height - 1]
            body = " ".join(" ".join(row[region.x + 1 : region.x + tile.outer_size.width - 1].strip(" │┃") for row in rows).split())
            if region.right > inner.right or region.x < inner.x or region.width < tile.outer_size.width:
                problems.append(f"side {k}: {name!r} at {region} past {inner}")
            elif top[:1] not in "╭┏" or top[-1:] not in "╮┓" or name not in body:
                problems.append(f"side {k}: {name!r} drawn {top!r} {body!r}")
    return problems


@pytest.mark.parametrize("size", [(120, 40), (200, 60), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_tile_whole_with_a_location_between_the_sides(size):
    """The fresh tester (one person against the computer, 120×40): with a Location in play
    the Locations' column between the sides squeezed both, and the third tile column of each
    was cut ("╭─ Per", "│ Chav", "│ P1 T"). Five People a side, the Location played after
    them and while another screen was on top: every tile of both sides whole."""
    app = make_app(StartRequest(game="fofl", players=("Tess", "Computer"), seed=7, computers={1: "hard"}))
    async with app.run_test(size=size) as pilot:
        for _ in range(4):
            await pilot.pause()
            if not isinstance(app.screen, FoflTable):
                await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, FoflTable)
        game = screen.session.game
        for seat, ids in PEOPLE_EACH.items():
            for cid in ids:
                place(game, cid, seat)
        game.invalidate()
        screen.redraw()
        assert cut_tiles(screen, await settled_lines(app, pilot)) == []  # settled: a loaded machine takes more frames
        await pilot.press("i")  # the cards' texts on top while the Location comes into play
        await pilot.pause()
        place(game, "the-good-house", 1)
        game.invalidate()
        screen.redraw()
        await pilot.pause()
        await pilot.press("escape")
        lines = await settled_lines(app, pilot)
        assert app.screen is screen
        if screen.roomy:
            assert screen.query_one("#fofl-shared").display, "the Locations' column is shown"
        assert "The Good House" in "\n".join(lines)
        problems = cut_tiles(screen, lines) if screen.roomy else []
        if not screen.roomy:  # the compact boards: a line per card, each name whole
            text = "\n".join(lines)
            problems = [f"{card.defn.name!r} not whole" for seat in (0, 1) for card in game.zones[f"people:{seat}"] if card.defn.name not in text]
        assert not problems, "\n".join(problems + lines)


async def test_a_compact_side_keeps_the_other_hands_backs_where_they_fit():
    """The busy board at 120×40: Ann's side is drawn in compact tiles, Bob's side has room
    to spare. Bob's hand stays a fanned stack of card backs (hidden only where the sides go
    to line tiles, the least full step): the merge that brought line tiles hid it whenever
    a side was compact, and the screenshot at 120×36 lost Bob's ten backs beside one card."""
    from cardtable.ui.games.fofl import FannedBacks

    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        busy_board(screen.session.game)
        screen.redraw()
        await settled_lines(app, pilot)
        assert screen.has_class("-compact")
        backs = screen.query_one("#fofl-backs-1", FannedBacks)
        assert backs.display and backs.region.height >= 2, backs.region
        for k in (0, 1):
            assert screen.query_one(f"#fofl-side-{k}").max_scroll_y == 0


async def test_every_copy_of_a_card_in_hand_carries_its_play_key():
    """The game offers one play option per card name; a fresh tester saw two Mafias in hand,
    the first with its key and the second with none, as if it could not be played. Every
    copy now carries the key (either plays the same card), and a click on the second copy
    plays one of them."""
    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game = await first_turn(pilot)
        hand = game.zones["hand:0"]
        chav = next(card for card in hand.cards if card.defn.id == "chav")
        copy = game.make_cards([game.cardset["chav"]])[0]
        game._cards[copy.uid] = copy
        game.owner[copy.uid] = 0
        hand.add(copy)
        game.invalidate()
        screen.redraw()
        await pilot.press("1")  # Play a card
        await settled_lines(app, pilot)
        decision = screen.session.visible_decision()
        keys = screen.query_one(DecisionPanel).keys
        play = next(i for i, a in enumerate(decision.actions) if a.type == "play" and a.get("card") == hand.cards.index(chav))
        copies = [t for t in screen.query(CardTile) if t.zone == "hand:0" and hand.cards[t.index].defn.id == "chav"]
        assert len(copies) == 2
        assert [str(t.border_subtitle) for t in copies] == [keys[play]] * 2, [str(t.border_subtitle) for t in copies]
        second = next(t for t in copies if t.index == hand.cards.index(copy))
        await pilot.click(f".tile-hand-0-{second.index}", offset=(2, 1))
        await pilot.pause()
        await pilot.pause()
        assert [card.defn.id for card in hand.cards].count("chav") == 1
