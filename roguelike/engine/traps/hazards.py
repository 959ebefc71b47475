"""Lasting trap effects: gas, water, fire, walls, a rolling boulder, the Mage Knight squares.

A hazard is an entity with a Hazard component naming its step in the trap profile; its hooks
(on_start, per_round, on_enter, on_move, on_end_move, on_turn_start, while_inside, on_end)
run through the same step engine as the trap itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roguelike.content.schema import build
from roguelike.content.traps import AreaDef
from roguelike.core.components import Actor, Conditions, Confined, Hazard, Position, Trap
from roguelike.core.events import Event
from roguelike.engine.base.kept import declare
from roguelike.engine.base.luck_queue import holding
from roguelike.engine.base.stats import name_of
from roguelike.engine.base.words import a_an, capital, hazard_is, hazard_noun, plural, the_trap
from roguelike.engine.status import conditions
from roguelike.engine.traps.area import area_squares
from roguelike.engine.traps.core import (
    Ctx,
    creatures_on,
    duration_rounds,
    hit_dice,
    run_steps,
    step_at,
)
from roguelike.engine.traps.movement import free_square_near, place
from roguelike.engine.traps.placement import parts_ground

if TYPE_CHECKING:
    from roguelike.core.ecs import EntityStore
    from roguelike.engine.base.views import StoreAndContent
    from roguelike.engine.game import Game
    from roguelike.world.level import Level


def create(ctx: Ctx, step: dict[str, Any], path: str, victims: list[int]) -> list[Event]:
    game = ctx.game
    area = build(AreaDef, step["area"], "", "") if "area" in step else ctx.profile.area
    if ctx.hazard:  # left behind by another lasting effect: where that one ended
        squares = [ctx.point]
    elif area.shape in ("target", "targets"):
        squares = sorted({ctx.point, *(game.store.get(v, Position).xy for v in victims)})
    else:
        squares = area_squares(game.level, area, ctx.point, ctx.room)
        if step["kind"] == "boulder" and _leaves_block(step):
            squares = _rest_short(game.level, squares)
    delay = duration_rounds(game, step["delay"]) if "delay" in step else 0
    rounds = duration_rounds(game, step["rounds"], ctx.ecl)
    start = game.round + delay
    ends = -1 if rounds < 0 else start + max(1, rounds)
    hz = Hazard(ctx.trap, ctx.profile.id, path, [list(s) for s in squares], start, ends,
                victims=list(victims) if step["rounds"] == "until_escape" else [],
                ecl=ctx.ecl, option=ctx.option)
    eid = game.store.create(Position(ctx.depth, *ctx.point), hz)
    when = f"in {plural(delay, 'round')}" if delay else "now"
    span = "until it ends" if ends < 0 else f"for {plural(max(1, rounds), 'round')}"
    events = [Event("hazard", f"{capital(ctx.the_trap)} leaves a lasting "
                    f"{hazard_noun(step['kind'])} ({when}, {span}).", eid, ctx.trap)]
    if delay == 0:
        events += _run_hook(game, eid, "on_start", _targets(game, eid))
        if (step.get("terrain") == "wall" or step["kind"] == "blocked") \
                and step.get("impassable_below_hd") is None:  # (a wall to everyone)
            events += _crawl_out(game, ctx.depth, squares)
        events += _apply_aura(game, eid)
    return events


def _leaves_block(step: dict[str, Any]) -> bool:
    """Whether a hazard's end leaves a block nobody passes (a boulder's resting place)."""
    return any(s.get("op") == "hazard" and (s.get("kind") == "blocked"
                                            or s.get("terrain") == "wall")
               and s.get("impassable_below_hd") is None for s in step.get("on_end", []))


def _rest_short(level: Level, path: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A boulder's path cut off after the farthest square where the block it leaves parts
    no ground joined today (RULES.md: a block never cuts the level; a party of three
    cannot shift it): no square, the path as it was."""
    for end in range(len(path), 0, -1):
        if not parts_ground(level, [path[end - 1]]):
            return path[:end]
    return path


def _ctx(game: Game, eid: int) -> Ctx:
    hz = game.store.get(eid, Hazard)
    trap = game.store.try_get(hz.trap, Trap)
    pos = game.store.get(eid, Position)
    room = trap.room if trap else -1
    ctx = Ctx(game, hz.trap, game.content.traps[hz.profile], 0, pos.xy, room, pos.depth,
              trap.beyond if trap else 0, hz.option, ecl=hz.ecl)
    ctx.hazard = eid
    return ctx


def _step(game: StoreAndContent, eid: int) -> dict[str, Any]:
    hz = game.store.get(eid, Hazard)
    return step_at(game.content.traps[hz.profile], hz.step)


def harms_over_time(game: Game, eid: int) -> bool:
    """Whether hazard `eid` acts on those in it round after round (an acid pool, a gas
    cloud), rather than only holding them or acting as they enter."""
    step = _step(game, eid)
    return bool(step.get("per_round") or step.get("on_turn_start"))


def _targets(game: Game, eid: int) -> list[int]:
    hz = game.store.get(eid, Hazard)
    if _step(game, eid)["rounds"] == "until_escape":
        return [v for v in hz.victims if game.store.alive(v)]
    pos = game.store.get(eid, Position)
    return creatures_on(game.store, [(s[0], s[1]) for s in hz.squares], pos.depth)


def _under(store: EntityStore, eid: int) -> list[int]:
    """Every creature on the hazard's squares, the fallen too: its aura's conditions end on
    all of them when it ends (a Mage knocked out in a Monstrous Hand's grip when the Hand
    was disarmed rose still Held, for good: seed s23-d-16)."""
    hz = store.get(eid, Hazard)
    depth = store.get(eid, Position).depth
    squares = {(s[0], s[1]) for s in hz.squares}
    positions = store.table(Position)
    return [e for e in store.ids(Actor, Position)
            if positions[e].depth == depth and positions[e].xy in squares]


def holds_left_behind(game: Game, eid: int) -> list[Event]:
    """End the conditions a lasting effect gives while inside it (the Monstrous Hand's Held)
    on `eid` where no such effect covers it now: carried off the level by the stairs, it
    kept Held for good on the next (seed s23-f-35)."""
    conds = game.store.try_get(eid, Conditions)
    if conds is None or not conds.active or not game.store.ids(Hazard):
        return []
    auras = {c for hz, _h in game.store.query(Hazard) for c in _aura_conditions(_step(game, hz))}
    pos = game.store.get(eid, Position)
    here = {c for hz in hazards_at(game, pos.depth, pos.xy)
            for c in _aura_conditions(_step(game, hz))}
    events: list[Event] = []
    for cond in sorted(auras - here):
        if cond in conds.active:
            events += conditions.remove_condition(game, eid, cond)
    return events


def _run_hook(game: Game, eid: int, hook: str, victims: list[int]) -> list[Event]:
    step = _step(game, eid)
    if not step.get(hook) or (not victims and hook not in ("on_start", "on_end")):
        return []
    ctx = _ctx(game, eid)
    # (a lasting effect acts on whoever is in it, round after round or as they enter: it
    # does not stop for a delver's luck, and its rolls stand as with luck_prompt "never")
    with holding(game):
        run_steps(ctx, step[hook], victims, f"{game.store.get(eid, Hazard).step}/{hook}")
    return ctx.events


def _apply_aura(game: Game, eid: int) -> list[Event]:
    if not _step(game, eid).get("while_inside"):
        return []
    return _run_hook(game, eid, "while_inside", _targets(game, eid))


def _aura_conditions(step: dict[str, Any]) -> list[str]:
    return [s["condition"] for s in step.get("while_inside", []) if s["op"] == "condition"]


def end(game: Game, eid: int) -> list[Event]:
    events = _run_hook(game, eid, "on_end", _targets(game, eid))
    for v in _under(game.store, eid):
        for cond in _aura_conditions(_step(game, eid)):
            events += conditions.remove_condition(game, v, cond)
    hz = game.store.get(eid, Hazard)
    kind = _step(game, eid)["kind"]
    events.append(Event("hazard_end", f"The {hazard_noun(kind)} left by "
                        f"{the_trap(game.content.traps[hz.profile].name)} {hazard_is(kind)} "
                        "gone.", eid))
    game.store.destroy(eid)
    game.view_changed()
    return events


def swam(ctx: Ctx, eid: int) -> list[Event]:
    """A victim who swims in a pit with no lid over it climbs out at the edge."""
    hz_eid = ctx.hazard
    if not hz_eid or not ctx.game.store.alive(hz_eid):
        return []
    conf = ctx.game.store.try_get(eid, Confined)
    hz = ctx.game.store.get(hz_eid, Hazard)
    if (conf and conf.stack) or eid not in hz.victims:
        return []
    hz.victims.remove(eid)
    return [Event("escape", f"{name_of(ctx.game.store, eid)} climbs out of the water.", eid)]


def tick(game: Game) -> list[Event]:
    """Once a round, for the hazards of the current level."""
    if not game.store.ids(Hazard, Position):
        return []  # (most of the time no hazard stands anywhere)
    events: list[Event] = []
    for eid, hz, pos in list(game.store.query(Hazard, Position)):
        if pos.depth != game.depth or not game.store.alive(eid):
            continue
        step = _step(game, eid)
        if game.round == hz.starts and game.round > 0 and step.get("delay"):
            events += _run_hook(game, eid, "on_start", _targets(game, eid))
            events += _apply_aura(game, eid)
        if game.round > hz.starts or (game.round == hz.starts and not step.get("delay")):
            events += _roll_boulder(game, eid) if step["kind"] == "boulder" else []
            # (victims are looked up only for a hook the step has: finding them rolls no
            # dice, and most lasting effects have neither hook)
            if game.store.alive(eid) and step.get("per_round"):
                events += _run_hook(game, eid, "per_round", _targets(game, eid))
            if game.store.alive(eid) and step.get("on_turn_start"):
                events += _run_hook(game, eid, "on_turn_start", _targets(game, eid))
        if not game.store.alive(eid):
            continue
        hz = game.store.get(eid, Hazard)
        escaped = step["rounds"] == "until_escape" and not _targets(game, eid)
        if escaped or (hz.ends >= 0 and game.round >= hz.ends):
            events += end(game, eid)
    return events


def _roll_boulder(game: Game, eid: int) -> list[Event]:
    hz = game.store.get(eid, Hazard)
    step = _step(game, eid)
    pos = game.store.get(eid, Position)
    events: list[Event] = []
    path = [(s[0], s[1]) for s in hz.squares]
    stop = min(len(path), hz.progress + step.get("speed", 1))
    for i in range(hz.progress, stop):
        events += _run_hook(game, eid, "on_enter", creatures_on(game.store, [path[i]], pos.depth))
    hz.progress = stop
    if stop >= len(path):
        last = path[-1]
        pos.x, pos.y = last
        hz.squares = [[last[0], last[1]]]
        events += end(game, eid)
    return events


# ----- squares, movement and terrain -------------------------------------------------
def hazards_at(game: Game, depth: int, xy: tuple[int, int]) -> list[int]:
    """The started hazards covering `xy`, ascending id. Every step asks, and most levels
    have no hazard at all: that case costs one cached id list."""
    store = game.store
    if not store.ids(Hazard, Position):
        return []
    found = _covering_ids(game, depth).get((xy[0], xy[1]))
    return list(found) if found is not None else []


HAZARD_SQUARES = declare("hazard_squares", __name__,
                         ("entities", "level", "round", "rows"),
                         "square -> started hazards covering it, keyed by the Hazard ids, "
                         "depth, round and each hazard's squares list")


def _covering_ids(game: Game, depth: int) -> dict[tuple[int, int], list[int]]:
    """Square -> the started hazards of level `depth` covering it, ascending id (what
    `[x, y] in hz.squares` finds for each), kept (HAZARD_SQUARES) while the round, the id
    list the store hands out (a hazard made, ended or its row replaced gives a new one)
    and each hazard's squares list (a rolling boulder is given a new one) stay the same.
    A hazard standing on the level makes every step ask, often twice."""
    store = game.store
    ids = store.ids(Hazard, Position)
    table = store.table(Hazard)
    kept = HAZARD_SQUARES.get(game)
    if kept is not None and kept[0] is ids and kept[1] == depth and kept[2] == game.round:
        for e, squares in kept[3]:
            if table[e].squares is not squares:
                break
        else:
            if game.kept.check:
                HAZARD_SQUARES.check(game, kept[4], _covering_made(game, ids, depth)[1])
            return kept[4]  # type: ignore[no-any-return]
    lists, index = _covering_made(game, ids, depth)
    HAZARD_SQUARES.put(game, (ids, depth, game.round, lists, index))
    return index


def _covering_made(game: Game, ids: list[int], depth: int
                   ) -> tuple[list[tuple[int, Any]], dict[tuple[int, int], list[int]]]:
    store = game.store
    table = store.table(Hazard)
    positions = store.table(Position)
    index: dict[tuple[int, int], list[int]] = {}
    lists = []
    for eid in ids:
        hz = table[eid]
        lists.append((eid, hz.squares))
        if positions[eid].depth != depth or game.round < hz.starts:
            continue
        for square in hz.squares:
            # ([x, y] in squares matches a two-item list alone; a hazard is listed once)
            if isinstance(square, list) and len(square) == 2:
                here = index.setdefault((square[0], square[1]), [])
                if not here or here[-1] != eid:
                    here.append(eid)
    return lists, index


def _crawl_out(game: Game, depth: int, squares: list[tuple[int, int]]) -> list[Event]:
    """Whoever stands where a wall or rubble has just come crawls out to the nearest open
    square (choice, RULES.md: a party that lived through a Dropping Ceiling stood entombed in
    its blocked room for the rest of the game, seed s23-d-31)."""
    area = set(squares)
    positions = game.store.table(Position)
    events: list[Event] = []
    for eid in game.store.ids(Actor, Position):
        pos = positions[eid]
        if pos.depth != depth or pos.xy not in area:
            continue
        spot = free_square_near(game, depth, pos.xy, eid, avoid=area)
        if spot != pos.xy:
            events.append(Event("flee", f"{name_of(game.store, eid)} crawls out of the "
                                "way.", eid))
            events += place(game, eid, spot)
    return events


def blocks(game: Game, eid: int, depth: int, xy: tuple[int, int]) -> str:
    """Why a wall-like hazard stops `eid` entering `xy`, or ''."""
    return blocked_by(game, eid, [_step(game, h) for h in hazards_at(game, depth, xy)])


def blocked_by(game: Game, eid: int, steps: list[dict[str, Any]]) -> str:
    """blocks, given the steps of the hazards covering the square (hazards_at's order)."""
    for step in steps:
        if step.get("terrain") != "wall" and step["kind"] != "blocked":
            continue
        below = step.get("impassable_below_hd")
        if below is None or hit_dice(game, eid) < below:
            return f"{capital(a_an(hazard_noun(step['kind'])))} blocks the way."
    return ""


def covering(game: Game, depth: int) -> dict[tuple[int, int], list[dict[str, Any]]]:
    """Square -> the steps of the started hazards covering it on level `depth`, ascending
    id: hazards_at for every square at once (a cost map asks for each hazard square)."""
    store = game.store
    table, positions = store.table(Hazard), store.table(Position)
    out: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for eid in store.ids(Hazard, Position):
        hz = table[eid]
        if positions[eid].depth != depth or game.round < hz.starts:
            continue
        step = _step(game, eid)
        seen: list[tuple[int, int]] = []
        for square in hz.squares:
            if not isinstance(square, list) or len(square) != 2:
                continue  # (hazards_at's `[x, y] in squares` matches these alone)
            xy = (square[0], square[1])
            if xy not in seen:  # (hazards_at lists a hazard once, however often it covers)
                seen.append(xy)
                out.setdefault(xy, []).append(step)
    return out


def hindering(game: Game, depth: int, xy: tuple[int, int]) -> bool:
    if not game.store.ids(Hazard, Position):
        return False
    # (hazards_at's list, read in place: most squares have none, and no copy is made)
    found = _covering_ids(game, depth).get((xy[0], xy[1]))
    if not found:
        return False
    return hinders([_step(game, e) for e in found])


def hinders(steps: list[dict[str, Any]]) -> bool:
    """Whether one of the hazard steps covering a square makes it hindering terrain."""
    return any(step.get("terrain") == "hindering" for step in steps)


def on_moved(game: Game, eid: int, old: tuple[int, int, int] | None) -> list[Event]:
    if not game.store.ids(Hazard, Position):
        return []  # nothing to leave or enter (every step of every creature comes here)
    pos = game.store.get(eid, Position)
    # (a step from and to squares no hazard covers, on one level, has nothing to leave or
    # enter: one read of the kept index for both squares, no lists made)
    cover = _covering_ids(game, pos.depth)
    if (pos.x, pos.y) not in cover and (
            old is None or (old[0] == pos.depth and (old[1], old[2]) not in cover)):
        return []
    here = hazards_at(game, pos.depth, pos.xy)
    events: list[Event] = []
    before = hazards_at(game, old[0], (old[1], old[2])) if old else []
    for hz_eid in before:
        if hz_eid not in here:
            for cond in _aura_conditions(_step(game, hz_eid)):
                events += conditions.remove_condition(game, eid, cond)
    actor = game.store.try_get(eid, Actor)
    ending = actor is not None and actor.move_points <= 0
    for hz_eid in here:
        step = _step(game, hz_eid)
        entered = hz_eid not in before
        if entered and step.get("safe_pass_cost") and actor is not None \
                and actor.move_points >= step["safe_pass_cost"] - 1:
            actor.move_points -= step["safe_pass_cost"] - 1
            events.append(Event("safe_pass", "Picks a careful way across the "
                                f"{hazard_noun(step['kind'])} "
                                f"({step['safe_pass_cost']} movement points).", eid))
            continue
        if entered:
            events += _run_hook(game, hz_eid, "on_enter", [eid])
            events += _run_hook(game, hz_eid, "while_inside", [eid])
        else:
            events += _run_hook(game, hz_eid, "on_move", [eid])
        if ending and not (entered and step.get("on_enter")) and game.store.alive(hz_eid):
            events += _run_hook(game, hz_eid, "on_end_move", [eid])
    return events


def until_disarmed(game: Game, trap_eid: int) -> list[int]:
    """The trap's lasting effects that only a disarm ends (Mage Knight 001:59 "it must
    successfully be disarmed before any figure may move safely through the trap square")."""
    if not game.store.ids(Hazard):
        return []
    return [eid for eid, hz in game.store.query(Hazard)
            if hz.trap == trap_eid and _step(game, eid)["rounds"] == "until_disarmed"]


def remove_for_trap(game: Game, trap_eid: int) -> list[Event]:
    """A disarmed trap takes its 'until_disarmed' hazards with it."""
    events: list[Event] = []
    for eid in until_disarmed(game, trap_eid):
        events += end(game, eid)
    return events


def strike_disarmer(game: Game, hz_eid: int, eid: int) -> list[Event]:
    """A failed disarm of a trap already sprung sets it off again (Mage Knight 001:67): its
    lasting effect strikes the disarmer as it strikes a figure coming into it (on entering,
    else at the start of a turn, else while inside), and no second effect is made."""
    step = _step(game, hz_eid)
    for hook in ("on_enter", "on_turn_start", "while_inside"):
        if step.get(hook):
            return _run_hook(game, hz_eid, hook, [eid])
    return []


def breakaway_chance(game: Game, eid: int) -> tuple[int, int] | None:
    """(count, die) when a holding hazard the creature is inside lets it break away on the top
    `count` faces of the die (Mage Knight's Monstrous Hand: "break away only on a 6"); None
    when nothing of the kind holds it."""
    pos = game.store.get(eid, Position)
    for hz in hazards_at(game, pos.depth, pos.xy):
        for step in _step(game, hz).get("while_inside", []):
            chance = step.get("breakaway") if step.get("op") == "condition" else None
            if chance:
                return int(chance[0]), int(chance[1])
    return None
