"""Combat Cards' seats as a fresh tester saw them playing alone against two computer players
(Maximiliana1, Space Marines, against Chaos Space Marines and Dark Eldar) at 80×24, 120×40
and 200×60: the players' table at 80×24 keeps a 12-character name whole and its columns
where they are all game (F8); every seat shows its played pile, face up (F10); nothing jumps
between rounds (F11)."""

from __future__ import annotations

import random

import pytest
from test_layout_sizes import _region_text, random_walk

from cardtable.engine import new_game
from cardtable.engine.core import MAX_NAME
from cardtable.ui import StartRequest, make_app
from cardtable.ui.testing import screen_lines

LONG_NAMES = ("Maximiliana1", "Bartholomew2", "Alexandrina3", "Christabel44", "Wilhelmina55", "Konstantin66")
ARMIES = ("space-marines", "chaos-space-marines", "dark-eldar", "orks", "space-marines", "dark-eldar")


def _long_named(players: int, seed: int = 5):
    assert all(len(n) == MAX_NAME for n in LONG_NAMES)
    return make_app(StartRequest(game="combat-cards", players=LONG_NAMES[:players], seed=seed, options={"deck": ARMIES[:players]}))


@pytest.mark.parametrize("players", [2, 4, 6])
async def test_a_twelve_letter_name_is_whole_and_the_columns_stay_put_at_80x24(players):
    """F8: "Maximilia…" for the whole game (the Player column was 10 wide while the warband
    column had room), and the Army column flipped between "Sp. Marines" and "Marines" (and
    "Dark Eldar" and "D. Eldar") from round to round, moving every column after it. Every
    name is now whole on its line, and the table's header (its columns) and every player's
    army are drawn the same way all game."""
    app = _long_named(players)
    heads: set[str] = set()
    armies: dict[int, set[str]] = {}
    laid = 0

    def check(screen) -> None:
        nonlocal laid
        view = screen.session.view()
        rows = _region_text(screen_lines(app), screen.query_one("#cc-table").region)
        heads.add(rows[0].rstrip())
        army_at = rows[0].index("Army")
        wins_at = rows[0].index("Wins")
        for seat, name in enumerate(view.players):
            row = next((r for r in rows[1:] if r[2:].startswith(name + " ")), None)
            assert row is not None, (name, "\n".join(rows))
            armies.setdefault(seat, set()).add(row[army_at:wins_at].strip())
        laid += any(view.zone(f"warband:{s}").count for s in range(players))

    async with app.run_test(size=(80, 24)) as pilot:
        await random_walk(app, pilot, check, moves=5 * players + 6)
    assert laid >= 4
    assert len(heads) == 1, heads
    assert all(len(forms) == 1 for forms in armies.values()), armies


# ---------------------------------------------------------------- F11: jitter
TESTER = ("Maximiliana1", "Computer 2", "Computer 3")
TESTER_ARMIES = ("space-marines", "chaos-space-marines", "dark-eldar")


def test_a_box_head_keeps_its_lines_when_the_winners_star_is_added():
    """F11 (a): at 120×40 "★ Computer 2" pushed "Chaos Space Marines" onto a second line,
    one line without the star, so the box changed height between rounds. The head of a box
    has as many lines with a marker (★, ▶) as without, at every width."""
    from cardtable.ui.games.combat_cards import CombatCardsTable

    game = new_game("combat-cards", list(TESTER), seed=5, options={"deck": TESTER_ARMIES})
    view = game.view(None)
    for room in range(24, 60):
        for seat in range(3):
            lines = {marker: CombatCardsTable._box_caption(view, seat, marker, room).plain.count("\n") for marker in ("", "★ ", "▶ ")}
            assert len(set(lines.values())) == 1, (room, seat, lines)


async def test_the_setup_rows_are_one_line_each_with_chaos_space_marines_at_80x24():
    """F11 (b): at 80×24 the setup's Army select read "Chaos Space / Marines" on two lines,
    so the seat rows were uneven. Each seat's row is one line, with the army whole."""
    from textual.widgets import Select
    from test_combat_cards_ui import open_setup

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        setup.query_one("#setup-count", Select).value = 3
        for seat, army in enumerate(TESTER_ARMIES):
            setup.query_one(f"#opt-deck-{seat}", Select).value = army
        await pilot.pause()
        await pilot.pause()
        lines = screen_lines(app)
        assert any("Chaos Space Marines" in line for line in lines), "\n".join(lines)
        for seat in range(3):
            assert setup.query_one(f"#seat-{seat}").region.height == 1, "\n".join(lines)
            name = setup.query_one(f"#name-{seat}")
            assert name.region.width >= MAX_NAME + 1, name.region


async def test_every_warband_beside_the_log_at_80x24_is_in_one_form():
    """F11 (c): at 80×24 with the log open Computer 2's warband read "pink = 8" (its card's
    name dropped) while Computer 3's read "9 Drazhar   = 9 points". Every laid warband of
    the players' table now takes the same form: each row with a warband ends in the same
    way (its points alone, or its points and cards)."""
    app = make_app(StartRequest(game="combat-cards", players=TESTER, seed=5, options={"deck": TESTER_ARMIES}))
    forms_seen = 0

    def check(screen) -> None:
        nonlocal forms_seen
        if not screen.query_one("#log").display:
            return
        view = screen.session.view()
        laid = [s for s in range(3) if view.zone(f"warband:{s}").count]
        if len(laid) < 2:
            return
        rows = _region_text(screen_lines(app), screen.query_one("#cc-table").region)
        text = "\n".join(rows)
        named = [s for s in laid if all(c.face.name in text for c in view.zone(f"warband:{s}").cards if c is not None)]
        assert named in ([], laid), text  # every warband's units named, or none
        forms_seen += 1

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("l")
        await random_walk(app, pilot, check, moves=24)
    assert forms_seen >= 3


def test_a_seats_caption_line_stands_with_its_cards_on_the_game_over_screen():
    """F11 (d): at 120×40 on the game-over screen a seat's "· played cards:" line stood a
    column left of the other seats' lines after their first (their chips' words start in
    the third column). Every line after a seat's first has its words in the same column."""
    from cardtable.engine.view import build_view
    from cardtable.ui.gameover import reveal_lines

    game = new_game("combat-cards", list(TESTER), seed=5, options={"deck": TESTER_ARMIES})
    rng = random.Random(1)
    while (decision := game.decision()) is not None:
        game.act(rng.choice(decision.actions))
    from cardtable.ui.testing import drawn_from

    view = build_view(game, None, reveal_all=True, ended=game)
    starts = set()
    for width in (60, 80, 100, 116):
        for line in reveal_lines(view, type(game).card_name, width=width):
            if line.plain.startswith(" "):
                starts.add(drawn_from(line))  # a chip's padding cell is drawn in its colours
    assert starts == {3}, starts


# ---------------------------------------------------------------- F10: the played piles
@pytest.mark.parametrize("size", [(120, 40), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [3, 6])
async def test_every_seat_shows_its_played_pile(players, size):
    """F10: played cards lie face up beside their owner's draw pile, where everyone can see
    them (rulings 7 and 12), but the table showed no pile of played cards anywhere. In the
    roomy layout each box says its count (and its top card where the line has room) and,
    where the box has room beside the hand, draws the pile as a fanned stack, the top card
    on top; a crowded box (two rows of boxes) says both counts on its one "Hand" line, and
    the top card where it fits. (80×24's players' table does not count them yet.)"""
    from cardtable.engine import plural
    from cardtable.ui.cards import FanWidget

    names = (*TESTER, "Computer 4", "Computer 5", "Computer 6")[:players]
    app = make_app(StartRequest(game="combat-cards", players=names, seed=5, options={"deck": ARMIES[:players]}))
    played_seen = 0

    def check(screen) -> None:
        nonlocal played_seen
        view = screen.session.view()
        lines = screen_lines(app)
        out = [[c.face for c in view.zone(f"out:{s}").cards] for s in range(players)]
        played_seen += sum(map(len, out))
        assert screen.has_class("-roomy")
        for seat in range(players):
            said = " ".join(" ".join(_region_text(lines, screen.query_one(f"#cc-band-{seat}").region)).split())
            counts = (f"Played · {plural(len(out[seat]), 'card')}", f"Played · {len(out[seat])} ", f"Played {len(out[seat])} ")
            assert any(c in said + " " for c in counts), (seat, said)
            crowded = screen.has_class("-crowded")  # one line for hand and pile: the top card where it fits
            if out[seat] and not crowded and f"top {out[seat][-1].value} {out[seat][-1].name}" not in said:
                fan = screen.query_one(f"#cc-out-{seat}", FanWidget)
                assert fan.display and fan.tiles and fan.tiles[-1].corner == str(out[seat][-1].value), (seat, said)
        drawn = {where for where, _ in screen.tiles_drawn}
        if not screen.has_class("-crowded"):
            assert {f"out:{s}" for s in range(players) if out[s]} <= drawn, drawn

    async with app.run_test(size=size) as pilot:
        await random_walk(app, pilot, check, moves=4 * players + 4)
    assert played_seen


async def test_every_box_says_its_piles_counts_in_the_same_whole_words_at_120x40():
    """h155: at 120×40 the box of the player to play (a cell narrower than the next) read
    "Hand · 5 cards      Played · 1", as if "card" were cut, while the next box read
    "Played · 1 card". Every box says its hand and its played pile in the same form: "N
    card(s)" in both (the backs fanned closer where that makes the room)."""
    import re

    app = make_app(StartRequest(game="combat-cards", players=("Me", "Computer 2", "Computer 3"), seed=3, options={"deck": ("orks",) * 3}))
    seen: list[str] = []

    def check(screen) -> None:
        lines = screen_lines(app)
        for seat in range(3):
            rows = _region_text(lines, screen.query_one(f"#cc-band-{seat}").region)
            row = next(r.strip("│ ") for r in rows if "Hand · " in r)
            seen.append(row)
            assert re.fullmatch(r"Hand · \d+ cards?\s+Played · \d+ cards?( · top .*)?", row), "\n".join(rows)

    async with app.run_test(size=(120, 40)) as pilot:
        await random_walk(app, pilot, check, moves=8, settle=True)
    assert any(re.search(r"Played · [1-9]\d* cards?", row) for row in seen), seen  # piles with cards were checked
