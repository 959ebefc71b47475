"""A hosted account's records: one save slot, `<account>/saves/game.save.json`.

The host reads it (the lobby offers Continue when `has_save`); the hosted game process
(ui/hosted.py) resumes, journals, saves on hang-up and finishes the game in it. The local
player's slot is ui/local_records.py's.
"""

from __future__ import annotations

from pathlib import Path

from roguelike.engine.game import Game
from roguelike.records import save
from roguelike.records.finish import finish_game
from roguelike.records.paths import SAVE_SUFFIX

SAVE_SLOT = "game"  # one save slot per account


def save_dir(account_dir: Path) -> Path:
    return Path(account_dir) / "saves"


def save_file(account_dir: Path) -> Path:
    return save_dir(account_dir) / f"{SAVE_SLOT}{SAVE_SUFFIX}"


def has_save(account_dir: Path) -> bool:
    """A game to continue: a save, or the journal a game in play (or a crashed one) keeps."""
    return save.has_save(save_dir(account_dir), SAVE_SLOT)


def resume(account_dir: Path) -> tuple[Game | None, list[str]]:
    """The account's game as far as it was recorded, and notes for the player."""
    if not has_save(account_dir):
        return None, []
    try:
        loaded = save.load_game(save_dir(account_dir), SAVE_SLOT)
    except save.SaveError as err:
        return None, [str(err)]
    return loaded.game, list(loaded.notes)


def finish(game: Game, account_dir: Path, player: str) -> None:
    """A finished game: replay, morgue and the account's score row, then its save retired."""
    finish_game(game, Path(account_dir), player=player, slot=SAVE_SLOT)
    save.retire_save(save_dir(account_dir), SAVE_SLOT)
