"""A fresh tester at 200×60 read a seat's last moves as "· Round 7: wants to" / "trade with
Computer" / "3": a player's name broken over two rows beside the Load Out card. A name stays
on one row wherever the room beside the card holds it (``_moves_lines``)."""

from __future__ import annotations

from cardtable.ui.games.black_ops import _moves_lines

PLAYERS = ("Me", "Computer 2", "Computer 3", "Computer 10")
MOVES = ["Round 7: wants to trade with Computer 3", "Computer 10 and Computer 2 trade Load Outs", "traded with Computer 10"]


def test_a_players_name_is_never_broken_over_two_rows_where_a_row_holds_it():
    for width in range(14, 60):
        for move in MOVES:
            lines = [line.plain for line in _moves_lines([move], width, 8, PLAYERS)]
            assert lines, (width, move)
            text = "\n".join(lines)
            for name in PLAYERS:
                if name in move and len(name) + 2 <= width:
                    assert name in text, f"{name!r} broken at {width} cells:\n{text}"
            assert all(len(line) <= width for line in lines), (width, lines)
            assert " ".join(" ".join(line.split()) for line in lines[1:]) == "· " + move


def test_a_name_longer_than_the_room_is_still_shown_whole_words():
    lines = [line.plain for line in _moves_lines(["wants to trade with Computer 10"], 10, 8, PLAYERS)]
    assert lines == ["", "· wants to", "  trade", "  with", "  Computer", "  10"], lines
