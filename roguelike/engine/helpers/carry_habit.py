"""Who carries the treasure `o` finds, as the player answered at the last one, taken again
at the next without asking (bookkeeping found in play).

`o` asked at every treasure who carries it, and players pressed Enter every time (ochre
finch 5's depth 1: seven treasures, seven Enters; copper hare 9's depth 3 a dozen). As the
door habit keeps the way through a door (door_habit), the answer is kept for the game:
the first offered (the fastest delver who keeps up) or a named delver, taken again at the
next treasure while that answer is on offer; the walk says so. "Leave it lying" is a
choice about one treasure: it forgets the habit, so the next treasure is asked about. A
treasure taken unasked whose walk was stopped before it was picked up (any key) is asked
about at the next `o`: that is how the player leaves one lying.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from roguelike.engine.helpers.door_habit import Way

FASTEST = -1  # the habit of taking the first bearer offered (the fastest who keeps up)
PICK_UP = "pick_up"


C = TypeVar("C", bound=Way)


@dataclass
class CarryHabit:
    """The player's answer at the last treasure: 0 none (ask), FASTEST, or a delver."""

    bearer: int = 0
    unasked: set[int] = field(default_factory=set)  # treasures taken by the habit

    def remember(self, index: int, ways: Sequence[Way]) -> None:
        way = ways[index]
        if way.kind != PICK_UP:
            self.bearer = 0
        else:
            self.bearer = FASTEST if index == 0 else way.worker

    def pick(self, thing: int, ways: Sequence[C]) -> C | None:
        """The answer among `ways` the habit gives for `thing`; None: ask the player (no
        habit yet, its delver not offered, or a walk to `thing` taken unasked was stopped
        before it was picked up)."""
        if self.bearer == 0 or thing in self.unasked:
            return None
        carry = [w for w in ways if w.kind == PICK_UP]
        way = (carry[0] if carry else None) if self.bearer == FASTEST else \
            next((w for w in carry if w.worker == self.bearer), None)
        if way is not None:
            self.unasked.add(thing)
        return way

    @staticmethod
    def words(what: str, where: str, way: Way) -> str:
        return (f"{what} lies {where}: {way.label}, as at the last treasure (any key stops;"
                " o then asks about it).")
