"""Stocking for exploration: markers, secret doors, the first Pillagers, the goal.

Each part uses its own level stream, so a level still depends only on (seed, depth).
"""

from __future__ import annotations

from roguelike.content.loader import Content
from roguelike.core.ecs import EntityStore
from roguelike.engine.doors.doorways import place_secret_doors
from roguelike.engine.levels.depths import place_goal
from roguelike.engine.markers.event_markers import place_markers
from roguelike.engine.monsters.pillagers import place_at_start
from roguelike.world.level import Level


def stock_exploration(store: EntityStore, content: Content, level: Level, seed: str) -> None:
    data = content.explore
    keep = level.stairs_down or level.stairs_up
    place_goal(store, content, level)
    place_secret_doors(store, level, seed, data.doors.secret_in_six, keep)
    place_markers(store, content, level, seed)
    place_at_start(store, content, level, seed)
