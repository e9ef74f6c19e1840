"""Cold War's line under the table while the TARGET is to act: a fresh tester read "Ann is
choosing a glance." under the "Just happened" box Bob was still reading, before Ann had the
device. While the device is on its way the line says what comes next ("Ann chooses a glance
next."); once Ann has taken it, "Ann is choosing a glance." Whose decision is next is public."""

from __future__ import annotations

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.cold_war import waiting_words
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_lines, until, walk_until


def test_the_words_while_handing_over_and_after():
    assert waiting_words("Ann", "choosing a glance", "chooses a glance", True) == "Ann chooses a glance next."
    assert waiting_words("Ann", "choosing a glance", "chooses a glance", False) == "Ann is choosing a glance."


def _news_before_a_glance(app) -> bool:
    """The news box is up over the public table while the TARGET is to choose a glance."""
    table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
    return isinstance(app.screen, NewsScreen) and table is not None and table.session.view()["phase"] == "glance"


async def test_not_choosing_before_the_device_is_taken(monkeypatch, cardtable_home):
    monkeypatch.setenv("CARDTABLE_PRIVACY_GUARD", "0")
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=3))
    async with app.run_test(size=(100, 32)) as pilot:
        await walk_until(app, pilot, _news_before_a_glance, most=300)
        await pilot.pause(0.1)
        text = "\n".join(screen_lines(app))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        target = table.session.game.players[table.session.view()["target"]]
        assert f"{target} chooses a glance next." in text and "is choosing" not in text, text
        await pilot.press("enter")  # the news read: the privacy screen
        assert await until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        await pilot.press("enter")  # the TARGET takes the device
        assert await until(pilot, lambda: isinstance(app.screen, TableScreen) and f"{target} is choosing a glance." in "\n".join(screen_lines(app)))
