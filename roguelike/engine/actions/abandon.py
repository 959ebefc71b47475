"""Quitting a game: the player gives up, and the game ends as a death does.

DCSS and NetHack record a quit like any other end: scored, with a morgue file, a replay and
a line in the high scores. Here the quit is an action, so the recorded game ends with it
and a replay re-made from the record ends the same way (outcome "quit").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from roguelike.core.events import Event
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.base.action import Action, Result, done

if TYPE_CHECKING:
    from roguelike.engine.game import Game

OUTCOME = "quit"


@dataclass(frozen=True)
class Quit(Action):
    """Give up the delve (takes no time): the game is over, scored as it stands."""

    kind: ClassVar[str] = "quit"
    uses_time: ClassVar[bool] = False

    def perform(self, game: Game, actor: int) -> Result:
        game.over = True
        game.outcome = OUTCOME
        parts = game.score_parts()
        return done(Event("gameover", f"The party gives up the delve. Score {parts['total']} "
                          f"({parts['treasure_gp']} gp banked + {parts['experience']} XP).",
                          actor, roll=parts["total"]))
