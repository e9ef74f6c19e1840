"""The suite's own set-up (tests/conftest.py): the slow tests it puts first exist, and the
order it gives keeps every test."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import SLOW_FIRST, slow_first

ROOT = Path(__file__).parent.parent


def test_every_slow_first_name_is_a_test_function():
    """A renamed or merged test must be renamed in ``SLOW_FIRST`` too, or its place is lost."""
    for name in SLOW_FIRST:
        path, function = name.split("::")
        text = (ROOT / path).read_text(encoding="utf-8")
        assert re.search(rf"^(async )?def {re.escape(function)}\(", text, re.M), f"{name} is not a test any more"
    assert len(set(SLOW_FIRST)) == len(SLOW_FIRST)


class _Item:
    def __init__(self, nodeid: str) -> None:
        self.nodeid = nodeid
        self.originalname = nodeid.split("::")[1].split("[")[0]


def test_slow_first_moves_the_named_tests_to_the_front_and_keeps_the_rest_in_order():
    first, second = SLOW_FIRST[0], SLOW_FIRST[1]
    items = [_Item("tests/a.py::test_x"), _Item(f"{second}[2]"), _Item("tests/b.py::test_y"), _Item(f"{first}[1]"), _Item(f"{second}[1]")]
    ordered = [item.nodeid for item in slow_first(items)]
    assert ordered == [f"{first}[1]", f"{second}[2]", f"{second}[1]", "tests/a.py::test_x", "tests/b.py::test_y"]
