"""The basic actions: step, open a door, attack, end a move, wait, lead, take the stairs.

What an action is (Action, Result, the registry) and the turn's action economy live in
engine/base/action.py; these are the commands every creature shares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from roguelike.core.components import Actor, BlocksMovement, Conditions, Door, Position
from roguelike.core.events import Event
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.base.action import (
    Action,
    Result,
    done,
    end_move,
    fail,
    instead,
    spend_action,
)
from roguelike.engine.base.kept_events import wait_events
from roguelike.engine.base.luck_queue import then, waiting
from roguelike.engine.base.stats import (
    chebyshev,
    hostile,
    is_character,
    is_disabled,
    name_of,
    speed,
)
from roguelike.engine.base.words import compass
from roguelike.engine.combat.attack import attack
from roguelike.engine.doors.doorways import before_open
from roguelike.engine.status.conditions import attack_refusal, move_blocked, remove_condition
from roguelike.engine.status.conditions import speed as speed_now
from roguelike.engine.traps import confine
from roguelike.engine.traps.hazards import breakaway_chance

if TYPE_CHECKING:
    from roguelike.engine.game import Game


def begin_move(game: Game, actor: int) -> Result | None:
    """Spend an action on Move when no move is under way; None when that worked."""
    act = game.store.get(actor, Actor)
    if act.move_points > 0:
        return None
    if act.actions_left <= 0:
        return fail("No actions left this turn.")
    points = speed(game.store, actor)
    conds = game.store.by_type.get(Conditions)
    mine = conds.get(actor) if conds else None
    if mine is not None and mine.active:  # (conditions.speed changes nothing without one)
        points = speed_now(game, actor, points)
    if points <= 0:  # checked first: a failed action must change nothing (replays)
        return fail("Too slow to move.")
    act.actions_left -= 1
    act.move_points = points
    return None


@dataclass(frozen=True)
class Step(Action):
    """One square of movement; the first step of a turn's move spends a Move action."""

    kind: ClassVar[str] = "step"
    dx: int
    dy: int

    def perform(self, game: Game, actor: int) -> Result:
        dx, dy = self.dx, self.dy
        if not (-1 <= dx <= 1 and -1 <= dy <= 1) or not (dx or dy):  # max(|dx|, |dy|) != 1
            return fail("A step is one square.")
        store = game.store
        pos = store.get(actor, Position)
        level = game.level
        nx, ny = pos.x + dx, pos.y + dy
        if not level.is_walkable(nx, ny):
            return fail("There is a wall in the way.")
        held = game.step_blocked(actor, nx, ny)
        if held:
            struggle = game.held_step(actor)  # (caught in a net, vines or a cage)
            return instead(struggle) if struggle is not None else fail(held)
        other = game.creature_at(nx, ny)
        if other is not None and hostile(store, actor, other):
            return instead(Attack(other))
        door = game.door_at(nx, ny)
        if door is not None and not store.get(door, Door).open:
            return instead(OpenDoor(dx, dy))
        if other is not None and not (is_character(game.store, actor)
                                      and is_character(game.store, other)):
            return fail(f"{name_of(game.store, other)} is in the way.")
        freed: list[Event] = []
        conds = store.by_type.get(Conditions)
        mine = conds.get(actor) if conds else None
        if mine is not None and mine.active:  # (move_blocked's '' otherwise: most steps)
            # (straining against a hold comes first, whoever stands where it strains to: a
            # held delver whose one way is a held companion still tries to break away)
            held = move_blocked(game, actor, nx, ny)
            if held:
                outcome = _break_away(game, actor, held)
                if isinstance(outcome, Result):
                    return outcome
                freed = outcome
                held = move_blocked(game, actor, nx, ny)
                if held:  # free of the hand, but something else still holds it
                    return done(*freed)
        if other is not None:
            # a swap would lift a companion out of a cage, a net or the Monstrous Hand
            caught = confine.block_reason(game, other) or move_blocked(game, other, pos.x, pos.y)
            if caught:
                return done(*freed) if freed else fail(caught)
        act = store.get(actor, Actor)
        if act.move_points <= 0:  # (begin_move returns at once with a move under way)
            blocked = begin_move(game, actor)
            if blocked:
                return blocked
        act.move_points -= 1
        move = Event("move", "", actor, x=nx, y=ny)
        events = [*freed, move] if freed else [move]
        if other is None:
            pos.x, pos.y = nx, ny
            events += game.on_moved(actor)
            return Result(True, events)  # (done(), without copying the list)
        # swap places with a companion, who moves too: traps and hazards see both moves
        opos = game.store.get(other, Position)
        opos.x, opos.y = pos.x, pos.y
        events.append(Event("move", "", other, x=opos.x, y=opos.y))
        pos.x, pos.y = nx, ny
        events += game.on_moved(actor)
        return done(*events, *moved_too(game, other))


def moved_too(game: Game, other: int) -> list[Event]:
    """A second creature moved by the same action (a swap, a drag) sees its own square's
    traps and markers after the first's, once any roll of the first's waiting on luck is
    answered."""
    if waiting(game):
        then(game, "moved_too", [other])
        return []
    return continue_moved_too(game, [other])


def continue_moved_too(game: Game, args: list[int]) -> list[Event]:
    [other] = args
    if not game.store.has(other, Position):  # (the first's trap may have slain the other)
        return []
    return game.on_moved(other)


def _break_away(game: Game, actor: int, held: str) -> Result | list[Event]:
    """A held creature trying to step: where the hold allows breaking away, the try is a
    Move action (a failed try ends the move); success frees it (the events returned)."""
    chance = breakaway_chance(game, actor)
    if chance is None:
        return fail(held)
    blocked = begin_move(game, actor)
    if blocked:
        return blocked
    count, die = chance
    need = die - count + 1
    face = game.streams.play.d(die)
    who = name_of(game.store, actor)
    if face < need:
        end_move(game, actor)
        return done(Event("held", f"{who} strains against the hold but cannot break away "
                          f"(rolled {face}, needs {need}).", actor, roll=face, need=need))
    return [Event("breakaway", f"{who} breaks away (rolled {face})!", actor, roll=face,
                  need=need), *remove_condition(game, actor, "held")]


@dataclass(frozen=True)
class OpenDoor(Action):
    """Open the closed door in a direction; costs one square of movement."""

    kind: ClassVar[str] = "open"
    dx: int
    dy: int

    def perform(self, game: Game, actor: int) -> Result:
        pos = game.store.get(actor, Position)
        door = game.door_at(pos.x + self.dx, pos.y + self.dy)
        if door is None:
            return fail("There is no door there.")
        state = game.store.get(door, Door)
        if state.open:
            return fail("That door is already open.")
        # (the lock roll, a stuck door, a secret one)
        hooked = before_open(game, actor, door, self.dx, self.dy)
        if hooked is not None:
            return hooked
        if state.locked:
            return fail("The door is locked.")
        blocked = begin_move(game, actor)
        if blocked:
            return blocked
        game.store.get(actor, Actor).move_points -= 1
        state.open = True
        game.store.remove(door, BlocksMovement)
        game.door_changed((pos.x + self.dx, pos.y + self.dy))  # (routes, and sight)
        return done(Event("door", f"{name_of(game.store, actor)} opens the door to the "
                          f"{compass(self.dx, self.dy)}.", actor,
                          x=pos.x + self.dx, y=pos.y + self.dy), *game.on_moved(actor))


@dataclass(frozen=True)
class Attack(Action):
    """A melee attack on an adjacent foe."""

    kind: ClassVar[str] = "attack"
    target: int

    def perform(self, game: Game, actor: int) -> Result:
        store = game.store
        if not store.alive(self.target) or not store.has(self.target, Position):
            return fail("There is nothing there to attack.")
        if not hostile(store, actor, self.target):
            return fail("You will not attack a friend.")
        if is_disabled(store, self.target):
            return fail(f"{name_of(store, self.target)} is already down.")
        a, t = store.get(actor, Position), store.get(self.target, Position)
        if a.depth != t.depth or chebyshev(a, t) > game.content.rules.melee_reach:
            return fail("Too far away for a melee attack.")
        refused = attack_refusal(game, actor, self.target, chebyshev(a, t))
        if refused:
            return fail(refused)
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        boxes = game.weapon_boxes(actor)
        return done(*attack(game, actor, self.target, boxes=boxes))


@dataclass(frozen=True)
class EndMove(Action):
    """Stop a move early, giving up the movement points left."""

    kind: ClassVar[str] = "end_move"

    def perform(self, game: Game, actor: int) -> Result:
        if game.store.get(actor, Actor).move_points <= 0:
            return fail("No move is under way.")
        end_move(game, actor)
        return done()


@dataclass(frozen=True)
class Wait(Action):
    """End this creature's turn, giving up whatever actions are left."""

    kind: ClassVar[str] = "wait"

    def perform(self, game: Game, actor: int) -> Result:
        return Result(True, wait_events(game, actor))  # (done(), without its call)


@dataclass(frozen=True)
class Lead(Action):
    """Choose which party member the player leads (takes no time)."""

    kind: ClassVar[str] = "lead"
    uses_time: ClassVar[bool] = False
    order: int

    def perform(self, game: Game, actor: int) -> Result:
        return game.set_leader(self.order)


@dataclass(frozen=True)
class TakeStairs(Action):
    """Go down (or up) the stairs underfoot with the whole party gathered close."""

    kind: ClassVar[str] = "stairs"
    direction: str  # "down" or "up"

    def perform(self, game: Game, actor: int) -> Result:
        return game.take_stairs(actor, self.direction)
