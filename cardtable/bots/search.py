"""The generic computer player: flat Monte Carlo search over determinised worlds.

For one decision of ``seat`` the player repeats, until its budget is spent:

1. deal a world ``seat`` cannot tell from the real one (``Game.determinize``: every face the
   seat may not see is dealt again among the places it may not see, and future shuffles are
   unknown);
2. in a copy of that world for each of its options, play the option, then the rest of the
   game with uniformly random moves for every seat — the same random choices ("common
   random numbers") after every option, so the options are compared on the same luck and
   a small difference between them shows through far fewer playouts;
3. score each finished game for ``seat`` (``Outcome``: a win share, plus a little for a
   better place at tables of three or more).

It then plays the option with the best total. This is perfect-information Monte Carlo
(PIMC) over determinised worlds; it needs nothing from a game but the engine's contract
(``decision``/``act``/``outcome``/``determinize``/``clone``).

Honesty: the player reads only ``seat``'s view of the state. Before searching, the
faces ``seat`` may not see are put into one fixed order (sorted by card id within each
back), so two positions that differ only in hidden faces give the very same worlds and
the very same choice; the random generator is seeded from the caller's seed, the level,
the seat and the move number, never from a hidden fact. At least one world is always
searched, whatever the budget, so every option is tried. ``tests/test_bots.py`` checks it.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass

from cardtable.engine.core import Action, Decision, Outcome
from cardtable.engine.game import Game

__all__ = ["AnyOf", "Level", "LEVELS", "choose", "new_memory", "seat_actions", "reward"]


@dataclass(frozen=True)
class Level:
    """A computer player's strength.

    ``budget`` is the search effort per decision in *steps*: each move played in a playout
    costs one step and each world dealt costs ``WORLD_COST`` steps (dealing copies the
    whole table). A step budget, unlike a clock, makes the choice the same on any machine
    for the same seed. ``budget == 0`` means a uniformly random legal move.

    ``breadth`` caps how many options the player weighs: a decision with more options than
    that is searched over a sample of ``breadth`` of them, drawn with the decision's own
    seeded generator (a beginner does not see every move). ``None`` weighs every option.
    """

    name: str
    budget: int
    breadth: int | None = None


WORLD_COST = 30
"""Steps charged per world copy (a dealt world, or its copy for one more option): on this
machine a copy costs about as much CPU as 30 random moves (1–4 ms against 0.06–0.15 ms a
move, measured in Cold War, Bloops, Combat Cards, Black Ops and FOFL)."""

LEVELS: dict[str, Level] = {
    "random": Level("random", 0),
    "easy": Level("easy", 600, breadth=2),
    "normal": Level("normal", 3_000),
    "hard": Level("hard", 10_000),
}
"""The levels by name. Levels differ by budget, by breadth and, in Bloops, by memory
(``new_memory``: ``easy`` forgets a face after 2 turns, ``normal`` after 5, ``hard`` never).
``easy`` weighs two options drawn from those of a decision: with every option weighed, a
one-world search (all ``easy``'s budget buys) played as well as ``normal``'s few worlds in
Combat Cards and Black Ops, 52.9% and 51.2% for ``normal`` over 140 and 80 games; weighing
two, ``normal`` won 66 and 51 of 80 (``benchmarks/README.md``, "Strength"). Measured with
``benchmarks/bots.py --times`` (10 random two-player positions a game, 1 December 2026, the
2-core machine at load average 18): a ``normal`` decision takes 0.07–0.19 s of CPU (median;
worst 0.28 s, FOFL), a ``hard`` one 0.24–0.60 s (median; worst 0.70 s); Bloops decisions,
played by its estimated area totals, take about 2 ms. Playouts are cut off near the budget
(``MIN_PLAYOUT``), so even the one world always searched stays close to it."""


STEP_COST: dict[str, float] = {"fofl": 2.0, "combat-cards": 1.3, "black-ops": 1.5}
"""Relative CPU cost of one random move per game (1.0 when absent): a game with dearer
moves gets proportionally fewer steps, so every game meets the same time targets."""


def seat_actions(decision: Decision, seat: int, *, table: bool = True) -> tuple[Action, ...]:
    """The options of ``seat`` in ``decision``: all its actions, or in a public window
    shared by several seats, those whose ``seat`` argument is ``seat``, and, when
    ``table``, the table's own moves that carry none (e.g. Black Ops' "nobody plays",
    which closes the window for everyone)."""
    if len(decision.seats) == 1:
        return decision.actions
    return tuple(a for a in decision.actions if a.get("seat", seat if table else None) == seat)


def reward(outcome: Outcome, seat: int) -> float:
    """How good a finished game is for ``seat``, in [0, 1.25]: its share of the win (1
    alone, 1/k when k seats share it), plus up to 0.25 for its place in the ranking at a
    table of three or more (0.25 first, 0 last)."""
    share = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    n = len(outcome.scores)
    if n <= 2:
        return share
    place = outcome.ranking().index(seat)
    return share + 0.25 * (n - 1 - place) / (n - 1)


KNOWLEDGE: dict[str, str] = {
    "cold-war": "cardtable.bots.cold_war",
    "bloops": "cardtable.bots.bloops",
    "fofl": "cardtable.bots.fofl",
    "combat-cards": "cardtable.bots.combat_cards",
    "black-ops": "cardtable.bots.black_ops",
}
"""Games with their own knowledge: game id → a module under ``cardtable.bots`` with
``advise(game, seat, decision, unseen, memory=None, level="hard")``, returning an ``Action``
(play it), an ``AnyOf`` (play one of these, uniformly at random), a tuple of actions (search
among these only), ``WAIT`` or ``None`` (search as usual). It is asked first, at every
level but ``random``."""


@dataclass(frozen=True)
class AnyOf:
    """A game's advice that the options in ``actions`` (a tuple of ``Action``) are worth
    the same to the seat, so one is played uniformly at random with the decision's own
    seeded generator (a bluff with no tell, a pick between cards the seat cannot tell
    apart); searching them would only add noise."""

    actions: tuple

MEMORIES: dict[str, str] = {"bloops": "cardtable.bots.bloops"}
"""Games whose state forgets what a seat was shown (Bloops turns faces down to nobody,
ruling 10): game id → a module under ``cardtable.bots`` with a ``BloopsMemory`` class (built
``BloopsMemory(seat, span)``) and ``SPANS`` (level → turns remembered; see ``new_memory``)."""


def new_memory(game_id: str, seat: int, level: str | Level):
    """A fresh memory for the computer player in ``seat`` at ``level`` (``None`` for a
    game that needs none, and for ``random``). Feed it ``observe(game.view(seat), action)``
    before every action of the game and pass it to ``choose``. ``easy`` and ``normal``
    forget after a few turns (``bots.bloops.SPANS``); ``hard`` never does."""
    name = level if isinstance(level, str) else level.name
    if game_id not in MEMORIES or name == "random":
        return None
    module = importlib.import_module(MEMORIES[game_id])
    return module.BloopsMemory(seat, module.SPANS.get(name))


def _advice(game: Game, seat: int, decision: Decision, options: list[Action | None], memory=None, level: str = "hard"):
    """The game's own advice for this decision, when it has some (``KNOWLEDGE``), for a
    player of ``level`` (a name): an action checked to be one of ``options``, ``WAIT``
    when waiting is advised and allowed, an ``AnyOf`` or a tuple of the options it keeps
    (when at least one is), or ``None``. ``game`` is the canonical copy (what ``seat``
    remembers shows as seen)."""
    name = KNOWLEDGE.get(game.id)
    if name is None:
        return None
    unseen = [card.defn for card in game.all_cards() if not card.visible_to(seat)]
    unseen.sort(key=lambda d: (d.id, d.name))  # a multiset: its order must not tell where they lie
    action = importlib.import_module(name).advise(game, seat, decision, unseen, memory=memory, level=level)
    if isinstance(action, (AnyOf, tuple)):
        chosen = action.actions if isinstance(action, AnyOf) else action
        kept = tuple(option for option in options if option in chosen)
        if not kept:
            return None
        return AnyOf(kept) if isinstance(action, AnyOf) else kept
    if action == WAIT:
        return WAIT if _WAIT in options else None
    return action if action is not None and action in options else None


def _canonical(game: Game, seat: int, recalled: dict[tuple[str, int], object] | None = None) -> Game:
    """A copy of ``game`` whose faces hidden from ``seat`` are sorted (by card id within
    each back) over the hidden places in table order: it depends only on what ``seat`` may
    know, so every world dealt from it does too. ``recalled`` (``{(zone name, index):
    face}``, from the seat's memory) puts a remembered face at its place, seen by ``seat``;
    a remembered face that is not among the hidden ones is ignored."""
    copy = game.clone()
    groups: dict[str, list] = {}
    remembered = {}
    for (zone, index), face in (recalled or {}).items():
        card = copy.zones[zone].cards[index]
        if card is not None and not card.visible_to(seat):
            remembered[card.uid] = face
    for card in copy.all_cards():
        if not card.visible_to(seat):
            groups.setdefault(copy.card_back(card.defn), []).append(card)
    for cards in groups.values():
        faces = sorted((card.defn for card in cards), key=lambda d: (d.id, d.name))
        rest = []
        for card in cards:
            face = remembered.get(card.uid)
            match = next((i for i, f in enumerate(faces) if face is not None and f.id == face.id), None)
            if match is None:
                rest.append(card)
                continue
            card.defn = faces.pop(match)
            card.known = card.known | {seat}
        for card, face in zip(rest, faces):
            card.defn = face
    copy.invalidate()
    return copy


WAIT = "wait"
"""What a game's ``advise`` returns to let another seat act first in a shared window."""

_WAIT = None
"""The option of letting another seat act first in a shared window (``choose`` returns
``None`` for it)."""


MIN_PLAYOUT = 60
"""The fewest moves a playout may run before it is cut off. A playout is otherwise cut off
after ``budget / options − WORLD_COST`` moves, so even the one world always searched costs
about the budget: a long game with many options (FOFL) cannot blow the time target."""


HORIZONS: dict[str, str] = {"black-ops": "cardtable.bots.black_ops", "fofl": "cardtable.bots.fofl"}
"""Games whose playouts stop early at a public milestone: game id → a module under
``cardtable.bots`` with ``horizon(game) -> object`` (a public fact, e.g. the round number),
``value(game, seat) -> float`` in [0, 1] (what the position is worth to ``seat`` then,
from public facts only), optionally ``DEPTH`` (an int, default 1): a playout stops as
soon as the fact has changed ``DEPTH`` times (FOFL: 2, the end of the rival's reply), and
optionally ``policy(world, decision, drawn) -> Action | None``: a move the playout makes
instead of ``drawn``, the random one (FOFL: an attack that wins at once; ending the turn
instead of a drawn Return of Spacecraft), ``None`` to leave it random."""


CLAIMS: dict[str, str] = {"black-ops": "cardtable.bots.black_ops"}
"""Games with a public *claim*: an option that only opens a private decision of the same
seat (Black Ops' "Ann plays a Care Package", ruling 9, after which Ann chooses the card or
plays nothing). Game id → a module under ``cardtable.bots`` with ``CLAIM`` (the claim's
action type) and ``DECLINE`` (the type of the follow-up that plays nothing). A claim
followed by nothing is a wasted move that tells the table something false, so ``choose``
decides the follow-up first (``_claim_worth``) and claims only when it would play."""


def _claim_worth(game: Game, seat: int, claim: Action, decline: str, level: Level, seed: int, budget: int | None, memory) -> bool:
    """Whether the computer player in ``seat`` would play something after ``claim``: it
    chooses its follow-up now, on a copy of ``game`` with the claim played, exactly as it
    will once the claim is played (same level, seed, budget and move number, so the same
    choice), and the claim is worth making when that choice is not ``decline`` (the
    type of the game's ``DECLINE`` follow-up).
    Honest because ``choose`` is. (A memory is not shown the claim: no game with a claim
    keeps one.)"""
    global _follow_up
    trial = game.clone()
    trial.act(claim)
    then = choose(trial, seat, level, seed, budget=budget, memory=memory)
    if memory is None:
        _follow_up = (_asked(trial, seat, level, seed, budget, False), trial.view(seat), then)
    return then is not None and then.type != decline


_follow_up: tuple[tuple, object, Action | None] | None = None
"""The follow-up ``_claim_worth`` chose last: ``(question, the seat's view, action)``. When
the claim is played, the seat is asked that same question on that same view; ``choose``
answers it from here instead of searching a second time. Honest because ``choose`` is: its
answer depends on the seat's view and the question only (the honesty test, tests/test_bots.py)."""


def _asked(game: Game, seat: int, level: Level, seed: int, budget: int | None, may_wait: bool) -> tuple:
    """What a ``choose`` call asks, besides the seat's view: the game, seat, level, seed,
    budget, whether it may wait, and the move number (which seeds the search)."""
    return (game.id, seat, level.name, seed, budget, may_wait, game.moves)


def _horizon(game_id: str):
    """``(horizon, value, depth, policy)`` of the game's ``HORIZONS`` module, or
    ``(None, None, 1, None)``."""
    name = HORIZONS.get(game_id)
    if name is None:
        return None, None, 1, None
    module = importlib.import_module(name)
    return module.horizon, module.value, getattr(module, "DEPTH", 1), getattr(module, "policy", None)


def _playout(world: Game, chooser: random.Random, limit: int, horizon=None, mark: object = None, depth: int = 1, policy=None) -> int:
    """Play ``world`` to its end with uniformly random moves; return the moves played
    (at most ``limit``: a game that runs longer is scored as it stands, unfinished).
    With ``horizon`` (see ``HORIZONS``), the playout also stops once ``horizon(world)``
    has changed from ``mark`` ``depth`` times. ``policy(world, decision, drawn)`` (optional,
    see ``HORIZONS``) may name the move instead of the random one, ``drawn``."""
    steps = 0
    decision = world.decision()
    while decision is not None and steps < limit:
        actions = decision.actions
        action = actions[chooser.randrange(len(actions))]  # drawn always: the same luck with a policy
        if policy is not None:
            action = policy(world, decision, action) or action
        world.act(action)
        steps += 1
        if horizon is not None:
            now = horizon(world)
            if now != mark:
                depth -= 1
                if depth <= 0:
                    break
                mark = now
        decision = world.decision()
    return steps


def choose(game: Game, seat: int, level: str | Level = "normal", seed: int = 0, *, may_wait: bool | None = None, budget: int | None = None, memory=None) -> Action | None:
    """The move the computer player in ``seat`` makes now.

    ``level`` is one of ``LEVELS`` (``random``, ``easy``, ``normal``, ``hard``) or a
    ``Level``; ``budget`` (steps, see ``Level``) overrides its budget. The same
    (position, seat, level, seed) always gives the same action, and positions that
    differ only in faces ``seat`` may not see give the same action too. ``game`` is not
    changed. A decision with one option returns it at once.

    In a public window shared by several seats (e.g. Bloops' counter-discard window),
    ``may_wait`` (default: true when another seat also has actions there) lets the player
    answer ``None``: "I do not act; let the others". The search scores waiting as another
    seat acting at random. A seat told it may wait is not the one to close the window:
    the table's own moves (those with no ``seat`` argument) are left to the others.

    A game with its own knowledge (``KNOWLEDGE``, e.g. Cold War's card counting for the
    bet) is asked first, except at ``random``. ``memory`` (``new_memory``, fed by the
    caller from this seat's views) adds the faces the seat was shown and still remembers;
    without it the player knows only what its view shows now. In a game with a public
    claim (``CLAIMS``), the player claims only when it would then play something; when
    it would not, it waits or, as the window's closer, takes the table's other move.

    Raises ``ValueError`` when the game is over, ``seat`` does not act now, or ``level`` is
    unknown.
    """
    if isinstance(level, str):
        if level not in LEVELS:
            raise ValueError(f"unknown level '{level}' (choose from {', '.join(LEVELS)})")
        level = LEVELS[level]
    decision = game.decision()
    if decision is None:
        raise ValueError("the game is over: there is nothing to choose")
    if seat not in decision.seats:
        raise ValueError(f"seat {seat} does not act now (seats {list(decision.seats)} do)")
    mine = seat_actions(decision, seat, table=not may_wait)  # a seat that may wait leaves the table's moves to the others
    others = tuple(a for a in decision.actions if a not in mine)
    if may_wait is None:
        may_wait = bool(others)
    options: list[Action | None] = list(mine) + ([_WAIT] if may_wait and others else [])
    if not mine:
        return None
    if len(options) == 1:
        return options[0]
    rng = random.Random(f"cardtable-bot:{level.name}:{seed}:{seat}:{game.moves}")
    spend = level.budget if budget is None else budget
    if spend <= 0:
        return options[rng.randrange(len(options))]
    if game.id in CLAIMS:
        known = _follow_up
        if memory is None and known is not None and known[0] == _asked(game, seat, level, seed, budget, may_wait) and known[1] == game.view(seat):
            return known[2]  # chosen already, before claiming (``_claim_worth``)
        claims = importlib.import_module(CLAIMS[game.id])
        claim = next((o for o in options if o is not None and o.type == claims.CLAIM), None)
        if claim is not None:
            if _claim_worth(game, seat, claim, claims.DECLINE, level, seed, budget, memory):
                return claim
            options = [o for o in options if o != claim]  # not claiming: wait, or close the window
            if len(options) == 1:
                return options[0]
    recalled = memory.recall(game.view(seat)) if memory is not None else None
    base = _canonical(game, seat, recalled)
    advised = _advice(base, seat, decision, options, memory, level.name)
    if isinstance(advised, AnyOf):
        return advised.actions[rng.randrange(len(advised.actions))]
    if isinstance(advised, tuple):
        options = list(advised)
        if len(options) == 1:
            return options[0]
        advised = None
    if advised == WAIT:
        return _WAIT
    if advised is not None:
        return advised
    if level.breadth is not None and len(options) > level.breadth:
        options = rng.sample(options, level.breadth)  # the options this player notices
        if len(options) == 1:
            return options[0]
    spend = int(spend / STEP_COST.get(game.id, 1.0))
    n = len(options)
    totals = [0.0] * n
    worlds = used = 0
    limit = max(spend // n - WORLD_COST, MIN_PLAYOUT)  # the one world always searched stays near the budget
    horizon, value, depth, policy = _horizon(game.id)
    mark = horizon(base) if horizon is not None else None
    while worlds == 0 or used < spend:
        world = base.determinize(seat, rng)
        luck = rng.getrandbits(64)
        for i, option in enumerate(options):
            trial = world.clone() if i < n - 1 else world
            chooser = random.Random(luck)  # the same luck for every option (common random numbers)
            trial.act(others[chooser.randrange(len(others))] if option is _WAIT else option)
            used += WORLD_COST + _playout(trial, chooser, limit, horizon, mark, depth, policy)
            outcome = trial.outcome()
            if outcome is not None:
                totals[i] += reward(outcome, seat)
            else:
                totals[i] += value(trial, seat) if value is not None else 0.0  # unfinished, no evaluation: only finished playouts tell options apart
        worlds += 1
    best = max(range(n), key=lambda i: (totals[i], -i))
    return options[best]
