"""The player's settings: theme, four-colour deck, pace of computer players, ASCII mode.

Kept in ``settings.yaml`` in the platform's config folder
(``platformdirs.user_config_dir("cardtable")``), or in ``$CARDTABLE_HOME`` when that is set
(like the saves and statistics, so tests and helpers never touch a real home). The file is
YAML, read with ``yaml.safe_load`` and written with ``yaml.safe_dump`` through
``cardtable.engine.files.write_private`` (mode 0600, atomic replace)::

    theme: textual-dark
    four_colour_deck: false
    computer_pace: 0.8
    ascii: false

A damaged file (not YAML, not a mapping, values of the wrong kind) gives one line in
``SettingsStore.problem`` (naming every bad value) and the defaults for what could not be read; the file itself is
left as it is until the player changes a setting (then it is replaced). Keys this version
does not know are kept when the file is written again.

This module imports neither textual nor rich: the command line and the engine may use it.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

__all__ = ["Settings", "SettingsStore", "settings_path", "DEFAULT_THEME", "MAX_PACE", "load_settings"]

DEFAULT_THEME = "textual-dark"
"""The theme used when none is chosen (Textual's default dark theme)."""

MAX_PACE = 5.0
"""The longest pace of a computer player's move, in seconds."""

MAX_BYTES = 64 * 1024
"""A settings file larger than this is not ours (it is reported as damaged, not read)."""


@dataclass(frozen=True)
class Settings:
    """One set of settings (immutable; ``SettingsStore.update`` makes a changed copy).

    ``theme`` is a Textual theme name (the app checks it is one it offers);
    ``four_colour_deck`` draws ♠ black, ♥ red, ♦ blue, ♣ green instead of two colours;
    ``computer_pace`` is the seconds a computer player's move stays announced before it is
    played (0 to ``MAX_PACE``); ``ascii`` draws only ASCII characters (``cardtable.ui.glyphs``).
    """

    theme: str = DEFAULT_THEME
    four_colour_deck: bool = False
    computer_pace: float = 0.8
    ascii: bool = False


def settings_path() -> Path:
    """Where the settings file is: ``$CARDTABLE_HOME/settings.yaml`` when that variable is
    set, else ``settings.yaml`` in the platform's user config folder."""
    custom = os.environ.get("CARDTABLE_HOME")
    if custom:
        return Path(custom) / "settings.yaml"
    import platformdirs

    return Path(platformdirs.user_config_dir("cardtable", appauthor=False)) / "settings.yaml"


def _checked(name: str, value: Any) -> Any:
    """``value`` for the setting ``name`` as its proper type. Raises ``ValueError`` with
    the few words that say what is wrong."""
    if name == "theme":
        if not isinstance(value, str) or not value.strip() or len(value) > 60 or not value.isprintable():
            raise ValueError("must be a theme name")
        return value.strip()
    if name in ("four_colour_deck", "ascii"):
        if not isinstance(value, bool):
            raise ValueError("must be true or false")
        return value
    if name == "computer_pace":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or not 0 <= value <= MAX_PACE:
            raise ValueError(f"must be a number of seconds from 0 to {MAX_PACE:g}")
        return float(value)
    raise KeyError(name)  # pragma: no cover - only the dataclass's fields are checked


_NAMES = tuple(f.name for f in fields(Settings))


class SettingsStore:
    """Reads the settings file once and writes it when a setting changes.

    ``settings`` is the current ``Settings``; ``problem`` is one line (for a toast at start)
    when the file could not be read or held bad values, else ``None``. Reading never raises
    and never writes: a damaged file stays as it is until ``update`` replaces it.
    """

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else settings_path()
        self.problem: str | None = None
        self._extra: dict[str, Any] = {}
        self.settings = self._load()

    def _load(self) -> Settings:
        try:
            with open(self.path, "rb") as handle:
                raw = handle.read(MAX_BYTES + 1)
        except FileNotFoundError:
            return Settings()
        except OSError as err:
            self.problem = f"The settings file {self.path} could not be read ({err.strerror or err}); using the defaults."
            return Settings()
        import yaml

        try:
            if len(raw) > MAX_BYTES:
                raise ValueError("it is too large")
            data = yaml.safe_load(raw.decode("utf-8"))
        except (ValueError, yaml.YAMLError) as err:
            where = getattr(err, "problem_mark", None)
            at = f" (line {where.line + 1})" if where is not None else ""
            self.problem = f"The settings file {self.path} is damaged{at}; using the defaults until a setting is changed."
            return Settings()
        if data is None:
            return Settings()
        if not isinstance(data, dict):
            self.problem = f"The settings file {self.path} is damaged (not a list of settings); using the defaults until a setting is changed."
            return Settings()
        values: dict[str, Any] = {}
        bad: list[str] = []
        for key, value in data.items():
            if key in _NAMES:
                try:
                    values[key] = _checked(key, value)
                except ValueError as err:
                    bad.append(f"{key} {err}")
            elif isinstance(key, str):
                self._extra[key] = value
        if len(bad) == 1:
            self.problem = f"The settings file {self.path} has a bad value: {bad[0]}; using the default for it."
        elif bad:
            self.problem = f"The settings file {self.path} has {len(bad)} bad values: {'; '.join(bad)}; using the defaults for them."
        return Settings(**values)

    def update(self, **changes: Any) -> Settings:
        """Change the named settings and write the whole file (atomically, mode 0600).

        Returns the new ``Settings`` (also in ``settings``). Raises ``ValueError`` for an
        unknown name or a bad value (nothing changes) and ``OSError`` when the file cannot
        be written (the new settings still hold for this run)."""
        checked: dict[str, Any] = {}
        for key, value in changes.items():
            if key not in _NAMES:
                raise ValueError(f"there is no setting called {key!r}")
            try:
                checked[key] = _checked(key, value)
            except ValueError as err:
                raise ValueError(f"{key} {err}") from None
        self.settings = replace(self.settings, **checked)
        self.problem = None
        self.save()
        return self.settings

    def save(self) -> None:
        """Write the current settings (and any keys this version does not know). Raises
        ``OSError``."""
        import yaml

        from cardtable.engine import files

        data = {**self._extra, **{name: getattr(self.settings, name) for name in _NAMES}}
        text = "# cardtable settings (changed from the program; edit with care)\n" + yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
        files.write_private(self.path, text)


def load_settings() -> Settings:
    """The settings in the settings file (defaults when it is missing or damaged)."""
    return SettingsStore().settings
