"""FOFL's compact board (80×24) breaks a line as units (h10): a Website's guard ("guards
Wikipedia"), a card switched off ("off (Antivirus)") and a card's name and numbers are never
broken between their words (a fresh tester read "Proxy T3/3 guards" / "Wikipedia"); a line
wider than the board goes on under its entry's indent, not at the margin (an Item's "T4/4"
came at column 1 under a Person indented 2)."""

from __future__ import annotations

from cardtable.ui import make_app
from cardtable.ui.testing import settled_lines
from test_fofl_look import first_turn  # tests/ui is on the path
from test_fofl_ui import fofl, place


def guarded_board(game) -> None:
    """Bob's side: Wikipedia guarded by a Proxy and by a System Admin carrying an Item, and
    an Antivirus; Ann's side: a Software the Antivirus switches off."""
    site, proxy, admin, gun = (place(game, cid, 1) for cid in ("wikipedia", "proxy", "system-admin", "mind-wipe-gun"))
    game.attached[gun.uid] = admin.uid
    game.proxies[proxy.uid], game.guards[site.uid] = site.uid, admin.uid
    for cid, seat in (("antivirus", 1), ("reproducer", 0)):
        place(game, cid, seat)
    game.invalidate()


def board_rows(screen, lines: list[str], side: str) -> list[str]:
    """The rows of the compact board ``side`` ("left" or "right") as drawn, its padding cut off."""
    board = screen.query_one(f"#fofl-{side}")
    region = board.content_region
    return [line.ljust(region.right)[region.x : region.right].rstrip() for line in lines[region.y : region.bottom]]


async def test_public_facts_and_names_stay_whole_and_wrapped_lines_hang_under_their_entry():
    app = make_app(fofl(7))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await first_turn(pilot)
        guarded_board(game)
        screen.redraw()
        lines = await settled_lines(app, pilot)
        text = "\n".join(lines)
        rows = board_rows(screen, lines, "right")  # 38 cells: the System Admin's line takes two
        assert any("guards Wikipedia" in row for row in rows), text
        start = next(n for n, row in enumerate(rows) if "System Admin" in row)
        indent = len(rows[start]) - len(rows[start].lstrip())
        assert "System Admin P1 T3/3" in rows[start], text
        after = rows[start + 1]
        assert after.strip() and len(after) - len(after.lstrip()) > indent, f"a wrapped line at the margin: {after!r}\n{text}"
        assert any("+Mind Wipe Gun T2/2" in row for row in rows), text
        await pilot.press("l")  # the log beside the boards: tight boards, 15 cells or so
        lines = await settled_lines(app, pilot)
        text = "\n".join(lines)
        left, right = board_rows(screen, lines, "left"), board_rows(screen, lines, "right")
        assert any("off (Antivirus)" in row for row in left), text
        assert any("guards Wikipedia" in row for row in right), text
        assert any("P1 T3/3" in row for row in right), text


async def test_a_guard_stays_whole_in_the_roomy_tiles(cardtable_home):
    """The seeded 20 a side of ``test_fofl_plan`` at 120×40 (line tiles) and 8 a side at
    160×48 (compact tiles), with Wikipedia guarded: in every tile that says so, "guards
    Wikipedia" on one row, and the card's name and numbers on one row."""
    from test_fofl_plan import laid_out
    from cardtable.ui.games.fofl import CardTile, card_head

    for size, count in (((120, 40), 20), ((160, 48), 8)):
        app = make_app(fofl(7))
        async with app.run_test(size=size) as pilot:
            screen, game, _ = await laid_out(pilot, count * 1000 + size[0], count=count)
            guarded_board(game)
            screen.redraw()
            lines = await settled_lines(app, pilot)
            text = "\n".join(lines)
            view = screen.session.view()
            tiles = [t for t in screen.query(CardTile) if t.zone is not None and t.region.area and "guards" in t.body.plain]
            assert len(tiles) >= 2, f"{size}: no tile says whom it guards\n{text}"
            for tile in tiles:
                box = tile.content_region
                rows = [lines[y][box.x : box.right] for y in range(box.y, box.bottom)]
                assert any("guards Wikipedia" in row for row in rows), f"{size}: {rows}\n{text}"
                face, status = view.zone(tile.zone).cards[tile.index].face, view.info["cards"][tile.zone][tile.index]
                if tile.has_class("-line"):
                    head = card_head(screen.cardset, face, status).plain
                    assert any(head in row for row in rows), f"{size}: {head!r} broken in {rows}\n{text}"


async def test_the_card_texts_hang_under_the_start_of_the_text():
    """``i``: a card's text longer than the panel's width goes on under its first word, two
    cells in, not at the panel's left edge where the card names stand."""
    from cardtable.ui.games.fofl import CardTextScreen

    app = make_app(fofl(7))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await first_turn(pilot)
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, CardTextScreen)
        lines = await settled_lines(app, pilot)
        body = app.screen.query_one("#cards-text").content_region
        rows = [line.ljust(body.right)[body.x : body.right].rstrip() for line in lines[body.y : body.bottom]]
        names = {c.defn.name for c in game.zones["hand:0"]}
        long = [c.defn for c in game.zones["hand:0"] if len(c.defn.text) > body.width]
        assert long, "no card text wider than the panel: this test needs one"
        checked = 0
        for defn in long:
            first = next((n for n, row in enumerate(rows) if row.startswith("  " + defn.text[:12])), None)
            if first is None or first + 1 >= len(rows):
                continue  # below the fold
            after = rows[first + 1]
            assert after.startswith("  ") and after.strip() and not any(after.startswith(name) for name in names), f"{defn.name}: {rows[first:first + 2]}\n" + "\n".join(lines)
            checked += 1
        assert checked, "\n".join(lines)


async def test_a_compact_tile_laid_out_too_narrow_for_its_title_keeps_the_name_whole_in_its_body():
    """A compact tile titled with its card's name (``-named``, planned for a wider grid
    column) drawn in a narrower one: Textual cut the title ("ANFOFL Volunte…"); the name goes
    whole to the body's first line instead, and back to the title when the tile is wide
    enough again. A fresh tester saw the cut title at 120×40 and 160×48 (the layout that
    narrowed the tile after its plan is not reproduced here: the tile is put in a narrow box)."""
    from rich.text import Text
    from textual.app import App, ComposeResult
    from textual.containers import Container

    from cardtable.ui.games.fofl import CardTile

    class Box(App):
        CSS = "#box { width: 20; height: auto; }"

        def compose(self) -> ComposeResult:
            with Container(id="box"):
                yield CardTile(Text("P1 T1/1 ⚔"), None, None, Text("ANFOFL Volunteer"), None, classes="-named")

    app = Box()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        tile = app.query_one(CardTile)
        lines = await settled_lines(app, pilot)
        text = "\n".join(lines)
        assert "…" not in text and "ANFOFL Volunteer" in text, text
        assert lines[1].strip(" │").startswith("ANFOFL Volunteer"), text  # the body's first line
        app.query_one("#box").styles.width = 30  # wide enough: the name is the title again
        await pilot.pause()
        await pilot.pause()
        lines = await settled_lines(app, pilot)
        assert "ANFOFL Volunteer" in lines[0] and "ANFOFL" not in "\n".join(lines[1:]), "\n".join(lines)
        assert tile.body.plain == "P1 T1/1 ⚔"


async def test_the_legend_names_only_the_borders_the_table_draws(cardtable_home):
    """200×60: with the sides in tiles the legend says what a heavy and a dashed border
    mean; with so many cards a side that every card is a line tile (no border), it says
    neither, but for a border a Location's tile draws (a fresh tester read "heavy: can act ·
    dashed: off" beside sides without borders)."""
    from test_fofl_plan import laid_out
    from cardtable.ui.games.fofl import BORDER_PHRASES, CardTile, drawn_borders

    for count, lined in ((20, False), (40, True)):
        app = make_app(fofl(7))
        async with app.run_test(size=(200, 60)) as pilot:
            screen, game, _ = await laid_out(pilot, count * 1000 + 200, count=count)
            lines = await settled_lines(app, pilot)
            text = "\n".join(lines)
            assert screen.detailed
            assert (screen._form(screen._drawn_crowding)[2] >= 2) == lined, f"{count} a side: line tiles {lined}?\n{text}"
            order = screen.query_one("#fofl-order")
            legend = " ".join(" ".join(row[order.region.x : order.region.right] for row in lines[order.region.y : order.region.bottom]).split())
            places = drawn_borders(list(screen.query_one("#fofl-places").query(CardTile)))
            for border, phrase in BORDER_PHRASES.items():
                assert (phrase in legend) == (not lined or border in places), f"{count} a side: {phrase!r} in {legend!r}\n{text}"
            assert "can attack" in legend, legend



def test_a_guard_too_long_for_its_tile_still_keeps_the_guards_name_whole():
    """A full tile 20 cells wide (18 of text): "guarded by System Admin" (23 cells) cannot
    stand on one line, but the System Admin's name is not broken: "guarded by" / "System
    Admin", not "guarded by System" / "Admin" (seen at 120×40)."""
    from rich.console import Console

    from cardtable.engine import new_game
    from cardtable.ui.games.fofl import tile_body
    from cardtable.ui.widgets import HangingText

    cards = new_game("fofl", 2, seed=1).cardset
    site = next(card for card in cards.cards if card.id == "google")
    text = HangingText.of(tile_body(cards, site, {"toughness": 6, "max": 6, "guarded_by": "System Admin"}, False), 0)
    lines = [line.plain.rstrip() for line in text.wrap(Console(width=40), 18)]
    assert "guarded by" in lines and "System Admin" in lines, lines
