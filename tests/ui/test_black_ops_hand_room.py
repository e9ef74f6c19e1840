"""Black Ops at 120×40, issue 14: with thirteen Care Packages in hand the player's own box
scrolled ("+1 more: scroll ↓") in half the foot beside a 50-cell "Last moves" box. A hand
whose lines need more columns takes them from the last moves (down to ``RECENT_LEAST``):
every card is in view and nothing scrolls."""

from __future__ import annotations

from cardtable.ui.games.black_ops import RECENT_LEAST, BlackOpsTable
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import settled_lines
# tests/ui is on the path; _fast: the autouse fixture (a home of its own, no input grace or guard)
from test_black_ops_options_room import _fast  # noqa: F401
from test_black_ops_ui import FOUR, _take, start

CARE_PACKAGES = ["extended-mag", "red-dot-sight", "acog-sight", "concussion", "nova-gas", "semtex", "hard-wired", "uav", "emp", "tak-5"]


async def test_a_long_hand_takes_room_from_the_last_moves_not_a_scroll():
    app = start(FOUR)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1")
        for _ in range(20):
            await pilot.pause()
            if not isinstance(app.screen, PrivacyScreen):
                break
            await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, BlackOpsTable) and screen.roomy_table()
        game = screen.session.game
        seat = screen.session.view().seat
        for card_id in (CARE_PACKAGES * 2)[:12]:
            game.hands[seat].add(_take(game, card_id, game.cp_deck, game.cp_discard))
        game.invalidate()
        screen.redraw()
        lines = await settled_lines(app, pilot)
        text = "\n".join(lines)
        hand = screen.query_one("#bo-hand-cards")
        recent = screen.query_one("#bo-recent")
        assert len(game.hands[seat]) == 13
        assert "more: scroll" not in text and not hand.border_subtitle, text
        inside = [lines[y][hand.region.x : hand.region.right] for y in range(hand.region.y, hand.region.bottom)]
        for card in game.hands[seat]:
            assert any(card.defn.name in row for row in inside), (card.defn.name, text)
        assert recent.region.width >= RECENT_LEAST, text
