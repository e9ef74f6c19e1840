"""A player's last warband on Combat Cards' compact table (80×24), as the fresh tester found
it: a row read "out: 6 Warbikes" and left out the Nob Bikers laid in the same warband, and
a computer's row said "last out:" where a person's said "out:". Each row now says the whole
warband, or names some of it and counts the rest ("6 Warbikes + 1 more"), or counts it ("2
cards"), after one label on every seat's row; a card named is named as its chip names it,
value first (a fresh tester read "Deff Dread +2" on one row beside "6 Weirdboy" on the
next). The warband each pile last took is followed here from
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
    first cards so and "+ N more" for the rest, or the number of cards."""
    named = [f"{d.value} {d.name}" for d in band]
    forms = [" + ".join(named)]
    forms += [f"{' + '.join(named[:k])} + {len(band) - k} more" for k in range(len(band) - 1, 0, -1)]
    return forms + ([plural(len(band), "card")] if len(band) > 1 else [])


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
            seen["whole"] += len(last[seat]) > 1 and words == honest_forms(last[seat])[0]  # every card named
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
    assert {1, 2}.issubset(seen["forms"]), "'+ N more' and shorter forms were drawn where room was short"


def value_first(words: str, band: list) -> bool:
    """Whether ``words`` (an entry after "out:") says ``band`` with every card it names named
    as its chip names it, value first ("6 Weirdboy"), in the band's order, the rest counted
    at its end ("+ 2 more"); or is the number of cards alone."""
    if words == plural(len(band), "card") and len(band) > 1:
        return True
    parts = words.split(" + ")
    named = [f"{d.value} {d.name}" for d in band]
    if parts[-1] == f"{len(band) - len(parts) + 1} more" and len(parts) < len(band) + 1:
        parts = parts[:-1]
    elif len(parts) != len(band):
        return False
    return bool(parts) and parts == named[: len(parts)]


async def test_every_out_entry_names_its_cards_value_first_at_80x24(cardtable_home):
    """A fresh tester at 80×24 read "Deff Dread +2" on one row beside "6 Weirdboy" on the
    next (the names alone and "+N", a value after a name?). Over a walk of three players
    (a row "choosing a warband…" has less room than a row "to play"), every entry after
    "out:" on the table names each card value first; entries shortened for their room are
    among them."""
    players = ("Ann", "Bob", "Cat")
    app = make_app(StartRequest(game="combat-cards", players=players, seed=5))
    seen = {"entries": 0, "short": 0}
    bad: list[str] = []

    def check(screen) -> None:
        if screen.has_class("-roomy") or not screen.query_one("#cc-table").display:
            return
        view = screen.session.view()
        region = screen.query_one("#cc-table").region
        for row in (line[region.x : region.right] for line in screen_lines(app)[region.y : region.bottom]):
            if "· out: " not in row:
                continue
            words = row.split("· out: ", 1)[1].strip()
            seat = next(s for s, name in enumerate(players) if row[2:].startswith(name + " "))
            band = WarbandTable.last_warband(view, seat)
            seen["entries"] += 1
            seen["short"] += words != " + ".join(f"{d.value} {d.name}" for d in band)
            if not value_first(words, band):
                bad.append(row)

    async with app.run_test(size=(80, 24)) as pilot:
        await random_walk(app, pilot, check, moves=24)
    assert not bad, "\n".join(bad)
    assert seen["entries"] >= 10 and seen["short"], seen
