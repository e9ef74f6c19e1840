"""Short entries packed into lines of a given width, breaking only between entries
(``recent.packed``), stay as they were when Combat Cards' and the game-over screen's own
copies of the job were folded into the one shared function.

The reference functions below are the two copies as they stood before (the game-over
screen's ``packed`` and ``details_text``/``all_time_text`` that use it, Combat Cards'
``packed``); they live only here. Each caller's path is run over seeded random entries
(one-cell words, wide letters "♥", "漢字", "🐉", entries wider than the line, empty
entries, an empty list) at widths 1..60 and must give the same lines.

The one difference on purpose: Combat Cards' copy measured with ``len`` (letters), so a
name with wide letters could make a line wider than its box; the shared function counts
terminal cells. Its lines are identical for one-cell text, and for wide text identical to
the old copy measuring cells.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rich.cells import cell_len

from cardtable.ui import gameover
from cardtable.ui.games import combat_cards

NARROW = ["Ann", "Bob", "Eve", "eliminated", "in", "round", "27", "3", "Gretchin", "Big Mek Warboss", "x", "", "won of 5, best 12", "hand: 10 Defiler"]
WIDE = ["♥", "漢字", "Wide🐉🐉🐉🐉", "3 漢字漢字漢字", "A♥ K♥"]
WIDTHS = range(1, 61)


def _old_gameover_packed(facts: Sequence[str], width: int) -> list[str]:
    lines = [facts[0]] if facts else []
    for fact in facts[1:]:
        if cell_len(lines[-1]) + 3 + cell_len(fact) <= width:
            lines[-1] += " · " + fact
        else:
            lines.append(fact)
    return lines


def _old_details_text(details: Sequence[str], width: int = 72) -> str:
    if len(details) <= 3 or any(len(line) > min(40, width) for line in details):
        return "\n".join(details)
    return "\n".join(_old_gameover_packed(details, width))


def _old_all_time_text(title: str, records: Sequence[str], width: int = 72) -> str:
    one = f"All-time {title}: " + " · ".join(records)
    if cell_len(one) <= width:
        return one
    return "\n".join([f"All-time {title}:", *_old_gameover_packed(records, width)])


def _old_combat_packed(entries: Sequence[str], width: int, sep: str = " · ", measure=len) -> list[str]:
    """Combat Cards' copy; ``measure`` is ``len`` as it was (``cell_len``: the same copy
    counting cells, the one change on purpose)."""
    lines: list[str] = []
    for entry in entries:
        if lines and measure(lines[-1]) + measure(sep) + measure(entry) <= width:
            lines[-1] += sep + entry
        else:
            lines.append(entry)
    return lines


def _entry(rng: random.Random, pool: Sequence[str]) -> str:
    """One or a few words of ``pool``; now and then a long one, wider than most lines."""
    words = [rng.choice(pool) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
    if rng.random() < 0.1:
        words *= rng.randint(3, 8)
    return " ".join(words)


def _cases(pool: Sequence[str], seed: int, count: int = 300) -> list[list[str]]:
    rng = random.Random(seed)
    cases: list[list[str]] = [[], [""], ["", ""], ["x" * 70], ["x" * 70, "y"]]
    cases += [[_entry(rng, pool) for _ in range(rng.randint(0, 12))] for _ in range(count)]
    return cases


def test_the_game_over_screen_packs_facts_as_before():
    seen = 0
    for facts in _cases(NARROW + WIDE, seed=11):
        for width in WIDTHS:
            assert gameover.packed(facts, width) == _old_gameover_packed(facts, width), (facts, width)
            assert gameover.details_text(facts, width) == _old_details_text(facts, width), (facts, width)
            assert gameover.all_time_text("wins", facts, width) == _old_all_time_text("wins", facts, width), (facts, width)
            seen += 1
    assert seen > 15_000


def test_combat_cards_packs_one_cell_entries_as_before():
    for entries in _cases(NARROW, seed=12):
        for width in WIDTHS:
            assert combat_cards.packed(entries, width) == _old_combat_packed(entries, width), (entries, width)
            for sep in (", ", "  ", " | "):
                assert combat_cards.packed(entries, width, sep) == _old_combat_packed(entries, width, sep), (entries, width, sep)


def test_combat_cards_packs_wide_entries_by_cells():
    """Wide letters: the old copy's lines with cells counted instead of letters, so no line
    of two entries or more is wider than the box."""
    for entries in _cases(NARROW + WIDE, seed=13):
        for width in WIDTHS:
            lines = combat_cards.packed(entries, width)
            assert lines == _old_combat_packed(entries, width, measure=cell_len), (entries, width)
            assert all(cell_len(line) <= width for line in lines if line not in entries), (entries, width, lines)
