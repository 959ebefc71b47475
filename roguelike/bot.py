"""A simple bot that plays through the same actions a player sends.

It fights what it sees, explores to the edge of the known map, and takes the stairs down
when a level is explored or it has spent long enough on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from roguelike.engine.actions import (
    DIRECTIONS,
    Action,
    Attack,
    Lead,
    Step,
    TakeStairs,
    Wait,
)
from roguelike.engine.components import (
    Actor,
    Character,
    Conditions,
    Confined,
    Disabled,
    Door,
    Hazard,
    HitBoxes,
    PendingLuck,
    Position,
)
from roguelike.engine.conditions import move_blocked
from roguelike.engine.explore.clock import Rest
from roguelike.engine.explore.components import (
    Fatigue,
    Inventory,
    Item,
    LightSource,
    SecretDoor,
    SpellHealed,
    Treasure,
)
from roguelike.engine.explore.doors import BreakDoor, PickLock, secret_squares
from roguelike.engine.explore.inventory import PickUp, find_item, load_penalty, may_use
from roguelike.engine.explore.items import UseItem
from roguelike.engine.explore.spells import Cast, known_spells
from roguelike.engine.fight_actions import RangedAttack, can_shoot, ranged_reach
from roguelike.engine.game import Game
from roguelike.engine.luck import KeepRoll
from roguelike.engine.stats import chebyshev, is_disabled
from roguelike.engine.traps import confine
from roguelike.engine.traps.actions import Free, Search, Struggle
from roguelike.engine.traps.core import hit_dice
from roguelike.engine.traps.hazards import breakaway_chance
from roguelike.world import tiles as T
from roguelike.world.masks import dilate
from roguelike.world.paths import (
    UNREACHABLE,
    dijkstra,
    distance_map,
    sure_of,
    window_round,
)

_STEPS = list(DIRECTIONS.values())
LEVEL_BUDGET = 500
ROUTE_WINDOW = 12  # squares round the bot's delver for its widest try at a window's route


class Bot:
    def __init__(self) -> None:
        self.level_actions: dict[int, int] = {}
        # Kept answers, each with what it was made of (compared by `is` for levels, masks
        # and id lists, whose objects are new whenever they change; by == for the rest):
        # (level, terrain_version, explored squares, secret doors, frontier, its mask)
        self._last_frontier: tuple[object, int, int, tuple[tuple[int, int], ...],
                                   list[tuple[int, int]], np.ndarray] | None = None
        # (frontier, the square left out, the frontier without it, its mask)
        self._frontier_less: tuple[list[tuple[int, int]], tuple[int, int],
                                   list[tuple[int, int]], np.ndarray] | None = None
        self._last_walk: tuple[object, int, np.ndarray] | None = None  # (level, version, walkable)
        # (level, plain key, cost map with locked doors at 4 and no goals raised)
        self._last_cost: tuple[object, tuple[object, ...], np.ndarray] | None = None
        # the last whole distance map: (level, plain key, goals, map); while the party walks
        # through known ground the frontier and costs stay the same, so Dijkstra need not rerun
        self._last_route: tuple[object, tuple[object, ...], list[tuple[int, int]],
                                np.ndarray] | None = None
        # (door index, Door id list, its length, the Door rows in index order)
        self._door_rows: tuple[dict[tuple[int, int], int], list[int], int,
                               list[Door]] | None = None
        self._last_doors: tuple[object, object, list[int],
                                dict[tuple[int, int], int]] | None = None
        # (member, effect) -> (the store's Item id list, the items carried, find_item's)
        self._found: dict[tuple[int, str], tuple[list[int], tuple[int, ...], int | None]] = {}
        # the last map from a window alone, read again while it is sure of the squares a
        # step reads (paths.sure_of) and its inputs are the same
        self._windowed: _Window | None = None

    def choose(self, game: Game) -> Action:
        eid = game.awaiting
        if eid is None:
            return Wait()
        if game.store.has(eid, PendingLuck):
            return KeepRoll()  # the bot never buys a roll back
        self.level_actions[game.depth] = self.level_actions.get(game.depth, 0) + 1
        pos = game.store.get(eid, Position)
        if game.mode == "combat":
            return self._fight(game, eid, pos)
        return self._explore(game, eid, pos)

    def _fight(self, game: Game, eid: int, pos: Position) -> Action:
        store = game.store
        positions, actors = store.table(Position), store.table(Actor)
        # Pillagers only fight when engaged: leave them be unless they are next to us.
        foes = [e for e in game.hostiles_in_view()
                if actors[e].side != "pillager" or chebyshev(positions[e], pos) <= 1]
        if not foes:
            return self._explore(game, eid, pos)
        near = next((f for f in foes if chebyshev(positions[f], pos) <= 1), None)
        if near is not None:
            if actors[eid].actions_left > 0:
                return Attack(near)
            return Wait()
        if actors[eid].actions_left > 0 and ranged_reach(game, eid) > 0:
            # (can_shoot refuses every foe without a ranged weapon: asked only with one)
            shot = next((f for f in foes if not can_shoot(game, eid, f)), None)
            if shot is not None:
                return RangedAttack(shot)
        goals = [positions[f].xy for f in foes]
        return self._towards(game, eid, pos, goals, creatures_block=False) or Wait()

    def _explore(self, game: Game, eid: int, pos: Position) -> Action:
        level = game.level
        down = level.stairs_down
        if down and pos.xy == down:
            return TakeStairs("down") if self._gathered(game, pos) else Wait()
        budget_left = self.level_actions.get(game.depth, 0) < LEVEL_BUDGET
        loot = self._loot(game, pos)  # (mostly none in sight: the load asked only then)
        if loot is not None and load_penalty(game.store, eid) < 2:
            near = chebyshev(game.store.get(loot, Position), pos) <= 1
            act = game.store.get(eid, Actor)
            if near and act.actions_left > 0:
                return PickUp(loot)
            step = self._towards(game, eid, pos, [game.store.get(loot, Position).xy], False)
            if step is not None:
                return step
        light = self._relight(game, eid) or self._heal(game, eid, pos) \
            or self._rescue(game, eid, pos)
        if light is not None:
            return light
        tired = game.store.try_get(eid, Fatigue)
        if tired is not None and tired.level > 0 and game.mode == "explore":
            return Rest()
        if budget_left:
            frontier = self._frontier_from(game, pos.xy)
            step = self._towards(game, eid, pos, frontier, False)
            if step is not None:
                return step
        if (down and level.explored[down[1], down[0]]) or not budget_left:
            step = self._towards(game, eid, pos, [down] if down else [], False)
            if step is not None:
                return step
        if not budget_left:
            # out of time here, but no known way to the stairs yet: explore on towards them
            # (waiting would never end)
            frontier = self._frontier_from(game, pos.xy)
            step = self._towards(game, eid, pos, frontier, False)
            if step is not None:
                return step
        # Nowhere left to go: the way on may be a secret door. Search here (once a place;
        # a refused search ends the turn in play()).
        return Search()

    @staticmethod
    def _relight(game: Game, eid: int) -> Action | None:
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

    def _heal(self, game: Game, eid: int, pos: Position) -> Action | None:
        """Bring a Disabled companion back with a salve or the Heal spell."""
        store = game.store
        disabled = store.peek(Disabled)
        if not disabled:
            return None  # (nobody down: every step asks)
        positions = store.table(Position)
        down = [e for e in game.party if e in disabled and positions[e].depth == game.depth]
        if not down or store.get(eid, Actor).actions_left <= 0:
            return None
        patient = down[0]
        salve = self._find(game, eid, "heal_box")
        spell = "heal" in known_spells(game, eid) and not store.has(patient, SpellHealed)
        if salve is None and not spell:
            for member in game.party:
                if member != eid and member not in disabled \
                        and self._find(game, member, "heal_box") is not None:
                    return Lead(store.get(member, Character).order)
            return None
        ppos = positions[patient]
        if chebyshev(ppos, pos) > 1:
            goal = [(ppos.x + dx, ppos.y + dy) for dx, dy in _STEPS
                    if game.level.is_walkable(ppos.x + dx, ppos.y + dy)]
            return self._towards(game, eid, pos, goal, False)
        boxes = store.get(patient, HitBoxes)
        spent = [lid for lid in game.content.rules.disabling_locations
                 if boxes.location(lid).spent]
        where = spent[0] if spent else game.content.rules.disabling_locations[0]
        if spell:
            return Cast("heal", ppos.x, ppos.y, where)
        assert salve is not None
        return UseItem(salve, ppos.x, ppos.y, where)

    def _find(self, game: Game, member: int, effect: str) -> int | None:
        """find_item, kept per member and effect while the member carries the same items
        and the store hands out the same Item id list (a new one whenever an Item row is
        made, replaced or removed; an item's kind never changes): asked on every step
        while a companion is down."""
        inv = game.store.try_get(member, Inventory)
        carried = tuple(inv.items) if inv is not None else ()
        items = game.store.ids(Item)
        kept = self._found.get((member, effect))
        if kept is not None and kept[0] is items and kept[1] == carried:
            return kept[2]
        found = find_item(game, member, effect)
        self._found[(member, effect)] = (items, carried, found)
        return found

    def _rescue(self, game: Game, eid: int, pos: Position) -> Action | None:
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
        if game.mode == "explore" and _conditioned(game, eid) \
                and not move_blocked(game, eid, pos.x, pos.y):
            # a companion the Monstrous Hand holds breaks away only by trying: lead it
            for member in game.party:
                mpos = store.get(member, Position)
                if member != eid and mpos.depth == game.depth \
                        and not is_disabled(store, member) \
                        and move_blocked(game, member, mpos.x, mpos.y) \
                        and breakaway_chance(game, member) is not None:
                    return Lead(store.get(member, Character).order)
        for member in _caught(game):
            if member == eid or store.get(member, Position).depth != game.depth \
                    or confine.top(game, member) is None \
                    or not confine.escape_ways(game, eid, member, inside=False):
                continue
            mpos = store.get(member, Position)
            if chebyshev(mpos, pos) <= 1:
                if store.get(eid, Actor).actions_left <= 0:
                    return None
                return Free(mpos.x - pos.x, mpos.y - pos.y)
            goal = [(mpos.x + dx, mpos.y + dy) for dx, dy in _STEPS
                    if game.level.is_walkable(mpos.x + dx, mpos.y + dy)]
            return self._towards(game, eid, pos, goal, False)
        return None

    @staticmethod
    def _loot(game: Game, pos: Position) -> int | None:
        """Visible treasure lying within 8 squares."""
        view = game.visible
        best = None
        store = game.store
        positions = store.table(Position)
        depth = game.depth
        for eid in store.ids(Treasure, Position):  # (treasure on every level: depth first)
            tpos = positions[eid]
            if tpos.depth != depth:
                continue
            d = chebyshev(tpos, pos)
            if d <= 8 and (best is None or d < best[0]) and view[tpos.y, tpos.x]:
                best = (d, eid)
        return best[1] if best else None

    @staticmethod
    def _gathered(game: Game, pos: Position) -> bool:
        here = [game.store.get(e, Position) for e in game.party
                if not is_disabled(game.store, e)]
        return all(p.depth != pos.depth or chebyshev(p, pos) <= 3 for p in here)

    def _frontier(self, game: Game) -> list[tuple[int, int]]:
        """Known walkable squares next to unknown walkable ones (not secret doors), row by
        row. Kept while the level, its tiles, what is explored and the secret doors stay
        the same: a walk through known ground does not change it. The tiles change only
        with Game.invalidate_terrain (terrain_version); `explored` only grows (Game.visible
        ORs each new view into it), so on one level the same count of explored squares is
        the same squares. Do not modify the list returned."""
        level = game.level
        version = game.terrain_version
        explored = int(np.count_nonzero(level.explored))
        secret = secret_squares(game)
        kept = self._last_frontier
        if kept is not None and kept[0] is level and kept[1] == version \
                and kept[2] == explored and kept[3] == secret:
            return kept[4]
        walks = self._last_walk  # (the tiles change far more seldom than what is explored)
        if walks is None or walks[0] is not level or walks[1] != version:
            walks = self._last_walk = (level, version, T.WALKABLE[level.tiles])
        walk = walks[2]
        known = level.explored
        mask = known & walk & dilate(walk & ~known)
        for x, y in secret:
            mask[y, x] = False
        ys, xs = mask.nonzero()
        found = list(zip(xs.tolist(), ys.tolist(), strict=True))
        self._last_frontier = (level, version, explored, secret, found, mask)
        return found

    def _frontier_from(self, game: Game, at: tuple[int, int]) -> list[tuple[int, int]]:
        """The frontier less the square `at` (the same list when `at` is not on it; kept
        per frontier and square). Do not modify the list returned."""
        found = self._frontier(game)
        kept = self._last_frontier
        assert kept is not None and kept[4] is found
        x, y = at
        if not kept[5][y, x]:
            return found
        less = self._frontier_less
        if less is None or less[0] is not found or less[1] != at:
            mask = kept[5].copy()
            mask[y, x] = False
            less = self._frontier_less = (found, at, [p for p in found if p != at], mask)
        return less[2]

    def _goal_mask(self, goals: list[tuple[int, int]], shape: tuple[int, ...]) -> np.ndarray:
        """The goals as a mask of the map: the frontier's is kept with it, others are
        made (a few squares)."""
        kept, less = self._last_frontier, self._frontier_less
        if kept is not None and kept[4] is goals:
            return kept[5]
        if less is not None and less[2] is goals:
            return less[3]
        mask = np.zeros(shape, dtype=bool)
        for gx, gy in goals:
            mask[gy, gx] = True
        return mask

    def _towards(self, game: Game, eid: int, pos: Position, goals: list[tuple[int, int]],
                 creatures_block: bool = True) -> Action | None:
        if not goals:
            return None
        locked, doors = self._doors(game)
        dist = self._route(game, eid, goals, locked, doors, creatures_block, pos.xy)
        here, near = self._around(dist, pos.x, pos.y)
        if here >= UNREACHABLE or here == 0:
            return None
        best = self._best_step(near, here)
        if best is None:
            return None
        if self._held_at(game, pos.x + best[1], pos.y + best[2]):
            # a companion held by a trap cannot swap places: the next best way downhill
            best = self._best_step(near, here,
                                   lambda dx, dy: self._held_at(game, pos.x + dx, pos.y + dy))
            if best is None:
                return None
        if (pos.x + best[1], pos.y + best[2]) in locked:
            picks = find_item(game, eid, "lockpicks")
            if picks is not None and may_use(game, eid, picks):
                return PickLock(best[1], best[2])
            return BreakDoor(best[1], best[2])
        return Step(best[1], best[2])

    @staticmethod
    def _held_at(game: Game, x: int, y: int) -> bool:
        if not _troubled_at(game, x, y):
            return False  # (no need to look who stands there: every step asks)
        other = game.creature_at(x, y)
        if other is None or other not in game.party:
            return False
        return confine.top(game, other) is not None or bool(move_blocked(game, other, x, y))

    def _route(self, game: Game, eid: int, goals: list[tuple[int, int]],
               locked: dict[tuple[int, int], int], doors: list[int],
               creatures_block: bool, at: tuple[int, int]) -> np.ndarray:
        """Steps to the nearest goal over the mover's costs, a locked door costing 4: a
        window's map exact on `at` and round it (all a step reads) when a window round it
        can be sure of them (while exploring, each step asks a new map; _radii says which
        windows to try), else the whole map, kept for the same inputs. The last window's
        map serves the same inputs again while it is sure of the squares a step reads
        (paths.sure_of)."""
        plain = None if creatures_block else self._plain_key(game, eid, doors)
        if plain is None:  # (a monster's, or creatures in the way: nothing kept)
            return distance_map(self._cost(game, eid, locked, goals, creatures_block), goals)
        level = game.level
        kept = self._last_route
        if kept is not None and kept[0] is level and kept[1] == plain \
                and _same_goals(kept[2], goals):
            return kept[3]
        x, y = at
        won = self._windowed
        if won is not None and won.level is level and won.plain == plain \
                and _same_goals(won.goals, goals) and _sure_round(won, x, y):
            return won.dist
        cost = self._plain_cost(game, eid, level, plain, locked)
        mask = self._goal_mask(goals, cost.shape)
        for radius in _radii(mask, x, y):
            made = _window_map(goals, cost, mask, window_round(cost, at, radius), level, plain)
            if _sure_round(made, x, y):
                self._windowed = made
                return made.dist
        dist = np.empty(cost.shape, dtype=np.int32)
        dist.fill(UNREACHABLE)
        dist[mask] = 0
        dijkstra(dist, np.maximum(cost, mask))  # (a goal costs 1 at least: _cost's floor)
        self._last_route = (level, plain, goals, dist)
        return dist

    @staticmethod
    def _cost(game: Game, eid: int, locked: dict[tuple[int, int], int],
              goals: list[tuple[int, int]], creatures_block: bool) -> np.ndarray:
        """The mover's cost map, a locked door costing 4, each goal at least 1."""
        cost = game.cost_map(mover=eid, creatures_block=creatures_block)
        for gx, gy in locked:
            cost[gy, gx] = 4  # a locked door is picked or broken on the way
        for gx, gy in goals:
            cost[gy, gx] = max(1, int(cost[gy, gx]))
        return cost

    def _plain_cost(self, game: Game, eid: int, level: object, plain: tuple[object, ...],
                    locked: dict[tuple[int, int], int]) -> np.ndarray:
        """_cost without the goals, kept while the plain key (all it is made of) stays the
        same. Do not modify it."""
        kept = self._last_cost
        if kept is None or kept[0] is not level or kept[1] != plain:
            kept = self._last_cost = (level, plain, self._cost(game, eid, locked, [], False))
        return kept[2]

    @staticmethod
    def _plain_key(game: Game, eid: int, doors: list[int]
                   ) -> tuple[object, ...] | None:
        """Everything a delver's cost map (creatures not blocking) is made of besides the
        level: its tiles (they change only with Game.invalidate_terrain, which counts),
        each door's state, the unfound secret doors (Game.cost_map), and with hazards on
        the level what traps.hazard_cost reads for a character: each hazard's squares,
        whether it has started, its step (profile and path: the content is fixed) and the
        delver's hit dice (trap squares price only monsters' maps). None for a monster."""
        store = game.store
        if not store.has(eid, Character):
            return None
        plain = (game.terrain_version, doors, secret_squares(game))
        hazards = store.ids(Hazard, Position)
        if hazards:  # (only this level's: traps.adjust_cost skips the others)
            positions, depth = store.table(Position), game.depth
            table, round_ = store.table(Hazard), game.round
            here = tuple([(h, round_ >= table[h].starts, table[h].profile, table[h].step,
                           tuple(map(tuple, table[h].squares)))
                          for h in hazards if positions[h].depth == depth])
            if here:
                return (*plain, here, hit_dice(game, eid))
        return plain

    def _doors(self, game: Game) -> tuple[dict[tuple[int, int], int], list[int]]:
        """This level's locked, shut doors the party knows of, and every door's state
        (1 when open, +2 when locked) in the level's order (do not modify the list). The
        level's own door index holds every door on it (doors never move or go), so no scan
        of every level's; its Door rows are kept while the store hands out the same Door
        id list (a row replaced or a door made or destroyed gives a new one). The locked
        ones are worked out again only when a state or the secret doors changed (a new id
        list whenever that set does)."""
        index = game.level.door_ids
        if not index:
            return {}, []  # (and no Door table to ask for: table() would make one)
        ids = game.store.ids(Door)
        rows = self._door_rows
        if rows is None or rows[0] is not index or rows[1] is not ids \
                or rows[2] != len(index):
            table = game.store.table(Door)
            rows = self._door_rows = (index, ids, len(index),
                                      [table[door] for door in index.values()])
        secret = game.store.ids(SecretDoor)
        # (branches, not arithmetic on bools: the quickest read of every door, each step)
        states = [(3 if door.open else 2) if door.locked else (1 if door.open else 0)
                  for door in rows[3]]
        kept = self._last_doors
        if kept is not None and kept[0] is index and kept[1] is secret and kept[2] == states:
            return kept[3], kept[2]  # (the kept list: keys holding it compare at once)
        locked = {xy: door for (xy, door), state in zip(index.items(), rows[3], strict=True)
                  if state.locked and not state.open and door not in secret}
        self._last_doors = (index, secret, states, locked)
        return locked, states

    @staticmethod
    def _around(dist: np.ndarray, x: int, y: int) -> tuple[int, list[tuple[int, int, int]]]:
        """`dist` on (x, y), and (distance, dx, dy) of each step from it on the map, in
        _STEPS order."""
        h, w = dist.shape
        if 0 < x < w - 1 and 0 < y < h - 1:
            block = dist[y - 1:y + 2, x - 1:x + 2].tolist()  # one read, not nine
            return block[1][1], [(block[dy + 1][dx + 1], dx, dy) for dx, dy in _STEPS]
        return int(dist[y, x]), [(int(dist[y + dy, x + dx]), dx, dy) for dx, dy in _STEPS
                                 if 0 <= x + dx < w and 0 <= y + dy < h]

    @staticmethod
    def _best_step(near: list[tuple[int, int, int]], here: int,
                   skip: Callable[[int, int], bool] | None = None
                   ) -> tuple[int, int, int] | None:
        """The first of the nearest steps downhill from `here` among `near` (_around's),
        leaving out the steps `skip` refuses."""
        best = None
        lowest = here
        for step in near:
            if step[0] < lowest and (skip is None or not skip(step[1], step[2])):
                best, lowest = step, step[0]
        return best


def _caught(game: Game) -> list[int]:
    """The party members with a confinement on them (confine.top finds none on others),
    in the party's order."""
    confined = game.store.peek(Confined)
    return [m for m in game.party if (conf := confined.get(m)) is not None and conf.stack]


def _conditioned(game: Game, eid: int) -> bool:
    """Whether any of the party but `eid` is under a condition (move_blocked refuses a
    step only then)."""
    conditions = game.store.peek(Conditions)
    for member in game.party:
        conds = conditions.get(member)
        if conds is not None and conds.active and member != eid:
            return True
    return False


def _troubled_at(game: Game, x: int, y: int) -> bool:
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


def _radii(mask: np.ndarray, x: int, y: int) -> tuple[int, ...]:
    """The windows' radii to try round (x, y) for the goals of `mask`, smallest first. A
    window's map is sure of a square only as far as its distance reaches, which is at
    least its Chebyshev distance c to the nearest goal (a step moves one square and
    costs one or more): mostly c + 2 is enough for the squares a step reads (and the
    wider window after it). With no goal within ROUTE_WINDOW - 2 none: the whole map."""
    far = ROUTE_WINDOW - 2
    if not np.count_nonzero(mask[max(0, y - far):y + far + 1, max(0, x - far):x + far + 1]):
        return ()  # (one look, not one a ring; count_nonzero: quicker than .any() here)
    for c in range(1, far + 1):
        if np.count_nonzero(mask[max(0, y - c):y + c + 1, max(0, x - c):x + c + 1]):
            return (c + 2, ROUTE_WINDOW) if c + 2 < ROUTE_WINDOW else (ROUTE_WINDOW,)
    return ()


def _same_goals(kept: list[tuple[int, int]], goals: list[tuple[int, int]]) -> bool:
    return kept is goals or kept == goals  # (the kept frontier: the same list)


class _Window(NamedTuple):
    """A window's distance map (Bot._windowed) and what it was made of."""

    goals: list[tuple[int, int]]
    window: tuple[int, int, int, int]  # (x0, y0, x1, y1)
    dist: np.ndarray  # the whole map's shape, unreachable outside the window
    cost: np.ndarray  # the plain cost map (Bot._plain_cost)
    level: object
    plain: tuple[object, ...]
    mask: np.ndarray  # the goals
    part: np.ndarray  # the window's part of the cost, each goal costing 1 at least


def _window_map(goals: list[tuple[int, int]], cost: np.ndarray, mask: np.ndarray,
                window: tuple[int, int, int, int], level: object, plain: tuple[object, ...]
                ) -> _Window:
    """paths.distances_within's map (cost with each goal of `mask` costing 1 at least, those
    goals, window), worked out from the window's part of the mask (the frontier is often a
    hundred squares or more); _sure_round says where it is the whole map's."""
    x0, y0, x1, y1 = window
    inside = mask[y0:y1, x0:x1]
    near = np.empty((y1 - y0, x1 - x0), dtype=np.int32)
    near.fill(UNREACHABLE)
    near[inside] = 0
    part = np.maximum(cost[y0:y1, x0:x1], inside)  # (a new C-ordered array, as tcod reads)
    dijkstra(near, part)
    dist = np.empty(cost.shape, dtype=np.int32)
    dist.fill(UNREACHABLE)
    dist[y0:y1, x0:x1] = near
    return _Window(goals, window, dist, cost, level, plain, mask, part)


def _sure_round(won: _Window, x: int, y: int) -> bool:
    """paths.sure_of(the window map's costs, its map, its window, the 3x3 squares round
    (x, y)): its test (see paths.distances_within) on the blocks read once as lists, when
    they lie inside the window."""
    x0, y0, x1, y1 = won.window
    if not (x0 < x < x1 - 1 and y0 < y < y1 - 1):
        return sure_of(np.maximum(won.cost, won.mask), won.dist, won.window,
                       [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)])
    h, w = won.dist.shape
    costs = won.part[y - 1 - y0:y + 2 - y0, x - 1 - x0:x + 2 - x0].tolist()
    dists = won.dist[y - 1:y + 2, x - 1:x + 2].tolist()
    for j, sy in enumerate((y - 1, y, y + 1)):
        for i, sx in enumerate((x - 1, x, x + 1)):
            if not costs[j][i]:
                continue  # impassable: never a way, in or out of the window
            d = dists[j][i]
            if d >= UNREACHABLE or (sx - d < x0 and x0 > 0) or (sx + d >= x1 and x1 < w) \
                    or (sy - d < y0 and y0 > 0) or (sy + d >= y1 and y1 < h):
                return False
    return True


def play(game: Game, actions: int, bot: Bot | None = None) -> Game:
    """Let the bot send `actions` actions (or stop when the game ends)."""
    bot = bot or Bot()
    sent = 0
    while sent < actions and not game.over:
        action = bot.choose(game)
        before = game.actions_taken
        game.perform(action)
        if game.actions_taken == before:  # refused: end the turn so time moves on
            game.perform(Wait())
        sent += 1
    return game
