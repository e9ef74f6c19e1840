"""Combat Cards' seats as a fresh tester saw them playing alone against two computer players
(Maximiliana1, Space Marines, against Chaos Space Marines and Dark Eldar) at 80×24, 120×40
and 200×60: the players' table at 80×24 keeps a 12-character name whole and its columns
where they are all game (F8)."""

from __future__ import annotations

import pytest
from test_layout_sizes import _region_text, random_walk

from cardtable.engine.core import MAX_NAME
from cardtable.ui import StartRequest, make_app
from cardtable.ui.testing import screen_lines

LONG_NAMES = ("Maximiliana1", "Bartholomew2", "Alexandrina3", "Christabel44", "Wilhelmina55", "Konstantin66")
ARMIES = ("space-marines", "chaos-space-marines", "dark-eldar", "orks", "space-marines", "dark-eldar")


def _long_named(players: int, seed: int = 5):
    assert all(len(n) == MAX_NAME for n in LONG_NAMES)
    return make_app(StartRequest(game="combat-cards", players=LONG_NAMES[:players], seed=seed, options={"deck": ARMIES[:players]}))


@pytest.mark.parametrize("players", [2, 4, 6])
async def test_a_twelve_letter_name_is_whole_and_the_columns_stay_put_at_80x24(players):
    """F8: "Maximilia…" for the whole game (the Player column was 10 wide while the warband
    column had room), and the Army column flipped between "Sp. Marines" and "Marines" (and
    "Dark Eldar" and "D. Eldar") from round to round, moving every column after it. Every
    name is now whole on its line, and the table's header (its columns) and every player's
    army are drawn the same way all game."""
    app = _long_named(players)
    heads: set[str] = set()
    armies: dict[int, set[str]] = {}
    laid = 0

    def check(screen) -> None:
        nonlocal laid
        view = screen.session.view()
        rows = _region_text(screen_lines(app), screen.query_one("#cc-table").region)
        heads.add(rows[0].rstrip())
        army_at = rows[0].index("Army")
        wins_at = rows[0].index("Wins")
        for seat, name in enumerate(view.players):
            row = next((r for r in rows[1:] if r[2:].startswith(name + " ")), None)
            assert row is not None, (name, "\n".join(rows))
            armies.setdefault(seat, set()).add(row[army_at:wins_at].strip())
        laid += any(view.zone(f"warband:{s}").count for s in range(players))

    async with app.run_test(size=(80, 24)) as pilot:
        await random_walk(app, pilot, check, moves=5 * players + 6)
    assert laid >= 4
    assert len(heads) == 1, heads
    assert all(len(forms) == 1 for forms in armies.values()), armies
