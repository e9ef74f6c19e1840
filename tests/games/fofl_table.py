"""Building FOFL tables for scenario tests: exact cards in exact places, scripted coins.

``table()`` deals a real game (Ann Red in seat 0, Bob Blue in seat 1, shuffles keeping file
order), then boxes every card except the two own Websites, so a scenario places exactly the
cards it needs with ``give``. Boxed cards stay in a zone (``box``), so every card is still
accounted for. ``pick(game, "text")`` plays the one offered option whose label contains the
text.
"""

from __future__ import annotations

import re

from cardtable.engine import Action, Setup, load_cards
from cardtable.engine.testing import StackedRandom
from cardtable.games.fofl import Fofl

ANN, BOB = 0, 1
HEADS, TAILS = 0.1, 0.9


def table(coins: list[float] | None = None, *, keep: bool = False, websites: str = "setup") -> Fofl:
    """A game at the start of Ann's (Red's) first turn with only FOFL and ANFOFL in play
    (``keep=True``: the preset decks as dealt). ``coins`` script the coin flips. Scenarios
    start with both own Websites in play (option ``websites``, ruling 1); with ``websites="drawn"``
    (the default game) they are dealt into the decks and boxed with the rest unless ``keep``."""
    setup = Setup(("Ann", "Bob"), {"websites": websites})
    game = Fofl(load_cards("fofl"), setup, seed=0, rng=StackedRandom(randoms=list(coins or [])))
    if not keep:
        game.add_zone("box", kind="pile", enter="down", label="box")
        for card in list(game.all_cards()):
            if (websites == "drawn" or card.defn.id not in ("fofl", "anfofl")) and game.zone_of(card) != "box":
                game.put(card, "box")
    game.invalidate()
    return game


def give(game: Fofl, seat: int, card_id: str, where: str = "play", *, fresh: bool = False):
    """A new card of ``seat``'s deck put ``where``: ``play`` (ready to attack unless
    ``fresh``), ``hand``, ``pile`` (on top) or ``discard``. Returns the card."""
    (card,) = game.make_cards([game.cardset[card_id]])
    game._cards[card.uid] = card
    game.owner[card.uid] = seat
    if where == "play":
        game.enter_play(card, seat)
        if not fresh:
            game.entered[card.uid] = 0
    elif where == "hand":
        game.put(card, f"hand:{seat}", up=False, known=(seat,))
    elif where == "pile":
        game.put(card, f"draw:{seat}")
    elif where == "discard":
        game.put(card, f"discard:{seat}", up=True)
    else:
        raise ValueError(where)
    game.invalidate()
    return card


def labels(game: Fofl) -> list[str]:
    return [a.label for a in game.decision().actions]


def find(game: Fofl, text: str) -> Action:
    """The offered action whose label contains ``text`` (an exact label wins; among identical
    cards the first)."""
    actions = game.decision().actions
    exact = [a for a in actions if a.label == text]
    if exact:
        return exact[0]
    hits = [a for a in actions if text in a.label]
    starts = [a for a in hits if a.label.startswith(text)]
    if len(starts) == 1:
        return starts[0]
    if len({re.sub(r" #\d+$", "", a.label) for a in hits}) == 1:
        return hits[0]  # identical cards (labels told apart by #2, #3): the first
    if len(hits) != 1:
        raise AssertionError(f"{len(hits)} options match {text!r}: {[a.label for a in actions]}")
    return hits[0]


def pick(game: Fofl, *texts: str) -> None:
    """Play the offered options whose labels contain each text, in turn."""
    for text in texts:
        game.act(find(game, text))


def offered(game: Fofl, text: str) -> bool:
    return any(text in a.label for a in game.decision().actions)


def end_turn(game: Fofl) -> None:
    while game.decision().kind != "turn":
        pick(game, "Back")
    pick(game, "End your turn")


def ids(zone) -> list[str]:
    return [c.defn.id for c in zone]


def public(game: Fofl) -> list[str]:
    return [e.text for e in game.log.entries if e.public]
