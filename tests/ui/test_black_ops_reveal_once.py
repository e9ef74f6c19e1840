"""At 200×60 the fresh tester read the same "Reveal: Bob 4 Pistol; Cy 10 Assault Rifle; Ann 9
Machine Gun" in all three seat tiles. Each tile now notes only its own player's card
("reveals 9 Machine Gun"); the whole line stays in the "Last moves" box, once."""

from __future__ import annotations

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.black_ops import tile_move
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import settled_lines, walk_until

LINE = "Reveal: Bob 4 Pistol; Cy 10 Assault Rifle; Ann 9 Machine Gun."


def test_a_tile_notes_its_own_card_of_the_reveal():
    assert tile_move(LINE, "Ann") == "reveals 9 Machine Gun"
    assert tile_move(LINE, "Cy") == "reveals 10 Assault Rifle"
    assert tile_move("Round 1: " + LINE, "Bob") == "Round 1: reveals 4 Pistol"


def _revealed(app) -> bool:
    """Whether the table is up and its game has logged a reveal."""
    screen = app.screen
    return isinstance(screen, TableScreen) and any(e.text.startswith("Reveal:") for e in screen.session.game.log.entries)


async def test_the_reveal_line_once_at_200_by_60(monkeypatch, cardtable_home):
    monkeypatch.setenv("CARDTABLE_PRIVACY_GUARD", "0")
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Bob", "Cy"), seed=3))
    async with app.run_test(size=(200, 60)) as pilot:
        await walk_until(app, pilot, _revealed, most=60)
        text = "\n".join(await settled_lines(app, pilot))
        assert text.count("Reveal:") == 1, text
        for own in ("reveals 9 Machine Gun", "reveals 4 Pistol", "reveals 10 Assault Rifle"):
            assert own in text, (own, text)
