"""Test helper for each game's news ruling ("News" in ``cards_data/<game>.md``, issue 14):
the public log lines of random playouts, parted into the news and the rest."""

from __future__ import annotations

from cardtable.engine import play_random


def news_and_plain(game_id: str, seeds: range, players: int | None = None) -> tuple[list[str], list[str]]:
    """(news, other public lines) over one random playout per seed; every news line is
    public (the log refuses a private one)."""
    news: list[str] = []
    plain: list[str] = []
    for seed in seeds:
        game = play_random(game_id, seed, players)
        for entry in game.log.entries:
            if entry.news:
                assert entry.public, entry
                news.append(entry.text)
            elif entry.public:
                plain.append(entry.text)
    return news, plain
