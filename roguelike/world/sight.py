"""Lines of sight and fire between squares."""

from __future__ import annotations

import numpy as np

from roguelike.world.libtcod import ffi, lib


def line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """Squares from a to b, both included (tcod's Bresenham, as tcod.los.bresenham)."""
    (x1, y1), (x2, y2) = a, b
    length = lib.bresenham(x1, y1, x2, y2, 0, ffi.NULL)
    array = np.ndarray((length, 2), dtype=np.intc)
    lib.bresenham(x1, y1, x2, y2, length, ffi.from_buffer("int*", array))
    pts = array.tolist()
    return [(int(x), int(y)) for x, y in pts]


def clear_line(clear: np.ndarray, a: tuple[int, int], b: tuple[int, int],
               blockers: set[tuple[int, int]] | None = None) -> bool:
    """True when nothing opaque (and no blocker) stands strictly between a and b."""
    for x, y in line(a, b)[1:-1]:
        if not clear[y, x] or (blockers and (x, y) in blockers):
            return False
    return True


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Range in squares (diagonals count one, as movement does)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
