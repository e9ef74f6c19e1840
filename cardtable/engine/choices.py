"""A stack of pending choices: one move that needs several picks, with Back.

Many moves are not one pick but several: a card, then what it aims at, then a mode; a
Spacecraft, then its pilots one by one. While planning such a move nothing on the table
changes, and each step offers *Back* to the step before. A game keeps those steps on a
``Choices`` stack, one ``Pending`` entry per step, and tells the engine how to treat each
kind of entry with a ``Kind``:

* ``decide(game, pending) -> Decision`` builds the decision of an entry on top;
* ``choose(game, pending, action)`` applies a pick of that decision (it may change the
  entry's data, push a new entry above it, pop it, or commit the whole move);
* ``run(game, pending)`` resolves an automatic entry (no decision: e.g. an effect's steps
  running one after the other); it pops itself when done, or pushes a choice above itself;
* ``back``: its decisions offer ``BACK``, which pops the entry and returns to the one below.

The stack keeps the decision it offered for each entry (``Pending.offered``): going Back
shows the entry below exactly as it was, without building its decision again. The
decision is dropped when the entry's own pick leaves it on top (its data changed: e.g. a
second pilot to choose), and for every entry by ``forget()``, which a game calls whenever
the table changes under the stack (a move committed, a test editing the state).

The planning decisions of one move often ask the same question of the table: the turn
menu counts the playable cards, and the play menu it opens lists them. ``fact(key, work)``
keeps such an answer with the stack: ``work()`` the first time ``key`` is asked, the same
value after that, until ``forget()`` drops it with the kept decisions. Like a kept
decision it is not state: copies and ``Game.snapshot`` leave it out.

Entries are plain data (``Pending`` is a ``dict`` of JSON-like values, its ``kind`` among them), so
``copy.deepcopy`` of a game copies them, save files never need them (they replay actions),
and ``Game.snapshot`` encodes an entry as its items only: a kept decision is not state.

Example (a card, then a target)::

    KINDS = {"menu": Kind(decide=menu, choose=pick_card, back=True),
             "aim": Kind(decide=aim, choose=pick_target, back=True)}
    game.choices.push("menu", seat=0)      # the turn opens the play menu
    game.choices.decision(game, KINDS)     # -> menu(game, top), kept
    game.choices.answer(game, KINDS, pick) # pick_card pushes ("aim", card=2)
    game.choices.answer(game, KINDS, BACK) # pops "aim": the kept menu decision is current
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.engine.core import Action, Decision

__all__ = ["BACK", "Choices", "Kind", "Pending"]

BACK = Action.of("back", "← Back").with_role("back")
"""The Back option of a ``Kind(back=True)`` entry: answering it pops that entry."""


@dataclass(frozen=True, slots=True)
class Kind:
    """How a game treats one kind of pending entry (see the module docstring).

    A decision entry has ``decide`` and ``choose``; an automatic entry has ``run``.
    ``back`` says that the entry's decisions offer ``BACK`` (the game puts it among the
    actions, where it likes; the stack pops the entry when it is chosen)."""

    decide: Callable[[Any, Pending], Decision] | None = None
    choose: Callable[[Any, Pending, Action], None] | None = None
    run: Callable[[Any, Pending], None] | None = None
    back: bool = False


class Pending(dict):
    """One entry of a ``Choices`` stack: a mapping of plain values (ints, strings, lists,
    dicts) whose item ``"kind"`` names its kind (a key of the game's kinds; data may not
    use that key for anything else).

    ``offered`` is the decision the stack built for it, kept for Back (``None`` until
    built). It is not part of the entry's value: equality, ``Game.snapshot`` and copies
    look at the items only (a copy shares the kept decision: decisions are immutable)."""

    __slots__ = ("offered",)

    def __init__(self, kind: str, data: Mapping[str, Any] = (), /, **more: Any) -> None:
        super().__init__(data, **more)
        self["kind"] = kind
        self.offered: Decision | None = None

    @property
    def kind(self) -> str:
        return self["kind"]

    def __repr__(self) -> str:
        return f"Pending({dict.__repr__(self)})"

    def __copy__(self) -> Pending:
        new = Pending(self["kind"], self)
        new.offered = self.offered
        return new

    def __deepcopy__(self, memo: dict) -> Pending:
        new = Pending(self["kind"], copy.deepcopy(dict(self), memo))
        new.offered = self.offered
        memo[id(self)] = new
        return new

    def __reduce__(self) -> tuple:
        return (Pending, (self["kind"], dict(self)))


class Choices:
    """The stack of pending entries of one game (bottom first). See the module docstring.

    Besides the stack operations (``push``, ``pop``, ``replace``, ``unwind``, ``top``,
    ``len``, iteration, indexing) it answers the game's two questions: ``decision`` (what
    to ask now) and ``answer`` (apply a pick), and ``resolve`` runs automatic entries."""

    __slots__ = ("entries", "_facts")

    def __init__(self) -> None:
        self.entries: list[Pending] = []
        self._facts: dict[Any, Any] = {}

    def __copy__(self) -> Choices:
        new = Choices()
        new.entries = list(self.entries)
        return new

    def __deepcopy__(self, memo: dict) -> Choices:
        # the kept facts may hold the table's cards: a copy works them out again
        new = Choices()
        new.entries = copy.deepcopy(self.entries, memo)
        memo[id(self)] = new
        return new

    def __reduce__(self) -> tuple:
        return (_rebuilt, (self.entries,))

    # ------------------------------------------------------------------ the stack
    def push(self, kind: str, **data: Any) -> Pending:
        """Put a new entry of ``kind`` with ``data`` on top; returns it."""
        entry = Pending(kind, data)
        self.entries.append(entry)
        return entry

    def pop(self) -> Pending:
        """Take the top entry off and return it. Raises ``IndexError`` when empty."""
        return self.entries.pop()

    def replace(self, kind: str, **data: Any) -> Pending:
        """Swap the top entry for a new one (a step that leads on to another whose Back
        should skip it). Raises ``IndexError`` when empty."""
        self.entries.pop()
        return self.push(kind, **data)

    def unwind(self, depth: int) -> None:
        """Pop entries until ``depth`` are left (a committed move drops its planning steps)."""
        del self.entries[depth:]

    def remove(self, entry: Pending) -> None:
        """Take ``entry`` (this very object) out, wherever it is. Raises ``ValueError``."""
        for i, e in enumerate(self.entries):
            if e is entry:
                del self.entries[i]
                return
        raise ValueError("that entry is not on the stack")

    def index(self, entry: Pending) -> int:
        """The position of ``entry`` (this very object), 0 = bottom. Raises ``ValueError``."""
        for i, e in enumerate(self.entries):
            if e is entry:
                return i
        raise ValueError("that entry is not on the stack")

    def clear(self) -> None:
        self.entries.clear()

    @property
    def top(self) -> Pending | None:
        """The entry being decided or resolved now, ``None`` when the stack is empty."""
        return self.entries[-1] if self.entries else None

    def __len__(self) -> int:
        return len(self.entries)

    def __bool__(self) -> bool:
        return bool(self.entries)

    def __iter__(self) -> Iterator[Pending]:
        return iter(self.entries)

    def __getitem__(self, i: int) -> Pending:
        return self.entries[i]

    def __repr__(self) -> str:
        return f"Choices({self.entries!r})"

    # ------------------------------------------------------------------ deciding
    def forget(self) -> None:
        """Drop every kept decision and every kept ``fact``: the table changed under the stack."""
        for entry in self.entries:
            entry.offered = None
        self._facts.clear()

    def fact(self, key: Any, work: Callable[[], Any]) -> Any:
        """What ``work()`` finds on the table (e.g. the cards a seat may play now), worked
        out once and kept until ``forget()``: the decisions of one move's planning share it.
        ``key`` (any hashable value, e.g. ``("playable", seat)``) names the question; the
        caller must call ``forget()`` whenever the table changes, and must not change the
        value it is given."""
        facts = self._facts
        if key in facts:
            return facts[key]
        found = facts[key] = work()
        return found

    def decision(self, game: Any, kinds: Mapping[str, Kind]) -> Decision:
        """The decision of the top entry: the kept one, else ``kinds[kind].decide(game, top)``
        (then kept). Raises ``IndexError`` when empty, ``KeyError`` for an unknown kind and
        ``TypeError`` when the top entry is automatic (``resolve`` first)."""
        top = self.entries[-1]
        if top.offered is None:
            decide = kinds[top["kind"]].decide
            if decide is None:
                raise TypeError(f"the pending entry {top.kind!r} is automatic: it has no decision")
            top.offered = decide(game, top)
        return top.offered

    def answer(self, game: Any, kinds: Mapping[str, Kind], action: Action) -> None:
        """Apply ``action``, a pick of the top entry's decision: ``BACK`` pops an entry of a
        ``back`` kind (the one below is current again, with its kept decision); anything
        else goes to ``kinds[kind].choose(game, top, action)``. When the entry is still on
        top afterwards its kept decision is dropped (its pick changed it). The caller has
        checked that ``action`` was offered. Raises ``IndexError`` when empty."""
        top = self.entries[-1]
        kind = kinds[top.kind]
        if kind.back and action.type == BACK.type:
            self.entries.pop()
            return
        if kind.choose is None:
            raise TypeError(f"the pending entry {top.kind!r} is automatic: it takes no pick")
        kind.choose(game, top, action)
        if self.entries and self.entries[-1] is top:
            top.offered = None

    def resolve(self, game: Any, kinds: Mapping[str, Kind], stop: Callable[[], bool] = lambda: False) -> None:
        """Run automatic entries on top until a decision entry is on top, the stack is
        empty, or ``stop()`` says so (checked before each run: e.g. the game is over)."""
        entries = self.entries
        while entries and not stop():
            run = kinds[entries[-1].kind].run
            if run is None:
                return
            run(game, entries[-1])


def _rebuilt(entries: list[Pending]) -> Choices:
    """A ``Choices`` holding ``entries`` (how a pickled stack comes back; no kept facts)."""
    stack = Choices()
    stack.entries = entries
    return stack
