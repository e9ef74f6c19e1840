"""One bad custom card file never stops the app (issue 11, item 6): it is reported once,
in one line, and the good sets work."""

from __future__ import annotations

import time

from card_mutations import BOMB, card_files

from cardtable.engine import new_game
from cardtable.ui import make_app
from cardtable.ui.dialogs import MessageDialog
from cardtable.ui.menu import MenuScreen


async def test_bad_custom_files_are_reported_once_and_the_good_sets_work(tmp_path, monkeypatch):
    folder = tmp_path / "cards"
    folder.mkdir()
    files = card_files()
    (folder / "house.yaml").write_text(files["bloops"].replace("name: Bloops", "name: House Bloops", 1).rstrip("\n") + "\n" + BOMB)
    with open(folder / "cold-war.yaml", "wb") as fh:  # a 3 GB replacement, sparse
        fh.truncate(3 * 1024**3)
    (folder / "extra.yaml").write_text(files["bloops"].replace("name: Bloops", "name: Extra Bloops", 1).replace("count: 4", "count: 10000000000", 1))
    (folder / "fine.yaml").write_text(files["bloops"].replace("name: Bloops", "name: Fine Bloops", 1))
    monkeypatch.setenv("CARDTABLE_CARDS", str(folder))
    started = time.monotonic()
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert time.monotonic() - started < 10
        assert isinstance(app.screen, MessageDialog)
        lines = app.screen.message.split("\n\n")[0].split("\n")
        assert len(lines) == 3, lines
        assert any("cold-war.yaml: the file is 3,221,225,472 bytes" in line for line in lines)
        assert any("house.yaml" in line and "aliases" in line for line in lines)
        assert any("extra.yaml" in line and "10000000000 is too large" in line for line in lines)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        app.screen.refresh_menu()  # coming back to the menu does not report them again
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
    game = new_game("bloops", 3, card_set="fine")
    assert game.cardset.name.startswith("Fine Bloops")
    assert new_game("bloops", 3).cardset.path == "cards_data/bloops.yaml", "the bundled main set still works"
