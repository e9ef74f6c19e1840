"""The settings file (``cardtable.settings``): defaults, round trip, damage, privacy."""

from __future__ import annotations

import os
import stat

import pytest

from cardtable.settings import DEFAULT_THEME, Settings, SettingsStore, settings_path


def test_missing_file_gives_defaults_and_writes_nothing(cardtable_home):
    store = SettingsStore()
    assert store.settings == Settings()
    assert store.problem is None
    assert store.path == cardtable_home / "settings.yaml"
    assert not store.path.exists()


def test_path_is_in_the_platform_config_folder_without_cardtable_home(monkeypatch, tmp_path):
    import platformdirs

    monkeypatch.delenv("CARDTABLE_HOME")
    monkeypatch.setattr(platformdirs, "user_config_dir", lambda name, appauthor=None: str(tmp_path / "config" / name))
    assert settings_path() == tmp_path / "config" / "cardtable" / "settings.yaml"


def test_update_round_trips_and_is_private(cardtable_home):
    store = SettingsStore()
    store.update(theme="nord", four_colour_deck=True, computer_pace=1.5, ascii=True)
    again = SettingsStore()
    assert again.problem is None
    assert again.settings == Settings(theme="nord", four_colour_deck=True, computer_pace=1.5, ascii=True)
    assert stat.S_IMODE(os.stat(store.path).st_mode) == 0o600
    assert [p.name for p in cardtable_home.iterdir()] == ["settings.yaml"]  # no temporary file left


def test_unknown_keys_are_kept_when_written(cardtable_home):
    (cardtable_home / "settings.yaml").write_text("theme: nord\nfuture_option: 3\n")
    store = SettingsStore()
    store.update(ascii=True)
    text = (cardtable_home / "settings.yaml").read_text()
    assert "future_option: 3" in text and "theme: nord" in text and "ascii: true" in text


@pytest.mark.parametrize(
    "content, words",
    [
        ("theme: [unclosed\n", "is damaged (line"),
        ("- just\n- a list\n", "not a list of settings"),
        ("computer_pace: fast\n", "computer_pace must be a number of seconds"),
        ("computer_pace: 99\n", "computer_pace must be a number of seconds"),
        ("four_colour_deck: maybe\n", "four_colour_deck must be true or false"),
        ("theme: !!python/object/apply:os.system ['echo hi']\n", "is damaged"),
    ],
)
def test_a_damaged_file_gives_one_line_defaults_and_is_kept(cardtable_home, content, words):
    path = cardtable_home / "settings.yaml"
    path.write_text(content)
    store = SettingsStore()
    assert store.problem is not None and words in store.problem
    assert "\n" not in store.problem and "Traceback" not in store.problem
    assert store.settings.computer_pace == Settings().computer_pace
    assert store.settings.theme == DEFAULT_THEME
    assert path.read_text() == content  # kept until a setting changes
    store.update(theme="nord")
    assert SettingsStore().problem is None
    assert SettingsStore().settings.theme == "nord"


def test_one_bad_value_keeps_the_good_ones(cardtable_home):
    (cardtable_home / "settings.yaml").write_text("theme: nord\nascii: yes please\n")
    store = SettingsStore()
    assert store.settings.theme == "nord" and store.settings.ascii is False
    assert "ascii must be true or false" in store.problem


def test_every_bad_value_is_named_and_each_falls_back(cardtable_home):
    (cardtable_home / "settings.yaml").write_text("computer_pace: fast\ntheme: 42\nascii: yes please\nfour_colour_deck: true\n")
    store = SettingsStore()
    assert store.settings == Settings(four_colour_deck=True)
    problem = store.problem
    assert "\n" not in problem and "3 bad values" in problem
    for words in ("computer_pace must be a number of seconds", "theme must be a theme name", "ascii must be true or false"):
        assert words in problem, words


def test_update_refuses_bad_values_and_changes_nothing(cardtable_home):
    store = SettingsStore()
    with pytest.raises(ValueError, match="computer_pace must be"):
        store.update(computer_pace=-1)
    with pytest.raises(ValueError, match="no setting called"):
        store.update(colour="red")
    assert store.settings == Settings()
    assert not store.path.exists()


def test_a_failed_write_keeps_the_old_file(cardtable_home, monkeypatch):
    from cardtable.engine import files

    store = SettingsStore()
    store.update(theme="nord")

    def full(fd, data):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(files, "_write", full)
        with pytest.raises(OSError):
            store.update(theme="gruvbox")
    assert SettingsStore().settings.theme == "nord"


def test_settings_module_does_not_import_textual():
    import subprocess
    import sys

    code = "import sys, cardtable.settings as s; s.SettingsStore(); print('textual' in sys.modules, 'rich' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False False"
