"""Bloops' one-line cards at 80×24 (a fresh tester): with six players and an area grown past
nine positions, the two-digit positions touched the card back beside them (``10▒▒▒``);
every position now has a blank cell before its card."""

from __future__ import annotations

import re

from bloops_growth import grown_game, push_table

from cardtable.ui import StartRequest, make_app
from cardtable.ui.testing import settled_lines

SIX = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


async def test_two_digit_positions_keep_a_cell_between_them_and_their_card():
    game = grown_game(SIX, 16, lambda game, decision: decision.kind == "window")
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        table = await push_table(app, pilot, game)
        lines = await settled_lines(app, pilot)
        screen = "\n".join(lines)
        box = table.query_one("#bl-area-0").region
        rows = [line[box.x : box.right] for line in lines[box.y + 1 : box.bottom]]  # under the caption
        cells = [cell for row in rows for cell in re.findall(r"\d+\S*", row)]
        assert any(cell.startswith("16") for cell in cells), f"position 16 is not drawn in one-line cells:\n{screen}"
        touching = [cell for cell in cells if not cell.isdigit()]
        assert not touching, f"positions touching their card: {touching}\n{screen}"
        assert all(len(row.rstrip()) <= box.width for row in rows)


def test_a_face_at_a_two_digit_position_keeps_the_blank_cell_and_its_value():
    """A card turned up at position 12 (a wrong claim's reveal) in one-line cells: the
    position, a blank cell, the face's value in the two columns left (a star card's "★"
    gives way: 10–12 are the only stars), then the next card's cell as before."""
    from rich.text import Text

    from cardtable.engine import CardView, ZoneView, load_cards
    from cardtable.ui.games.bloops import render_area

    cards = load_cards("bloops")
    twelve = next(c for c in cards.cards if c.value == 12)
    five = next(c for c in cards.cards if c.value == 5)
    slots = [CardView(None)] * 9 + [CardView(five, up=True), None, CardView(twelve, up=True), CardView(None)]
    zone = ZoneView("area:0", 0, "area", "Ann", tuple(slots))
    rows = render_area(zone, Text("Ann"), cards, big=False).plain.split("\n")
    assert rows[4] == "10 5  11 ·  12 12 "
    assert rows[5] == "13 ▒▒ "
    assert rows[1] == "1 ▒▒▒ 2 ▒▒▒ 3 ▒▒▒ "
