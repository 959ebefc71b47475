"""Where records live: the data folder, and safe file names for player slots."""

from __future__ import annotations

import re
from pathlib import Path

from roguelike import places

ENV = places.ENV
_UNSAFE = re.compile(r"[^a-z0-9_-]+")
SLOT_MAX = 40


def data_dir(override: str | Path | None = None) -> Path:
    """--data, else $ROGUELIKE_SAVES, else the checkout's saves/ (or, installed, the
    platform's user data folder: roguelike.places)."""
    if override:
        return Path(override)
    return places.data_dir()


def slot_name(player: str) -> str:
    """A file-name-safe slot for a player name ('Ann O\\'Neil' -> 'ann-o-neil')."""
    slot = _UNSAFE.sub("-", player.strip().lower()).strip("-_")[:SLOT_MAX].strip("-_")
    return slot or "player"


def check_slot(slot: str) -> str:
    if slot_name(slot) != slot:
        raise ValueError(f"slot {slot!r} is not a safe file name; use slot_name() first")
    return slot


# The files of one save slot S in its folder (see save.py and journal.py)
SAVE_SUFFIX = ".save.json"  # S.save.json: the last full save (a checkpoint)
JOURNAL_SUFFIX = ".journal"  # S.journal: every action of the game in play, as it is taken
LOCK_SUFFIX = ".lock"  # S.lock: held by the process playing the slot (lock.py)


def slot_file(directory: Path, slot: str, suffix: str) -> Path:
    return Path(directory) / f"{check_slot(slot)}{suffix}"
