"""Combat Cards' hand at 80×24 (a fresh tester): the hand cards' names were cut with "…"
("Abaddon" / "the…", "Space" / "Marine…") although the 14-cell card had the cells to write
them whole on its two name lines. For each army, a hand of its five longest unit names:
every card shows its name whole, and no card shows "…"."""

from __future__ import annotations

import pytest
from test_card_text_clear_of_border import _own_screen

from cardtable.cards import load_cardset
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.combat_cards import HandCard, card_name_lines
from cardtable.ui.testing import settled_lines

ARMIES = ("orks", "space-marines", "chaos-space-marines", "dark-eldar")
CARDS = load_cardset("cards_data/combat-cards.yaml")


@pytest.fixture(autouse=True)
def _fast(monkeypatch, tmp_path):
    for name, value in {"CARDTABLE_INPUT_GRACE": "0", "CARDTABLE_PRIVACY_GUARD": "0", "CARDTABLE_COMPUTER_PACE": "0", "CARDTABLE_HOME": str(tmp_path)}.items():
        monkeypatch.setenv(name, value)


def longest_names(army: str, count: int = 5) -> list[str]:
    """The ``count`` longest unit names of ``army`` in the card file, longest first."""
    names = sorted({c.name for c in CARDS.cards if c.get("army") == army}, key=lambda n: (-len(n), n))
    return names[:count]


@pytest.mark.parametrize("army", ARMIES)
async def test_the_longest_unit_names_are_whole_on_the_hand_cards_at_80x24(army):
    other = "orks" if army != "orks" else "dark-eldar"
    app = make_app(StartRequest(game="combat-cards", players=("Ann", "Bob"), seed=4, options={"deck": (army, other)}))
    names = longest_names(army)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _own_screen(app, pilot)
        game = screen.session.game
        hand, draw = game.hands[0], game.draws[0]
        for card in list(hand):
            hand.remove(card)
            draw.add(card)
        for name in names:
            card = next(c for c in draw if c.defn.name == name)
            draw.remove(card)
            hand.add(card)
        game.invalidate()
        screen.redraw()
        lines = await settled_lines(app, pilot)
        cards = [w for w in screen.query(HandCard) if w.display and w.face is not None]
        assert sorted(w.face.name for w in cards) == sorted(names)
        problems = []
        for card in cards:
            region = card.region
            assert region.width == 14 and region.height == 5, region  # the compact hand's card
            rows = [lines[y][region.x + 1 : region.right - 1] for y in range(region.y + 2, region.bottom - 1)]  # the name lines
            written = " ".join(" ".join(rows).split())
            if written != card.face.name or any("…" in lines[y][region.x : region.right] for y in range(region.y, region.bottom)):
                problems.append(f"{card.face.name!r} drawn as {rows}")
        assert not problems, "\n".join(problems + ["", *lines])


def test_a_name_keeps_its_margins_where_it_fits_and_is_cut_only_where_it_cannot():
    assert card_name_lines("Burna Boyz", 12, 2) == ((1, 1), ["Burna Boyz"])
    assert card_name_lines("Abaddon the Despoiler", 12, 2) == ((1, 0), ["Abaddon the", "Despoiler"])
    assert card_name_lines("Close Combat Squad", 12, 2) == ((0, 0), ["Close Combat", "Squad"])
    assert card_name_lines("Close Combat Squad", 12, 3) == ((1, 1), ["Close", "Combat", "Squad"])
    (margins, lines) = card_name_lines("Splinter Cannon Team", 10, 2)
    assert lines[-1].endswith("…") and len(lines) == 2  # 10 cells hold it on no two lines
