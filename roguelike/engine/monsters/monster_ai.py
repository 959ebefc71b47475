"""Monster decisions (issue 3): one action per call for every monster and Pillager.

Monsters go for the closest standing character (chosen at the start of their turn, as
Traps & Treasure says), shoot when they have a ranged attack and a clear line, walk to the
party along a shared chase map, and attack when adjacent; morale makes them retreat or
withdraw, a party out of sight may be let go, and dropped treasure may lure them. Pillagers
keep to their own business unless engaged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import (
    Actor,
    Conditions,
    Disabled,
    FightState,
    Position,
)
from roguelike.core.events import Event
from roguelike.engine.actions.basic import Attack, EndMove, Wait
from roguelike.engine.actions.fight_actions import Advance, GetUp, RangedAttack, RecoverWeapon
from roguelike.engine.actions.walking import act, downhill
from roguelike.engine.base.stats import speed
from roguelike.engine.combat.morale import pursuit_roll
from roguelike.engine.combat.shooting import can_shoot, ranged_reach
from roguelike.engine.monsters import pillagers
from roguelike.engine.routing.chase import flee_map, untouchable
from roguelike.world.paths import UNREACHABLE, distance_map

if TYPE_CHECKING:
    from roguelike.engine.base.views import HasStore
    from roguelike.engine.game import Game

ADVANCE = Advance()  # (actions are frozen: one serves every decision)

def take_turn(game: Game, eid: int, actor: Actor) -> list[Event] | None:
    """The next action of a monster or Pillager; None = it waits."""
    if actor.side == "pillager":
        # looting and hauling to camp belong to the exploration rules (T&T Pillagers),
        # which route round the party, unless engaged: attacked hand to hand by a delver
        # still beside it (pillagers.engaged_by), it stands and fights
        here = game.store.table(Position)[eid].depth == game.depth
        state = game.store.peek(FightState).get(eid)
        if not here or state is None or not state.engaged_by:  # (the usual case)
            return pillagers.take_action(game, eid, here)
        if not pillagers.engaged_by(game, eid):
            state.engaged_by = 0  # they parted: the fight is over
            return pillagers.take_action(game, eid, here)
    return _hunt(game, eid, actor)


def _state(game: HasStore, eid: int) -> FightState | None:
    return game.store.try_get(eid, FightState)


def _hunt(game: Game, eid: int, actor: Actor) -> list[Event] | None:
    store = game.store
    positions = store.table(Position)
    pos = positions[eid]
    if pos.depth != game.depth:
        return None
    # the standing characters on this level, with their distance (every monster decision
    # asks, so one pass instead of _standing_party and a lookup per test); the nearest
    # (ties: the lower id) and those adjacent on the way
    disabled = store.peek(Disabled)
    near: dict[int, int] = {}
    nearest, nearest_key = 0, (UNREACHABLE, 0)
    adjacent = []
    x, y = pos.x, pos.y
    conds_of = store.peek(Conditions)  # (a statue is no target)
    for e in game.party:
        if e not in disabled and not untouchable(game, conds_of.get(e)):
            p = positions[e]
            if p.depth == pos.depth:
                dist = near[e] = max(abs(p.x - x), abs(p.y - y))
                if (dist, e) < nearest_key:
                    nearest, nearest_key = e, (dist, e)
                if dist <= 1:
                    adjacent.append(e)
    if not near:
        return None
    state = store.peek(FightState).get(eid)
    conds = store.peek(Conditions).get(eid)
    if conds is not None and "prone" in conds.active:
        return act(game, eid, GetUp())
    if state is not None and state.disarmed:
        return act(game, eid, RecoverWeapon())
    start_of_turn = actor.move_points == 0 and (
        state is None or actor.actions_left == state.granted)
    if start_of_turn or actor.target not in near:
        actor.target = nearest
    morale = state.morale if state is not None else ""
    if morale in ("retreat", "fighting_withdrawal"):
        return _withdraw(game, eid, actor, morale, adjacent)
    if state is not None and state.distracted > 0 and state.lure_x >= 0:
        return _towards(game, eid, (state.lure_x, state.lure_y))
    if adjacent:
        victim = actor.target if actor.target in adjacent else adjacent[0]
        return act(game, eid, Attack(victim))
    if game.mode == "explore" and not game.visible[pos.y, pos.x]:
        events = pursuit_roll(game, eid)
        if state is None:
            state = _state(game, eid)
        if state is not None and state.pursuit == "gave_up":
            actor.awake = False  # lets the party go and settles where it is
            return events + game.try_action(Wait(), eid).events
    # can_shoot answers '' only for a shooter: the reach test first spares the rest
    if actor.move_points == 0 and ranged_reach(game, eid) > 0 \
            and not can_shoot(game, eid, actor.target):
        shot = act(game, eid, RangedAttack(actor.target))
        if shot is not None:
            return shot
    return act(game, eid, ADVANCE)


def _withdraw(game: Game, eid: int, actor: Actor, morale: str, adjacent: list[int]
              ) -> list[Event] | None:
    """Retreat: run with every action. Fighting withdrawal: back off at half Speed.
    Either way, a monster with nowhere to go fights whoever is next to it."""
    if morale == "fighting_withdrawal" and actor.move_points > 0 and \
            actor.move_points <= speed(game.store, eid) - max(1, speed(game.store, eid) // 2):
        return act(game, eid, EndMove()) or None
    if morale == "fighting_withdrawal" and actor.move_points == 0 and \
            actor.actions_left < (_state(game, eid) or FightState()).granted:
        return None  # one move a turn
    events = downhill(game, eid, flee_map(game))
    if events is None and adjacent:
        return act(game, eid, Attack(adjacent[0]))
    return events


def _towards(game: Game, eid: int, goal: tuple[int, int]) -> list[Event] | None:
    pos = game.store.get(eid, Position)
    if pos.xy == goal:
        return None
    cost = game.cost_map(mover=eid)
    cost[goal[1], goal[0]] = max(1, int(cost[goal[1], goal[0]]))
    dist = distance_map(cost, [goal])
    if dist[pos.y, pos.x] >= UNREACHABLE:
        return None
    return downhill(game, eid, dist)
