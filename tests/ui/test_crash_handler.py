"""The one crash handler (issue 11 item 2): a crash in a private view prints one line, no
traceback and no card; the full report goes to a private file; the exit status is non-zero."""

from __future__ import annotations

import stat

import pytest

from cardtable.crash import EXIT_CRASH
from cardtable.games.cold_war import short
from cardtable.ui import StartRequest, make_app
from cardtable.ui.games.cold_war import ColdWarTable


class Boom(Exception):
    """The bug we plant."""


async def test_a_crash_in_a_private_view_prints_one_line_and_no_secret(monkeypatch, capfd, cardtable_home):
    shown = ColdWarTable.show_table
    secrets: list[str] = []

    def show_table(self, view):
        shown(self, view)
        if not self._handoff_pending and self.session.visible_decision() is not None:
            game = self.session.game
            hand = [c.defn.name for c in game.hands[game.target]]  # a local full of secrets
            secrets.extend(hand + [short(c.defn) for c in game.hands[game.target]])
            raise Boom(f"planted while showing {len(hand)} cards")

    monkeypatch.setattr(ColdWarTable, "show_table", show_table)
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11))
    with pytest.raises(Boom):  # Textual re-raises the first error for test frameworks
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")  # the TARGET takes the device: the private view
            await pilot.pause()
    assert app.return_code == EXIT_CRASH
    out, err = capfd.readouterr()
    printed = out + err
    assert secrets
    for word in ("Traceback", "show_table", "locals", "Boom", *secrets):
        assert word not in printed, f"{word!r} printed on the shared screen:\n{printed}"
    lines = [line for line in printed.splitlines() if line.strip()]
    assert len(lines) == 1 and "saved" in lines[0], printed
    reports = list((cardtable_home / "crash-reports").iterdir())
    assert len(reports) == 1 and str(reports[0]) in lines[0].replace("\n", "")
    assert stat.S_IMODE(reports[0].stat().st_mode) == 0o600
    assert stat.S_IMODE(reports[0].parent.stat().st_mode) == 0o700
    report = reports[0].read_text()
    assert "Traceback" in report and "Boom" in report and "show_table" in report
    assert "hand" in report, "the report keeps the locals"


def test_a_crash_in_the_cli_prints_one_line_and_exits_non_zero(monkeypatch, capsys, cardtable_home):
    from cardtable import catalog
    from cardtable.cli import main

    def export_json(cards, cardset):
        raise Boom("planted")

    monkeypatch.setattr(catalog, "export_json", export_json)
    status = main(["cards", "bloops", "--format", "json"])
    out, err = capsys.readouterr()
    assert status == EXIT_CRASH
    assert out == "" and "Traceback" not in err and len(err.strip().splitlines()) == 1
    reports = list((cardtable_home / "crash-reports").iterdir())
    assert len(reports) == 1 and stat.S_IMODE(reports[0].stat().st_mode) == 0o600
    assert "Boom" in reports[0].read_text()
