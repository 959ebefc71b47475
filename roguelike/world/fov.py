"""Field of view computed on a window around the viewer, not the whole level.

tcod's restrictive shadowcasting never looks past `radius`, so running it on the
(2r+1)-square window around the viewer gives exactly the squares `tcod.map.compute_fov`
would mark on the full map (tests/test_perf_paths.py checks this on many levels), at a small
fraction of the cost. Play asks LevelSight (one level's transparency loaded once, kept in
game.kept by engine/turns/party_sight.py); window_fov and fov_map make their C map afresh
on each call (nothing kept at module level) and serve the kept-answer checks and tests.
"""

from __future__ import annotations

import numpy as np

from roguelike.world.libtcod import ffi, lib

_CELL = np.dtype([("transparent", bool), ("walkable", bool), ("fov", bool)])


def _c_map(h: int, w: int) -> tuple[np.ndarray, object]:
    """A fresh tcod map over a buffer of our own (no module-wide pool: play asks
    LevelSight, which a game keeps in game.kept; this path serves checks and tests)."""
    buffer = np.zeros((h, w), dtype=_CELL)
    cdata = ffi.new("struct TCOD_Map*",
                    (w, h, w * h, ffi.from_buffer("struct TCOD_MapCell*", buffer)))
    return buffer, cdata


def window_fov(clear: np.ndarray, x: int, y: int, radius: int
               ) -> tuple[int, int, np.ndarray]:
    """(x0, y0, seen): what a viewer at (x, y) sees; `seen` covers clear[y0:, x0:].
    A radius of 0 or less is unlimited, as in tcod: the window is the whole map."""
    h, w = clear.shape
    if radius <= 0:
        x0, y0, x1, y1 = 0, 0, w, h
    else:
        x0, y0 = max(0, x - radius), max(0, y - radius)
        x1, y1 = min(w, x + radius + 1), min(h, y + radius + 1)
    buffer, cdata = _c_map(y1 - y0, x1 - x0)
    buffer["transparent"] = clear[y0:y1, x0:x1]
    buffer["fov"] = False
    lib.TCOD_map_compute_fov(cdata, x - x0, y - y0, radius, True,
                             lib.FOV_RESTRICTIVE)
    return x0, y0, buffer["fov"].copy()


def fov_map(clear: np.ndarray, x: int, y: int, radius: int) -> np.ndarray:
    """The whole-map array tcod.map.compute_fov(clear, (y, x), radius) returns."""
    part = window_fov(clear, x, y, radius)
    if part[2].shape == clear.shape:
        return part[2]  # the window is the whole map (unlimited sight): already a fresh copy
    view = np.zeros_like(clear, dtype=bool)
    add_fov(view, part)
    return view


def add_fov(view: np.ndarray, part: tuple[int, int, np.ndarray]) -> None:
    """OR one viewer's window into a whole-level view."""
    x0, y0, seen = part
    view[y0 : y0 + seen.shape[0], x0 : x0 + seen.shape[1]] |= seen


class LevelSight:
    """One level's transparency loaded into a tcod map once, for many whole-map fields of
    view (Game.fov_from): fov_map loads the transparency and clears the field of view
    square by square through the map's interleaved cells on every call; here one
    contiguous copy of a kept blank map does both, and only the answer is read out."""

    def __init__(self, clear: np.ndarray) -> None:
        self.clear = clear  # (kept by reference: the game makes a new array on a change)
        h, w = clear.shape
        # (the map's cells as plain bytes, `_CELL`'s three fields to a square: numpy's
        # copies of structured arrays go field by field, square by square)
        self._blank = np.zeros(h * w * 3, dtype=np.uint8)
        self._blank[0::3] = clear.reshape(-1)
        self._cells = self._blank.copy()
        self._fov = self._cells[2::3].view(bool).reshape(h, w)
        self._cdata = ffi.new("struct TCOD_Map*",
                              (w, h, w * h, ffi.from_buffer("struct TCOD_MapCell*", self._cells)))

    def fov(self, x: int, y: int, radius: int = 0) -> np.ndarray:
        """fov_map(clear, x, y, radius): the field of view from (x, y), a new array (a
        radius of 0 or less: the whole of it; else cut to the square of `radius`, and
        the scan stops there)."""
        self._cells[...] = self._blank
        lib.TCOD_map_compute_fov(self._cdata, x, y, radius, True, lib.FOV_RESTRICTIVE)
        return self._fov.copy()
