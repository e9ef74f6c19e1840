"""Save problems through the real screens (issue 11, items 7 and 8): a full disk mid-game
shows a banner and the game goes on; a read-only home says saving is off at start; a game
open in another window is marked in the Resume list and not opened."""

from __future__ import annotations

import errno
import re
import os
import subprocess
import sys

from cardtable.engine import files, new_game
from cardtable.engine.saves import LOCKED, SaveFile, read_save
from cardtable.engine.session import Session
from cardtable.ui import StartRequest, make_app
from cardtable.ui.menu import MenuScreen
from cardtable.ui.resume import ResumeScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_lines, screen_text, settled_lines

COLD_WAR = StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11)
BANNER = "Could not save the last move: No space left on device — the game goes on in memory"


def table_of(app) -> TableScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


async def taken_over(app, pilot) -> TableScreen:
    """The table once the first player has taken the device (Enter on the privacy screen)."""
    await pilot.press("enter")
    await pilot.pause()
    return table_of(app)


async def leave_saying_yes(app, pilot) -> str:
    """Press ``q`` and answer the leave dialog with ``y``; the dialog's text (runs of white
    space as one space)."""
    await pilot.press("q")
    await pilot.pause()
    text = " ".join(screen_text(app).split())
    await pilot.press("y")
    await pilot.pause()
    return text


def fill_the_disk(monkeypatch) -> None:
    """From now on every write of a save fails as on a full disk (ENOSPC)."""

    def full(fd, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files, "_write", full)


async def test_a_full_disk_mid_game_shows_a_banner_and_the_game_goes_on(monkeypatch):
    app = make_app(COLD_WAR)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")  # the TARGET takes the device
        await pilot.pause()
        table = table_of(app)
        path = table.session.save.path
        saved = path.read_bytes()

        def full(fd, data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(files, "_write", full)
        moves = table.session.game.moves
        await pilot.press("3")  # a move the disk cannot take
        await pilot.pause()
        assert table.session.game.moves == moves + 1, "the move is played in memory"
        assert app.screen is table, "the table stays"
        text = screen_text(app)
        assert BANNER in " ".join(text.split())
        assert path.read_bytes() == saved
        await pilot.press("q")  # leaving warns that the move would be lost
        await pilot.pause()
        assert "1 move could not be saved and will be lost" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        monkeypatch.undo()  # room again: the next move writes both
        decision = table.session.visible_decision()
        await pilot.press(*table.keys_for(decision.actions[0]))
        await pilot.pause()
        assert not table.query_one("#save-banner").display
        assert len(read_save(path).actions) == table.session.game.moves


async def test_at_80_columns_the_save_banner_is_whole_and_nothing_covers_it(monkeypatch):
    """h87: at 80×24 a fresh tester read "Could not save the last move: No space" and no
    more: the banner wraps to two lines, but the "Not saved" toast saying the same lay over
    its right half. The banner is the notice now; every word of it is on screen."""
    from textual.widgets._toast import Toast

    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await taken_over(app, pilot)

        def full(fd, data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(files, "_write", full)
        await pilot.press("3")
        await pilot.pause(0.3)
        banner = table.query_one("#save-banner")
        assert banner.region.width == 80 and banner.region.height == 2
        rows = screen_text(app).splitlines()[banner.region.y : banner.region.bottom]
        assert " ".join(" ".join(rows).split()) == BANNER + "; leaving will lose moves since then (1 move not saved)"
        assert not [t for t in app.screen.query(Toast) if t.region.overlaps(banner.region)]


async def test_leaving_on_a_full_disk_says_what_is_kept_not_saved(monkeypatch, capsys):
    """h50: leaving a game whose last move the disk could not take said "The game is saved:
    … picks it up again" in the shell. It now says up to which move it is saved."""
    app = make_app(COLD_WAR)
    async with app.run_test(size=(100, 30)) as pilot:
        table = await taken_over(app, pilot)
        kept = table.session.game.moves

        def full(fd, data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(files, "_write", full)
        await pilot.press("3")
        await pilot.pause()
        assert table.session.unsaved_moves == 1
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    said = capsys.readouterr()
    assert f"The game is saved up to move {kept}; the last 1 could not be saved." in said.out + said.err
    assert "The game is saved:" not in said.out + said.err


def read_only(monkeypatch) -> None:
    """Every file the app would write is refused as on a read-only file system."""

    def refuse(path, flags, mode=0o600):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return os.open(path, flags, mode)

    monkeypatch.setattr(files, "_open", refuse)


async def test_a_read_only_home_starts_and_says_saving_is_off(monkeypatch, cardtable_home):
    read_only(monkeypatch)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        text = " ".join(screen_text(app).split())
        assert "Saving is off" in text and "Read-only file system" in text
        app.start_game("cold-war", ("Ann", "Bob"), 3)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        table = table_of(app)
        assert table.session.save is None
        assert "Saving is off: cannot write the save file (Read-only file system)" in " ".join(screen_text(app).split())
        await pilot.press("3")
        await pilot.pause()
        assert table.session.game.moves == 2 or table.session.game.moves >= 1


async def test_with_saving_off_leaving_offers_no_name_and_says_the_game_is_lost(monkeypatch, capsys):
    """h87: with saving off the leave dialog still offered "Name it and leave (a)"; ``a``
    asked for no name and left. Nothing can be named now: ``a`` does nothing, and the
    dialog says plainly that leaving loses the game."""
    read_only(monkeypatch)
    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await taken_over(app, pilot)
        assert table.session.save is None
        await pilot.press("q")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "Name it" not in text
        assert "leaving loses it" in text and "Leave and lose it (y)" in text
        await pilot.press("a")  # no third answer: the dialog stays
        await pilot.pause()
        assert "Leave and lose it (y)" in " ".join(screen_text(app).split())
        await pilot.press("y")
        await pilot.pause()
    said = capsys.readouterr()
    assert "The game was not saved: it is gone." in said.out + said.err


HOLDER = r"""
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY)
fcntl.flock(fd, fcntl.LOCK_EX)
print("locked", flush=True)
time.sleep(60)
"""


async def test_a_game_open_in_another_window_is_marked_and_not_opened():
    game = new_game("cold-war", ("Cat", "Dan"), seed=2)
    session = Session(game, SaveFile.create(game))
    session.act(game.decision().actions[0])
    path = session.save.path
    session.close()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, ResumeScreen)
            assert f"Cat, Dan · {LOCKED}" in screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen.message == f"Cold War with Cat, Dan: {LOCKED}."
            assert "Not opened" in screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ResumeScreen), "the game is not opened"
            # the only entry is highlighted: d refuses it too, it would leave the other
            # window's game saving into a deleted file
            assert app.screen.query_one("#resume-list").highlighted == 0
            await pilot.press("d")
            await pilot.pause()
            assert "Not deleted" in screen_text(app)
            assert app.screen.message == f"Cold War with Cat, Dan: {LOCKED}; leave it there first."
            await pilot.press("y", "enter")
            await pilot.pause()
            assert path.exists(), "a save open elsewhere is never deleted"
    finally:
        holder.kill()
        holder.wait()
        holder.stdout.close()


async def test_a_save_deleted_under_the_open_game_is_noticed_and_never_called_saved(capsys):
    """The file is deleted (another window's Resume list, a shell): the kept descriptor would
    take the moves into an inode nobody can reach; the next move says so instead."""
    app = make_app(COLD_WAR)
    async with app.run_test(size=(100, 30)) as pilot:
        table = await taken_over(app, pilot)
        path = table.session.save.path
        await pilot.press("3")  # saved
        await pilot.pause()
        path.unlink()
        decision = table.session.visible_decision()
        await pilot.press(*table.keys_for(decision.actions[0]))
        await pilot.pause()
        assert "The save file of this game was deleted or replaced" in " ".join(screen_text(app).split())
        assert table.session.save.lost
        assert table.session.game.moves == 2
        assert "(2 moves not saved)" in " ".join(screen_text(app).split()), "every move is gone, not only the last"
        assert not path.exists(), "nothing is written to a file the player deleted"
        text = await leave_saying_yes(app, pilot)
        assert "leaving loses this game" in text and "saved after every move" not in text
    said = capsys.readouterr()
    assert "The game was not saved: it is gone." in said.out + said.err
    assert "The game is saved" not in said.out + said.err


async def test_a_full_disk_at_the_end_is_said_at_the_top_of_the_game_over_box(monkeypatch, cardtable_home):
    """A game that ends with the disk full: the game-over screen says at 80x24, without a
    scroll, that neither the last move nor the statistics were saved (a player who ended a
    game on a full disk saw "All-time Cold War: Ann: 0 won of 1" and no word of the failure,
    which sat below the fold)."""
    from cardtable.ui.gameover import GameOverScreen
    from cardtable.ui.testing import play_through

    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Computer 2"), seed=3, computers={1: "easy"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()

        def full(fd, data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(files, "_write", full)
        await play_through(app, pilot)
        for _ in range(20):  # a last public reveal may still stand over the table
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert not (cardtable_home / "stats.json").exists(), "the disk took nothing"
        seen = " ".join(" ".join(await settled_lines(app, pilot)).split())  # the game-over screen, settled
        assert "Could not save the statistics: No space left on device" in seen
        # the game is over: not "the game goes on in memory", but what the save lacks
        unboxed = " ".join(seen.replace("│", " ").split())  # the line wraps inside the box
        assert re.search(r"Could not save the last (move|\d+ moves): No space left on device — the saved game stops before its end", unboxed), seen
        assert "goes on in memory" not in seen


async def test_a_save_failure_before_a_hand_over_is_said_on_the_privacy_screen(monkeypatch):
    """The hostile tester: a move that could not be saved just before a hand-over was said
    only once the next player had pressed Enter (the banner is on the table, which the
    privacy screen covers). The privacy screen now says it as a plain line in its box,
    before anyone presses Enter, with no card in it; saving again takes it away."""
    from cardtable.ui.news import NewsScreen
    from cardtable.ui.privacy import PrivacyScreen
    from cardtable.ui.testing import private_faces, until

    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await taken_over(app, pilot)
        fill_the_disk(monkeypatch)
        for _ in range(40):  # moves the disk cannot take, up to the next hand-over
            if isinstance(app.screen, PrivacyScreen):
                break
            if isinstance(app.screen, NewsScreen):
                await pilot.press("enter")
            else:
                decision = table.session.visible_decision()
                await pilot.press(*table.keys_for(decision.actions[0]))
            await pilot.pause()
        privacy = app.screen
        assert isinstance(privacy, PrivacyScreen), type(privacy).__name__
        said = "Could not save the last move: No space left on device"
        assert await until(pilot, lambda: said in " ".join(screen_text(app).split()), timeout=3), screen_text(app)
        text = " ".join(screen_text(app).split())
        assert "not saved)" in text and "Pass to" in text and "Press Enter when you are" in text
        for face in private_faces(table.session.game):
            assert face not in text, face
        line = privacy.query_one("#privacy-problem")
        assert "error-line" in line.classes and line.region.height >= 1
        monkeypatch.undo()  # room again: the next save writes every move
        table.session.save.retry()
        table.show_save_problem()
        await pilot.pause()
        assert not privacy.query_one("#privacy-problem").display


async def test_a_game_started_on_a_full_disk_is_saved_once_there_is_room(monkeypatch, cardtable_home):
    """h103: a game started on a full disk said "Saving is off" for good and was never
    saved, even after space was freed. The banner now says the save could not be created
    yet, and the first move after the disk has room creates it with every move so far."""
    fill_the_disk(monkeypatch)
    app = make_app(COLD_WAR)
    async with app.run_test(size=(100, 30)) as pilot:
        table = await taken_over(app, pilot)
        save = table.session.save
        assert save is not None and not save.written
        text = " ".join(screen_text(app).split())
        assert "Could not create the save file: No space left on device" in text and "Saving is off" not in text
        await pilot.press("3")
        await pilot.pause()
        assert "(1 move not saved)" in " ".join(screen_text(app).split())
        await pilot.press("q")  # nothing to name yet: leaving loses the game
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        box = app.screen.query_one(".dialog").region  # the dialog's rows, not the table's beside them
        rows = screen_lines(app)[box.y : box.bottom]
        unboxed = " ".join(" ".join(row[box.x : box.right] for row in rows).replace("█", " ").split())  # the line wraps in the dialog
        assert "could not be created (No space left on device): leaving loses this game" in unboxed and "Name it" not in text, text
        await pilot.press("n")
        await pilot.pause()
        monkeypatch.undo()  # the space is freed
        for _ in range(10):
            if table.session.unsaved_moves == 0:
                break
            if app.screen is table and table.session.visible_decision() is not None:
                await pilot.press(*table.keys_for(table.session.visible_decision().actions[0]))
            else:
                await pilot.press("enter")
            await pilot.pause()
        assert save.written and not table.query_one("#save-banner").display
        assert len(read_save(save.path).actions) == table.session.game.moves >= 2


async def test_play_again_on_a_full_disk_is_saved_once_there_is_room(monkeypatch, cardtable_home):
    """The same for "a Play again" at game over: the new game is saved once there is room."""
    from cardtable.ui.gameover import GameOverScreen
    from cardtable.ui.testing import play_through

    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Computer 2"), seed=3, computers={1: "easy"}))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await play_through(app, pilot)
        for _ in range(20):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        fill_the_disk(monkeypatch)
        await pilot.press("a")
        await pilot.pause()
        table = table_of(app)
        session = table.session  # the computer may have played its first move already
        assert session.game.moves <= 1 and not session.save.written and session.unsaved_moves == session.game.moves
        monkeypatch.undo()
        assert session.save.retry() and session.save.written
        data = read_save(session.save.path)
        assert data.header["seed"] == session.game.seed and len(data.actions) == session.game.moves


async def test_a_save_in_a_read_only_home_is_resumed_in_memory(monkeypatch, capsys):
    """h103: the Resume list offered a game of a read-only home and Enter refused it
    ("cannot be opened for writing"). README: the game goes on in memory. It does, with
    the "Saving is off" banner, and leaving asks "Leave and lose it"."""
    game = new_game("cold-war", ("Ann", "Bob"), seed=11)
    session = Session(game, SaveFile.create(game))
    session.act(session.decision().actions[0])
    path = session.save.path
    session.close()
    before = path.read_bytes()
    read_only(monkeypatch)
    app = make_app(StartRequest(resume=path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = table_of(app)
        assert table.session.save is None and table.session.game.moves == 1
        await pilot.press("enter")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert f"Saving is off: {path.name} cannot be written (Read-only file system)" in text
        text = await leave_saying_yes(app, pilot)
        assert "Leave and lose it (y)" in text and "Name it" not in text
    said = capsys.readouterr()
    said = " ".join((said.out + said.err).split())  # the line is wrapped to the terminal
    assert "The moves played since resuming were not saved;" in said
    assert f"resume {path.name} picks the game up where its save file left it." in said
    assert path.read_bytes() == before


async def test_the_menu_on_a_full_disk_says_games_are_saved_once_there_is_room(monkeypatch, cardtable_home):
    """h103: the menu said "Saving is off … not saved" on a full disk, which is no longer
    true: a game started there is saved once there is room. It says so, and the notice
    goes once the disk has room again and the menu comes back."""
    fill_the_disk(monkeypatch)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        text = " ".join(screen_text(app).replace("│", " ").split())
        assert "The disk is full: cannot write to" in text and "(No space left on device). Games are played in memory and saved once there is room." in text
        assert "Saving is off" not in text
        monkeypatch.undo()
        app.screen.refresh_menu()  # as when the menu comes back on top
        await pilot.pause()
        assert app.saving_off is None and "The disk is full" not in screen_text(app)
