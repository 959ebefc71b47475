"""The bot's way through the dungeon: how much light is left for the trip, the treasure it
has seen and goes back for, banking at the Camp, the Heart of the Deep, the stairs, climbing
out with the Heart, and searching the walls when no way on is known.

All of it reads only what the party knows: squares explored, things seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from roguelike.bot.moves import harms_in_place, towards
from roguelike.bot.resting import camp_walk
from roguelike.core.components import Actor, Character, Position, Searched
from roguelike.core.explore_components import Doused, Inventory, Item, LightSource, Treasure
from roguelike.engine.actions.basic import Lead, TakeStairs, Wait
from roguelike.engine.base.action import Action
from roguelike.engine.base.stats import chebyshev, is_disabled
from roguelike.engine.creatures.helpless import can_act, lost
from roguelike.engine.creatures.inventory import PickUp, carried, item_def_of
from roguelike.engine.game import Game
from roguelike.engine.status.conditions import move_blocked
from roguelike.engine.traps import confine
from roguelike.engine.traps.trap_actions import SEARCH_REACH, Search
from roguelike.world import tiles as T
from roguelike.world.masks import dilate

if TYPE_CHECKING:
    from roguelike.bot.player import Bot

DOWN_TURNS = 6  # exploration turns of light a level down costs the bot, rests included ...
UP_TURNS = 2  # ... and a level back up (the way is known)
STAIRS_PATIENCE = 20  # waits on the stairs for the line to catch up before leading a
# companion still far off to them
LOOT_REACH = 24  # the farthest (squares) the bot goes back for treasure it has seen
LOOT_SLACK = 8  # ... and further for the treasure it is already walking to


def light_turns(game: Game) -> int:
    """Exploration turns of light the party has left: the lights burning and what it
    carries to light or fill them with."""
    data = game.content.explore
    store = game.store
    rounds = 0
    fuels = {ld.fuel_item: ld for ld in data.lights.values() if ld.fuel_item}
    for m in game.party:
        lit = store.try_get(m, LightSource) or store.try_get(m, Doused)
        if lit is not None:
            rounds += lit.rounds_left
        for item in carried(store, m):
            idef = item_def_of(game, item)
            if idef is None:
                continue
            if idef.effect == "light" and idef.light in data.lights \
                    and not data.lights[idef.light].fuel_item:
                rounds += data.lights[idef.light].burn_turns * data.rounds_per_turn
            elif idef.id in fuels:
                rounds += fuels[idef.id].burn_turns * data.rounds_per_turn
    return rounds // data.rounds_per_turn


def light_scarce(game: Game, spent: int = 0) -> bool:
    """Too little light left for the rest of the trip down and back at the usual pace
    (once `spent` more exploration turns of it are gone)."""
    depths = game.content.explore.depths
    need = (depths - game.deepest) * DOWN_TURNS + game.deepest * UP_TURNS
    return light_turns(game) - spent < need


def fuel_turns(game: Game, kind: str) -> int:
    """Exploration turns of light an item of `kind` gives as a light's fuel (a flask of
    oil: a lantern's 24), 0 when it fuels none."""
    for ld in game.content.explore.lights.values():
        if ld.fuel_item == kind:
            return ld.burn_turns
    return 0


def loads(bot: Bot, game: Game) -> list[tuple[bool, bool]]:
    """Per delver (party order): whether it carries treasure that banks, and the Heart;
    kept while the store hands out the same Treasure id list (a new one whenever a
    Treasure row is made or removed) and each inventory holds the same items."""
    store = game.store
    inventories = store.peek(Inventory)
    held = tuple(tuple(inv.items) if (inv := inventories.get(m)) is not None else ()
                 for m in game.party)
    treasure_ids = store.ids(Treasure)
    kept = bot.kept_loads
    if kept is not None and kept[0] is treasure_ids and kept[1] == held:
        return kept[2]
    goal = game.content.explore.goal_item
    treasure, items = store.peek(Treasure), store.peek(Item)
    out = []
    for carried_items in held:
        worth = [i for i in carried_items if i in treasure]
        heart = any(i in items and items[i].kind == goal for i in worth)
        out.append((any(i not in items or items[i].kind != goal for i in worth), heart))
    bot.kept_loads = (treasure_ids, held, out)
    return out


def homeward(bot: Bot, game: Game) -> bool:
    """The Heart is carried (or the party gave up): it climbs out."""
    return bot.retiring or any(goal for _treasure, goal in loads(bot, game))


def climb(bot: Bot, game: Game, eid: int, pos: Position) -> Action:
    """Up the stairs of each level (known: the party came down them) and out of the
    dungeon; the way up passes through each level's Camp (treasure banks on arrival)."""
    up = game.level.stairs_up
    if pos.xy == up:
        return take_stairs(bot, game, pos, "up")
    step = towards(bot, game, eid, pos, [up], False)
    if step is not None:
        return step
    frontier = bot.routes.frontier_from(game, pos.xy)
    # (no known way up: cut off, it may be by a secret door; the walls not yet searched)
    return towards(bot, game, eid, pos, frontier, False) or seek_secret(bot, game, eid, pos)


def take_stairs(bot: Bot, game: Game, pos: Position, direction: str) -> Action:
    """On the stairs: take them once the party is gathered. The line catches up while the
    leader waits; a companion still standing far off after that (cut off from the line: a
    locked door between, a teleport) leads, and walks here (waiting on for it was a stall
    of 50,000 actions going up, and a retirement going down, s26-dev-a-26)."""
    if gathered(game, pos):
        bot.stairs_waits = 0
        return TakeStairs(direction)
    bot.stairs_waits += 1
    far = straggler(game, pos) if bot.stairs_waits > STAIRS_PATIENCE else None
    if far is None:
        return Wait()
    bot.stairs_waits = 0
    return Lead(game.store.get(far, Character).order)


def goal_here(game: Game) -> int | None:
    """The Heart of the Deep lying on this level where the party has seen it."""
    data = game.content.explore
    if game.depth < data.depths:
        return None
    explored = game.level.explored
    for item, it, ipos in game.store.query(Item, Position):
        if it.kind == data.goal_item and ipos.depth == game.depth \
                and explored[ipos.y, ipos.x]:
            return item
    return None


def fetch(bot: Bot, game: Game, eid: int, pos: Position, item: int,
          seen: tuple[int, int] | None = None) -> Action | None:
    """Pick up `item` when beside it, else a step towards it (towards the square it was
    `seen` on, when given: where the party believes it lies)."""
    where = seen or game.store.get(item, Position).xy
    if max(abs(where[0] - pos.x), abs(where[1] - pos.y)) <= 1:
        if game.store.get(eid, Actor).actions_left > 0:
            return PickUp(item)
        return None
    return towards(bot, game, eid, pos, [where], False)


def to_camp(bot: Bot, game: Game, eid: int, pos: Position) -> Action | None:
    """Treasure carried on depth 1: the carrier walks it to the Camp room, where it banks
    (on arrival: turns.explore_hooks). Deeper down the next level's Camp banks it as the party
    arrives by the stairs."""
    if game.depth != 1:
        return None
    store = game.store
    carriers = [m for m, (worth, _heart) in zip(game.party, loads(bot, game), strict=True)
                if worth and not is_disabled(store, m) and store.get(m, Position).depth == 1]
    if not carriers:
        return None
    if eid not in carriers:  # the one who carries it walks it in (a follower may not)
        if confine.top(game, eid) is not None or move_blocked(game, eid, pos.x, pos.y):
            return None  # (held: it tries to break away first)
        return Lead(store.get(carriers[0], Character).order)
    return camp_walk(bot, game, eid, pos, far=True)


def loot(bot: Bot, game: Game, pos: Position) -> tuple[int, tuple[int, int]] | None:
    """The nearest treasure the party has seen on this level and still believes lies where
    it saw it (a square seen empty since is forgotten), within LOOT_REACH."""
    view = game.visible
    store = game.store
    positions = store.table(Position)
    depth = game.depth
    seen = bot.seen_loot
    for eid in store.ids(Treasure, Position):  # (treasure on every level: depth first)
        tpos = positions[eid]
        if tpos.depth == depth and view[tpos.y, tpos.x]:
            seen[eid] = (depth, tpos.x, tpos.y)
    best = None
    for eid, (d, x, y) in list(seen.items()):
        if d != depth:
            continue
        if view[y, x]:
            now = positions.get(eid) if store.alive(eid) else None
            if now is None or (now.depth, now.x, now.y) != (d, x, y):
                del seen[eid]  # (taken, or carried off: seen gone)
                continue
        dist = max(abs(x - pos.x), abs(y - pos.y))
        # (the treasure it already goes for, a little further: a route that bends away at
        # first took the walker past LOOT_REACH and the stairs back in, and so on, 1,500
        # actions on depth 4 of bot-progress-4)
        reach = LOOT_REACH + (LOOT_SLACK if eid == bot.going_for else 0)
        if dist <= reach and (best is None or dist < best[0]):
            best = (dist, eid, (x, y))
    bot.going_for = best[1] if best else None
    return (best[1], best[2]) if best else None


def gathered(game: Game, pos: Position) -> bool:
    """Every delver on this level, standing or carried, is within 3 squares of `pos` (the
    stairs take those, and leave nobody who can still get up)."""
    store = game.store
    for e in game.party:
        p = store.get(e, Position)
        if p.depth != pos.depth or chebyshev(p, pos) <= 3:
            continue
        if is_disabled(store, e):
            if harms_in_place(game, p.xy):
                continue  # (no rest gets them up there: left, as nothing else can be done)
            return False
        if not lost(game, e):  # (stone is left where it stands)
            return False
    return True


def straggler(game: Game, pos: Position) -> int | None:
    """A delver on this level, standing and able to act, too far from `pos` for the
    stairs to take it along."""
    store = game.store
    for e in game.party:
        p = store.get(e, Position)
        if p.depth == pos.depth and chebyshev(p, pos) > 3 and not is_disabled(store, e) \
                and can_act(game, e):
            return e
    return None


def unsearched(game: Game, eid: int, pos: Position) -> bool:
    """The delver stands in a room it has not searched for traps, with an action."""
    room = game.level.room_at(pos.x, pos.y)
    if room is None or game.store.get(eid, Actor).actions_left <= 0:
        return False
    searched = game.store.try_get(eid, Searched)
    return searched is None or f"{pos.depth}:{room}" not in searched.places


def seek_secret(bot: Bot, game: Game, eid: int, pos: Position) -> Action:
    """Search here if no search of this delver reached here yet, else go to the
    nearest known square beside a wall that none reached (SEARCH_REACH each)."""
    searched = game.store.try_get(eid, Searched)
    spots = [(x, y) for d, x, y in (searched.spots if searched else []) if d == game.depth]
    if all(max(abs(x - pos.x), abs(y - pos.y)) > SEARCH_REACH for x, y in spots):
        return Search()
    level = game.level
    walk = T.WALKABLE[level.tiles]
    # (not a doorway: a locked door given up on is walkable ground the step never enters)
    mask = level.explored & walk & dilate(~walk) \
        & (game.cost_map(mover=eid, creatures_block=False) > 0)
    h, w = mask.shape
    for x, y in spots:
        mask[max(0, y - SEARCH_REACH):min(h, y + SEARCH_REACH + 1),
             max(0, x - SEARCH_REACH):min(w, x + SEARCH_REACH + 1)] = False
    ys, xs = np.nonzero(mask)
    goals = list(zip(xs.tolist(), ys.tolist(), strict=True))
    return towards(bot, game, eid, pos, goals, False) or Wait()
