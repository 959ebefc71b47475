"""Distance maps and paths over numpy cost arrays, computed by tcod's C library."""

from __future__ import annotations

import numpy as np

from roguelike.world.libtcod import ffi, lib

UNREACHABLE = int(np.iinfo(np.int32).max)
_NP_TYPES = {np.dtype(np.int8): lib.np_int8, np.dtype(np.int16): lib.np_int16,
             np.dtype(np.int32): lib.np_int32, np.dtype(np.int64): lib.np_int64,
             np.dtype(np.uint8): lib.np_uint8, np.dtype(np.uint16): lib.np_uint16,
             np.dtype(np.uint32): lib.np_uint32, np.dtype(np.uint64): lib.np_uint64,
             np.dtype(np.bool_): lib.np_uint8}
_NARRAY_P = ffi.typeof("struct NArray*")
_VOID_P = ffi.typeof("void*")
_FIELDS = ("type", "ndim", "data", "shape", "strides")
# (the struct's fields given in order when tcod declares them so; by name otherwise)
_IN_ORDER = tuple(name for name, _f in ffi.typeof("struct NArray").fields) == _FIELDS


def _narray(array: np.ndarray) -> object:
    """The C view of a 2-D numpy array that tcod's path functions take (as tcod.path does).
    The caller keeps `array` alive while the view is used."""
    # from_buffer is several times quicker than array.ctypes; it takes contiguous memory only
    data = ffi.cast(_VOID_P, ffi.from_buffer(array)) if array.flags.c_contiguous \
        else ffi.cast(_VOID_P, array.ctypes.data)
    # (the C types looked up once, the fields given in order: a third quicker than by name
    # and type string, and two views are made for every Dijkstra map)
    fields = (_NP_TYPES[array.dtype], array.ndim, data, array.shape, array.strides)
    return ffi.new(_NARRAY_P, fields if _IN_ORDER else dict(zip(_FIELDS, fields, strict=True)))


def _unreachable(shape: tuple[int, ...]) -> np.ndarray:
    """An int32 array of `shape` filled with UNREACHABLE (np.full's work, at half its cost:
    a distance map is asked for on most steps)."""
    out = np.empty(shape, dtype=np.int32)
    out.fill(UNREACHABLE)
    return out


def dijkstra(dist: np.ndarray, cost: np.ndarray, cardinal: int = 1, diagonal: int = 1
             ) -> np.ndarray:
    """Flow `dist` (int32, seeded with low values) over `cost` in place and return it: what
    tcod.path.dijkstra2d(dist, cost, cardinal, diagonal or None, out=dist) does."""
    cost = np.asarray(cost)
    if dist.shape != cost.shape:
        raise TypeError(f"distance and cost shapes differ: {dist.shape} != {cost.shape}")
    if lib.dijkstra2d_basic(_narray(dist), _narray(cost), cardinal, diagonal or 0) < 0:
        raise RuntimeError(ffi.string(lib.TCOD_get_error()).decode())
    return dist


def distance_map(cost: np.ndarray, sources: list[tuple[int, int]], diagonal: bool = True
                 ) -> np.ndarray:
    """Steps from the nearest source to every square (x, y sources); unreachable = huge."""
    dist = _unreachable(np.shape(cost))
    for x, y in sources:
        dist[y, x] = 0
    return dijkstra(dist, cost, 1, 1 if diagonal else 0)


def distance_map_without(dist: np.ndarray, cost: np.ndarray, source: tuple[int, int]
                         ) -> np.ndarray:
    """distance_map(cost, sources) less `source`, from `dist`, distance_map(cost, sources)
    (a new array; `dist` is left as it was).

    A step costs at least 1, so `source`'s own distance to a square is never below their
    Chebyshev distance: a square whose distance is below that got it from another source
    and keeps it. The rest (the squares `source` may have served) are worked out again on
    the window round them and one square more, seeded with the kept distances there: the
    best way to such a square enters the rest from a kept square next to it, whose
    distance is exact, and never leaves the window after that."""
    h, w = dist.shape
    sx, sy = source
    near = np.maximum(np.abs(np.arange(w) - sx)[None, :], np.abs(np.arange(h) - sy)[:, None])
    again = (dist >= near) & (dist < UNREACHABLE)
    out = dist.copy()
    ys, xs = np.nonzero(again)
    if not len(xs):
        return out
    x0, y0 = max(0, int(xs.min()) - 1), max(0, int(ys.min()) - 1)
    x1, y1 = min(w, int(xs.max()) + 2), min(h, int(ys.max()) + 2)
    part = out[y0:y1, x0:x1].copy()
    part[again[y0:y1, x0:x1]] = UNREACHABLE
    out[y0:y1, x0:x1] = dijkstra(part, cost[y0:y1, x0:x1].copy(), 1, 1)
    return out


def hillclimb(dist: np.ndarray, start: tuple[int, int], cardinal: bool = True,
              diagonal: bool = True) -> np.ndarray:
    """The downhill route on a distance map from `start` (i, j): what
    tcod.path.hillclimb2d(dist, start, cardinal, diagonal) returns, an (n, 2) index array."""
    dist = np.asarray(dist)
    i, j = start
    if not (0 <= i < dist.shape[0] and 0 <= j < dist.shape[1]):
        raise IndexError(f"starting point {start!r} not in shape {dist.shape!r}")
    c_dist = _narray(dist)
    length = lib.hillclimb2d_basic(c_dist, i, j, bool(cardinal), bool(diagonal), ffi.NULL)
    if length < 0:
        raise RuntimeError(ffi.string(lib.TCOD_get_error()).decode())
    route = np.ndarray((length, 2), dtype=np.intc)
    lib.hillclimb2d_basic(c_dist, i, j, bool(cardinal), bool(diagonal),
                          ffi.from_buffer("int*", route))
    return route


# tcod's hillclimb2d_basic looks at the neighbours in this order, as (dx, dy): its cardinal
# (i, j) offsets (-1, 0), (1, 0), (0, -1), (0, 1), then the diagonals (-1, -1), (1, -1),
# (-1, 1), (1, 1); the first strictly lowest wins.
_CLIMB_ORDER = ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (-1, 1), (1, -1), (1, 1))


def climb_step(rows: list[list[int]], x: int, y: int) -> tuple[int, int] | None:
    """The square after (x, y) on hillclimb's route down `rows` (a distance map as lists,
    rows[y][x]), or None where the route ends: one step of hillclimb(..., True, True), for
    a walk that uses only the first few squares of a long route."""
    if 0 < y < len(rows) - 1 and 0 < x < len(rows[0]) - 1:
        return _climb_inside(rows[y - 1], rows[y], rows[y + 1], x, y)
    return _climb_any(rows, x, y)


def _climb_any(rows: list[list[int]], x: int, y: int) -> tuple[int, int] | None:
    """climb_step's rule, anywhere on the map: _CLIMB_ORDER's first strictly lower square."""
    best = rows[y][x]
    found = None
    height, width = len(rows), len(rows[0])
    for dx, dy in _CLIMB_ORDER:
        nx, ny = x + dx, y + dy
        if 0 <= nx < width and 0 <= ny < height:
            d = rows[ny][nx]
            if d < best:
                best, found = d, (nx, ny)
    return found


def _climb_inside(above: list[int], row: list[int], below: list[int], x: int, y: int
                  ) -> tuple[int, int] | None:
    """_climb_any(rows, x, y) away from the map's edge, with _CLIMB_ORDER written out:
    every monster's walk asks for a few squares, and the loop costs about 0.6 us more a
    call (some 150 calls in monster_round's round of about 2 ms). Kept equal to _climb_any
    by tests/test_inlined_copies.py."""
    best = row[x]
    found = None
    if above[x] < best:
        best, found = above[x], (x, y - 1)
    if below[x] < best:
        best, found = below[x], (x, y + 1)
    if row[x - 1] < best:
        best, found = row[x - 1], (x - 1, y)
    if row[x + 1] < best:
        best, found = row[x + 1], (x + 1, y)
    if above[x - 1] < best:
        best, found = above[x - 1], (x - 1, y - 1)
    if below[x - 1] < best:
        best, found = below[x - 1], (x - 1, y + 1)
    if above[x + 1] < best:
        best, found = above[x + 1], (x + 1, y - 1)
    if below[x + 1] < best:
        found = (x + 1, y + 1)
    return found


def window_round(cost: np.ndarray, center: tuple[int, int], radius: int
                 ) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1): the squares within `radius` of `center`, on the map."""
    h, w = cost.shape
    x, y = center
    return max(0, x - radius), max(0, y - radius), min(w, x + radius + 1), min(h, y + radius + 1)


def distances_within(cost: np.ndarray, sources: list[tuple[int, int]],
                     window: tuple[int, int, int, int], asked: list[tuple[int, int]],
                     floor: tuple[int, int] | None = None) -> np.ndarray | None:
    """distance_map(cost, sources) on the squares `asked`, worked out on `window` (x0, y0,
    x1, y1) alone; elsewhere unreachable. None when the window cannot be sure of them.

    The window's answer L for a square is never below the map's (it offers no way the map
    lacks). It is the map's when every square within L of the asked one lies in the
    window (or off the map): a way of length L goes no further than L squares from where
    it starts (a step moves one square and costs one or more), so the map's shortest way,
    no longer than L, is in the window too. An open asked square the window cannot reach
    might have a way round outside it: None then, and the caller needs the whole map.

    `floor`: a square whose cost counts as at least 1 (a goal on a blocked square), as if
    the caller had raised it in a copy of `cost`: only the window's part is copied."""
    h, w = cost.shape
    x0, y0, x1, y1 = window
    near = _unreachable((y1 - y0, x1 - x0))
    if len(sources) > 8:  # (the bot's frontier: often a hundred squares or more)
        xs, ys = np.array(sources, dtype=np.intp).T
        inside = (xs >= x0) & (xs < x1) & (ys >= y0) & (ys < y1)
        near[ys[inside] - y0, xs[inside] - x0] = 0
    else:
        for sx, sy in sources:
            if x0 <= sx < x1 and y0 <= sy < y1:
                near[sy - y0, sx - x0] = 0
    part = cost[y0:y1, x0:x1].copy()  # (a C-ordered copy: tcod reads it, floor may change it)
    if floor is not None:
        fx, fy = floor
        if x0 <= fx < x1 and y0 <= fy < y1:
            part[fy - y0, fx - x0] = max(1, int(part[fy - y0, fx - x0]))
    dijkstra(near, part, 1, 1)
    if not _sure(cost, near, window, asked, floor):
        return None
    dist = _unreachable((h, w))
    dist[y0:y1, x0:x1] = near
    return dist


def sure_of(cost: np.ndarray, dist: np.ndarray, window: tuple[int, int, int, int],
            asked: list[tuple[int, int]], floor: tuple[int, int] | None = None) -> bool:
    """Whether `dist`, distances_within's answer over `cost`, `window` and `floor`, is the
    whole map's on the squares `asked` (any squares: its proof holds square by square, so
    an answer made for one set of squares may be asked about another)."""
    x0, y0, x1, y1 = window
    return _sure(cost, dist[y0:y1, x0:x1], window, asked, floor)


def _sure(cost: np.ndarray, near: np.ndarray, window: tuple[int, int, int, int],
          asked: list[tuple[int, int]], floor: tuple[int, int] | None) -> bool:
    """distances_within's test of its window's answer `near` on the squares `asked`."""
    h, w = cost.shape
    x0, y0, x1, y1 = window
    for x, y in asked:
        if not (0 <= x < w and 0 <= y < h) or not (cost[y, x] or (x, y) == floor):
            continue  # off the map or impassable: never a way, in or out of the window
        if not (x0 <= x < x1 and y0 <= y < y1):
            return False
        d = int(near[y - y0, x - x0])
        if d >= UNREACHABLE or (x - d < x0 and x0 > 0) or (x + d >= x1 and x1 < w) \
                or (y - d < y0 and y0 > 0) or (y + d >= y1 and y1 < h):
            return False
    return True
