"""One call for the UI: make a live game record itself and autosave on level changes."""

from __future__ import annotations

from pathlib import Path

from roguelike.engine.game import Game
from roguelike.records.resim import recorder_for
from roguelike.records.save import attach_autosave


def track(game: Game, data_dir: Path, slot: str, player: str = "") -> None:
    """Call once per game, right after creating it (or after load_game)."""
    recorder_for(game)  # cheap for a new or loaded game; re-plays the history otherwise
    attach_autosave(game, Path(data_dir), slot, player)
