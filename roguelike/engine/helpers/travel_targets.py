"""Where travel's cursor can jump (DCSS's and Brogue's travel targets): the known items and
treasure, event markers, doors and stairs of this level, and the unexplored ground next to
what is known, each kind nearest first by the way over known ground.

Read only, and only what the party knows (explored squares, known tiles: an unfound secret
door is wall), as travel itself."""

from __future__ import annotations

import numpy as np

from roguelike.core.components import Position
from roguelike.engine.game import Game
from roguelike.engine.helpers.travel import frontier, route_to, travel_cost
from roguelike.engine.helpers.watch import known_things
from roguelike.world import tiles as T
from roguelike.world.paths import UNREACHABLE
from roguelike.world.sight import distance

# key in the travel cursor -> the kind of target it jumps to, and its name in messages
KINDS: dict[str, tuple[str, str]] = {
    "i": ("item", "items or treasure"),
    "m": ("marker", "event markers"),
    "d": ("door", "doors"),
    "s": ("stairs", "stairs"),
    "x": ("unexplored", "unexplored ground"),
}
APART = 5  # unexplored squares this close to one already offered are the same way on


def targets(game: Game, kind: str, origin: tuple[int, int]) -> list[tuple[int, int]]:
    """The known squares of `kind` on this level but `origin` itself, nearest to it first
    by the route over known ground (those no known way reaches last, by straight
    distance)."""
    squares = [xy for xy in _squares(game, kind) if xy != origin]
    if not squares:
        return []
    dist = route_to(game, [origin], travel_cost(game))
    order = sorted(set(squares), key=lambda xy: (_steps(dist, xy), distance(origin, xy),
                                                 xy[1], xy[0]))
    if kind != "unexplored":
        return order
    spread: list[tuple[int, int]] = []  # one square for each stretch of the edge
    for xy in order:
        if _steps(dist, xy) < UNREACHABLE and all(distance(xy, s) >= APART
                                                  for s in spread):
            spread.append(xy)
    return spread


def _steps(dist: np.ndarray, xy: tuple[int, int]) -> int:
    return int(dist[xy[1], xy[0]])


def _squares(game: Game, kind: str) -> list[tuple[int, int]]:
    level = game.level
    if kind in ("item", "marker"):
        want = ("item", "treasure") if kind == "item" else ("marker",)
        positions = game.store.table(Position)
        return [positions[eid].xy for eid, found in known_things(game).items()
                if found in want]
    if kind == "unexplored":
        return frontier(game)
    tiles = game.known_tiles()
    codes = (T.DOORWAY,) if kind == "door" else (T.STAIRS_DOWN, T.STAIRS_UP)
    ys, xs = np.nonzero(np.isin(tiles, codes) & level.explored)
    return list(zip(xs.tolist(), ys.tolist(), strict=True))
