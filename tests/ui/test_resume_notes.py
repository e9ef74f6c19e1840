"""A private note still owed when a game is left is shown after the resume, to its seat
only, behind that seat's privacy screen (hostile tester: Black Ops, Bob trades with Cy, the
box "Just happened — Cy only" is up, the players leave with ``q``; resumed from the menu,
neither Cy nor Bob was ever shown the trade's two cards). ``Session.notes_owed`` rebuilds
the notes the table still owed from the replayed save (``notes.table_after``); the table shows them as it would
have (``TableScreen._show_notes``)."""

from __future__ import annotations

from cardtable.engine.log import Log
from cardtable.engine.notes import PUBLIC, table_after
from cardtable.engine.session import Session
from cardtable.ui import StartRequest, make_app
from cardtable.ui.dialogs import ConfirmDialog
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_text, until
from test_black_ops_trade_seen import notes_also_name, play_to_window, table_of

SIZE = (160, 48)
PLAYERS = ("Ann", "Bob", "Cy")


async def _left_at_cys_box(app, pilot):
    """Seed 7: Ann passes, Bob trades with Cy, Cy takes it: Cy's private box is up; the
    players leave there (``q``, yes). Returns the save's path and the trade's note."""
    await pilot.pause()
    table = table_of(app)
    for key, then in (("1", PrivacyScreen), ("enter", TableScreen), ("2", PrivacyScreen), ("enter", TableScreen), ("1", NewsScreen)):
        await pilot.press(key)
        assert await until(pilot, lambda: isinstance(app.screen, then)), (key, screen_text(app))
    await pilot.pause(0.05)
    assert "Just happened — Cy only" in screen_text(app), screen_text(app)
    note = next(e for e in table.session.game.log.entries if e.note_for)
    assert note.note_for == {1, 2} and note.text in screen_text(app)
    path = table.session.save.path
    await pilot.press("q")
    assert await until(pilot, lambda: isinstance(app.screen, ConfirmDialog)), screen_text(app)
    await pilot.press("y")
    assert await until(pilot, lambda: table.session.left), screen_text(app)
    return path, note.text


async def test_a_note_left_unseen_is_shown_to_its_seat_after_the_resume(cardtable_home):
    app = make_app(StartRequest(game="black-ops", players=PLAYERS, seed=7))
    async with app.run_test(size=SIZE) as pilot:
        path, line = await _left_at_cys_box(app, pilot)

    app = make_app(StartRequest(resume=path))
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_to_window(app, pilot)
    # Cy decides next: "Pass to Cy" first, then Cy's note, in a box that is Cy's alone
    assert seen[0][0] == "privacy" and "Cy" in seen[0][2], seen[0][2]
    assert line not in seen[0][2]
    kind, owner, text, _ = seen[1]
    assert (kind, owner) == ("note", 2), seen[1]
    assert "Just happened — Cy only" in text and line in text, text
    # Bob's note of the same trade waits for Bob (his cards are face up at the window by
    # then, as in the live game: no hand-over for it, ruling 21): never on anyone else's
    assert [owner for kind, owner, text, _ in seen if kind == "note" and line in text] in ([2], [2, 1])
    for kind, owner, text, _ in seen:  # nobody else's screen, no screen for everyone
        if owner not in (1, 2):
            assert line not in text, f"the note on a {kind} screen for {owner}:\n{text}"


async def test_a_note_shown_before_a_later_move_is_not_shown_again(cardtable_home):
    """A note whose box came up before the game went on (a move was made after it) was
    seen: the resume owes it to nobody. Cy's box is closed and Cy decides; the game is
    left at Cy's next stop: only Bob is still owed the trade's note."""
    app = make_app(StartRequest(game="black-ops", players=PLAYERS, seed=7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = table_of(app)
        for key, then in (("1", PrivacyScreen), ("enter", TableScreen), ("2", PrivacyScreen), ("enter", TableScreen), ("1", NewsScreen), ("enter", TableScreen)):
            await pilot.press(key)
            assert await until(pilot, lambda: isinstance(app.screen, then)), (key, screen_text(app))
        moves = table.session.game.moves
        await pilot.press("1")  # Cy's own move, after Cy's box
        assert await until(pilot, lambda: table.session.game.moves > moves), screen_text(app)
        path = table.session.save.path
        line = next(e.text for e in table.session.game.log.entries if e.note_for)
    owed = Session.from_save(path)
    try:
        assert {seat: [e.text for e in notes] for seat, notes in owed.notes_owed.items()} == {1: [line]}
    finally:
        owed.close()



async def test_notes_owed_before_a_public_decision_come_through_their_own_hand_overs(cardtable_home, monkeypatch):
    """Before a public decision the live table hands the device to each person owed a note,
    for the note alone, fewest seat first (Black Ops ruling 21). Left at the first such
    box (Bob's), the resumed table does the same: "Pass to Bob", Bob's box, "Pass to Cat",
    Cat's box, then the public table. As in ``test_black_ops_trade_seen``, each note also
    names the bottom Event (face down all round), so that the notes keep their hand-overs."""
    hidden = notes_also_name(monkeypatch)
    players = ("Ann", "Bob", "Cat")
    app = make_app(StartRequest(game="black-ops", players=players, seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = table_of(app)
        game = table.session.game
        hidden.append(game.event_deck.cards[0].uid)
        for _ in range(400):
            await pilot.pause(0.05)
            screen = app.screen
            decision = table.session.decision()
            if isinstance(screen, NewsScreen) and not screen.public and not decision.private:
                break  # a note's own hand-over, before the public window
            if isinstance(screen, (NewsScreen, PrivacyScreen)):
                await pilot.press("enter")
                continue
            shown = table.session.visible_decision()
            if shown is not None:
                trade = [a for a in shown.actions if a.type in ("trade", "give")]
                await pilot.press(*screen.keys_for(trade[0] if trade else shown.actions[0]))
        else:
            raise AssertionError("no note came through its own hand-over")
        await pilot.pause(0.05)
        assert "Just happened — Bob only" in screen_text(app), screen_text(app)
        # what the live table still had to show: Bob's box, and the notes waiting for Cat
        box = screen_text(app)
        lines = {1: [e.text for e in game.log.entries if 1 in e.note_for and e.text in box]}
        lines |= {seat: [e.text for e in notes] for seat, notes in table._notes.owed().items()}
        assert set(lines) == {1, 2}, lines
        path = table.session.save.path
        await pilot.press("q")
        assert await until(pilot, lambda: isinstance(app.screen, ConfirmDialog)), screen_text(app)
        await pilot.press("y")
        assert await until(pilot, lambda: table.session.left), screen_text(app)

    app = make_app(StartRequest(resume=path))
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_to_window(app, pilot)
    assert [(kind, owner) for kind, owner, *_ in seen[:4]] == [("privacy", None), ("note", 1), ("privacy", None), ("note", 2)], seen[:4]
    assert "Bob" in seen[0][2] and "Cat" in seen[2][2]
    for (_, seat, text, _), only in ((seen[1], "Bob"), (seen[3], "Cat")):
        assert f"Just happened — {only} only" in text, text
        assert lines[seat] and all(line in text for line in lines[seat]), (lines[seat], text)
    notes = {e.text: e.note_for for e in game.log.entries if e.note_for}
    for kind, owner, text, _ in seen:  # nobody else's screen, no screen for everyone
        for line in (line for line, seats in notes.items() if owner not in seats):
            assert line not in text, f"{line!r} on a {kind} screen for {owner}:\n{text}"


def test_notes_owed_go_to_the_people_of_their_audience_only():
    """``table_after`` on a log of its own: a note for a computer seat and a person is owed
    to the person alone, and to nobody outside its audience; once its reader took the
    device for a decision of their own and the game went on, it is owed no more."""
    log = Log()
    log.add("Ann deals.")
    log.add("Ann gives 3 to Bob and gets 6.", to=(0, 1), note=True)
    deal, cy_decides, bob_decides = (1, PUBLIC), (2, 2), (2, 1)
    people, computers = (1, 2), (0,)  # seat 0 is a computer's

    def notes_owed(states, ups, entries, people, sole):
        return table_after(states, ups, entries, computers, people, sole).owed

    assert notes_owed([deal, cy_decides], [None, None], log.entries, people, None) == {1: (log.entries[1],)}
    assert notes_owed([deal, cy_decides, bob_decides], [None] * 3, log.entries, people, None) == {1: (log.entries[1],)}
    # Bob took the device for his decision (his box came up after "Pass to Bob"), then moved
    assert notes_owed([deal, cy_decides, bob_decides, (2, PUBLIC)], [None] * 4, log.entries, people, None) == {}
    # before a public decision the note comes through its own hand-over, and the game went on
    assert notes_owed([deal, (2, PUBLIC), (2, PUBLIC)], [None] * 3, log.entries, people, None) == {}


async def test_a_resumed_session_counts_the_hand_overs_made_for_notes(cardtable_home, monkeypatch):
    """The hand-overs a resume rebuilds (``Session.handovers``, for ``recap_from``: what the
    first "Pass to …" lists) include those the live table made for a note alone, before a
    public decision (Black Ops ruling 21), and who looked after them. Before, the resume
    rebuilt only the hand-overs for decisions, while the live table's note hand-overs had
    moved the device (``accept_handoff``)."""
    hidden = notes_also_name(monkeypatch)
    live: list[tuple[int, int]] = []
    accept = Session.accept_handoff

    def recorded(session, seat):
        live.append((len(session.game.log.entries), seat))
        accept(session, seat)

    monkeypatch.setattr(Session, "accept_handoff", recorded)
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cat"), seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = table_of(app)
        game = table.session.game
        hidden.append(game.event_deck.cards[0].uid)
        note_hand_overs = after = 0
        for _ in range(600):
            await pilot.pause(0.05)
            screen = app.screen
            decision = table.session.decision()
            if isinstance(screen, NewsScreen) and not screen.public and decision is not None and not decision.private:
                note_hand_overs += 1
            if isinstance(screen, (NewsScreen, PrivacyScreen)):
                await pilot.press("enter")
                continue
            shown = table.session.visible_decision()
            if shown is not None:
                if note_hand_overs:
                    after += 1
                    if after > 12:
                        break
                trade = [a for a in shown.actions if a.type in ("trade", "give")]
                await pilot.press(*screen.keys_for(trade[0] if trade else shown.actions[0]))
        assert note_hand_overs and after > 12, (note_hand_overs, after)
        path = table.session.save.path
    monkeypatch.setattr(Session, "accept_handoff", accept)
    resumed = Session.from_save(path)
    try:
        assert resumed.handovers == tuple(live)
    finally:
        resumed.close()
