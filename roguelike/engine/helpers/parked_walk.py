"""`o` with the only ground left to explore past a Pillager parked far off (bookkeeping
found in play): it asks once whether to walk up to it, and on Enter walks the party to a
square beside it, where walking into it (or `F`, once it fights) is the player's next key.

Before, `o` said "Ground still to explore lies past the Pillager parked 42 squares
north-west, which stays there: walk into it to fight it", and the player walked the 42
squares by hand or with `G` and the cursor. The walk stops beside it and never attacks
(a fight is the player's choice); "Leave it" is remembered for that Pillager, and `o`
then says the line alone, as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from roguelike.core.components import Position
from roguelike.engine.base.action import Action
from roguelike.engine.base.stats import chebyshev
from roguelike.engine.base.words import direction_words, the_name
from roguelike.engine.game import Game
from roguelike.engine.helpers.travel import NEIGHBOURS, Question, downhill, route_to

WALK_UP = "Walk up to it"
LEAVE = "Leave it"
BESIDE = "Beside"  # how the walk that got there ends


@dataclass
class WalkUp:
    """The parked Pillager the player chose to walk up to (0: none), those asked about in
    this walk, and those the player chose to leave (for the game)."""

    target: int = 0
    asked: int = 0
    left: set[int] = field(default_factory=set)

    def again(self) -> WalkUp:
        return WalkUp(left=self.left)  # (a walk stopped on the way: asked again)

    def answer(self, question: Question, index: int) -> bool:
        """Take the answer to a question this asked; False for any other question."""
        if not self.asked or question.about != self.asked:
            return False
        if index == 0:
            self.target = self.asked
        else:
            self.left.add(self.asked)
        self.asked = 0
        return True

    def step(self, game: Game, eid: int, cost: np.ndarray,
             parked: tuple[int, tuple[int, int]] | None, words: str
             ) -> Action | Question | str | None:
        """The question, a step toward the parked one, or why the walk ends beside it;
        None when there is no such Pillager, or the player chose to leave it."""
        if parked is None or parked[0] in self.left:
            return None
        pillager, (px, py) = parked
        if self.target != pillager:
            self.asked = pillager
            return Question(f"{words} Walk up to it?", (WALK_UP, LEAVE), pillager)
        here = game.store.get(eid, Position)
        if chebyshev(here, Position(here.depth, px, py)) <= 1:
            self.target = 0
            return (f"{BESIDE} {the_name(game, pillager)} parked "
                    f"{direction_words(here.xy, (px, py))}: walk into it to fight it.")
        level = game.level
        beside = [(px + dx, py + dy) for dx, dy in NEIGHBOURS
                  if level.in_bounds(px + dx, py + dy) and cost[py + dy, px + dx] > 0]
        step = downhill(game, eid, route_to(game, beside, cost)) if beside else None
        if step is None:
            self.target = 0
            return None
        return step
