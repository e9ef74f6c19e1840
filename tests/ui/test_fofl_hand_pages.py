"""FOFL's roomy table: when the hand's box holds more cards than it shows (its rows shared
with sides that need theirs), ``]`` and ``[`` page it as they page the sides, and the key
bar lists them then. A fresh tester (t209) at 120×40 saw 4 of the 5 cards of their hand
and at 200×60 7 of 8, with no key that reached the rest (only ``i``'s card texts)."""

from __future__ import annotations

from cardtable.ui import make_app
from cardtable.ui.games.fofl import CardTile
from cardtable.ui.testing import settled_lines
from test_fofl_look import first_turn  # tests/ui is on the path
from test_fofl_many_in_play import lay_out
from test_fofl_ui import fofl

import random


def bar_keys(app) -> set[str]:
    """The keys the key bar lists now (``check_action`` passes them)."""
    screen = app.screen
    return {b.key_display or b.key for _, b, enabled, _ in app.active_bindings.values() if enabled} if screen else set()


async def test_the_hand_box_pages_with_the_brackets_when_it_holds_more_than_it_shows(cardtable_home):
    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game = await first_turn(pilot)
        hand = game.zones["hand:0"]
        for cid in ("chav", "mafia", "drone", "triad", "hack"):  # nine cards in hand
            card = game.make_cards([game.cardset[cid]])[0]
            game._cards[card.uid] = card
            game.owner[card.uid] = 0
            hand.add(card)
        rng = random.Random(5)
        for seat in (0, 1):  # sides that need their rows
            lay_out(game, seat, 8, rng)
        game.invalidate()
        screen.redraw()
        await settled_lines(app, pilot)
        box = screen.query_one("#fofl-handbox")
        tiles = [t for t in screen.query(CardTile) if t.zone == "hand:0"]
        assert len(tiles) == len(hand.cards) == 11
        assert box.max_scroll_y > 0, "this test needs a hand box that scrolls"
        last = max(tiles, key=lambda t: (t.region.y, t.region.x))
        def named() -> set[int]:
            """The hand cards whose name (the tile's first line inside its border) is in sight."""
            area = box.content_region
            return {t.index for t in screen.query(CardTile) if t.zone == "hand:0" and area.y <= t.region.y + 1 < area.bottom}

        seen = named()
        assert len(seen) < len(hand.cards), "some cards of the hand are out of sight at first"
        assert "]" in bar_keys(app), "the key bar lists ] while the hand holds more than it shows"
        for _ in range(6):
            await pilot.press("]")
            await settled_lines(app, pilot)
            seen |= named()
        assert box.scroll_y > 0
        assert seen == set(range(len(hand.cards))), f"never in sight: {sorted(set(range(len(hand.cards))) - seen)}"


async def test_a_hand_paged_down_shows_its_first_row_again_once_it_changes(cardtable_home):
    """t211 paged the hand down with ``]``, played cards, and the hand stayed paged half
    way: its first row's names out of sight until ``[``. A changed hand starts at its top."""
    app = make_app(fofl(7))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, game = await first_turn(pilot)
        hand = game.zones["hand:0"]
        for cid in ("chav", "mafia", "drone", "triad", "hack"):
            card = game.make_cards([game.cardset[cid]])[0]
            game._cards[card.uid] = card
            game.owner[card.uid] = 0
            hand.add(card)
        rng = random.Random(5)
        for seat in (0, 1):
            lay_out(game, seat, 8, rng)
        game.invalidate()
        screen.redraw()
        await settled_lines(app, pilot)
        box = screen.query_one("#fofl-handbox")
        await pilot.press("]")
        await settled_lines(app, pilot)
        assert box.scroll_y > 0
        game.zones["discard:0"].add(hand.remove(hand.cards[0]))  # a card leaves the hand
        game.invalidate()
        screen.redraw()
        await settled_lines(app, pilot)
        assert box.scroll_y == 0
