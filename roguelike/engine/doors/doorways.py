"""Doors: the first-meeting lock roll, stuck doors, picking, breaking, locking, secret doors
and listening (T&T doors with the Classic odds adapted to the d6; RULES.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from roguelike.core.components import (
    Actor,
    Appearance,
    BlocksMovement,
    Door,
    Position,
)
from roguelike.core.ecs import EntityStore
from roguelike.core.events import Event
from roguelike.core.explore_components import Listened, SecretDoor, Stuck
from roguelike.core.lean_dataclass import dataclass
from roguelike.core.rng import Stream
from roguelike.engine.base.action import Action, Result, done, fail, instead, spend_action
from roguelike.engine.base.kept import declare
from roguelike.engine.base.stats import attribute, chebyshev, name_of
from roguelike.engine.base.words import compass, plural
from roguelike.engine.creatures.inventory import find_item, ledger, may_use
from roguelike.engine.status.fatigue_checks import check, check_or_offer, hopeless
from roguelike.world import tiles as T
from roguelike.world.level import Level
from roguelike.world.paths import UNREACHABLE, distance_map

if TYPE_CHECKING:
    from roguelike.engine.base.views import HasStore, StoreAndContent
    from roguelike.engine.game import Game
    from roguelike.engine.light.lighting import Sighted

NOISE_ROUNDS = 60  # a forced or broken door keeps the dungeon noisy for an exploration turn


def is_secret(store: EntityStore, door: int) -> bool:
    return store.has(door, SecretDoor)


def before_open(game: Game, actor: int, door: int, dx: int, dy: int) -> Result | None:
    """Called by OpenDoor: secret doors are walls; the first meeting rolls the lock (T&T)."""
    store = game.store
    if is_secret(store, door):
        return fail("There is a wall in the way.")
    state = store.get(door, Door)
    rules = game.content.explore.doors
    if not state.checked:
        state.checked = True
        roll = game.streams.play.d(6)
        if roll <= rules.locked_max:
            state.locked = True
            game.door_changed()  # door states feed the cached routes (not sight)
            # Finding the lock is news, not a refusal: it costs nothing but is recorded.
            return done(Event("door", f"The door to the {compass(dx, dy)} is locked "
                              f"(rolled {roll} on d6: "
                              f"1-{rules.locked_max} is locked).", actor))
        if roll <= rules.stuck_max:
            store.add(door, Stuck())  # ForceDoor's event tells the player it is stuck
    if not state.locked and store.has(door, Stuck):
        return instead(ForceDoor(dx, dy))
    return None


def _adjacent_door(game: Game, actor: int, dx: int, dy: int) -> tuple[int, Door] | Result:
    if max(abs(dx), abs(dy)) != 1:
        return fail("A door next to you.")
    pos = game.store.get(actor, Position)
    door = game.door_at(pos.x + dx, pos.y + dy)
    if door is None or is_secret(game.store, door):
        return fail("There is no door there.")
    return door, game.store.get(door, Door)


def _open(game: Game, door: int, state: Door, broken: bool = False) -> None:
    state.open = True
    state.locked = False
    state.broken = state.broken or broken
    game.store.remove(door, BlocksMovement)
    game.store.remove(door, Stuck)
    if broken:
        app = game.store.try_get(door, Appearance)
        if app is not None:
            app.glyph = "'"
    pos = game.store.get(door, Position)
    game.door_changed((pos.x, pos.y))  # routes, and sight if the square may matter


def make_noise(game: Game) -> None:
    led = ledger(game)
    led.noisy_until = max(led.noisy_until, led.clock + NOISE_ROUNDS)


def force_need(game: StoreAndContent, actor: int) -> int:
    """The d6 a character needs to force a stuck door: 6, 5 for the strong (Classic)."""
    rules = game.content.explore.doors
    strong = attribute(game.store, actor, "might") <= rules.strong_might
    return rules.force_target - (1 if strong else 0)


@dataclass(frozen=True, slots=True)
class DoorCheck:
    """How one of the four door actions rolls: the attribute checked and what the check is
    for (its messages), the action's kind (naming its resumer in the registry) and
    that resumer, and whether
    it needs a Rogue's lockpicks or is noisy whatever the roll."""

    attribute: str
    doing: str
    kind: str
    resume: Callable[[Game, list[int], bool], list[Event]]
    picks: bool = False
    noisy: bool = False


def try_door(game: Game, actor: int, dx: int, dy: int, how: DoorCheck,
             refusal: Callable[[Game, int, Door], str], need: int | None = None) -> Result:
    """A door action's one path: the door next to the actor in (dx, dy), `refusal`'s answer
    for its state ("" when it may be tried), the lockpicks, a check it cannot pass, the
    action spent, then the roll (offered to luck on a failure) and what it decided."""
    found = _adjacent_door(game, actor, dx, dy)
    if isinstance(found, Result):
        return found
    door, state = found
    why = refusal(game, door, state)
    if why:
        return fail(why)
    hope = hopeless(game, actor, how.attribute, how.doing, need)
    refused = (lockpicks_refusal(game, actor) if how.picks else None) \
        or (fail(hope) if hope else None) or spend_action(game, actor)
    if refused:
        return refused
    if how.noisy:
        make_noise(game)  # the trying is noisy, whatever the roll
    ok, events = check_or_offer(game, actor, how.attribute, how.doing, how.kind,
                                [actor, door], need=need)
    return done(*events, *([] if ok is None else how.resume(game, [actor, door], ok)))


@dataclass(frozen=True)
class ForceDoor(Action):
    """Force a stuck door: d6 6 (Classic 18+), 5+ for the strong; one action a try."""

    kind: ClassVar[str] = "force_door"
    dx: int
    dy: int

    def perform(self, game: Game, actor: int) -> Result:
        return try_door(game, actor, self.dx, self.dy, FORCE, _not_stuck,
                        force_need(game, actor))


def _not_stuck(game: HasStore, door: int, state: Door) -> str:
    stuck = not state.open and game.store.has(door, Stuck) and not state.locked
    return "" if stuck else "That door is not stuck."


@dataclass(frozen=True)
class BreakDoor(Action):
    """Break down a closed door with a Might check (T&T); a broken door stays open."""

    kind: ClassVar[str] = "break_door"
    dx: int
    dy: int

    def perform(self, game: Game, actor: int) -> Result:
        return try_door(game, actor, self.dx, self.dy, BREAK,
                        lambda _g, _d, state: "That door is open." if state.open else "")


def lockpicks_refusal(game: Game, actor: int) -> Result | None:
    picks = find_item(game, actor, game.content.explore.doors.lockpick_effect)
    if picks is None or not may_use(game, actor, picks):
        return fail("That needs a Rogue with lockpicks.")
    return None


@dataclass(frozen=True)
class PickLock(Action):
    """Unlock a locked door with lockpicks and a Wits check (T&T)."""

    kind: ClassVar[str] = "pick_lock"
    dx: int
    dy: int

    def perform(self, game: Game, actor: int) -> Result:
        return try_door(game, actor, self.dx, self.dy, PICK, lambda _g, _d, state: (
            "" if state.locked else "That door is not locked."))


@dataclass(frozen=True)
class LockDoor(Action):
    """Lock a closed, unbroken door with lockpicks and a Wits check (T&T)."""

    kind: ClassVar[str] = "lock_door"
    dx: int
    dy: int

    def perform(self, game: Game, actor: int) -> Result:
        return try_door(game, actor, self.dx, self.dy, LOCK, lambda _g, _d, state: (
            "Only a closed, unbroken, unlocked door can be locked."
            if state.open or state.broken or state.locked else ""))


# ----- what each door roll decided: at once, or once the player has decided on luck -----
def resume_force_door(game: Game, args: list[int], ok: bool) -> list[Event]:
    _actor, door = args
    if ok:
        _open(game, door, game.store.get(door, Door))
    return []


def resume_break_door(game: Game, args: list[int], ok: bool) -> list[Event]:
    actor, door = args
    if not ok:
        return []
    state = game.store.get(door, Door)
    _open(game, door, state, broken=True)
    state.checked = True
    return [Event("door", "The door crashes open, broken.", actor)]


def resume_pick_lock(game: Game, args: list[int], ok: bool) -> list[Event]:
    _actor, door = args
    if ok:
        game.store.get(door, Door).locked = False
        game.invalidate_terrain()  # door states feed the cached routes
    return []


def resume_lock_door(game: Game, args: list[int], ok: bool) -> list[Event]:
    _actor, door = args
    if ok:
        state = game.store.get(door, Door)
        state.locked = True
        state.checked = True
        game.invalidate_terrain()  # door states feed the cached routes
    return []


FORCE = DoorCheck("might", "forcing the stuck door", "force_door", resume_force_door,
                  noisy=True)
BREAK = DoorCheck("might", "breaking down the door", "break_door", resume_break_door,
                  noisy=True)
PICK = DoorCheck("wits", "picking the lock", "pick_lock", resume_pick_lock, picks=True)
LOCK = DoorCheck("wits", "locking the door", "lock_door", resume_lock_door, picks=True)


@dataclass(frozen=True)
class CloseDoor(Action):
    """Close an open, unbroken door next to you (one action)."""

    kind: ClassVar[str] = "close_door"
    dx: int
    dy: int

    def perform(self, game: Game, actor: int) -> Result:
        found = _adjacent_door(game, actor, self.dx, self.dy)
        if isinstance(found, Result):
            return found
        door, state = found
        if not state.open or state.broken:
            return fail("That door cannot be closed.")
        pos = game.store.get(door, Position)
        if game.creature_at(pos.x, pos.y) is not None:
            return fail("Someone stands in the doorway.")
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        state.open = False
        game.store.add(door, BlocksMovement())
        game.invalidate_terrain()  # door states feed the cached routes
        return done(Event("door", f"{name_of(game.store, actor)} closes the door.", actor))


@dataclass(frozen=True)
class Search(Action):
    """Search for secret doors within 2 squares: d6 6 each (Classic 18+), one try a door each."""

    kind: ClassVar[str] = "search_doors"

    def perform(self, game: Game, actor: int) -> Result:
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        events = search_walls(game, actor)
        if not any(e.kind == "door" for e in events):
            events.append(Event("search", f"{name_of(game.store, actor)} searches and finds "
                                "nothing.", actor))
        return done(*events)


def search_walls(game: Game, actor: int) -> list[Event]:
    """The secret-door part of a search (no time of its own: the search action pays it)."""
    store = game.store
    rules = game.content.explore.doors
    here = store.get(actor, Position)
    events: list[Event] = []
    for door, secret, pos in list(store.query(SecretDoor, Position)):
        if pos.depth != here.depth or chebyshev(pos, here) > rules.search_radius:
            continue
        if actor in secret.tried:
            continue
        secret.tried.append(actor)
        ok, event = check(game, actor, "wits", "searching the walls",
                          need=rules.secret_find)
        if not ok:
            # Classic: the Judge rolls, so a miss looks just like a bare wall. The roll is
            # kept for the record; its words would give the door away.
            event = Event("search_roll", "", actor, door, roll=event.roll, need=event.need)
        events.append(event)
        if ok:
            reveal_secret(game, door)
            events.append(Event("door", f"{name_of(store, actor)} finds a secret door!",
                                actor, x=pos.x, y=pos.y))
    return events


def reveal_secret(game: Game, door: int) -> None:
    game.store.remove(door, SecretDoor)
    app = game.store.try_get(door, Appearance)
    if app is not None:
        app.glyph, app.color = "+", "yellow"
    game.invalidate_terrain()  # door states feed the cached routes


@dataclass(frozen=True)
class Listen(Action):
    """Listen at a closed door: d6 6 hears (Classic 18+); once per character per door."""

    kind: ClassVar[str] = "listen"
    dx: int
    dy: int

    def perform(self, game: Game, actor: int) -> Result:
        found = _adjacent_door(game, actor, self.dx, self.dy)
        if isinstance(found, Result):
            return found
        door, state = found
        if state.open:
            return fail("The door is open: just look.")
        notes = game.store.try_get(door, Listened)
        if notes is not None and actor in notes.by:
            return fail("You have already listened at this door.")
        blocked = spend_action(game, actor)
        if blocked:
            return blocked  # (refused before anything is noted: a refusal changes nothing)
        if notes is None:
            notes = Listened()
            game.store.add(door, notes)
        notes.by.append(actor)
        rules = game.content.explore.doors
        ok, events = check_or_offer(game, actor, "wits", "listening", "listen", [actor, door],
                                    need=rules.listen_target)
        return done(*events, *([] if ok is None else resume_listen(game, [actor, door], ok)))


def resume_listen(game: StoreAndContent, args: list[int], ok: bool) -> list[Event]:
    actor, door = args
    if not ok:
        return [Event("listen", "You hear nothing.", actor)]
    rules = game.content.explore.doors
    pos = game.store.get(door, Position)
    here = game.store.get(actor, Position)
    near = [e for e, a, p in game.store.query(Actor, Position)
            if a.side != "party" and p.depth == pos.depth
            and chebyshev(p, pos) <= rules.listen_range and chebyshev(p, here) > 1]
    text = f"You hear movement beyond the door ({plural(len(near), 'creature')})." \
        if near else "Silence beyond the door."
    return [Event("listen", text, actor, roll=len(near))]


SECRET_SQUARES = declare("secret_squares", __name__, ("entities", "level"),
                         "the unfound secret doors' squares, keyed by the SecretDoor ids "
                         "and depth")


def secret_squares(game: Sighted, depth: int = 0) -> tuple[tuple[int, int], ...]:
    """The unfound secret doors of level `depth` (default: this one), in id order. A plain
    loop over the store's id list and table: pathing asks for this on every step, and a
    query's generator cost more than the few doors it yields."""
    store = game.store
    ids = store.ids(SecretDoor, Position)
    if not ids:
        return ()
    depth = depth or game.depth
    # kept while the store hands out the same id list (it makes a new one when the set of
    # secret doors changes or a Position row is replaced; doors never move) for the level
    return SECRET_SQUARES.by_ids(game, ids, depth, lambda: _secret_made(game, ids, depth))


def _secret_made(game: Sighted, ids: list[int], depth: int) -> tuple[tuple[int, int], ...]:
    positions = game.store.table(Position)
    return tuple((p.x, p.y) for p in map(positions.__getitem__, ids) if p.depth == depth)


def open_region(game: Game, depth: int, start: tuple[int, int]) -> np.ndarray:
    """The squares of level `depth` one can walk to from `start` without passing an unfound
    secret door (every other door opens, or breaks). Where a trap sets a creature down it
    must be one of these: a landing behind a secret door strands it (RULES.md)."""
    level = game.levels[depth]
    walk = T.WALKABLE[level.tiles].astype(np.int8)
    for x, y in secret_squares(game, depth):
        walk[y, x] = 0
    if not walk[start[1], start[0]]:
        return np.zeros(walk.shape, dtype=bool)
    return distance_map(walk, [start]) < UNREACHABLE


def adjust_cost(game: Game, cost: np.ndarray) -> np.ndarray:
    """Secret doors are walls to everyone who paths (hook in Game.cost_map)."""
    for x, y in secret_squares(game):
        cost[y, x] = 0
    return cost


def place_secret_doors(store: EntityStore, level: Level, seed: str, in_six: int,
                       keep: tuple[int, int]) -> None:
    """Hide some doors (1 in 6); what lies behind waits to be found, but never the way from
    the Camp to `keep` (the stairs down, or the goal on the last depth)."""
    rng = Stream(seed, f"level/{level.depth}/doors")
    walk = T.WALKABLE[level.tiles].astype(np.int8)
    doors = {p.xy: e for e, _d, p in store.query(Door, Position) if p.depth == level.depth}
    for x, y in level.doors:
        if not rng.chance(in_six, 6) or (x, y) not in doors:
            continue
        walk[y, x] = 0
        dist = distance_map(walk, [level.stairs_up])
        if dist[keep[1], keep[0]] >= UNREACHABLE:
            walk[y, x] = 1  # the way down needs this door: it cannot be secret
            continue
        door = doors[(x, y)]
        store.add(door, SecretDoor())
        app = store.try_get(door, Appearance)
        if app is not None:
            app.glyph, app.color = "#", "white"

