"""Stocking a generated level: doors and monsters now; traps and markers plug in here.

Everything is drawn from the level's own 'stock' stream, so what a level holds depends only
on (seed, depth), never on what the party did first.
"""

from __future__ import annotations

from roguelike.content.loader import Content
from roguelike.core.components import Appearance, BlocksMovement, Door, Named, Position
from roguelike.core.ecs import EntityStore
from roguelike.core.rng import Stream
from roguelike.world.level import Level
from roguelike.world.spawning import spawn_monsters


def spawn_table(content: Content, depth: int) -> list[tuple[str, int]]:
    """Monsters that can appear at a depth, with their weights."""
    return [(m.id, m.frequency) for m in content.monsters.values()
            if m.frequency > 0 and m.depth_min <= depth <= m.depth_max]


def pick_weighted(rng: Stream, table: list[tuple[str, int]]) -> str:
    total = sum(w for _, w in table)
    roll = rng.below(total)
    for ident, weight in table:
        if roll < weight:
            return ident
        roll -= weight
    raise AssertionError("weights exhausted")


def make_door(store: EntityStore, depth: int, x: int, y: int) -> int:
    return store.create(Position(depth, x, y), Appearance("+", "yellow", 0), Named("door"),
                        Door(), BlocksMovement())


def stock_level(store: EntityStore, content: Content, level: Level, seed: str) -> None:
    rng = Stream(seed, f"level/{level.depth}/stock")
    for x, y in level.doors:
        level.door_ids[(x, y)] = make_door(store, level.depth, x, y)
    from roguelike.engine.traps.make import trap_squares
    from roguelike.engine.traps.stock import stock_traps

    stock_traps(store, content, level, seed)  # first: no token begins on a trap square
    table = spawn_table(content, level.depth)
    spawn_monsters(store, content, level, rng, table,  # world/spawning.py: by depth
                   trap_squares(store, content, level.depth))
    from roguelike.engine.explore.stock import stock_exploration  # markers, Pillagers, ...

    stock_exploration(store, content, level, seed)
