"""The maps monsters walk by: the terrain's cost to a monster (game.cost_map without
creatures), the chase map to the standing party, and the flee map away from it; each kept
in game.kept (engine/base/kept.py) while what it is made of stays the same. Read by the monsters'
decisions (monster_ai.py), their Advance (fight_actions.py) and the game's routes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from roguelike.core.components import Conditions, Disabled, Door, Hazard, Position, Trap
from roguelike.core.explore_components import SecretDoor
from roguelike.engine.base.kept import declare
from roguelike.engine.traps.make import ARMED
from roguelike.world.paths import UNREACHABLE, dijkstra, distance_map

if TYPE_CHECKING:
    from roguelike.engine.game import Game

CLOSED_DOOR_COST = 2  # as game.cost_map prices a closed, unlocked door


def _party_key(game: Game) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The level and the squares of the characters monsters go for on it (standing, and
    not stone), in party order."""
    store = game.store
    positions = store.table(Position)
    depth = game.depth
    spots = []
    conds_of = store.peek(Conditions)
    for e in game.party:
        if not store.has(e, Disabled) and not untouchable(game, conds_of.get(e)):
            p = positions[e]
            if p.depth == depth:
                spots.append((p.x, p.y))
    return (depth, tuple(spots))


def untouchable(game: Game, conds: Conditions | None) -> bool:
    """Whether no attack can touch the character whose Conditions row is `conds`
    (Petrified: a statue is no target, so monsters go for the others)."""
    if conds is None or not conds.active:  # (most delvers, most of the time)
        return False
    defs = game.content.fight.conditions
    return any(defs[cid].play.untargetable for cid in conds.active)


TILES_TOKEN = declare("tiles_token", __name__, ("level",),
                      "an object standing for this level's tiles array, by its identity")
TERRAIN_ROWS = declare("terrain_rows", __name__, ("entities", "level"),
                       "type -> this level's rows of it, keyed by the type's ids and depth")
TERRAIN_COST = declare("terrain_cost", __name__,
                       ("level", "tiles", "entities", "doors", "traps", "rows", "round"),
                       "cost_map(creatures_block=False) and its serial, keyed by "
                       "_terrain_key (the counters of the changes told of doors and traps)")
CHASE = declare("ai_chase", __name__, ("round", "rows", "doors"),
                "the chase map, remade once a round or when the party moves; its cost "
                "map is kept while _terrain_key stays the same")
CHASE_ROWS = declare("ai_rows", __name__, ("map",), "the chase map as lists, by identity")
FLEE = declare("flee_map", __name__, ("map",),
               "the flee map, by the chase map's identity, over the terrain as it was when "
               "made (like the chase map, it is not remade when a door moves mid-round)")


def _tiles_token(game: Game) -> object:
    """An object standing for this level's very tiles array in a key, equal only to itself
    (the array would be compared square by square, its id() comes back once it is freed);
    a new one when the array is another."""
    tiles = game.level.tiles
    kept = TILES_TOKEN.get(game)
    if kept is None or kept[0] is not tiles:
        kept = TILES_TOKEN.put(game, (tiles, object()))
    return kept[1]


def _level_rows(game: Game, ctype: type, ids: list[int]) -> list[Any]:
    """The `ctype` rows of this level's entities among `ids` (store.ids(ctype, Position)),
    kept per type while the store hands out the same id list (a new one when the set
    changes or a row is replaced) for the same level: doors and traps never move."""
    kept_all: dict[type, tuple[list[int], int, list[Any]]] | None = TERRAIN_ROWS.get(game)
    if kept_all is None:
        kept_all = TERRAIN_ROWS.put(game, {})
    depth = game.depth
    kept = kept_all.get(ctype)
    if kept is None or kept[0] is not ids or kept[1] != depth:
        kept = kept_all[ctype] = (ids, depth, _rows_made(game, ctype, ids, depth))
    elif game.kept.check:  # (the very rows: they change in place and are read so)
        fresh = _rows_made(game, ctype, ids, depth)
        TERRAIN_ROWS.check(game, [id(r) for r in kept[2]], [id(r) for r in fresh])
    return kept[2]


def _rows_made(game: Game, ctype: type, ids: list[int], depth: int) -> list[Any]:
    table: dict[int, Any] = game.store.table(ctype)
    positions = game.store.table(Position)
    return [table[e] for e in ids if positions[e].depth == depth]


def _terrain_key(game: Game) -> tuple[object, ...]:
    """Everything game.cost_map(creatures_block=False) and _chase_cost read for a monster:
    equal keys, equal maps. Tiles change only with invalidate_terrain (its counter); doors,
    secret doors, traps and hazards never move, and a set of them changing changes its id
    list. A door's open and locked fields change only where the game is told of it
    (Game.door_changed, or invalidate_terrain), and whether a trap is armed only where
    "traps" is told (engine/base/kept.py: sprung, re-armed, disarmed), so those counters
    stand for the fields (copied here from every door and trap, on every route asked and
    every leader's step, before). A hazard's squares and start are copied in."""
    store = game.store
    hazard_ids = store.ids(Hazard, Position)
    hazards: tuple[object, ...] = ()
    if hazard_ids:  # (content steps are fixed: profile and step name say what it does)
        # (a hazard's squares list is held itself, not copied: a hazard that moves is
        # given a new list, as hazards._covering_ids also relies on; the tuple compares
        # it by identity first, then by value)
        table, positions, round_ = store.table(Hazard), store.table(Position), game.round
        hazards = tuple([(e, positions[e].depth, round_ >= (row := table[e]).starts,
                          row.profile, row.step, row.squares) for e in hazard_ids])
    changes = game.kept.changes
    # (the id lists themselves, not their id(): a freed list's id comes back)
    return (game.depth, changes["tiles"], changes["doors"], changes["traps"],
            _tiles_token(game), store.ids(Door, Position), store.ids(SecretDoor, Position),
            store.ids(Trap, Position), hazard_ids, hazards)


def _terrain_fields(game: Game) -> tuple[object, ...]:
    """What the counters in _terrain_key stand for: this level's doors' open and locked
    fields and whether each trap is armed (a hidden trap found is as armed as before: the
    map reads no more of it). Held under ROGUELIKE_CHECK_KEPT to those the kept map was
    made with, so a write the game is not told of fails there even where the map is
    equal."""
    store = game.store
    return (tuple([(d.open, d.locked) for d in
                   _level_rows(game, Door, store.ids(Door, Position))]),
            tuple([t.state in ARMED for t in
                   _level_rows(game, Trap, store.ids(Trap, Position))]))


def terrain_cost(game: Game) -> np.ndarray:
    """game.cost_map(creatures_block=False) (no mover: a monster's), kept while
    _terrain_key stays the same (it holds everything that map reads); do not change it.
    The followers' routes start from it: the leader's every step asks a new one."""
    return _terrain_kept(game)[1]


def terrain_serial(game: Game) -> int:
    """A number that changes whenever terrain_cost's map does (a trap sprung or disarmed,
    a hazard come or gone): maps made from it are keyed by it."""
    return _terrain_kept(game)[2]


_TerrainKept = tuple[tuple[object, ...], np.ndarray, int, object]


def _terrain_kept(game: Game) -> _TerrainKept:
    """(key, map, serial, the fields the key's counters stand for: kept only under
    ROGUELIKE_CHECK_KEPT, to be held to fresh ones)."""
    key = _terrain_key(game)
    check = game.kept.check
    kept: _TerrainKept | None = TERRAIN_COST.get(game)
    if kept is None or kept[0] != key:
        serial = kept[2] + 1 if kept is not None else 1
        kept = TERRAIN_COST.put(game, (key, game.cost_map(creatures_block=False), serial,
                                       _terrain_fields(game) if check else None))
    elif check:
        TERRAIN_COST.check(game, kept[1], game.cost_map(creatures_block=False))
        TERRAIN_COST.check(game, kept[3], _terrain_fields(game))
    return kept


def chase_map(game: Game) -> np.ndarray:
    """Steps to the nearest standing character for every monster.

    Built on game.cost_map (walls, locked doors, whatever terrain hinders), with every
    unlocked door costing the same open or shut, so a monster opening a door does not send
    every other monster's map back to tcod. The terrain is re-read once a round (or when the
    party moves); the map is recomputed only when the party or the terrain changed, and
    the cost map only when _terrain_key changed."""
    party = _party_key(game)
    cached = CHASE.get(game)
    if cached is not None and cached[0] == (game.round, party):
        if game.kept.check:  # (fresh from the kept cost: the terrain is re-read each round)
            CHASE.check(game, cached[2], distance_map(cached[1], list(party[1])))
        return cached[2]  # type: ignore[no-any-return]
    terrain = _terrain_key(game)
    # the same terrain: the same cost map
    cost = cached[1] if cached is not None and cached[3] == terrain else _chase_cost(game)
    dist: np.ndarray
    if cached is not None and cached[0][1] == party and (
            cached[1] is cost or np.array_equal(cached[1], cost)):
        dist = cached[2]
    else:
        dist = distance_map(cost, list(party[1]))
    if game.kept.check:  # the cost map kept for this terrain key, held to a fresh one
        CHASE.check(game, cost, _chase_cost(game))
    CHASE.put(game, ((game.round, party), cost, dist, terrain))
    return dist


def _chase_cost(game: Game) -> np.ndarray:
    store = game.store
    cost = game.cost_map(creatures_block=False)
    doors, positions = store.table(Door), store.table(Position)
    for e in store.ids(Door, Position):
        pos = positions[e]
        if pos.depth == game.depth and not doors[e].locked:
            cost[pos.y, pos.x] = CLOSED_DOOR_COST
    return cost


def chase_rows(game: Game, dist: np.ndarray) -> list[list[int]]:
    """`dist` (the chase map) as lists, made once per map: a walk reads single squares,
    which Python lists give far faster than numpy indexing."""
    kept = CHASE_ROWS.get(game)
    if kept is None or kept[0] is not dist:
        kept = CHASE_ROWS.put(game, (dist, dist.tolist()))
    elif game.kept.check:
        CHASE_ROWS.check(game, kept[1], dist.tolist())
    return kept[1]  # type: ignore[no-any-return]


def flee_map(game: Game) -> np.ndarray:
    """Steps 'downhill' lead away from the party and around it, not into corners (the
    classic inverted Dijkstra map); cached with the chase map's key."""
    chase = chase_map(game)
    cached = FLEE.get(game)
    if cached is not None and cached[0] is chase:
        if game.kept.check:
            FLEE.check(game, cached[1], _flee_made(chase, cached[2]))
        return cached[1]  # type: ignore[no-any-return]
    cost = game.cost_map(creatures_block=False)
    return FLEE.put(game, (chase, _flee_made(chase, cost), cost))[1]  # type: ignore[no-any-return]


def _flee_made(chase: np.ndarray, cost: np.ndarray) -> np.ndarray:
    reach = chase < UNREACHABLE
    flee = np.full(chase.shape, UNREACHABLE, dtype=np.int32)
    flee[reach] = -(chase[reach] * 6) // 5
    dijkstra(flee, cost, 1, 1)
    return flee
