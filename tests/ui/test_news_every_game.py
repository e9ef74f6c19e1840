"""Issue 14: a public reveal or a round result stays on screen until a key is pressed (or a
short pause), before any hand-over and before a computer player's next move, in every game
(the news of each game: "News" in its ``cards_data/<game>.md``). Cold War's reveal before a
hand-over is in ``test_reveal_pause.py``, Bloops' BLOOPS! call in ``test_bloops_ui.py`` and
FOFL's attack in ``test_fofl_ui.py``; here the computer players' news, the watch mode's
timed pause and the key guard after a box that no hand-over follows."""

from __future__ import annotations

import random
import time

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.table import TableScreen, news_pause
from cardtable.ui.testing import private_faces, screen_text, wait_for_computers


@pytest.fixture(autouse=True)
def no_pace(monkeypatch):
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")


def table_of(app) -> TableScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


async def walk_to_news(app, pilot, *wanted: str, seed: int = 1, max_steps: int = 3000) -> NewsScreen:
    """Play random moves for the people (computer players move by themselves) until a news
    box holding one of ``wanted`` is on screen; boxes without it are passed with Enter."""
    rng = random.Random(seed)
    for _ in range(max_steps):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, NewsScreen):
            if any(w in line for line in screen.news for w in wanted):
                return screen
            await pilot.press("enter")
            continue
        if isinstance(screen, PrivacyScreen):
            await pilot.press("enter")
            continue
        assert not isinstance(screen, GameOverScreen), f"the game ended without news of {wanted!r}"
        await random_move(pilot, screen, rng)
    raise AssertionError(f"no news of {wanted!r}")


async def random_move(pilot, screen: TableScreen, rng: random.Random) -> None:
    """The person's move at random by its keys, or, when no person decides, wait for the
    computer players' move."""
    decision = screen.session.visible_decision()
    if decision is None:
        await wait_for_computers(pilot, screen)
        return
    for key in screen.keys_for(decision.actions[rng.randrange(len(decision.actions))]):
        await pilot.press(key)


def check_public(app, box: NewsScreen) -> None:
    """The box's lines are public news of the log, and no card face a seat keeps hidden
    is on screen beyond what those lines name (the table under it is the looker's own)."""
    game = table_of(app).session.game
    public_news = [e.text for e in game.log.entries if e.public and e.news]
    assert all(line in public_news for line in box.news), box.news
    text = screen_text(app)
    seat = table_of(app).session.screen_seat()
    mine = {c.defn.name for c in game.all_cards() if seat is not None and seat in c.known}
    for face in private_faces(game) - mine:
        assert face not in text or any(face in line for line in box.news), f"{face!r} with the news:\n{text}"


async def test_combat_cards_a_computer_players_winning_round_waits_for_a_key():
    """The computer wins a round and leads next: its "next" would clear the warbands at
    once; the result stays in a box (the round is not cleared) until Ann presses Enter."""
    app = make_app(StartRequest(game="combat-cards", players=("Ann", "Computer 2"), seed=3, computers={1: "random"}))
    async with app.run_test(size=(80, 24)) as pilot:
        box = await walk_to_news(app, pilot, "Computer 2 won round")
        game = table_of(app).session.game
        assert game.phase == "result" and game.decision().seats == (1,), "the computer leads next"
        assert "Computer 2 won round" in screen_text(app) and box.public is False
        check_public(app, box)
        await pilot.pause(0.3)  # the computer's pace is 0: only the box holds the table
        assert isinstance(app.screen, NewsScreen) and game.phase == "result"
        assert any(game.warbands[s].count for s in range(2)), "the warbands are still on the table"
        await pilot.press("enter")
        await wait_for_computers(pilot, table_of(app))
        assert game.phase != "result", "after the key the computer clears the table"


async def test_combat_cards_a_result_for_a_person_to_clear_needs_no_box():
    """Between people the public result decision is itself the pause: no box, the result
    stays on the table until the next lead presses a key."""
    app = make_app(StartRequest(game="combat-cards", players=("Ann", "Bob"), seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        rng = random.Random(2)
        for _ in range(200):
            await pilot.pause()
            screen = app.screen
            assert not isinstance(screen, NewsScreen), "a box over a result that waits for a person anyway"
            if isinstance(screen, PrivacyScreen):
                await pilot.press("enter")
                continue
            decision = screen.session.visible_decision()
            if decision.kind == "result":
                assert "wins" in decision.prompt or "Tie" in decision.prompt or "Nobody" in decision.prompt
                assert decision.prompt.split(".")[0] in " ".join(screen_text(app).split())
                return
            for key in screen.keys_for(decision.actions[rng.randrange(len(decision.actions))]):
                await pilot.press(key)
    raise AssertionError("no round result")


async def test_black_ops_the_end_of_a_round_waits_before_a_computer_deals():
    """Health lost (or nobody losing any) is news: when a computer player deals next, the
    box holds the scored round on the table until Ann's key."""
    app = make_app(StartRequest(game="black-ops", players=("Ann", "Computer 2", "Computer 3"), seed=4, computers={1: "random", 2: "random"}))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(12):
            box = await walk_to_news(app, pilot, "Health")
            game = table_of(app).session.game
            if game.decision() is None or game.decision().seats[0] != 0:
                break
            await pilot.press("enter")  # Ann deals herself: try the next round
        assert game.phase == "deal" and game.decision().seats[0] in (1, 2), "a computer deals next"
        check_public(app, box)
        round_no = game.round
        await pilot.pause(0.3)
        assert isinstance(app.screen, NewsScreen) and game.round == round_no, "the computer dealt under the news"
        await pilot.press("enter")
        await wait_for_computers(pilot, table_of(app))
        assert game.round == round_no + 1 or game.decision() is None


async def test_cold_war_a_computer_spys_reveal_waits_for_the_person():
    """One person against a computer: no hand-over, but the computer's reveal stays until a
    key before Ann's next decision; the box over her own view does not invite others."""
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Computer 2"), seed=5, computers={1: "random"}))
    async with app.run_test(size=(80, 24)) as pilot:
        box = await walk_to_news(app, pilot, "Computer 2 picks")
        check_public(app, box)
        assert "everyone may look" not in screen_text(app)
        moves = table_of(app).session.game.moves
        await pilot.pause(0.3)
        assert isinstance(app.screen, NewsScreen) and table_of(app).session.game.moves == moves
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_bloops_a_computers_claim_swap_or_call_is_news_for_the_person():
    app = make_app(StartRequest(game="bloops", players=("Ann", "Computer 2", "Computer 3"), seed=6, computers={1: "random", 2: "random"}))
    async with app.run_test(size=(80, 24)) as pilot:
        box = await walk_to_news(app, pilot, "Computer 2 swaps", "Computer 3 swaps", "Computer 2 counter-discards", "Computer 3 counter-discards", "Computer 2 calls BLOOPS!", "Computer 3 calls BLOOPS!")
        check_public(app, box)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not box and not isinstance(app.screen, PrivacyScreen)


async def test_fofl_a_fight_or_a_loss_is_news_for_the_person():
    app = make_app(StartRequest(game="fofl", players=("Ann", "Computer 2"), seed=1, computers={1: "random"}))
    async with app.run_test(size=(80, 24)) as pilot:
        box = await walk_to_news(app, pilot, " deals ", "is destroyed", "Coin flip", "changes sides")
        check_public(app, box)
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, PrivacyScreen), "one person: never a hand-over"


async def test_watching_computers_the_news_goes_by_itself(monkeypatch):
    """With nobody but computer players the news box stays for ``news_pause`` and goes on by
    itself: the game ends with no key pressed."""
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0.02")
    assert news_pause(0.02) == pytest.approx(0.06) and news_pause(0) == 0
    shown: list[NewsScreen] = []
    original = NewsScreen.on_mount

    def counted(self):
        shown.append(self)
        original(self)

    monkeypatch.setattr(NewsScreen, "on_mount", counted)
    app = make_app(StartRequest(game="combat-cards", players=("Computer 1", "Computer 2"), seed=3, computers={0: "random", 1: "random"}))
    async with app.run_test(size=(80, 24)) as pilot:
        deadline = time.monotonic() + 90
        while not isinstance(app.screen, GameOverScreen):
            assert time.monotonic() < deadline, "the watched game stalled"
            await pilot.pause(0.02)
    assert shown, "the round results were shown"
    assert all(box.pause == pytest.approx(0.06) for box in shown), "a timed pause, no key"


async def test_a_key_that_dismisses_the_news_does_not_also_make_the_next_move(monkeypatch):
    """No hand-over follows this box (one person against a computer), so the table itself
    drops the keys that go on arriving: a double Enter on the box makes no move."""
    monkeypatch.setenv("CARDTABLE_PRIVACY_GUARD", "0.5")
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Computer 2"), seed=5, computers={1: "random"}))
    now = [0.0]
    app.clock = lambda: now[0]
    async with app.run_test(size=(80, 24)) as pilot:
        rng = random.Random(1)
        for _ in range(400):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, NewsScreen):
                if table_of(app).session.visible_decision() is not None:
                    break  # Ann decides next: a key could reach her decision
                now[0] += 1.0
                await pilot.press("enter")
                continue
            decision = screen.session.visible_decision()
            if decision is None:
                await wait_for_computers(pilot, screen)
                continue
            now[0] += 1.0  # Ann takes her time: the guards are long over
            for key in screen.keys_for(decision.actions[rng.randrange(len(decision.actions))]):
                await pilot.press(key)
        assert isinstance(app.screen, NewsScreen)
        await pilot.press("enter")  # inside the box's guard: dropped
        assert isinstance(app.screen, NewsScreen)
        now[0] += 1.0
        await pilot.press("enter")  # dismisses the box
        await pilot.pause()
        table = table_of(app)
        assert app.screen is table
        moves = table.session.game.moves
        await pilot.press("enter", "enter")  # the same hand, bouncing: dropped by the table
        await pilot.pause()
        assert table.session.game.moves == moves, "a key meant for the news made a move"
        now[0] += 1.0
        decision = table.session.visible_decision()
        if decision is not None:
            for key in table.keys_for(decision.actions[0]):
                await pilot.press(key)
            await pilot.pause()
            assert table.session.game.moves > moves, "after the guard keys play again"


async def test_cold_war_the_persons_own_wrong_bet_waits_before_their_next_decision():
    """One person against a computer: Ann's own pick on a wrong bet makes her the TARGET, and her
    next decision (the glance) is her own. The round's result ("Wrong bet! …") is public
    news and stays up first, as after the computer's picks; it used to appear only after
    the glance."""
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Computer 2"), seed=5, computers={1: "random"}))
    rng = random.Random(3)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(600):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, (NewsScreen, PrivacyScreen)):
                await pilot.press("enter")
                continue
            assert not isinstance(screen, GameOverScreen), "the game ended before Ann's wrong bet"
            decision = screen.session.visible_decision()
            if decision is None:
                await wait_for_computers(pilot, screen)
                continue
            game = screen.session.game
            picking = decision.kind == "pick" and decision.seats == (0,)  # the pick locks the bet
            logged = len(game.log.entries)
            for key in screen.keys_for(decision.actions[rng.randrange(len(decision.actions))]):
                await pilot.press(key)
            await pilot.pause()
            if picking and any(e.text.startswith("Wrong bet!") for e in game.log.entries[logged:]):
                break
        else:
            pytest.fail("Ann never bet wrong")
        box = app.screen
        assert isinstance(box, NewsScreen), f"Ann's next decision came before her wrong bet's news: {type(box).__name__}"
        assert any(line.startswith("Wrong bet!") for line in box.news)
        check_public(app, box)
        await pilot.press("enter")
        await pilot.pause()
        assert table_of(app).session.visible_decision().kind == "glance"


async def test_bloops_a_computers_swap_stays_up_before_a_window_a_computer_closes(monkeypatch):
    """A fresh tester: Computer 3's 9 swapped Ann's card, and the window that followed, which
    the active computer closes by itself after a countdown, was the only stop: the swap left
    the screen with the window, unless Ann read it in time. Ruling 19: news waits for a key
    before a computer player's move, and closing the window is one. So the box comes first
    here; the window's countdown starts after it. (Games from seed 1 on, until a computer
    discards a 9 and swaps, from seed 26 on: seed 26 is the first of
    20 on with a computer's swap before its window.)"""
    from cardtable.ui import table

    monkeypatch.setattr(table, "window_time", lambda pace=0.8: 30.0)
    for seed in range(26, 40):
        if await _a_computers_swap_was_held(seed):
            return
    raise AssertionError("no swap by a computer in 14 games")


async def _a_computers_swap_was_held(seed: int) -> bool:
    """Play one game (Ann at random, ``seed``) until a computer's swap is news before its
    window: True when a box holds it (no countdown under it), False when the game ends
    first; ``AssertionError`` when the window comes without the box."""
    app = make_app(StartRequest(game="bloops", players=("Ann", "Computer 2", "Computer 3"), seed=seed, computers={1: "random", 2: "random"}))
    rng = random.Random(seed)
    in_a_box: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3000):
            await pilot.pause()
            tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
            if not tables:
                return False  # the game is over
            screen, game = app.screen, tables[-1].session.game
            news = [e.text for e in game.log.entries if e.public and e.news]
            swap = news[-1] if news and news[-1].startswith("Computer") and " swaps " in news[-1] else None
            waits = swap is not None and game.phase == "window" and game.active != 0
            if isinstance(screen, NewsScreen):
                in_a_box.update(screen.news)
                if waits:
                    assert swap in screen.news and screen.pause is None, screen.news
                    assert tables[-1]._window_note is None, "no countdown under the box"
                    return True
                await pilot.press("enter")
                continue
            if waits and swap not in in_a_box:
                raise AssertionError(f"{swap!r} not held in a box before the window; on screen: {type(screen).__name__}")
            if isinstance(screen, PrivacyScreen):
                await pilot.press("enter")
                continue
            if not isinstance(screen, TableScreen):
                return False
            if screen._window_note is not None:
                await pilot.press("space")  # another window: no need to wait out its countdown
                continue
            await random_move(pilot, screen, rng)
    return False
