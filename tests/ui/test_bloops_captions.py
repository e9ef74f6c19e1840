"""The compact table's area captions at 80×24 (issue 14, "nothing cut"): a seat's name is
never cut to make room for its mark (the fresh tester saw "Compu… ◀ turn" for a computer
seat): the mark shortens, then the seat number's padding goes, then the mark itself."""

from __future__ import annotations

import pytest

from cardtable.engine import Action, Setup, load_cards
from cardtable.engine.core import MAX_NAME
from cardtable.engine.registry import computer_name
from cardtable.engine.session import Session
from cardtable.games.bloops import Bloops
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.bloops import AREA_WIDTH, COMPACT_MARKS, BloopsTable, area_caption
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import screen_text


@pytest.mark.parametrize("mark", ["", *COMPACT_MARKS])
@pytest.mark.parametrize("name", ["Ann", "Charlie", computer_name(0), "Computer (h)", "W" * MAX_NAME])
def test_a_name_up_to_the_longest_allowed_is_never_cut(name, mark):
    for seat in range(6):
        caption = area_caption(seat, name, mark, active=True)
        assert caption.cell_len <= AREA_WIDTH
        assert f" {name}" in caption.plain and "…" not in caption.plain, caption.plain


def test_the_mark_is_kept_in_full_where_it_fits():
    assert area_caption(0, "Ann", "turn", True).plain == " 1  Ann ◀ turn"
    assert area_caption(1, computer_name(1), "turn", True).plain == " 2  Computer 2 ◀"
    assert area_caption(2, computer_name(2), "bloops", False).plain == " 3  Computer 3 B!"


def test_only_a_name_longer_than_any_allowed_is_cut():
    caption = area_caption(0, "W" * (MAX_NAME + 4), "turn", True)
    assert caption.cell_len == AREA_WIDTH and caption.plain.endswith("…")


@pytest.mark.parametrize("players", range(2, 7))
async def test_a_computer_seats_name_is_whole_at_80x24(players):
    names = tuple(computer_name(s) for s in range(players))
    game = Bloops(load_cards("bloops"), Setup(names, Bloops.default_options(players)), seed=4)
    for _ in range(players):
        game.act(Action.of("remember"))  # every first look confirmed: Computer 1 draws
    assert game.phase != "memorise" and game.actor == 0
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(BloopsTable(Session(game)))
        await pilot.pause()
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
            await pilot.pause()
        text = screen_text(app)
        assert "Compu…" not in text
        assert f"{names[0]} ◀" in text, text
        for name in names:
            assert name in text
