"""A one-line chooser for a delver's class: "◂ Warrior ▸", turned with ←/→ (or h/l).

The party screen had a Textual `Select` for each role; three of them were about 48 of the
screen's 130 ms (headless), the most of what a hosted game spends before its first screen.
This is one line of text: ←/→ and h/l turn it through the classes (wrapping round), the
first letter of a class jumps to it (h and l stay the turning keys), and a click on ◂ or ▸
turns it. Its focus is drawn by its screen (reverse video, beside the role's mark).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget


class ClassChooser(Widget, can_focus=True):
    BINDINGS = [Binding("left,h", "turn(-1)", "Previous class", show=False),
                Binding("right,l", "turn(1)", "Next class", show=False)]
    DEFAULT_CSS = """
    ClassChooser { height: 1; }
    ClassChooser:focus { text-style: reverse bold; }
    """

    class Changed(Message):
        """The chooser was turned to another class."""

        def __init__(self, chooser: ClassChooser, value: str) -> None:
            super().__init__()
            self.chooser = chooser
            self.value = value

        @property
        def control(self) -> ClassChooser:
            return self.chooser

    def __init__(self, choices: Sequence[tuple[str, str]], value: str, *,
                 id: str | None = None, classes: str | None = None) -> None:
        """`choices`: (name shown, value) in the order ←/→ go; `value` one of theirs."""
        super().__init__(id=id, classes=classes)
        self._choices = list(choices)
        self._at = [v for _name, v in self._choices].index(value)
        # every name drawn at the longest one's width, so ▸ stays where a click finds it
        self._width = max(len(name) for name, _v in self._choices)
        self.styles.width = self._width + 4

    @property
    def value(self) -> str:
        return self._choices[self._at][1]

    def render(self) -> Text:
        return Text(f"◂ {self._choices[self._at][0].center(self._width)} ▸")

    def _turn_to(self, at: int) -> None:
        at %= len(self._choices)
        if at != self._at:
            self._at = at
            self.refresh()
            self.post_message(self.Changed(self, self.value))

    def action_turn(self, step: int) -> None:
        self._turn_to(self._at + step)

    def on_key(self, event: events.Key) -> None:
        """A letter jumps to the next class (after this one) whose name begins with it."""
        letter = (event.character or "").lower()
        if not letter.isalpha() or len(letter) != 1:
            return
        count = len(self._choices)
        for step in range(1, count + 1):
            if self._choices[(self._at + step) % count][0].lower().startswith(letter):
                event.stop()
                self._turn_to(self._at + step)
                return

    def on_click(self, event: events.Click) -> None:
        if event.x <= 1:
            self.action_turn(-1)
        elif event.x >= self._width + 2:
            self.action_turn(1)
