"""Bloops knowledge for the computer player: a memory of the faces its seat was shown, and
play by the estimated area totals.

Memory. The rules turn every face down to nobody once its moment has passed (ruling 10),
so the game's state forgets what a seat saw; a person remembers. ``BloopsMemory`` is fed
the seat's own view before every action and the action itself (every Bloops action is
public: the log says who keeps, swaps, peeks or claims where) and follows the cards it
saw: the bottom row at the initial look (ruling 2), the drawn card it keeps (ruling 3), a
7/8 look (ruling 4) and a failed counter-discard shown to everyone (ruling 5); a 9's swap
moves what it knows with the cards, a card that leaves an area is forgotten, and a card
that arrives unseen (a 6, a penalty card) is unknown. A level may forget: a face seen more
than ``span`` turns ago is no longer recalled (``SPANS``).

Play. Every decision is scored by the *estimated area totals*: a card the seat knows counts
its value, an unknown one the mean value of the faces the seat has not seen (ruling 9's
stars: three or more known stars in one area count 0). The drawn card replaces the slot it
lowers most (or is discarded for its effect), a remembered match is claimed at once, a 7/8
looks at an unknown own card first, a 9 swaps the dearest own card for the cheapest other
card (among cards it cannot tell apart, one at random; never back the two cards of its own
last swap unless it knows that gains), a 6 gives to the seat that leads, and BLOOPS! is
called when the seat's estimate is clearly the lowest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.bots.search import AnyOf
from cardtable.cards import CardDef
from cardtable.engine.core import Action, Decision
from cardtable.engine.game import Game
from cardtable.engine.view import View

__all__ = ["BloopsMemory", "SPANS", "advise", "estimates"]

SPANS: dict[str, int | None] = {"easy": 2, "normal": 5, "hard": None}
"""Turns (of the whole table: each discard or keep ends one) a level remembers a face for;
``None``: for the whole game. At a table of two, ``easy`` forgets its bottom row once its
own next turn is over, ``normal`` two or three of its turns later. (Measured at seeds
2000–2099: spans 2/6 gave hard 60–44 over normal and normal 61–41 over easy; 4/12 only
55–47 and 65–37.)"""

STAR_LIMIT = 3
"""Three or more stars in one area all score 0 (ruling 9; ``games.bloops.STAR_LIMIT``)."""


@dataclass
class BloopsMemory:
    """What ``seat`` remembers: ``faces[(area seat, position)] = (face, turn seen)``.

    ``observe(view, action)`` is called with ``seat``'s view just before each action of
    the game, and the action; ``recall(view)`` gives the remembered faces of the cards
    that are face down to ``seat`` in ``view``, as ``{(zone name, index): face}``."""

    seat: int
    span: int | None = None
    faces: dict[tuple[int, int], tuple[CardDef, int]] = field(default_factory=dict)
    turn: int = 0
    drawn: CardDef | None = None
    swap_own: int | None = None
    swap_target: int | None = None
    peek_target: int | None = None
    owners_seen: set[tuple[int, int]] | None = None
    """``(seat, position)`` of the cards their owner has seen, as the log tells everyone: the
    bottom rows at the first look (ruling 2), a kept card, a look at one's own card; a card
    swapped, given or leaving is unseen. An owner keeps its low cards and gives up the high
    ones it knows, so such a card is the likelier low one (``advise``'s 9)."""
    gave: tuple[tuple[int, int], tuple[int, int]] | None = None
    """The last 9-swap ``seat`` made, ``((seat, own position), (target seat, position))``,
    while both cards still lie where it left them: swapping them back only restores what it
    gave away (``restoring``)."""

    def observe(self, view: View, action: Action) -> None:
        """Learn from ``view`` (``seat``'s, before ``action``) and follow ``action``'s moves."""
        info = view.info
        for name, zone in view.zones.items():
            if name.startswith("area:"):
                owner = int(name[5:])
                for index, card in enumerate(zone.cards):
                    if card is not None and card.face is not None:
                        self.faces[(owner, index + 1)] = (card.face, self.turn)
        drawn = view.zones.get("drawn")
        if drawn is not None and drawn.cards and drawn.cards[-1] is not None and drawn.cards[-1].face is not None:
            self.drawn = drawn.cards[-1].face
        kind = action.type
        active = info.get("active")
        actor = info.get("actor") if info.get("actor") is not None else active
        self._follow_gave(kind, action, active, actor)
        self._follow_owners(view, kind, action, active, actor)
        if kind == "discard":
            self.turn += 1
        elif kind == "keep":
            self.turn += 1
            where = (active, action["position"])
            if active == self.seat and self.drawn is not None:
                self.faces[where] = (self.drawn, self.turn)
            else:
                self.faces.pop(where, None)
        elif kind == "counter":
            # a match leaves the area; a miss is turned face up and seen again at the reveal
            self.faces.pop((action["seat"], action["position"]), None)
        elif kind == "peek-player":
            self.peek_target = action["target"]
        elif kind == "swap-own":
            self.swap_own = action["position"]
        elif kind == "swap-player":
            self.swap_target = action["target"]
        elif kind == "swap" and self.swap_own is not None and self.swap_target is not None:
            mine, theirs = (actor, self.swap_own), (self.swap_target, action["position"])
            a, b = self.faces.pop(mine, None), self.faces.pop(theirs, None)
            if a is not None:
                self.faces[theirs] = a
            if b is not None:
                self.faces[mine] = b
        if kind in ("discard", "keep"):
            self.drawn = None

    def _follow_gave(self, kind: str, action: Action, active: int | None, actor: int | None) -> None:
        """Forget ``gave`` once a keep, a counter-discard or a swap touches either of its
        cards; remember ``seat``'s own swap as it is made."""
        if self.gave is None and kind != "swap":
            return
        touched = None
        if kind == "keep":
            touched = {(active, action["position"])}
        elif kind == "counter":
            touched = {(action["seat"], action["position"])}
        elif kind == "swap" and self.swap_own is not None and self.swap_target is not None:
            touched = {(actor, self.swap_own), (self.swap_target, action["position"])}
        if touched is None:
            return
        if self.gave is not None and touched & set(self.gave):
            self.gave = None
        if kind == "swap" and actor == self.seat:
            self.gave = ((actor, self.swap_own), (self.swap_target, action["position"]))

    def _follow_owners(self, view: View, kind: str, action: Action, active: int | None, actor: int | None) -> None:
        """Keep ``owners_seen`` (every action is public: the log names its positions)."""
        if self.owners_seen is None:  # the deal: every seat will look at positions 4–6
            self.owners_seen = {(int(name[5:]), p) for name in view.zones if name.startswith("area:") for p in range(4, 7)}
        seen = self.owners_seen
        if kind == "keep":
            seen.add((active, action["position"]))
        elif kind == "peek" and self.peek_target == actor:
            seen.add((actor, action["position"]))
        elif kind == "counter":
            seen.discard((action["seat"], action["position"]))
        elif kind == "swap" and self.swap_own is not None and self.swap_target is not None:
            seen.discard((actor, self.swap_own))
            seen.discard((self.swap_target, action["position"]))

    def restoring(self) -> tuple[int, int, int] | None:
        """The swap that would only undo ``seat``'s last one, as ``(own position, target
        seat, target position)``, or ``None`` (``gave``)."""
        if self.gave is None:
            return None
        (_, own), (target, position) = self.gave
        return own, target, position

    def recall(self, view: View) -> dict[tuple[str, int], CardDef]:
        """The faces remembered (and not yet forgotten) of the cards face down to ``seat``
        in ``view``: ``{(zone name, index): face}``."""
        known: dict[tuple[str, int], CardDef] = {}
        for (owner, position), (face, seen) in self.faces.items():
            if self.span is not None and self.turn - seen > self.span:
                continue
            zone = view.zones.get(f"area:{owner}")
            if zone is None or position > len(zone.cards):
                continue
            card = zone.cards[position - 1]
            if card is not None and card.face is None:
                known[(zone.name, position - 1)] = face
        return known


def _mean(unseen: Sequence[CardDef]) -> float:
    values = [face.value for face in unseen if face.value is not None]
    return sum(values) / len(values) if values else 0.0


def _area_total(faces: Sequence[CardDef | None], mean: float) -> float:
    """An area's estimated points: known faces at their value (three or more known stars
    count 0), unknown ones (``None``) at ``mean``."""
    known = [f for f in faces if f is not None]
    stars = sum(1 for f in known if f.get("star"))
    total = sum((f.value or 0) for f in known if not (stars >= STAR_LIMIT and f.get("star")))
    return total + mean * sum(1 for f in faces if f is None)


def _areas(view: View) -> dict[int, list[CardDef | None]]:
    """Per seat, the faces of its occupied positions as ``seat`` knows them (``None``:
    unknown), with their positions: ``{seat: [(position, face)...]}``."""
    areas = {}
    for name, zone in view.zones.items():
        if name.startswith("area:"):
            areas[int(name[5:])] = [(i + 1, c.face) for i, c in enumerate(zone.cards) if c is not None]
    return areas


def estimates(view: View, unseen: Sequence[CardDef]) -> dict[int, float]:
    """Every seat's estimated area total as ``view``'s seat knows it (module docstring)."""
    mean = _mean(unseen)
    return {s: _area_total([f for _, f in slots], mean) for s, slots in _areas(view).items()}


def _slot_value(face: CardDef | None, mean: float) -> float:
    return mean if face is None else float(face.value or 0)


def _effect_bonus(face: CardDef | None, seat: int, areas, mean: float, holder) -> float:
    """What discarding ``face`` is worth through its effect (ruling 4), in points."""
    effect = (face.get("effect") if face is not None else None) or {}
    if "give" in effect:
        return 0.8 * mean * int(effect["give"])
    if "peek" in effect:
        return 1.0 if any(f is None for _, f in areas.get(seat, ())) else 0.3
    if "swap" in effect:
        return max(0.0, max((s[0] for s in _swaps(seat, areas, mean, holder)), default=0.0))
    return 0.0


def _swaps(seat: int, areas, mean: float, holder, barred: tuple[int, int, int] | None = None) -> list[tuple[float, int, int, int]]:
    """Every 9-swap ``seat`` may make, as ``(gain in points, own position, target seat,
    target position)``: the gain is the own card's estimated value less the other card's
    (ruling 4). ``barred`` (``BloopsMemory.restoring``), the swap that would only undo the
    seat's last one, is left out unless what the seat knows makes it strictly the best:
    when nothing tells the cards apart it gains nothing the seat did not already have."""
    if seat == holder:
        return []
    swaps = [
        (_slot_value(mine, mean) - _slot_value(theirs, mean), own, target, position)
        for own, mine in areas.get(seat, ())
        for target, slots in areas.items()
        if target not in (seat, holder)
        for position, theirs in slots
    ]
    rest = [s for s in swaps if s[1:] != barred]
    if len(rest) < len(swaps) and rest and max(s[0] for s in rest) >= next(s[0] for s in swaps if s[1:] == barred):
        return rest
    return swaps


def _equals(actions: list[tuple[tuple, Action]]) -> Action | AnyOf | None:
    """The action of the highest key among ``(key, action)`` pairs (keys are tuples,
    compared in order), or an ``AnyOf`` of every action that shares it: positions nothing
    tells apart are picked among at random (the search's seeded generator), not always the
    first. ``None`` when empty."""
    if not actions:
        return None
    best = max(key for key, _ in actions)
    tied = tuple(action for key, action in actions if key == best)
    return tied[0] if len(tied) == 1 else AnyOf(tied)


def _swap_key(swap: tuple[float, int, int, int], areas, owners_seen) -> tuple[float, bool]:
    """How good a 9-swap of ``_swaps`` is: its gain (to 1e-9 points), then whether the card
    it takes is one the seat does not know but its owner has seen (``BloopsMemory.owners_seen``:
    the likelier low card, and the owner loses what it knew)."""
    gain, _, target, position = swap
    unknown = dict(areas.get(target, ())).get(position) is None
    return round(gain, 9), unknown and (target, position) in owners_seen


CALL = (6.0, 6.0, 20.0)
"""BLOOPS! is called when the estimate is at most ``CALL[0]`` points, or when it plus
``CALL[1]`` per unknown own card plus ``CALL[2]`` is below every other seat's estimate:
patient, since the others get a final turn and their cards the seat has not seen are
rarely as high as the mean once they have played a while. (``hard`` against ``easy``, 60
games: 39–23 with these, 33–27 with the eager (3, 1.5, 2).)"""


def should_call(total: float, unknown: int, others: float) -> bool:
    """Whether to call BLOOPS! with an estimated ``total`` (``unknown`` of its cards not
    known) against the lowest other estimate ``others`` (``CALL``)."""
    low, per_unknown, margin = CALL
    return total <= low or total + per_unknown * unknown + margin < others


def _pick(decision: Decision, seat: int, **args) -> Action | None:
    kind = args.pop("type")
    return next((a for a in decision.actions if a.type == kind and all(a.get(k) == v for k, v in args.items()) and a.get("seat", seat) == seat), None)


def advise(game: Game, seat: int, decision: Decision, unseen: Sequence[CardDef], memory: BloopsMemory | None = None, level: str = "hard") -> Action | None:
    """The move of ``seat`` by the estimated area totals (module docstring), or ``None``
    (search instead). ``game`` shows ``seat`` what it remembers (``search._canonical``),
    ``unseen`` is every face it does not know, and ``memory`` (when the caller keeps one)
    also says whose card a 7/8 or a 9 is aimed at. ``level`` is unused: Bloops' levels
    differ by their memories' spans (``SPANS``)."""
    view = game.view(seat)
    info = view.info
    mean = _mean(unseen)
    areas = _areas(view)
    holder = info.get("holder")
    kind = decision.kind
    mine = dict(areas.get(seat, ()))
    if kind == "drawn":
        drawn = view.zones["drawn"].cards[-1].face
        effect = drawn.get("effect") or {}
        totals = estimates(view, unseen)
        if "end_game" in effect:
            others = min((t for s, t in totals.items() if s != seat), default=0.0)
            if totals[seat] < others or not mine:
                return _pick(decision, seat, type="discard")
        now = _area_total(list(mine.values()), mean)
        best, choice = _effect_bonus(drawn, seat, areas, mean, holder), _pick(decision, seat, type="discard")
        if "end_game" in effect:
            best = -1e9
        for position, face in mine.items():
            after = _area_total([drawn if p == position else f for p, f in mine.items()], mean)
            value = now - after + _effect_bonus(face, seat, areas, mean, holder)
            if value > best:
                best, choice = value, _pick(decision, seat, type="keep", position=position)
        return choice
    if kind == "window":
        top = view.zones["discard"].cards[-1].face
        match = [p for p, f in mine.items() if f is not None and top is not None and f.value == top.value]
        claim = _pick(decision, seat, type="claim")
        if match and claim is not None:
            return claim
        if info.get("active") != seat:
            return "wait"  # let the closer end the window (``search.WAIT``)
        call = _pick(decision, seat, type="bloops")
        if call is not None:
            totals = estimates(view, unseen)
            others = min((t for s, t in totals.items() if s != seat), default=0.0)
            unknown = sum(1 for f in mine.values() if f is None)
            if should_call(totals[seat], unknown, others):
                return call
        return _pick(decision, seat, type="pass")
    if kind == "counter":
        top = view.zones["discard"].cards[-1].face
        match = [p for p, f in mine.items() if f is not None and top is not None and f.value == top.value]
        if match:
            return _pick(decision, seat, type="counter", position=match[0])
        return _pick(decision, seat, type="withdraw")
    if kind == "peek-player":
        actor = info.get("actor", seat)
        if any(f is None for f in mine.values()):
            return _pick(decision, seat, type="peek-player", target=actor)
        targets = [a for a in decision.actions if a.type == "peek-player" and any(f is None for _, f in areas.get(a["target"], ()))]
        return targets[0] if targets else None
    if kind == "peek-position":
        target = memory.peek_target if memory is not None else None
        slots = dict(areas.get(target, ())) if target is not None else {}
        return next((a for a in decision.actions if a.type == "peek" and a["position"] in slots and slots[a["position"]] is None), None)
    if kind in ("swap-own", "swap-player", "swap-position"):
        swaps = _swaps(seat, areas, mean, holder, memory.restoring() if memory is not None else None)
        seen = (memory.owners_seen if memory is not None else None) or set()
        none = (-1e9, False)
        if kind == "swap-own":
            if max((s[0] for s in swaps), default=-1e9) <= 0 and (skip := _pick(decision, seat, type="skip")) is not None:
                return skip
            owns = [a for a in decision.actions if a.type == "swap-own"]
            return _equals([(max((_swap_key(s, areas, seen) for s in swaps if s[1] == a["position"]), default=none), a) for a in owns])
        marks = info.get("marks") or []
        chosen = next((p for s, p in marks if s == seat), None)
        if chosen is None:
            return None
        swaps = [s for s in swaps if s[1] == chosen]
        if kind == "swap-player":
            targets = [a for a in decision.actions if a.type == "swap-player"]
            return _equals([(max((_swap_key(s, areas, seen) for s in swaps if s[2] == a["target"]), default=none), a) for a in targets])
        target = memory.swap_target if memory is not None else None
        if target is None:
            return None
        keys = {s[3]: _swap_key(s, areas, seen) for s in swaps if s[2] == target}
        return _equals([(keys.get(a["position"], none), a) for a in decision.actions if a.type == "swap"])
    if kind == "give":
        totals = estimates(view, unseen)
        gives = [a for a in decision.actions if a.type == "give"]
        return min(gives, key=lambda a: (totals.get(a["target"], 0.0), a["target"])) if gives else None
    return None
