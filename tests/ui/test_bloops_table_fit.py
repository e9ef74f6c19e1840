"""Bloops' roomy table laid out for fresh testers (issue 14): with six players and an area
grown to 20 cards at 120×40 the window's options scrolled ("more below") under the areas;
with five players and a grown area the cards were drawn 5 cells wide ("12★" cut, no room
for a word) where the width had room for wider ones; the piles jumped from one prompt to
the next (10×4 cells in the counter-discard window, 14×11 at the reveal of a wrong claim)."""

from __future__ import annotations

import re

from bloops_growth import grown_game, push_table

from cardtable.ui import StartRequest, make_app
from cardtable.ui.testing import settled_lines

SIX = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def _window(names, least: int):
    """A game of ``names`` in a counter-discard window (every claim, the pass and the BLOOPS!
    call), Ann's area grown to at least ``least`` positions."""
    return grown_game(names, least, lambda game, decision: decision.kind == "window" and len(decision.actions) == len(names) + 2 and game.moves > 12)


def _card_widths(lines: list[str], region) -> list[int]:
    """The widths (cells) of the cards drawn in ``region`` (an area's box): each card's top
    border, from its corner to its corner, with its position in it."""
    found = []
    for line in lines[region.y : region.bottom]:
        found += [len(m.group(0)) for m in re.finditer(r"[╭┏][─━]*\d+[─━]*[╮┓]", line[region.x : region.right])]
    return found


async def _all_options_shown(app, pilot, table, decision) -> str:
    lines = await settled_lines(app, pilot)
    screen = "\n".join(lines)
    for action in decision.actions:
        assert action.label in screen, f"{action.label!r} is not on screen:\n{screen}"
    assert "more below" not in screen, screen
    for seat in range(len(table.session.game.players)):  # no area's box is cut
        box = table.query_one(f"#bl-area-{seat}").region
        assert lines[box.bottom - 1][box.x] == "╰", f"box {seat + 1} is cut:\n{screen}"
    foot = table.query_one("#bl-bottom").region
    assert lines[foot.bottom - 1].lstrip().startswith("╰"), f"the foot is cut:\n{screen}"
    return screen


async def test_six_players_and_a_grown_area_leave_every_window_option_on_screen():
    game = _window(SIX, 20)
    decision = game.decision()
    app = make_app(StartRequest())
    async with app.run_test(size=(120, 40)) as pilot:
        table = await push_table(app, pilot, game)
        assert table.has_class("-roomy")
        await _all_options_shown(app, pilot, table, decision)


async def test_five_players_and_a_grown_area_get_cards_wide_enough_for_their_faces():
    game = _window(SIX[:5], 7)
    decision = game.decision()
    app = make_app(StartRequest())
    async with app.run_test(size=(120, 40)) as pilot:
        table = await push_table(app, pilot, game)
        screen = await _all_options_shown(app, pilot, table, decision)
        lines = screen.split("\n")
        for seat in range(5):
            widths = _card_widths(lines, table.query_one(f"#bl-area-{seat}").region)
            assert widths and min(widths) >= 8, f"cards {widths} cells wide in box {seat + 1}:\n{screen}"


async def test_the_piles_keep_their_size_from_one_prompt_to_the_next():
    """The window (eight options), Ann's claim (a position each) and the reveal of her
    wrong card (one option): the discard pile does not change, nor do the piles' boxes."""
    game = _window(SIX[:5], 0)
    top = game.view(None).zone("discard").top.face
    wrong = next(p for p, c in enumerate(game.areas[0].cards, 1) if c.defn.value != top.value)
    app = make_app(StartRequest())
    async with app.run_test(size=(120, 40)) as pilot:
        table = await push_table(app, pilot, game)
        seen = []
        for key in (None, "1", str(wrong)):
            if key is not None:
                await pilot.press(key)
                await pilot.pause(0.3)
            await settled_lines(app, pilot)
            seen.append((table.session.visible_decision().kind, [tuple(table.query_one(f"#bl-{pile}").region) for pile in ("draw", "discard", "drawn")]))
        assert [kind for kind, _ in seen] == ["window", "counter", "reveal"], seen
        assert all(boxes == seen[0][1] for _, boxes in seen), seen


async def test_the_piles_keep_their_size_as_the_discard_pile_grows():
    """The same table at 120×40 with one card on the discard pile and with six: the fanned
    discard pile keeps the room of its five fanned cards from the start, so neither the
    piles' cards nor the drawn card beside it move as the pile grows."""
    names = SIX[:4]
    seen = []
    for least in (1, 6):
        game = grown_game(names, 0, lambda game, decision: decision.kind == "window" and len(game.view(None).zone("discard").cards) == least and all(len(game.view(None).zone(f"area:{s}").cards) == 6 for s in range(4)))
        app = make_app(StartRequest())
        async with app.run_test(size=(120, 40)) as pilot:
            table = await push_table(app, pilot, game)
            await settled_lines(app, pilot)
            seen.append([tuple(table.query_one(f"#bl-{pile}").region) for pile in ("draw", "discard", "drawn")])
    assert seen[0] == seen[1], seen
