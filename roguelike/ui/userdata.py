"""The player's own files in the save folder: key overrides and options.

The folder is the one saves use: $ROGUELIKE_SAVES, else the repository's saves/ (the records
module decides when it is present, so both agree).
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

ENV = "ROGUELIKE_SAVES"


def save_dir() -> Path:
    try:
        paths = importlib.import_module("roguelike.records.paths")
    except ImportError:
        paths = None
    if paths is not None and hasattr(paths, "data_dir"):
        return Path(paths.data_dir())
    env = os.environ.get(ENV)
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "saves"


def toml_value(value: object) -> str:
    """A TOML literal for the few value types player files hold."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
