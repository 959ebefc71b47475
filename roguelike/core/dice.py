"""Dice expressions such as '2d6', 'd3', '1d6+1' and plain numbers, rolled on a stream."""

from __future__ import annotations

import re

from roguelike.core.lean_dataclass import dataclass
from roguelike.core.rng import Stream

_DICE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")
_NUM = re.compile(r"^\s*-?\d+\s*$")


@dataclass(frozen=True, slots=True)
class Dice:
    count: int
    sides: int
    bonus: int = 0

    def roll(self, rng: Stream) -> int:
        return sum(rng.d(self.sides) for _ in range(self.count)) + self.bonus

    @property
    def minimum(self) -> int:
        return self.count + self.bonus if self.sides else self.bonus

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.bonus

    def __str__(self) -> str:
        if not self.sides:
            return str(self.bonus)
        text = f"{self.count}d{self.sides}"
        if self.bonus:
            text += f"{self.bonus:+d}"
        return text


def parse(text: str | int) -> Dice:
    """Parse a dice expression; raises ValueError naming the text when it is not one."""
    if isinstance(text, int):
        return Dice(0, 0, text)
    if _NUM.match(text):
        return Dice(0, 0, int(text))
    m = _DICE.match(text)
    if not m:
        raise ValueError(f"not a dice expression: {text!r}")
    count = int(m.group(1) or 1)
    sides = int(m.group(2))
    if count < 1 or sides < 1:
        raise ValueError(f"dice need at least one die of one side: {text!r}")
    bonus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    return Dice(count, sides, bonus)


def is_dice(text: str) -> bool:
    try:
        parse(text)
    except ValueError:
        return False
    return True
