"""Card files a careless or hostile editor made (issue 11, item 6): every one gives one
``CardDataError`` line (file, line, field) quickly, never another exception, a hang or a
deal that cannot be made. The hypothesis fuzz is a sample sized for CI; the long run is
``benchmarks/fuzz_cards.py``."""

from __future__ import annotations

import random
import time

import pytest
from card_mutations import BOMB, card_files, load, mutate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.cards import MAX_COUNT, CardDataError, parse_cardset

FILES = card_files()
TIME_BOUND = 3.0
"""Seconds one load may take (the biggest bundled file loads in well under 0.1 s)."""


def loads_cleanly(game: str, text: str, tmp_path) -> CardDataError | None:
    """Load ``text``; return its ``CardDataError`` (``None`` when it is a good file).
    Any other exception fails the test, as does a load slower than ``TIME_BOUND``."""
    started = time.perf_counter()
    try:
        load(game, text, tmp_path)
        error = None
    except CardDataError as err:
        error = err
    took = time.perf_counter() - started
    assert took < TIME_BOUND, f"{game}: a load took {took:.1f} s"
    if error is not None:
        assert "\n" not in str(error) and str(error).startswith(str(tmp_path)), str(error)
    return error


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(FILES)), rng=st.randoms(use_true_random=False))
def test_mutated_card_files_only_ever_raise_card_errors(game, rng, tmp_path):
    loads_cleanly(game, mutate(FILES[game], rng), tmp_path)


def with_line(game: str, after: str, line: str) -> str:
    """The bundled file of ``game`` with ``line`` inserted after the first line starting
    with ``after``."""
    lines = FILES[game].split("\n")
    index = next(i for i, l in enumerate(lines) if l.startswith(after))
    return "\n".join(lines[: index + 1] + [line] + lines[index + 1 :])


def replaced(game: str, old: str, new: str) -> str:
    text = FILES[game]
    assert old in text
    return text.replace(old, new, 1)


def test_an_impossible_date_is_just_text(tmp_path):
    error = loads_cleanly("bloops", replaced("bloops", "version: 1", "version: 2024-13-45"), tmp_path)
    assert error is None, "a version written as a date is kept as its text"


@pytest.mark.parametrize(
    "game, old, new, message",
    [
        ("cold-war", "version: 1", "version: " + "9" * 5000, ":6: the integer 99999999999999999999… is too large (at most 1,000,000,000 either way)"),
        ("bloops", "count: 4", "count: 10000000000", "the integer 10000000000 is too large"),
        ("bloops", "count: 4", "count: 5000", f"count must be at most {MAX_COUNT:,}, got 5,000"),
        ("bloops", "version: 1", "version: !!float x", "'x' is not a valid number"),
        ("bloops", "version: 1", "version: !!python/object/apply:os.system ['true']", "tag !!python/object/apply:os.system is not allowed"),
        ("bloops", "version: 1", "version: " + "[" * 30 + "]" * 30, "nested more than 24 deep"),
        ("bloops", "version: 1", "version: '" + "x" * 20_000 + "'", "a value is 20,000 characters long (at most 10,000)"),
        ("bloops", "version: 1", "version: 1\x1b", "character #x001b is not allowed in a card file"),
    ],
    ids=["5000-digits", "ten-billion-copies", "5000-copies", "bad-float", "python-tag", "deep", "long-text", "escape"],
)
def test_each_bound_gives_one_line(game, old, new, message, tmp_path):
    error = loads_cleanly(game, replaced(game, old, new), tmp_path)
    assert error is not None and message in str(error), str(error)


def test_a_field_redeclared_with_another_type(tmp_path):
    text = with_line("combat-cards", "fields:", "  army: {type: int}")
    error = loads_cleanly("combat-cards", text, tmp_path)
    assert error is not None and "duplicate key 'army'" in str(error)
    text = replaced("combat-cards", "army: {type: str, required: true,", "army: {type: int, min: zero, required: true,")
    error = loads_cleanly("combat-cards", text, tmp_path)
    assert error is not None and "fields: 'army' min must be an integer, got 'zero'" in str(error), str(error)
    text = replaced("combat-cards", "army: {type: str, required: true,", "army: {type: int, required: true,")
    error = loads_cleanly("combat-cards", text, tmp_path)
    assert error is not None and "army must be an integer, got 'orks'" in str(error), str(error)


def test_an_alias_bomb_under_notes_returns_at_once(tmp_path):
    text = FILES["bloops"].rstrip("\n") + "\n" + BOMB
    error = loads_cleanly("bloops", text, tmp_path)
    assert error is not None and "aliases" in str(error) or "values" in str(error), str(error)


def test_a_hundred_thousand_cards_are_refused_quickly(tmp_path):
    head = FILES["bloops"].split("\ncards:")[0]
    body = "\n".join(f"  - {{id: c{i}, name: C{i}, kind: number, value: 1, colour: red, source: seed}}" for i in range(100_000))
    error = loads_cleanly("bloops", head + "\ncards:\n" + body + "\n", tmp_path)
    assert error is not None and "a card file may have at most 1,048,576" in str(error)
    small = "\n".join(f"  - {{id: c{i}, name: C, kind: number, source: seed}}" for i in range(3_000))
    with pytest.raises(CardDataError, match="3,000 cards; a card file may hold at most 2,000"):
        parse_cardset(head + "\ncards:\n" + small + "\n", "demo.yaml")


def test_a_full_deck_beyond_the_bound_is_refused_before_the_deal(tmp_path):
    head = FILES["bloops"].split("\ncards:")[0]
    body = "\n".join(f"  - {{id: c{i}, name: C, kind: number, count: 900, source: seed}}" for i in range(20))
    with pytest.raises(CardDataError, match="the full deck would hold 18,000 cards; at most 10,000"):
        parse_cardset(head + "\ncards:\n" + body + "\n", "demo.yaml")


def test_a_huge_or_strange_file_is_not_even_read(tmp_path):
    import os

    from cardtable.cards import load_cardset

    huge = tmp_path / "huge.yaml"
    with open(huge, "wb") as fh:
        fh.truncate(3 * 1024**3)
    with pytest.raises(CardDataError, match="3,221,225,472 bytes; a card file may have at most"):
        load_cardset(huge)
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    with pytest.raises(CardDataError, match="is not a regular file"):
        load_cardset(pipe)


def test_the_fuzz_sample_is_reproducible():
    rng_a, rng_b = random.Random(5), random.Random(5)
    assert mutate(FILES["fofl"], rng_a) == mutate(FILES["fofl"], rng_b)
