"""Putting traps on a new level: room traps by depth (seed 000) and trap squares (seed 001).

Everything comes from the level's own stream Stream(seed, "level/<depth>/traps"), so the
traps of a level depend only on (seed, depth).
"""

from __future__ import annotations

from roguelike.content.loader import Content
from roguelike.content.traps import TrapDef
from roguelike.core.components import Position
from roguelike.core.ecs import EntityStore
from roguelike.core.rng import Stream
from roguelike.engine.traps.area import room_squares
from roguelike.engine.traps.make import make_trap
from roguelike.world import tiles as T
from roguelike.world.level import Level, Room
from roguelike.world.paths import UNREACHABLE, distance_map

SQUARE_TRY_CHANCE = (1, 3)  # each "one per 50 floor squares" slot is filled on 1 in 3 (choice)


def rank_table(content: Content) -> dict[tuple[int, int], TrapDef]:
    return {(t.rank, t.d12): t for t in content.traps.values()
            if t.rank is not None and t.d12 is not None}


def square_pool(content: Content) -> list[TrapDef]:
    """Trap squares draw uniformly from every profile placed on squares or either (choice)."""
    return sorted((t for t in content.traps.values()
                   if t.placement in ("square", "either") and t.roll is None),
                  key=lambda t: t.id)


def _room_floor(level: Level, room: Room) -> list[tuple[int, int]]:
    return [p for p in room.squares() if level.room_at(*p) == room.id
            and level.tile(*p) == T.FLOOR]


def _trap_point(level: Level, room: Room, profile: TrapDef, rng: Stream
                ) -> tuple[int, int] | None:
    floor = _room_floor(level, room)
    if profile.trigger == "door":
        doors = sorted(d for d in level.doors if any(
            level.room_at(d[0] + dx, d[1] + dy) == room.id
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))))
        if doors:
            return rng.choice(doors)
    if profile.area.shape == "wall_adjacent":
        by_wall = [p for p in floor if any(level.tile(p[0] + dx, p[1] + dy) == T.WALL
                                           for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))]
        floor = by_wall or floor
    return rng.choice(floor) if floor else None


def seals_for_good(profile: TrapDef) -> bool:
    """Whether the trap leaves its whole room blocked for good (seed 000's Dropping
    Ceiling: "Passage through the room is then blocked"): a permanent `blocked` hazard
    nobody can clear, over the room."""
    return profile.area.shape == "room" and any(
        step.get("op") == "hazard" and step.get("kind") == "blocked"
        and step.get("rounds") == "permanent" and not step.get("clear_by_people")
        for step in profile.effect)


def cuts_the_level(level: Level, room: int) -> bool:
    """Whether blocking `room` would part walkable ground that is joined today (the
    stairs from each other, from the Camp, or from the goal, placed later)."""
    walk = T.WALKABLE[level.tiles].astype("int16")
    inside = room_squares(level, room)
    for x, y in inside:
        walk[y, x] = 0
    start = level.stairs_up if level.stairs_up and walk[level.stairs_up[1],
                                                         level.stairs_up[0]] else None
    down = level.stairs_down
    if start is None or (down and not walk[down[1], down[0]]):
        return True  # (the room holds a stair: blocking it shuts the way in or on)
    before = distance_map(T.WALKABLE[level.tiles].astype("int16"), [start]) < UNREACHABLE
    after = distance_map(walk, [start]) < UNREACHABLE
    for x, y in inside:
        before[y, x] = False
    return bool((before & ~after).any())


def parts_ground(level: Level, squares: list[tuple[int, int]]) -> bool:
    """Whether blocking `squares` would part walkable ground that is joined today: a
    stair among them, or walkable squares beside them that no way joins once they are
    blocked (a way between any two squares that passed through them passes beside them)."""
    if any(s in squares for s in (level.stairs_up, level.stairs_down) if s):
        return True
    walk = T.WALKABLE[level.tiles].astype("int16")
    blocked = set(squares)
    for x, y in squares:
        walk[y, x] = 0
    beside = sorted({(x + dx, y + dy) for x, y in squares for dx in (-1, 0, 1)
                     for dy in (-1, 0, 1)
                     if (x + dx, y + dy) not in blocked and level.is_walkable(x + dx, y + dy)})
    if len(beside) < 2:
        return False
    reach = distance_map(walk, beside[:1])
    return any(reach[y, x] >= UNREACHABLE for x, y in beside[1:])


def stock_room_traps(store: EntityStore, content: Content, level: Level, rng: Stream
                     ) -> list[int]:
    stocking = content.trap_stocking
    table = rank_table(content)
    ranks = stocking.ranks_for(level.depth)
    made = []
    for room in level.rooms:
        if room.id == level.camp_room:
            continue
        if not rng.chance(*stocking.room_trap_chance):
            continue
        rank = ranks[rng.d(6) - 1]
        d12 = rng.d(12)
        profile = table[(rank, d12)]
        if seals_for_good(profile) and cuts_the_level(level, room.id):
            continue  # (RULES.md: no stair, Camp or goal cut off for the rest of the game)
        point = _trap_point(level, room, profile, rng)
        if point is None:
            continue
        made.append(make_trap(store, content, profile, Position(level.depth, *point),
                              placement="room", room=room.id, rng=rng, rank=rank, d12=d12))
    return made


def dead_end_exclusion(level: Level, radius: int) -> set[tuple[int, int]]:
    """Squares of corridors that lead to a dead end, and those within `radius` of where
    such a corridor begins."""
    walk = T.WALKABLE[level.tiles]
    h, w = walk.shape

    def exits(x: int, y: int) -> list[tuple[int, int]]:
        return [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= x + dx < w and 0 <= y + dy < h and walk[y + dy, x + dx]]

    banned: set[tuple[int, int]] = set()
    ys, xs = (level.tiles == T.CORRIDOR).nonzero()
    for x, y in zip(xs.tolist(), ys.tolist(), strict=True):
        if len(exits(x, y)) != 1:
            continue
        hall = [(x, y)]
        prev, cur = (x, y), exits(x, y)[0]
        while level.tile(*cur) == T.CORRIDOR and len(exits(*cur)) == 2 and len(hall) < 200:
            hall.append(cur)
            nxt = [p for p in exits(*cur) if p != prev]
            prev, cur = cur, nxt[0]
        banned.update(hall)
        ex, ey = hall[-1]
        banned.update((ex + dx, ey + dy) for dy in range(-radius, radius + 1)
                      for dx in range(-radius, radius + 1))
    return banned


def stock_trap_squares(store: EntityStore, content: Content, level: Level, rng: Stream,
                       taken: list[tuple[int, int]]) -> list[int]:
    stocking = content.trap_stocking
    mk = stocking.mage_knight
    pool = square_pool(content)
    banned = dead_end_exclusion(level, mk.dead_end_exclusion_radius)
    camp = level.camp_room
    mask = ((level.tiles == T.FLOOR) | (level.tiles == T.CORRIDOR)) \
        & (level.room_map != camp)
    for x, y in [*banned, *taken]:
        if level.in_bounds(x, y):
            mask[y, x] = False
    ys, xs = mask.nonzero()  # row by row, as a scan of the map
    candidates = list(zip(xs.tolist(), ys.tolist(), strict=True))
    placed: list[tuple[int, int]] = []
    made = []
    for _slot in range(level.floor_squares() // mk.floor_squares_per_trap):
        if not candidates or not rng.chance(*SQUARE_TRY_CHANCE):
            continue
        spot = rng.choice(candidates)
        if any(max(abs(spot[0] - p[0]), abs(spot[1] - p[1])) < mk.min_trap_spacing
               for p in placed):
            continue  # too close to another trap square: this slot stays empty
        placed.append(spot)
        profile = pool[rng.below(len(pool))]
        room = level.room_at(*spot)
        made.append(make_trap(store, content, profile, Position(level.depth, *spot),
                              placement="square", room=-1 if room is None else room, rng=rng))
    return made


def stock_traps(store: EntityStore, content: Content, level: Level, seed: str) -> list[int]:
    """Every trap of a freshly generated level; returns the trap entities."""
    if content.trap_stocking is None:
        return []
    rng = Stream(seed, f"level/{level.depth}/traps")
    rooms = stock_room_traps(store, content, level, rng)
    taken = [store.get(e, Position).xy for e in rooms]
    return rooms + stock_trap_squares(store, content, level, rng, taken)
