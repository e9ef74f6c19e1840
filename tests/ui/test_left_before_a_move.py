"""A game left before its first move (``q`` at the first hand-over, or Ctrl+C) is not kept:
its save held only the header, and it cluttered the Resume list as a game of 0 moves that
nobody had played. Every move is still on disk as it is made (crash safety): the file is
created with the deal and only deleted when the game is left with nothing played in it."""

from __future__ import annotations

from cardtable.engine.history import save_names
from cardtable.engine.saves import list_saves, read_save, saves_dir
from cardtable.ui import StartRequest, make_app
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_text

COLD_WAR = StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11)


def table_of(app) -> TableScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


async def press(pilot, *keys: str) -> None:
    """Press each key in turn, letting the app settle after each."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


async def test_quitting_at_the_first_hand_over_keeps_no_save(capsys):
    app = make_app(COLD_WAR)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        path = table_of(app).session.save.path
        assert path.is_file() and read_save(path).actions == (), "the deal is on disk at once"
        await press(pilot, "q")
        said = " ".join(screen_text(app).split())
        assert "No move has been played yet" in said and "saved after every move" not in said
        await press(pilot, "y")
    assert not path.exists()
    assert list_saves() == []
    out = capsys.readouterr()
    assert "No move was played: the game was not kept." in out.out + out.err
    assert "picks it up again" not in out.out + out.err


async def test_ctrl_c_before_the_first_move_keeps_no_save():
    app = make_app(COLD_WAR)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        path = table_of(app).session.save.path
        await press(pilot, "ctrl+c")
    assert app.return_code == 130
    assert not path.exists() and list_saves() == []


async def test_a_game_left_after_a_move_is_kept_and_resumable(capsys):
    app = make_app(COLD_WAR)
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "enter")  # Ann takes the device
        table = table_of(app)
        path = table.session.save.path
        await press(pilot, "3")  # a move: on disk before the key returns
        assert len(read_save(path).actions) == 1
        await press(pilot, "q")
        assert "No move has been played yet" not in " ".join(screen_text(app).split())
        await press(pilot, "y")
    assert [info.path for info in list_saves()] == [path]
    out = capsys.readouterr()
    assert "The game is saved:" in out.out + out.err


async def test_a_save_named_before_any_move_is_kept(capsys):
    """Naming the save is asking to keep it, moves or not."""
    app = make_app(COLD_WAR)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        path = table_of(app).session.save.path
        await press(pilot, "q", "a", *"Friday", "enter")
    assert path.is_file() and save_names(saves_dir()) == {path.name: "Friday"}
    assert [info.path for info in list_saves()] == [path]


async def test_a_save_resumed_with_no_move_is_never_deleted():
    """Only a game dealt in this window is dropped: a save of 0 moves from before (the app
    was killed at the first hand-over) is resumed and left as it is."""
    app = make_app(COLD_WAR)
    async with app.run_test(size=(100, 30)) as pilot:  # ends as a killed app would: no leave
        await pilot.pause()
        path = table_of(app).session.save.path
    before = path.read_bytes()
    app = make_app(StartRequest(resume=path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert table_of(app).session.save.path == path
        await press(pilot, "q")
        assert "No move has been played yet" not in " ".join(screen_text(app).split())
        await press(pilot, "y")
    assert path.read_bytes() == before
    assert [info.path for info in list_saves()] == [path]


def test_discard_deletes_only_a_file_that_is_its_header_alone():
    """``SaveFile.discard``: a created save with a move in it, or one opened, is only closed."""
    from cardtable.engine import new_game
    from cardtable.engine.saves import SaveFile

    game = new_game("cold-war", ("Ann", "Bob"), seed=3)
    played = SaveFile.create(game)
    played.append(game.decision().actions[0])
    assert played.discard() is False and len(read_save(played.path).actions) == 1
    fresh = SaveFile.create(new_game("cold-war", ("Ann", "Bob"), seed=4))
    fresh.close()
    opened = SaveFile.open(fresh.path)
    assert opened.discard() is False and fresh.path.is_file()
    untouched = SaveFile.create(new_game("cold-war", ("Ann", "Bob"), seed=5))
    assert untouched.discard() is True and not untouched.path.exists()
    assert sorted(info.path for info in list_saves()) == sorted([played.path, fresh.path])
