"""Attacks (rulings 2, 3, 9, 10, 14, 16): who may attack whom and how a fight resolves.

``FoflCombat`` is a mixin of the controller. An attack is an ``attack`` entry of the game's
pending-choice stack (``cardtable.engine.choices``) that walks through its stages
(``ATTACK_STAGES``, at the end), pausing for the defender's reactions:

* a Person attacked: Tesco's (the Red player may call Chavs, asked privately whenever a Red
  Person is attacked while Tesco's is in play), then a guard (Mafia for Mafiaboy, Triad for
  Godzilla: the defender decides in public), then the simultaneous fight;
* a Website attacked: ANFOFL may send the attack to a Forum (the defender decides in
  public), then the coin flips of FOFL and of a System Admin, then the hit;
* a Spacecraft attacked by a Spacecraft: the hit, with no damage back.
"""

from __future__ import annotations

from cardtable.engine import Action, Card, Decision, Pending
from cardtable.games.fofl.effects import stat_label
from cardtable.games.fofl.hooks import HOOKS, unique_labels

__all__ = ["FoflCombat"]


class FoflCombat:
    """Attack legality and resolution."""

    # ------------------------------------------------------------------ who can attack
    def can_block(self, card: Card) -> bool:
        """Ruling 9: a Person (not a pilot) who has not attacked or used an Action since its
        controller's last turn began can block, i.e. keeps the Websites behind it safe."""
        return self.part(card) == "people" and card.uid not in self.used

    def blockers(self, seat: int) -> list[Card]:
        """``seat``'s People who can block now (ruling 9)."""
        return [c for c in self.rows["people"][seat] if self.can_block(c)]

    def attack_ready(self, card: Card) -> bool:
        """Ruling 2: unused this turn, not put into play this turn; Spacecraft only while
        Outer Space is in play."""
        if card.uid in self.used or self.entered.get(card.uid, 0) >= self.turn:
            return False
        part = self.part(card)
        if part == "people":
            return True
        return part == "craft" and self.space()

    def attack_targets(self, attacker: Card) -> list[Card]:
        """What ``attacker`` may attack now (rulings 3, 9, 16)."""
        return list(self._attack_targets(self.part(attacker) == "craft", 1 - self.controller(attacker)))

    def _attack_targets(self, by_craft: bool, other: int) -> list[Card]:
        """What a Person (or, ``by_craft``, a Spacecraft) may attack on seat ``other``'s side."""
        if by_craft:
            return list(self.rows["craft"][other])
        targets = list(self.rows["people"][other])
        if not self.blockers(other):
            targets += self.rows["sites"][other]
        return targets

    def attackers(self, seat: int) -> list[Card]:
        """Cards of ``seat`` that can attack something now."""
        out = [c for c in self.rows["people"][seat] if self.attack_ready(c)]
        if out and not self._attack_targets(False, 1 - seat):
            out = []
        ships = [c for c in self.rows["craft"][seat] if self.attack_ready(c)]
        if ships and self._attack_targets(True, 1 - seat):
            out += ships
        return out

    def start_attack(self, attacker: Card, target: Card) -> None:
        """Commit the attack: its ``attack`` entry runs at once up to the first reaction."""
        self.commit_move()
        self.choices.push("attack", seat=self.controller(attacker), att=attacker.uid, tgt=target.uid, stage="start", taker=None)

    # ------------------------------------------------------------------ resolution
    def _run_attack(self, entry: Pending) -> None:
        """One stage of an attack (an automatic entry): ``start``, then for a Person
        ``defend`` (Tesco's), ``guard`` and ``fight``; for a Website ``redirect``, ``shield``
        and ``hit``; for a Spacecraft ``strike``."""
        att, tgt = self.card(entry["att"]), self.card(entry["tgt"])
        stage = entry["stage"]
        if stage == "start":
            self.mark_used(att)
            who = self.players[entry["seat"]]
            self.log.add(f"{who}'s {stat_label(self, att)} attacks {stat_label(self, tgt)}.")
            self.last = f"{att.defn.name} attacks {tgt.defn.name}"
            kind = tgt.defn.kind
            entry["stage"] = {"person": "defend", "website": "redirect"}.get(kind, "strike")
            return
        if not self.in_play(att) or not self.in_play(tgt):
            self.log.add("The attack comes to nothing: a card has left play.")
            self.choices.remove(entry)
            return
        ATTACK_STAGES[stage](self, entry, att, tgt)

    def _attack_defend(self, entry: Pending, att: Card, tgt: Card) -> None:
        """Tesco's: at most one Tesco's defends per attack (ruling 14)."""
        entry["stage"] = "guard"
        for place in self.play_cards(("places",)):
            react = (self.effect(place).get("react") or {}).get("on_attacked")
            if react and not self.negated(place) and self.matches(react["who"], tgt, entry["seat"], place):
                HOOKS[react["hook"]].run(self, self.controller(place), place, entry)
                return

    def _guards(self, tgt: Card) -> list[Card]:
        seat = self.controller(tgt)
        return [c for c in self.zones[f"people:{seat}"] if c is not tgt and (self.effect(c).get("react") or {}).get("guard") == tgt.defn.id]

    def _attack_guard(self, entry: Pending, att: Card, tgt: Card) -> None:
        entry["stage"] = "fight"
        if self.part(tgt) == "people" and self._guards(tgt):
            self.choices.push("defend", mode="guard", seat=self.controller(tgt), attack=self.choices.index(entry))

    def _stand_ins(self, mode: str, tgt: Card) -> list[Card]:
        return self._guards(tgt) if mode == "guard" else self._redirects(tgt)

    def _decide_defend(self, entry: Pending) -> Decision:
        """The defender's public choice (rulings 10 and 8): a guard taking the damage, or ANFOFL
        sending the attack to a Forum. Nothing secret is involved, so it is asked in public."""
        attack = self.choices[entry["attack"]]
        att, tgt = self.card(attack["att"]), self.card(attack["tgt"])
        guard = entry["mode"] == "guard"
        actions = [Action.of("stand", f"{tgt.defn.name} takes {'the damage itself' if guard else 'the attack'}", zone="", index=-1)]
        for card in self._stand_ins(entry["mode"], tgt):
            label = f"{stat_label(self, card)} takes the damage instead" if guard else f"Send the attack to {stat_label(self, card)}"
            actions.append(Action.of("stand", label, **self.ref(card)))
        seat = entry["seat"]
        question = "Who takes the damage?" if guard else "Redirect it?"
        return Decision(
            (seat,),
            f"{self.players[seat]}: {att.defn.name} ({self.power(att, tgt)} power) attacks {stat_label(self, tgt)}. {question}",
            tuple(unique_labels(actions)),
            private=False,
            kind=entry["mode"],
        )

    def _choose_defend(self, entry: Pending, action: Action) -> None:
        self.choices.pop()
        if action["index"] < 0:
            return
        card = self.deref(action)
        attack = self.choices[entry["attack"]]
        if entry["mode"] == "guard":
            attack["taker"] = card.uid
            self.log.add(f"{card.defn.name} steps in to take the damage.")
        else:
            self.log.add(f"The attack on {self.card(attack['tgt']).defn.name} is sent to {card.defn.name}.")
            attack["tgt"] = card.uid

    def _attack_fight(self, entry: Pending, att: Card, tgt: Card) -> None:
        """Ruling 3: both deal their power at once; a guard takes the attacker's damage but the
        attacked Person still strikes back (ruling 10)."""
        taker = self.card(entry["taker"]) if entry["taker"] is not None else tgt
        if not self.in_play(taker):
            taker = tgt
        dealt, back = self.power(att, tgt), self.power(tgt, att)
        self.damage[taker.uid] = self.damage.get(taker.uid, 0) + dealt
        self.damage[att.uid] = self.damage.get(att.uid, 0) + back
        self.log.add(f"{att.defn.name} deals {dealt} to {taker.defn.name}; {tgt.defn.name} deals {back} back.", news=True)
        self._wear(att)
        self._wear(tgt)
        self.choices.remove(entry)
        self.settle()

    def _wear(self, person: Card) -> None:
        """Ruling 12: every Item a Person carries takes 1 damage each time it fights."""
        for item in self.items_on(person):
            self.damage[item.uid] = self.damage.get(item.uid, 0) + 1

    def _attack_redirect(self, entry: Pending, att: Card, tgt: Card) -> None:
        entry["stage"] = "shield"
        redirect = (self.effect(tgt).get("react") or {}).get("redirect")
        if redirect and not self.negated(tgt) and self._redirects(tgt):
            self.choices.push("defend", mode="redirect", seat=self.controller(tgt), attack=self.choices.index(entry))

    def _redirects(self, tgt: Card) -> list[Card]:
        want = (self.effect(tgt).get("react") or {}).get("redirect")
        return [c for c in self.zones[f"sites:{self.controller(tgt)}"] if c.defn.id == want]

    def _attack_shield(self, entry: Pending, att: Card, tgt: Card) -> None:
        if self.shielded(tgt):
            self.choices.remove(entry)
            return
        entry["stage"] = "hit"

    def _attack_hit(self, entry: Pending, att: Card, tgt: Card) -> None:
        """Ruling 9: a Website deals no damage back."""
        dealt = self.power(att, tgt)
        self.damage[tgt.uid] = self.damage.get(tgt.uid, 0) + dealt
        self.log.add(f"{att.defn.name} deals {dealt} to {tgt.defn.name} ({self.toughness(tgt)} left).", news=True)
        self._wear(att)
        self.choices.remove(entry)
        self.settle()

    def _attack_strike(self, entry: Pending, att: Card, tgt: Card) -> None:
        """Ruling 16: Spacecraft fight Spacecraft only, and the defender deals nothing back."""
        dealt = self.power(att, tgt)
        self.damage[tgt.uid] = self.damage.get(tgt.uid, 0) + dealt
        self.log.add(f"{att.defn.name} deals {dealt} to {tgt.defn.name} ({self.toughness(tgt)} left).", news=True)
        self.choices.remove(entry)
        self.settle()


ATTACK_STAGES = {
    "defend": FoflCombat._attack_defend,
    "guard": FoflCombat._attack_guard,
    "fight": FoflCombat._attack_fight,
    "redirect": FoflCombat._attack_redirect,
    "shield": FoflCombat._attack_shield,
    "hit": FoflCombat._attack_hit,
    "strike": FoflCombat._attack_strike,
}
"""What each stage of an attack does (after ``start``), in the order the stages come."""
