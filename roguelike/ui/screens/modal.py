"""The base of every modal screen: it closes once.

Keys come in faster than a screen closes: a second Enter or Escape (a player mashing the key,
or a terminal repeating it) can reach a modal screen after its first one began to close it.
Textual would then pop a second screen, the game or the menu beneath, and could leave no
screen at all (a blank, frozen terminal; the monkey test found it on the end-of-game screen).
"""

from __future__ import annotations

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, ScreenResultType


class Modal(ModalScreen[ScreenResultType]):
    def dismiss(self, result: ScreenResultType | None = None) -> AwaitComplete:
        if self.is_attached and self.app.screen is self:
            return super().dismiss(result)
        return AwaitComplete()  # closing already, or not on top: nothing more to close
