"""Pillagers: rival looters who go for markers and loose treasure and haul it to their camp.

They roll one initiative as a group (turn_loop.new_round), pass doors without changing them,
"stand and fight if engaged, but will otherwise move towards their Base avoiding combat"
(T&T): they fight back a delver who attacked them hand to hand while it stands next to them,
or one next to them when their way is barred; otherwise they route around the party and
run their loot home. Every 3 loads brought home remove one random unrevealed marker (T&T
Game Play 1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import numpy as np

from roguelike.content.explore import roll_expr
from roguelike.core.components import Actor, Disabled, FightState, Position
from roguelike.core.ecs import EntityStore
from roguelike.core.events import Event
from roguelike.core.explore_components import Haul, Marker, SecretDoor, Treasure
from roguelike.core.lean_dataclass import dataclass
from roguelike.core.rng import Stream
from roguelike.engine.actions.basic import Attack, begin_move
from roguelike.engine.base.action import (
    DIRECTIONS,
    Action,
    Result,
    done,
    fail,
    spend_action,
)
from roguelike.engine.base.kept import declare
from roguelike.engine.base.kept_events import wait_events
from roguelike.engine.base.stats import chebyshev, name_of
from roguelike.engine.base.words import a_an, a_name, capital, plural
from roguelike.engine.creatures.inventory import ledger
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.doors.doorways import secret_squares
from roguelike.engine.monsters.pillager_maps import (
    GoalMap,
    distances,
    goal_map,
    grab_index,
    loot_targets,
    mask_squares,
    steps_from,
)
from roguelike.engine.status.checks import fight_state
from roguelike.engine.traps.make import trap_squares
from roguelike.world import tiles as T
from roguelike.world.level import Level
from roguelike.world.paths import UNREACHABLE, distance_map

if TYPE_CHECKING:
    from roguelike.content.loader import Content
    from roguelike.engine.base.views import Board, HasStore
    from roguelike.engine.game import Game

_STEPS = [DIRECTIONS[d] for d in ("n", "s", "e", "w", "ne", "nw", "se", "sw")]
DETOUR_COST = 8  # a square next to a standing delver, on the way round the party


def engaged_by(game: Board, eid: int) -> int:
    """The delver the Pillager stands and fights (T&T "stand and fight if engaged"): the
    one who attacked it hand to hand or whom it struck, while that delver stands next to
    it, else another standing delver beside it (Classic: foes within 5' of each other are
    engaged in melee, so the melee goes on while any delver stands beside it: a caster or
    a hurt delver stepping back does not end it); 0 when none. Once no delver stands
    beside it the engagement is over (monster_ai.take_turn, on the Pillager's turn,
    forgets it)."""
    state = game.store.peek(FightState).get(eid)
    foe = state.engaged_by if state is not None else 0
    if not foe:
        return 0
    positions = game.store.peek(Position)
    here = positions.get(eid)
    if here is None:
        return 0
    disabled = game.store.peek(Disabled)

    def beside(delver: int) -> bool:
        there = positions.get(delver)
        return there is not None and there.depth == here.depth \
            and chebyshev(here, there) <= 1 and delver not in disabled

    if beside(foe):
        return foe
    return next((d for d in game.party if beside(d)), 0)


def threats(game: Board, seen: list[int]) -> list[int]:
    """The foes among `seen` (creatures in view): every monster, but a Pillager only while
    engaged (`engaged_by`: walked into, or fighting a delver beside it). One keeping its
    distance avoids combat (T&T 003 "Pillagers will stand and fight if engaged, but will
    otherwise move towards their Base avoiding combat"): it is no foe, neither for the
    mode (the party moves as one) nor for auto-fight, rest or travel (RULES.md)."""
    actors = game.store.table(Actor)
    return [eid for eid in seen if actors[eid].side != "pillager" or engaged_by(game, eid)]


def on_level(game: Board) -> int:
    """The Pillagers on the level played (standing or not: a fallen one is gone)."""
    positions, depth = game.store.peek(Position), game.depth
    return sum(1 for eid, actor in game.store.peek(Actor).items()
               if actor.side == "pillager" and eid in positions
               and positions[eid].depth == depth)


def exits(level: Level, room_id: int) -> list[tuple[int, int]]:
    """A room's doors; a cave's squares that touch a corridor; else any of its squares."""
    inside = level.room_map == room_id
    ys, xs = np.nonzero(inside)
    if not len(xs):
        return []
    # Worked out on the window of the room's squares and one square round them (every
    # square next to one of the room's lies in it; off the map counts as nothing, as the
    # whole map's zero border does): the same squares, row by row, at a fraction of the
    # whole map's cost (each revealed marker brings Pillagers, placed here).
    h, w = inside.shape
    x0, y0 = max(0, int(xs.min()) - 1), max(0, int(ys.min()) - 1)
    x1, y1 = min(w, int(xs.max()) + 2), min(h, int(ys.max()) + 2)
    part, tiles = inside[y0:y1, x0:x1], level.tiles[y0:y1, x0:x1]
    doors = _around(part) & (tiles == T.DOORWAY)
    if doors.any():
        return mask_squares(doors, x0, y0)
    edge = part & _around(tiles == T.CORRIDOR)
    return mask_squares(edge, x0, y0) if edge.any() else mask_squares(part, x0, y0)


def _around(mask: np.ndarray) -> np.ndarray:
    """Squares next to (8 ways) a square of the mask."""
    h, w = mask.shape
    padded = np.zeros((h + 2, w + 2), dtype=mask.dtype)  # np.pad(mask, 1), without its cost
    padded[1:-1, 1:-1] = mask
    out = np.zeros_like(mask)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx or dy:
                out |= padded[1 + dy:1 + dy + h, 1 + dx:1 + dx + w]
    return out


def _marker_rooms(store: EntityStore, depth: int) -> list[int]:
    return sorted({m.room for _e, m, p in store.query(Marker, Position) if p.depth == depth})


def _spot(level: Level, store: EntityStore, x: int, y: int,
          traps: set[tuple[int, int]]) -> tuple[int, int] | None:
    """The nearest free square to (x, y): no creature, no stairs up, no trap square."""
    positions, depth = store.table(Position), level.depth  # (the tables, not a query)
    taken = {(p.x, p.y) for p in map(positions.__getitem__, store.ids(Actor, Position))
             if p.depth == depth}
    taken |= traps  # (Mage Knight 001:25: no token begins on a trap square)
    for r in range(0, 4):
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                sx, sy = x + dx, y + dy
                if max(abs(dx), abs(dy)) == r and level.is_walkable(sx, sy) \
                        and (sx, sy) not in taken and level.tile(sx, sy) != T.STAIRS_UP:
                    return sx, sy
    return None


def place(store: EntityStore, content: Content, level: Level, rng: Stream, count: int
          ) -> list[int]:
    """Put Pillagers at random exits of rooms that still hold markers."""
    rooms = _marker_rooms(store, level.depth)
    monster = content.explore.pillagers.monster
    if not rooms or monster not in content.monsters:
        return []
    # a room the corridors never reached was filled in by the generator: it has no exits
    # (exits() is empty exactly when no square belongs to the room, so ask the map once)
    # (how many squares each id holds, -1 (no room) shifted to 0: np.unique sorted the map)
    held = np.bincount(level.room_map.ravel() + 1)
    rooms = [r for r in rooms if 0 <= r + 1 < len(held) and held[r + 1]]
    if not rooms:
        return []
    out = []
    traps = trap_squares(store, content, level.depth)
    for _ in range(count):
        x, y = rng.choice(exits(level, rng.choice(rooms)))
        spot = _spot(level, store, x, y, traps)
        if spot is None:
            continue
        eid = make_monster(store, content, monster, Position(level.depth, *spot), awake=True)
        store.add(eid, Haul())
        out.append(eid)
    return out


def place_at_start(store: EntityStore, content: Content, level: Level, seed: str) -> None:
    rng = Stream(seed, f"level/{level.depth}/pillagers")
    place(store, content, level, rng, roll_expr(content.explore.pillagers.start, rng))


def arrive_after_reveal(game: Game) -> list[Event]:
    """Each revealed marker brings D3 Pillagers (T&T Game Play 3)."""
    rng = game.streams.play
    text = game.content.explore.markers.reveal_pillagers
    count = roll_expr(text, rng)
    new = place(game.store, game.content, game.level, rng, count)
    if not new:
        return []
    return [Event("pillagers", f"{plural(len(new), 'Pillager')} "
                  f"arrive{'s' if len(new) == 1 else ''} to loot (rolled {count} on {text}): "
                  f"{on_level(game)} on this level.", roll=count)]


WAITS = declare("pillager_waits", __name__, ("moves", "doors", "tiles", "traps", "depths",
                                             "entities", "level", "rows"), why=(
    "Pillager -> the inputs of its last decision, a Wait that nothing could have turned "
    "into a step: no delver near, and no step open (every one onto a creature, or none on "
    "the map). A Pillager kept from its way waits every turn of a rest; while nothing "
    "has moved, no door, tile, trap or level changed and the creatures, the downed, the "
    "loot and the secret doors are the same, it waits again"))


def take_action(game: Game, eid: int, here: bool = True) -> list[Event]:
    """One decision of a Pillager not engaged (dispatched from monster_ai.take_turn).
    `here`: it is on the level played (where the party may stand in its way)."""
    kept = game.kept
    if not kept.in_run:  # (creatures may have been put anywhere by hand: no log of it)
        return _decide(game, eid, here)[0]
    key = _wait_key(game, eid, here)
    waits: dict[int, tuple[object, ...]] | None = kept.values.get(WAITS.name)
    if waits is not None and waits.get(eid) == key:
        if kept.check:  # (the fresh decision first: it must be this very Wait)
            fresh, still = _decide(game, eid, here)
            WAITS.check(game, (fresh, still), (wait_events(game, eid), True))
            return fresh
        return wait_events(game, eid)
    events, provable = _decide(game, eid, here)
    if provable:
        if waits is None:
            waits = WAITS.put(game, {})
        waits[eid] = key
    elif waits is not None:
        waits.pop(eid, None)
    return events


def waits_again(game: Game, eid: int) -> bool:
    """Whether the Pillager's decision on the level played, taken now within the turn
    loop, would be the Wait it last decided with nothing since that could turn it into a
    step (take_action's kept answer, without the decision): the bulk of a rest's quiet
    rounds (turn_loop.quiet_turns) stands on it."""
    kept = game.kept
    waits: dict[int, tuple[object, ...]] | None = kept.values.get(WAITS.name)
    return kept.in_run and waits is not None and waits.get(eid) == _wait_key(game, eid, True)


def _wait_key(game: Game, eid: int, here: bool) -> tuple[object, ...]:
    """What a Pillager's Wait with no delver near and no step open was decided from:
    where it stands and whether it hauls; the party; the counters of every move, door,
    tile, trap and change of level told (within one turn loop every move is told); and
    the store's count of writes (every creature, downed delver, marker, loose treasure
    and secret door that came or went: the sets its decision reads)."""
    store = game.store
    pos = store.by_type[Position][eid]
    hauls = store.by_type.get(Haul)
    haul = hauls.get(eid) if hauls is not None else None
    changes = game.kept.changes
    return (pos.x, pos.y, pos.depth, game.depth, here, haul is not None and haul.hauling,
            store.writes, changes["moves"], changes["doors"], changes["tiles"],
            changes["traps"], changes["depths"], *game.party)


def _decide(game: Game, eid: int, here: bool) -> tuple[list[Event], bool]:
    """The decision's events, and whether it is a Wait that nothing could have turned into
    a step (take_action keeps those)."""
    store = game.store
    positions = store.table(Position)
    pos = positions[eid]
    hauls = store.by_type.get(Haul)
    haul = hauls.get(eid) if hauls is not None else None
    if haul is None:
        haul = Haul()
        store.add(eid, haul)
    x, y = pos.x, pos.y
    level = game.level
    if haul.hauling:
        if _in_camp(level, x, y):
            return _try(game, eid, Deposit()), False
        # no camp squares would leave the map unreachable everywhere: a Wait, as before
        return _step_towards(game, eid, pos, goal_map(game, "camp", level), here)
    loot = loot_targets(game)
    spots = loot[0]
    target = grab_index(loot).get((x, y))  # the first spot (by id) next to it, if any
    if target is not None:
        return _try(game, eid, Grab(target)), False
    if not spots:  # nothing left to loot: "otherwise move towards their Base" (T&T)
        if _in_camp(level, x, y):
            return wait_events(game, eid), True
        return _step_towards(game, eid, pos, goal_map(game, "camp", level), here)
    if loot[1] is None:
        loot[1] = distances(game, [xy for _t, xy in spots])
    return _step_towards(game, eid, pos, loot[1], here)


def _in_camp(level: Level, x: int, y: int) -> bool:
    return level.room_at(x, y) == level.pillager_camp_room


def _try(game: Game, eid: int, action: Action) -> list[Event]:
    result = game.try_action(action, eid)
    if result.ok:
        return result.events
    return wait_events(game, eid)


def _step_towards(game: Game, eid: int, pos: Position, goal: GoalMap, here: bool
                  ) -> tuple[list[Event], bool]:
    """A step down `goal`'s map, round the party where it stands in the way ("avoiding combat",
    T&T); with the way barred and a delver beside it, the Pillager fights that one. With
    it, whether this is a Wait that nothing could have turned into a step: no delver
    near, and every step of the map onto a creature (or none)."""
    x, y = pos.x, pos.y
    near = _delvers_near(game, pos) if here else []
    # (no options where the map is unreachable or 0: steps_from lists none there)
    _here, options = steps_from(game, goal, x, y)
    if near:  # (a delver within 2 squares: a step may end next to one)
        zone = {(dx + px, dy + py) for px, py in near for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        if not options or any(square in zone for square, _dx, _dy in options):
            # round the party; with no way round, on past it (a delver in the way itself
            # is then fought, below)
            options = _detour(game, pos, goal.dist, zone) or options
    tried = False  # (a step refused by the rules: not a Wait take_action keeps)
    if options:
        # A step onto a creature fails and changes nothing (PillagerStep), so the squares
        # taken are read once, not by a failed action per option.
        # The step itself is PillagerStep's, less its creature_at pass (the square is
        # known free): what game.try_action(PillagerStep(dx, dy)) would do.
        taken = _taken(game, x, y)
        for square, dx, dy in options:
            if square in taken:
                continue
            tried = True
            events = _free_step(game, eid, pos, dx, dy)
            if events is not None:
                return events, False
    for px, py in near:  # the way is barred: stand and fight the one beside it
        if max(abs(px - x), abs(py - y)) <= 1:
            foe = game.creature_at(px, py) or 0
            # (engaged from now: it stands and fights that delver while they stand side
            # by side, and is a foe to the party, as one it attacks must be)
            fight_state(game, eid).engaged_by = foe
            return _try(game, eid, Attack(foe)), False
    # (a Wait never turns into another action)
    return wait_events(game, eid), not near and not tried


def _delvers_near(game: Board, pos: Position) -> list[tuple[int, int]]:
    """The squares of the standing delvers within 2 squares of `pos` (a step from `pos`
    may end next to them), in party order."""
    store = game.store
    disabled = store.by_type.get(Disabled, ())
    positions = store.by_type[Position]
    x, y, depth = pos.x, pos.y, pos.depth
    out = []
    for e in game.party:
        if e not in disabled:
            p = positions[e]
            if p.depth == depth and -2 <= p.x - x <= 2 and -2 <= p.y - y <= 2:
                out.append((p.x, p.y))
    return out


def _detour(game: Game, pos: Position, dist: np.ndarray, zone: set[tuple[int, int]]
            ) -> list[tuple[tuple[int, int], int, int]]:
    """The steps that get closer to `dist`'s goals on a map that routes round the party:
    the squares of `zone` (next to a standing delver) cost DETOUR_COST more and the
    delvers' own squares cannot be crossed (Pillagers' terrain otherwise: every door
    passes, secret ones do not). Made afresh: only a Pillager whose way passes by the
    party asks."""
    store = game.store
    level = game.level
    cost = T.WALKABLE[level.tiles].astype(np.int16)
    for x, y in _secret_squares(game):
        cost[y, x] = 0
    for x, y in zone:
        if level.in_bounds(x, y) and cost[y, x]:
            cost[y, x] += DETOUR_COST
    positions, disabled = store.by_type[Position], store.by_type.get(Disabled, ())
    for e in game.party:
        p = positions[e]
        if p.depth == pos.depth and e not in disabled:
            cost[p.y, p.x] = 0
    detour = distance_map(cost, mask_squares(dist == 0))
    here = int(detour[pos.y, pos.x])
    if here >= UNREACHABLE or here == 0:
        return []
    options = []
    for dx, dy in _STEPS:
        nx, ny = pos.x + dx, pos.y + dy
        if level.in_bounds(nx, ny) and (d := int(detour[ny, nx])) < here:
            options.append((d, abs(dx) + abs(dy), dx, dy))
    return [((pos.x + dx, pos.y + dy), dx, dy) for _d, _n, dx, dy in sorted(options)]


def _secret_squares(game: Game) -> list[tuple[int, int]]:
    return list(secret_squares(game))


def _free_step(game: Game, eid: int, pos: Position, dx: int, dy: int) -> list[Event] | None:
    """_pillager_step(game, eid, dx, dy, False)'s events, or None where it fails (a
    failure changes nothing); `pos`: the Pillager's Position row. No Result is made."""
    nx, ny = pos.x + dx, pos.y + dy
    level = game.level
    door = level.door_ids.get((nx, ny))
    store = game.store
    if not level.is_walkable(nx, ny) or (
            door is not None and door in store.by_type.get(SecretDoor, ())):
        return None
    act = store.by_type[Actor][eid]
    if act.move_points <= 0 and begin_move(game, eid) is not None:
        return None  # (begin_move returns at once with a move under way)
    act.move_points -= 1
    pos.x, pos.y = nx, ny
    events = [Event("move", "", eid, x=nx, y=ny)]
    events += game.on_moved(eid)
    return events


def _taken(game: Game, x: int, y: int) -> set[tuple[int, int]]:
    """Squares holding a creature on this level, among them those next to (x, y) that
    creature_at would find occupied (Game.creature_squares: do not change the set)."""
    return game.creature_squares()


@dataclass(frozen=True)
class PillagerStep(Action):
    """A Pillager's step: doors let it through whatever their state and stay as they were."""

    kind: ClassVar[str] = "pillager_step"
    dx: int
    dy: int

    def perform(self, game: Game, actor: int) -> Result:
        if max(abs(self.dx), abs(self.dy)) != 1:
            return fail("A step is one square.")
        return _pillager_step(game, actor, self.dx, self.dy, True)


def _pillager_step(game: Game, actor: int, dx: int, dy: int, check_creatures: bool
                   ) -> Result:
    """PillagerStep's rules for a one-square step; `check_creatures` False when the
    caller knows the square free of creatures."""
    store = game.store
    pos = store.get(actor, Position)
    nx, ny = pos.x + dx, pos.y + dy
    door = game.level.door_ids.get((nx, ny))
    if not game.level.is_walkable(nx, ny) or (
            door is not None and store.has(door, SecretDoor)):
        return fail("There is a wall in the way.")
    if check_creatures and game.creature_at(nx, ny) is not None:
        return fail("Someone is in the way.")
    blocked = begin_move(game, actor)
    if blocked:
        return blocked
    store.get(actor, Actor).move_points -= 1
    pos.x, pos.y = nx, ny
    events = [Event("move", "", actor, x=nx, y=ny)]
    events += game.on_moved(actor)
    return Result(True, events)  # (done(), without copying the list)


@dataclass(frozen=True)
class Grab(Action):
    """A Pillager takes loose treasure, or rifles a marker's room for loot, and heads home."""

    kind: ClassVar[str] = "grab"
    target: int

    def perform(self, game: Game, actor: int) -> Result:
        store = game.store
        haul = store.try_get(actor, Haul)
        tpos = store.try_get(self.target, Position)
        if haul is None or tpos is None or chebyshev(tpos, store.get(actor, Position)) > 1:
            return fail("Nothing to grab there.")
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        haul.hauling = True
        name = name_of(store, actor)
        seen = _seen(game, actor)
        if store.has(self.target, Treasure):
            store.remove(self.target, Position)
            haul.items.append(self.target)
            text = f"{capital(a_an(name))} snatches the {name_of(store, self.target)}!"
            return done(Event("pillage", text if seen else "", actor, self.target))
        text = f"{capital(a_an(name))} loots around the event marker."
        return done(Event("pillage", text if seen else "", actor))


def _seen(game: Game, eid: int) -> bool:
    """Whether the party sees the Pillager: what it does out of sight is not reported (the
    log would fill with the doings of every Pillager on the level), only what follows."""
    pos = game.store.get(eid, Position)
    return pos.depth == game.depth and bool(game.visible[pos.y, pos.x])


@dataclass(frozen=True)
class Deposit(Action):
    """A Pillager unloads at its camp; every 3 loads cost the party one unrevealed marker."""

    kind: ClassVar[str] = "deposit"

    def perform(self, game: Game, actor: int) -> Result:
        store = game.store
        haul = store.try_get(actor, Haul)
        if haul is None or not haul.hauling:
            return fail("Nothing to unload.")
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        taken = [name_of(store, item) for item in haul.items]
        for item in haul.items:  # T&T: treasure may not be taken from a camp
            store.destroy(item)
        haul.items.clear()
        haul.hauling = False
        led = ledger(game)
        led.hauls += 1
        per = game.content.explore.pillagers.per_marker_removed
        events = [Event("pillage", _home_words(game, actor, taken, led.hauls % per or per,
                                               per), actor)]
        if led.hauls % per == 0:
            left = [e for e, m, p in store.query(Marker, Position)
                    if p.depth == game.depth and m.state == "unchecked"]
            if left:
                gone = game.streams.play.choice(left)
                gpos = store.get(gone, Position)
                store.destroy(gone)
                events.append(Event("pillage", "The Pillagers have stripped a room: an event "
                                    f"marker is gone ({plural(on_level(game), 'Pillager')} "
                                    "on this level).", actor, x=gpos.x, y=gpos.y))
        return done(*events)


def _home_words(game: Game, eid: int, taken: list[str], load: int, per: int) -> str:
    """What a load brought home says: seen, what it was and its count towards a stripped
    room; out of sight, only treasure is told of (it is lost to the party), with how many
    Pillagers the level holds ('' for a marker's loot no one saw brought home)."""
    who = capital(a_name(game, eid))
    if _seen(game, eid):
        if taken:
            return f"{who} brings {', '.join(taken)} to the Pillager camp: lost to " \
                f"you (load {load} of {per})."
        return f"{who} brings a marker's loot to the Pillager camp (load {load} of " \
            f"{per}: every {per} loads strip a room)."
    if not taken:
        return ""
    return f"Out of sight, {a_name(game, eid)} carries {', '.join(taken)} to the Pillager " \
        f"camp: lost to you ({plural(on_level(game), 'Pillager')} on this level)."


def drop_haul(game: HasStore, eid: int) -> list[Event]:
    """A fallen Pillager drops what it carried."""
    haul = game.store.try_get(eid, Haul)
    pos = game.store.try_get(eid, Position)
    if haul is None or pos is None or not haul.items:
        return []
    for item in haul.items:
        game.store.add(item, Position(pos.depth, pos.x, pos.y))
    haul.items.clear()
    return [Event("drop", "The Pillager's loot spills to the floor.", eid, x=pos.x, y=pos.y)]

