"""Shared test set-up: every test gets its own cardtable home (saves, statistics) and no
stray environment (custom card folders, NO_COLOR) leaks in from the developer's shell."""

from __future__ import annotations

import gc

import pytest

try:  # the pilot's idle waits, shortened for our small screens (see _quick_idle_waits)
    from textual import _wait as _textual_wait
except ImportError:  # pragma: no cover - textual is a run-time dependency
    _textual_wait = None


def _quick_idle_waits() -> None:
    """Textual's pilot decides that the app has finished reacting to a key when the process
    used less than 1 ms of CPU during a 20 ms sleep, so every key press and pause costs at
    least 20–60 ms of sleeping; the UI tests spent about half their time asleep. Our
    screens settle well within a 5 ms window, so the tests sample every 5 ms and call the
    app idle below 0.25 ms of CPU in it (the same 1/20 ratio): the same "nothing left to
    do" test, checked four times as often."""
    if _textual_wait is not None:
        _textual_wait.SLEEP_GRANULARITY = 1 / 200
        _textual_wait.SLEEP_IDLE = _textual_wait.SLEEP_GRANULARITY / 20


_quick_idle_waits()


def _shared_css_parses() -> None:
    """Textual parses an app's whole stylesheet again, in a fresh ``Stylesheet`` with an empty
    cache, whenever a screen with CSS of its own is first shown (``App._load_screen_css``)
    and when the theme changes, and every test starts a new app: the suite parsed the same
    CSS some thousands of times, about a fifth of the CPU of starting a game's table. Here
    the parsed rules are kept for the whole test process, keyed by everything the parse
    reads (the CSS text, where it was read from, its defaults flag, tie breaker and scope,
    and the theme's variables), so each distinct parse runs once. Textual reads parsed
    rules and never changes them (its own cache hands the same list out again); CSS that
    fails to parse raises as before and is not kept."""
    try:
        from textual.css.stylesheet import Stylesheet
    except ImportError:  # pragma: no cover - textual is a run-time dependency
        return
    parse_rules = Stylesheet._parse_rules
    parsed: dict[tuple, list] = {}

    def _parse_rules(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(self._variables.items())))
        rules = parsed.get(key)
        if rules is None:
            rules = parsed[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    Stylesheet._parse_rules = _parse_rules


_shared_css_parses()

GC_THRESHOLDS = (50_000, 20, 50)
"""The test process's garbage-collector thresholds (Python's default: 700, 10, 10). Every
table move builds and drops tens of thousands of small objects (Textual's strips, segments
and styles; the engine's snapshots), and at the default the youngest generation was
collected every 700 allocations, each pass also walking what survived it, over and over.
Collections still run, only less often, and nothing in the suite depends on when (no test
uses ``gc`` or weak references). Measured by CPU time, one process, ``-n 0``, back to back
(load 0.8-2.6): test_combat_cards_seats 29.0-33.2 s -> 25.6-26.8 s; the Cold War playouts
and undo-in-every-game tests 26.4 -> 23.9 s; the process's peak memory 82 -> 105 MB."""

gc.set_threshold(*GC_THRESHOLDS)


WORKERS_PER_CORE = 2
"""Test processes per CPU core for ``pytest -n auto`` (``pytest_xdist_auto_num_workers``)."""


def pytest_xdist_auto_num_workers(config) -> int:
    """``-n auto``: ``WORKERS_PER_CORE`` workers for each core this process may run on
    (``PYTEST_XDIST_AUTO_NUM_WORKERS`` still wins when set). The UI tests wait on the
    app's own timers and the pilot's idle checks: over a whole run with one worker per
    core, about a third of each worker's time was spent asleep (per test from
    ``/proc/self/task/*/schedstat``, 2 workers on 2 cores: 1,558 s running, 716 s
    asleep), a core left idle. A second worker per core runs while the first sleeps."""
    import os

    given = os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS", "")
    if given.isdigit() and int(given) > 0:
        return int(given)
    return max(1, len(os.sched_getaffinity(0))) * WORKERS_PER_CORE


def pytest_collection_finish(session):
    """Once the test modules are imported, move what exists (modules, functions, card data)
    out of the collector's view (``gc.freeze``): it lives to the end of the process, and the
    oldest generation's passes no longer walk it."""
    gc.collect()
    gc.freeze()

SOAK_PLAYOUTS = "test_random_playouts_keep_every_invariant"
"""Each game's file checks every invariant over 500 seeded random playouts, in blocks of
100 (the ``block`` parameter). The default suite runs block 0 (100 games per game, the
sample); blocks 1–4 are the soak, marked ``soak`` here and run by ``pytest --soak`` or
``python benchmarks/playouts.py``. One block of each game costs ~108 s of CPU (Cold War
37 s, Combat Cards 23, Black Ops 19, FOFL 16, Bloops 13), so the soak blocks were ~430 s
(about 7 minutes) of the suite's CPU time, over 3 minutes of wall time on two cores."""


def pytest_addoption(parser):
    parser.addoption("--soak", action="store_true", help="also run the soak blocks of the random playouts (see SOAK_PLAYOUTS)")


def pytest_collection_modifyitems(config, items):
    """Mark the playout blocks after the first ``soak``; leave them out unless ``--soak``.
    Then put the slowest tests first (``SLOW_FIRST``)."""
    kept, soaks = [], []
    for item in items:
        callspec = getattr(item, "callspec", None)
        if item.originalname == SOAK_PLAYOUTS and callspec is not None and callspec.params.get("block", 0) > 0:
            item.add_marker(pytest.mark.soak)
            soaks.append(item)
        else:
            kept.append(item)
    if soaks and not config.getoption("--soak"):
        config.hook.pytest_deselected(items=soaks)
        items[:] = kept
    items[:] = slow_first(items)


SLOW_FIRST = (
    "tests/ui/test_black_ops_ui.py::test_a_whole_four_player_game_through_the_screens",
    "tests/ui/test_save_problems.py::test_a_full_disk_at_the_end_is_said_at_the_top_of_the_game_over_box",
    "tests/ui/test_combat_cards_seats.py::test_every_seat_shows_its_played_pile",
    "tests/ui/test_layout_sizes.py::test_bloops_piles_are_never_cut_by_a_long_option_list",
    "tests/games/test_cold_war.py::test_random_playouts_keep_every_invariant",
    "tests/games/test_combat_cards.py::test_random_playouts_keep_every_invariant",
    "tests/ui/test_privacy_guard.py::test_soak_random_key_bursts_around_hand_overs",
    "tests/ui/test_news_every_game.py::test_bloops_a_computers_claim_swap_or_call_is_news_for_the_person",
    "tests/ui/test_combat_cards_seats.py::test_a_twelve_letter_name_is_whole_and_the_columns_stay_put_at_80x24",
    "tests/ui/test_seats_reflow.py::test_black_ops_compact_seats_stay_in_seat_order_all_game",
    "tests/ui/test_cards_look.py::test_cold_war_table_at_every_size",
    "tests/ui/test_black_ops_look.py::test_roomy_layout_shows_everything_uncut",
    "tests/ui/test_combat_cards_compact_six.py::test_six_seats_at_80x24_are_whole_and_readable",
    "tests/ui/test_computer_players.py::test_playing_again_keeps_the_computer_players",
    "tests/ui/test_terminal.py::test_no_color_game_is_fully_playable",
    "tests/ui/test_fofl_look.py::test_the_table_at_every_size_over_a_random_walk",
    "tests/ui/test_option_keys.py::test_play_through_presses_the_keys_a_screen_shows",
    "tests/ui/test_snapshots.py::test_game_over",
    "tests/ui/test_black_ops_look.py::test_roomy_seats_that_passed_say_so_whole_at_120x40",
    "tests/ui/test_plain_text.py::test_markup_names_to_the_game_over_and_statistics",
    "tests/ui/test_cards_look.py::test_combat_cards_table_at_every_size",
    "tests/ui/test_combat_cards_ui.py::test_a_whole_three_player_game_through_the_screens",
    "tests/ui/test_table_flow.py::test_a_whole_cold_war_game_through_the_screens_and_its_statistics",
    "tests/ui/test_news_box.py::test_the_panel_does_not_grow_into_a_paragraph_of_the_compact_table",
    "tests/ui/test_computer_players.py::test_a_persons_nobody_plays_waits_for_the_computers_in_the_window",
    "tests/ui/test_cards_look.py::test_combat_cards_beside_the_log_cuts_no_word",
    "tests/ui/test_fofl_ui.py::test_snapshot_game_over",
    "tests/games/test_fofl_playouts.py::test_no_leak_at_any_step_of_some_games",
    "tests/test_undo_all_games.py::test_undo_rules_in_random_play",
    "tests/ui/test_contrast.py::test_game_screens_contrast",
    "tests/ui/test_layout_sizes.py::test_a_resize_mid_game_draws_the_table_a_fresh_start_at_that_size_draws",
    "tests/ui/test_news_box.py::test_a_short_news_over_a_short_panel_takes_a_small_box",
    "tests/ui/test_public_names.py::test_the_last_moves_box_ends_with_the_newest_move_whole",
    "tests/ui/test_cold_war_roomy_cards.py::test_chain_and_collections_are_drawn_as_large_as_the_room_allows",
    "tests/ui/test_combat_cards_seats.py::test_every_warband_beside_the_log_at_80x24_is_in_one_form",
    "tests/games/test_fofl_playouts.py::test_random_playouts_keep_every_invariant",
    "tests/ui/test_fofl_look.py::test_at_200x60_the_sides_face_each_other_with_the_locations_between",
    "tests/ui/test_layout_sizes.py::test_cold_war_last_moves_show_the_newest_move_whole",
    "tests/games/test_black_ops.py::test_random_playouts_keep_every_invariant",
    "tests/ui/test_undo_key.py::test_undo_key_shown_only_while_possible",
    "tests/ui/test_combat_cards_public.py::test_every_hand_and_played_pile_is_counted_on_the_compact_table",
    "tests/ui/test_layout_sizes.py::test_black_ops_compact_hand_is_whole_and_powers_are_in_words",
    "tests/ui/test_bloops_ui.py::test_a_whole_three_player_game_through_the_screens",
    "tests/ui/test_computer_players.py::test_the_save_records_the_computers_and_resume_makes_the_same_moves",
    "tests/test_serve_browser.py::test_serve_plays_in_a_headless_browser",
    "tests/ui/test_last_news.py::test_the_third_data_breach_is_news_before_the_game_over",
    "tests/test_bots_fofl.py::test_hard_does_not_end_its_turn_beside_a_free_kill_and_heals_its_wounded",
    "tests/ui/test_cards_look.py::test_bloops_table_at_every_size",
    "tests/ui/test_cold_war_words.py::test_card_names_keep_a_blank_cell_inside_the_border",
    "tests/ui/test_public_names.py::test_every_public_card_name_is_whole_on_the_table",
    "tests/test_crash_safety.py::test_killed_mid_game_loses_at_most_the_action_being_written",
    "tests/ui/test_black_ops_trade_seen.py::test_the_fresh_testers_table_shows_bob_his_card_before_the_computers_go_on",
    "tests/ui/test_black_ops_look.py::test_crowded_compact_table_is_readable_at_80x24",
    "tests/ui/test_plain_text.py::test_markup_card_text_in_the_browser_and_a_game",
    "tests/ui/test_computer_players.py::test_one_person_against_the_computer_never_sees_a_privacy_screen",
    "tests/ui/test_seats_reflow.py::test_combat_cards_four_players_share_one_row_at_200x60",
    "tests/ui/test_seats_reflow.py::test_black_ops_seats_whole_beside_both_panels",
    "tests/ui/test_history_ui.py::test_a_replay_at_120x40_shows_its_moves_once",
    "tests/ui/test_seats_reflow.py::test_bloops_last_event_keeps_its_line_beside_the_log_with_penalty_cards",
    "tests/ui/test_fofl_ui.py::test_a_whole_game_through_the_screens",
)
"""The slowest tests, slowest first, as ``file::function`` (every parameter of the function
goes with it), from ``--durations=200`` of the whole suite (2026-12-05, 2 workers, load 0-3.4: every
function with a test of 8 s or more, by its slowest test). pytest-xdist's work-stealing scheduler
(``--dist worksteal`` in pyproject's ``addopts``) hands each worker a run of consecutive
tests and lets an idle worker take the not-yet-started tail of another's run; with these
at the front, a minute-long test never starts last while the other worker waits, so the
two cores stay busy to the end. Only the order changes: a name missing here, or one that
no longer exists, costs balance, never a test."""


def slow_first(items: list) -> list:
    """``items`` with those named in ``SLOW_FIRST`` moved to the front in its order, the rest
    after them in their collected order (a stable sort)."""
    rank = {name: i for i, name in enumerate(SLOW_FIRST)}
    last = len(rank)

    def key(item) -> int:
        path = item.nodeid.split("::", 1)[0]
        return rank.get(f"{path}::{getattr(item, 'originalname', None) or item.name}", last)

    return sorted(items, key=key)


@pytest.fixture(autouse=True)
def cardtable_home(tmp_path, monkeypatch):
    """A fresh ``CARDTABLE_HOME`` per test; returns its path."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    monkeypatch.delenv("CARDTABLE_CARDS", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("CARDTABLE_INPUT_GRACE", "0")  # pilot tests press keys faster than people
    monkeypatch.setenv("CARDTABLE_PRIVACY_GUARD", "0")  # the guard's own tests set it back
    return home


@pytest.fixture
def broken_save_start(tmp_path):
    """A start from the shell that resumes a file which is not a save (one line of plain
    text): the app says so in a message over the menu. Returns the ``StartRequest``."""
    from cardtable.ui import StartRequest

    broken = tmp_path / "broken.jsonl"
    broken.write_text("not a save\n", encoding="utf-8")
    return StartRequest(resume=broken)


@pytest.fixture
def deck_duel(tmp_path, monkeypatch):
    """Register the test-only ``DeckDuel`` game (players bring Red or Blue decks) with its
    card file in a custom card folder (``CARDTABLE_CARDS``); yields that folder."""
    import shutil

    from fixture_games import FIXTURE_DATA, DeckDuel

    from cardtable.engine.registry import registered

    cards = tmp_path / "cards"
    cards.mkdir()
    shutil.copy(FIXTURE_DATA / "deck-duel.yaml", cards / "deck-duel.yaml")
    monkeypatch.setenv("CARDTABLE_CARDS", str(cards))
    with registered(DeckDuel):
        yield cards


@pytest.fixture
def draw_race(tmp_path, monkeypatch):
    """Register the test-only ``DrawRace`` game (the same decision several times in a row)
    with its card file (Deck Duel's cards) in a custom card folder; yields that folder."""
    from fixture_games import FIXTURE_DATA, DrawRace

    from cardtable.engine.registry import registered

    cards = tmp_path / "cards"
    cards.mkdir()
    text = (FIXTURE_DATA / "deck-duel.yaml").read_text(encoding="utf-8")
    (cards / "draw-race.yaml").write_text(text.replace("game: deck-duel", "game: draw-race", 1), encoding="utf-8")
    monkeypatch.setenv("CARDTABLE_CARDS", str(cards))
    with registered(DrawRace):
        yield cards
