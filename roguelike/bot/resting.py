"""The bot's rests (engine/explore/rest.py): wait out a companion's knock-out and heal the
fallen by resting, never leave one lying in a lasting trap effect that would strike them
again as they rise (drag them out of it, or disarm it), rest the wounded before going on
(in the level's Camp for Bed Rest when the Camp is a short walk), and stop when a rest
would do nothing more (rest_needs empty) or has stopped helping.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from roguelike.bot.care import state_of
from roguelike.bot.moves import (
    STEPS,
    disarm_in_way,
    harms_in_place,
    lasting_trap_over,
    leave_hazard,
    towards,
)
from roguelike.bot.routes import harming_squares
from roguelike.core.components import Actor, Conditions, HitBoxes, Position
from roguelike.core.explore_components import Fatigue
from roguelike.engine import conditions as C
from roguelike.engine.action_base import Action
from roguelike.engine.actions import EndMove, Step, Wait
from roguelike.engine.explore.drag import Drag, body_refusal, drag_steps
from roguelike.engine.explore.inventory import in_camp
from roguelike.engine.explore.rest import (
    Rest,
    injuries,
    night_due,
    present,
    rest_needs,
    rest_refusal,
)
from roguelike.engine.fight_sense import boxes_to_down
from roguelike.engine.game import Game
from roguelike.engine.stats import chebyshev, is_disabled, name_of

if TYPE_CHECKING:
    from roguelike.bot.player import Bot

REST_AT = 3  # boxes crossed on one delver that call for a rest where it stands ...
REST_AT_SCARCE = 5  # ... when light runs short (bot/journey.light_turns)
CAMP_WALK = 30  # the longest walk (steps) back to the Camp for its Bed Rest
FUTILE_RESTS = 3  # rests in a row that changed nothing before the bot stops resting here ...
FUTILE_PAUSE = 20 * 60  # ... for this many rounds (20 exploration turns), then tries again


def fallen(game: Game) -> list[int]:
    """Companions down on this level (every one of them gets up in time: a knock-out's
    clock runs out, and a completed rest heals the Disabled until they stand)."""
    store = game.store
    return [m for m in present(game) if is_disabled(store, m)]


def tend_fallen(bot: Bot, game: Game, eid: int, pos: Position,
                hazards: tuple[tuple[int, int], ...]) -> Action | None:
    """A companion down on this level: the party rests beside them (the knock-out's clock
    runs, the rest heals them and they stand); one lying in a lasting trap effect that
    would strike them as they rise is dragged out of it (_drag_out), or else has the trap
    disarmed first, by a delver fit to stand in it for a few tries (else they are left:
    the stairs leave them, journey.gathered)."""
    down = fallen(game)
    if not down:
        return None
    store = game.store
    waiting = []
    for m in down:
        mpos = store.get(m, Position)
        if mpos.xy not in hazards or not harms_in_place(game, mpos.xy):
            waiting.append(m)
            continue
        pulled = _drag_out(bot, game, eid, pos, m)
        if pulled is not None:
            return pulled
        trap = _trap_to_end(bot, game, eid, mpos.xy)
        if trap is None:
            continue  # (nothing ends it that the party can afford: resting only strikes)
        tx, ty = _xy(game, trap)
        if chebyshev(pos, store.get(trap, Position)) <= 1:
            act = disarm_in_way(bot, game, eid, tx, ty, limit=RESCUE_TRIES)
            if act is not None:
                return act
            # (no disarm from here now: counted as a try, or the party would step in
            # to try again and out of the hazard again for ever)
            key = (game.depth, tx, ty)
            bot.disarm_tries[key] = bot.disarm_tries.get(key, 0) + 1
            continue
        goals = [(tx + dx, ty + dy) for dx, dy in STEPS
                 if game.level.is_walkable(tx + dx, ty + dy)]
        step = towards(bot, game, eid, pos, goals, False)
        if step is not None:
            return step
    if not waiting or game.mode != "explore" or rest_refusal(game):
        return None
    if pos.xy in hazards:
        return leave_hazard(game, eid, pos)
    return _rest(bot, game)


def _drag_out(bot: Bot, game: Game, eid: int, pos: Position, body: int) -> Action | None:
    """Drag a fallen companion out of a lasting effect that strikes them where they lie
    (engine/explore/drag.py): from a square beside them nearer the effect's edge than
    theirs, the dragger steps back towards the edge and hauls them into its square, one
    square an action; else it walks to such a square. A dragger RESCUE_FIT boxes from
    going down drags only from outside the effect, never stepping into it. None when no
    drag can help (held by a trap: its disarm; walled in)."""
    store = game.store
    harm = set(harming_squares(game))
    bpos = store.get(body, Position)
    if bpos.xy not in harm or body_refusal(game, eid, body) not in \
            ("", f"{name_of(store, body)} must be next to you."):
        return None
    out = _out_distances(game, harm)
    fit = boxes_to_down(game, eid) >= RESCUE_FIT
    level = game.level
    goals = [(x, y) for dx, dy in STEPS
             if level.is_walkable(x := bpos.x + dx, y := bpos.y + dy)
             and out.get((x, y), 0) < out[bpos.xy] and (fit or (x, y) not in harm)
             and game.creature_at(x, y) in (None, eid)]
    act = store.get(eid, Actor)
    if pos.xy not in goals:
        step = towards(bot, game, eid, pos, goals, False)
        left = act.actions_left if act.move_points > 0 else act.actions_left - 1
        if isinstance(step, Step) and left <= 0 and pos.xy not in harm \
                and (pos.x + step.dx, pos.y + step.dy) in harm:
            # (no action left to drag with once in: not into the effect to stand there
            # at the next turn's start; in with the new turn, and out with its drags)
            return EndMove() if act.move_points > 0 else Wait()
        return step
    if act.actions_left <= 0:  # (a drag is an action: a new turn for it)
        return EndMove() if act.move_points > 0 else None
    back = (2 * pos.x - bpos.x, 2 * pos.y - bpos.y)  # (straight back, away from them)
    steps = []
    for i, (dx, dy) in enumerate(drag_steps(game, eid, body)):
        xy = (pos.x + dx, pos.y + dy)
        if fit or xy not in harm:
            steps.append((out.get(xy, 0), -chebyshev_xy(xy, bpos.xy), chebyshev_xy(xy, back),
                          i, (dx, dy)))
    if not steps:
        return None
    dx, dy = min(steps)[-1]
    return Drag(body, dx, dy)


def _out_distances(game: Game, harm: set[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """Steps from each square of `harm` to the nearest walkable square out of it (walls
    between; creatures ignored: they move), over walkable squares; a square nothing leads
    out of is left out (as far as can be)."""
    level = game.level
    dist: dict[tuple[int, int], int] = {}
    frontier = [xy for xy in sorted(harm) if any(
        level.is_walkable(xy[0] + dx, xy[1] + dy) and (xy[0] + dx, xy[1] + dy) not in harm
        for dx, dy in STEPS)]
    step = 1
    while frontier:
        nxt = []
        for xy in frontier:
            if xy in dist:
                continue
            dist[xy] = step
            nxt += [(xy[0] + dx, xy[1] + dy) for dx, dy in STEPS
                    if (xy[0] + dx, xy[1] + dy) in harm
                    and level.is_walkable(xy[0] + dx, xy[1] + dy)]
        frontier, step = nxt, step + 1
    for xy in harm:
        dist.setdefault(xy, UNREACHED)
    return dist


UNREACHED = 10_000  # (an effect's square with no walk out of it)


def _trap_to_end(bot: Bot, game: Game, eid: int, xy: tuple[int, int]) -> int | None:
    """The trap whose lasting effect strikes a fallen companion on `xy`, when `eid` may try
    to disarm it: tries left, and (its effect striking whoever stands by it: an acid
    pool's 2 boxes a turn, more on a failed try) RESCUE_FIT boxes from going down. Three
    delvers walked one by one into a pool after the first, and all went down."""
    if not harms_in_place(game, xy):
        return None
    trap = lasting_trap_over(game, xy)
    if trap is None or bot.disarm_tries.get((game.depth, *_xy(game, trap)), 0) >= \
            RESCUE_TRIES:
        return None
    if boxes_to_down(game, eid) < RESCUE_FIT:
        return None
    return trap


RESCUE_TRIES = 3  # tries at disarming a trap whose effect holds a fallen companion ...
RESCUE_FIT = 2  # ... by a delver this many boxes from going down (a whole Head: 2)


def _xy(game: Game, trap: int) -> tuple[int, int]:
    return game.store.get(trap, Position).xy


def rest_plan(bot: Bot, game: Game, eid: int, pos: Position,
              hazards: tuple[tuple[int, int], ...], scarce: bool, hurry: bool = False
              ) -> Action | None:
    """Rest now, walk to the Camp to rest there, or None (go on). In the Camp the party
    rests off everything a rest still mends; elsewhere only wounds worth the time (REST_AT
    boxes on someone, a wound to Head or Torso, fatigue, an injury), fewer when light is
    `scarce`.
    A party in a `hurry` to leave the level rests only off severe fatigue (-2 and worse on
    every roll: an exhausted Mage shut behind a locked door needed a 9 on a d6 to break
    it, seed s22-b-33)."""
    # (with only Pillagers in view that keep away the walk to the Camp goes on, though the
    # rest waits: stopping it there, the party turned back for the stairs out of their
    # sight and in again for the Camp, 5,000 actions on depth 2, s26-dev-a-15)
    if game.over or (game.mode != "explore" and game.threats_in_view()):
        return None
    store = game.store
    standing = [m for m in present(game) if not is_disabled(store, m)]
    if not standing or not _needs(game, standing):
        return None
    if hurry and _most_tired(game, standing) < SEVERE:
        return None
    if any(store.get(m, Position).xy in hazards for m in standing):
        return leave_hazard(game, eid, pos)
    if resting_paused(bot, game):
        return None
    if in_camp(game, eid):
        return _rest(bot, game) if rest_needs(game) and not rest_refusal(game) else None
    worst = max(_crossed(game, m) for m in standing)
    danger = any(boxes_to_down(game, m) <= 1 for m in standing)
    # (fatigue is -1 a level on every roll: rested off at once while light allows, and
    # from severe on even when it is short)
    tired = _most_tired(game, standing) >= (SEVERE if scarce else 1)
    # (Injured is -1 a stack on every roll, and only a rest at full boxes ends one: rested
    # off only in the Camp, a Rogue went on with 20 of them, -20, seed s24-b-8)
    injured = any(injuries(game, m) for m in standing)
    if not (danger or tired or injured
            or worst >= (REST_AT_SCARCE if scarce else REST_AT)):
        return None
    if worst >= 2 and not danger:
        walk = camp_walk(bot, game, eid, pos)
        if walk is not None and not _into_harm(game, pos, walk):
            return walk
    return None if rest_refusal(game) else _rest(bot, game)


def _into_harm(game: Game, pos: Position, action: Action) -> bool:
    """Whether `action` steps from outside a lasting effect that strikes whoever stays in
    it into it. The wounded do not wade through acid to reach the Camp's beds: they rest
    where they are. Walking to the Camp through a pool, the leader stepped in (1 box), and
    out again at the next look (standing in it, rest_plan leaves it first), nine times
    between the Warrior and the Mage; both went down in it, and the Warrior, knocked out
    in the pool, was struck down again each time it came round, 892 times (seed s25-b-0)."""
    if not isinstance(action, Step):
        return False
    harm = harming_squares(game)
    return pos.xy not in harm and (pos.x + action.dx, pos.y + action.dy) in harm


def resting_paused(bot: Bot, game: Game) -> bool:
    """Whether rests here have stopped helping (FUTILE_RESTS in a row changed nothing) and
    FUTILE_PAUSE has not yet run out. Not for good: fatigue comes back and an injury's check
    may pass next time, and a party that never rested again stayed exhausted on depth 1
    (seed s22-b-33: its Mage, shut behind a locked door, could not break it at Might 6 + 3
    fatigue, 21,333 tries)."""
    if bot.futile_rests.get(game.depth, 0) < FUTILE_RESTS:
        return False
    if game.round - bot.futile_at.get(game.depth, game.round) < FUTILE_PAUSE:
        return True
    bot.futile_rests[game.depth] = 0
    return False


SEVERE = 2  # the fatigue level called severe (DungeonPunk)


def _most_tired(game: Game, standing: list[int]) -> int:
    store = game.store
    return max(((f.level if (f := store.try_get(m, Fatigue)) is not None else 0)
                for m in standing), default=0)


def _needs(game: Game, standing: list[int]) -> bool:
    """Whether a rest would mend anything on the standing delvers (a quick look first)."""
    store = game.store
    for m in standing:
        if _crossed(game, m):
            return True
        f = store.try_get(m, Fatigue)
        if f is not None and f.level:
            return True
        conds = store.try_get(m, Conditions)
        if conds is not None and "injured" in conds.active:
            return True
    return False


def _crossed(game: Game, eid: int) -> int:
    return sum(loc.crossed for loc in game.store.get(eid, HitBoxes).locations)


def bleeding(game: Game) -> bool:
    """Someone here on their feet loses boxes turn by turn (Sapped, Burning): a rest would
    be broken by the first of them and heal nothing, an exploration turn of light for
    nothing. One down takes no turns, so neither bleeds nor saves at a turn's end: waiting
    for them to stop never ends (s26-final-4: a Sapped Mage down on depth 2, the party
    waiting beside her for 47,000 rounds); the rest that stands them up is the way on."""
    store = game.store
    return any(p.wound_per_turn for m in present(game) if not is_disabled(store, m)
               for p in C.plays(game, m))


def _rest(bot: Bot, game: Game) -> Action:
    """A Rest, noting whether the last one from this very state changed nothing; while
    someone bleeds, a round's Wait instead (each turn's save may end it)."""
    if bleeding(game):
        return Wait()
    now = state_of(game)
    if bot.rested_from is not None and bot.rested_from[0] == game.depth:
        # (a night that failed its injury check changed nothing, yet the next may pass: a
        # natural 6 always does; counted futile, the party went on with the injuries and
        # they only piled up, -7 on every roll in a 900-round troll fight, s24-e-19)
        if bot.rested_from[1] == now and not any(night_due(game, m) for m in present(game)):
            bot.futile_rests[game.depth] = bot.futile_rests.get(game.depth, 0) + 1
            bot.futile_at[game.depth] = game.round
        else:
            bot.futile_rests[game.depth] = 0
    bot.rested_from = (game.depth, now)
    # (rested, the doors given up on get their tries again: fatigue had made them hopeless)
    bot.routes.unbar_here(game)
    depth = game.depth
    bot.door_tries = {key: n for key, n in bot.door_tries.items() if key[0] != depth}
    # (lights out while resting: a rest turn no longer burns a turn of the trip's light;
    # they are lit again as the rest ends, done or broken)
    return Rest(dark=True)


def camp_walk(bot: Bot, game: Game, eid: int, pos: Position, far: bool = False
              ) -> Action | None:
    """A step towards the level's Camp room when it is within CAMP_WALK squares (or
    however `far`)."""
    level = game.level
    if level.camp_room is None or level.room_at(pos.x, pos.y) == level.camp_room:
        return None
    if bot.camp is None or bot.camp[0] is not level:
        ys, xs = np.nonzero(level.room_map == level.camp_room)
        bot.camp = (level, list(zip(xs.tolist(), ys.tolist(), strict=True)))
    squares = bot.camp[1]
    if not squares or (not far and min(chebyshev_xy(pos.xy, s) for s in squares) > CAMP_WALK):
        return None
    return towards(bot, game, eid, pos, squares, False)


def chebyshev_xy(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

