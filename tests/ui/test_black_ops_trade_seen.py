"""Black Ops: a person who trades sees, on their own screen, the card they got and the one
they gave before anything public happens (ruling 21 of cards_data/black-ops.md).

A fresh tester traded with a computer player and the screen went straight to the public
table: their box said only "face down" and the log "Bob and Computer 3 trade Load Outs".
Each test plays a round through the real screens, trading whenever a person may, and
records every screen: whose eyes it was for and what it said.
"""

from __future__ import annotations

import pytest

from cardtable.engine.log import Log
from cardtable.ui import StartRequest, make_app
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import private_faces, screen_text

SIZE = (120, 40)


def table_of(app) -> TableScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


def trade_lines(game):
    """The private trade lines logged so far (the rules mark each a note, ruling 21), each
    with the seats that may read it and whether both its cards now lie face up."""
    up = {card.uid for card in game.all_cards() if card.up}
    return [(e.text, e.note_for, up.issuperset(e.shows)) for e in game.log.entries if e.note_for]


async def play_to_window(app, pilot, max_steps=400):
    """Play the first round through the screens until the Care Package window is on the
    table, trading whenever a person may. Returns every screen seen as ``(kind, seat,
    text, secret)`` (``secret``: the names then known only privately, ``private_faces``): ``kind`` is ``"note"`` (a private "Just happened" box), ``"news"``,
    ``"privacy"`` or ``"table"``; ``seat`` whose screen it is (``None``: everyone's)."""
    seen = []
    for _ in range(max_steps):
        await pilot.pause(0.05)
        screen = app.screen
        table = table_of(app)
        session = table.session
        game = session.game
        if isinstance(screen, NewsScreen):
            await pilot.pause(0.05)  # the box's lines are fitted after its first frame
            text = screen_text(app)
            owner = None if screen.public else session.viewer if session.sole_person is None else session.sole_person
            seen.append(("note" if not screen.public else "news", owner, text, private_faces(game)))
            await pilot.press("enter")
            continue
        text = screen_text(app)
        if isinstance(screen, PrivacyScreen):
            seen.append(("privacy", None, text, private_faces(game)))
            await pilot.press("enter")
            continue
        decision = session.visible_decision()
        seen.append(("table", session.screen_seat(), text, private_faces(game)))
        if decision is None:
            continue  # a computer player thinks
        if decision.kind == "claim":
            return seen
        trade = [a for a in decision.actions if a.type in ("trade", "give")]
        action = trade[0] if trade else decision.actions[0]
        await pilot.press(*screen.keys_for(action))
    raise AssertionError("the Care Package window never opened")


def check_seen(seen, game, people):
    """Each person of a trade had a private note naming both cards before the window, or,
    when both cards lay face up by then (no hand-over for such a note, ruling 21), the
    window's public table showed both; and no screen for anyone else (the public table,
    the news, a privacy screen, another person's view) showed the note, and no screen for
    everyone a card then known only privately. Every note's box says whose it is ("Bob
    only")."""
    lines = trade_lines(game)
    assert lines, "no trade happened"
    for kind, owner, text, _ in seen:
        if kind == "note":  # marked as one person's, whatever the table's title says
            assert f"Just happened — {game.players[owner]} only" in text, text
    window = seen[-1][2]  # the public table with the Care Package window
    for line, seats, face_up in lines:
        got = line.split(" and gets ")[1].rstrip(".")
        gave = line.split(" gives ")[1].split(" to ")[0]
        for seat in seats & set(people):
            notes = [text for kind, owner, text, _ in seen if kind == "note" and owner == seat]
            if not any(got in text and gave in text for text in notes):
                assert face_up and got in window and gave in window, f"seat {seat} never saw {line!r}"
        for kind, owner, text, secret in seen:
            if owner is None or owner not in seats:
                assert line not in text, f"{line!r} on a {kind} screen for {owner}:\n{text}"
                for name in (got, gave):  # "2 Combat Knife": as the table describes a card
                    if name.split(" ", 1)[1] in secret and owner is None:
                        assert name not in text, f"{name!r} on a {kind} screen for everyone:\n{text}"


@pytest.mark.parametrize("seed", [4, 7])
async def test_a_person_trading_with_computers_sees_both_cards_at_once(cardtable_home, seed):
    # the person sits on the dealer's left: the first trade turn is theirs
    players = ("Computer 1", "Bob") + tuple(f"Computer {n}" for n in range(3, 8))
    app = make_app(StartRequest(game="black-ops", players=players, seed=seed, computers={s: "easy" for s in range(7) if s != 1}))
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_to_window(app, pilot)
        game = table_of(app).session.game
        check_seen(seen, game, people=(1,))
        # at once: the note is the first box Bob sees after the trade, with no hand-over
        line = next(text for text, seats, _ in trade_lines(game) if 1 in seats)
        first = next(i for i, (kind, *_) in enumerate(seen) if kind == "note")
        assert line.split(" and gets ")[1].rstrip(".") in seen[first][2]
        assert not any(kind == "privacy" for kind, *_ in seen), "a person alone needs no hand-over"


async def test_the_fresh_testers_table_shows_bob_his_card_before_the_computers_go_on(cardtable_home):
    # Annabelle123 deals; Bob trades first, with Computer 3, and is still at the device
    players = ("Annabelle123", "Bob") + tuple(f"Computer {n}" for n in range(3, 9))
    app = make_app(StartRequest(game="black-ops", players=players, seed=4, computers={s: "easy" for s in range(2, 8)}))
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_to_window(app, pilot)
        game = table_of(app).session.game
        check_seen(seen, game, people=(0, 1))
        first = next(i for i, (kind, *_) in enumerate(seen) if kind == "note")
        assert seen[first][1] == 1
        assert seen[first - 1][0] == "table", "Bob's note comes before any hand-over"


async def test_two_people_trading_both_see_both_cards_before_the_window(cardtable_home):
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cat"), seed=5))
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_to_window(app, pilot)
        game = table_of(app).session.game
        check_seen(seen, game, people=(0, 1, 2))
        # a note whose cards are still face down waits for its reader's hand-over: a
        # privacy screen, then the note (Bob's of Cat's trade, at his own turn to trade)
        kinds = [kind for kind, *_ in seen]
        assert "privacy" in kinds and "note" in kinds


@pytest.mark.parametrize("seed", [5, 8])
async def test_no_hand_over_for_a_note_whose_cards_are_face_up(cardtable_home, seed):
    """A fresh tester: after the reveal the device was handed to Bob, then to Cat, only for
    a private box naming their trade's two cards, which lay face up for everyone by then.
    Every hand-over now brings a person their own decision, never a note alone (seed 5:
    3 hand-overs to the window, 5 before); a note naming a card still face down keeps its
    own (``test_a_note_naming_a_card_still_face_down_keeps_its_hand_over``)."""
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cat"), seed=seed))
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_to_window(app, pilot)
        game = table_of(app).session.game
        check_seen(seen, game, people=(0, 1, 2))
        kinds = [kind for kind, *_ in seen]
        assert kinds.count("privacy") >= 2
        for i, kind in enumerate(kinds):
            if kind == "privacy":
                assert kinds[i + 1] == "table" and seen[i + 1][1] is not None, f"a hand-over for {kinds[i + 1]} alone"
        assert any(face_up for *_, face_up in trade_lines(game)), "no note's cards lay face up at the window"


def notes_also_name(monkeypatch) -> list[int]:
    """Make every note logged from now on also name the cards whose uids the returned list
    holds (the test appends them once the game is dealt): a card face down all round keeps
    a note's own hand-over (``TableScreen._drop_public_notes``)."""
    hidden: list[int] = []
    add = Log.add

    def add_naming_the_hidden_event(self, text, **kwargs):
        add(self, text, **kwargs)
        if kwargs.get("note"):
            entry = self.entries[-1]
            entry.shows = (*entry.shows, *hidden)

    monkeypatch.setattr(Log, "add", add_naming_the_hidden_event)
    return hidden


async def test_a_note_naming_a_card_still_face_down_keeps_its_hand_over(cardtable_home, monkeypatch):
    """The other side of the rule: a waiting note that names a card nobody else sees yet is
    still handed to its reader alone at the public moment. Black Ops' trade notes name only
    Load Outs, all face up at the window, so the test has each note also name the bottom
    Event, face down all round; Bob's and Cat's notes then come as before the change: a
    hand-over and the box for each, before the window."""
    hidden = notes_also_name(monkeypatch)
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cat"), seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = table_of(app).session.game
        hidden.append(game.event_deck.cards[0].uid)
        seen = await play_to_window(app, pilot)
        assert not game.event_deck.cards[0].up
        check_seen(seen, game, people=(0, 1, 2))
        boxes = [(kind, owner) for kind, owner, *_ in seen if kind in ("privacy", "note")]
        assert boxes[-4:] == [("privacy", None), ("note", 1), ("privacy", None), ("note", 2)], boxes
        assert [kind for kind, *_ in seen[-5:]] == ["privacy", "note", "privacy", "note", "table"]


@pytest.mark.parametrize("only, title", [("Dan", "─ Just happened — Dan only ─"), ("Bartholomewz", "─ Just happened — Bartholome… only ─")])
async def test_a_private_boxs_title_fits_beside_the_log_at_80x24_with_eight_players(only, title):
    """A fresh tester at 80×24 with the log open and 8 players read "Just happened (only
    Dan may loo…": the title was cut. It is "Just happened — Dan only" now, a name too long
    for the box cut with "…" before "only", never the words around it."""
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cat", only, "Eve", "Fin", "Gus", "Hal"), seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        app.push_screen(NewsScreen([f"{only} gives 5 Crossbow to Cat and gets 2 Combat Knife."], None, public=False, only=only))
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert title in text, text
        assert "may loo" not in text


@pytest.mark.parametrize("seed", [4, 7])
async def test_no_computer_is_thinking_under_a_persons_note(cardtable_home, seed):
    """A fresh tester alone with computers ("Me"): the title said "Computer 2 is
    thinking…" over "Just happened — Me only … Press Enter", though no computer thinks
    while a box waits for a key. The title says who plays next, as it does under news."""
    players = ("Computer 1", "Me") + tuple(f"Computer {n}" for n in range(3, 8))
    app = make_app(StartRequest(game="black-ops", players=players, seed=seed, computers={s: "easy" for s in range(7) if s != 1}))
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_to_window(app, pilot)
        notes = [text for kind, _, text, _ in seen if kind == "note"]
        assert notes and all("Just happened — Me only" in text for text in notes)
        for text in notes:
            title = text.splitlines()[0]
            assert "is thinking" not in title, title
        assert any("plays next" in text.splitlines()[0] for text in notes), [t.splitlines()[0] for t in notes]
