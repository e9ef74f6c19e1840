"""Computer players at the table (issue 15, "Playing with them"): one person against the
computer never sees a privacy screen, a table of computers plays itself, leaving while a
computer thinks, saves that record who plays each seat and resume with the same moves."""

from __future__ import annotations

import json
import time

import pytest

from cardtable.engine.saves import list_saves, read_save
from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import choose_menu, open_setup, play_through, screen_text, until


@pytest.fixture(autouse=True)
def no_pace(monkeypatch):
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")


def table_of(app) -> TableScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


async def table_up(app, pilot) -> TableScreen:
    """The table once it is open: a resume replays its save first, which a loaded machine
    may not finish within one refresh."""
    assert await until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack)), "the table did not open"
    return table_of(app)


async def watch_to_the_end(app, pilot, stall: float = 30.0) -> list[type]:
    """Pause until the game-over screen (no key pressed); the screens seen on the way.
    Fails when no move is made for ``stall`` seconds, however long the whole game takes: a
    deadline for the whole game (60 s) was two thirds used up beside 3 CPU burners."""
    seen: list[type] = []
    moves, since = -1, time.monotonic()
    while not isinstance(app.screen, GameOverScreen):
        tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        if tables and tables[-1].session.game.moves != moves:
            moves, since = tables[-1].session.game.moves, time.monotonic()
        assert time.monotonic() - since < stall, f"the computer players did not finish (no move for {stall:.0f} s after move {moves})"
        seen.append(type(app.screen))
        await pilot.pause(0.01)
    return seen


@pytest.mark.parametrize(
    ("game", "level", "seed"),
    [("cold-war", "easy", 3), ("bloops", "random", 4)],
)
async def test_one_person_against_the_computer_never_sees_a_privacy_screen(game, level, seed, cardtable_home):
    app = make_app(StartRequest(game=game, players=("Ann", "Computer 2"), seed=seed, computers={1: level}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        session = (await table_up(app, pilot)).session
        assert session.viewer == 0 and session.screen_seat() == 0
        seen = await play_through(app, pilot)
        assert seen["privacy"] == 0, "no hand-over between one person and a computer"
        assert seen["table"] > 0, "Ann made moves of her own"
        assert isinstance(app.screen, GameOverScreen)
        assert session.game.moves > seen["table"], "the computer made moves too"
    record = app.stats.records(game)
    assert {r.name for r in record} == {"Ann", f"Computer ({level})"}


async def test_a_table_of_computers_plays_itself_on_the_public_view(monkeypatch, cardtable_home):
    shown: list[object] = []  # every screen pushed, however quickly the computers play
    original = PrivacyScreen.__init__

    def counted(self, *args, **kwargs):
        shown.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(PrivacyScreen, "__init__", counted)
    app = make_app(StartRequest(game="bloops", players=("Computer 1", "Computer 2", "Computer 3"), seed=8, computers={0: "random", 1: "random", 2: "easy"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = next(s for s in reversed(app.screen_stack) if isinstance(s, (TableScreen, GameOverScreen)))
        session = screen.session
        assert session.screen_seat() is None
        await watch_to_the_end(app, pilot)
        assert not shown, "no privacy screen at a table of computers"
        assert session.game.decision() is None and session.visible_decision() is None
    data = read_save(list_saves(include_finished=True)[0].path)
    assert data.over and len(data.actions) == session.game.moves


async def test_the_computer_thinks_off_the_screen_and_says_so(monkeypatch, cardtable_home):
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "30")  # the move waits for its pace
    app = make_app(StartRequest(game="cold-war", players=("Computer 1", "Bob"), seed=6, computers={0: "easy"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = await table_up(app, pilot)
        game = table.session.game
        decision = game.decision()
        assert decision is not None and decision.seat == 0, "the computer acts first in this deal"
        assert "Computer 1 is thinking…" in screen_text(app)
        assert table.session.visible_decision() is None, "Bob cannot answer for the computer"
        for card in game.hands[0]:  # the computer's hand is never on screen
            assert card.up or card.defn.name not in screen_text(app)
        # a time, not a count of pauses: 300 pauses of 0.01 s gave a thought about 3 s
        await until(pilot, lambda: table._answer is not None, timeout=30)
        assert table._answer is not None and game.moves == 0, "answered, but waiting for the pace"
        await pilot.press("space")  # hurry
        await pilot.pause()
        assert table.session.game.moves == 1


async def test_leaving_while_the_computer_thinks(monkeypatch, cardtable_home):
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "30")
    app = make_app(StartRequest(game="cold-war", players=("Computer 1", "Bob"), seed=6, computers={0: "hard"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        session = table_of(app).session
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause(0.3)  # a late answer must change nothing
    assert app.return_code in (0, None)
    assert session.game.moves == 0, "the abandoned thought played no move"
    # a game left before its first move is not kept (test_left_before_a_move): its save, the
    # header alone, is deleted; a move played by the thought would have kept it
    assert list_saves(include_finished=True) == [] and not session.save.path.exists()


async def test_a_dialog_over_the_table_holds_the_computers_move(monkeypatch, cardtable_home):
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "30")
    app = make_app(StartRequest(game="cold-war", players=("Computer 1", "Bob"), seed=6, computers={0: "easy"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = await table_up(app, pilot)
        assert await until(pilot, lambda: table._answer is not None, timeout=30), "answered, waiting for the pace"
        await pilot.press("q")  # the leave dialog is up when the pace runs out
        table._pace_timer.stop()
        table._paced()
        await pilot.pause()
        assert table.session.game.moves == 0, "no move is played under the dialog"
        await pilot.press("n")
        await pilot.pause()
        assert table.session.game.moves == 1, "the move is played once the table is back"


async def test_the_save_records_the_computers_and_resume_makes_the_same_moves(tmp_path, cardtable_home):
    computers = {0: "easy", 1: "random"}
    app = make_app(StartRequest(game="cold-war", players=("Computer 1", "Computer 2"), seed=5, computers=computers))
    async with app.run_test(size=(80, 24)) as pilot:
        await watch_to_the_end(app, pilot)
    path = list_saves(include_finished=True)[0].path
    full = read_save(path)
    assert full.header["computers"] == {"0": "easy", "1": "random"}
    assert len(full.actions) > 6
    # the same game left after six moves: resume it and let the computers finish
    lines = path.read_text().splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:7]) + "\n")
    app = make_app(StartRequest(resume=cut))
    async with app.run_test(size=(80, 24)) as pilot:
        # the table, or already the game over when the computers finished first
        assert await until(pilot, lambda: any(isinstance(s, (TableScreen, GameOverScreen)) for s in app.screen_stack))
        shown = next(s for s in reversed(app.screen_stack) if isinstance(s, (TableScreen, GameOverScreen)))
        assert shown.session.computers == computers
        await watch_to_the_end(app, pilot)
    assert read_save(cut).actions == full.actions


async def test_an_old_save_without_computers_is_all_people(tmp_path, cardtable_home):
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen), "people get the hand-over as before"
    path = list_saves(include_finished=True)[0].path
    header = json.loads(path.read_text().splitlines()[0])
    assert "computers" not in header, "a game of people writes the header as before"
    app = make_app(StartRequest(resume=path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert (await table_up(app, pilot)).session.computers == {}
        assert isinstance(app.screen, PrivacyScreen)


async def test_setup_seats_a_computer_player_with_a_filled_in_name(cardtable_home):
    from textual.widgets import Input, Select


    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "cold-war")
        name = setup.query_one("#name-1", Input)
        person = name.value
        setup.query_one("#kind-1", Select).value = "hard"
        await pilot.pause()
        assert name.value == "Computer 2", "the computer seat's name is filled in"
        setup.query_one("#kind-1", Select).value = ""
        await pilot.pause()
        assert name.value == person, "a person again: the name comes back"
        setup.query_one("#kind-1", Select).value = "normal"
        await pilot.pause()
        name.value = "Deep Blue"  # editable
        await pilot.press("ctrl+s")
        await pilot.pause()
        table = await table_up(app, pilot)
        assert table.session.computers == {1: "normal"}
        assert table.session.game.players[1] == "Deep Blue"
    header = read_save(list_saves()[0].path).header
    assert header["computers"] == {"1": "normal"}
    assert header["setup"]["players"][1] == "Deep Blue"
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:  # the kinds are offered again
        await pilot.pause()
        await choose_menu(pilot, "game:cold-war")
        assert app.screen.query_one("#kind-1", Select).value == "normal"
        assert app.screen.query_one("#kind-0", Select).value == ""


# ---------------------------------------------------------------------- the session
def test_the_session_never_hands_the_device_to_a_computer():
    from cardtable.engine import new_game
    from cardtable.engine.session import Session

    game = new_game("cold-war", ("Ann", "Bob", ), seed=6)  # seat 0 acts first, privately
    people = Session(game.clone())
    assert people.handoff_to() == 0
    alone = Session(game.clone(), computers={1: "easy"})  # Ann alone: she is always looking
    assert alone.handoff_to() is None and alone.screen_seat() == 0 and alone.visible_decision() is not None
    robot = Session(game.clone(), computers={0: "easy"})
    assert robot.handoff_to() is None and robot.visible_decision() is None, "the computer's private turn is not shown"
    assert robot.screen_seat() == 1, "Bob alone with a computer sees his own view"
    assert robot.computer_turn() == [(0, False)]
    watch = Session(game.clone(), computers={0: "easy", 1: "hard"})
    assert watch.screen_seat() is None and watch.handoff_to() is None
    assert watch.record_names() == ("Computer (easy)", "Computer (hard)")


def test_a_shared_window_shows_the_people_only_their_own_actions():
    from cardtable.engine import new_game
    from cardtable.engine.session import Session

    game = new_game("bloops", ("Ann", "Bob", "Cat"), seed=1)
    for _ in range(400):
        decision = game.decision()
        if decision is None or len(decision.seats) > 1:
            break
        game.act(decision.actions[0])
    decision = game.decision()
    if decision is None or len(decision.seats) < 2:
        pytest.skip("no shared window in this deal")
    closer = decision.actions[0].get("seat", decision.seat)
    robots = {s: "random" for s in decision.seats if s != closer}
    session = Session(game, computers=robots)
    shown = session.visible_decision()
    assert shown is not None and set(shown.seats) == set(decision.seats) - set(robots)
    assert all(a.get("seat", closer) not in robots for a in shown.actions)
    assert shown is session.visible_decision(), "the same object while the window lasts"
    assert [s for s, _ in session.computer_turn()] == [s for s in decision.seats if s in robots]


def test_a_damaged_computers_entry_is_refused(tmp_path):
    from cardtable.engine import new_game
    from cardtable.engine.saves import SaveError, SaveFile

    game = new_game("cold-war", ("Ann", "Bob"), seed=1)
    path = SaveFile.create(game, tmp_path, computers={1: "hard"}).path
    lines = path.read_text().splitlines()
    for bad in ({"1": "genius"}, {"5": "easy"}, ["easy"], {"1": ["hard"]}):
        header = json.loads(lines[0])
        header["computers"] = bad
        path.write_text(json.dumps(header) + "\n")
        with pytest.raises(SaveError, match="computer players"):
            read_save(path)


# ---------------------------------------------------------------------- the command line
@pytest.mark.parametrize(
    ("argv", "players", "computers"),
    [
        (["play", "bloops", "--names", "Ann", "--computers", "hard,normal"], ("Ann", "Computer 2", "Computer 3"), {1: "hard", 2: "normal"}),
        (["--game", "bloops", "--names", "Ann", "--computers", "hard,normal"], ("Ann", "Computer 2", "Computer 3"), {1: "hard", 2: "normal"}),
        (["play", "cold-war", "--computers", "Easy"], None, {1: "easy"}),
        (["play", "cold-war", "--computers", "easy,hard"], ("Computer 1", "Computer 2"), {0: "easy", 1: "hard"}),
        (["play", "bloops", "--players", "4", "--computers", "normal"], None, {3: "normal"}),
    ],
)
def test_computers_on_the_command_line(argv, players, computers):
    from cardtable.cli import _app_request, build_parser

    start = _app_request(build_parser().parse_args(argv))
    assert start.computers == computers
    if players is not None:
        assert start.players == players
    assert all(start.players[s] == f"Computer {s + 1}" for s in computers)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "bloops", "--names", "Ann", "--computers", "hard,genius"], "unknown level 'genius'"),
        (["play", "bloops", "--computers", "hard,"], "empty level"),
        (["play", "cold-war", "--names", "Ann", "--computers", "hard,hard"], "Cold War takes 2 players, got 3"),
        (["play", "bloops", "--names", "Ann", "--players", "4", "--computers", "hard"], "--names gives 1 name and --computers 1 for 4 players"),
        (["play", "cold-war", "--names", "Computer 2", "--computers", "easy"], "is the name of a computer player's seat"),
        (["--computers", "hard"], "--computers needs --game ID"),
    ],
)
def test_computers_mistakes_are_one_line(argv, message, capsys):
    from cardtable.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


async def test_playing_again_keeps_the_computer_players(cardtable_home):
    """The fresh tester's finding: 'play again' dealt a game of people only, so the person
    left at the table was handed the computer's seat and saw its hand. (``s``, the same
    deal again, is gone: tests/ui/test_gameover_look.py, test_no_same_deal_again_after_a_game.)"""
    key = "a"
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Computer 2"), seed=3, computers={1: "easy"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await play_through(app, pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press(key)
        await pilot.pause()
        session = (await table_up(app, pilot)).session
        assert session.computers == {1: "easy"}
        assert session.viewer == 0 and not isinstance(app.screen, PrivacyScreen)


def test_a_computer_closing_a_window_a_person_could_claim_in_waits_a_real_moment(monkeypatch):
    """The fresh tester: Bloops' counter-discard window closed by the active computer about
    a second after it opened. A computer's close now waits at least 3 s (five paces)."""
    from cardtable.ui.table import window_time

    monkeypatch.delenv("CARDTABLE_COMPUTER_PACE", raising=False)
    assert window_time(0.8) == 4.0 and window_time(0.2) == 3.0
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    assert window_time(0.8) == 0.0


async def test_undo_is_not_offered_while_a_computers_move_is_on_its_way(monkeypatch, cardtable_home):
    """The fresh tester: in Bloops the key bar offered `u Undo` during "Computer 2 is
    thinking…" and the key did nothing. While a computer's move is on its way, undo is not
    offered even when the session could take a move back."""
    from cardtable.engine.session import Session

    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "30")  # the answer waits: its move is on its way
    app = make_app(StartRequest(game="cold-war", players=("Computer 1", "Ann"), seed=3, computers={0: "easy"}))
    async with app.run_test(size=(100, 30)) as pilot:
        table = await table_up(app, pilot)
        for _ in range(200):
            await pilot.pause(0.01)
            if table._thinking is not None or table._answer is not None:
                break
            decision = table.session.visible_decision()
            if decision is not None:
                table.play(decision.actions[0])
        assert table._thinking is not None or table._answer is not None, "a computer's move was on its way"
        monkeypatch.setattr(Session, "can_undo", property(lambda self: True))
        assert not table.check_action("undo", ())
        table._answer = table._thinking = None
        assert table.check_action("undo", ()), "offered again once no move is on its way"


async def test_a_persons_nobody_plays_waits_for_the_computers_in_the_window(monkeypatch, cardtable_home):
    """The fresh tester pressed P ("Nobody plays one") at once in Black Ops' Care Package
    window and closed it before the computers had decided, so a computer holding the card
    that would have saved it was knocked out. The person's pass is now held until every
    computer in the window has decided: it is played only if they all pass too."""
    from cardtable.ui.news import NewsScreen

    app = make_app(StartRequest(game="black-ops", players=("Ann", "Computer 2", "Computer 3"), seed=7, computers={1: "easy", 2: "easy"}))
    paced_in_windows(monkeypatch, app, 0.3)  # the rest of the game at once: 45 s of 90 at load 14
    slow_thoughts_in_windows(monkeypatch, 0.3)  # seen while the computers still decide
    held = checked = 0
    async with app.run_test(size=(120, 40)) as pilot:
        deadline = time.monotonic() + 90
        while checked < 3 and time.monotonic() < deadline and not isinstance(app.screen, GameOverScreen):
            await pilot.pause(0.02)
            if isinstance(app.screen, (NewsScreen, PrivacyScreen)):
                await pilot.press("enter")
                continue
            screen = app.screen
            if not isinstance(screen, TableScreen):
                continue
            decision = screen.session.visible_decision()
            if decision is None:
                continue
            game = screen.session.game
            closer = next((a for a in decision.actions if a.role == "pass-all"), None)
            if closer is not None and screen.session.computer_turn() and len(game.decision().seats) > 1 and getattr(screen, "_waited", -1) != game.moves and screen._answer is None:
                moves = game.moves
                screen.play(closer)
                assert game.moves == moves, "the window stayed open while the computers decide"
                held += 1
                while game.moves == moves and time.monotonic() < deadline:
                    await pilot.pause(0.02)
                assert game.moves > moves
                entry = game.log.entries[-1].text
                assert getattr(screen, "_waited", None) == moves or "Computer" in entry, entry
                checked += 1
                continue
            actions = [a for a in decision.actions if a.role != "pass-all"] or list(decision.actions)
            screen.play(actions[0])
    assert held >= 1, "no Care Package window with computers in it was reached"


async def person_deciding(app, pilot):
    """One step of watching a game with computer players: after a short pause, a news or
    privacy screen is passed with Enter; returns ``(table, the visible decision, its
    "nobody plays" action or None)`` when a person decides on the table, else ``None``."""
    from cardtable.ui.news import NewsScreen

    await pilot.pause(0.02)
    if isinstance(app.screen, (NewsScreen, PrivacyScreen)):
        await pilot.press("enter")
        return None
    screen = app.screen
    if not isinstance(screen, TableScreen) or (decision := screen.session.visible_decision()) is None:
        return None
    return screen, decision, next((a for a in decision.actions if a.role == "pass-all"), None)


def in_a_window(decision) -> bool:
    """Whether ``decision`` is a shared window: several seats decide, "nobody plays" among
    the actions (Black Ops' Care Package window)."""
    return decision is not None and len(decision.seats) > 1 and any(a.role == "pass-all" for a in decision.actions)


def slow_thoughts_in_windows(monkeypatch, seconds: float) -> None:
    """A computer's thought in a shared window takes at least ``seconds`` (a sleep before
    ``cardtable.bots.choose``), so a test polling the screen sees the computers still
    deciding there: an easy thought took a few milliseconds and, in CI, ended inside one
    of the test's pauses in every window ("no Care Package window with computers in it
    was reached"). Thoughts elsewhere keep their own speed."""
    import cardtable.bots

    choose = cardtable.bots.choose

    def slow(game, *args, **kwargs):
        if in_a_window(game.decision()):
            time.sleep(seconds)
        return choose(game, *args, **kwargs)

    monkeypatch.setattr(cardtable.bots, "choose", slow)


def paced_in_windows(monkeypatch, app, pace: float) -> None:
    """A computer's answer in a shared window (several seats decide, "nobody plays" among
    the actions) waits ``pace`` seconds (``computer_pace``); every other computer move is
    played at once. The thought counts towards the pace, and a hard Black Ops thought took
    over 4 s beside 3 CPU burners: a pace shorter than the thought played the claim at
    once, so it was never seen waiting for its pace. A long pace in the windows alone keeps
    the claim waiting, however slow the machine, without the whole game crawling at it."""
    from cardtable.ui import table

    def paced(default: float = 0.8) -> float:
        tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        return pace if tables and in_a_window(tables[-1].session.game.decision()) else 0.0

    monkeypatch.setattr(table, "computer_pace", paced)


async def test_keys_pressed_faster_than_the_pace_never_hold_back_a_computers_move(monkeypatch, cardtable_home):
    """A tester pressed P every 0.75 s in Black Ops' Care Package window and the computers
    did not move for 12 minutes: each held "nobody plays" asked the computers again, which
    dropped the claim waiting for its pace and started the pace over. Once a computer's
    answer is in, P (and other keys) pressed faster than the pace leave it alone: the claim
    is played within its pace."""

    pace = 8.0  # in the windows alone: longer than a thought on a loaded machine
    app = make_app(StartRequest(game="black-ops", players=("Tess", "Cpu 2", "Cpu 3"), seed=10023229, computers={1: "hard", 2: "easy"}))
    paced_in_windows(monkeypatch, app, pace)
    checked = 0
    async with app.run_test(size=(120, 40)) as pilot:
        deadline = time.monotonic() + 120
        while not checked and time.monotonic() < deadline and not isinstance(app.screen, GameOverScreen):
            if (seen := await person_deciding(app, pilot)) is None:
                continue
            screen, decision, closer = seen
            game = screen.session.game
            if closer is not None and len(game.decision().seats) > 1 and screen._answer is not None and screen._answer[1] == game.moves:
                moves, answered = game.moves, time.monotonic()  # a computer's claim waits for its pace
                presses = 0
                while game.moves == moves and time.monotonic() - answered < 10 * pace:
                    await pilot.press(*screen.keys_for(closer), "l")
                    presses += 1
                    await pilot.pause(0.5)  # many times faster than the pace
                took = time.monotonic() - answered
                assert game.moves > moves, f"the computer's claim was held back by {presses} presses of P ({took:.1f} s)"
                assert took < pace + 1.0, f"the claim came {took:.1f} s after the answer (pace {pace} s)"
                assert "claims" in game.log.entries[-1].text or "plays" in game.log.entries[-1].text
                checked += 1
                continue
            if closer is not None and screen.session.computer_turn() and len(game.decision().seats) > 1:
                if screen._waited == game.moves:
                    screen.play(closer)  # the computers wait in this window: nobody plays
                continue  # else the computers in the window decide first
            actions = [a for a in decision.actions if a.role != "pass-all"] or list(decision.actions)
            screen.play(actions[0])
    assert checked, "no computer's claim waited for its pace in a Care Package window"


async def test_the_waiting_note_says_what_really_comes_first(monkeypatch, cardtable_home):
    """A fresh tester's P ("Nobody plays one") in Black Ops' Care Package window always said
    "The computer players decide first; then the window closes if they pass.", even when a
    computer had already decided to claim (its move waiting for its pace): that claim comes
    first, and the person's pass is not played after it. The note says so then, and the
    pass is not kept; while the computers are still deciding, the note is the old one and
    the pass is held."""

    slow_thoughts_in_windows(monkeypatch, 0.3)  # each outlasts the pauses below, however fast the machine
    app = make_app(StartRequest(game="black-ops", players=("Tess", "Cpu 2", "Cpu 3"), seed=10023229, computers={1: "hard", 2: "easy"}))
    # a pace of 1.5 s everywhere was shorter than a hard thought beside CPU burners (over
    # 4 s): the claim was played at once, never seen waiting (each thought made 1.6 s long:
    # "(0, 1701)")
    paced_in_windows(monkeypatch, app, 8.0)
    notes: list[str] = []
    shown = app.notify
    monkeypatch.setattr(app, "notify", lambda message, **kw: (notes.append(message), shown(message, **kw))[1])
    deciding = claimed = 0
    async with app.run_test(size=(120, 40)) as pilot:
        deadline = time.monotonic() + 120
        while not (deciding and claimed) and time.monotonic() < deadline and not isinstance(app.screen, GameOverScreen):
            if (seen := await person_deciding(app, pilot)) is None:
                continue
            screen, decision, closer = seen
            game = screen.session.game
            window = closer is not None and len(game.decision().seats) > 1 and screen.session.computer_turn()
            if window and screen._waited != game.moves:
                moves = game.moves
                answer = screen._answer
                still_deciding = screen._thinking is not None and screen._thinking[1] == moves
                notes.clear()
                screen.play(closer)  # no await since the check: the computers' state is as seen
                assert game.moves == moves, "the window closed before the computers' moves"
                if answer is not None and answer[1] == moves:
                    who = game.players[answer[2].get("seat")]
                    assert notes == [f"{who} has already chosen a move: it is played first, and your pass is not kept."], notes
                    assert screen._held_pass is None, "the pass would be played after the claim"
                    while game.moves == moves and time.monotonic() < deadline:
                        await pilot.pause(0.02)
                    assert "Tess" not in game.log.entries[-1].text, game.log.entries[-1].text
                    claimed += 1
                elif still_deciding:
                    assert notes == ["The computer players decide first; then the window closes if they pass."], notes
                    assert screen._held_pass == (moves, closer)
                    deciding += 1
                continue
            if window:
                # the computers here had all passed before we looked (a loaded machine: their
                # thought ended within our pause): nobody plays, on to the next window; waiting
                # here stalled the game until the deadline (CI: "(0, 0)")
                screen.play(closer)
                continue
            actions = [a for a in decision.actions if a.role != "pass-all"] or list(decision.actions)
            screen.play(actions[0])
    assert claimed and deciding, (claimed, deciding)
