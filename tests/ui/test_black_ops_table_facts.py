"""Public facts of Black Ops' table that a fresh tester (tester5) found missing: the
reveal's recap in the Care Package window at 80×24 on a player's own view (ruling 9), the
Care Package counts and Specialists of the one-line seats beside the log at 80×24 (ruling
18), and the trades of the roomy seat tiles at 120×40."""

from __future__ import annotations

import re

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import screen_lines


@pytest.fixture(autouse=True)
def _fast(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    monkeypatch.setenv("CARDTABLE_INPUT_GRACE", "0")
    monkeypatch.setenv("CARDTABLE_PRIVACY_GUARD", "0")


def _app(players: int, seed: int = 11):
    """You and ``players - 1`` random computer players."""
    names = ("You",) + tuple(f"Computer {n}" for n in range(2, players + 1))
    return make_app(StartRequest(game="black-ops", players=names, seed=seed, computers={s: "random" for s in range(1, players)}))


async def _until(pilot, stop, moves: int = 80):
    """Play You's first option (news and privacy screens passed) until ``stop(screen)``;
    returns that table screen."""
    app = pilot.app
    for _ in range(moves):
        await pilot.pause(0.2)
        screen = app.screen
        if isinstance(screen, (NewsScreen, PrivacyScreen)):
            await pilot.press("enter")
            continue
        decision = screen.session.visible_decision()
        if decision is None:
            continue
        if stop(screen):
            return screen
        for key in screen.keys_for(decision.actions[0]):
            await pilot.press(key)
    raise AssertionError("the position never came")


def _window_open(screen) -> bool:
    decision = screen.session.visible_decision()
    return decision.kind == "claim" and bool(screen.session.view().info["recap"])


def _flat(app) -> str:
    return " ".join(" ".join(screen_lines(app)).split())


@pytest.mark.parametrize("players", [3, 5])
async def test_the_reveals_recap_is_on_the_table_when_the_window_opens_at_80x24(players):
    """Tester5 at 80×24 (You and four computers): when the Care Package window opened, the
    recap of the reveal ("Revealed. Drew Care Packages: Computer 3 +2 (match, Gun Game),
    ...") was only in the log, the line under the tiles showing You's hand. Ruling 9: the
    table shows the recap when the window opens. Now both are there, the hand whole."""
    app = _app(players)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _until(pilot, _window_open)
        await pilot.pause(0.2)
        view = screen.session.view()
        assert view.seat == 0, "You's own view"
        text = _flat(app)
        recap = " ".join(view.info["recap"].split())
        assert recap in text, f"the recap {recap!r} is not on the table:\n" + "\n".join(screen_lines(app))
        hand = [c.face for c in view.zone("hand:0").cards]
        assert all(card.name in text for card in hand), "\n".join(screen_lines(app))


async def test_one_line_seats_beside_the_log_keep_their_care_package_counts_at_80x24():
    """Tester5, 8 players at 80×24 with the log open: each seat's line was "Computer 2 ♥♥♥♥
    ▒▒▒ face down ▒▒▒", no Care Package count (public, ruling 18) though two cells were
    free, and the player's own hand was cut to "Bartholomewz's 2 Care Packages: -3 …" when
    it had one row. A back is now "face down" before a count goes, and the hand line has
    forms without the owner's name; the decks keep their discard piles when the line
    wraps anyway."""
    from cardtable.ui.games.black_ops import PlayerTile

    problems, seen = [], 0

    def check(screen) -> bool:
        nonlocal seen
        view = screen.session.view()
        for tile in screen.query(PlayerTile):
            if not (tile.display and tile.one_line and tile.seat is not None) or not view.info["alive"][tile.seat]:
                continue
            card = view.zone(f"loadout:{tile.seat}").top
            if tile.seat == view.seat or (card is not None and card.face is not None):
                continue  # a weapon's name comes before the count (test_a_seat_on_one_line_keeps_its_load_outs_weapon_name)
            seen += 1
            text = tile.render().plain
            if f"{view.zone(f'hand:{tile.seat}').count} CP" not in text:
                problems.append(f"move {screen.session.game.moves}: {text!r} has no count")
        hand = screen.query_one("#bo-hand").render().plain
        if view.seat is not None:
            for card in view.zone(f"hand:{view.seat}").cards:
                if str(card.face.get("short") or card.face.name) not in hand and card.face.name not in hand:
                    problems.append(f"move {screen.session.game.moves}: {card.face.name} is not in {hand!r}")
        counts = screen.query_one("#bo-deck-counts").render().plain
        if "(" not in counts:
            problems.append(f"move {screen.session.game.moves}: no discard piles in {counts!r}")
        return screen.session.game.moves > 40

    app = make_app(StartRequest(game="black-ops", players=("Bartholomewz",) + tuple(f"Computer {n}" for n in range(2, 9)), seed=11, computers={s: "random" for s in range(1, 8)}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("l")
        await pilot.pause(0.2)
        try:
            await _until(pilot, check, moves=40)
        except AssertionError:
            pass  # the walk ran its moves
    assert seen >= 10
    assert not problems, "\n".join(problems[:8])


def test_a_two_card_hand_on_one_row_of_36_cells_names_both_cards():
    """Tester5 beside the log at 80×24: "Bartholomewz's 2 Care Packages: -3 …", the second
    card (Tak-5) cut off while deciding. The shortest forms leave the owner's name out."""
    from cardtable.engine import load_cards
    from cardtable.ui.games.black_ops import fit_lines, hand_forms

    cards = {c.name: c for c in load_cards("black-ops").cards}
    hand = [cards["Semtex"], cards["Tak-5"]]
    line = fit_lines(hand_forms(hand, frozenset()), 36, 1).plain
    assert "…" not in line, line
    # "Your Care Packages: Semtex · Tak-5" fits now that "Your" stands for the name (then,
    # only the shortest forms did: each card by its effect, "-3")
    for card in hand:
        assert card.name in line or str(card.get("short")) in line, line
    line = fit_lines(hand_forms(hand, frozenset()), 30, 1).plain
    assert "…" not in line and all(str(card.get("short")) in line for card in hand), line


async def test_both_players_of_a_trade_say_so_on_their_roomy_tiles_at_120x40():
    """Tester5 at 120×40 with 8 players: "Computer 5 and Computer 6 trade Load Outs." did
    not fit whole in the 12 cells beside either face-down card, so both tiles were blank
    (the next player's "keeps their Load Out" stood beside its card). A trade is now written
    on each tile from its player's side, "traded with Computer 6", and a seat's own moves
    drop its name (the tile's title says it)."""
    from cardtable.ui.games.black_ops import SeatTile, seat_moves

    names = ("Bartholomewz",) + tuple(f"Computer {n}" for n in range(2, 9))
    app = make_app(StartRequest(game="black-ops", players=names, seed=7))
    checked, problems = 0, []
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(60):
            await pilot.pause(0.1)
            screen = app.screen
            if isinstance(screen, (NewsScreen, PrivacyScreen)):
                await pilot.press("enter")
                continue
            await pilot.pause(0.1)
            view = screen.session.view()
            for tile in screen.query(SeatTile):
                if tile.seat is None:
                    continue
                moves = seat_moves(view, tile.seat)
                newest = moves[-1] if moves else ""
                if newest.endswith(" trade Load Outs."):
                    other = newest.removesuffix(" trade Load Outs.").split(" and ")
                    other.remove(names[tile.seat])
                    checked += 1
                    text = " ".join(re.sub(r"[\u2500-\u257f▒]", " ", tile.render().plain).split())  # the words beside the card
                    if f"traded with {other[0]}" not in text:
                        problems.append(f"{names[tile.seat]}'s tile says nothing of {newest!r}: {text!r}")
            decision = screen.session.visible_decision()
            action = next((a for a in decision.actions if a.type in ("trade", "give") or a.role), decision.actions[0])
            for key in screen.keys_for(action):
                await pilot.press(key)
            if checked >= 6:
                break
    assert checked >= 6, checked
    assert not problems, "\n".join(problems[:6])
