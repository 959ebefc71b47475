"""A generated level: numpy tile arrays, rooms, stairs and the Camp, plus what is known."""

from __future__ import annotations

from dataclasses import field

import numpy as np

from roguelike.core.lean_dataclass import dataclass
from roguelike.world import tiles as T


@dataclass(frozen=True, slots=True)
class Room:
    id: int
    x: int  # interior bounds, inclusive
    y: int
    w: int
    h: int
    kind: str = "room"  # "room" or "cave"

    @property
    def x2(self) -> int:
        return self.x + self.w - 1

    @property
    def y2(self) -> int:
        return self.y + self.h - 1

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x <= self.x2 and self.y <= y <= self.y2

    def squares(self) -> list[tuple[int, int]]:
        return [(x, y) for y in range(self.y, self.y2 + 1) for x in range(self.x, self.x2 + 1)]


@dataclass
class Level:
    depth: int
    width: int
    height: int
    tiles: np.ndarray  # uint8 [y, x]
    rooms: list[Room]
    room_map: np.ndarray  # int16 [y, x]: room id, -1 outside rooms
    doors: list[tuple[int, int]]
    stairs_up: tuple[int, int]
    stairs_down: tuple[int, int] | None
    camp_room: int
    pillager_camp_room: int
    explored: np.ndarray = field(init=False)
    door_ids: dict[tuple[int, int], int] = field(init=False)  # door entity per square

    def __post_init__(self) -> None:
        self.explored = np.zeros((self.height, self.width), dtype=bool)
        self.door_ids = {}

    def in_bounds(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def tile(self, x: int, y: int) -> int:
        return int(self.tiles[y, x])

    def is_walkable(self, x: int, y: int) -> bool:
        return self.in_bounds(x, y) and bool(T.WALKABLE[self.tiles[y, x]])

    def room_at(self, x: int, y: int) -> int | None:
        if not self.in_bounds(x, y):
            return None
        rid = int(self.room_map[y, x])
        return rid if rid >= 0 else None

    def floor_squares(self) -> int:
        return int(T.WALKABLE[self.tiles].sum())

    def rows(self) -> list[str]:
        glyph = np.array([T.GLYPHS[i] for i in range(len(T.GLYPHS))])
        return ["".join(row) for row in glyph[self.tiles]]
