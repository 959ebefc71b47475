"""Tile codes of a level's numpy array and the lookup tables derived from them."""

from __future__ import annotations

import numpy as np

WALL = 0
FLOOR = 1
CORRIDOR = 2
DOORWAY = 3  # a door entity stands here; open or closed is on the entity
STAIRS_DOWN = 4
STAIRS_UP = 5

GLYPHS = {WALL: "#", FLOOR: ".", CORRIDOR: ".", DOORWAY: "+", STAIRS_DOWN: ">", STAIRS_UP: "<"}
CODES_BY_GLYPH = {"#": WALL, ".": FLOOR, ",": CORRIDOR, "+": DOORWAY, ">": STAIRS_DOWN,
                  "<": STAIRS_UP}
NAMES = {WALL: "wall", FLOOR: "floor", CORRIDOR: "corridor", DOORWAY: "doorway",
         STAIRS_DOWN: "stairs down", STAIRS_UP: "stairs up"}

WALKABLE = np.array([False, True, True, True, True, True], dtype=bool)
TRANSPARENT = np.array([False, True, True, True, True, True], dtype=bool)


# (numpy types fancy indexing as Any: the annotated local says what it gives)
def walkable(tiles: np.ndarray) -> np.ndarray:
    mask: np.ndarray = WALKABLE[tiles]
    return mask


def transparent(tiles: np.ndarray) -> np.ndarray:
    mask: np.ndarray = TRANSPARENT[tiles]
    return mask
