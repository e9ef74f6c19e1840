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
