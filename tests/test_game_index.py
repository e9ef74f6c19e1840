"""The game table (``cardtable/games/index.json``) that lets the menu and ``--list``
describe the games without importing them: it must say exactly what the classes say, and
listing must import no game."""

from __future__ import annotations

import subprocess
import sys

from cardtable.engine import games
from cardtable.engine.index import game_infos, indexed


def test_the_table_matches_every_registered_game():
    table = indexed()
    classes = {cls.id: cls for cls in games() if cls.__module__.startswith("cardtable.games")}
    assert sorted(table) == sorted(classes), "a game is missing from cardtable/games/index.json (or listed but gone)"
    for game_id, info in table.items():
        cls = classes[game_id]
        assert (info.module, info.title, info.summary, info.min_players, info.max_players, info.order) == (
            cls.__module__.rsplit(".game", 1)[0] if cls.__module__.endswith(".game") else cls.__module__,
            cls.title,
            cls.summary,
            cls.min_players,
            cls.max_players,
            cls.order,
        ), f"cardtable/games/index.json disagrees with {cls.__name__}"
        assert info.player_range() == cls.player_range()
    assert [i.id for i in game_infos()] == [c.id for c in games()]


def test_listing_and_getting_one_game_import_no_other_game():
    code = (
        "import sys\n"
        "from cardtable.cli import main\n"
        "main(['--list'])\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('cardtable.games.') or m.split('.')[0] in ('textual', 'rich', 'yaml'))\n"
        "print('LIST', ','.join(loaded))\n"
        "from cardtable.engine import get\n"
        "get('cold-war')\n"
        "print('GET', ','.join(sorted(m for m in sys.modules if m.startswith('cardtable.games.'))))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = dict(line.split(" ", 1) if " " in line else (line, "") for line in result.stdout.splitlines() if line.startswith(("LIST", "GET")))
    assert lines["LIST"] == "", f"--list imported {lines['LIST']}"
    assert lines["GET"] == "cardtable.games.cold_war"
    assert "Black Ops: Free-For-All" in result.stdout
