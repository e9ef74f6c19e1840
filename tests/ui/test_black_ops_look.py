"""Black Ops' roomy layout (issue 14): at 120×40 and 200×60, with 2 and 8 players, over a
seeded random walk through the real table, nothing is cut, the table spans the screen and
every Specialist's power is written out; at 80×24 the compact layout stays; a click on a
seat or a Care Package chooses the option it stands for."""

from __future__ import annotations

import random
import textwrap

import pytest
from textual.widgets import OptionList

from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.games.black_ops import BlackOpsTable, HandCard, SeatTile, actions_for
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import private_faces, screen_lines

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
    # every Specialist's power is on its tile: its name, then its text (or its short form)
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


@pytest.mark.parametrize("size", [(120, 40), (200, 60)], ids=["120x40", "200x60"])
@pytest.mark.parametrize("players", [2, 8])
async def test_roomy_layout_shows_everything_uncut(size, players):
    app = make_app(StartRequest(game="black-ops", players=NAMES[:players], seed=7))
    async with app.run_test(size=size) as pilot:
        seen = 0
        async for screen in walk(pilot, 20, seed=players):
            assert screen.has_class("-roomy")
            assert screen.query_one("#bo-roomy").display and not screen.query_one("#bo-compact").display
            check_roomy(app, screen)
            seen += 1
        assert seen >= 16


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


async def test_compact_layout_at_80x24_and_switching_on_resize():
    app = make_app(StartRequest(game="black-ops", players=NAMES, seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        async for screen in walk(pilot, 8, seed=3):
            assert not screen.has_class("-roomy")
            assert screen.query_one("#bo-compact").display and not screen.query_one("#bo-roomy").display
            for widget in screen.query("#bo-compact *"):
                if widget.display and widget.region.area:
                    assert widget.region.right <= 80 and widget.region.bottom <= 24, widget
        screen = app.screen
        await pilot.resize_terminal(120, 40)
        await pilot.pause(0.2)
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
