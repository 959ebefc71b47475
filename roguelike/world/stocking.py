"""Stocking a generated level: doors and monsters now; traps and markers plug in here.

Everything is drawn from the level's own 'stock' stream, so what a level holds depends only
on (seed, depth), never on what the party did first.
"""

from __future__ import annotations

from roguelike.content.loader import Content
from roguelike.engine.components import Appearance, BlocksMovement, Door, Named, Position
from roguelike.engine.ecs import EntityStore
from roguelike.engine.rng import Stream
from roguelike.world.level import Level
from roguelike.world.spawning import pick_weighted, spawn_monsters, spawn_table

__all__ = ["pick_weighted", "spawn_table", "stock_level"]


def stock_level(store: EntityStore, content: Content, level: Level, seed: str) -> None:
    rng = Stream(seed, f"level/{level.depth}/stock")
    for x, y in level.doors:
        store.create(Position(level.depth, x, y), Appearance("+", "yellow", 0), Named("door"),
                     Door(), BlocksMovement())
    spawn_monsters(store, content, level, rng)
