"""Auto-explore's hunt for secret doors (engine/helpers/autoexplore.py's step 4): which known walls
may hide one, and the square from which a search covers most of them. It reads only what
the party knows (explored squares), never the real map.
"""

from __future__ import annotations

import numpy as np

from roguelike.core.components import Position, Searched
from roguelike.engine.game import Game
from roguelike.engine.traps.trap_actions import SEARCH_REACH
from roguelike.world import tiles as T
from roguelike.world.paths import UNREACHABLE, distance_map

# How deep unseen ground must lie behind a wall for a secret door there to be worth a search
# (a room or a corridor needs that much room; rock along a room's side rarely hides one).
SUSPECT_DEPTH = 3


def suspect_walls(game: Game) -> set[tuple[int, int]]:
    """Known wall squares beside known floor with unseen ground SUSPECT_DEPTH deep behind
    them: where a secret door may hide (the party's knowledge only, never the real map)."""
    known = game.level.explored
    tiles = game.known_tiles()
    walk = T.WALKABLE[tiles] & known
    wall = ~T.WALKABLE[tiles] & known
    out: set[tuple[int, int]] = set()
    for dx, dy in ((0, -1), (0, 1), (1, 0), (-1, 0)):
        # wall at (x, y), floor at (x - dx, y - dy), unseen at (x + k dx, y + k dy)
        ok = wall & _shifted(walk, dx, dy)
        for k in range(1, SUSPECT_DEPTH + 1):
            ok &= _shifted(~known, -k * dx, -k * dy)
        ys, xs = np.nonzero(ok)
        out.update(zip(xs.tolist(), ys.tolist(), strict=True))
    return out


def _shifted(mask: np.ndarray, dx: int, dy: int) -> np.ndarray:
    """out[y, x] = mask[y - dy, x - dx], False off the map."""
    h, w = mask.shape
    out = np.zeros_like(mask)
    out[max(0, dy):min(h, h + dy), max(0, dx):min(w, w + dx)] = \
        mask[max(0, -dy):min(h, h - dy), max(0, -dx):min(w, w - dx)]
    return out


def _spots(game: Game, eid: int) -> list[tuple[int, int]]:
    searched = game.store.try_get(eid, Searched)
    return [(x, y) for d, x, y in searched.spots if d == game.depth] if searched else []


def unsearched(game: Game, eid: int, walls: set[tuple[int, int]], radius: int
               ) -> set[tuple[int, int]]:
    """The suspect walls no search of `eid`'s on this level has covered."""
    spots = _spots(game, eid)
    return {(wx, wy) for wx, wy in walls
            if not any(max(abs(wx - x), abs(wy - y)) <= radius for x, y in spots)}


def best_spot(game: Game, eid: int, cost: np.ndarray, walls: set[tuple[int, int]],
              radius: int) -> tuple[int, int] | None:
    """The nearest square from which a search covers at least half as many of `walls` as
    the best square does, away from `eid`'s earlier searches (Search refuses within 2
    squares of them once the place's traps are searched)."""
    if not walls:
        return None
    reach = distance_map(cost, [game.store.get(eid, Position).xy])
    spots = _spots(game, eid)
    cover: dict[tuple[int, int], int] = {}
    for wx, wy in walls:
        for y in range(wy - radius, wy + radius + 1):
            for x in range(wx - radius, wx + radius + 1):
                if not game.level.in_bounds(x, y) or reach[y, x] >= UNREACHABLE \
                        or game.level.tile(x, y) == T.DOORWAY \
                        or any(max(abs(x - sx), abs(y - sy)) <= SEARCH_REACH
                               for sx, sy in spots):
                    continue
                cover[(x, y)] = cover.get((x, y), 0) + 1
    if not cover:
        return None
    top = max(cover.values())
    _d, y, x = min((int(reach[y, x]), y, x) for (x, y), n in cover.items() if 2 * n >= top)
    return x, y
