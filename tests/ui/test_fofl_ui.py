"""FOFL vs ANFOFL through the real screens: a whole game by key presses (privacy screens
included), the setup screen's deck choice, the card-text screen, and snapshots at 80×24."""

from __future__ import annotations

import pytest

from cardtable.engine import Decision
from cardtable.engine.saves import read_save
from cardtable.ui import StartRequest, make_app
from cardtable.ui.gameover import GameOverScreen
from cardtable.ui.games.fofl import CardTextScreen, FoflTable
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.setup import SetupScreen
from cardtable.ui.table import TableScreen
from cardtable.ui.testing import screen_text, settled_lines

SIZE = (80, 24)


def fofl(seed: int = 7) -> StartRequest:
    return StartRequest(game="fofl", players=("Ann", "Bob"), seed=seed)


def table_of(app) -> TableScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


def secret_names(game) -> set[str]:
    """Names of private cards (face down, known to somebody) that are not public knowledge
    either: no card of that name lies face up, nor is it named in the public log (a played
    card is named in public; a second copy in hand is then no secret)."""
    public_text = " ".join(e.text for e in game.log.entries if e.public)
    face_up = {c.defn.name for c in game.all_cards() if c.up}
    names = set()
    for card in game.all_cards():
        if card.up or not card.known:
            continue
        name = card.defn.name
        if name not in face_up and name not in public_text:
            names.add(name)
    return names


def check_hand_line(game, viewer: int | None, text: str) -> None:
    """The public table shows no hand; a private one shows exactly the viewer's hand."""
    if viewer is None:
        assert "Your hand:" not in text, f"a hand on the public table:\n{text}"
        return
    line = " ".join(text.split("Your hand:", 1)[1].split("╭", 1)[0].split())
    shown = [] if line == "empty" else [name.removeprefix("✗") for name in line.split(" · ")]  # ✗: cannot be played now
    assert shown == [c.defn.name for c in game.zones[f"hand:{viewer}"]], f"hand line {shown} for seat {viewer}"


def aggressive(decision: Decision) -> int:
    """A quick game: attack (Websites first), then play cards, then end the turn; never Back."""
    labels = [a.label for a in decision.actions]

    def first(*prefixes: str) -> int | None:
        for prefix in prefixes:
            for i, label in enumerate(labels):
                if label.startswith(prefix):
                    return i + 1
        return None

    if decision.kind == "turn":
        return first("Attack", "Play a card", "Use an ability", "End your turn") or len(labels)
    if decision.kind == "attack_with":
        return first("FOFL", "ANFOFL", "Forum") or 1
    if decision.kind in ("guard", "redirect", "tescos", "search", "recover"):
        return 1
    usable = [i + 1 for i, label in enumerate(labels) if not label.startswith(("← Back", "Cancel"))]
    return usable[0] if usable else 1


async def play_game(app, pilot, choose=aggressive, max_steps: int = 1500) -> dict[str, int]:
    """Press keys until the game is over, checking every privacy screen and news box for
    secret cards and the table's hand line (none in public, exactly the viewer's hand in
    private). The views themselves are covered by the leak test of the playouts. Returns
    counts of the screens."""
    seen = {"privacy": 0, "table": 0, "public": 0, "news": 0}
    for _ in range(max_steps):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return seen
        if isinstance(screen, (PrivacyScreen, NewsScreen)):  # news: fights and losses, in public
            seen["privacy" if isinstance(screen, PrivacyScreen) else "news"] += 1
            game = table_of(app).session.game
            text = screen_text(app)
            leaked = [n for n in secret_names(game) if n in text]
            assert not leaked, f"private cards {leaked} on the {type(screen).__name__}:\n{text}"
            await pilot.press("enter")
            continue
        assert isinstance(screen, TableScreen), type(screen).__name__
        seen["table"] += 1
        decision = screen.session.visible_decision()
        assert decision is not None, "a table screen without a decision"
        viewer = screen.session.screen_seat()
        if viewer is None:
            seen["public"] += 1
        if seen["table"] % 5 == 0 or viewer is None:
            check_hand_line(screen.session.game, viewer, screen_text(app))
        number = choose(decision)
        for key in screen.keys_for(decision.actions[number - 1]):  # "End your turn" is e
            await pilot.press(key)
    raise AssertionError("the game did not end through the screens")


async def test_a_whole_game_through_the_screens(cardtable_home):
    app = make_app(fofl(83))  # a game Red wins by destroying ANFOFL (Websites drawn and played)
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_game(app, pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert seen["privacy"] >= 4 and seen["table"] >= 20
        assert seen["news"] >= 1, "the fights of the game were news"
        game = app.screen.session.game
        outcome = game.outcome()
        text = "\n".join(await settled_lines(app, pilot))  # the frames are held until the reveal is fitted
        assert "game over" in text and outcome.summary[:40] in text
        assert outcome.winners == {0} and "ANFOFL was destroyed" in outcome.summary
        saves = list(cardtable_home.glob("saves/*.jsonl"))
        assert len(saves) == 1 and read_save(saves[0]).over


async def test_the_opponents_reaction_is_asked_in_public_between_privacy_screens():
    """Ann attacks Bob's ANFOFL while a Forum is in play: Bob answers on the public table,
    then the device goes back to Ann behind a privacy screen."""
    app = make_app(fofl(7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = table_of(app)
        game = screen.session.game
        from cardtable.engine import Action

        ann, bob = 0, 1
        mafia = game.make_cards([game.cardset["godzilla"]])[0]
        forum = game.make_cards([game.cardset["forum"]])[0]
        anfofl = next(c for c in game.all_cards() if c.defn.id == "anfofl")  # from Bob's deck (ruling 1)
        game.enter_play(anfofl, bob)
        for card, seat in ((mafia, ann), (forum, bob)):
            game._cards[card.uid] = card
            game.owner[card.uid] = seat
            game.enter_play(card, seat)
        game.entered[mafia.uid] = 0
        game.invalidate()
        for label in ("Attack", "Godzilla", "ANFOFL"):
            action = next(a for a in game.decision().actions if a.label.startswith(label))
            screen.play(action)
            await pilot.pause()
        assert game.decision().kind == "redirect"
        assert isinstance(app.screen, TableScreen) and screen.session.screen_seat() is None
        text = screen_text(app)
        assert "Bob to choose" in text and "Send the attack to Forum" in text
        assert "Your hand" not in text, "the public table shows no hand"
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, NewsScreen), "the attack's result is news before the hand-over"
        text = screen_text(app)
        assert "Godzilla deals" in text and "Forum" in text and "Pass to Ann" not in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and "Pass to Ann" in screen_text(app)
        assert Action  # the import documents what screen.play receives


async def test_setup_offers_one_deck_per_seat_red_then_blue():
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.pause()
        from cardtable.engine import get

        app.push_screen(SetupScreen(get("fofl")))
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#opt-deck-0").value == "red"
        assert screen.query_one("#opt-deck-1").value == "blue"
        screen.query_one("#opt-deck-1").value = "red"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "one Red deck and one Blue deck" in screen_text(app)
        screen.query_one("#opt-deck-0").value = "blue"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        game = table_of(app).session.game
        assert game.sides == ["blue", "red"] and game.active == 1


async def test_card_texts_screen_shows_only_what_the_player_may_see():
    app = make_app(fofl(7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, CardTextScreen)
        text = screen_text(app)
        game = table_of(app).session.game
        assert "Your hand" in text and "can attack" in text
        first = game.zones["hand:0"].cards[0].defn
        assert first.name in text
        for card in game.zones["hand:1"]:
            if card.defn.name not in {c.defn.name for c in game.zones["hand:0"]} and card.defn.name not in ("FOFL", "ANFOFL"):
                assert f"{card.defn.name} ({card.defn.colour}," not in text, f"{card.defn.name} of Bob's hand"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, FoflTable)


async def test_the_board_shows_values_marks_and_pilots():
    app = make_app(fofl(7))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = table_of(app)
        game = screen.session.game
        placed = {cid: place(game, cid, seat) for cid, seat in (("outer-space", 0), ("interceptor", 0), ("drone", 0), ("lightsaber", 0), ("sidious", 0), ("godzilla", 1))}
        game.board_pilot(placed["drone"], placed["interceptor"])
        game.attached[placed["lightsaber"].uid] = placed["sidious"].uid
        game.invalidate()
        screen.redraw()
        await pilot.pause()
        text = screen_text(app)
        lines = text.splitlines()
        ship = next(i for i, line in enumerate(lines) if "Interceptor P3 T6/6" in line)
        assert lines[ship + 1].strip().startswith("pilots: Drone")
        assert "Sidious P2 T5/5 ⚔✦ +Lightsaber T3/3" in text, "Outer Space: 4 + 2 - 4; it can attack Godzilla"
        assert "Godzilla P2 T8/8" in text


def place(game, cid: str, seat: int):
    """Put a new card of ``cid`` into play on ``seat``'s side, ready to act."""
    card = game.make_cards([game.cardset[cid]])[0]
    game._cards[card.uid] = card
    game.owner[card.uid] = seat
    game.enter_play(card, seat)
    game.entered[card.uid] = 0
    return card


async def test_the_board_shows_every_public_fact_at_80x24():
    """Issue 12: whom Proxy and System Admin guard, a card Antivirus switched off, Items on a
    pilot, the order Locations were played in, and damage as left/full, on the 80×24 screen."""
    app = make_app(fofl(7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = table_of(app)
        game = screen.session.game
        assert "FOFL not in play: cannot be hit" in screen_text(app) and "ANFOFL not in play: cannot be hit" in screen_text(app)
        fofl_site, anfofl_site = place(game, "fofl", 0), place(game, "anfofl", 1)
        admin = place(game, "system-admin", 0)
        game.guards[anfofl_site.uid] = admin.uid
        proxy = place(game, "proxy", 1)
        game.proxies[proxy.uid] = anfofl_site.uid
        place(game, "antivirus", 1)
        place(game, "reproducer", 0)
        place(game, "outer-space", 1)
        place(game, "school-yard", 0)
        ship, drone, sabre = place(game, "interceptor", 0), place(game, "drone", 0), place(game, "lightsaber", 0)
        game.attached[sabre.uid] = drone.uid
        game.board_pilot(drone, ship)
        game.damage[fofl_site.uid] = 4
        game.damage[admin.uid] = 1
        game.invalidate()
        screen.redraw()
        await pilot.pause()
        text = screen_text(app)
        assert "not in play" not in text
        red, blue = board_columns(text)
        assert "Website: FOFL T8/12" in red and "Websites: ANFOFL T12/12 · Proxy" in blue, "one card: the singular; two: the plural"
        assert "Person: System Admin P0 T2/3 ⚔ guards ANFOFL" in red, "Outer Space: 1 - 4 stops at 0"
        assert "Proxy T3/3 guards ANFOFL" in blue
        assert "Software: Reproducer off (Antivirus)" in red
        assert "Location: Outer Space #1" in blue and "Location: School Yard #2" in red
        # the pilot with its own numbers (t206, t207: "(Godzilla +Baseball Bat T4/4)" left the
        # pilot's out), then the Item it carries
        assert "Spacecraft: Interceptor P3 T6/6 pilots: Drone P1 T2/2 +Lightsaber T3/3" in red


def board_columns(text: str) -> tuple[str, str]:
    """The two boards of the FOFL screen as read on it (rows of the left and the right board,
    wrapped lines joined, runs of spaces as one)."""
    rows = [line.split("▕", 1) for line in text.splitlines() if "▕" in line]
    return tuple(" ".join(" ".join(row[k] for row in rows).split()) for k in (0, 1))


def test_the_status_line_warns_of_the_turn_limit_in_its_last_ten_turns():
    from cardtable.engine import new_game
    from cardtable.ui.games.fofl import status_text

    game = new_game("fofl", ["Ann", "Bob"], seed=1)
    game.turn = game.turn_limit - 10
    game.invalidate()
    assert "A draw after turn" not in status_text(game.view(0), game.cardset).plain
    game.turn += 1
    game.invalidate()
    assert "A draw after turn 200 (ruling 23)." in status_text(game.view(0), game.cardset).plain


# ------------------------------------------------------------------------------ snapshots


@pytest.mark.snapshot
def test_snapshot_privacy_screen(snap_compare):
    assert snap_compare(make_app(fofl(7)), terminal_size=SIZE)


@pytest.mark.snapshot
def test_snapshot_first_turn(snap_compare):
    assert snap_compare(make_app(fofl(7)), terminal_size=SIZE, press=["enter"])


@pytest.mark.snapshot
def test_snapshot_play_menu(snap_compare):
    assert snap_compare(make_app(fofl(7)), terminal_size=SIZE, press=["enter", "1"])


@pytest.mark.snapshot
def test_snapshot_mid_game(snap_compare):
    async def play(pilot):
        steps = 0
        while steps < 60:  # seed 20: Bob's fourth turn, both boards busy
            await pilot.pause()
            screen = pilot.app.screen
            if isinstance(screen, (PrivacyScreen, NewsScreen)):
                await pilot.press("enter")
                continue
            decision = screen.session.visible_decision()
            for key in screen.keys_for(decision.actions[aggressive(decision) - 1]):
                await pilot.press(key)
            steps += 1
        await pilot.pause()

    assert snap_compare(make_app(fofl(20)), terminal_size=SIZE, run_before=play)


@pytest.mark.snapshot
def test_snapshot_card_texts(snap_compare):
    assert snap_compare(make_app(fofl(7)), terminal_size=SIZE, press=["enter", "i"])


@pytest.mark.snapshot
def test_snapshot_game_over(snap_compare):
    async def finish(pilot):
        await play_game(pilot.app, pilot)
        await settled_lines(pilot.app, pilot)  # the frames are held until the reveal is fitted

    assert snap_compare(make_app(fofl(20)), terminal_size=SIZE, run_before=finish)


async def test_card_texts_opened_just_before_a_hand_over_close_before_the_next_player_looks():
    """A key read in the same burst as the move that hands over (the hostile tester's ``e``
    then ``i`` in one keystroke burst) opened the card texts of the player who was looking;
    the privacy screen went on top of them and Blu's Enter showed Red's hand. Every screen
    over the table now closes before the hand-over."""
    app = make_app(StartRequest(game="fofl", players=("Red", "Blu"), seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.3)
        await pilot.press("enter")
        table = table_of(app)
        await pilot.pause(1.2)
        table.action_card_texts()  # the key that came first in the burst
        await pilot.pause(0.2)
        assert isinstance(app.screen, CardTextScreen)
        end = next(a for a in table.session.visible_decision().actions if str(a.label) == "End your turn")
        table.play(end)  # the move read just before it
        await pilot.pause(0.3)
        assert not any(isinstance(s, CardTextScreen) for s in app.screen_stack)
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press("enter")
        await pilot.pause(1.0)
        assert not isinstance(app.screen, CardTextScreen)
        shown = screen_text(app)
        assert "Blu" in shown
        assert "the cards you can see" not in shown, "Red's card texts on Blu's screen"
        assert "(only Blu may look)" in shown
