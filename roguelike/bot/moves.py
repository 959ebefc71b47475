"""The bot's steps: the next step towards goals (through locked doors and known traps, which
it picks, breaks or disarms on the way), and the squares it must not swap a companion onto.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.bot.routes import HARMING_HOOKS, around, best_step, hazard_squares
from roguelike.core.components import (
    Actor,
    Character,
    Conditions,
    Confined,
    Hazard,
    Position,
    Trap,
)
from roguelike.engine.actions.basic import EndMove, Lead, Step, Wait
from roguelike.engine.base.action import DIRECTIONS, Action
from roguelike.engine.base.stats import is_disabled, speed
from roguelike.engine.creatures.inventory import find_item, may_use
from roguelike.engine.doors.doorways import BreakDoor, PickLock
from roguelike.engine.game import Game
from roguelike.engine.status.conditions import move_blocked
from roguelike.engine.status.fatigue_checks import hopeless
from roguelike.engine.traps import confine
from roguelike.engine.traps.hazards import _step, hazards_at
from roguelike.engine.traps.trap_actions import Disarm, disarmable
from roguelike.world.paths import UNREACHABLE

if TYPE_CHECKING:
    from roguelike.bot.player import Bot

STEPS = list(DIRECTIONS.values())
DOOR_TRIES = 12  # tries at picking or breaking one locked door before another way
DISARM_TRIES = 6  # tries at disarming one trap in the way before another way


def towards(bot: Bot, game: Game, eid: int, pos: Position, goals: list[tuple[int, int]],
            creatures_block: bool = True) -> Action | None:
    """The next step on the cheapest way to the nearest goal (known traps and hazards
    cost a long way round: routes.Routes.cost); a locked door on the way is picked or
    broken, a known trap in the next square disarmed. None when no goal can be reached."""
    if not goals:
        return None
    locked, doors = bot.routes.doors(game)
    dist = bot.routes.route(game, eid, goals, locked, doors, creatures_block, pos.xy)
    here, near = around(dist, pos.x, pos.y)
    if here == 0:
        return None
    if here >= UNREACHABLE:
        # the square it stands on is no way at all (an unfound secret door it was swapped
        # or thrown onto): it can still step off it, onto the way from a neighbour
        near = [(d, dx, dy) for d, dx, dy in near
                if game.level.is_walkable(pos.x + dx, pos.y + dy)]
        here = min((d for d, _dx, _dy in near), default=UNREACHABLE - 1) + 1
        if here >= UNREACHABLE:
            return None
    best = best_step(near, here)
    if best is None:
        return None
    hazards = hazard_squares(game)
    if pos.xy in hazards and harms_in_place(game, pos.xy):
        # a swap would put the companion there into the hazard: not through them
        def barred(dx: int, dy: int) -> bool:
            other = game.creature_at(pos.x + dx, pos.y + dy)
            return other is not None and other in game.party

        if barred(best[1], best[2]):
            other = game.creature_at(pos.x + best[1], pos.y + best[2])
            best = best_step(near, here, barred)
            if best is None:
                # the way out is through them: they lead on from outside, and the held
                # follow, trying to break away (rescue._free_the_held)
                if other is not None and not is_disabled(game.store, other) \
                        and confine.top(game, other) is None \
                        and not move_blocked(game, other, *game.store.get(other, Position).xy):
                    return Lead(game.store.get(other, Character).order)
                return None
    if held_at(game, pos.x + best[1], pos.y + best[2]):
        # a companion held by a trap cannot swap places: the next best way downhill
        best = best_step(near, here, lambda dx, dy: held_at(game, pos.x + dx, pos.y + dy))
        if best is None:
            return None
    x, y = pos.x + best[1], pos.y + best[2]
    if (x, y) in locked:
        door = (game.depth, x, y)
        bot.door_tries[door] = tries = bot.door_tries.get(door, 0) + 1
        if tries > DOOR_TRIES:  # it will not give: find another way
            bot.routes.bar(game, door[1:])
            return None
        picks = find_item(game, eid, "lockpicks")
        pick = picks is not None and may_use(game, eid, picks)
        if hopeless(game, eid, "wits" if pick else "might",
                    "picking the lock" if pick else "breaking down the door"):
            bot.routes.bar(game, door[1:])  # (until a rest: resting._rest)
            return None
        return PickLock(best[1], best[2]) if pick else BreakDoor(best[1], best[2])
    disarm = disarm_in_way(bot, game, eid, x, y)
    if disarm is not None:
        return disarm
    if best[1] and best[2]:
        # slipping past a trap square diagonally may spring it (001), and the ones
        # following walk through it: a known one is disarmed first, as one in the way is
        # (s24-e-17's leader sprang a Buzz Saw so, and its companions went through the saw
        # again and again: 16 knock-outs on depth 2)
        for cx, cy in ((x, pos.y), (pos.x, y)):
            disarm = disarm_in_way(bot, game, eid, cx, cy)
            if disarm is not None:
                return disarm
    return Step(best[1], best[2])


def disarm_in_way(bot: Bot, game: Game, eid: int, x: int, y: int,
                  limit: int = DISARM_TRIES) -> Action | None:
    """Disarm a known trap on the square (x, y) next to `eid` before stepping there (a
    trap square, or a lasting effect that stays until disarmed: Mage Knight 001:59), a few
    tries a trap; slowly (+2) when the delver is quick enough."""
    trap = known_trap_at(game, x, y)
    if trap is None:
        return None
    key = (game.depth, x, y)
    tries = bot.disarm_tries.get(key, 0)
    if tries >= limit:
        return None  # (walked over, or round, as the route says)
    mk = game.content.trap_stocking.mage_knight
    quick, slow = mk.disarm_quick_cost, mk.disarm_slow_cost
    act = game.store.get(eid, Actor)
    pos = game.store.get(eid, Position)
    points = act.move_points if act.move_points > 0 else \
        speed(game.store, eid) if act.actions_left > 0 else 0
    if points < quick:
        if act.move_points > 0 and act.actions_left > 0:
            return EndMove()  # (a new move for the disarm's points)
        return Wait() if speed(game.store, eid) >= quick else None
    bot.disarm_tries[key] = tries + 1
    return Disarm(x - pos.x, y - pos.y, 1 if points >= slow else 0)


def known_trap_at(game: Game, x: int, y: int) -> int | None:
    """A trap the party knows on (x, y) of this level that a disarm would end."""
    store = game.store
    if not store.ids(Trap):
        return None
    depth, party = game.depth, game.party
    for t, trap, tpos in store.query(Trap, Position):
        if tpos.depth == depth and tpos.x == x and tpos.y == y \
                and (trap.springs or any(e in party for e in trap.known_by)) \
                and disarmable(game, t):
            return t
    return None


def lasting_trap_over(game: Game, xy: tuple[int, int]) -> int | None:
    """The trap whose lasting effect covers `xy` (a pool's whole area, not just its
    square), when a disarm would end it."""
    store = game.store
    for hz in hazards_at(game, game.depth, xy):
        t = store.get(hz, Hazard).trap
        if t and store.alive(t) and store.has(t, Trap) and disarmable(game, t):
            return t
    return None


def harms_in_place(game: Game, xy: tuple[int, int]) -> bool:
    """Whether a lasting effect on `xy` strikes whoever stays there (each round, or while
    inside: an acid pool, a hand), not only whoever comes in (a saw, fire jets)."""
    return any(_step(game, hz).get(hook) for hz in hazards_at(game, game.depth, xy)
               for hook in HARMING_HOOKS)


def leave_hazard(game: Game, eid: int, pos: Position) -> Action | None:
    """A step off a lasting hazard that strikes whoever stays in it (harms_in_place) to a
    square out of every hazard, free and not a companion's (a swap would put them in it)."""
    hazards = hazard_squares(game)
    if pos.xy not in hazards or not harms_in_place(game, pos.xy):
        return None
    act = game.store.get(eid, Actor)
    if act.move_points <= 0 and act.actions_left <= 0:
        return None
    return _way_out(game, eid, pos, set(hazards))


LEAVE_REACH = 4  # the farthest (steps) the bot looks for a way out of a hazard


def _way_out(game: Game, eid: int, pos: Position, hazards: set[tuple[int, int]]
             ) -> Action | None:
    """The first step of the shortest walk, over free squares, to one out of every hazard
    (from the middle of an acid pool every neighbour is in it: a delver that looked only
    one step away stood there, struck at each turn's start, and went down)."""
    level = game.level
    # (a locked door is walkable ground a step never enters)
    shut = {xy for xy, door in game.level_doors() if door.locked and not door.open} \
        if level.door_ids else set()

    def free(x: int, y: int) -> bool:
        return level.is_walkable(x, y) and (x, y) not in shut \
            and game.creature_at(x, y) is None and not game.step_blocked(eid, x, y)

    frontier = [(pos.x + dx, pos.y + dy, dx, dy) for dx, dy in STEPS]
    seen = {pos.xy}
    for _ in range(LEAVE_REACH):
        nxt: list[tuple[int, int, int, int]] = []
        for x, y, fx, fy in frontier:
            if (x, y) in seen or not free(x, y):
                continue
            seen.add((x, y))
            if (x, y) not in hazards:
                return Step(fx, fy)
            nxt.extend((x + dx, y + dy, fx, fy) for dx, dy in STEPS)
        frontier = nxt
    return None


def held_at(game: Game, x: int, y: int) -> bool:
    """A companion stands on (x, y) held there by a trap or a condition (no swap)."""
    if not troubled_at(game, x, y):
        return False  # (no need to look who stands there: every step asks)
    other = game.creature_at(x, y)
    if other is None or other not in game.party:
        return False
    return confine.top(game, other) is not None or bool(move_blocked(game, other, x, y))


def caught(game: Game) -> list[int]:
    """The party members with a confinement on them (confine.top finds none on others),
    in the party's order."""
    confined = game.store.peek(Confined)
    return [m for m in game.party if (conf := confined.get(m)) is not None and conf.stack]


def conditioned(game: Game, eid: int) -> bool:
    """Whether any of the party but `eid` is under a condition (move_blocked refuses a
    step only then)."""
    conditions = game.store.peek(Conditions)
    for member in game.party:
        conds = conditions.get(member)
        if conds is not None and conds.active and member != eid:
            return True
    return False


def troubled_at(game: Game, x: int, y: int) -> bool:
    """Whether one of the party stands on (x, y) of this level caught (confine.top) or
    under a condition (move_blocked): only such a one may be held there."""
    store = game.store
    positions, depth = store.table(Position), game.depth
    confined, conditions = store.peek(Confined), store.peek(Conditions)
    for m in game.party:
        pos = positions[m]
        if pos.x == x and pos.y == y and pos.depth == depth:
            conf, conds = confined.get(m), conditions.get(m)
            if (conf is not None and conf.stack) or (conds is not None and conds.active):
                return True
    return False
