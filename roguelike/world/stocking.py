"""What the world gives stocking: a level's doors, and the weighted pick of a kind by depth.

The rest of stocking (traps, monsters, markers: things the rules make) is the engine's,
engine/levels/stock.py's stock_level, which calls these.
"""

from __future__ import annotations

from roguelike.content.loader import Content
from roguelike.core.components import Appearance, BlocksMovement, Door, Named, Position
from roguelike.core.ecs import EntityStore
from roguelike.core.rng import Stream
from roguelike.world.level import Level


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


def place_doors(store: EntityStore, level: Level) -> None:
    """A door entity on every door square the map made (it draws nothing from a stream)."""
    for x, y in level.doors:
        level.door_ids[(x, y)] = make_door(store, level.depth, x, y)
