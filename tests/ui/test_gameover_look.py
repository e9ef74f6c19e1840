"""The game-over screen (issue 14): scores as bars, a chart of the game from its public
facts, the reveal as face-up chips; it fits 80×24 and widens at 120 columns."""

from __future__ import annotations

import asyncio
import re

import pytest
from textual.pilot import Pilot
from rich.text import Text

from cardtable.engine.testing import saved_session
from cardtable.ui.gameover import CHARTS, chart_text, game_chart, public_steps
from cardtable.ui.testing import game_over_on, screen_lines, settled_lines


@pytest.fixture(autouse=True)
def _home(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))


def test_black_ops_health_per_round_comes_from_the_public_facts():
    session = saved_session("black-ops", ("Ann", "Bob", "Cat", "Dan"), seed=4)
    chart, steps, series = game_chart(session)
    game = session.game
    assert steps == list(range(1, game.round + 1))
    assert [row[-1] for row in series] == list(game.outcome().scores)
    for seat, row in enumerate(series):
        assert all(0 <= v <= 4 for v in row)
        out = game.eliminated_round[seat]
        if out is not None:
            assert row[out - 1] == 0 and (out < 2 or row[out - 2] > 0), (seat, row)


def test_cold_war_cards_collected_per_breach_and_combat_cards_wins():
    session = saved_session("cold-war", ("Ann", "Bob"), seed=11)
    chart, steps, series = game_chart(session)
    assert chart.step == "breach"
    info = session.game.public_info(None)
    assert steps[-1] == info["breaches"] and [row[-1] for row in series] == info["collected"]
    assert all(a <= b for row in series for a, b in zip(row, row[1:]))  # collections only grow
    session = saved_session("combat-cards", ("Ann", "Bob"), seed=3)
    chart, steps, series = game_chart(session)
    assert [row[-1] for row in series] == session.game.public_info(None)["wins"]
    # a fresh tester read "Rounds won" over both the score column and the chart
    assert chart.title != session.game.outcome().score_label


def test_public_steps_replays_from_the_start():
    session = saved_session("black-ops", ("Ann", "Bob"), seed=2)
    steps = list(public_steps(session))
    assert len(steps) == session.game.moves + 1
    assert steps[0]["round"] == 0 and steps[-1] == session.game.public_info(None)


def test_chart_text_fits_its_width_and_shares_one_scale():
    from cardtable.ui.gameover import CHARTS

    text = chart_text(("Ann", "Bob"), CHARTS["black-ops"], [1, 2, 3], [[4, 2, 0], [4, 4, 3]], width=30)
    lines = text.plain.splitlines()
    assert lines[0] == "Health after each round"
    assert all(len(line) <= 30 for line in lines)
    assert lines[1].startswith("Ann ") and lines[1].rstrip().endswith("0")
    assert "█" in lines[2] and "." in lines[1]
    assert "round 1" in lines[3] and lines[3].rstrip().endswith("3")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_screen_fits_and_shows_the_chart_and_the_reveal(size):
    session = saved_session("black-ops", ("Ann", "Bob", "Cat", "Dan"), seed=4)
    async with game_over_on(session, size) as app:
        await settled_lines(app, Pilot(app))  # the frames are held until the reveal is fitted
        box = app.screen.query_one("#over-box")
        assert box.region.right <= size[0] and box.region.bottom <= size[1] - 1
        text = "\n".join(screen_lines(app))
        assert "Health after each round" in text and "The reveal" in text and "…" not in text
        for name in ("Ann", "Bob", "Cat", "Dan"):
            assert any(line.strip().startswith("│") and f" {name} " in line and ("█" in line or "." in line) for line in screen_lines(app)), name
        specialists = [session.game.zones[f"specialist:{s}"].top.defn.name for s in range(4)]
        assert all(name in text for name in specialists)
        if size[0] >= 120:
            assert box.region.width > 100  # the wider box: the chart gets the room


async def test_a_draw_says_draw_for_both_seats_and_no_one_wins():
    """Cold War seed 66 (random moves) ends with equal counts: both rows say "draw", none
    "wins" or "shares the win", and the all-time line counts it as drawn, not won."""
    from cardtable.engine.stats import StatsStore

    session = saved_session("cold-war", ("Ann", "Bob"), seed=66, stats=StatsStore())
    assert session.game.outcome().draw
    async with game_over_on(session, (80, 24)) as app:
        await settled_lines(app, Pilot(app))  # the frames are held until the reveal is fitted
        rows = [line for line in screen_lines(app) if re.search(r"│ +(Ann|Bob) +8 ", line)]
        assert len(rows) == 2 and all(re.search(r"█ +draw ", line) for line in rows), rows
        text = "\n".join(screen_lines(app))
        assert "wins" not in text and "shares the win" not in text
        stats = _text_of(app, "#over-stats")
        assert "Ann: 0 won, 1 drawn of 1" in stats and "Bob: 0 won, 1 drawn of 1" in stats


async def test_the_all_time_line_lists_the_computer_players_too():
    """A computer seat's record is kept as "Computer (level)"; the game-over line looked
    its seat's name up instead ("Computer 3"), found nothing and left the winner out (the
    fresh tester's Black Ops game)."""
    import random

    from cardtable.engine import new_game
    from cardtable.engine.saves import SaveFile
    from cardtable.engine.session import Session
    from cardtable.engine.stats import StatsStore

    game = new_game("black-ops", ("Ann", "Bob", "Computer 3"), seed=7)
    computers = {2: "easy"}
    session = Session(game, SaveFile.create(game, computers=computers), StatsStore(), computers)
    chooser = random.Random(7)
    while session.decision() is not None:
        session.act(chooser.choice(session.decision().actions))
    async with game_over_on(session, (120, 40)) as app:
        await settled_lines(app, Pilot(app))  # the frames are held until the reveal is fitted
        stats = _text_of(app, "#over-stats")
        assert "Ann: " in stats and "Bob: " in stats and "Computer (easy): " in stats, stats


async def test_bloops_has_bars_and_no_chart():
    session = saved_session("bloops", ("Ann", "Bob", "Cat"), seed=5)
    async with game_over_on(session, (80, 24)) as app:
        await settled_lines(app, Pilot(app))  # the frames are held until the reveal is fitted
        assert not app.screen.query_one("#over-chart").display
        assert "█" in "\n".join(screen_lines(app))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_fofl_final_scores_read_in_the_rulebooks_words(size):
    """FOFL's scores say each own Website's state ("FOFL: 12 of 12 toughness left", "…
    destroyed", "never played"), and the chart still gets its room (under the scores when
    the words leave too little beside them)."""
    session = saved_session("fofl", ("Ann", "Bob"), seed=3)
    async with game_over_on(session, size) as app:
        await settled_lines(app, Pilot(app))  # the frames are held until the reveal is fitted
        text = "\n".join(screen_lines(app))
        for words in session.game.outcome().score_notes:
            assert words in text
        assert "Own Website left" not in text and "…" not in text
        assert "turn 1" in text, "the chart's axis shows its first turn: the whole game fits"


async def test_a_chart_drawn_twice_before_the_layout_moves_it_is_drawn_again_at_its_width():
    """CI on a loaded machine: two resizes handled before the layout put FOFL's chart under
    its scores; the second drew it at its old width beside them (7 cells) and the axis lost
    "turn 1" for good. The chart now draws itself again when its own width changes."""
    session = saved_session("fofl", ("Ann", "Bob"), seed=3)
    async with game_over_on(session, (80, 24)) as app:
        screen = app.screen
        middle = screen.query_one("#over-middle")
        middle.styles.layout = "horizontal"  # beside the scores again, as before the first draw
        for _ in range(20):
            await asyncio.sleep(0.02)
        assert screen.query_one("#over-chart").content_size.width < 20, "the chart is narrow beside the long scores"
        screen._draw_pictures()  # under the scores now …
        screen._draw_pictures()  # … and again before the layout ran
        for _ in range(20):
            await asyncio.sleep(0.02)
        assert screen.query_one("#over-chart").content_size.width > 60
        assert "turn 1" in "\n".join(screen_lines(app)), "the chart's axis shows its first turn"


def test_a_long_game_is_charted_from_its_first_round_to_its_last():
    """The fresh tester: a 30-round Black Ops game was charted from round 17, and a player
    out in round 6 showed as dots only. A game longer than the chart's room is drawn at
    steps spread over the whole game, the first and the last included."""
    from cardtable.ui.gameover import CHARTS, chart_text

    rounds = list(range(1, 31))
    eve = [4, 4, 3, 2, 1, 0] + [None] * 24  # out in round 6
    ann = [4] * 30
    rows = chart_text(("Ann", "Eve"), CHARTS["black-ops"], rounds, [ann, eve], width=30).plain.split("\n")
    axis, strip = rows[-1].split(), rows[-2][4:]
    assert axis[:2] == ["round", "1"] and axis[-1] == "30", rows
    assert any(block in strip for block in "▁▂▃▄▅▆▇█"), f"Eve's early rounds are drawn: {rows}"
    from cardtable.ui.gameover import spread

    assert spread(5, 3) == [0, 2, 4] and spread(3, 5) == [0, 1, 2] and spread(30, 1) == [29]


def test_a_chart_line_too_long_for_its_box_is_cut_not_broken_in_two():
    """The fresh tester saw the axis read 'round 1' over '15' at 100×30."""
    from rich.console import Console

    from cardtable.ui.gameover import CHARTS, chart_text

    chart = CHARTS["combat-cards"]
    text = chart_text(["Ann", "Bob"], chart, list(range(1, 16)), [list(range(15)), list(range(15))], width=60)
    console = Console(width=30, file=None, record=True, color_system=None)
    lines = console.render_lines(text, console.options.update(width=30))
    assert len(lines) == len(text.plain.splitlines())


@pytest.mark.parametrize("width", [18, 21, 24])
def test_the_axis_of_a_long_game_is_whole_in_a_narrow_chart(width):
    """A fresh tester at 80×24 read "round 1–2" under a 20-round Combat Cards game: the axis
    "round 1–20" began under the strips and ran past the chart's width. It now moves left
    (under the names) to be whole, and drops its word when even that does not fit."""
    from cardtable.ui.gameover import CHARTS, chart_text

    rounds = list(range(1, 21))
    text = chart_text(["Computer 2", "Computer 3"], CHARTS["combat-cards"], rounds, [list(range(20)), [r // 2 for r in range(20)]], width=width)
    axis = text.plain.split("\n")[-1]
    if axis.split() == ["round", "1", "20"]:  # room for each number under its own column
        assert len(axis) <= width and axis.index(" 1 ") + 1 == len("Computer 2 "), (width, axis)
    else:
        assert len(axis) <= width and axis.strip().endswith("1–20") and axis.strip() in ("round 1–20", "1–20"), (width, axis)


@pytest.mark.parametrize("players, seed, size", [(3, 2, (120, 40)), (2, 3, (120, 40))], ids=["3p", "2p"])
async def test_bloops_reveal_shows_every_card_when_the_result_fits(players, seed, size):
    """The fresh tester: the reveal said "and 1 more" about a seventh card although its line
    had room. Every card of every area is drawn in its position, and nothing is "more"."""
    from cardtable.engine.registry import default_names

    session = saved_session("bloops", default_names(players), seed=seed)
    game = session.game
    async with game_over_on(session, size) as app:
        box = app.screen.query_one("#over-box")
        widget = app.screen.query_one("#over-reveal")
        for _ in range(100):  # laid out for the cards it shows now (larger ones may come first)
            if widget.region.height == len(widget.render().plain.split("\n")):
                break
            await asyncio.sleep(0.05)
        lines = screen_lines(app)
        reveal = widget.region
        # Every card is drawn in its position, as the table draws it (the reveal once listed
        # the cards as words, "cards: Zero One …": tests/ui/test_bloops_reveal.py). Two-line
        # cards make the three players' result (an area of 17 cards, six rows) one line
        # taller than 120×40: the box scrolls, and the reveal is read whole from its widget.
        fits = box.virtual_size.height <= box.content_size.height
        assert fits or players == 3, "the result fits the screen"
        shown = [line[reveal.x : reveal.right] for line in lines[reveal.y : reveal.bottom]] if fits else widget.render().plain.split("\n")
        text = " ".join(" ".join(shown).split())
        assert " more" not in text, text
        assert max(len(game.zones[f"area:{s}"]) for s in range(players)) > 6, "an area past six cards"
        from tests.ui.test_bloops_reveal import areas_drawn, areas_of

        assert areas_drawn(shown, game.players) == areas_of(game), text


def test_reveal_lines_say_how_many_more_only_when_a_seat_runs_out_of_lines():
    """``reveal_lines``: a zone is cut short ("and N more", at least six cards shown) only
    when the seat's chips need more than ``lines_each`` lines."""
    from cardtable.engine.view import build_view
    from cardtable.ui.gameover import reveal_lines

    session = saved_session("bloops", ("Ann", "Bob", "Cat"), seed=2)
    game = session.game
    view = build_view(game, None, reveal_all=True, ended=game)
    wide = [line.plain for line in reveal_lines(view, type(game).card_name, width=200)]
    assert not any("more" in line for line in wide) and len(wide) == 3
    narrow = [line.plain for line in reveal_lines(view, type(game).card_name, width=100, lines_each=1)]
    assert len(narrow) == 3, narrow
    cards = len(game.zones["area:1"])
    chips, more = narrow[1].split("cards:")[1].split(" and ")
    shown = len(chips.split())
    assert shown >= 6 and more == f"{cards - shown} more", narrow[1]


@pytest.mark.parametrize("width", [28, 60])
def test_cold_war_chart_names_every_breach_under_its_number(width):
    """Issue 14's fresh tester: the axis read only "breach 1". Each breach is named under
    the column of its numbers."""
    from cardtable.ui.gameover import CHARTS

    text = chart_text(("Ann", "Bob"), CHARTS["cold-war"], [1, 2, 3], [[15, 18, 24], [0, 0, 7]], width=width)
    lines = text.plain.splitlines()
    axis = lines[-1]
    assert axis.split() == ["breach", "1", "2", "3"], axis
    below = [m.end() for m in re.finditer(r"\d+", axis)]  # where each breach's name ends
    for row in lines[-3:-1]:
        numbers = [m.end() for m in re.finditer(r"\d+", row)][-3:]  # each breach's count, right-aligned
        assert numbers == below, (row, axis)
    assert all(len(line) <= width for line in lines)



@pytest.mark.parametrize("key", ["q", "m", "escape"])
async def test_q_on_the_game_over_screen_goes_back_to_the_menu(key):
    """A fresh tester looked for ``q`` on the game-over screen (the table's key to leave):
    it goes back to the menu, as ``m`` and Esc do."""
    from cardtable.engine.testing import saved_session
    from cardtable.ui import StartRequest, make_app
    from cardtable.ui.gameover import GameOverScreen
    from cardtable.ui.menu import MenuScreen

    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(GameOverScreen(saved_session(seed=1)))
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.parametrize("key", ["q", "escape"])
async def test_q_on_the_game_over_screen_of_a_game_started_from_the_shell_goes_back_to_the_shell(key):
    """``cardtable play …``: ``q`` at game over ends the app (the README: such a game "goes
    back to the shell when you leave it with q"); ``m`` still opens the menu."""
    from cardtable.engine.testing import saved_session
    from cardtable.ui import StartRequest, make_app
    from cardtable.ui.gameover import GameOverScreen
    from cardtable.ui.menu import MenuScreen

    for pressed, ends in ((key, True), ("m", False)):
        app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=1))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.direct
            await app.push_screen(GameOverScreen(saved_session(seed=1)))
            await pilot.pause()
            await pilot.press(pressed)
            await pilot.pause()
            if ends:
                assert app.return_code == 0, "the app did not end"
            else:
                assert app.return_code is None and isinstance(app.screen, MenuScreen)


def _whole_reveal(session) -> list[str]:
    """Each seat's whole reveal on one line, its blanks collapsed: the name, each zone's
    caption and every card of it."""
    from cardtable.engine.view import build_view
    from cardtable.ui.gameover import reveal_lines

    from cardtable.ui.games import table_screen_for

    game = session.game
    view = build_view(game, None, reveal_all=True, ended=game)
    table = table_screen_for(game.id)
    drawn = table.reveal(view, game.cardset, 100_000, None)  # the game's own (Cold War's indexes)
    if drawn is None:
        drawn = reveal_lines(view, type(game).card_name, width=100_000, lines_each=1, counted=table.REVEAL_COUNTED)
    return [" ".join(line.plain.split()) for line in drawn]


def _text_of(app, selector: str) -> str:
    """The words a widget of the game-over screen shows, its blanks collapsed."""
    lines = screen_lines(app)
    region = app.screen.query_one(selector).region
    return " ".join(" ".join(line[region.x : region.right] for line in lines[region.y : region.bottom]).split())


@pytest.mark.parametrize("game, players, seed, size", [("cold-war", 2, 5, (120, 40)), ("combat-cards", 6, 2, (200, 60)), ("fofl", 2, 3, (120, 40))], ids=["cold-war-120x40", "combat-cards-200x60", "fofl-120x40"])
async def test_the_reveal_shows_every_card_while_the_screen_has_the_rows(game, players, seed, size):
    """The fresh tester, Cold War at 120×40: the winner's 19 cards ended in "and 4 more"
    while five blank rows sat above the box and five below (each seat stopped at three
    lines). The reveal takes the rows the screen has before anything is cut short: when the
    whole result fits, every card of every seat is on screen and nothing is "more". (Bloops
    draws its own reveal, every area in its positions: tests/ui/test_bloops_reveal.py.)"""
    from cardtable.engine.registry import default_names
    from textual.pilot import Pilot

    from cardtable.ui.testing import settled_lines

    session = saved_session(game, default_names(players), seed=seed)
    async with game_over_on(session, size) as app:
        await settled_lines(app, Pilot(app))
        box = app.screen.query_one("#over-box")
        assert box.virtual_size.height <= box.content_size.height, "the whole result fits the screen"
        text = _text_of(app, "#over-reveal")
        assert " more" not in text, text
        for seat in _whole_reveal(session):
            assert seat in text, (seat, text)
        assert "█" in "\n".join(screen_lines(app)), "the scores' bars are still drawn"


async def test_a_reveal_cut_short_for_want_of_rows_is_whole_at_the_foot():
    """With no room for it at 80×24, the reveal says "and N more" and says where the whole
    one is; the arrows (End) scroll to it at the foot of the result, every card. (This was
    Cold War's 47 cards, seed 17; listed as indexes, "9♠", they fit now: FOFL's seed 3.)"""
    from textual.pilot import Pilot

    from cardtable.ui.testing import settled_lines

    session = saved_session("fofl", ("Ann", "Bob"), seed=3)
    async with game_over_on(session, (80, 24)) as app:
        pilot = Pilot(app)
        await settled_lines(app, pilot)
        cut = _text_of(app, "#over-reveal")
        assert re.search(r"and \d+ more", cut) and "in full at the foot" in cut, cut
        assert CHARTS["fofl"].title in "\n".join(screen_lines(app)), "the chart is still in view"
        await pilot.press("end")
        await settled_lines(app, pilot)
        whole = _text_of(app, "#over-reveal-all")
        assert " more" not in whole
        for seat in _whole_reveal(session):
            assert seat in whole, (seat, whole)


async def _frames_of_game_over(monkeypatch, session, size, resize_to=None):
    """Every frame the game-over screen of ``session`` paints (as ``screen_lines``) until
    it settles at ``size``, and, with ``resize_to``, the frames after a resize to it."""
    from cardtable.ui import StartRequest, make_app
    from cardtable.ui.gameover import GameOverScreen
    from cardtable.ui.testing import settled_lines

    app = make_app(StartRequest())
    frames: list[list[str]] = []
    original = type(app)._display

    def display(self, screen, renderable):  # what the terminal would be sent
        if isinstance(screen, GameOverScreen) and renderable is not None:
            frames.append(screen_lines(self))
        return original(self, screen, renderable)

    monkeypatch.setattr(type(app), "_display", display)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.push_screen(GameOverScreen(session))
        settled = await settled_lines(app, pilot)
        first = list(frames)
        if resize_to is None:
            return first, settled, [], []
        frames.clear()
        await pilot.resize_terminal(*resize_to)
        again = await settled_lines(app, pilot)
        return first, settled, list(frames), again


@pytest.mark.parametrize(
    "game,players,seed,size",
    [("fofl", ("Ann", "Bob"), 3, (80, 24)), ("black-ops", ("Ann", "Bob", "Cat", "Dan"), 4, (160, 48)), ("bloops", ("Ann", "Bob", "Cat"), 5, (80, 24))],
    ids=["fofl-80x24", "black-ops-160x48", "bloops-80x24"],
)
async def test_the_first_frame_painted_is_the_settled_layout(monkeypatch, game, players, seed, size):
    """Issue 14: the game-over screen's first frame was squeezed, then redrawn a moment
    later (at 160×48 the narrow box widened; at 80×24 FOFL's chart was cut beside the
    scores, then moved under them, then the reveal shortened: 7 frames, 4 layouts). Every
    frame the terminal is sent is now the settled screen."""
    first, settled, _, _ = await _frames_of_game_over(monkeypatch, saved_session(game, players, seed=seed), size)
    assert first, "the screen was painted"
    for number, frame in enumerate(first):
        assert frame == settled, f"frame {number} of {len(first)} is not the settled screen:\n" + "\n".join(frame)


async def test_a_resize_paints_the_new_layout_only(monkeypatch):
    """From 160×48 to 80×24 the box narrows and FOFL's chart moves under its scores: the
    frames painted after the resize are the settled 80×24 screen only."""
    session = saved_session("fofl", ("Ann", "Bob"), seed=3)
    _, wide, frames, settled = await _frames_of_game_over(monkeypatch, session, (160, 48), resize_to=(80, 24))
    assert frames and wide != settled
    for number, frame in enumerate(frames):
        assert frame == settled, f"frame {number} after the resize:\n" + "\n".join(frame)


@pytest.mark.parametrize("width", [72, 106], ids=["80x24", "120x40"])
def test_every_reveal_line_after_a_seats_first_starts_in_the_same_column(width):
    """The hostile tester's FOFL reveal at 80×24: Bob's line starting with the "ANFOFL"
    chip stood a column left of Ann's "· discard pile:" line (the chip's padding cell, drawn
    in its colours, began in the third column, the captions in the fourth). Every line
    after a seat's first now starts drawing in the fourth column, chip or caption (the
    reveal box is 72 cells wide at 80×24 and 106 at 120×40)."""
    from cardtable.engine.view import build_view
    from cardtable.ui.gameover import reveal_lines
    from cardtable.ui.testing import drawn_from

    starts: dict[int, list[str]] = {}
    for seed in (3, 4):
        game = saved_session("fofl", ("Ann", "Bob"), seed=seed).game
        view = build_view(game, None, reveal_all=True, ended=game)
        for line in reveal_lines(view, type(game).card_name, width=width, lines_each=1_000):
            if line.plain.startswith(" "):
                starts.setdefault(drawn_from(line), []).append(line.plain)
    assert list(starts) == [3], {column: lines[:2] for column, lines in starts.items()}
    assert any(line.lstrip().startswith("ANFOFL") for line in starts[3]) or width > 72


@pytest.mark.parametrize("steps", [9, 12, 100, 5])
@pytest.mark.parametrize("width", [30, 46, 76])
def test_each_axis_number_starts_at_its_own_steps_column(steps, width):
    """The fresh tester: FOFL's chart put the axis' "12" a column left of the last turn's
    column (numbers ended at the strip's end) and "turn 1" put the "1" under the sixth
    column. Numbers of 1 to 3 digits now start at their own step's first column, the word
    "turn" in the names' column."""
    from cardtable.ui.gameover import CHARTS, chart_text

    # Ann's strip: dots up to the last step, which is full, so its first column shows
    text = chart_text(["Ann", "Bob"], CHARTS["fofl"], list(range(1, steps + 1)), [[0] * (steps - 1) + [9], [3] * steps], width=width)
    lines = text.plain.split("\n")
    ann, axis = lines[-3], lines[-1]
    assert ann.startswith("Ann ") and axis.split() == ["turn", "1", str(steps)], lines
    assert axis.index(" 1 ") + 1 == ann.index("."), lines  # under the first column
    assert axis.rindex(" ") + 1 == ann.index("█"), lines  # under the last step's first column
    assert len(axis) <= width


@pytest.mark.parametrize("game_id, players, seed", [("bloops", 3, 1), ("bloops", 6, 1), ("combat-cards", 6, 1), ("black-ops", 8, 1), ("fofl", 2, 3)])
async def test_a_result_taller_than_80x24_says_more_is_below(game_id, players, seed):
    """A fresh tester at 80×24 did not see the last lines of a Bloops result (3 players)
    and nothing said they were there: the foot of the box now says so while any of the
    result is below the fold, and no longer once scrolled to its end. (h192: Cold War's
    and FOFL's seed-1 results fit 80×24 now, tightened: other seeds that do not. Cold
    War's seed 2 fits since its reveal lists indexes: test_gameover_fits_80x24.py.)"""
    from cardtable.ui.gameover import GameOverScreen

    names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")[:players]
    session = saved_session(game_id, names, seed=seed)
    async with game_over_on(session, (80, 24)) as app:
        await settled_lines(app, Pilot(app))  # the frames are held until the reveal is fitted
        box = app.screen.query_one("#over-box")
        foot = lambda: screen_lines(app)[box.region.bottom - 1]
        assert box.max_scroll_y > 0, "this result fits: the case is not tested"
        assert GameOverScreen.MORE_BELOW in foot(), foot()
        box.scroll_end(animate=False)
        await asyncio.sleep(0.2)
        assert GameOverScreen.MORE_BELOW not in foot() and GameOverScreen.MORE_ABOVE in foot(), foot()


@pytest.mark.parametrize("game_id, players", [("combat-cards", 2), ("cold-war", 2), ("bloops", 3)])
async def test_a_result_that_fits_says_nothing_of_more_below(game_id, players):
    """Fresh tester t122 at 160×48: a Combat Cards result that fits its box said "more
    below: ↓ to scroll" all the same (set while a pass before the last was taller)."""
    from cardtable.ui.gameover import GameOverScreen

    session = saved_session(game_id, ("Ann", "Bob", "Cy")[:players], seed=1)
    async with game_over_on(session, (160, 48)) as app:
        await settled_lines(app, Pilot(app))  # the frames are held until the reveal is fitted
        box = app.screen.query_one("#over-box")
        assert box.max_scroll_y == 0, "this result does not fit: the case is not tested"
        foot = screen_lines(app)[box.region.bottom - 1]
        assert GameOverScreen.MORE_BELOW not in foot and GameOverScreen.MORE_ABOVE not in foot, foot


async def test_combat_cards_reveal_keeps_whole_names_when_the_scrollbar_comes():
    """h155: at 120×40 the Combat Cards result is taller than the box; its reveal, wrapped
    for the box before the scrollbar came, was wrapped again one cell narrower: "Kustom
    Force" / "Field", "Skarboyz" alone at the left edge without the indent. The reveal is
    wrapped at the width its box is given: every line starts with a player's name or the
    hanging indent, and every card name is whole on its line. (h192: the reveal lists the
    hands only now, and that result fits 120×40: a seed whose result is taller than 80×24.
    The reveal's rows are its widget's: a tightened result has no blank row under it.)"""
    from cardtable.engine.stats import StatsStore
    from cardtable.engine.view import build_view

    names = ("Me", "Computer 2", "Computer 3")
    session = saved_session("combat-cards", names, seed=2, stats=StatsStore())
    game = session.game
    cards = {c.face.name for z in build_view(game, None, reveal_all=True, ended=game).zones.values() for c in z.cards if c is not None and c.face is not None}
    async with game_over_on(session, (80, 24)) as app:
        await asyncio.sleep(0.5)
        box = app.screen.query_one("#over-box")
        assert box.max_scroll_y > 0  # the scrollbar is there
        lines = [line.strip("│ ").rstrip("▁▄▆█▂▃▅▇ │") for line in screen_lines(app)]
        start = next(i for i, line in enumerate(lines) if line.startswith("The reveal"))
        end = app.screen.query_one("#over-reveal").region.bottom
        while not lines[end - 1].strip():
            end -= 1
        raw = screen_lines(app)[start + 1:end]
        column = raw[0].index("Me — ")
        for line in raw:
            inner = line[column:]
            assert inner.startswith((*names, "Played cards")) or inner.startswith("    "), raw
        for line in lines[start + 1:end]:
            if line.startswith("Played cards"):  # every seat's count, no card named
                continue
            chips = [chip.strip() for chip in re.split(r"   |:  |  ", line.split(":", 1)[-1]) if chip.strip()]
            for chip in chips:
                if not chip.startswith(("·", "and ")) and not chip.endswith(":"):
                    assert chip in cards, (chip, lines[start + 1:end])


async def test_no_same_deal_again_after_a_game():
    """A hostile-player trial: ``s`` on the game over screen dealt the same seed again, and
    the finished game's reveal and replay had shown every card of that deal, so the new
    game's hands were known to everyone. The screen offers no such key; ``s`` starts nothing,
    and ``a`` deals afresh (another seed)."""
    from cardtable.ui.gameover import GameOverScreen
    from cardtable.ui.table import TableScreen

    session = saved_session("bloops", ("Ann", "Bob"), seed=5)
    async with game_over_on(session, (120, 40)) as app:
        pilot = Pilot(app)
        text = "\n".join(await settled_lines(app, pilot))
        assert "same deal" not in text.lower() and "Same deal" not in text
        await pilot.press("s")
        await pilot.pause(0.3)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("a")
        for _ in range(50):
            await pilot.pause(0.05)
            table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
            if table is not None:
                break
        assert table is not None and table.session.game.seed != 5


def test_a_black_ops_hand_is_said_to_be_in_hand_in_the_reveal():
    """A hostile tester could not tell which Care Packages lay on a Load Out and which were
    in hand once the reveal's chips wrapped ("Care Packages:" beside "Care Packages on Load
    Out:"). A hand whose label does not say hand is named "… in hand"; other hands keep
    their label ("hand")."""
    from cardtable.engine.view import build_view
    from cardtable.ui.gameover import reveal_lines

    for game_id, names in (("black-ops", ("Ann", "Bob", "Cy")), ("fofl", ("Ann", "Bob"))):
        game = saved_session(game_id, names, seed=3).game
        text = "\n".join(line.plain for line in reveal_lines(build_view(game, None, reveal_all=True, ended=game), width=108, lines_each=99))
        hands = [z for z in game.zones.values() if z.kind == "hand" and len(z)]
        assert hands, game_id
        if game_id == "black-ops":
            assert "Care Packages in hand:" in text and "· Care Packages:" not in text and "— Care Packages:" not in text, text
        else:
            assert "in hand" not in text, text


async def test_the_chart_lists_the_players_in_the_score_tables_order():
    """A fresh tester read Bob first in the score table (the winner) and Ann first in the
    chart beside it (seat order): the chart's lines now follow the table's order."""
    session = saved_session("black-ops", ("Ann", "Bob", "Cat", "Dan"), seed=4)
    ranking = [session.game.players[s] for s in session.game.outcome().ranking()]
    assert ranking != ["Ann", "Bob", "Cat", "Dan"], "a game whose ranking is the seat order tells nothing"
    async with game_over_on(session, (120, 40)) as app:
        await settled_lines(app, Pilot(app))
        chart = app.screen.query_one("#over-chart").region
        scores = app.screen.query_one("#over-scores").region
        lines = screen_lines(app)

        def names_in(region) -> list[str]:
            found = []
            for row in range(region.y, region.bottom):
                words = lines[row][region.x : region.right].split()
                if words and words[0] in ranking:
                    found.append(words[0])
            return found

        assert names_in(scores) == ranking
        assert names_in(chart) == ranking


def test_a_whole_table_tie_says_draw_in_the_headline_as_the_table_does():
    """A fresh tester (Bloops, two players tied at 31) read "Ann and Computer 2 share the
    win with 31 points." over a score table marking both "draw", and statistics counting a
    draw. The headline adds it; a win shared by some players only is no draw."""
    from cardtable.engine import Outcome
    from cardtable.ui.gameover import summary_line

    tie = Outcome((31, 31), frozenset({0, 1}), "Ann and Computer 2 share the win with 31 points.", lower_wins=True)
    assert tie.draw and summary_line(tie) == "Ann and Computer 2 share the win with 31 points. Everyone ended level: a draw."
    some = Outcome((15, 15, 84), frozenset({0, 1}), "Ann and Bob share the win with 15 points.", lower_wins=True)
    assert summary_line(some) == some.summary
    said = Outcome((10, 10), frozenset({0, 1}), "A draw: 10 cards each.")
    assert summary_line(said) == said.summary, "a sentence that says draw is not told twice"


def test_a_seat_with_no_cards_says_so_in_the_reveal():
    """A fresh tester read a bare "Computer 2" line in Cold War's reveal (no card collected,
    none in hand) as a line cut short."""
    from cardtable.ui.gameover import _seat_pieces

    assert [p.plain for p in _seat_pieces("Bob", [], [])] == ["Bob", "— no cards"]
    assert [p.plain for p in _seat_pieces("Ann", [("collection", [Text(" A♠ ", "reverse")])], [1])] == ["Ann", "— collection:", " A♠ "]


async def test_in_ascii_mode_the_more_below_note_names_the_down_key():
    """A fresh tester in ASCII mode read "more below: v to scroll" (the arrow's stand-in)
    and pressed v: that is the replay's key on this screen."""
    from cardtable.ui import StartRequest, make_app
    from cardtable.ui.gameover import GameOverScreen

    session = saved_session("bloops", ("Ann", "Bob", "Cy"), seed=1)
    app = make_app(StartRequest(ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(GameOverScreen(session))
        await settled_lines(app, pilot)
        box = app.screen.query_one("#over-box")
        foot = screen_lines(app)[box.region.bottom - 1]
        assert box.max_scroll_y > 0, "this result fits: the case is not tested"
        assert "more below: Down to scroll" in foot and "v to scroll" not in foot, foot
