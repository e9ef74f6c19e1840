"""The FOFL effect vocabulary: what a card's ``effect:`` field may say, and its validation.

A card's behaviour is data (DESIGN §2). ``effect`` is a mapping with these keys (all optional):

``play``      steps run when the card is played from hand (an Action's whole effect; a Proxy's
              or System Admin's choice; an Item's attachment).
``actions``   the card's abilities ("Action: ..."), each ``{brief: text, do: [steps]}``; a card
              in play uses at most one of them per turn (seed, "Actions").
``requires``  play conditions: ``hacker_ally: true`` (a Person of your colour able to hack on
              your side), ``in_play: <id>`` (that card is in play), ``not_played: <id>`` (nobody
              has played that card yet), ``wiped: <id>`` (you used a Mind Wipe Gun on that card
              this turn and it is still in play).
``static``    lasting effects while in play: ``power: [{amount, who: selector}]`` (Locations;
              applied latest-played first, power stops at 0 after each), ``extra_play: selector``
              (one more play per turn of such a card), ``lock: software`` (the opponent cannot
              play Software), ``negate: [tags]`` (cards with those tags have no effect),
              ``unkillable: <id>`` (that card cannot be destroyed), ``space: true`` (Spacecraft
              may be played and used), ``power_vs: {craft, amount}``, ``crew: [sizes]`` (allowed
              numbers of pilots), ``home: true`` (a side's own Website: destroying it wins).
``react``     ``shield: coin`` (a coin flip cancels effects aimed at it), ``redirect: <id>`` (its
              controller may send attacks on it to such a card), ``guard: <id>`` (may take the
              damage when that card is attacked), ``on_attacked: {who: selector, hook}``.
``bearer``    for Items played onto a Person: ``power: n`` and ``grants: [abilities]``.
``immune``    step names that cannot affect this card (e.g. ``[neutralize]``).

A **step** is a one-key mapping. Targeted steps take ``target: selector``; the first step of
a card is aimed before the card is committed, later ones while resolving:

=============== ================================================================================
``search``      ``{find: selector, up_to: n|all, to: hand|play}`` — look through your own draw
                pile (shown to you alone), take matching cards, then shuffle it.
``recover``     ``{find, up_to: n, to: hand|top}`` — take from your discard pile (``top``: onto
                your draw pile, shown to everyone).
``draw``        ``n`` cards.  ``arrange``: look at your top ``n`` cards and order them.
``peek_hand``   look at one random card of the opponent's hand (shown to you alone).
``damage``      ``{target, amount}``. ``heal`` / ``repair``: remove that much damage.
``destroy``     ``{target, up_to: n}`` or ``{target, count: found}`` (as many as the previous
                ``search`` put into play).  ``destroy_all``: ``selector`` (no choice).
``return``      ``{target, up_to}`` to the owner's hand.  ``return_all``: ``selector``.
``neutralize``  ``{target}``: the Person becomes neutral (yellow).
``shift``       ``{target, coin: true}``: on heads the colour moves one step towards yours.
``restore``     ``{target}``: the Person gets its printed colour back.
``enlist``      ``{target}``: the Person goes on the List.
``guard``       ``{target, optional}``: System Admin's coin-flip protection of a Website.
``proxy``       ``{target}``: Proxy dies instead of that Website.
``negate``      ``{target, turns}``: DoS attack; the card stays in play that many turns.
``attach``      ``{target}``: an Item goes onto one of your People.
``boost``       ``{id, power, toughness}``: during your next turn that card has these changes.
``choose``      ``[{brief, do: [steps]}, ...]``: pick one alternative.
``hook``        ``<name>``: a function in ``cardtable.games.fofl.hooks`` (what the vocabulary
                cannot say).
=============== ================================================================================

A **selector** picks cards with any of: ``kind`` (one or a list), ``id`` (one or a list),
``tag``, ``side`` (own/opponent/any, relative to the player using the effect), ``align``
(current colour, one or a list), ``not_align: own``, ``unique``, ``hacker``, ``listed``,
``changed`` (colour differs from the printed one), ``neutral``, ``damaged``, ``except`` (ids),
``craft`` (light/flagship), ``not_self``, ``unguarded`` (no System Admin protects it). An empty
selector ``{}`` matches every card.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from cardtable.cards import CardDef, CardSet
from cardtable.games.fofl.hooks import HOOKS

__all__ = ["check_effect", "check_fields", "check_references", "referenced_ids", "STEP_OPS", "SELECTOR_KEYS", "TARGETED", "step_op"]

KINDS = ("website", "action", "software", "location", "spacecraft", "person", "item")
COLOURS = ("red", "blue", "yellow", "grey", "green")
TAGS = ("hack", "reproducer", "adobe")

SELECTOR_KEYS = {
    "kind": "a kind or a list of kinds",
    "id": "a card id or a list of ids",
    "tag": "a tag",
    "side": "own, opponent or any",
    "align": "a colour or a list of colours",
    "not_align": "own",
    "unique": "true or false",
    "hacker": "true or false",
    "listed": "true or false",
    "changed": "true or false",
    "neutral": "true or false",
    "damaged": "true or false",
    "except": "a list of card ids",
    "craft": "light or flagship",
    "not_self": "true",
    "unguarded": "true",
}

TARGETED = ("damage", "heal", "repair", "destroy", "return", "neutralize", "shift", "restore", "enlist", "guard", "proxy", "negate", "attach")
STEP_OPS = TARGETED + ("search", "recover", "draw", "arrange", "peek_hand", "destroy_all", "return_all", "boost", "choose", "hook")
_STATIC_KEYS = ("power", "extra_play", "lock", "negate", "unkillable", "space", "power_vs", "crew", "home")
_REACT_KEYS = ("shield", "redirect", "guard", "on_attacked")
_REQUIRES_KEYS = ("hacker_ally", "in_play", "not_played", "wiped")
_ID_KEYS = ("id", "except", "in_play", "not_played", "wiped", "unkillable", "redirect")
_EFFECT_KEYS = ("play", "actions", "requires", "static", "react", "bearer", "immune")


def step_op(step: Mapping[str, Any]) -> tuple[str, Any]:
    """``(name, arguments)`` of a one-key step mapping."""
    ((name, args),) = step.items()
    return name, args


def _is_int(value: Any, minimum: int = 1) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


def _one_or_list(value: Any, allowed: tuple[str, ...] | None) -> bool:
    items = list(value) if isinstance(value, (list, tuple)) else [value]
    if not items or not all(isinstance(v, str) for v in items):
        return False
    return allowed is None or all(v in allowed for v in items)


def _check_selector(sel: Any, where: str) -> Iterator[str]:
    if not isinstance(sel, Mapping):
        yield f"{where} must be a selector mapping (e.g. {{kind: person}}), got {sel!r}"
        return
    for key, value in sel.items():
        if key not in SELECTOR_KEYS:
            yield f"{where}: unknown selector key '{key}' (known: {', '.join(SELECTOR_KEYS)})"
            continue
        ok = {
            "kind": lambda v: _one_or_list(v, KINDS),
            "id": lambda v: _one_or_list(v, None),
            "tag": lambda v: v in TAGS,
            "side": lambda v: v in ("own", "opponent", "any"),
            "align": lambda v: _one_or_list(v, COLOURS),
            "not_align": lambda v: v == "own",
            "except": lambda v: isinstance(v, (list, tuple)) and all(isinstance(i, str) for i in v),
            "craft": lambda v: v in ("light", "flagship"),
            "not_self": lambda v: v is True,
            "unguarded": lambda v: v is True,
        }.get(key, lambda v: isinstance(v, bool))(value)
        if not ok:
            yield f"{where}: selector '{key}' must be {SELECTOR_KEYS[key]}, got {value!r}"


def _check_steps(steps: Any, where: str) -> Iterator[str]:
    if not isinstance(steps, (list, tuple)) or not steps:
        yield f"{where} must be a non-empty list of steps"
        return
    for i, step in enumerate(steps):
        here = f"{where}[{i}]"
        if not isinstance(step, Mapping) or len(step) != 1:
            yield f"{here} must be a one-key mapping such as {{draw: 2}}"
            continue
        name, args = step_op(step)
        if name not in STEP_OPS:
            yield f"{here}: unknown step '{name}' (known: {', '.join(STEP_OPS)})"
            continue
        yield from _check_step(name, args, f"{here}.{name}")


def _need_map(args: Any, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> Iterator[str]:
    if not isinstance(args, Mapping):
        yield f"{where} must be a mapping with {', '.join(required)}"
        return
    for key in required:
        if key not in args:
            yield f"{where}: missing '{key}'"
    for key in args:
        if key not in required + optional:
            yield f"{where}: unknown key '{key}'"


def _check_step(name: str, args: Any, where: str) -> Iterator[str]:
    if name in ("draw", "arrange", "peek_hand"):
        if not _is_int(args):
            yield f"{where} must be a positive number, got {args!r}"
        return
    if name in ("destroy_all", "return_all"):
        yield from _check_selector(args, where)
        return
    if name == "hook":
        if args not in HOOKS:
            yield f"{where}: no hook named {args!r} (known: {', '.join(sorted(HOOKS))})"
        return
    if name == "choose":
        if not isinstance(args, (list, tuple)) or len(args) < 2:
            yield f"{where} must list at least two alternatives"
            return
        for i, alt in enumerate(args):
            yield from _check_ability(alt, f"{where}[{i}]")
        return
    if name == "boost":
        problems = list(_need_map(args, where, ("id", "power", "toughness")))
        yield from problems
        if not problems and not all(isinstance(args[k], int) and not isinstance(args[k], bool) for k in ("power", "toughness")):
            yield f"{where}: power and toughness must be whole numbers"
        return
    if name in ("search", "recover"):
        problems = list(_need_map(args, where, ("find", "up_to", "to")))
        yield from problems
        if problems:
            return
        yield from _check_selector(args["find"], f"{where}.find")
        up_to = args["up_to"]
        if not (_is_int(up_to) or (name == "search" and up_to == "all")):
            yield f"{where}.up_to must be a positive number{' or all' if name == 'search' else ''}, got {up_to!r}"
        places = ("hand", "play") if name == "search" else ("hand", "top")
        if args["to"] not in places:
            yield f"{where}.to must be {' or '.join(places)}, got {args['to']!r}"
        return
    optional = {
        "damage": ("amount",), "heal": ("amount",), "repair": ("amount",), "destroy": ("up_to", "count"),
        "return": ("up_to",), "shift": ("coin",), "negate": ("turns",), "guard": ("optional",),
    }.get(name, ())
    required = ("target",) + (("amount",) if name in ("damage", "heal", "repair") else ()) + (("turns",) if name == "negate" else ())
    problems = list(_need_map(args, where, required, tuple(o for o in optional if o not in required)))
    yield from problems
    if problems:
        return
    yield from _check_selector(args["target"], f"{where}.target")
    for key in ("amount", "turns", "up_to"):
        if key in args and not _is_int(args[key]):
            yield f"{where}.{key} must be a positive number, got {args[key]!r}"
    if "count" in args and args["count"] != "found":
        yield f"{where}.count must be 'found', got {args['count']!r}"
    for key in ("coin", "optional"):
        if key in args and not isinstance(args[key], bool):
            yield f"{where}.{key} must be true or false"


def _check_ability(ability: Any, where: str) -> Iterator[str]:
    if not isinstance(ability, Mapping) or "do" not in ability:
        yield f"{where} must be a mapping with 'do: [steps]' (and optionally 'brief')"
        return
    for key in ability:
        if key not in ("do", "brief"):
            yield f"{where}: unknown key '{key}'"
    if "brief" in ability and not isinstance(ability["brief"], str):
        yield f"{where}.brief must be text"
    yield from _check_steps(ability["do"], f"{where}.do")


def _check_static(static: Any, where: str) -> Iterator[str]:
    if not isinstance(static, Mapping):
        yield f"{where} must be a mapping"
        return
    for key, value in static.items():
        here = f"{where}.{key}"
        if key not in _STATIC_KEYS:
            yield f"{where}: unknown key '{key}' (known: {', '.join(_STATIC_KEYS)})"
        elif key == "power":
            if not isinstance(value, (list, tuple)) or not value:
                yield f"{here} must be a list of {{amount, who}}"
                continue
            for i, entry in enumerate(value):
                problems = list(_need_map(entry, f"{here}[{i}]", ("amount", "who")))
                yield from problems
                if not problems:
                    if not isinstance(entry["amount"], int) or isinstance(entry["amount"], bool):
                        yield f"{here}[{i}].amount must be a whole number"
                    yield from _check_selector(entry["who"], f"{here}[{i}].who")
        elif key == "extra_play":
            yield from _check_selector(value, here)
        elif key == "lock" and value != "software":
            yield f"{here} must be software"
        elif key == "negate" and not (isinstance(value, (list, tuple)) and value and all(v in TAGS for v in value)):
            yield f"{here} must be a list of tags ({', '.join(TAGS)})"
        elif key == "unkillable" and not isinstance(value, str):
            yield f"{here} must be a card id"
        elif key in ("space", "home") and value is not True:
            yield f"{here} must be true"
        elif key == "power_vs":
            problems = list(_need_map(value, here, ("craft", "amount")))
            yield from problems
            if not problems and (value["craft"] not in ("light", "flagship") or not _is_int(value["amount"])):
                yield f"{here} needs craft light/flagship and a positive amount"
        elif key == "crew" and not (isinstance(value, (list, tuple)) and value and all(_is_int(v) for v in value)):
            yield f"{here} must be a list of pilot counts"


def _check_react(react: Any, where: str) -> Iterator[str]:
    if not isinstance(react, Mapping):
        yield f"{where} must be a mapping"
        return
    for key, value in react.items():
        here = f"{where}.{key}"
        if key not in _REACT_KEYS:
            yield f"{where}: unknown key '{key}' (known: {', '.join(_REACT_KEYS)})"
        elif key == "shield" and value != "coin":
            yield f"{here} must be coin"
        elif key in ("redirect", "guard") and not isinstance(value, str):
            yield f"{here} must be a card id"
        elif key == "on_attacked":
            problems = list(_need_map(value, here, ("who", "hook")))
            yield from problems
            if not problems:
                yield from _check_selector(value["who"], f"{here}.who")
                if value["hook"] not in HOOKS:
                    yield f"{here}: no hook named {value['hook']!r} (known: {', '.join(sorted(HOOKS))})"


def check_effect(card: CardDef) -> Iterator[str]:
    """Every problem with ``card``'s ``effect`` field and the fields its kind needs, one
    sentence each (``check_card`` turns them into ``file:line`` errors)."""
    effect = card.get("effect") or {}
    if not isinstance(effect, Mapping):
        yield "must be a mapping"
        return
    for key in effect:
        if key not in _EFFECT_KEYS:
            yield f"unknown key '{key}' (known: {', '.join(_EFFECT_KEYS)})"
    if "play" in effect:
        yield from _check_steps(effect["play"], "play")
    if "actions" in effect:
        actions = effect["actions"]
        if not isinstance(actions, (list, tuple)) or not actions:
            yield "actions must be a list of abilities"
        else:
            for i, ability in enumerate(actions):
                yield from _check_ability(ability, f"actions[{i}]")
    if "requires" in effect:
        req = effect["requires"]
        if not isinstance(req, Mapping):
            yield "requires must be a mapping"
        else:
            for key, value in req.items():
                if key not in _REQUIRES_KEYS:
                    yield f"requires: unknown key '{key}' (known: {', '.join(_REQUIRES_KEYS)})"
                elif key == "hacker_ally" and value is not True:
                    yield "requires.hacker_ally must be true"
                elif key != "hacker_ally" and not isinstance(value, str):
                    yield f"requires.{key} must be a card id"
    if "static" in effect:
        yield from _check_static(effect["static"], "static")
    if "react" in effect:
        yield from _check_react(effect["react"], "react")
    if "bearer" in effect:
        bearer = effect["bearer"]
        if card.kind != "item":
            yield "bearer is only for Items"
        elif not isinstance(bearer, Mapping) or not set(bearer) <= {"power", "grants"} or not bearer:
            yield "bearer must be a mapping with power and/or grants"
        else:
            if "power" in bearer and not _is_int(bearer["power"]):
                yield "bearer.power must be a positive number"
            for i, ability in enumerate(bearer.get("grants") or ()):
                yield from _check_ability(ability, f"bearer.grants[{i}]")
    if "immune" in effect:
        immune = effect["immune"]
        if not isinstance(immune, (list, tuple)) or not all(v in STEP_OPS for v in immune):
            yield f"immune must be a list of step names ({', '.join(TARGETED)})"


def check_fields(card: CardDef) -> Iterator[tuple[str | None, str]]:
    """The fields each kind needs: fighting cards have power and toughness, Websites and Items
    toughness, Spacecraft a craft; an Action's effect lies in ``play``."""
    kind = card.kind
    if kind in ("person", "spacecraft"):
        for key in ("power", "toughness"):
            if card.get(key) is None:
                yield key, f"is needed on a {kind}"
    if kind in ("website", "item") and card.get("toughness") is None:
        yield "toughness", f"is needed on a {kind}"
    if kind == "spacecraft" and card.get("craft") is None:
        yield "craft", "is needed on a spacecraft (light or flagship)"
    if kind != "spacecraft" and card.get("craft") is not None:
        yield "craft", "is only for spacecraft"
    if kind not in ("person", "spacecraft") and card.get("power") is not None:
        yield "power", f"a {kind} does not fight"
    if card.get("hacker") and kind != "person":
        yield "hacker", "only People can be able to hack"
    effect = card.get("effect") or {}
    if kind == "action" and isinstance(effect, Mapping) and not effect.get("play"):
        yield "effect", "an Action needs play: [steps]"
    if kind == "item" and isinstance(effect, Mapping) and effect.get("bearer") and not effect.get("play"):
        yield "effect", "an Item with bearer needs play: [{attach: ...}]"


def referenced_ids(card: CardDef) -> Iterator[str]:
    """Every card id ``card``'s effect names (selectors, requirements, reactions)."""

    def walk(value: Any, key: str | None = None) -> Iterator[str]:
        if isinstance(value, Mapping):
            for k, v in value.items():
                if k in _ID_KEYS or (k == "guard" and isinstance(v, str)):  # react.guard names a card
                    items = v if isinstance(v, (list, tuple)) else [v]
                    for item in items:
                        if isinstance(item, str):
                            yield item
                else:
                    yield from walk(v, k)
        elif isinstance(value, (list, tuple)):
            for v in value:
                yield from walk(v, key)

    yield from walk(card.get("effect") or {})


def check_references(cardset: CardSet) -> Iterator[tuple[str, str]]:
    """``(card id, problem)`` for every card id an effect names that is not in the set."""
    for card in cardset.cards:
        for ref in referenced_ids(card):
            if ref not in cardset.by_id:
                yield card.id, f"effect names an unknown card '{ref}'"
