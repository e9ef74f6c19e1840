"""What a key press costs the table (issue 13 items 7 and 8): the work a redraw repeats
for nothing. Each test counts the work itself (layout passes asked for, DOM queries, text
wrapped), because what is on screen does not change: the snapshot and look tests keep that."""

from __future__ import annotations

from rich.text import Text

from cardtable.engine.registry import default_names
from cardtable.ui import StartRequest, make_app
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.widgets import FittedText


async def _table(pilot, app) -> TableScreen:
    """Past the first privacy screen to the table, settled."""
    for _ in range(10):
        await pilot.pause()
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
        elif isinstance(app.screen, TableScreen):
            break
    for _ in range(3):
        await pilot.pause()
    assert isinstance(app.screen, TableScreen)
    return app.screen


def _count_layout_refreshes(monkeypatch, cls) -> list[object]:
    """Every ``refresh(layout=True)`` asked of a ``cls`` from now on, as the widget asked."""
    asked: list[object] = []
    original = cls.refresh

    def refresh(self, *args, layout: bool = False, **kwargs):
        if layout:
            asked.append(self)
        return original(self, *args, layout=layout, **kwargs)

    monkeypatch.setattr(cls, "refresh", refresh)
    return asked


async def test_taken_down_asks_no_dom_query(monkeypatch):
    """``TableScreen.taken_down`` is asked on every late callback (803 times in one test):
    it looks the title up among the screen's children, with no query of the whole table."""
    app = make_app(StartRequest(game="fofl", players=default_names(2), seed=11))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _table(pilot, app)
        queries: list[str] = []
        original = TableScreen.query

        def query(self, *args, **kwargs):
            queries.append(str(args))
            return original(self, *args, **kwargs)

        monkeypatch.setattr(TableScreen, "query", query)
        assert not table.taken_down
        assert queries == []
        await table.query_one("#table-title").remove()
        assert table.taken_down


def test_fitted_text_wraps_each_form_once_per_width(monkeypatch):
    """``FittedText`` asked its rank and height again at the same width (several times in
    one layout pass) wraps each form once; new forms are wrapped again."""
    import cardtable.ui.widgets as widgets

    wrapped: list[str] = []
    original = widgets.text_rows

    def text_rows(text, width):
        wrapped.append(str(text))
        return original(text, width)

    monkeypatch.setattr(widgets, "text_rows", text_rows)
    fitted = FittedText()
    fitted.show([Text("a long form of the words " * 3), Text("short")])
    for _ in range(3):
        assert fitted.get_content_height(None, None, 20) == 4
        assert fitted._fits(fitted.forms[1], 20, 1)
    assert len(wrapped) == 2
    fitted.show([Text("other words")])
    assert fitted.get_content_height(None, None, 20) == 1
    assert len(wrapped) == 3


async def test_fofl_sharing_the_same_rows_again_asks_no_layout(monkeypatch):
    """FOFL's rows shared again with nothing changed (after every refit and move) set no
    height: side by side the sides' heights are the CSS's, and clearing a height that was
    never set asked a layout pass of the screen all the same."""
    from textual.containers import VerticalScroll

    app = make_app(StartRequest(game="fofl", players=default_names(2), seed=11))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _table(pilot, app)
        assert table.roomy and not table.has_class("-facing")  # side by side at 120×40
        table._share_rows()
        await pilot.pause()
        asked = _count_layout_refreshes(monkeypatch, VerticalScroll)
        table._share_rows()
        assert asked == []


def test_a_fan_shown_the_same_cards_again_asks_no_layout(monkeypatch):
    """``FanWidget.show`` with the cards it shows, without refs, draws nothing new: it kept
    ``(None, ...)`` as their refs and compared ``()``, so every show laid the fan out again."""
    from cardtable.ui.cards import FanWidget, back_tile

    fan = FanWidget()
    tiles = [back_tile(None), back_tile(None)]
    asked = _count_layout_refreshes(monkeypatch, FanWidget)
    fan.show(tiles, caption="Draw pile 2")
    assert len(asked) == 1
    fan.show(list(tiles), caption="Draw pile 2")
    assert len(asked) == 1
    fan.show(tiles[:1], caption="Draw pile 1")
    assert len(asked) == 2


async def test_fofl_moves_redraw_the_tiles_in_place():
    """A FOFL move redraws the tiles of the roomy table in place (``CardTile.take``): the
    tiles of a grid are the same widgets after it while their count is the same, and each
    shows the card of its place (its ``tile-<zone>-<index>`` class)."""
    from cardtable.ui.games.fofl import CardTile

    app = make_app(StartRequest(game="fofl", players=default_names(2), seed=11))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _table(pilot, app)
        grid = table.query_one("#fofl-hand-tiles")
        before = list(grid.children)
        assert len(before) >= 5
        decision = table.session.visible_decision()
        menu = next(a for a in decision.actions if a.type == "menu")  # a menu: the hand is the same
        for key in table.keys_for(menu):
            await pilot.press(key)
        for _ in range(3):
            await pilot.pause()
        after = list(grid.children)
        assert after == before
        for tile in after:
            assert isinstance(tile, CardTile) and tile.has_class(f"tile-{tile.zone.replace(':', '-')}-{tile.index}")
