"""The local player's save slot and records (ui/hooks.py starts and saves the game in it).

A hosted game does the same in its account folder (roguelike/records/account.py); this is
the local player's: one save slot named after the player in the save folder.
"""

from __future__ import annotations

import getpass
from pathlib import Path

from roguelike.engine.game import Game
from roguelike.records import paths, save
from roguelike.records.finish import Finished, finish_game


def player_name() -> str:
    try:
        return getpass.getuser() or "player"
    except (KeyError, OSError):  # no user database entry (containers)
        return "player"


def slot() -> str:
    return paths.slot_name(player_name())


def folder() -> Path:
    return paths.data_dir()


def state() -> save.SlotState:
    return save.slot_state(folder(), slot())


def has_save() -> bool:
    return save.has_save(folder(), slot())


def load() -> tuple[Game | None, list[str]]:
    """The slot's game as far as it was recorded, and notes for the player."""
    try:
        loaded = save.load_game(folder(), slot())
    except save.SaveError as err:
        return None, [str(err)]
    return loaded.game, list(loaded.notes)


def save_path() -> Path:
    return save.save_path(folder(), slot())


def finish(game: Game) -> Finished:
    return finish_game(game, folder(), player_name(), slot())
