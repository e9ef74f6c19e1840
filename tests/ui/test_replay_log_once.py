"""The replay shows the log once (fresh tester, h142): Combat Cards' replay at 120×40 opened
with the log beside the table and its "Last moves" box at the foot, the same moves twice.
Its box now stands aside while the log is open, as Cold War's and Bloops' do; so does Black
Ops' (its recap of the reveal's Care Package draws sums up lines the log holds)."""

from __future__ import annotations

import pytest

from cardtable.ui.recent import RecentMoves
from cardtable.ui.widgets import LogPanel
from test_replay_face_up import replayed  # tests/ui is on the path


def shown(widget) -> bool:
    return widget.display and widget.region.height > 0 and all(a.display for a in widget.ancestors if hasattr(a, "display"))


@pytest.mark.parametrize("game", ["combat-cards", "cold-war", "bloops", "fofl", "black-ops"])
@pytest.mark.parametrize("size", [(120, 40), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_replay_shows_the_moves_once(game, size):
    async with replayed(game, ("Ann", "Bob"), size) as (app, screen, _done):
        logs = [log for log in screen.query(LogPanel) if shown(log)]
        assert len(logs) == 1
        boxes = [box.id for box in screen.query(RecentMoves) if shown(box)]
        assert boxes == [], f"a last-moves box beside the log: {boxes}"


async def test_black_ops_empty_hand_box_keeps_to_its_title_beside_the_log(monkeypatch, tmp_path):
    """Black Ops at 160×48 with the log open and no Care Package in hand: the "Your Care
    Packages: none" box spanned the foot, an empty frame as tall as the rows left. It keeps to
    its title now, and the decks box to its rows."""
    from cardtable.ui import StartRequest, make_app
    from cardtable.ui.table import TableScreen
    from cardtable.ui.testing import settled_lines

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cy"), seed=21, computers={1: "hard", 2: "normal"}))
    async with app.run_test(size=(160, 48)) as pilot:
        for _ in range(200):
            await pilot.pause(0.05)
            screen = app.screen
            if not isinstance(screen, TableScreen):
                await pilot.press("enter")
                continue
            view, decision = screen.session.view(), screen.session.visible_decision()
            if view.seat == 0 and not view.zone("hand:0").cards and decision is not None:
                break
            if decision is not None and decision.seats == (0,):
                await pilot.press(*screen.keys_for(decision.actions[0]))
        else:
            pytest.fail("Ann never held no Care Package on her turn")
        await pilot.press("l")
        lines = await settled_lines(app, pilot)
        hand = screen.query_one("#bo-hand-cards")
        assert "Your Care Packages: none" in lines[hand.region.y], lines[hand.region.y]
        assert hand.region.height == 2, ("an empty frame", hand.region, "\n".join(lines))
