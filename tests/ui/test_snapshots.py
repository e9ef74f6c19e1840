"""Snapshots of the shared screens at 80×24 (fixed seeds; see tests/ui/__snapshots__)."""

from __future__ import annotations

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.testing import play_through, settled_lines

pytestmark = pytest.mark.snapshot

SIZE = (80, 24)


def cold_war():
    return make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11))


def test_menu(snap_compare):
    assert snap_compare(make_app(), terminal_size=SIZE)


def test_setup(snap_compare):
    async def open_setup(pilot):
        await pilot.press("enter")
        await pilot.pause()
        for widget in pilot.app.screen.query("Input"):
            widget.cursor_blink = False

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=open_setup)


def test_privacy_screen(snap_compare):
    assert snap_compare(cold_war(), terminal_size=SIZE)


def test_cold_war_target_view(snap_compare):
    assert snap_compare(cold_war(), terminal_size=SIZE, press=["enter"])


def test_cold_war_spy_view(snap_compare):
    assert snap_compare(cold_war(), terminal_size=SIZE, press=["enter", "4", "1", "5"])  # glance, bet, reaction: the pick


def test_game_over(snap_compare):
    async def finish(pilot):
        await play_through(pilot.app, pilot)
        await settled_lines(pilot.app, pilot)  # the frames are held until the reveal is fitted

    assert snap_compare(cold_war(), terminal_size=SIZE, run_before=finish)
