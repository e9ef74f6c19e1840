"""Named hooks: the few card behaviours the FOFL effect vocabulary cannot say.

A card names a hook with the step ``{hook: <name>}`` or in ``react.on_attacked.hook``;
``check_card`` verifies the name is in ``HOOKS``. A hook is a ``Hook``:

* ``run(game, seat, src, entry)`` does the work for ``seat`` (the player using the card
  ``src``; ``entry`` is the resolving ``steps`` entry or, for ``on_attacked``, the attack)
  and returns ``True`` when it pushed a decision entry of its own;
* ``ready(game, seat, src)`` says whether an ability made of the hook can be used now;
* ``kinds`` maps the hook's own entry kinds to ``cardtable.engine.Kind`` (``decide(game,
  entry) -> Decision`` and ``choose(game, entry, action)``) for the game's pending-choice
  stack.

Hooks call the controller's helpers (``cardtable.games.fofl.state``) and never touch the UI.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine import Action, Decision, Kind, Pending, plural

__all__ = ["HOOKS", "Hook", "grouped", "unique_labels"]


@dataclass(frozen=True)
class Hook:
    """A named behaviour: see the module docstring."""

    run: Callable[..., bool]
    ready: Callable[..., bool] = lambda game, seat, src: True
    kinds: dict[str, Kind] = field(default_factory=dict)


# ---------------------------------------------------------------------------------- Tesco's


def _tescos_run(game: Any, seat: int, src: Any, entry: Pending) -> bool:
    """Tesco's (seed, Locations): a Red Person is attacked, so the Red player is asked —
    always, whatever their pile holds (ruling 14) — whether to call up to two Chavs."""
    red = game.seat_of_side("red")
    if red is None:
        return False
    pile = game.zones[f"draw:{red}"]
    for card in pile:
        card.show_to(red)
    game.choices.push("tescos", seat=red, attack=len(game.choices) - 1, taken=[], left=2)
    return True


def _tescos_decide(game: Any, entry: Pending) -> Decision:
    red = entry["seat"]
    pile = game.zones[f"draw:{red}"]
    chavs = [c for c in pile if c.defn.id == "chav"]
    actions = []
    if chavs and entry["left"] > 0:
        actions.append(Action.of("chav", f"Put a Chav into play ({len(chavs)} in your draw pile)"))
    actions.append(Action.of("done", "Done: no more Chavs" if entry["taken"] else "Let the attack go ahead"))
    attack = game.choices[entry["attack"]]
    target = game.card(attack["tgt"])
    prompt = f"{game.players[red]}: {target.defn.name} is attacked at Tesco's."
    if not chavs:  # asked all the same (ruling 14), but the question says why nothing can be taken
        prompt += " Your draw pile holds no more Chavs." if entry["taken"] else " Your draw pile holds no Chav to call."
    else:
        prompt += f" Call up to {plural(entry['left'], 'more Chav' if entry['taken'] else 'Chav')} from your draw pile? A Chav you call fights instead."
    return Decision(
        (red,),
        prompt,
        tuple(actions),
        private=True,
        kind="tescos",
    )


def _tescos_choose(game: Any, entry: Pending, action: Action) -> None:
    red = entry["seat"]
    if action.type == "chav":
        pile = game.zones[f"draw:{red}"]
        chav = next(c for c in reversed(pile.cards) if c.defn.id == "chav")
        game.enter_play(chav, red)
        entry["taken"].append(chav.uid)
        entry["left"] -= 1
        game.log.add(f"{game.players[red]} calls a Chav from the draw pile at Tesco's.", cards=[chav])
        if entry["left"] > 0:
            return
    game.choices.pop()
    game.shuffle_pile(red)
    attack = game.choices[entry["attack"]]
    if entry["taken"]:
        attack["tgt"] = entry["taken"][0]
        game.log.add(f"{game.players[red]} shuffles the draw pile. The attack is turned on the Chav instead.")
    else:
        game.log.add(f"{game.players[red]} calls no Chav and shuffles the draw pile.")


# ---------------------------------------------------------------------------------- Shuttle


def _crew_ok(game: Any, ship: Any, pilots: list[int]) -> bool:
    return game.crew_valid(ship.defn, [game.card(u) for u in pilots])


def _flagships(game: Any, seat: int) -> list[Any]:
    return [c for c in game.zones[f"craft:{seat}"] if c.defn.get("craft") == "flagship"]


def _transfer_ready(game: Any, seat: int, src: Any) -> bool:
    return bool(_flagships(game, seat))


def _transfer_run(game: Any, seat: int, src: Any, entry: Pending) -> bool:
    """Shuttle's second Action: move pilots between it and a Flagship you control. Both ships
    must be properly crewed when you finish; Cancel puts everyone back (ruling 19)."""
    ships = [src] + _flagships(game, seat)
    crews = {str(s.uid): game.pilots_of(s) for s in ships}
    game.choices.push("transfer", seat=seat, ships=[s.uid for s in ships], crews=crews, start={k: list(v) for k, v in crews.items()}, moves=0)
    return True


MAX_TRANSFER_MOVES = 12
"""After this many single moves in one transfer only Done and Cancel remain (keeps it finite)."""


def _transfer_decide(game: Any, entry: Pending) -> Decision:
    seat = entry["seat"]
    ships = [game.card(u) for u in entry["ships"]]
    crews = entry["crews"]
    actions = []
    if entry["moves"] < MAX_TRANSFER_MOVES:
        for pilot in crews[str(ships[0].uid)]:
            for to, flag in enumerate(ships[1:], start=1):
                actions.append(Action.of("move", f"Move {game.card(pilot).defn.name} to {flag.defn.name}", pilot=game.crew_index(pilot), to=to))
        for flag in ships[1:]:
            for pilot in crews[str(flag.uid)]:
                actions.append(Action.of("move", f"Move {game.card(pilot).defn.name} from {flag.defn.name} to the Shuttle", pilot=game.crew_index(pilot), to=0))
    valid = all(_crew_ok(game, ship, crews[str(ship.uid)]) for ship in ships)
    if valid and entry["moves"]:
        actions.insert(0, Action.of("done", "Done: keep these crews"))
    actions.append(Action.of("cancel", "Cancel: everyone back to their ship"))
    summary = "; ".join(f"{ship.defn.name}: {', '.join(game.card(p).defn.name for p in crews[str(ship.uid)]) or 'nobody'}" for ship in ships)
    note = "" if valid else " Each ship must be properly crewed to finish."
    return Decision((seat,), f"{game.players[seat]}: move pilots. {summary}.{note}", tuple(unique_labels(actions)), private=True, kind="transfer")


def grouped(actions: list[Action], keys: list[object]) -> list[Action]:
    """Offer interchangeable choices once: actions whose ``keys`` are equal (identical cards
    in the same state) collapse into the first, labelled ``×n``. Other repeats of a label
    are told apart by ``unique_labels``."""
    first: dict[object, int] = {}
    counts: dict[object, int] = {}
    kept: list[tuple[Action, object]] = []
    for action, key in zip(actions, keys):
        counts[key] = counts.get(key, 0) + 1
        if key not in first:
            first[key] = len(kept)
            kept.append((action, key))
    out = [a if counts[k] == 1 else Action(a.type, a.args, f"{a.label} ×{counts[k]}") for a, k in kept]
    return unique_labels(out)


def unique_labels(actions: list[Action]) -> list[Action]:
    """The same actions with repeated labels told apart by ``#2``, ``#3``... (labels must differ)."""
    seen: dict[str, int] = {}
    out = []
    for action in actions:
        n = seen.get(action.label, 0) + 1
        seen[action.label] = n
        out.append(action if n == 1 else Action(action.type, action.args, f"{action.label} #{n}"))
    return out


def _transfer_choose(game: Any, entry: Pending, action: Action) -> None:
    crews = entry["crews"]
    if action.type == "move":
        pilot = game.crew_card(entry["seat"], action["pilot"]).uid
        for key in crews:
            if pilot in crews[key]:
                crews[key].remove(pilot)
        crews[str(entry["ships"][action["to"]])].append(pilot)
        entry["moves"] += 1
        return
    game.choices.pop()
    if action.type == "cancel":  # nothing happened: the Shuttle's Action is not spent
        game.used.discard(entry["ships"][0])
        return
    for ship_uid in entry["ships"]:
        for pilot in crews[str(ship_uid)]:
            game.board_pilot(game.card(pilot), game.card(ship_uid))
    names = "; ".join(f"{game.card(u).defn.name}: {', '.join(game.card(p).defn.name for p in crews[str(u)])}" for u in entry["ships"])
    game.log.add(f"{game.players[entry['seat']]} moves pilots with the Shuttle — {names}.")


# ---------------------------------------------------------------------------------- Enterprise X


def _enterprise_x_run(game: Any, seat: int, src: Any, entry: Pending) -> bool:
    """Enterprise X arrives (ruling 18): the Enterprise you mind-wiped this turn is discarded
    and Enterprise X takes its place on your side."""
    wiped = game.wiped_card(seat, "enterprise")
    if wiped is not None:
        game.log.add("The mind-wiped Enterprise is gone: Enterprise X takes its place.")
        game.destroy(wiped, seat, why="replaced by Enterprise X")
    return False


HOOKS: dict[str, Hook] = {
    "tescos_defence": Hook(_tescos_run, kinds={"tescos": Kind(decide=_tescos_decide, choose=_tescos_choose)}),
    "shuttle_transfer": Hook(_transfer_run, _transfer_ready, kinds={"transfer": Kind(decide=_transfer_decide, choose=_transfer_choose)}),
    "enterprise_x_arrives": Hook(_enterprise_x_run),
}
