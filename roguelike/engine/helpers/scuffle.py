"""`o` pressed in a fight with Pillagers alone: the fight played out with `F`'s choices,
then the walk goes on, fighting through Pillagers that strike again on the way (found in
play: copper hare 9's depth 1, where a Pillager struck a delver in its way every few
rooms, took `o` (stopped), `F`, then `o` again each time; the `F` was the same answer
every time).

The fight is fought_round.FightRun's, so whatever stops `F` stops it (a monster in view, a
delver down or a box from it, a condition, a trap, luck to decide), and any key does.
"""

from __future__ import annotations

from collections.abc import Callable

from roguelike.core.events import Event
from roguelike.engine.base.action import Action
from roguelike.engine.game import Game
from roguelike.engine.helpers.autoexplore import Explorer
from roguelike.engine.helpers.fight_round import FIGHT_OVER, FightRun, pillagers_only
from roguelike.engine.helpers.fight_sense import fight_foes
from roguelike.engine.helpers.travel import Question, Run

EXPLORING_ON = "The fight is over: exploring on."
# Scuffles with Pillagers met again on the way that one press fights through (a crowd
# looting round the party; past that, the keys go back).
SCUFFLES = 6


def pillager_scuffle(game: Game) -> bool:
    """Whether the party fights Pillagers alone (no monster among the foes in view)."""
    return pillagers_only(game, fight_foes(game))


class FightThenExplore:
    """A Stepper (travel.Stepper): the fight's actions until it is over, then the
    explorer's walk. Questions go to the explorer (`decide`), as in travel.Run."""

    def __init__(self, game: Game, explorer: Explorer, told: set[int]) -> None:
        self.game = game
        self.decide = explorer  # (AutoRun and travel.run put questions to it)
        self.plans = explorer.plans  # (a door job's plans: AutoRun.answers)
        self.told = told
        self.fight = FightRun(game)
        self.walk: Run | None = None
        self.scuffles = 0  # Pillagers fought again on the way (SCUFFLES at most)
        self.news = ""

    def refusal(self) -> str | None:
        return self.fight.refusal()

    def advance(self, perform: Callable[[Action], list[Event]]) -> str | Question | None:
        if self.walk is None:
            why = self.fight.advance(perform)
            if why != FIGHT_OVER:
                return why
            self.walk = Run(self.game, self.decide, self.told)
            self.news = EXPLORING_ON
            return None
        stop = self.walk.advance(perform)
        if self.walk.news:
            self._tell(self.walk.news)
            self.walk.news = ""
        if isinstance(stop, str) and self.game.threats_in_view() \
                and pillager_scuffle(self.game) and self.scuffles < SCUFFLES:
            # (another Pillager strikes on the way: the player chose to fight them through)
            self.scuffles += 1
            self._tell(stop)
            self.fight, self.walk = FightRun(self.game), None
            return None
        return stop

    def _tell(self, text: str) -> None:
        self.news = f"{self.news} {text}" if self.news else text
