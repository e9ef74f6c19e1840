"""Fingerprints of seeded random games, to prove a refactor changed no behaviour.

``python tools/fingerprint.py --out before.json`` plays ``--games`` seeded random games
(default 200) of every game at its lowest and highest player count, and for every step
records what the players could observe: the decision (seats, kind, privacy, prompt, every
action's type, arguments and label, the unplayable cards), every seat's and the public
view (zones, info, log texts) and the outcome. Each game is reduced to one SHA-256; the
JSON maps ``"<game>/<players>/<seed>"`` to it. ``--compare before.json`` exits 1 and
names the first games that differ. ``--only fofl,bloops`` narrows the games.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

from cardtable.engine.playout import play_random
from cardtable.engine.registry import games


def _decision_key(game: Any) -> Any:
    d = game.decision()
    if d is None:
        return None
    return (d.seats, d.kind, d.private, d.prompt, d.unplayable,
            [(a.type, a.args, a.label) for a in d.actions])


def _view_key(game: Any, seat: int | None) -> Any:
    v = game.view(seat)
    return (
        {name: [repr(c) for c in z.cards] for name, z in sorted(v.zones.items())},
        v.info,
        [e.text for e in v.log],
        v.over,
    )


def fingerprint(game_id: str, players: int, seed: int) -> str:
    """SHA-256 (hex) of everything observable in one seeded random game."""
    h = hashlib.sha256()

    def feed(game: Any) -> None:
        seats = [None, *range(len(game.players))]
        item = (_decision_key(game), [_view_key(game, s) for s in seats], repr(game.outcome()))
        h.update(json.dumps(item, sort_keys=True, default=repr).encode())

    game = play_random(game_id, seed=seed, players=players, on_step=lambda g, a: feed(g))
    feed(game)
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--only", default="")
    p.add_argument("--out")
    p.add_argument("--compare")
    args = p.parse_args(argv)
    only = {x for x in args.only.split(",") if x}
    result: dict[str, str] = {}
    for cls in games():
        if only and cls.id not in only:
            continue
        for players in sorted({cls.min_players, cls.max_players}):
            for seed in range(args.games):
                result[f"{cls.id}/{players}/{seed}"] = fingerprint(cls.id, players, seed)
        print(f"{cls.id}: {args.games} games at {sorted({cls.min_players, cls.max_players})} players", file=sys.stderr)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(result, f, indent=0, sort_keys=True)
    if args.compare:
        with open(args.compare) as f:
            before = json.load(f)
        differ = [k for k in result if k in before and before[k] != result[k]]
        missing = [k for k in result if k not in before]
        print(f"{len(result)} games compared: {len(differ)} differ, {len(missing)} not in {args.compare}")
        for k in differ[:10]:
            print(f"  differs: {k}")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
