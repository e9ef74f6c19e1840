"""Bloops' piles along the roomy foot are tall and wide enough for a face-up card's effect
words, whole, and keep their size while a news box is up. Fresh testers saw the discard
pile's cards 5 rows tall with "pe…" (a 7's "peek any") at 120×40, and at 200×60, while a
"Just happened" box was up, the draw and discard cards shrunk to 2 rows beside area cards
10 rows tall."""

from __future__ import annotations

import random

import pytest

from cardtable.ui import StartRequest, make_app
from cardtable.ui.cards import name_room
from cardtable.ui.games.bloops import BloopsTable, effect_words
from cardtable.ui.news import NewsScreen
from cardtable.ui.testing import random_step, settled_lines

PILES = ("#bl-draw", "#bl-discard", "#bl-drawn")


@pytest.mark.parametrize(("size", "players"), [((120, 40), 3), ((120, 40), 4), ((200, 60), 5)])
async def test_the_piles_show_whole_words_and_keep_their_size_under_news(monkeypatch, size, players):
    """Me among computer players, 30 steps of a game: at every step (a news box up or not)
    each pile's cards are drawn whole in the foot, no word of any of them cut with "…";
    they have room for the corner and two lines of words wherever the areas' cards have
    room for theirs (at 200×60 always), and then the words of the face-up discard and drawn
    card are on screen; and the piles' size follows the areas only (one size for the same
    cards in the areas, whether a news box is over the table or not)."""
    monkeypatch.setenv("CARDTABLE_COMPUTER_PACE", "0")
    names = ("Me",) + tuple(f"Computer {i}" for i in range(2, players + 1))
    app = make_app(StartRequest(game="bloops", players=names, seed=1, computers={s: "random" for s in range(1, players)}))
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.5)
        rng = random.Random(3)
        sizes: dict[tuple[int, ...], set[tuple[tuple[int, int], ...]]] = {}
        under_news = faces = worded = 0
        for step in range(30):
            lines = await settled_lines(app, pilot)
            table = next((s for s in app.screen_stack if isinstance(s, BloopsTable)), None)
            if table is None or not table.has_class("-roomy"):
                await random_step(app, pilot, rng)
                continue
            view = table.session.view()
            screen = "\n".join(lines)
            regions = [table.query_one(pile).region for pile in PILES]
            for pile, region in zip(PILES, regions):
                drawn = table.query_one(pile).get_content_height(None, None, region.width)
                assert region.height == drawn, f"step {step}: {pile} cut to {region.height} of its {drawn} rows:\n{screen}"
                text = [line[region.x : region.right] for line in lines[region.y : region.bottom]]
                assert not any("…" in row for row in text), f"step {step}: a word cut on {pile}:\n" + "\n".join(text)
            plan = table._roomy_plan(view)
            if size == (200, 60) or (plan.size is not None and name_room(plan.size[1]) >= 2):
                # room for words on the areas' cards (and at 200×60 always): the piles' too
                assert name_room(table._pile_lines) >= 2, f"step {step}: piles {table._pile_lines} rows tall beside area cards {plan.size}:\n{screen}"
                worded += 1
            for zone, pile, region in (("discard", "#bl-discard", regions[1]), ("drawn", "#bl-drawn", regions[2])):
                top = view.zone(zone).top
                if name_room(table._pile_lines) >= 2 and top is not None and top.face is not None and effect_words(top.face):
                    text = " ".join(line[region.x : region.right] for line in lines[region.y : region.bottom])
                    for word in effect_words(top.face).split():
                        assert word in text.split(), f"step {step}: {pile} leaves out {word!r}:\n{screen}"
                    faces += 1
            areas = tuple(len(view.zone(f"area:{s}").cards) for s in range(players))
            sizes.setdefault(areas, set()).add(tuple((r.width, r.height) for r in regions[::2]))
            under_news += isinstance(app.screen, NewsScreen)
            await random_step(app, pilot, rng)
        assert under_news >= 3 and faces >= 1 and worded >= (5 if players != 4 else 0), (under_news, faces, worded)
        assert all(len(seen) == 1 for seen in sizes.values()), sizes
