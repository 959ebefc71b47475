"""Paths for the game: the movement cost map, the distance maps kept behind it, and the
followers' window maps (Game.cost_map, remembered, route_map and route_near call these).

The kept answers are declared here and live in game.kept (engine/base/kept.py): the walkable
cost of the tiles, and the distance maps, dropped when the tiles change
(Game.invalidate_terrain) and the distance maps when a door changes (Game.door_changed);
a follower's window map is kept per goal while the terrain costs are the same array.
Under ROGUELIKE_CHECK_KEPT=1 every kept read is held to a fresh computation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from roguelike.core.components import Character
from roguelike.engine.base.kept import declare
from roguelike.engine.doors import doorways as doors
from roguelike.engine.routing import chase
from roguelike.engine.traps.trigger import adjust_cost as trap_cost
from roguelike.world import tiles as T
from roguelike.world.paths import distance_map, distances_within, sure_of, window_round

if TYPE_CHECKING:
    from roguelike.engine.game import Game

FOLLOW_MARGIN = 4  # squares a follower's route window reaches past its goal (route_near)

WALKABLE = declare("walkable_cost", __name__, ("level",), told=("tiles",), why=(
    "(tiles, cost): 1 on the walkable tiles, 0 elsewhere, keyed by the tiles array"))
ROUTES = declare("routes", __name__, ("level", "rows", "map"),
                 told=("tiles", "doors"), why=(
                     "key -> distance map (remembered): the key holds everything but the "
                     "tiles and the doors' locks, which drop them all"))
# goal -> (terrain cost array, window, map)
_Near = dict[tuple[int, int], tuple[np.ndarray, tuple[int, int, int, int], np.ndarray]]
NEAR_ROUTES = declare("near_routes", __name__, ("map",), why=(
    "goal -> (terrain cost, window, map): route_near's window maps, read again while the "
    "terrain costs are the same array and the map is sure of the squares asked"))


def cost_map(game: Game, mover: int | None = None, creatures_block: bool = True) -> np.ndarray:
    """Movement cost for pathing: 0 = impassable. Closed doors cost more."""
    tiles = game.level.tiles
    kept = game.kept
    walkable: tuple[np.ndarray, np.ndarray] | None = kept.values.get("walkable_cost")
    if walkable is None or walkable[0] is not tiles:
        walkable = WALKABLE.put(game, (tiles, T.WALKABLE[tiles].astype(np.int16)))
    elif kept.check:
        WALKABLE.check(game, walkable[1], T.WALKABLE[tiles].astype(np.int16))
    cost = walkable[1].copy()
    for (x, y), door in game.level_doors():
        if not door.open:
            cost[y, x] = 0 if door.locked else 2
    cost = doors.adjust_cost(game, cost)  # secret doors are walls
    if creatures_block:
        depth = game.depth
        # companions swap places, so they never block one another (the party's side are
        # the allies, all others the foes: Game.level_allies, level_foes; the level's
        # lists, not every level's creatures)
        allies = mover is not None and game.store.has(mover, Character)
        for rows in (game.level_foes(),) if allies else (game.level_foes(),
                                                         game.level_allies()):
            for eid, pos in rows:
                if pos.depth == depth and eid != mover:
                    cost[pos.y, pos.x] = 0
    trap_cost(game, cost, mover)
    return cost


def remembered(game: Game, key: object, make: Callable[[], np.ndarray]) -> np.ndarray:
    """A distance map kept until the terrain or a door changes (invalidate_terrain,
    door_changed); `key` must hold everything else the map depends on."""
    kept = game.kept
    routes: dict[object, np.ndarray] | None = kept.values.get("routes")
    if routes is None:
        routes = ROUTES.put(game, {})
    cached = routes.get(key)
    if cached is None:
        if len(routes) > 32:
            routes.clear()
        cached = routes[key] = make()
    elif kept.check:
        ROUTES.check(game, cached, make())
    return cached


def route_map(game: Game, goal: tuple[int, int]) -> np.ndarray:
    """Steps to `goal` over terrain and doors (creatures are dodged step by step)."""
    def make() -> np.ndarray:
        cost = chase.terrain_cost(game).copy()  # cost_map(creatures_block=False)
        cost[goal[1], goal[0]] = max(1, int(cost[goal[1], goal[0]]))
        return distance_map(cost, [goal])

    # (the terrain's serial too: a trap sprung or disarmed prices squares anew)
    return remembered(game, (game.depth, goal, game.transparency_key(),
                             chase.terrain_serial(game)), make)


def route_near(game: Game, goal: tuple[int, int], near: tuple[int, int]) -> np.ndarray:
    """route_map(goal), exact on `near` and the squares round it (all a follower's step
    reads): from a window round `near` reaching FOLLOW_MARGIN squares past the goal
    when that is sure of them (world/paths.distances_within), else the whole map. The
    leader's every step asks a new map, and a follower is often several squares behind
    (a window round the goal was seldom sure of them). A window's map is kept per goal
    while the terrain costs are the same array (chase.terrain_cost makes a new
    one whenever they change) and read again while it is sure of the squares asked
    (paths.sure_of): the one ahead often stands while the follower closes up."""
    x, y = near
    asked = [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
    terrain = chase.terrain_cost(game)
    kept = game.kept
    near_routes: _Near | None = kept.values.get("near_routes")
    if near_routes is None:
        near_routes = NEAR_ROUTES.put(game, {})
    last = near_routes.get(goal)
    if last is not None and last[0] is terrain \
            and sure_of(terrain, last[2], last[1], asked, floor=goal):
        if kept.check:  # (exact where it is read: the squares asked)
            NEAR_ROUTES.check(game, _at(last[2], asked), _at(route_map(game, goal), asked))
        return last[2]
    reach = max(abs(x - goal[0]), abs(y - goal[1])) + FOLLOW_MARGIN
    window = window_round(terrain, near, reach)
    dist = distances_within(terrain, [goal], window, asked, floor=goal)
    if dist is None:
        return route_map(game, goal)
    if len(near_routes) >= 16:
        near_routes.clear()
    near_routes[goal] = (terrain, window, dist)
    return dist


def _at(dist: np.ndarray, squares: list[tuple[int, int]]) -> list[int]:
    """dist's values on those of `squares` inside it."""
    h, w = dist.shape
    return [int(dist[y, x]) for x, y in squares if 0 <= x < w and 0 <= y < h]
