"""Save and continue: atomic, checksummed, backed up, consumed on load.

Files in the save folder for slot S:
    S.save.json         the save (written atomically; never half-written)
    S.save.json.bak     the save before the last one, kept in case the newest is damaged
    S.save.json.consumed the save after it was loaded (so reloading cannot undo a death)
    S.save.json.corrupt-N a save that failed to load, kept for a human to look at
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from roguelike.engine.events import Event
from roguelike.engine.game import Game
from roguelike.records.atomic import (
    atomic_write,
    fsync_dir,
    keep_copy,
    move_aside,
    remove_stale_temps,
)
from roguelike.records.capture import capture
from roguelike.records.codec import RecordError, decode, encode
from roguelike.records.paths import check_slot
from roguelike.records.resim import Divergence, resimulate

SUFFIX = ".save.json"


class SaveError(Exception):
    """A save that cannot be written or read; str() is a message for the player."""


@dataclass
class Loaded:
    game: Game
    path: Path
    notes: list[str] = field(default_factory=list)  # e.g. "the backup was used because..."


def save_path(directory: Path, slot: str) -> Path:
    return Path(directory) / f"{check_slot(slot)}{SUFFIX}"


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def consumed_path(path: Path) -> Path:
    return path.with_name(path.name + ".consumed")


def has_save(directory: Path, slot: str) -> bool:
    return save_path(directory, slot).is_file()


def _readable(path: Path) -> bool:
    try:
        decode(path.read_bytes())
    except (OSError, RecordError):
        return False
    return True


def save_game(game: Game, directory: Path, slot: str, player: str = "") -> Path:
    """Write the game's save; the previous good save becomes the backup."""
    if game.over:
        raise SaveError("The game is over: there is nothing to save (its replay is kept).")
    path = save_path(directory, slot)
    data = encode(capture(game, "save", player))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temps(path.parent, path.name)
        if path.is_file():
            if _readable(path):
                keep_copy(path, backup_path(path))
            else:
                move_aside(path)
        atomic_write(path, data)
        consumed = consumed_path(path)
        if consumed.exists():
            consumed.unlink()
            fsync_dir(path.parent)
    except OSError as err:
        raise SaveError(f"Could not write the save {path}: {err.strerror or err}") from None
    return path


def read_save(path: Path) -> Game:
    """Decode and re-simulate one save file; SaveError (for the player) if unusable."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise SaveError(f"Could not read {path.name}: {err.strerror or err}") from None
    try:
        record = decode(data)
        if record.kind != "save":
            raise RecordError(f"it is a {record.kind}, not a save")
        return resimulate(record)
    except RecordError as err:
        raise SaveError(f"The save {path.name} is damaged: {err}.") from None
    except Divergence as err:
        raise SaveError(f"The save {path.name} does not replay to the saved game "
                        f"({err}); it may come from another version of the game.") from None


def load_game(directory: Path, slot: str) -> Loaded:
    """Continue a saved game. The save is consumed; damaged ones are moved aside.

    Falls back to the backup only when the newest save exists but cannot be used: a
    missing save means there is no game to continue (it was loaded or the party died).
    """
    path = save_path(directory, slot)
    if not path.is_file():
        raise SaveError("There is no saved game to continue.")
    notes: list[str] = []
    for candidate in (path, backup_path(path)):
        if not candidate.is_file():
            continue
        try:
            game = read_save(candidate)
        except SaveError as err:
            try:
                aside = move_aside(candidate)
                notes.append(f"{err} It was moved to {aside.name}.")
            except OSError:
                notes.append(f"{err} (It could not be moved aside.)")
            continue
        try:
            os.replace(candidate, consumed_path(path))
            fsync_dir(path.parent)
        except OSError as err:
            raise SaveError(f"Could not mark the save as loaded: {err.strerror or err}") \
                from None
        if candidate != path:
            notes.append("The backup save (from the previous save) was loaded instead.")
        return Loaded(game, candidate, notes)
    raise SaveError(" ".join(notes) + " No usable save is left.")


def retire_save(directory: Path, slot: str) -> None:
    """The game ended: its save may not be continued (the replay is the record)."""
    path = save_path(directory, slot)
    for p in (path, consumed_path(path)):
        if p.exists():
            with contextlib.suppress(OSError):
                os.replace(p, p.with_name(path.name + ".ended"))
    fsync_dir(path.parent)


def attach_autosave(game: Game, directory: Path, slot: str, player: str = "") -> None:
    """Save whenever the party changes level. A failed autosave is logged, never fatal."""

    def autosave(g: Game) -> None:
        if g.over:
            return
        try:
            save_game(g, directory, slot, player)
        except SaveError as err:
            g.log.append(Event("info", f"Autosave failed: {err}"))

    game.on_level_change.append(autosave)
