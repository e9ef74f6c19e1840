"""Setup offers the players of the last game of that game again (count and names)."""

from __future__ import annotations

from textual.widgets import Input, Select

from cardtable.engine.recent import last_players, remember_players
from cardtable.ui import make_app
from cardtable.ui.setup import SetupScreen
from cardtable.ui.testing import choose_menu


async def _setup(pilot, game_id: str) -> SetupScreen:
    await pilot.pause()
    await choose_menu(pilot, f"game:{game_id}")
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    return screen


async def test_the_last_players_are_offered_again(cardtable_home):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await _setup(pilot, "bloops")
        assert setup.query_one("#setup-count", Select).value == 2, "nothing remembered yet: the minimum"
        setup.query_one("#setup-count", Select).value = 3
        await pilot.pause()
        for seat, name in enumerate(["Zoë", "Yann", "Ann"]):
            setup.query_one(f"#name-{seat}", Input).value = name
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen), "the game started"
    assert last_players("bloops") == ("Zoë", "Yann", "Ann")
    assert last_players("cold-war") is None

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await _setup(pilot, "bloops")
        assert setup.query_one("#setup-count", Select).value == 3
        names = [setup.query_one(f"#name-{s}", Input).value for s in range(6)]
        assert names[:3] == ["Zoë", "Yann", "Ann"]
        assert len(set(names)) == 6, "the other seats get default names nobody has"


async def test_a_damaged_or_unfitting_memory_is_ignored(cardtable_home):
    (cardtable_home / "recent-players.json").write_text("{not json", encoding="utf-8")
    assert last_players("bloops") is None
    remember_players("cold-war", ("A", "B", "C"))  # too many for Cold War: not offered
    assert last_players("cold-war") == ("A", "B", "C")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await _setup(pilot, "cold-war")
        assert setup.count == 2
        assert setup.query_one("#name-0", Input).value != "A"


async def test_each_seats_army_is_remembered_with_the_names(cardtable_home):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await _setup(pilot, "combat-cards")
        assert setup.query_one("#opt-deck-0", Select).value == "orks", "nothing remembered yet: the default"
        setup.query_one("#opt-deck-0", Select).value = "dark-eldar"
        setup.query_one("#opt-deck-1", Select).value = "space-marines"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen), "the game started"

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await _setup(pilot, "combat-cards")
        assert [setup.query_one(f"#opt-deck-{s}", Select).value for s in range(2)] == ["dark-eldar", "space-marines"]


def test_an_older_names_only_memory_still_reads_and_a_lost_choice_is_dropped(cardtable_home):
    from cardtable.engine.recent import last_seat_options

    (cardtable_home / "recent-players.json").write_text('{"bloops": ["Ann", "Bob"]}', encoding="utf-8")
    assert last_players("bloops") == ("Ann", "Bob") and last_seat_options("bloops") == {}
    remember_players("combat-cards", ("Ann", "Bob"), {"deck": ("orks", "dark-eldar")})
    assert last_seat_options("combat-cards") == {"deck": ("orks", "dark-eldar")}
    assert last_players("bloops") == ("Ann", "Bob"), "other games' memories are kept"


async def test_a_game_started_from_the_shell_is_offered_again_in_the_menu(cardtable_home):
    """``cardtable play bloops --names Tess,Uma --computers hard`` (a StartRequest): the next
    setup of Bloops offers Tess, Uma and the computer seat again, as after a menu setup
    (the fresh tester found the form empty after a game started from the shell)."""
    from cardtable.engine.recent import KIND_KEY, last_seat_options
    from cardtable.ui import StartRequest
    from cardtable.ui.table import TableScreen

    start = StartRequest(game="bloops", players=("Tess", "Uma", "Computer 3"), seed=4, computers={2: "hard"})
    app = make_app(start)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert any(isinstance(s, TableScreen) for s in app.screen_stack) or app.screen.__class__.__name__ == "PrivacyScreen"
    assert last_players("bloops") == ("Tess", "Uma", "Computer 3")
    assert last_seat_options("bloops")[KIND_KEY] == ("", "", "hard")

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await _setup(pilot, "bloops")
        assert setup.query_one("#setup-count", Select).value == 3
        assert [setup.query_one(f"#name-{s}", Input).value for s in range(2)] == ["Tess", "Uma"]
        assert setup.query_one("#kind-2", Select).value == "hard"
