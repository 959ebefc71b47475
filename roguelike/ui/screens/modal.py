"""The base of every modal screen: it closes once, and it can keep clear of what it is about.

Keys come in faster than a screen closes: a second Enter or Escape (a player mashing the key,
or a terminal repeating it) can reach a modal screen after its first one began to close it.
Textual would then pop a second screen, the game or the menu beneath, and could leave no
screen at all (a blank, frozen terminal; the monkey test found it on the end-of-game screen).

A dialog about something on the map (the door being acted on, the trap about to be stepped
on, the party that fell) is given those screen rows with `keep_clear`: it then sits above or
below them, whichever side has more room, and no taller than that side.
"""

from __future__ import annotations

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, ScreenResultType
from textual.widget import Widget


class Modal(ModalScreen[ScreenResultType]):
    clear_rows: tuple[int, int] | None = None  # (first, last) screen rows not to cover

    def dismiss(self, result: ScreenResultType | None = None) -> AwaitComplete:
        if self.is_attached and self.app.screen is self:
            return super().dismiss(result)
        return AwaitComplete()  # closing already, or not on top: nothing more to close

    def keep_clear(self, rows: tuple[int, int] | None) -> Modal[ScreenResultType]:
        """Place the dialog away from these screen rows (None: where its CSS puts it)."""
        self.clear_rows = rows
        return self

    def on_mount(self) -> None:
        self.place()

    def on_resize(self) -> None:
        self.place()

    def place(self) -> None:
        if self.clear_rows is None or not self.children:
            return
        first, last = self.clear_rows
        height = self.app.size.height
        above, below = max(0, first), max(0, height - last - 1)
        box = self.children[0]
        if above >= below:
            self.styles.align_vertical = "top"
            room = above
        else:
            self.styles.align_vertical = "bottom"
            room = below
        box.styles.max_height = max(3, room)
        self.fit(box, max(3, room))

    def fit(self, box: Widget, rows: int) -> None:
        """Subclasses with a list shrink it to `rows` for the whole dialog."""
