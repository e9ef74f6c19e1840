"""A 7 or 8's look through the screens (ruling 15, issue 14): the player who discarded it
still holds the device from their drawn card, so the choice of card and its face follow
with no second privacy screen (a fresh tester found that hand-over to the same person
redundant); a claimant who looks after a counter-discard is a different person and gets
the device behind a privacy screen before the choice; the face is only ever on the
looker's screen."""

from __future__ import annotations

from cardtable.engine import Action, Setup, load_cards
from cardtable.engine.session import Session
from cardtable.engine.testing import StackedRandom
from cardtable.games.bloops import Bloops
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.bloops import BloopsTable
from cardtable.ui.news import NewsScreen
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import screen_text

ANN, BOB = 0, 1
WORDS = {0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 7: "seven", 12: "twelve"}


def _game(ann: list[int], bob: list[int], draw: list[int]) -> Bloops:
    """Ann and Bob dealt ``ann``/``bob`` (positions 1–6), the draw pile then ``draw`` (top
    first), both first looks confirmed: Ann has drawn."""
    order = [WORDS[area[p]] for p in range(6) for area in (ann, bob)] + [WORDS[v] for v in draw]
    game = Bloops(load_cards("bloops"), Setup(("Ann", "Bob"), Bloops.default_options(2)), seed=0, rng=StackedRandom(shuffles=[order]))
    for _ in range(2):
        game.act(Action.of("remember"))
    return game


async def _play(pilot, kind: str, **args) -> None:
    """Press the keys of the option of the decision on screen that matches ``kind``/``args``."""
    screen = pilot.app.screen
    assert isinstance(screen, BloopsTable), type(screen).__name__
    decision = screen.session.visible_decision()
    action = next(a for a in decision.actions if a.type == kind and all(a.get(k) == v for k, v in args.items()))
    await pilot.press(*screen.keys_for(action))
    await pilot.pause()


def _table(app) -> BloopsTable:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, BloopsTable))


def _faces_only_for(app, seat: int) -> None:
    """Every face on the table is one ``seat`` may see, and the screen is ``seat``'s view."""
    table = _table(app)
    assert table.session.screen_seat() == seat
    game = table.session.game
    for (zone, position), defn in table.faces_drawn.items():
        cards = game.zones[zone]
        card = cards.top if position == 0 else cards.cards[position - 1]
        assert card is not None and card.defn == defn and card.visible_to(seat), (zone, position)


async def test_the_player_who_discards_a_seven_looks_with_no_second_hand_over():
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        game = _game([1, 2, 3, 4, 5, 0], [5, 4, 3, 2, 1, 0], [7, 12, 12])
        app.push_screen(BloopsTable(Session(game)))
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player == "Ann"
        await pilot.press("enter")
        await pilot.pause()
        _faces_only_for(app, ANN)
        assert ("drawn", 0) in app.screen.faces_drawn, "Ann sees the 7 she drew"
        await _play(pilot, "discard")
        assert game.phase == "peek-player"
        assert isinstance(app.screen, BloopsTable), "a hand-over to Ann, who holds the device"
        _faces_only_for(app, ANN)
        assert "(only Ann may look)" in screen_text(app)
        await _play(pilot, "peek-player", target=BOB)
        assert isinstance(app.screen, BloopsTable), "a hand-over to Ann, who holds the device"
        await _play(pilot, "peek", position=3)
        assert game.phase == "peek-ack"
        assert isinstance(app.screen, BloopsTable), "a second privacy screen for Ann's look"
        _faces_only_for(app, ANN)
        assert app.screen.faces_drawn[("area:1", 3)].value == 3, "Ann sees Bob's card"
        await _play(pilot, "remember")
        assert game.phase == "window" and isinstance(app.screen, BloopsTable)
        assert _table(app).session.screen_seat() is None, "the window is public"
        assert ("area:1", 3) not in app.screen.faces_drawn
        text = screen_text(app)
        assert "Ann looks at Bob's card at position 3." in text, "everyone sees which card"
        await _play(pilot, "pass")  # P: nobody claims
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player == "Bob", "Bob draws next: a hand-over"


async def test_a_claimant_who_looks_after_a_counter_discard_gets_the_device_first():
    app = make_app(StartRequest())
    async with app.run_test(size=(80, 24)) as pilot:
        game = _game([1, 2, 3, 4, 5, 0], [7, 4, 3, 2, 1, 0], [7, 12, 12, 12])
        app.push_screen(BloopsTable(Session(game)))
        await pilot.pause()
        await pilot.press("enter")  # Ann takes the device
        await pilot.pause()
        await _play(pilot, "discard")
        await _play(pilot, "peek-player", target=ANN)
        await _play(pilot, "peek", position=1)
        await _play(pilot, "remember")
        assert game.phase == "window"
        await _play(pilot, "claim", seat=BOB)
        await _play(pilot, "counter", position=1)  # Bob's 7 on the 7: his look (ruling 17)
        assert game.phase == "peek-player" and game.actor == BOB
        if isinstance(app.screen, NewsScreen):  # the counter-discard is news for everyone
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player == "Bob", "Ann held the device: pass it to Bob"
        assert "Ann's card" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        _faces_only_for(app, BOB)
        await _play(pilot, "peek-player", target=ANN)
        await _play(pilot, "peek", position=2)
        assert isinstance(app.screen, BloopsTable) and game.phase == "peek-ack"
        _faces_only_for(app, BOB)
        assert app.screen.faces_drawn[("area:0", 2)].value == 2
