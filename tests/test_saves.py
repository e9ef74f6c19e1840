"""Save files (DESIGN §4): replay equals the original, a torn last line is dropped, damaged
or mismatched files give a clear message and are left untouched, the Resume list."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.engine import new_game
from cardtable.engine.saves import SaveError, SaveFile, list_saves, read_save, resume, saves_dir
from cardtable.engine.session import Session


def played(seed: int = 4, moves: int = 20):
    """A Cold War game saved move by move, stopped after ``moves`` moves."""
    game = new_game("cold-war", ("Ann", "Bob"), seed=seed)
    session = Session(game, SaveFile.create(game))
    chooser = random.Random(seed)
    for _ in range(moves):
        decision = session.decision()
        if decision is None:
            break
        session.act(chooser.choice(decision.actions))
    return session


def test_saves_live_under_cardtable_home(cardtable_home):
    session = played()
    assert session.save.path.parent == saves_dir() == cardtable_home / "saves"
    header = json.loads(session.save.path.read_text().splitlines()[0])
    assert header["format"] == "cardtable-save" and header["game"] == "cold-war"
    assert header["setup"]["players"] == ["Ann", "Bob"] and header["seed"] == 4


def test_replay_equals_the_original():
    session = played(moves=25)
    game, _ = resume(session.save.path)
    assert game.snapshot() == session.game.snapshot()
    assert game.view(0) == session.game.view(0)


def test_finished_games_are_marked_and_not_offered():
    session = played(moves=10_000)
    assert session.decision() is None
    data = read_save(session.save.path)
    assert data.over and not list_saves()
    assert list_saves(include_finished=True)[0].over
    with pytest.raises(SaveError, match="finished"):
        resume(session.save.path)


def test_torn_last_line_is_dropped_and_play_continues():
    session = played(moves=12)
    path = session.save.path
    with open(path, "ab") as fh:
        fh.write(b'{"type": "bet", "be')  # the program died while writing
    game, save = resume(path)
    assert game.snapshot() == session.game.snapshot()
    assert path.read_bytes().endswith(b"\n"), "the torn tail was cut off before appending"
    resumed = Session(game, save)
    resumed.act(resumed.decision().actions[0])
    assert len(read_save(path).actions) == 13


def test_torn_last_line_is_kept_aside_and_reported(cardtable_home):
    session = played(moves=12)
    path = session.save.path
    session.save.close()
    whole = path.read_bytes()
    torn = whole[:-10]  # like `truncate -s -10`: the last move cut off mid-line
    assert not torn.endswith(b"\n")
    path.write_bytes(torn)
    game, save = resume(path)
    kept = list(path.parent.glob(path.name + ".torn-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == torn, "the original bytes are kept, unchanged"
    assert path.read_bytes() == torn[: torn.rfind(b"\n") + 1]
    assert save.torn_notice is not None and "\n" not in save.torn_notice
    assert "last move" in save.torn_notice and kept[0].name in save.torn_notice
    assert len(read_save(path).actions) == 11  # of 12: only the torn move is gone
    save.close()


def test_torn_line_in_the_middle_is_refused_and_kept(cardtable_home):
    session = played(moves=12)
    path = session.save.path
    session.save.close()
    lines = path.read_bytes().split(b"\n")
    lines[5] = lines[5][:-7]
    path.write_bytes(b"\n".join(lines))
    before = path.read_bytes()
    with pytest.raises(SaveError, match="line 6 is damaged"):
        resume(path)
    assert path.read_bytes() == before and not list(path.parent.glob("*.torn-*"))


@pytest.mark.parametrize(
    "edit, message",
    [
        ((b'"game":"cold-war"', b'"game":"bloops"'), "has a header that says Bloops but its cards are Cold War's: the header was edited or damaged"),
        ((b'"players":["Ann","Bob"]', b'"players":["Ann","Bob","Cat"]'), "has a damaged header (Cold War needs 2 players, got 3)"),
        ((b'"players":["Ann","Bob"]', b'"players":["Ann"]'), "has a damaged header (Cold War needs 2 players, got 1)"),
        ((b'"options":{}', b'"options":7'), "has a damaged header"),
    ],
    ids=["game-edited", "more-players", "fewer-players", "options"],
)
def test_edited_header_fields_give_a_true_one_line_reason(cardtable_home, edit, message):
    session = played(moves=8)
    path = session.save.path
    session.save.close()
    header, rest = path.read_bytes().split(b"\n", 1)
    assert edit[0] in header
    path.write_bytes(header.replace(*edit) + b"\n" + rest)
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        resume(path)
    text = str(caught.value)
    assert message in text and "\n" not in text and "changed since" not in text
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda lines: [b"not json at all"] + lines[1:], "is not a cardtable save"),
        (lambda lines: [lines[0], b"{broken", *lines[2:]], "line 2 is damaged (not JSON)"),
        (lambda lines: [lines[0].replace(b'"version":1', b'"version":99'), *lines[1:]], "save format version 99"),
        (lambda lines: [lines[0].replace(b'"seed":4', b'"seed":"four"'), *lines[1:]], "the seed is not a whole number"),
        (lambda lines: [lines[0], b'{"type":"pick","side":"middle"}', *lines[1:]], "move 1 (pick) is not a legal move at that point"),
        (lambda lines: [lines[0].replace(b'"game":"cold-war"', b'"game":"chess"'), *lines[1:]], "unknown game 'chess'"),
        (lambda lines: [lines[0].replace(b'"cards":"', b'"cards":"00'), *lines[1:]], "different Cold War card set"),
        # a fresh tester's edited hash: the card file had not changed, the header had
        (lambda lines: [lines[0].replace(b'"cards":"', b'"cards":"00'), *lines[1:]], "which has changed since, or the save's header was edited"),
        # a fresh tester read "must be JSON scalars ..., got 4.0" as a contradiction
        (lambda lines: [lines[0], b'{"type":"pick","position":4.0}', *lines[1:]], "line 2 is damaged (action arguments must be whole numbers, text, true/false, null or lists of them, got 4.0)"),
        (lambda lines: [], "is empty"),
    ],
    ids=["not-a-save", "corrupt-line", "version", "bad-seed", "edited-action", "wrong-game", "changed-cards", "edited-hash", "decimal-argument", "empty"],
)
def test_damaged_files_are_explained_and_kept(damage, message):
    session = played(moves=8)
    path = session.save.path
    lines = path.read_bytes().splitlines()
    damaged = b"\n".join(damage(lines)) + (b"\n" if damage(lines) else b"")
    path.write_bytes(damaged)
    with pytest.raises(SaveError) as info:
        resume(path)
    assert message in str(info.value)
    assert "\n" not in str(info.value)
    assert path.read_bytes() == damaged, "a damaged save is never rewritten"
    listed = list_saves()
    if "not a legal move" not in message:
        assert listed and listed[0].error is not None


def test_resume_list_shows_game_players_and_moves():
    played(seed=1, moves=5)
    played(seed=2, moves=9)
    infos = list_saves()
    assert sorted(i.moves for i in infos) == [5, 9]
    assert all(i.title == "Cold War" and i.players == ("Ann", "Bob") and i.error is None for i in infos)


def test_undo_removes_the_move_from_the_save():
    game = new_game("fofl", ("Ann", "Bob"), seed=0)  # Cold War has no undoable move (its ruling 5)
    session = Session(game, SaveFile.create(game))
    while not session.can_undo:
        session.act(session.decision().actions[0])
    moves = len(read_save(session.save.path).actions)
    assert session.undo()
    replayed, _ = resume(session.save.path)
    assert replayed.snapshot() == session.game.snapshot()
    assert len(read_save(session.save.path).actions) == moves - 1


def test_a_game_with_custom_cards_resumes_without_naming_the_folder_again(tmp_path):
    from cardtable.engine.registry import bundled_data_dir

    custom = tmp_path / "house"
    custom.mkdir()
    text = (bundled_data_dir() / "cold-war.yaml").read_text().replace("name: Standard 52-card deck", "name: House deck")
    (custom / "cold-war.yaml").write_text(text)
    game = new_game("cold-war", ("Ann", "Bob"), seed=4, cards_dir=custom)
    session = Session(game, SaveFile.create(game))
    session.act(session.decision().actions[0])
    assert list_saves()[0].error is None
    resumed, _ = resume(session.save.path)
    assert resumed.cardset.name == "House deck" and resumed.snapshot() == game.snapshot()
    (custom / "cold-war.yaml").write_text(text.replace("House deck", "Other deck"))
    with pytest.raises(SaveError, match="it was played with .*house/cold-war.yaml, which has changed or is gone"):
        resume(session.save.path)


def test_a_bundled_save_under_a_replacing_card_folder_says_the_run_replaces_the_cards(tmp_path):
    """A hostile-player trial: a Bloops save made with the bundled cards, listed while
    ``--cards-dir`` replaced bloops.yaml, said "played with cards_data/bloops.yaml, which
    has changed since", though that file had not changed: the run only replaced it."""
    from cardtable.engine.registry import bundled_data_dir

    game = new_game("cold-war", ("Ann", "Bob"), seed=4)
    session = Session(game, SaveFile.create(game))
    session.act(session.decision().actions[0])
    custom = tmp_path / "house"
    custom.mkdir()
    text = (bundled_data_dir() / "cold-war.yaml").read_text().replace("name: Standard 52-card deck", "name: House deck")
    (custom / "cold-war.yaml").write_text(text)
    with pytest.raises(SaveError) as info:
        resume(session.save.path, custom)
    said = str(info.value)
    assert "changed since" not in said and "which this run replaces: resume it without --cards-dir or CARDTABLE_CARDS" in said, said
    resumed, _ = resume(session.save.path)  # without the folder it resumes
    assert resumed.snapshot() == game.snapshot()
