"""Bloops' roomy table with one area grown by wrong claims (issue 14: nothing the rules make
public may be hidden). The fresh tester, four people hot-seat, Ann's area grown to 22
positions: at 120×40 her box grew so tall that the foot was cut to two lines and the discard
pile's top card, the very card the counter-discard window asks players to match, could not
be seen, and the options scrolled; at 160×48 and 200×60 the face-down cards were drawn two
lines tall, Dan's box stood alone on a second row, and at 160×48 the option list still hid
"Nobody claims: Ann calls BLOOPS!"."""

from __future__ import annotations

import pytest
from bloops_growth import grown_game, push_table

from cardtable.games.bloops import Bloops, card_text
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.bloops import BloopsTable
from cardtable.ui.recent import public_moves
from cardtable.ui.testing import settled_lines

NAMES = ("Ann", "Bob", "Cat", "Dan")


def _grown_area_window(least: int = 22) -> Bloops:
    """A four-player hot-seat game in which Ann (seat 0) has claimed wrongly until her area
    holds at least ``least`` positions, in a counter-discard window (a claim for everyone,
    the pass and the BLOOPS! call)."""
    return grown_game(NAMES, least, lambda game, decision: decision.kind == "window" and len(decision.actions) == len(NAMES) + 2)


@pytest.mark.parametrize("size", [(120, 40), (160, 48), (200, 60)])
async def test_a_grown_area_leaves_the_discard_and_every_window_option_on_screen(size):
    game = _grown_area_window()
    decision = game.decision()
    top = game.view(None).zone("discard").top
    app = make_app(StartRequest())
    async with app.run_test(size=size) as pilot:
        table = await push_table(app, pilot, game)
        assert isinstance(table, BloopsTable) and table.has_class("-roomy")
        lines = await settled_lines(app, pilot)
        screen = "\n".join(lines)
        foot = table.query_one("#bl-bottom").region
        panel = table.query_one("#decision").region
        # (a) the discard pile's top card whole, above the decision panel
        assert foot.bottom <= panel.y, f"the foot runs under the panel:\n{screen}"
        assert lines[foot.bottom - 1].lstrip().startswith("╰"), f"the foot is cut:\n{screen}"
        discard = table.query_one("#bl-discard").region
        card = [line[discard.x : discard.right] for line in lines[discard.y + 1 : discard.bottom]]
        assert card and "╭" in card[0] and "╰" in card[-1], f"the discard pile's card is cut:\n{screen}"
        assert any(card_text(top.face) in line for line in card), f"no {card_text(top.face)!r} on the discard pile:\n{screen}"
        # (b) every option of the window, without scrolling
        for action in decision.actions:
            assert action.label in screen, f"{action.label!r} is below the fold:\n{screen}"
        assert "more below" not in screen, screen
        # (c) no area's box is cut: each ends in its bottom border above the foot
        for seat in range(len(NAMES)):
            box = table.query_one(f"#bl-area-{seat}").region
            assert box.bottom <= foot.y, f"{NAMES[seat]}'s box runs into the foot:\n{screen}"
            assert lines[box.bottom - 1][box.x] == "╰", f"{NAMES[seat]}'s box is cut:\n{screen}"
            assert box.height == table.query_one(f"#bl-area-{seat}").get_content_height(None, None, 0) + 2, f"{NAMES[seat]}'s box is cut:\n{screen}"
        # (d) from 160×48 the face-down cards keep three lines (the tester saw "╰▒▒▒▒╯")
        if size[0] >= 160:
            assert "╰▒" not in screen, f"two-line cards with room for more:\n{screen}"


@pytest.mark.parametrize("size", [(160, 48), (200, 60)])
async def test_a_grown_area_draws_wider_rows_beside_every_other_box(size):
    """From 160×48 the grown area's box is two columns wide, its cards six a row, beside the
    others in one row of boxes (the tester saw Dan's box alone on a second row, ~135 empty
    columns beside it); a click on a card of its wide rows picks that card's position."""
    game = _grown_area_window()
    app = make_app(StartRequest())
    async with app.run_test(size=size) as pilot:
        table = await push_table(app, pilot, game)
        lines = await settled_lines(app, pilot)
        screen = "\n".join(lines)
        boxes = [table.query_one(f"#bl-area-{seat}").region for seat in range(len(NAMES))]
        assert len({box.y for box in boxes}) == 1, f"the boxes stand in more than one row:\n{screen}"
        assert boxes[0].width > 2 * boxes[1].width - 2, f"Ann's box is not two columns wide:\n{screen}"
        first = next(row for row in range(boxes[0].y, boxes[0].bottom) if "─1─" in lines[row][boxes[0].x : boxes[0].right])
        assert "─6─" in lines[first][boxes[0].x : boxes[0].right], f"Ann's cards are not six a row:\n{screen}"
        await pilot.press("1")  # Ann claims: which of her cards matches?
        await pilot.pause(0.3)
        decision = table.session.visible_decision()
        assert decision is not None and decision.kind == "counter", decision
        before = len(public_moves(table.session.view(), 10**6))
        lines = await settled_lines(app, pilot)
        row = next(r for r in range(boxes[0].y, boxes[0].bottom) if "─10─" in lines[r][boxes[0].x : boxes[0].right])
        column = lines[row].index("─10─", boxes[0].x)
        await pilot.click("#bl-area-0", offset=(column + 1 - boxes[0].x, row + 1 - boxes[0].y))
        await pilot.pause(0.3)
        moves = [text for text, _ in public_moves(table.session.view(), 10**6)[before:]]
        assert moves and "position 10 " in moves[0], moves


def test_a_roomy_card_too_narrow_for_its_effect_words_shows_its_face_alone():
    """The README's Bloops picture at 120×36: Ann's face-up 7 read "7 / pe… / any" (its
    effect words, "peek any", cut in a 7-cell card). A word that would be cut drops the words."""
    from cardtable.ui.cards import Tile, tile_lines
    from cardtable.ui.games.bloops import whole_words

    tile = Tile(corner="7", name="peek any", mark="6")
    assert whole_words(tile, 7).name == "" and whole_words(tile, 9).name == "peek any"
    drawn = "\n".join(line.plain for line in tile_lines(whole_words(tile, 7), 7, 4))
    assert "…" not in drawn and "7" in drawn, drawn
