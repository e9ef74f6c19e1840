"""Black Ops with five players lists every option of a Care Package choice where the screen
has the rows, the settle note counted in the panel's height (issue 14): the fresh tester at
120×40 and 160×48 saw 4 of 6 options over "↓ more below" ("5 Concussion (-1) on Ann's 1
Tomahawk" and "6 Play nothing (pass)" hidden), the note "Now only Bob chooses, so that key
chose nothing…" taking an option's row, beside seat tiles with blank rows inside."""

from __future__ import annotations

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.table import settle_why
from cardtable.ui.testing import settled_lines
from cardtable.ui.widgets import DecisionPanel
# tests/ui is on the path; _fast: the autouse fixture (a home of its own, no input grace or guard)
from test_black_ops_options_room import _fast, claim_after_change  # noqa: F401
from test_black_ops_ui import _take, _to_window

FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")


async def _concussion_choice(app, pilot, event: str | None = None):
    """Five players: in the Care Package window Ann holds only a Concussion and
    claims: the Concussion on each revealed Load Out and "Play nothing", 6 options.
    ``event``: that Event's card in play instead (a one-line Event leaves the seats the
    rows for their powers' full text at 120×40, as the fresh tester's table had)."""
    await _to_window(players=FIVE)(pilot)
    screen = app.screen
    game = screen.session.game
    if event is not None:
        game.event_discard.add(game.event_zone.take())
        card = _take(game, event, game.event_deck, game.event_discard)
        game.event_zone.add(card, up=True)
        game.event_rules = card.defn.get("effect") or {}
    for card in game.hands[0].take_all():
        game.cp_discard.add(card)
    game.hands[0].add(_take(game, "concussion", game.cp_deck, game.cp_discard, *game.hands[1:]))
    screen, decision = await claim_after_change(app, pilot)
    assert decision.seats == (0,) and len(decision.actions) >= 6, decision
    return screen, decision


# seed 5: a two-line Event, the seats' powers short already; seed 3 with a one-line Event:
# the powers' full text (3 lines), which the seats write short to give the panel its rows
@pytest.mark.parametrize(("seed", "event"), [(5, None), (3, "free-for-all")], ids=["", "full-powers"])
@pytest.mark.parametrize("note", [False, True], ids=["", "settle-note"])
@pytest.mark.parametrize("size", [(120, 40), (160, 48)], ids=["120x40", "160x48"])
async def test_every_option_of_a_five_player_care_package_choice_is_on_screen(size, note, seed, event):
    app = make_app(StartRequest(game="black-ops", players=FIVE, seed=seed))
    async with app.run_test(size=size) as pilot:
        screen, decision = await _concussion_choice(app, pilot, event)
        if note:  # a key held back as the window came down to Ann alone (TableScreen._held_back)
            screen._settle_why = settle_why(["Ann"], ["Ann"], narrowed=True)
            screen._last_input = "key"
            screen._note_settled()
        text = "\n".join(await settled_lines(app, pilot))
        assert screen.roomy_table(), text
        for action in decision.actions:
            assert action.label in text, (action.label, text)
        assert "more below" not in text, text
        if note:
            assert "Now only Ann chooses, so that key chose nothing" in text, text
        panel = screen.query_one(DecisionPanel)
        hand = screen.query_one("#bo-hand-cards")
        assert hand.region.bottom <= panel.region.y and hand.region.height >= screen.FOOT_LEAST, text
        for tile in screen.query("SeatTile"):  # the seats keep their whole box
            assert tile.region.bottom <= hand.region.y, text
