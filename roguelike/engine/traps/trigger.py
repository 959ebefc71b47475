"""Springing traps: who sets them off as they move, what happens then, and resets.

Only characters trigger traps (Mage Knight: monsters never do). A room trap springs on its
trigger chance per character entering its room who does not know of it; a trap square
springs when a character steps on it; passing diagonally between two squares next to a
trap square springs it on 1-3 unless the mover is Nimble; a flyer only springs a trap
square by ending its move there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roguelike.content.traps import parse_reset
from roguelike.core.components import Actor, Character, Confined, Hazard, Position, Trap
from roguelike.core.events import Event
from roguelike.engine.base.kept import declare
from roguelike.engine.base.luck_queue import then, waiting
from roguelike.engine.base.stats import name_of
from roguelike.engine.base.words import the_trap
from roguelike.engine.creatures.inventory import roll_treasure
from roguelike.engine.status import conditions
from roguelike.engine.traps import confine, hazards
from roguelike.engine.traps.area import area_squares
from roguelike.engine.traps.core import (
    Ctx,
    creatures_on,
    profile_of,
    roll,
    run_steps,
    trap_ctx,
)
from roguelike.engine.traps.make import ARMED, index

if TYPE_CHECKING:
    from roguelike.core.ecs import EntityStore
    from roguelike.engine.base.views import Board
    from roguelike.engine.game import Game

ROUND_SQUARES = declare("round_squares", __name__, ("moves", "depths", "entities"), why=(
    "the store's writes and the counters of moves and changes of level when tick last "
    "wrote every creature's round-start square, within one turn loop (every move in it "
    "is told, and on_moved writes the square itself): the same, and no square differs"))
SPRUNG = declare("sprung_traps", __name__, ("entities", "traps"), why=(
    "(the store's Trap id list, the 'traps' count, the sprung traps' ids): a trap is "
    "sprung, re-armed and disarmed only where 'traps' is told"))
HAZARD_DEPTHS = declare("hazard_depths", __name__, ("entities",),
                        "the levels with a hazard, keyed by the store's Hazard+Position ids")


def last_squares_state(game: Game) -> dict[str, list[int] | None]:
    """The part of game.last_squares (where each creature stood when the traps last saw
    it: on_moved and the round's start set it) that its Position does not already say,
    for state_hash: a creature moved without on_moved, or not seen yet (None), springs
    other traps on its next step than one seen where it stands. Empty as a rule: a game
    hashes as before while nothing is hidden there."""
    last = game.last_squares
    positions = game.store.table(Position)
    out: dict[str, list[int] | None] = {}
    for eid in game.store.ids(Actor, Position):
        pos = positions[eid]
        seen = last.get(eid)
        if seen is None:
            out[str(eid)] = None
        elif seen != (pos.depth, pos.x, pos.y):
            out[str(eid)] = list(seen)
    return out


def make_known(store: EntityStore, trap_eid: int, who: list[int]) -> None:
    trap = store.get(trap_eid, Trap)
    for eid in who:
        if eid not in trap.known_by:
            trap.known_by.append(eid)
    if trap.state == "hidden":
        trap.state = "exposed"


def is_known_to_party(game: Board, trap_eid: int) -> bool:
    """Drawn on the map: known to a party member, or sprung and not re-armed."""
    trap = game.store.get(trap_eid, Trap)
    return trap.state == "sprung" or any(e in game.party for e in trap.known_by)


def victims_of(game: Game, ctx: Ctx) -> list[int]:
    area = ctx.profile.area
    if area.shape == "target":
        return [ctx.trigger]
    squares = area_squares(game.level, area, ctx.point, ctx.room)
    found = creatures_on(game.store, squares, ctx.depth)
    if area.shape == "targets":
        trig_pos = game.store.get(ctx.trigger, Position)
        near = area_squares(game.level, area, trig_pos.xy, ctx.room)
        others = [e for e in creatures_on(game.store, near, ctx.depth) if e != ctx.trigger]
        game.streams.play.shuffle(others)
        return [ctx.trigger, *sorted(others[:area.count - 1])]
    if ctx.trigger and ctx.trigger not in found:
        found.insert(0, ctx.trigger)
    return found


def spring(game: Game, trap_eid: int, trigger: int) -> list[Event]:
    """The trap goes off with `trigger` as the creature that set it off."""
    trap = game.store.get(trap_eid, Trap)
    ctx = trap_ctx(game, trap_eid, trigger)
    profile = ctx.profile
    who = name_of(game.store, trigger)
    # a profile with no effect (the dial's "X") is no trap at all: said once, as such
    text = f"{who} sets off a trap: {profile.name}! {profile.text}" if profile.effect else \
        f"{who} steps on a square marked {profile.name}: nothing happens. {profile.text}"
    ctx.events.append(Event("trap", text, trigger, trap_eid, x=ctx.point[0], y=ctx.point[1]))
    trap.state = "sprung"
    trap.springs += 1
    make_known(game.store, trap_eid, list(game.party))
    trap.state = "sprung"
    game.kept.changed("traps")  # (a trap's state: the routes price armed traps)
    run_steps(ctx, profile.effect, victims_of(game, ctx), "")
    if waiting(game):  # a roll waits on luck: the rest of the springing waits behind it
        then(game, "trap_sprung", [trap_eid, trigger])
        return ctx.events
    return ctx.events + _sprung(game, trap_eid, trigger)


def continue_trap_sprung(game: Game, args: list[int]) -> list[Event]:
    trap_eid, trigger = args
    return _sprung(game, trap_eid, trigger)


def _sprung(game: Game, trap_eid: int, trigger: int) -> list[Event]:
    """What follows a trap's effect: its treasure, its reset, the end of the mover's move."""
    trap = game.store.get(trap_eid, Trap)
    profile = profile_of(game, trap_eid)
    pos = game.store.get(trap_eid, Position)
    events: list[Event] = []
    if trap.springs == 1 and profile.treasure:
        # T&T: "When ... a Trap is resolved, roll for Treasure on the ... Traps chart"; only
        # the first time, or a resetting trap would be a treasure mine
        events += roll_treasure(game, list(profile.treasure), pos.x, pos.y,
                                the_trap(profile.name))
    _schedule_reset(game, trap_eid)
    actor = game.store.try_get(trigger, Actor)
    stocking = game.content.trap_stocking
    if actor is not None and trap.placement == "square" \
            and stocking.mage_knight.trigger_ends_movement:
        # Mage Knight 001: "Triggering a trap ends a Hero's movement and activation": no
        # points and no action left this turn
        actor.move_points = 0
        actor.actions_left = 0
    game.view_changed()
    return events


def _schedule_reset(game: Game, trap_eid: int) -> None:
    trap = game.store.get(trap_eid, Trap)
    if trap.springs < 0 or trap.state != "sprung":
        return  # out of ammunition, or already disarmed by what happened
    kind, count, unit = parse_reset(profile_of(game, trap_eid).reset) or ("none", "", 0)
    if kind == "auto" or (kind == "manual" and trap.springs < int(count)):
        trap.state = "armed"
        game.kept.changed("traps")
    elif kind == "timed":
        trap.reset_round = game.round + roll(game, count) * unit


def tick(game: Game) -> list[Event]:
    """Once a round: re-arm traps whose reset time has come, then lasting effects."""
    events: list[Event] = []
    store = game.store
    sprung = _sprung_ids(game)
    if sprung:
        traps = store.table(Trap)
        # (re-arming one changes no other's state)
        for trap in [traps[e] for e in sprung]:
            if 0 <= trap.reset_round <= game.round:
                trap.state, trap.reset_round = "armed", -1
                game.kept.changed("traps")
    events += hazards.tick(game)
    events += confine.tick(game)
    _round_squares(game)
    return events


def _round_squares(game: Game) -> None:
    """Where each creature starts the round (every creature of every level, every round):
    on_moved has noted every step already, so only a square that differs is written
    (the dict's values and its order are what writing them all would leave). In a turn
    loop's quiet rounds (a rest's, mostly: nothing moved, came, went or changed level
    since the last pass) no square differs, and none is looked at."""
    store, kept = game.store, game.kept
    changes = kept.changes
    key = (store.writes, changes["moves"], changes["depths"])
    quiet = kept.in_run and ROUND_SQUARES.get(game) == key
    if quiet and not kept.check:
        return
    last = game.last_squares
    positions = store.table(Position)
    written = 0
    for eid in store.ids(Actor, Position):
        pos = positions[eid]
        old = last.get(eid)
        if old is None or old[1] != pos.x or old[2] != pos.y or old[0] != pos.depth:
            last[eid] = (pos.depth, pos.x, pos.y)
            written += 1
    if quiet:  # (under the check: a quiet round must have written nothing)
        ROUND_SQUARES.check(game, written, 0)
    if kept.in_run:
        ROUND_SQUARES.put(game, key)


def _sprung_ids(game: Game) -> list[int]:
    """The ids of the sprung traps of every level, in the store's order: kept while the
    set of traps and the count of "traps" told stay the same (tick asks every round, and
    a deep game keeps some ninety traps, most of them armed or gone)."""
    store = game.store
    placed = store.ids(Trap)
    told = game.kept.changes["traps"]
    kept: tuple[list[int], int, list[int]] | None = SPRUNG.get(game)
    if kept is not None and kept[0] is placed and kept[1] == told:
        if game.kept.check:
            SPRUNG.check(game, kept[2], _sprung_made(game, placed))
        return kept[2]
    made = _sprung_made(game, placed)
    SPRUNG.put(game, (placed, told, made))
    return made


def _sprung_made(game: Game, placed: list[int]) -> list[int]:
    if not placed:
        return []  # (table() would add an empty table)
    traps = game.store.table(Trap)
    return [e for e in placed if traps[e].state == "sprung"]


def _chance(game: Game, trap_eid: int, mover: int) -> tuple[bool, Event]:
    profile = profile_of(game, trap_eid)
    n = profile.trigger_chance[0]
    stocking = game.content.trap_stocking
    if profile.source == stocking.dungeonpunk.source \
            and profile.type != "magical" and game.mode == "combat":
        n = min(6, n * stocking.dungeonpunk.combat_or_chase_multiplier)
    face = game.streams.play.d(6)
    ok = face <= n
    text = f"{name_of(game.store, mover)} {'triggers' if ok else 'avoids'} a hidden " \
           f"mechanism (rolled {face}, triggers on {n} or less)."
    return ok, Event("trap_trigger", text if n < 6 else "", mover, trap_eid, roll=face, need=n)


def on_moved(game: Game, eid: int) -> list[Event]:
    # (every step of every creature comes here: the tables are read directly, and what
    # cannot happen on this level (no trap square, no room trap, no hazard) is not asked)
    store = game.store
    by_type = store.by_type
    pos = by_type[Position][eid]
    depth = pos.depth
    last = game.last_squares
    old = last.get(eid)
    last[eid] = (depth, pos.x, pos.y)
    if old is not None and old[0] != depth:
        old = None
    # (hazards.on_moved finds nothing to leave or enter without a hazard on the mover's
    # level, where `old` is too)
    near = bool(store.ids(Hazard, Position)) and _hazards_here(game, depth)
    if near:
        events = hazards.on_moved(game, eid, old)
        depth = pos.depth  # (read again: a hazard may have moved the mover)
    else:
        events = []
    # (the index and the square are read after the hazards: they may have moved the mover
    # or made entities)
    if eid in by_type.get(Character, ()):
        return events + _character_springs(game, eid, depth, old, _UNDERFOOT, None)
    squares, _rooms = index(game, depth)
    if not squares and not near:
        return events  # (no trap square to step on, no hazard to hinder: most steps)
    actors = by_type.get(Actor)
    actor = actors.get(eid) if actors is not None else None
    if actor is not None:
        traps = squares.get((pos.x, pos.y)) if squares else None
        if (traps and _armed_square(game.store, traps)) \
                or (near and hazards.hindering(game, depth, pos.xy)):
            actor.move_points = max(0, actor.move_points - 1)  # hindering: 2 points
    return events


# What a delver's step may spring, in order (a springing that waits on luck keeps the rest
# behind it: `traps_moved`): the trap squares underfoot, the squares passed diagonally, the
# room traps of a room entered.
_UNDERFOOT, _DIAGONAL, _ROOM = 0, 1, 2


def _character_springs(game: Game, eid: int, depth: int, old: tuple[int, int, int] | None,
                       stage: int, todo: list[int] | None) -> list[Event]:
    """The traps a delver's step sets off, from `stage` on; `todo`: that stage's traps
    still to try (None: all of them)."""
    squares, rooms = index(game, depth)
    pos = game.store.get(eid, Position)
    events: list[Event] = []
    if stage == _UNDERFOOT and squares:
        actors = game.store.by_type.get(Actor)
        actor = actors.get(eid) if actors is not None else None
        todo = list(squares.get((pos.x, pos.y), [])) if todo is None else todo
        while todo:
            events += _step_on(game, todo.pop(0), eid, actor)
            if waiting(game):
                return events + _springs_wait(game, eid, depth, old, stage, todo)
    if stage <= _DIAGONAL and squares and old is not None:
        if stage < _DIAGONAL or todo is None:
            todo = _diagonal_traps(game, (old[1], old[2]), pos.xy, squares)
        while todo:
            events += _diagonal(game, eid, todo.pop(0))
            if waiting(game):
                return events + _springs_wait(game, eid, depth, old, _DIAGONAL, todo)
    # (a room without a room trap springs nothing: the room left is asked only on
    # entering one with traps)
    if not rooms:
        return events
    if stage < _ROOM or todo is None:
        level = game.level
        room = level.room_at(pos.x, pos.y)
        if room is None or room not in rooms \
                or room == (level.room_at(old[1], old[2]) if old else room):
            return events
        todo = list(rooms.get(room, []))
    while todo:
        trap_eid = todo.pop(0)
        trap = game.store.get(trap_eid, Trap)
        if trap.state in ARMED and eid not in trap.known_by \
                and profile_of(game, trap_eid).trigger == "room":
            ok, ev = _chance(game, trap_eid, eid)
            events.append(ev)
            if ok:
                events += spring(game, trap_eid, eid)
                if waiting(game):
                    return events + _springs_wait(game, eid, depth, old, _ROOM, todo)
    return events


def _springs_wait(game: Game, eid: int, depth: int, old: tuple[int, int, int] | None,
                  stage: int, todo: list[int]) -> list[Event]:
    then(game, "traps_moved", [eid, depth, *(old or (-1, -1, -1)), stage, *todo])
    return []


def continue_traps_moved(game: Game, args: list[int]) -> list[Event]:
    eid, depth, old_depth, old_x, old_y, stage, *todo = args
    if not game.store.has(eid, Position):
        return []
    old = None if old_depth < 0 else (old_depth, old_x, old_y)
    return _character_springs(game, eid, depth, old, stage, todo)


def _step_on(game: Game, trap_eid: int, eid: int, actor: Actor | None) -> list[Event]:
    trap = game.store.get(trap_eid, Trap)
    if trap.state not in ARMED:
        return []
    flying = conditions.has_condition(game, eid, "flying")
    if flying and actor is not None and actor.move_points > 0:
        return [Event("trap_fly", f"{name_of(game.store, eid)} passes over the trap.", eid)]
    profile = profile_of(game, trap_eid)
    if profile.trigger == "forced":
        return []
    ok, ev = _chance(game, trap_eid, eid)
    return [ev, *spring(game, trap_eid, eid)] if ok else [ev]


def _diagonal_traps(game: Game, a: tuple[int, int], b: tuple[int, int],
                    squares: dict[tuple[int, int], list[int]]) -> list[int]:
    """The trap squares a step from `a` to `b` passes diagonally between (none unless the
    step is diagonal)."""
    if abs(a[0] - b[0]) != 1 or abs(a[1] - b[1]) != 1:
        return []
    return [t for corner in ((b[0], a[1]), (a[0], b[1])) for t in squares.get(corner, [])]


def _diagonal(game: Game, eid: int, trap_eid: int) -> list[Event]:
    """Slipping past trap square `trap_eid` diagonally (Mage Knight 001): it goes off on
    the chart's faces, unless the mover is Nimble."""
    stocking = game.content.trap_stocking
    mk = stocking.mage_knight
    trap = game.store.get(trap_eid, Trap)
    if trap.state not in ARMED or trap.placement != "square":
        return []
    if mk.nimble_ignores_diagonal and conditions.has_condition(game, eid, "nimble"):
        return []
    face = game.streams.play.d(6)
    lo, hi = mk.diagonal_trigger
    ok = lo <= face <= hi
    events = [Event("trap_trigger", f"{name_of(game.store, eid)} slips past a trap "
                    f"square diagonally (rolled {face}, triggers on {lo}-{hi}): "
                    f"{'it goes off' if ok else 'safe'}.", eid, trap_eid, roll=face,
                    need=hi)]
    return events + spring(game, trap_eid, eid) if ok else events


def _hazards_here(game: Game, depth: int) -> bool:
    """Whether a hazard stands on level `depth` (hazards_at finds none elsewhere); the
    levels with one kept on the game while the store hands out the same id list (a hazard
    made or ended, or its Position row replaced, gives a new one; hazards never change
    level)."""
    ids = game.store.ids(Hazard, Position)
    if not ids:
        return False
    kept = HAZARD_DEPTHS.get(game)
    if kept is None or kept[0] is not ids:
        kept = HAZARD_DEPTHS.put(game, (ids, _depths_of(game.store, ids)))
    elif game.kept.check:
        HAZARD_DEPTHS.check(game, kept[1], _depths_of(game.store, ids))
    return depth in kept[1]


def _depths_of(store: EntityStore, ids: list[int]) -> set[int]:
    positions = store.table(Position)
    return {positions[e].depth for e in ids}


def _armed_square(store: EntityStore, here: list[int] | None) -> bool:
    """Whether an armed square trap is among the traps `here` (index's list for a square)."""
    return bool(here) and any(store.get(t, Trap).state in ARMED and store.get(t, Trap)
                              .placement == "square" for t in here)  # type: ignore[union-attr]


def adjust_cost(game: Game, cost: Any, mover: int | None) -> None:
    """Pathing costs: hazard walls block; for monsters untriggered trap squares and
    hindering hazards cost 2 (Mage Knight)."""
    monster = mover is None or not game.store.has(mover, Character)
    squares, _rooms = index(game, game.depth)
    if monster:
        for xy, eids in squares.items():
            if cost[xy[1], xy[0]] and any(game.store.get(t, Trap).state in ARMED
                                          for t in eids):
                cost[xy[1], xy[0]] = 2
    hazard_cost(game, cost, mover, monster)


def hazard_cost(game: Game, cost: Any, mover: int | None, monster: bool) -> None:
    """adjust_cost's part for hazards: walls block, hindering squares cost monsters 2."""
    if not game.store.ids(Hazard, Position):
        return  # (most of the time no hazard stands anywhere: no query made)
    rows = [(eid, hz) for eid, hz, hpos in game.store.query(Hazard, Position)
            if hpos.depth == game.depth]
    if not rows:
        return
    # (what hazards.blocks and hindering ask of hazards_at, for every square at once)
    covering = hazards.covering(game, game.depth)
    for _eid, hz in rows:
        for x, y in hz.squares:
            if not cost[y, x]:
                continue
            steps = covering.get((x, y), [])
            if hazards.blocked_by(game, mover or 0, steps):
                cost[y, x] = 0
            elif monster and hazards.hinders(steps):
                cost[y, x] = 2


def step_blocked(game: Game, eid: int, x: int, y: int) -> str:
    """Why `eid` cannot step to (x, y) because of a trap, or ''."""
    store = game.store
    confined = store.by_type.get(Confined)
    if confined and eid in confined:  # (block_reason finds nothing without a Confined row)
        reason = confine.block_reason(game, eid)
        if reason:
            return reason
    if not store.ids(Hazard, Position):
        return ""  # (_hazards_here's first question: most of the time no hazard stands)
    pos = store.by_type[Position][eid]
    if not _hazards_here(game, pos.depth):  # (blocks finds none: every step asks)
        return ""
    if (x, y) not in hazards._covering_ids(game, pos.depth):
        return ""  # (no hazard covers the square: blocks' list would be empty)
    return hazards.blocks(game, eid, pos.depth, (x, y))


def knowledge(game: Game, eid: int) -> bool | None:
    """For Game.knowledge_checks: a trap is drawn only once the party knows of it."""
    if not game.store.has(eid, Trap):
        return None
    return is_known_to_party(game, eid)
