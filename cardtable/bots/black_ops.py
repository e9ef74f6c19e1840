"""Black Ops knowledge for the computer player: playouts end with the round, and no Care
Package is spent on a Load Out that is safe either way (``advise``).

A round's moves (keep or trade, the Care Packages) decide who loses Health this round; the
rounds after it start from a fresh deal. A random playout of the whole rest of the game
drowns that one Health in the luck of every later round, so the search plays each world
only to the end of the current round (``horizon``: the round number) and then values the
table by its Health (``value``), as a gambler's-ruin estimate of the chance to be the last
one standing. Health, hand sizes and who is out are public (rules, "A round").

With many options (eight targets a card) a ``normal`` search deals one or two worlds, and
its random playouts cannot tell a card kept from a card wasted: it played an Extended Mag
on a Load Out that could not be the lowest whatever anyone did. ``advise`` removes such
plays before the search (see ``wasted``).

``advise`` also removes every Care Package play that is never better for the seat than
playing nothing (``backfires``): one that lowers the seat's own Load Out, one that raises a
rival's, and one that leaves its target's value as it is. A fresh tester's logs showed all
three: an ``easy`` player put Concussion (-1) over its own Red Dot Sight (+2) on its 9
Machine Gun (11 → 8); an ``easy`` player whose Pistol counted 6 played ACOG Sight (+3) on a
rival's 4 Pistol (4 → 7); a ``normal`` player played a second Concussion on a 7 Tactical
Rifle that already carried one (6 → 6).

A seat low on Health that holds a heal (Tak-5) plays it (``LOW_HEALTH``): a tester saw a
``normal`` player sit at 1 Health with a Tak-5 in hand round after round, its search
preferring to wait in the claim window until someone else closed it. And a seat claims the
next play only when it would then play a card (``CLAIM`` and ``DECLINE``, used by
``cardtable.bots.search``): the same tester saw computer players claim and then play nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import CardDef
from cardtable.engine.core import Action, Decision
from cardtable.engine.view import View
from cardtable.engine.game import Game

__all__ = ["horizon", "value", "advise", "wasted", "backfires", "heal", "CARE_PACKAGE_WORTH", "BIGGEST_BOOST", "LOW_HEALTH", "CLAIM", "DECLINE"]

CLAIM = "claim"
"""The Care Package window's claim (ruling 9): it only opens the claimant's own choice."""

DECLINE = "nothing"
"""The claimant's "play nothing" (ruling 9): a claim followed by it is a wasted move."""

LOW_HEALTH = 2
"""At this Health or below a seat plays its heal in the Care Package window at once: one
more Health is one more round lost before being out, and a card kept is worth far less
(``CARE_PACKAGE_WORTH``). Tak-5 can only be played below full Health (ruling 11)."""

BIGGEST_BOOST = 3
"""The most a Care Package adds to a Load Out (ACOG Sight, +3; the rules' Care Package table)."""

CARE_PACKAGE_WORTH = 0.25
"""What one Care Package in hand is worth, in Health: a card kept for a later round can
turn a loss there (a boost, a sabotage, Hard Wired), about one time in four."""


def horizon(game: Game) -> int:
    """The round number (``BlackOps.round``): a playout stops when the next round begins."""
    return game.round


def value(game: Game, seat: int) -> float:
    """What the table is worth to ``seat`` when a playout stops, in [0, 1]: its share of
    the "strength" of the players still in, where a player's strength is their Health plus
    ``CARE_PACKAGE_WORTH`` per Care Package in hand (0 once out). Between two players of
    Health ``a`` and ``b`` who each lose a round about half the time, ``a / (a + b)`` is the
    chance that ``a`` outlasts ``b``."""
    strength = [
        (health + CARE_PACKAGE_WORTH * len(game.hands[s])) if health > 0 else 0.0
        for s, health in enumerate(game.health)
    ]
    total = sum(strength)
    return strength[seat] / total if total else 0.0


def _printed(view: View, seat: int) -> int | None:
    """The printed value of ``seat``'s face-up Load Out (``None``: none, face down, or an Air
    Strike, which has no value: ruling 2)."""
    card = view.zone(f"loadout:{seat}").top
    if card is None or card.face is None or card.face.kind != "load-out":
        return None
    return int(card.face.value)


def _change(view: View, seat: int, action: Action) -> tuple[int, int, int] | None:
    """``(target, value now, value after)`` of ``seat``'s Care Package play ``action`` when it
    changes a Load Out's value (``modify``: printed value plus the card's change, since only
    the newest Care Package counts, ruling 10; ``cancel``: back to the printed value, ruling
    11), from ``view`` (the seat's own) alone; ``None`` for any other action or card (a heal,
    Hard Wired, UAV, "play nothing")."""
    if action.type != "play" or action.get("target") is None or action.get("card") is None:
        return None
    target = action["target"]
    hand = view.zone(f"hand:{seat}").cards
    card = hand[action["card"]] if action["card"] < len(hand) else None
    printed = _printed(view, target)
    now = view.info["values"][target]
    if card is None or card.face is None or printed is None or now is None:
        return None
    effect = card.face.get("effect") or {}
    if "modify" in effect:
        return target, now, printed + int(effect["modify"])
    if "cancel" in effect:
        return target, now, printed
    return None


def wasted(view: View, seat: int, action: Action) -> bool:
    """Whether ``seat``'s Care Package play ``action`` (a ``play`` of a card in its hand on
    ``target``) cannot change who loses Health this round, from ``view`` (the seat's own)
    alone. Only the newest Care Package on a Load Out counts (ruling 10), so without another
    play on the target, each other Load Out ends at most at ``ceiling``: its value now, or
    its printed value plus ``BIGGEST_BOOST``. A target above some other Load Out's ceiling
    both before and after the play can never be the lowest unless someone plays on it
    again, which replaces this card anyway: the play is a card thrown away."""
    change = _change(view, seat, action)
    if change is None:
        return False
    target, now, after = change
    ceilings = []
    for other, alive in enumerate(view.info["alive"]):
        base, value = _printed(view, other), view.info["values"][other]
        if other != target and alive and base is not None and value is not None:
            ceilings.append(max(value, base + BIGGEST_BOOST))
    return bool(ceilings) and min(ceilings) < min(now, after)


def backfires(view: View, seat: int, action: Action) -> bool:
    """Whether ``seat``'s Care Package play ``action`` is never better for it than playing
    nothing, from ``view`` (the seat's own) alone: it lowers the seat's own Load Out, raises
    a rival's, or leaves its target's value as it is. Every player tied for the lowest value
    loses Health (rules, "A round", step 4; ruling 12), so the seat loses exactly when its
    value is at most every other one's: a lower value of its own or a higher one of a rival
    can only put it among the lowest, never take it out, and a play that changes no value
    changes nothing. Only the newest Care Package counts (ruling 10), so a later play on the
    same Load Out replaces this one whatever it was; the card kept can still be played later
    in the window or in a later round. What counts is the change from the value now:
    replacing one's own Nova Gas (-2) by a Concussion (-1) raises the seat and stays, as
    does a Concussion over a rival's Red Dot Sight (+2). Cards that change no value (a heal,
    Hard Wired, UAV) are never caught. From a fresh tester's logs (Black Ops, F12, F19,
    F13): an ``easy`` player's Concussion over its own Red Dot Sight (11 → 8), an ``easy``
    player's ACOG Sight on a rival's 4 Pistol while its own counted 6 (4 → 7), and a
    ``normal`` player's second Concussion on a Load Out that carried one (6 → 6)."""
    change = _change(view, seat, action)
    if change is None:
        return False
    target, now, after = change
    if after == now:
        return True
    return after < now if target == seat else after > now


def heal(view: View, seat: int, action: Action) -> bool:
    """Whether ``action`` is ``seat``'s play of a healing Care Package (an effect with
    ``heal``, e.g. Tak-5; ruling 11), from ``view`` (the seat's own) alone."""
    if action.type != "play" or action.get("card") is None:
        return False
    hand = view.zone(f"hand:{seat}").cards
    card = hand[action["card"]] if action["card"] < len(hand) else None
    return card is not None and card.face is not None and "heal" in (card.face.get("effect") or {})


def advise(game: Game, seat: int, decision: Decision, unseen: Sequence[CardDef], memory: object = None, level: str = "hard") -> Action | tuple[Action, ...] | None:
    """For ``seat``'s choice of a Care Package and its target (decision kind
    ``care-package``): its heal when its Health is ``LOW_HEALTH`` or less and it may play
    one; else the options left once every ``wasted`` play and every play that ``backfires``
    is taken out (the search picks among them; "play nothing" always stays), or ``None``
    (search as usual) when none is left out and for every other decision. Reads only
    ``game.view(seat)``; ``unseen``, ``memory`` and ``level`` are unused."""
    if decision.kind != "care-package" or decision.seats != (seat,):
        return None
    view = game.view(seat)
    if view.info["health"][seat] <= LOW_HEALTH:
        heals = [action for action in decision.actions if heal(view, seat, action)]
        if heals:
            return heals[0]
    kept = tuple(action for action in decision.actions if not wasted(view, seat, action) and not backfires(view, seat, action))
    return kept if kept and len(kept) < len(decision.actions) else None
