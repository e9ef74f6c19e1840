"""The settle time after a hand-over (issue 14, ruling in ``privacy.enter_settle``): a
fresh tester's second Enter 1.3 s after "Press Enter when you are Bob" played Bob's first
option. Within the settle time (three privacy guards, on the privacy guard's clock) the
first choice on the table, however made (Enter, an option's key, a click), chooses nothing
and the decision panel says so; the next choice, or one after the settle time, plays."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events

from cardtable.ui import StartRequest, make_app
from cardtable.ui.naming import LeaveDialog
from cardtable.ui.privacy import DEFAULT_GUARD, HANDOVER_GUARDS, SETTLE_GUARDS, PrivacyScreen
from cardtable.ui.table import TableScreen, chose_nothing, settle_why
from cardtable.ui.widgets import DecisionPanel

SETTLE = SETTLE_GUARDS * DEFAULT_GUARD
HANDOVER = HANDOVER_GUARDS * DEFAULT_GUARD  # the privacy screen's own guard (privacy.handover_guard)


class SkippingClock:
    """A clock that moves only when the test says (a slow machine is no player's pause)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _taken_over(pilot, app, clock) -> TableScreen:
    """Cold War's first hand-over, taken with one Enter after the privacy guard; returns
    once Bob's view is on screen, when the guard and the settle time start
    (``TableScreen._view_shown``). Before, a loaded machine drew it only after the test had
    moved the clock on, so the times started late and a key meant to play was dropped (1 in
    7 runs failed, on the code of 4 December too)."""
    await pilot.pause()
    assert isinstance(app.screen, PrivacyScreen)
    clock.now += HANDOVER + 0.01
    await pilot.press("enter")
    await pilot.pause()
    table = app.screen
    assert isinstance(table, TableScreen) and not table._handoff_pending
    for _ in range(200):
        if not table._unseen:
            break
        await pilot.pause(0.01)
    assert not table._unseen, "Bob's view never reached the screen"
    return table


async def _glanced(pilot, app):
    """After the first hand-over, the TARGET glances by ``1`` once the settle time is over;
    returns the table and the SPY's public bet that follows (no hand-over)."""
    table = await _taken_over(pilot, app, app.clock)
    assert table.session.visible_decision().kind == "glance"
    app.clock.now += SETTLE + 0.1
    await pilot.press("1")
    await pilot.pause()
    decision = table.session.visible_decision()
    assert decision.kind == "bet" and not isinstance(app.screen, PrivacyScreen)
    return table, decision


async def _click_option(pilot, row: int = 0) -> None:
    """Click the option list's row ``row`` (a row of the decision panel's options)."""
    await pilot.click("#decision-options", offset=(6, row))
    await pilot.pause()


async def _walk_to(pilot, app, kind: str, pick, wanted=lambda table, decision: True, steps: int = 200,
                   wait: float | None = None) -> tuple[TableScreen, object]:
    """Play on (each hand-over or "Just happened" box taken after its guard, each choice
    ``pick(decision)`` once the settle time is over) until a decision of ``kind`` for which
    ``wanted(table, decision)`` holds is on the table; returns the table and that decision.
    At most ``steps`` pauses (of ``wait`` seconds: computer players move in real time)."""
    for _ in range(steps):
        await pilot.pause(wait)
        if not isinstance(app.screen, TableScreen):
            app.clock.now += HANDOVER + 0.01
            await pilot.press("enter")
            continue
        table = app.screen
        decision = table.session.visible_decision()
        if decision is not None and decision.kind == kind and wanted(table, decision):
            return table, decision
        if decision is not None:
            app.clock.now += SETTLE + 0.1  # every settle time is over: each key plays
            await pilot.press(*table.keys_for(pick(decision)))
    pytest.fail(f"no {kind} decision came")


@pytest.fixture
def app(monkeypatch):
    monkeypatch.delenv("CARDTABLE_PRIVACY_GUARD", raising=False)  # the real guard
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=5))
    app.clock = SkippingClock()
    return app


@pytest.mark.parametrize("after", [DEFAULT_GUARD + 0.01, 1.3])
async def test_an_enter_within_the_settle_time_chooses_nothing(app, after):
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _taken_over(pilot, app, app.clock)
        moves = table.session.game.moves
        app.clock.now += after
        await pilot.press("enter")
        await pilot.pause()
        assert table.session.game.moves == moves, f"an Enter {after} s after the hand-over made a move"
        assert "that Enter chose nothing" in table.query_one(DecisionPanel).note
        app.clock.now += 0.2
        await pilot.press("enter")  # the second Enter is the player's
        await pilot.pause()
        assert table.session.game.moves == moves + 1
        assert table.query_one(DecisionPanel).note == "", "the note outlived the move"


@pytest.mark.parametrize("by", ["enter", "click"])
async def test_a_choice_after_the_settle_time_plays(app, by):
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _taken_over(pilot, app, app.clock)
        moves = table.session.game.moves
        app.clock.now += SETTLE + 0.01
        if by == "click":
            await _click_option(pilot)
        else:
            await pilot.press("enter")
            await pilot.pause()
        assert table.session.game.moves == moves + 1


async def test_an_arrow_is_a_deliberate_choice(app):
    """An arrow within the settle time ends it (moving the highlight is reading the options): Enter then plays."""
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _taken_over(pilot, app, app.clock)
        moves = table.session.game.moves
        app.clock.now += DEFAULT_GUARD + 0.01
        await pilot.press("down", "up", "enter")
        await pilot.pause()
        assert table.session.game.moves == moves + 1


async def test_an_enter_when_another_person_acts_without_a_hand_over_chooses_nothing(app):
    """The fresh tester: Fay (TARGET) glanced, then pressed Enter 0.4 s later, and that Enter
    placed Eve's (the SPY's) bet, a public decision that needs no hand-over. Now another
    person coming to act starts the settle time too: that Enter chooses nothing, the panel
    names who took over, and the next Enter plays."""
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _taken_over(pilot, app, app.clock)
        people = set(table.session.people)
        for _ in range(40):
            app.clock.now += SETTLE + 0.1  # every settle time is over: each Enter plays
            before = table.session.visible_decision()
            moves = table.session.game.moves
            await pilot.press("enter")
            await pilot.pause()
            assert table.session.game.moves == moves + 1
            if isinstance(app.screen, PrivacyScreen):  # a hand-over: take it
                app.clock.now += HANDOVER + 0.01
                await pilot.press("enter")
                await pilot.pause()
                continue
            after = table.session.visible_decision()
            if after is not None and before is not None and set(after.seats) & people - set(before.seats):
                break
        else:
            pytest.fail("no person came to act on a public decision within 40 moves")
        moves = table.session.game.moves
        app.clock.now += 0.4
        await pilot.press("enter")
        await pilot.pause()
        assert table.session.game.moves == moves, "the last player's second Enter chose for the next"
        taker = table.session.game.players[sorted(set(after.seats) - set(before.seats))[0]]
        assert f"{taker} just took over, so that Enter chose nothing" in table.query_one(DecisionPanel).note
        app.clock.now += 0.2
        await pilot.press("enter")
        await pilot.pause()
        assert table.session.game.moves == moves + 1


async def test_a_click_on_an_option_right_after_the_hand_over_chooses_nothing(app):
    """A fresh tester clicked "2 Trade with Cat" 0.3 s after taking the device in Black Ops:
    Bob's move was played before he saw his Load Out. The first choice within the settle
    time is held back however it is made; the panel says so; the next click plays."""
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _taken_over(pilot, app, app.clock)
        moves = table.session.game.moves
        app.clock.now += 0.2  # later than a burst's next key (STRAY_GAP)
        await _click_option(pilot)
        assert table.session.game.moves == moves, "a click right after the hand-over made a move"
        assert "Just handed over, so that click chose nothing: click again" in table.query_one(DecisionPanel).note
        app.clock.now += 0.2  # a double click: inside the privacy guard, which starts again
        await _click_option(pilot)
        assert table.session.game.moves == moves, "a double click right after the hand-over made a move"
        app.clock.now += DEFAULT_GUARD + 0.01
        await _click_option(pilot)
        assert table.session.game.moves == moves + 1


async def test_an_option_key_right_after_the_hand_over_chooses_nothing(app):
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _taken_over(pilot, app, app.clock)
        moves = table.session.game.moves
        key = next(k for k in table.query_one(DecisionPanel).keys if k)
        app.clock.now += DEFAULT_GUARD + 0.01
        await pilot.press(key)
        await pilot.pause()
        assert table.session.game.moves == moves, "an option's key right after the hand-over made a move"
        assert "so that key chose nothing: press it again" in table.query_one(DecisionPanel).note
        app.clock.now += 0.2  # later than a burst's next key (STRAY_GAP)
        await pilot.press(key)
        await pilot.pause()
        assert table.session.game.moves == moves + 1


async def test_the_guard_starts_when_the_new_view_is_on_screen(app):
    """Under load the new player's view was drawn late, and Enters queued during the stall
    came after a guard counted from the Enter that dismissed the privacy screen: they
    played the new player's moves. A draw that takes 1 s (by the app's clock) now uses up
    none of the guard: Enters queued with the one that took over are all dropped."""
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        redraw = table.redraw

        stalled: list[bool] = []

        def slow_redraw() -> None:
            if not stalled:  # the new player's view, drawn under the privacy screen
                stalled.append(True)
                app.clock.now += 1.0  # the stall, while the keys queue
            redraw()

        table.redraw = slow_redraw
        moves = table.session.game.moves
        app.clock.now += DEFAULT_GUARD + 0.01
        for _ in range(4):
            app.post_message(events.Key("enter", "\r"))
        await pilot.pause()
        await pilot.pause()
        assert table.session.game.moves == moves, "Enters queued during a slow draw made a move"


async def test_a_click_on_a_table_card_right_after_the_hand_over_chooses_nothing(app):
    """A click on a card of the table does what it stands for (issue 14): Bob's left hand
    at his glance. Right after the hand-over it is held back like any other choice."""
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _taken_over(pilot, app, app.clock)
        moves = table.session.game.moves
        app.clock.now += DEFAULT_GUARD + 0.01
        await pilot.click("#cw-left-card", offset=(4, 4))
        await pilot.pause()
        assert table.session.game.moves == moves, "a click on a card right after the hand-over made a move"
        assert "Just handed over, so that click chose nothing" in table.query_one(DecisionPanel).note
        app.clock.now += 0.2  # later than a burst's next key (STRAY_GAP)
        await pilot.click("#cw-left-card", offset=(4, 4))
        await pilot.pause()
        assert table.session.game.moves == moves + 1


@pytest.mark.parametrize("key", ["1", "enter"])
async def test_a_key_the_guard_drops_says_so_in_the_panel(app, key):
    """A fresh tester's 2, pressed 0.3 s after closing a "Just happened" box, was dropped by
    the key guard without a word and looked like a key the game ignored. A key the guard
    drops on the table now says so in the decision panel; it still chooses nothing, and the
    next one after the guard chooses."""
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _taken_over(pilot, app, app.clock)
        moves = table.session.game.moves
        app.clock.now += DEFAULT_GUARD / 2
        await pilot.press(key)
        await pilot.pause()
        assert table.session.game.moves == moves, "a key within the guard chose"
        assert table.query_one(DecisionPanel).note.startswith("Too soon after the screen changed, so that "), table.query_one(DecisionPanel).note
        app.clock.now += SETTLE + 0.01
        await pilot.press(key)
        await pilot.pause()
        assert table.session.game.moves == moves + 1
        assert table.query_one(DecisionPanel).note == "", "the note outlived the move"


async def test_a_command_key_the_guard_drops_is_not_called_a_choice(app):
    """A fresh tester's q, pressed 0.5 s after closing a "Just happened" box, was dropped by
    the key guard with "so that key chose nothing: press it again to choose": q is no
    choice. The note says the key did nothing; pressed again after the guard, q asks."""
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _taken_over(pilot, app, app.clock)
        app.clock.now += DEFAULT_GUARD / 2
        await pilot.press("q")
        await pilot.pause()
        note = table.query_one(DecisionPanel).note
        assert note == "Too soon after the screen changed, so that key did nothing: press it again.", note
        app.clock.now += SETTLE + 0.01
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LeaveDialog), type(app.screen).__name__


async def test_a_doubled_number_key_does_not_choose_for_the_next_person(app):
    """The settle time holds back an option's own key too (the fresh tester read the README
    as saying a number key plays at once): Ann's glance by ``1``, and her ``1`` again 0.4 s
    later, must not place Bob's public bet (``1`` is HIGHER there). The panel names who
    took over; Bob's own ``1`` then plays."""
    async with app.run_test(size=(80, 24)) as pilot:
        table, decision = await _glanced(pilot, app)
        moves = table.session.game.moves
        app.clock.now += 0.4
        await pilot.press("1")
        await pilot.pause()
        assert table.session.game.moves == moves, "the TARGET's doubled key placed the SPY's bet"
        spy = table.session.game.players[decision.seats[0]]
        assert table.query_one(DecisionPanel).note == chose_nothing(f"{spy} just took over", "key")
        app.clock.now += 0.2
        await pilot.press("1")
        await pilot.pause()
        assert table.session.game.moves == moves + 1


def test_the_held_back_notes_share_their_wording():
    """The settle note and the too-soon note say how to choose in the same words."""
    assert chose_nothing("Just handed over", "key") == "Just handed over, so that key chose nothing: press it again to choose."
    assert chose_nothing("Too soon after the screen changed", "click") == "Too soon after the screen changed, so that click chose nothing: click again to choose."
    assert chose_nothing("Bob just took over", "Enter").endswith("so that Enter chose nothing: press it again to choose.")
    assert chose_nothing("Too soon after the screen changed", "command") == "Too soon after the screen changed, so that key did nothing: press it again."


def test_the_readme_says_an_option_key_is_held_back_too():
    """The README's pass-and-play paragraph said only the first Enter chooses nothing and
    "The next Enter, or an option's own key, plays at once", while every way of choosing is
    held back (``privacy.enter_settle``): a doubled number key is as much a stray press as a
    doubled Enter. The sentence that says what chooses nothing names all three ways."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    paragraph = " ".join(readme.split("Pass-and-play safety:", 1)[1].split("Player names", 1)[0].split())
    held = next(s for s in paragraph.split(". ") if "chooses nothing" in s)
    for way in ("Enter", "an option's own key", "click"):
        assert way in held, (way, held)
    assert "own key, plays at once" not in paragraph


async def test_a_window_opening_for_several_players_is_not_called_a_take_over(monkeypatch):
    """A fresh Black Ops tester: the Care Package window opened for Ann, Bob and Cat at once
    after Ann's move, and her stray Enter was held back with "Bob, Cat just took over",
    which nobody did. A decision shared by several players says it just opened, for whom;
    one person coming to act alone still "just took over" (the tests above)."""
    monkeypatch.delenv("CARDTABLE_PRIVACY_GUARD", raising=False)  # the real guard and settle time
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cat"), seed=5))
    app.clock = SkippingClock()
    async with app.run_test(size=(120, 40)) as pilot:
        table, decision = await _walk_to(pilot, app, "claim", lambda d: ([a for a in d.actions if a.type in ("trade", "give")] or d.actions)[0])
        assert len(decision.seats) == 3
        moves = table.session.game.moves
        app.clock.now += 0.4  # the window has just opened: within its settle time
        await pilot.press("enter")
        await pilot.pause()
        assert table.session.game.moves == moves, "a stray Enter claimed in the window"
        assert table.query_one(DecisionPanel).note == chose_nothing("A choice for Ann, Bob and Cat just opened", "Enter")


def test_the_settle_note_says_who_took_over_or_what_opened():
    assert settle_why(["Bob"], ["Bob"]) == "Bob just took over"
    assert settle_why(["Ann", "Bob"], ["Bob"]) == "A choice for Ann and Bob just opened"
    assert settle_why(["Ann", "Bob", "Cat", "Dan"], ["Bob", "Cat"]) == "A choice for 4 players just opened"
    assert settle_why(["Bob"], ["Bob"], narrowed=True) == "Now only Bob chooses"


async def test_a_burst_of_keys_after_the_take_over_chooses_nothing(app):
    """t103, a hostile tester: as Cold War's TARGET, ``1 Enter Enter Enter`` typed in one
    go. ``1`` glanced; the first Enter was held back as the SPY took over to bet in the open,
    and the second placed the SPY's bet for them. Keys closer together than ``STRAY_GAP``
    after a held-back choice are one burst: none of them chooses. The SPY's own Enter,
    read and pressed later, plays."""
    from cardtable.ui.table import STRAY_GAP

    async with app.run_test(size=(80, 24)) as pilot:
        table, decision = await _glanced(pilot, app)
        moves = table.session.game.moves
        for _ in range(6):
            app.clock.now += STRAY_GAP / 3
            await pilot.press("enter")
            await pilot.pause()
        assert table.session.game.moves == moves, "a key of the TARGET's burst placed the SPY's bet"
        spy = table.session.game.players[decision.seats[0]]
        assert table.query_one(DecisionPanel).note == chose_nothing(f"{spy} just took over", "Enter")
        app.clock.now += STRAY_GAP + 0.05
        await pilot.press("enter")
        await pilot.pause()
        assert table.session.game.moves == moves + 1


async def test_the_note_names_a_number_key_typed_with_the_enter_that_took_over(app):
    """A fresh tester's number key, typed with the Enter that took the device, was held back
    with "so that Enter chose nothing": its binding ran on the table once the privacy screen
    had gone, past the table's ``on_key`` that notes how a choice is made."""
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        app.clock.now += HANDOVER + 0.01
        app.post_message(events.Key("enter", "\r"))
        app.post_message(events.Key("1", "1"))
        await pilot.pause()
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        note = table.query_one(DecisionPanel).note
        assert "so that key chose nothing: press it again" in note, note


async def _claimed_for_bob(pilot, app):
    """Bloops, Ann/Bob/Cy, seed 8: in Ann's counter-discard window ``2`` claims for Bob.
    Returns the table, Bob's "which of your cards?" decision and the moves played."""
    table, decision = await _walk_to(pilot, app, "window", lambda d: d.actions[0])
    assert decision.seats == (0, 1, 2)
    app.clock.now += SETTLE + 0.1
    await pilot.press("2")  # Bob claims (whoever pressed it)
    await pilot.pause()
    claim = table.session.visible_decision()
    assert claim.seats == (1,) and claim.kind == "counter", claim
    return table, claim, table.session.game.moves


async def _stray_then_bobs_own(pilot, app, key: str, stray_after: float, own_after: float, how: str) -> None:
    """After ``_claimed_for_bob``: ``key`` pressed ``stray_after`` seconds later chooses
    nothing (the panel says "Now only Bob chooses", naming ``how``), and ``key`` again
    ``own_after`` seconds after that is Bob's own choice and plays."""
    table, claim, moves = await _claimed_for_bob(pilot, app)
    app.clock.now += stray_after
    await pilot.press(key)
    await pilot.pause()
    assert table.session.game.moves == moves, f"a stray {how} answered Bob's claim"
    assert table.session.visible_decision() is claim
    assert table.query_one(DecisionPanel).note == chose_nothing("Now only Bob chooses", how)
    app.clock.now += own_after
    await pilot.press(key)
    await pilot.pause()
    assert table.session.game.moves == moves + 1


async def test_a_doubled_key_does_not_answer_a_claim_made_for_another_player(monkeypatch):
    """A fresh tester (Bloops, Ann/Bob/Cy, seed 8): in Ann's counter-discard window, ``2``
    claimed for Bob and a ``1`` 0.3 s later answered Bob's "which of your cards is a 7?"
    before Bob had read it: his card was shown to everyone and he took a penalty. A window
    open to several people that comes down to one of them starts the settle time; Bob's own
    key after it plays."""
    monkeypatch.delenv("CARDTABLE_PRIVACY_GUARD", raising=False)  # the real guard and settle time
    app = make_app(StartRequest(game="bloops", players=("Ann", "Bob", "Cy"), seed=8))
    app.clock = SkippingClock()
    async with app.run_test(size=(80, 24)) as pilot:
        await _stray_then_bobs_own(pilot, app, "1", 0.3, 0.2, "key")  # a doubled key, then Bob's own


async def test_the_claimant_who_answers_after_a_doubled_keys_time_is_not_held_back(monkeypatch):
    """The guard after a claim is against a doubled key only (one privacy guard, 0.5 s): a
    fresh tester's answers 0.6–1.4 s after the claim were each dropped once by the full
    settle time, so a player pressing keys a second apart had to press twice."""
    monkeypatch.delenv("CARDTABLE_PRIVACY_GUARD", raising=False)
    app = make_app(StartRequest(game="bloops", players=("Ann", "Bob", "Cy"), seed=8))
    app.clock = SkippingClock()
    async with app.run_test(size=(80, 24)) as pilot:
        table, claim, moves = await _claimed_for_bob(pilot, app)
        app.clock.now += DEFAULT_GUARD + 0.1  # 0.6 s: read, then answered
        await pilot.press("1")
        await pilot.pause()
        assert table.session.game.moves == moves + 1, table.query_one(DecisionPanel).note


async def test_an_enter_after_a_claim_does_not_answer_with_the_highlighted_card(monkeypatch):
    """A fresh tester (Bloops, 120×40): ``2`` claimed for Bob and an Enter 0.5 s later chose
    the highlighted "Position 1" for him at once: "No match: Bob's card at position 1 is a 5",
    a penalty card Bob never chose. After a window comes down to one person, their option's
    key counts after one privacy guard, but an Enter within the settle time chooses nothing;
    the next Enter, or an arrow then Enter, plays."""
    monkeypatch.delenv("CARDTABLE_PRIVACY_GUARD", raising=False)
    app = make_app(StartRequest(game="bloops", players=("Ann", "Bob", "Cy"), seed=8))
    app.clock = SkippingClock()
    async with app.run_test(size=(80, 24)) as pilot:
        # past the doubled-key guard, inside the settle time; then Bob's own Enter
        await _stray_then_bobs_own(pilot, app, "enter", DEFAULT_GUARD + 0.05, 0.3, "Enter")


async def test_a_volley_of_enters_in_a_shared_window_claims_for_nobody(monkeypatch):
    """A fresh tester (Bloops, six players, 120×40): Enter pressed every 0.25 s through a
    computer's counter-discard window claimed for Ann, the option highlighted by default, and
    then answered her "which of your cards?" with position 1: her card shown to everyone and
    a penalty card. Our ruling: in a window open to several players Enter does not choose the
    option highlighted by default (anyone at the table may press it); the option's own key, a
    click, or an arrow key and then Enter does."""
    monkeypatch.delenv("CARDTABLE_PRIVACY_GUARD", raising=False)  # the real guard and settle time
    app = make_app(StartRequest(game="bloops", players=("Ann", "Bob", "Cy"), seed=8))
    app.clock = SkippingClock()
    async with app.run_test(size=(80, 24)) as pilot:
        table, decision = await _walk_to(pilot, app, "window", lambda d: d.actions[0])
        assert decision.seats == (0, 1, 2)
        moves = table.session.game.moves
        panel = table.query_one(DecisionPanel)
        options = table.query_one("#decision-options")
        # the highlight on Ann's claim, as the tester saw it in a computer's window (not moved by a key)
        options.highlighted = next(i for i, a in enumerate(panel.actions) if a.type == "claim" and a["seat"] == 0)
        for _ in range(12):  # 3 s of Enters, 0.25 s apart: each past the burst gap
            app.clock.now += 0.25
            await pilot.press("enter")
            await pilot.pause()
        assert table.session.game.moves == moves, "an Enter chose in the window"
        assert table.session.visible_decision() is decision
        assert any("Enter does not choose in a window open to several players: press" in n.message for n in app._notifications)
        app.clock.now += SETTLE + 0.1
        await pilot.press("down")  # a deliberate look at the options: Enter plays the one highlighted now
        await pilot.pause()
        chosen = panel.actions[options.highlighted]
        assert chosen.role != "pass-all" and chosen.type == "claim", chosen
        app.clock.now += 0.3
        await pilot.press("enter")
        await pilot.pause()
        assert table.session.game.moves == moves + 1 and table.session.game.claimant == chosen["seat"]


async def test_a_volley_of_enters_in_a_window_shared_with_computers_claims_nothing(monkeypatch):
    """A later fresh tester, alone with two computer players in Bloops: in a computer's
    counter-discard window the only option line was "1  Ann claims a 12★"; Enter pressed
    ten times 0.2 s apart claimed, and the next Enter answered "which of Ann's cards?" with
    position 1 (a penalty card). A window open to computers too is a shared window: Enter
    does not claim there, and after a claim by her key, an Enter within the settle time does
    not answer "which of your cards?"."""
    monkeypatch.delenv("CARDTABLE_PRIVACY_GUARD", raising=False)
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0.05")  # the window stays open 3 s
    app = make_app(StartRequest(game="bloops", players=("Ann", "Computer 2", "Computer 3"), seed=8, computers={1: "easy", 2: "easy"}))
    app.clock = SkippingClock()
    async with app.run_test(size=(80, 24)) as pilot:
        def shared_claim(table, decision) -> bool:
            return len(table.session.decision().seats) > 1 and any(a.type == "claim" for a in decision.actions)

        table, decision = await _walk_to(pilot, app, "window", lambda d: d.actions[0], shared_claim, steps=2000, wait=0.01)
        assert decision.seats == (0,), "Ann's part of a window the computers share"
        moves = table.session.game.moves
        options = table.query_one("#decision-options")
        panel = table.query_one(DecisionPanel)
        options.highlighted = next(i for i, a in enumerate(panel.actions) if a.type == "claim")
        for _ in range(6):  # Enters 0.25 s apart on the settle clock, each past the burst gap
            app.clock.now += 0.25
            await pilot.press("enter")
            await pilot.pause()
        assert table.session.game.moves == moves, "an Enter claimed in a window shared with computers"
        assert any("Enter does not choose in a window open to several players: press" in n.message for n in app._notifications)
        claim = next(a for a in panel.actions if a.type == "claim")
        app.clock.now += 0.3
        await pilot.press(*table.keys_for(claim))  # her own key claims
        await pilot.pause()
        assert table.session.game.moves == moves + 1 and table.session.game.claimant == 0
        assert table.session.visible_decision().seats == (0,)
        app.clock.now += 0.3
        await pilot.press("enter")  # a doubled key of the claim: not her answer
        await pilot.pause()
        assert table.session.game.moves == moves + 1, "an Enter right after the claim answered 'which of your cards?'"
        assert "Now only Ann chooses" in panel.note
