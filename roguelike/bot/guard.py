"""Keeping the bot's games moving: a level where the party finds nothing new for long is
hurried through and at last given up (the party climbs out and retires), and a plan that
walks the led delver round the same few squares is set aside on that level for a while.
"""

from __future__ import annotations

from collections import deque

from roguelike.core.components import Position
from roguelike.engine.actions.basic import Lead, Step
from roguelike.engine.base.action import Action
from roguelike.engine.game import Game

STUCK = 3000  # actions without new ground on a level before the party hurries on
LOOP_WINDOW = 40  # the led delver's last steps looked at ...
LOOP_SQUARES = 4  # ... standing on at most this many squares with nothing new: a loop
LOOP_BAN = 400  # actions the plan that looped is set aside on that level
LEAD_LOOP = 30  # changes of lead by one plan among its last 60 before the plan is set aside
DOWNS_HURRY = 8  # delvers gone down on one level before the party hurries on from it


class Guard:
    def __init__(self) -> None:
        # (depth, squares explored there, gp banked) and the action it was first seen at
        self.progress: tuple[tuple[int, int, int], int] = ((0, 0, 0), 0)
        self.hurried: set[int] = set()  # depths where the party made no progress for long
        self.retiring = False  # stuck for good: the party climbs out and retires
        # (depth, x, y, squares explored, plan) of the led delver's last steps
        self.trail: deque[tuple[int, int, int, int, str]] = deque(maxlen=LOOP_WINDOW)
        self.banned: dict[tuple[int, str], int] = {}  # (depth, plan) -> set aside until
        self.loops = 0  # loops found (the balance report's and the tests' count)
        self.leads: deque[tuple[int, str]] = deque(maxlen=2 * LEAD_LOOP)  # (depth, plan)
        self.downs: dict[int, int] = {}  # depth -> delvers gone down there

    def down(self, game: Game) -> None:
        """A delver went down on this level: a level that keeps putting the party down (a
        foe it cannot beat that breaks off, heals and comes back; a pool across the way) is
        one to leave by the nearest known stairs rather than rest in and fall again."""
        self.downs[game.depth] = n = self.downs.get(game.depth, 0) + 1
        if n >= DOWNS_HURRY:
            self.hurried.add(game.depth)

    def watch(self, game: Game, explored: int, banked: int) -> None:
        """A level where the party has seen no new ground (nor banked) for STUCK actions
        is one to leave: from then on the bot hurries there (no rests, waits, searches or
        trips to the Camp; straight for the stairs); after twice as long it retires."""
        now = (game.depth, explored, banked)
        if now != self.progress[0]:
            self.progress = (now, game.actions_taken)
        elif game.actions_taken - self.progress[1] > 2 * STUCK:
            self.retiring = True  # hurrying did not help either: out, with what is banked
        elif game.actions_taken - self.progress[1] > STUCK:
            self.hurried.add(game.depth)

    def allowed(self, game: Game, plan: str) -> bool:
        until = self.banned.get((game.depth, plan))
        return until is None or game.actions_taken >= until

    def note(self, game: Game, eid: int, plan: str, action: Action) -> None:
        """After a decision: a step of the led delver goes on its trail; a trail of
        LOOP_WINDOW steps over at most LOOP_SQUARES squares, with nothing new explored,
        sets the plans that walked it aside here for LOOP_BAN actions."""
        if isinstance(action, Lead):
            # the lead handed back and forth (each one's plan says the other should act:
            # a patient neither can reach) is a loop without a step
            self.leads.append((game.depth, plan))
            if self.leads.count((game.depth, plan)) >= LEAD_LOOP and plan != "secret":
                self.banned[(game.depth, plan)] = game.actions_taken + LOOP_BAN
                self.leads.clear()
                self.loops += 1
            return
        if not isinstance(action, Step):
            return
        pos = game.store.get(eid, Position)
        explored = self.progress[0][1]
        self.trail.append((game.depth, pos.x, pos.y, explored, plan))
        if len(self.trail) < LOOP_WINDOW:
            return
        first = self.trail[0]
        if first[0] != game.depth or first[3] != explored:
            return
        if len({(x, y) for _d, x, y, _e, _p in self.trail}) <= LOOP_SQUARES:
            # every plan that walked the loop (two plans pulling opposite ways take turns;
            # the last resort, searching for secret doors, is never set aside)
            for p in {p for *_rest, p in self.trail} - {"secret"}:
                self.banned[(game.depth, p)] = game.actions_taken + LOOP_BAN
            self.trail.clear()
            self.loops += 1
