"""Physical cards and the zones they sit in, each card knowing who may see its face (DESIGN §3).

A ``Card`` is one physical copy of a ``CardDef``. Its face is seen by everyone when it is
face ``up``, otherwise only by the seats in ``known`` (the owner of a hand, a player who
peeked, or nobody). A ``Zone`` is an ordered place on the table (a draw pile, a hand, a
player's area with fixed positions). Moving a card into a zone applies the zone's entry
rule (face down to all, face up, or seen by the owner only) unless the move says otherwise,
so visibility follows the card's location and owner, never the game's phase.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from cardtable.cards import CardDef

if TYPE_CHECKING:
    import random

__all__ = ["Card", "Zone", "NOBODY", "deal", "reveals"]

NOBODY: frozenset[int] = frozenset()

_REVEALS = [0]
"""How many times, since the program started, some card's face became visible to a seat
that could not see it before (turned face up, peeked at, dealt into an owner's hand). Only
ever grows; see ``reveals``."""


def reveals() -> int:
    """The running count of visibility gains (any game in this process). Undo compares it
    before and after a move: unchanged means no card was newly seen by anyone (DESIGN §3).
    A move that hides a card and shows it again to the same seat counts as a gain; the
    count may over-report (undo is then refused), never under-report."""
    return _REVEALS[0]


def _gains(card: "Card", up: bool, known: frozenset[int]) -> bool:
    """Whether giving ``card`` the visibility ``(up, known)`` adds a (viewer, card) pair to
    what is seen, where a face-up card is seen by "everyone" and a face-down one by each
    seat of ``known`` (so a face-up card going into a hand counts: its owner now holds it
    privately)."""
    if up:
        return not card.up
    return bool(known) and (card.up or not known <= card.known)


ENTRY_RULES = ("down", "up", "owner", "keep")


class Card:
    """One physical card: ``uid`` (never shown to players), its ``defn`` and visibility."""

    __slots__ = ("uid", "defn", "up", "known")

    def __init__(self, uid: int, defn: CardDef, up: bool = False, known: frozenset[int] = NOBODY) -> None:
        self.uid = uid
        self.defn = defn
        self.up = up
        self.known = known

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: the whole table) may see this card's face."""
        return self.up or (seat is not None and seat in self.known)

    def turn_up(self) -> None:
        """Turn face up: everyone sees it."""
        if not self.up:
            _REVEALS[0] += 1
        self.up = True

    def turn_down(self, known: Iterable[int] = ()) -> None:
        """Turn face down; only the seats in ``known`` still see it."""
        known = frozenset(known)
        if _gains(self, False, known):
            _REVEALS[0] += 1
        self.up = False
        self.known = known

    def show_to(self, *seats: int) -> None:
        """Let more seats see the face (a peek); the card stays where it is."""
        known = self.known.union(seats)
        if not self.up and not known <= self.known:
            _REVEALS[0] += 1
        self.known = known

    def __repr__(self) -> str:
        state = "up" if self.up else f"down{sorted(self.known)}"
        return f"Card({self.uid}:{self.defn.id},{state})"


class Zone:
    """An ordered place for cards. ``cards[-1]`` is the top of a pile.

    ``kind`` is a layout hint for screens: ``pile`` (a stack: count and top), ``hand``
    (a fan), ``row`` (cards side by side) or ``slots`` (fixed positions that may be empty,
    held as ``None``). ``enter`` is the entry rule: ``down`` (nobody sees the face), ``up``
    (everyone), ``owner`` (the owning seat only) or ``keep`` (unchanged).
    """

    __slots__ = ("name", "owner", "kind", "enter", "cards", "label")

    def __init__(self, name: str, *, owner: int | None = None, kind: str = "pile", enter: str = "down", label: str = "") -> None:
        if enter not in ENTRY_RULES:
            raise ValueError(f"unknown entry rule {enter!r}")
        if enter == "owner" and owner is None:
            raise ValueError("an 'owner' zone needs an owner")
        self.name = name
        self.owner = owner
        self.kind = kind
        self.enter = enter
        self.cards: list[Card | None] = []
        self.label = label or name

    # ----------------------------------------------------------------- visibility on entry
    def _arrive(self, card: Card, up: bool | None, known: Iterable[int] | None) -> Card:
        if up is not None or known is not None:
            face, seen = bool(up), (frozenset(known) if known is not None else NOBODY)
        elif self.enter == "down":
            face, seen = False, NOBODY
        elif self.enter == "up":
            face, seen = True, NOBODY
        elif self.enter == "owner":
            face, seen = False, frozenset((self.owner,))
        else:  # "keep"
            return card
        if _gains(card, face, seen):
            _REVEALS[0] += 1
        card.up, card.known = face, seen
        return card

    # ----------------------------------------------------------------- adding
    def add(self, card: Card, *, up: bool | None = None, known: Iterable[int] | None = None) -> Card:
        """Put ``card`` on top (at the end). ``up``/``known`` override the entry rule."""
        self.cards.append(self._arrive(card, up, known))
        return card

    def insert(self, index: int, card: Card, *, up: bool | None = None, known: Iterable[int] | None = None) -> Card:
        """Put ``card`` at ``index`` (0 is the bottom of a pile)."""
        self.cards.insert(index, self._arrive(card, up, known))
        return card

    def place(self, index: int, card: Card, *, up: bool | None = None, known: Iterable[int] | None = None) -> Card:
        """Put ``card`` into position ``index`` of a ``slots`` zone, growing it if needed.

        Raises ``ValueError`` if that position is occupied.
        """
        while len(self.cards) <= index:
            self.cards.append(None)
        if self.cards[index] is not None:
            raise ValueError(f"{self.name}: position {index + 1} is occupied")
        self.cards[index] = self._arrive(card, up, known)
        return card

    def extend(self, cards: Iterable[Card], *, up: bool | None = None, known: Iterable[int] | None = None) -> None:
        """Put ``cards`` on top in order, exactly as ``add`` one by one (the entry rule is
        worked out once: bulk moves such as draw-ups and clearing the table are hot)."""
        if up is not None or known is not None or self.enter == "keep":
            for card in cards:
                self.add(card, up=up, known=known)
            return
        face, seen = False, NOBODY  # "down"
        if self.enter == "up":
            face = True
        elif self.enter == "owner":
            seen = frozenset((self.owner,))
        append = self.cards.append
        gained = 0
        if face or seen:
            owner = self.owner
            for card in cards:
                if card.up != face or (seen and owner not in card.known):
                    gained += 1
                card.up, card.known = face, seen
                append(card)
            _REVEALS[0] += gained
        else:
            for card in cards:
                card.up, card.known = face, seen
                append(card)

    # ----------------------------------------------------------------- removing
    def take(self, index: int = -1) -> Card:
        """Remove and return the card at ``index`` (default: the top).

        In a ``slots`` zone the position becomes empty (``None``); elsewhere later cards
        move down. Raises ``IndexError`` when there is no card there.
        """
        if self.kind == "slots":
            card = self.cards[index]
            if card is None:
                raise IndexError(f"{self.name}: position {index % len(self.cards) + 1} is empty")
            self.cards[index] = None
            return card
        if not self.cards:
            raise IndexError(f"{self.name} is empty")
        card = self.cards.pop(index)
        assert card is not None
        return card

    def remove(self, card: Card) -> Card:
        """Remove this exact card (a slot becomes empty). Raises ``ValueError`` if absent."""
        for i, c in enumerate(self.cards):
            if c is card:
                if self.kind == "slots":
                    self.cards[i] = None
                else:
                    del self.cards[i]
                return card
        raise ValueError(f"{card!r} is not in {self.name}")

    def take_top(self, count: int) -> list[Card]:
        """Remove up to ``count`` cards from the top of a pile and return them in the order
        they come off, the top card first: exactly ``take()`` ``count`` times, in one step
        (fewer when the pile holds fewer). Raises ``ValueError`` for a ``slots`` zone."""
        if self.kind == "slots":
            raise ValueError(f"{self.name}: cards are taken from a slots zone by position")
        cards = self.cards
        count = min(count, len(cards))
        if count <= 0:
            return []
        taken = cards[: -count - 1 : -1]
        del cards[-count:]
        return taken  # type: ignore[return-value]

    def take_positions(self, indexes: Iterable[int]) -> list[Card]:
        """Remove the cards at these positions (0-based, each at most once) and return them
        in the order given; later cards move down (a slot becomes empty). Raises
        ``IndexError`` for a position holding no card, changing nothing."""
        indexes = list(indexes)
        cards = self.cards
        taken = []
        for i in indexes:
            if not -len(cards) <= i < len(cards) or cards[i] is None:
                raise IndexError(f"{self.name}: position {i + 1} holds no card")
            taken.append(cards[i])
        if self.kind == "slots":
            for i in indexes:
                cards[i] = None
        else:
            for i in sorted({i % len(cards) for i in indexes}, reverse=True):
                del cards[i]
        return taken  # type: ignore[return-value]

    def sort(self, key: Callable[[Card], Any]) -> None:
        """Put the cards in order by ``key`` (a hand sorted for its owner; no card is seen
        by anyone new). Not for ``slots`` zones, whose positions are fixed (``ValueError``)."""
        if self.kind == "slots":
            raise ValueError(f"{self.name}: the positions of a slots zone are fixed")
        self.cards.sort(key=key)  # type: ignore[arg-type]

    def trim(self, keep: int) -> None:
        """Drop the empty positions at the end of a ``slots`` zone, keeping at least ``keep``
        positions (a player's area shrinks back to its six places, Bloops ruling 11)."""
        cards = self.cards
        while len(cards) > keep and cards[-1] is None:
            cards.pop()

    def take_all(self) -> list[Card]:
        """Remove every card (bottom first)."""
        cards = self.cards
        taken = cards.copy() if self.kind != "slots" else [c for c in cards if c is not None]
        cards.clear()
        return taken  # type: ignore[return-value]

    # ----------------------------------------------------------------- reading
    @property
    def top(self) -> Card | None:
        """The top card of a pile (``None`` when empty)."""
        cards = self.cards
        if self.kind != "slots":
            return cards[-1] if cards else None
        for card in reversed(cards):
            if card is not None:
                return card
        return None

    def count(self) -> int:
        """Number of cards (empty slots not counted)."""
        cards = self.cards
        if self.kind == "slots":
            return len(cards) - cards.count(None)
        return len(cards)

    def __len__(self) -> int:
        if self.kind != "slots":
            return len(self.cards)
        return self.count()

    def __bool__(self) -> bool:
        cards = self.cards
        if self.kind != "slots":
            return bool(cards)
        return cards.count(None) < len(cards)

    def __iter__(self) -> Iterator[Card]:
        """The cards bottom first; the empty positions of a ``slots`` zone are skipped (only
        a ``slots`` zone holds them, so any other zone hands out its list's own iterator)."""
        if self.kind != "slots":
            return iter(self.cards)  # type: ignore[arg-type]
        return (c for c in self.cards if c is not None)

    def positions(self) -> list[int]:
        """Indexes of occupied positions (all indexes for non-slot zones)."""
        return [i for i, c in enumerate(self.cards) if c is not None]

    def shuffle(self, rng: random.Random) -> None:
        """Shuffle in place with the game's own random generator; cards end face down to all.

        Empty slots are dropped.
        """
        cards = [c for c in self.cards if c is not None]
        rng.shuffle(cards)
        for c in cards:
            c.up, c.known = False, NOBODY
        self.cards[:] = cards

    def __repr__(self) -> str:
        return f"Zone({self.name}, {len(self)} cards)"


def deal(source: Zone, targets: Sequence[Zone], count: int) -> None:
    """Deal ``count`` cards to each of ``targets`` from the top of the pile ``source``, one
    card at a time in turn (the first target gets the first card, the second the next...),
    each card entering its zone by that zone's entry rule: exactly ``target.add(source.take())``
    round the targets ``count`` times, in bulk. Raises ``IndexError`` (dealing nothing)
    when ``source`` holds fewer than ``count × len(targets)`` cards."""
    n = len(targets)
    if len(source) < count * n:
        raise IndexError(f"{source.name} holds {len(source)} cards; dealing {count} to {n} needs {count * n}")
    cards = source.take_top(count * n)
    for k, zone in enumerate(targets):
        zone.extend(cards[k::n])
