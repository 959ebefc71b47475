"""A simple bot that plays through the same actions a player sends.

It fights what it sees, explores to the edge of the known map, and takes the stairs down
when a level is explored or it has spent long enough on it.
"""

from __future__ import annotations

import numpy as np

from roguelike.engine.actions import DIRECTIONS, Action, Attack, Step, TakeStairs, Wait
from roguelike.engine.components import Actor, Position
from roguelike.engine.game import Game
from roguelike.engine.stats import chebyshev, is_disabled
from roguelike.world import tiles as T
from roguelike.world.masks import dilate
from roguelike.world.paths import UNREACHABLE, distance_map

_STEPS = list(DIRECTIONS.values())
LEVEL_BUDGET = 900


class Bot:
    def __init__(self) -> None:
        self.level_actions: dict[int, int] = {}
        # the last distance map, keyed by its exact inputs: while the party walks through
        # known ground the frontier and costs stay the same, so Dijkstra need not rerun
        self._last_route: tuple[bytes, np.ndarray] | None = None

    def choose(self, game: Game) -> Action:
        eid = game.awaiting
        if eid is None:
            return Wait()
        self.level_actions[game.depth] = self.level_actions.get(game.depth, 0) + 1
        pos = game.store.get(eid, Position)
        if game.mode == "combat":
            return self._fight(game, eid, pos)
        return self._explore(game, eid, pos)

    def _fight(self, game: Game, eid: int, pos: Position) -> Action:
        foes = [e for e in game.hostiles_in_view()]
        near = [f for f in foes if chebyshev(game.store.get(f, Position), pos) <= 1]
        if near:
            if game.store.get(eid, Actor).actions_left > 0:
                return Attack(near[0])
            return Wait()
        goals = [game.store.get(f, Position).xy for f in foes]
        return self._towards(game, eid, pos, goals, creatures_block=False) or Wait()

    def _explore(self, game: Game, eid: int, pos: Position) -> Action:
        level = game.level
        down = level.stairs_down
        if down and pos.xy == down:
            return TakeStairs("down") if self._gathered(game, pos) else Wait()
        budget_left = self.level_actions.get(game.depth, 0) < LEVEL_BUDGET
        if budget_left:
            step = self._towards(game, eid, pos, self._frontier(game), False)
            if step is not None:
                return step
        if (down and level.explored[down[1], down[0]]) or not budget_left:
            step = self._towards(game, eid, pos, [down] if down else [], False)
            if step is not None:
                return step
        return Wait()

    @staticmethod
    def _gathered(game: Game, pos: Position) -> bool:
        here = [game.store.get(e, Position) for e in game.party
                if not is_disabled(game.store, e)]
        return all(p.depth != pos.depth or chebyshev(p, pos) <= 3 for p in here)

    @staticmethod
    def _frontier(game: Game) -> list[tuple[int, int]]:
        level = game.level
        walk = T.WALKABLE[level.tiles]
        known = level.explored
        unknown_walk = walk & ~known
        near_unknown = dilate(unknown_walk)
        ys, xs = np.nonzero(known & walk & near_unknown)
        return [(int(x), int(y)) for x, y in zip(xs, ys, strict=True)]

    def _towards(self, game: Game, eid: int, pos: Position, goals: list[tuple[int, int]],
                 creatures_block: bool = True) -> Action | None:
        if not goals:
            return None
        cost = game.cost_map(mover=eid, creatures_block=creatures_block)
        for x, y in goals:
            cost[y, x] = max(1, int(cost[y, x]))
        key = cost.tobytes() + np.array(goals, dtype=np.int32).tobytes()
        if self._last_route is not None and self._last_route[0] == key:
            dist = self._last_route[1]
        else:
            dist = distance_map(cost, goals)
            self._last_route = (key, dist)
        here = int(dist[pos.y, pos.x])
        if here >= UNREACHABLE or here == 0:
            return None
        best = None
        for dx, dy in _STEPS:
            x, y = pos.x + dx, pos.y + dy
            if not game.level.in_bounds(x, y):
                continue
            d = int(dist[y, x])
            if d < here and (best is None or d < best[0]):
                best = (d, dx, dy)
        return Step(best[1], best[2]) if best else None


def play(game: Game, actions: int, bot: Bot | None = None) -> Game:
    """Let the bot send `actions` actions (or stop when the game ends)."""
    bot = bot or Bot()
    sent = 0
    while sent < actions and not game.over:
        action = bot.choose(game)
        before = game.actions_taken
        game.perform(action)
        if game.actions_taken == before:  # refused: end the turn so time moves on
            game.perform(Wait())
        sent += 1
    return game
