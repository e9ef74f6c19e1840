"""README.md's notes on keys name FOFL's ``]`` and ``[`` (535eb26: they page a board or side
that holds more than it shows, and the key bar lists them only then): a fresh tester found
the other per-game keys there, not these."""

from pathlib import Path


def test_the_readme_names_fofls_page_keys_beside_the_other_game_keys():
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    playing = readme[readme.index("## Playing") : readme.index("### Computer players")]
    assert "`]` and `[` page a board" in playing and "FOFL" in playing.split("`]` and `[`")[0][-40:]
