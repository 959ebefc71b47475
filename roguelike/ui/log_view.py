"""The message log: newest at the bottom, this action's messages bright, older ones dim."""

from __future__ import annotations

import textwrap

from rich.style import Style

from roguelike.ui.lines import LinesWidget, Part

KEEP = 400


class LogView(LinesWidget):
    DEFAULT_CSS = """
    LogView { width: 100%; height: 5; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.messages: list[tuple[str, int]] = []  # (text, generation)
        self.generation = 0

    def add(self, texts: list[str]) -> None:
        self.generation += 1
        self.messages += [(t, self.generation) for t in texts if t]
        del self.messages[:-KEEP]
        self.update_lines()

    def build(self, width: int, height: int) -> list[list[Part]]:
        lines: list[list[Part]] = []
        for text, gen in reversed(self.messages):
            style = Style(color="white") if gen == self.generation else Style(color="#808080")
            wrapped = textwrap.wrap(text, max(10, width - 1)) or [""]
            for piece in reversed(wrapped):
                lines.append([(piece, style)])
            if len(lines) >= height:
                break
        return list(reversed(lines[:height]))
