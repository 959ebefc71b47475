"""The map: a Line-API widget that rebuilds rows cheaply and repaints only those that changed.

It draws a MapModel (view_data.py, built by view_models.py) its screen pushes down with
`set_model` after each action, and the look/target cursor and the path or animation frame
the screen sets; a click or the mouse on a square goes up as a message. It never sees the
game.

Each frame the view works out one key per screen row (what every cell shows); rows whose key
is unchanged are not refreshed, and of a changed row only the cells that differ (lines.py's
changed_span), so a step usually repaints a few cells of two or three rows, not the screen.
"""

from __future__ import annotations

from itertools import groupby

import numpy as np
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from roguelike.ui import view_data as V
from roguelike.ui.lines import PAD, changed_span
from roguelike.ui.lines import Cell as PaintedCell
from roguelike.ui.theme import Styles
from roguelike.ui.view_data import MapModel
from roguelike.world import tiles as T

MARGIN = 5  # scroll when the focus comes this close to the edge (keeps repaints small)
Cell = tuple[str, Style]
UNDERLINED = Style(underline=True)


class MapView(Widget, can_focus=False):
    DEFAULT_CSS = """
    MapView { width: 1fr; height: 1fr; }
    """

    def __init__(self, model: MapModel, styles: Styles) -> None:
        super().__init__()
        self.model = model
        self.styles_ = styles
        self.origin = (0, 0)
        self.cursor: tuple[int, int] | None = None  # look/target cursor, map coordinates
        self.path: set[tuple[int, int]] = set()  # a line of fire or travel route to show
        self.hold_at: tuple[tuple[int, int], float] | None = None  # see hold()
        self._rows: list[Strip] = []
        self._cells: list[list[PaintedCell] | None] = []  # each row's cells, padded to the width
        self._keys: list[tuple[object, ...]] = []
        self._drawn_size = Size(0, 0)  # the size the rows were last drawn at
        self._depth = -1
        self._downed: dict[tuple[str, bool], Style] = {}
        self._build_luts()

    def _build_luts(self) -> None:
        p = self.styles_.palette
        tile_colors = {T.WALL: p.wall, T.FLOOR: p.floor, T.CORRIDOR: p.floor,
                       T.DOORWAY: p.door, T.STAIRS_DOWN: p.stairs, T.STAIRS_UP: p.stairs}
        blank = Style()
        self.lut: list[Cell] = [(" ", blank)]
        for code in range(len(T.GLYPHS)):
            self.lut.append((T.GLYPHS[code], self.styles_.fg(tile_colors[code],
                                                             bold=code >= T.STAIRS_DOWN)))
        for code in range(len(T.GLYPHS)):
            self.lut.append((T.GLYPHS[code], self.styles_.fg(p.remembered)))
        self.remembered_offset = 1 + len(T.GLYPHS)

    def set_palette(self, styles: Styles) -> None:
        self.styles_ = styles
        self._build_luts()
        self.redraw(full=True)

    def set_model(self, model: MapModel, full: bool = False) -> None:
        """Draw this level as the screen's latest snapshot shows it."""
        self.model = model
        self.redraw(full=full)

    # ----- camera ----------------------------------------------------------------------
    def focus_point(self) -> tuple[int, int]:
        return self.cursor if self.cursor is not None else self.model.focus

    def hold(self, square: tuple[int, int] | None, row_fraction: float = 0.5) -> None:
        """Keep `square` in the middle column at this fraction of the height (the end of a
        game shows where the party fell, above its dialog); None: follow the focus again."""
        self.hold_at = None if square is None else (square, row_fraction)
        self.redraw(full=True)

    def _place_camera(self, size: Size) -> bool:
        level = self.model
        fx, fy = self.focus_point()

        def axis(focus: int, origin: int, view: int, extent: int) -> int:
            if extent <= view:
                return -((view - extent) // 2)
            margin = min(MARGIN, view // 3)
            if focus < origin + margin or focus >= origin + view - margin:
                origin = focus - view // 2
            return max(0, min(origin, extent - view))

        def held(origin: int, view: int, extent: int) -> int:
            if extent <= view:
                return -((view - extent) // 2)
            return max(0, min(origin, extent - view))

        if self.hold_at is not None:
            (fx, fy), fraction = self.hold_at
            ox = held(fx - size.width // 2, size.width, level.width)
            oy = held(fy - int(size.height * fraction), size.height, level.height)
            moved = (ox, oy) != self.origin
            self.origin = (ox, oy)
            return moved
        ox = axis(fx, self.origin[0], size.width, level.width)
        oy = axis(fy, self.origin[1], size.height, level.height)
        moved = (ox, oy) != self.origin
        self.origin = (ox, oy)
        return moved

    # ----- drawing ---------------------------------------------------------------------
    def _overlay(self) -> dict[tuple[int, int], Cell]:
        """The model's sprites in this palette, keyed by map square, with the path (or the
        animation's frame) and the cursor over them."""
        p = self.styles_.palette
        fg = self.styles_.fg
        out: dict[tuple[int, int], Cell] = {}
        for sprite in self.model.sprites:
            look = sprite.look
            if look == V.DOWNED:
                style = self._downed_style(reverse=sprite.acting)
            else:
                color = (p.party.get(sprite.colour, "white") if look == V.DELVER
                         else sprite.colour if look == V.OWN
                         else p.pillager if look == V.PILLAGER
                         else p.monster if look == V.MONSTER
                         else p.remembered)
                style = fg(color, bold=sprite.bold, reverse=sprite.acting)
            out[sprite.x, sprite.y] = (sprite.glyph, style)
        hl = fg(p.highlight, reverse=True)
        for xy in self.path:
            glyph = out[xy][0] if xy in out else "*"
            out[xy] = (glyph, fg(p.highlight, bold=True))
        if self.cursor is not None:
            glyph = out[self.cursor][0] if self.cursor in out else "X"
            out[self.cursor] = (glyph, hl)
        return out

    def _downed_style(self, reverse: bool) -> Style:
        """A knocked-out or disabled delver: its letter in the wound colour, underlined so
        it reads without colour too."""
        key = (self.styles_.palette.name, reverse)
        style = self._downed.get(key)
        if style is None:
            style = self.styles_.fg(self.styles_.palette.crossed, bold=True,
                                    reverse=reverse) + UNDERLINED
            self._downed[key] = style
        return style

    def redraw(self, full: bool = False) -> None:
        """Rebuild the rows and refresh just the ones that changed."""
        size = self.size
        if size.width <= 0 or size.height <= 0:
            return
        level = self.model
        if level.depth != self._depth:
            self._depth, full = level.depth, True
        full = self._place_camera(size) or full or len(self._keys) != size.height
        ox, oy = self.origin
        width = size.width
        # the codes of the squares in view only (a level is larger than the window)
        x0, x1 = max(0, ox), min(level.width, ox + width)
        y0, y1 = max(0, oy), min(level.height, oy + size.height)
        window = (slice(y0, y1), slice(x0, x1))
        tiles = level.tiles[window]
        codes = np.where(level.visible[window], tiles + 1,
                         np.where(level.explored[window], tiles + self.remembered_offset, 0))
        overlay = self._overlay()
        by_row: dict[int, dict[int, Cell]] = {}
        for (x, y), cell in overlay.items():
            by_row.setdefault(y, {})[x] = cell
        rows: list[Strip] = []
        row_cells: list[list[PaintedCell] | None] = []
        keys: list[tuple[object, ...]] = []
        lut = self.lut
        for sy in range(size.height):
            my = oy + sy
            if not y0 <= my < y1:
                keys.append(("blank", width))
                rows.append(Strip.blank(width))
                row_cells.append(None)
                continue
            codes_row = codes[my - y0]
            over = by_row.get(my, {})
            # the codes' bytes: an unchanged row is known without a list of its cells
            key = (ox, codes_row.tobytes(), tuple(sorted(over.items())))
            keys.append(key)
            if not full and sy < len(self._keys) and self._keys[sy] == key:
                rows.append(self._rows[sy])
                row_cells.append(self._cells[sy])
                continue
            row_codes = codes_row.tolist()
            cells: list[Cell] = [(" ", Style())] * (x0 - ox)
            for i, c in enumerate(row_codes):
                cells.append(over.get(x0 + i) or lut[c])
            segments = [Segment("".join(ch for ch, _ in run), style)
                        for style, run in ((s, list(r)) for s, r in
                                           groupby(cells, key=lambda cell: cell[1]))]
            rows.append(Strip(segments, len(cells)).extend_cell_length(width)
                        .crop(0, width))
            padded: list[PaintedCell] = [*cells, *[PAD] * (width - len(cells))]
            row_cells.append(padded[:width])
        old_keys, old_cells = self._keys, self._cells
        self._rows, self._keys, self._cells = rows, keys, row_cells
        self._drawn_size = size
        if full:
            self.refresh()
            return
        for sy, row_key in enumerate(keys):
            if sy >= len(old_keys) or old_keys[sy] != row_key:
                span = changed_span(old_cells[sy] if sy < len(old_cells) else None,
                                    row_cells[sy], width)
                if span is not None:
                    self.refresh(Region(span[0], sy, span[1], 1))

    def on_resize(self) -> None:
        # a game's first layout sizes the map after its model has drawn it (at that very
        # size): only a new size needs new rows
        if self.size != self._drawn_size:
            self.redraw(full=True)

    def render_line(self, y: int) -> Strip:
        if y < len(self._rows):
            return self._rows[y]
        return Strip.blank(self.size.width)

    def screen_to_map(self, sx: int, sy: int) -> tuple[int, int]:
        return (sx + self.origin[0], sy + self.origin[1])

    # ----- the mouse: the square pointed at goes up to the screen --------------------------
    class Pointed(Message):
        """The mouse is on a square of the level (map coordinates): clicked, or moved onto."""

        def __init__(self, x: int, y: int, clicked: bool) -> None:
            super().__init__()
            self.x, self.y, self.clicked = x, y, clicked

    def _square(self, event: events.MouseEvent) -> tuple[int, int] | None:
        x, y = self.screen_to_map(event.x, event.y)
        return (x, y) if self.model.in_bounds(x, y) else None

    def on_click(self, event: events.Click) -> None:
        square = self._square(event)
        if square is not None:
            event.stop()  # the screen hears of the square instead of a bare click
            self.post_message(self.Pointed(*square, clicked=True))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        square = self._square(event)
        if square is not None:
            self.post_message(self.Pointed(*square, clicked=False))
