"""Issue 14, the fresh testers: at 80×24 the game-over screen scrolled in every game, and its
scrollbar's half blocks, drawn right beside the chart, were read as bars of it. A result
that can fit is tightened until it does (no blank rows between its parts, fewer entries
under "How it ended"); one that truly cannot keeps a blank column between it and its
scrollbar. Combat Cards' reveal lists what was secret at the end (the hands) and counts
the played cards (all in the log), instead of listing every card of the game."""

from __future__ import annotations

import re

import pytest
from textual.pilot import Pilot

from cardtable.engine.testing import saved_session
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.testing import game_over_on, screen_lines, settled_lines

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


@pytest.fixture(autouse=True)
def _home(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))


@pytest.mark.parametrize("game_id, players, seed", [("cold-war", 2, 1), ("cold-war", 2, 2), ("cold-war", 2, 17), ("bloops", 2, 1), ("combat-cards", 2, 3), ("combat-cards", 4, 3), ("black-ops", 2, 2), ("black-ops", 5, 2), ("fofl", 2, 1)])
async def test_a_result_that_can_fit_80x24_does_not_scroll(game_id, players, seed):
    """Each of these results scrolled at 80×24 (by 7 to 49 rows); each now fits: no
    scrollbar, nothing "below", and the title, the scores and the reveal's heading, the
    chart's title (where the game has one) and the keys line are all on screen."""
    session = saved_session(game_id, NAMES[:players], seed=seed)
    async with game_over_on(session, (80, 24)) as app:
        lines = await settled_lines(app, Pilot(app))
        box = app.screen.query_one("#over-box")
        assert box.max_scroll_y == 0 and not box.show_vertical_scrollbar, "\n".join(lines)
        text = "\n".join(lines)
        assert GameOverScreen.MORE_BELOW not in text and GameOverScreen.MORE_ABOVE not in text
        assert "game over" in text and "The reveal" in text and "in full at the foot" not in text, text
        assert all(re.search(rf"│ +{name} ", text) for name in NAMES[:players]), text
        if game_id != "bloops":
            assert app.screen.query_one("#over-chart").region.height >= players + 2, text
        keys = app.screen.query_one("#over-keys").region
        assert keys.bottom <= box.region.bottom - 1, text


@pytest.mark.parametrize("game_id, players, seed", [("combat-cards", 6, 1), ("black-ops", 6, 4), ("black-ops", 8, 1)])
async def test_a_scrollbar_stands_clear_of_the_result(game_id, players, seed):
    """A result that cannot fit 80×24 scrolls; the column left of its scrollbar is blank in
    every row, so that the scrollbar's half blocks do not join the chart's strips or its
    numbers (Combat Cards' "10▅▅": the tester read the scrollbar as a bar of the chart)."""
    session = saved_session(game_id, NAMES[:players], seed=seed)
    async with game_over_on(session, (80, 24)) as app:
        lines = await settled_lines(app, Pilot(app))
        box = app.screen.query_one("#over-box")
        assert box.max_scroll_y > 0 and box.show_vertical_scrollbar, "this result fits: the case is not tested"
        bar = box.vertical_scrollbar.region.x  # the scrollbar's first column
        rows = [row.ljust(bar + 1) for row in lines[box.region.y + 1 : box.region.bottom - 1]]
        assert all(not row[bar - 1].strip() for row in rows), "\n".join(rows)


async def test_cold_war_reveals_every_collected_card_as_its_index_on_a_card_face():
    """A fresh tester read Cold War's reveal as a list of words ("Five of Clubs   Eight of
    Hearts …") cut short at 80×24 with "and 17 more". Each collection is now every one of
    its cards as its index ("9♠") in its suit's ink on the card face, as on the table."""
    from cardtable.games.cold_war import short

    session = saved_session("cold-war", NAMES[:2], seed=4)
    game = session.game
    face = game.cardset.table.get("face")
    async with game_over_on(session, (80, 24)) as app:
        text = "\n".join(await settled_lines(app, Pilot(app)))
        reveal = app.screen._reveal(None, 74)
    assert " more" not in text and " of Spades" not in text and " of Hearts" not in text, text
    chips = [(span, line) for line in reveal for span in line.spans if line.plain[span.start:span.end].strip()]
    for seat in (0, 1):
        for card in game.zones[f"collection:{seat}"]:
            assert f" {short(card.defn)} " in text, (short(card.defn), text)
    faces = [line.plain[span.start:span.end].strip() for span, line in chips if getattr(span.style, "bgcolor", None) is not None
             and span.style.bgcolor.name.lower() == face.lower()]
    assert len(faces) == sum(len(game.zones[f"collection:{seat}"]) for seat in (0, 1)), faces
