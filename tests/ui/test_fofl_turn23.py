"""A fresh tester's FOFL game at turn 23 (Me against a hard computer, tests/fixture_data/
fofl-turn23.jsonl), resumed: the compact board keeps each pilot's name whole (80×24), a hand
card says it is Unique where the tile has room (120×40), no tile's text touches its border."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.fofl import CardTile, FoflTable, tile_body
from cardtable.ui.testing import settled_lines, until

SAVE = Path(__file__).parent.parent / "fixture_data" / "fofl-turn23.jsonl"


async def resumed(tmp_path, monkeypatch, size):
    """The tester's game resumed at ``size`` (a copy: resuming writes to the save): the app."""
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    copy = tmp_path / SAVE.name
    shutil.copy(SAVE, copy)
    return make_app(StartRequest(resume=copy))


async def table(app, pilot) -> tuple[FoflTable, list[str]]:
    assert await until(pilot, lambda: isinstance(app.screen, FoflTable))
    return app.screen, await settled_lines(app, pilot)


def assert_sides_in_sight(screen, what, text: str) -> None:
    """Neither side of the roomy table scrolls and every tile lies inside its side (``what``
    names the screen in a failure)."""
    for k in (0, 1):
        side = screen.query_one(f"#fofl-side-{k}")
        assert side.max_scroll_y == 0, f"{what}: side {k} scrolls {side.max_scroll_y} rows\n{text}"
        for tile in side.query(CardTile):
            assert side.region.contains_region(tile.region), f"{what}: {tile.body.plain!r} out of sight\n{text}"


def assert_text_clear_of_borders(screen, lines: list[str], what) -> None:
    """No tile's text touches its border: a cell clear of each side (``TEXT_PAD``)."""
    for tile in (t for t in screen.query(CardTile) if t.region.height):
        r = tile.region
        for row in range(r.y + 1, r.bottom - 1):
            line = lines[row].ljust(r.right)
            if line[r.x] in "│┃╎╏┆┇┊┋" and line[r.right - 1] in "│┃╎╏┆┇┊┋":
                assert line[r.x + 1] == " " and line[r.right - 2] == " ", f"{what} {line[r.x:r.right]!r}\n" + "\n".join(lines)


async def test_pilots_names_stay_whole_on_the_compact_board(tmp_path, monkeypatch, cardtable_home):
    app = await resumed(tmp_path, monkeypatch, (80, 24))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, lines = await table(app, pilot)
        text = "\n".join(lines)
        right = [line.split("▕")[1] if "▕" in line else "" for line in lines]
        at = next(i for i, line in enumerate(right) if "pilots:" in line)
        pilots = [right[at].split("pilots:")[1]] + [line for line in right[at + 1 : at + 3] if line.startswith("      ")]
        names = " ".join(pilots)
        # each pilot whole with its own numbers (t206, t207), alike ones once
        assert "Webmaster P0 T2/4" in names and "ANFOFL Volunteer P0 T2/2 ×2" in names, text
        for line in right[at + 1 :]:
            assert not line.strip() or line.startswith("   "), text  # a continued line is indented
        assert not any(line.rstrip().endswith("ANFOFL") for line in right), text


async def test_a_unique_hand_card_says_so_at_120x40(tmp_path, monkeypatch, cardtable_home):
    app = await resumed(tmp_path, monkeypatch, (120, 40))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, _ = await table(app, pilot)
        assert not screen.detailed  # the tile without the card's type line
        for card, kind in (("enterprise", "Unique Person"), ("wikipedia", "Unique Website")):
            body = tile_body(screen.cardset, screen.cardset[card], None, False).plain
            assert body.splitlines()[1].startswith(kind), body
        assert tile_body(screen.cardset, screen.cardset["anfofl-volunteer"], None, False).plain.splitlines()[1].startswith("Person"), "not unique: no word"


async def test_no_tile_text_touches_its_border(tmp_path, monkeypatch, cardtable_home):
    for size in ((120, 40), (200, 60)):
        app = await resumed(tmp_path, monkeypatch, size)
        async with app.run_test(size=size) as pilot:
            screen, lines = await table(app, pilot)
            text = "\n".join(lines)
            tiles = [t for t in screen.query(CardTile) if t.region.height]
            assert any(t.has_class("fofl-sub") for t in tiles) and any(t.has_class("fofl-hand-tile") for t in tiles)
            assert_text_clear_of_borders(screen, lines, size)
            # the piles' top card: "│Recruitment│" ran into its border
            assert not any("│Recruitment" in line or "Recruitment│" in line for line in lines), text


async def test_every_card_in_play_is_in_sight_at_200x60(tmp_path, monkeypatch, cardtable_home):
    """The tester at 200×60: Computer 2's box scrolled, its Enterprise's third pilot out of
    sight, and Me's second row of People was cut after "⚔ can attack". The cards in play are
    drawn without their short texts when they would not all be in sight with them."""
    app = await resumed(tmp_path, monkeypatch, (200, 60))
    async with app.run_test(size=(200, 60)) as pilot:
        screen, lines = await table(app, pilot)
        for step in ("turn menu", "attack menu"):  # the decision panel grows with the attackers
            text = "\n".join(lines)
            assert_sides_in_sight(screen, step, text)
            assert text.count("ANFOFL Volunteer") >= 2 and "Webmaster" in text and "Mafia " in text, text
            await pilot.press("2")
            lines = await settled_lines(app, pilot)
            assert step == "attack menu" or lines != text.split("\n"), "the attack menu opened"
