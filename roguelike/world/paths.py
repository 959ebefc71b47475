"""Distance maps and paths over numpy cost arrays, computed by tcod."""

from __future__ import annotations

import numpy as np
import tcod.path


def distance_map(cost: np.ndarray, sources: list[tuple[int, int]], diagonal: bool = True
                 ) -> np.ndarray:
    """Steps from the nearest source to every square (x, y sources); unreachable = huge."""
    dist = tcod.path.maxarray(cost.shape, dtype=np.int32)
    for x, y in sources:
        dist[y, x] = 0
    tcod.path.dijkstra2d(dist, cost, cardinal=1, diagonal=1 if diagonal else None, out=dist)
    return dist


UNREACHABLE = int(np.iinfo(np.int32).max)


def path_to(cost: np.ndarray, start: tuple[int, int], goal: tuple[int, int]
            ) -> list[tuple[int, int]]:
    """Squares from start (exclusive) to goal (inclusive); empty when there is no way."""
    graph = tcod.path.SimpleGraph(cost=cost.astype(np.int32), cardinal=2, diagonal=3)
    finder = tcod.path.Pathfinder(graph)
    finder.add_root((start[1], start[0]))
    route = finder.path_to((goal[1], goal[0]))[1:].tolist()
    return [(int(x), int(y)) for y, x in route]
