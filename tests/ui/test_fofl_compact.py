"""FOFL's compact table (80×24) as fresh testers found it: beside the log the boards hid
every card in play and the status line stopped mid-sentence (tester5); the hand line broke a
card's name over two lines and marked no unplayable card until the play menu was open
(tester5); a card's key in "Play which card?" changed between two visits (tester4, F17)."""

from __future__ import annotations

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.fofl import hand_keys, wrapped_forms
from cardtable.ui.testing import settled_lines
from cardtable.ui.widgets import DecisionPanel
from rich.text import Text
from test_fofl_look import first_turn  # tests/ui is on the path
from test_fofl_ui import place


def fofl(seed: int) -> StartRequest:
    return StartRequest(game="fofl", players=("You", "Computer 2"), seed=seed)


def hand_rows(lines: list[str]) -> list[str]:
    """The rows of the hand line (from "Your hand:" to the decision panel), left of the log."""
    start = next(i for i, line in enumerate(lines) if "Your hand:" in line)
    rows = []
    for line in lines[start:]:
        if line.lstrip().startswith("╭"):
            break
        rows.append(line.split("▏", 1)[0].strip())
    return rows


async def test_beside_the_log_every_card_in_play_and_the_whole_status_are_on_screen():
    """tester5's position (seed 3): Cyberspace and The Godfather on Red, System Admin and
    three ANFOFL Volunteers on Blue; with the log open at 80×24 every card in play is named
    on the table, on the turn menu and in the play menu, and the status line's phrases are
    whole."""
    app = make_app(fofl(3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await first_turn(pilot)
        for cid, seat in (("cyberspace", 0), ("the-godfather", 0), ("system-admin", 1), *((("anfofl-volunteer", 1),) * 3)):
            place(game, cid, seat)
        game.invalidate()
        screen.redraw()
        await pilot.press("l")
        for menu in ("turn", "play"):
            if menu == "play":
                await pilot.press("1")
            lines = await settled_lines(app, pilot)
            boards = [line.split("▏", 1)[0] for line in lines[: next(i for i, l in enumerate(lines) if "╭" in l)]]
            text = "\n".join(boards)
            for name in ("Cyberspace", "The Godfather", "System Admin", "ANFOFL Volunteer"):
                assert name in text, f"{name} is not on the table ({menu} menu):\n" + "\n".join(lines)
            assert " ".join(status_rows(lines)).startswith("Turn 1: You — 2 plays left,")


def status_rows(lines: list[str]) -> list[str]:
    """The status line's rows: below the title, above the boards (rows with "▕"), left of the log."""
    rows = []
    for line in lines[1:]:
        if "▕" in line:
            break
        rows.append(" ".join(line.split("▏", 1)[0].split()))
    return rows


async def test_beside_the_log_the_status_line_is_never_cut_mid_sentence():
    """After The Godfather is played, "Last: You played The Godfather." does not fit beside
    the log with the rest: it is left out whole (the log has it), not cut after "The"."""
    app = make_app(fofl(3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await first_turn(pilot)
        await pilot.press("l", "1", "1")  # the log; Play a card; The Godfather (the first card)
        await pilot.pause()
        assert "The Godfather" in [c.defn.name for c in game.zones["people:0"]]
        rows = status_rows(await settled_lines(app, pilot))
        status = " ".join(rows)
        assert len(rows) <= 2 and status.startswith("Turn 1: You — 1 play left,"), rows
        assert "Last:" not in status or "Last: You played The Godfather." in status, f"cut: {rows}"


async def test_the_hand_line_breaks_only_between_cards_and_shows_every_card():
    """Beside the log (36 columns) the six cards of seed 3's first hand take three rows; each
    row holds whole names only."""
    app = make_app(fofl(3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await first_turn(pilot)
        names = [c.defn.name for c in game.zones["hand:0"]]
        for key in ("", "l"):
            if key:
                await pilot.press(key)
            rows = hand_rows(await settled_lines(app, pilot))
            pieces = [p.strip().removeprefix("✗") for row in rows for p in row.removeprefix("Your hand:").split(" ·") if p.strip()]
            assert pieces == names, f"hand rows {rows} for the hand {names}"


def test_wrapped_forms_break_only_between_parts():
    forms = wrapped_forms(Text("Hand: "), [("", Text("Chav Tribe Leader")), (" · ", Text("Big Brother")), (" · ", Text("Drone"))])
    assert [f.plain for f in forms] == [
        "Hand: Chav Tribe Leader · Big Brother · Drone",
        "Hand: Chav Tribe Leader · Big Brother ·\nDrone",
        "Hand: Chav Tribe Leader ·\nBig Brother · Drone",
        "Hand: Chav Tribe Leader ·\nBig Brother ·\nDrone",
    ]


async def test_the_turn_menu_marks_the_unplayable_cards_in_the_hand():
    """Seed 7: Proxy (nothing to aim at) and Hack (no hacker) cannot be played, other cards
    can: the hand line marks the two on the turn menu, before "Play a card" is opened."""
    app = make_app(fofl(7))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await first_turn(pilot)
        assert screen.session.visible_decision().kind == "turn"
        unplayable = {name for name, _ in game.unplayable(0)}
        assert unplayable == {"Proxy", "Hack"}
        line = " ".join(hand_rows(await settled_lines(app, pilot)))
        assert "✗Proxy" in line and "✗Hack" in line and "✗Chav" not in line, line


async def test_a_card_keeps_its_key_in_the_play_menu_after_another_card_is_played():
    """Seed 7: Ann's hand is Chav, Adobe Photoshop CS3, Drone, Proxy, Hack, Cyberspace. The
    play menu gives Cyberspace a key; Chav (before it in the hand) is played; on the next
    visit the same key still plays Cyberspace (it was 4, then 3)."""
    app = make_app(StartRequest(game="fofl", players=("Ann", "Bob"), seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await first_turn(pilot)
        panel = screen.query_one(DecisionPanel)

        def key_of(name: str) -> str:
            return next(k for k, a in zip(panel.keys, panel.actions) if a.label.startswith(name))

        await pilot.press("1")  # Play a card
        await pilot.pause()
        cyberspace = key_of("Cyberspace")
        await pilot.press(key_of("Chav"))
        await pilot.pause()
        assert "Chav" in [c.defn.name for c in game.zones["people:0"]]
        await pilot.press("1")  # Play a card again
        await pilot.pause()
        assert key_of("Cyberspace") == cyberspace
        await pilot.press(cyberspace)
        await pilot.pause()
        assert "Cyberspace" in [c.defn.name for c in game.zones["places:0"]]


def test_hand_keys_follow_the_card_not_the_place():
    from cardtable.engine import Action

    def menu(hand, playable):
        actions = [Action.of("play", name, card=hand.index(name)) for name in playable] + [Action.of("back", "← Back")]
        return actions, tuple(str(i + 1) for i in range(len(actions)))

    kept: dict[str, str] = {}
    hand = ["A", "B", "C", "D"]
    actions, keys = menu(hand, ["A", "C", "D"])
    assert hand_keys(actions, keys, hand, kept) == ("1", "3", "4", "5")
    hand = ["B", "C", "D", "E"]  # A played, E drawn
    actions, keys = menu(hand, ["B", "C", "E"])
    assert hand_keys(actions, keys, hand, kept) == ("2", "3", "5", "6")
