"""Combat Cards with six players at 80×24, the compact layout (issue 14): the players'
table cut warbands to "5 Burna…  4 Waaag…" and a played pile's top card to "Kustom Force
F…" while two or three rows of the table area stayed empty under the builder's one line,
and a unit wider than the warband column ("12 Abaddon the Despoiler") was cut on any
number of lines. Over seeded random walks (six Orks; mixed armies) every seat's line is on
the table with its army and counts, every card of every laid warband and every top card
"out" is written whole, and nothing is cut by the screen's edge."""

from __future__ import annotations

import pytest
from test_combat_cards_public import seat_rows
from test_layout_sizes import _region_text, overflow_problems, random_walk

from cardtable.engine.registry import default_names
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.combat_cards import NARROW_ARMIES, SHORT_ARMIES, WarbandTable
from cardtable.ui.testing import screen_lines

MIXED = ("orks", "dark-eldar", "chaos-space-marines", "space-marines")
STATES = ("choosing a warband…",)
"""Words of the table that end in ``…`` and name no card."""


def _problems(app, screen) -> list[str]:
    """What a compact table screen of ``screen`` cuts or leaves out, one line each."""
    if screen.has_class("-roomy") or not screen.query_one("#cc-table").display:
        return []
    view = screen.session.view()
    moves = screen.session.game.moves
    lines = screen_lines(app)
    region = screen.query_one("#cc-table").region
    rows = _region_text(lines, region)
    owned = seat_rows(rows, view.players)
    problems = [f"move {moves}: {p}" for p in overflow_problems(screen)]
    if set(owned) != set(range(len(view.players))):
        return problems + [f"move {moves}: seats {sorted(owned)} on the table:\n" + "\n".join(rows)]
    if region.bottom > screen.query_one("#table-body").region.bottom:
        problems.append(f"move {moves}: the players' table {region} runs past the table area")
    for seat, seat_lines in owned.items():
        words = " ".join(" ".join(seat_lines).split())
        army = view["armies"][seat]
        if SHORT_ARMIES.get(army, army) not in seat_lines[0] and NARROW_ARMIES.get(army, army) not in seat_lines[0]:
            problems.append(f"move {moves}: no army on {seat_lines[0]!r}")
        counts = WarbandTable.counts(view, seat)
        if " ".join(str(c) for c in counts) not in words:
            problems.append(f"move {moves}: counts {counts} not on {seat_lines[0]!r}")
        cut = words
        for state in STATES:
            cut = cut.replace(state, "")
        if "…" in cut:
            problems.append(f"move {moves}: cut: {' / '.join(seat_lines)}")
        if view["warbands"][seat] is not None:
            for card in view.zone(f"warband:{seat}").cards:
                if card is not None and card.face is not None and f"{card.face.value} {card.face.name}" not in words:
                    problems.append(f"move {moves}: {card.face.value} {card.face.name} not whole in {' / '.join(seat_lines)}")
    return problems


@pytest.mark.parametrize("decks, seed", [(None, 11), (MIXED + MIXED[:2], 5), (MIXED[::-1] + MIXED[1:3], 3)], ids=["orks", "mixed-5", "mixed-3"])
async def test_six_seats_at_80x24_are_whole_and_readable(decks, seed):
    options = {"deck": decks} if decks else {}
    app = make_app(StartRequest(game="combat-cards", players=default_names(6), seed=seed, options=options))
    problems: list[str] = []
    laid = 0

    def check(screen) -> None:
        nonlocal laid
        problems.extend(_problems(app, screen))
        view = screen.session.view()
        laid += sum(1 for s in range(6) if view["warbands"][s] is not None)

    async with app.run_test(size=(80, 24)) as pilot:
        checked = await random_walk(app, pilot, check, moves=30, settle=True)
    assert checked >= 20 and laid >= 40, (checked, laid)
    assert not problems, "\n".join(problems[:8])
