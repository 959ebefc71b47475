"""The bot's help for its own: a light when every light is out, Heal and salves for the
fallen and those a wound from going down, and freeing those caught by traps."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.bot.care import heal_plan, in_danger
from roguelike.bot.moves import (
    STEPS,
    caught,
    conditioned,
    disarm_in_way,
    known_trap_at,
    leave_hazard,
    towards,
)
from roguelike.bot.routes import hazard_squares
from roguelike.core.components import Actor, Character, Disabled, Position
from roguelike.core.explore_components import LightSource
from roguelike.engine.actions.basic import Lead, Step, Wait
from roguelike.engine.base.action import Action
from roguelike.engine.base.stats import chebyshev, is_disabled, speed
from roguelike.engine.creatures.inventory import find_item
from roguelike.engine.game import Game
from roguelike.engine.items.item_use import UseItem
from roguelike.engine.items.spells import Cast
from roguelike.engine.status.conditions import has_condition, move_blocked
from roguelike.engine.traps import confine
from roguelike.engine.traps.hazards import breakaway_chance, until_disarmed
from roguelike.engine.traps.trap_actions import Free, Struggle

if TYPE_CHECKING:
    from roguelike.bot.player import Bot

HOLD_TRIES = 12  # disarm tries at one hold before only breaking away (5/12 each slowly)


def relight(game: Game, eid: int) -> Action | None:
    """With every light out, light the next one carried (or lead whoever carries one)."""
    lights, disabled = game.store.peek(LightSource), game.store.peek(Disabled)
    for e in game.party:
        if e in lights and e not in disabled:
            return None
    if game.store.get(eid, Actor).actions_left <= 0:
        return None
    for member in game.party:
        item = find_item(game, member, "light")
        if item is None:
            continue
        if member == eid:
            return UseItem(item)
        if not is_disabled(game.store, member):
            return Lead(game.store.get(member, Character).order)
    return None


def heal(bot: Bot, game: Game, eid: int, pos: Position, reach_only: bool = False
         ) -> Action | None:
    """Mend a fallen companion, or one a wound from going down (care.heal_plan), with
    the Heal spell or a salve; out of a fight, go to them or hand the lead to one who
    can. `reach_only` (in a fight): only a patient beside the healer."""
    store = game.store
    if store.get(eid, Actor).actions_left <= 0 or not in_danger(game):
        return None
    plan = heal_plan(game, eid, bot.find(game, eid, "heal_box"))
    if plan is None:
        if reach_only or game.mode != "explore":
            return None
        for member in game.party:
            if member != eid and not is_disabled(store, member) \
                    and store.get(member, Position).depth == game.depth \
                    and heal_plan(game, member, bot.find(game, member, "heal_box")):
                return Lead(store.get(member, Character).order)
        return None
    patient, where, how = plan
    ppos = store.get(patient, Position)
    if chebyshev(ppos, pos) > 1:
        if reach_only:
            return None
        hazards = hazard_squares(game)
        goal = [(ppos.x + dx, ppos.y + dy) for dx, dy in STEPS
                if game.level.is_walkable(ppos.x + dx, ppos.y + dy)
                and (ppos.x + dx, ppos.y + dy) not in hazards]
        return towards(bot, game, eid, pos, goal, False)
    if how == "spell":
        return Cast("heal", ppos.x, ppos.y, where)
    salve = bot.find(game, eid, "heal_box")
    assert salve is not None
    return UseItem(salve, ppos.x, ppos.y, where)


def rescue(bot: Bot, game: Game, eid: int, pos: Position) -> Action | None:
    """Caught in a cage, net or vines: struggle if that can work, else hand the lead to
    one who can help. A companion caught: go and free them."""
    store = game.store
    if confine.top(game, eid) is not None:
        if confine.escape_ways(game, eid, eid, inside=True):
            return Struggle() if store.get(eid, Actor).actions_left > 0 else None
        for member in game.party:
            if member != eid and not is_disabled(store, member) \
                    and confine.top(game, member) is None \
                    and store.get(member, Position).depth == game.depth:
                return Lead(store.get(member, Character).order)
        return None
    # (move_blocked refuses only under a condition, confine.top finds only a stack:
    # most steps nobody else is under one and nobody is caught)
    if game.mode == "explore" and conditioned(game, -1):
        disarm = _disarm_the_hold(bot, game, eid, pos)
        if disarm is not None:
            return disarm
        if not move_blocked(game, eid, pos.x, pos.y):
            held = _held_companions(game, eid)
            if held:
                return _free_the_held(game, eid, pos, held)
    # (the fallen too: a Mage knocked out in a flooding pit came round to drown again, 194
    # times, while the Warrior beside the pit waited for her to stand, seed s24-e-14)
    helpable = [m for m in caught(game)
                if m != eid and store.get(m, Position).depth == game.depth
                and confine.escape_ways(game, eid, m, inside=False)]
    # (the one beside it first: going for the first caught, which no way led to, it
    # stood beside a second one for good, seed s24-i-7)
    helpable.sort(key=lambda m: chebyshev(store.get(m, Position), pos) > 1)
    for member in helpable:
        mpos = store.get(member, Position)
        if chebyshev(mpos, pos) <= 1:
            if store.get(eid, Actor).actions_left <= 0:
                return None
            return Free(mpos.x - pos.x, mpos.y - pos.y)
        goal = [(mpos.x + dx, mpos.y + dy) for dx, dy in STEPS
                if game.level.is_walkable(mpos.x + dx, mpos.y + dy)]
        step = towards(bot, game, eid, pos, goal, False)
        if step is not None:
            return step
    return None


def _hold_square(game: Game, member: int) -> tuple[int, int] | None:
    """The square of a known trap beside (or under) `member` whose lasting hold only a
    disarm ends (the Monstrous Hand, 001:145), when `member` is held."""
    store = game.store
    if not has_condition(game, member, "held") or breakaway_chance(game, member) is None:
        return None
    mpos = store.get(member, Position)
    for dx, dy in ((0, 0), *STEPS):
        x, y = mpos.x + dx, mpos.y + dy
        trap = known_trap_at(game, x, y)
        if trap is not None and until_disarmed(game, trap):
            return (x, y)
    return None


def _disarm_the_hold(bot: Bot, game: Game, eid: int, pos: Position) -> Action | None:
    """A held delver disarms the trap holding it (2d6 + 2 >= 10 slowly, 5 in 12, against
    breaking away on a 6): the held led one tries, or a free leader hands the lead to a
    held one who can. Breaking away alone left parties waiting out the clock where the
    companion a held one follows stood beside it in a corridor (seeds s24-a-0, s24-a-28)."""
    store = game.store
    for member in (eid, *[m for m in game.party if m != eid]):
        if store.get(member, Position).depth != game.depth or is_disabled(store, member):
            continue
        square = _hold_square(game, member)
        if square is None or bot.disarm_tries.get((game.depth, *square), 0) >= HOLD_TRIES:
            continue
        mk = game.content.trap_stocking.mage_knight
        if speed(store, member) < mk.disarm_quick_cost:
            continue  # (too slow in the hand's grip to disarm at all)
        if member != eid:
            return Lead(store.get(member, Character).order)
        return disarm_in_way(bot, game, eid, *square, limit=HOLD_TRIES)
    return None


def _held_companions(game: Game, eid: int) -> list[int]:
    """Companions on this level the Monstrous Hand holds (they break away only by trying)."""
    store = game.store
    return [m for m in game.party if m != eid
            and store.get(m, Position).depth == game.depth
            and not is_disabled(store, m)
            and move_blocked(game, m, *store.get(m, Position).xy)
            and breakaway_chance(game, m) is not None]


def _free_the_held(game: Game, eid: int, pos: Position, held: list[int]) -> Action:
    """Companions the Monstrous Hand holds break away only by trying to step (1 in 6), and
    a follower tries whenever its leader is 2 or more squares off. So the free delver leads
    from outside the hand's reach, 2 squares or more from each held one, and lets time pass;
    led themselves, the held would pull the free one back into reach as their follower,
    for ever."""
    store = game.store
    hazards = hazard_squares(game)
    act = store.get(eid, Actor)
    spots = [store.get(m, Position) for m in held]
    if pos.xy not in hazards and all(chebyshev(p, pos) >= 2 for p in spots):
        return Wait()
    if act.move_points <= 0 and act.actions_left <= 0:
        return Wait()
    best = None
    for dx, dy in STEPS:
        x, y = pos.x + dx, pos.y + dy
        if (x, y) in hazards or not game.level.is_walkable(x, y) \
                or game.creature_at(x, y) is not None or game.step_blocked(eid, x, y):
            continue
        gap = min(max(abs(p.x - x), abs(p.y - y)) for p in spots)
        if best is None or gap > best[0]:
            best = (gap, dx, dy)
    if best is not None:
        return Step(best[1], best[2])
    # (no free square beside it out of the reach: the way out crosses the reach, as in a
    # corridor the Hand spans; waiting there was for ever, seed s23-g-14)
    return leave_hazard(game, eid, pos) or Wait()
