"""``cardtable cards GAME``: the plain listing in each format compared with the YAML; unknown
game or kind; colour codes only on a colour terminal; custom card folders that replace or
add card sets, and broken custom files giving their one-line error."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
import yaml

from cardtable.catalog import effect_text, value_text
from cardtable.cli import _print_rich_cards, build_parser, main
from cardtable.engine import games, get, load_cards
from cardtable.engine.registry import bundled_data_dir, card_sets, custom_problems


def yaml_cards(game_id: str, folder=None) -> list[dict]:
    """The cards of a card file as plain YAML data, every default filled in."""
    path = (folder or bundled_data_dir()) / f"{game_id}.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    fields = data.get("fields") or {}
    out = []
    for raw in data["cards"]:
        card = {"value": None, "colour": None, "text": "", "count": 1}
        for name, spec in fields.items():
            card[name] = spec.get("default") if isinstance(spec, dict) else None
        card.update(raw)
        card["name"] = str(card["name"])  # a name may be written as a number (name: 7)
        card["text"] = card["text"].strip()
        out.append(card)
    return out


GAME_IDS = ", ".join(g.id for g in games())


def run(capsys, *argv):
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_json_listing_is_the_yaml(capsys, game_id):
    status, out, err = run(capsys, "cards", game_id, "--format", "json")
    assert status == 0 and err == ""
    assert json.loads(out) == yaml_cards(game_id)


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_csv_listing_is_the_yaml(capsys, game_id):
    status, out, _ = run(capsys, "cards", game_id, "--format", "csv")
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    expected = yaml_cards(game_id)
    assert len(rows) == len(expected)
    for row, card in zip(rows, expected):
        for key, value in card.items():
            if value is None:
                want = ""
            elif isinstance(value, bool):
                want = "true" if value else "false"
            elif isinstance(value, (dict, list)):
                want = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
            else:
                want = str(value)
            assert row[key] == want, (card["id"], key)


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_table_listing_piped_is_plain_text_with_every_card(capsys, game_id):
    status, out, _ = run(capsys, "cards", game_id)
    assert status == 0
    assert "\x1b" not in out
    lines = out.splitlines()
    assert lines[0].split() == ["ID", "NAME", "KIND", "VALUE", "COLOUR", "COPIES", "SOURCE", "TEXT"]
    cardset = load_cards(game_id)
    assert len(lines) == 1 + len(cardset)
    for line, card in zip(lines[1:], cardset.cards):
        assert line.startswith(card.id + " ")
        assert card.name in line and card.kind in line and card.source in line
        value = value_text(card)
        if value:
            assert f" {value} " in line
        assert line.endswith(card.text) if card.text else True


def test_cold_war_plain_table_exact_lines(capsys):
    status, out, _ = run(capsys, "cards", "cold-war", "--kind", "ace")
    assert status == 0
    assert out.splitlines() == [
        "ID               NAME             KIND  VALUE  COLOUR  COPIES  SOURCE  TEXT",
        "ace-of-clubs     Ace of Clubs     ace          black   1       seed    Data Breach: the SPY collects the discard pile.",
        "ace-of-diamonds  Ace of Diamonds  ace          red     1       seed    Data Breach: the SPY collects the discard pile.",
        "ace-of-hearts    Ace of Hearts    ace          red     1       seed    Data Breach: the SPY collects the discard pile.",
        "ace-of-spades    Ace of Spades    ace          black   1       seed    Data Breach: the SPY collects the discard pile.",
    ]


def test_kind_filter_in_every_format(capsys):
    _, out, _ = run(capsys, "cards", "cold-war", "--kind", "face", "--format", "json")
    faces = json.loads(out)
    assert len(faces) == 12 and {c["kind"] for c in faces} == {"face"}
    _, out, _ = run(capsys, "cards", "cold-war", "--kind", "face", "--format", "csv")
    assert len(out.splitlines()) == 13


@pytest.mark.parametrize(
    "argv, message",
    [
        (["cards", "chess"], f"cardtable: unknown game 'chess' (choose from: {GAME_IDS})\n"),
        (["cards", "cold-war", "--kind", "joker"], "cardtable: unknown kind 'joker' for Cold War (choose from: number, face, ace)\n"),
        (["cards", "cold-war", "--set", "house"], "cardtable: house.yaml: no card set 'house' for Cold War in the custom card folder\n"),
        (["--cards", "chess"], f"cardtable: unknown game 'chess' (choose from: {GAME_IDS})\n"),
        (["--cards", "--game", "cold-war"], "cardtable: --cards cannot be used with --game\n"),
    ],
)
def test_user_mistakes_give_one_line_and_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err == message


def test_unknown_format_is_refused_by_argparse(capsys):
    with pytest.raises(SystemExit) as info:
        main(["cards", "cold-war", "--format", "xml"])
    assert info.value.code == 2


def test_rich_table_on_a_terminal_has_colour_unless_no_color():
    cls, cardset = get("cold-war"), load_cards("cold-war")
    cards = cardset.of_kind("ace")
    # rich writes escape codes only to a terminal: pretend the file is one
    terminal = io.StringIO()
    terminal.isatty = lambda: True  # type: ignore[method-assign]
    _print_rich_cards(cls, cardset, cards, colour=True, file=terminal)
    assert "\x1b[" in terminal.getvalue()
    assert "Ace of Spades" in terminal.getvalue() and "■ black" in _strip(terminal.getvalue())
    plain = io.StringIO()
    plain.isatty = lambda: True  # type: ignore[method-assign]
    _print_rich_cards(cls, cardset, cards, colour=False, file=plain)
    assert "\x1b" not in plain.getvalue()
    assert "Ace of Spades" in plain.getvalue() and "■ black" in plain.getvalue()


def test_no_color_on_a_terminal_prints_no_escape_codes(capsys, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
    status, out, _ = run(capsys, "cards", "cold-war", "--kind", "ace")
    assert status == 0
    assert "\x1b" not in out
    assert "Ace of Hearts" in out and "Cold War" in out


def _strip(text: str) -> str:
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_cards_flag_opens_the_browser_on_a_game():
    from cardtable.cli import _start_request

    args = build_parser().parse_args(["--cards", "cold-war"])
    assert _start_request(args).browse == "cold-war"
    args = build_parser().parse_args(["--cards"])
    assert _start_request(args).browse == "all"
    args = build_parser().parse_args([])
    assert _start_request(args).browse is None


# --------------------------------------------------------------------------- custom card sets


def house_cold_war(folder, name="house.yaml", rename=("Ace of Spades", "Ace of Shadows")):
    """A custom copy of the Cold War cards with one card renamed."""
    text = (bundled_data_dir() / "cold-war.yaml").read_text(encoding="utf-8")
    text = text.replace("name: Standard 52-card deck", "name: House deck").replace(*rename)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


def test_custom_file_named_after_a_game_replaces_its_cards(capsys, tmp_path):
    house_cold_war(tmp_path, "cold-war.yaml")
    status, out, _ = run(capsys, "--cards-dir", str(tmp_path), "cards", "cold-war", "--kind", "ace")
    assert status == 0
    assert "Ace of Shadows" in out and "Ace of Spades" not in out
    status, out, _ = run(capsys, "cards", "cold-war", "--kind", "ace", "--cards-dir", str(tmp_path))
    assert "Ace of Shadows" in out
    status, out, _ = run(capsys, "cards", "cold-war", "--kind", "ace")
    assert "Ace of Spades" in out, "without the folder the bundled set is used"


def test_custom_folder_from_the_environment(capsys, tmp_path, monkeypatch):
    house_cold_war(tmp_path, "cold-war.yaml")
    monkeypatch.setenv("CARDTABLE_CARDS", str(tmp_path))
    _, out, _ = run(capsys, "cards", "cold-war", "--format", "json")
    assert "Ace of Shadows" in {c["name"] for c in json.loads(out)}


def test_custom_file_with_another_name_adds_a_card_set(capsys, tmp_path):
    house_cold_war(tmp_path, "house.yaml")
    sets = card_sets("cold-war", tmp_path)
    assert [(s.set_id, s.main, s.custom) for s in sets] == [("cold-war", True, False), ("house", False, True)]
    _, out, _ = run(capsys, "--cards-dir", str(tmp_path), "cards", "cold-war", "--set", "house", "--kind", "ace")
    assert "Ace of Shadows" in out
    _, out, _ = run(capsys, "--cards-dir", str(tmp_path), "cards", "cold-war", "--kind", "ace")
    assert "Ace of Spades" in out, "the main set stays the bundled one"
    assert load_cards("cold-war", tmp_path, "house").name == "House deck"


def test_broken_custom_file_gives_its_one_line_error_and_status_2(capsys, tmp_path):
    path = house_cold_war(tmp_path, "cold-war.yaml")
    text = path.read_text(encoding="utf-8").replace("rank: \"7\", source: seed}", "rank: \"7\", source: wiki}", 1)
    path.write_text(text, encoding="utf-8")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "source: wiki" in t)
    expected = f"{path}:{line}: card 'seven-of-clubs': source must be seed or reconstructed, got 'wiki'"
    status, out, err = run(capsys, "--cards-dir", str(tmp_path), "cards", "cold-war")
    assert status == 2 and out == ""
    assert err == f"cardtable: {expected}\n"
    status, _, err = run(capsys, "--cards-dir", str(tmp_path), "--game", "cold-war")
    assert status == 2 and err == f"cardtable: {expected}\n"
    assert custom_problems(tmp_path) == [expected]


def test_custom_problems_name_each_bad_file(tmp_path):
    house_cold_war(tmp_path, "good.yaml")
    (tmp_path / "empty.yaml").write_text("", encoding="utf-8")
    (tmp_path / "chess.yml").write_text((bundled_data_dir() / "cold-war.yaml").read_text(encoding="utf-8").replace("game: cold-war", "game: chess"), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a card file", encoding="utf-8")
    assert custom_problems(tmp_path) == [
        f"{tmp_path / 'chess.yml'}: game: no game 'chess' is installed (choose from: {', '.join(sorted(g.id for g in games()))})",
        f"{tmp_path / 'empty.yaml'}: the file is empty; expected a card set with 'game:' and 'cards:'",
    ]
    assert custom_problems(tmp_path / "missing") == [f"{tmp_path / 'missing'}: the custom card folder does not exist"]
    assert [s.set_id for s in card_sets("cold-war", tmp_path)] == ["cold-war", "good"]


def test_missing_custom_folder_is_a_usage_error(capsys, tmp_path, monkeypatch):
    status, _, err = run(capsys, "--cards-dir", str(tmp_path / "nope"), "cards", "cold-war")
    assert status == 2 and err == f"cardtable: --cards-dir: there is no folder at {tmp_path / 'nope'}\n"
    status, out, err = run(capsys, "--cards-dir", str(tmp_path / "nope"), "--list")
    assert status == 2 and out == "" and err == f"cardtable: --cards-dir: there is no folder at {tmp_path / 'nope'}\n"
    monkeypatch.setenv("CARDTABLE_CARDS", str(tmp_path / "gone"))
    status, _, err = run(capsys, "--list")
    assert status == 0
    status, _, err = run(capsys, "--game", "cold-war")
    assert status == 2 and err == f"cardtable: CARDTABLE_CARDS: there is no folder at {tmp_path / 'gone'}\n"


def test_fixture_game_is_listed_while_registered(capsys, deck_duel):
    status, out, _ = run(capsys, "cards", "deck-duel", "--kind", "person")
    assert status == 0
    assert "Red Knight" in out and " 3/2 " in out, "power/toughness in the value column"
    _, out, _ = run(capsys, "cards", "deck-duel", "--format", "json")
    assert json.loads(out) == yaml_cards("deck-duel", deck_duel)


def test_cards_flag_opens_an_added_set(capsys, tmp_path):
    from cardtable.cli import _start_request

    house_cold_war(tmp_path, "house.yaml")
    args = build_parser().parse_args(["--cards-dir", str(tmp_path), "--cards", "cold-war:house"])
    assert _start_request(args).browse == "cold-war:house"
    status, _, err = run(capsys, "--cards-dir", str(tmp_path), "--cards", "cold-war:castle")
    assert status == 2
    assert err == f"cardtable: {tmp_path}/castle.yaml: no card set 'castle' for Cold War in the custom card folder\n"


def test_an_added_set_that_does_not_parse_gives_its_own_error(capsys, tmp_path):
    """`--set NAME` of a file that cannot be read as far as its `game:` reports the file's
    real problem (file:line), not "no card set"."""
    path = house_cold_war(tmp_path, "house.yaml")
    text = path.read_text(encoding="utf-8")
    brace = text.index("}")
    path.write_text(text[:brace] + text[brace + 1 :], encoding="utf-8")
    line = text[:brace].count("\n") + 1
    status, out, err = run(capsys, "--cards-dir", str(tmp_path), "cards", "cold-war", "--set", "house")
    assert status == 2 and out == ""
    assert err.startswith(f"cardtable: {path.resolve()}:") and "YAML syntax error" in err and err.count("\n") == 1
    assert int(err.split(":")[2]) >= line
    status, _, err = run(capsys, "--cards-dir", str(tmp_path), "cards", "cold-war", "--set", "nosuch")
    assert status == 2 and "no card set 'nosuch' for Cold War" in err


def test_broken_added_sets_are_marked_in_the_pickers(tmp_path):
    from cardtable.catalog import card_sources

    house_cold_war(tmp_path, "house.yaml")
    house_cold_war(tmp_path, "wrong.yaml", rename=("kind: face, value: 12", "kind: royal, value: 12"))
    labels = [c.label for c in card_sources(tmp_path) if c.game == "cold-war"]
    assert labels == ["Cold War", "Cold War: House deck", "Cold War: wrong (broken)"]


_STRUCTURE = re.compile(r"[{}\[\]]|'\w+'\s*[:,]|\(\s*'")
"""What a printed Python dict, list or tuple looks like: braces, brackets, quoted keys."""


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_no_card_prints_a_raw_structure(capsys, game_id):
    """Issue 12.4: the Value column stays narrow and no Value, effect or listing line shows
    a Python structure (Black Ops' Specialists printed ``{'trigger': 'reveal_weapon', …}``)."""
    cls = get(game_id)
    cardset = load_cards(game_id)
    for card in cardset.cards:
        value = value_text(card)
        effect = effect_text(cls, card)
        assert len(value) <= 12, f"{card.id}: Value {value!r} is too wide for its column"
        for text in (value, effect):
            assert not _STRUCTURE.search(text), f"{card.id}: {text!r} prints a raw structure"
    status, out, _ = run(capsys, "cards", game_id)
    assert status == 0
    for line in out.splitlines():
        assert not _STRUCTURE.search(line), line


def test_specialist_power_in_words():
    cls = get("black-ops")
    ruin = load_cards("black-ops")["ruin"]
    assert value_text(ruin) == ""
    assert effect_text(cls, ruin) == "When you reveal Assault Rifle or Shotgun: draw 1 Care Package."


def test_a_list_of_effects_keeps_each_amount_with_its_cards():
    """Tester t121 read Cyberspace's effect as "…sidious, amount -5; who: id enterprise,
    amount -3": each amount seemed to belong to the cards named before it."""
    cyberspace = load_cards("fofl")["cyberspace"]
    words = effect_text(get("fofl"), cyberspace)
    assert words.startswith("static: power: (amount 2; who: id godzilla, the-tsar-of-russia, sidious), (amount -5; who: id enterprise), (amount -3;"), words
