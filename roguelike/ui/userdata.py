"""The player's own files: key overrides and options (the settings folder), beside the
saves (the data folder). roguelike.places decides where both are; in a checkout both are
saves/, and $ROGUELIKE_SAVES overrides both.

Every file is written through records/atomic.py, the one crash-safe writer; a failed write
raises UserFileError with a sentence for the player, so a screen can say it and go on.
"""

from __future__ import annotations

from pathlib import Path

from roguelike import places
from roguelike.records.atomic import atomic_write


class UserFileError(Exception):
    """A player's file could not be written (read-only folder, full disk...)."""


def save_dir() -> Path:
    """Saves, replays, morgue files and scores."""
    return places.data_dir()


def config_dir() -> Path:
    """options.toml and keymap.toml."""
    return places.config_dir()


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
    """The old file or the new one, never half of either; UserFileError if it cannot be."""
    try:
        atomic_write(path, text.encode("utf-8"))
    except OSError as err:
        reason = err.strerror or str(err)
        raise UserFileError(f"Could not write {path}: {reason}.") from None
