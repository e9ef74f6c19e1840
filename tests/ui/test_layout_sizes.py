"""Every game's table at every size (issue 14, "Layouts that grow"): over the screens of a
seeded random walk of 30 moves through the real table (privacy screens and news passed):

* at 120×40 and 200×60: (a) no ``…`` anywhere on the table screen (nothing cut short), and
  (b) the table area's visible content (its non-blank cells, inside ``#table-body``) spans at
  least 85% of the screen's columns and 75% of the table area's rows: a roomy layout uses
  the room instead of leaving an 80-column block in the corner; at 200×60, (c) at most 15%
  of the table area's rows are wholly blank (``blank_rows``): the space is used, not left
  as a gap between a top block and a docked foot;
* at 80×24: nothing overflows: no widget is cut by the edge of the screen (a widget inside a
  scrolling container that lies on the screen may scroll; that is not cut), and an option
  whose text says "press X" is shown with the key X.

The checks themselves are tested on fake screens below (``test_the_checks_*``). They run as
``roomy_layout`` and ``compact_overflow`` inside walks that other checks take anyway
(``LAYOUT_WALKS``: one walk per game, players and size, ``walks.Checks``).
"""

from __future__ import annotations

import random
import re

import pytest
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Static

from cardtable.engine import games
from cardtable.engine.registry import default_names
from cardtable.ui import StartRequest, make_app
from cardtable.ui.testing import screen_lines, settled_lines, until
from walks import Checks

ROOMY_SIZES = ((120, 40), (200, 60))
MOVES = 30
MIN_COLUMNS = 0.85
MIN_ROWS = 0.75



def content_box(lines: list[str], area: Region) -> Region | None:
    """The smallest region holding every non-blank cell of ``lines`` inside ``area``
    (``None`` when the area is blank)."""
    xs: list[int] = []
    ys: list[int] = []
    for y in range(area.y, min(area.bottom, len(lines))):
        row = lines[y][area.x : area.right]
        stripped = row.strip()
        if stripped:
            left = len(row) - len(row.lstrip())
            xs += [area.x + left, area.x + len(row.rstrip()) - 1]
            ys.append(y)
    if not xs:
        return None
    return Region(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def spread_problem(lines: list[str], area: Region, width: int) -> str | None:
    """Why the content of ``area`` does not span ``MIN_COLUMNS`` of ``width`` columns and
    ``MIN_ROWS`` of the area's rows, or ``None`` when it does."""
    box = content_box(lines, area)
    if box is None:
        return "the table area is empty"
    if box.width < MIN_COLUMNS * width or box.height < MIN_ROWS * area.height:
        return f"the table's content spans {box.width}/{width} columns and {box.height}/{area.height} rows (needs {MIN_COLUMNS:.0%} and {MIN_ROWS:.0%})"
    return None


MAX_BLANK_ROWS = 0.15
"""At 200×60 at most this share of the table area's rows may be wholly blank."""


def blank_rows(lines: list[str], area: Region) -> int:
    """How many rows of ``area`` have no visible character at all (a box's border or a
    card's edge counts as drawn: the row is part of the table)."""
    return sum(1 for y in range(area.y, area.bottom) if not (lines[y][area.x : area.right].strip() if y < len(lines) else ""))


def cut_widgets(screen) -> list[str]:
    """The widgets of ``screen`` that reach past the edge of the screen (unless a scrolling
    container on the screen holds them), as ``"Type#id"`` strings."""
    whole = Region(0, 0, *screen.size)
    cut = []
    for widget, geometry in screen._compositor.full_map.items():
        if widget is screen or not widget.display or geometry.region.area == 0:
            continue
        if whole.contains_region(geometry.region):
            continue
        scrolled = any(
            getattr(ancestor, "is_scrollable", False) and ancestor.allow_vertical_scroll and whole.contains_region(ancestor.region)
            for ancestor in widget.ancestors
            if ancestor is not screen and hasattr(ancestor, "region")
        )
        if not scrolled:
            cut.append(f"{type(widget).__name__}#{widget.id or '?'} at {tuple(geometry.region)}")
    return cut


async def random_walk(app, pilot, check, moves: int = MOVES, seed: int = 7, settle: bool = False) -> int:
    """Play ``moves`` random moves through the screens, calling ``check(screen)`` on every
    table screen before its move (with ``settle``, once the screen has settled:
    ``settled_lines``); returns how many table screens were checked."""
    from cardtable.ui.gameover import GameOverScreen
    from cardtable.ui.news import NewsScreen
    from cardtable.ui.privacy import PrivacyScreen
    from cardtable.ui.table import TableScreen

    rng = random.Random(seed)
    checked = 0
    for _ in range(moves * 4):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen) or checked >= moves:
            break
        if isinstance(screen, (PrivacyScreen, NewsScreen)):
            await pilot.press("enter")
            continue
        assert isinstance(screen, TableScreen), type(screen).__name__
        decision = screen.session.visible_decision()
        if decision is None:
            break
        if settle:
            await settled_lines(app, pilot)
        check(screen)
        checked += 1
        action = decision.actions[rng.randrange(len(decision.actions))]
        for key in screen.keys_for(action):
            await pilot.press(key)
    return checked


LAYOUT_WALKS = {
    "cold-war": {"roomy": "test_cards_look", "80x24": "test_cards_look"},
    "bloops": {"roomy": "test_cards_look", "80x24": "test_cards_look"},
    "combat-cards": {"roomy": "test_cards_look", "80x24": "test_cards_look"},
    "fofl": {"roomy": "test_fofl_look", "80x24": "test_fofl_look"},
    "black-ops": {"roomy": "test_black_ops_look", "80x24": "test_layout_sizes"},
}
"""Where each game's roomy check (``roomy_layout``, at 120×40 and 200×60) and 80×24 check
(``compact_overflow``) run: inside a random walk of at least 30 moves that the named file
already plays for checks of its own at that size (Cold War, Bloops and Combat Cards: the tile
walks; FOFL: its table walk; Black Ops: the two-player roomy walk of its look file and the
two-player compact-hand walk below, ``BLACK_OPS_LAYOUT_PLAYERS``). One game played and drawn
once per size for the checks of both files, instead of twice (the suite's time, issue 13 item 8)."""

BLACK_OPS_LAYOUT_PLAYERS = 2
"""The player count of the Black Ops walks that run this file's layout checks (its fewest)."""


def roomy_problems(app, screen, size, lines: list[str] | None = None) -> list[str]:
    """At a roomy ``size`` (120×40, 200×60): what is wrong with the table screen now (a ``…``,
    content that does not span the screen, at 200×60 too many blank rows), one line each;
    ``lines``: the screen already read (``screen_lines``)."""
    problems = []
    lines = screen_lines(app) if lines is None else lines
    text = "\n".join(lines)
    if "…" in text:
        row = next(line for line in lines if "…" in line)
        problems.append(f"move {screen.session.game.moves}: '…' in {row.strip()!r}")
    body = screen.query_one("#table-body").region
    problem = spread_problem(lines, body, size[0])
    if problem:
        problems.append(f"move {screen.session.game.moves}: {problem}")
    blank = blank_rows(lines, body)
    if size == (200, 60) and blank > MAX_BLANK_ROWS * body.height:
        problems.append(f"move {screen.session.game.moves}: {blank} of the table's {body.height} rows are blank (at most {MAX_BLANK_ROWS:.0%})")
    return problems


def overflow_problems(screen) -> list[str]:
    """At 80×24: the widgets cut by the screen's edge and the options whose text says
    "press X" but are shown with another key, one line each."""
    problems = [f"move {screen.session.game.moves}: {widget} is cut by the screen's edge" for widget in cut_widgets(screen)]
    panel = screen.query_one("DecisionPanel")
    for action, key in zip(panel.actions, panel.keys):
        named = re.search(r"\bpress (\w+)", action.label, re.I)
        if named and named.group(1) != key:
            problems.append(f"option {action.label!r} is shown with the key {key!r}")
    return problems


def roomy_layout(position) -> list[str]:
    """The roomy check of a walk's position (``walks.Position``): ``roomy_problems``."""
    return roomy_problems(position.app, position.screen, position.size, position.lines)


def compact_overflow(position) -> list[str]:
    """The 80×24 check of a walk's position (``walks.Position``): ``overflow_problems``."""
    return overflow_problems(position.screen)


def layout_check(size: tuple[int, int]):
    """This file's check of a walk at ``size``: ``roomy_layout`` at 120×40 and 200×60,
    ``compact_overflow`` at 80×24."""
    return roomy_layout if size in ROOMY_SIZES else compact_overflow


def test_every_game_is_walked_at_every_size():
    """Each game's roomy and 80×24 checks run in the walk of the file ``LAYOUT_WALKS`` names:
    its source calls ``layout_check(size)`` or adds the check to a walk's checks; and
    ``fofl_hand_whole`` runs in the walk ``FOFL_HAND_WALK`` names."""
    import inspect
    from pathlib import Path

    here = Path(__file__).parent
    own = inspect.getsource(test_every_game_is_walked_at_every_size)
    assert set(LAYOUT_WALKS) == {cls.id for cls in games()}
    for game, owners in LAYOUT_WALKS.items():
        for where, check in (("roomy", "roomy_layout"), ("80x24", "compact_overflow")):
            text = (here / f"{owners[where]}.py").read_text(encoding="utf-8").replace(own, "")
            assert "layout_check(" in text or f"append({check})" in text, f"{owners[where]} does not run {game}'s {check}"
    owner, moves = FOFL_HAND_WALK
    assert "[fofl_hand_whole]" in (here / f"{owner}.py").read_text(encoding="utf-8") and moves >= 16, f"{owner} does not run fofl_hand_whole"


# ---------------------------------------------------------------- the checks, on fake screens
class _Fake(App[None]):
    """One screen: a table area ``#table-body`` holding ``pieces`` (CSS for each Static)."""

    def __init__(self, css: str) -> None:
        self.CSS = css
        super().__init__()

    def compose(self) -> ComposeResult:
        with Vertical(id="table-body"):
            yield Static("╭" + "─" * 8 + "╮", id="left")
            yield Static("right edge", id="right")
            yield Static("bottom line", id="bottom")


CORNER = "#table-body { height: 100%; } Static { width: auto; height: 1; }"
SPREAD = CORNER + " #right { offset: 105 0; } #bottom { offset: 0 35; }"
TOO_WIDE = "#table-body { height: 100%; } #left { width: 100; }"


async def test_the_checks_fail_a_table_left_in_the_corner():
    app = _Fake(CORNER)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        assert spread_problem(lines, app.screen.query_one("#table-body").region, 120) is not None


async def test_the_checks_pass_a_table_that_spans_the_screen():
    app = _Fake(SPREAD)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        box = content_box(lines, app.screen.query_one("#table-body").region)
        assert box is not None and box.width >= 0.85 * 120 and box.height >= 0.75 * 40
        assert spread_problem(lines, app.screen.query_one("#table-body").region, 120) is None
        assert cut_widgets(app.screen) == []


async def test_the_blank_rows_check_counts_only_empty_rows():
    app = _Fake(SPREAD)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        area = app.screen.query_one("#table-body").region
        assert blank_rows(lines, area) == area.height - 3  # three drawn lines, the rest a gap


async def test_the_checks_find_a_widget_cut_by_the_edge():
    app = _Fake(TOO_WIDE)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert any(cut.startswith("Static#left") for cut in cut_widgets(app.screen))


# ---------------------------------------------------------------- Cold War's names and last moves
def _region_text(lines: list[str], region: Region) -> list[str]:
    """The rows of ``lines`` inside ``region``, cut to its columns."""
    return [lines[y][region.x : region.right] if y < len(lines) else "" for y in range(region.y, region.bottom)]


@pytest.mark.parametrize("names", [("Alexandrinas", "Bartholomews"), ("Ann", "Bartholomews"), ("Bartholomew", "Ann")])
async def test_cold_war_compact_collections_show_long_names_whole(names):
    """At 80×24 each collection line names its player whole (names have up to 12 characters),
    and the row of cards still fits the screen."""
    app = make_app(StartRequest(game="cold-war", players=list(names), seed=11))
    seen = 0

    def check(screen) -> None:
        nonlocal seen
        lines = screen_lines(app)
        rows = _region_text(lines, screen.query_one("#cw-collections").region)
        for name, row in zip(names, [r for r in rows if r.strip()]):
            assert row.strip().startswith(name + " "), (name, rows)
        assert not any("…" in line for line in lines[: screen.query_one("#cw-info").region.y])
        assert cut_widgets(screen) == []
        seen += 1

    async with app.run_test(size=(80, 24)) as pilot:
        await random_walk(app, pilot, check, moves=12)
    assert seen >= 10


@pytest.mark.parametrize("size", [(120, 40), (200, 60)])
async def test_cold_war_last_moves_show_the_newest_move_whole(size):
    """The "Last moves" box ends with the newest public move, whole (wrapped over lines when
    long), after the older moves that still fit, in log order."""
    app = make_app(StartRequest(game="cold-war", players=["Alexandrinas", "Bartholomews"], seed=11))
    seen = 0

    def check(screen) -> None:
        nonlocal seen
        public = [e.text for e in screen.session.view().log if e.audience is None]
        if not public:
            return
        box = screen.query_one("#cw-moves").content_region
        rows = [row.strip() for row in _region_text(screen_lines(app), box)]
        rows = [row for row in rows if row.strip("─╭╮╰╯│ ")]  # a border row, when the foot has just grown
        assert rows[0] == "Last moves"
        text = " ".join(" ".join(rows[1:]).split())
        assert text.endswith(" ".join(public[-1].split())), (public[-1], rows)
        moves = [m.strip() for m in text.split("· ") if m.strip()]
        assert moves == [" ".join(p.split()) for p in public[-len(moves) :]]
        seen += 1

    async with app.run_test(size=size) as pilot:
        await random_walk(app, pilot, check, moves=16)
    assert seen >= 10


# ---------------------------------------------------------------- Black Ops' header between rounds
@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
async def test_black_ops_header_matches_the_table_after_a_round(size):
    """The Event header always names the round the table is in: during a round "Round N";
    once it is scored (the dealer has moved on) "Round N is over" and who deals round N+1
    next, never the finished round as if it were still going on."""
    app = make_app(StartRequest(game="black-ops", players=["Ann", "Bob", "Cat"], seed=11))
    between = during = 0

    def check(screen) -> None:
        nonlocal between, during
        info = screen.session.view().info
        widget = "#bo-event-card" if screen.has_class("-roomy") else "#bo-event"
        region = screen.query_one(widget).region
        header = " ".join(" ".join(_region_text(screen_lines(app), region)).split())
        dealer = screen.session.game.players[info["dealer"]]
        if info["round"] and info["phase"] == "deal":
            between += 1
            assert f"Round {info['round']} is over" in header, header
            assert f"Next: {dealer} deals round {info['round'] + 1}." in header, header
        elif info["round"]:
            during += 1
            assert f"Round {info['round']} " in header and "is over" not in header, header

    async with app.run_test(size=size) as pilot:
        await random_walk(app, pilot, check, moves=16)
    assert between >= 2 and during >= 8


def clipped_cards(screen) -> list[str]:
    """The card widgets (``TileWidget``, ``FanWidget``) of ``screen`` that are drawn only in
    part: their region on screen is smaller than the card itself (a long option list or a
    short foot cut them), as ``"Type#id"`` strings."""
    from cardtable.ui.cards import FanWidget, TileWidget

    cut = []
    for widget, geometry in screen._compositor.full_map.items():
        if not isinstance(widget, (TileWidget, FanWidget)) or not widget.display or geometry.region.area == 0:
            continue
        visible = geometry.region.intersection(geometry.clip)
        if visible.height < geometry.region.height:
            cut.append(f"{type(widget).__name__}#{widget.id or '?'}: {visible.height} of {geometry.region.height} lines shown")
    return cut


@pytest.mark.parametrize("players, size", [(3, (120, 40)), (6, (200, 60)), (2, (120, 36))], ids=["3p-120x40", "6p-200x60", "2p-120x36"])
async def test_bloops_piles_are_never_cut_by_a_long_option_list(players, size):
    """The fresh tester: at "you drew a 2" (8 options) the drawn card lost its bottom third.
    And at 120×40 the piles were drawn 12 lines tall for 10 cells: now no taller than a
    playing card's shape (0.7 lines a cell: cells are about twice as tall as wide)."""
    app = make_app(StartRequest(game="bloops", players=default_names(players), seed=5))
    problems: list[str] = []

    def check(screen) -> None:
        cut = clipped_cards(screen)
        if cut:
            decision = screen.session.visible_decision()
            problems.append(f"move {screen.session.game.moves} ({decision.kind}, {len(decision.actions)} options): {cut}")
        if screen.has_class("-roomy"):
            for pile in ("#bl-draw", "#bl-drawn"):
                widget = screen.query_one(pile)
                lines, cells = widget.region.height - 1, widget.region.width  # the caption's line
                if lines > max(4, round(0.7 * min(cells, screen._pile_width))):
                    problems.append(f"move {screen.session.game.moves}: {pile} {lines} lines tall for {screen._pile_width} cells")

    async with app.run_test(size=size) as pilot:
        checked = await random_walk(app, pilot, check, moves=40)
    assert checked >= 10
    assert not problems, "\n".join(problems[:6])


# ---------------------------------------------------------------- Black Ops: a card table at every size
def _black_ops_app(players: int, seed: int = 3):
    return make_app(StartRequest(game="black-ops", players=default_names(players), seed=seed))


def seats_in_balanced_rows(position) -> None:
    """Black Ops' roomy seats (a walk's position, ``walks.Position``): the fresh tester saw
    five players at 200×60 leave a lone seat on a second row, and the Load Outs were flat text
    boxes. The rows differ by one seat at most (5 = 3 + 2, 7 = 4 + 3: never a lone tile when a
    balance exists), each row is centred on the screen, and each seat's Load Out is a card (a
    tile with rounded corners and, face up, its value in the corner)."""
    from cardtable.ui.games.black_ops import SeatTile

    screen = position.screen
    view = screen.session.view()
    players = len(view.players)
    tiles = [t for t in screen.query(SeatTile) if t.seat is not None]
    assert len(tiles) == players
    rows: dict[int, list] = {}
    for tile in tiles:
        rows.setdefault(tile.region.y, []).append(tile.region)
    sizes = [len(r) for _, r in sorted(rows.items())]
    assert max(sizes) - min(sizes) <= 1 and (players == 1 or min(sizes) > 1), sizes
    assert len(sizes) == -(-players // 4), sizes
    body = screen.query_one("#table-body").region
    for regions in rows.values():
        left = min(r.x for r in regions) - body.x
        right = body.right - max(r.right for r in regions)
        assert abs(left - right) <= 1, (left, right, sizes)  # centred
    for tile in tiles:
        region = tile.region
        inside = _region_text(position.lines, region)
        assert any("╭" in row or "┌" in row for row in inside[1:]), inside  # a card is drawn
        card = view.zone(f"loadout:{tile.seat}").top
        if card is not None and card.face is not None and card.face.kind == "load-out":
            assert any(f"│{card.face.value} " in row for row in inside), (card.face.name, inside)


SEATS_WALKED_ELSEWHERE = {2: "test_black_ops_look", 8: "test_black_ops_look"}
"""Player counts whose ``seats_in_balanced_rows`` runs in the named file's roomy walk at
120×40 and 200×60 (longer than the 6 moves walked here), not here."""


@pytest.mark.parametrize("size", [(120, 40), (200, 60)], ids=["120x40", "200x60"])
@pytest.mark.parametrize("players", [p for p in range(2, 9) if p not in SEATS_WALKED_ELSEWHERE])
async def test_black_ops_roomy_seats_sit_in_balanced_centred_rows_of_cards(players, size):
    """Over a walk of 6 moves every table screen passes ``seats_in_balanced_rows``."""
    app = _black_ops_app(players)
    walked = Checks(app, size, [seats_in_balanced_rows])
    async with app.run_test(size=size) as pilot:
        await random_walk(app, pilot, walked.run, moves=6)
    assert walked.positions >= 5
    walked.assert_clean()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
async def test_black_ops_compact_hand_is_whole_and_powers_are_in_words(players):
    """At 80×24 the hand line showed three Care Packages and cut the rest although rows were
    free, and the Specialists' powers read "traded away: +1". Now every Care Package of the
    viewer's hand is on screen, and where rows are free each Specialist's power is written
    in words (its card text, or the plain line ``power_brief``), never in the short form."""
    from cardtable.games.black_ops import describe
    from cardtable.ui.games.black_ops import power_brief

    app = _black_ops_app(players, seed=5)
    powers_seen = hands_seen = 0

    def hand_whole_and_powers_in_words(position) -> None:
        nonlocal powers_seen, hands_seen
        screen = position.screen
        assert cut_widgets(screen) == []
        lines = position.lines
        text = " ".join(" ".join(lines).split())
        view = screen.session.view()
        faces = [view.zone(f"specialist:{s}").top.face for s in range(players)]
        for face in faces:
            assert f": {face.get('short')}" not in text, face.get("short")
        if screen.query_one("#bo-powers").display:
            powers_seen += 1
            shown = [f for f in faces if f"· {f.name}: " in text]
            assert shown
            for face in shown:
                assert " ".join(face.text.split()[:5]) in text or power_brief(face.get("power"))[:30] in text, face.name
        if view.seat is not None:
            hand = [c.face for c in view.zone(f"hand:{view.seat}").cards if c is not None and c.face is not None]
            hands_seen += len(hand) >= 3
            for defn in hand:
                assert describe(defn) in text, (describe(defn), lines)

    checks = [hand_whole_and_powers_in_words]
    if players == BLACK_OPS_LAYOUT_PLAYERS:  # this walk takes over the 80×24 layout walk of Black Ops
        checks.append(compact_overflow)
    walked = Checks(app, (80, 24), checks)
    async with app.run_test(size=(80, 24)) as pilot:
        await random_walk(app, pilot, walked.run, moves=40)
    walked.assert_clean()
    assert powers_seen >= 5


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)], ids=["80x24", "120x40", "200x60"])
async def test_black_ops_game_over_hint_and_chart_are_whole(size):
    """At 120×40 the game-over screen of an eight-player game cut its keys line off the
    bottom. The keys line is now whole at the foot of the box at every size, and the chart
    keeps each label on one line: its title, each player's row (name, strip, last Health)
    and the axis ("round 1" … the last round)."""
    from cardtable.engine.testing import saved_session
    from cardtable.ui.testing import game_over_on

    names = default_names(8)
    session = saved_session("black-ops", names, seed=4)
    async with game_over_on(session, size) as app:
        await settled_lines(app, Pilot(app))  # the frames are held until the reveal is fitted
        lines = screen_lines(app)
        box = app.screen.query_one("#over-box").region
        keys = app.screen.query_one("#over-keys")
        assert keys.region.bottom <= box.bottom - 1 and keys.region.y >= box.y, "the keys line is off the box"
        said = " ".join(" ".join(_region_text(lines, keys.region)).split())
        assert said == "a: play again with the same players · l: the whole log · v: replay · m: menu"
        if size[0] >= 120:
            assert len(_region_text(lines, keys.region)) == 1 or not _region_text(lines, keys.region)[1].strip()
        chart = app.screen.query_one("#over-chart").region
        rows = [row.rstrip() for row in _region_text(lines, chart)]
        assert rows[0].strip() == "Health after each round", rows
        health = session.game.outcome().scores
        for seat, name in enumerate(names):
            row = next(r for r in rows if r.startswith(name + " "))
            assert row.endswith(f" {health[seat]}"), row
        rounds = session.game.round
        assert any(r.strip().startswith("round ") and r.strip().endswith(str(rounds)) for r in rows), rows


# ---------------------------------------------------------------- Combat Cards' seats in balanced rows
@pytest.mark.parametrize("players, size, rows", [(4, (200, 60), [4]), (4, (120, 40), [2, 2]), (5, (200, 60), [3, 2]), (3, (200, 60), [3]), (6, (120, 40), [3, 3])])
async def test_combat_cards_seats_sit_in_balanced_rows(players, size, rows):
    """The fresh tester: with four players at 200×60 the fourth box sat alone on a second
    row beside empty room. The players' boxes now fill balanced rows (2 + 2, 3 + 2; four in
    one row from 180 columns, where two a row left ~60 empty columns in each box), and each
    row spans the screen; the boxes of a row are equally tall."""
    app = make_app(StartRequest(game="combat-cards", players=default_names(players), seed=11))
    seen = 0

    def check(screen) -> None:
        nonlocal seen
        boxes = [screen.query_one(f"#cc-band-{seat}").region for seat in range(players)]
        by_row: dict[int, list[Region]] = {}
        for box in boxes:
            by_row.setdefault(box.y, []).append(box)
        assert [len(by_row[y]) for y in sorted(by_row)] == rows, boxes
        for row in by_row.values():
            assert max(b.right for b in row) - min(b.x for b in row) >= MIN_COLUMNS * size[0], row
            # the fresh tester, six players at 120×40: one box was a line taller than the others
            assert len({b.height for b in row}) == 1, f"move {screen.session.game.moves}: boxes of a row of unequal heights {row}"
        seen += 1

    async with app.run_test(size=size) as pilot:
        await random_walk(app, pilot, check, moves=10, settle=True)
    assert seen >= 4


async def test_combat_cards_two_boxes_at_200x60_are_proportionate_and_centred():
    """The fresh tester at 200×60 with two players: each box was 97 columns wide with a card
    or two in it (it looked empty). The boxes are at most ``BOX_MAX`` wide, their row centred
    on the screen, every warband's tiles still side by side."""
    from cardtable.ui.games.combat_cards import BOX_MAX

    app = make_app(StartRequest(game="combat-cards", players=default_names(2), seed=11))
    seen = 0

    def check(screen) -> None:
        nonlocal seen
        boxes = [screen.query_one(f"#cc-band-{seat}").region for seat in range(2)]
        assert boxes[0].y == boxes[1].y, boxes
        assert all(box.width <= BOX_MAX for box in boxes), boxes
        left, right = boxes[0].x, 200 - boxes[1].right
        assert abs(left - right) <= 2, (left, right, boxes)
        seen += 1

    async with app.run_test(size=(200, 60)) as pilot:
        await random_walk(app, pilot, check, moves=4, settle=True)
    assert seen >= 3


# ---------------------------------------------------------------- FOFL's hand and empty board
def _tile_rows(lines: list[str], region: Region) -> list[str]:
    return [row.strip("│╭╮╰╯─ ") for row in _region_text(lines, region)]


def fofl_hand_whole(position) -> list[str]:
    """FOFL's hand at a roomy size, on a settled screen (a walk's position, ``walks.Position``,
    its ``lines`` read by ``settled_lines``: the rows are shared in a second pass). The fresh
    tester: at 120×40 the hand was cut (a box of 10 rows) and showed no ability text while 18
    rows of the boards stayed empty; at 200×60 a card's printed numbers split over two lines
    ("P3" / "T6"). Every hand card carries its short text and its numbers ``P3 T6`` on one
    line, and is drawn whole unless the boards need their rows too (the foot could not grow
    without cutting one of them: then each part scrolls)."""
    from cardtable.ui.games.fofl import CardTile

    screen, lines = position.screen, position.lines
    view = screen.session.view()
    if view.seat is None:
        return []
    problems = []
    box = screen.query_one("#fofl-handbox").region
    for tile in screen.query(CardTile):
        if tile.zone != f"hand:{view.seat}":
            continue
        defn = view.zone(tile.zone).cards[tile.index].face
        region = tile.region
        if not box.contains_region(region):
            boards = [screen.query_one(f"#fofl-side-{k}") for k in (0, 1)]
            if all(sum(part.outer_size.height for part in b.children) < b.content_size.height for b in boards):
                problems.append(f"{defn.name} is cut ({region} outside {box}) while both boards have empty rows")
            continue
        rows = _tile_rows(lines, region)
        flat = " ".join(" ".join(rows).split())
        if " ".join(str(defn.get("brief")).split()) not in flat:
            problems.append(f"{defn.name}: no text in {rows}")
        if defn.get("power") is not None and not any(f"P{defn.get('power')} T{defn.get('toughness')}" in row for row in rows):
            problems.append(f"{defn.name}: numbers split in {rows}")
    return problems


FOFL_HAND_WALK = ("test_fofl_look", 16)
"""``fofl_hand_whole`` runs in the named file's roomy table walk (120×40 and 200×60, at
least this many moves, on settled screens), not in a walk of its own here."""


async def test_fofl_empty_board_shows_its_places_and_piles():
    """At the start of a game at 200×60 each side shows its empty areas outlined (Websites,
    Locations, People, Spacecraft), its draw pile as a card back with its count and its
    discard pile as an empty place, and the Locations' row; the hand of the other side only
    as backs (nothing of it is named)."""
    app = make_app(StartRequest(game="fofl", players=["Ann", "Bob"], seed=11))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        view = screen.session.view()
        lines = screen_lines(app)
        text = "\n".join(lines)
        assert "Locations in the order played (the latest applies first): none in play yet" in text  # between the sides
        for k in (0, 1):
            side = screen.query_one(f"#fofl-side-{k}").region
            rows = "\n".join(_region_text(lines, side))
            for title in ("Websites", "People", "Spacecraft"):  # the Locations lie between the sides
                assert f"─ {title} ─" in rows, (title, rows)
            assert rows.count("none in play") == 3
            seat = screen.side_seats[k]
            assert f"Draw pile {view.zone(f'draw:{seat}').count}" in rows and "Discard 0" in rows
            assert "▒▒▒▒▒▒" in rows, "the draw pile is a card back"
        for card in screen.session.game.zones["hand:1"]:
            assert card.defn.name not in text.replace("ANFOFL", "")


# ---------------------------------------------------------------- Cold War: whole names, the width used
@pytest.mark.parametrize("size", [(120, 40), (200, 60)])
async def test_cold_war_collection_cards_show_their_names_whole(size):
    """The fresh tester at 120×40: the top card of a collection read "Ace of Diamond" (the
    word cut by the card's border). Each collection's top card shows every word of its name
    whole, for the longest names of the deck."""
    app = make_app(StartRequest(game="cold-war", players=["Ann", "Bob"], seed=11))
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        game = screen.session.game
        for seat, wanted in enumerate(("Ace of Diamonds", "Queen of Diamonds")):
            draw = game.zones["draw"]
            index = next(i for i, c in enumerate(draw.cards) if c.defn.name == wanted)
            game.zones[f"collection:{seat}"].add(draw.take(index))
        game.invalidate()
        screen.redraw()
        await pilot.pause()
        await pilot.pause()
        lines = screen_lines(app)
        for seat, wanted in enumerate(("Ace of Diamonds", "Queen of Diamonds")):
            rows = _region_text(lines, screen.query_one(f"#cw-coll-{seat}").region)
            words = [word for row in rows for word in row.replace("│", " ").replace("╎", " ").split()]
            for word in wanted.split():
                assert word in words, (wanted, rows)


async def test_cold_war_huge_table_spans_the_width():
    """The fresh tester at 200×60: wide empty margins beside the cards. From 180×54 the row
    of cards (the TARGET's hands, the discard pile, the draw pile) spreads over the width."""
    app = make_app(StartRequest(game="cold-war", players=["Ann", "Bob"], seed=11))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        cards = [screen.query_one(f"#{name}").region for name in ("cw-left-card", "cw-discard-card", "cw-right-card", "cw-draw-card")]
        assert max(r.right for r in cards) - min(r.x for r in cards) >= 0.75 * 200, cards


@pytest.mark.parametrize("size", [(180, 54), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_cold_war_huge_row_of_cards_is_evenly_spaced_and_centred(size):
    """The fresh tester at 200×60: the table "spread thin": four columns each a quarter of
    the width left 32 and 33 cells between the cards (22 before the draw pile) and margins
    of 18 and 6 cells. The row's cards are now larger, the gaps between them alike and at
    most a tenth of the width, the row centred, and it still spans three quarters of it."""
    app = make_app(StartRequest(game="cold-war", players=["Ann", "Bob"], seed=11))
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        cards = [screen.query_one(f"#{name}").region for name in ("cw-left-card", "cw-discard-card", "cw-right-card", "cw-draw-card")]
        gaps = [b.x - a.right for a, b in zip(cards, cards[1:])]
        left, right = cards[0].x, size[0] - max(r.right for r in cards)
        assert max(gaps) <= size[0] // 10 and max(gaps) - min(gaps) <= 8, (gaps, cards)
        assert abs(left - right) <= 8, (left, right, cards)
        assert max(r.right for r in cards) - cards[0].x >= 0.75 * size[0], cards


# ---------------------------------------------------------------- Cold War narrowed by the log or F1
def _widgets_past(screen, right: int) -> list[str]:
    """The widgets of the table area whose (unclipped) region reaches column ``right`` or
    beyond: cut by a panel docked there."""
    body = screen.query_one("#table-body")
    past = []
    for widget, geometry in screen._compositor.full_map.items():
        if widget is body or body not in widget.ancestors or not widget.display or geometry.region.area == 0:
            continue
        if geometry.region.right > right:
            past.append(f"{type(widget).__name__}#{widget.id or '?'} at {tuple(geometry.region)}")
    return past


@pytest.mark.parametrize("key, panel", [("l", "LogPanel"), ("f1", "KeysPanel")])
async def test_cold_war_at_80x24_with_a_side_panel_cuts_nothing(key, panel):
    """The fresh tester at 80×24 with the log open: the draw pile's caption read "Draw · 4"
    under the log, and the side column (coin, collections) was hidden behind it; F1's panel
    cut it too. With a panel open the table takes its slim layout: the three cards of the
    row whole, then the draw pile's count, the breaches, the coin and both collections as
    lines, nothing reaching under the panel; closing the panel brings the compact layout
    back."""
    app = make_app(StartRequest(game="cold-war", players=["Ann", "Bob"], seed=11))
    seen = 0

    def check(screen) -> None:
        nonlocal seen
        view = screen.session.view()
        edge = screen.query_one(panel).region.x
        lines = [line[:edge] for line in screen_lines(app)]
        text = "\n".join(lines)
        assert screen.has_class("-slim")
        assert _widgets_past(screen, edge) == [], text
        assert f"Draw pile · {view.zone('draw').count}" in text, text
        assert f"Discard · {view.zone('discard').count}" in text, text
        assert "Breaches" in text and "Collected" in text, text
        assert "…" not in text, text
        for seat, name in enumerate(view.players):
            assert f"{name} {view['collected'][seat]} " in text, text
        seen += 1

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.press(key)
        await pilot.pause()
        await random_walk(app, pilot, check, moves=12)
        assert seen >= 10
        screen = app.screen
        if not hasattr(screen, "session"):
            return
        await pilot.press(key)
        await pilot.pause()
        await pilot.pause()
        assert not screen.has_class("-slim")
        assert f"Draw · {screen.session.view().zone('draw').count}" in "\n".join(screen_lines(app))


async def test_cold_war_at_80x24_with_the_log_the_collections_stay_above_six_reactions():
    """A fresh tester at 80×24 with the log open: while the TARGET's six reactions (under a
    prompt of three lines) were shown, the row of collections, public throughout (rule 8),
    was pushed off the screen, and "Computer 2" was cut to "Compu…" where the closer line
    has room for it. The options scroll instead, and both names are whole."""
    app = make_app(StartRequest(game="cold-war", players=["Tess", "Computer 2"], seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "l")
        await pilot.pause()
        for _ in range(6):
            screen = app.screen
            decision = screen.session.visible_decision()
            if decision.kind == "react":
                break
            await pilot.press(*screen.keys_for(decision.actions[0]))
            await pilot.pause()
        else:
            pytest.fail("no reaction to a bet within 6 moves")
        await pilot.pause()
        assert len(decision.actions) == 6 and screen.has_class("-slim")
        text = "\n".join(screen_lines(app))
        assert "Collected Tess 0 — · Computer 2 0 —" in text, text
        assert "more below" in text, text


async def test_cold_war_compact_collections_are_labelled():
    """The fresh tester at 80×24: the column of names and counts beside the cards had no
    label. It is headed "Collected", on the row just above it."""
    app = make_app(StartRequest(game="cold-war", players=["Ann", "Bob"], seed=11))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        lines = screen_lines(app)
        label = screen.query_one("#cw-coll-label").region
        rows = screen.query_one("#cw-collections").region
        assert [row.strip() for row in _region_text(lines, label)] == ["Collected"]
        assert label.bottom == rows.y and label.x == rows.x
        assert [row.split()[0] for row in _region_text(lines, rows)] == ["Ann", "Bob"]


# ---------------------------------------------------------------- Bloops: six players at 80×24
async def test_bloops_six_players_at_80x24_draw_every_card_as_a_card():
    """The fresh tester: with six players at 80×24 the areas were lines of ``1 ▒▒▒`` (no
    card drawn). Each position of every area is now a small card with borders (two lines:
    its position in the top border), and nothing is cut by the screen's edge."""
    from cardtable.ui.games.bloops import AreaWidget

    app = make_app(StartRequest(game="bloops", players=default_names(6), seed=5))
    problems: list[str] = []

    def check(screen) -> None:
        view = screen.session.view()
        for widget in cut_widgets(screen):
            problems.append(f"move {screen.session.game.moves}: {widget} is cut")
        for seat in range(6):
            plain = screen.query_one(f"#bl-area-{seat}", AreaWidget).render().plain
            positions = max(6, len(view.zone(f"area:{seat}").cards))
            corners = sum(plain.count(c) for c in "╮┓┐")
            if corners < positions:
                problems.append(f"move {screen.session.game.moves}: seat {seat + 1}'s area draws {corners} cards of {positions}:\n{plain}")

    async with app.run_test(size=(80, 24)) as pilot:
        checked = await random_walk(app, pilot, check, moves=30)
    assert checked >= 10
    assert not problems, "\n".join(problems[:4])


async def test_bloops_three_players_at_160x48_cards_take_the_room_not_the_foot():
    """The fresh tester at 160×48 early in a game: the areas' cards stayed 5 lines tall
    (11 cells wide) and the foot below them, its piles and a few last moves, was 26 rows
    with 11 of them empty. The cards are now as tall as a playing card of their width where
    the rows allow (8 lines), and the foot is no taller than the row of areas."""
    from cardtable.ui.table import TableScreen

    app = make_app(StartRequest(game="bloops", players=["Ann", "Bob", "Cat"], seed=5))
    async with app.run_test(size=(160, 48)) as pilot:
        await random_walk(app, pilot, lambda screen: None, moves=4)
        for _ in range(10):
            if isinstance(app.screen, TableScreen):
                break
            await pilot.press("enter")
            await pilot.pause()
        lines = await settled_lines(app, pilot)
        screen = app.screen
        area, foot = screen.query_one("#bl-area-0").region, screen.query_one("#bl-bottom").region
        assert screen.has_class("-roomy") and foot.height <= area.height, (area, foot, "\n".join(lines))
        corner = next(row for row in _region_text(lines, area) if "╭─1" in row)
        top = _region_text(lines, area).index(corner)
        edges = [row for row in _region_text(lines, area)[top + 1 :] if "╰" in row]
        assert edges and _region_text(lines, area).index(edges[0]) - top + 1 >= 7, "\n".join(_region_text(lines, area))


@pytest.mark.parametrize("players", [5, 6])
async def test_bloops_five_and_six_players_at_120x40_draw_every_area_as_cards(players):
    """The fresh tester: with five or six players at 120×40 the areas were text strips
    (``1 ▒▒▒ 2 ▒▒▒``) beside 15-line piles. Every position of every area is now a card with
    its borders, three lines high while the areas have at most two rows (two lines when
    penalty cards fill a third row), and the piles are never taller than the room left."""
    from cardtable.ui.games.bloops import AreaWidget

    app = make_app(StartRequest(game="bloops", players=default_names(players), seed=5))
    problems: list[str] = []

    def check(screen) -> None:
        view = screen.session.view()
        assert screen.roomy
        for widget in cut_widgets(screen):
            problems.append(f"move {screen.session.game.moves}: {widget} is cut")
        rows = max(2, *(-(-len(view.zone(f"area:{s}").cards) // 3) for s in range(players)))
        for seat in range(players):
            lines = screen.query_one(f"#bl-area-{seat}", AreaWidget).render().plain.split("\n")
            positions = max(6, len(view.zone(f"area:{seat}").cards))
            corners = sum(line.count(c) for line in lines for c in "╮┓┐")
            tall = (len(lines) - 1) // -(-positions // 3)  # lines of one row of cards
            if corners < positions or "▒▒▒ " in "".join(lines) and corners == 0:
                problems.append(f"move {screen.session.game.moves}: seat {seat + 1}'s area draws {corners} cards of {positions}:\n" + "\n".join(lines))
            elif tall < (3 if rows <= 2 else 2):
                problems.append(f"move {screen.session.game.moves}: seat {seat + 1}'s cards are {tall} lines high with {rows} rows")

    async with app.run_test(size=(120, 40)) as pilot:
        checked = await random_walk(app, pilot, check, moves=24)
    assert checked >= 10
    assert not problems, "\n".join(problems[:4])


# ---------------------------------------------------------------- a resize draws the layout of the new size
RESIZE_GAPS: dict[str, str] = {}
"""Known differences after a resize into a roomy size, as strict xfails by game (none left:
Cold War's collections, Bloops' piles and FOFL's last moves were the last ones)."""


def _resize_params():
    for cls in games():
        players = 4 if cls.max_players >= 4 else cls.min_players
        for start, end in (((200, 60), (80, 24)), ((200, 60), (120, 40)), ((80, 24), (120, 40))):
            marks = [pytest.mark.xfail(strict=True, reason=RESIZE_GAPS[cls.id])] if end != (80, 24) and cls.id in RESIZE_GAPS else []
            yield pytest.param(cls, players, start, end, id=f"{cls.id}-{start[0]}to{end[0]}", marks=marks)


FRESH_TABLES: dict[tuple[str, int, tuple[int, int]], tuple[str, ...]] = {}
"""The settled lines of a fresh start at a size, by (game, players, size), for the test
below: two of its cases per game end at 120×40 and compare with the same fresh table (a
tuple of strings, read only), which the test process walks and draws once."""


@pytest.mark.parametrize("cls, players, start, end", _resize_params())
async def test_a_resize_mid_game_draws_the_table_a_fresh_start_at_that_size_draws(cls, players, start, end):
    """The fresh tester: after a resize the old arrangement stayed until the next move (Combat
    Cards' hand off screen at 80×24, Black Ops' seats cut at 120×40, Bloops' piles cut).
    Now, once the size settles, the table is the one a game started at that size shows."""
    from cardtable.ui import table

    settle = getattr(table, "RESIZE_SETTLE", 0.1)

    async def walked(size, resize_to=None):
        app = make_app(StartRequest(game=cls.id, players=default_names(players), seed=5))
        async with app.run_test(size=size) as pilot:
            await random_walk(app, pilot, lambda screen: None, moves=5)
            if resize_to is not None:
                await pilot.resize_terminal(*resize_to)
                await pilot.pause(settle + 0.2)
                for _ in range(100):  # a loaded machine: until the table was drawn at the new size
                    screen = app.screen
                    if getattr(screen, "_resize_timer", None) is None and tuple(getattr(screen, "_drawn_size", resize_to)) == tuple(resize_to):
                        break
                    await pilot.pause(0.05)
                for _ in range(3):  # its second pass and the layout after it
                    await pilot.pause()
            # both tables settle first (a loaded machine: a fresh table measures its foot again
            # after its first layouts)
            return await settled_lines(app, pilot)

    resized = await walked(start, end)
    key = (cls.id, players, end)
    if key not in FRESH_TABLES:  # the same seeded walk at the same size draws the same lines
        FRESH_TABLES[key] = tuple(await walked(end))
    fresh = list(FRESH_TABLES[key])
    assert resized == fresh, "\n".join(f"{a!r}\n{b!r}" for a, b in zip(resized, fresh) if a != b)[:3000]


async def test_combat_cards_warband_laid_at_80x24_shows_every_name_after_growing_to_120x40():
    """The fresh tester laid Ghazghkull Thraka and Big Mek at 80×24 and grew the terminal to
    120×40: the two tiles were fanned over each other and the covered one had no name. The
    boxes had no width yet when the table was drawn for the roomy layout; it is drawn again
    once they have one."""
    app = make_app(StartRequest(game="combat-cards", players=("Ann", "Bob"), computers={1: "normal"}, seed=6))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        hand = [d.name for d in app.screen.session.game.hand_defs(0)]
        assert hand[:2] == ["Ghazghkull Thraka", "Big Mek"], hand
        for key in ("1", "2", "enter"):
            await pilot.press(key)
        # Bob lays his warband too: nothing is left to draw the table again (waited for, not
        # 20 pauses of 0.1 s: his thought and 0.8 s pace had about 2 s; a 3 s thought failed)
        session = app.screen.session
        await until(pilot, lambda: session.game.moves > 1 and session.computer_turn() == [], timeout=30)
        assert app.screen.session.game.moves > 1 and app.screen.session.computer_turn() == []
        await pilot.resize_terminal(120, 40)
        await pilot.pause(0.4)
        await pilot.pause()
        box = app.screen.query_one("#cc-band-0").region
        lines = [line[box.x : box.right] for line in screen_lines(app)[box.y : box.bottom]]
    text = "\n".join(lines)
    assert "│ Ghazghkull │" in text and "Big Mek" in text, text  # whole, a cell clear of the border (TEXT_PAD)
    assert "╮╭" not in text, text  # side by side, not fanned over each other
