"""The host's copy of a game's screen (pyte), and a full repaint of it as ANSI text.

A watcher joining, or a player reattaching, gets this repaint at once instead of waiting
for the game to redraw everything.
"""

from __future__ import annotations

from functools import partial
from itertools import repeat

import pyte
from pyte import graphics
from pyte import modes as mo
from pyte.screens import Char, wcwidth

_FG = {name: code for code, name in {**graphics.FG_ANSI, **graphics.FG_AIXTERM}.items()}
_BG = {name: code for code, name in {**graphics.BG_ANSI, **graphics.BG_AIXTERM}.items()}
_INDEX: dict[str, int] = {}  # a 256-colour's hex -> its first index
for _i, _hex in enumerate(graphics.FG_BG_256):
    _INDEX.setdefault(_hex, _i)


def _color(value: str, table: dict[str, int], base: int) -> list[str]:
    if value in table:
        return [str(table[value])]
    if value in _INDEX:
        return [str(base), "5", str(_INDEX[value])]
    if len(value) == 6:
        try:
            r, g, b = (int(value[i:i + 2], 16) for i in (0, 2, 4))
        except ValueError:
            return []
        return [str(base), "2", str(r), str(g), str(b)]
    return []


def sgr(char: pyte.screens.Char) -> str:
    codes = ["0"]
    for flag, code in ((char.bold, "1"), (char.italics, "3"), (char.underscore, "4"),
                       (char.blink, "5"), (char.reverse, "7"), (char.strikethrough, "9")):
        if flag:
            codes.append(code)
    if char.fg != "default":
        codes += _color(char.fg, _FG, 38)
    if char.bg != "default":
        codes += _color(char.bg, _BG, 48)
    return "\x1b[" + ";".join(codes) + "m"


_CHAR = partial(tuple.__new__, Char)


def _narrow(text: str) -> bool:
    """Is every character one column wide (and printable)?"""
    return text.isprintable() and (text.isascii() or all(wcwidth(c) == 1 for c in text))


class FastScreen(pyte.Screen):
    """pyte's Screen, with a fast way for what games draw most: runs of one-column
    characters in replace mode. pyte makes each cell with namedtuple._replace (about 5 us a
    character: a full 300x100 frame costs the host 0.2 s); here a run shares the cursor's
    attributes and each cell is one tuple. Anything else (wide or combining characters,
    insert mode, the wrap at the end of a line) is left to pyte. test_host_screen.py holds
    it to pyte.Screen on the same input."""

    def draw(self, data: str) -> None:
        text = data.translate(self.g1_charset if self.charset else self.g0_charset)
        if mo.IRM in self.mode or len(text) != len(data) or not _narrow(text):
            super().draw(data)
            return
        cursor = self.cursor
        # each cell: (character, *the cursor's attributes), built without a Python loop
        same = [repeat(value) for value in tuple(cursor.attrs)[1:]]
        line = self.buffer[cursor.y]
        done = 0
        while done < len(text):
            room = self.columns - cursor.x
            if room <= 0:  # wrapping (or not) at the line's end: pyte's own rules
                super().draw(data[done:])
                return
            x = cursor.x
            n = min(room, len(text) - done)
            cells = map(_CHAR, zip(text[done:done + n], *same, strict=False))  # repeat: endless
            line.update(zip(range(x, x + n), cells, strict=True))
            cursor.x = x + n
            done += n
        self.dirty.add(cursor.y)


class GameScreen:
    """A pyte screen fed with everything the game writes."""

    def __init__(self, cols: int, rows: int) -> None:
        self.screen = FastScreen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self._repaint: bytes | None = None  # kept until the next feed or resize

    def feed(self, data: bytes) -> None:
        self._repaint = None
        self.stream.feed(data)

    def resize(self, cols: int, rows: int) -> None:
        self._repaint = None
        self.screen.resize(rows, cols)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.columns, self.screen.lines

    def text(self) -> list[str]:
        return list(self.screen.display)

    def repaint(self) -> bytes:
        """Clear the viewer's screen and draw every cell, then put the cursor where it is.

        Kept until the screen changes: watchers joining at once share one."""
        if self._repaint is None:
            self._repaint = self._draw_all()
        return self._repaint

    def _draw_all(self) -> bytes:
        s = self.screen
        out = ["\x1b[?25l\x1b[0m\x1b[H\x1b[2J"]
        for y in range(s.lines):
            out += _row(f"\x1b[{y + 1};1H", [s.buffer[y][x] for x in range(s.columns)])
        out.append(f"\x1b[0m\x1b[{s.cursor.y + 1};{s.cursor.x + 1}H")
        if not s.cursor.hidden:
            out.append("\x1b[?25h")
        return "".join(out).encode("utf-8", "replace")

    def framed(self, cols: int, rows: int) -> bytes:
        """The game's screen for a window smaller than it (a watcher's): never wrapped, the
        game's top left as far as it fits (the map starts there), the game's last row (its
        status line: whose turn, depth, round, seed) kept on the window's next-to-last row
        with its runs of blanks squeezed so that it fits whole, and the window's last row
        left blank for the watcher's note (host/banner.py). No cursor."""
        s = self.screen
        body = max(1, rows - 1)
        shown = list(range(s.lines)) if s.lines <= body else [*range(body - 1), s.lines - 1]
        out = ["\x1b[?25l\x1b[0m\x1b[H\x1b[2J"]
        for at, y in enumerate(shown):
            cells = [s.buffer[y][x] for x in range(s.columns)]
            if y == s.lines - 1 and s.lines > body:
                cells = squeeze(cells, cols)
            out += _row(f"\x1b[{at + 1};1H", cells[:cols])
        out.append("\x1b[0m")
        return "".join(out).encode("utf-8", "replace")


def _row(move: str, cells: list[Char]) -> list[str]:
    """A row of cells as text: where it goes, each style change, the characters."""
    out = [move]
    last = ""
    for ch in cells:
        if ch.data == "":  # the right half of a wide character
            continue
        style = sgr(ch)
        if style != last:
            out.append(style)
            last = style
        out.append(ch.data)
    return out


def squeeze(cells: list[Char], width: int) -> list[Char]:
    """A row made to fit `width` by shortening its runs of three or more blanks to two,
    the longest first, as far as needed (trailing blanks go first)."""
    while len(cells) > width and cells and cells[-1].data == " ":
        cells = cells[:-1]
    while len(cells) > width:
        runs, start = [], None
        for i, ch in enumerate([*cells, None]):
            blank = ch is not None and ch.data == " "
            if blank and start is None:
                start = i
            elif not blank and start is not None:
                if i - start > 2:
                    runs.append((i - start, start))
                start = None
        if not runs:
            break
        length, start = max(runs)
        cut = min(length - 2, len(cells) - width)
        cells = cells[:start] + cells[start + cut:]
    return cells
