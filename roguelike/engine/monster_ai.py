"""Monster decisions (issue 3): one action per call for every monster and Pillager.

Monsters go for the closest standing character (chosen at the start of their turn, as
Traps & Treasure says), shoot when they have a ranged attack and a clear line, walk to the
party along a shared chase map, and attack when adjacent; morale makes them retreat or
withdraw, a party out of sight may be let go, and dropped treasure may lure them. Pillagers
keep to their own business unless engaged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from roguelike.content.fight_tables import fight_tables
from roguelike.core.components import (
    Actor,
    Conditions,
    Disabled,
    Door,
    FightState,
    Hazard,
    Position,
    Trap,
)
from roguelike.core.events import Event
from roguelike.core.explore_components import SecretDoor
from roguelike.engine.actions import Attack, EndMove, Wait
from roguelike.engine.ai import _act, _downhill
from roguelike.engine.explore import pillagers
from roguelike.engine.fight_actions import (
    Advance,
    GetUp,
    RangedAttack,
    RecoverWeapon,
    can_shoot,
    ranged_reach,
)
from roguelike.engine.kept import declare
from roguelike.engine.morale import pursuit_roll
from roguelike.world.paths import UNREACHABLE, dijkstra, distance_map

if TYPE_CHECKING:
    from roguelike.engine.game import Game

CLOSED_DOOR_COST = 2  # as game.cost_map prices a closed, unlocked door
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


def _party_key(game: Game) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The level and the squares of the characters monsters go for on it (standing, and
    not stone), in party order."""
    store = game.store
    positions = store.table(Position)
    depth = game.depth
    spots = []
    conds_of = store.peek(Conditions)
    for e in game.party:
        if not store.has(e, Disabled) and not _untouchable(game, conds_of.get(e)):
            p = positions[e]
            if p.depth == depth:
                spots.append((p.x, p.y))
    return (depth, tuple(spots))


def _untouchable(game: Game, conds: Conditions | None) -> bool:
    """Whether no attack can touch the character whose Conditions row is `conds`
    (Petrified: a statue is no target, so monsters go for the others)."""
    if conds is None or not conds.active:  # (most delvers, most of the time)
        return False
    defs = fight_tables(game.content).conditions
    return any(defs[cid].play.untargetable for cid in conds.active)


TILES_TOKEN = declare("tiles_token", __name__, ("level",),
                      "an object standing for this level's tiles array, by its identity")
TERRAIN_ROWS = declare("terrain_rows", __name__, ("entities", "level"),
                       "type -> this level's rows of it, keyed by the type's ids and depth")
TERRAIN_COST = declare("terrain_cost", __name__,
                       ("level", "tiles", "entities", "doors", "traps", "hazards", "round"),
                       "cost_map(creatures_block=False) and its serial, keyed by "
                       "_terrain_key")
CHASE = declare("ai_chase", __name__, ("round", "party", "doors", "traps", "hazards"),
                "the chase map, remade once a round or when the party moves; its cost "
                "map is kept while _terrain_key stays the same")
CHASE_ROWS = declare("ai_rows", __name__, ("map",), "the chase map as lists, by identity")
FLEE = declare("flee_map", __name__, ("map",),
               "the flee map, by the chase map's identity, over the terrain as it was when "
               "made (like the chase map, it is not remade when a door moves mid-round)")


def _tiles_token(game: Game) -> object:
    """An object standing for this level's very tiles array in a key, equal only to itself
    (the array would be compared square by square, its id() comes back once it is freed);
    a new one when the array is another."""
    tiles = game.level.tiles
    kept = TILES_TOKEN.get(game)
    if kept is None or kept[0] is not tiles:
        kept = TILES_TOKEN.put(game, (tiles, object()))
    return kept[1]


def _level_rows(game: Game, ctype: type, ids: list[int]) -> list[Any]:
    """The `ctype` rows of this level's entities among `ids` (store.ids(ctype, Position)),
    kept per type while the store hands out the same id list (a new one when the set
    changes or a row is replaced) for the same level: doors and traps never move."""
    kept_all: dict[type, tuple[list[int], int, list[Any]]] | None = TERRAIN_ROWS.get(game)
    if kept_all is None:
        kept_all = TERRAIN_ROWS.put(game, {})
    depth = game.depth
    kept = kept_all.get(ctype)
    if kept is None or kept[0] is not ids or kept[1] != depth:
        kept = kept_all[ctype] = (ids, depth, _rows_made(game, ctype, ids, depth))
    elif game.kept.check:  # (the very rows: they change in place and are read so)
        fresh = _rows_made(game, ctype, ids, depth)
        TERRAIN_ROWS.check(game, [id(r) for r in kept[2]], [id(r) for r in fresh])
    return kept[2]


def _rows_made(game: Game, ctype: type, ids: list[int], depth: int) -> list[Any]:
    table: dict[int, Any] = game.store.table(ctype)
    positions = game.store.table(Position)
    return [table[e] for e in ids if positions[e].depth == depth]


def _terrain_key(game: Game) -> tuple[object, ...]:
    """Everything game.cost_map(creatures_block=False) and _chase_cost read for a monster:
    equal keys, equal maps. Tiles change only with invalidate_terrain (its counter); doors,
    secret doors, traps and hazards never move, and a set of them changing changes its id
    list; the changeable fields of this level's doors and traps (all those maps read) are
    copied into the key."""
    store = game.store
    door_ids, trap_ids = store.ids(Door, Position), store.ids(Trap, Position)
    hazard_ids = store.ids(Hazard, Position)
    hazards: tuple[object, ...] = ()
    if hazard_ids:  # (content steps are fixed: profile and step name say what it does)
        table, positions, round_ = store.table(Hazard), store.table(Position), game.round
        hazards = tuple([(e, positions[e].depth, round_ >= table[e].starts, table[e].profile,
                          table[e].step, tuple(map(tuple, table[e].squares)))
                         for e in hazard_ids])
    # (the id lists themselves, not their id(): a freed list's id comes back)
    return (game.depth, game.terrain_version, _tiles_token(game),
            door_ids, store.ids(SecretDoor, Position), trap_ids, hazard_ids,
            tuple([(d.open, d.locked) for d in _level_rows(game, Door, door_ids)]),
            tuple([t.state for t in _level_rows(game, Trap, trap_ids)]), hazards)


def terrain_cost(game: Game) -> np.ndarray:
    """game.cost_map(creatures_block=False) (no mover: a monster's), kept while
    _terrain_key stays the same (it holds everything that map reads); do not change it.
    The followers' routes start from it: the leader's every step asks a new one."""
    return _terrain_kept(game)[1]


def terrain_serial(game: Game) -> int:
    """A number that changes whenever terrain_cost's map does (a trap sprung or disarmed,
    a hazard come or gone): maps made from it are keyed by it."""
    return _terrain_kept(game)[2]


def _terrain_kept(game: Game) -> tuple[tuple[object, ...], np.ndarray, int]:
    key = _terrain_key(game)
    kept: tuple[tuple[object, ...], np.ndarray, int] | None = TERRAIN_COST.get(game)
    if kept is None or kept[0] != key:
        serial = kept[2] + 1 if kept is not None else 1
        kept = TERRAIN_COST.put(game, (key, game.cost_map(creatures_block=False), serial))
    elif game.kept.check:
        TERRAIN_COST.check(game, kept[1], game.cost_map(creatures_block=False))
    return kept


def chase_map(game: Game) -> np.ndarray:
    """Steps to the nearest standing character for every monster.

    Built on game.cost_map (walls, locked doors, whatever terrain hinders), with every
    unlocked door costing the same open or shut, so a monster opening a door does not send
    every other monster's map back to tcod. The terrain is re-read once a round (or when the
    party moves); the map is recomputed only when the party or the terrain changed, and
    the cost map only when _terrain_key changed."""
    party = _party_key(game)
    cached = CHASE.get(game)
    if cached is not None and cached[0] == (game.round, party):
        if game.kept.check:  # (fresh from the kept cost: the terrain is re-read each round)
            CHASE.check(game, cached[2], distance_map(cached[1], list(party[1])))
        return cached[2]  # type: ignore[no-any-return]
    terrain = _terrain_key(game)
    # the same terrain: the same cost map
    cost = cached[1] if cached is not None and cached[3] == terrain else _chase_cost(game)
    dist: np.ndarray
    if cached is not None and cached[0][1] == party and (
            cached[1] is cost or np.array_equal(cached[1], cost)):
        dist = cached[2]
    else:
        dist = distance_map(cost, list(party[1]))
    if game.kept.check:  # the cost map kept for this terrain key, held to a fresh one
        CHASE.check(game, cost, _chase_cost(game))
    CHASE.put(game, ((game.round, party), cost, dist, terrain))
    return dist


def _chase_cost(game: Game) -> np.ndarray:
    store = game.store
    cost = game.cost_map(creatures_block=False)
    doors, positions = store.table(Door), store.table(Position)
    for e in store.ids(Door, Position):
        pos = positions[e]
        if pos.depth == game.depth and not doors[e].locked:
            cost[pos.y, pos.x] = CLOSED_DOOR_COST
    return cost


def chase_rows(game: Game, dist: np.ndarray) -> list[list[int]]:
    """`dist` (the chase map) as lists, made once per map: a walk reads single squares,
    which Python lists give far faster than numpy indexing."""
    kept = CHASE_ROWS.get(game)
    if kept is None or kept[0] is not dist:
        kept = CHASE_ROWS.put(game, (dist, dist.tolist()))
    elif game.kept.check:
        CHASE_ROWS.check(game, kept[1], dist.tolist())
    return kept[1]  # type: ignore[no-any-return]


def flee_map(game: Game) -> np.ndarray:
    """Steps 'downhill' lead away from the party and around it, not into corners (the
    classic inverted Dijkstra map); cached with the chase map's key."""
    chase = chase_map(game)
    cached = FLEE.get(game)
    if cached is not None and cached[0] is chase:
        if game.kept.check:
            FLEE.check(game, cached[1], _flee_made(chase, cached[2]))
        return cached[1]  # type: ignore[no-any-return]
    cost = game.cost_map(creatures_block=False)
    return FLEE.put(game, (chase, _flee_made(chase, cost), cost))[1]  # type: ignore[no-any-return]


def _flee_made(chase: np.ndarray, cost: np.ndarray) -> np.ndarray:
    reach = chase < UNREACHABLE
    flee = np.full(chase.shape, UNREACHABLE, dtype=np.int32)
    flee[reach] = -(chase[reach] * 6) // 5
    dijkstra(flee, cost, 1, 1)
    return flee


def _state(game: Game, eid: int) -> FightState | None:
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
        if e not in disabled and not _untouchable(game, conds_of.get(e)):
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
        return _act(game, eid, GetUp())
    if state is not None and state.disarmed:
        return _act(game, eid, RecoverWeapon())
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
        return _act(game, eid, Attack(victim))
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
        shot = _act(game, eid, RangedAttack(actor.target))
        if shot is not None:
            return shot
    return _act(game, eid, ADVANCE)


def _withdraw(game: Game, eid: int, actor: Actor, morale: str, adjacent: list[int]
              ) -> list[Event] | None:
    """Retreat: run with every action. Fighting withdrawal: back off at half Speed.
    Either way, a monster with nowhere to go fights whoever is next to it."""
    from roguelike.engine.stats import speed

    if morale == "fighting_withdrawal" and actor.move_points > 0 and \
            actor.move_points <= speed(game.store, eid) - max(1, speed(game.store, eid) // 2):
        return _act(game, eid, EndMove()) or None
    if morale == "fighting_withdrawal" and actor.move_points == 0 and \
            actor.actions_left < (_state(game, eid) or FightState()).granted:
        return None  # one move a turn
    events = _downhill(game, eid, flee_map(game))
    if events is None and adjacent:
        return _act(game, eid, Attack(adjacent[0]))
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
    return _downhill(game, eid, dist)
