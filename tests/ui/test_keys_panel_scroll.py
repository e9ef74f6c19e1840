"""F1's keys panel: no key listed twice on any screen a player meets (the menu, each game's
table, the game-over screen), and a list longer than the panel's rows scrolls with
Shift+↓ / Shift+↑, a "more below" / "more above" row saying there is more."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.engine import games
from cardtable.engine.testing import saved_session
from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.glyphs import key_text
from cardtable.ui.keys import MORE_ABOVE, MORE_BELOW, KeysPanel
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_text, until

GAMES = [cls.id for cls in games()]


def names_for(game_id: str) -> tuple[str, ...]:
    cls = next(c for c in games() if c.id == game_id)
    return ("Ann", "Bob", "Cat", "Dan")[: max(cls.min_players, 2)]


async def open_keys(pilot) -> KeysPanel:
    app = pilot.app
    await pilot.press("f1")
    assert await until(pilot, lambda: bool(app.screen.query(KeysPanel))), f"F1 opened no panel on {type(app.screen).__name__}"
    return app.screen.query_one(KeysPanel)


def listed_keys(panel: KeysPanel) -> list[str]:
    """Every key the panel shows, one entry per key (a row such as "↑ ↓ ⏎" names three)."""
    table = panel.query_one("#keys-table").content
    return [token for cell in table.columns[0]._cells for token in str(cell).split()]


def assert_each_key_once(panel: KeysPanel, where: str) -> None:
    keys = listed_keys(panel)
    assert len(keys) > 4, (where, keys)
    twice = [key for key, n in Counter(keys).items() if n > 1]
    assert not twice, f"{where}: listed twice: {twice} in {keys}"


async def test_the_menu_lists_each_key_once(cardtable_home):
    app = make_app(StartRequest())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert_each_key_once(await open_keys(pilot), "menu")


@pytest.mark.parametrize("game_id", GAMES)
async def test_each_table_and_its_game_over_list_each_key_once(game_id, cardtable_home):
    app = make_app(StartRequest(game=game_id, players=names_for(game_id), seed=5))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
            assert await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert_each_key_once(await open_keys(pilot), f"{game_id} table")
    app = make_app(StartRequest())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(GameOverScreen(saved_session(game_id, names_for(game_id), seed=5)))
        await pilot.pause()
        assert_each_key_once(await open_keys(pilot), f"{game_id} game over")


async def test_combat_cards_building_lists_enter_once(cardtable_home):
    """While a warband is built, Enter lays it (the key bar's "⏎ Lay warband"): the list of
    the options' keys leaves its Enter out rather than name Enter twice."""
    app = make_app(StartRequest(game="combat-cards", players=("Ann", "Bob"), seed=5))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
            assert await until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert table.building() is not None
        await pilot.press("1")  # a card picked: Enter lays the warband
        await pilot.pause()
        panel = await open_keys(pilot)
        assert_each_key_once(panel, "combat cards, building")
        assert key_text("⏎") in listed_keys(panel)


def shown(app, line: str) -> bool:
    return key_text(line) in screen_text(app)


async def test_a_long_list_scrolls_with_shift_and_the_arrows(cardtable_home):
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cat"), seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        moves, highlighted = table.session.game.moves, table.query_one("#decision-options").highlighted
        panel = await open_keys(pilot)
        assert panel.overflows, "the list fits: nothing to test at this size"
        assert await until(pilot, lambda: shown(app, MORE_BELOW)), screen_text(app)
        assert not shown(app, MORE_ABOVE)
        assert "Quit" not in screen_text(app)
        await pilot.press("shift+down")
        assert await until(pilot, lambda: shown(app, MORE_ABOVE)), screen_text(app)
        for _ in range(40):
            await pilot.press("shift+down")
        assert await until(pilot, lambda: not shown(app, MORE_BELOW)), screen_text(app)
        assert "Quit" in screen_text(app) and shown(app, MORE_ABOVE)
        for _ in range(40):
            await pilot.press("shift+up")
        assert await until(pilot, lambda: not shown(app, MORE_ABOVE)), screen_text(app)
        assert shown(app, MORE_BELOW) and "This screen" in screen_text(app)
        assert table.session.game.moves == moves and table.query_one("#decision-options").highlighted == highlighted, "Shift+arrows reached the table"


async def test_a_list_that_fits_says_no_more(cardtable_home):
    app = make_app(StartRequest())
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        panel = await open_keys(pilot)
        await pilot.pause()
        assert not panel.overflows
        await pilot.press("shift+down")
        await pilot.pause()
        assert not shown(app, MORE_BELOW) and not shown(app, MORE_ABOVE), screen_text(app)


async def test_undo_is_listed_when_it_works_and_said_when_it_does_not(cardtable_home):
    """A fresh tester found ``u`` in neither the key bar nor F1 most of the time and thought
    there was no undo. F1 lists it always: "Undo" when it works (the key bar's binding),
    else a line saying when it will; never both."""
    from cardtable.ui.keys import screen_keys
    from cardtable.ui.testing import random_step

    import random

    app = make_app(StartRequest(game="bloops", players=("Ann", "Bob", "Cat"), seed=5))
    async with app.run_test(size=(120, 40)) as pilot:
        rng = random.Random(3)
        seen = set()
        for _ in range(200):
            await pilot.pause()
            table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
            if table is not None and app.screen is table:
                undo = [words for key, words in screen_keys(table) if key == "u"]
                assert len(undo) == 1, undo
                works = table.session.can_undo and table.check_action("undo", ())
                assert undo[0].startswith("Undo: not now") != bool(works), (undo, works)
                seen.add(bool(works))
                if seen == {True, False}:
                    break
            await random_step(app, pilot, rng)
        assert seen == {True, False}, seen


async def test_a_replay_lists_its_own_keys_not_the_tables(cardtable_home):
    """F1 on a replay listed the table's "u Undo", "↑ ↓ ⏎ Move through the options" and
    "click" lines, none of which a replay has; it lists Home and End, which it has."""
    from cardtable.ui.keys import screen_keys
    from test_replay_face_up import replayed  # tests/ui is on the path

    async with replayed("cold-war", ("Ann", "Bob"), (120, 40)) as (app, screen, _done):
        keys = [key for key, _ in screen_keys(screen)]
        assert "Home" in keys and "End" in keys, keys
        assert not {"u", "click", "↑ ↓ ⏎"} & set(keys), keys
