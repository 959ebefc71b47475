"""Words the game's messages share: counts with their plurals, and where a square lies.

Every message that counts something ("1 square", "3 rounds") or points somewhere ("4 squares
north-east") goes through here, so none says "1 squares" or gives raw coordinates.
"""

from __future__ import annotations

COMPASS = {(0, -1): "north", (0, 1): "south", (1, 0): "east", (-1, 0): "west",
           (1, -1): "north-east", (-1, -1): "north-west", (1, 1): "south-east",
           (-1, 1): "south-west"}
IRREGULAR = {"box": "boxes", "luck": "luck", "gp": "gp", "XP": "XP"}


def plural(n: int, noun: str, many: str = "") -> str:
    """'1 square', '2 squares', '0 squares'; `many` for a plural not made with -s."""
    if n == 1 or n == -1:
        return f"{n} {noun}"
    return f"{n} {many or IRREGULAR.get(noun) or noun + 's'}"


def compass(dx: int, dy: int) -> str:
    """The rough compass point of an offset ('' for none): diagonal when the smaller part
    is at least half the larger."""
    sx = (dx > 0) - (dx < 0) if 2 * abs(dx) >= abs(dy) else 0
    sy = (dy > 0) - (dy < 0) if 2 * abs(dy) >= abs(dx) else 0
    return COMPASS.get((sx, sy), "")


def direction_words(a: tuple[int, int], b: tuple[int, int]) -> str:
    """'4 squares north-east' from a to b: the rough compass point and the range."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    dist = max(abs(dx), abs(dy))
    if dist == 0:
        return "here"
    return f"{plural(dist, 'square')} {compass(dx, dy)}"
