"""Past games (issue 16): the finished-games list, save names, and the face-up replay that
a game still in progress can never get."""

from __future__ import annotations

import json

import pytest

from cardtable.engine.testing import saved_session
from cardtable.engine.history import NotFinished, Replay, list_finished, open_replay, save_names, set_save_name
from cardtable.engine import new_game
from cardtable.engine.saves import SaveError, read_save
from cardtable.engine.view import StillSecret, build_view


played = saved_session


def hidden_faces(view) -> int:
    return sum(1 for z in view.zones.values() for c in z.cards if c is not None and c.hidden)


def test_reveal_all_view_shows_every_card_and_the_whole_log():
    session = played()
    game = session.game
    public = build_view(game, None)
    full = build_view(game, None, reveal_all=True, ended=game)
    assert hidden_faces(full) == 0
    assert sum(z.count for z in full.zones.values()) == sum(z.count for z in public.zones.values())
    assert len(full.log) == len(game.log.entries) >= len(public.log)


def test_the_omniscient_view_refuses_a_game_in_progress():
    unfinished = played(moves=6).game
    with pytest.raises(StillSecret):
        build_view(unfinished, None, reveal_all=True)
    with pytest.raises(StillSecret):
        build_view(unfinished, None, reveal_all=True, ended=unfinished)
    other = played(seed=9).game  # a finished game, but another one
    with pytest.raises(StillSecret):
        build_view(unfinished, None, reveal_all=True, ended=other)
    assert hidden_faces(build_view(unfinished, None)) > 0  # the ordinary view still hides


def test_replay_steps_forward_and_back_to_the_same_states():
    session = played(seed=7)
    rep = open_replay(session.save.path)
    total = len(rep.actions)
    assert rep.step == total and rep.view().over
    assert rep.game.snapshot() == session.game.snapshot()
    rep.goto(0)
    dealt = new_game("cold-war", ("Ann", "Bob"), seed=7)
    assert rep.game.snapshot() == dealt.snapshot()
    rep.goto(5)
    forward = rep.game.snapshot()
    rep.goto(9)
    rep.goto(5)  # back: rebuilt from the deal
    assert rep.game.snapshot() == forward
    assert hidden_faces(rep.view()) == 0  # mid-replay too: the game is over
    assert not rep.view().over


@pytest.mark.parametrize("game, names", [("black-ops", ("Ann", "Bob", "Cat")), ("cold-war", ("Ann", "Bob"))])
def test_rounds_follow_the_games_own_round_number(game, names):
    """The fresh tester: Cold War's replay counted a "round" each time Ann was to act again
    (56 moves were "27 rounds", ``]`` went glance, reaction, bet, pick). Cold War's rounds
    are now its own (a glance begins one, "A round" in cards_data/cold-war.md)."""
    session = played(game, seed=3, names=names)
    rep = open_replay(session.save.path)
    assert rep.rounds[0] == 0 and len(rep.rounds) >= 2
    for number, start in enumerate(rep.rounds, start=1):
        rep.goto_round(number)
        assert rep.step == start and rep.round_of() == number
        if start:
            assert rep.game.public_info(None)["round"] != _round_before(rep, start)
    rep.goto_round(999)
    assert rep.step == rep.rounds[-1]
    rep.goto(len(rep.actions))
    # the replay's rounds are the game's own: its round 0 (before the first deal) is in round 1
    assert len(rep.rounds) == rep.game.public_info(None)["round"]
    for number, start in enumerate(rep.rounds[1:], start=2):
        rep.goto(start)
        assert rep.game.public_info(None)["round"] == number
        if game == "cold-war":
            assert rep.game.decision().kind == "glance" and rep.game.public_info(None)["phase"] == "glance"


def _round_before(rep: Replay, step: int):
    rep.goto(step - 1)
    value = rep.game.public_info(None)["round"]
    rep.goto(step)
    return value


def test_rounds_fall_back_to_the_first_seat_coming_round():
    rep = open_replay(played("bloops", seed=2).save.path)  # no round number in its public facts
    assert rep.rounds[0] == 0 and len(rep.rounds) > 1
    for start in rep.rounds[1:]:
        rep.goto(start)
        assert 0 in rep.game.decision().seats


def test_an_unfinished_game_can_never_be_opened_face_up(cardtable_home):
    session = played(moves=10)
    path = session.save.path
    with pytest.raises(NotFinished, match="still in progress"):
        open_replay(path)
    with pytest.raises(NotFinished):
        Replay(read_save(path))
    assert list_finished() == []
    # a forged end line on a game whose moves do not finish it
    with open(path, "a") as fh:
        fh.write(json.dumps({"over": True, "summary": "Ann wins."}) + "\n")
    assert read_save(path).over
    with pytest.raises(NotFinished, match="do not finish the game"):
        open_replay(path)


def test_a_damaged_move_is_a_one_line_error():
    session = played(seed=5)
    lines = session.save.path.read_text().splitlines()
    lines[3] = json.dumps({"type": "nonsense"})
    session.save.path.write_text("\n".join(lines) + "\n")
    with pytest.raises(SaveError) as err:
        open_replay(session.save.path)
    assert "\n" not in str(err.value)


def test_finished_list_has_date_game_players_winner_and_length(cardtable_home):
    first = played(seed=1)
    played(moves=3)  # unfinished: not listed
    second = played("bloops", seed=2, names=("Cat", "Dan", "Eve"))
    rows = list_finished()
    assert {r.path for r in rows} == {first.save.path, second.save.path}
    row = next(r for r in rows if r.path == first.save.path)
    outcome = first.game.outcome()
    assert row.title == "Cold War" and row.players == ("Ann", "Bob")
    assert row.winners == tuple(first.game.players[s] for s in sorted(outcome.winners))
    assert row.result == outcome.summary and row.moves == len(read_save(first.save.path).actions) > 0


def test_a_draw_is_listed_with_no_winner_and_its_result(cardtable_home):
    """Cold War seed 66 (random moves) ends with equal counts: a draw names nobody as
    winner, so the list shows the result sentence instead."""
    from cardtable.ui.history import _winner

    drawn = played(seed=66)
    assert drawn.game.outcome().draw
    (row,) = [r for r in list_finished() if r.path == drawn.save.path]
    assert row.winners == () and row.result.startswith("A draw")
    assert _winner(row) == row.result


def test_a_finished_save_with_a_broken_header_is_listed_with_its_reason(cardtable_home):
    done = played(seed=1)
    broken = done.save.path.with_name("broken-" + done.save.path.name)
    broken.write_bytes(done.save.path.read_bytes().replace(b'"seed":1,', b'"seed":"abc",', 1))
    rows = list_finished()
    assert [r.path for r in rows] == [done.save.path, broken], "the damaged file comes last"
    assert rows[0].error == ""
    assert rows[1].error == "has a damaged header (the seed is not a whole number)"
    assert rows[1].title == "?" and rows[1].players == ()


def test_a_damaged_save_shows_no_end_time_as_though_its_game_ended_then(cardtable_home, capsys):
    """A damaged file's only time is its last change: when it was edited, damaged or copied,
    not when its game ended. Past games and ``cardtable history`` showed it in the Ended
    column as the game's end; now the Ended of a damaged row is "—" (``null`` in JSON, empty
    in CSV), as the Time column says "—" for a length it does not know. The file time still
    orders the damaged rows (the most recently changed first)."""
    import csv
    import io
    import os
    from datetime import datetime

    from cardtable.cli import main

    done = played(seed=1)
    older, newer = (done.save.path.with_name(f"{n}-" + done.save.path.name) for n in ("older", "newer"))
    for path, when in ((older, 1_900_000_000), (newer, 1_900_003_600)):
        path.write_bytes(done.save.path.read_bytes().replace(b'"seed":1,', b'"seed":"abc",', 1))
        os.utime(path, (when, when))
    rows = list_finished()
    assert [r.path for r in rows] == [done.save.path, newer, older]
    assert rows[0].ended_at == rows[0].ended and rows[1].ended_at is None and rows[2].ended_at is None
    assert main(["history", "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed[0]["ended"] == rows[0].ended.isoformat(timespec="seconds")
    assert [r["ended"] for r in printed[1:]] == [None, None]
    assert main(["history", "--format", "csv"]) == 0
    assert [r["ended"] for r in csv.DictReader(io.StringIO(capsys.readouterr().out))][1:] == ["", ""]
    assert main(["history", "--format", "table"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for path in (newer, older):
        line = next(line for line in lines if path.name in line)
        assert line.split()[0] == "—", line
        assert datetime.fromtimestamp(os.stat(path).st_mtime).strftime("%Y-%m-%d") not in line, line


def test_save_names_are_kept_beside_the_saves(cardtable_home):
    session = played(moves=2)
    assert set_save_name(session.save.path, "  Friday   night ") == "Friday night"
    assert save_names()[session.save.path.name] == "Friday night"
    with pytest.raises(ValueError):
        set_save_name(session.save.path, "x" * 200)
    with pytest.raises(ValueError):
        set_save_name(session.save.path, "bad\x1bname")
    assert save_names()[session.save.path.name] == "Friday night"
    set_save_name(session.save.path, "")
    assert session.save.path.name not in save_names()


def test_a_move_that_logs_nothing_says_who_chose_what():
    """The fresh tester: Bloops' replay showed moves as "(nothing logged)": choosing whose
    card to peek at and hiding a peeked card write no log line of their own. The replay
    names who chose and the option's words."""
    rep = open_replay(played("bloops", seed=2).save.path)
    quiet = [step for step in range(1, len(rep.actions) + 1) if rep.quiet_move(step) is not None]
    assert quiet, "this game has moves that log nothing"
    for step in quiet:
        rep.goto(step)
        assert rep.move_log() == ()
        who, _, words = rep.quiet_move().partition(": ")
        assert who in rep.game.players and words, rep.quiet_move()
    rep.goto(1)
    assert rep.move_log() != () and rep.quiet_move() is None


def test_the_length_comes_from_the_times_in_the_save_never_the_file_time(cardtable_home, capsys):
    """A copy (``cp -r``) changes the files' times: the length is the save's own start and
    end time (6 min stays 6 min); an older save with no end time shows "—", not a guess."""
    import os
    from datetime import datetime, timedelta

    from cardtable.engine.saves import lines_digest

    done = played(seed=1)
    path = done.save.path
    lines = path.read_bytes().splitlines(keepends=True)
    header, end = json.loads(lines[0]), json.loads(lines[-1])
    assert datetime.fromisoformat(end["ended"]) >= datetime.fromisoformat(header["started"])
    start = datetime(2026, 3, 1, 20, 0, 0)
    header["started"], end["ended"] = start.isoformat(), (start + timedelta(minutes=6)).isoformat()
    end["lines"] = lines_digest(json.dumps(header).encode() + b"\n" + b"".join(lines[1:-1]))  # as if saved so
    path.write_bytes(json.dumps(header).encode() + b"\n" + b"".join(lines[1:-1]) + json.dumps(end).encode() + b"\n")
    copied = (start + timedelta(minutes=22)).timestamp()
    os.utime(path, (copied, copied))
    (row,) = list_finished()
    assert row.minutes == 6 and row.time_text == "6 min"
    assert row.ended == start + timedelta(minutes=6) and row.started == start
    del end["ended"]  # as saves made before the end line recorded its time
    path.write_bytes(json.dumps(header).encode() + b"\n" + b"".join(lines[1:-1]) + json.dumps(end).encode() + b"\n")
    os.utime(path, (copied, copied))
    (row,) = list_finished()
    assert row.minutes is None and row.time_text == "—"
    assert row.ended == datetime.fromtimestamp(copied), "the Ended column still has the file time to go by"
    from cardtable.cli import main

    assert main(["history", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["minutes"] is None
    assert main(["history", "--format", "table"]) == 0
    out = capsys.readouterr().out
    assert "—" in out and " min" not in out


@pytest.mark.parametrize("edit", [
    lambda lines: lines[:3] + [lines[2]] + lines[4:],  # a move changed
    lambda lines: [lines[0].replace(b'"game":"cold-war"', b'"game":"bloops"')] + lines[1:],  # the game id
])
def test_a_finished_save_edited_since_is_listed_as_damaged_without_a_replay(cardtable_home, capsys, edit):
    """The end line keeps a digest of the lines before it: an edit after the game ended
    shows in the list (and ``cardtable history``) as damaged, not as a game whose replay
    then fails; the list reads each file once and replays none."""
    from cardtable.cli import main
    from cardtable.engine.history import EDITED

    done, kept = played(seed=1), played(seed=2)
    path = done.save.path
    assert [r.error for r in list_finished()] == ["", ""], "a save as written is no edit"
    path.write_bytes(b"".join(edit(path.read_bytes().splitlines(keepends=True))))
    rows = list_finished()
    assert [(r.path, r.error) for r in rows] == [(kept.save.path, ""), (path, EDITED)]
    assert main(["history", "--format", "json"]) == 0
    assert [r["error"] for r in json.loads(capsys.readouterr().out)] == ["", EDITED]


def test_an_older_finished_save_with_no_digest_is_listed_as_before(cardtable_home):
    done = played(seed=1)
    path = done.save.path
    lines = path.read_bytes().splitlines(keepends=True)
    end = json.loads(lines[-1])
    del end["lines"]
    path.write_bytes(b"".join(lines[:-1]) + json.dumps(end).encode() + b"\n")
    (row,) = list_finished()
    assert row.error == "" and row.title == "Cold War"


def test_a_finished_save_edited_in_a_way_that_still_plays_is_not_replayed(cardtable_home, capsys):
    """An edit the rules cannot see (the header's app version): the list, replay and
    resume all say the same thing about it."""
    from cardtable.cli import main
    from cardtable.engine.history import EDITED

    path = played(seed=1).save.path
    text = path.read_bytes()
    header = json.loads(text.splitlines()[0])
    path.write_bytes(text.replace(json.dumps(header["app"]).encode(), b'"0.0.1"', 1))
    assert list_finished()[0].error == EDITED
    with pytest.raises(SaveError, match="was changed after the game ended"):
        open_replay(path)
    assert main(["resume", str(path)]) == 2
    assert capsys.readouterr().err == f"cardtable: {path.name}: {EDITED}\n"
