"""The interpreter of the FOFL effect vocabulary (``cardtable.games.fofl.vocab``).

``FoflEffects`` is a mixin of the controller. A card's steps resolve as a ``steps`` entry of
the game's pending-choice stack (``cardtable.engine.choices``): it runs the steps in order,
and a step that needs a choice pushes a decision entry above it (``targets``, ``search``,
``recover``, ``arrange``, ``choose``) and the steps wait until it is answered. What each step
does is in ``STEP_OPS`` (untargeted steps) and ``HITS`` (what a targeted step does to each
target), tables at the end of this module; the decision entries are in ``Fofl``'s kinds.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from cardtable.engine import Action, Card, Decision, Pending, plural
from cardtable.games.fofl.hooks import HOOKS, grouped
from cardtable.games.fofl.vocab import TARGETED, step_op

__all__ = ["FoflEffects", "stat_label"]

def stat_label(game: Any, card: Card) -> str:
    """``"Godzilla P6 T5/8"``: a card in play with its current power (``P``) and its toughness
    left out of its full toughness (``T``); Websites and Items have only ``T``. The board
    shows the same form."""
    defn = card.defn
    toughness = f"T{game.toughness(card)}/{game.max_toughness(card)}"
    if defn.get("power") is not None:
        return f"{defn.name} P{game.power(card)} {toughness}"
    if defn.get("toughness") is not None:
        return f"{defn.name} {toughness}"
    return defn.name


class FoflEffects:
    """Step ops, their decisions and coin-flip protections."""

    # ------------------------------------------------------------------ running steps
    def run_steps(self, seat: int, src: Card | None, steps: Any, aimed: list[int] | None = None) -> None:
        """Push a steps entry for ``seat`` using ``src``; ``aimed`` are the targets chosen for
        the first step before the card was committed."""
        entry = self.choices.push("steps", seat=seat, src=src.uid if src is not None else None, steps=steps, i=0, aimed={}, found=0)
        if aimed is not None:
            entry["aimed"][0] = list(aimed)

    def _run_steps(self, entry: Pending) -> None:
        """A ``steps`` entry (automatic): run the card's steps in order, the state check after
        each (ruling 3); pause when a step waits for a choice."""
        steps = entry["steps"]
        while entry["i"] < len(steps):
            i = entry["i"]
            op, args = step_op(steps[i])
            entry["i"] = i + 1
            paused = self._targeted(entry, args, i, op) if op in TARGETED else STEP_OPS[op](self, entry, args, i)
            self.settle()
            if paused or self.lost:
                return
        self.choices.remove(entry)

    def _src(self, entry: Pending) -> Card | None:
        return self.card(entry["src"]) if entry.get("src") is not None else None

    def step_ready(self, step: Mapping[str, Any], seat: int, src: Card | None) -> bool:
        """Whether a card whose first step is ``step`` can be used now. Only public facts and
        the user's own hand count: a search is ready whenever the pile has cards, found or
        not (the pile's faces are secret, ruling 13)."""
        op, args = step_op(step)
        if isinstance(args, Mapping) and "target" in args:
            return bool(args.get("optional")) or self.any_target(args["target"], seat, src, op)
        if op in ("search", "draw", "arrange"):
            return bool(self.rows["draw"][seat])
        if op == "recover":
            return bool(self._recoverable(seat, args["find"], src))
        if op == "peek_hand":
            return bool(self.rows["hand"][1 - seat])
        if op in ("destroy_all", "return_all"):
            return self.any_target(args, seat, src, op.split("_")[0])
        if op == "choose":
            return any(self.step_ready(alt["do"][0], seat, src) for alt in args)
        if op == "hook":
            return HOOKS[args].ready(self, seat, src)
        return True

    def _aimed(self, entry: Pending, args: Mapping[str, Any], op: str, i: int) -> list[Card] | None:
        """The targets of step ``i``; ``None`` after pushing a ``targets`` decision (the step
        runs again once they are chosen)."""
        if i in entry["aimed"]:
            return [c for c in (self.card(u) for u in entry["aimed"][i]) if self.in_play(c)]
        seat, src = entry["seat"], self._src(entry)
        found = self.targets(args["target"], seat, src, op)
        need = None
        if args.get("count") == "found":
            need = min(entry["found"], len(found))
            if need == 0:
                return []
        if not found:
            return []
        entry["i"] = i
        self.choices.push("targets", seat=seat, src=entry["src"], sel=args["target"], opname=op, up_to=args.get("up_to", 1), need=need, picked=[], step=i)
        return None

    # ------------------------------------------------------------------ protections
    def flip(self, why: str) -> bool:
        """Flip a coin (automatic and shown, ruling 7); ``True`` on heads."""
        heads = self.rng.random() < 0.5
        self.log.add(f"Coin flip for {why}: {'HEADS' if heads else 'TAILS'}.", news=True)
        return heads

    def shielded(self, card: Card) -> bool:
        """Coin flips that may cancel an effect aimed at ``card`` (ruling 8): its own shield
        (FOFL) and a System Admin protecting it. ``True`` when the effect is cancelled."""
        react = self.effect(card).get("react") or {}
        if react.get("shield") == "coin" and not self.negated(card):
            if self.flip(card.defn.name):
                self.log.add(f"HEADS: the effect on {card.defn.name} is cancelled.")
                return True
        admin_uid = self.guards.get(card.uid)
        if admin_uid is not None:
            if self.flip(f"the System Admin protecting {card.defn.name}"):
                self.log.add(f"HEADS: the System Admin cancels the effect on {card.defn.name}.")
                return True
        return False

    def _reach(self, card: Card) -> bool:
        """Whether an effect reaches ``card``: Websites may be protected by coin flips."""
        return not (card.defn.kind == "website" and self.shielded(card))

    # ------------------------------------------------------------------ targeted steps
    PROTECTIVE = ("guard", "proxy")
    """Targeted steps that shield a Website rather than affect it: no coin flip for them."""

    def _targeted(self, entry: Pending, args: Any, i: int, op: str) -> bool:
        """Run a targeted step: its targets (aimed or chosen now), each reached past the coin
        flips of ruling 8, then ``_hit_<op>(entry, args, card)`` on each."""
        targets = self._aimed(entry, args, op, i)
        if targets is None:
            return True
        hit = HITS[op]
        for card in targets:
            if self.in_play(card) and (op in self.PROTECTIVE or self._reach(card)):
                hit(self, entry, args, card)
        return False

    def _hit_damage(self, entry: Pending, args: Any, card: Card) -> None:
        self.damage[card.uid] = self.damage.get(card.uid, 0) + args["amount"]
        self.log.add(f"{card.defn.name} takes {args['amount']} damage ({self.toughness(card)} toughness left).")

    def _hit_heal(self, entry: Pending, args: Any, card: Card, verb: str = "healed") -> None:
        healed = min(args["amount"], self.damage.get(card.uid, 0))
        self.damage[card.uid] = self.damage.get(card.uid, 0) - healed
        self.log.add(f"{card.defn.name} is {verb} by {healed} ({self.toughness(card)}/{self.max_toughness(card)}).")

    def _hit_repair(self, entry: Pending, args: Any, card: Card) -> None:
        self._hit_heal(entry, args, card, verb="repaired")

    def _hit_destroy(self, entry: Pending, args: Any, card: Card) -> None:
        self.destroy(card, entry["seat"])

    def _hit_return(self, entry: Pending, args: Any, card: Card) -> None:
        self.log.add(f"{card.defn.name} returns to {self.players[self.owner[card.uid]]}'s hand.")
        self.remove(card, "hand", reason="returned")

    def _hit_neutralize(self, entry: Pending, args: Any, card: Card) -> None:
        self.log.add(f"{card.defn.name}'s mind is wiped: it is neutral now.")
        self.set_colour(card, "yellow", entry["seat"])
        self.wiped.append({"seat": entry["seat"], "uid": card.uid, "turn": self.turn})

    def _hit_shift(self, entry: Pending, args: Any, card: Card) -> None:
        if args.get("coin") and not self.flip(f"Temptation of {card.defn.name}"):
            self.log.add(f"TAILS: {card.defn.name} resists.")
            return
        mine, now = self.sides[entry["seat"]], self.colour(card)
        new = "yellow" if now not in ("yellow", mine) else mine
        self.log.add(f"{card.defn.name} is tempted: {now} becomes {new}.")
        self.set_colour(card, new, entry["seat"])

    def _hit_restore(self, entry: Pending, args: Any, card: Card) -> None:
        self.log.add(f"{card.defn.name} gets its own colour back ({card.defn.colour}).")
        self.set_colour(card, card.defn.colour, entry["seat"])

    def _hit_enlist(self, entry: Pending, args: Any, card: Card) -> None:
        self.listed.append(card.uid)
        self.log.add(f"{card.defn.name} is put on the List.")

    def _hit_guard(self, entry: Pending, args: Any, card: Card) -> None:
        src = self._src(entry)
        if card.uid not in self.guards and src is not None and self.in_play(src):
            self.guards[card.uid] = src.uid
            self.log.add(f"{src.defn.name} protects {card.defn.name}.")

    def _hit_proxy(self, entry: Pending, args: Any, card: Card) -> None:
        src = self._src(entry)
        if src is not None and self.in_play(src):
            self.proxies[src.uid] = card.uid
            self.log.add(f"Proxy stands in front of {card.defn.name}.")

    def _hit_negate(self, entry: Pending, args: Any, card: Card) -> None:
        src = self._src(entry)
        if src is not None and src.uid not in self.dos:
            self.put(src, f"lasting:{entry['seat']}", up=True)
            self.dos[src.uid] = {"site": card.uid, "until": self.turn + args["turns"] - 1}
            self.log.add(f"{card.defn.name} is switched off for {plural(args['turns'], 'turn')}.")

    def _hit_attach(self, entry: Pending, args: Any, card: Card) -> None:
        src = self._src(entry)
        if src is not None and src.uid not in self.attached:
            self.attached[src.uid] = card.uid
            self.put(src, f"items:{self.controller(card)}", up=True)
            self.log.add(f"{src.defn.name} goes onto {card.defn.name}.")

    # ------------------------------------------------------------------ untargeted steps
    def _op_destroy_all(self, entry: Pending, args: Any, i: int) -> bool:
        for card in self.targets(args, entry["seat"], self._src(entry), "destroy"):
            if self.in_play(card) and self._reach(card):
                self._hit_destroy(entry, args, card)
        return False

    def _op_return_all(self, entry: Pending, args: Any, i: int) -> bool:
        for card in self.targets(args, entry["seat"], self._src(entry), "return"):
            if self.in_play(card):
                self._hit_return(entry, args, card)
        return False

    def _op_boost(self, entry: Pending, args: Any, i: int) -> bool:
        self.boosts.append({"seat": entry["seat"], "turn": self.turn + 2, "id": args["id"], "power": args["power"], "toughness": args["toughness"]})
        name = self.cardset[args["id"]].name
        self.log.add(f"During {self.players[entry['seat']]}'s next turn {name} has {args['power']:+d}/{args['toughness']:+d}.")
        return False

    def _op_draw(self, entry: Pending, args: Any, i: int) -> bool:
        n = self.draw_cards(entry["seat"], args)
        self.log.add(f"{self.players[entry['seat']]} draws {n} card{'s' if n != 1 else ''}.")
        return False

    def _op_peek_hand(self, entry: Pending, args: Any, i: int) -> bool:
        seat, other = entry["seat"], 1 - entry["seat"]
        hand = self.zones[f"hand:{other}"]
        if not hand:
            self.log.add(f"{self.players[other]} has no card in hand to look at.")
            return False
        card = hand.cards[self.rng.randrange(len(hand.cards))]
        card.show_to(seat)
        self.log.add(f"{self.players[seat]} looks at a random card from {self.players[other]}'s hand.")
        self.log.add(f"{self.players[seat]} sees {card.defn.name} in {self.players[other]}'s hand.", to=seat, cards=[card])
        self.log.add(f"{self.players[seat]} saw {card.defn.name} from {self.players[other]}'s hand.", to=other, cards=[card])
        return False

    def _op_hook(self, entry: Pending, args: Any, i: int) -> bool:
        return HOOKS[args].run(self, entry["seat"], self._src(entry), entry)

    def _op_search(self, entry: Pending, args: Any, i: int) -> bool:
        seat = entry["seat"]
        pile = self.zones[f"draw:{seat}"]
        if args["up_to"] == "all":
            found = [c for c in list(pile) if self.find_matches(args["find"], c.defn)]
            for card in found:
                self._take(card, seat, args["to"])
            entry["found"] += len(found)
            self.shuffle_pile(seat)
            self._log_taken(seat, found, args["to"])
            return False
        for card in pile:
            card.show_to(seat)
        self.choices.push("search", seat=seat, find=args["find"], left=args["up_to"], to=args["to"], taken=[])
        return True

    def _take(self, card: Card, seat: int, to: str) -> None:
        if to == "play":
            self.enter_play(card, seat)
        else:
            self.put(card, f"hand:{seat}", up=False, known=(seat,))

    def _log_taken(self, seat: int, cards: list[Card], to: str) -> None:
        name = self.players[seat]
        if to == "play":
            names = ", ".join(c.defn.name for c in cards) or "nothing"
            self.log.add(f"{name} searches the draw pile and puts into play: {names}. The pile is shuffled.", cards=cards)
        else:
            n = len(cards)
            self.log.add(f"{name} searches the draw pile and takes {n} card{'s' if n != 1 else ''} into hand. The pile is shuffled.")
            if cards:
                self.log.add(f"{name} took {', '.join(c.defn.name for c in cards)}.", to=seat, cards=cards)

    def _decide_search(self, entry: Pending) -> Decision:
        seat = entry["seat"]
        pile = self.zones[f"draw:{seat}"]
        counts: dict[str, int] = {}
        names: dict[str, str] = {}
        for card in pile:
            if self.find_matches(entry["find"], card.defn):
                counts[card.defn.id] = counts.get(card.defn.id, 0) + 1
                names[card.defn.id] = card.defn.name
        actions = [Action.of("take", f"Take {names[cid]}" + (f" ({counts[cid]} in pile)" if counts[cid] > 1 else "") + f" into {'play' if entry['to'] == 'play' else 'your hand'}", card=cid) for cid in sorted(counts, key=lambda c: names[c])]
        actions.append(Action.of("done", "Done" if entry["taken"] else ("Take nothing" if counts else "Nothing to take: done")))
        where = "into play" if entry["to"] == "play" else "into your hand"
        prompt = f"{self.players[seat]}: your draw pile ({plural(len(pile), 'card')})."
        if not counts:  # nothing to offer: say so, not "take up to 1 more"
            prompt += f" No card in it can be taken {where} now."
        else:
            prompt += f" Take up to {plural(entry['left'], 'more card' if entry['taken'] else 'card')} {where}."
        return Decision((seat,), prompt, tuple(actions), private=True, kind="search")

    def _choose_search(self, entry: Pending, action: Action) -> None:
        seat = entry["seat"]
        if action.type == "take":
            pile = self.zones[f"draw:{seat}"]
            card = next(c for c in reversed(pile.cards) if c.defn.id == action["card"])
            self._take(card, seat, entry["to"])
            entry["taken"].append(card.uid)
            entry["left"] -= 1
            if entry["left"] > 0:
                return
        self.choices.pop()
        taken = [self.card(u) for u in entry["taken"]]
        if self.choices and self.choices.top.kind == "steps":
            self.choices.top["found"] += len(taken)
        self.shuffle_pile(seat)
        self._log_taken(seat, taken, entry["to"])

    def _recoverable(self, seat: int, find: Any, src: Card | None) -> list[Card]:
        """The cards of ``seat``'s discard pile a ``recover`` step used by ``src`` may take: those
        matching ``find``, never a card of ``src``'s own name (no card brings itself back, nor a
        twin that could bring it back in turn: ruling 20), bottom of the pile first."""
        own = src.defn.id if src is not None else None
        return [c for c in self.rows["discard"][seat] if c.defn.id != own and self.find_matches(find, c.defn)]

    def _op_recover(self, entry: Pending, args: Any, i: int) -> bool:
        seat = entry["seat"]
        if not self._recoverable(seat, args["find"], self._src(entry)):
            self.log.add(f"{self.players[seat]} finds nothing to take from the discard pile.")
            return False
        self.choices.push("recover", seat=seat, src=entry["src"], find=args["find"], left=args["up_to"], to=args["to"])
        return True

    def _decide_recover(self, entry: Pending) -> Decision:
        seat = entry["seat"]
        seen: dict[str, str] = {}
        for card in self._recoverable(seat, entry["find"], self._src(entry)):
            seen[card.defn.id] = card.defn.name
        where = "on top of your draw pile (everyone sees it)" if entry["to"] == "top" else "into your hand"
        actions = [Action.of("take", f"{name} → {'top of pile' if entry['to'] == 'top' else 'hand'}", card=cid) for cid, name in sorted(seen.items(), key=lambda kv: kv[1])]
        actions.append(Action.of("done", "Take nothing"))
        return Decision((seat,), f"{self.players[seat]}: take a card from your discard pile {where}.", tuple(actions), private=True, kind="recover")

    def _choose_recover(self, entry: Pending, action: Action) -> None:
        seat = entry["seat"]
        self.choices.pop()
        if action.type != "take":
            return
        card = next(c for c in reversed(self._recoverable(seat, entry["find"], self._src(entry))) if c.defn.id == action["card"])
        if entry["to"] == "top":
            self.log.add(f"{self.players[seat]} shows {card.defn.name} from the discard pile and puts it on top of the draw pile.", cards=[card])
            self.put(card, f"draw:{seat}", up=False, known=range(len(self.players)))
        else:
            self.log.add(f"{self.players[seat]} takes {card.defn.name} from the discard pile into hand.", cards=[card])
            self.put(card, f"hand:{seat}", up=False, known=range(len(self.players)))

    def _op_arrange(self, entry: Pending, args: Any, i: int) -> bool:
        seat = entry["seat"]
        pile = self.zones[f"draw:{seat}"]
        top = pile.cards[-args:]
        for card in top:
            card.show_to(seat)
        self.log.add(f"{self.players[seat]} looks at the top {plural(len(top), 'card')} of the draw pile.")
        self.choices.push("arrange", seat=seat, n=len(top))
        return True

    def _decide_arrange(self, entry: Pending) -> Decision:
        seat, n = entry["seat"], entry["n"]
        top = self.zones[f"draw:{seat}"].cards[-n:][::-1]  # top first
        actions = []
        seen = set()
        for order in itertools.permutations(range(n)):
            label = ", ".join(top[k].defn.name for k in order)
            if label in seen:
                continue
            seen.add(label)
            actions.append(Action.of("order", f"{label} (top first)", order=list(order)))
        return Decision((seat,), f"{self.players[seat]}: put your top {n} cards back in the order you like (first = top).", tuple(actions), private=True, kind="arrange")

    def _choose_arrange(self, entry: Pending, action: Action) -> None:
        seat, n = entry["seat"], entry["n"]
        pile = self.zones[f"draw:{seat}"]
        top = pile.cards[-n:][::-1]
        new_top_first = [top[k] for k in action["order"]]
        pile.cards[-n:] = new_top_first[::-1]
        self.choices.pop()
        self.log.add(f"{self.players[seat]} puts the cards back in a chosen order.")

    # ------------------------------------------------------------------ choices
    def _op_choose(self, entry: Pending, args: Any, i: int) -> bool:
        self.choices.push("choose", seat=entry["seat"], src=entry["src"], alts=args)
        return True

    def _decide_choose(self, entry: Pending) -> Decision:
        seat, src = entry["seat"], self._src(entry)
        actions = [Action.of("alt", alt["brief"], alt=k) for k, alt in enumerate(entry["alts"]) if self.step_ready(alt["do"][0], seat, src)]
        if not actions:
            actions = [Action.of("alt", "Nothing to do", alt=-1)]
        return Decision((seat,), f"{self.players[seat]}: choose what {src.defn.name if src else 'the card'} does.", tuple(actions), private=True, kind="choose")

    def _choose_choose(self, entry: Pending, action: Action) -> None:
        self.choices.pop()
        k = action["alt"]
        if k >= 0:
            self.run_steps(entry["seat"], self._src(entry), entry["alts"][k]["do"])

    def choice_key(self, card: Card, stats: str | None = None) -> tuple:
        """Cards with equal keys are interchangeable choices (same card, side and state).
        ``stats`` is ``stat_label(self, card)`` when the caller has it already."""
        return (card.defn.id, self.zone_of(card), stats or stat_label(self, card), self._note(card), self.damage.get(card.uid, 0), self.colour(card))

    def choice_keys(self, cards: list[Card], stats: list[str] | None = None) -> list[tuple]:
        """``choice_key`` of each card, except that a card whose design no other card of the list
        shares gets ``(id,)``: its key could not equal another's anyway (keys start with the id).
        ``stats``, when given, are the cards' ``stat_label`` texts, in the same order."""
        copies: dict[str, set[int]] = {}
        for card in cards:
            copies.setdefault(card.defn.id, set()).add(card.uid)
        return [self.choice_key(card, stats[i] if stats else None) if len(copies[card.defn.id]) > 1 else (card.defn.id,) for i, card in enumerate(cards)]

    def card_choices(self, kind: str, cards: list[Card], owners: bool = True) -> list[Action]:
        """One action per card in play (``zone``/``index`` arguments), identical cards once,
        labelled by ``stat_label`` and, with ``owners``, the name of the card's controller."""
        actions, stats = [], []
        for card in cards:
            stat = stat_label(self, card)
            stats.append(stat)
            zone = self.zone_of(card)
            text = f"{stat} ({self.players[self.controller(card)]})" if owners else stat
            actions.append(Action(kind, (("index", self.zones[zone].cards.index(card)), ("zone", zone)), text))  # Action.of's order
        return grouped(actions, self.choice_keys(cards, stats))

    def _target_actions(self, entry: Pending) -> list[Action]:
        seat, src = entry["seat"], self._src(entry)
        cards = [c for c in self.targets(entry["sel"], seat, src, entry["opname"]) if c.uid not in entry["picked"]]
        return self.card_choices("target", cards)

    def _target_prompt(self, entry: Pending) -> str:
        seat, src = entry["seat"], self._src(entry)
        what = {"damage": "damage", "heal": "heal", "repair": "repair", "destroy": "destroy", "return": "return to hand",
                "neutralize": "mind-wipe", "shift": "tempt", "restore": "restore", "enlist": "put on the List",
                "guard": "protect", "proxy": "guard with Proxy", "negate": "switch off", "attach": "carry it"}[entry["opname"]]
        picked = ", ".join(self.card(u).defn.name for u in entry["picked"])
        more = f" Chosen so far: {picked}." if picked else ""
        if entry.get("need"):
            count = f"{entry['need']}"
        elif entry["up_to"] > 1:
            count = f"up to {entry['up_to']}"
        else:
            count = "one"
        return f"{self.players[seat]}: {src.defn.name if src else 'the card'} — choose {count} to {what}.{more}"

    def _decide_targets(self, entry: Pending) -> Decision:
        actions = self._target_actions(entry)
        if entry["picked"] and entry.get("need") is None:
            actions.append(Action.of("done", "Done"))
        if not actions:
            actions = [Action.of("done", "Done")]
        return Decision((entry["seat"],), self._target_prompt(entry), tuple(actions), private=True, kind="target")

    def _choose_targets(self, entry: Pending, action: Action) -> None:
        if action.type == "target":
            card = self.zones[action["zone"]].cards[action["index"]]
            entry["picked"].append(card.uid)
            goal = entry["need"] if entry.get("need") is not None else entry["up_to"]
            remaining = [a for a in self._target_actions(entry)]
            if len(entry["picked"]) < goal and remaining:
                return
        self.choices.pop()
        parent = self.choices.top
        parent["aimed"][entry["step"]] = list(entry["picked"])


HITS = {
    "damage": FoflEffects._hit_damage,
    "heal": FoflEffects._hit_heal,
    "repair": FoflEffects._hit_repair,
    "destroy": FoflEffects._hit_destroy,
    "return": FoflEffects._hit_return,
    "neutralize": FoflEffects._hit_neutralize,
    "shift": FoflEffects._hit_shift,
    "restore": FoflEffects._hit_restore,
    "enlist": FoflEffects._hit_enlist,
    "guard": FoflEffects._hit_guard,
    "proxy": FoflEffects._hit_proxy,
    "negate": FoflEffects._hit_negate,
    "attach": FoflEffects._hit_attach,
}
"""Targeted step -> ``hit(game, entry, args, card)``, what it does to one target reached."""

STEP_OPS = {
    "destroy_all": FoflEffects._op_destroy_all,
    "return_all": FoflEffects._op_return_all,
    "boost": FoflEffects._op_boost,
    "draw": FoflEffects._op_draw,
    "peek_hand": FoflEffects._op_peek_hand,
    "hook": FoflEffects._op_hook,
    "search": FoflEffects._op_search,
    "recover": FoflEffects._op_recover,
    "arrange": FoflEffects._op_arrange,
    "choose": FoflEffects._op_choose,
}
"""Untargeted step -> ``run(game, entry, args, index) -> paused`` (``True`` when it pushed a
decision the steps must wait for)."""
