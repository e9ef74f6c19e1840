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


def _listed(lines: list[str], panel, decision) -> list[str]:
    """The labels of ``decision``'s options that end a row of the decision panel (``panel``,
    its region): "Your position 1" is listed only on its own row, not within "… 12"."""
    rows = [lines[y][panel.x + 1 : panel.right - 1].rstrip(" ▁▂▃▄▅▆▇█│") for y in range(panel.y, panel.bottom)]
    return [action.label for action in decision.actions if any(row.endswith(action.label) for row in rows)]


def _twelve_positions(game: Bloops, decision) -> bool:
    """Me chooses one of their own 12 positions (to look at or to swap): 12 options."""
    return decision.kind in ("peek-position", "swap-own") and len(decision.actions) == 12


@pytest.mark.parametrize("size", [(200, 60), (160, 48)])
async def test_every_option_of_a_twelve_option_decision_is_listed_where_the_screen_has_rows(size):
    game = _game(_twelve_positions, grow=True)
    decision = game.decision()
    async with _table(game, size) as (app, pilot, table, lines):
        screen = "\n".join(lines)
        listed = _listed(lines, table.query_one("#decision").region, decision)
        assert len(listed) == len(decision.actions) == 12, f"{size}: {len(listed)} of 12 listed:\n{screen}"
        assert "more below" not in screen, screen
        assert table._card_width >= 10 and table.query_one("#bl-area-0").region.height >= 3 + 4 * 4, "the cards kept 4 lines at least"


async def test_at_120x40_the_list_takes_the_rows_the_least_foot_leaves_beyond_nine():
    """120×40 has no room for all 12 beside three-line cards and the foot at its least: the
    list takes every row they leave (11 options), not 9."""
    game = _game(_twelve_positions, grow=True)
    decision = game.decision()
    async with _table(game, (120, 40)) as (app, pilot, table, lines):
        panel = table.query_one("#decision").region
        listed = _listed(lines, panel, decision)
        assert len(listed) >= 11, f"{len(listed)} of 12 listed:\n" + "\n".join(lines)
        assert panel.bottom == 39 and table.query_one("#bl-bottom").region.height >= 7


def _own_face_up(game: Bloops, decision) -> bool:
    """Me looks at one of their own cards (face up to them) after the first look, the
    discard pile fanned beside it."""
    view = game.view(0)
    up = any(card is not None and card.face is not None for card in view.zone("area:0").cards)
    small = all(len(view.zone(f"area:{s}").cards) <= 6 for s in range(3))  # tall cards, their names drawn
    return up and small and view["phase"] != "memorise" and view.zone("discard").count >= 3


def _touching(line: str) -> list[int]:
    """Columns of card borders (``│``, a marked card's ``┃``) with a character of text
    right beside them, inside."""
    blank = " ▒│┃╎"
    return [x for x, char in enumerate(line) if char in "│┃" and ((x > 0 and line[x - 1] not in blank) or (x + 1 < len(line) and line[x + 1] not in blank))]


@pytest.mark.parametrize("until", [_full_discard, _own_face_up])
async def test_no_card_text_touches_its_border_at_120x40(until):
    async with _table(_game(until), (120, 40)) as (app, pilot, table, lines):
        panel = table.query_one("#decision").region
        touching = {y: _touching(line) for y, line in enumerate(lines[: panel.y]) if _touching(line)}
        assert not touching, "text against a border at rows " + ", ".join(f"{y}: {lines[y]!r}" for y in touching)
