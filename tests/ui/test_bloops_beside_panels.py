"""Bloops beside the log or F1's keys panel (the fresh tester at 120×40 with the log open):
the roomy foot's "Last moves" box was squeezed to 7 cells and broke its words ("· Comp /
uter 2 lo"), and a seat's caption wrapped ("2  Computer 2  ◀" over "turn"). Now the box
keeps ``MOVES_LEAST`` cells or gives way: beside the log (which lists the same moves) it
gives way; beside F1's panel the piles narrow first. No word of it is ever broken, and a
caption is never wider than its box."""

from __future__ import annotations

import random
from contextlib import asynccontextmanager

import pytest

from cardtable.engine import Setup, load_cards
from cardtable.engine.registry import computer_name
from cardtable.engine.session import Session
from cardtable.games.bloops import Bloops
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.bloops import MOVES_LEAST, AreaWidget, BloopsTable
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.recent import RecentMoves


def _seat_two_in_the_window(players: int) -> Bloops:
    """A game of ``players`` seats named "Computer 1"… in which seat 2 ("Computer 2") has
    discarded after a dozen moves: its counter-discard window is open (public), its caption
    carries the turn mark and the discard pile is fanned."""
    names = tuple(computer_name(s) for s in range(players))
    game = Bloops(load_cards("bloops"), Setup(names, Bloops.default_options(players)), seed=4)
    rng = random.Random(2)
    for _ in range(2000):
        decision = game.decision()
        assert decision is not None, "the game ended first"
        if game.moves >= 12 and decision.kind == "window" and game.active == 1:
            return game
        passes = [a for a in decision.actions if a.type == "pass"]
        others = [a for a in decision.actions if a.type != "bloops"]  # nobody calls: the game goes on
        game.act(passes[0] if passes and rng.random() < 0.8 else rng.choice(others))
    raise AssertionError("no window of seat 2 found")


def _whole_words(line: str, words: set[str]) -> bool:
    return all(word in words for word in line.replace("·", " ").split())


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 48)])
@pytest.mark.parametrize("panel", ["l", "f1"])
async def test_beside_a_panel_no_caption_wraps_and_no_last_move_is_cut_in_a_word(players, size, panel):
    game = _seat_two_in_the_window(players)
    app = make_app(StartRequest())
    async with app.run_test(size=size) as pilot:
        app.push_screen(BloopsTable(Session(game)))
        await pilot.pause()
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
            await pilot.pause()
        table = app.screen
        assert isinstance(table, BloopsTable)
        await pilot.press(panel)
        await pilot.pause(0.3)
        for area in table.query(AreaWidget):
            caption = area.render().plain.split("\n")[0]
            width = area.content_size.width
            assert len(caption) <= width, f"{size} {panel}: caption {caption!r} wider than its {width} cells: it wraps"
            name = game.players[area.seat]
            assert name in caption, caption
        moves = table.query_one("#bl-moves", RecentMoves)
        if table.has_class("-roomy") and moves.display:
            assert moves.content_size.width >= MOVES_LEAST, f"{size} {panel}: a {moves.content_size.width}-cell sliver"
            words = {word for text, _ in moves.entries for word in text.split()} | {"Last", "moves", "…"}
            for line in moves.lines():
                assert _whole_words(line.plain, words), f"{size} {panel}: a word cut in {line.plain!r}"


@asynccontextmanager
async def _two_players_at_120x40():
    """Two players' table at 120×40 (their piles are wide: cards up to twice the areas'),
    seat 2's counter-discard window open; yields the pilot, the table and its moves box."""
    app = make_app(StartRequest())
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(BloopsTable(Session(_seat_two_in_the_window(2))))
        await pilot.pause(0.3)
        table = app.screen
        yield pilot, table, table.query_one("#bl-moves", RecentMoves)


async def test_beside_the_log_the_last_moves_give_way_and_come_back_when_it_closes():
    """Beside the log at 120×40 two players' piles left the box no cells at all. It gives
    way to the log, which lists the same moves, the piles keep their full size, and it
    comes back, readable, once the log closes."""
    async with _two_players_at_120x40() as (pilot, table, moves):
        assert table.has_class("-roomy") and moves.display and moves.content_size.width >= MOVES_LEAST
        full = table._pile_width
        await pilot.press("l")
        await pilot.pause(0.3)
        assert table.has_class("-roomy") and not moves.display, f"a {moves.content_size.width}-cell box beside the log"
        assert table._pile_width == table._pile_full[0], "the piles keep their full size beside the log"
        await pilot.press("l")
        await pilot.pause(0.3)
        assert moves.display and moves.content_size.width >= MOVES_LEAST and table._pile_width == full


async def test_beside_f1_the_piles_narrow_so_the_last_moves_stay():
    """F1's keys panel does not list the moves: beside it the piles give up width (narrower
    cards, fewer of the discard pile fanned) so that the box keeps ``MOVES_LEAST`` cells
    (two players at 120×40 left it none)."""
    async with _two_players_at_120x40() as (pilot, table, moves):
        await pilot.press("f1")
        await pilot.pause(0.3)
        assert table.has_class("-roomy") and moves.display, "the box gave way though no log lists the moves"
        assert moves.content_size.width >= MOVES_LEAST, f"a {moves.content_size.width}-cell sliver"
        assert moves.lines()[1:], "no move shown"
