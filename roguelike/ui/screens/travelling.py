"""Travel: walk the party to a square or to a named place, one automatic step a tick."""

from __future__ import annotations

from roguelike.core.components import Position
from roguelike.engine.base.action import Action
from roguelike.engine.game import Game
from roguelike.engine.helpers import come_round, give_way, travel
from roguelike.ui.autorun import AutoRun
from roguelike.ui.screens.surface import Surface

TRAVEL_NAMES = {"down": "the stairs down", "up": "the stairs up", "camp": "the Camp"}


class Travelling:
    def __init__(self, screen: Surface, told: set[int]) -> None:
        self.screen = screen
        self.told = told  # the keep-away foes announced (Commands.told: o, G and R share it)

    def to(self, goal: tuple[int, int], name: str = "") -> None:
        screen = self.screen
        started = False  # a step has been asked for: being there is arriving, not "already"
        waits = 0  # turns waited at the goal for the party to gather
        sightings = travel.Sightings()  # (the Pillagers seen on the way: gone round)
        way = give_way.GiveWay()  # (creatures on the way: round them, or let them pass)

        def step(game: Game, eid: int) -> Action | travel.Question | str:
            nonlocal started, waits
            if way.news:  # (backing off to let a Pillager pass: said once)
                screen.note(way.news)
                way.news = ""
            if game.store.get(eid, Position).xy == goal:
                # (one knocked out is waited for to come round, then gathered: `>` would
                # leave them behind)
                down = come_round.wait_for_them(game) if eid == game.led \
                    and game.mode == "explore" else None
                if down is not None:
                    started = True
                    return down
                gather = travel.gather_step(game, eid)
                if gather is not None and waits < travel.GATHER_WAITS:
                    waits, started = waits + 1, True
                    return gather
                if started:
                    return f"You reach {name}." if name else "You are there."
            started = True
            sightings.update(game)
            return give_way.travel_on(game, eid, goal, sightings.squares(game), way)

        screen.start_auto(AutoRun(screen, step, screen.options.reduced_motion, self.told))

    def named(self, where: str) -> None:
        goal = travel.named_goal(self.screen.game, where)
        if isinstance(goal, str):
            self.screen.say(goal)
        else:
            self.to(goal, TRAVEL_NAMES.get(where, ""))
