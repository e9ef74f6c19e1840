"""The news box (``NewsScreen``) as the fresh testers used it (issue 14): F1's keys panel
narrows the screen and the news is wrapped again for the narrower box, each line starting
with its "·" and its continuation rows indented; F1 and ``?`` work while the box is up as on
the table (the keys panel, the rules), and the box is still there after them."""

from __future__ import annotations

import re

import pytest

from cardtable.engine import Setup, load_cards
from cardtable.engine.session import Session
from cardtable.games.cold_war import ColdWar
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.cold_war import ColdWarTable
from cardtable.ui.news import NewsScreen
from cardtable.ui.testing import screen_lines

LONG = (
    "Ann turns the seven of clubs on the eight of hearts: wrong bet, the coin goes to Bob, "
    "and the Data Breach counter moves on by one."
)
SHORT = "Right bet: Ann stays SPY."


async def _news_over_a_table(pilot, app) -> NewsScreen:
    game = ColdWar(load_cards("cold-war"), Setup(("Ann", "Bob")), 0)
    app.push_screen(ColdWarTable(Session(game)))
    await pilot.pause()
    box = NewsScreen([SHORT, LONG], "Bob")
    app.push_screen(box)
    await pilot.pause()
    return box


def _news_rows(app) -> list[str]:
    region = app.screen.query_one("#news-lines").region
    rows = screen_lines(app)[region.y : region.bottom]
    return [row[region.x : region.right].rstrip() for row in rows]


def _check_wrapped(app) -> None:
    rows = _news_rows(app)
    width = app.screen.query_one("#news-lines").content_size.width
    assert all(len(row) <= width for row in rows), rows
    assert all(row.startswith(("· ", "  ")) for row in rows), "a line lost its mark or indent:\n" + "\n".join(rows)
    starts = [i for i, row in enumerate(rows) if row.startswith("· ")]
    assert len(starts) == 2, rows
    words = " ".join(row.strip() for row in rows[starts[1] :]).removeprefix("· ")
    assert words == LONG, rows


async def test_news_is_wrapped_again_when_the_keys_panel_narrows_the_box():
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        box = await _news_over_a_table(pilot, app)
        _check_wrapped(app)
        wide = box.query_one("#news-lines").content_size.width
        app.action_toggle_keys()  # what F1 does: the panel takes the right of the screen
        await pilot.pause()
        await pilot.pause()
        assert box.query("HelpPanel")
        assert box.query_one("#news-lines").content_size.width < wide - 20
        _check_wrapped(app)
        app.action_toggle_keys()
        await pilot.pause()
        await pilot.pause()
        assert not box.query("HelpPanel")
        assert box.query_one("#news-lines").content_size.width == wide
        _check_wrapped(app)


async def test_f1_and_question_mark_work_while_the_news_box_is_up():
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        box = await _news_over_a_table(pilot, app)
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen is box and box.query("HelpPanel"), "F1 opened no keys panel over the news"
        panel = " ".join(screen_lines(app))
        assert "Go on" in panel and "Rules" in panel and "Show or hide" in panel
        await pilot.press("f1")
        await pilot.pause()
        assert not box.query("HelpPanel")
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen", "? showed no rules over the news"
        assert "Cold War — rules" in screen_lines(app)[0]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is box, "the news box was gone after the rules"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not box


def test_a_move_longer_than_its_box_is_wrapped_at_words_not_cut_inside_one():
    """A single move longer than the last-moves box (Black Ops' roomy foot, 26 columns
    beside the log) or the news box's rows was cut inside a word ("gets 11 Snipe…"). It now
    keeps the first words its lines hold, wrapped at words, and ends in "…" after a word."""
    from cardtable.ui.privacy import fit_recent
    from cardtable.ui.recent import fit_moves

    move = "Ann trades her face-down Load Out with Bob and gets 11 Sniper Rifle; Bob gets 12 Rocket Launcher and Cat claims Extended Magazine."
    words = set(move.split())
    for width in range(16, 41):
        for rows in (2, 3):
            moves = [line.plain for line in fit_moves([(move, False)], width, rows)]
            news = fit_recent([move], width, rows)[0].splitlines()
            for lines in (moves, news):
                assert 1 <= len(lines) <= rows and all(len(line) <= width for line in lines), (width, lines)
                assert lines[-1].endswith(" …"), (width, lines)
                # a line may end at a hyphen ("face-" / "down"): textwrap's own break
                shown = re.sub(r"-\s+", "-", " ".join(lines).replace("·", " ")).split()[:-1]
                assert all(word in words for word in shown), (width, rows, lines)
                assert " ".join(shown) in move, (width, lines)


SEATS = {"cold-war": 2, "bloops": 3, "combat-cards": 2, "black-ops": 4, "fofl": 2}


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)], ids=["80x24", "120x40", "200x60"])
@pytest.mark.parametrize("game", list(SEATS))
@pytest.mark.parametrize("news", [[SHORT], [SHORT, LONG, SHORT, LONG, SHORT]], ids=["short", "long"])
async def test_the_news_box_covers_the_decision_panel_whole(game, size, news, monkeypatch):
    """The fresh tester, every game at 80×24 and 120×40: the "Just happened" box was drawn
    over the lower half of the decision panel, the panel's title and first lines above it
    and its bottom border gone: a glitch, not a dialog. The box now covers the whole panel,
    border included; news that needs more rows takes whole boxes of the table above it,
    never part of one."""
    from cardtable.engine.registry import default_names

    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    names = ("Zed",) + tuple(default_names(SEATS[game]))[1:]
    app = make_app(StartRequest(game=game, players=names, seed=3, computers={s: "random" for s in range(1, len(names))}))
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.2)
        table = app.screen
        panel = table.query_one("#decision").region
        app.push_screen(NewsScreen(news, None))
        await pilot.pause(0.2)
        box = app.screen.query_one("#news-box").region
        lines = screen_lines(app)
        # a table that takes the rows (Bloops: NEWS_FITS_LINES) lowers its panel to the box's
        # height while the box is up; the box covers the panel as it is now, down to its bottom
        if table.NEWS_FITS_LINES:
            shown = table.query_one("#decision").region
            assert shown.bottom == panel.bottom and shown.height <= panel.height, (panel, shown)
            panel = shown
        assert box.y <= panel.y and box.bottom >= panel.bottom, (panel, box, "\n".join(lines))
        assert box.x <= panel.x and box.right >= panel.right, (panel, box)
        assert lines[box.y].lstrip().startswith("╭─ Just happened"), "\n".join(lines)
        assert lines[box.bottom - 1].lstrip().startswith("╰"), "\n".join(lines)
        for widget in table.query("*"):  # each of the table's boxes is covered whole or not at all
            edge = widget.region
            if widget.display and widget.styles.border_top[0] not in ("", "none", "hidden", "blank") and edge.x < box.right and edge.right > box.x:
                assert not edge.y < box.y < edge.bottom, (widget, edge, box, "\n".join(lines))
        rows = " ".join(" ".join(_news_rows(app)).split())
        assert SHORT in rows



@pytest.mark.parametrize("size, whole", [((200, 60), True), ((120, 40), True), ((80, 24), False)], ids=["200x60", "120x40", "80x24"])
async def test_a_tall_screen_gives_the_news_more_rows(size, whole):
    """A fresh tester read "… 7 more in the log …" in FOFL's news box over the fights that
    decided the game; at 200×60 the box stopped at 8 rows of news with 40 rows free. The
    news may take half a tall screen (``_news_rows``); at 80×24 the title and the table's
    top keep their rows, and the newest lines are the ones shown."""
    from cardtable.ui.news import _news_rows as most

    news = [f"Fight {n}: Drone deals 1 to Triad; Triad deals 2 back." for n in range(1, 15)]
    app = make_app(StartRequest())
    async with app.run_test(size=size) as pilot:
        game = ColdWar(load_cards("cold-war"), Setup(("Ann", "Bob")), 0)
        app.push_screen(ColdWarTable(Session(game)))
        await pilot.pause()
        box = NewsScreen(news, "Bob")
        app.push_screen(box)
        await pilot.pause(0.2)
        rows = " ".join(" ".join(_news_rows(app)).split())
        assert (box.left_out == 0) is whole, (box.left_out, rows)
        assert news[-1] in rows, "the newest line is shown"
        assert len(_news_rows(app)) <= max(most(size[1]), app.screen.query_one("#news-lines").region.height)


async def _black_ops_news(monkeypatch, players: int, seed: int, size: tuple[int, int], check, most: int = 30) -> int:
    """Play Black Ops (You and random computers) by You's first option at ``size``; call
    ``check(news_screen, app)`` on each news box before going on. Returns how many there were."""
    names = ("You",) + tuple(f"Computer {n}" for n in range(2, players + 1))
    start = StartRequest(game="black-ops", players=names, seed=seed, computers={s: "random" for s in range(1, players)})
    return await play_news(monkeypatch, start, size, check, most)


async def play_news(monkeypatch, start: StartRequest, size: tuple[int, int], check, most: int = 30, enough: int | None = None) -> int:
    """Play ``start`` by each person's first option at ``size`` (computers at once, no
    guards); call ``check(news_screen, app)`` on each news box before going on, until
    ``enough`` boxes (if given). Returns how many there were."""
    from cardtable.ui.privacy import PrivacyScreen

    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    monkeypatch.setenv("CARDTABLE_INPUT_GRACE", "0")
    monkeypatch.setenv("CARDTABLE_PRIVACY_GUARD", "0")
    app = make_app(start)
    seen = 0
    async with app.run_test(size=size) as pilot:
        for _ in range(most):
            await pilot.pause(0.2)
            screen = app.screen
            if isinstance(screen, (PrivacyScreen, NewsScreen)):
                if isinstance(screen, NewsScreen):
                    check(screen, app)
                    seen += 1
                    if seen == enough:
                        break
                await pilot.press("enter")
                continue
            decision = screen.session.visible_decision()
            if decision is not None:
                for key in screen.keys_for(decision.actions[0]):
                    await pilot.press(key)
    return seen


async def test_a_short_news_over_a_short_panel_takes_a_small_box(monkeypatch):
    """The fresh tester, Black Ops at 120×40: a one-line "Just happened" ("Lowest Load Out:
    1. Computer 3 loses one Health.") over the 3-row decision panel took 19 rows, the whole
    foot of the table above it (the Care Packages, the last moves, the decks) covered to
    keep that box whole. The panel now grows under the box instead: the box is as high as
    its news (within ``_SLACK``), and the foot's boxes stay whole in view above it."""
    from cardtable.ui.news import _CHROME, _SLACK

    def check(screen, app) -> None:
        box = screen.query_one("#news-box").region
        news = screen.query_one("#news-lines").fitted.count("\n") + 1
        lines = "\n".join(screen_lines(app))
        assert box.height <= news + _CHROME + _SLACK, f"{news} lines of news in a box {box.height} rows high:\n{lines}"
        for foot in screen._table().query("#bo-recent, #bo-decks"):
            assert foot.region.bottom <= box.y, (foot, foot.region, box, lines)
        assert "Last moves" in lines and "Decks" in lines, lines

    assert await _black_ops_news(monkeypatch, 3, 3, (120, 40), check, most=20) >= 2, "no news box came up"


async def test_the_panel_does_not_grow_into_a_paragraph_of_the_compact_table(monkeypatch):
    """At 80×24 the rows above Black Ops' panel are the powers written for their rows (a
    paragraph, no border): a panel grown into them would push them under it (seen for a
    frame, then undone). The box covers such a paragraph whole, as before; only boxes with a
    border give the panel their rows (``NewsScreen._boxes_at``)."""

    def check(screen, app) -> None:
        assert screen._grown is None and not screen._grow_refused, "\n".join(screen_lines(app))
        box = screen.query_one("#news-box").region
        powers = screen._table().query_one("#bo-powers")
        if powers.display and powers.region.height:
            assert not powers.region.y < box.y < powers.region.bottom, (powers.region, box)

    assert await _black_ops_news(monkeypatch, 5, 5, (80, 24), check) >= 3


async def test_a_news_box_closed_before_its_first_refresh_raises_nothing():
    """A helper's script (8 players at 200×60, the guards at 0, Enter at once) closed the box
    before the refit it asks for after its first refresh, and that refit looked for the
    box's lines after they had gone (``NoMatches``): a crash of the whole app. A box that is
    no longer on screen now refits nothing."""
    app = make_app(StartRequest())
    async with app.run_test(size=(200, 60)) as pilot:
        game = ColdWar(load_cards("cold-war"), Setup(("Ann", "Bob")), 0)
        app.push_screen(ColdWarTable(Session(game)))
        await pilot.pause()
        box = NewsScreen([SHORT, LONG], "Bob")
        await app.push_screen(box)
        box.dismiss(True)
        await pilot.pause()
        assert box not in app.screen_stack
        box._fit()  # the refit asked for after the first refresh, come late
        box.on_resize()
        await pilot.pause()
    assert app.return_code in (None, 0), "the app stopped on an error"


async def test_a_key_and_the_pause_both_closing_the_box_close_it_once(monkeypatch):
    """A fresh tester (computers at a 0.2 s pace, keys pressed meanwhile) saw cardtable stop
    on an internal error: the box's pause ran out and a key asked it to go on before it was
    gone, and the second ``dismiss`` of the same screen raised ``InvalidStateError``."""
    monkeypatch.setenv("CARDTABLE_PRIVACY_GUARD", "0")
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        box = await _news_over_a_table(pilot, app)
        table = app.screen_stack[-2]
        box.action_go_on()  # a key…
        box._paused()  # …and the pause, before the box is gone
        box.action_go_on()
        await pilot.pause()
        await pilot.pause()
        assert box not in app.screen_stack and app.screen is table
    assert app.return_code in (None, 0), "the app stopped on an error"
