"""`o` at a lasting effect that is the only way on (a fire left by Fire Jets, a buzz saw):
asked once, as DCSS asks at a cloud, and walked through the shortest way on Enter
(found in play: ochre finch 5's depth 1, where the last locked doors lay past a lasting
fire and each press of `o` said the same line, the player left to step through by hand).

No walk steps into such an effect unasked (travel.shut_effects): the question names it,
what it does and where. Enter: the one led walks the shortest way through it toward the
ground past it, then on until the companions following it are out too (they close up to
a square behind the one ahead, and one left standing in it is struck each round); then
`o` explores from the far side as ever. One knocked out in it is dragged out (never
waited for there: it would be struck each round) and the crossing is called off, the
next step the player's. Any other answer keeps it shut for this walk and
says the line as before; the next `o` asks again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from roguelike.core.components import Character, Door, Position
from roguelike.core.explore_components import Stuck
from roguelike.engine.actions.basic import Lead, Step
from roguelike.engine.actions.drag import Drag, drag_steps
from roguelike.engine.base.action import Action
from roguelike.engine.base.stats import chebyshev, is_disabled, name_of
from roguelike.engine.game import Game
from roguelike.engine.helpers.fight_sense import STEPS
from roguelike.engine.helpers.travel import (
    HAZARD_COST,
    Question,
    downhill,
    effect_on_the_way,
    route_to,
    whole_action,
)
from roguelike.engine.helpers.watch import harmful_effects
from roguelike.engine.traps.describe import hazard_words
from roguelike.world.paths import UNREACHABLE

WALK_THROUGH = "Walk through it, the shortest way"
STAY_OUT = "Leave it: stay out"
ENDING = ": a walk does not step into it. Step in yourself if you must."
WAIT = "wait"  # (Crossing._next: nothing to do this time, the crossing kept)


@dataclass
class Crossing:
    """A lasting effect the player chose to walk through, while the party crosses it
    (kept from press to press: a wound on the way stops the walk), and those declined in
    this walk."""

    effect: int = 0  # the one being crossed (0: none)
    goals: list[tuple[int, int]] = field(default_factory=list)  # the ground past it
    declined: set[int] = field(default_factory=set)
    moved: bool = False  # the crossing under way has taken a step
    failed: set[int] = field(default_factory=set)  # chosen, no step to take: kept
    hurt: bool = False  # a delver went down in it on the way (the crossing is called off)
    asked: tuple[int, list[tuple[int, int]]] | None = None  # the open question's

    def again(self) -> Crossing:
        """The next press: a crossing under way kept, the refusals asked again."""
        return Crossing(effect=self.effect, goals=self.goals, moved=self.moved,
                        failed=self.failed, hurt=self.hurt)

    def ask(self, game: Game, eid: int, goals: list[tuple[int, int]], cost: np.ndarray,
            what: str) -> Question | str:
        """With the only way over `cost` to `goals` through a lasting effect: the question,
        or the line saying so once it was declined in this walk; '' when there is none."""
        found = effect_on_the_way(game, eid, goals, cost, what)
        if found is None:
            return ""
        words, effect = found
        if effect in self.declined or effect in self.failed:
            return words + ENDING
        # (the unseen squares round it too: the ground past it when the frontier is in it)
        level = game.level
        inside = [xy for e, xy in harmful_effects(game) if e == effect]
        unseen = sorted({(x + dx, y + dy) for x, y in inside for dx, dy in STEPS
                         if level.in_bounds(x + dx, y + dy)
                         and not level.explored[y + dy, x + dx]})
        self.asked = (effect, list(goals) + unseen)
        return Question(f"{words}. Walk through it?", (WALK_THROUGH, STAY_OUT), about=effect)

    def answer(self, question: Question, index: int) -> bool:
        """Take the player's answer when `question` is this one's; whether it was."""
        if self.asked is None or question.about != self.asked[0]:
            return False
        effect, goals = self.asked
        self.asked = None
        if index == 0:
            self.effect, self.goals, self.moved = effect, goals, False
        else:
            self.declined.add(effect)
        return True

    def step(self, game: Game, eid: int, cost: np.ndarray) -> Action | str | None:
        """The next action of the crossing under way for the one led (`eid`): a step
        through (the one led not yet past), a step on (past, a companion still in it), the
        lead to a companion still on the near side (one that came round there), who then
        crosses; None when there is none (none chosen, all through, no way: the walk goes
        on as ever, and a crossing that never took a step is not asked again this walk)."""
        if not self.effect or game.mode != "explore" or eid != game.led:
            return None
        action = self._next(game, eid, cost)
        if action == WAIT:
            return None
        if isinstance(action, str):  # (the walk stops: why, and what the player can do)
            return action
        if isinstance(action, Action):
            self.moved = True
            return action
        if not self.moved or self.hurt:  # (no step to take, or one went down: not again)
            self.failed.add(self.effect)
        self.effect, self.moved, self.hurt = 0, False, False
        return None

    def _next(self, game: Game, eid: int, cost: np.ndarray) -> Action | str | None:
        """The crossing's next action, WAIT (nothing this time, the crossing kept), or
        None (done, or no way)."""
        squares = [xy for e, xy in harmful_effects(game) if e == self.effect]
        if not squares:  # (the effect is over: nothing to cross)
            return None
        opened, shut = cost.copy(), cost.copy()
        for x, y in squares:  # (a door in it the party knows shut stays shut: a walk
            shut[y, x] = 0  # into it was refused at every press, hunt-4's depth 3)
            opened[y, x] = 0 if _shut_door(game, (x, y)) else HAZARD_COST
        positions = game.store.table(Position)
        level = game.level
        goals = [g for g in self.goals if g not in squares  # (the ground past it)
                 and (not level.explored[g[1], g[0]] or level.is_walkable(*g))]
        if not goals:  # (the ground to explore is in it: a step in, then o as ever)
            if positions[eid].xy in squares:
                return None
            return downhill(game, eid, route_to(game, self.goals, opened))
        beyond = route_to(game, goals, shut)
        store = game.store
        behind = [m for m in game.party if positions[m].depth == game.depth
                  and (positions[m].xy in squares
                       or beyond[positions[m].y, positions[m].x] >= UNREACHABLE)]
        lying = [m for m in behind if is_disabled(store, m) and positions[m].xy in squares]
        if lying:  # (one down in it is struck each round: out first, never waited for there)
            self.hurt = True
            return self._drag_out(game, eid, lying[0], squares, shut)
        if self.hurt:  # (one went down in it: called off, the rest is the player's call)
            return None
        if any(is_disabled(store, m) for m in behind):
            return WAIT  # (one down on the near side: waited for as ever, then on)
        if eid in behind:
            return downhill(game, eid, route_to(game, goals, opened))
        if any(positions[m].xy in squares for m in behind):
            return self._on(game, eid, squares, opened)
        if behind:  # (on the near side, not following: it crosses in the lead)
            return Lead(store.get(behind[0], Character).order)
        return None

    def _drag_out(self, game: Game, eid: int, body: int, squares: list[tuple[int, int]],
                  shut: np.ndarray) -> Action | str:
        """A companion down in the effect: the one led, out of it, drags them out (a step
        back hauling them into its square), walking beside them first; else why the walk
        stops, with what the player can do."""
        positions = game.store.table(Position)
        here, lies = positions[eid], positions[body]
        if here.xy not in squares and chebyshev(here, lies) <= 1:
            steps = [(dx, dy) for dx, dy in drag_steps(game, eid, body)
                     if (here.x + dx, here.y + dy) not in squares]
            if steps:
                return whole_action(game, eid, Drag(body, *steps[0]))
        beside = [(lies.x + dx, lies.y + dy) for dx, dy in STEPS
                  if (lies.x + dx, lies.y + dy) not in squares
                  and game.level.is_walkable(lies.x + dx, lies.y + dy)]
        if here.xy not in beside and beside:
            step = downhill(game, eid, route_to(game, beside, shut))
            if step is not None:
                return step
        return (f"{name_of(game.store, body)} lies in the {hazard_words(game, self.effect)}: "
                "drag them out (a toward them, then Drag).")

    def _on(self, game: Game, eid: int, squares: list[tuple[int, int]],
            opened: np.ndarray) -> Step | None:
        """A step away from the effect, toward ground far enough from it that the
        companions trailing the one led stand clear of it."""
        plain = ((opened > 0) & (opened != HAZARD_COST)).astype(np.int32)
        away = route_to(game, squares, (opened > 0).astype(np.int32))
        far = len(game.party) + 1  # (the companions trail a square apart)
        ys, xs = np.nonzero((away >= far) & (away < UNREACHABLE) & (plain > 0))
        if not len(xs):
            return None
        goals = list(zip(xs.tolist(), ys.tolist(), strict=True))
        return downhill(game, eid, route_to(game, goals, opened))


def _shut_door(game: Game, at: tuple[int, int]) -> bool:
    """Whether a closed door the party knows to be locked or stuck stands on `at`."""
    door = game.door_at(*at)
    if door is None:
        return False
    state = game.store.get(door, Door)
    return not state.open and (state.locked or game.store.has(door, Stuck))
