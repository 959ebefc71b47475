"""Running automatic actions (auto-explore, travel, rest) on a timer so the map animates.

Each action goes through the screen's `act`, i.e. game.perform, exactly as a keypress
would, so records and replays see ordinary actions. A Watch decides when to stop; any key
stops the run at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from textual.timer import Timer

from roguelike.engine.actions import Action
from roguelike.engine.events import Event
from roguelike.engine.explore.rest import RestRun
from roguelike.engine.game import Game
from roguelike.engine.travel import after_refusal
from roguelike.engine.watch import Watch

NextAction = Callable[[Game, int], Action | str]
DELAY = 0.03  # seconds per step: quick, but the eye can follow the party
BATCH_REDUCED = 40  # steps per tick with reduced motion: no in-between frames


class Host(Protocol):
    game: Game

    def perform_quietly(self, action: Action) -> list[Event]: ...
    def auto_finished(self, reason: str) -> None: ...
    def set_interval(self, interval: float, callback: Callable[[], None]) -> Timer: ...


class AutoRun:
    def __init__(self, host: Host, next_action: NextAction, reduced_motion: bool) -> None:
        self.host = host
        self.next_action = next_action
        self.per_tick = BATCH_REDUCED if reduced_motion else 1
        self.watch = Watch.take(host.game)
        self.timer: Timer | None = None
        self.steps = 0
        self.retried = False

    def refusal(self) -> str | None:
        """Why the run cannot start at all."""
        if self.host.game.awaiting is None:
            return "Nobody is waiting to act."
        if self.watch.foes:
            return "Not with foes in view!"
        return None

    def start(self) -> None:
        self.timer = self.host.set_interval(DELAY, self.tick)

    def stop(self, reason: str) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
            self.host.auto_finished(reason)

    def tick(self) -> None:
        for _ in range(self.per_tick):
            reason = self.advance()
            if reason:
                self.stop(reason)
                return

    def advance(self) -> str | None:
        game = self.host.game
        eid = game.awaiting
        if eid is None:
            return "Nobody is waiting to act."
        action = self.next_action(game, eid)
        if isinstance(action, str):
            return action
        events = self.host.perform_quietly(action)
        self.steps += 1
        if events and events[0].kind == "fail":
            instead = after_refusal(game, eid)
            if instead is None or self.retried:
                return events[0].text
            self.host.perform_quietly(instead)
            self.retried = True
            return None
        self.retried = False
        return self.watch.stop_reason(game, events)


def rest_until_healed(rest: Callable[[], Action]) -> NextAction:
    """`R`: the next rest while resting still does something for the party (healing, a
    knock-out running its course, an injury or fatigue to rest off: the engine's RestRun),
    with `rest` making each Rest action; the run's Watch stops it when disturbed."""
    return RestRun(make=rest).next
