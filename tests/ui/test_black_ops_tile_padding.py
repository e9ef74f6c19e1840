"""Black Ops' compact seat tiles at 80×24 (a fresh tester): the text touched the borders of
the 20-cell boxes ("│Ruin          ♥♥♥♡│", "│12 Rocket Launcher│"). With fewer seats than a
row holds (2 or 3: one row, room to spare), over seeded walks every tile keeps a blank cell
between its text and its left and right borders, and still shows what it showed: the
Specialist and Health, the Load Out (its value and name whole where the viewer sees it,
else its back), whose known card it is, who asks to trade, the value once revealed, the
Care Package on it, nothing cut with "…". (A full row of four 20-cell tiles has no room for
the padding without shortening those words: not here.)"""

from __future__ import annotations

import pytest
from test_layout_sizes import random_walk

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.black_ops import PlayerTile, pips
from cardtable.ui.testing import screen_lines


@pytest.fixture(autouse=True)
def _fast(monkeypatch, tmp_path):
    for name, value in {"CARDTABLE_INPUT_GRACE": "0", "CARDTABLE_PRIVACY_GUARD": "0", "CARDTABLE_COMPUTER_PACE": "0", "CARDTABLE_HOME": str(tmp_path)}.items():
        monkeypatch.setenv(name, value)


def tile_problems(lines: list[str], tile: PlayerTile, view) -> list[str]:
    """What ``tile`` (a boxed compact tile) draws against its border or leaves out."""
    region = tile.region
    rows = [lines[y][region.x : region.right] for y in range(region.y + 1, region.bottom - 1)]
    where = f"seat {tile.seat}: " + " / ".join(rows)
    problems = [f"{where}: on the border"] if any(row[1:2].strip() or row[-2:-1].strip() for row in rows) else []
    text = " ".join(" ".join(rows).split())
    info, seat = view.info, tile.seat
    spec = view.zone(f"specialist:{seat}").top
    if spec is not None and spec.face is not None and spec.face.name not in text:
        problems.append(f"{where}: no Specialist {spec.face.name}")
    if info["alive"][seat] and pips(info["health"][seat], info["max_health"]) not in text:
        problems.append(f"{where}: no Health")
    if "…" in text:
        problems.append(f"{where}: cut")
    card = view.zone(f"loadout:{seat}").top
    if card is None:
        return problems
    face = card.face
    if face is None:
        if "face down" not in text:
            problems.append(f"{where}: no back")
        return problems
    if face.kind == "air-strike":
        return problems + ([] if "AIR STRIKE" in text else [f"{where}: no Air Strike"])
    if face.name not in text or str(face.value) not in text:
        problems.append(f"{where}: {face.value} {face.name} not whole")
    if not card.up and not any(w in text for w in ("yours", "known", "hidden", "asked", "asks")):
        problems.append(f"{where}: not said whose known card")
    if info["target"] == seat and info["trader"] is not None and view.players[info["trader"]] not in text:
        problems.append(f"{where}: not said who asks")
    value = info["values"][seat]
    if value is not None and f"= {value}" not in text:
        problems.append(f"{where}: no value = {value}")
    mod = view.zone(f"mods:{seat}").top
    if value is not None and mod is not None and mod.face is not None:
        if mod.face.name not in text and str(mod.face.get("short") or mod.face.name) not in text:
            problems.append(f"{where}: no Care Package {mod.face.name}")
    return problems


@pytest.mark.parametrize("players, seed", [(("Ann", "Bob"), 11), (("Ann", "Bob", "Catherine123"), 3)], ids=["2-seats", "3-seats"])
async def test_compact_tiles_keep_a_cell_inside_their_borders_at_80x24(players, seed):
    app = make_app(StartRequest(game="black-ops", players=players, seed=seed))
    problems: list[str] = []
    seen = {"tiles": 0, "known": 0, "valued": 0}

    def check(screen) -> None:
        if screen.has_class("-roomy"):
            return
        view = screen.session.view()
        lines = screen_lines(app)
        for tile in screen.query(PlayerTile):
            if tile.seat is None or not tile.display or tile.one_line or not tile.region.height:
                continue
            seen["tiles"] += 1
            card = view.zone(f"loadout:{tile.seat}").top
            seen["known"] += card is not None and card.face is not None and not card.up
            seen["valued"] += view.info["values"][tile.seat] is not None
            problems.extend(f"move {screen.session.game.moves}: {p}" for p in tile_problems(lines, tile, view))

    async with app.run_test(size=(80, 24)) as pilot:
        await random_walk(app, pilot, check, moves=40, seed=seed, settle=True)
    assert seen["tiles"] >= 40 and seen["known"] and seen["valued"], seen
    assert not problems, "\n".join(problems[:10])
