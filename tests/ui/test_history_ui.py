"""The Past games list and the replay screen (issue 16): finished games only, every card
face up in the replay, forward/back/round keys, and no path opens an unfinished game."""

from __future__ import annotations

import shlex

import pytest

from cardtable.engine.history import save_names
from cardtable.engine.testing import saved_session
from cardtable.ui import StartRequest, make_app
from cardtable.engine.saves import saves_dir
from cardtable.ui.dialogs import InputDialog, MessageDialog
from cardtable.ui.naming import LeaveDialog
from cardtable.ui.resume import ResumeScreen
from cardtable.ui.history import HistoryScreen
from cardtable.ui.menu import MenuScreen
from cardtable.ui.replay import ReplayControls
from cardtable.ui.testing import choose_menu, screen_text, settled_lines


played = saved_session


async def settled(pilot, kind, seconds: float = 3.0) -> None:
    """Pause until the screen on top is a ``kind`` (the app opens a replay, or refuses one,
    one refresh after it starts), at most ``seconds``; the caller then asserts it."""
    import time

    end = time.monotonic() + seconds
    def ready() -> bool:
        screen = pilot.app.screen
        return isinstance(screen, kind) and screen.is_mounted and bool(screen.children)

    while not ready() and time.monotonic() < end:
        await pilot.pause(0.02)
    await pilot.pause()


async def test_menu_opens_past_games_with_finished_games_only():
    done = played(seed=3)
    played(seed=4, moves=6)  # in progress: never listed
    broken = done.save.path.with_name("broken.jsonl")  # finished, but its header is damaged
    broken.write_bytes(done.save.path.read_bytes().replace(b'"seed":3,', b'"seed":"abc",', 1))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose_menu(pilot, "history")
        assert isinstance(app.screen, HistoryScreen)
        assert [g.path for g in app.screen.games] == [done.save.path, broken]
        text = screen_text(app)
        assert "broken.jsonl" in text and "damaged" in text
        # its file's time is not when its game ended: no time is shown as its end
        assert next(line for line in text.splitlines() if "broken.jsonl" in line).strip(" │").startswith("— "), text
        await pilot.press("down")
        await pilot.pause()
        said = " ".join(screen_text(app).replace("│", " ").split())
        assert "broken.jsonl: cannot be replayed: has a damaged header (the seed is not a whole number)" in said
        await pilot.press("up")
        await pilot.pause()
        text = screen_text(app)
        winner = done.game.players[min(done.game.outcome().winners)]
        assert "Past games" in text and "Cold War" in text and "Ann, Bob" in text and winner in text
        row = next(line for line in text.splitlines() if "Cold War" in line and "Ann, Bob" in line)
        assert f" {done.game.moves} " in row and " min" in row
        assert done.game.outcome().summary[:30] in " ".join(text.split())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayControls)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)


async def test_replay_shows_every_card_face_up_and_steps_through_moves():
    done = played(seed=5)
    app = make_app(StartRequest(replay=done.save.path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot, ReplayControls)
        screen = app.screen
        assert isinstance(screen, ReplayControls)
        total = len(screen.replay.actions)
        assert screen.replay.step == 0 and f"move 0/{total}" in screen_text(app), "a replay opens on the deal"
        await pilot.press("end")
        await pilot.pause()
        assert f"move {total}/{total}" in screen_text(app)
        await pilot.press("home")
        await pilot.pause()
        assert screen.replay.step == 0 and "move 0/" in screen_text(app)
        await pilot.press("right", "right", "right")
        await pilot.pause()
        assert screen.replay.step == 3
        # Bob's hand, private at the table, is face up in the replay
        view = screen.replay.view()
        hands = [z for z in view.zones.values() if z.kind == "hand" or "hand" in z.name]
        assert hands and all(c.face is not None for z in hands for c in z.cards if c is not None)
        text = screen_text(app)
        private = [c.face for z in hands for c in z.cards if c is not None and not c.up]
        assert private, "a private hand to check"
        assert all(screen.card_label(face) in text for face in private)
        assert "[only " in text  # private log lines are in the log beside the table
        await pilot.press("left")
        await pilot.pause()
        assert screen.replay.step == 2
        current = screen.replay.round_of()  # ] goes to the start of the next round
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert screen.replay.step == screen.replay.rounds[current] and screen.replay.round_of() == current + 1
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("backspace", "backspace", "backspace", "3", "enter")  # replace the proposed number
        await pilot.pause()
        assert app.screen is screen
        assert screen.replay.step == screen.replay.rounds[2] and screen.replay.round_of() == 3


@pytest.mark.parametrize("game_id, names, seed", [("cold-war", ("Ann", "Bob"), 11), ("bloops", ("Ann", "Bob", "Cat"), 5), ("fofl", ("Ann", "Bob"), 3)])
async def test_a_replay_at_120x40_shows_its_moves_once(game_id, names, seed):
    """The replay opens with the log beside the table; a table's own "Last moves" box then
    stands aside (the fresh tester saw the same moves twice side by side), and comes back
    when l closes the log."""
    done = played(game_id, names, seed=seed)
    app = make_app(StartRequest(replay=done.save.path))
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot, ReplayControls)
        await pilot.press(*["right"] * 12)
        await pilot.pause(0.3)
        assert app.screen.query_one("#log").display
        assert "Last moves" not in screen_text(app)
        await pilot.press("l")
        await pilot.pause(0.3)
        assert not app.screen.query_one("#log").display
        assert "Last moves" in screen_text(app)


async def test_the_replay_keys_fit_the_key_bar_and_keep_working_in_the_go_to_round_box():
    """The fresh tester at 80×24: the key bar was cut before "q Close" (every key shown now
    fits: shorter words), and while the "Go to round" box was open the keys the bar shows
    did nothing ("]" and "l" were typed into the box, "q" too): each now closes the box and
    does what the bar says; digits and Backspace still edit the round number."""
    done = played(seed=5)
    app = make_app(StartRequest(replay=done.save.path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot, ReplayControls)
        screen = app.screen
        bar = screen_text(app).split("\n")[-1]
        for words in ("← → Move", "[ ] Round", "g Go to round", "l Log", "? Rules", "q Close"):
            assert words in bar, bar
        # beside the log the table is slim; with no option list below it, its cards take
        # the rows it left empty (6 under cards of 6 lines): 9 lines, nothing cut
        await pilot.press("right")
        lines = await settled_lines(app, pilot)
        card = screen.query_one("#cw-left-card").region
        body = screen.query_one("#table-body").region
        assert card.height >= 9 and screen.query_one("#cw-info").region.bottom <= body.bottom, "\n".join(lines)
        await pilot.press("left")
        replay = screen.replay

        async def in_the_box(*keys: str) -> None:
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, InputDialog)
            await pilot.press(*keys)
            await pilot.pause()
            await pilot.pause()

        await in_the_box("right")
        assert app.screen is screen and replay.step == 1
        await in_the_box("right_square_bracket")
        assert app.screen is screen and replay.step == replay.rounds[1], (replay.step, replay.rounds[:3])
        log = screen.query_one("#log")
        shown = log.display
        await in_the_box("l")
        assert app.screen is screen and log.display != shown
        await in_the_box("backspace", "backspace", "x", "4", "enter")  # a letter is not typed
        assert app.screen is screen and replay.round_of() == 4 and replay.step == replay.rounds[3]
        await in_the_box("q")  # closes the replay: started from the shell, that ends the app
        assert app.return_code == 0, "the app did not end with the replay"


@pytest.mark.parametrize("keys", [("q",), ("escape",), ("g", "q")])
async def test_closing_a_replay_started_from_the_shell_returns_to_the_shell(keys):
    """The fresh tester: ``cardtable replay SAVE``, then Esc, opened the game menu instead of
    the shell. Closing such a replay (q, Esc, or q in the "Go to round" box) now ends the
    app, as leaving a game started with ``play`` does; the menu is never shown."""
    from cardtable.ui.menu import MenuScreen

    done = played(seed=5)
    app = make_app(StartRequest(replay=done.save.path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot, ReplayControls)
        await pilot.press("right", "right")
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        assert app.return_code == 0, f"not back to the shell: {type(app.screen).__name__} on top"
        assert not isinstance(app.screen, MenuScreen)


@pytest.mark.parametrize("key", ["q", "escape"])
async def test_closing_a_replay_opened_from_past_games_returns_to_the_list(key):
    """The other way in: a replay opened from Past games (the menu's, or ``cardtable
    history``'s) closes back to the list, and the app goes on. The same key then leaves
    the list: back to the menu, or to the shell for ``cardtable history`` (a fresh
    tester's Esc there opened the game menu)."""
    done = played(seed=5)
    for start in (StartRequest(), StartRequest(history=True)):
        app = make_app(start)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            if not start.history:
                await choose_menu(pilot, "history")
            await settled(pilot, HistoryScreen)
            assert [g.path for g in app.screen.games] == [done.save.path]
            await pilot.press("enter")
            await settled(pilot, ReplayControls)
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen) and app.return_code is None
            await pilot.press(key)
            await pilot.pause()
            if start.history:
                assert app.return_code == 0, f"not back to the shell: {type(app.screen).__name__} on top"
            else:
                assert isinstance(app.screen, MenuScreen) and app.return_code is None


@pytest.mark.parametrize("game_id, names, extra", [
    ("cold-war", ("Ann", "Bob"), ()),
    ("bloops", ("Ann", "Bob", "Cat"), ()),
    ("combat-cards", ("Ann", "Bob", "Cat"), ()),
    ("black-ops", ("Ann", "Bob", "Cat"), ("s Specialists",)),
    ("fofl", ("Ann", "Bob"), ("i Cards",)),
])
async def test_every_replay_key_fits_the_key_bar_at_80x24(game_id, names, extra):
    """The fresh tester: Black Ops' and FOFL's replays cut their key bar at 80×24 with "…"
    before "q Close" (their own "s Specialists" / "i Cards" took the room). ← → and [ ] now
    share a label each, so every key shown fits in every game, the game's own keys too."""
    done = played(game_id, names, seed=2)
    app = make_app(StartRequest(replay=done.save.path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot, ReplayControls)
        await pilot.pause(0.2)
        bar = screen_text(app).split("\n")[-1]
        assert "…" not in bar and "Close" in bar, bar
        for words in ("← → Move", "[ ] Round", "g Go to round", *extra, "l Log", "? Rules", "q Close"):
            assert words in bar, bar
        step = app.screen.replay.step  # each key of a shared label is its own click
        await pilot.click("KeyBar", offset=(bar.index("→"), 0))
        await pilot.pause()
        assert app.screen.replay.step == step + 1
        await pilot.click("KeyBar", offset=(bar.index("←"), 0))
        await pilot.pause()
        assert app.screen.replay.step == step


async def test_an_unfinished_game_cannot_be_opened_face_up_from_the_app():
    unfinished = played(seed=6, moves=8)
    app = make_app(StartRequest(replay=unfinished.save.path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot, MessageDialog)
        await pilot.pause()
        assert isinstance(app.screen, MessageDialog)
        assert "still in progress" in app.screen.message
        shown = screen_text(app)  # the file name (always as wide) decides where the line wraps
        assert "is a game still in" in shown and "cannot be replayed face up" in shown, shown
        assert not app.open_replay(unfinished.save.path)
        await pilot.pause()
        assert not any(isinstance(s, ReplayControls) for s in app.screen_stack)


async def test_resume_list_is_last_played_first_and_n_names_a_save():
    import os

    older = played(seed=7, moves=3)
    newer = played(seed=8, moves=3)
    os.utime(older.save.path, (2_000_000_000, 2_000_000_000))  # played last
    os.utime(newer.save.path, (1_900_000_000, 1_900_000_000))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ResumeScreen)
        assert [s.path for s in screen.saves] == [older.save.path, newer.save.path]
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, InputDialog)
        await pilot.press(*"Friday night", "enter")
        await pilot.pause()
        assert app.screen is screen
        assert save_names()[older.save.path.name] == "Friday night"
        assert "Cold War: Friday night" in screen_text(app)


async def test_a_save_name_shows_its_limit_as_it_is_typed_and_the_name_kept():
    """h87: a fresh tester typed ``[red]Fri🐉 night/../x`` as a save name; the field took
    the first 12 characters without a word, and ``cardtable resume`` with the whole name
    found nothing. The field now counts as it is typed and says when it is full, and a note
    names what is kept, which is what the lists and the command line know."""
    from cardtable.engine.core import MAX_NAME
    from textual.widgets import Input

    saved = played(seed=7, moves=3)
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, InputDialog)
        assert f"0 of {MAX_NAME} characters" in screen_text(app)
        await pilot.press(*"Fri")
        await pilot.pause()
        assert f"3 of {MAX_NAME} characters" in screen_text(app)
        typed = "[red]Fri🐉 night/../x"
        await pilot.press("ctrl+u", *typed)
        await pilot.pause()
        shown = app.screen.query_one("#dialog-input", Input).value
        assert shown == typed[:MAX_NAME] == "[red]Fri🐉 ni"
        assert f"{MAX_NAME} of {MAX_NAME} characters: full, nothing more is taken" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert app.screen is screen
        assert save_names()[saved.save.path.name] == shown
        assert f"Named: {shown}" in " ".join(screen_text(app).split())


@pytest.mark.parametrize("name, hint", [("Friday night", "resume 'Friday night' picks it up again."), ("--help", "resume -- --help picks it up again.")])
async def test_leaving_a_game_can_name_its_save(capsys, monkeypatch, name, hint):
    """The line left in the shell resumes the save by the name given (h103: it said only
    "cardtable resume"), quoted for the shell; a name that begins with "-" follows "--"
    (a fresh tester's "--help" printed "cardtable resume --help", which shows the help)."""
    from cardtable.cli import _resolve_save, build_parser

    monkeypatch.setattr("cardtable.ui.app.shell_command", lambda: "cardtable")
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("q")  # the privacy screen's Leave
        await pilot.pause()
        assert isinstance(app.screen, LeaveDialog)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, InputDialog)
        await pilot.press(*name, "enter")
        await pilot.pause()
    saves = list((saves_dir()).glob("cold-war-*.jsonl"))
    assert len(saves) == 1
    assert save_names()[saves[0].name] == name
    said = " ".join((lambda c: c.out + c.err)(capsys.readouterr()).split())
    assert hint in said
    typed = shlex.split(said[said.index("cardtable resume"):said.index(" picks it up")])
    args = build_parser().parse_args(typed[1:])  # the command as printed: it resumes that save
    assert args.command == "resume" and _resolve_save(args.save) == saves[0]


@pytest.mark.parametrize("game_id, names", [
    ("cold-war", ("Ann", "Bob")),
    ("bloops", ("Ann", "Bob", "Cat")),
    ("combat-cards", ("Ann", "Bob", "Cat")),
    ("black-ops", ("Ann", "Bob", "Cat")),
    ("fofl", ("Ann", "Bob")),
])
async def test_every_game_replays_through_its_own_table_screen(game_id, names):
    from cardtable.ui.games import table_screen_for

    done = played(game_id, names, seed=2)
    app = make_app(StartRequest(replay=done.save.path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot, ReplayControls)
        screen = app.screen
        assert isinstance(screen, ReplayControls) and isinstance(screen, table_screen_for(game_id))
        total = len(screen.replay.actions)
        # "next round" from the last round is the end (the fresh tester: it went back to
        # the last round's start)
        next_round = next((r for r in screen.replay.rounds if r > 3), total)
        keys_steps = ((["home"], 0), (["right"] * 4, 4), (["left"], 3), (["right_square_bracket"], next_round), (["end"], total), (["right_square_bracket"], total))
        for keys, step in keys_steps:
            await pilot.press(*keys)
            await pilot.pause()
            assert screen.replay.step == step
            assert f"move {step}/{total}" in screen_text(app)
            # the log is open from the start: the title left of it is one whole form (the
            # fresh tester saw it cut there at 80×24), still naming the move
            title = screen.query_one("#table-title")
            edge = screen.query_one("#log").region.x
            row = screen_text(app).split("\n")[title.region.y][:edge].strip()
            shown = str(title.render()).strip()
            assert row == shown and f"ove {step}/{total}" in shown and not shown.endswith("…"), (row, shown)
        await pilot.press("escape")  # started from the shell: closing it ends the app
        await pilot.pause()
        assert app.return_code == 0, "the app did not end with the replay"


async def test_the_game_over_screen_replays_the_game_just_finished():
    from cardtable.ui.gameover import GameOverScreen

    done = played(seed=12)
    lines = done.save.path.read_text().splitlines()
    done.save.path.write_text("\n".join(lines[:-2]) + "\n")  # the last move and the end line undone
    app = make_app(StartRequest(resume=done.save.path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = next(s for s in app.screen_stack if hasattr(s, "session"))
        if not isinstance(app.screen, type(table)):
            await pilot.press("enter")  # the privacy screen
            await pilot.pause()
        table.play(table.session.decision().actions[0])
        await pilot.pause()
        from cardtable.ui.news import NewsScreen

        if isinstance(app.screen, NewsScreen):  # the last move's news comes first (issue 14)
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReplayControls)
        assert app.screen.replay.step == 0 and len(app.screen.replay.actions) == done.game.moves
        await pilot.press("escape")  # a game resumed from the shell, but its replay came from here
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen) and app.return_code is None


async def test_a_named_save_keeps_a_gap_before_its_date_in_the_resume_list():
    """The fresh tester saw '…[b]ops2026-12-01 17:50': a long game title and save name ran
    into the date. Every line of the list keeps at least two spaces before the date."""
    import re

    saved_session("black-ops", ("Ann", "Bob", "Cy"), seed=3, moves=4)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press(*"Friday ops", "enter")
        await pilot.pause()
        line = next(line for line in screen_text(app).splitlines() if "Friday ops" in line)
        assert re.search(r"Friday ops\s{2,}\d{4}-\d\d-\d\d \d\d:\d\d", line), line


async def test_a_double_enter_on_the_resume_list_opens_the_game_once(monkeypatch):
    """The fresh tester crashed the app (exit 70, '#table-title' not found) with Enter Enter
    on the Resume list: the second Enter opened the game again over the first table."""
    from cardtable.ui.privacy import PrivacyScreen
    from cardtable.ui.table import TableScreen

    monkeypatch.setenv("CARDTABLE_PRIVACY_GUARD", "0")
    saved_session("cold-war", ("Ann", "Bob"), seed=3, moves=4)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("enter", "enter", "enter")
        await pilot.pause(0.2)
        tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        assert len(tables) == 1, app.screen_stack
        from cardtable.ui.news import NewsScreen

        for _ in range(4):  # the news and the hand-over, then the table
            if not isinstance(app.screen, (PrivacyScreen, NewsScreen)):
                break
            await pilot.press("enter")
            await pilot.pause(0.1)
        assert isinstance(app.screen, TableScreen) and app.return_code is None
        assert len([s for s in app.screen_stack if isinstance(s, TableScreen)]) == 1


async def test_a_late_redraw_of_a_table_taken_down_does_nothing(monkeypatch):
    """The crash behind the double Enter (and Black Ops' refit after its game over): a
    callback reached a table whose widgets were gone. It now does nothing."""
    from cardtable.ui.table import TableScreen

    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cy"), seed=2))
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        await table.remove_children()
        assert table.taken_down
        table.redraw()
        table._fit_hand()


async def test_resume_list_columns_line_up_and_a_wrapped_reason_keeps_its_indent():
    """The fresh tester saw a named save push the date right ('Cold War: [/]🃏[b]' counted
    as 17 characters but drawn in 18 cells) and the second line of a long "cannot be
    resumed" reason start at the left edge. The date and the moves stand in the same
    column on every row, however wide the name (a save name of twelve emoji is cut with
    "…" rather than wrapped), and every line of a reason keeps its indent."""
    import json
    import os
    import re

    from cardtable.engine.history import set_save_name
    from cardtable.ui.testing import screen_lines

    named = {
        played("cold-war", ("Ann", "Bob"), seed=1, moves=0): "[/]🃏[b]",
        played("fofl", ("Ann", "Bob"), seed=1, moves=2): "../../pwn",
        played("black-ops", ("Ann", "Bob", "Cy"), seed=1, moves=1): "🃏" * 12,
        played("bloops", ("Ann", "Bob"), seed=1, moves=5): "",
    }
    for seed in range(2, 6):
        named[played("bloops", ("Cat", "Dan"), seed=seed, moves=1)] = ""  # enough rows for a scroll bar
    damaged = saves_dir() / "black-ops-20261203-170000-aaaa0008.jsonl"
    black_ops = next(session for session in named if session.game.id == "black-ops")
    header = json.loads(black_ops.save.path.read_text().splitlines()[0])
    header["setup"]["players"] = ["Ann"]
    damaged.write_text(json.dumps(header) + "\n")
    os.utime(damaged, (2_000_000_100, 2_000_000_100))
    for i, (session, name) in enumerate(named.items()):
        session.save.close()
        if name:
            set_save_name(session.save.path, name)
        os.utime(session.save.path, (2_000_000_000 - 60 * i, 2_000_000_000 - 60 * i))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        lines = screen_lines(app)  # one character per cell: a wide one is followed by a blank
        dated = [line for line in lines if re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", line)]
        assert len(dated) >= 4 and any("[/]🃏[b]" in line for line in dated), "\n".join(lines)
        columns = {re.search(r"\d{4}-\d\d-\d\d", line).start() for line in dated}
        assert len(columns) == 1, "\n".join(dated)
        assert all(re.search(r"\d\d:\d\d   \d+ moves?\b", line) for line in dated), "\n".join(dated)
        assert any("🃏🃏🃏…" in line for line in dated), "\n".join(dated)
        first = next(i for i, line in enumerate(lines) if "cannot be resumed" in line)
        indent = lines[first].index("cannot be resumed")
        last = next(i for i in range(first, len(lines)) if "players, got 1)" in lines[i])
        assert last > first, "the reason wraps at 80×24"
        for rest in lines[first + 1 : last + 1]:
            assert len(rest) - len(rest.lstrip(" │")) == indent, "\n".join(lines[first - 1 : last + 1])


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_past_games_box_grows_with_the_window_and_says_what_it_cuts(size):
    """The fresh tester saw a 78-column box at every size, 60 blank columns each side at
    200×60, "Black Ops: Fr…" and "You, Computer…" cut, the players never whole anywhere,
    and "Ended 17:26" in the row beside "17:25" under it without saying which was which.
    The box widens (centred) until every entry is whole; at 80 columns the line under the
    table gives the highlighted game's title and players whole, with its start and end,
    and the help says that a name cut with … is whole there."""
    from textual.widgets import DataTable

    players = ("Bartholomewz", "Computer 2", "Computer 3")
    black_ops = played("black-ops", players, seed=2)
    played("bloops", ("You", "Computer 2"), seed=1)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await choose_menu(pilot, "history")
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        row = next(i for i, g in enumerate(screen.games) if g.path == black_ops.save.path)
        table = screen.query_one(DataTable)
        while table.cursor_row != row:
            await pilot.press("down")
        await pilot.pause()
        box = screen.query_one("#history-box").region
        text = screen_text(app)
        said = " ".join(text.replace("│", " ").split())
        assert f"Black Ops: Free-For-All with {', '.join(players)}, started " in said and ", ended " in said
        assert box.right <= size[0] and abs(box.x - (size[0] - box.right)) <= 1, "the box is centred"
        if size == (80, 24):
            assert box.width == 78 and "Black Ops: Fr…" in text
            assert "A name cut with … is whole in the line above." in said
            return
        assert box.width > 78
        line = next(line for line in text.splitlines() if "Black Ops" in line and "Computer 3" in line)
        assert "Black Ops: Free-For-All" in line and ", ".join(players) in line
        assert "…" not in text and table.max_scroll_x == 0


@pytest.mark.parametrize("size", [(70, 24), (70, 20), (64, 22)])
async def test_past_games_under_80_columns_fit_their_box_whole(size, monkeypatch):
    """Under 80 columns the box kept its 78-column table in a narrower box: a scroll bar
    under the games (a blank-looking row), and the save's name, the replay line's second
    row, was cut (left to Textual, the line got one row) with a blank row at the box's foot.
    The columns narrow to the box and the lines under the table get the rows they wrap to
    (the cut line shows with these six games, not with two: Textual's layout kept a stale
    height; without the fix one of the three sizes fails on it, all three on the scroll bar)."""
    from textual.widgets import DataTable

    from cardtable.ui.testing import screen_lines

    monkeypatch.setattr("cardtable.ui.app.shell_command", lambda: "cardtable")
    for game_id, names in (("cold-war", ("Ann", "Bob")), ("bloops", ("Ann", "Bob", "Cat")), ("combat-cards", ("Ann", "Bob", "Cat")), ("black-ops", ("Ann", "Bob", "Cat")), ("fofl", ("Ann", "Bob"))):
        played(game_id, names, seed=2).close()
    black_ops = played("black-ops", ("You", "Computer 1", "Computer 2", "Computer 3"), seed=2)
    black_ops.close()
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await choose_menu(pilot, "history")
        await pilot.pause(0.3)  # laid out for good (the save's line was cut after a while)
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        table = screen.query_one(DataTable)
        assert screen.games[table.cursor_row].path == black_ops.save.path  # the newest, as opened
        box = screen.query_one("#history-box").region
        assert box.right <= size[0] and table.max_scroll_x == 0 and table.region.right <= box.right
        lines = screen_lines(app)
        inside = [line[box.x + 1 : box.right - 1].strip() for line in lines[box.y + 1 : box.bottom - 1]]
        said = " ".join(inside)
        assert f"From the shell: cardtable replay {black_ops.save.path.stem}" in said, "\n".join(lines)
        assert "is whole in the line above." in said and inside[-1], "\n".join(lines)  # no blank row at the foot
        under = inside.index(next(line for line in inside if line.startswith("Black Ops: Free-For-All with")))
        assert inside[under - 1] == "" and inside[under - 2], "\n".join(lines)  # one gap after the games


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_a_long_list_of_players_keeps_its_indent_and_the_resume_box_widens(size):
    """The fresh tester saw a six-player save's names wrap "Computer" / "6" back to the
    column of the game titles (it read as a new entry), and the box stay 78 columns wide
    at 200×60. The players wrap between names under their own indent, and a wider screen
    widens the box (centred) until they fit on one line."""
    from cardtable.ui.testing import screen_lines

    players = ("Maximilianaa", *(f"Computer {n}" for n in range(2, 9)))
    played("black-ops", players, seed=1, moves=3)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        lines = screen_lines(app)
        top = next(i for i, line in enumerate(lines) if "Black Ops" in line)
        body = [line.strip("│ ") for line in lines[top + 1 :]]
        names = body[: next(i for i, line in enumerate(body) if line.startswith("Last played first"))]
        assert " ".join(names) == ", ".join(players), "\n".join(lines)
        indent = lines[top].index("Black Ops") + 2
        for line in lines[top + 1 : top + 1 + len(names)]:
            assert len(line) - len(line.lstrip(" │")) == indent, "\n".join(lines)
            assert not line.rstrip(" │").endswith("Computer"), "a name split from its number"
        box = app.screen.query_one("#resume-box").region
        assert abs(box.x - (size[0] - box.right)) <= 1, "the box is centred"
        if size == (80, 24):
            assert box.width == 78 and len(names) == 2
        else:
            assert box.width > 78 and len(names) == 1


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_replay_log_widens_on_a_wide_window(size):
    """The fresh tester at 200×60 saw the replay's log squeezed into a 30-column strip,
    every line wrapping, beside a table of empty space. The log takes a quarter of a
    window wider than 120 columns (50 at 200); at 80 and 120 columns it is 30 as before."""
    from cardtable.ui.testing import screen_lines

    done = played(seed=5)
    app = make_app(StartRequest(replay=done.save.path))
    async with app.run_test(size=size) as pilot:
        await settled(pilot, ReplayControls)
        await pilot.press("right", "right", "right", "right")
        await pilot.pause()
        log = app.screen.query_one("#log").region
        assert log.right == size[0]
        assert log.width == (50 if size == (200, 60) else 30)
        if size == (200, 60):
            shown = [line[log.x :].strip(" ▏▎▊") for line in screen_lines(app)]
            assert any(line.startswith("· The deck is shuffled: 52 cards.") for line in shown), "\n".join(shown)


async def test_past_games_name_the_save_that_replay_takes(monkeypatch):
    """A fresh tester found no save name in Past games for ``cardtable replay SAVE``: the
    highlighted game's save (its name, else its file name) is given with the command, and
    the command line takes it."""
    from cardtable.cli import _resolve_save
    from cardtable.engine.history import set_save_name

    monkeypatch.setattr("cardtable.ui.app.shell_command", lambda: "cardtable")
    done, named = played(seed=3), played(seed=5)
    set_save_name(named.save.path, "Friday night")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose_menu(pilot, "history")
        lines = screen_text(app).splitlines()
        said = " ".join(" ".join(lines).replace("│", " ").split())
        assert "From the shell: cardtable replay 'Friday night'" in said, said
        assert any("Enter: replay" in line for line in lines), "the help line stays in the box"
        await pilot.press("down")
        await pilot.pause()
        said = " ".join(screen_text(app).replace("│", " ").split())
        stem = done.save.path.stem
        assert f"From the shell: cardtable replay {stem}" in said, said
    assert _resolve_save(stem) == done.save.path and _resolve_save("Friday night") == named.save.path
