"""Black Ops' roomy seat tiles with many Care Packages on one Load Out (a fresh tester at
120×40): the fanned cards stay inside their box and the Load Out's total stays in view."""

from __future__ import annotations

import re

import pytest

from cardtable.engine import Action
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.black_ops import GLUE, SeatTile, below_sentence, fit_fan
from cardtable.ui.recent import cell_wrap
from cardtable.ui.cards import Tile
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import settled_lines
from test_black_ops_ui import _take, _to_window  # tests/ui is on the path

NAMES = ("Me", "Computer 2", "Computer 3", "Computer 4", "Computer 5")
MODS = ("concussion", "acog-sight", "emp", "semtex", "red-dot-sight", "extended-mag")


@pytest.fixture(autouse=True)
def _fast(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    monkeypatch.setenv("CARDTABLE_INPUT_GRACE", "0")
    monkeypatch.setenv("CARDTABLE_PRIVACY_GUARD", "0")


def _stack_on_first_load_out(game, plays: int, mods: tuple[str, ...] = MODS) -> int:
    """In the Care Package window, the players in turn claim and play ``plays`` Care Packages
    (``mods``, EMP among them) on the first face-up Load Out, by the rules; its seat."""
    target = next(s for s in range(len(game.players)) if game.loadout(s).up and game.loadout(s).defn.kind == "load-out")
    for i in range(plays):
        seat = i % len(game.players)
        card = _take(game, mods[i], game.cp_deck, game.cp_discard, *game.hands)
        game.hands[seat].add(card)  # the card to play, in the claimant's hand
        game.act(Action.of("claim", seat=seat))
        game.act(next(a for a in game.decision().actions if a.type == "play" and a["target"] == target and a.label.startswith(card.defn.name)))
    return target


def _box_problems(lines: list[str], tile: SeatTile) -> list[str]:
    """What breaks a seat tile's box on screen: a row of it not closed by its border on both
    sides, or its top and bottom borders not whole."""
    region = tile.region
    rows = [lines[y][region.x : region.right] for y in range(region.y, region.bottom)]
    problems = []
    if not (rows[0][0] in "╭┏╔" and rows[0][-1] in "╮┓╗" and rows[-1][0] in "╰┗╚" and rows[-1][-1] in "╯┛╝"):
        problems.append(f"corners: {rows[0]!r} … {rows[-1]!r}")
    problems += [f"row {i}: {row!r}" for i, row in enumerate(rows[1:-1], 1) if row[0] not in "│┃║" or row[-1] not in "│┃║"]
    # the fan's cards: every card's top border closed on the same row (no wrapped fan)
    fan = [row for row in rows if "╭" in row[1:-1]]
    if fan and not fan[0].rstrip(" ┃│║").endswith("╮"):
        problems.append(f"the fan's top is open: {fan[0]!r}")
    return problems


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("plays", [4, 6])
async def test_many_care_packages_on_one_load_out_fit_its_box_at_120x40(players, plays):
    """The fresh tester at 120×40 with 4 players: 5 or 6 Care Packages on one Load Out made a
    fan wider than the seat's box; it wrapped ("┃ ╭──╭──╭──╭──╭──╭────────── ┃" /
    "┃ ────╮ ┃"), "EMP" read "EM" and the "= 8" total dropped out of view. Now the fan fits
    (the older Care Packages left out of the fan when they must: counted below it), every
    corner is whole, and the total is on screen."""
    app = make_app(StartRequest(game="black-ops", players=NAMES[:players], seed=5))
    async with app.run_test(size=(120, 40)) as pilot:
        await _to_window(players=NAMES[:players])(pilot)
        screen = app.screen
        game = screen.session.game
        seat = _stack_on_first_load_out(game, plays)
        game.invalidate()
        screen.redraw()
        lines = await settled_lines(app, pilot)
        assert screen.has_class("-roomy")
        text = "\n".join(lines)
        for tile in (t for t in screen.query(SeatTile) if t.seat is not None):
            assert not _box_problems(lines, tile), (tile.seat, _box_problems(lines, tile), text)
            assert tile.region.bottom <= screen.query_one("#decision").region.y, f"seat {tile.seat} runs under the panel:\n{text}"
        tile = next(t for t in screen.query(SeatTile) if t.seat == seat)
        inside = " ".join(" ".join(lines[y][tile.region.x : tile.region.right].strip("┃│ ").split()) for y in range(tile.region.y, tile.region.bottom))
        assert f"= {game.final_value(seat)}" in inside, inside
        assert not re.search(r"EM(?!P)", inside), f"a corner cut short: {inside}"


def test_a_fan_too_wide_keeps_the_load_out_and_the_newest_cards():
    """``fit_fan``: 1 Load Out and 6 Care Packages in 26 cells: the Load Out, then the
    newest that fit, the newest whole on top (no "…" card: the words below the fan count
    the others); a corner "EMP" gets 4 cells."""
    tiles = [Tile("6", "Submachine Gun"), *(Tile(c, c) for c in ("-1", "+3", "EMP", "-3", "+2")), Tile("+1", "Extended Mag")]
    shown, card_w, peek = fit_fan(tiles, 16, 26)
    assert card_w + peek * (len(shown) - 1) <= 26
    assert peek == 4 and card_w >= 12
    assert shown[0].corner == "6" and shown[1:] == tiles[len(tiles) - len(shown) + 1 :] and shown[-1].corner == "+1"
    assert len(shown) == 4 and not any(t.corner == "…" for t in shown)
    assert fit_fan(tiles[:2], 16, 40) == (tiles[:2], 16, 5)  # room: nothing changes


def test_the_facts_below_a_fan_count_the_replaced_care_packages_when_long():
    facts = ["6 Submachine Gun", *(f"{n} (replaced)" for n in ("Concussion (-1)", "ACOG Sight (+3)", "EMP", "Semtex (-3)", "Red Dot Sight (+2)")), "Extended Mag (+1)", "= 7"]
    assert below_sentence(facts, 26).replace(GLUE, " ") == "6 Submachine Gun · 5 Care Packages replaced · Extended Mag (+1) = 7"
    assert below_sentence(facts, 200).startswith("6 Submachine Gun · Concussion (-1) (replaced) · ACOG")  # room: every card named


def test_alike_replaced_cards_are_counted_once_and_the_total_keeps_to_its_card():
    """A fresh tester at 120×40: "2 Combat Knife · 3 Care" / "Packages replaced · 3 Care" /
    "Packages replaced · EMP =" / "2" — two ACOG Sights each put the count in, and the total
    was cut from its "=" ("Semtex (-3) =" over "0" too)."""
    facts = ["2 Combat Knife", "ACOG Sight (+3) (replaced)", "Semtex (-3) (replaced)", "ACOG Sight (+3) (replaced)", "EMP", "= 2"]
    sentence = below_sentence(facts, 26)
    assert sentence.replace(GLUE, " ") == "2 Combat Knife · 3 Care Packages replaced · EMP = 2"
    for width in range(14, 40):
        rows = [row.replace(GLUE, " ") for row in cell_wrap(below_sentence(facts, width), width)]
        assert not any(row.rstrip().endswith("=") for row in rows), (width, rows)
        assert rows[-1].endswith("EMP = 2") or rows[-1] == "EMP = 2", (width, rows)
    single = [row.replace(GLUE, " ") for row in cell_wrap(below_sentence(["3 Revolver", "Semtex (-3)", "= 0"], 26), 26)]
    assert single[-1].endswith("(-3) = 0"), single  # the total keeps to the card's last word


async def _asked_on_own_screen(app, pilot):
    """Seed 0, 4 players: Me deals, Computer 4 asks Me to trade; Me's own table screen."""
    for _ in range(20):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, PrivacyScreen):
            await pilot.press("enter")
            continue
        if screen.session.view().info["target"] == 0 and screen.session.screen_seat() == 0:
            break
        await pilot.press(*screen.keys_for(next(a for a in screen.session.visible_decision().actions if a.type in ("deal", "trade"))))
    assert screen.session.view().info["trader"] == 3, "Computer 4 asks Me"
    return screen


async def test_who_asks_to_trade_reads_whole_beside_the_card_at_120x40():
    """The fresh tester at 120×40, on their own screen asked to trade: beside the Load Out
    (8 cells) the tile read "asked by" / "Computer" / "4", a word a row. The card now leaves
    the facts ``SIDE_MIN`` cells (narrowing the card; else the facts go below it), and the asking player's name stays on one row."""
    app = make_app(StartRequest(game="black-ops", players=NAMES[:4], seed=0))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _asked_on_own_screen(app, pilot)
        lines = await settled_lines(app, pilot)
        tile = next(t for t in screen.query(SeatTile) if t.seat == 0)
        rows = [lines[y][tile.region.x : tile.region.right] for y in range(tile.region.y, tile.region.bottom)]
        beside = [row.rpartition("│")[2].strip(" ║┃") for row in rows if row.count("│") >= 2]
        assert "asked by" in " ".join(beside) and any("Computer 4" in words for words in beside), "\n".join(rows)
        assert "Computer" not in beside and "4" not in beside, "\n".join(rows)  # a word a row


@pytest.mark.parametrize("height", [5, 7, 11, 15])
def test_the_asking_players_name_is_never_split_beside_a_fan(height):
    """``loadout_fan`` of a seat asked to trade, at every tile width from 24 to 50: "Computer
    4" on one row, never "Computer" over "4"."""
    from cardtable.engine import Setup, load_cards
    from cardtable.games.black_ops import BlackOps
    from cardtable.ui.games.black_ops import loadout_fan

    game = BlackOps(load_cards("black-ops"), Setup(NAMES[:4], {"search_and_destroy": "limit"}), seed=0)
    game.act(Action.of("deal"))
    game.act(next(a for a in game.decision().actions if a.type == "trade"))
    assert game.view(None).info["trader"] == 3 and game.view(None).info["target"] == 0
    for width in range(24, 51):
        lines = [line.plain for line in loadout_fan(game.view(0), 0, width, height)]
        assert all(len(line) <= width for line in lines), (width, lines)
        assert any("Computer 4" in line for line in lines), (width, lines)


@pytest.mark.parametrize("size", [(200, 60), (120, 40)], ids=["200x60", "120x40"])
@pytest.mark.parametrize("held", [1, 6])
async def test_the_hand_box_is_as_wide_as_its_cards_and_the_last_moves_take_the_rest(size, held):
    """The fresh tester at 200×60: "Your Care Packages" was a box of about 80 columns × 25
    rows holding one card, beside a crowded "Last moves". The box is now as wide as its
    cards (and its title) need; the last moves take the rest; every card stays inside."""
    from cardtable.ui.games.black_ops import HandCard, decks_width
    from cardtable.ui.recent import RecentMoves

    app = make_app(StartRequest(game="black-ops", players=NAMES[:4], seed=0))
    async with app.run_test(size=size) as pilot:
        screen = await _asked_on_own_screen(app, pilot)
        game = screen.session.game
        game._draw_cp(0, held - len(game.hands[0]), "for the test")
        game.invalidate()
        screen.redraw()
        lines = await settled_lines(app, pilot)
        grid, moves = screen.query_one("#bo-hand-cards"), screen.query_one("#bo-recent", RecentMoves)
        cards = list(screen.query(HandCard))
        assert len(cards) == held and all(grid.content_region.contains_region(c.region) for c in cards)
        used = max(c.region.right for c in cards) - grid.content_region.x  # the columns the cards take
        assert grid.region.width <= max(used + 2, len("Your Care Packages") + 6), (grid.region.width, used, "\n".join(lines))
        assert lines[grid.region.y][grid.region.x : grid.region.right].startswith("╭─ Your Care Packages ─"), lines[grid.region.y]
        foot = size[0] - decks_width(size[0])
        assert moves.region.width == foot - grid.region.width, (moves.region.width, grid.region.width)


SEVEN_REPLACED = ("concussion", "acog-sight", "emp", "semtex", "extended-mag", "nova-gas", "acog-sight", "red-dot-sight")


async def test_seven_replaced_care_packages_are_counted_in_whole_words_at_120x40():
    """A fresh tester at 120×40: a Load Out with 7 replaced Care Packages drew 4 cards and a
    "…" card. The fan now draws no "…" (the Load Out and the newest cards that fit), and
    the words under it say how many were replaced and which card is on top, whole, with the
    total."""
    app = make_app(StartRequest(game="black-ops", players=NAMES[:4], seed=5))
    async with app.run_test(size=(120, 40)) as pilot:
        await _to_window(players=NAMES[:4])(pilot)
        screen = app.screen
        game = screen.session.game
        seat = _stack_on_first_load_out(game, len(SEVEN_REPLACED), SEVEN_REPLACED)
        game.invalidate()
        screen.redraw()
        lines = await settled_lines(app, pilot)
        assert screen.has_class("-roomy")
        tile = next(t for t in screen.query(SeatTile) if t.seat == seat)
        rows = [lines[y][tile.region.x : tile.region.right] for y in range(tile.region.y, tile.region.bottom)]
        inside = " ".join(" ".join(row.strip("┃│║ ") for row in rows).split())
        assert "…" not in inside, "\n".join(rows)
        assert f"7 Care Packages replaced · Red Dot Sight (+2) on top = {game.final_value(seat)}" in inside, "\n".join(rows)
        assert not _box_problems(lines, tile), "\n".join(rows)
