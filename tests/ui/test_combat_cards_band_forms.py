"""Issue 14, a fresh tester at 120×40 with six players: boxes a column apart wrote their
warbands' lines in two forms, "Light green band · 6 pts, 1 card" beside "Light blue band ·
6 points, 1 card". Every box now writes its line in one form, the fullest that fits every
box (``band_form``); a box with room for no form still falls back alone."""

from __future__ import annotations

import random
import re

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.combat_cards import band_words
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import random_step, settled_lines

LINE = re.compile(r"band · \d+ (points?|pts)")


def test_a_shared_form_is_kept_where_a_fuller_one_would_fit():
    assert band_words("Light blue", 6, 1, 40) == "Light blue band · 6 points, 1 card"
    assert band_words("Light blue", 6, 1, 40, least=1) == "Light blue band · 6 pts, 1 card"
    assert band_words("Light green", 9, 2, 25, least=1) == "Light green band · 9 pts"


@pytest.mark.parametrize("players", [4, 6])
async def test_every_box_writes_its_warband_in_one_form(monkeypatch, cardtable_home, players):
    """Seeded random moves at 120×40, one person and computers: on every settled table
    whose boxes show laid warbands, their lines share one form."""
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    names = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")[:players]
    app = make_app(StartRequest(game="combat-cards", players=names, seed=2, computers={s: "random" for s in range(1, players)}))
    mixed: list[str] = []
    laid = 0
    rng = random.Random(players)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(14):
            await random_step(app, pilot, rng)
            if not isinstance(app.screen, TableScreen):
                continue
            lines = await settled_lines(app, pilot)
            forms = [m.group(1).rstrip("s") for line in lines for m in LINE.finditer(line)]
            laid += len(forms) >= 2
            if len(set(forms)) > 1 and len(mixed) < 2:
                mixed.append("\n".join(lines))
    assert not mixed, "\n\n".join(mixed)
    assert laid >= 3, laid
