"""Bloops' options for positions past 10 (a grown area) had no key: the list read
"0  Position 10", then "   Position 11" ... with a blank key, and only the arrows and Enter
reached them (a fresh tester's 16-card area). They take letters, as the README says of
every list past ``0``."""

from __future__ import annotations

from cardtable.ui import make_app
from cardtable.ui.games.bloops import LETTERS
from cardtable.ui.testing import until
from cardtable.ui.widgets import DecisionPanel, OPTION_LETTERS
from bloops_growth import grown_game, push_table  # tests/ui is on the path


def _positions_past_ten(game, decision) -> bool:
    return decision.seat == 0 and sum(1 for a in decision.actions if (a.get("position") or 0) > 10) >= 2


async def test_every_position_past_ten_has_a_letter_that_chooses_it():
    game = grown_game(("Ann", "Bob", "Cy"), 13, _positions_past_ten)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        table = await push_table(app, pilot, game)
        decision = table.session.visible_decision()
        keys = table.option_keys(decision)
        assert None not in keys, list(zip(keys, (str(a.label) for a in decision.actions)))
        assert len(set(keys)) == len(keys), keys
        letters = [k for k, a in zip(keys, decision.actions) if (a.get("position") or 0) > 10]
        assert letters and all(k in OPTION_LETTERS and k not in LETTERS.values() for k in letters), letters
        # the panel shows the letter and the letter chooses that option
        panel = table.query_one(DecisionPanel)
        assert list(panel.keys) == list(keys)
        last = max((a for a in decision.actions if (a.get("position") or 0) > 10), key=lambda a: a["position"])
        played = []
        act = table.session.act
        table.session.act = lambda action: (played.append(action), act(action))[1]
        await pilot.press(keys[decision.actions.index(last)])
        assert await until(pilot, lambda: bool(played))
        assert played == [last], (played, last)
