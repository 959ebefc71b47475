"""Decisions for every creature the player does not control: one action per call.

Monsters and Pillagers are decided in monster_ai.py; party followers keep the marching order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from roguelike.core.components import Actor, Character, Disabled, Position
from roguelike.core.events import Event
from roguelike.engine.actions import DIRECTIONS, Action, Step, wait_events
from roguelike.engine.stats import chebyshev
from roguelike.world.paths import UNREACHABLE

if TYPE_CHECKING:
    from roguelike.engine.game import Game

_STEPS = [DIRECTIONS[d] for d in ("n", "s", "e", "w", "ne", "nw", "se", "sw")]
# (actions are frozen: one Step a direction serves every walker)
_STEP_ACTIONS = {(dx, dy): Step(dx, dy) for dx, dy in _STEPS}


def take_action(game: Game, eid: int, actor: Actor | None = None) -> list[Event]:
    """`actor`: the creature's Actor, when the caller has it at hand (the turn loop)."""
    if actor is None:
        actor = game.store.get(eid, Actor)
    events = _follow(game, eid) if actor.side == "party" \
        else monster_ai.take_turn(game, eid, actor)
    if events is None:  # it waits (a Wait's events, without an action and its Result)
        return wait_events(game, eid)
    return events


def _act(game: Game, eid: int, action: Action) -> list[Event] | None:
    result = game.try_action(action, eid)
    return result.events if result.ok else None


def _downhill(game: Game, eid: int, dist: np.ndarray) -> list[Event] | None:
    """Step to the free neighbouring square nearest the goal, if that gets closer."""
    store = game.store
    pos = store.get(eid, Position)
    x0, y0 = pos.x, pos.y
    level = game.level
    inside = 0 < x0 < level.width - 1 and 0 < y0 < level.height - 1
    if inside:
        # (the nine squares read at once: single numpy reads cost more than the slice)
        block = dist[y0 - 1:y0 + 2, x0 - 1:x0 + 2].tolist()
    else:
        block = [[int(dist[y, x]) if level.in_bounds(x, y) else -1
                  for x in (x0 - 1, x0, x0 + 1)] for y in (y0 - 1, y0, y0 + 1)]
    here = block[1][1]
    options = []
    creatures = _creatures_near(game, x0, y0)  # what creature_at would find round it
    characters = store.by_type.get(Character, ())
    for dx, dy in _STEPS:
        x, y = x0 + dx, y0 + dy
        if not inside and not level.in_bounds(x, y):  # (every square round an inside one is)
            continue
        d = block[1 + dy][1 + dx]
        other = creatures.get((x, y))
        if d < here and (other is None or (eid in characters and other in characters)):
            options.append((d, abs(dx) + abs(dy), dx, dy))
    for _d, _n, dx, dy in sorted(options):
        events = _act(game, eid, _STEP_ACTIONS[dx, dy])
        if events is not None:
            return events
    return None


def _creatures_near(game: Game, x: int, y: int) -> dict[tuple[int, int], int]:
    """Game.creatures_at()'s answer on the nine squares round (x, y) alone: the lowest id
    on each (every walking step asks; most creatures stand further off)."""
    depth = game.depth
    out: dict[tuple[int, int], int] = {}
    for rows in (game.level_foes(), game.level_allies()):
        for eid, pos in rows:
            if pos.depth == depth and -1 <= pos.x - x <= 1 and -1 <= pos.y - y <= 1:
                square = (pos.x, pos.y)
                other = out.get(square)
                if other is None or eid < other:
                    out[square] = eid
    return out


def _standing_party(game: Game) -> list[int]:
    """Party members on their feet on the level being played."""
    store = game.store
    disabled = store.peek(Disabled)
    positions = store.table(Position)
    depth = game.depth
    return [e for e in game.party if e not in disabled and positions[e].depth == depth]


def _hunt(game: Game, eid: int, actor: Actor) -> list[Event] | None:
    from roguelike.engine.monster_ai import take_turn

    return take_turn(game, eid, actor)


def _follow(game: Game, eid: int) -> list[Event] | None:
    """Keep close behind the character ahead in the marching order."""
    store = game.store
    led = game.led
    if eid == led:
        return None  # the leader heads the line
    standing = _standing_party(game)
    if eid not in standing:
        return None
    orders = store.table(Character)
    line = [led, *sorted([e for e in standing if e != led], key=lambda e: orders[e].order)]
    ahead = line[line.index(eid) - 1]
    positions = store.table(Position)
    me, lead = positions[eid], positions[ahead]
    if chebyshev(me, lead) <= 1:
        return None
    dist = game.route_near(lead.xy, me.xy)
    if dist[me.y, me.x] >= UNREACHABLE:
        return None
    return _downhill(game, eid, dist)


# (imported last: monster_ai imports from this module; the module object is looked up once
# here, not with an import statement on every monster's decision)
from roguelike.engine import monster_ai  # noqa: E402
