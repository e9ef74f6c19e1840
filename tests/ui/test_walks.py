"""The walk helper of the combined random walks (``walks.Checks``): every check runs at every
position, and a failure names its check and the move."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from walks import Checks


def _screen(moves: int):
    return SimpleNamespace(session=SimpleNamespace(game=SimpleNamespace(moves=moves)))


def finds_odd_moves(position):
    return [f"odd move {position.moves}"] if position.moves % 2 else []


def asserts_below_three(position):
    assert position.moves < 3, f"{position.moves} is not below 3"


def never_fails(position):
    return None


def test_every_check_runs_at_every_position_and_failures_name_their_check():
    checks = Checks(app=None, size=(80, 24), checks=[finds_odd_moves, asserts_below_three, never_fails])
    for moves in range(5):
        checks.run(_screen(moves))
    assert checks.positions == 5
    assert list(checks.failures) == ["finds_odd_moves", "asserts_below_three"]
    assert checks.failures["finds_odd_moves"] == ["finds_odd_moves, move 1: odd move 1", "finds_odd_moves, move 3: odd move 3"]
    failed_asserts = checks.failures["asserts_below_three"]  # pytest adds its explanation below the message
    assert [f.split("\n")[0] for f in failed_asserts] == ["asserts_below_three, move 3: 3 is not below 3", "asserts_below_three, move 4: 4 is not below 3"]
    with pytest.raises(AssertionError) as failed:
        checks.assert_clean(per_check=1)
    message = str(failed.value)
    assert message.startswith("checks failed: finds_odd_moves (2), asserts_below_three (2)")
    assert "finds_odd_moves, move 1: odd move 1" in message and "move 3: odd move 3" not in message


def test_a_clean_walk_passes_and_shares_its_position():
    first = Checks(app=None, size=(80, 24), checks=[never_fails])
    second = Checks(app=None, size=(80, 24), checks=[never_fails])
    screen = _screen(0)
    position = first.run(screen)
    assert second.run(screen, position) is position
    first.assert_clean()
    second.assert_clean()
