"""Combat Cards' public counts and warbands on the compact table, as a fresh tester (tester 5)
found them at 80×24: the hand sizes and played piles of the other players were nowhere on
the table although ruling 12 makes them public; the round's winning warband was cut with
"…" while a losing one above it was wrapped whole; with the log open every warband shrank
to "green = 8"."""

from __future__ import annotations

import random

import pytest
from test_layout_sizes import _region_text, random_walk
from textual.app import App

from cardtable.engine import new_game
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.combat_cards import WarbandTable
from cardtable.ui.testing import screen_lines

TESTER = ("Maximilianaa", "Computer 2", "Computer 3", "Computer 4", "Computer 5", "Computer 6")


def seat_rows(rows: list[str], players) -> dict[int, list[str]]:
    """The players' table's rows (header first) by seat: a player's line and the lines that
    go on under it (they start with blanks)."""
    owned: dict[int, list[str]] = {}
    seat = None
    for row in rows[1:]:
        named = [s for s, name in enumerate(players) if row[2:].startswith(name + " ")]
        if named:
            seat = named[0]
            owned[seat] = [row]
        elif seat is not None and row.strip():
            owned[seat].append(row)
    return owned


# ---------------------------------------------------------------- ruling 12 at 80×24
@pytest.mark.parametrize("players", [3, 6])
async def test_every_hand_and_played_pile_is_counted_on_the_compact_table(players):
    """At 80×24 the players' table showed each player's draw pile, but neither how many
    cards they hold nor their played pile (ruling 12: "the number of cards in every hand
    and draw pile ... and every card that has left the game" are public). Every player's
    line now has the Hand and Out counts under their headers, and where a player's line
    has room (no warband laid yet) their last warband out of the game, its top card last
    (every card of it: ``test_combat_cards_last_out``)."""
    names = TESTER[:players]
    app = make_app(StartRequest(game="combat-cards", players=names, seed=5))
    seen = {"out": 0, "top": 0}

    def check(screen) -> None:
        if screen.has_class("-roomy") or not screen.query_one("#cc-table").display:
            return
        view = screen.session.view()
        rows = _region_text(screen_lines(app), screen.query_one("#cc-table").region)
        head = rows[0]
        assert " Hand " in head and " Out " in head, head
        hand_end = head.index(" Hand ") + len(" Hand")
        out_end = head.index(" Out ") + len(" Out")
        owned = seat_rows(rows, view.players)
        assert set(owned) == set(range(players)), rows
        for seat, lines in owned.items():
            line = lines[0]
            hand = view.zone(f"hand:{seat}").count
            out = view.zone(f"out:{seat}")
            assert line[hand_end - 2 : hand_end].strip() == str(hand), (seat, head, line)
            assert line[out_end - 3 : out_end].strip() == str(out.count), (seat, head, line)
            seen["out"] += out.count
            if "· out: " in line:  # the last warband out of the game (its top card last)
                band = WarbandTable.last_warband(view, seat)
                words = line.split("· out: ", 1)[1].strip()
                assert band and band[-1] == out.cards[-1].face, (seat, band, out.cards[-1])
                assert f"  · out: {words}" in WarbandTable.out_forms(view, seat), (seat, line)
                seen["top"] += 1

    async with app.run_test(size=(80, 24)) as pilot:
        await random_walk(app, pilot, check, moves=5 * players + 6)
    assert seen["out"] and seen["top"], seen


# ---------------------------------------------------------------- the table alone, at a width
class TableAlone(App):
    """A players' table ``width`` cells wide on a screen of its own (its lines are not
    wrapped, as ``combat_cards.tcss`` draws them)."""

    CSS = "WarbandTable { text-wrap: nowrap; text-overflow: ellipsis; }"

    def __init__(self, table: WarbandTable, width: int) -> None:
        super().__init__()
        self.table, self.width = table, width

    def compose(self):
        self.table.styles.width = self.width
        yield self.table


async def drawn(game, seat, width: int, spare: int) -> list[str]:
    """The players' table of ``game`` (``seat``'s view) drawn ``width`` cells wide with
    ``spare`` lines to spare, as text rows."""
    table = WarbandTable(game.cardset)
    app = TableAlone(table, width)
    async with app.run_test(size=(width, 30)) as pilot:
        await pilot.pause()
        table.show(game.view(seat), spare)
        await pilot.pause()
        return [line for line in screen_lines(app) if line.strip()]


def whole(lines: list[str], names) -> bool:
    text = " ".join(lines)
    return all(name in text for name in names)


def played_to(players, seed: int, stop):
    """A game of ``players`` played at random (seeded) until ``stop(game)``; ``None`` when
    it ends first."""
    game = new_game("combat-cards", list(players), seed=seed)
    rng = random.Random(seed)
    while (decision := game.decision()) is not None:
        if stop(game):
            return game
        game.act(rng.choice(decision.actions))
    return None


async def test_the_rounds_winner_gets_the_spare_line_before_the_players_before_it():
    """The fresh tester, 6 players at 80×24: the winner's warband read "7 Looted…  3
    Gork's…" while Computer 5's warband, above it, was wrapped whole onto the one spare
    line. The round's result names the winner's warband: the spare line is theirs first
    (whole where two lines hold it, else shortened less)."""

    def at_result(game) -> bool:
        return game.decision().kind == "result" and game.result["winner"] is not None

    checked = 0
    for seed in range(40):
        game = played_to(TESTER, seed, at_result)
        if game is None:
            continue
        winner = game.result["winner"]
        order = [s for s in game.view(0)["participants"]]
        names = {s: [c.defn.name for c in game.warbands[s]] for s in order}
        tight = seat_rows(await drawn(game, 0, 80, 0), game.players)
        cut = [s for s in order if not whole(tight[s], names[s])]
        # the case: the winner is cut on one line, and a player before them is cut too
        if winner not in cut or cut[0] == winner:
            continue
        roomy = seat_rows(await drawn(game, 0, 80, 1), game.players)
        table = "\n".join(sum(roomy.values(), []))
        assert len(roomy[winner]) == 2 and all(len(roomy[s]) == 1 for s in order if s != winner), table
        assert len(" ".join(roomy[winner]).replace("…", "")) > len(" ".join(tight[winner]).replace("…", "")), table
        checked += 1
        if checked == 2:
            break
    assert checked, "no position found"


async def test_warbands_beside_the_log_keep_their_names_while_a_player_chooses():
    """The fresh tester at 80×24 with the log open: "green = 8" — every warband on the table
    lost its units' names while they chose theirs (the player choosing took a line of its
    own for "choosing a warband…"). The tester's players, two warbands laid that each fit a
    line, and two lines to spare: each is named whole on the line under its player."""

    def two_laid(game) -> bool:
        decision = game.decision()
        return decision.kind == "warband" and sum(1 for s in range(3) if game.warbands[s]) == 2

    checked = 0
    for seed in range(20):
        game = played_to(("You", "Computer 2", "Computer 3"), seed, two_laid)
        if game is None:
            continue
        seat = game.decision().seat
        laid = [[c.defn for c in game.warbands[s]] for s in range(3) if game.warbands[s]]
        one_line = [4 + len(" ".join(f" {d.value} {d.name} " for d in defs)) + len(f"  = {sum(d.value for d in defs)} points") for defs in laid]
        if max(one_line) > 36:  # the units of a warband need two lines: two spare lines hold neither whole
            continue
        rows = await drawn(game, seat, 36, 2)
        owned = seat_rows(rows, game.players)
        for s in range(3):
            names = [c.defn.name for c in game.warbands[s]]
            if names:
                assert whole(owned[s], names), "\n".join(rows)  # beside the log no name is cut
        checked += 1
        if checked == 3:
            break
    assert checked == 3

