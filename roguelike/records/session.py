"""One call for a UI: make a game the save slot's game in play (see save.py)."""

from __future__ import annotations

from pathlib import Path

from roguelike.engine.game import Game
from roguelike.records.live import Notify, no_notice
from roguelike.records.save import attach_autosave, begin_play


def track(game: Game, data_dir: Path, slot: str, player: str = "",
          notify: Notify = no_notice) -> None:
    """Call once per game, right after creating it (or after load_game): every action is
    journalled as it is taken (a crash loses nothing), and the game autosaves on every change
    of level. `notify(text)` tells the player when the journal cannot be written (a full
    disk). SaveError (SlotBusy) if another process plays the slot."""
    begin_play(game, Path(data_dir), slot, player, notify)
    attach_autosave(game, Path(data_dir), slot, player)
