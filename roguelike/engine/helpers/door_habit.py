"""The way through a locked or stuck door the player chose at the last one, taken again
at the next without asking (bookkeeping found in play).

`o` asked at every locked door, and players answered Enter every time (the lead's games:
a dozen doors a level on depth 2 and deeper). As DCSS remembers an answer the player gave
(its travel and explore prompts are asked once), the chosen way is kept per kind of door
(locked, stuck) for the game, and taken again at the next door of that kind when the same
delver can do it the same way; the walk says so, and any key stops it, so `a` at the door
chooses another way. Where that way is not on offer (another delver's job, or a stuck
door after a locked one) the question is asked, and the new answer is kept instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar


class Way(Protocol):
    """One way past a door: who does what (autoexplore.Plan)."""

    @property
    def worker(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def label(self) -> str: ...


W = TypeVar("W", bound=Way)


@dataclass
class DoorHabit:
    """The player's way at each kind of door ('locked', 'stuck'): (delver, action kind)."""

    usual: dict[str, tuple[int, str]] = field(default_factory=dict)

    def remember(self, what: str, way: Way) -> None:
        self.usual[what] = (way.worker, way.kind)

    def pick(self, what: str, ways: Sequence[W]) -> W | None:
        """The way among `ways` the player chose at the last `what` door; None when it is
        not on offer (or none was chosen yet): then the player is asked."""
        usual = self.usual.get(what)
        return next((w for w in ways if (w.worker, w.kind) == usual), None)

    @staticmethod
    def words(what: str, way: Way) -> str:
        return (f"{way.label}, as at the last {what} door: tried until it works (any key "
                "stops; a beside the door chooses another way).")
