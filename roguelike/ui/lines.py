"""A Line-API widget showing a list of styled lines, repainting only the cells that changed.

The party panel, the log and the status bar are all lists of short lines; sharing this keeps
each keypress's screen update to the cells that really differ: Textual writes every cell of a
refreshed region, so a whole row refreshed for one changed digit cost its full width in
bytes (issue 31: 393 bytes a step at 120x40, most of them unchanged map and status cells).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

Part = tuple[str, Style]
BLANK = Style()  # shared: equal parts compare fast, and no Style is built per frame
Cell = tuple[str, Style | None]
PAD: Cell = (" ", None)  # a cell past a row's text (Strip.extend_cell_length's blank)


def cells_of(parts: list[Part], width: int) -> list[Cell] | None:
    """One (character, style) per screen cell, padded to `width`; None when a character
    is not one cell wide (then columns are not characters: refresh the whole row)."""
    cells: list[Cell] = []
    for text, style in parts:
        if cell_len(text) != len(text):
            return None
        cells.extend((ch, style) for ch in text)
    return (cells + [PAD] * (width - len(cells)))[:width]


def changed_span(old: Sequence[Cell] | None, new: Sequence[Cell] | None,
                 width: int) -> tuple[int, int] | None:
    """(first column, width) of the part of a row that differs; the whole row when either
    side is unknown or of another width; None when nothing differs."""
    if old is None or new is None or len(old) != len(new) or len(new) != width:
        return 0, width
    lo = 0
    while lo < width and old[lo] == new[lo]:
        lo += 1
    if lo == width:
        return None
    hi = width
    while old[hi - 1] == new[hi - 1]:
        hi -= 1
    return lo, hi - lo


def strip(parts: list[Part], width: int) -> Strip:
    segs = [Segment(text, style) for text, style in parts if text]
    return Strip(segs).extend_cell_length(width).crop(0, width)


class LinesWidget(Widget, can_focus=False):
    def __init__(self) -> None:
        super().__init__()
        self._lines: list[list[Part]] = []
        self._cells: list[list[Cell] | None] = []
        self._strips: list[Strip] = []
        self._width = -1
        self._drawn: tuple[int, int, object] | None = None  # see drawn_from()

    def build(self, width: int, height: int) -> list[list[Part]]:
        """Subclasses return the lines to show for a given size."""
        raise NotImplementedError

    def drawn_from(self) -> object:
        """Everything `build` reads besides the size, where a subclass can name it: a
        widget whose source is unchanged is not rebuilt (a step changes the sidebar's
        panels rarely, and rebuilding them was a fifth of the game's time a key). None:
        rebuilt every time."""
        return None

    def update_lines(self) -> None:
        width, height = self.size.width, self.size.height
        if width <= 0 or height <= 0:
            return
        source = self.drawn_from()
        drawn = None if source is None else (width, height, source)
        if drawn is not None and drawn == self._drawn:
            return
        self._drawn = drawn
        lines = self.build(width, height)[:height]
        lines += [[] for _ in range(height - len(lines))]
        full = width != self._width or len(lines) != len(self._lines)
        old, old_strips, old_cells = self._lines, self._strips, self._cells
        self._lines, self._width = lines, width
        if full:
            self._strips = [strip(parts, width) for parts in lines]
            self._cells = [cells_of(parts, width) for parts in lines]
            self.refresh()
            return
        # only rows whose parts differ are rebuilt, and only their changed cells repainted
        strips, cells = [], []
        for y, parts in enumerate(lines):
            if old[y] == parts:
                strips.append(old_strips[y])
                cells.append(old_cells[y])
                continue
            strips.append(strip(parts, width))
            cells.append(cells_of(parts, width))
            span = changed_span(old_cells[y], cells[-1], width)
            if span is not None:
                self.refresh(Region(span[0], y, span[1], 1))
        self._strips, self._cells = strips, cells

    def on_resize(self) -> None:
        self._width, self._drawn = -1, None
        self.update_lines()

    def render_line(self, y: int) -> Strip:
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width)
