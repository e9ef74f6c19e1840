"""The tables of Cold War, Bloops and Combat Cards at 80×24, 120×40 and 200×60 (issue 14):
over a seeded random walk through the real screens (privacy screens passed), nothing is cut
(no ``…`` at the roomy sizes, no widget past the table's edge at 80×24), the table's content
spans most of the table area at the roomy sizes, every card on the table is drawn as a tile
(``cardtable.ui.cards``) and no tile shows a face the player looking may not see; a click on
a card plays what it stands for."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import Action
from cardtable.ui import StartRequest, make_app
from cardtable.ui.cards import PICK_MARK
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import private_faces, screen_lines, until
from cardtable.ui.games.combat_cards import HandCard
from cardtable.ui.widgets import DecisionPanel
from test_layout_sizes import layout_check  # tests/ui is on the path
from test_public_names import names_whole
from walks import Checks

SIZES = [(80, 24), (120, 40), (200, 60)]
MOVES = 30
ELLIPSIS = "…"

GAMES = {
    "cold-war": StartRequest(game="cold-war", players=("Ann", "Bob"), seed=5),
    "bloops": StartRequest(game="bloops", players=("Ann", "Bob", "Catherine"), seed=5),
    "combat-cards": StartRequest(game="combat-cards", players=("Ann", "Bob", "Cat"), seed=5, options={"deck": ("orks", "dark-eldar", "chaos-space-marines")}),
}


def table_of(app) -> TableScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


async def walk(app, pilot, moves: int = MOVES, seed: int = 0):
    """Yield the table screen before each of ``moves`` random moves (made by the keys the
    screen names), passing privacy and news screens; stops early at the game's end."""
    rng = random.Random(seed)
    made = 0
    for _ in range(20 * moves + 100):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen) or made >= moves:
            return
        if isinstance(screen, PrivacyScreen | NewsScreen):
            await pilot.press("enter")
            continue
        assert isinstance(screen, TableScreen), type(screen).__name__
        decision = screen.session.visible_decision()
        if decision is None:
            await pilot.pause(0.02)
            continue
        yield screen
        action = decision.actions[rng.randrange(len(decision.actions))]
        for key in screen.keys_for(action):
            await pilot.press(key)
        made += 1


def body_box(app, screen) -> tuple[float, float]:
    """The share of the table area's columns and rows that its non-blank cells span."""
    lines = screen_lines(app)
    region = screen.query_one("#table-body").region
    rows, cols = [], []
    for y in range(region.y, min(region.bottom, len(lines))):
        line = lines[y][region.x : region.right]
        if line.strip():
            rows.append(y)
            cols.append(len(line) - len(line.lstrip()))
            cols.append(len(line.rstrip()) - 1)
    if not rows:
        return 0.0, 0.0
    return (max(cols) - min(cols) + 1) / region.width, (max(rows) - min(rows) + 1) / region.height


def cut_widgets(screen) -> list[str]:
    """Widgets of the table area that reach past its edges (cut by the panel or the screen)."""
    body = screen.query_one("#table-body").region
    cut = []
    for widget in screen.query_one("#table-body").query("*"):
        region = widget.region
        if not widget.display or not region.width or not region.height:
            continue
        if region.right > body.right or region.bottom > body.bottom:
            cut.append(f"{widget!r} {region} outside {body}")
    return cut


def hidden_names(game, seat, label) -> set[str]:
    """Names and corners of cards the ``seat`` looking (``None``: the table) may not see."""
    faces = private_faces(game, label)
    own = set()
    for card in game.all_cards():
        if card.visible_to(seat):
            own |= {card.defn.name, label(card.defn)}
    return faces - own


def check_tiles(screen) -> None:
    """Every tile that shows a face shows one the view holds face up to the player looking."""
    view = screen.session.view()
    faces = {c.face for z in view.zones.values() for c in z.cards if c is not None and c.face is not None}
    for where, card in screen.tiles_drawn:
        if card is not None and card.face is not None and where != "chain":
            assert card.face in faces, (where, card.face.name)


def no_hidden_face_named(label):
    """The check that no name or corner (``label``) of a card the player looking may not
    see is on the screen (``hidden_names``)."""

    def no_hidden_face_named(position) -> None:
        view = position.screen.session.view()
        for name in hidden_names(position.screen.session.game, view.seat, label):
            assert name not in position.text, f"hidden {name!r} on screen:\n{position.text}"

    return no_hidden_face_named


def tiles_show_seen_faces(position) -> None:
    """``check_tiles`` on a walk's position."""
    check_tiles(position.screen)


def cards_drawn_as_tiles(table_cards):
    """The check that every place ``table_cards(view, roomy)`` names is drawn as tiles."""

    def cards_drawn_as_tiles(position) -> None:
        screen = position.screen
        drawn = {where for where, _ in screen.tiles_drawn}
        missing = set(table_cards(screen.session.view(), screen.roomy)) - drawn
        assert not missing, f"not drawn as tiles: {missing}"

    return cards_drawn_as_tiles


def table_uncut(position) -> None:
    """Roomy: no ``…`` and the table area's content spans 85% of its columns and 75% of its
    rows (``body_box``); compact: nothing reaches past the table area (``cut_widgets``)."""
    screen, text = position.screen, position.text
    if screen.roomy:
        assert ELLIPSIS not in text, text
        cols, rows = body_box(position.app, screen)
        assert cols >= 0.85 and rows >= 0.75, f"{cols:.2f} of the columns, {rows:.2f} of the rows at {position.size}:\n{text}"
    else:
        assert not cut_widgets(screen), cut_widgets(screen)


def cold_war_cards(view, roomy):
    places = {"hand:left", "hand:right", "discard"}
    if roomy:
        places |= {f"collection:{s}" for s in (0, 1) if view.zone(f"collection:{s}").count}
        if view["trail"]:
            places.add("chain")
    return places


NAMES_WALKED = {("cold-war", 2): (SIZES[1:], MOVES), ("combat-cards", 3): (SIZES, MOVES)}
"""The walks below that also run ``test_public_names``' check (``names_whole``): game and
players, with the sizes and the moves walked (that file's ``WALKED_WITH_THE_TILE_CHECKS``)."""


async def walk_and_check(game: str, size, label, table_cards, extra=None) -> None:
    """Walk ``game`` at ``size`` and run on every table screen this file's checks
    (``no_hidden_face_named``, ``tiles_show_seen_faces``, ``cards_drawn_as_tiles``,
    ``table_uncut``, then ``extra``), test_layout_sizes' check of that size (``layout_check``:
    ``LAYOUT_WALKS``) and, for the games and sizes of ``NAMES_WALKED``,
    test_public_names' ``names_whole``: the game is played and drawn once for the three files."""
    request = GAMES[game]
    checks = [no_hidden_face_named(label), tiles_show_seen_faces, cards_drawn_as_tiles(table_cards), table_uncut]
    checks += [extra] if extra is not None else []
    checks.append(layout_check(size))
    if size in NAMES_WALKED.get((game, len(request.players)), ((), 0))[0]:
        checks.append(names_whole)
    app = make_app(request)
    walked = Checks(app, size, checks)
    async with app.run_test(size=size) as pilot:
        async for screen in walk(app, pilot):
            walked.run(screen)
    assert walked.positions >= 20
    walked.assert_clean()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_cold_war_table_at_every_size(size):
    from cardtable.games.cold_war import short

    await walk_and_check("cold-war", size, short, cold_war_cards)


async def test_cold_war_click_on_a_hand_picks_it():
    """At the SPY's pick, a click on the TARGET's right hand reveals the right card."""
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "4", "1", "5")  # hand-over, glance, bet, reaction: the pick
        await pilot.pause()
        screen = table_of(app)
        assert screen.session.visible_decision().kind == "pick"
        moves = screen.session.game.moves
        await pilot.click("#cw-right-card", offset=(4, 4))
        await pilot.pause()
        game = table_of(app).session.game
        assert game.moves == moves + 1
        assert any("picks the right card" in e.text for e in game.log.entries), [e.text for e in game.log.entries]


async def test_a_card_standing_for_several_options_marks_them():
    """A click that matches several options plays none and marks them in the panel."""
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        assert await until(pilot, lambda: isinstance(app.screen, TableScreen) and not app.screen._handoff_pending)
        screen = table_of(app)
        panel = screen.query_one(DecisionPanel)
        two = [panel.actions[1], panel.actions[3]]
        moves = screen.session.game.moves
        screen.choose_by_card(two)
        await pilot.pause()
        assert screen.session.game.moves == moves
        options = panel.query_one("#decision-options")
        marked = [i for i in range(options.option_count) if PICK_MARK in str(options.get_option_at_index(i).prompt)]
        assert marked == [1, 3]
        assert options.highlighted == 1
        screen.redraw()  # a redraw of the same decision (a box settling at its size) keeps the marks
        await pilot.pause()
        marked = [i for i in range(options.option_count) if PICK_MARK in str(options.get_option_at_index(i).prompt)]
        assert marked == [1, 3] and options.highlighted == 1


def bloops_cards(view, roomy):
    places = {f"area:{s}" for s in range(len(view.players)) if view.zone(f"area:{s}").count}
    return places | {name for name in ("draw", "discard", "drawn") if view.zone(name).count}


def bloops_faces_seen(position) -> None:
    """Every face a Bloops table draws may be seen by the player looking."""
    screen = position.screen
    for zone, place in screen.faces_drawn:
        cards = screen.session.game.zones[zone]
        card = cards.top if place == 0 else cards.cards[place - 1]
        assert card.visible_to(screen.session.view().seat), (zone, place)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_bloops_table_at_every_size(size):
    await walk_and_check("bloops", size, lambda d: d.name, bloops_cards, bloops_faces_seen)


async def test_bloops_header_keeps_long_names_and_the_table_spans_the_screen():
    """At 160×48 the areas spread over the screen and a 9-letter name is whole."""
    app = make_app(StartRequest(game="bloops", players=("Ann", "Bob", "Catherine"), seed=5))
    async with app.run_test(size=(160, 48)) as pilot:
        async for screen in walk(app, pilot, moves=4):
            text = "\n".join(screen_lines(app))
            assert "Catherine" in text and ELLIPSIS not in text
            assert max(w.region.right for w in screen.query(".bl-area")) > 150


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_bloops_click_on_an_own_card_keeps_the_drawn_card_there(size):
    """On the drawn card's decision, a click on position 2 of one's own area keeps it there;
    a click on the discard pile, another time, discards it."""
    app = make_app(StartRequest(game="bloops", players=("Ann", "Bob"), seed=5))
    async with app.run_test(size=size) as pilot:
        async for screen in walk(app, pilot, moves=40):
            decision = screen.session.visible_decision()
            if decision.kind != "drawn":
                continue
            game = screen.session.game
            seat = decision.seat
            moves = game.moves
            area = screen.query_one(f"#bl-area-{seat}")
            cell_w, cell_h = area._cell
            left = area.content_region.x - area.region.x
            if screen.roomy:
                left += max(0, (area.content_region.width - max(len(l) for l in area._text.plain.split("\n"))) // 2)
            top = area.content_region.y - area.region.y
            await pilot.click(f"#bl-area-{seat}", offset=(left + cell_w + 2, top + 1 + cell_h // 2))
            await pilot.pause()
            assert game.moves == moves + 1
            assert any("at position 2" in e.text and "keeps" in e.text for e in game.log.entries[-3:]), [e.text for e in game.log.entries[-3:]]
            return
        raise AssertionError("no drawn-card decision in the walk")


def combat_cards_cards(view, roomy):
    places = {f"warband:{s}" for s in range(len(view.players)) if view.zone(f"warband:{s}").count}
    if view.seat is not None:
        places.add(f"hand:{view.seat}")
    return places


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_combat_cards_table_at_every_size(size):
    await walk_and_check("combat-cards", size, lambda d: d.name, combat_cards_cards)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_combat_cards_clicks_on_the_hand_build_and_lay_a_warband(size):
    """Clicks on hand cards put them into the warband (and out again); Enter lays it."""
    app = make_app(GAMES["combat-cards"])
    async with app.run_test(size=size) as pilot:
        async for screen in walk(app, pilot, moves=5):
            if screen.building() is None:
                continue
            decision = screen.building()
            action = next(a for a in decision.actions if a.type == "warband")
            first = action["cards"][0]
            await pilot.click(f"#cc-card-{first}")
            await pilot.click(f"#cc-card-{first}")
            assert screen.selected == set()
            for i in action["cards"]:
                await pilot.click(f"#cc-card-{i}")
            assert screen.selected == set(action["cards"])
            game = screen.session.game
            moves = game.moves
            await pilot.press("enter")
            await pilot.pause()
            assert game.moves == moves + 1
            return
        raise AssertionError("no warband to build in the walk")


def test_bloops_card_clicks_stand_for_the_right_options():
    """A card of an area stands for its position when the decision is about that area, for
    its player otherwise; the discard pile and the drawn card for the discard."""
    from cardtable.ui.games.bloops import actions_for_card

    keep = [Action.of("discard", "Discard"), *(Action.of("keep", f"Keep {p}", position=p) for p in (1, 2, 3))]
    assert actions_for_card(keep, ("area", 0, 2), "drawn", 0, None) == [keep[2]]
    assert actions_for_card(keep, ("area", 1, 2), "drawn", 0, None) == []  # not the active player's area
    assert actions_for_card(keep, ("discard",), "drawn", 0, None) == [keep[0]]
    window = [Action.of("pass", "Nobody", seat=0), Action.of("claim", "Ann claims", seat=0), Action.of("claim", "Bob claims", seat=1)]
    assert actions_for_card(window, ("area", 1, 4), "window", 0, None) == [window[2]]
    peek = [Action.of("peek", f"Position {p}", position=p) for p in (1, 2)]
    assert actions_for_card(peek, ("area", 2, 1), "peek-position", 0, 2) == [peek[0]]
    assert actions_for_card(peek, ("area", 1, 1), "peek-position", 0, 2) == []
    give = [Action.of("give", "Bob", target=1), Action.of("give", "Cat", target=2)]
    assert actions_for_card(give, ("area", 2, 5), "give", 0, None) == [give[1]]
    counter = [Action.of("counter", "Position 3", seat=1, position=3), Action.of("withdraw", "Cancel", seat=1)]
    assert actions_for_card(counter, ("area", 1, 3), "counter", 0, None) == [counter[0]]
    assert actions_for_card(counter, ("area", 0, 3), "counter", 0, None) == []


async def test_two_player_bloops_at_120_by_40_shows_the_first_look():
    """The fresh tester's finding: with two players the roomy boxes were a third of the
    width each while their tiles were sized for half, so the grid broke and Ann's first look
    showed only card backs."""
    app = make_app(StartRequest(game="bloops", players=("Ann", "Bob"), seed=11))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        game = app.screen.session.game
        lines = screen_lines(app)
        ann_side = [line[: len(line) // 2] for line in lines]
        for card in game.zones["area:0"].cards[3:6]:
            corner = str(card.defn.value)
            assert any(f"┃ {corner} " in row for row in ann_side), (corner, "\n".join(lines))  # a cell inside the border (TEXT_PAD)
        assert all(line.count("╭─1") <= 2 for line in lines), "one row of three tiles per box"


def test_every_bloops_effect_reads_as_words_on_its_tile():
    from cardtable.engine import load_cards
    from cardtable.ui.games.bloops import effect_words

    words = {effect_words(d) for d in load_cards("bloops").cards if d.get("effect")}
    assert words and all("_" not in w for w in words), words
    assert "ends game" in words


async def test_cold_war_header_is_never_cut_at_80_by_24():
    """The fresh tester's finding: with longer names the header ended 'Collected: Ann 0 ·
    Computer 2' with no count. Now the collected counts are shown whole or left to the table."""
    app = make_app(StartRequest(game="cold-war", players=("Annabelle", "Bartholomew"), seed=11))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        header = screen_lines(app)[1]
        assert "Breaches" in header
        assert "Collected" not in header or header.rstrip().endswith("Bartholomew 0"), header


def _region_lines(app, region) -> list[str]:
    return [line[region.x : region.right] for line in screen_lines(app)[region.y : region.bottom]]


BESIDE_THE_LOG = {
    (120, 40): StartRequest(game="combat-cards", players=("Ann", "Bob", "Cat"), seed=5, options={"deck": ("orks", "dark-eldar", "chaos-space-marines")}),
    (80, 24): StartRequest(game="combat-cards", players=("Annabelle", "Bartholomew", "Catherine", "Dominic"), seed=5),
}


@pytest.mark.parametrize("size", list(BESIDE_THE_LOG), ids=lambda s: f"{s[0]}x{s[1]}")
async def test_combat_cards_beside_the_log_cuts_no_word(size):
    """The fresh tester with the log open: at 120×40 a hand card's band read "light gre"
    (the narrowed cards had no room for it in their border); at 80×24 the hint under the
    hand lost its last line "it." and the status cut a tie-break's line ("rounds ·…"). Every
    hand card now shows its band and every word of its name whole, the hint is a whole
    sentence, and nothing in the table area is cut with "…". Once warbands were laid at
    80×24 the four players' table took three lines a player and the acting player's last
    hand cards and the hint lay under the decision panel: every hand card is now in the
    table area."""
    app = make_app(BESIDE_THE_LOG[size])
    seen = 0
    async with app.run_test(size=size) as pilot:
        opened = False
        async for screen in walk(app, pilot, moves=24 if size == (80, 24) else 8):
            if not opened:
                await pilot.press("l")
                await pilot.pause()
                opened = True
            await pilot.pause()
            body = screen.query_one("#table-body").region
            area = "\n".join(_region_lines(app, body))
            assert "…" not in area.replace("choosing a warband…", ""), area
            if screen.session.view().seat is None:
                continue
            for card in screen.query(HandCard):
                if card.face is None:
                    continue
                # the acting player's whole hand above the decision panel (four players' table
                # at 80×24 beside the log took three lines a player and pushed it under)
                assert body.contains_region(card.region), f"move {screen.session.game.moves}: {card.face.name} hidden\n{area}"
                drawn = " ".join(_region_lines(app, card.region)).replace("-  ", "").replace("- ", "")
                words = " ".join(drawn.translate(str.maketrans("╭╮╰╯─│┏┓┗┛━┃", " " * 12)).split())
                for word in (*card.face.name.split(), card.face.colour or ""):
                    assert word in words.split() or word in words, (word, words)
            builder = screen.query_one("#cc-builder").region.intersection(body)  # the rows of it one sees
            hint = " ".join(" ".join(_region_lines(app, builder)).split())
            if not screen.selected and builder.height:
                assert hint.endswith("."), f"move {screen.session.game.moves}: the hint is cut: {hint!r}\n{area}"
            seen += 1
    assert seen >= 4
