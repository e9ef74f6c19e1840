"""The table flow through the real screens: privacy screens, a whole Cold War game by key
presses, leaving and resuming, the rules and log keys."""

from __future__ import annotations

from cardtable.engine.saves import list_saves, read_save
from cardtable.games.cold_war import short
from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.menu import MenuScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.rules import RulesScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import play_through, private_faces, screen_text, settled_lines

COLD_WAR = StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11)


def table_of(app) -> TableScreen:
    """The table screen in the stack (a privacy screen or dialog may be above it)."""
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


async def test_privacy_screen_hides_every_private_card():
    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        game = table_of(app).session.game
        faces = private_faces(game, short)
        assert faces, "the TARGET holds two private cards"
        text = screen_text(app)
        assert "Pass to" in text and "look away" in text
        assert not [f for f in faces if f in text]
        assert "Coin flip" in text, "the opening coin flip is shown"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        target = game.target
        left, right = game.hands[target].cards
        assert short(left.defn) in text and short(right.defn) in text, "the TARGET now sees both hands"


async def test_spy_screen_never_shows_the_targets_cards():
    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the TARGET takes the device
        await pilot.press("3")  # steady stare: the SPY's public turn follows
        await pilot.pause()
        game = app.screen.session.game
        assert game.phase == "bet"
        text = screen_text(app)
        for card in game.hands[game.target]:
            assert short(card.defn) not in text and card.defn.name not in text


async def test_a_whole_cold_war_game_through_the_screens_and_its_statistics(cardtable_home):
    """A whole game by key presses (no private card on a privacy screen), its game-over
    screen and save; then the menu's statistics count it. (One game for what were two
    tests, each playing this same game: the suite's time, issue 13 item 8.)"""
    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_through(app, pilot, label=short)
        assert isinstance(app.screen, GameOverScreen)
        assert seen["privacy"] >= 3 and seen["table"] >= 9
        game = app.screen.session.game
        outcome = game.outcome()
        text = "\n".join(await settled_lines(app, pilot))  # the frames are held until the reveal is fitted
        assert "game over" in text and outcome.summary in text
        assert "All-time Cold War" in text, "the game-over screen shows the all-time statistics"
        box = app.screen.query_one("#over-box")
        assert box.has_focus, "the arrows scroll a result taller than the terminal"
        saves = list(cardtable_home.glob("saves/*.jsonl"))
        assert len(saves) == 1 and read_save(saves[0]).over
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        assert "Statistics" in text and "Ann" in text and "Bob" in text and "Cold War" in text, f"the statistics screen:\n{text}"
        winner = game.players[min(outcome.winners)]
        assert winner in text, f"the winner {winner} is not in the statistics:\n{text}"


async def test_leave_and_resume_loses_nothing(cardtable_home):
    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ("enter", "2", "1", "2"):  # glance, bet HIGHER, pick right
            await pilot.press(key)
        await pilot.pause()
        game = table_of(app).session.game
        snapshot, moves = game.snapshot(), game.moves
        await pilot.press("q")
        await pilot.pause()
        assert "cardtable resume" in screen_text(app), "the dialog says how to go on from the shell"
        await pilot.press("y")
        await pilot.pause()
    # started from the shell (--game), leaving returns to the shell
    assert app.return_code == 0 and not app.is_running
    (info,) = list_saves()
    assert info.moves == moves == 3 and info.players == ("Ann", "Bob")

    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert "Cold War" in screen_text(app) and "3 moves" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert table_of(app).session.game.snapshot() == snapshot


async def test_rules_and_log_keys():
    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "Data Breach" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("l")
        await pilot.pause()
        text = screen_text(app)
        assert "Coin flip" in text and ("[only Bob]" in text or "[only Ann]" in text)


async def test_the_target_reacts_in_public_and_the_spy_turns_the_coin_over():
    """Ruling 5 (issue 12.6): bet, the TARGET's public reaction (no hand-over, no cards on
    screen), then the SPY may change the bet before the pick locks it; no undo is needed."""
    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "1")  # the TARGET's glance: a hand-over follows, no undo
        await pilot.pause()
        screen = app.screen
        game = screen.session.game
        await pilot.press("1")  # bet HIGHER
        await pilot.pause()
        assert app.screen is screen, "the reaction needs no privacy screen"
        assert game.phase == "react" and "react to HIGHER" in screen_text(app)
        text = screen_text(app)
        for card in game.hands[game.target]:
            assert short(card.defn) not in text, "the TARGET reacts from memory: no card on screen"
        await pilot.press("6")  # rolls their eyes
        await pilot.pause()
        text = screen_text(app)
        assert game.phase == "pick" and "rolls their eyes" in text and "Turn the coin over: bet LOWER instead" in text
        await pilot.press("3")
        await pilot.pause()
        assert game.bet == "lower" and game.phase == "react", "the TARGET reacts again to the new bet"
        assert not screen.session.can_undo


async def test_the_reveal_is_shown_to_both_players_before_the_hand_over():
    """Issue 12.7: the pick, a Cold War chain and its result are news on a public box over
    the public table, before "Pass to …"; the table draws the chain and the collections."""
    from cardtable.engine import Setup, load_cards
    from cardtable.engine.session import Session
    from cardtable.engine.testing import StackedRandom
    from cardtable.games.cold_war import ColdWar
    from cardtable.ui.games.cold_war import ColdWarTable
    from cardtable.ui.news import NewsScreen

    deck = ["seven-of-clubs", "seven-of-hearts", "three-of-diamonds", "nine-of-spades", "jack-of-hearts", "ace-of-spades", "four-of-clubs", "five-of-clubs"]
    game = ColdWar(load_cards("cold-war"), Setup(("Ann", "Bob")), 0, rng=StackedRandom(shuffles=[deck], randoms=[0.1]))
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ColdWarTable(Session(game)))
        await pilot.pause()
        await pilot.press("enter", "3", "1", "5", "1")  # glance, HIGHER, a stare, the left card
        await pilot.pause()
        assert isinstance(app.screen, NewsScreen), "the news comes before the privacy screen"
        text = screen_text(app)
        for line in ("Ann picks the left card: 7♥ on 7♣.", "COLD WAR!", "DATA BREACH #1!", "then pass to Bob"):
            assert line in text, f"{line!r} missing:\n{text}"
        assert "7♣  ▸  7♥  ▸  9♠  ▸  J♥  ▸  A♠" in text, f"the chain is drawn on the table:\n{text}"
        assert "Ann  5  A♠" in text, "Ann's collection: five cards, the ace on top"
        for card in game.hands[game.target]:
            assert short(card.defn) not in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player == "Bob"


async def test_a_long_chain_keeps_its_result_whole_on_the_roomy_table():
    """A fresh tester at 120×40 read "Last reveal: Queen of Hearts > … > King of Clubs  COLD
    WAR x3  LOWER wa": the caption over a long chain was cut, and its result with it. The
    cards are now named by their corners when their names do not fit, so the result (ruling
    9) is whole within the table's width."""
    from cardtable.engine import Setup, load_cards
    from cardtable.engine.session import Session
    from cardtable.engine.testing import StackedRandom
    from cardtable.games.cold_war import ColdWar
    from cardtable.ui.cards import FanWidget
    from cardtable.ui.games.cold_war import ColdWarTable, trail_result

    deck = ["seven-of-clubs", "seven-of-hearts", "three-of-diamonds", "nine-of-spades", "jack-of-hearts", "ace-of-spades", "four-of-clubs", "five-of-clubs"]
    game = ColdWar(load_cards("cold-war"), Setup(("Ann", "Bob")), 0, rng=StackedRandom(shuffles=[deck], randoms=[0.1]))
    app = make_app(StartRequest())
    async with app.run_test(size=(120, 40)) as pilot:
        table = ColdWarTable(Session(game))
        app.push_screen(table)
        await pilot.pause()
        await pilot.press("enter", "3", "1", "5", "1")  # glance, HIGHER, a stare, the left card
        await pilot.pause()
        view = table.session.view()
        result = trail_result(view["trail"], view["last"])
        assert len(view["trail"]) == 5 and result, view["trail"]
        caption = table.query_one("#cw-chain", FanWidget)._caption
        assert caption.plain.endswith(result) and caption.cell_len <= table.table_width() - 2, (caption.plain, table.table_width())
        assert "7♣ ▸ 7♥ ▸ 9♠ ▸ J♥ ▸ A♠" in caption.plain, caption.plain


async def test_a_double_tap_does_not_make_the_next_players_move(monkeypatch):
    monkeypatch.setenv("CARDTABLE_INPUT_GRACE", "5")
    app = make_app(COLD_WAR)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the TARGET takes the device; keys wait a moment
        await pilot.press("1")
        assert table_of(app).session.game.phase == "glance", "too soon after the hand-over"
        table_of(app)._ready_at = 0
        await pilot.press("1", "1")  # the glance, and a second tap meant for nothing
        await pilot.pause()
        game = table_of(app).session.game
        assert game.phase == "bet" and game.bet is None, "the SPY's bet was not made by the TARGET's double tap"


def test_the_resume_hint_names_the_command_as_it_was_typed(monkeypatch, tmp_path):
    from cardtable.ui.app import shell_command

    script = tmp_path / ".venv" / "bin" / "cardtable"
    monkeypatch.setattr("sys.argv", [str(script), "--game", "bloops"])
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    assert shell_command() == str(script), "not on the PATH: the path typed"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", str(script.parent))
    assert shell_command() == "cardtable", "on the PATH: its name"
    monkeypatch.setattr("sys.argv", ["/somewhere/cardtable/__main__.py"])
    assert shell_command() == "python -m cardtable"


async def test_the_same_decision_twice_in_a_row_can_be_answered(draw_race):
    """Issue 12.1: an equal decision after an answered one must still take keys (the panel
    and the screen agree on which decision object is on screen)."""
    app = make_app(StartRequest(game="draw-race", players=("Ann", "Bob"), seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for turn in range(6):
            game = table_of(app).session.game
            assert game.turn == turn
            await pilot.press("1")
            await pilot.pause()
        assert isinstance(app.screen, GameOverScreen), "six equal-looking draws, then the end"


async def test_just_happened_fits_80x24_and_keeps_the_newest_moves():
    """Issue 12.5: after an elimination discarded ten Care Packages the list overflowed the
    screen; now it lists the newest lines that fit, and "Press Enter" stays on screen."""
    from textual.app import App

    lines = ["Ann plays Tomahawk on the Load Out of Bob, who is now out of the game with no Health left."]
    lines += [f"Bob's Care Package number {n} (a long name: Red Dot Sight +2) goes to the discard pile." for n in range(1, 11)]
    lines += ["Cat reveals the Event of the next round, which changes how Care Packages are played."]

    class One(App):
        def on_mount(self) -> None:
            self.push_screen(PrivacyScreen("Cat", "Black Ops", lines))

    for size in ((80, 24), (100, 40)):
        app = One()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            text = screen_text(app)
            rows = text.splitlines()
            assert len(rows) <= size[1]
            assert "Press Enter when you are Cat." in text, f"the prompt is pushed off at {size}:\n{text}"
            assert "Pass to Cat" in text
            assert "Care Packages are played." in text, "the newest move is listed"
            screen = app.screen
            assert screen.left_out > 0 if size == (80, 24) else True
            if screen.left_out:  # lines it was given, so ``l`` lists them
                assert any(f"… {screen.left_out} {words} — l lists them …" in text for words in ("more", "earlier lines"))
            shown_numbers = [n for n in range(1, 11) if f"number {n} " in text]
            assert shown_numbers == list(range(11 - len(shown_numbers), 11)), "the newest ones, not the oldest"


def test_fit_recent_keeps_the_first_move_when_there_is_room():
    from cardtable.ui.privacy import fit_recent

    lines = ["Ann bets HIGHER.", *(f"turned {n}" for n in range(8)), "Wrong bet!"]
    text, left_out = fit_recent(lines, 60, 6)
    assert text.splitlines() == ["· Ann bets HIGHER.", "  … 5 more in the log …", "· turned 5", "· turned 6", "· turned 7", "· Wrong bet!"]
    assert left_out == 5
    assert fit_recent(lines[:3], 60, 6) == ("· Ann bets HIGHER.\n· turned 0\n· turned 1", 0)
    text, left_out = fit_recent(["x " * 200], 20, 3)
    assert len(text.splitlines()) == 3 and text.endswith("…") and left_out == 0
