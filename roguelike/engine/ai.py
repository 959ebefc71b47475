"""Decisions for every creature the player does not control: one action per call.

Monsters and Pillagers are decided in monster_ai.py; party followers keep the marching order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Actor, Character, Disabled, Position
from roguelike.core.events import Event
from roguelike.engine import monster_ai
from roguelike.engine.action_base import wait_events
from roguelike.engine.stats import chebyshev
from roguelike.engine.walking import downhill
from roguelike.world.paths import UNREACHABLE

if TYPE_CHECKING:
    from roguelike.engine.game import Game

def take_action(game: Game, eid: int, actor: Actor | None = None) -> list[Event]:
    """`actor`: the creature's Actor, when the caller has it at hand (the turn loop)."""
    if actor is None:
        actor = game.store.get(eid, Actor)
    events = _follow(game, eid) if actor.side == "party" \
        else monster_ai.take_turn(game, eid, actor)
    if events is None:  # it waits (a Wait's events, without an action and its Result)
        return wait_events(game, eid)
    return events


def _standing_party(game: Game) -> list[int]:
    """Party members on their feet on the level being played."""
    store = game.store
    disabled = store.peek(Disabled)
    positions = store.table(Position)
    depth = game.depth
    return [e for e in game.party if e not in disabled and positions[e].depth == depth]


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
    return downhill(game, eid, dist)
