"""The lights' fields of view come from the whole field of view from their square, cut to
their radius (explore/light.py). That is exact for tcod's restrictive shadowcasting, which
decides a square from nearer squares only: these tests hold it to tcod's own radius-limited
answer on many squares of many levels, with doors shut and open."""

from __future__ import annotations

import numpy as np

from roguelike.engine.components import Door, Position
from roguelike.engine.explore import light
from roguelike.engine.explore.components import LightSource
from roguelike.engine.game import Game
from roguelike.world import tiles as T
from roguelike.world.fov import add_fov, fov_map, window_fov
from roguelike.world.mapgen import generate


def _tcod_window(clear: np.ndarray, x: int, y: int, radius: int) -> np.ndarray:
    seen = np.zeros_like(clear, dtype=bool)
    add_fov(seen, window_fov(clear, x, y, radius))
    return seen


def test_a_radius_only_cuts_the_whole_field_of_view_to_its_square():
    checked = 0
    for seed in ("light-0", "light-1", "light-2"):
        for depth in (1, 5, 9):
            tiles = generate(seed, depth).tiles
            clear = T.TRANSPARENT[tiles].copy()
            ys, xs = np.nonzero(T.WALKABLE[tiles])
            for x, y in list(zip(xs.tolist(), ys.tolist(), strict=True))[::17]:
                whole = fov_map(clear, x, y, 0)
                for radius in (1, 2, 3, 5, 8):
                    cut = np.zeros_like(whole)
                    window = (slice(max(0, y - radius), y + radius + 1),
                              slice(max(0, x - radius), x + radius + 1))
                    cut[window] = whole[window]
                    assert np.array_equal(cut, _tcod_window(clear, x, y, radius)), \
                        (seed, depth, x, y, radius)
                    checked += 1
    assert checked > 1000


def test_light_maps_match_tcod_radius_fov_in_play():
    """Every carried light, walked over a real level with its doors opened and shut."""
    game = Game("light-play")
    checked = 0
    ys, xs = np.nonzero(T.WALKABLE[game.level.tiles])
    squares = list(zip(xs.tolist(), ys.tolist(), strict=True))[::23]
    bearer = next(e for e in game.party if game.store.has(e, LightSource))
    doors = list(game.level.door_ids.values())
    for i, (x, y) in enumerate(squares):
        pos = game.store.get(bearer, Position)
        pos.x, pos.y = x, y
        if doors:  # a door flips now and then: the transparency changes under the cache
            door = game.store.get(doors[i % len(doors)], Door)
            door.open = not door.open
            game.door_changed()
        clear = game.transparency()
        bright, lit = light.light_maps(game)
        want_bright = np.zeros_like(clear)
        want_lit = np.zeros_like(clear)
        for lx, ly, ldef in light._shining(game):
            if ldef.dim_outer_radius > 0:
                want_lit |= _tcod_window(clear, lx, ly, ldef.dim_outer_radius)
            if ldef.bright_radius > 0:
                want_bright |= _tcod_window(clear, lx, ly, ldef.bright_radius)
        assert np.array_equal(bright, want_bright)
        assert np.array_equal(lit, want_lit | want_bright)
        checked += 1
    assert checked > 20
