"""A player's last warband on Combat Cards' compact table (80×24), as the fresh tester found
it: a row read "out: 6 Warbikes" and left out the Nob Bikers laid in the same warband, and
a computer's row said "last out:" where a person's said "out:". Each row now says the whole
warband, or names some of it and counts the rest ("Warbikes +1"), or counts it ("2 cards"),
after one label on every seat's row. The warband each pile last took is followed here from
the piles themselves (the cards a pile gained in one round), not from the table's code."""

from __future__ import annotations

import pytest
from test_layout_sizes import random_walk

from cardtable.engine import plural
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.combat_cards import WarbandTable
from cardtable.ui.testing import screen_lines


@pytest.fixture(autouse=True)
def no_pace(monkeypatch):
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")


def honest_forms(band: list) -> list[str]:
    """Every way a row may say ``band`` (card definitions): each card's value and name, the
    names alone, the first names and "+N" for the rest, or the number of cards."""
    names = [d.name for d in band]
    forms = [" + ".join(f"{d.value} {d.name}" for d in band), " + ".join(names)]
    forms += [f"{' + '.join(names[:k])} +{len(band) - k}" for k in range(1, len(band))]
    return forms + [plural(len(band), "card")]


def faces(view, seat: int) -> list:
    return [c.face for c in view.zone(f"out:{seat}").cards if c is not None and c.face is not None]


async def test_every_row_says_the_whole_last_warband_after_one_label(cardtable_home):
    players = ("Ann", "Computer 2")
    app = make_app(StartRequest(game="combat-cards", players=players, seed=3, computers={1: "easy"}))
    piles: dict[int, list] = {0: [], 1: []}
    last: dict[int, list] = {}
    seen = {"rows": 0, "whole": 0, "labels": set(), "forms": set()}

    def check(screen) -> None:
        view = screen.session.view()
        for seat in (0, 1):  # a pile gains one warband a round (one person: a move each round)
            now = faces(view, seat)
            if len(now) > len(piles[seat]):
                assert now[: len(piles[seat])] == piles[seat]
                last[seat] = now[len(piles[seat]) :]
            piles[seat] = now
        region = screen.query_one("#cc-table").region
        rows = [line[region.x : region.right] for line in screen_lines(app)[region.y : region.bottom]]
        assert not any("last out:" in row for row in rows), rows
        for seat, name in enumerate(players):
            row = next(r for r in rows if r[2:].startswith(name + " "))
            if "· out: " not in row:
                continue
            words = row.split("· out: ", 1)[1].strip()
            assert words in honest_forms(last[seat]), (seat, last[seat], row)
            seen["rows"] += 1
            seen["labels"].add(seat)
            seen["whole"] += len(last[seat]) > 1 and words in honest_forms(last[seat])[:2]  # every card named
            # every shorter room: a form that fits and is honest, never a card dropped
            for room in range(0, 60):
                text = WarbandTable.last_out(view, seat, room)
                if text is not None:
                    said = text.plain.removeprefix("  · out: ")
                    assert text.cell_len <= room and said != text.plain and said in honest_forms(last[seat]), (room, text.plain)
                    seen["forms"].add(honest_forms(last[seat]).index(said) if len(last[seat]) > 1 else -1)

    async with app.run_test(size=(80, 24)) as pilot:
        assert await random_walk(app, pilot, check, moves=12) == 12
    assert seen["rows"] >= 4 and seen["labels"] == {0, 1}, seen  # both a person's and a computer's row
    assert seen["whole"], "a warband of several cards named whole on a row"
    assert {1, 2}.issubset(seen["forms"]), "names alone and '+N' forms were drawn where room was short"
