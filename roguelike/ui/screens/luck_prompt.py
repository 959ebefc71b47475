"""The luck prompt: a failed roll that luck could still turn (DungeonPunk luck, 1:1)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from roguelike.ui.screens.modal import Modal


class LuckPrompt(Modal[bool]):
    """Dismissed with True to spend the luck, False to keep the roll."""

    BINDINGS = [Binding("y,enter", "answer(True)", "Spend"),
                Binding("n,escape,k", "answer(False)", "Keep")]
    # at the top of the map: the log's line that explains the roll stays in view below
    DEFAULT_CSS = """
    LuckPrompt { align: center top; }
    LuckPrompt > Static { width: auto; max-width: 78; border: round $warning;
                          background: $surface; padding: 0 1; margin-top: 1; }
    """

    def __init__(self, who: str, label: str, roll: str, need: int, cost: int, luck: int
                 ) -> None:
        super().__init__()
        self.text = (f"{who}: {label} failed (rolled {roll}, needs {need}).\n"
                     f"Spend {cost} of {luck} luck to make it succeed?  "
                     "[b]y[/b] spend  [b]n[/b] keep the roll")

    def compose(self) -> ComposeResult:
        yield Static(self.text)

    def action_answer(self, spend: bool) -> None:
        self.dismiss(spend)
