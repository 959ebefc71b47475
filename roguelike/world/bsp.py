"""Binary space partition of a rectangle, as tcod.bsp.BSP.split_once lays it out.

Pure Python (the geometry is four subtractions) so that building a level needs no tcod
package import; tests/test_perf_paths.py checks it against tcod.bsp node for node.
"""

from __future__ import annotations

from collections.abc import Iterator


class BSP:
    __slots__ = ("children", "height", "width", "x", "y")

    def __init__(self, x: int, y: int, width: int, height: int) -> None:
        self.x, self.y, self.width, self.height = x, y, width, height
        self.children: tuple[BSP, ...] = ()

    def split_once(self, horizontal: bool, position: int) -> None:
        """Split at `position` (a y when horizontal, else an x); the first child is above or
        left of it, the second holds the line and what lies beyond."""
        x, y, w, h = self.x, self.y, self.width, self.height
        if horizontal:
            self.children = (BSP(x, y, w, position - y), BSP(x, position, w, y + h - position))
        else:
            self.children = (BSP(x, y, position - x, h), BSP(position, y, x + w - position, h))

    def pre_order(self) -> Iterator[BSP]:
        yield self
        for child in self.children:
            yield from child.pre_order()

    def post_order(self) -> Iterator[BSP]:
        for child in self.children:
            yield from child.post_order()
        yield self
