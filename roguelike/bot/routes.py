"""The bot's maps: the frontier of the known map and distance maps to its goals.

Each map is kept with what it was made of and handed out again while that stays the same,
and a window round the bot's delver stands for the whole map where it is sure to agree
(paths.sure_of): exploring asks for a new map on nearly every step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from roguelike.core.components import Character, Hazard, MonsterStats, Position, Trap
from roguelike.core.explore_components import SecretDoor
from roguelike.engine.base.action import DIRECTIONS
from roguelike.engine.doors.doorways import secret_squares
from roguelike.engine.game import Game
from roguelike.engine.helpers.fight_sense import HARMING_HOOKS as HARMING_HOOKS
from roguelike.engine.helpers.fight_sense import harming_squares as harming_squares
from roguelike.engine.traps.core import hit_dice
from roguelike.engine.traps.make import ARMED
from roguelike.engine.traps.make import index as trap_index
from roguelike.world import tiles as T
from roguelike.world.masks import dilate
from roguelike.world.paths import (
    UNREACHABLE,
    dijkstra,
    distance_map,
    sure_of,
    window_round,
)

_STEPS = list(DIRECTIONS.values())
ROUTE_WINDOW = 12  # squares round the bot's delver for its widest try at a window's route
AVOID = 12  # the step cost of a known trap's or a hazard's square: a long way round first
NEAR_TRAP = 4  # ... and of the squares round a known trap


def known_traps(game: Game) -> tuple[tuple[int, int], ...]:
    """This level's trap squares the party knows of that may still go off, row by row."""
    squares, _rooms = trap_index(game, game.depth)
    if not squares:
        return ()
    traps, party = game.store.table(Trap), game.party
    found = [xy for xy, eids in squares.items() if any(_feared(traps[t], party) for t in eids)]
    return tuple(sorted(found, key=lambda xy: (xy[1], xy[0])))


def _feared(trap: Trap, party: list[int]) -> bool:
    """A trap the party knows of (found, or seen to go off) that may still go off: armed,
    or sprung and re-arming."""
    if not (trap.springs or any(e in party for e in trap.known_by)):
        return False
    return trap.state in ARMED or (trap.state == "sprung" and trap.reset_round >= 0)


def immobile_foes(game: Game) -> tuple[tuple[int, int], ...]:
    """Where this level's foes that cannot move (Speed 0: the Jaws of Doom) stand, on
    squares the party has seen."""
    foes = game.level_foes()
    if not foes:
        return ()
    stats, explored = game.store.peek(MonsterStats), game.level.explored
    return tuple(pos.xy for eid, pos in foes
                 if (st := stats.get(eid)) is not None and st.speed <= 0
                 and explored[pos.y, pos.x])


def hazard_squares(game: Game) -> tuple[tuple[int, int], ...]:
    """The squares of this level's lasting hazards (acid pools, saws ...)."""
    store = game.store
    if not store.ids(Hazard, Position):
        return ()
    depth = game.depth
    return tuple((x, y) for _h, hz, pos in store.query(Hazard, Position) if pos.depth == depth
                 for x, y in hz.squares)


class Routes:
    """The bot's maps, each kept with what it was made of (compared by `is` for levels,
    masks and id lists, whose objects are new whenever they change; by == for the rest):
    while the party walks through known ground the frontier and costs stay the same, so
    Dijkstra need not rerun on every step."""

    def __init__(self) -> None:
        # (depth, x, y) of locked doors the bot gave up on: memory, not a cache
        self.barred: set[tuple[int, int, int]] = set()
        # (level, terrain_version, explored squares, secret doors, frontier, its mask)
        self._last_frontier: tuple[object, int, int, tuple[tuple[int, int], ...],
                                   list[tuple[int, int]], np.ndarray] | None = None
        # (frontier, the square left out, the frontier without it, its mask)
        self._frontier_less: tuple[list[tuple[int, int]], tuple[int, int],
                                   list[tuple[int, int]], np.ndarray] | None = None
        self._last_walk: tuple[object, int, np.ndarray] | None = None  # (level, version, walkable)
        # (level, plain key, cost map with locked doors at 4 and no goals raised)
        self._last_cost: tuple[object, tuple[object, ...], np.ndarray] | None = None
        # the last whole distance map: (level, plain key, goals, map)
        self._last_route: tuple[object, tuple[object, ...], list[tuple[int, int]],
                                np.ndarray] | None = None
        self._last_doors: tuple[object, object, list[int],
                                dict[tuple[int, int], int]] | None = None
        # the last map from a window alone, read again while it is sure of the squares a
        # step reads (paths.sure_of) and its inputs are the same
        self._windowed: _Window | None = None

    def bar(self, game: Game, xy: tuple[int, int]) -> None:
        """Route no more through the door on `xy` of this level (it would not give)."""
        self.barred.add((game.depth, *xy))

    def unbar_here(self, game: Game) -> None:
        """Try this level's doors again (a rest took the fatigue that made them hopeless)."""
        depth = game.depth
        self.barred = {key for key in self.barred if key[0] != depth}

    def barred_here(self, game: Game) -> tuple[tuple[int, int], ...]:
        """This level's doors given up on, in order."""
        if not self.barred:
            return ()
        depth = game.depth
        return tuple(sorted((x, y) for d, x, y in self.barred if d == depth))

    def frontier(self, game: Game) -> list[tuple[int, int]]:
        """Known walkable squares next to unknown walkable ones (not secret doors), row by
        row. Kept while the level, its tiles, what is explored and the secret doors stay
        the same: a walk through known ground does not change it. The tiles change only
        with Game.invalidate_terrain (terrain_version); `explored` only grows (Game.take_in_view
        ORs the view into it), so on one level the same count of explored squares is
        the same squares. Do not modify the list returned."""
        level = game.level
        version = game.terrain_version
        explored = int(np.count_nonzero(level.explored))
        secret = secret_squares(game)
        kept = self._last_frontier
        if kept is not None and kept[0] is level and kept[1] == version \
                and kept[2] == explored and kept[3] == secret:
            return kept[4]
        walks = self._last_walk  # (the tiles change far more seldom than what is explored)
        if walks is None or walks[0] is not level or walks[1] != version:
            walks = self._last_walk = (level, version, T.WALKABLE[level.tiles])
        walk = walks[2]
        known = level.explored
        mask = known & walk & dilate(walk & ~known)
        for x, y in secret:
            mask[y, x] = False
        ys, xs = mask.nonzero()
        found = list(zip(xs.tolist(), ys.tolist(), strict=True))
        self._last_frontier = (level, version, explored, secret, found, mask)
        return found

    def frontier_from(self, game: Game, at: tuple[int, int]) -> list[tuple[int, int]]:
        """The frontier less the square `at` (the same list when `at` is not on it; kept
        per frontier and square). Do not modify the list returned."""
        found = self.frontier(game)
        kept = self._last_frontier
        assert kept is not None and kept[4] is found
        x, y = at
        if not kept[5][y, x]:
            return found
        less = self._frontier_less
        if less is None or less[0] is not found or less[1] != at:
            mask = kept[5].copy()
            mask[y, x] = False
            less = self._frontier_less = (found, at, [p for p in found if p != at], mask)
        return less[2]

    def _goal_mask(self, goals: list[tuple[int, int]], shape: tuple[int, ...]) -> np.ndarray:
        """The goals as a mask of the map: the frontier's is kept with it, others are
        made (a few squares)."""
        kept, less = self._last_frontier, self._frontier_less
        if kept is not None and kept[4] is goals:
            return kept[5]
        if less is not None and less[2] is goals:
            return less[3]
        mask = np.zeros(shape, dtype=bool)
        for gx, gy in goals:
            mask[gy, gx] = True
        return mask


    def route(self, game: Game, eid: int, goals: list[tuple[int, int]],
               locked: dict[tuple[int, int], int], doors: list[int],
               creatures_block: bool, at: tuple[int, int]) -> np.ndarray:
        """Steps to the nearest goal over the mover's costs, a locked door costing 4: a
        window's map exact on `at` and round it (all a step reads) when a window round it
        can be sure of them (while exploring, each step asks a new map; _radii says which
        windows to try), else the whole map, kept for the same inputs. The last window's
        map serves the same inputs again while it is sure of the squares a step reads
        (paths.sure_of)."""
        plain = None if creatures_block else self.plain_key(game, eid, doors)
        if plain is None:  # (a monster's, or creatures in the way: nothing kept)
            return distance_map(self.cost(game, eid, locked, goals, creatures_block,
                                          self.barred_here(game)), goals)
        level = game.level
        kept = self._last_route
        if kept is not None and kept[0] is level and kept[1] == plain \
                and _same_goals(kept[2], goals):
            return kept[3]
        x, y = at
        won = self._windowed
        if won is not None and won.level is level and won.plain == plain \
                and _same_goals(won.goals, goals) and _sure_round(won, x, y):
            return won.dist
        cost = self._plain_cost(game, eid, level, plain, locked)
        mask = self._goal_mask(goals, cost.shape)
        for radius in _radii(mask, x, y):
            made = _window_map(goals, cost, mask, window_round(cost, at, radius), level, plain)
            if _sure_round(made, x, y):
                self._windowed = made
                return made.dist
        dist = np.empty(cost.shape, dtype=np.int32)
        dist.fill(UNREACHABLE)
        dist[mask] = 0
        dijkstra(dist, np.maximum(cost, mask))  # (a goal costs 1 at least: cost()'s floor)
        self._last_route = (level, plain, goals, dist)
        return dist

    @staticmethod
    def cost(game: Game, eid: int, locked: dict[tuple[int, int], int],
              goals: list[tuple[int, int]], creatures_block: bool,
              barred: tuple[tuple[int, int], ...] = ()) -> np.ndarray:
        """The mover's cost map, a locked door costing 4, a known armed trap square or a
        lasting hazard's square AVOID (walked over only when there is no other way worth
        taking), each goal at least 1."""
        cost = game.cost_map(mover=eid, creatures_block=creatures_block)
        h, w = cost.shape
        traps = known_traps(game)
        for gx, gy in traps:  # (passing a trap square diagonally may spring it)
            for y in range(max(0, gy - 1), min(h, gy + 2)):
                for x in range(max(0, gx - 1), min(w, gx + 2)):
                    if cost[y, x]:
                        cost[y, x] = max(int(cost[y, x]), NEAR_TRAP)
        for gx, gy in immobile_foes(game):  # (within its reach)
            for y in range(max(0, gy - 1), min(h, gy + 2)):
                for x in range(max(0, gx - 1), min(w, gx + 2)):
                    if cost[y, x]:
                        cost[y, x] = AVOID
        for gx, gy in traps + hazard_squares(game):
            if cost[gy, gx]:
                cost[gy, gx] = AVOID
        for gx, gy in locked:
            cost[gy, gx] = 4  # a locked door is picked or broken on the way
        for gx, gy in barred:
            cost[gy, gx] = 0  # ... unless the party gave up on it
        for gx, gy in goals:
            cost[gy, gx] = max(1, int(cost[gy, gx]))
        return cost

    def _plain_cost(self, game: Game, eid: int, level: object, plain: tuple[object, ...],
                    locked: dict[tuple[int, int], int]) -> np.ndarray:
        """_cost without the goals, kept while the plain key (all it is made of) stays the
        same. Do not modify it."""
        kept = self._last_cost
        if kept is None or kept[0] is not level or kept[1] != plain:
            kept = self._last_cost = (level, plain, self.cost(game, eid, locked, [], False,
                                                              self.barred_here(game)))
        return kept[2]

    def plain_key(self, game: Game, eid: int, doors: list[int]
                   ) -> tuple[object, ...] | None:
        """Everything a delver's cost map (creatures not blocking) is made of besides the
        level: its tiles (they change only with Game.invalidate_terrain, which counts),
        each door's state, the unfound secret doors (Game.cost_map), and with hazards on
        the level what traps.hazard_cost reads for a character: each hazard's squares,
        whether it has started, its step (profile and path: the content is fixed) and the
        delver's hit dice (trap squares price only monsters' maps). None for a monster."""
        store = game.store
        if not store.has(eid, Character):
            return None
        plain = (game.terrain_version, doors, secret_squares(game), known_traps(game),
                 immobile_foes(game), self.barred_here(game))
        hazards = store.ids(Hazard, Position)
        if hazards:  # (only this level's: traps.adjust_cost skips the others)
            positions, depth = store.table(Position), game.depth
            table, round_ = store.table(Hazard), game.round
            here = tuple([(h, round_ >= table[h].starts, table[h].profile, table[h].step,
                           tuple(map(tuple, table[h].squares)))
                          for h in hazards if positions[h].depth == depth])
            if here:
                return (*plain, here, hit_dice(game, eid))
        return plain

    def doors(self, game: Game) -> tuple[dict[tuple[int, int], int], list[int]]:
        """This level's locked, shut doors the party knows of, and every door's state
        (1 when open, +2 when locked) in the level's order (do not modify the list). The
        level's doors and their rows come from Game.level_doors (no scan of every level's).
        The locked ones are worked out again only when a state or the secret doors changed
        (a new id list whenever that set does)."""
        index = game.level.door_ids
        if not index:
            return {}, []  # (and no Door table to ask for: table() would make one)
        rows = game.level_doors()
        secret = game.store.ids(SecretDoor)
        # (branches, not arithmetic on bools: the quickest read of every door, each step)
        states = [(3 if door.open else 2) if door.locked else (1 if door.open else 0)
                  for _xy, door in rows]
        kept = self._last_doors
        if kept is not None and kept[0] is index and kept[1] is secret and kept[2] == states:
            return kept[3], kept[2]  # (the kept list: keys holding it compare at once)
        locked = {xy: index[xy] for xy, state in rows
                  if state.locked and not state.open and index[xy] not in secret}
        self._last_doors = (index, secret, states, locked)
        return locked, states


def around(dist: np.ndarray, x: int, y: int) -> tuple[int, list[tuple[int, int, int]]]:
    """`dist` on (x, y), and (distance, dx, dy) of each step from it on the map, in
    _STEPS order."""
    h, w = dist.shape
    if 0 < x < w - 1 and 0 < y < h - 1:
        block = dist[y - 1:y + 2, x - 1:x + 2].tolist()  # one read, not nine
        return block[1][1], [(block[dy + 1][dx + 1], dx, dy) for dx, dy in _STEPS]
    return int(dist[y, x]), [(int(dist[y + dy, x + dx]), dx, dy) for dx, dy in _STEPS
                             if 0 <= x + dx < w and 0 <= y + dy < h]

def best_step(near: list[tuple[int, int, int]], here: int,
               skip: Callable[[int, int], bool] | None = None
               ) -> tuple[int, int, int] | None:
    """The first of the nearest steps downhill from `here` among `near` (around's),
    leaving out the steps `skip` refuses."""
    best = None
    lowest = here
    for step in near:
        if step[0] < lowest and (skip is None or not skip(step[1], step[2])):
            best, lowest = step, step[0]
    return best


def _radii(mask: np.ndarray, x: int, y: int) -> tuple[int, ...]:
    """The windows' radii to try round (x, y) for the goals of `mask`, smallest first. A
    window's map is sure of a square only as far as its distance reaches, which is at
    least its Chebyshev distance c to the nearest goal (a step moves one square and
    costs one or more): mostly c + 2 is enough for the squares a step reads (and the
    wider window after it). With no goal within ROUTE_WINDOW - 2 none: the whole map."""
    far = ROUTE_WINDOW - 2
    if not np.count_nonzero(mask[max(0, y - far):y + far + 1, max(0, x - far):x + far + 1]):
        return ()  # (one look, not one a ring; count_nonzero: quicker than .any() here)
    for c in range(1, far + 1):
        if np.count_nonzero(mask[max(0, y - c):y + c + 1, max(0, x - c):x + c + 1]):
            return (c + 2, ROUTE_WINDOW) if c + 2 < ROUTE_WINDOW else (ROUTE_WINDOW,)
    return ()


def _same_goals(kept: list[tuple[int, int]], goals: list[tuple[int, int]]) -> bool:
    return kept is goals or kept == goals  # (the kept frontier: the same list)


class _Window(NamedTuple):
    """A window's distance map (Routes._windowed) and what it was made of."""

    goals: list[tuple[int, int]]
    window: tuple[int, int, int, int]  # (x0, y0, x1, y1)
    dist: np.ndarray  # the whole map's shape, unreachable outside the window
    cost: np.ndarray  # the plain cost map (Routes._plain_cost)
    level: object
    plain: tuple[object, ...]
    mask: np.ndarray  # the goals
    part: np.ndarray  # the window's part of the cost, each goal costing 1 at least


def _window_map(goals: list[tuple[int, int]], cost: np.ndarray, mask: np.ndarray,
                window: tuple[int, int, int, int], level: object, plain: tuple[object, ...]
                ) -> _Window:
    """paths.distances_within's map (cost with each goal of `mask` costing 1 at least, those
    goals, window), worked out from the window's part of the mask (the frontier is often a
    hundred squares or more); _sure_round says where it is the whole map's."""
    x0, y0, x1, y1 = window
    inside = mask[y0:y1, x0:x1]
    near = np.empty((y1 - y0, x1 - x0), dtype=np.int32)
    near.fill(UNREACHABLE)
    near[inside] = 0
    part = np.maximum(cost[y0:y1, x0:x1], inside)  # (a new C-ordered array, as tcod reads)
    dijkstra(near, part)
    dist = np.empty(cost.shape, dtype=np.int32)
    dist.fill(UNREACHABLE)
    dist[y0:y1, x0:x1] = near
    return _Window(goals, window, dist, cost, level, plain, mask, part)


def _sure_round(won: _Window, x: int, y: int) -> bool:
    """paths.sure_of(the window map's costs, its map, its window, the 3x3 squares round
    (x, y)): its test (see paths.distances_within) on the blocks read once as lists, when
    they lie inside the window."""
    x0, y0, x1, y1 = won.window
    if not (x0 < x < x1 - 1 and y0 < y < y1 - 1):
        return sure_of(np.maximum(won.cost, won.mask), won.dist, won.window,
                       [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)])
    h, w = won.dist.shape
    costs = won.part[y - 1 - y0:y + 2 - y0, x - 1 - x0:x + 2 - x0].tolist()
    dists = won.dist[y - 1:y + 2, x - 1:x + 2].tolist()
    for j, sy in enumerate((y - 1, y, y + 1)):
        for i, sx in enumerate((x - 1, x, x + 1)):
            if not costs[j][i]:
                continue  # impassable: never a way, in or out of the window
            d = dists[j][i]
            if d >= UNREACHABLE or (sx - d < x0 and x0 > 0) or (sx + d >= x1 and x1 < w) \
                    or (sy - d < y0 and y0 > 0) or (sy + d >= y1 and y1 < h):
                return False
    return True
