"""What the panels ask the engine about, in one place, so rule modules can plug in."""

from __future__ import annotations

from roguelike.engine.components import Conditions
from roguelike.engine.game import Game


def condition_tags(game: Game, eid: int) -> list[str]:
    """Short labels of a creature's active conditions, for the panel and look."""
    conds = game.store.try_get(eid, Conditions)
    if conds is None or not conds.active:
        return []
    return [cid[:3].upper() for cid in sorted(conds.active)]
