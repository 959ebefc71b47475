"""Level layout with tcod: a BSP tree of rooms joined by corridors, caves deeper down.

Every split and room size is drawn from the level's own stream, so a layout depends only on
(seed, depth) and never on the tcod RNG or anything the player did.
"""

from __future__ import annotations

import numpy as np

from roguelike.core.rng import Stream
from roguelike.world import tiles as T
from roguelike.world.bsp import BSP
from roguelike.world.level import Level, Room
from roguelike.world.paths import UNREACHABLE, distance_map

WIDTH, HEIGHT = 80, 40
MIN_LEAF_W, MIN_LEAF_H = 10, 8


def _split(node: BSP, rng: Stream, level: int) -> None:
    can_v = node.width >= 2 * MIN_LEAF_W
    can_h = node.height >= 2 * MIN_LEAF_H
    if not (can_v or can_h):
        return
    # Big leaves always split; smaller ones stop now and then for variety.
    if level >= 3 and node.width < 22 and node.height < 16 and rng.chance(1, 3):
        return
    if can_v and can_h:
        horizontal = node.height * 5 > node.width * 4 if rng.chance(3, 4) else rng.chance(1, 2)
    else:
        horizontal = can_h
    if horizontal:
        pos = node.y + rng.randint(MIN_LEAF_H, node.height - MIN_LEAF_H)
    else:
        pos = node.x + rng.randint(MIN_LEAF_W, node.width - MIN_LEAF_W)
    node.split_once(horizontal, pos)
    for child in node.children:
        _split(child, rng, level + 1)


def _cave_chance(depth: int) -> tuple[int, int]:
    """Out of 10: no caves above depth 4, then more with every level (RULES.md)."""
    return (min(6, max(0, depth - 3)), 10)


def _carve_cave(tiles: np.ndarray, leaf: BSP, rng: Stream) -> np.ndarray | None:
    """Cellular-automaton cave inside a leaf; returns the mask of its floor or None."""
    x0, y0, w, h = leaf.x + 1, leaf.y + 1, leaf.width - 2, leaf.height - 2
    if w < 5 or h < 4:
        return None
    grid = np.array([[rng.chance(55, 100) for _ in range(w)] for _ in range(h)], dtype=bool)
    grid[h // 2, :] = True  # a spine keeps the cave in one piece more often
    for _ in range(4):
        padded = np.pad(grid, 1, constant_values=False)
        around = sum(
            padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w].astype(np.int8)
            for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx
        )
        grid = np.where(grid, around >= 4, around >= 5)
    grid[[0, -1], :] = False
    grid[:, [0, -1]] = False
    cy, cx = h // 2, w // 2
    grid[cy, max(1, cx - 1) : min(w - 1, cx + 2)] = True
    # keep only the part joined to the centre
    cost = grid.astype(np.int8)
    dist = distance_map(cost, [(cx, cy)], diagonal=False)
    mask = np.zeros_like(tiles, dtype=bool)
    mask[y0 : y0 + h, x0 : x0 + w] = dist < UNREACHABLE
    if mask.sum() < 12:
        return None
    return mask


def _carve_corridor(tiles: np.ndarray, a: tuple[int, int], b: tuple[int, int], rng: Stream
                    ) -> None:
    (x1, y1), (x2, y2) = a, b
    corner = (x2, y1) if rng.chance(1, 2) else (x1, y2)
    for (sx, sy), (ex, ey) in ((a, corner), (corner, b)):
        for x in range(min(sx, ex), max(sx, ex) + 1):
            for y in range(min(sy, ey), max(sy, ey) + 1):
                if tiles[y, x] == T.WALL:
                    tiles[y, x] = T.CORRIDOR


def _place_doors(tiles: np.ndarray, rooms: list[Room]) -> list[tuple[int, int]]:
    doors: list[tuple[int, int]] = []
    h, w = tiles.shape
    for room in rooms:
        if room.kind != "room":
            continue
        ring = (
            [(x, room.y - 1, 1, 0) for x in range(room.x, room.x2 + 1)]
            + [(x, room.y2 + 1, 1, 0) for x in range(room.x, room.x2 + 1)]
            + [(room.x - 1, y, 0, 1) for y in range(room.y, room.y2 + 1)]
            + [(room.x2 + 1, y, 0, 1) for y in range(room.y, room.y2 + 1)]
        )
        for x, y, ax, ay in ring:
            if not (0 < x < w - 1 and 0 < y < h - 1) or tiles[y, x] != T.CORRIDOR:
                continue
            # a doorway is a one-square gap in the wall line
            gap = tiles[y - ay, x - ax] == T.WALL and tiles[y + ay, x + ax] == T.WALL
            touching = (tiles[y - 1 : y + 2, x - 1 : x + 2] == T.DOORWAY).any()
            if gap and not touching:
                tiles[y, x] = T.DOORWAY
                doors.append((x, y))
    return sorted(set(doors), key=lambda p: (p[1], p[0]))


def _pick_point(room: Room, mask: np.ndarray | None, rng: Stream) -> tuple[int, int]:
    if mask is None:
        return (rng.randint(room.x, room.x2), rng.randint(room.y, room.y2))
    ys, xs = np.nonzero(mask)
    i = rng.below(len(xs))
    return (int(xs[i]), int(ys[i]))


def _edge_distance(room: Room, width: int, height: int) -> int:
    return min(room.x, room.y, width - 1 - room.x2, height - 1 - room.y2)


def generate(seed: str, depth: int, width: int = WIDTH, height: int = HEIGHT) -> Level:
    if depth < 1:
        raise ValueError(f"depth must be 1 or more, got {depth}")
    rng = Stream(seed, f"level/{depth}/layout")
    tiles = np.full((height, width), T.WALL, dtype=np.uint8)
    room_map = np.full((height, width), -1, dtype=np.int16)
    root = BSP(x=0, y=0, width=width, height=height)
    _split(root, rng, 0)

    rooms: list[Room] = []
    masks: list[np.ndarray | None] = []
    leaf_rooms: dict[int, list[int]] = {}
    cave_num, cave_den = _cave_chance(depth)
    leaves = [n for n in root.pre_order() if not n.children]
    for index, leaf in enumerate(leaves):
        mask = _carve_cave(tiles, leaf, rng) if rng.chance(cave_num, cave_den) else None
        rid = len(rooms)
        if mask is not None:
            ys, xs = np.nonzero(mask)
            room = Room(rid, int(xs.min()), int(ys.min()), int(np.ptp(xs)) + 1,
                        int(np.ptp(ys)) + 1, "cave")
            tiles[mask] = T.FLOOR
            room_map[mask] = rid
        else:
            rw = rng.randint(4, min(14, leaf.width - 3))
            rh = rng.randint(3, min(8, leaf.height - 3))
            rx = rng.randint(leaf.x + 1, leaf.x + leaf.width - 1 - rw)
            ry = rng.randint(leaf.y + 1, leaf.y + leaf.height - 1 - rh)
            room = Room(rid, rx, ry, rw, rh)
            tiles[ry : ry + rh, rx : rx + rw] = T.FLOOR
            room_map[ry : ry + rh, rx : rx + rw] = rid
        rooms.append(room)
        masks.append(mask)
        leaf_rooms[index] = [rid]

    # Join the two halves of every split, deepest splits first.
    subtree_rooms: dict[int, list[int]] = {}
    leaf_ids = {id(n): i for i, n in enumerate(leaves)}
    for node in root.post_order():
        if not node.children:
            subtree_rooms[id(node)] = [leaf_ids[id(node)]]
            continue
        left, right = (subtree_rooms[id(c)] for c in node.children)
        a, b = min(
            ((i, j) for i in left for j in right),
            key=lambda ij: (
                abs(rooms[ij[0]].center[0] - rooms[ij[1]].center[0])
                + abs(rooms[ij[0]].center[1] - rooms[ij[1]].center[1]),
                ij,
            ),
        )
        _carve_corridor(tiles, _pick_point(rooms[a], masks[a], rng),
                        _pick_point(rooms[b], masks[b], rng), rng)
        subtree_rooms[id(node)] = left + right

    doors = _place_doors(tiles, rooms)

    # The Camp (arrival point) is a room near the map edge, as Traps & Treasure asks.
    by_edge = sorted(rooms, key=lambda r: (_edge_distance(r, width, height), r.id))
    near_edge = [r for r in by_edge if _edge_distance(r, width, height) <= by_edge[0].x + 3]
    camp = rng.choice(near_edge or by_edge)
    up = _pick_point(camp, masks[camp.id], rng)
    tiles[up[1], up[0]] = T.STAIRS_UP

    cost = T.WALKABLE[tiles].astype(np.int8)
    dist = distance_map(cost, [up], diagonal=False)
    # Anything the corridors missed is filled in: every floor square is reachable.
    unreachable = (dist == UNREACHABLE) & T.WALKABLE[tiles]
    tiles[unreachable] = T.WALL
    room_map[unreachable] = -1
    doors = [d for d in doors if tiles[d[1], d[0]] == T.DOORWAY]

    def room_distance(r: Room) -> int:
        return int(dist[r.center[1], r.center[0]]) if room_map[r.center[1], r.center[0]] >= 0 \
            else int(dist[room_map == r.id].min()) if (room_map == r.id).any() else 0

    far = max((r for r in rooms if r.id != camp.id), key=lambda r: (room_distance(r), -r.id))
    down = _pick_point(far, masks[far.id], rng)
    while tiles[down[1], down[0]] != T.FLOOR:
        down = _pick_point(far, masks[far.id], rng)
    tiles[down[1], down[0]] = T.STAIRS_DOWN

    others = [r for r in by_edge if r.id not in (camp.id, far.id)] or [far]
    pillager_camp = max(others[: max(1, len(others) // 2)],
                        key=lambda r: (room_distance(r), -r.id))
    return Level(
        depth=depth, width=width, height=height, tiles=tiles, rooms=rooms,
        room_map=room_map, doors=doors, stairs_up=up, stairs_down=down,
        camp_room=camp.id, pillager_camp_room=pillager_camp.id,
    )
