"""distance_map_without (a source taken from a kept map) against a fresh distance_map."""

from __future__ import annotations

import numpy as np
import pytest

from roguelike.world import tiles as T
from roguelike.world.mapgen import generate
from roguelike.world.paths import distance_map, distance_map_without


@pytest.mark.parametrize("seed", ["bench-0", "x-1", "amber-wolf-17"])
def test_one_source_less_matches_a_fresh_map(seed: str) -> None:
    rng = np.random.default_rng(7)
    for depth in (1, 5, 9):
        level = generate(seed, depth)
        cost = T.WALKABLE[level.tiles].astype(np.int16)
        # some squares cost more, as doors and traps do in other cost maps
        cost[(rng.random(cost.shape) < 0.1) & (cost > 0)] = 2
        ys, xs = np.nonzero(cost)
        picks = rng.choice(len(xs), size=12, replace=False)
        sources = [(int(xs[i]), int(ys[i])) for i in picks]
        dist = distance_map(cost, sources)
        for gone in sources:
            rest = [s for s in sources if s != gone]
            before = dist.copy()
            assert np.array_equal(distance_map_without(dist, cost, gone),
                                  distance_map(cost, rest)), (seed, depth, gone)
            assert np.array_equal(dist, before)  # (the kept map is left as it was)
        # a blocked square was never a source: taking it away changes nothing
        wall = np.argwhere(cost == 0)[0]
        assert np.array_equal(distance_map_without(dist, cost, (int(wall[1]), int(wall[0]))),
                              dist)
