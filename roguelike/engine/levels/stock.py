"""Stocking a generated level, in order: doors, traps, monsters, then exploration's markers,
Pillagers and the goal.

Everything is drawn from the level's own streams, so what a level holds depends only on
(seed, depth), never on what the party did first. The world (world/stocking.py) gives the
doors and the weighted pick; the rules that make the things stocked live here and in
traps/placement.py and levels/stock_explore.py.

Monsters by depth: which rooms hold them, how many, and which kind (weighted by `frequency`
among those whose depth range covers the level: world/stocking.py's spawn_table), drawn
from the level's stock stream.
"""

from __future__ import annotations

from collections.abc import Container

from roguelike.content.fight_tables import SpawnRow
from roguelike.content.loader import Content
from roguelike.core.components import Conditions, Position
from roguelike.core.dice import parse
from roguelike.core.ecs import EntityStore
from roguelike.core.rng import Stream
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.levels.stock_explore import stock_exploration
from roguelike.engine.traps.make import trap_squares
from roguelike.engine.traps.placement import stock_traps
from roguelike.world import tiles as T
from roguelike.world.level import Level
from roguelike.world.stocking import pick_weighted, place_doors, spawn_table


def stock_level(store: EntityStore, content: Content, level: Level, seed: str) -> None:
    rng = Stream(seed, f"level/{level.depth}/stock")
    place_doors(store, level)
    stock_traps(store, content, level, seed)  # first: no token begins on a trap square
    spawn_monsters(store, content, level, rng, spawn_table(content, level.depth),
                   trap_squares(store, content, level.depth))
    stock_exploration(store, content, level, seed)  # markers, Pillagers, ...


def spawn_row(content: Content, depth: int) -> SpawnRow:
    rows = content.fight.spawn
    for row in rows:
        if row.depth_min <= depth <= row.depth_max:
            return row
    return rows[-1] if depth > rows[-1].depth_max else rows[0]


def give_innate(store: EntityStore, content: Content, eid: int, monster_id: str) -> None:
    """Conditions a monster always has (a troll regenerates, a shadow is hard to see)."""
    abilities = content.fight.abilities
    conds = store.try_get(eid, Conditions)
    if conds is None:
        conds = Conditions()
        store.add(eid, conds)
    for name in content.monsters[monster_id].abilities:
        innate = abilities[name].innate
        if innate:
            conds.active[innate] = -1
            conds.sources[innate] = "innate"


def spawn_monsters(store: EntityStore, content: Content, level: Level, rng: Stream,
                   table: list[tuple[str, int]], traps: Container[tuple[int, int]]) -> None:
    """`table`: the kinds for this depth with their weights (stocking.spawn_table);
    `traps`: the level's trap squares, where no monster begins (Mage Knight 001:25)."""
    if not table:
        return
    row = spawn_row(content, level.depth)
    group = parse(row.group)
    for room in level.rooms:
        if room.id == level.camp_room:
            continue
        if not rng.chance(row.room_chance_in_6, 6):
            continue
        squares = [p for p in room.squares() if level.room_at(*p) == room.id
                   and level.tile(*p) == T.FLOOR and p not in traps]
        kind = pick_weighted(rng, table)
        for _ in range(min(len(squares), max(1, group.roll(rng)))):
            x, y = squares.pop(rng.below(len(squares)))
            eid = make_monster(store, content, kind, Position(level.depth, x, y))
            give_innate(store, content, eid, kind)
