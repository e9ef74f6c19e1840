"""Black Ops' roomy layout (issue 14): at 120×40 and 200×60, with 2 and 8 players, over a
seeded random walk through the real table, nothing is cut, the table spans the screen and
every Specialist's power is written out; at 80×24 the compact layout stays; a click on a
seat or a Care Package chooses the option it stands for."""

from __future__ import annotations

import random
import re
import textwrap

import pytest
from textual.widgets import OptionList

from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.games.black_ops import BlackOpsTable, HandCard, PlayerTile, SeatTile, actions_for
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import private_faces, screen_lines, settled_lines
from test_layout_sizes import BLACK_OPS_LAYOUT_PLAYERS, layout_check, seats_in_balanced_rows  # tests/ui is on the path
from walks import Checks

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fin", "Gus", "Hal")


@pytest.fixture(autouse=True)
def _fast(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    monkeypatch.setenv("CARDTABLE_INPUT_GRACE", "0")
    monkeypatch.setenv("CARDTABLE_PRIVACY_GUARD", "0")


async def walk(pilot, moves: int, seed: int, stop=None):
    """Play ``moves`` random moves through the real screens (privacy screens and news
    passed), yielding the table screen before each move; ``stop(screen)`` ends early."""
    rng = random.Random(seed)
    app = pilot.app
    done = 0
    while done < moves:
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return
        if isinstance(screen, (PrivacyScreen, NewsScreen)):
            await pilot.press("enter")
            continue
        assert isinstance(screen, BlackOpsTable), type(screen).__name__
        yield screen
        if stop is not None and stop(screen):
            return
        decision = screen.session.visible_decision()
        action = decision.actions[rng.randrange(len(decision.actions))]
        if decision.kind == "claim" and rng.random() < 0.6:  # keep rounds moving
            action = next(a for a in decision.actions if a.role)
        for key in screen.keys_for(action):
            await pilot.press(key)
        done += 1


def table_region_lines(app, screen, lines: list[str]) -> tuple[list[str], object]:
    region = screen.query_one("#table-body").region
    return [lines[row][region.x : region.right] if row < len(lines) else "" for row in range(region.y, region.bottom)], region


def check_roomy(app, screen) -> None:
    width, height = app.size
    lines = screen_lines(app)
    body, region = table_region_lines(app, screen, lines)
    text = "\n".join(body)
    assert "…" not in text, f"something is cut:\n{text}"
    filled = [r for r, line in enumerate(body) if line.strip()]
    columns = [c for line in body for c in (len(line) - len(line.lstrip()), len(line.rstrip())) if line.strip()]
    assert max(columns) - min(columns) >= 0.85 * width, f"the table spans {max(columns) - min(columns)} of {width} columns:\n{text}"
    whole = [r for r, line in enumerate(lines) if line.strip()]
    assert whole[-1] - whole[0] + 1 >= 0.75 * height
    assert filled[-1] - filled[0] + 1 >= 0.75 * region.height, f"the table fills {len(filled)} of {region.height} rows:\n{text}"
    # every card of the viewer's own hand is inside the box, its name once (it held 4 rows
    # of 5 or 6 Care Packages, the rest cut off; EMP read "EMP EMP")
    grid = screen.query_one("#bo-hand-cards")
    hand = tile_text(lines, grid)
    # a line or a tile a card: each inside the box, else counted in its "+N more: scroll ↓"
    # (the fresh tester at 120×40 with 4 players: tiles of the hand cut by the box's foot)
    cards = list(screen.query(HandCard)) if grid.display else []
    more = re.match(r"\+(\d+) more", str(grid.border_subtitle or ""))
    outside = [c for c in cards if not grid.content_region.contains_region(c.region)]
    assert len(outside) == (int(more.group(1)) if more else 0), f"{[c.defn.name for c in outside]} cut off, the box says {grid.border_subtitle!r}\n{text}"
    for card in (c for c in cards if c not in outside):
        words = card.defn.name if card.has_class("flat") else card.defn.name.split()[0]
        assert words in (hand if card.has_class("flat") else tile_text(lines, card)), f"{card.defn.name} is not in the hand's box: {hand!r}\n{text}"
        if card.has_class("flat"):  # a tile has its short label in the corners
            assert f"{card.defn.name} {card.defn.name}" not in tile_text(lines, card), hand
    view = screen.session.view()
    seats = [t for t in screen.query(SeatTile) if t.seat is not None]
    assert sorted(t.seat for t in seats) == list(range(len(view.players)))
    for tile in seats:
        face = view.zone(f"specialist:{tile.seat}").top.face
        flat = tile_text(lines, tile)
        words = " ".join(face.text.split()[:4])
        assert f"{face.name}: {words}" in flat or f"{face.name}: {face.get('short')}" in flat, f"{face.name}'s power is not shown:\n{text}"
        if screen.session.screen_seat() is None:  # the public table: no face-down card's name
            for secret in private_faces(screen.session.game):
                assert secret not in flat, f"{secret} is on the public table:\n{text}"


def tile_text(lines: list[str], widget) -> str:
    """The words drawn inside ``widget``'s region of the screen ``lines``, its lines joined
    by single spaces."""
    region = widget.region
    return " ".join(" ".join(lines[row][region.x : region.right].strip("│┃║ ").split()) for row in range(region.y, min(region.bottom, len(lines))))


def roomy_shows_everything_uncut(position) -> None:
    """The roomy layout is shown, and ``check_roomy`` passes."""
    screen = position.screen
    assert screen.has_class("-roomy")
    assert screen.query_one("#bo-roomy").display and not screen.query_one("#bo-compact").display
    check_roomy(position.app, screen)


ROOMY_WALKS = {2: (5, 30, 30), 8: (7, 20, 16)}
"""The roomy walks below by player count: the game's seed, the moves walked and the table
screens the walk must reach. Both also run test_layout_sizes' ``seats_in_balanced_rows``
(its ``SEATS_WALKED_ELSEWHERE``, 6 moves there); the two-player one also its roomy check
(``layout_check``, its ``LAYOUT_WALKS``: 30 screens there), so its game lasts 30 moves."""


@pytest.mark.parametrize("size", [(120, 40), (200, 60)], ids=["120x40", "200x60"])
@pytest.mark.parametrize("players", list(ROOMY_WALKS))
async def test_roomy_layout_shows_everything_uncut(size, players):
    """Over a random walk, every table screen passes ``roomy_shows_everything_uncut`` and
    ``seats_in_balanced_rows``, and with two players ``layout_check``: one walk for the
    checks of both files (issue 13 item 8)."""
    checks = [roomy_shows_everything_uncut, seats_in_balanced_rows]
    if players == BLACK_OPS_LAYOUT_PLAYERS:
        checks.append(layout_check(size))
    seed, moves, screens = ROOMY_WALKS[players]
    app = make_app(StartRequest(game="black-ops", players=NAMES[:players], seed=seed))
    walked = Checks(app, size, checks)
    async with app.run_test(size=size) as pilot:
        async for screen in walk(pilot, moves, seed=players):
            walked.run(screen)
    assert walked.positions >= screens
    walked.assert_clean()


async def test_full_powers_at_200x60_with_eight_players():
    """At 200×60 there is room for every power's full card text (no short forms)."""
    app = make_app(StartRequest(game="black-ops", players=NAMES, seed=7))
    async with app.run_test(size=(200, 60)) as pilot:
        async for screen in walk(pilot, 6, seed=1):
            view = screen.session.view()
            lines = screen_lines(app)
            for tile in screen.query(SeatTile):
                face = view.zone(f"specialist:{tile.seat}").top.face
                assert " ".join(face.text.split()[-4:]) in tile_text(lines, tile), face.name
                # the fresh tester: the tiles were half empty (only "face down" beside the
                # card); the room beside it holds the seat's newest moves
                region = tile.region
                rows = range(region.y + 1, region.bottom - 1)
                written = [r for r in rows if lines[r][region.x + region.width // 2 : region.right - 1].strip()]
                assert len(written) >= len(rows) / 3, (face.name, len(written), len(rows), tile_text(lines, tile))


async def test_compact_layout_at_80x24_and_switching_on_resize():
    app = make_app(StartRequest(game="black-ops", players=NAMES, seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        async for screen in walk(pilot, 8, seed=3):
            assert not screen.has_class("-roomy")
            assert screen.query_one("#bo-compact").display and not screen.query_one("#bo-roomy").display
            for widget in screen.query("#bo-compact *"):
                if widget.display and widget.region.area:
                    assert widget.region.right <= 80 and widget.region.bottom <= 24, widget
        while isinstance(app.screen, (PrivacyScreen, NewsScreen)):  # the last move's boxes (a trade's note)
            await pilot.press("enter")
            await pilot.pause()
        screen = app.screen
        await pilot.resize_terminal(120, 40)
        # the layout switches, then the foot is measured and the hand fitted to it: read the
        # screen once it has settled (a loaded CI read it at 0.2 s, a tile in a 4-row box)
        await settled_lines(app, pilot)
        assert screen.has_class("-roomy") and screen.query_one("#bo-roomy").display
        check_roomy(app, screen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.2)
        assert not screen.has_class("-roomy") and screen.query_one("#bo-compact").display


async def test_a_click_on_a_seat_claims_for_that_player():
    """In the Care Package window a click on a seat that may claim plays that claim."""
    app = make_app(StartRequest(game="black-ops", players=NAMES[:4], seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = None
        async for screen in walk(pilot, 60, seed=5, stop=lambda s: s.session.visible_decision().kind == "claim"):
            pass
        decision = screen.session.visible_decision()
        assert decision.kind == "claim"
        seat = decision.actions[0]["seat"]
        tile = next(t for t in screen.query(SeatTile) if t.seat == seat)
        moves = screen.session.game.moves
        await pilot.click(tile)
        await pilot.pause()
        assert screen.session.game.moves == moves + 1
        assert screen.session.game.claimant == seat


async def test_a_click_on_a_card_with_several_targets_highlights_them():
    """A Care Package that can go on several Load Outs is not played by a click: the first
    of its options is highlighted in the panel; a click on a seat then names one of them."""
    app = make_app(StartRequest(game="black-ops", players=NAMES[:4], seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = None

        def playing(s):
            d = s.session.visible_decision()
            return d.kind != "claim" and any(a.type == "play" for a in d.actions)

        async for screen in walk(pilot, 200, seed=5, stop=playing):
            pass
        decision = screen.session.visible_decision()
        assert playing(screen), decision.kind
        card = next(a["card"] for a in decision.actions if a.type == "play")
        found = actions_for(decision, card=card)
        assert len(found) > 1
        moves = screen.session.game.moves
        tile = next(t for t in screen.query(HandCard) if t.index == card)
        await pilot.click(tile)
        await pilot.pause()
        assert screen.session.game.moves == moves, "a click with several options played one"
        options = screen.query_one("#decision-options", OptionList)
        assert decision.actions[options.highlighted] == found[0]


def test_actions_for_names_the_options_of_a_seat_and_a_card():
    from cardtable.engine import Action, Decision

    claim = [Action("claim", (("seat", s),), f"seat {s}") for s in range(3)]
    decision = Decision((0, 1, 2), "who?", tuple(claim), private=False, kind="claim")
    assert actions_for(decision, seat=1) == [claim[1]]
    play = [Action("play", (("card", c), ("target", t)), f"{c}->{t}") for c in range(2) for t in range(3)]
    decision = Decision((0,), "play", tuple(play), kind="play")
    assert actions_for(decision, card=1) == play[3:]
    assert actions_for(decision, seat=2) == [play[2], play[5]]
    assert actions_for(None, seat=0) == []


def _care_packages_on_anns_sniper_rifle(plays: int = 2):
    """A 4-player round, stacked: Ann (the dealer) holds a Sniper Rifle 11; in the window Ann
    plays ACOG Sight (+3) and then Bob Red Dot Sight (+2) on it: it counts 13 (only the newest
    counts, ruling 10)."""
    from cardtable.engine import Action, Setup, load_cards
    from cardtable.engine.testing import StackedRandom
    from cardtable.games.black_ops import BlackOps

    loadouts = ["pistol", "crossbow", "revolver", "sniper-rifle"]  # Bob, Cat, Dan, then Ann
    cps = ["acog-sight", "red-dot-sight", "extended-mag", "nova-gas"]  # seat order
    specialists = ["ruin", "battery", "crash", "recon"]
    rng = StackedRandom(shuffles=[loadouts, cps, ["free-for-all"], specialists])
    game = BlackOps(load_cards("black-ops"), Setup(NAMES[:4], {"search_and_destroy": "limit"}), seed=0, rng=rng)
    game.act(Action.of("deal"))
    while game.decision().kind == "trade":
        game.act(Action.of("keep"))
    for seat in range(plays):
        game.act(Action.of("claim", seat=seat))
        game.act(Action.of("play", card=0, target=0))
    assert game.final_value(0) == (13 if plays == 2 else 14)
    return game


def _two_care_packages_on_anns_sniper_rifle():
    """``_care_packages_on_anns_sniper_rifle`` with both plays: the Sniper Rifle counts 13."""
    return _care_packages_on_anns_sniper_rifle(2)


@pytest.mark.parametrize("height", [5, 7, 11])
def test_a_load_out_with_two_care_packages_still_shows_its_total(height):
    """The fresh tester at 120×40: one seat's row lacked its ``= 13``. Two Care Packages
    fanned on a tall card left no room beside the fan, and the facts that did not fit were
    left out. Now they go below the fan: the Load Out, each Care Package and the total."""
    from cardtable.ui.games.black_ops import loadout_fan

    view = _two_care_packages_on_anns_sniper_rifle().view(None)
    for width in (27, 30, 40):
        lines = loadout_fan(view, 0, width, height)
        text = " ".join(" ".join(line.plain for line in lines).split())
        assert all(line.cell_len <= width for line in lines), [line.plain for line in lines]
        assert "= 13" in text, (width, [line.plain for line in lines])
        for words in ("11 Sniper Rifle", "ACOG Sight (+3)", "Red Dot Sight (+2)"):  # may wrap
            assert all(word in text for word in words.split()), (words, width, [line.plain for line in lines])


@pytest.mark.parametrize("height", [7, 11])
def test_the_facts_beside_a_fanned_load_out_never_break_a_word(height):
    """The fresh tester at 120×40 with 4 players: beside a Load Out with a Care Package on
    it, 5 columns were left and the facts read "2 Com" / "bat" / "Knife" / "Exten" / "ded".
    A word never breaks: facts that do not fit whole beside the fan go below it."""
    from cardtable.ui.games.black_ops import loadout_fan

    game = _care_packages_on_anns_sniper_rifle(plays=1)  # ACOG Sight (+3): 14
    view = game.view(None)
    allowed = set("11 Sniper Rifle ACOG Sight (+3) = 14 · +3 ░ ▒".split())
    for width in range(22, 40):
        lines = loadout_fan(view, 0, width, height)
        words = {w for line in lines for w in re.split(r"[\s│╭╮╰╯─]+", line.plain) if w}
        assert words <= allowed, (width, words - allowed, [line.plain for line in lines])
        assert "= 14" in " ".join(" ".join(line.plain for line in lines).split()), width


def test_an_older_care_package_on_a_load_out_says_it_was_replaced():
    """The fresh tester read "12 Rocket Launcher / Semtex (-3) / Extended Mag (+1) / = 13" as
    12 - 3 + 1. Only the newest Care Package counts (ruling 10): the older one is struck
    through and says "(replaced)", beside the fan or below it."""
    from cardtable.ui.games.black_ops import loadout_fan

    view = _two_care_packages_on_anns_sniper_rifle().view(None)
    struck = 0
    for width, height in ((40, 9), (60, 9), (30, 11)):
        lines = loadout_fan(view, 0, width, height)
        text = " ".join(" ".join(line.plain for line in lines).split())
        assert "ACOG Sight (+3) (replaced)" in text and "Red Dot Sight (+2) (replaced)" not in text, (width, text)
        beside = [line for line in lines if "ACOG" in line.plain and " · " not in line.plain]  # not the sentence below
        if beside:  # beside the fan each card keeps its own style: the replaced one struck through
            assert any(span.style.strike for line in beside for span in line.spans if not isinstance(span.style, str)), [(line.plain, line.spans) for line in beside]
            struck += 1
    assert struck, "at 60 columns the facts stand beside the fan"


def _compact_problems(app, screen) -> list[str]:
    """What a player at 80×24 could not read on the compact table: a line of the Event,
    the hand or the recap below the bottom of the table area (the panel hides it), a line
    cut short without "…", or a Specialist whose power is neither on screen nor announced
    (the ``s`` key: "s: every Specialist's power" in the free rows, "s Specialists" in the
    key bar when no row is free)."""
    problems = []
    body = screen.query_one("#table-body").region
    for wid in ("#bo-event", "#bo-ring", "#bo-hand", "#bo-powers"):
        widget = screen.query_one(wid)
        if not widget.display or not widget.region.height:
            continue
        if widget.region.bottom > body.bottom:
            problems.append(f"{wid} runs {widget.region.bottom - body.bottom} row(s) under the panel")
        if wid != "#bo-ring":
            plain = widget.render().plain if hasattr(widget.render(), "plain") else str(widget.render())
            need = sum(len(textwrap.wrap(line, widget.region.width - 2) or [""]) for line in plain.split("\n"))
            if need > widget.region.height:
                problems.append(f"{wid} needs {need} rows and has {widget.region.height}: {plain!r}")
    lines = screen_lines(app)
    text = " ".join(" ".join(lines).split())
    view = screen.session.view()
    missing = [s for s in range(len(view.players)) if f"{view.players[s]} · {view.zone(f'specialist:{s}').top.face.name}: " not in text]
    if missing and "s: every Specialist's power" not in text and "s Specialists" not in lines[-1]:
        problems.append(f"the powers of {[view.players[s] for s in missing]} are left out without a word")
    return problems


@pytest.mark.parametrize("players, seed", [(5, 3), (8, 1), (8, 4)])
async def test_crowded_compact_table_is_readable_at_80x24(players, seed):
    """The fresh tester at 80×24 with 5 and 8 players: the Specialists' lines did not fit and
    the recap of the reveal ran under the decision panel, cut mid-list. Now the hand or recap
    line takes the longest form that fits its rows (two at 5+ players: the panel shows one
    option fewer and scrolls), and powers that have no row are announced: ``s`` shows them."""
    app = make_app(StartRequest(game="black-ops", players=list(NAMES[:players]), seed=seed))
    problems, seen = [], 0
    async with app.run_test(size=(80, 24)) as pilot:
        async for screen in walk(pilot, 40, seed=seed):
            seen += 1
            # as the player sees it: the table fits its panel in passes, and a CI run on a
            # loaded machine measured move 1 between two (#bo-powers a row under the panel)
            await settled_lines(app, pilot)
            problems += [f"move {screen.session.game.moves}: {p}" for p in _compact_problems(app, screen)]
    assert seen >= 20
    assert not problems, "\n".join(problems[:8])


async def test_s_shows_every_specialists_power_in_full_and_closes_again():
    """With 8 players at 80×24 no row is left for the powers: ``s`` opens every seat's
    Specialist with its card text and Health, and ``s`` goes back to the same table."""
    from cardtable.ui.games.black_ops import SpecialistsScreen

    app = make_app(StartRequest(game="black-ops", players=list(NAMES), seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, BlackOpsTable)
        assert "s Specialists" in screen_lines(app)[-1]
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SpecialistsScreen)
        text = " ".join(" ".join(screen_lines(app)).split())
        view = table.session.view()
        for seat, name in enumerate(view.players):
            face = view.zone(f"specialist:{seat}").top.face
            assert f"{name} (♥♥♥♥) · {face.name}: " + " ".join(face.text.split()[:6]) in text, (name, text)
        await pilot.press("s")
        await pilot.pause()
        assert app.screen is table


@pytest.mark.parametrize("players, seed", [(4, 1)])
async def test_roomy_seats_that_passed_say_so_whole_at_120x40(players, seed):
    """At 120×40 four seats are 30 columns wide: "2 Care Packages in hand · passed" was cut
    to "2 Care Packages in hand…", losing "passed". A seat that passed now reads
    "2 Care Packages · passed", and nothing on the table is cut (``check_roomy``)."""
    app = make_app(StartRequest(game="black-ops", players=NAMES[:players], seed=seed))
    passed = 0
    async with app.run_test(size=(120, 40)) as pilot:
        async for screen in walk(pilot, 30, seed=seed):
            check_roomy(app, screen)
            passed += bool(screen.session.view().info["passed"])
    assert passed >= 1


def _panel_problems(app, screen) -> list[str]:
    """What the fresh tester found beside a docked panel (F1's keys, the log): the Event's
    last words left out, seats off screen or under the panel, tiles of unequal widths."""
    problems = []
    lines = screen_lines(app)
    body = screen.query_one("#table-body").region
    view = screen.session.view()
    if screen.query_one("#bo-compact").display:
        event = screen.query_one("#bo-event")
        shown = tile_text(lines, event)
        if " ".join(screen._event_plain.split()) not in shown:
            problems.append(f"the Event is cut: {shown!r}")
        tiles = [t for t in screen.query(PlayerTile) if t.display and t.seat is not None]
        if sorted(t.seat for t in tiles) != list(range(len(view.players))):
            problems.append(f"seats {[t.seat for t in tiles]} of {len(view.players)}")
        for tile in tiles:
            region = tile.region
            if not region.area or region.bottom > body.bottom or region.right > body.right:
                problems.append(f"{view.players[tile.seat]}'s seat is off the table area: {region} in {body}")
            elif view.players[tile.seat] not in tile_text(lines, tile):
                problems.append(f"{view.players[tile.seat]}'s name is not on their seat")
            elif tile.one_line and view.info["values"][tile.seat] is not None and f"= {view.info['values'][tile.seat]}" not in tile_text(lines, tile):
                # the Load Out's current value decides who loses Health and is public
                problems.append(f"{view.players[tile.seat]}'s Load Out value is not on their row: {tile_text(lines, tile)!r}")
        widths = {t.region.width for t in tiles}
        if len(widths) > 1:
            problems.append(f"the tiles are {sorted(widths)} wide")
    # an option's words wrap: the list is given the rows its options take, as many as the
    # panel holds under the prompt (it was one a option: the last words under the scrollbar)
    panel, options = screen.query_one("#decision"), screen.query_one("#decision-options", OptionList)
    limit = panel.styles.max_height
    if options.display and limit is not None and options.region.width:
        width = options.region.width - (options.styles.scrollbar_size_vertical if options.max_scroll_y else 0)
        needed = sum(max(1, len(textwrap.wrap(str(options.get_option_at_index(i).prompt), width))) for i in range(options.option_count))
        room = int(limit.value) - 2 - len(textwrap.wrap(screen.session.visible_decision().prompt, panel.region.width - 4))
        if options.region.height < min(needed, room, 9):
            problems.append(f"the options have {options.region.height} rows of the {min(needed, room)} they need: {tile_text(lines, panel)!r}")
    return problems


@pytest.mark.parametrize("size, players, keys", [((80, 24), 8, ("l",)), ((120, 40), 6, ("f1", "l")), ((120, 40), 6, ("l",))], ids=["80x24-8-log", "120x40-6-f1-log", "120x40-6-log"])
async def test_every_seat_and_the_whole_event_beside_a_panel(size, players, keys):
    """The fresh tester with F1's keys and the log open: at 120×40 (6 players) the Event
    lost its last words (two rows at most) and the right-hand tiles were a column wider
    (the grid shared out the odd columns); at 80×24 (8 players, the log open) seats 7 and
    8 were below the screen. Now the Event takes the rows it needs, every tile is as wide
    as the others and where the tiles would not fit the rows each seat is a line."""
    app = make_app(StartRequest(game="black-ops", players=list(NAMES[:players]), seed=7))
    problems, seen = [], 0
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        async for screen in walk(pilot, 14, seed=players):
            await pilot.pause()
            seen += 1
            problems += [f"move {screen.session.game.moves}: {p}" for p in _panel_problems(app, screen)]
    assert seen >= 10
    assert not problems, "\n".join(problems[:8])


async def test_every_health_lost_is_news_with_two_players(monkeypatch):
    """The fresh tester with 2 players (a person and a computer player): a Health lost had
    no "Just happened" box when the person closed the window and dealt next (the public
    deal counted the news as seen, but the screen is the person's own view: their hand, not
    the news). Every Health lost is now in a news box, as with more players."""
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob"), seed=7, computers={1: "normal"}))
    boxes = []
    async with app.run_test(size=(120, 40)) as pilot:
        rng = random.Random(1)
        for _ in range(400):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, NewsScreen):
                boxes.append(" ".join(" ".join(screen_lines(app)).split()))
                await pilot.press("enter")
                continue
            decision = screen.session.visible_decision()
            lost = [e.text for e in screen.session.game.log.entries if "Health." in e.text and "Lowest" in e.text]
            if len(lost) >= 4:
                break
            if decision is None:
                await pilot.pause(0.05)
                continue
            action = decision.actions[rng.randrange(len(decision.actions))]
            if decision.kind == "claim":
                action = next(a for a in decision.actions if a.role)
            for key in screen.keys_for(action):
                await pilot.press(key)
    assert len(lost) >= 3
    for text in lost:
        assert any(text in box for box in boxes), (text, boxes)


async def _own_hand_in_a_low_box(app, pilot, count: int):
    """Walk a 2-player game at 120×40 to a player's own roomy screen, give that player
    ``count`` Care Packages and the hand's box 4 rows inside (as low as the tester had it: a
    tall decision panel above the foot); the table screen, drawn and settled."""
    async for screen in walk(pilot, 20, seed=2):
        if screen.query_one("#bo-hand-cards").display and screen.session.screen_seat() is not None:
            break
    game = screen.session.game
    seat = screen.session.screen_seat()
    game._draw_cp(seat, count - len(game.hands[seat]), "for the test")
    screen.query_one("#bo-bottom").styles.height = 6
    screen.query_one("#bo-bottom").styles.min_height = 6
    screen.redraw()
    await settled_lines(app, pilot)  # the box's new height is laid out, then the cards drawn for it (a loaded CI read it a refresh early)
    return screen


async def test_every_care_package_of_a_big_hand_is_in_its_box_at_120x40():
    """The fresh tester at 120×40 with 2 people: the own "Care Packages" box showed 4 rows
    of a hand of 5 or 6 (one line per card in one column, the rest cut off, no sign). The
    lines now share out into as many columns as the rows need."""
    app = make_app(StartRequest(game="black-ops", players=list(NAMES[:2]), seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _own_hand_in_a_low_box(app, pilot, 6)
        assert len(list(screen.query(HandCard))) == 6
        check_roomy(app, screen)


async def test_a_crowded_table_at_200x60_shows_every_option_of_the_window():
    """The fresh tester at 200×60 with 6 players: the option list stayed 5 rows high (the
    80×24 rule for five or more players) with 20 rows free. From 54 rows the panel keeps its
    usual height: all six options of the Care Package window are in view."""
    app = make_app(StartRequest(game="black-ops", players=NAMES[:6], seed=2))
    async with app.run_test(size=(200, 60)) as pilot:
        screen = None
        async for screen in walk(pilot, 80, seed=2, stop=lambda s: len(s.session.visible_decision().actions) >= 6):
            pass
        decision = screen.session.visible_decision()
        assert len(decision.actions) >= 6
        await pilot.pause()
        options = screen.query_one("#decision-options", OptionList)
        assert options.region.height >= min(9, options.option_count), (options.region.height, options.option_count)
        text = " ".join(screen_lines(app))
        assert all(a.label in text for a in decision.actions), text


async def test_a_hand_longer_than_its_box_says_how_many_more_and_scrolls_to_them():
    """The fresh tester: a hand of more Care Packages than the box's columns × rows was cut
    with no word (a box of 3 rows beside the log held 3 of 4). The box now says "+N more:
    scroll ↓" and scrolls: every card is reachable."""
    app = make_app(StartRequest(game="black-ops", players=list(NAMES[:2]), seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _own_hand_in_a_low_box(app, pilot, 14)
        grid = screen.query_one("#bo-hand-cards")
        cards = list(screen.query(HandCard))
        assert len(cards) == 14 and all(c.has_class("flat") for c in cards)
        inside = [c for c in cards if grid.content_region.contains_region(c.region)]
        hidden = len(cards) - len(inside)
        assert hidden, "the test wants a hand longer than the box"
        assert str(grid.border_subtitle) == f"+{hidden} more: scroll ↓", (grid.border_subtitle, hidden)
        assert f"+{hidden} more" in tile_text(screen_lines(app), grid)
        grid.scroll_end(animate=False)
        await settled_lines(app, pilot)
        assert grid.content_region.contains_region(cards[-1].region), (cards[-1].region, grid.content_region)


def test_a_seats_moves_of_an_earlier_round_say_their_round():
    """The fresh tester: after a new deal a seat's tile still showed "Cat draws 1 Care
    Package for a matching Load Out" beside the new face-down card, read as this round's
    news. A move of an earlier round now says its round; this round's moves read as they are."""
    from types import SimpleNamespace

    from cardtable.engine.log import LogEntry
    from cardtable.ui.games.black_ops import seat_moves

    texts = [
        "Cat draws 1 Care Package to start.",
        "Round 1: Ann deals and reveals the Event Free-For-All — no special rule.",
        "Cat draws 1 Care Package for a matching Load Out.",
        "Round 2: Bob deals and reveals the Event Demolition — the dealer may not trade.",
        "Cat wants to trade with Dan.",
    ]
    log = [LogEntry(i, text) for i, text in enumerate(texts)]
    view = SimpleNamespace(players=["Ann", "Bob", "Cat", "Dan"], log=log, info={"round": 2})
    assert seat_moves(view, 2) == [
        "Cat draws 1 Care Package to start.",
        "Round 1: Cat draws 1 Care Package for a matching Load Out.",
        "Cat wants to trade with Dan.",
    ]
    view.info["round"] = 1  # still round 1 (or between rounds 1 and 2): nothing is old
    assert seat_moves(view, 2)[1] == "Cat draws 1 Care Package for a matching Load Out."


@pytest.mark.parametrize("viewer, status", [(0, "12 · face down"), (None, "")])
async def test_a_long_load_out_name_is_not_cut_on_a_narrow_compact_tile(viewer, status):
    """The fresh tester at 120×40 with the log open (four compact tiles of 17 cells): "12
    Rocket Launch…". The tile now writes the name alone and the value on the line below
    (with the state), nothing cut; a card face down to the viewer stays its back."""
    from textual.app import App

    from cardtable.engine import Action, Setup, load_cards
    from cardtable.engine.testing import StackedRandom
    from cardtable.games.black_ops import BlackOps

    rng = StackedRandom(shuffles=[["pistol", "crossbow", "revolver", "rocket-launcher"], ["acog-sight", "red-dot-sight", "extended-mag", "nova-gas"], ["free-for-all"], ["ruin", "battery", "crash", "recon"]])
    game = BlackOps(load_cards("black-ops"), Setup(NAMES[:4], {"search_and_destroy": "limit"}), seed=0, rng=rng)
    game.act(Action.of("deal"))  # Ann, the dealer, is dealt the Rocket Launcher last
    async with App().run_test() as pilot:
        tile = PlayerTile(0, None)
        await pilot.app.mount(tile)
        tile.inner = 17
        tile.show(game.view(viewer), ())
        lines = tile.render().plain.split("\n")
        assert not any("…" in line for line in lines), lines
        assert all(len(line) <= 17 for line in lines), lines
        assert ("Rocket Launcher" in lines[1]) == (viewer == 0) and lines[2].strip() == status, lines


async def test_the_roomy_foot_beside_the_log_cuts_no_move_at_120x40():
    """The fresh tester at 120×40 with 4 players and the log open: the foot's three boxes
    were 23, 23 and 30 columns; the last moves box cut a trade ("and gets 11 Snipe…") and
    the hand's title read "Care Packages: no…". Beside a docked panel the decks box is
    narrower (short labels) and the title takes a form that fits: nothing is cut."""
    app = make_app(StartRequest(game="black-ops", players=NAMES[:4], seed=5))
    seen = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        async for screen in walk(pilot, 14, seed=5):
            await pilot.pause()
            if not screen.has_class("-roomy"):
                continue
            seen += 1
            body, _region = table_region_lines(app, screen, screen_lines(app))
            foot = screen.query_one("#bo-bottom").region
            rows = body[foot.y - _region.y : foot.bottom - _region.y]
            assert not any("…" in row[: foot.width] for row in rows), "\n".join(rows)
    assert seen >= 8


def _row_problems(view, tiles) -> list[str]:
    """What a fresh tester found on the one-line seat rows beside the log at 80×24: a row
    without its Care Package count, value or Specialist; Health drawn "4♥" on one row and
    "♥♥♥♥" on another; "▒▒▒ face down ▒▒▒" on one row and "face down" on the others."""
    problems, healths, backs = [], set(), set()
    for tile in tiles:
        seat, info = tile.seat, view.info
        text = tile.render().plain
        row = text[3 + len(view.players[seat]) :].removeprefix(" ")  # after the marks and the name
        health, count = info["health"][seat], view.zone(f"hand:{seat}").count
        pips = "♥" * health + "♡" * (4 - health)
        healths.add("pips" if row.startswith(pips + " ") else "count" if row.startswith(f"{health}♥ ") else "none")
        backs.update(word for word in ("face down", "▒") if word in row)
        if not info["alive"][seat]:
            continue
        value = info["values"][seat]
        spec = view.zone(f"specialist:{seat}").top.face.name
        wanted = [f"{count} CP"] + ([f"= {value}"] if value is not None else ["✈"] if seat in info["air"] else [])
        missing = [w for w in wanted if w not in row]
        if not (row.endswith(f"· {spec}") or row.endswith(f"· {spec[:5]}.") or row.endswith(f"· {spec[:3]}.")):
            missing.append(spec)
        if missing:
            problems.append(f"{text!r} lacks {missing}")
    if len(healths) != 1 or "none" in healths:
        problems.append(f"Health drawn as {sorted(healths)}: " + " | ".join(t.render().plain for t in tiles))
    if len(backs) > 1:
        problems.append(f"backs drawn as {sorted(backs)}: " + " | ".join(t.render().plain for t in tiles))
    return problems


@pytest.mark.parametrize("players", [4, 8])
async def test_every_seat_row_keeps_its_public_facts_beside_the_log(players):
    """A fresh tester at 80×24 with the log open: the one-line seat rows dropped Care
    Package counts, values and Specialists for the weapon's name, drew Health as "4♥" on
    some rows and "♥♥♥♥" on others, and one seat's back as "▒▒▒ face down ▒▒▒". Every row
    now keeps, in this order of priority, Health, the Load Out's value when public, the
    Care Package count and the Specialist (cut to "Fireb." only when needed) before
    anything goes, and all rows draw Health and a back the same way."""
    app = make_app(StartRequest(game="black-ops", players=list(NAMES[:players]), seed=1))
    problems, rows, values = [], 0, 0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        async for screen in walk(pilot, 40, seed=players):
            await pilot.pause()
            view = screen.session.view()
            tiles = [t for t in screen.query(PlayerTile) if t.display and t.one_line and t.seat is not None]
            if tiles:
                assert len(tiles) == players
                rows += len(tiles)
                values += sum(view.info["values"][t.seat] is not None for t in tiles)
                problems += [f"move {screen.session.game.moves}: {p}" for p in _row_problems(view, tiles)]
    assert rows >= 20 * players and values >= players, (rows, values)
    assert not problems, "\n".join(problems[:8])


async def test_a_hand_longer_than_its_box_scrolls_by_keyboard_too():
    """The fresh tester: a hand longer than its box ("+N more: scroll ↓") scrolled with the
    mouse alone. ``]`` and ``[`` now page it down and up; the key bar and F1's keys panel
    name them while the box holds more than it shows (not before), and no option's key is
    one of them."""
    from cardtable.ui.keys import screen_keys

    app = make_app(StartRequest(game="black-ops", players=list(NAMES[:2]), seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "]" not in dict(screen_keys(app.screen)), "named before the hand is long"
        screen = await _own_hand_in_a_low_box(app, pilot, 14)
        grid = screen.query_one("#bo-hand-cards")
        cards = list(screen.query(HandCard))
        assert str(grid.border_subtitle).startswith("+"), grid.border_subtitle
        assert "] Hand ↓" in screen_lines(app)[-1] and "[ Hand ↑" in screen_lines(app)[-1], screen_lines(app)[-1]
        assert {"]", "["} <= set(dict(screen_keys(screen))), screen_keys(screen)
        assert not {"]", "["} & set(screen.option_keys(screen.session.visible_decision()) or ())
        for _ in range(len(cards)):
            await pilot.press("right_square_bracket")
        await settled_lines(app, pilot)
        assert grid.scroll_y == grid.max_scroll_y > 0
        assert grid.content_region.contains_region(cards[-1].region), (cards[-1].region, grid.content_region)
        for _ in range(len(cards)):
            await pilot.press("left_square_bracket")
        await settled_lines(app, pilot)
        assert grid.scroll_y == 0 and grid.content_region.contains_region(cards[0].region)
        assert isinstance(app.screen, BlackOpsTable) and app.screen is screen  # nothing chosen


@pytest.mark.parametrize("size, dealer_word", [((120, 40), False), ((200, 60), True)], ids=["120x40", "200x60"])
async def test_a_long_named_dealer_keeps_its_health_in_the_title(size, dealer_word):
    """The lead at 120×40 with four players: the dealer's tile title "◆ Computer 2 · dealer
    ♥♥♥♥" is wider than a 30-column tile, and the cut took the Health ("◆ Computer 2 ·
    dealer  …"). The words "· dealer" now give way first (the ◆ stays); where the tile
    has room they stay."""
    names = ["Computer 1", "Computer 2", "Computer 3", "Computer 4"]
    app = make_app(StartRequest(game="black-ops", players=names, seed=3))
    async with app.run_test(size=size) as pilot:
        lines = await settled_lines(app, pilot)
        screen = app.screen
        while not isinstance(screen, BlackOpsTable):
            await pilot.press("enter")
            lines = await settled_lines(app, pilot)
            screen = app.screen
        dealer = screen.session.view().info["dealer"]
        tiles = [t for t in screen.query(SeatTile) if t.seat is not None and t.region.area]
        assert len(tiles) == 4
        for tile in tiles:
            top = lines[tile.region.y][tile.region.x : tile.region.right]
            assert names[tile.seat] in top and "♥♥♥♥" in top and "…" not in top, top
            assert ("◆" in top) == (tile.seat == dealer), top
            assert ("dealer" in top) == (dealer_word and tile.seat == dealer), top



async def test_in_ascii_every_seat_row_draws_health_as_a_count():
    """ASCII mode beside the log at 80×24: pips would read "HHHh" (``♥`` → ``H``, ``♡`` →
    ``h``), so every row says "4♥" ("4H" on the terminal), and still keeps its public facts."""
    from cardtable.ui.glyphs import ascii_text

    app = make_app(StartRequest(game="black-ops", players=list(NAMES), seed=1, ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        async for screen in walk(pilot, 12, seed=3):
            await pilot.pause()
            view = screen.session.view()
            tiles = [t for t in screen.query(PlayerTile) if t.display and t.one_line and t.seat is not None]
            assert len(tiles) == len(NAMES)
            assert not _row_problems(view, tiles), _row_problems(view, tiles)
            for tile in tiles:
                row = ascii_text(tile.render().plain)
                assert f" {view.info['health'][tile.seat]}H " in row and "HHH" not in row, row


async def test_a_seat_tile_gives_its_specialists_power_once():
    """Fresh tester at 200×60: each seat tile gave its Specialist's power in its head and
    again beside the card ("· Computer 2's Specialist is Prophet: When your…", the log line
    announcing it). The head says it; the note beside the card names the Specialist alone."""
    app = make_app(StartRequest(game="black-ops", players=("You", "Computer 1", "Computer 2"), seed=3, computers={1: "easy", 2: "easy"}))
    async with app.run_test(size=(200, 60)) as pilot:
        for _ in range(100):
            if isinstance(app.screen, BlackOpsTable):
                break
            await pilot.pause(0.05)
        await pilot.pause(0.2)
        view = app.screen.session.view()
        lines = screen_lines(app)
        tiles = list(app.screen.query(SeatTile))
        assert len(tiles) == 3
        for tile in tiles:
            face = view.zone(f"specialist:{tile.seat}").top.face
            text = tile_text(lines, tile)
            assert f"Specialist is {face.name}:" not in text, text
            assert text.count(" ".join(face.text.split()[-3:])) == 1, text


@pytest.mark.parametrize("name", ["Cyy", "Cy😀", "李小龙"])
async def test_the_dealers_title_fits_a_wide_lettered_name_as_an_ascii_one(name, monkeypatch, tmp_path):
    """A fresh tester at 80×24 saw "◆ Cy😀 · deal…": the tile's title was measured in
    characters, and the emoji takes two cells. Measured in cells, a name too wide for the
    words "· dealer" keeps the ◆ alone, whole, as an ASCII name does."""
    from rich.cells import cell_len

    from cardtable.ui.privacy import PrivacyScreen
    from cardtable.ui.testing import screen_lines

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    app = make_app(StartRequest(game="black-ops", players=(name, "Bob", "Ann"), seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
            await pilot.pause(0.3)
        tile = next(t for t in app.screen.query(PlayerTile) if t.seat == 0)
        title = str(tile.border_title)
        assert "…" not in title and title.startswith(f"◆ {name}"), title
        assert "dealer" not in title or cell_len(title) <= tile.inner - 4, title
        assert not any("…" in line and "◆" in line for line in screen_lines(app))
