"""Running automatic actions (auto-explore, travel, rest, a fight's round) on a timer so
the map animates.

The decisions and the stopping are the engine's (travel.Run: a decider and a Watch;
fight_round.FightRun: the party's round of a fight); this drives one run a timer tick at
a time, each action through the screen's perform_quietly,
i.e. game.perform, exactly as a keypress would, so records and replays see ordinary actions.
A question from the decider (which way through a door) pauses the run while the screen
asks the player. Any key stops the run at once.

A luck offer the screen does not ask about (the luck option: ui/luck_asks.py; or a
failed try of a job the player chose "tried again until it works", a lock picked, a door
broken or forced: auto-explore's door question) is kept by a recorded KeepRoll, like the
player's `n`, and the run goes on: a failed try costs nothing but the action, and the next
try comes at once, so luck spent there would buy only a moment.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from textual.timer import Timer

from roguelike.core.events import Event
from roguelike.engine.action_base import Action
from roguelike.engine.explore.rest import RestRun
from roguelike.engine.game import Game
from roguelike.engine.luck_queue import Offer, offer_waiting
from roguelike.engine.travel import Decider, Question, Run, Stepper
from roguelike.ui.luck_asks import could_pass

DELAY = 0.03  # seconds per step: quick, but the eye can follow the party
BATCH_REDUCED = 40  # steps per tick with reduced motion: no in-between frames
# the rolls a door job tries again for free (engine/explore/doors.py's resumers), each
# offered with [the one trying, the door]
RETRIED_ROLLS = frozenset({"pick_lock", "break_door", "force_door"})


class Host(Protocol):
    game: Game

    def perform_quietly(self, action: Action) -> list[Event]: ...
    def note(self, text: str) -> None: ...
    def auto_finished(self, reason: str) -> None: ...
    def auto_question(self, question: Question, answer: Callable[[int | None], None]
                      ) -> None: ...
    def unasked(self, offer: Offer) -> bool: ...
    def keep_unasked(self) -> None: ...
    def set_interval(self, interval: float, callback: Callable[[], None]) -> Timer: ...


class AutoRun:
    def __init__(self, host: Host, decide: Decider | Stepper, reduced_motion: bool,
                 told: set[int] | None = None) -> None:
        self.host = host
        self.decide = decide
        self.run: Stepper = (decide if isinstance(decide, Stepper)
                             else Run(host.game, decide, told))
        self.per_tick = BATCH_REDUCED if reduced_motion else 1
        self.timer: Timer | None = None
        self.asking = False

    def refusal(self) -> str | None:
        """Why the run cannot start at all."""
        return self.run.refusal()

    def start(self) -> None:
        self.timer = self.host.set_interval(DELAY, self.tick)

    def stop(self, reason: str) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
            self.host.auto_finished(reason)

    def tick(self) -> None:
        if self.asking:
            return
        for _ in range(self.per_tick):
            why = self.run.advance(self.host.perform_quietly)
            if self.run.news:  # (the party waits for a companion: say whom)
                self.host.note(self.run.news)
                self.run.news = ""
            if isinstance(why, Question):
                self._ask(why)
                return
            offer = offer_waiting(self.host.game) if why else None
            if offer is not None and self.host.unasked(offer):
                self.host.keep_unasked()
                continue  # (the run goes on: a door job's next try, the fight's round)
            if why:
                self.stop(why)
                return

    def answers(self, offer: Offer) -> bool:
        """Whether this run keeps `offer` itself: a failed try at a door the player chose
        to have tried again until it works (the decider's plan for that door), which a 6
        would have passed (a try only luck could pass is the player's to decide)."""
        plans = getattr(self.decide, "plans", None)
        return (offer.resume in RETRIED_ROLLS and isinstance(plans, dict)
                and len(offer.args) == 2 and offer.args[1] in plans and could_pass(offer))

    def _ask(self, question: Question) -> None:
        """Pause for the player's answer; Escape (None) ends the run."""
        self.asking = True

        def answer(index: int | None) -> None:
            self.asking = False
            if index is None or not hasattr(self.decide, "answer"):
                self.stop("Stopped.")
                return
            self.decide.answer(question, index)

        self.host.auto_question(question, answer)


def rest_until_healed(rest: Callable[[], Action]) -> Decider:
    """`R`: the next rest while resting still does something for the party (healing, a
    knock-out running its course, an injury or fatigue to rest off: the engine's RestRun),
    with `rest` making each Rest action; the run's Watch stops it when disturbed."""
    return RestRun(make=rest).next
