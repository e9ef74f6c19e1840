"""A corpus of damaged save files: each gives its clear one-line message, is kept
byte-for-byte, and the menu's Resume list shows them all without crashing."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import new_game
from cardtable.engine.saves import SaveError, SaveFile, resume, saves_dir
from cardtable.engine.session import Session
from cardtable.ui import make_app
from cardtable.ui.resume import ResumeScreen
from cardtable.ui.testing import screen_text, until
from textual.widgets import OptionList


def good_save_lines() -> list[bytes]:
    game = new_game("cold-war", ("Ann", "Bob"), seed=9)
    session = Session(game, SaveFile.create(game))
    chooser = random.Random(9)
    for _ in range(6):
        session.act(chooser.choice(session.decision().actions))
    lines = session.save.path.read_bytes().splitlines(keepends=True)
    session.save.path.unlink()
    return lines


def corpus() -> dict[str, tuple[bytes, str]]:
    lines = good_save_lines()
    header, actions = lines[0], lines[1:]
    return {
        "truncated-header": (header[:25], "has no complete header line"),
        "binary-junk": (bytes(range(256)) * 4 + b"\n", "is not a cardtable save"),
        "nul-bytes": (b"\x00" * 64 + b"\n", "is not a cardtable save"),
        "wrong-game": (header.replace(b'"game":"cold-war"', b'"game":"poker"') + b"".join(actions), "unknown game 'poker'"),
        "game-edited": (header.replace(b'"game":"cold-war"', b'"game":"bloops"') + b"".join(actions), "says Bloops but its cards are Cold War's: the header was edited or damaged"),
        "unknown-version": (header.replace(b'"version":1', b'"version":7') + b"".join(actions), "version 7"),
        "edited-action": (header + actions[0] + b'{"type":"bet","bet":"sideways"}\n' + b"".join(actions[2:]), "move 2 (bet) is not a legal move at that point"),
        "missing-header": (b"".join(actions), "is not a cardtable save"),
        "header-is-a-list": (b"[1, 2, 3]\n" + b"".join(actions), "is not a cardtable save"),
        "no-players": (header.replace(b'"players":["Ann","Bob"]', b'"players":"Ann"') + b"".join(actions), "damaged header"),
        "action-not-object": (header + b"42\n" + b"".join(actions), "line 2 is damaged"),
        "after-the-end": (header + b"".join(actions) + b'{"over":true}\n' + actions[0], "comes after the end of the game"),
        "changed-cards": (header.replace(b'"cards":"', b'"cards":"ff') + b"".join(actions), "different Cold War card set"),
        "empty": (b"", "is empty"),
        "not-utf8": (header + b"\xff\xfe\xfd\n", "line 2 is damaged (not JSON)"),
    }


CASES = corpus()


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_damaged_save_is_explained_and_kept(name, tmp_path):
    content, message = CASES[name]
    path = tmp_path / f"{name}.jsonl"
    path.write_bytes(content)
    with pytest.raises(SaveError) as info:
        resume(path)
    assert message in str(info.value), str(info.value)
    assert "\n" not in str(info.value) and str(info.value).startswith(path.name)
    assert path.read_bytes() == content


async def test_resume_list_survives_the_whole_corpus():
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for name, (content, _) in CASES.items():
        (folder / f"{name}.jsonl").write_bytes(content)
    good = new_game("cold-war", ("Cat", "Dan"), seed=2)
    Session(good, SaveFile.create(good)).act(good.decision().actions[0])
    app = make_app()
    async with app.run_test(size=(100, 60)) as pilot:
        # the menu counts what the Resume list shows (an edited move is damage too; the
        # fresh tester read "2 unfinished, 2 damaged" above a list of 1 and 3)
        label = f"Resume a saved game (1 unfinished, {len(CASES)} damaged)"
        assert await until(pilot, lambda: label in screen_text(app)), screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        options = app.screen.query_one(OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        broken = [p for p in prompts if "cannot be resumed" in p]
        assert len(broken) == len(CASES)
        for name, (_, message) in CASES.items():
            assert any(p.startswith(f"{name}.jsonl") and message in p for p in broken), name
        assert sum("Cat, Dan" in p for p in prompts) == 1
        assert "cannot be resumed" in screen_text(app)
        await pilot.press("enter")  # the one good game is highlighted and resumes
        await pilot.pause()
        assert type(app.screen).__name__ in ("PrivacyScreen", "ColdWarTable")
    for name, (content, _) in CASES.items():
        assert (folder / f"{name}.jsonl").read_bytes() == content


def junk_save():
    """A saves folder holding one file that is no save at all (``junk.jsonl``); its path."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "junk.jsonl").write_bytes(b"junk\n")
    return folder


async def test_a_save_can_be_deleted_from_the_resume_list():
    folder = junk_save()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("enter")  # a damaged save explains itself
        await pilot.pause()
        assert "is not a cardtable save" in screen_text(app)
        await pilot.press("enter")
        await pilot.press("d")
        await pilot.pause()
        assert "Delete the saved game junk.jsonl?" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        assert not (folder / "junk.jsonl").exists()
        assert "No unfinished games" in screen_text(app)
        await pilot.press("escape")  # the menu no longer counts it
        await pilot.pause()
        assert "Resume a saved game (none yet)" in screen_text(app)


@pytest.mark.parametrize("name", sorted(CASES))
def test_resume_from_the_shell_refuses_every_damaged_save_in_one_line(name, tmp_path, capsys):
    """The hostile tester: ``cardtable resume`` said a damaged header in one line and exited
    2, but a save whose header was fine and a later move line bad opened the app on a
    dialog. Every damaged save of the corpus now gives the same one line (the reason the
    Resume list shows), exit 2, no traceback, and the file is left byte for byte."""
    from cardtable.cli import UsageError, _app_request, build_parser, main

    content, message = CASES[name]
    path = tmp_path / f"{name}.jsonl"
    path.write_bytes(content)
    with pytest.raises(UsageError):  # before the app starts (it used to start, on a dialog)
        _app_request(build_parser().parse_args(["resume", str(path)]))
    assert main(["resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cardtable: {name}.jsonl: ") and message in err, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert path.read_bytes() == content


def test_resume_from_the_shell_refuses_a_finished_game_in_one_line(tmp_path, capsys):
    """A finished game is not resumed: one line that says to replay it, exit 2."""
    from cardtable.cli import UsageError, _app_request, build_parser, main
    from cardtable.engine.testing import saved_session

    path = saved_session("cold-war", ("Ann", "Bob"), seed=11).save.path
    before = path.read_bytes()
    with pytest.raises(UsageError):
        _app_request(build_parser().parse_args(["resume", str(path)]))
    assert main(["resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert "is a finished game (replay it instead)" in err and err.count("\n") == 1
    assert path.read_bytes() == before


@pytest.mark.parametrize("name", ["no-players", "edited-action"])
async def test_the_resume_list_explains_a_damaged_header_and_a_bad_move_line_alike(name):
    """The other side of the same rule: in the menu's Resume list, ``Enter`` on a save with
    a damaged header or with a bad move line shows its one line in the same dialog, and the
    file is kept byte for byte."""
    from cardtable.ui.dialogs import MessageDialog

    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    content, message = CASES[name]
    path = folder / f"{name}.jsonl"
    path.write_bytes(content)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        assert await until(pilot, lambda: "Resume a saved game" in screen_text(app))
        await pilot.press("r")
        assert await until(pilot, lambda: isinstance(app.screen, ResumeScreen))
        await pilot.press("enter")
        assert await until(pilot, lambda: isinstance(app.screen, MessageDialog)), type(app.screen).__name__
        said = app.screen.message
        assert said.startswith(f"{name}.jsonl: ") and message in said and "\n" not in said
    assert path.read_bytes() == content


async def test_resuming_a_torn_save_shows_one_notice_and_keeps_a_copy():
    lines = good_save_lines()
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "torn.jsonl"
    torn = b"".join(lines)[:-10]
    path.write_bytes(torn)
    app = make_app()
    async with app.run_test(size=(100, 60)) as pilot:
        await pilot.pause()
        assert app.resume_game(path)
        await pilot.pause()
        notes = [n.message for n in app._notifications if n.title == "Save repaired"]
        assert len(notes) == 1 and "\n" not in notes[0] and "last move" in notes[0], notes
    kept = list(folder.glob("torn.jsonl.torn-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == torn


async def test_the_key_bar_offers_delete_and_name_only_when_they_apply():
    """A fresh tester read "d Delete the highlighted save" (and ``n``) under "No unfinished
    games". A damaged save can be deleted, not named; with no save, neither key is shown."""
    junk_save()
    app = make_app()
    async with app.run_test(size=(120, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        keys = screen_text(app).splitlines()[-1]
        assert "Delete the highlighted save" in keys and "Name the highlighted save" not in keys, keys
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        assert "No unfinished games" in screen_text(app)
        keys = screen_text(app).splitlines()[-1]
        assert "Back" in keys and "Delete" not in keys and "Name" not in keys, keys
        await pilot.press("d", "n")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
