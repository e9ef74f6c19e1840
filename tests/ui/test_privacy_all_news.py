"""``l`` on the privacy screen lists every public line since the last hand-over (the fresh
tester at 80×24 read "… 20 more in the log …" before an 8-player Black Ops hand-over and had
no way to read the Event and the Air Strikes until after it). Only the public lines the
screen was given are listed; the hand-over itself still waits for Enter after the guard."""

from __future__ import annotations

from textual.app import App

from cardtable.ui.privacy import PrivacyScreen, RecentNewsScreen
from cardtable.ui.testing import screen_lines

LINES = [f"Move {n}: Cat plays an Air Strike on Dan's Load Out number {n}." for n in range(1, 31)]


class _Host(App):
    def __init__(self, screen: PrivacyScreen) -> None:
        super().__init__()
        self.privacy = screen
        self.results: list[object] = []

    def on_mount(self) -> None:
        self.push_screen(self.privacy, self.results.append)


async def test_l_lists_every_line_the_box_left_out_and_goes_back_to_the_hand_over():
    app = _Host(PrivacyScreen("Bob", "Black Ops", LINES, guard=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PrivacyScreen) and screen.left_out > 0
        text = "\n".join(screen_lines(app))
        assert f"… {screen.left_out} earlier lines — l lists them …" in text, "the first row: no first move above it"
        assert "Move 1:" not in text and "Move 30:" in text
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, RecentNewsScreen)
        text = "\n".join(screen_lines(app))
        assert "Everyone else, please look away." not in text
        assert "Just happened (public: everyone may read)" in text and 'Enter or Esc: back to "Pass to Bob"' in text
        assert "Move 30:" in text and "Move 1:" not in text, "the newest lines first in view"
        await pilot.press("home")
        await pilot.pause()
        assert "Move 1: Cat plays" in "\n".join(screen_lines(app))
        await pilot.press("enter")  # back: this Enter does not take the device
        await pilot.pause()
        assert app.screen is screen and app.results == []
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == [True]


async def test_a_tall_screen_lists_every_line_whole():
    app = _Host(PrivacyScreen("Bob", "Black Ops", LINES, guard=0.0))
    async with app.run_test(size=(80, 50)) as pilot:
        await pilot.pause()
        assert app.screen.left_out > 0
        await pilot.press("l")
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert all("· " + line in text for line in LINES)


async def test_no_l_when_every_line_fits():
    app = _Host(PrivacyScreen("Bob", "Black Ops", LINES[:3], guard=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.left_out == 0
        assert "All news" not in "\n".join(screen_lines(app))
        await pilot.press("l")
        await pilot.pause()
        assert app.screen is screen


async def test_lines_older_than_the_screen_was_given_stay_in_the_log():
    app = _Host(PrivacyScreen("Bob", "Black Ops", LINES[:3], 12, guard=0.0))
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "… 12 more in the log …" in text and "l lists" not in text


async def test_after_a_resume_l_lists_every_line_the_count_stands_for(cardtable_home):
    """A fresh tester resumed a game: the box said "… 44 more — l lists them", the list began
    "… 9 earlier lines are in the log …" and Home did not reach the first of them. Every
    public line since the last hand-over is listed (after a resume: those the hand-over the
    game was left at listed, ``Session.recap_from``; once the whole game's, h141). Black Ops
    with two people among eight seats, left at a hand-over with more public lines since the
    one before than a privacy screen was once given (40), both still in the game (seed 5: at
    seed 1 Bob was out by then, and Ann alone is no longer handed the device)."""
    import random

    from cardtable.engine import new_game
    from cardtable.engine.saves import SaveFile
    from cardtable.engine.session import Session
    from cardtable.ui import StartRequest, make_app

    names = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fin", "Gus", "Hal")
    computers = {seat: "easy" for seat in range(2, 8)}
    game = new_game("black-ops", names, seed=5)
    session = Session(game, SaveFile.create(game, computers=computers), computers=computers)
    chooser = random.Random(5)
    since = 0  # the log's length at the last hand-over
    public: list[str] = []  # the public lines the last hand-over listed

    def hand_over() -> None:  # as the table does
        nonlocal since, public
        seat = session.handoff_to()
        if seat is not None:
            public = [e.text for e in game.log.entries[since:] if e.public]
            since = len(game.log.entries)
            session.accept_handoff(seat)

    hand_over()
    while len(public) <= 40:
        assert session.decision() is not None, "no hand-over with so many public lines since the one before"
        session.act(chooser.choice(session.decision().actions))
        hand_over()
    assert game.view(None).info["alive"][:2] == [True, True], "Ann and Bob are both still in"
    path = session.save.path
    session.close()

    app = make_app(StartRequest(resume=path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PrivacyScreen)
        box = str(screen.query_one("#privacy-recent").render())
        shown = sum(row.startswith("· ") for row in box.splitlines())
        assert any(f"… {screen.left_out} {words} — l lists them …" in box for words in ("more", "earlier lines"))
        assert screen.left_out + shown == len(public), "the count and the lines shown make the whole log"
        await pilot.press("l")
        await pilot.pause()
        news = app.screen
        assert isinstance(news, RecentNewsScreen)
        assert list(news.lines) == public and news.earlier == 0
        assert "earlier lines are in the log" not in "\n".join(screen_lines(app))
        await pilot.press("home")
        await pilot.pause()
        top = "\n".join(screen_lines(app)[:5])
        assert "· " + public[0] in top, f"Home shows the first line:\n{top}"


def test_the_count_row_says_earlier_when_it_opens_the_list():
    """A fresh tester read a list that began "… 3 more — l lists them …" with no item above
    it. The newest lines stay the ones shown; a count row that opens the list says the lines
    it stands for are earlier ones, and one between the first move and the newest says more."""
    from cardtable.ui.privacy import fit_recent

    long = [f"Move {n}: Cat plays an Air Strike on Dan's Load Out number {n}." for n in range(1, 6)]
    rows = fit_recent(long, 60, 5, more="— l lists them")[0].splitlines()
    assert rows[0] == "  … 3 earlier lines — l lists them …" and "Move 5:" in rows[-2], rows
    assert fit_recent(long[:3], 60, 5)[0].splitlines()[0] == "  … 1 earlier line in the log …"
    lines = ["Ann bets HIGHER.", *(f"turned {n}" for n in range(8)), "Wrong bet!"]
    assert fit_recent(lines, 60, 6)[0].splitlines()[:2] == ["· Ann bets HIGHER.", "  … 5 more in the log …"]
