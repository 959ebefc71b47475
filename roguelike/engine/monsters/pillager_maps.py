"""The maps Pillagers walk by: steps to the loot, to their camp, and the steps downhill
from a square, kept on the game while what each is made of stays the same (the whole
group asks for the same map on every step)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from roguelike.core.components import Position
from roguelike.core.explore_components import Item, Marker, Treasure
from roguelike.engine.base.action import DIRECTIONS
from roguelike.engine.base.kept import HasKept, declare
from roguelike.engine.doors.doorways import secret_squares
from roguelike.world import tiles as T
from roguelike.world.level import Level
from roguelike.world.paths import UNREACHABLE, distance_map, distance_map_without

if TYPE_CHECKING:
    from roguelike.engine.base.views import BoardAndContent
    from roguelike.engine.game import Game

_STEPS = [DIRECTIONS[d] for d in ("n", "s", "e", "w", "ne", "nw", "se", "sw")]


def mask_squares(mask: np.ndarray, x0: int = 0, y0: int = 0) -> list[tuple[int, int]]:
    """The mask's squares, row by row (the same order on every run); (x0, y0): where the
    mask's corner lies on the map."""
    ys, xs = np.nonzero(mask)
    return list(zip((xs + x0).tolist(), (ys + y0).tolist(), strict=True))


_Steps = tuple[int, list[tuple[tuple[int, int], int, int]]]
Secret = tuple[tuple[int, int], ...]
MapKey = tuple[int, object, Secret]  # (depth, the goals' name, the secret doors' squares)


class GoalMap(NamedTuple):
    """A map of steps to some goals, by the values it was made from, with the steps
    downhill from the squares asked of it so far (steps_from): they belong to the map, so
    they are kept and dropped with it and never mistaken for another map's."""

    key: MapKey
    dist: np.ndarray
    steps: dict[tuple[int, int], _Steps]


# Every map is keyed by value: the depth (one tiles array each), the goals and the secret
# doors. The tiles change in place only with Game.invalidate_terrain, which tells the
# game's Kept of "tiles": that drops every one of these (told=tiles), so no key holds them.
LAST_MAP = declare("pillager_last_map", __name__, ("level", "entities"),
                   "the last goal map asked, by the goals' name, depth and secret doors",
                   told=("tiles",))
GOAL_MAPS = declare("pillager_maps", __name__, ("level", "entities"),
                    "goal maps (and their steps) by (depth, goals, secret doors)",
                    told=("tiles",))
LAST_LOOT = declare("pillager_last_loot", __name__, ("level", "entities"),
                    "the last loot map made and its sources: the base _one_less works from",
                    told=("tiles",))
LOOT = declare("pillager_loot", __name__, ("entities", "level"),
               "(key, [loot spots, their map, grab index]) keyed by the Marker and Treasure "
               "ids, depth and secret doors", told=("tiles",))


def distances(game: Game, goals: list[tuple[int, int]]) -> GoalMap:
    """Steps to the nearest goal. Pillagers pass every door, locked or not; only secret
    doors stop them (creatures are stepped around). Shared by the whole group, kept on
    the game until the tiles change (goal_map). The map depends on the set of goal
    squares alone: keyed by it in order, so the same spots listed in another order (a
    treasure dropped again gets a new id) find the map made before."""
    return goal_map(game, tuple(sorted(set(goals))), goals)


def goal_map(game: Game, name: object, goals: list[tuple[int, int]] | Level) -> GoalMap:
    """distances, with `name` standing for the goals in the cache key; given a level
    for goals, the goals are its Pillager camp, listed only when the map must be made
    (the camp's many squares are not worth hashing every step)."""
    secret = secret_squares(game)
    depth = game.depth
    last: GoalMap | None = LAST_MAP.get(game)
    # (the last map asked, compared field by field before any hashing: the camp map is
    # asked for every haul step, and secret_squares hands out the same tuple while the
    # secret doors stay the same, which == finds at once)
    if last is not None and last.key[0] == depth and last.key[1] == name \
            and last.key[2] == secret:
        if game.kept.check:
            LAST_MAP.check(game, last.dist, _goal_map_fresh(goals, secret, game.level.tiles))
        return last
    found = _goal_map_kept(game, (depth, name, secret), goals)
    LAST_MAP.put(game, found)
    return found


def _goal_map_fresh(goals: list[tuple[int, int]] | Level, secret: Secret,
                    tiles: np.ndarray) -> np.ndarray:
    """The goal map made from nothing kept (the debug switch's fresh answer)."""
    cost = _goal_cost(secret, tiles)
    wanted = _camp_squares(goals) if isinstance(goals, Level) else goals
    return distance_map(cost, [g for g in wanted if cost[g[1], g[0]]])


def _goal_cost(secret: Secret, tiles: np.ndarray) -> np.ndarray:
    cost: np.ndarray = T.WALKABLE[tiles].astype(np.int16)
    for x, y in secret:
        cost[y, x] = 0
    return cost


def _goal_map_kept(game: Game, key: MapKey, goals: list[tuple[int, int]] | Level) -> GoalMap:
    # Kept apart from game.remembered's maps, which every door opened or locked clears:
    # these read no door (secret ones are in the key), only the tiles.
    maps: dict[MapKey, GoalMap] | None = GOAL_MAPS.get(game)
    if maps is None:
        maps = GOAL_MAPS.put(game, {})
    depth, _name, secret = key
    tiles = game.level.tiles
    found = maps.get(key)
    if found is not None:
        if game.kept.check:
            GOAL_MAPS.check(game, found.dist, _goal_map_fresh(goals, secret, tiles))
        return found
    cost = _goal_cost(secret, tiles)
    wanted = _camp_squares(goals) if isinstance(goals, Level) else goals
    sources = [g for g in wanted if cost[g[1], g[0]]]
    dist = None if isinstance(goals, Level) else _one_less(game, secret, cost, sources)
    if dist is None:
        dist = distance_map(cost, sources)
    elif game.kept.check:  # (made from the last loot map: held to one made afresh)
        LAST_LOOT.check(game, dist, distance_map(cost, sources))
    if not isinstance(goals, Level):  # (the loot's maps: a spot taken asks the next one)
        LAST_LOOT.put(game, (depth, secret, frozenset(sources), dist))
    if len(maps) >= 32:
        maps.clear()
    made = maps[key] = GoalMap(key, dist, {})
    return made


def _one_less(game: Game, secret: Secret, cost: np.ndarray, sources: list[tuple[int, int]]
              ) -> np.ndarray | None:
    """The map to `sources` from the last loot map made, when that one's sources were
    these and one more on the same level and secret doors (a spot looted: most new loot
    maps); None otherwise. distance_map_without works out only the squares the spot gone
    may have served, a fraction of the map."""
    last = LAST_LOOT.get(game)
    if last is None or last[0] != game.depth or last[1] != secret:
        return None
    now = frozenset(sources)
    gone = last[2] - now
    if len(gone) != 1 or not now <= last[2]:
        return None
    (square,) = gone
    return distance_map_without(last[3], cost, square)


def _camp_squares(level: Level) -> list[tuple[int, int]]:
    """The Pillager camp's floor, row by row (the room never changes shape)."""
    return mask_squares(level.room_map == level.pillager_camp_room)


def _loot_spots(game: BoardAndContent) -> list[tuple[int, tuple[int, int]]]:
    """(id, square) of every marker and loose treasure (not the goal) here, by id."""
    store = game.store
    depth = game.depth
    markers = store.ids(Marker, Position)
    treasure = store.ids(Treasure, Position)
    if not markers and not treasure:
        return []
    positions = store.table(Position)
    out = [(eid, (p.x, p.y)) for eid in markers if (p := positions[eid]).depth == depth]
    if treasure:
        mixed = bool(out)
        goal = game.content.explore.goal_item
        items = store.peek(Item)
        for eid in treasure:
            p = positions[eid]
            if p.depth == depth:
                it = items.get(eid)
                if it is None or it.kind != goal:
                    out.append((eid, (p.x, p.y)))
        if mixed:  # each id list is ascending already: only the two together need sorting
            out.sort(key=_first)
    return out


def _first(spot: tuple[int, tuple[int, int]]) -> int:
    return spot[0]


def loot_targets(game: Game) -> list[Any]:
    """[_loot_spots(game), their GoalMap or None until asked, and then grab_index's
    squares once asked], kept while the lists of placed markers and loose treasure, the
    level and its secret doors stay the same: markers and treasure never move while they
    lie (taking one removes its Position, dropping one adds a new one, and the store then
    hands out new id lists), so the same lists mean the same spots and the same map."""
    store = game.store
    markers, treasure = store.ids(Marker, Position), store.ids(Treasure, Position)
    secret = secret_squares(game)
    kept = LOOT.get(game)
    if kept is not None:
        key = kept[0]
        if key[0] is markers and key[1] is treasure and key[2] == game.depth \
                and key[3] == secret:
            if game.kept.check:
                LOOT.check(game, kept[1][0], _loot_spots(game))
            return kept[1]  # type: ignore[no-any-return]
    loot: list[Any] = [_loot_spots(game), None]
    LOOT.put(game, ((markers, treasure, game.depth, secret), loot))
    return loot


def grab_index(loot: list[Any]) -> dict[tuple[int, int], int]:
    """Square -> the first of the loot's spots (by id, as they are listed) within 1 square
    of it: made once per loot list and kept with it (every looting Pillager's decision
    asks, and the spots never move while the list stands)."""
    if len(loot) < 3:
        index: dict[tuple[int, int], int] = {}
        for target, (tx, ty) in loot[0]:
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    index.setdefault((tx + dx, ty + dy), target)
        loot.append(index)
    return loot[2]  # type: ignore[no-any-return]


def steps_from(game: HasKept, goal: GoalMap, x: int, y: int) -> _Steps:
    """(the map's value at (x, y), the steps from there that get closer, best first, as
    (square, dx, dy)): the same for a map and a square every time, so kept with the map
    (a Pillager kept from its way, or the group walking one corridor, asks again)."""
    found = goal.steps.get((x, y))
    if found is None:
        found = goal.steps[(x, y)] = _steps_made(goal.dist, x, y)
    elif game.kept.check:
        GOAL_MAPS.check(game, found, _steps_made(goal.dist, x, y))
    return found


def _steps_made(dist: np.ndarray, x: int, y: int) -> _Steps:
    h, w = dist.shape
    if 0 < x < w - 1 and 0 < y < h - 1:  # (the nine squares read as one slice)
        rows, cx, cy = dist[y - 1:y + 2, x - 1:x + 2].tolist(), 1, 1
    else:  # (single squares read far faster from lists than from numpy)
        rows, cx, cy = dist.tolist(), x, y
    here = rows[cy][cx]
    options = [] if here >= UNREACHABLE or here == 0 else _closer(rows, cx, cy, here)
    return here, [((x + dx, y + dy), dx, dy) for _d, _n, dx, dy in options]


def _closer(rows: list[list[int]], x: int, y: int, here: int
            ) -> list[tuple[int, int, int, int]]:
    """The steps that get closer, best first: nearer, then straight before diagonal."""
    h, w = len(rows), len(rows[0])
    if 0 < x < w - 1 and 0 < y < h - 1:
        options = [(d, abs(dx) + abs(dy), dx, dy) for dx, dy in _STEPS
                   if (d := rows[y + dy][x + dx]) < here]
    else:
        options = [(d, abs(dx) + abs(dy), dx, dy) for dx, dy in _STEPS
                   if 0 <= x + dx < w and 0 <= y + dy < h
                   and (d := rows[y + dy][x + dx]) < here]
    options.sort()
    return options
