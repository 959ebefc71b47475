"""A Line-API widget showing a list of styled lines, repainting only rows that changed.

The party panel, the log and the status bar are all lists of short lines; sharing this keeps
each keypress's screen update to the rows that really differ.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

Part = tuple[str, Style]
BLANK = Style()  # shared: equal parts compare fast, and no Style is built per frame


def strip(parts: list[Part], width: int) -> Strip:
    segs = [Segment(text, style) for text, style in parts if text]
    return Strip(segs).extend_cell_length(width).crop(0, width)


class LinesWidget(Widget, can_focus=False):
    def __init__(self) -> None:
        super().__init__()
        self._lines: list[list[Part]] = []
        self._strips: list[Strip] = []
        self._width = -1

    def build(self, width: int, height: int) -> list[list[Part]]:
        """Subclasses return the lines to show for a given size."""
        raise NotImplementedError

    def update_lines(self) -> None:
        width, height = self.size.width, self.size.height
        if width <= 0 or height <= 0:
            return
        lines = self.build(width, height)[:height]
        lines += [[] for _ in range(height - len(lines))]
        full = width != self._width or len(lines) != len(self._lines)
        old, old_strips = self._lines, self._strips
        self._lines, self._width = lines, width
        if full:
            self._strips = [strip(parts, width) for parts in lines]
            self.refresh()
            return
        # only rows whose parts differ are rebuilt and repainted
        strips = []
        for y, parts in enumerate(lines):
            if old[y] == parts:
                strips.append(old_strips[y])
            else:
                strips.append(strip(parts, width))
                self.refresh(Region(0, y, width, 1))
        self._strips = strips

    def on_resize(self) -> None:
        self._width = -1
        self.update_lines()

    def render_line(self, y: int) -> Strip:
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width)
