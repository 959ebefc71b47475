"""Player actions against traps: Search, Expose, Disarm, Struggle free, Free another."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from roguelike.core.components import Actor, Character, Confined, Door, Position, Searched, Trap
from roguelike.core.events import Event
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.base.action import Action, Result, done, fail, spend_action
from roguelike.engine.base.stats import chebyshev, name_of, speed
from roguelike.engine.base.words import the_trap
from roguelike.engine.creatures.experience import award_xp
from roguelike.engine.doors.doorways import search_walls
from roguelike.engine.traps import confine, hazards
from roguelike.engine.traps.core import profile_of
from roguelike.engine.traps.disarm_value import disarm_value, roll_2d6
from roguelike.engine.traps.make import ARMED
from roguelike.engine.traps.trigger import make_known, spring

if TYPE_CHECKING:
    from roguelike.core.ecs import EntityStore
    from roguelike.engine.base.views import Board
    from roguelike.engine.game import Game

ROGUE_SEARCH_BONUS = 1  # +1 in 6 for a Rogue (choice: seed 002's Thief table is missing)
SEARCH_REACH = 2  # in a corridor, a search covers the squares within 2 (a 10' area)
DISARM_XP_PER_POINT = 10  # experience for a disarm: 10 x its disarm value (choice)
SEARCHER_CLASS = "rogue"


def search_place(game: Board, eid: int) -> str:
    pos = game.store.get(eid, Position)
    room = game.level.room_at(pos.x, pos.y)
    return f"{pos.depth}:{room}" if room is not None else f"{pos.depth}:{pos.x}:{pos.y}"


def traps_in_reach(game: Board, eid: int) -> list[int]:
    pos = game.store.get(eid, Position)
    room = game.level.room_at(pos.x, pos.y)
    out = []
    for t, trap, tpos in game.store.query(Trap, Position):
        if tpos.depth != pos.depth or trap.state not in ARMED:
            continue
        if (room is not None and trap.room == room) or chebyshev(tpos, pos) <= SEARCH_REACH:
            out.append(t)
    return out


def search_chance(game: Game, eid: int, trap_eid: int) -> int:
    base = profile_of(game, trap_eid).detection
    char = game.store.try_get(eid, Character)
    bonus = ROGUE_SEARCH_BONUS if char is not None and char.klass == SEARCHER_CLASS else 0
    return min(6, base + bonus)


@dataclass(frozen=True)
class Search(Action):
    """Search this room (or the nearby corridor) for traps, one try per character per place,
    and the walls within 2 squares for secret doors, one try per character per door. Once a
    place's traps are searched, a search elsewhere in it looks at the walls there only."""

    kind: ClassVar[str] = "search"

    def perform(self, game: Game, actor: int) -> Result:
        searched = game.store.try_get(actor, Searched) or Searched()
        place = search_place(game, actor)
        pos = game.store.get(actor, Position)
        for_traps = place not in searched.places
        # the walls: a new search wherever the last ones did not reach (a 10' area each)
        if not for_traps and any(d == pos.depth and max(abs(x - pos.x), abs(y - pos.y))
                                 <= SEARCH_REACH for d, x, y in searched.spots):
            return fail("You have already searched here.")
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        if for_traps:
            searched.places.append(place)
        searched.spots.append([pos.depth, pos.x, pos.y])
        game.store.add(actor, searched)
        who = name_of(game.store, actor)
        what = "traps and secret doors" if for_traps else "secret doors"
        events = [Event("search", f"{who} searches for {what}.", actor)]
        for t in traps_in_reach(game, actor) if for_traps else []:
            trap = game.store.get(t, Trap)
            if actor in trap.known_by or actor in trap.searched_by:
                continue
            trap.searched_by.append(actor)
            need = search_chance(game, actor, t)
            face = game.streams.play.d(6)
            if face <= need:
                make_known(game.store, t, list(game.party))
                pos = game.store.get(t, Position)
                events.append(Event("trap_found", f"{who} finds a trap: "
                                    f"{profile_of(game, t).name} (rolled {face}, needs {need} "
                                    f"or less).", actor, t, x=pos.x, y=pos.y, roll=face,
                                    need=need))
            else:  # the miss is not told: it would give the trap away
                events.append(Event("search_roll", "", actor, t, roll=face, need=need))
        # one search looks at the walls too: secret doors (Classic), as players expect of 's'
        events += search_walls(game, actor)
        if not any(e.kind in ("trap_found", "door") for e in events):
            events.append(Event("search", f"{who} finds nothing.", actor))
        game.view_changed()
        return done(*events)


@dataclass(frozen=True)
class Expose(Action):
    """Look over the squares around: adjacent trap squares are exposed for free (seed 001)."""

    kind: ClassVar[str] = "expose"

    def perform(self, game: Game, actor: int) -> Result:
        pos = game.store.get(actor, Position)
        found = []
        for t, trap, tpos in game.store.query(Trap, Position):
            if tpos.depth == pos.depth and trap.placement == "square" and \
                    trap.state in ARMED and chebyshev(tpos, pos) == 1 \
                    and actor not in trap.known_by:
                make_known(game.store, t, list(game.party))
                found.append(Event("trap_found", f"{name_of(game.store, actor)} exposes a trap "
                                   f"square: {profile_of(game, t).name}.", actor, t, x=tpos.x,
                                   y=tpos.y))
        if not found:
            return fail("There is no trap square next to you.")
        game.view_changed()
        return done(*found)


def _pay_points(store: EntityStore, actor: int, cost: int) -> Result | None:
    """Spend `cost` movement points, starting a Move when none is under way."""
    act = store.get(actor, Actor)
    if act.move_points <= 0:
        if act.actions_left <= 0:
            return fail("No actions left this turn.")
        if speed(store, actor) < cost:
            return fail(f"Too slow: disarming this way takes {cost} movement points.")
        act.actions_left -= 1
        act.move_points = speed(store, actor)
    if act.move_points < cost:  # (outside a fight the move ends and a new one pays)
        return Result(False, reason=f"Only {act.move_points} movement points left; this "
                      f"takes {cost}.", fresh=True)
    act.move_points -= cost
    return None


def disarmable(game: Game, t: int) -> bool:
    """Armed, or sprung with a lasting effect that stays until disarmed (Mage Knight 001:145
    "Once triggered, the Monstrous Hand must successfully be disarmed in order to be removed
    from play"; 001:59 for every dial trap)."""
    return game.store.get(t, Trap).state in ARMED or bool(hazards.until_disarmed(game, t))


def trap_adjacent(store: EntityStore, actor: int, dx: int, dy: int) -> int | None:
    pos = store.get(actor, Position)
    for t, _trap, tpos in store.query(Trap, Position):
        if tpos.depth == pos.depth and (tpos.x, tpos.y) == (pos.x + dx, pos.y + dy):
            return t
    return None


@dataclass(frozen=True)
class Disarm(Action):
    """Disarm a known trap on or next to you: 2d6 >= its value; slow = 6 points, +2."""

    kind: ClassVar[str] = "disarm"
    dx: int
    dy: int
    slow: int  # 0 quick (3 movement points), 1 slow (6 points, +2)

    def perform(self, game: Game, actor: int) -> Result:
        t = trap_adjacent(game.store, actor, self.dx, self.dy)
        if t is None or max(abs(self.dx), abs(self.dy)) > 1:
            return fail("There is no trap there.")
        trap = game.store.get(t, Trap)
        if actor not in trap.known_by:
            return fail("You know of no trap there.")
        if not disarmable(game, t):
            return fail("That trap is not armed.")
        mk = game.content.trap_stocking.mage_knight
        cost = mk.disarm_slow_cost if self.slow else mk.disarm_quick_cost
        blocked = _pay_points(game.store, actor, cost)
        if blocked:
            return blocked
        return done(*attempt_disarm(game, actor, t, bool(self.slow)))


def attempt_disarm(game: Game, actor: int, t: int, slow: bool) -> list[Event]:
    mk = game.content.trap_stocking.mage_knight
    profile = profile_of(game, t)
    value = disarm_value(game, t)
    bonus = mk.disarm_slow_bonus if slow else 0
    face = roll_2d6(game.streams)
    who = name_of(game.store, actor)
    how = "slowly" if slow else "quickly"
    shown = f"{face}+{bonus}" if bonus else str(face)
    trap = game.store.get(t, Trap)
    if face + bonus >= value:
        trap.state = "disarmed"
        game.kept.changed("traps")
        xp = DISARM_XP_PER_POINT * value
        # (the experience is said once, by award_xp: "90 XP for disarming the ...")
        events = [Event("disarm", f"{who} {how} disarms {the_trap(profile.name)} (2d6 rolled "
                        f"{shown} vs {value}).", actor, t, roll=face, need=value)]
        events += award_xp(game, actor, xp, f"disarming {the_trap(profile.name)}")
        events += hazards.remove_for_trap(game, t)
        for eid, conf in list(game.store.query(Confined)):
            if conf.stack and conf.stack[-1].startswith(f"{t}:") and not \
                    game.store.has(eid, Door):
                events += confine.release(game, eid)
        game.view_changed()
        return events
    events = [Event("disarm_fail", f"{who} fails to disarm {the_trap(profile.name)} (2d6 rolled "
                    f"{shown} vs {value}) and sets it off!", actor, t, roll=face, need=value)]
    if trap.state in ARMED:
        return events + spring(game, t, actor)
    for hz in hazards.until_disarmed(game, t):  # sprung already: its lasting effect strikes
        events += hazards.strike_disarmer(game, hz, actor)
    if trap.placement == "square" and mk.trigger_ends_movement:
        act = game.store.get(actor, Actor)  # (triggering ends the turn, as spring says)
        act.move_points, act.actions_left = 0, 0
    return events


@dataclass(frozen=True)
class Struggle(Action):
    """Try to break free of what holds you (net, vines, pit lid from inside, ...)."""

    kind: ClassVar[str] = "struggle"

    def perform(self, game: Game, actor: int) -> Result:
        if confine.top(game, actor) is None:
            return fail("Nothing holds you.")
        if not confine.escape_ways(game, actor, actor, inside=True):
            return fail(confine.no_way_reason(game, actor, actor, inside=True))
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        return done(*confine.attempt(game, actor, actor, inside=True)[1])


def held_step(game: Game, eid: int) -> Action | None:
    """What a step a trap refused becomes: while `eid` is caught in a net, vines or a cage,
    moving is trying to get free (as in NetHack), the one way out that needs no command of
    its own; None when it is not confined (a hazard's wall refused the step)."""
    return Struggle() if confine.top(game, eid) is not None else None


@dataclass(frozen=True)
class Free(Action):
    """Help a trapped creature or force a trap-sealed door next to you."""

    kind: ClassVar[str] = "free"
    dx: int
    dy: int

    def perform(self, game: Game, actor: int) -> Result:
        pos = game.store.get(actor, Position)
        x, y = pos.x + self.dx, pos.y + self.dy
        if max(abs(self.dx), abs(self.dy)) > 1:
            return fail("Too far away.")
        # (a trap-sealed door, or a creature held there: one caged in a doorway is the one;
        # any held one on the square but the actor, as a captive lying down where a
        # companion stands: creature_at names only one of them, and a bot game stood on a
        # smothered companion trying to free "nothing" for 50,000 actions)
        held = [e for e, _c, p in game.store.query(Confined, Position)
                if e != actor and p.depth == pos.depth and (p.x, p.y) == (x, y)]
        holder = next((h for h in (game.door_at(x, y), *sorted(held))
                       if h is not None and confine.top(game, h) is not None), None)
        if holder is None:
            return fail("Nothing there is held by a trap.")
        inside = game.store.has(holder, Door) and confine.top(game, actor) is not None
        if not confine.escape_ways(game, actor, holder, inside):
            return fail(confine.no_way_reason(game, actor, holder, inside))
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        return done(*confine.attempt(game, actor, holder, inside=inside)[1])
