"""Bloops through the real screens: a whole 3-player game by key presses (privacy screens
included), the one-key counter-discard window, faces on screen only for the right person,
and snapshots at 80×24."""

from __future__ import annotations

import random
import time

import pytest
from rich.text import Text

from cardtable.engine import Action, CardView, ZoneView, load_cards
from cardtable.engine.saves import read_save
from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.games.bloops import BloopsTable, option_key, render_area
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import play_through, screen_text, settled_lines

NAMES = ("Ann", "Bob", "Cat")
SIZE = (80, 24)


def bloops(seed: int = 5, players: tuple[str, ...] = NAMES):
    return make_app(StartRequest(game="bloops", players=players, seed=seed))


def table_of(app) -> BloopsTable:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, BloopsTable))


def check_faces(app) -> None:
    """Every face on the table screen is one the player looking may see: the acting player's
    own private moment, or a face-up card (DESIGN §3, ruling 10)."""
    screen = app.screen
    assert isinstance(screen, BloopsTable)
    session = screen.session
    game = session.game
    decision = session.visible_decision()
    seat = session.screen_seat()
    if decision is None or not decision.private:
        assert seat is None, "a public moment shows the public view"
    else:
        assert seat == decision.seat
    for (zone, position), defn in screen.faces_drawn.items():
        cards = game.zones[zone]
        card = cards.top if position == 0 else cards.cards[position - 1]
        assert card is not None and card.defn == defn
        # seat None (a public moment): only face-up cards
        assert card.visible_to(seat), f"{zone} {position} ({defn.name}) is on screen for seat {seat}"


async def test_a_whole_three_player_game_through_the_screens(cardtable_home):
    app = bloops(seed=5)
    rng = random.Random(3)
    kinds: list[str] = []
    moments: list[bool] = []  # per decision: whether a private moment begins there
    previous: list = [None]

    def choose(decision) -> int:
        check_faces(app)
        last = previous[0]
        # a person's private moment begins unless the same person's private moment goes on
        # (a 7's choice of card and its face after the drawn card: ruling 15)
        moments.append(decision.private and not (last is not None and last.private and last.seats == decision.seats))
        previous[0] = decision
        kinds.append(decision.kind)
        types = [a.type for a in decision.actions]
        if decision.kind == "window":
            turns = kinds.count("drawn")
            if "bloops" in types and turns >= 9:
                return types.index("bloops") + 1
            if rng.random() < 0.3 and "claim" in types:
                return rng.choice([i for i, t in enumerate(types) if t == "claim"]) + 1
            return types.index("pass") + 1
        if decision.kind == "counter" and rng.random() < 0.2:
            return types.index("withdraw") + 1
        return rng.randrange(len(decision.actions)) + 1

    async with app.run_test(size=SIZE) as pilot:
        seen = await play_through(app, pilot, choose)
        assert isinstance(app.screen, GameOverScreen)
        game = app.screen.session.game
        outcome = game.outcome()
        text = "\n".join(await settled_lines(app, pilot))  # the frames are held until the reveal is fitted
        assert "game over" in text and outcome.summary in text
        assert kinds.count("peek-ack") and sum(moments) < kinds.count("memorise") + kinds.count("drawn") + kinds.count("peek-ack"), "a 7 or 8 looked at"
        assert seen["privacy"] == sum(moments), "a privacy screen before every private moment of a person, and only then"
        assert seen["table"] == len(kinds)
        for kind in ("memorise", "drawn", "window", "counter"):
            assert kind in kinds
        assert game.end_reason and all(c.up for a in game.areas for c in a)
        saves = list(cardtable_home.glob("saves/*.jsonl"))
        assert len(saves) == 1 and read_save(saves[0]).over


async def test_first_look_is_behind_a_privacy_screen_and_shows_positions_4_to_6_once():
    app = bloops()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        text = screen_text(app)
        assert "Pass to Ann" in text and "▒" not in text and "╭" not in text, "no table behind the privacy screen"
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BloopsTable)
        assert set(screen.faces_drawn) == {("area:0", 4), ("area:0", 5), ("area:0", 6)}
        check_faces(app)
        text = screen_text(app)
        assert " 1  Hide them: I have remembered them" in text and "press Enter" not in text
        await pilot.press("enter")  # Enter plays the highlighted (only) option too
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and "Pass to Bob" in screen_text(app)
        assert not table_of(app).faces_drawn, "Ann's cards left the screen before the hand-over"
        await pilot.press("enter")
        await pilot.pause()
        assert set(app.screen.faces_drawn) == {("area:1", 4), ("area:1", 5), ("area:1", 6)}


async def _to_first_window(pilot, players: int = 3, key: str = "d"):
    """Confirm every first look, then the first player discards (``d``) or keeps (a position)."""
    for _ in range(players):
        await pilot.press("enter", "enter")
    await pilot.press("enter")  # Ann takes the device for her drawn card
    await pilot.pause()
    assert isinstance(pilot.app.screen, BloopsTable)
    assert ("drawn", 0) in pilot.app.screen.faces_drawn, "Ann sees the card she drew"
    await pilot.press(key)
    await pilot.pause()


async def test_the_counter_discard_window_takes_one_key_to_claim_choose_and_pass():
    app = bloops(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await _to_first_window(pilot)
        screen = app.screen
        game = screen.session.game
        if game.phase != "window":  # the drawn card had an effect: the table must be re-dealt
            pytest.skip("seed 5 must start with a plain discard")
        assert isinstance(screen, BloopsTable), "no privacy screen for the public window"
        check_faces(app)
        assert set(screen.faces_drawn) == {("discard", 0)}
        text = screen_text(app)
        assert " P  Nobody claims: end Ann's turn" in text and " 2  Bob claims" in text and " b  Nobody claims: Ann calls BLOOPS!" in text
        top = game.discard.top.defn.value
        bob = [c.defn.value for c in game.areas[1].cards]
        wrong = next(p for p, v in enumerate(bob, 1) if v != top)
        await pilot.press("2")  # Bob claims: one key
        await pilot.pause()
        assert game.phase == "counter" and game.claimant == 1
        await pilot.press(str(wrong))  # his position: one key
        await pilot.pause()
        assert game.phase == "reveal" and isinstance(app.screen, BloopsTable)
        assert app.screen.faces_drawn[("area:1", wrong)].value == bob[wrong - 1], "shown to everyone"
        check_faces(app)
        await pilot.press("enter")  # back face down, penalty card
        await pilot.pause()
        assert game.phase == "window" and ("area:1", wrong) not in app.screen.faces_drawn
        assert len(game.areas[1]) == 7
        await pilot.press("9")  # no seat 9: nothing happens
        await pilot.pause()
        assert game.phase == "window"
        await pilot.press("P")  # nobody else claims: one key
        await pilot.pause()
        assert game.phase == "drawn" and game.active == 1
        assert isinstance(app.screen, PrivacyScreen) and "Pass to Bob" in screen_text(app)


async def test_enter_never_closes_the_window_for_the_table_only_P_does():
    app = bloops(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await _to_first_window(pilot)
        game = app.screen.session.game
        if game.phase != "window":
            pytest.skip("seed 5 must start with a plain discard")
        moves = game.moves
        await pilot.press("enter", "enter")  # the highlighted "Nobody claims", twice
        await pilot.pause()
        assert game.phase == "window" and game.moves == moves, "Enter left the window open"
        assert any("press P" in n.message for n in app._notifications)
        await pilot.click("#decision-options", offset=(4, 0))  # a click on it: the same
        await pilot.pause()
        assert game.phase == "window" and game.moves == moves
        await pilot.press("p")  # the lower-case letter is not the pass for everyone
        await pilot.pause()
        assert game.phase == "window" and game.moves == moves
        options = app.screen.query_one("#decision-options")
        options.highlighted = len(game.decision().actions) - 1  # the BLOOPS! call closes it too
        await pilot.press("enter")
        await pilot.pause()
        assert game.phase == "window" and game.moves == moves and game.holder is None
        assert any("press b" in n.message for n in app._notifications)
        await pilot.press("P")
        await pilot.pause()
        assert game.phase == "drawn" and game.active == 1


async def test_b_calls_bloops_and_the_status_counts_the_final_turns():
    app = bloops(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await _to_first_window(pilot)
        game = app.screen.session.game
        await pilot.press("b")
        await pilot.pause()
        assert game.holder == 0 and game.final_left == [1, 2]
        assert isinstance(app.screen, NewsScreen), "the call is news for everyone before the hand-over"
        assert "Ann calls BLOOPS! and takes the BLOOPS card" in screen_text(app)
        await pilot.press("enter")  # the news seen: the privacy screen comes after this key only
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and "Pass to Bob" in screen_text(app)
        await pilot.press("enter")  # Bob takes the device
        await pilot.pause()
        text = screen_text(app)
        assert "BLOOPS! called by Ann" in text and "final turns left: 2 (Bob, Cat)" in text
        assert " 1  Ann BLOOPS" in text
        # beside the log (36 columns) the status line was cut ("final turns left: 2 (Computer"):
        # it shows a shorter form whole, still saying whose turn it is and how many are left
        await pilot.press("l")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        status = screen.query_one("#bl-status")
        edge = screen.query_one("#log").region.x
        row = screen_text(app).split("\n")[status.region.y][:edge].strip()
        shown = str(status.render()).strip()
        assert row == shown and not shown.endswith("…"), (row, shown)
        assert shown.startswith("Bob's turn") and "BLOOPS!" in shown and "2" in shown, shown


async def test_keeping_the_drawn_card_by_its_position_number():
    app = bloops(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await _to_first_window(pilot, key="3")
        game = table_of(app).session.game
        kept = game.areas[0].cards[2]
        assert not kept.up and not kept.known and game.discard.top is not None
        assert "Ann keeps the drawn card face down at position 3." in [e.text for e in game.log.entries]
        assert ("area:0", 3) not in table_of(app).faces_drawn


def test_keys_are_seat_and_position_numbers_and_letters():
    assert option_key(Action.of("claim", seat=1)) == "2"
    assert option_key(Action.of("give", target=2)) == "3"
    assert option_key(Action.of("keep", position=4)) == "4"
    assert option_key(Action.of("counter", seat=0, position=10)) == "0"
    assert option_key(Action.of("counter", seat=0, position=11)) is None, "beyond 10: arrows and Enter"
    assert [option_key(Action.of(t, seat=0)) for t in ("bloops", "withdraw", "skip")] == ["b", "x", "s"]
    assert option_key(Action.of("pass", seat=0).with_role("pass-all")) == "P", "the table's key for passing for everyone"
    assert option_key(Action.of("discard")) == "d" and option_key(Action.of("remember")) == "1"


def test_an_area_shows_positions_gaps_faces_and_marks():
    cards = load_cards("bloops")
    down, seven = CardView(None), CardView(cards["seven"])
    zone = ZoneView("area:0", 0, "slots", "Ann's cards", (down, None, seven, down, down, down, down))
    big = render_area(zone, Text("Ann"), cards, big=True, marks=[4]).plain.splitlines()
    assert big[0] == "Ann" and len(big) == 1 + 3 * 3
    assert big[1].split() == ["╭─1─╮", "┌╌2╌┐", "╭─3─╮"]
    assert big[2].split() == ["│▒▒▒│", "╎", "╎", "│", "7", "│"]
    assert big[4].split()[0] == "┏━4━┓", "a marked card has a heavy border"
    assert big[7].split() == ["╭─7─╮"]
    small = render_area(zone, Text("Ann"), cards, big=False).plain.splitlines()
    assert small[1:] == ["1 ▒▒▒ 2  ·  3  7  ", "4 ▒▒▒ 5 ▒▒▒ 6 ▒▒▒ ", "7 ▒▒▒ "], "a space parts each position from its card"


# ---------------------------------------------------------------- snapshots

@pytest.mark.snapshot
def test_snapshot_first_look(snap_compare):
    assert snap_compare(bloops(), terminal_size=SIZE, press=["enter"])


@pytest.mark.snapshot
def test_snapshot_counter_discard_window(snap_compare):
    assert snap_compare(bloops(), terminal_size=SIZE, press=["enter"] * 7 + ["d"])


@pytest.mark.snapshot
def test_snapshot_failed_counter_discard_six_players(snap_compare):
    six = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fin")
    assert snap_compare(bloops(seed=5, players=six), terminal_size=SIZE, press=["enter"] * 13 + ["d", "4", "1"])


async def test_the_house_rules_are_on_the_setup_screen_and_saved_with_the_game(cardtable_home):
    from textual.widgets import Select

    from cardtable.ui.setup import SetupScreen
    from cardtable.ui.testing import open_setup

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, "bloops")
        values = {key: setup.query_one(f"#opt-{key}", Select).value for key in ("counter_effects", "claims_first", "skip_powers")}
        assert values == {"counter_effects": "yes", "claims_first": "no", "skip_powers": "no"}, "the documented defaults"
        text = screen_text(app)
        assert "Counter 6–9 act" in text and "Claims first" in text
        setup.query_one("#opt-claims_first", Select).value = "yes"
        setup.query_one("#opt-skip_powers", Select).value = "yes"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)
        game = table_of(app).session.game
        assert (game.option("counter_effects"), game.option("claims_first"), game.option("skip_powers")) == ("yes", "yes", "yes")
    (save,) = cardtable_home.glob("saves/*.jsonl")
    options = read_save(save).header["setup"]["options"]
    assert options == {"counter_effects": "yes", "claims_first": "yes", "skip_powers": "yes"}


# ---------------------------------------------------------------- a window a computer closes
COMPUTERS = ("Ann", "Cpu B", "Cpu C")


async def _to_a_closing_window(app, pilot, active: int) -> BloopsTable:
    """Play Ann's moves (her first option; ``P`` in her own window) until the computer at
    seat ``active`` has decided to close its counter-discard window and waits out the
    moment people get to claim (``window_time``)."""
    for _ in range(1500):
        await pilot.pause(0.01)
        screen = app.screen
        if isinstance(screen, NewsScreen):
            await pilot.press("enter")
            continue
        assert isinstance(screen, BloopsTable), type(screen).__name__
        game = screen.session.game
        if game.phase == "window" and screen._pace_timer is not None and screen._answer is not None:
            if game.active == active:
                return screen
            continue
        decision = screen.session.visible_decision()
        if decision is None or screen._held_pass is not None:
            continue
        if decision.kind == "window":
            if game.active == 0 and screen._waited == game.moves:
                await pilot.press("P")
            continue
        screen.play(decision.actions[0])
    raise AssertionError("no window closed by that computer")


@pytest.mark.parametrize("late", [0.0, 1.0])
async def test_a_claim_key_pressed_just_after_a_computer_closed_the_window_does_nothing(monkeypatch, cardtable_home, late):
    """The fresh tester: Ann pressed 1 to claim as Cpu C's window closed; the key landed on
    her own turn that followed and kept her drawn card at position 1. A key of the window
    pressed just after it closed is now dropped, with a one-line note. A later tester's
    key came more than the 1.0 s this was after the close: ``LATE_KEY`` is 1.5 s, counted
    from when Ann's drawn card is on screen (``late``: seconds after that the key comes, on
    the table's clock, which stands still from the computer's close on, so a loaded
    machine's slow pauses do not move the key past the limit)."""
    from cardtable.ui import table

    monkeypatch.setattr(table, "window_time", lambda pace=0.8: 0.3)
    app = make_app(StartRequest(game="bloops", players=COMPUTERS, seed=1, computers={1: "normal", 2: "normal"}))
    skipped, stopped = [0.0], [None]
    app.clock = lambda: (time.monotonic() if stopped[0] is None else stopped[0]) + skipped[0]
    async with app.run_test(size=SIZE) as pilot:
        screen = await _to_a_closing_window(app, pilot, active=2)
        stopped[0] = time.monotonic()  # the table's clock stands still from the close on
        game = screen.session.game
        moves = game.moves
        for _ in range(200):
            await pilot.pause(0.01)
            if game.moves != moves:
                break
        assert game.phase == "drawn" and game.active == 0, "the window closed: Ann's turn, her drawn card"
        moves, area = game.moves, [c.defn for c in game.areas[0].cards]
        skipped[0] += late
        await pilot.press("1")  # meant as Ann's claim in the closed window
        await pilot.pause()
        assert game.moves == moves and game.phase == "drawn" and [c.defn for c in game.areas[0].cards] == area
        notes = [n for n in app._notifications if n.title == "Window closed"]
        assert len(notes) == 1 and "Too late" in notes[0].message and "\n" not in notes[0].message
        assert screen.query_one("DecisionPanel").note == "", "the closing note is gone"


async def test_the_window_closing_toast_goes_when_the_window_does(monkeypatch, cardtable_home):
    """The fresh tester: "Window closing — in 4 s" stayed on screen after Ann claimed (the
    window had moved on). The note now leaves the screen as soon as the computer's close is
    no longer on its way."""
    from cardtable.ui import table

    monkeypatch.setattr(table, "window_time", lambda pace=0.8: 30.0)
    app = make_app(StartRequest(game="bloops", players=COMPUTERS, seed=1, computers={1: "normal", 2: "normal"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await _to_a_closing_window(app, pilot, active=1)
        await pilot.pause()
        assert screen.query_one("DecisionPanel").note.startswith("Window closing in ")
        await pilot.press("1")  # Ann claims
        await pilot.pause()
        await pilot.pause()
        assert screen.session.game.claimant == 0
        assert screen.query_one("DecisionPanel").note == ""


async def test_the_window_closing_note_covers_none_of_the_table(monkeypatch, cardtable_home):
    """The fresh tester: the "Window closing" toast, at the top right, covered the seats of
    Cpu B and Cpu C. The note is now a line of the decision panel, over its prompt, where the
    claim key is: no toast, nothing of the table under it, every seat's area whole on the
    screen. It counts the seconds down."""
    from textual.geometry import Region

    from cardtable.ui import table

    monkeypatch.setattr(table, "window_time", lambda pace=0.8: 30.0)
    app = make_app(StartRequest(game="bloops", players=COMPUTERS, seed=1, computers={1: "normal", 2: "normal"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await _to_a_closing_window(app, pilot, active=1)
        await pilot.pause()
        panel = screen.query_one("DecisionPanel")
        note = screen.query_one("#decision-note")
        # (what follows the count is test_the_window_note_does_not_say_whether_the_computer_calls_bloops's)
        assert panel.note.startswith("Window closing in 30 s") and "Claim now" in panel.note, panel.note
        assert not app._notifications, [n.message for n in app._notifications]
        assert panel.region.contains_region(note.region) and note.region.area > 0
        body = screen.query_one("#table-body").region
        assert not body.overlaps(note.region)
        whole = Region(0, 0, *screen.size)
        for area in screen.query("#table-body *"):
            if area.display and area.region.area:
                assert whole.contains_region(area.region) and not area.region.overlaps(note.region), area
        await pilot.pause(1.2)
        assert panel.note.startswith("Window closing in 29 s") or panel.note.startswith("Window closing in 28 s"), panel.note


async def _window_note_when_the_computer(chooses: str, monkeypatch) -> str:
    """The closing note of Cpu B's counter-discard window when Cpu B closes it by
    ``chooses`` ("bloops": the call; "pass": the end of its turn)."""
    from cardtable import bots
    from cardtable.ui import table

    real = bots.choose

    def closes(game, seat, *args, **kwargs):
        decision = game.decision()
        if decision is not None and decision.kind == "window" and seat == game.active:
            if any(a.type == "bloops" for a in decision.actions):  # it may call: both ways are open
                return next(a for a in decision.actions if a.type == chooses and a.role == "pass-all")
        return real(game, seat, *args, **kwargs)

    monkeypatch.setattr(bots, "choose", closes)
    monkeypatch.setattr(table, "window_time", lambda pace=0.8: 30.0)
    app = make_app(StartRequest(game="bloops", players=COMPUTERS, seed=1, computers={1: "normal", 2: "normal"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await _to_a_closing_window(app, pilot, active=1)
        await pilot.pause()
        return screen.query_one("DecisionPanel").note


async def test_the_window_note_does_not_say_whether_the_computer_calls_bloops(monkeypatch, cardtable_home):
    """A fresh tester read "Window closing in 3 s — Nobody claims: Computer 3 calls BLOOPS!
    Claim now if you can": the note told the people the call was coming while they could
    still claim. Where the computer may either end its turn or call, the note is the same
    for both and names neither (cards_data/bloops.md, the counter-discard window)."""
    calls = await _window_note_when_the_computer("bloops", monkeypatch)
    passes = await _window_note_when_the_computer("pass", monkeypatch)
    assert calls == passes == "Window closing in 30 s. Claim now if you can (space: now).", (calls, passes)


def test_a_label_is_made_a_sentence_with_one_mark():
    from cardtable.ui.widgets import sentence

    assert sentence("Nobody claims: end Ann's turn") == "Nobody claims: end Ann's turn."
    assert [sentence(s) for s in ("Done.", "BLOOPS!", "Why?", "and so on…")] == ["Done.", "BLOOPS!", "Why?", "and so on…"]
