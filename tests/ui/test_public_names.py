"""Every public card's name is on the table whole (issue 14, the fresh tester's cuts).

The size test (``test_layout_sizes``) looks for ``…``; the fresh tester found names cut by a
card's edge with no ``…`` at all ("Kustom / Force" for Kustom Force Field, "Recruitmen",
pilots broken mid-word) and laid cards with no name. ``name_problems`` reads the rendered
screen and, for every card the table shows by name (``SHOWN_BY_NAME``: the cards of the
public view's zones, only the top card of a pile or of a collection), asks that its name
appears whole: on one line, or wrapped at spaces over consecutive lines that overlap (the
lines of one tile), never broken inside a word; at 80×24 a name may instead be visibly
shortened with ``…``. Inside a card on screen no word may be the broken start of a
public name's word ("Recruitmen", "Webmas"). The last-moves box and the decision panel
are left out of the search (a name there is not the card on the table).
"""

from __future__ import annotations

import re

import pytest
from textual.geometry import Region
from textual.pilot import Pilot

from cardtable.engine.registry import default_names
from cardtable.ui import StartRequest, make_app
from cardtable.ui.testing import screen_lines, settled_lines

from test_layout_sizes import random_walk
from walks import Checks

SIZES = ((80, 24), (120, 40), (200, 60))
ELLIPSIS = "…"

SHOWN_BY_NAME: dict[str, dict[str, str]] = {
    "fofl": {"discard": "top", "sites": "all", "places": "all", "people": "all", "crew": "all", "craft": "all", "items": "all", "soft": "all", "lasting": "all"},
    "combat-cards": {"warband": "all"},
    "cold-war": {"discard": "top", "collection": "top"},
}
"""Per game, the public zones (by the part of the name before ``:``) whose cards the table
shows by name: ``"all"`` every card, ``"top"`` the top card only (a pile, a fanned stack)."""


def public_names(game_id: str, view) -> list[str]:
    """The names of the cards of ``view`` (the public view) that the table shows by name."""
    names: list[str] = []
    policy = SHOWN_BY_NAME[game_id]
    for zone in view.zones:
        zone = view.zone(zone) if isinstance(zone, str) else zone
        how = policy.get(zone.name.split(":")[0])
        if how is None:
            continue
        cards = [c for c in zone.cards if c is not None and c.face is not None]
        if how == "top":
            cards = [zone.top] if zone.top is not None and zone.top.face is not None else []
        names += [c.face.name for c in cards]
    return names


_WORD = re.compile(r"[A-Za-z0-9'’.!-]+")


def _bounded(line: str, start: int, end: int) -> bool:
    """Whether ``line[start:end]`` is not part of a longer word."""
    before = line[start - 1] if start > 0 else " "
    after = line[end] if end < len(line) else " "
    return not (before.isalnum() or before in "'’") and not (after.isalnum() or after in "'’")


def _finds(line: str, chunk: str, shortened: bool) -> list[tuple[int, int]]:
    """Where ``chunk`` stands whole in ``line`` as ``(start, end)`` columns; ``shortened``:
    also a start of it (two characters at least) followed by ``…``."""
    found = []
    for match in re.finditer(re.escape(chunk), line):
        if _bounded(line, match.start(), match.end()):
            found.append((match.start(), match.end()))
    if shortened:
        for k in range(len(chunk) - 1, 1, -1):
            part = chunk[:k].rstrip() + ELLIPSIS
            for match in re.finditer(re.escape(part), line):
                before = line[match.start() - 1] if match.start() else " "
                if not (before.isalnum() or before in "'’"):
                    found.append((match.start(), match.end()))
    return found


def shown_whole(lines: list[str], name: str, shortened: bool = False) -> bool:
    """Whether ``name`` stands on the screen ``lines`` whole: on one line, or wrapped at its
    spaces over consecutive lines whose pieces overlap in columns (one tile's lines); with
    ``shortened``, its last piece may be a start of the rest followed by ``…``."""
    words = name.split()

    def from_here(rest: list[str], y: int, span: tuple[int, int] | None) -> bool:
        if y >= len(lines):
            return False
        line = lines[y]
        for i in range(len(rest), 0, -1):
            chunk = " ".join(rest[:i])
            last = i == len(rest)
            for start, end in _finds(line, chunk, shortened and last) if last else _finds(line, chunk, False):
                if span is not None and (end <= span[0] or start >= span[1]):
                    continue
                if last or from_here(rest[i:], y + 1, (start, end)):
                    return True
            if shortened and not last:  # a start of the rest, cut with "…" on this line
                for start, end in _finds(line, " ".join(rest), True):
                    if span is None or not (end <= span[0] or start >= span[1]):
                        return True
        return False

    return any(from_here(words, y, None) for y in range(len(lines)))


def masked(lines: list[str], regions: list[Region]) -> list[str]:
    """``lines`` with the cells of ``regions`` blanked."""
    out = [line for line in lines]
    for region in regions:
        for y in range(region.y, min(region.bottom, len(out))):
            row = out[y].ljust(region.right)
            out[y] = (row[: region.x] + " " * region.width + row[region.right :]).rstrip()
    return out


def card_regions(screen) -> list[Region]:
    """The regions of the widgets that draw a card (tiles, fans, hand cards, FOFL tiles)."""
    from cardtable.ui.cards import FanWidget
    from cardtable.ui.games.combat_cards import HandCard
    from cardtable.ui.games.fofl import CardTile

    regions = []
    for widget, geometry in screen._compositor.full_map.items():
        if isinstance(widget, (FanWidget, HandCard, CardTile)) and widget.display:
            visible = geometry.region.intersection(geometry.clip)
            if visible.area:
                regions.append(visible)
    return regions


def scrolled_out(screen) -> set[str]:
    """Names of the cards whose tile lies (in part) outside the visible part of a board that
    scrolls (FOFL's sides at 120×40): a scroll bar says there is more; not a cut."""
    from cardtable.ui.games.fofl import CardTile

    view = screen.session.view()
    out = set()
    for widget, geometry in screen._compositor.full_map.items():
        if isinstance(widget, CardTile) and widget.zone is not None and geometry.region.intersection(geometry.clip) != geometry.region:
            card = view.zone(widget.zone).cards[widget.index]
            if card is not None and card.face is not None:
                out.add(card.face.name)
    for widget in screen.query(CardTile):  # a tile not laid out at all is scrolled out too
        if widget.zone is not None and widget not in screen._compositor.full_map:
            card = view.zone(widget.zone).cards[widget.index]
            if card is not None and card.face is not None:
                out.add(card.face.name)
    return out


def name_problems(screen, lines: list[str], game_id: str, size: tuple[int, int]) -> list[str]:
    """What is wrong with the public cards' names on ``screen`` (rendered as ``lines``): a
    name not whole on the table (outside the last moves and the decision panel), or a word
    inside a card that is the broken start of a name's word. ``…`` is allowed at 80×24; a
    card scrolled out of a board that scrolls (``scrolled_out``) need not be on screen."""
    from cardtable.ui.recent import RecentMoves

    view = screen.session.game.view(None)
    names = public_names(game_id, view)
    away = scrolled_out(screen)
    hide = [screen.query_one("#decision").region]
    hide += [w.region for w in screen.query(RecentMoves)]
    hide += [w.region for w in screen.query("#fofl-lastbox")]
    table = masked(lines, hide)
    compact = size == (80, 24)
    problems = []
    for name in dict.fromkeys(names):
        if name not in away and not shown_whole(table, name, shortened=compact):
            problems.append(f"{name!r} is not whole on the table")
    name_words = {w for n in names for w in n.split() if len(w) >= 4}
    known = {w for d in screen.cardset.cards for w in _WORD.findall(f"{d.name} {d.text} {d.kind} {d.colour or ''}")}
    for region in card_regions(screen):
        for y in range(region.y, min(region.bottom, len(table))):
            row = table[y][region.x : region.right]
            for match in _WORD.finditer(row):
                token = match.group()
                if len(token.strip(".!-")) < 3 or token in known or row[match.end() : match.end() + 1] == ELLIPSIS:
                    continue
                broken = [w for w in name_words if w.startswith(token) and w.rstrip(".!-") != token.rstrip(".!-")]
                if broken:
                    problems.append(f"{token!r} inside a card at row {y} is a broken {broken[0]!r}: {row.strip()!r}")
    return problems


# ---------------------------------------------------------------- the checks themselves
def test_the_name_check_finds_cut_and_wrapped_names():
    tile = ["╭──────────╮", "│3         │", "│  Kustom  │", "│  Force   │", "╰──────────╯"]
    assert not shown_whole(tile, "Kustom Force Field")
    assert shown_whole(tile, "Kustom Force")
    whole = ["│  Kustom  │", "│  Force   │", "│  Field   │"]
    assert shown_whole(whole, "Kustom Force Field")
    assert not shown_whole(["│Recruitmen│"], "Recruitment")
    assert not shown_whole(["│Webmas│", "│ter   │"], "Webmaster")
    assert shown_whole(["Kustom Force Field 3"], "Kustom Force Field")
    assert not shown_whole(["Kustom Force Fields"], "Kustom Force Field")
    apart = ["Kustom            ", "              Force Field"]  # pieces of two different places
    assert not shown_whole(apart, "Kustom Force Field")
    assert not shown_whole(["│Kustom F…│"], "Kustom Force Field")
    assert shown_whole(["│Kustom F…│"], "Kustom Force Field", shortened=True)
    assert shown_whole(["│Kustom  │", "│Force…  │"], "Kustom Force Field", shortened=True)
    assert not shown_whole(["│Kus│"], "Kustom Force Field", shortened=True)
    assert shown_whole([" 6 Wa…   5 Tru…"], "Wartrakk", shortened=True)


# ---------------------------------------------------------------- the tables
def names_whole(position) -> list[str]:
    """The check of a walk's position (``walks.Position``): every card the table shows by
    name has its name whole (``name_problems``); the screen follows the problems."""
    screen = position.screen
    problems = name_problems(screen, position.lines, screen.session.game.id, position.size)
    return [*problems, position.text] if problems else []


WALKED = (("fofl", 2), ("combat-cards", 4), ("combat-cards", 3), ("cold-war", 2))
"""The games and player counts whose random walks run ``names_whole`` at every size of ``SIZES``."""

WALKED_WITH_THE_TILE_CHECKS = {
    ("fofl", 2): ("test_fofl_look", SIZES[1:]),
    ("combat-cards", 3): ("test_cards_look", SIZES),
    ("cold-war", 2): ("test_cards_look", SIZES[1:]),
}
"""Of those, the ones walked by the named file for its tile checks at the same players and
the sizes given here, for at least the 30 moves walked here: ``names_whole`` runs inside that
walk (``walks.Checks``), so the game is played and drawn once per size for both files (issue
13 item 8). The others are walked here. Two stay here at 80×24, where the tile walks reach
positions this walk does not and ``names_whole`` fails on them: Cold War's compact column of
collections shows the top collected card by its corner (``A♥``), and a card on FOFL's compact
board can lie below the fold of a board that scrolls, which ``scrolled_out`` knows only for
the roomy tiles."""


def _params():
    for game, players in WALKED:
        taken = WALKED_WITH_THE_TILE_CHECKS.get((game, players), ("", ()))[1]
        for size in SIZES:
            if size not in taken:
                yield pytest.param(game, players, size, 3, id=f"{game}-{players}p-{size[0]}x{size[1]}")


@pytest.mark.parametrize("game, players, size, seed", _params())
async def test_every_public_card_name_is_whole_on_the_table(game, players, size, seed):
    """Over a random walk of 30 moves, on every table screen every card the table shows by
    name (``SHOWN_BY_NAME``) has its name whole (``names_whole``)."""
    app = make_app(StartRequest(game=game, players=default_names(players), seed=11))
    checks = Checks(app, size, [names_whole])
    async with app.run_test(size=size) as pilot:
        await random_walk(app, pilot, checks.run, moves=30, seed=seed)
    assert checks.positions >= 10
    checks.assert_clean(per_check=6)


def test_every_walk_runs_the_name_check_at_every_size():
    """Each walk taken over by another file's walk runs ``names_whole`` there, at the sizes
    ``WALKED_WITH_THE_TILE_CHECKS`` gives, for at least 30 moves."""
    import importlib
    import inspect

    for (game, players), (owner, taken) in WALKED_WITH_THE_TILE_CHECKS.items():
        module = importlib.import_module(owner)
        assert "names_whole" in inspect.getsource(module), f"{owner} does not run names_whole"
        walks = module.NAMES_WALKED
        assert (game, players) in walks, f"{owner} does not walk {game} with {players} players for names_whole"
        sizes, moves = walks[game, players]
        assert set(taken) <= set(sizes) and moves >= 30, (owner, game, sizes, moves)


# ---------------------------------------------------------------- tables set up by hand
async def edited_table(app, pilot, edit) -> list[str]:
    """Start ``app``'s game, pass the first privacy screen, call ``edit(game)`` to put cards
    where a test wants them, draw the table again and return the rendered screen's lines."""
    await pilot.press("enter")
    await pilot.pause()
    screen = app.screen
    edit(screen.session.game)
    screen.session.game.invalidate()
    screen.redraw()
    for _ in range(3):
        await pilot.pause()
    return screen_lines(app)


# ---------------------------------------------------------------- FOFL: pilots and the discard pile
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_fofl_pilots_and_the_top_discard_keep_their_names_whole(size):
    """The fresh tester: pilots' names broken mid-word inside their Spacecraft, and the top
    card of a discard pile drawn as "Recruitmen". With the longest names as pilots of two
    ships and Recruitment on top of a discard pile, every public name is whole."""
    from test_fofl_ui import place

    app = make_app(StartRequest(game="fofl", players=["Ann", "Bob"], seed=7))

    def edit(game) -> None:
        for seat, pilots in ((0, ("quartermaster", "nightingale")), (1, ("enterprise-x", "nightingale"))):
            ship = place(game, "interceptor", seat)
            for pid in pilots:
                game.board_pilot(place(game, pid, seat), ship)
        card = game.make_cards([game.cardset["recruitment"]])[0]
        game._cards[card.uid] = card
        game.owner[card.uid] = 0
        game.put(card, "discard:0")

    async with app.run_test(size=size) as pilot:
        lines = await edited_table(app, pilot, edit)
        screen = app.screen
        game = screen.session.game
        view = game.view(None)
        assert "Recruitment" in public_names("fofl", view) and "The Quartermaster" in public_names("fofl", view)
        problems = name_problems(screen, lines, "fofl", size)
        assert not problems, "\n".join(problems + lines)


# ---------------------------------------------------------------- Combat Cards: long warbands
LONG_WARBAND = ("Ghazghkull Thraka", "Kustom Force Field", "Burna Boyz", "'Eavy Armour", "Mork's Luck")


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_combat_cards_long_warbands_keep_every_name(players, size):
    """The fresh tester with four players: a laid card with no name (covered in a fan) and
    "Kustom / Force" for Kustom Force Field. With five-card warbands of the longest names
    laid in every box, every unit's name is whole on the table (on its tile, or in the box's
    list of units when the tiles are fanned)."""
    app = make_app(StartRequest(game="combat-cards", players=default_names(players), seed=11))

    def edit(game) -> None:
        for seat in range(players):
            for name in LONG_WARBAND[: 5 if seat % 2 == 0 else 3]:
                zone = next(z for z in (game.zones[f"draw:{seat}"], game.zones[f"hand:{seat}"]) if any(c.defn.name == name for c in z.cards))
                index = next(i for i, c in enumerate(zone.cards) if c.defn.name == name)
                game.zones[f"warband:{seat}"].add(zone.take(index))

    async with app.run_test(size=size) as pilot:
        lines = await edited_table(app, pilot, edit)
        screen = app.screen
        game = screen.session.game
        assert set(LONG_WARBAND) <= set(public_names("combat-cards", game.view(None)))
        problems = name_problems(screen, lines, "combat-cards", size)
        assert not problems, "\n".join(problems + lines)


# ---------------------------------------------------------------- the last-moves box
LAST_MOVES_BOX = {"fofl": "#fofl-last", "cold-war": "#cw-moves", "combat-cards": "#cc-moves"}


def visible_rows(screen, lines: list[str], widget) -> list[str]:
    """The rows of ``lines`` that ``widget`` shows on screen (its content, cut to what its
    containers let show), stripped."""
    geometry = screen._compositor.full_map[widget]
    region = widget.content_region.intersection(geometry.clip)
    return [lines[y][region.x : region.right].strip() if y < len(lines) else "" for y in range(region.y, region.bottom)]


def last_moves_problem(screen, lines: list[str], game_id: str) -> str | None:
    """Why the last-moves box does not end with the newest move of the log (public, and for
    FOFL the player's own too), whole, after older moves whole and in log order."""
    widget = screen.query_one(LAST_MOVES_BOX[game_id])
    if not widget.display or widget not in screen._compositor.full_map:
        return None
    view = screen.session.view()
    log = [e.text for e in view.log if game_id == "fofl" or e.audience is None]
    if game_id == "fofl":
        log = [t if e.audience is None else f"(only you) {t}" for e, t in zip(view.log, log)]
    if not log:
        return None
    rows = [row for row in visible_rows(screen, lines, widget) if row and row != "Last moves"]
    text = " ".join(" ".join(rows).split())
    flat = [" ".join(m.split()) for m in log]
    if not text.endswith(flat[-1]):
        return f"the newest move {flat[-1]!r} is not the whole last line: {rows[-4:]}"
    shown = [m.strip() for m in text.split("· ") if m.strip()]
    if shown != flat[-len(shown):]:
        return f"the moves shown are not the newest in order, whole: {shown} (log ends {flat[-len(shown):]})"
    return None


@pytest.mark.parametrize("game, size", [("fofl", (200, 60)), ("fofl", (120, 40)), ("cold-war", (120, 40)), ("cold-war", (200, 60)), ("combat-cards", (120, 40))])
async def test_the_last_moves_box_ends_with_the_newest_move_whole(game, size):
    """The fresh tester: FOFL's last-moves box at 200×60 missed its newest line (it lagged),
    Cold War's at 120×40 lagged one or two moves and cut entries mid-sentence. On every
    table screen of a random walk, with the keys panel (F1) open for half of it, the box's
    visible lines end with the newest move, whole, after older moves whole, oldest dropped
    first."""
    app = make_app(StartRequest(game=game, players=["Alexandrinas", "Bartholomews"] if game != "combat-cards" else default_names(3), seed=11))
    problems: list[str] = []
    checked = 0

    async with app.run_test(size=size) as pilot:
        def check(screen) -> None:
            nonlocal checked
            checked += 1
            lines = screen_lines(app)
            problem = last_moves_problem(screen, lines, game)
            if problem:
                problems.append(f"move {screen.session.game.moves}: {problem}")

        await random_walk(app, pilot, check, moves=12, seed=5)
        await pilot.press("f1")
        await pilot.pause(0.2)
        await random_walk(app, pilot, check, moves=12, seed=6)
    assert checked >= 16
    assert not problems, "\n".join(problems[:6])


# ---------------------------------------------------------------- Cold War's game-over chart
@pytest.mark.parametrize("names", [("Ann", "Bob"), ("Alexandrinas", "Bartholomews")], ids=["short", "long"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_cold_war_game_over_chart_reads_at_every_size(names, size):
    """The fresh tester: Cold War's chart of cards collected per breach was cut or
    unreadable at 80×24 (three columns of blocks and the last number). The chart now fits
    its place whole: its title in whole words, each player's row (name, strip, then the
    number after each breach, ``0 · 26 · 35``) inside the chart's columns."""
    from cardtable.engine.testing import saved_session
    from cardtable.ui.gameover import game_chart
    from cardtable.ui.testing import game_over_on

    session = saved_session("cold-war", names, seed=4)
    async with game_over_on(session, size) as app:
        await settled_lines(app, Pilot(app))  # the frames are held until the reveal is fitted
        lines = screen_lines(app)
        region = app.screen.query_one("#over-chart").region
        rows = [lines[y][region.x : region.right].rstrip() if y < len(lines) else "" for y in range(region.y, region.bottom)]
        _, steps, series = game_chart(session)
        assert len(steps) == 3
        title = " ".join(r.strip() for r in rows[: len(rows) - len(names) - 1])
        assert title == "Cards collected after each breach", rows
        axis = rows[-1]
        assert axis.startswith("breach "), rows
        # each breach's number stands right-aligned under its own name on the axis
        marks = [(m.end(), m.group()) for m in re.finditer(r"\d+", axis)]
        assert [label for _, label in marks] == [str(step) for step in steps], rows
        for name, row in zip(names, series):
            line = next(r for r in rows if r.startswith(name + " "))
            tail = re.search(r"  (\d+(?: +· +\d+)*)$", line)
            assert tail is not None, (line, rows)
            numbers = [(tail.start(1) + m.end(), m.group()) for m in re.finditer(r"\d+", tail.group(1))]
            assert [v for _, v in numbers] == [f"{v:g}" for v in row], (line, rows)
            assert [end for end, _ in numbers] == [end for end, _ in marks], (line, rows)


@pytest.mark.parametrize("names", [("Ann", "Bob"), ("Alexandrinas", "Bartholomews")], ids=["short", "long"])
def test_cold_war_chart_axis_names_every_breach_where_its_numbers_do_not_fit(names):
    """The fresh tester still saw the axis read "breach 1" where the numbers after each
    breach did not fit beside the strips (a narrow chart, long names, large counts): the
    axis then wrote the first step and the last one somewhere right of it. At every width
    whose columns have room for a number and a gap, each breach's number now stands at the
    start of its own column of the strip; narrower, the axis says the range ("breach 1–3")."""
    from cardtable.ui.gameover import CHARTS, chart_text

    chart, steps = CHARTS["cold-war"], [1, 2, 3]
    series = [[0, 26, 135], [12, 20, 17]]
    for width in range(21, 60):  # from 21 the strips have a column for every breach
        rows = chart_text(names, chart, steps, series, width).plain.split("\n")
        axis = rows[-1]
        assert "breach" in axis, (width, rows)
        marks = [(m.start(), m.group()) for m in re.finditer(r"\d+", axis)]
        if "–" in axis:  # one-cell columns: no room under each
            assert axis.strip().endswith("breach 1–3"), (width, rows)
            strip = rows[-2][len(max(names, key=len)) + 1 :].split(" ")[0]
            assert len(strip) == len(steps), (width, rows)
            continue
        assert [label for _, label in marks] == ["1", "2", "3"], (width, rows)
        if "·" in rows[-2]:
            continue  # every number after the strips: checked by the pilot test above
        start = len(max(names, key=len)) + 1
        strip = rows[-2][start:].split(" ")[0]
        cell = len(strip) // len(steps)
        assert [x for x, _ in marks] == [start + i * cell for i in range(len(steps))], (width, rows)


# ---------------------------------------------------------------- Cold War with the keys panel open
@pytest.mark.parametrize("size", [(120, 40), (200, 60)], ids=["120x40", "200x60"])
async def test_cold_war_reflows_beside_the_keys_panel(size):
    """The fresh tester at 120×40: F1's keys panel, docked at the side, squeezed the draw
    pile and cut the status line's long names with no "…". With the panel open the table
    is drawn again for the width left: every card and line of the table lies left of the
    panel, and the collected counts name both players whole; closing the panel brings the
    roomy table back. And at 120×40 F1 sent the table to its compact layout, a dozen rows
    left empty: the roomy layout now stands beside it, its columns closer (``-snug``)."""
    from cardtable.ui.cards import FanWidget

    names = ("Alexandrinas", "Bartholomews")
    app = make_app(StartRequest(game="cold-war", players=names, seed=11))
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        roomy = screen.has_class("-roomy")
        assert roomy
        await pilot.press("f1")
        for _ in range(3):
            await pilot.pause()
        panel = screen.query_one("HelpPanel").region
        assert screen.has_class("-roomy")
        assert screen.has_class("-snug") == (size[0] - panel.width < 120)
        assert screen.query_one("#cw-bottom").region.bottom >= screen.query_one("#decision").region.y - 1, "the foot fills the rows"
        for widget in [*screen.query(FanWidget), *screen.query("#table-body Static")]:
            if widget.display and widget.region.area:
                assert widget.region.right <= panel.x, (widget, widget.region, panel)
        lines = screen_lines(app)
        status = lines[screen.query_one("#cw-status").region.y][: panel.x]
        if "Collected" in status:
            assert all(f"{name} 0" in status for name in names), status
        assert name_problems(screen, lines, "cold-war", (80, 24)) == []
        await pilot.press("f1")
        for _ in range(3):
            await pilot.pause()
        assert screen.has_class("-roomy")
