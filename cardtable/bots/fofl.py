"""FOFL knowledge for the computer player: look two turns ahead, help your own cards,
hurt the rival's.

A random playout of a whole FOFL game runs hundreds of moves, so a budget buys only a
few of them and the choice is mostly noise (a tester saw ``hard`` end its turn with a
Person it could play). So playouts stop after the current turn and the rival's reply
(``horizon``, ``DEPTH``) and the table is valued from its public side (``value``): each
side's own Website, its People in play and the cards in its hand.

A random playout rarely shows that healing a rival's Person or protecting a rival's
Website is a gift: one toughness drowns in a long game. So when a card's effect is aimed,
a helping step (heal, repair, restore, protect, guard with Proxy) is searched only among
the player's own cards, and a harming step (damage, destroy, mind-wipe, tempt, switch off)
only among the rival's, whenever the effect leaves such a choice (``cards_data/fofl.md``,
"Computer players"). Locations are left to the search: a Location's power may help either
side. Ownership is public: it is the side of the table a card lies on (its zone).

A turn is a tree of menus (attack → with whom → at what), so the search scores "Attack"
and "Use an ability" by random picks inside them, bad ones and Back included: a Person
killed for free was worth 0.37 against 0.26 for ending the turn, but the menus that lead
to it only 0.26–0.28, lost in the noise of the few worlds ``hard`` can deal (a tester saw
``hard`` end turns beside 1-toughness rival People). So ``hard`` first takes a *free
move* (``free_move``): an attack or ability, tried on a world its seat cannot tell from
the real one, that destroys a rival Person or gains ``FREE_GAIN`` points of ``strength``
lead, loses none of its People and keeps a blocker in front of its Websites.

Two more things the noise hid (a tester's game, December 2026): an attack that deals no
damage is left out of the menus (``_harmless``: it only tires the attacker and takes
damage back), and a playout ends the turn instead of returning Spacecraft to hand at
random (``_no_return``: a random Return threw a Flagship away after every option that
left the turn open, so ``hard`` ended its turns with ten playable cards in hand).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from cardtable.cards import CardDef
from cardtable.engine.choices import BACK
from cardtable.engine.core import Action, Decision
from cardtable.engine.game import Game

__all__ = ["advise", "free_move", "horizon", "killer", "policy", "value", "DEPTH", "HELPS", "HARMS", "FREE_GAIN", "FREE_LEVELS"]

HELPS = frozenset({"heal", "repair", "restore", "guard", "proxy"})
"""Steps that help the card they are aimed at."""

HARMS = frozenset({"damage", "destroy", "neutralize", "shift", "negate"})
"""Steps that harm the card they are aimed at."""


def _side(action: Action) -> int | None:
    """The seat whose side of the table a target lies on (``None`` for a Location or an
    option that is not a target)."""
    zone = action.get("zone")
    if action.type != "target" or not isinstance(zone, str) or zone.startswith("places:"):
        return None
    kind, _, owner = zone.rpartition(":")
    return int(owner) if kind and owner.isdigit() else None


def advise(game: Game, seat: int, decision: Decision, unseen: Sequence[CardDef], memory: object = None, level: str = "hard") -> tuple[Action, ...] | None:
    """For an aimed step (decisions ``aim`` and ``target``): the options to search among —
    every option but the targets on the wrong side (module docstring), when at least one
    target is left; otherwise ``None`` (search as usual). ``unseen``, ``memory`` and
    ``level`` are unused.

    Before that, at ``FREE_LEVELS``, a planning decision of the seat's own turn follows
    the best free move there is (``free_move``). Without one, the menus leading to an
    attack leave out every attack that deals no damage (``_harmless``)."""
    if level in FREE_LEVELS and decision.kind in PLANNING and game.active == seat:
        step = free_move(game, seat)
        if step is not None:
            return step
    if decision.kind in ("turn", "menu", "attack_with"):
        return _harmless(game, decision)
    if decision.kind not in ("aim", "target"):
        return None
    entry = game.choices.top
    if entry is None:
        return None
    op = entry.get("opname")
    if op in HELPS:
        wrong = lambda side: side is not None and side != seat  # noqa: E731
    elif op in HARMS:
        wrong = lambda side: side == seat  # noqa: E731
    else:
        return None
    kept = tuple(a for a in decision.actions if not wrong(_side(a)))
    if not any(a.type == "target" for a in kept) or len(kept) == len(decision.actions):
        return None
    return kept


def _toothless(game: Game, attacker, target=None) -> bool:
    """Whether ``attacker`` deals no damage to ``target`` (``None``: to anything it may
    attack now): an attack with 0 power only tires the attacker (it can no longer block),
    wears its Items and takes the defender's power back (ruling 3)."""
    targets = game.attack_targets(attacker) if target is None else [target]
    return all(game.power(attacker, t) <= 0 for t in targets)


def _harmless(game: Game, decision: Decision) -> tuple[Action, ...] | None:
    """For the turn menu, the attack menu and the choice of a target (``advise``): the
    options without the attacks that deal no damage (``_toothless``), or ``None`` when
    none is left out. A tester's ``hard`` healed its Webmaster (0 power under Outer Space)
    to 4/4 and then attacked Sidious with it: 0 dealt, 2 back, the heal undone and its only
    blocker tired. The search could not tell: in that position every option was worth
    0.01–0.04 and the attack won by noise."""
    entry = game.choices.top
    if decision.kind == "turn":
        seat = game.active
        drop = lambda a: a.get("menu") == "attack" and all(_toothless(game, c) for c in game.attackers(seat))  # noqa: E731
    elif decision.kind == "menu" and entry is not None and entry.get("menu") == "attack":
        drop = lambda a: a.type == "attacker" and _toothless(game, game.deref(a))  # noqa: E731
    elif decision.kind == "attack_with" and entry is not None:
        attacker = game.card(entry["att"])
        drop = lambda a: a.type == "attack" and _toothless(game, attacker, game.deref(a))  # noqa: E731
    else:
        return None
    kept = tuple(a for a in decision.actions if not drop(a))
    return None if len(kept) == len(decision.actions) or not kept else kept


DEPTH = 2
"""Turn changes a playout runs through: the end of this turn and of the rival's reply."""

HAND_WORTH = 0.5
"""What a card in hand is worth, in points: a choice for later, worth less than the same
card in play (which counts its power and toughness, or ``OTHER_WORTH``)."""

OTHER_WORTH = 1.0
"""What a card in play without power or toughness is worth, in points (an Item, whose power
counts on its bearer already; a Software; a Location; a lasting Action)."""

SCALE = 8.0
"""Points of difference that make one side about three times as likely to win (the logistic
``value`` gives 0.73 at ``+SCALE``): a Person of power 3 and toughness 5 is 8 points."""

IN_PLAY = ("sites", "places", "people", "crew", "craft", "items", "soft", "lasting")
"""The parts of a side of the table (``cardtable.games.fofl.state.PLAY_PARTS``)."""


def horizon(game: Game) -> int:
    """The turn number (``Fofl.turn``): with ``DEPTH`` 2 a playout stops when the turn after
    the next one begins."""
    return game.turn


def _lone(game: Game, seat: int):
    """``seat``'s one Person when killing it wins the game (ruling 4: the side has had
    People and has exactly one left, not a pilot), else ``None``."""
    people = game.zones[f"people:{seat}"]
    if not game.had_people[seat] or len(people) != 1 or game.zones[f"crew:{seat}"]:
        return None
    return people.cards[0]


def killer(game: Game, attacker) -> object | None:
    """The rival's last Person when ``attacker`` (a card of the active side that may attack
    now) wins the game by attacking it (ruling 4): its power reaches the target's toughness
    left, and the target's power back does not kill the attacker's side's last Person too
    (that would be a draw). ``None`` otherwise. Guards and Tesco's Chavs (reactions) are not
    foreseen: a playout policy, not a rule."""
    seat = game.active
    target = _lone(game, 1 - seat)
    if target is None or game.part(attacker) != "people":
        return None
    if game.power(attacker, target) < game.toughness(target):
        return None
    if game.people_count(seat) == 1 and game.power(target, attacker) >= game.toughness(attacker):
        return None
    return target


def policy(game: Game, decision: Decision, drawn: Action | None = None) -> Action | None:
    """The move a playout makes instead of ``drawn``, the random one (``search.HORIZONS``):
    the active side takes an attack that wins the game at once by killing the rival's last
    Person (``killer``), step by step through the menus (Attack, the attacker, the target);
    and it ends its turn instead of returning Spacecraft to hand (``_no_return``). ``None``
    (the random move) otherwise.

    A random reply almost never finds that attack among the menus' options, so without it a
    search sees no danger in leaving its one Person beside a rival Person that kills it
    (seen: ``hard`` lost so to ``normal`` on turn 8 of seed 6, its Big Brother alone beside
    Godzilla)."""
    kind = decision.kind
    if kind == "turn" and drawn is not None and drawn.get("menu") == "return":
        return _no_return(game, decision)
    if kind not in ("turn", "menu", "attack_with") or decision.seats != (game.active,):
        return None
    if kind == "attack_with":
        attacker = game.card(game.choices.top["att"])
        target = killer(game, attacker)
        if target is None:
            return None
        return next((a for a in decision.actions if a.type == "attack" and game.deref(a) is target), None)
    if _lone(game, 1 - game.active) is None:
        return None
    ready = [card for card in game.attackers(game.active) if killer(game, card) is not None]
    if not ready:
        return None
    if kind == "turn":
        return next((a for a in decision.actions if a.type == "menu" and a.get("menu") == "attack"), None)
    return next((a for a in decision.actions if a.type == "attacker" and game.deref(a) in ready), None)


def _no_return(game: Game, decision: Decision) -> Action | None:
    """What a playout does instead of a randomly drawn Return of Spacecraft: the winning
    attack ``policy`` would take, else ending the turn.

    A random Return throws a Flagship's power and toughness (and its pilots') back into the
    hand, so with it every option that leaves the turn open was watered down against ending
    the turn at once: a tester's ``hard`` flew all its People in Enterprise and then only
    ended its turns, from turn 8 to 22, with up to 10 playable cards in hand (playing a
    card, then ending, was worth 0.30–0.47 against 0.29–0.30 for ending; the "Play a card"
    menu only 0.26). The search itself still weighs a Return among its own options."""
    return policy(game, decision) or next((a for a in decision.actions if a.type == "end"), None)


def strength(game: Game, seat: int) -> float:
    """The public strength of ``seat``'s side, in points: every card it has in play (People
    and Spacecraft by power plus toughness left, Websites by toughness left, the rest
    ``OTHER_WORTH``), its own Website's toughness once more (the score at the turn limit,
    ruling 23; losing it loses), and ``HAND_WORTH`` per card in its hand."""
    points = float(game.home_toughness()[seat])
    for part in IN_PLAY:
        for card in game.zones[f"{part}:{seat}"]:
            kind = card.defn.kind
            if kind in ("person", "spacecraft"):
                points += game.power(card) + game.toughness(card)
            elif kind == "website":
                points += game.toughness(card)
            else:
                points += OTHER_WORTH
    return points + HAND_WORTH * len(game.zones[f"hand:{seat}"])


def _lead(game: Game, seat: int) -> float:
    """``seat``'s ``strength`` minus the rival's, in points."""
    return strength(game, seat) - strength(game, 1 - seat)


def value(game: Game, seat: int) -> float:
    """What the table is worth to ``seat`` when a playout stops, in (0, 1): a logistic of
    its ``strength`` minus the rival's, ``SCALE`` points wide."""
    return 1.0 / (1.0 + math.exp(-_lead(game, seat) / SCALE))


FREE_GAIN = 2.0
"""The ``strength`` lead, in points, a move must gain to be taken without a search (a heal
of 2, a 1/1 rival Person killed, a Website hit for 1); a move that destroys a rival
Person is free at any gain above 0."""

FREE_LEVELS = ("hard",)
"""The levels that take free moves before searching (``free_move``)."""

PLANNING = ("turn", "menu", "attack_with", "aim", "alternative")
"""Decisions in which the active player plans a move (``cardtable.games.fofl.game.PLANNING``
but the crewing of a Spacecraft, which only plays of cards reach)."""

FREE_TRIES = 80
"""Copies of the table ``free_move`` may make in one decision: it bounds the time (a copy
costs 1–4 ms) when a side has many cards ready."""


def _tries(world: Game, seat: int) -> list[tuple[list[Action], Game]]:
    """Each attack or ability use ``seat`` can complete from its planning decision in
    ``world``: (the seat's actions, from this decision to the move's end, and the table
    after it). Plays of cards and returns of Spacecraft are left out (they are the search's),
    also when the walk starts inside the play menu (before, a play there counted as free
    when it added ``FREE_GAIN`` points, so ``hard`` played the cards worth most on the
    table first: two Websites while its lone Person faced a rival that killed it),
    and so is a use that would search or rearrange a hidden pile; the rival's public
    reactions (a guard, a Forum) take their first option. At most ``FREE_TRIES`` copies."""
    done: list[tuple[list[Action], Game]] = []
    committed = world.committed
    budget = [FREE_TRIES]

    def walk(table: Game, path: list[Action]) -> None:
        decision = table.decision()
        while decision is not None and decision.seats != (seat,):
            table.act(decision.actions[0])  # the rival's reaction: its first option
            decision = table.decision()
        if decision is None or (decision.kind == "turn" and table.committed != committed):
            done.append((path, table))
            return
        if decision.kind in ("search", "recover", "arrange", "crew"):
            return  # depends on hidden cards, or is a play: the search's to weigh
        for action in decision.actions:
            if action == BACK or action.type in ("end", "play", "return") or action.get("menu") in ("play", "return") or budget[0] <= 0:
                continue
            budget[0] -= 1
            copy = table.clone()
            copy.act(action)
            walk(copy, path + [action])

    walk(world, [])
    return done


def free_move(game: Game, seat: int) -> Action | None:
    """The next action of the best *free move* of ``seat`` in its own turn's planning
    decision (kinds ``PLANNING``), or ``None`` when there is none.

    Every attack and ability use open from this decision (``_tries``) is made on one world
    dealt from ``game`` (the canonical copy: it depends only on the seat's view, and the
    world's coins are dealt anew, so the move does not peek), the same world for every
    decision of one move (it is seeded from the turn and the moves committed). A move is free when, on that
    world, it wins the game, or it loses none of the seat's People, leaves at least one
    Person able to block (ruling 9) if there was one, and destroys a rival Person with a
    ``strength`` gain above 0 or gains ``FREE_GAIN`` points. The best is the largest gain
    (a win first; ties: the first listed), so every decision along the move picks the
    same one."""
    world = game.determinize(seat, random.Random(f"fofl-free:{seat}:{game.turn}:{game.committed}"))
    rival = 1 - seat
    lead, mine, theirs = _lead(world, seat), world.people_count(seat), world.people_count(rival)
    guarded = bool(world.blockers(seat))
    best: tuple[float, Action] | None = None
    for path, after in _tries(world, seat):
        outcome = after.outcome()
        if outcome is not None:
            gain = math.inf if outcome.winners == frozenset({seat}) else -math.inf
        elif after.people_count(seat) < mine or (guarded and not after.blockers(seat)):
            continue
        else:
            gain = _lead(after, seat) - lead
            if not (gain >= FREE_GAIN or (gain > 0 and after.people_count(rival) < theirs)):
                continue
        if gain > -math.inf and (best is None or gain > best[0]):
            best = (gain, path[0])
    return None if best is None else best[1]
