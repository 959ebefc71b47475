"""Area shapes of trap effects (content/traps/README.md section 6) as lists of squares.

Every shape is clipped to walkable squares. Shapes with a direction (line, cone, passage,
rect) point the way with the longest open run from the trap point (choice: the documents
draw them along "the corridor" or "the room", which a generated map does not name).
"""

from __future__ import annotations

from roguelike.content.traps import AreaDef
from roguelike.world import tiles as T
from roguelike.world.level import Level

CARDINALS = ((1, 0), (-1, 0), (0, 1), (0, -1))
PASSAGE_LENGTH = 20  # how far a Rolling Rock can roll down a passage (choice)

Square = tuple[int, int]


def open_run(level: Level, point: Square, d: Square, limit: int) -> int:
    x, y = point
    n = 0
    while n < limit and level.is_walkable(x + d[0], y + d[1]):
        x, y = x + d[0], y + d[1]
        n += 1
    return n


def best_direction(level: Level, point: Square, limit: int) -> Square:
    return max(CARDINALS, key=lambda d: (open_run(level, point, d, limit), d))


def room_squares(level: Level, room: int) -> list[Square]:
    if room < 0:
        return []
    ys, xs = (level.room_map == room).nonzero()
    return sorted((int(x), int(y)) for y, x in zip(ys, xs, strict=True)
                  if level.is_walkable(int(x), int(y)))


def radius_squares(level: Level, point: Square, size: int) -> list[Square]:
    px, py = point
    return [(x, y) for y in range(py - size, py + size + 1) for x in range(px - size, px + size + 1)
            if level.is_walkable(x, y)]


def _line(level: Level, point: Square, length: int) -> list[Square]:
    d = best_direction(level, point, length)
    out = [point]
    x, y = point
    for _ in range(length - 1):
        x, y = x + d[0], y + d[1]
        if not level.is_walkable(x, y):
            break
        out.append((x, y))
    return out


def _rect(level: Level, point: Square, w: int, h: int) -> list[Square]:
    def place(w: int, h: int) -> list[Square]:
        x0, y0 = point[0] - (w - 1) // 2, point[1] - (h - 1) // 2
        return [(x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w)
                if level.is_walkable(x, y)]
    a, b = place(w, h), place(h, w)
    return b if len(b) > len(a) else a


def _cone(level: Level, point: Square, length: int, width: int) -> list[Square]:
    dx, dy = best_direction(level, point, length)
    out = [point]
    for dist in range(1, length + 1):
        half = dist * width // (2 * length)
        for side in range(-half, half + 1):
            x = point[0] + dx * dist + (side if dx == 0 else 0)
            y = point[1] + dy * dist + (side if dy == 0 else 0)
            if level.is_walkable(x, y):
                out.append((x, y))
    return out


def _wall_adjacent(level: Level, point: Square, room: int, depth: int, length: int
                   ) -> list[Square]:
    pool = room_squares(level, room) or radius_squares(level, point, max(2, length))
    reach = length // 2 if length else 999
    out = []
    for x, y in pool:
        if max(abs(x - point[0]), abs(y - point[1])) > reach:
            continue
        near_wall = any(level.in_bounds(x + dx * k, y + dy * k)
                        and level.tile(x + dx * k, y + dy * k) == T.WALL
                        for dx, dy in CARDINALS for k in range(1, depth + 1))
        if near_wall:
            out.append((x, y))
    return out or [point]


def area_squares(level: Level, area: AreaDef, point: Square, room: int) -> list[Square]:
    """The squares an area covers; for `target`/`targets` the trigger zone around the point."""
    shape = area.shape
    if shape == "target":
        return [point]
    if shape == "targets":
        return radius_squares(level, point, area.range or 1)
    if shape == "radius":
        return radius_squares(level, point, area.size)
    if shape == "rect":
        return _rect(level, point, area.w, area.h)
    if shape == "line":
        return _line(level, point, area.length)
    if shape == "passage":
        return _line(level, point, PASSAGE_LENGTH)
    if shape == "cone":
        return _cone(level, point, area.length, area.width)
    if shape == "wall_adjacent":
        return _wall_adjacent(level, point, room, area.depth, area.length)
    if shape == "room_or_radius":
        circle = radius_squares(level, point, area.size)
        whole = room_squares(level, room)
        return whole if whole and len(whole) < len(circle) else circle
    return room_squares(level, room) or radius_squares(level, point, 2)  # "room"
