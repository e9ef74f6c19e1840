"""Cold War's table as the fresh tester read it (tester 5): the card names keep a blank cell
inside their border, wrapped options and log lines hang under their words, and the TARGET's
glance stays on the table beside their reaction while the SPY decides."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.text import Text

from cardtable.engine import CardView, load_cards
from cardtable.games.cold_war import short
from cardtable.ui import StartRequest, make_app
from cardtable.ui.cards import poker_tile
from cardtable.ui.games.cold_war import GLANCE_WORDS, REACTION_WORDS, SIZES, eyes_text, name_margin
from cardtable.ui.privacy import PrivacyScreen
from cardtable.ui.testing import screen_lines, settled_lines
from cardtable.ui.widgets import MIN_HANG_BODY, HangingText
from test_layout_sizes import random_walk  # tests/ui is on the path

SUITS = "♣♦♥♠"


def _region_rows(lines: list[str], region) -> list[str]:
    return [lines[y][region.x : region.right] if y < len(lines) else "" for y in range(region.y, region.bottom)]


def _jammed_names(lines: list[str], screen) -> list[str]:
    """The name rows of the face-up cards in the row of cards (hands, discard pile, last
    reveal) whose words touch the card's border: the top card's inside is the text between
    the last two ``│`` of a row; a corner row (a suit symbol) is not a name row."""
    jammed = []
    for selector in ("#cw-left-card", "#cw-right-card", "#cw-discard-card", "#cw-chain"):
        widget = screen.query_one(selector)
        if not widget.display or not widget.region.height:
            continue
        for row in _region_rows(lines, widget.region):
            if row.count("│") < 2:
                continue
            inside = row[: row.rindex("│")]
            inside = inside[inside.rindex("│") + 1 :]
            if inside.strip() and not any(s in inside for s in SUITS) and "▒" not in inside:
                if not (inside.startswith(" ") and inside.endswith(" ")):
                    jammed.append(f"{selector}: |{inside}|")
    return jammed


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_card_names_keep_a_blank_cell_inside_the_border(size):
    """At 80×24 "│ Seven of│" and "│Nine of Clubs│" touched the border (tester 5)."""
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=5))
    seen: list[str] = []

    def check(screen) -> None:
        lines = screen_lines(app)
        seen.extend(_jammed_names(lines, screen))

    async with app.run_test(size=size) as pilot:
        checked = await random_walk(app, pilot, check, moves=16)
    assert checked >= 12
    assert seen == [], seen[:6]


def test_every_named_card_size_keeps_a_margin():
    """Every size a Cold War card is drawn with its name (hands, discard pile, last reveal,
    collections, in every layout) leaves a blank cell on both sides of every card's name."""
    cardset = load_cards("cold-war")
    tiles = [poker_tile(CardView(d, up=True), cardset, short) for d in cardset.cards]
    for layout, (hand, discard, _draw, chain, collection) in SIZES.items():
        if layout == "slim":
            continue  # 11 cells only where 12 do not fit (80×24 with the log open)
        for size in (hand, discard, chain, collection):
            if size is not None:
                assert name_margin(tiles, size) >= 1, (layout, size)
    assert name_margin(tiles, (12, 6)) >= 1  # the slim layout's cards where they fit


async def _pick_phase(app, pilot, log: bool) -> None:
    """Ann, the TARGET, rolls her eyes; Bob bets HIGHER; Ann keeps a steady stare: Bob's pick."""
    await pilot.pause()
    assert isinstance(app.screen, PrivacyScreen)
    for key in ("enter", "4", "1", "5"):
        await pilot.press(key)
        await pilot.pause()
    assert app.screen.session.visible_decision().kind == "pick"
    if log:
        await pilot.press("l")
    await settled_lines(app, pilot)


async def test_a_wrapped_option_and_log_line_hang_under_their_words():
    """80×24 with the log open: "3  Turn the coin over: bet LOWER" went on with "instead" at
    the panel's first column, under the keys (tester 5); log entries likewise."""
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await _pick_phase(app, pilot, log=True)
        lines = screen_lines(app)
        row = next(i for i, line in enumerate(lines) if "3  Turn the coin over" in line)
        assert "instead" not in lines[row], "the test needs the option to wrap"
        words = lines[row].index("Turn")
        assert lines[row + 1][words : words + len("instead")] == "instead", lines[row : row + 2]
        assert lines[row + 1][: words].strip(" │") == ""
        log = app.screen.query_one("#log")
        texts = [r[r.index("▏") + 1 :] if "▏" in r else r for r in _region_rows(lines, log.region)]
        follow = [t for t in texts if t.strip() and not t.startswith((" · ", " [only"))]
        assert follow, "the test needs a wrapped log entry"
        for line in follow:  # the log's padding, then two cells: under the words after "· "
            assert line.startswith("   ") and line[3] != " ", (line, texts)


def test_hanging_text_wraps_under_its_first_words_and_keeps_its_words():
    text = HangingText.of(Text.assemble((" 3 ", "bold reverse"), " ", "Turn the coin over: bet LOWER instead"), 4)
    lines = [line.plain.rstrip() for line in text.wrap(Console(width=34), 34)]
    assert lines == [" 3  Turn the coin over: bet LOWER", "    instead"]
    assert str(text) == " 3  Turn the coin over: bet LOWER instead"
    narrow = [line.plain for line in text.wrap(Console(width=4 + MIN_HANG_BODY - 1), 4 + MIN_HANG_BODY - 1)]
    assert narrow[1][0] != " ", "too narrow to hang: plain wrapping"


@pytest.mark.parametrize("size,log", [((80, 24), False), ((80, 24), True), ((120, 40), False), ((200, 60), False)])
async def test_the_glance_stays_on_the_table_beside_the_reaction(size, log):
    """After the bet the table showed only the reaction ("Ann keeps a steady stare"), while the
    glance, the SPY's main clue, was in the log alone (tester 5). Both are public (rulings 4
    and 5): the line under the cards names both until the pick."""
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=5))
    async with app.run_test(size=size) as pilot:
        await _pick_phase(app, pilot, log)
        lines = screen_lines(app)
        info = " ".join(_region_rows(lines, app.screen.query_one("#cw-info").region))
        assert any(words in info for words in GLANCE_WORDS["roll"]), info
        assert any(words in info for words in REACTION_WORDS["stare"]), info
        assert "…" not in info


def test_eyes_text_fits_its_width():
    for width in (36, 50, 78, 120):
        for glance in GLANCE_WORDS:
            for reaction in [None, *REACTION_WORDS]:
                text = eyes_text("Bartholomews", glance, reaction, width)
                assert text.cell_len <= width, (width, text.plain)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_coin_flip_is_on_the_compact_table_until_the_first_reveal(size):
    """A fresh tester (tester 6): at 80×24 the coin flip that chose the SPY ("Setting up",
    step 3: shown to both players) was only in the log. The compact table now shows it where
    the last reveal goes, until there is one."""
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=5))
    async with app.run_test(size=size) as pilot:
        for _ in range(6):
            await pilot.pause()
            if isinstance(app.screen, PrivacyScreen):
                await pilot.press("enter")
        table = [s for s in app.screen_stack if hasattr(s, "session")][-1]
        game = table.session.game
        assert game.round == 1 and not game.trail, "the first round, before any reveal"
        text = "\n".join(screen_lines(app))
        flip = f"{game.coin.upper()}"
        assert any(flip in line and f"{game.players[game.spy]} is the SPY" in line for line in text.splitlines()), text


def test_a_chain_says_how_many_cards_were_turned():
    """Tester t120 read "Q♥ ▸ Q♦ ▸ 5♦ ▸ 2♠ ▸ 10♠  COLD WAR ×3" as three ties: there was one
    tie, then three cards turned (rule 6). Both the compact and the roomy caption say so."""
    from cardtable.ui.games.cold_war import chain_caption, trail_text

    trail = ("Q♥", "Q♦", "5♦", "2♠", "10♠")
    compact = trail_text(trail, "Ann picks the right card: LOWER was wrong.", 80).plain
    assert "COLD WAR: 3 turned" in compact and "×" not in compact, compact
    assert compact.endswith("LOWER was wrong."), compact
    roomy = chain_caption(list(trail), list(trail), "LOWER was wrong.", 120).plain
    assert "COLD WAR: 3 turned  LOWER was wrong." in roomy, roomy
    assert "COLD WAR" not in trail_text(("7♣", "9♥"), "Ann picks the left card: HIGHER was right.", 80).plain


async def test_at_80x24_the_captions_share_a_row_and_the_cards_their_top():
    """A fresh tester read the draw pile, drawn beside "Bob's right" a row below the piles'
    captions, as part of that hand. The hands' captions now stand on the row of the two
    piles' captions, and every card's top border on the row under it."""
    app = make_app(StartRequest(game="cold-war", players=("Ann", "Bob"), seed=11))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        lines = await settled_lines(app, pilot)
        screen = app.screen
        row = next(i for i, line in enumerate(lines) if "Bob's left" in line)
        assert "Discard pile" in lines[row] and "Bob's right" in lines[row] and "Draw" in lines[row], "\n".join(lines)
        for selector in ("#cw-left-card", "#cw-right-card", "#cw-discard-card", "#cw-draw-card"):
            widget = screen.query_one(selector)
            assert lines[row + 1][widget.region.x : widget.region.right].lstrip().startswith("╭"), (selector, "\n".join(lines))
