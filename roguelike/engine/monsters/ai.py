"""Decisions for every creature the player does not control: one action per call.

Monsters and Pillagers are decided in monster_ai.py; party followers keep the marching order
(engine/actions/marching.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Actor
from roguelike.core.events import Event
from roguelike.engine.actions.marching import close_up
from roguelike.engine.base.kept_events import wait_events
from roguelike.engine.monsters import monster_ai

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


def _follow(game: Game, eid: int) -> list[Event] | None:
    """A companion's own turn out of a fight: close up behind the one ahead of it in the
    marching line with what is left of its turn (engine/actions/marching.py), then wait."""
    if eid == game.led:
        return None  # the leader heads the line
    return close_up(game, eid)
