"""The Resume list says which seats the computer plays, and at what level (a fresh tester
playing alone read "Ann, Computer 2, Computer 3" and could not tell): ``resume.seat_names``
from the save header's ``computers`` (``SaveInfo.computers``)."""

from __future__ import annotations

from cardtable.engine import new_game
from cardtable.engine.saves import SaveFile, list_saves
from cardtable.engine.session import Session
from cardtable.ui import make_app
from cardtable.ui.resume import ResumeScreen
from cardtable.ui.testing import screen_text


def saved(players: tuple[str, ...], computers: dict[int, str]) -> None:
    """A Bloops game of ``players`` with ``computers`` (seat -> level) (no move played yet)."""
    game = new_game("bloops", players, seed=3)
    session = Session(game, SaveFile.create(game, computers=computers), computers=computers)
    session.close()


def test_the_listing_reads_each_seats_kind_from_the_header(cardtable_home):
    saved(("Ann", "Computer 2", "Rex"), {1: "hard", 2: "easy"})
    (info,) = list_saves()
    assert info.error is None
    assert info.computers == {1: "hard", 2: "easy"}


async def test_the_resume_list_names_the_computer_seats_and_their_levels(cardtable_home):
    saved(("Ann", "Computer 2", "Rex"), {1: "hard", 2: "easy"})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        text = " ".join(screen_text(app).split())
        assert "Ann, Computer 2 (hard), Rex (computer, easy)" in text, text
