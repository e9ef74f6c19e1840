"""A cell of padding inside every card (a fresh tester at 120×40 and 80×24): Black Ops'
hand cards read "│Red Dot Sight │"; Combat Cards' "│Burna Boyz│", "│Mekboy   │" and
"│Rokkit Buggy│", the text on the border. Now no card's text touches a border; and the
Combat Cards player's own box (a column narrower than the others at 120×40) holds its
band line on one row."""

from __future__ import annotations

import re

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.combat_cards import band_words
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import settled_lines

SIZES = [(80, 24), (120, 40)]
SEGMENT = re.compile(r"[│┃]([^│┃╭╮╰╯┏┓┗┛─━]+)(?=[│┃])")


QUICK = {"CARDTABLE_INPUT_GRACE": "0", "CARDTABLE_PRIVACY_GUARD": "0", "CARDTABLE_COMPUTER_PACE": "0"}


@pytest.fixture(autouse=True)
def _fast(monkeypatch, tmp_path):
    for name, value in {**QUICK, "CARDTABLE_HOME": str(tmp_path)}.items():
        monkeypatch.setenv(name, value)


def touching(lines: list[str], region) -> list[str]:
    """The rows of a card (or cards side by side) in ``region`` whose text touches a vertical
    border: a segment between two borders with text at its first or last cell."""
    bad = []
    for y in range(region.y, region.bottom):
        row = lines[y][region.x : region.right]
        for words in SEGMENT.findall(row):
            if words.strip(" ▒╎") and (words[0] != " " or words[-1] != " "):  # not a back
                bad.append(row)
    return bad


def _set_hand(game, zone, names: list[str], sources) -> None:
    for name in names:
        card = next((c for z in sources for c in z if c.defn.name == name), None)
        if card is not None and card not in zone:
            for z in sources:
                if card in z:
                    z.remove(card)
            zone.add(card)


async def _own_screen(app, pilot):
    for _ in range(30):
        await pilot.pause()
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
        elif getattr(app.screen, "session", None) is not None:
            return app.screen
    raise AssertionError("no table screen")


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
async def test_combat_cards_text_is_a_cell_clear_of_every_border(size):
    from cardtable.ui.cards import FanWidget
    from cardtable.ui.games.combat_cards import HandCard

    app = make_app(StartRequest(game="combat-cards", players=("Me", "Computer 2", "Computer 3"), seed=21, computers={1: "hard", 2: "normal"}))
    async with app.run_test(size=size) as pilot:
        screen = await _own_screen(app, pilot)
        game = screen.session.game
        hand = game.hands[0]
        keep = [c for c in list(hand)][: len(hand) - 3]
        for card in list(hand):
            if card not in keep:
                hand.remove(card)
                game.draws[0].add(card)
        _set_hand(game, hand, ["Burna Boyz", "Rokkit Buggy", "Mekboy"], [game.draws[0], *game.hands[1:]])
        # a laid warband of long names beside: Computer 2's
        band = game.warbands[1]
        _set_hand(game, band, ["Battlewagon", "Gork's Fury"], [game.draws[1], game.draws[0], game.hands[1]])
        game.invalidate()
        screen.redraw()
        lines = await settled_lines(app, pilot)
        cards = [w for w in screen.query(HandCard) if w.display and w.face is not None]
        assert {w.face.name for w in cards} >= {"Burna Boyz", "Rokkit Buggy", "Mekboy"}
        bad = [row for w in cards for row in touching(lines, w.region)]
        bad += [row for fan in screen.query(FanWidget) if fan.display and fan.region.height for row in touching(lines, fan.region)]
        assert not bad, "\n".join(bad + ["", *lines])


async def test_combat_cards_own_band_line_fits_its_box_at_120x40():
    """The player's own box is a column narrower than the others at 120×40: its light
    green warband's line read "Light green band · 9 points, 2" / "cards"."""
    app = make_app(StartRequest(game="combat-cards", players=("Me", "Computer 2", "Computer 3"), seed=21, computers={1: "hard", 2: "normal"}))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _own_screen(app, pilot)
        game = screen.session.game
        band = game.warbands[0]
        for card in list(band):
            band.remove(card)
            game.draws[0].add(card)
        sources = [game.draws[0], *game.hands, *game.draws[1:]]
        _set_hand(game, band, ["Warbuggy", "Trukk"], sources)
        assert [c.defn.name for c in band] == ["Warbuggy", "Trukk"]
        game.invalidate()
        screen.redraw()
        lines = await settled_lines(app, pilot)
        box = screen.query_one("#cc-band-0")
        rows = [lines[y][box.region.x : box.region.right] for y in range(box.region.y, box.region.bottom)]
        line = next(row for row in rows if "Light green band" in row)
        assert "2 cards" in line, "\n".join(rows)


def test_the_band_line_takes_its_short_form_when_narrow():
    assert band_words("Light green", 9, 2, 40) == "Light green band · 9 points, 2 cards"
    assert band_words("Light green", 9, 2, 34) == "Light green band · 9 pts, 2 cards"
    assert band_words("Light green", 9, 2, 25) == "Light green band · 9 pts"


async def _black_ops_own_screen(app, pilot, held: list[str]):
    """Me's own Black Ops table with ``held`` (Care Package ids) in hand."""
    import sys

    sys.path.insert(0, "tests/ui")
    from test_black_ops_ui import _take

    screen = await _own_screen(app, pilot)
    game = screen.session.game
    for card in list(game.hands[0]):
        game.hands[0].remove(card)
        game.cp_discard.add(card)
    for card_id in held:
        game.hands[0].add(_take(game, card_id, game.cp_deck, game.cp_discard, *game.hands[1:]))
    game.invalidate()
    screen.redraw()
    return screen


BLACK_OPS = StartRequest(game="black-ops", players=("Me", "Computer 2", "Computer 3", "Computer 4"), seed=21, computers={1: "hard", 2: "normal", 3: "easy"})


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("held", [["red-dot-sight", "acog-sight"], ["concussion"]], ids=["two", "one"])
async def test_black_ops_hand_cards_keep_their_text_a_cell_clear_of_the_border(size, held):
    from cardtable.ui.games.black_ops import HandCard

    app = make_app(BLACK_OPS)
    async with app.run_test(size=size) as pilot:
        screen = await _black_ops_own_screen(app, pilot, held)
        lines = await settled_lines(app, pilot)
        cards = [w for w in screen.query(HandCard) if w.region.height and not w.has_class("flat")]
        assert len(cards) == (len(held) if size == (120, 40) else 0), "\n".join(lines)  # tiles where roomy
        bad = [row for w in cards for row in touching(lines, w.region)]
        assert not bad, "\n".join(bad + ["", *lines])
        text = "\n".join(lines)
        assert size != (120, 40) or all(name in text for name in ("Red Dot Sight", "ACOG Sight") if len(held) == 2), text
