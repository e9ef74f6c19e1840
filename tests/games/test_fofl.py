"""FOFL vs ANFOFL: the rulings of cards_data/fofl.md and a stacked scenario for every card.

Tables are built with ``fofl_table`` (exact cards in exact places, scripted coin flips).
Random playouts, the leak test and the illegal-action check are in ``test_fofl_playouts.py``.
"""

from __future__ import annotations

import pytest

from cardtable.engine import Action, IllegalAction, Setup, SetupError, load_cards
from cardtable.engine.testing import assert_no_leaks
from cardtable.games.fofl import TURN_LIMIT, Fofl
from fofl_table import ANN, BOB, HEADS, TAILS, end_turn, give, ids, labels, offered, pick, public, table


def home(game, seat):
    return next(c for c in game.zones[f"sites:{seat}"] if c.defn.id in ("fofl", "anfofl"))


# =============================================================================== ruling 1: setup


def test_by_default_own_websites_are_in_the_decks_and_nothing_starts_in_play():
    game = Fofl(load_cards("fofl"), Setup(("Ann", "Bob")), seed=0)
    assert game.option("websites") == "drawn"
    assert not game.zones["sites:0"] and not game.zones["sites:1"]
    assert len(game.zones["hand:0"]) == 6 and len(game.zones["hand:1"]) == 5
    assert len(game.zones["draw:0"]) == 40 - 6 and len(game.zones["draw:1"]) == 40 - 5
    for seat, own in ((ANN, "fofl"), (BOB, "anfofl")):
        assert [c.defn.id for z in ("draw", "hand") for c in game.zones[f"{z}:{seat}"]].count(own) == 1
    assert game.view(None)["homes"] == [False, False]


def test_a_drawn_own_website_is_played_from_hand_with_a_play():
    game = table(websites="drawn")
    fofl = give(game, ANN, "fofl", "hand")
    give(game, ANN, "order-66", "hand")
    give(game, ANN, "drone", "pile")
    assert game.play_problem(ANN, game.zones["hand:0"].cards[1]) == "FOFL must be in play"
    pick(game, "Play a card", "FOFL")
    assert game.zone_of(fofl) == "sites:0" and game.plays == ["fofl"]
    assert game.view(None)["homes"] == [True, False]
    assert game.play_problem(ANN, game.zones["hand:0"].cards[0]) is None, "now Order 66 can be played"


def test_a_side_without_its_website_in_play_cannot_lose_by_it():
    """Ruling 4: with no Website of its own in play, a side without blockers offers nothing to
    attack but People; at the end of the countdown its Website counts 0 (ruling 23)."""
    game = table(websites="drawn")
    give(game, ANN, "godzilla")
    give(game, BOB, "anfofl", "hand")
    assert not offered(game, "Attack"), "Bob has no Person and no Website in play"
    end_turn(game)
    assert game.countdown == 10
    for _ in range(10):
        end_turn(game)
    assert game.outcome().scores == (0, 0) and game.outcome().winners == {ANN, BOB}


def test_option_setup_own_websites_in_play_five_cards_each_and_red_first():
    game = table(keep=True)
    assert ids(game.zones["sites:0"]) == ["fofl"] and ids(game.zones["sites:1"]) == ["anfofl"]
    assert len(game.zones["hand:0"]) == 6, "Red drew five, then one for the first turn"
    assert len(game.zones["hand:1"]) == 5
    assert game.active == ANN and game.decision().seats == (ANN,)
    assert game.decision().kind == "turn" and game.decision().private
    assert len(game.zones["draw:0"]) == 40 - 1 - 6 and len(game.zones["draw:1"]) == 40 - 1 - 5


def test_blue_in_the_first_seat_still_lets_red_go_first():
    game = Fofl(load_cards("fofl"), Setup(("Ann", "Bob"), {"deck": ("blue", "red"), "websites": "setup"}), seed=3)
    assert game.sides == ["blue", "red"] and game.active == 1
    assert ids(game.zones["sites:0"]) == ["anfofl"]


def test_two_decks_of_one_side_are_refused():
    with pytest.raises(SetupError, match="one Red deck and one Blue deck"):
        Fofl(load_cards("fofl"), Setup(("Ann", "Bob"), {"deck": ("red", "red")}), seed=1)


def test_zone_labels_read_naturally_in_the_rulebook_words():
    """The fresh tester: areas were labelled "Ann's Websites (Red (FOFL))", nested
    parentheses (the game-over reveal printed "Websites (Red (FOFL)):"). A label is the
    player's and the area's rulebook name, nothing nested."""
    game = table()
    labels_ = {name: zone.label for name, zone in game.zones.items()}
    assert labels_["sites:0"] == "Ann's Websites" and labels_["people:1"] == "Bob's People"
    assert labels_["lasting:0"] == "Ann's Lasting Actions" and labels_["craft:1"] == "Bob's Spacecraft"
    assert not [label for label in labels_.values() if "(" in label]


def test_an_empty_draw_pile_gives_no_card_and_no_penalty():
    game = table()
    end_turn(game)
    assert game.active == BOB and not game.zones["hand:1"] and game.decision().seats == (BOB,)
    assert any("has no card to draw" in t for t in public(game))


# =============================================================================== ruling 2: a turn


def test_two_non_action_plays_per_turn_and_actions_unlimited():
    game = table()
    for cid in ("drone", "chav", "mafia"):
        give(game, ANN, cid, "hand")
    give(game, ANN, "blitzkrieg", "hand")
    give(game, ANN, "blitzkrieg", "hand")
    give(game, BOB, "school-yard")
    give(game, BOB, "hong-kong")
    pick(game, "Play a card", "Drone")
    pick(game, "Play a card", "Chav")
    pick(game, "Play a card")
    assert not offered(game, "Mafia"), "a third non-Action card may not be played"
    assert offered(game, "Blitzkrieg")
    pick(game, "Blitzkrieg", "School Yard")
    pick(game, "Play a card", "Blitzkrieg", "Hong Kong")
    assert not game.zones["places:1"]
    with pytest.raises(IllegalAction):
        game.act(Action.of("play", card=0))


def test_each_card_acts_once_per_turn_and_new_people_cannot_attack():
    game = table()
    veteran = give(game, ANN, "mafia")
    give(game, ANN, "drone", fresh=True)
    give(game, BOB, "civilian")
    give(game, BOB, "civilian")
    give(game, ANN, "hack", "pile")
    pick(game, "Attack")
    assert labels(game) == ["Mafia P2 T3/3", "← Back"], "the Drone came into play this turn"
    pick(game, "Mafia", "Civilian P1 T1/1 (Bob)")
    assert veteran.uid in game.used
    pick(game, "Use an ability")
    assert not offered(game, "Mafia") and offered(game, "Drone"), "new People may use abilities"


# =============================================================================== ruling 3: combat


def test_combat_is_simultaneous_and_damage_stays():
    game = table()
    sidious = give(game, ANN, "sidious")
    tsar = give(game, BOB, "the-tsar-of-russia")
    pick(game, "Attack", "Sidious", "The Tsar of Russia")
    assert game.toughness(tsar) == 5 - 4 and game.toughness(sidious) == 5 - 3
    end_turn(game)
    end_turn(game)
    assert game.toughness(tsar) == 1, "damage stays until healed"


def test_toughness_zero_destroys_and_goes_to_the_owners_discard_pile():
    game = table()
    give(game, ANN, "sidious")
    give(game, ANN, "drone")
    volunteer = give(game, BOB, "anfofl-volunteer")
    give(game, BOB, "triad")
    pick(game, "Attack", "Sidious", "ANFOFL Volunteer")
    assert game.zone_of(volunteer) == "discard:1"
    assert all(game.toughness(c) > 0 for c in game.play_cards())


# =============================================================================== ruling 4: winning


def test_destroying_anfofl_wins_for_red():
    game = table([TAILS])
    give(game, ANN, "godzilla")  # a strong attacker (colour does not matter for the test)
    game.damage[home(game, BOB).uid] = 8
    pick(game, "Attack", "Godzilla", "ANFOFL")
    assert game.decision() is None
    outcome = game.outcome()
    assert outcome.winners == {ANN} and "ANFOFL was destroyed" in outcome.summary


def test_the_final_scores_say_each_own_website_in_the_rulebooks_words():
    game = table([TAILS])
    give(game, ANN, "godzilla")
    game.damage[home(game, ANN).uid] = 3
    game.damage[home(game, BOB).uid] = 8
    full = game.max_toughness(home(game, ANN))
    pick(game, "Attack", "Godzilla", "ANFOFL")
    outcome = game.outcome()
    assert outcome.scores == (full - 3, 0)
    assert outcome.score_label == "Own Website"
    assert outcome.score_notes == (f"FOFL: {full - 3} of {full} toughness left", "ANFOFL: 0 toughness left — destroyed")


def test_an_own_website_never_played_is_said_so_in_the_final_scores():
    game = table(websites="drawn")
    give(game, BOB, "anfofl", "hand")
    assert not any(c.defn.id == "fofl" for c in game.zones["sites:0"])
    game._conclude_by_countdown()  # ruling 23: the war of attrition is over
    assert game.outcome().score_notes[0] == "FOFL: never played (counts 0)"


def test_losing_the_last_person_loses_but_a_side_without_people_never_did():
    game = table()
    give(game, ANN, "godzilla")
    civilian = give(game, BOB, "civilian")
    pick(game, "Attack", "Godzilla", "Civilian")
    assert game.zone_of(civilian) == "discard:1"
    assert game.outcome().winners == {ANN}
    assert "lost their last Person" in game.outcome().summary


def test_a_side_that_never_had_a_person_cannot_lose_that_way():
    game = table()
    give(game, ANN, "youtube")
    for _ in range(3):
        give(game, ANN, "hack", "pile")
    pick(game, "Use an ability", "YouTube")
    assert game.decision() is not None and not game.had_people[BOB]


def test_both_last_people_dying_at_once_is_a_draw():
    game = table()
    mafia = give(game, ANN, "mafia")
    game.damage[mafia.uid] = 2
    give(game, BOB, "civilian")
    pick(game, "Attack", "Mafia", "Civilian")
    outcome = game.outcome()
    assert outcome.winners == {ANN, BOB} and outcome.summary.startswith("A draw")


def test_returning_your_own_last_person_does_not_lose():
    game = table()
    give(game, BOB, "teleporter")
    give(game, BOB, "nightingale")
    end_turn(game)
    pick(game, "Use an ability", "Teleporter", "Nightingale")
    assert ids(game.zones["hand:1"]) == ["nightingale"]
    assert game.decision() is not None and game.people_count(BOB) == 0


# =============================================================================== ruling 5: Locations, latest first


def test_locations_apply_latest_first_and_power_stops_at_zero():
    game = table()
    mafia = give(game, ANN, "mafia")  # 2 power
    give(game, ANN, "school-yard", "hand")
    give(game, ANN, "outer-space", "hand")
    pick(game, "Play a card", "School Yard")
    pick(game, "Play a card", "Outer Space")
    assert game.power(mafia) == 2, "Outer Space (latest) first: 2-4 -> 0, then School Yard +2"
    game2 = table()
    mafia2 = give(game2, ANN, "mafia")
    give(game2, ANN, "outer-space", "hand")
    give(game2, ANN, "school-yard", "hand")
    pick(game2, "Play a card", "Outer Space")
    pick(game2, "Play a card", "School Yard")
    assert game2.power(mafia2) == 0, "School Yard first: 2+2=4, then Outer Space -4 -> 0"


# =============================================================================== ruling 6: playing vs putting into play


def test_cards_put_into_play_by_effects_use_no_play_and_ignore_the_lock():
    game = table()
    give(game, BOB, "reproducer")  # Bob's Reproducer locks Ann out of Software
    give(game, ANN, "lg")
    give(game, ANN, "reproducer", "pile")
    give(game, ANN, "reproducer", "hand")
    give(game, ANN, "civilian", "hand")
    assert game.play_problem(ANN, game.zones["hand:0"].cards[0]) == "your opponent's Reproducer stops you playing Software"
    pick(game, "Use an ability", "LG", "Take Reproducer")
    assert ids(game.zones["soft:0"]) == ["reproducer"]
    assert game.plays == [] and "2 plays" in game.plays_text(ANN)


def test_a_reproducer_in_play_stops_the_opponent_playing_software():
    game = table()
    give(game, ANN, "reproducer")
    give(game, BOB, "antivirus", "hand")
    end_turn(game)
    assert not offered(game, "Play a card")
    assert "Reproducer" in game.play_problem(BOB, game.zones["hand:1"].cards[0])


# =============================================================================== ruling 7: chance and secrets


def test_coin_flips_are_automatic_and_public():
    game = table([HEADS])
    give(game, BOB, "godzilla")
    end_turn(game)
    pick(game, "Attack", "Godzilla", "FOFL")
    assert game.damage.get(home(game, ANN).uid, 0) == 0
    assert "Coin flip for FOFL: HEADS." in public(game)


def test_searching_shows_the_pile_to_the_searcher_alone_then_shuffles():
    game = table()
    give(game, ANN, "google")
    for cid in ("drone", "chav", "mafia"):
        give(game, ANN, cid, "pile")
    pick(game, "Use an ability", "Google")
    decision = game.decision()
    assert decision.private and decision.seats == (ANN,) and decision.kind == "search"
    assert all(c.known == {ANN} for c in game.zones["draw:0"])
    assert all(c.face is not None for c in game.view(ANN).zone("draw:0").cards)
    assert all(c.face is None for c in game.view(BOB).zone("draw:0").cards)
    assert_no_leaks(game)
    pick(game, "Take Chav")
    assert ids(game.zones["hand:0"]) == ["chav"]
    assert all(not c.known for c in game.zones["draw:0"]), "shuffled: nobody knows the order"
    assert any("takes 1 card into hand" in t for t in public(game))
    assert not any("Chav" in t for t in public(game))


# =============================================================================== ruling 8: effects and protection


def test_fofl_coin_cancels_an_attack_on_heads_and_the_attacker_is_still_used():
    game = table([HEADS, TAILS])
    godzilla = give(game, BOB, "godzilla")
    end_turn(game)
    pick(game, "Attack", "Godzilla", "FOFL")
    assert game.toughness(home(game, ANN)) == 12 and godzilla.uid in game.used
    end_turn(game)
    end_turn(game)
    pick(game, "Attack", "Godzilla", "FOFL")
    assert game.toughness(home(game, ANN)) == 6


def test_system_admin_coin_protects_a_website_from_a_hack():
    game = table([HEADS, TAILS])
    give(game, BOB, "system-admin", "hand")
    google = give(game, BOB, "google")
    give(game, ANN, "drone")
    give(game, ANN, "hack", "hand")
    give(game, ANN, "hack", "hand")
    end_turn(game)
    pick(game, "Play a card", "System Admin", "Google")
    assert game.guards == {google.uid: game.zones["people:1"].cards[0].uid}
    end_turn(game)
    pick(game, "Play a card", "Hack", "Google")
    assert game.in_play(google), "heads: the Hack is cancelled"
    pick(game, "Play a card", "Hack", "Google")
    assert game.zone_of(google) == "discard:1"


@pytest.mark.parametrize("coins, cancelled, flips", [([HEADS], True, 1), ([TAILS, HEADS], True, 2), ([TAILS, TAILS], False, 2)])
def test_fofls_coin_comes_first_then_the_system_admins(coins, cancelled, flips):
    game = table(coins)
    admin = give(game, ANN, "system-admin")
    game.used.add(admin.uid)  # tired: it cannot block
    game.guards[home(game, ANN).uid] = admin.uid
    give(game, BOB, "godzilla")
    end_turn(game)
    pick(game, "Attack", "Godzilla", "FOFL")
    assert (game.toughness(home(game, ANN)) == 12) == cancelled
    assert sum(t.startswith("Coin flip") for t in public(game)) == flips


def test_proxy_is_destroyed_instead_of_the_website_it_guards():
    game = table([TAILS])
    give(game, BOB, "proxy", "hand")
    give(game, BOB, "drone")  # irrelevant Person for Bob
    google = give(game, BOB, "google")
    end_turn(game)
    pick(game, "Play a card", "Proxy", "Google")
    end_turn(game)
    give(game, ANN, "sidious")
    give(game, ANN, "hack", "hand")
    pick(game, "Play a card", "Hack", "Google")
    assert game.in_play(google) and ids(game.zones["discard:1"]) == ["proxy"]
    assert "Proxy is destroyed instead of Google." in public(game)


def test_proxy_saves_an_own_website_from_an_attack_leaving_one_toughness():
    game = table([TAILS])
    proxy = give(game, BOB, "proxy")
    game.proxies[proxy.uid] = home(game, BOB).uid
    game.damage[home(game, BOB).uid] = 10
    give(game, ANN, "godzilla")
    pick(game, "Attack", "Godzilla", "ANFOFL")
    assert game.toughness(home(game, BOB)) == 1 and game.zone_of(proxy) == "discard:1"
    assert game.decision() is not None


def test_the_lion_keeps_fofl_at_one_toughness():
    game = table([TAILS])
    give(game, ANN, "the-lion")
    lion_used = game.zones["people:0"].cards[0]
    game.used.add(lion_used.uid)  # tired: cannot block
    game.damage[home(game, ANN).uid] = 9
    give(game, BOB, "godzilla")
    end_turn(game)
    pick(game, "Attack", "Godzilla", "FOFL")
    assert game.toughness(home(game, ANN)) == 1 and game.decision() is not None
    assert "FOFL cannot be destroyed while The Lion is in play." in public(game)


def test_the_lion_keeps_fofl_standing_while_it_pilots_a_ship():
    """Ruling 8: piloting is still being in play, so The Lion's protection holds."""
    game = table([TAILS])
    give(game, ANN, "outer-space")
    lion = give(game, ANN, "the-lion")
    game.board_pilot(lion, give(game, ANN, "interceptor"))
    game.damage[home(game, ANN).uid] = 11  # Godzilla hits for 6 - 4 = 2 in Outer Space
    give(game, BOB, "godzilla")
    game.invalidate()
    end_turn(game)
    pick(game, "Attack", "Godzilla", "FOFL")
    assert game.in_play(home(game, ANN)) and game.toughness(home(game, ANN)) == 1
    assert game.outcome() is None and game.decision() is not None
    assert "FOFL cannot be destroyed while The Lion is in play." in public(game)


def test_the_public_view_shows_guards_switched_off_cards_pilot_items_location_order_and_damage():
    """Everything the table shows is public, so the view says it: whom Proxy and System Admin
    guard, what Antivirus or a DoS attack switched off, an Item on a pilot, the order of the
    Locations (ruling 5) and toughness left out of full toughness for every card."""
    game = table()
    google = give(game, BOB, "google")
    proxy = give(game, BOB, "proxy")
    game.proxies[proxy.uid] = google.uid
    admin = give(game, ANN, "system-admin")
    game.guards[home(game, BOB).uid] = admin.uid
    give(game, BOB, "antivirus")
    reproducer = give(game, ANN, "reproducer")
    give(game, ANN, "outer-space")
    give(game, BOB, "school-yard")
    ship = give(game, ANN, "interceptor")
    drone = give(game, ANN, "drone")
    sabre = give(game, ANN, "lightsaber")
    game.attached[sabre.uid] = drone.uid
    game.board_pilot(drone, ship)
    godzilla = give(game, BOB, "godzilla")
    game.damage[godzilla.uid] = 3
    game.invalidate()
    info = game.view(None).info
    cards = info["cards"]

    def status(card):
        zone = game.zone_of(card)
        return cards[zone][game.zones[zone].cards.index(card)]

    assert status(proxy)["guards"] == "Google" and status(admin)["guards"] == "ANFOFL"
    assert status(google)["guards"] is None
    assert status(reproducer)["off"] == "Antivirus" and "switched off by Antivirus" in status(reproducer)["note"]
    assert status(google)["off"] is None
    assert status(sabre)["bearer"] == ["crew:0", 0]
    assert [status(c)["placed"] for c in game.zones["places:0"]] == [1]
    assert [status(c)["placed"] for c in game.zones["places:1"]] == [2]
    assert info["locations"] == ["Outer Space", "School Yard"]
    assert (status(godzilla)["toughness"], status(godzilla)["max"]) == (5, 8)
    assert (status(home(game, ANN))["toughness"], status(home(game, ANN))["max"]) == (12, 12)
    assert info["homes"] == [True, True]


# =============================================================================== ruling 9: blocking


def test_websites_can_be_attacked_only_without_blockers():
    game = table()
    give(game, ANN, "mafia")
    triad = give(game, BOB, "triad")
    pick(game, "Attack", "Mafia")
    assert not offered(game, "ANFOFL"), "the Triad can block"
    pick(game, "Back", "Back")
    game.used.add(triad.uid)  # the Triad attacked on Bob's last turn: tired
    game.invalidate()
    pick(game, "Attack", "Mafia")
    assert offered(game, "ANFOFL")


def test_people_who_acted_on_their_turn_cannot_block_until_their_next_turn():
    game = table([TAILS])
    give(game, ANN, "mafia")
    give(game, ANN, "drone")
    give(game, ANN, "hack", "pile")
    give(game, BOB, "civilian")
    give(game, BOB, "civilian")
    pick(game, "Use an ability", "Drone")
    pick(game, "Take Hack")
    end_turn(game)
    assert game.view(None)["cards"]["people:0"][1]["block"] is False
    assert game.view(None)["cards"]["people:0"][0]["block"] is True
    pick(game, "Attack", "Civilian P1 T1/1")
    assert not offered(game, "FOFL"), "the Mafia did nothing: it blocks"


# =============================================================================== ruling 10: guards


def test_a_mafia_may_take_mafiaboys_damage_and_mafiaboy_still_strikes_back():
    game = table()
    mafiaboy = give(game, ANN, "mafiaboy")
    mafia = give(game, ANN, "mafia")
    godzilla = give(game, BOB, "godzilla")
    end_turn(game)
    pick(game, "Attack", "Godzilla", "Mafiaboy")
    decision = game.decision()
    assert decision.kind == "guard" and not decision.private and decision.seats == (ANN,)
    pick(game, "Mafia P2 T3/3 takes the damage instead")
    assert game.zone_of(mafia) == "discard:0" and game.toughness(mafiaboy) == 4
    assert game.toughness(godzilla) == 8 - 2


def test_a_triad_guards_godzilla_and_the_defender_may_decline():
    game = table()
    godzilla = give(game, BOB, "godzilla")
    triad = give(game, BOB, "triad")
    give(game, ANN, "sidious")
    pick(game, "Attack", "Sidious", "Godzilla")
    assert game.decision().kind == "guard" and game.decision().seats == (BOB,)
    pick(game, "Godzilla takes the damage itself")
    assert game.toughness(godzilla) == 4 and game.toughness(triad) == 3


# =============================================================================== ruling 11: colours and sides


def test_temptation_twice_brings_a_blue_person_to_reds_side():
    game = table([HEADS, HEADS])
    nightingale = give(game, BOB, "nightingale")
    give(game, BOB, "civilian")
    give(game, ANN, "temptation", "hand")
    give(game, ANN, "temptation", "hand")
    pick(game, "Play a card", "Temptation", "Nightingale")
    assert game.colour(nightingale) == "yellow" and game.controller(nightingale) == BOB
    pick(game, "Play a card", "Temptation", "Nightingale")
    assert game.colour(nightingale) == "red" and game.controller(nightingale) == ANN
    assert nightingale.uid in game.used, "it cannot act this turn"
    assert game.owner[nightingale.uid] == BOB


def test_temptation_fails_on_tails():
    game = table([TAILS])
    tsar = give(game, BOB, "the-tsar-of-russia")
    give(game, ANN, "temptation", "hand")
    pick(game, "Play a card", "Temptation", "Tsar")
    assert game.colour(tsar) == "blue" and "TAILS: The Tsar of Russia resists." in public(game)


def test_taking_the_last_person_loses():
    game = table([HEADS])
    civilian = give(game, BOB, "civilian")
    give(game, ANN, "temptation", "hand")
    pick(game, "Play a card", "Temptation", "Civilian")  # yellow -> red: joins Ann
    assert game.controller(civilian) == ANN
    assert game.outcome().winners == {ANN}


# =============================================================================== ruling 12: Items


def test_items_wear_one_per_fight_and_break_at_zero():
    game = table()
    mafia = give(game, ANN, "mafia")
    sabre = give(game, ANN, "lightsaber", "hand")
    give(game, BOB, "civilian")
    give(game, BOB, "civilian")
    give(game, BOB, "civilian")
    pick(game, "Play a card", "Lightsaber", "Mafia")
    assert game.attached == {sabre.uid: mafia.uid} and game.power(mafia) == 4
    pick(game, "Attack", "Mafia", "Civilian P1 T1/1")
    assert game.toughness(sabre) == 2
    game.damage[sabre.uid] = 2
    game.used.discard(mafia.uid)
    game.invalidate()
    pick(game, "Attack", "Mafia", "Civilian P1 T1/1")
    assert game.zone_of(sabre) == "discard:0" and game.power(mafia) == 2


def test_items_fall_to_the_discard_pile_when_the_bearer_leaves_play():
    game = table()
    mafia = give(game, ANN, "mafia")
    give(game, ANN, "drone")
    bat = give(game, ANN, "baseball-bat")
    game.attached[bat.uid] = mafia.uid
    give(game, BOB, "godzilla")
    end_turn(game)
    pick(game, "Use an ability", "Godzilla", "Mafia", "Done")
    assert game.zone_of(mafia) == "discard:0" and game.zone_of(bat) == "discard:0"


# =============================================================================== ruling 13: searching


def test_a_search_is_always_asked_even_with_nothing_to_find():
    game = table()
    give(game, ANN, "sidious")
    give(game, ANN, "civilian", "pile")
    pick(game, "Use an ability", "Sidious")
    assert game.decision().kind == "search"
    assert labels(game) == ["Nothing to take: done"]
    pick(game, "Nothing to take")
    assert game.decision().kind == "turn"


def test_a_search_says_how_many_are_left_to_take_or_why_none_can_be():
    """The fresh tester: the search read "Take up to 1 more" with nothing to take. The
    question counts the cards in the right number, says "more" only after a first take,
    and says when no card in the pile can be taken; Tesco's question the same for Chavs."""
    game = table()
    give(game, ANN, "4chan")
    for cid in ("hack", "crack", "civilian"):
        give(game, ANN, cid, "pile")
    pick(game, "Use an ability", "4chan")
    assert game.decision().prompt == "Ann: your draw pile (3 cards). Take up to 3 cards into your hand."
    pick(game, "Take Crack")
    assert game.decision().prompt == "Ann: your draw pile (2 cards). Take up to 2 more cards into your hand."
    pick(game, "Take Hack")
    assert game.decision().prompt == "Ann: your draw pile (1 card). No card in it can be taken into your hand now."
    assert labels(game) == ["Done"]

    game = table()
    give(game, ANN, "sidious")
    give(game, ANN, "civilian", "pile")
    pick(game, "Use an ability", "Sidious")
    assert "No card in it can be taken into play now." in game.decision().prompt and "up to" not in game.decision().prompt

    game = table()
    give(game, ANN, "tescos")
    give(game, ANN, "mafiaboy")
    give(game, ANN, "chav", "pile")
    give(game, BOB, "godzilla")
    end_turn(game)
    pick(game, "Attack", "Godzilla", "Mafiaboy")
    assert game.decision().prompt == "Ann: Mafiaboy is attacked at Tesco's. Call up to 2 Chavs from your draw pile? A Chav you call fights instead."
    pick(game, "Put a Chav into play")
    assert game.decision().prompt == "Ann: Mafiaboy is attacked at Tesco's. Your draw pile holds no more Chavs."
    game = table()
    give(game, ANN, "tescos")
    give(game, ANN, "sidious")
    give(game, BOB, "godzilla")
    end_turn(game)
    pick(game, "Attack", "Godzilla", "Sidious")
    assert game.decision().prompt == "Ann: Sidious is attacked at Tesco's. Your draw pile holds no Chav to call."


def test_search_all_takes_every_match_without_a_choice():
    game = table()
    for cid in ("adobe-flash-cs3", "drone", "adobe-photoshop-cs3"):
        give(game, ANN, cid, "pile")
    give(game, ANN, "crack", "hand")
    pick(game, "Play a card", "Crack")
    assert sorted(ids(game.zones["hand:0"])) == ["adobe-flash-cs3", "adobe-photoshop-cs3"]
    assert ids(game.zones["draw:0"]) == ["drone"]


# =============================================================================== ruling 14: Tesco's


def test_tescos_is_asked_privately_and_a_chav_fights_instead():
    game = table()
    give(game, ANN, "tescos")
    mafiaboy = give(game, ANN, "mafiaboy")
    give(game, ANN, "chav", "pile")
    give(game, ANN, "chav", "pile")
    give(game, ANN, "chav", "pile")
    godzilla = give(game, BOB, "godzilla")
    end_turn(game)
    pick(game, "Attack", "Godzilla", "Mafiaboy")
    decision = game.decision()
    assert decision.kind == "tescos" and decision.private and decision.seats == (ANN,)
    assert_no_leaks(game)
    pick(game, "Put a Chav into play")
    pick(game, "Done")
    assert len(game.zones["draw:0"]) == 2, "one Chav came out of the pile"
    assert game.toughness(mafiaboy) == 4, "the Chav fought instead"
    assert ids(game.zones["discard:0"]) == ["chav"] and game.toughness(godzilla) == 7
    assert "Ann shuffles the draw pile. The attack is turned on the Chav instead." in public(game), "the search ends with a shuffle"


def test_tescos_asks_even_with_no_chav_and_the_attack_goes_ahead():
    game = table()
    give(game, ANN, "tescos")
    sidious = give(game, ANN, "sidious")
    give(game, ANN, "drone", "pile")
    give(game, BOB, "godzilla")
    end_turn(game)
    pick(game, "Attack", "Godzilla", "Sidious")
    assert game.decision().kind == "tescos" and labels(game) == ["Let the attack go ahead"]
    pick(game, "Let the attack go ahead")
    assert game.zone_of(sidious) == "discard:0"


def test_tescos_does_not_defend_blue_people():
    game = table()
    give(game, ANN, "tescos")
    give(game, ANN, "sidious")
    give(game, BOB, "triad")
    give(game, BOB, "triad")
    pick(game, "Attack", "Sidious", "Triad P2 T3/3")
    assert game.decision().kind == "turn"


# =============================================================================== ruling 15: Chav


def test_chav_pumps_the_leader_during_the_next_turn_only():
    game = table()
    leader = give(game, ANN, "chav-tribe-leader")
    give(game, ANN, "chav")
    give(game, BOB, "civilian")
    pick(game, "Use an ability", "Chav")
    assert game.power(leader) == 3
    end_turn(game)
    assert game.power(leader) == 3
    end_turn(game)
    assert game.power(leader) == 5 and game.max_toughness(leader) == 3
    end_turn(game)
    assert game.power(leader) == 3 and game.max_toughness(leader) == 5


def test_the_minus_two_can_destroy_a_damaged_leader():
    game = table()
    leader = give(game, ANN, "chav-tribe-leader")
    give(game, ANN, "chav")
    give(game, BOB, "civilian")
    game.damage[leader.uid] = 3
    pick(game, "Use an ability", "Chav")
    end_turn(game)
    end_turn(game)
    assert game.zone_of(leader) == "discard:0"


# =============================================================================== rulings 16, 17: Spacecraft and pilots


def space_table(coins=None):
    game = table(coins)
    give(game, ANN, "outer-space")
    return game


def test_spacecraft_need_outer_space():
    game = table()
    give(game, ANN, "interceptor", "hand")
    give(game, ANN, "drone")
    assert game.play_problem(ANN, game.zones["hand:0"].cards[0]) == "Spacecraft need Outer Space in play"


def test_a_flagship_needs_two_to_five_pilots_with_a_unique_of_its_colour():
    game = space_table()
    end_turn(game)
    give(game, BOB, "enterprise-starship", "hand")
    give(game, BOB, "triad")
    give(game, BOB, "anfofl-volunteer")
    assert game.play_problem(BOB, game.zones["hand:1"].cards[0]) == "you have not enough People to crew it"
    give(game, BOB, "enterprise")
    pick(game, "Play a card", "Enterprise (Starship)")
    assert game.decision().kind == "crew" and not offered(game, "Done")
    pick(game, "Triad")
    assert not offered(game, "Done"), "no Unique Blue Person yet"
    pick(game, "Enterprise P4 T6/6")  # Outer Space does not weaken Enterprise
    pick(game, "Done")
    ship = game.zones["craft:1"].cards[0]
    assert sorted(game.card(p).defn.id for p in game.pilots_of(ship)) == ["enterprise", "triad"]
    assert ids(game.zones["people:1"]) == ["anfofl-volunteer"]


def test_spacecraft_fight_spacecraft_only_with_no_damage_back_and_pilots_die_with_the_ship():
    game = space_table()
    interceptor = give(game, ANN, "interceptor")
    drone = give(game, ANN, "drone")
    game.board_pilot(drone, interceptor)
    give(game, ANN, "mafia")
    ship = give(game, BOB, "enterprise-starship")
    pilots = [give(game, BOB, "enterprise"), give(game, BOB, "triad")]
    for p in pilots:
        game.board_pilot(p, ship)
    give(game, BOB, "civilian")
    pick(game, "Attack", "Interceptor")
    assert labels(game) == ["Enterprise (Starship) P7 T25/25 (Bob)", "← Back"]
    pick(game, "Enterprise (Starship)")
    assert game.toughness(ship) == 22 and game.toughness(interceptor) == 6
    end_turn(game)
    pick(game, "Attack", "Enterprise (Starship)", "Interceptor")
    assert game.zone_of(interceptor) == "discard:0" and game.zone_of(drone) == "discard:0"


def test_pilots_cannot_be_aimed_at_and_cannot_act():
    game = space_table()
    shuttle = give(game, BOB, "shuttle")
    tsar = give(game, BOB, "the-tsar-of-russia")
    game.board_pilot(tsar, shuttle)
    give(game, BOB, "civilian")
    give(game, ANN, "agent")
    pick(game, "Use an ability", "Agent", "destroy a Person")
    assert game.decision().kind == "aim" and "Tsar" not in " ".join(labels(game))
    pick(game, "Back")
    assert game.decision().kind == "menu"
    end_turn(game)
    assert not any("Tsar" in a.label for a in game.decision().actions)


def test_returning_one_flagship_or_up_to_three_light_craft_with_pilots():
    game = space_table()
    crafts = [give(game, ANN, "interceptor") for _ in range(4)]
    pilots = [give(game, ANN, "drone") for _ in range(4)]
    for c, p in zip(crafts, pilots):
        game.board_pilot(p, c)
    sabre = give(game, ANN, "lightsaber")
    game.attached[sabre.uid] = pilots[0].uid
    for _ in range(3):
        pick(game, "Return Spacecraft", "Interceptor with Drone")
    assert not offered(game, "Return Spacecraft")
    assert ids(game.zones["hand:0"]).count("interceptor") == 3 and ids(game.zones["hand:0"]).count("drone") == 3
    assert game.zone_of(sabre) == "discard:0"


def test_spacecraft_are_grounded_without_outer_space():
    game = table()
    gunship = give(game, BOB, "gunship")
    game.board_pilot(give(game, BOB, "triad"), gunship)
    give(game, BOB, "civilian")
    give(game, ANN, "civilian")
    end_turn(game)
    assert not offered(game, "Use an ability") and not game.attack_ready(gunship)
    give(game, BOB, "outer-space")
    assert offered(game, "Use an ability") and game.attack_ready(gunship)


# =============================================================================== ruling 18: Mind Wipe Gun and Enterprise X


def test_mind_wipe_gun_on_enterprise_then_enterprise_x_takes_its_place():
    game = table()
    mafia = give(game, ANN, "mafia")
    give(game, ANN, "mind-wipe-gun", "hand")
    give(game, ANN, "enterprise-x", "hand")
    enterprise = give(game, BOB, "enterprise")
    give(game, BOB, "civilian")
    assert game.play_problem(ANN, game.zones["hand:0"].cards[1]).startswith("you must first use a Mind Wipe Gun")
    pick(game, "Play a card", "Mind Wipe Gun", "Mafia")
    pick(game, "Use an ability", "Mind Wipe Gun", "Enterprise")
    assert game.colour(enterprise) == "yellow" and mafia.uid in game.used
    pick(game, "Play a card", "Enterprise X")
    assert game.zone_of(enterprise) == "discard:1"
    assert ids(game.zones["people:0"]) == ["mafia", "enterprise-x"]


# =============================================================================== ruling 19: Shuttle transfer


def test_shuttle_moves_pilots_and_cancel_costs_nothing():
    game = space_table()
    end_turn(game)
    shuttle = give(game, BOB, "shuttle")
    flagship = give(game, BOB, "enterprise-starship")
    volunteer, triad, enterprise = give(game, BOB, "anfofl-volunteer"), give(game, BOB, "triad"), give(game, BOB, "enterprise")
    game.board_pilot(volunteer, shuttle)
    game.board_pilot(triad, flagship)
    game.board_pilot(enterprise, flagship)
    pick(game, "Use an ability", "move pilots")
    assert game.decision().kind == "transfer" and not offered(game, "Done")
    pick(game, "Move Triad from Enterprise (Starship) to the Shuttle")
    assert not offered(game, "Done"), "two pilots on the Shuttle: it takes one or three"
    pick(game, "Cancel")
    assert shuttle.uid not in game.used and game.pilot_of[triad.uid] == flagship.uid
    pick(game, "Use an ability", "move pilots", "Move ANFOFL Volunteer to Enterprise (Starship)")
    assert not offered(game, "Done"), "the Shuttle has nobody"
    pick(game, "Move Triad from Enterprise (Starship) to the Shuttle", "Done")
    assert game.pilot_of[volunteer.uid] == flagship.uid and game.pilot_of[triad.uid] == shuttle.uid
    assert shuttle.uid in game.used


# =============================================================================== ruling 20: discard piles


def test_time_travel_shows_the_card_and_both_players_know_it_when_drawn():
    game = table()
    give(game, ANN, "godzilla")  # any Person
    end_turn(game)
    give(game, BOB, "drone")
    give(game, BOB, "forum", "discard")
    give(game, BOB, "time-travel", "hand")
    pick(game, "Play a card", "Time Travel", "Forum")
    top = game.zones["draw:1"].top
    assert top.defn.id == "forum" and top.known == {ANN, BOB}
    assert any("shows Forum" in t for t in public(game))
    end_turn(game)
    end_turn(game)
    assert game.view(ANN).zone("hand:1").cards[-1].face.id == "forum", "Ann saw it go on top"


def test_time_travel_never_brings_itself_nor_a_twin_back():
    """Ruling 20: a card never takes a card of its own name from the discard pile, so Time
    Travel cannot keep the draw pile from running out (ruling 23)."""
    game = table()
    give(game, ANN, "godzilla")
    end_turn(game)
    give(game, BOB, "drone")
    give(game, BOB, "time-travel", "discard")
    give(game, BOB, "forum", "discard")
    tt = give(game, BOB, "time-travel", "hand")
    pick(game, "Play a card", "Time Travel")
    assert labels(game) == ["Forum → top of pile", "Take nothing"], "neither this Time Travel nor the other"
    pick(game, "Forum")
    assert game.zone_of(tt) == "discard:1" and game.zones["draw:1"].top.defn.id == "forum"
    game.put(game.zones["discard:1"].cards[-1], "box")  # leave only the Time Travels there
    game.invalidate()
    give(game, BOB, "time-travel", "hand")
    assert game.play_problem(BOB, game.zones["hand:1"].cards[-1]) == "it would do nothing now"


# =============================================================================== ruling 21: Antivirus


def test_antivirus_stops_hacks_and_reproducers():
    game = table()
    give(game, BOB, "antivirus")
    google = give(game, BOB, "google")
    give(game, ANN, "sidious")
    give(game, ANN, "hack", "hand")
    give(game, ANN, "reproducer")
    give(game, ANN, "reproducer", "pile")
    assert game.play_problem(ANN, game.zones["hand:0"].cards[0]) == "Antivirus stops it"
    assert not game.software_locked(BOB), "the Reproducer's lock is off"
    assert [c.defn.id for c, _ in game.usable(ANN)] == ["sidious"], "the Reproducer's ability is off"
    assert game.in_play(google)


def test_a_dos_attack_in_play_stops_working_under_antivirus():
    game = table()
    google = give(game, BOB, "google")
    dos = give(game, ANN, "dos-attack", "hand")
    pick(game, "Play a card", "DoS attack", "Google")
    assert game.negated(google) and game.zone_of(dos) == "lasting:0"
    give(game, BOB, "antivirus")
    assert not game.negated(google)


# =============================================================================== ruling 22: decks


def test_deck_rules_give_one_sentence_per_problem():
    cards = load_cards("fofl")
    problems = Fofl.deck_rules.problems(cards, "red", {"godzilla": 1, "sidious": 2, "drone": 3})
    assert problems == [
        "A Red deck cannot hold Blue cards: Godzilla.",
        "A Red deck must contain FOFL.",
        "Only one copy of each Unique card is allowed: Sidious (2).",
        "A deck needs at least 20 cards; this one has 6.",
    ]
    for deck_id in ("red", "blue"):
        deck = cards.decks[deck_id]
        assert Fofl.deck_rules.problems(cards, deck["side"], deck["cards"]) == []
    pool = Fofl.deck_rules.pool(cards, "blue")
    assert {c.colour for c in pool} == {"blue", "yellow", "grey", "green"}
    assert Fofl.deck_rules.sides(cards) == (("red", "Red (FOFL)"), ("blue", "Blue (ANFOFL)"))


def test_a_players_own_deck_is_checked_once_when_the_game_starts(monkeypatch):
    """The fresh tester: a custom deck was checked twice at the start (``validate_decks``,
    then ``start`` again). Each own deck's rules run once; a broken one is refused with
    one sentence naming the player, and the game is not dealt."""
    from cardtable.engine.core import CustomDeck

    cards = load_cards("fofl")
    calls = []
    rules = type(Fofl.deck_rules).problems

    def counted(self, cardset, side, counts):
        calls.append(side)
        return rules(self, cardset, side, counts)

    monkeypatch.setattr(type(Fofl.deck_rules), "problems", counted)
    own = CustomDeck("Crowd", "red", (("fofl", 1), ("civilian", 19)))
    Fofl(cards, Setup(("Ann", "Bob"), {"deck": (own, "blue")}), seed=0)
    assert calls == ["red"]
    calls.clear()
    broken = CustomDeck("Tiny", "red", (("fofl", 1), ("civilian", 2)))
    with pytest.raises(SetupError) as info:
        Fofl(cards, Setup(("Ann", "Bob"), {"deck": (broken, "blue")}), seed=0)
    assert str(info.value) == "Ann's deck 'Tiny' cannot be used: A deck needs at least 20 cards; this one has 3."
    assert calls == ["red"]


# =============================================================================== ruling 23: running out


def test_after_both_piles_run_out_ten_turns_then_the_stronger_website_wins():
    game = table()
    give(game, ANN, "civilian")
    game.damage[home(game, BOB).uid] = 3
    assert game.countdown is None, "the piles were not empty when turn 1 began"
    end_turn(game)
    assert game.countdown == 10
    for _ in range(10):
        assert game.decision() is not None
        end_turn(game)
    assert game.countdown == 0 and game.outcome().winners == {ANN}
    assert game.outcome().scores == (12, 9)


def test_a_game_still_going_after_the_turn_limit_is_a_draw():
    """Ruling 23's hard bound: the end of turn TURN_LIMIT ends any game, as a draw."""
    game = table()
    for seat in (ANN, BOB):
        for _ in range(3):
            give(game, seat, "civilian", "pile")
    game.turn = TURN_LIMIT - 2
    end_turn(game)
    assert game.outcome() is None and game.turn == TURN_LIMIT - 1
    end_turn(game)
    assert game.outcome() is None and game.turn == TURN_LIMIT and game.countdown is None
    end_turn(game)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {ANN, BOB} and game.decision() is None
    assert f"no end after {TURN_LIMIT} turns" in outcome.summary


def test_the_turn_limit_grows_with_big_decks():
    """Ruling 23: a 100-card deck may run 4 × 100 turns before its pile is out, plus both
    countdowns: the bound moves out of the way."""
    from cardtable.engine.core import CustomDeck

    big = CustomDeck("Crowd", "red", (("fofl", 1), ("civilian", 99)))
    game = Fofl(load_cards("fofl"), Setup(("Ann", "Bob"), {"deck": (big, "blue")}), seed=0)
    assert game.turn_limit == 4 * 100 + 2 * 10 and game.view(None)["turn_limit"] == 420
    assert table().turn_limit == TURN_LIMIT == 200


# =============================================================================== ruling 24: DoS attack


def test_dos_attack_lasts_this_turn_and_the_next_two():
    game = table()
    google = give(game, BOB, "google")
    give(game, BOB, "civilian")
    give(game, BOB, "drone", "pile")
    give(game, ANN, "dos-attack", "hand")
    pick(game, "Play a card", "DoS attack", "Google")
    end_turn(game)
    assert game.negated(google) and not offered(game, "Use an ability")
    end_turn(game)
    assert game.negated(google)
    end_turn(game)
    assert not game.negated(google) and ids(game.zones["discard:0"]) == ["dos-attack"]


def test_dos_attack_leaves_with_its_website():
    game = table()
    google = give(game, BOB, "google")
    give(game, ANN, "sidious")
    give(game, ANN, "dos-attack", "hand")
    give(game, ANN, "hack", "hand")
    pick(game, "Play a card", "DoS attack", "Google")
    pick(game, "Play a card", "Hack", "Google")
    assert game.zone_of(google) == "discard:1" and sorted(ids(game.zones["discard:0"])) == ["dos-attack", "hack"]
    assert not game.dos


# =============================================================================== ruling 25: aiming


def test_cards_without_a_target_cannot_be_played_and_heals_aim_at_damaged_cards():
    game = table()
    give(game, ANN, "blitzkrieg", "hand")
    assert not offered(game, "Play a card")
    give(game, BOB, "nightingale")
    hurt = give(game, BOB, "triad")
    give(game, BOB, "civilian")
    end_turn(game)
    assert not offered(game, "Use an ability")
    game.damage[hurt.uid] = 2
    game.invalidate()
    pick(game, "Use an ability", "Nightingale")
    assert labels(game) == ["Triad P2 T1/3 (Bob)", "← Back"]


# =============================================================================== ruling 26: Order 66 and friends


def test_recruitment_is_refused_once_order_66_was_played():
    game = table()
    give(game, ANN, "drone", "pile")
    give(game, ANN, "order-66", "hand")
    pick(game, "Play a card", "Order 66")
    end_turn(game)
    give(game, BOB, "anfofl-volunteer", "pile")
    give(game, BOB, "recruitment", "hand")
    assert game.play_problem(BOB, game.zones["hand:1"].cards[0]) == "Order 66 has been played"


# =============================================================================== a scenario for every card
# Each card of cards_data/fofl.yaml has a test named test_card_<id> (test_every_card_has_a_scenario).


def test_every_card_has_a_scenario():
    names = set(globals())
    missing = [c.id for c in load_cards("fofl").cards if f"test_card_{c.id.replace('-', '_')}" not in names]
    assert not missing, f"cards without a scenario: {missing}"


def test_every_card_is_in_a_preset_deck():
    cards = load_cards("fofl")
    used = {cid for deck in cards.decks.values() for cid in deck["cards"]}
    assert {c.id for c in cards.cards} == used


# ------------------------------------------------------------------------------- Websites


def test_card_fofl():
    game = table([TAILS])
    give(game, BOB, "godzilla")
    give(game, ANN, "civilian")
    game.used.add(game.zones["people:0"].cards[0].uid)
    game.damage[home(game, ANN).uid] = 6
    end_turn(game)
    pick(game, "Attack", "Godzilla", "FOFL")
    assert game.outcome().winners == {BOB} and "FOFL was destroyed" in game.outcome().summary


def test_card_anfofl():
    game = table([TAILS])
    forum = give(game, BOB, "forum")
    give(game, ANN, "sidious")
    pick(game, "Attack", "Sidious", "ANFOFL")
    decision = game.decision()
    assert decision.kind == "redirect" and not decision.private and decision.seats == (BOB,)
    assert_no_leaks(game)
    pick(game, "Send the attack to Forum")
    assert game.toughness(forum) == 2 and game.toughness(home(game, BOB)) == 12
    end_turn(game)
    end_turn(game)
    pick(game, "Attack", "Sidious", "ANFOFL", "ANFOFL takes the attack")
    assert game.toughness(home(game, BOB)) == 8


def test_card_lg():
    game = table()
    give(game, BOB, "lg")
    give(game, BOB, "civilian")
    for cid in ("reproducer", "forum"):
        give(game, BOB, cid, "pile")
    end_turn(game)
    pick(game, "Use an ability", "LG")
    assert labels(game) == ["Take Reproducer into play", "Take nothing"]
    pick(game, "Take Reproducer")
    assert ids(game.zones["soft:1"]) == ["reproducer"]


def test_card_google():
    game = table()
    give(game, ANN, "google")
    for cid in ("drone", "the-lion", "sicily"):
        give(game, ANN, cid, "pile")
    pick(game, "Use an ability", "Google")
    assert labels(game) == ["Take Drone into your hand", "Take Sicily into your hand", "Take The Lion into your hand", "Take nothing"]
    pick(game, "The Lion")
    assert ids(game.zones["hand:0"]) == ["the-lion"]
    assert [e.text for e in game.log.entries if e.audience == {ANN}][-1] == "Ann took The Lion."


def test_card_wikipedia():
    game = table()
    give(game, BOB, "wikipedia")
    give(game, BOB, "civilian")
    for cid in ("drone", "forum", "triad", "godzilla"):
        give(game, BOB, cid, "pile")  # godzilla on top
    end_turn(game)  # Bob draws Godzilla
    pick(game, "Use an ability", "Wikipedia")
    assert game.decision().kind == "arrange" and len(labels(game)) == 6
    assert_no_leaks(game)
    pick(game, "Drone, Triad, Forum (top first)")
    assert ids(game.zones["draw:1"]) == ["forum", "triad", "drone"]
    assert all(c.known == {BOB} for c in game.zones["draw:1"])
    assert all(c.face is None for c in game.view(ANN).zone("draw:1").cards)


def test_card_youtube():
    game = table()
    give(game, ANN, "youtube")
    for cid in ("drone", "chav", "mafia"):
        give(game, ANN, cid, "pile")
    pick(game, "Use an ability", "YouTube")
    assert ids(game.zones["hand:0"]) == ["mafia", "chav"] and ids(game.zones["draw:0"]) == ["drone"]


def test_card_4chan():
    game = table()
    give(game, ANN, "4chan")
    for cid in ("hack", "drone", "dos-attack", "crack", "hack"):
        give(game, ANN, cid, "pile")
    pick(game, "Use an ability", "4chan")
    assert labels(game) == ["Take Crack into your hand", "Take DoS attack into your hand", "Take Hack (2 in pile) into your hand", "Take nothing"]
    pick(game, "Hack", "Hack", "Crack")
    assert sorted(ids(game.zones["hand:0"])) == ["crack", "hack", "hack"] and game.decision().kind == "turn"


def test_card_proxy():
    game = table([TAILS])
    give(game, ANN, "proxy", "hand")
    pick(game, "Play a card", "Proxy")
    assert labels(game) == ["FOFL T12/12 (Ann)", "ANFOFL T12/12 (Bob)", "← Back"], "any other Website in play"
    pick(game, "FOFL")
    proxy = game.zones["sites:0"].cards[-1]
    assert game.proxies == {proxy.uid: home(game, ANN).uid}
    assert "guards FOFL" in game.view(None)["cards"]["sites:0"][1]["note"]


def test_card_forum():
    game = table([TAILS])
    forum = give(game, BOB, "forum")
    give(game, ANN, "godzilla")
    pick(game, "Attack", "Godzilla", "ANFOFL", "Send the attack to Forum")
    assert game.zone_of(forum) == "discard:1" and game.toughness(home(game, BOB)) == 12


# ------------------------------------------------------------------------------- Hacks and Reproducers


def test_card_hack():
    game = table()
    give(game, BOB, "google")
    give(game, BOB, "antivirus")
    give(game, ANN, "hack", "hand")
    assert game.play_problem(ANN, game.zones["hand:0"].cards[0]) == "Antivirus stops it"
    game.put(game.zones["soft:1"].cards[0], "discard:1", up=True)
    system_admin = give(game, ANN, "system-admin")  # able to hack, but neutral
    assert "of your colour" in game.play_problem(ANN, game.zones["hand:0"].cards[0])
    game.align[system_admin.uid] = "red"
    pick(game, "Play a card", "Hack")
    assert labels(game) == ["Google T6/6 (Bob)", "← Back"], "never FOFL nor ANFOFL"
    pick(game, "Google")
    assert ids(game.zones["sites:1"]) == ["anfofl"]


def test_card_dos_attack():
    game = table()
    give(game, BOB, "youtube")
    give(game, BOB, "civilian")
    give(game, ANN, "dos-attack", "hand")
    pick(game, "Play a card", "DoS attack")
    assert labels(game) == ["YouTube T5/5 (Bob)", "← Back"]
    pick(game, "YouTube")
    assert "switched off" in game.view(None)["cards"]["sites:1"][1]["note"]
    assert game.view(None)["cards"]["lasting:0"][0]["note"] == "on YouTube, 3 turn(s) left"


def test_card_original_reproducer():
    game = table()
    give(game, ANN, "original-reproducer")
    give(game, ANN, "reproducer", "pile")
    give(game, ANN, "original-reproducer", "pile")
    pick(game, "Use an ability", "Original Reproducer")
    assert labels(game) == ["Take Reproducer into play", "Take nothing"], "only the card named Reproducer"
    pick(game, "Take Reproducer")
    assert ids(game.zones["soft:0"]) == ["original-reproducer", "reproducer"]


def test_card_reproducer():
    game = table()
    give(game, ANN, "reproducer")
    give(game, ANN, "reproducer", "pile")
    give(game, BOB, "adobe-flash-cs3", "hand")
    pick(game, "Use an ability", "Reproducer", "Take Reproducer")
    assert ids(game.zones["soft:0"]) == ["reproducer", "reproducer"]
    end_turn(game)
    assert game.software_locked(BOB) and not offered(game, "Play a card")


# ------------------------------------------------------------------------------- Locations


def test_card_school_yard():
    game = table()
    mafia, triad = give(game, ANN, "mafia"), give(game, BOB, "triad")
    give(game, ANN, "school-yard")
    assert (game.power(mafia), game.power(triad)) == (4, 4)


def test_card_tescos():
    test_tescos_is_asked_privately_and_a_chav_fights_instead()


def test_card_the_evil_house():
    game = space_table()
    mafia, triad, interceptor = give(game, ANN, "mafia"), give(game, BOB, "triad"), give(game, ANN, "interceptor")
    give(game, ANN, "the-evil-house")
    assert (game.power(mafia), game.power(triad), game.power(interceptor)) == (0, 0, 5), "Outer Space came first"


def test_card_the_good_house():
    game = table()
    mafia, triad = give(game, ANN, "mafia"), give(game, BOB, "triad")
    give(game, BOB, "the-good-house")
    assert (game.power(mafia), game.power(triad)) == (2, 4)


def test_card_hong_kong():
    game = table()
    triad, tsar = give(game, BOB, "triad"), give(game, BOB, "the-tsar-of-russia")
    give(game, ANN, "hong-kong")
    assert (game.power(triad), game.power(tsar)) == (4, 3)


def test_card_sicily():
    game = table()
    mafia, mafiaboy = give(game, ANN, "mafia"), give(game, ANN, "mafiaboy")
    give(game, BOB, "sicily")
    assert (game.power(mafia), game.power(mafiaboy)) == (4, 2)


def test_card_outer_space():
    game = table()
    enterprise, godzilla = give(game, BOB, "enterprise"), give(game, BOB, "godzilla")
    give(game, ANN, "interceptor", "hand")
    give(game, ANN, "drone")
    assert not any("Interceptor" in a.label for a in game.decision().actions)
    give(game, ANN, "outer-space")
    assert (game.power(enterprise), game.power(godzilla)) == (4, 2)
    assert game.play_problem(ANN, game.zones["hand:0"].cards[0]) is None


def test_card_hilly_fields():
    game = table()
    mafia, triad = give(game, ANN, "mafia"), give(game, BOB, "triad")
    give(game, BOB, "hilly-fields")
    assert (game.power(mafia), game.power(triad)) == (2, 5)


def test_card_cyberspace():
    game = table()
    people = [give(game, BOB, cid) for cid in ("godzilla", "the-tsar-of-russia", "enterprise", "triad")]
    sidious = give(game, ANN, "sidious")
    give(game, ANN, "cyberspace")
    assert [game.power(p) for p in people] + [game.power(sidious)] == [8, 5, 0, 0, 6]


# ------------------------------------------------------------------------------- Software


def test_card_antivirus():
    test_antivirus_stops_hacks_and_reproducers()


def test_card_crack():
    game = table()
    give(game, ANN, "crack", "hand")
    for cid in ("adobe-dreamweaver-cs3", "hack", "adobe-flash-cs3"):
        give(game, ANN, cid, "pile")
    pick(game, "Play a card", "Crack")
    assert sorted(ids(game.zones["hand:0"])) == ["adobe-dreamweaver-cs3", "adobe-flash-cs3"]
    assert "2 plays" in game.plays_text(ANN), "Crack is played like an Action"


def extra_play(card_id: str, extra: list[str], plain: list[str]) -> Fofl:
    """Ann has ``card_id`` in play and plays ``plain`` (two cards), then tries ``extra``."""
    game = table()
    give(game, ANN, card_id)
    for cid in plain + extra:
        give(game, ANN, cid, "hand")
    for cid in plain:
        pick(game, "Play a card", game.cardset[cid].name)
        while game.decision().kind != "turn":
            game.act(game.decision().actions[0])
    return game


def test_card_adobe_flash_cs3():
    game = extra_play("adobe-flash-cs3", ["antivirus", "civilian"], ["drone", "chav"])
    assert game.play_problem(ANN, game.zones["hand:0"].cards[0]) is None, "the extra play is for Software"
    assert game.play_problem(ANN, game.zones["hand:0"].cards[1]) is not None
    assert "+1 Software" in game.plays_text(ANN)


def test_card_adobe_photoshop_cs3():
    game = extra_play("adobe-photoshop-cs3", ["civilian", "antivirus"], ["google", "youtube"])
    assert game.play_problem(ANN, game.zones["hand:0"].cards[0]) is None
    assert game.play_problem(ANN, game.zones["hand:0"].cards[1]) is not None


def test_card_adobe_dreamweaver_cs3():
    game = extra_play("adobe-dreamweaver-cs3", ["google", "civilian"], ["drone", "chav"])
    assert game.play_problem(ANN, game.zones["hand:0"].cards[0]) is None
    assert game.play_problem(ANN, game.zones["hand:0"].cards[1]) is not None


def test_card_fmslogo():
    game = extra_play("fmslogo", ["reproducer", "antivirus"], ["drone", "chav"])
    assert game.play_problem(ANN, game.zones["hand:0"].cards[0]) is None
    assert game.play_problem(ANN, game.zones["hand:0"].cards[1]) is not None


# ------------------------------------------------------------------------------- Spacecraft


def test_card_enterprise_starship():
    test_a_flagship_needs_two_to_five_pilots_with_a_unique_of_its_colour()


def test_card_interceptor():
    game = space_table()
    interceptor = give(game, ANN, "interceptor")
    game.board_pilot(give(game, ANN, "drone"), interceptor)
    give(game, ANN, "mafia")
    shuttle = give(game, BOB, "shuttle")
    game.board_pilot(give(game, BOB, "triad"), shuttle)
    give(game, BOB, "civilian")
    pick(game, "Attack", "Interceptor", "Shuttle")
    assert game.toughness(shuttle) == 8 - 7, "3 power +4 against a Light craft"


def test_card_gunship():
    game = space_table()
    gunship = give(game, ANN, "gunship")
    game.board_pilot(give(game, ANN, "drone"), gunship)
    godzilla = give(game, BOB, "godzilla")
    pick(game, "Use an ability", "Gunship", "Godzilla")
    assert game.toughness(godzilla) == 5 and gunship.uid in game.used


def test_card_shuttle():
    game = space_table()
    end_turn(game)
    give(game, BOB, "shuttle", "hand")
    for cid in ("triad", "civilian", "anfofl-volunteer"):
        give(game, BOB, cid)
    pick(game, "Play a card", "Shuttle", "Triad")  # Bob has a Triad, a Civilian and a Volunteer
    assert offered(game, "Done"), "one pilot is enough"
    pick(game, "Civilian")
    assert not offered(game, "Done"), "two pilots is not allowed"
    pick(game, "ANFOFL Volunteer")
    shuttle = game.zones["craft:1"].cards[0]
    assert len(game.pilots_of(shuttle)) == 3 and not game.zones["people:1"]
    flagship = give(game, BOB, "enterprise-starship")
    game.damage[flagship.uid] = 5
    game.board_pilot(give(game, BOB, "enterprise"), flagship)
    game.board_pilot(give(game, BOB, "triad"), flagship)
    pick(game, "Use an ability", "repair a Flagship by 3", "Enterprise (Starship)")
    assert game.toughness(flagship) == 23


# ------------------------------------------------------------------------------- Unique People


def test_card_sidious():
    game = table()
    give(game, ANN, "sidious")
    for _ in range(4):
        give(game, ANN, "drone", "pile")
    pick(game, "Use an ability", "Sidious", "Take Drone", "Take Drone", "Take Drone")
    assert ids(game.zones["people:0"]) == ["sidious", "drone", "drone", "drone"]
    assert len(game.zones["draw:0"]) == 1 and game.plays == []
    assert any("puts into play: Drone, Drone, Drone" in t for t in public(game))


def test_card_the_tsar_of_russia():
    game = table()
    give(game, BOB, "the-tsar-of-russia")
    sidious = give(game, ANN, "sidious")
    end_turn(game)
    pick(game, "Use an ability", "Tsar", "Sidious")
    assert game.toughness(sidious) == 3


def test_card_the_lion():
    test_the_lion_keeps_fofl_at_one_toughness()


def test_card_chav_tribe_leader():
    game = table()
    give(game, ANN, "chav-tribe-leader")
    for cid in ("chav", "chav", "chav", "drone"):
        give(game, ANN, cid, "pile")
    pick(game, "Use an ability", "Chav Tribe Leader")
    assert labels(game) == ["Take Chav (3 in pile) into your hand", "Take nothing"]
    pick(game, "Take Chav", "Take Chav")
    assert ids(game.zones["hand:0"]) == ["chav", "chav"]


def test_card_big_brother():
    game = table()
    give(game, ANN, "big-brother")
    secret = give(game, BOB, "godzilla", "hand")
    pick(game, "Use an ability", "Big Brother")
    assert secret.known == {ANN, BOB}
    assert game.view(ANN).zone("hand:1").cards[0].face.id == "godzilla"
    assert game.view(None).zone("hand:1").cards[0].face is None
    assert "Ann sees Godzilla in Bob's hand." in [e.text for e in game.log.entries if e.audience == {ANN}]
    assert "Ann saw Godzilla from Bob's hand." in [e.text for e in game.log.entries if e.audience == {BOB}]
    assert_no_leaks(game)


def test_card_webmaster():
    game = table()
    give(game, BOB, "webmaster")
    for cid in ("google", "drone", "antivirus"):
        give(game, BOB, cid, "discard")
    end_turn(game)
    pick(game, "Use an ability", "Webmaster")
    assert labels(game) == ["Antivirus → hand", "Google → hand", "Take nothing"]
    pick(game, "Google")
    assert ids(game.zones["hand:1"]) == ["google"] and game.zones["hand:1"].cards[0].known == {ANN, BOB}


def test_card_godzilla():
    game = table()
    give(game, BOB, "godzilla")
    sidious = give(game, ANN, "sidious")
    give(game, ANN, "drone")
    give(game, ANN, "chav")
    end_turn(game)
    pick(game, "Use an ability", "Godzilla")
    assert "Sidious" not in " ".join(labels(game)), "Unique People are safe"
    pick(game, "Drone", "Chav")
    assert ids(game.zones["people:0"]) == ["sidious"] and sidious


def test_card_enterprise_x():
    game = table()
    ex = give(game, ANN, "enterprise-x")
    agents = [give(game, BOB, "agent"), give(game, BOB, "agent")]
    give(game, BOB, "civilian")
    give(game, ANN, "mind-wipe-gun")
    game.attached[game.zones["items:0"].cards[0].uid] = ex.uid
    assert "Enterprise X" not in [a.label.split(":")[0] for a in game.decision().actions]
    pick(game, "Use an ability")
    assert not offered(game, "Mind Wipe Gun"), "Bob's People are neutral already and Enterprise X is immune"
    pick(game, "Enterprise X")
    assert labels(game) == ["destroy up to 3 People", "destroy every Agent", "← Back"]
    pick(game, "destroy every Agent")
    assert all(game.zone_of(a) == "discard:1" for a in agents) and ids(game.zones["people:1"]) == ["civilian"]


def test_card_quartermaster():
    game = table()
    give(game, BOB, "quartermaster")
    triad = give(game, BOB, "triad")
    bat = give(game, BOB, "baseball-bat")
    game.attached[bat.uid] = triad.uid
    game.damage[bat.uid] = 3
    end_turn(game)
    pick(game, "Use an ability", "Quartermaster", "Baseball Bat")
    assert game.toughness(bat) == 3


def test_card_nightingale():
    game = table()
    give(game, BOB, "nightingale")
    godzilla = give(game, BOB, "godzilla")
    game.damage[godzilla.uid] = 5
    end_turn(game)
    pick(game, "Use an ability", "Nightingale", "Godzilla")
    assert game.toughness(godzilla) == 6


def test_card_enterprise():
    game = table()
    enterprise = give(game, BOB, "enterprise")
    godzilla = give(game, BOB, "godzilla")
    game.damage[godzilla.uid] = 7
    end_turn(game)
    pick(game, "Use an ability", "Enterprise", "Godzilla")
    assert game.toughness(godzilla) == 6
    give(game, ANN, "outer-space")
    assert game.power(enterprise) == 4


def test_card_the_godfather():
    game = table()
    give(game, ANN, "the-godfather")
    give(game, ANN, "mafia")
    tsar = give(game, BOB, "the-tsar-of-russia")
    give(game, BOB, "triad")
    pick(game, "Use an ability", "The Godfather", "Tsar")
    assert game.listed == [tsar.uid] and game.view(None)["list"] == ["The Tsar of Russia"]
    pick(game, "Use an ability", "Mafia")
    assert labels(game) == ["The Tsar of Russia P3 T5/5 (Bob)", "← Back"], "only People on the List"
    pick(game, "Tsar")
    assert game.zone_of(tsar) == "discard:1" and game.listed == []


def test_card_mafiaboy():
    game = table()
    give(game, ANN, "mafiaboy")
    forums = [give(game, BOB, "forum"), give(game, BOB, "forum")]
    pick(game, "Use an ability", "Mafiaboy", "Forum")
    assert [game.zone_of(f) for f in forums] == ["discard:1", "sites:1"]


# ------------------------------------------------------------------------------- Soldiers


def test_card_mafia():
    test_a_mafia_may_take_mafiaboys_damage_and_mafiaboy_still_strikes_back()


def test_card_triad():
    game = table()
    godzilla, triad = give(game, BOB, "godzilla"), give(game, BOB, "triad")
    give(game, ANN, "sidious")
    pick(game, "Attack", "Sidious", "Godzilla", "Triad P2 T3/3 takes the damage instead")
    assert game.zone_of(triad) == "discard:1" and game.toughness(godzilla) == 8


def test_card_chav():
    test_chav_pumps_the_leader_during_the_next_turn_only()


def test_card_agent():
    game = table()
    give(game, ANN, "agent")
    godzilla = give(game, BOB, "godzilla")
    give(game, BOB, "triad")
    pick(game, "Use an ability", "Agent")
    assert labels(game) == ["destroy a Person", "← Back"], "no Civilian in play"
    pick(game, "destroy a Person", "Godzilla")
    assert game.zone_of(godzilla) == "discard:1"


def test_card_drone():
    game = table()
    give(game, ANN, "drone")
    for cid in ("hack", "dos-attack"):
        give(game, ANN, cid, "pile")
    pick(game, "Use an ability", "Drone")
    assert labels(game) == ["Take Hack into your hand", "Take nothing"]
    pick(game, "Take Hack")
    assert ids(game.zones["hand:0"]) == ["hack"]


def test_card_system_admin():
    test_system_admin_coin_protects_a_website_from_a_hack()
    game = table()
    give(game, ANN, "system-admin", "hand")
    give(game, ANN, "system-admin", "hand")
    pick(game, "Play a card", "System Admin", "FOFL")
    pick(game, "Play a card", "System Admin", "ANFOFL")
    assert len(game.guards) == 2, "one System Admin per Website"


def test_card_anfofl_volunteer():
    game = table()
    give(game, BOB, "anfofl-volunteer")
    triad = give(game, BOB, "triad")
    game.damage[triad.uid] = 2
    end_turn(game)
    pick(game, "Use an ability", "ANFOFL Volunteer", "Triad")
    assert game.toughness(triad) == 3


def test_card_civilian():
    game = table()
    give(game, ANN, "agent")
    civilians = [give(game, BOB, "civilian") for _ in range(3)]
    give(game, BOB, "triad")
    assert game.power(civilians[0]) == 1 and not game.abilities(civilians[0])
    pick(game, "Use an ability", "Agent", "destroy every Civilian")
    assert all(game.zone_of(c) == "discard:1" for c in civilians)


# ------------------------------------------------------------------------------- Items


def test_card_lightsaber():
    test_items_wear_one_per_fight_and_break_at_zero()


def test_card_baseball_bat():
    game = table()
    triad = give(game, BOB, "triad")
    give(game, BOB, "baseball-bat", "hand")
    give(game, ANN, "mafia")
    end_turn(game)
    pick(game, "Play a card", "Baseball Bat")
    assert labels(game) == ["Triad P2 T3/3 (Bob)", "← Back"], "only onto your own People"
    pick(game, "Triad")
    assert game.power(triad) == 3


def test_card_mind_wipe_gun():
    game = table()
    mafia = give(game, ANN, "mafia")
    gun = give(game, ANN, "mind-wipe-gun")
    game.attached[gun.uid] = mafia.uid
    tsar = give(game, BOB, "the-tsar-of-russia")
    give(game, BOB, "triad")
    pick(game, "Use an ability", "Mafia: Mind Wipe Gun", "Tsar")
    assert game.colour(tsar) == "yellow" and game.controller(tsar) == BOB and mafia.uid in game.used
    assert game.view(None)["cards"]["people:1"][0]["changed"] is True


def test_card_memory_stick():
    game = table([HEADS])
    tsar = give(game, BOB, "the-tsar-of-russia")
    give(game, BOB, "memory-stick")
    give(game, BOB, "triad")
    game.align[tsar.uid] = "red"
    game.put(tsar, "people:0")
    game.invalidate()
    end_turn(game)
    pick(game, "Use an ability", "Memory Stick", "Tsar")
    assert game.colour(tsar) == "blue" and game.controller(tsar) == BOB


def test_card_teleporter():
    game = table()
    give(game, BOB, "teleporter")
    blues = [give(game, BOB, cid) for cid in ("godzilla", "triad", "nightingale", "anfofl-volunteer")]
    give(game, BOB, "civilian")
    game.damage[blues[0].uid] = 4
    end_turn(game)
    pick(game, "Use an ability", "Teleporter")
    assert "Civilian" not in " ".join(labels(game)), "only Blue People"
    pick(game, "Godzilla", "Triad", "Nightingale")
    assert sorted(ids(game.zones["hand:1"])) == ["godzilla", "nightingale", "triad"]
    assert blues[0].uid not in game.damage


# ------------------------------------------------------------------------------- Actions


def test_card_order_66():
    game = table()
    give(game, ANN, "order-66", "hand")
    for _ in range(2):
        give(game, ANN, "drone", "pile")
    volunteers = [give(game, BOB, "anfofl-volunteer") for _ in range(3)]
    pick(game, "Play a card", "Order 66")
    assert ids(game.zones["people:0"]) == ["drone", "drone"] and game.decision().kind == "target"
    assert "choose 2 to destroy" in game.decision().prompt
    pick(game, "ANFOFL Volunteer", "ANFOFL Volunteer")
    assert [game.zone_of(v) for v in volunteers].count("discard:1") == 2
    assert game.view(None)["order66"] is True


def test_order_66_needs_fofl_in_play():
    game = table()
    give(game, ANN, "order-66", "hand")
    give(game, ANN, "drone", "pile")
    game.put(home(game, ANN), "box")
    game.invalidate()
    assert game.play_problem(ANN, game.zones["hand:0"].cards[0]) == "FOFL must be in play"


def test_card_blitzkrieg():
    game = table()
    give(game, ANN, "blitzkrieg", "hand")
    give(game, BOB, "the-good-house")
    give(game, ANN, "tescos")
    pick(game, "Play a card", "Blitzkrieg", "The Good House")
    assert not game.zones["places:1"] and ids(game.zones["places:0"]) == ["tescos"]


def test_card_established_dictatorship():
    game = table()
    give(game, ANN, "established-dictatorship", "hand")
    give(game, ANN, "drone", "pile")
    give(game, ANN, "drone", "pile")
    lg = give(game, BOB, "lg")
    places = [give(game, BOB, "hilly-fields"), give(game, ANN, "tescos"), give(game, BOB, "school-yard"), give(game, BOB, "hong-kong"), give(game, ANN, "sicily")]
    outer = give(game, BOB, "outer-space")
    volunteers = [give(game, BOB, "anfofl-volunteer") for _ in range(2)]
    godzilla = give(game, BOB, "godzilla")
    triad = give(game, BOB, "triad")
    pick(game, "Play a card", "Established Dictatorship")
    assert game.zone_of(lg) == "discard:1"
    assert ids(game.zones["people:0"]) == ["drone", "drone"]
    assert all(game.zone_of(v) == "discard:1" for v in volunteers)
    assert all(not game.in_play(p) for p in places) and game.in_play(outer)
    assert game.zone_of(godzilla) == "hand:1" and game.in_play(triad)


def test_card_recruitment():
    game = table()
    give(game, BOB, "recruitment", "hand")
    for _ in range(4):
        give(game, BOB, "anfofl-volunteer", "pile")
    end_turn(game)
    pick(game, "Play a card", "Recruitment", "Take ANFOFL Volunteer", "Take ANFOFL Volunteer", "Take ANFOFL Volunteer")
    assert ids(game.zones["people:1"]) == ["anfofl-volunteer"] * 3


def test_card_time_travel():
    test_time_travel_shows_the_card_and_both_players_know_it_when_drawn()


def test_card_temptation():
    test_temptation_twice_brings_a_blue_person_to_reds_side()


# ------------------------------------------------------------------------------- ruling 28: news
def test_fights_losses_side_changes_and_coin_flips_are_news():
    """Ruling 28: the damage a fight or an attack deals, a card destroyed, a card changing
    sides and every coin flip are news; playing a card or ending a turn is not."""
    from news_lines import news_and_plain

    news, plain = news_and_plain("fofl", range(6), 2)
    kinds = (" deals ", " is destroyed", "Coin flip for ", " changes sides ", "Proxy is destroyed instead", "cannot be destroyed while")
    assert any(" deals " in l for l in news) and any(" is destroyed" in l for l in news)
    assert all(any(k in l for k in kinds) for l in news), [l for l in news if not any(k in l for k in kinds)]
    assert not any(" deals " in l and " to " in l and " back" in l for l in plain)
    assert not any(l.startswith("Coin flip for ") for l in plain)
    assert any(" plays " in l for l in plain) and any(l.endswith("ends the turn.") for l in plain)


# =============================================================================== the card file and its vocabulary

from pathlib import Path  # noqa: E402

from cardtable.cards import CardDataError, parse_cardset  # noqa: E402
from cardtable.engine.registry import bundled_data_dir  # noqa: E402

YAML = (bundled_data_dir() / "fofl.yaml").read_text(encoding="utf-8")


def parse(text: str):
    return parse_cardset(text, "cards_data/fofl.yaml", game="fofl", check_card=Fofl.check_card, check_set=Fofl.check_cardset)


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("{search: {find: {id: drone}, up_to: 3, to: play}}", "{serch: {find: {id: drone}, up_to: 3, to: play}}",
         "card 'sidious': effect actions[0].do[0]: unknown step 'serch'"),
        ("{damage: {target: {kind: person}, amount: 2}}", "{damage: {target: {kind: persons}, amount: 2}}",
         "card 'the-tsar-of-russia': effect actions[0].do[0].damage.target: selector 'kind' must be a kind or a list of kinds"),
        ("do: [{hook: shuttle_transfer}]", "do: [{hook: shuttle_teleport}]",
         "card 'shuttle': effect actions[1].do[0].hook: no hook named 'shuttle_teleport'"),
        ("{search: {find: {id: chav}, up_to: 2, to: hand}}", "{search: {find: {id: chavs}, up_to: 2, to: hand}}",
         "card 'chav-tribe-leader': effect effect names an unknown card 'chavs'"),
        ("    type_line: Person - Unique\n    unique: true\n    hacker: true\n    power: 4",
         "    type_line: Person\n    unique: true\n    hacker: true\n    power: 4",
         "card 'sidious': unique must match the type line"),
        ("      godzilla: 1\n      the-tsar-of-russia: 1", "      godzilla: 2\n      the-tsar-of-russia: 1",
         "deck 'blue': Only one copy of each Unique card is allowed: Godzilla (2)."),
    ],
)
def test_card_file_mistakes_are_one_line_errors(old, new, message):
    assert old in YAML
    with pytest.raises(CardDataError) as err:
        parse(YAML.replace(old, new, 1))
    text = str(err.value)
    assert "\n" not in text and message in text and text.startswith("cards_data/fofl.yaml:")


def test_an_effect_error_points_at_its_line():
    bad = YAML.replace("{search: {find: {id: drone}, up_to: 3, to: play}}", "{serch: {find: {id: drone}, up_to: 3, to: play}}", 1)
    with pytest.raises(CardDataError) as err:
        parse(bad)
    assert err.value.line == line_of(YAML, "  - id: sidious") + line_of(YAML[YAML.index("  - id: sidious"):], "    effect:") - 1


def test_the_shipped_file_is_valid_and_labels_fit_the_screen():
    cards = parse(YAML)
    assert len(cards.cards) == 64
    for card in cards.cards:
        assert len(f"{card.name} ({Fofl.kind_text(card)}) — {card.get('brief')}") <= 72, card.id


def test_every_ruling_the_code_cites_is_in_the_rules_file():
    import re
    import sys

    rules = (bundled_data_dir() / "fofl.md").read_text(encoding="utf-8").split("## Table rulings", 1)[1]
    numbered = [int(n) for n in re.findall(r"^(\d+)\. \*\*", rules, re.M)]
    assert numbered == list(range(1, len(numbered) + 1)) and len(numbered) >= 27
    cited = set()
    for path in Path(sys.modules[Fofl.__module__].__file__).parent.glob("*.py"):
        for group in re.findall(r"[Rr]ulings? ((?:\d+(?:, | and |–)?)+)", path.read_text(encoding="utf-8")):
            cited |= {int(n) for n in re.findall(r"\d+", group)}
    assert cited and cited <= set(numbered), sorted(cited - set(numbered))
