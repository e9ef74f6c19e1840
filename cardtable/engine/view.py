"""Views: exactly what one seat may know now, built by one shared function (DESIGN §3).

Screens render only from a ``View``. A face the seat may not see becomes a face-down
placeholder (``CardView(face=None)``) addressed by its zone and position, never by an id.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardtable.cards import CardDef
from cardtable.engine.log import LogEntry

if TYPE_CHECKING:
    from cardtable.engine.game import Game

__all__ = ["CardView", "ZoneView", "View", "StillSecret", "build_view"]


@dataclass(frozen=True, slots=True)
class CardView:
    """A card as one seat sees it. ``face`` is ``None`` when face down to that seat;
    ``up`` says whether it lies face up for everyone (a private face has ``up=False``)."""

    face: CardDef | None
    up: bool = False

    @property
    def hidden(self) -> bool:
        return self.face is None


@dataclass(frozen=True, slots=True)
class ZoneView:
    """A zone as one seat sees it; ``cards`` bottom first, ``None`` for an empty slot."""

    name: str
    owner: int | None
    kind: str
    label: str
    cards: tuple[CardView | None, ...]

    @property
    def count(self) -> int:
        return sum(1 for c in self.cards if c is not None)

    @property
    def top(self) -> CardView | None:
        for card in reversed(self.cards):
            if card is not None:
                return card
        return None

    def __len__(self) -> int:
        return self.count


@dataclass(frozen=True)
class View:
    """Everything one seat may know: the zones, the game's public facts, and the log.

    ``seat`` is the viewer (``None``: the whole table); ``info`` holds game-specific facts
    such as roles and scores (documented by each game); ``log`` the entries the seat may read,
    each with its marks (``LogEntry.news``; ``LogEntry.note_for``, which names this seat in a
    note the seat must be shown on its own screen). ``omniscient`` is true only for the
    view ``build_view(..., reveal_all=True)`` builds of a finished game (a replay): a
    screen then draws every hand face up; every view of a game in play has it false.
    """

    game: str
    seat: int | None
    players: tuple[str, ...]
    zones: Mapping[str, ZoneView]
    info: Mapping[str, Any] = field(default_factory=dict)
    log: tuple[LogEntry, ...] = ()
    over: bool = False
    omniscient: bool = False

    def zone(self, name: str) -> ZoneView:
        return self.zones[name]

    def __getitem__(self, key: str) -> Any:
        return self.info[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.info.get(key, default)


_DOWN = CardView(None, False)


class StillSecret(ValueError):
    """An omniscient view was asked for a game that is not over (a bug, never allowed)."""


def build_view(game: Game, seat: int | None, *, reveal_all: bool = False, ended: Game | None = None) -> View:
    """Build ``seat``'s view of ``game`` from card visibility; the only path to the screen.

    ``reveal_all=True`` builds the omniscient view of a finished game's replay: every card
    face up (``CardView.up`` keeps whether it lay face up at the table), every log entry,
    and the public facts (``public_info(None)``), marked ``View.omniscient`` (the one mark
    screens read to draw every hand face up). ``ended`` must then be the same game
    (id, seed, setup) played to its end: ``game`` is that game at some earlier move, or the
    end itself. Raises ``StillSecret`` otherwise: a game in progress is never shown face up.
    ``engine.history.Replay`` is the one caller.
    """
    if reveal_all:
        if ended is None or ended.decision() is not None or (ended.id, ended.seed, ended.setup) != (game.id, game.seed, game.setup) or game.moves > ended.moves:
            raise StillSecret(f"{game.title} is not over: a game in progress is never shown face up")
        return View(
            game=game.id,
            seat=None,
            players=game.players,
            zones={
                zone.name: ZoneView(zone.name, zone.owner, zone.kind, zone.label, tuple(None if c is None else CardView(c.defn, c.up) for c in zone.cards))
                for zone in game.zones.values()
            },
            info=game.public_info(None),
            log=tuple(game.log.entries),
            over=game.decision() is None,
            omniscient=True,
        )
    zones: dict[str, ZoneView] = {}
    for zone in game.zones.values():
        cards = tuple(
            None
            if c is None
            else (CardView(c.defn, c.up) if (c.up or (seat is not None and seat in c.known)) else _DOWN)
            for c in zone.cards
        )
        zones[zone.name] = ZoneView(zone.name, zone.owner, zone.kind, zone.label, cards)
    return View(
        game=game.id,
        seat=seat,
        players=game.players,
        zones=zones,
        info=game.public_info(seat),
        log=game.log.for_seat(seat),
        over=game.decision() is None,
    )
