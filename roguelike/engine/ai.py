"""Decisions for every creature the player does not control: one action per call.

Monsters and Pillagers are decided in monster_ai.py; party followers keep the marching order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from roguelike.engine.actions import DIRECTIONS, Attack, Step, Wait
from roguelike.engine.components import Actor, Character, Disabled, Position
from roguelike.engine.events import Event
from roguelike.engine.stats import chebyshev
from roguelike.world.paths import UNREACHABLE

if TYPE_CHECKING:
    from roguelike.engine.game import Game

_STEPS = [DIRECTIONS[d] for d in ("n", "s", "e", "w", "ne", "nw", "se", "sw")]


def take_action(game: Game, eid: int, actor: Actor | None = None) -> list[Event]:
    """`actor`: the creature's Actor, when the caller has it at hand (the turn loop)."""
    if actor is None:
        actor = game.store.get(eid, Actor)
    events = _follow(game, eid) if actor.side == "party" \
        else monster_ai.take_turn(game, eid, actor)
    if events is None:
        result = game.try_action(Wait(), eid)
        return result.events
    return events


def _act(game: Game, eid: int, action: Step | Attack) -> list[Event] | None:
    result = game.try_action(action, eid)
    return result.events if result.ok else None


def _downhill(game: Game, eid: int, dist: np.ndarray) -> list[Event] | None:
    """Step to the free neighbouring square nearest the goal, if that gets closer."""
    store = game.store
    pos = store.get(eid, Position)
    here = int(dist[pos.y, pos.x])
    options = []
    level = game.level
    creatures = game.creatures_at()  # what creature_at would find, for all eight squares
    for dx, dy in _STEPS:
        x, y = pos.x + dx, pos.y + dy
        if not level.in_bounds(x, y):
            continue
        d = int(dist[y, x])
        other = creatures.get((x, y))
        if d < here and (other is None or (store.has(eid, Character)
                                           and store.has(other, Character))):
            options.append((d, abs(dx) + abs(dy), dx, dy))
    for _d, _n, dx, dy in sorted(options):
        events = _act(game, eid, Step(dx, dy))
        if events is not None:
            return events
    return None


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
