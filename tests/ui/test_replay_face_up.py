"""A finished game's replay shows every hand face up, as its title ("all cards face up") and
the README promise, in every game at 80×24 and 160×48 (the fresh tester: Combat Cards drew
every hand face down, and at 80×24 not at all; Black Ops showed Care Packages only as counts;
FOFL listed the hands as text under "The public table: no hand is shown"). A live game's
views never carry the replay's ``omniscient`` mark, so play keeps its privacy."""

from __future__ import annotations

import re
from contextlib import asynccontextmanager

import pytest
from textual.geometry import Region

from cardtable.engine.testing import saved_session
from cardtable.engine.view import build_view
from cardtable.ui import StartRequest, make_app
from cardtable.ui.replay import ReplayControls
from cardtable.ui.testing import screen_lines

SIZES = [(80, 24), (160, 48)]
STEP = 6  # every seat holds cards then, in each game with seed 2


@asynccontextmanager
async def replayed(game_id: str, names: tuple[str, ...], size: tuple[int, int], steps: int = STEP):
    """A replay of a finished random game (seed 2) at ``size``, ``steps`` moves on: yields
    ``(app, screen, session)`` (the session that played and saved the game)."""
    done = saved_session(game_id, names, seed=2)
    app = make_app(StartRequest(replay=done.save.path))
    async with app.run_test(size=size) as pilot:
        for _ in range(150):
            screen = app.screen
            if isinstance(screen, ReplayControls) and screen.is_mounted and screen.children:
                break
            await pilot.pause(0.02)
        screen = app.screen
        assert isinstance(screen, ReplayControls)
        await pilot.press(*["right"] * steps)
        await pilot.pause(0.2)
        yield app, screen, done


def words_in(app, region: Region) -> str:
    """The screen's text inside ``region``, its rows joined by a space, box lines blanked and
    blanks collapsed (a name wrapped over two rows of one box reads whole)."""
    lines = screen_lines(app)
    rows = [lines[y][region.x : region.right] if y < len(lines) else "" for y in range(region.y, region.bottom)]
    return " ".join(re.sub(r"[│╭╮╰╯─┃┏┓┗┛━▕▏]", " ", " ".join(rows)).split())


def hands(screen) -> dict[int, list[str]]:
    """Each seat's hand in the replay's view now: the names of its cards."""
    view = screen.replay.view()
    return {seat: [c.face.name for c in view.zone(f"hand:{seat}").cards if c is not None and c.face is not None] for seat in range(len(view.players))}


@pytest.mark.parametrize("size", SIZES)
async def test_combat_cards_replay_shows_every_hand(size):
    async with replayed("combat-cards", ("Ann", "Bob", "Cat"), size) as (app, screen, done):
        held = hands(screen)
        assert all(held.values())
        for seat, names in held.items():
            # roomy: in the player's own box; compact: in the players' table
            where = screen.query_one(f"#cc-band-{seat}" if screen.has_class("-roomy") else "#cc-table").region
            shown = words_in(app, where)
            assert all(name in shown for name in names), (seat, names, shown)


@pytest.mark.parametrize(("names", "size"), [(("Ann", "Bob"), (200, 60)), (("Ann", "Bob"), (160, 48)), (("Ann", "Bob", "Cat"), (200, 60))])
async def test_combat_cards_roomy_replay_says_each_hand_once(names, size):
    """At 200×60 the fresh tester read each hand twice in its player's box: as a list in words
    ("hand: 4 Shoota Boyz · 5 Warbuggy …") and as a fan of face-up cards. A box now draws the
    hand as tiles side by side, each naming its card, where every box has the room for them
    (two players at 200×60), else says it in words alone with no tiles; the played pile
    stays said."""
    from cardtable.ui.cards import FanWidget

    async with replayed("combat-cards", names, size) as (app, screen, done):
        assert screen.has_class("-roomy")
        tiled = 0
        for seat, held in hands(screen).items():
            box = words_in(app, screen.query_one(f"#cc-band-{seat}").region)
            fan = screen.query_one(f"#cc-backs-{seat}", FanWidget)
            as_tiles = fan.display and len(fan.tiles) == len(held)
            assert as_tiles != ("hand:" in box), (seat, as_tiles, box)  # one way, never both
            if as_tiles:
                on_tiles = words_in(app, fan.region)
                assert all(word in on_tiles for name in held for word in name.split()), (held, on_tiles)
                tiled += 1
            else:
                assert not fan.display and all(name in box for name in held), box
            assert "Played" in box, box
        assert tiled in (0, len(names)), tiled  # one form in every box
        if size == (200, 60) and len(names) == 2:
            assert tiled == 2


@pytest.mark.parametrize("size", SIZES)
async def test_combat_cards_replay_key_bar_has_no_clear(size):
    """The warband builder's ``c Clear`` did nothing in a replay but stood in its key bar."""
    async with replayed("combat-cards", ("Ann", "Bob", "Cat"), size) as (app, screen, done):
        footer = " ".join(screen_lines(app)[-1].split())
        assert "Clear" not in footer and "[ ] Round" in footer, footer
        assert not screen.check_action("clear", ()) and not screen.check_action("commit", ())
        assert screen.check_action("step", (1,)) and screen.check_action("toggle_log", ())


@pytest.mark.parametrize("size", SIZES)
async def test_black_ops_replay_shows_every_care_package(size):
    async with replayed("black-ops", ("Ann", "Bob", "Cat"), size) as (app, screen, done):
        held = hands(screen)
        assert all(held.values())
        if screen.has_class("-roomy"):  # each seat's tile names its Care Packages
            from cardtable.ui.games.black_ops import SeatTile

            tiles = {t.seat: t for t in screen.query(SeatTile) if t.seat is not None and t.display}
            for seat, names in held.items():
                shown = words_in(app, tiles[seat].region)
                assert "Care Packages:" in shown and all(name in shown for name in names), (seat, names, shown)
        else:  # a line a seat under the ring
            shown = words_in(app, screen.query_one("#bo-hand").region)
            for seat, names in held.items():
                assert f"{done.game.players[seat]}:" in shown and all(name in shown for name in names), (seat, names, shown)


@pytest.mark.parametrize("size", SIZES)
async def test_fofl_replay_shows_both_hands(size):
    from cardtable.ui.games.fofl import CardTile

    async with replayed("fofl", ("Ann", "Bob"), size) as (app, screen, done):
        held = hands(screen)
        assert all(held.values())
        text = "\n".join(screen_lines(app))
        assert "no hand is shown" not in text
        if screen.roomy:  # every hand card as a tile titled with its holder
            box = screen.query_one("#fofl-handbox")
            assert box.display and "Every hand, face up" in str(box.border_title)
            drawn = sorted((str(t.border_title), words_in(app, t.region)) for t in screen.query("#fofl-hand-tiles CardTile") if isinstance(t, CardTile))
            want = sorted((done.game.players[seat], name) for seat, names in held.items() for name in names)
            assert len(drawn) == len(want) and all(holder == who and name in shown for (holder, shown), (who, name) in zip(drawn, want)), (drawn, want)
            # the side's head on one line each (it wrapped over three: "FOFL not" / "in play:")
            assert any(line.strip("│ ").startswith("FOFL not in play: cannot be hit") for line in text.split("\n")), text
        else:  # the compact boards list the hand in their heads
            for k in (0, 1):
                head = screen.query_one(f"#fofl-board-head-{k}")
                shown = words_in(app, head.region)
                seat = next(s for s, names in held.items() if all(n in shown for n in names))
                assert "in the hand:" in shown and "you know" not in shown, shown
                assert done.game.view(None).info["sides"][seat] == ("red", "blue")[k]  # the board of that side


@pytest.mark.parametrize("size", SIZES)
async def test_cold_war_replay_shows_the_targets_hand(size):
    async with replayed("cold-war", ("Ann", "Bob"), size) as (app, screen, done):
        view = screen.replay.view()
        faces = [c.face for z in view.zones.values() if z.name.startswith("hand") for c in z.cards if c is not None]
        assert faces
        table = words_in(app, screen.query_one("#table-body").region)
        assert all(screen.card_label(face) in table for face in faces), (faces, table)


def test_only_a_finished_games_replay_view_is_omniscient():
    """The mark every screen reads to draw hands face up is set by ``build_view``'s
    ``reveal_all`` alone (which refuses a game in progress), never on a live view."""
    from cardtable.engine.history import open_replay as read_replay

    for game_id, names in (("combat-cards", ("Ann", "Bob", "Cat")), ("black-ops", ("Ann", "Bob", "Cat")), ("fofl", ("Ann", "Bob"))):
        live = saved_session(game_id, names, seed=2, moves=STEP)
        assert not any(build_view(live.game, seat).omniscient for seat in (None, *range(len(names))))
        assert not live.view().omniscient
        done = saved_session(game_id, names, seed=2)
        replay = read_replay(done.save.path)
        assert replay.view().omniscient and replay.goto(STEP) is None and replay.view().omniscient


@pytest.mark.parametrize("size", SIZES)
async def test_combat_cards_replay_does_not_say_hands_are_hidden(size):
    """A fresh tester's Combat Cards replay showed every hand face up under the line "Hands
    stay hidden until their owner takes the device." (the public table's words before a
    round's first move). The replay says what it shows."""
    from cardtable.ui.testing import screen_text

    async with replayed("combat-cards", ("Ann", "Bob"), size, steps=0) as (app, screen, done):
        text = " ".join(screen_text(app).split())
        assert "Hands stay hidden" not in text, text
        assert "Every hand is face up in this replay." in text, text


@pytest.mark.parametrize("size", SIZES)
async def test_black_ops_replay_never_says_a_card_is_known_to_the_viewer(size):
    """Fresh tester: a replay called the Load Outs dealt face down "face down, known to you"
    (the tile marked "known"), but the replay's viewer is no player: it shows every card.
    Such a card is "hidden" at the table instead."""
    async with replayed("black-ops", ("Ann", "Bob", "Cat"), size, steps=1) as (app, screen, done):
        view = screen.replay.view()
        down = [s for s in range(3) if (c := view.zone(f"loadout:{s}").top) is not None and c.face is not None and not c.up]
        assert down, "seed 2 deals a Load Out face down at move 1"
        said = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert "known" not in said
        assert "hidden" in said
        if size == (160, 48):
            assert "face down, hidden" in said


@pytest.mark.parametrize("names, steps", [(("Ann", "Bob", "Cat"), 7), (("Ann", "Bob", "Cat", "Dan", "Eve"), 22)])
async def test_combat_cards_every_played_pile_says_its_top_card(names, steps):
    """Fresh tester in a replay at 160 columns: one box said "Played · 2 cards · top 10
    Defiler", the next only "Played · 2 cards" (the top card's name did not fit). A box too
    narrow for the name says the pile shorter and the top card's value at least; where the
    longest name of the armies does not fit beside the counts, every box names its top
    card in its bottom border (test_combat_cards_played_top.py)."""
    async with replayed("combat-cards", names, (160, 48), steps) as (app, screen, done):
        view = screen.replay.view()
        assert all(view.zone(f"out:{s}").count for s in range(len(names))), "every seat has played by then"
        lines = screen_lines(app)
        piles = [part for line in lines for part in line.split("│") if "Played" in part]
        assert len(piles) == len(names), piles
        # beside the count ("top 10 Defiler") or, in one form for every box where the
        # longest name does not fit, in the box's bottom border ("Top card: 10 Defiler")
        tops = [part for line in lines for part in line.split("╯") if "Top card: " in part]
        assert all("top " in part for part in piles) or len(tops) == len(names), (piles, tops, "\n".join(lines))
