"""Black Ops' and Combat Cards' tables beside a docked panel, at 200×60 and at 80×24 (the
fresh tester's findings of issue 14):

* with F1's keys panel or the log open at 120×40 every seat (and every card of the hand)
  stands left of the panel, whole: the table is drawn again for the columns left;
* at 200×60 the seats share the width instead of leaving a third of the screen empty;
* at 80×24 Black Ops' seats stand in seat order, each in the same place all game;
* Combat Cards keeps each box's "Hand · N cards" line with five or six players and the
  Army column at 80×24 once warbands are laid.
"""

from __future__ import annotations

import pytest
from test_layout_sizes import _region_text, random_walk

from cardtable.engine.registry import default_names
from cardtable.ui import StartRequest, make_app
from cardtable.ui.testing import screen_lines, settled_lines


def _panel(screen, which: str):
    return screen.query_one("HelpPanel") if which == "f1" else screen.query_one("#log")


async def _open(pilot, which: str) -> None:
    await pilot.press("f1" if which == "f1" else "l")
    for _ in range(6):
        await pilot.pause(0.05)


async def _settle(pilot) -> None:
    for _ in range(6):
        await pilot.pause(0.05)


async def _walked(app, size: tuple[int, int], check, moves: int) -> int:
    """Run ``app`` at ``size`` for a random walk of ``moves`` moves, ``check(screen)`` on
    every table screen; returns how many were checked."""
    async with app.run_test(size=size) as pilot:
        return await random_walk(app, pilot, check, moves=moves)


async def _to_table(app, pilot):
    """Press Enter through privacy screens and news until the table is on top, its
    hand-over done; returns the table screen."""
    from cardtable.ui.table import TableScreen

    for _ in range(40):
        await pilot.pause(0.05)
        screen = app.screen
        if isinstance(screen, TableScreen):
            if not screen._handoff_pending:
                return screen
            continue
        await pilot.press("enter")
    raise AssertionError(f"no table on top: {type(app.screen).__name__}")


# ---------------------------------------------------------------- Black Ops


def _seat_tiles(screen):
    from cardtable.ui.games.black_ops import PlayerTile, SeatTile

    kind = SeatTile if screen.has_class("-roomy") else PlayerTile
    return [t for t in screen.query(kind) if t.seat is not None and t.display and t.is_attached]


@pytest.mark.parametrize("which", ["f1", "log"])
@pytest.mark.parametrize("players", [2, 4, 8])
async def test_black_ops_seats_stand_whole_beside_an_open_panel(players, which):
    """At 120×40 with F1 or the log open, eight players lost the fourth column of seats and
    two players' rival box was cut. Now every seat's box lies left of the panel, whole and
    apart from the others; closing the panel brings the four columns back."""
    app = make_app(StartRequest(game="black-ops", players=default_names(players), seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await random_walk(app, pilot, lambda screen: None, moves=3)
        screen = await _to_table(app, pilot)
        await _open(pilot, which)
        panel = _panel(screen, which)
        tiles = _seat_tiles(screen)
        assert sorted(t.seat for t in tiles) == list(range(players))
        for tile in tiles:
            region = tile.region
            assert region.width >= 18 and region.right <= panel.region.x, (tile.seat, region, panel.region)
        regions = [t.region for t in tiles]
        assert all(not a.overlaps(b) for i, a in enumerate(regions) for b in regions[i + 1 :]), regions
        lines = screen_lines(app)
        for tile in tiles:  # the name in the border is drawn, the right border too
            inside = _region_text(lines, tile.region)
            assert screen.session.game.players[tile.seat] in inside[0], inside[0]
            assert all(row.rstrip()[-1:] in "│┃║╮╯┓┛╗╝" for row in inside if row.strip()), inside
        await _open(pilot, which)  # closed again: the table has the whole width back
        await _settle(pilot)
        assert screen.has_class("-roomy")
        rows = {t.region.y for t in _seat_tiles(screen)}
        assert len(rows) == -(-players // 4), rows


@pytest.mark.parametrize("players", [2, 3])
async def test_black_ops_seats_share_the_width_at_200x60(players):
    """At 200×60 two or three seat boxes stayed 50 columns wide, a third of the screen
    empty. Now the row of seats spans the table area, and the Load Outs are drawn larger
    than at 120×40 (taller than 11 lines)."""
    from cardtable.ui.games.black_ops import SeatTile

    app = make_app(StartRequest(game="black-ops", players=default_names(players), seed=3))
    def check(screen) -> None:
        tiles = [t for t in screen.query(SeatTile) if t.seat is not None]
        area = screen.query_one("#table-body").region
        span = max(t.region.right for t in tiles) - min(t.region.x for t in tiles)
        assert span >= 0.95 * area.width, (span, area.width)
        assert all(t.card_height > 11 for t in tiles), [t.card_height for t in tiles]

    assert await _walked(app, (200, 60), check, moves=5) >= 4


@pytest.mark.parametrize("players", [3, 4, 6])
async def test_black_ops_compact_seats_stay_in_seat_order_all_game(players):
    """At 80×24 the seats ran in reverse seat order and moved whenever the deal passed on.
    Now seat 1 stands leftmost on the first row, the others follow in seat order (row by
    row), and each player's box keeps its place through the rounds; the dealer and the
    players to act are marked instead (◆, the heavy border)."""
    app = make_app(StartRequest(game="black-ops", players=default_names(players), seed=4))
    places: dict[int, tuple[int, int]] = {}
    dealers: set[int] = set()

    def check(screen) -> None:
        tiles = sorted(_seat_tiles(screen), key=lambda t: t.seat)
        assert [t.seat for t in tiles] == list(range(players))
        ring = screen.query_one("#bo-ring").region  # below the Event's one or two lines
        spots = [(t.region.y - ring.y, t.region.x - ring.x) for t in tiles]
        assert spots == sorted(spots), spots  # seat order, row by row, left to right
        for tile in tiles:
            assert places.setdefault(tile.seat, spots[tile.seat]) == spots[tile.seat], tile.seat
        game = screen.session.game
        dealers.add(game.dealer)
        dealer = next(t for t in tiles if t.seat == game.dealer)
        assert str(dealer.border_title).startswith("◆")
        decision = screen.session.visible_decision()
        for tile in tiles:
            assert tile.has_class("acting") == (tile.seat in decision.seats)

    await _walked(app, (80, 24), check, moves=60)
    assert len(dealers) >= 2, "the deal never passed on"


# ---------------------------------------------------------------- Combat Cards


def _cc_app(players: int, seed: int = 11):
    return make_app(StartRequest(game="combat-cards", players=default_names(players), seed=seed))


@pytest.mark.parametrize("which", ["f1", "log"])
@pytest.mark.parametrize("players", [3, 4])
async def test_combat_cards_boxes_and_hand_stand_whole_beside_an_open_panel(players, which):
    """At 120×40 with F1 or the log open, "draw pile 30" was cut off the players' boxes and
    the fifth card of the hand was cut. Now every box and all five cards lie left of the
    panel, each box says its draw pile whole, and nothing runs under the decision panel."""
    from cardtable.ui.games.combat_cards import HandCard

    app = _cc_app(players)
    checked = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await random_walk(app, pilot, lambda screen: None, moves=players - 1)
        screen = await _to_table(app, pilot)
        assert screen.building() is not None and screen.session.view().seat is not None
        await _open(pilot, which)
        panel = _panel(screen, which).region
        lines = screen_lines(app)
        view = screen.session.view()
        for seat in range(players):
            box = screen.query_one(f"#cc-band-{seat}").region
            assert box.right <= panel.x, (seat, box, panel)
            said = " ".join(" ".join(_region_text(lines, box)).split())
            assert f"draw pile {view.zone(f'draw:{seat}').count}" in said, said
            checked += 1
        cards = [c for c in screen.query(HandCard) if c.display]
        assert len(cards) == 5
        decision = screen.query_one("#decision").region
        for card in cards:
            assert card.region.right <= panel.x and card.region.bottom <= decision.y, (card.index, card.region, panel)
            inside = _region_text(lines, card.region)
            assert inside[0].rstrip().endswith("╮") and inside[-1].rstrip().endswith("╯"), inside
    assert checked == players


async def test_combat_cards_four_players_share_one_row_at_200x60():
    """At 200×60 each of four players' boxes (two rows of two) had some 60 empty columns.
    Now the four boxes stand in one row across the screen, their warbands as tiles side by
    side (narrower tiles rather than fanned)."""
    app = _cc_app(4)
    def check(screen) -> None:
        boxes = [screen.query_one(f"#cc-band-{seat}").region for seat in range(4)]
        assert len({b.y for b in boxes}) == 1, boxes
        assert max(b.right for b in boxes) - min(b.x for b in boxes) >= 0.95 * 200, boxes
        lines = screen_lines(app)
        view = screen.session.view()
        for seat, box in enumerate(boxes):
            laid = [c for c in view.zone(f"warband:{seat}").cards if c is not None]
            if 1 < len(laid) <= 3:
                assert "╮╭" not in "\n".join(_region_text(lines, box)), seat  # not fanned

    assert await _walked(app, (200, 60), check, moves=8) >= 6


@pytest.mark.parametrize("players", [5, 6])
async def test_combat_cards_boxes_keep_the_hand_line_with_five_or_six_players(players):
    """At 120×40 with five or six players the boxes dropped their "Hand · N cards" line
    (no room for the cards' backs). The line stays, with each player's number of cards."""
    app = _cc_app(players)
    def check(screen) -> None:
        lines = screen_lines(app)
        view = screen.session.view()
        for seat in range(players):
            box = screen.query_one(f"#cc-band-{seat}").region
            held = view.zone(f"hand:{seat}").count
            said = " ".join(" ".join(_region_text(lines, box)).split())
            assert f"Hand · {held} card{'' if held == 1 else 's'}" in said, (seat, said)

    assert await _walked(app, (120, 40), check, moves=8) >= 6


@pytest.mark.parametrize("players", [2, 4])
async def test_combat_cards_army_column_stays_at_80x24_once_warbands_are_laid(players):
    """At 80×24 the Army column went as soon as a warband was laid (its names took the
    room). It stays, narrower when it must, with every player's army on their line."""
    from cardtable.ui.games import combat_cards

    short, narrow = combat_cards.SHORT_ARMIES, getattr(combat_cards, "NARROW_ARMIES", {})

    app = _cc_app(players, seed=6)
    laid = 0

    def check(screen) -> None:
        nonlocal laid
        view = screen.session.view()
        table = screen.query_one("#cc-table").region
        rows = _region_text(screen_lines(app), table)
        assert "Army" in rows[0].split(), rows[0]
        for seat, name in enumerate(view.players):
            row = next(r for r in rows[1:] if r[2:].startswith(name + " "))
            army = view["armies"][seat]
            assert short.get(army, army) in row or narrow.get(army, army) in row, row
        laid += any(view.zone(f"warband:{s}").count for s in range(players))

    await _walked(app, (80, 24), check, moves=12)
    assert laid >= 4


def _both_panels_region(screen):
    """The leftmost x of F1's keys panel and the log (both open)."""
    return min(_panel(screen, "f1").region.x, _panel(screen, "log").region.x)


@pytest.mark.parametrize("players", [2, 4, 6])
async def test_combat_cards_table_and_hand_stay_whole_beside_both_panels(players):
    """At 120×40 with F1's keys panel and the log both open the player's own hand was off
    screen (and with four players the table froze: the count of boxes a row never went
    below two). Now the table reflows to the 36 columns it has: every player's line with
    their draw pile, and the five cards of the hand, each whole (value, name, band) on a
    line of its own, left of the panels and above the decision panel, still chosen by key."""
    from cardtable.ui.games.combat_cards import HandCard

    app = _cc_app(players)
    async with app.run_test(size=(120, 40)) as pilot:
        await random_walk(app, pilot, lambda screen: None, moves=players - 1)
        screen = await _to_table(app, pilot)
        assert screen.building() is not None
        await _open(pilot, "f1")
        await _open(pilot, "log")
        lines = await settled_lines(app, pilot)
        left = _both_panels_region(screen)
        decision = screen.query_one("#decision").region
        view = screen.session.view()
        area = _region_text(lines, screen.query_one("#table-body").region)
        said = "\n".join(area)
        for seat, name in enumerate(view.players):
            row = next((r for r in area if r.lstrip(" ▶★=").startswith(name + " ")), None)
            assert row is not None and str(view.zone(f"draw:{seat}").count) in row.split(), (name, said)
        cards = [c for c in screen.query(HandCard) if c.display]
        assert len(cards) == 5
        for card in cards:
            region = card.region
            assert region.right <= left and region.bottom <= decision.y and region.height >= 1, (card.index, region, left, decision)
            inside = " ".join(_region_text(lines, region))
            assert f"{card.face.value} {card.face.name}" in inside and card.face.colour in inside, (inside, card.face.name)
        first = cards[0].face
        await pilot.press("1")  # the hand is usable: the first card goes into the warband
        await _settle(pilot)
        assert 0 in screen.selected
        assert "✓ IN" in " ".join(_region_text(screen_lines(app), cards[0].region)), first.name


def _deck_counts_said(screen, lines) -> None:
    """The compact Black Ops table says every deck's count (public: the roomy layout's
    decks box shows them too)."""
    view = screen.session.view()
    text = " ".join(" ".join(lines).split())
    for label, zone in (("Load Out", "loadout-deck"), ("Care Package", "cp-deck"), ("Event", "event-deck")):
        assert f"{label} {view.zone(zone).count}" in text, (label, text)


@pytest.mark.parametrize("players", [5, 8])
async def test_black_ops_seats_whole_beside_both_panels(players):
    """At 120×40 with F1's keys panel and the log both open, five to eight players' tiles
    were 9 cells wide: names cut to "Co…", "face down" to "face do". Now the compact
    layout puts fewer tiles in a row (``ring_columns``): every name is whole in its tile's
    border, no tile has a "…" or a cut word, and the deck counts are on the table."""
    from cardtable.ui.games.black_ops import PlayerTile

    app = make_app(StartRequest(game="black-ops", players=[f"Computer {i + 1}" if i else "Ann" for i in range(players)], seed=3))
    checked = 0

    def check(screen) -> None:
        nonlocal checked
        lines = screen_lines(app)
        left = _both_panels_region(screen)
        tiles = [t for t in screen.query(PlayerTile) if t.seat is not None and t.display]
        assert sorted(t.seat for t in tiles) == list(range(players))
        for tile in tiles:
            region = tile.region
            assert region.right <= left and region.width >= 18, (tile.seat, region, left)
            inside = _region_text(lines, region)
            assert screen.session.game.players[tile.seat] in inside[0], inside[0]
            body = "\n".join(inside)
            assert "…" not in body, body
            assert all(("face do" not in row) or ("face down" in row) for row in inside), body
        _deck_counts_said(screen, _region_text(lines, screen.query_one("#table-body").region))
        checked += 1

    async with app.run_test(size=(120, 40)) as pilot:
        await random_walk(app, pilot, lambda screen: None, moves=1)
        await _to_table(app, pilot)
        await _open(pilot, "f1")
        await _open(pilot, "log")
        await random_walk(app, pilot, check, moves=12, settle=True)
    assert checked >= 8


@pytest.mark.parametrize("players", [3, 8])
async def test_black_ops_compact_layout_shows_the_deck_counts(players):
    """At 80×24 the compact layout never said how many cards the Load Out, Care Package
    and Event decks hold (the roomy layout's decks box does; they are public). Now a line
    under the ring says them on every screen."""
    app = make_app(StartRequest(game="black-ops", players=default_names(players), seed=4))

    def check(screen) -> None:
        assert not screen.has_class("-roomy")
        _deck_counts_said(screen, _region_text(screen_lines(app), screen.query_one("#table-body").region))

    assert await _walked(app, (80, 24), check, moves=10) >= 8


async def test_black_ops_table_narrows_under_f1_opened_over_the_news():
    """F1 pressed while the "Just happened" box was up opened the keys panel over the
    table, which kept its full width: its right-hand seats ran on under the panel. Now the
    table beneath is drawn for the columns the panel leaves it, and has them back when the
    box goes."""
    from cardtable.ui.news import NewsScreen
    from cardtable.ui.table import TableScreen

    app = make_app(StartRequest(game="black-ops", players=default_names(4), seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await random_walk(app, pilot, lambda screen: None, moves=3)
        await _to_table(app, pilot)
        news = NewsScreen(["Ann reveals 11 Sniper Rifle."], "Bob")
        await app.push_screen(news)
        await _settle(pilot)
        table = next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))
        assert table.query_one("#bo-area").region.right > 100  # the whole width, before F1
        await pilot.press("f1")
        await _settle(pilot)
        await settled_lines(app, pilot)
        panel = news.query_one("KeysPanel").region
        area = table.query_one("#bo-area").region
        assert area.right <= panel.x, (area, panel)
        for tile in _seat_tiles(table):
            assert tile.region.right <= panel.x, (tile.seat, tile.region, panel)
        await pilot.press("enter")  # the box goes (with its panel): the width comes back
        await _settle(pilot)
        await settled_lines(app, pilot)
        assert table.query_one("#bo-area").region.right > 100


async def test_black_ops_roomy_seats_pad_the_power_and_line_up_the_cards():
    """At 120×40 the Specialist's power ran up to the box's right border, and a power
    wrapped on fewer lines put that seat's Load Out card higher than its neighbours'. Now
    a cell of padding keeps the text off the border, and every seat's card starts on the
    same row."""
    app = make_app(StartRequest(game="black-ops", players=default_names(4), seed=3))
    checked = 0

    def check(screen) -> None:
        nonlocal checked
        if not screen.has_class("-roomy"):
            return
        lines = screen_lines(app)
        tops = set()
        for tile in _seat_tiles(screen):
            inside = _region_text(lines, tile.region)
            for row in inside[1:-1]:  # between the top and the bottom border
                assert len(row) >= tile.region.width and row[tile.region.width - 2] == " ", inside
            top = next(i for i, row in enumerate(inside[1:-1]) if row[2:3] in "╭┏┌")
            tops.add(top)
        assert len(tops) == 1, tops
        checked += 1

    assert await _walked(app, (120, 40), check, moves=8) >= 1
    assert checked >= 4


# ---------------------------------------------------------------- Bloops


_BLOOPS_PANELS = [
    pytest.param(players, which, size, id=f"{which}-{players}-{size[0]}x{size[1]}")
    for size in [(120, 40), (80, 24)]
    for players in [2, 3, 6]
    for which in ["f1", "log"]
] + [pytest.param(players, "both", (120, 40), id=f"both-{players}-120x40") for players in [3, 6]]


@pytest.mark.parametrize("players, which, size", _BLOOPS_PANELS)
async def test_bloops_areas_stand_whole_beside_an_open_panel(players, which, size):
    """The fresh tester at 120×40: with the log or F1 open, every area's cards were still
    drawn for the whole screen, so each row of three broke in two and positions 4–6 were
    never drawn. Now the areas are drawn for the columns the panel leaves: every area shows
    positions 1 to 6, each row of three on one line, left of the panel. At 80×24 the log
    covered the acting player's own area (the compact table kept its width): now the piles
    stand above the areas, which stand as many a row as fit, every area whole above the
    decision panel, and the piles' counts are on screen. With F1 and the log both open at
    120×40 (37 columns left) the roomy layout was still drawn: each area's cards a single
    unlabelled column, the discard pile's top card cut off and the drawn card gone; now
    the compact layout reflows there too (``BloopsTable.ROOMY_WIDTH``)."""
    import re

    app = make_app(StartRequest(game="bloops", players=default_names(players), seed=3))
    async with app.run_test(size=size) as pilot:
        await random_walk(app, pilot, lambda screen: None, moves=players + 1)
        screen = await _to_table(app, pilot)
        if which == "both":
            await _open(pilot, "log")
            await _open(pilot, "f1")
            panel_x = _both_panels_region(screen)
        else:
            await _open(pilot, which)
            panel_x = _panel(screen, which).region.x
        lines = await settled_lines(app, pilot)
        view = screen.session.view()
        for seat in range(players):
            area = screen.query_one(f"#bl-area-{seat}")
            assert area.region.right <= panel_x, (seat, area.region, panel_x)
            assert area.region.bottom <= screen.query_one("#decision").region.y, (seat, area.region)
            rows = _region_text(lines, area.region)
            assert len(rows) == area.region.height and any(view.players[seat][:8] in row for row in rows[:2]), (seat, rows)
            cards = len(view.zone(f"area:{seat}").cards)
            for first in range(1, cards + 1, 3):
                positions = range(first, min(first + 3, cards + 1))
                heads = [rf"─{n}─|(^|\s){n} [▒ ·\w]" for n in positions]
                assert any(all(re.search(h, row) for h in heads) for row in rows), (seat, first, "\n".join(rows))
        table = "\n".join(line[:panel_x] for line in lines)
        assert f"{view.zone('draw').count}" in table and "Draw" in table and "Discard" in table, table
        last = screen.query_one("#bl-last")
        if view["last"] and not screen.has_class("-roomy") and last.region.bottom <= screen.query_one("#decision").region.y:
            # on screen (six players' areas may leave it no line): the event whole, or visibly cut ("…")
            said = " ".join(row.strip() for row in _region_text(lines, last.region) if row.strip())
            assert said.endswith(view["last"]) or (said.endswith("…") and said.startswith("Last: ")), (said, view["last"])
        if which == "both":  # the piles stand whole: the drawn card's place and the discard pile's top
            from cardtable.games.bloops import card_text

            piles = screen.query_one("#bl-piles")
            assert piles.display and piles.region.right <= panel_x and "Drawn" in table, table
            top = view.zone("discard").top
            assert top is not None and top.face is not None
            assert any(card_text(top.face) in row for row in _region_text(lines, piles.region)), table


def test_bloops_last_event_shorter_forms():
    """The compact Bloops table's last event (``last_event``): whole on the lines it has,
    without "Last: " when only that fits, else its first lines ending in "…" — never cut
    mid-phrase without a mark, and never wider than its width."""
    from rich.console import Console

    from cardtable.ui.games.bloops import last_event

    console = Console(width=200)
    event = "Computer 3 discards from position 5: a 0."
    assert last_event(event, 36, 2, console).plain == "Last: Computer 3 discards from\nposition 5: a 0."
    assert last_event(event, 42, 1, console).plain == event
    cut = last_event("Computer 3 gives Computer 2 the top card of the draw pile (position 4).", 36, 1, console).plain
    assert cut.startswith("Last: Computer 3") and cut.endswith("…") and len(cut) <= 36, cut
    assert last_event("", 36, 2, console).plain == ""


@pytest.mark.parametrize("players, size", [(3, (120, 40)), (6, (200, 60))], ids=["3-120x40", "6-200x60"])
async def test_bloops_roomy_boxes_in_a_row_are_equal(players, size):
    """The fresh tester saw the roomy areas' boxes unequal in a row (38/39/39 cells at
    120×40: ``1fr`` columns share the odd cells unevenly). Now every box is as wide as
    the others, and each row of boxes still spans the foot below it (the wider gutters
    take the odd cells; with three boxes one cell may be left at the end)."""
    app = make_app(StartRequest(game="bloops", players=default_names(players), seed=3))
    async with app.run_test(size=size) as pilot:
        screen = await _to_table(app, pilot)
        await settled_lines(app, pilot)
        assert screen.has_class("-roomy")
        boxes = [screen.query_one(f"#bl-area-{seat}").region for seat in range(players)]
        assert len({box.width for box in boxes}) == 1, boxes
        foot = screen.query_one("#bl-bottom").region
        for row in range(0, players, 3):
            assert boxes[row].x == foot.x and 0 <= foot.right - boxes[min(players, row + 3) - 1].right <= 1, (boxes, foot)


async def test_bloops_last_event_keeps_its_line_beside_the_log_with_penalty_cards():
    """The fresh tester at 80×24, six players, the log open: once penalty cards gave the
    areas a third row, the table and the option list (kept at three lines) took every row,
    and the last event (``#bl-last``) was pushed under the decision panel. The option list
    now yields the lines the table needs (it scrolls, down to one line), so the last event
    keeps its line above it on every screen of the walk where that is enough."""
    app = make_app(StartRequest(game="bloops", players=default_names(6), seed=11))
    problems: list[str] = []

    def check(screen) -> None:
        log = screen.query_one("#log")
        if not log.display or screen.has_class("-roomy"):
            return
        if screen.query_one("#decision-options").region.height <= 1:
            return  # the option list has yielded all it can: a five-line prompt may leave no line
        last, decision = screen.query_one("#bl-last").region, screen.query_one("#decision").region
        if not (last.height >= 1 and last.bottom <= decision.y):
            problems.append(f"move {screen.session.game.moves}: the last event at {tuple(last)}, the decision panel from row {decision.y}:\n" + "\n".join(screen_lines(app)))

    async with app.run_test(size=(80, 24)) as pilot:
        await _to_table(app, pilot)
        await _open(pilot, "log")
        checked = await random_walk(app, pilot, check, moves=40, seed=11)
    assert checked >= 30
    assert not problems, problems[0]
