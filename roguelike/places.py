"""Where the game keeps its files: a checkout keeps everything in its `saves/`; an installed
game keeps data, settings and logs where the platform expects them (platformdirs).

$ROGUELIKE_SAVES overrides both the data and the settings folder (tests, a second profile).
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

ENV = "ROGUELIKE_SAVES"
APP = "roguelike"
PACKAGE_DIR = Path(__file__).resolve().parent
# the `name` of pyproject.toml's [project] table, read without a TOML parser: importing
# tomllib and parsing the file was some 5 ms of every start (issue 31: start-up)
_PROJECT_NAME = re.compile(r"^\[project\][ \t]*$(?:(?!^\[).)*?^name[ \t]*=[ \t]*"
                           r"([\"'])([^\"'\n]*)\1", re.M | re.S)


@cache
def checkout_root() -> Path | None:
    """The source checkout the game runs from, or None for an installed game.

    A checkout is the folder above the package whose pyproject.toml names this project; a
    stray pyproject.toml or content/ beside an installed package (site-packages) is not."""
    root = PACKAGE_DIR.parent
    try:
        text = (root / "pyproject.toml").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    found = _PROJECT_NAME.search(text)
    return root if found and found.group(2) == APP else None


def _platform(kind: str) -> Path:
    import platformdirs  # only an installed game asks: 5 ms of start-up a checkout skips

    return Path(getattr(platformdirs, kind)(APP, appauthor=False))


def _override() -> Path | None:
    env = os.environ.get(ENV)
    return Path(env) if env else None


def data_dir() -> Path:
    """Saves, replays, morgue files and the score table."""
    override, checkout = _override(), checkout_root()
    if override is not None:
        return override
    if checkout is not None:
        return checkout / "saves"
    return _platform("user_data_dir")


def config_dir() -> Path:
    """The player's options.toml and keymap.toml."""
    override, checkout = _override(), checkout_root()
    if override is not None:
        return override
    if checkout is not None:
        return checkout / "saves"
    return _platform("user_config_dir")


def log_dir() -> Path:
    """Crash reports."""
    override, checkout = _override(), checkout_root()
    if override is not None:
        return override / "logs"
    if checkout is not None:
        return checkout / "saves" / "logs"
    return _platform("user_log_dir")


def describe() -> str:
    """Where things are, for --help and the options screen."""
    data, config, logs = data_dir(), config_dir(), log_dir()
    if data == config:
        return f"saves and settings in {data}, crash reports in {logs}"
    return f"saves in {data}, settings in {config}, crash reports in {logs}"
