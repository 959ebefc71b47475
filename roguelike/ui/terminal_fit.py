"""What every app of the game does about the terminal it finds itself in.

- NO_COLOR: Textual's monochrome filter fails on segments without a style (Textual 8:
  `'NoneType' object has no attribute 'color'`), which the game's own widgets draw; a
  filter that gives them a plain style stands in for it.
- The colours the terminal can show (`colour_depth`): the palettes are drawn in 16
  colours or in greys where that is all there is (ui/theme.py).
- A window smaller than the game needs: a screen over everything says so, follows the
  window as it is resized, and goes away when the game fits; the screens under it wait.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.color import Color
from textual.filter import LineFilter, Monochrome
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from roguelike.crash import report
from roguelike.ui.theme import Depth, depth_for

MIN_COLS, MIN_ROWS = 80, 24  # every prompt and panel holds at 80x24 (issue 18, point 6)
_PLAIN = Style()


class SafeMonochrome(Monochrome):
    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return super().apply([Segment(text, style or _PLAIN, control)
                              for text, style, control in segments], background)


def too_small_text(size: Size) -> str:
    return (f"This window is {size.width}x{size.height}; Traps & Treasure needs at least "
            f"{MIN_COLS}x{MIN_ROWS}.\n\nMake the window larger: the game waits for you "
            "here.\n(Ctrl+Q quits.)")


def fits(size: Size) -> bool:
    return size.width >= MIN_COLS and size.height >= MIN_ROWS


class TooSmall(Screen[None]):
    SCOPED_CSS = False  # the rule is about screens, not about this class
    DEFAULT_CSS = """
    TooSmall { align: center middle; background: $background; }
    TooSmall > Static { width: 100%; height: auto; text-align: center; }
    """

    def compose(self) -> ComposeResult:
        yield Static(too_small_text(self.app.size), id="too-small")

    def show(self, size: Size) -> None:
        self.query_one("#too-small", Static).update(too_small_text(size))

    def on_screen_resume(self) -> None:
        if fits(self.app.size):  # uncovered after the window grew under another screen
            self.dismiss()
        else:
            self.show(self.app.size)


class TerminalFit(App[None]):
    """Mixed into each of the game's apps, before textual.App."""

    # A dialog dims the screen under it by blending its colours toward the background; in
    # 16 colours or greys the blend lands on black and the map under a dialog vanishes.
    SCOPED_CSS = False  # the rule is about screens, not about this class
    DEFAULT_CSS = """
    App.-few-colours ModalScreen { background: $background 0%; }
    """

    _mono = SafeMonochrome()
    _fitting = False  # from the end of on_mount: a resize before it has no screens to cover

    def _fatal_error(self) -> None:
        """An unhandled exception (Textual 8 calls this from inside its except block): the
        report goes to the logs folder, and the player reads one paragraph instead of a
        traceback with every local variable. The app exits with code 1 as before."""
        exc = sys.exc_info()[1]
        if exc is None:
            super()._fatal_error()
            return
        self.bell()
        self.panic(Text(f"roguelike: {report(exc)}"))  # Text: no markup in the message

    def get_line_filters(self) -> Sequence[LineFilter]:
        return [self._mono if type(f) is Monochrome else f for f in super().get_line_filters()]

    def colour_depth(self) -> Depth:
        return depth_for(self.console.color_system, self.no_color)

    def on_mount(self) -> None:
        # after the app's own on_mount has opened its screens (the subclass's runs first)
        self._fitting = True
        self.set_class(self.colour_depth() != "full", "-few-colours")
        self.fit_window(self.size)

    def on_resize(self, event: events.Resize) -> None:
        self.fit_window(event.size)

    def fit_window(self, size: Size) -> None:
        if not self._fitting:
            return
        top = self.screen_stack[-1] if self.screen_stack else None
        if fits(size):
            if isinstance(top, TooSmall):
                self.pop_screen()
        elif isinstance(top, TooSmall):
            top.show(size)
        else:
            self.push_screen(TooSmall())
