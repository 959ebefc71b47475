"""The message log: newest at the bottom, this action's messages bright, older ones dim.

In accessible mode (`plain`) every line has the same plain style, so nothing is conveyed by
colour alone, and the screen puts the terminal cursor at the end of the newest line.
"""

from __future__ import annotations

import textwrap

from rich.style import Style

from roguelike.ui.lines import LinesWidget, Part

KEEP = 400
PINNED = Style(color="#87afff", bold=True)  # the status line's hint colour


class LogView(LinesWidget):
    DEFAULT_CSS = """
    LogView { width: 100%; height: 5; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.messages: list[tuple[str, int]] = []  # (text, generation)
        self.generation = 0
        self.plain = False
        self.pinned = ""  # a prompt too long for the status line, shown whole at the bottom
        self._version = 0  # counts the additions that change what the lines show
        self._fresh = False  # the newest batch has lines (shown bright until the next)

    def pin(self, text: str) -> None:
        if text != self.pinned:
            self.pinned = text
            self.update_lines()

    def add(self, texts: list[str]) -> None:
        self.generation += 1
        fresh = [(t, self.generation) for t in texts if t]
        if fresh or self._fresh:  # (an empty batch after an empty one dims nothing)
            self._version += 1
        self._fresh = bool(fresh)
        self.messages += fresh
        del self.messages[:-KEEP]
        self.update_lines()

    def drawn_from(self) -> object:
        return self.pinned, self.plain, self._version

    def newest(self) -> list[str]:
        """The messages of the latest batch (the last action's)."""
        return [text for text, gen in self.messages if gen == self.generation]

    def build(self, width: int, height: int) -> list[list[Part]]:
        lines: list[list[Part]] = []
        if self.pinned:
            for piece in reversed(textwrap.wrap(self.pinned, max(10, width - 1))):
                lines.append([(piece, PINNED)])
        for text, gen in reversed(self.messages):
            fresh = gen == self.generation or self.plain
            style = Style(color="white") if fresh else Style(color="#808080")
            wrapped = textwrap.wrap(text, max(10, width - 1)) or [""]
            for piece in reversed(wrapped):
                lines.append([(piece, style)])
            if len(lines) >= height:
                break
        return list(reversed(lines[:height]))

    def last_text_end(self) -> tuple[int, int]:
        """(row, column) just after the newest message's text, for the terminal cursor."""
        for row in range(len(self._lines) - 1, -1, -1):
            width = sum(len(text) for text, _ in self._lines[row])
            if width:
                return row, min(width, max(0, self.size.width - 1))
        return 0, 0
