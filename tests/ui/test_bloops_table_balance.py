"""Bloops's roomy table balanced for a fresh tester (three players, 120×40 and 200×60):
the "Last moves" box beside the piles gets a readable width (it was 25 cells beside 20-cell
piles), the decision panel lists every option of a twelve-option decision where the screen
has the rows (it showed 9 over "↓ more below" while the cards stood 8 lines tall), and no
card's text touches its border."""

from __future__ import annotations

import random
from contextlib import asynccontextmanager

import pytest

from cardtable.engine import Setup, load_cards
from cardtable.engine.session import Session
from cardtable.games.bloops import Bloops
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.bloops import MOVES_WANTED, BloopsTable
from cardtable.ui.recent import RecentMoves
from cardtable.ui.testing import settled_lines, walk_until

NAMES = ("Me", "Computer 2", "Computer 3")


def _move(game: Bloops, decision, rng: random.Random, grow: bool):
    """A move by chance, never BLOOPS (the game goes on); with ``grow``, Me (seat 1) claims
    every counter-discard until wrong claims' penalty cards have grown their area to 12."""
    actions = [a for a in decision.actions if a.type != "bloops"]
    if grow and len(game.view(None).zone("area:0").cards) < 12:
        actions = [a for a in actions if a.type == "claim" and a["seat"] == 0] or actions
    passes = [a for a in actions if a.type == "pass"]
    return passes[0] if passes and rng.random() < 0.7 else rng.choice(actions)


def _game(until, grow: bool = False) -> Bloops:
    """A three-player game played by chance (``_move``) until ``until(game, decision)``
    holds for a decision of Me (seat 1)."""
    for seed in range(1, 40):
        game = Bloops(load_cards("bloops"), Setup(NAMES, Bloops.default_options(3)), seed=seed)
        rng = random.Random(seed)
        while (decision := game.decision()) is not None and game.moves < 3000:
            if game.actor == 0 and until(game, decision):
                return game
            game.act(_move(game, decision, rng, grow))
    raise AssertionError("no such game found")


@asynccontextmanager
async def _table(game: Bloops, size: tuple[int, int]):
    app = make_app(StartRequest())
    async with app.run_test(size=size) as pilot:
        app.push_screen(BloopsTable(Session(game)))
        await walk_until(app, pilot, lambda app: isinstance(app.screen, BloopsTable))  # past Me's privacy screen
        table = app.screen
        assert isinstance(table, BloopsTable) and table.has_class("-roomy"), type(table)
        lines = await settled_lines(app, pilot)
        yield app, pilot, table, lines


def _full_discard(game: Bloops, decision) -> bool:
    view = game.view(0)
    short = len(decision.actions) <= 3  # a short option list: the foot is tall, its piles wide
    return view.zone("discard").count >= 5 and short and all(len(view.zone(f"area:{s}").cards) <= 6 for s in range(3))


async def test_the_last_moves_get_a_readable_width_beside_the_piles_at_120x40():
    async with _table(_game(_full_discard), (120, 40)) as (app, pilot, table, lines):
        moves = table.query_one("#bl-moves", RecentMoves)
        assert moves.display, "the last moves gave way"
        assert moves.content_size.width >= MOVES_WANTED, f"a {moves.content_size.width}-cell box beside {table._pile_width}-cell piles:\n" + "\n".join(lines)
