"""Bloops's reveal on the game-over screen (the fresh tester: "Ann 🃏 — cards: Zero One
Twelve …" and "Computer 2 — BLOOPS card (Computer 2): BLOOPS", with no positions to check a
memory against): every area is drawn face up in its positions as the table draws it (the
position in the card's top border, the face below it), under the player's name and points,
the BLOOPS card named once; nothing cut at 80×24, 120×40 and 200×60, 2 and 6 players."""

from __future__ import annotations

import asyncio
import re

import pytest

from cardtable.engine.registry import default_names
from cardtable.engine.testing import saved_session
from cardtable.engine.view import build_view
from cardtable.games.bloops import card_text
from cardtable.ui.games.bloops import reveal_areas
from cardtable.ui.testing import game_over_on

TOP = re.compile(r"[╭┏]─*(\d{1,2})─*[╮┓]")
"""A card's top border with its position (an empty position's dashed border is no card)."""


@pytest.fixture(autouse=True)
def _home(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))


def areas_drawn(lines: list[str], players) -> dict[str, dict[int, str]]:
    """Each player's cards as drawn in the reveal's ``lines``: ``{name: {position: face}}``,
    the face read on the line under the card's top border (three-line and two-line cards
    alike); a card belongs to the area whose caption starts at or left of it in the last
    caption line above."""
    drawn: dict[str, dict[int, str]] = {name: {} for name in players}
    starts: list[tuple[int, str]] = []
    for row, line in enumerate(lines):
        found = sorted((m.start(), name) for name in players for m in re.finditer(rf"(?<!\S){re.escape(name)}(?!\S)", line))
        if found and not TOP.search(line):
            starts = found
            continue
        for match in TOP.finditer(line):
            owner = [name for column, name in starts if column <= match.start()][-1]
            face = lines[row + 1][match.start() + 1 : match.end() - 1].strip()
            drawn[owner][int(match.group(1))] = face
    return drawn


def areas_of(game) -> dict[str, dict[int, str]]:
    """Each player's cards by position, as the table writes a face (``card_text``)."""
    return {
        name: {position: card_text(card.defn) for position, card in enumerate(game.zones[f"area:{seat}"].cards, 1) if card is not None}
        for seat, name in enumerate(game.players)
    }


@pytest.mark.parametrize("card_lines", [3, 2])
@pytest.mark.parametrize("players, seed, width", [(2, 3, 72), (3, 2, 106), (6, 5, 72), (6, 5, 106)])
def test_every_card_is_drawn_in_its_position_and_the_bloops_card_named_once(players, seed, width, card_lines):
    game = saved_session("bloops", default_names(players), seed=seed).game
    view = build_view(game, None, reveal_all=True, ended=game)
    lines = [line.plain for line in reveal_areas(view, game.cardset, width, card_lines)]
    assert all(len(line) <= width for line in lines), "no line wider than the box"
    assert areas_drawn(lines, game.players) == areas_of(game)
    text = "\n".join(lines)
    assert "cards:" not in text and "Zero" not in text and "Twelve" not in text, "faces as the table writes them"
    for seat, name in enumerate(game.players):
        assert re.search(rf"{re.escape(name)}\s.*|{re.escape(name)}$", text, re.M)
        assert f"= {game.final_scores[seat]}" in text or f"{game.final_scores[seat]} · BLOOPS" in text
    if game.holder is not None:
        assert text.count("BLOOPS") == 1, "the BLOOPS card named once"


@pytest.mark.parametrize("players, seed", [(2, 3), (6, 5)])
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)], ids=["80x24", "120x40", "200x60"])
async def test_the_game_over_screen_draws_every_area_whole(players, seed, size):
    session = saved_session("bloops", default_names(players), seed=seed)
    game = session.game
    async with game_over_on(session, size) as app:
        reveal = app.screen.query_one("#over-reveal")
        for _ in range(100):  # laid out for what it shows now (it may first draw larger cards)
            lines = reveal.render().plain.split("\n")
            if reveal.region.height == len(lines):
                break
            await asyncio.sleep(0.05)
        assert lines[0] == "The reveal"
        assert reveal.region.height == len(lines), "every line of the reveal, none wrapped"
        assert max(len(line) for line in lines) <= reveal.content_size.width, "no line cut at the box's edge"
        assert reveal.region.right <= size[0]
        assert areas_drawn(lines[1:], game.players) == areas_of(game)


@pytest.mark.parametrize("players, seed, width", [(2, 3, 72), (3, 2, 106), (4, 3, 108)])
def test_a_two_digit_face_keeps_clear_of_its_border_where_the_reveal_has_room(players, seed, width):
    """A fresh tester at 120×40: "│ 20│" and "│12★│", the face from border to border of a
    5-cell card. Where an area's column has room for three 7-cell cards the reveal draws
    them so, every face with a space each side."""
    game = saved_session("bloops", default_names(players), seed=seed).game
    view = build_view(game, None, reveal_all=True, ended=game)
    lines = [line.plain for line in reveal_areas(view, game.cardset, width)]
    faces = [face for line in lines for face in re.findall(r"[│┃]([^│┃]*)[│┃]", line) if face.strip()]
    assert any(len(face.strip()) >= 2 for face in faces), "the deal has a two-digit face"
    assert faces and all(face.startswith(" ") and face.endswith(" ") for face in faces), faces


def test_the_holders_caption_keeps_the_word_points_before_it_shortens_the_card():
    """A fresh tester at 80×24 read "= 60 · BLOOPS card" as a sum without its unit: where
    "= 60 points · BLOOPS" fits, the caption says points and drops "card" first."""
    from cardtable.ui.games.bloops import _reveal_caption

    def second_line(width: int) -> str:
        caption = _reveal_caption("Ann", 60, True, width, 2)
        return caption.plain.split("\n")[1]

    assert second_line(30) == "= 60 points · BLOOPS card"
    assert second_line(22) == "= 60 points · BLOOPS"
    assert second_line(18) == "= 60 · BLOOPS card"
    assert second_line(12) == "60 · BLOOPS"
    assert _reveal_caption("Ann", 1, False, 30, 2).plain.split("\n")[1] == "= 1 point"
