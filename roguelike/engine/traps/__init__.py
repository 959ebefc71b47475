"""Traps: profiles from content/traps, placed as entities, found, disarmed and sprung.

Modules: make (entities, index), stock (level stocking), trigger (springing, resets),
effects (the step primitives), hazards, confine, movement, area, actions (Search, Expose,
Disarm, Struggle, Free), describe (look text, odds), chart (the T&T trap chart).
"""

from typing import TYPE_CHECKING

from roguelike.core.components import Trap
from roguelike.engine.traps.chart import spring_tt_trap
from roguelike.engine.traps.describe import describe_trap, disarm_odds
from roguelike.engine.traps.hazards import holds_left_behind
from roguelike.engine.traps.trigger import (
    adjust_cost,
    is_known_to_party,
    last_squares_state,
    on_moved,
    spring,
    step_blocked,
    tick,
)


def knowledge(game: "Game", eid: int) -> bool | None:
    """For Game.knowledge_checks: a trap is drawn only once the party knows of it."""
    if not game.store.has(eid, Trap):
        return None
    return is_known_to_party(game, eid)


if TYPE_CHECKING:
    from roguelike.engine.game import Game

__all__ = [
    "adjust_cost",
    "describe_trap",
    "disarm_odds",
    "holds_left_behind",
    "is_known_to_party",
    "knowledge",
    "last_squares_state",
    "on_moved",
    "spring",
    "spring_tt_trap",
    "step_blocked",
    "tick",
]
