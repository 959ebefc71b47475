"""Auto-explore and travel: the next Step toward unexplored ground or a chosen square.

Headless on purpose: the UI sends these Steps one at a time through game.perform (so each
is recorded like a keypress), and a test or the bot can run the same loop with `run`.
What makes a run stop lives in roguelike.engine.watch.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from roguelike.engine.actions import DIRECTIONS, Action, EndMove, Step
from roguelike.engine.components import Actor, Door, Position
from roguelike.engine.events import Event
from roguelike.engine.game import Game
from roguelike.engine.stats import hostile
from roguelike.engine.watch import Watch, known_hazards
from roguelike.world import tiles as T
from roguelike.world.masks import dilate
from roguelike.world.paths import UNREACHABLE, distance_map

# A known trap square costs this many plain steps, so a route detours up to that far
# rather than cross it (and crosses it only when there is no other way).
HAZARD_COST = 25
# Deterministic tie-break: straight steps first, then diagonals, each in a fixed order.
_ORDER = [DIRECTIONS[d] for d in ("n", "s", "e", "w", "ne", "nw", "se", "sw")]


def travel_cost(game: Game) -> np.ndarray:
    """Movement cost over squares the party knows, with known hazards made dear."""
    cost = game.cost_map(creatures_block=False).astype(np.int32)
    cost[~game.level.explored] = 0
    for x, y in known_hazards(game):
        if cost[y, x]:
            cost[y, x] = HAZARD_COST
    return cost


def frontier(game: Game) -> list[tuple[int, int]]:
    """Known walkable squares next to walkable squares nobody has seen yet."""
    level = game.level
    walk = T.WALKABLE[game.known_tiles()]  # a hidden door is wall until it is found
    known = level.explored
    near = dilate(walk & ~known)
    ys, xs = np.nonzero(known & walk & near)
    return list(zip(xs.tolist(), ys.tolist(), strict=True))


def _downhill(game: Game, eid: int, dist: np.ndarray) -> Step | None:
    pos = game.store.get(eid, Position)
    here = int(dist[pos.y, pos.x])
    if here == 0 or here >= UNREACHABLE:
        return None
    best: tuple[int, int, int] | None = None
    for dx, dy in _ORDER:
        x, y = pos.x + dx, pos.y + dy
        if not game.level.in_bounds(x, y):
            continue
        d = int(dist[y, x])
        if d >= here:
            continue
        other = game.creature_at(x, y)
        if other is not None and (hostile(game.store, eid, other)
                                  or game.store.get(other, Actor).side != "party"):
            continue  # travel never attacks, nor shoves past strangers
        if best is None or d < best[0]:
            best = (d, dx, dy)
    return Step(best[1], best[2]) if best else None


def route_to(game: Game, goals: list[tuple[int, int]]) -> np.ndarray:
    cost = travel_cost(game)
    for x, y in goals:
        cost[y, x] = max(1, int(cost[y, x]))
    return distance_map(cost, goals)


def _locked_door(game: Game, xy: tuple[int, int]) -> bool:
    """A locked door is no way on for an automatic walk: the player decides what to do."""
    door = game.door_at(*xy)
    return door is not None and game.store.get(door, Door).locked


def explore_step(game: Game, eid: int) -> Step | str:
    """The next Step toward the nearest unexplored ground, or why there is none."""
    edge = frontier(game)
    goals = [g for g in edge if not _locked_door(game, g)]
    if not goals:
        return "The way on is through a locked door." if edge else \
            "Nothing left to explore here."
    step = _downhill(game, eid, route_to(game, goals))
    return step if step is not None else "No way on to unexplored ground."


def travel_step(game: Game, eid: int, goal: tuple[int, int]) -> Step | str:
    """The next Step toward `goal` over known ground, or why there is none."""
    x, y = goal
    level = game.level
    if not level.in_bounds(x, y) or not level.explored[y, x]:
        return "You do not know the way there."
    if not level.is_walkable(x, y):
        return "You cannot stand there."
    if game.store.get(eid, Position).xy == goal:
        return "You are already there."
    step = _downhill(game, eid, route_to(game, [goal]))
    return step if step is not None else "There is no known way there."


def named_goal(game: Game, where: str) -> tuple[int, int] | str:
    """Travel goals with names: the stairs down or up, and the Camp."""
    level = game.level
    if where == "down":
        down = level.stairs_down
        if down is None or not level.explored[down[1], down[0]]:
            return "You have not found the stairs down yet."
        return down
    if where == "up":
        return level.stairs_up
    if where == "camp":
        if game.depth != 1:
            return "The Camp is on the first level: go up first."
        return level.stairs_up  # the Camp is the arrival room, around the stairs up
    return f"Unknown place {where!r}."


def after_refusal(game: Game, eid: int) -> Action | None:
    """What an automatic walk does when a step is refused for want of a whole action (a
    stuck door to force with only movement points left): end the move and go on next turn."""
    act = game.store.get(eid, Actor)
    return EndMove() if act.actions_left == 0 and act.move_points > 0 else None


def run(game: Game, next_step: Callable[[Game, int], Action | str], limit: int = 2000
        ) -> tuple[list[Event], str]:
    """Send Steps until the helper has none or the watch says stop; (events, why it stopped).

    The UI does the same thing one timer tick at a time; this is for tests and the bot.
    """
    watch = Watch.take(game)
    if watch.foes:
        return [], "Not with foes in view!"
    events: list[Event] = []
    retried = False
    for _ in range(limit):
        eid = game.awaiting
        if eid is None:
            return events, "Nobody is waiting to act."
        step = next_step(game, eid)
        if isinstance(step, str):
            return events, step
        new = game.perform(step)
        events += new
        if new and new[0].kind == "fail":
            instead = after_refusal(game, eid)
            if instead is None or retried:
                return events, new[0].text
            events += game.perform(instead)
            retried = True
            continue
        retried = False
        reason = watch.stop_reason(game, new)
        if reason:
            return events, reason
    return events, "Stopped after a long way."
