"""Fight actions beyond the plain melee Attack: the Rogue's ranged weapon, Classic special
maneuvers, getting up from Prone and picking up a knocked-away weapon."""

from __future__ import annotations

from collections.abc import Container
from typing import TYPE_CHECKING, ClassVar

from roguelike.core.components import Actor, Conditions, Door, Position
from roguelike.core.events import Event
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.actions.basic import OpenDoor, Step, begin_move
from roguelike.engine.base.action import Action, Result, done, fail, spend_action
from roguelike.engine.base.stats import hostile, is_disabled, name_of
from roguelike.engine.combat.attack import MANEUVERS, attack
from roguelike.engine.combat.shooting import can_shoot
from roguelike.engine.routing import chase
from roguelike.engine.status import conditions as C
from roguelike.engine.status.checks import fight_state
from roguelike.world.paths import UNREACHABLE, climb_step

if TYPE_CHECKING:
    from roguelike.engine.game import Game


def _attack_checks(game: Game, actor: int, target: int) -> str:
    store = game.store
    if not store.alive(target) or not store.has(target, Position):
        return "There is nothing there to attack."
    if not hostile(store, actor, target):
        return "You will not attack a friend."
    if is_disabled(store, target):
        return f"{name_of(store, target)} is already down."
    a, t = store.get(actor, Position), store.get(target, Position)
    return C.attack_refusal(game, actor, target, max(abs(a.x - t.x), abs(a.y - t.y)))


def shot_refusal(game: Game, actor: int, target: int) -> str:
    """Why RangedAttack(target) would be refused; '' when the shot goes (the targeting view
    asks it before the shot, so its words and the outcome agree)."""
    return can_shoot(game, actor, target) or _attack_checks(game, actor, target)


@dataclass(frozen=True)
class RangedAttack(Action):
    """Shoot a foe in range along a clear line of fire (the Rogue's Ranged Weapon)."""

    kind: ClassVar[str] = "shoot"
    target: int

    def perform(self, game: Game, actor: int) -> Result:
        reason = shot_refusal(game, actor, self.target)
        if reason:
            return fail(reason)
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        return done(*attack(game, actor, self.target, boxes=1, weapon="ranged"))


@dataclass(frozen=True)
class Maneuver(Action):
    """A Classic special maneuver in melee at -1: knock_down, force_back or disarm; the
    target saves vs Paralysis (stone) or suffers it."""

    kind: ClassVar[str] = "maneuver"
    target: int
    maneuver: str

    def perform(self, game: Game, actor: int) -> Result:
        if self.maneuver not in MANEUVERS[1:]:
            return fail(f"Unknown maneuver; choose from {', '.join(MANEUVERS[1:])}.")
        reason = _attack_checks(game, actor, self.target)
        if reason:
            return fail(reason)
        a, t = game.store.get(actor, Position), game.store.get(self.target, Position)
        if a.depth != t.depth or max(abs(a.x - t.x), abs(a.y - t.y)) > \
                game.content.rules.melee_reach:
            return fail("Too far away for a maneuver.")
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        return done(*attack(game, actor, self.target, maneuver=self.maneuver))


@dataclass(frozen=True)
class GetUp(Action):
    """Stand up from Prone (DungeonPunk: costs the movement or an action; here one action)."""

    kind: ClassVar[str] = "get_up"

    def perform(self, game: Game, actor: int) -> Result:
        conds = game.store.try_get(actor, Conditions)
        if conds is None or "prone" not in conds.active:
            return fail("Not lying down.")
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        return done(*C.remove_condition(game, actor, "prone"))


@dataclass(frozen=True)
class RecoverWeapon(Action):
    """Pick up the weapon a Disarm knocked away (one action)."""

    kind: ClassVar[str] = "recover_weapon"

    def perform(self, game: Game, actor: int) -> Result:
        state = fight_state(game, actor)
        if not state.disarmed:
            return fail("Your weapon is in your hand.")
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        state.disarmed = False
        return done(Event("recover", f"{name_of(game.store, actor)} picks up its weapon.",
                          actor))


@dataclass(frozen=True)
class Advance(Action):
    """Close in on the nearest standing character along the shared chase map: one Move
    action's worth of squares, stopping next to a character. The monsters' walk in one
    decision: each square follows the Step rules (walls, creatures, conditions, and a closed
    door is opened by an OpenDoor for one point), checked here without Step's lookups."""

    kind: ClassVar[str] = "advance"

    def perform(self, game: Game, actor: int) -> Result:
        store = game.store
        act = store.get(actor, Actor)
        positions = store.table(Position)
        pos = positions[actor]
        taken: set[tuple[int, int]] | None = None  # once a square is wanted
        conds = store.try_get(actor, Conditions)
        careful = conds is not None and bool(conds.active)
        level = game.level
        door_ids = level.door_ids  # one entry per doorway (stocking makes them)
        doors = store.table(Door)
        events: list[Event] = []
        rows = chase.chase_rows(game, chase.chase_map(game))
        # tcod's hillclimb route down the map, made a square at a time as the walk asks (a
        # Move uses a few squares of a route that may cross the level): `ahead` is the
        # square made and not yet walked, `tail` the last made; a taken square ends the
        # route and the walk goes on by the lowest free neighbour
        here = rows[pos.y][pos.x]
        climbing = 3 < here < UNREACHABLE
        tail = (pos.x, pos.y)
        ahead: tuple[int, int] | None = None
        walked = 0
        while not ((events or walked) and act.move_points <= 0):
            here = rows[pos.y][pos.x]
            if here <= 1 or here >= UNREACHABLE:
                break
            if taken is None:  # the others' squares: nobody else moves during this walk
                taken = _others_squares(game, actor, pos.depth)
            if ahead is None and climbing:
                ahead = climb_step(rows, *tail)
                if ahead is None:
                    climbing = False
                else:
                    tail = ahead
            if ahead is not None and ahead not in taken:
                step, ahead = ahead, None
            else:
                ahead, climbing = None, False
                free = _lowest_free(rows, pos.x, pos.y, here, taken)
                if free is None:
                    break
                step = free
            nx, ny = step
            door = door_ids.get(step)
            if careful or (door is not None and not doors[door].open):
                result = game.try_action(
                    Step(nx - pos.x, ny - pos.y) if careful else _door_step(game, actor, step),
                    actor)
                if not result.ok:
                    break
                events += result.events
                if actor not in positions:  # the step's hazard or trap destroyed it
                    break
                if pos.x != nx or pos.y != ny:  # it opened the door: walk through it next
                    ahead = step
            elif act.move_points <= 0 and begin_move(game, actor) is not None:
                break
            else:
                act.move_points -= 1
                pos.x, pos.y = nx, ny
                walked += 1
                events += game.on_moved(actor)
                if actor not in positions:  # a hazard on the square destroyed it: the
                    break  # walk ends there (its Position row is gone)
        if walked:  # one event for the squares walked outside doorways (the end square)
            events.append(Event("move", "", actor, x=pos.x, y=pos.y, roll=walked))
        if not events:
            return fail("No way closer.")
        return done(*events)


def _others_squares(game: Game, actor: int, depth: int) -> set[tuple[int, int]]:
    """The squares of every creature but `actor` on level `depth`: on the level played,
    from its creature lists (Game.level_foes, level_allies), not every level's."""
    if depth != game.depth:
        positions = game.store.table(Position)
        return {(p.x, p.y) for e in game.store.ids(Actor, Position) if e != actor
                for p in (positions[e],) if p.depth == depth}
    return {(p.x, p.y) for rows in (game.level_foes(), game.level_allies())
            for e, p in rows if e != actor and p.depth == depth}


def _door_step(game: Game, actor: int, door: tuple[int, int]) -> Action:
    """What Step to a closed door's square turns into, its checks made here: the square is
    free (the walk's snapshot), so a Step would pass the wall and trap checks and then
    open the door; a refused check becomes a Step, which fails the same way."""
    pos = game.store.get(actor, Position)
    dx, dy = door[0] - pos.x, door[1] - pos.y
    if not game.level.is_walkable(*door) or game.step_blocked(actor, *door):
        return Step(dx, dy)
    return OpenDoor(dx, dy)


def _lowest_free(rows: list[list[int]], x: int, y: int, here: int,
                 taken: Container[tuple[int, int]]) -> tuple[int, int] | None:
    """The lowest free neighbour below `here` (ties: straight before diagonal, then the
    lower x, then the lower y), or None."""
    best: tuple[int, int, int, int] | None = None
    for ny in range(max(0, y - 1), min(len(rows), y + 2)):
        row = rows[ny]
        for nx in range(max(0, x - 1), min(len(row), x + 2)):
            d = row[nx]
            if d < here and (nx, ny) not in taken:
                option = (d, abs(nx - x) + abs(ny - y), nx, ny)
                if best is None or option < best:
                    best = option
    return None if best is None else (best[2], best[3])
