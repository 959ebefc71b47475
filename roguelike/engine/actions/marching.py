"""The party moves together outside a fight (RULES.md, "The party moves together").

With no foe in view the party takes its turns together, at the count of the first delver
still to act in the round, the one led first (turn_loop.begin_party_turn). As the one led
acts, each companion whose turn is under way closes up behind the one ahead of it in the
marching line (`follow`), square by square, out of its own Move actions' points: first onto
the square the one ahead has just left, and onto a known trap or a known lasting trap
effect only when no other square brings it closer, and diagonally past a known trap square
only when no straight step brings it as close. Whatever a follower enters springs and
checks as it would for anyone (traps, event markers). A companion with nothing left to move
with, or no way to the one ahead, stays where it is: `lagging` says who and why, so travel
and auto-explore wait for it or stop.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from roguelike.core.components import (
    Actor,
    Character,
    Hazard,
    Position,
    Trap,
)
from roguelike.core.events import Event
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.actions import walking
from roguelike.engine.base.kept import StaleAnswer
from roguelike.engine.base.luck_queue import then, waiting
from roguelike.engine.base.stats import chebyshev, name_of, speed
from roguelike.engine.base.words import direction_words
from roguelike.engine.creatures import helpless
from roguelike.engine.routing import chase
from roguelike.engine.status.conditions import move_blocked
from roguelike.engine.status.conditions import speed as speed_now
from roguelike.engine.traps import confine
from roguelike.engine.traps.hazards import hazards_at
from roguelike.engine.traps.make import ARMED, index
from roguelike.engine.traps.trigger import is_known_to_party
from roguelike.world.paths import UNREACHABLE
from roguelike.world.sight import distance

if TYPE_CHECKING:
    from roguelike.engine.game import Game

# How far (squares, Chebyshev) a companion may be from the one ahead of it in the line and
# still count as with the party: the one ahead's neighbour, or one square more (a corner, a
# companion stepping round another).
GAP = 2
# Steps a companion takes at most to close up after one action of the one led (more than
# any Speed: each step spends a movement point, so its Moves end it sooner).
FOLLOW_STEPS = 64


def can_walk(game: Game, eid: int) -> bool:
    """Whether `eid` stands on this level and may walk, or try to: not down, its turns not
    taken away (asleep, turned to stone ...), not caught by a trap (a cage, a net, a pit).
    One held fast where it stands (the Monstrous Hand) walks in the line: its steps are
    tries to break away."""
    return helpless.can_act(game, eid) and confine.top(game, eid) is None


def held_fast(game: Game, eid: int) -> bool:
    """Whether a condition holds `eid` where it stands (its steps are tries to get free)."""
    here = game.store.get(eid, Position)
    return bool(move_blocked(game, eid, here.x, here.y))


def line(game: Game) -> list[int]:
    """The marching line on this level: the one led, then each companion who can walk, in
    marching order (a caught or sleeping companion is passed by: the one behind it follows
    the one ahead of it)."""
    orders = game.store.table(Character)
    rest = sorted((e for e in game.party if e != game.led and can_walk(game, e)),
                  key=lambda e: orders[e].order)
    return [game.led, *rest]


def ahead_of(game: Game, eid: int) -> int | None:
    """Whom `eid` follows: the one before it in the line (None for the one led, or for one
    who cannot walk)."""
    walkers = line(game)
    if eid not in walkers or walkers.index(eid) == 0:
        return None
    return walkers[walkers.index(eid) - 1]


def known_danger(game: Game, xy: tuple[int, int]) -> bool:
    """Whether the party knows `xy` for a trap square that may still go off, or for a
    square of a lasting trap effect (an acid pool, a gas cloud) whose trap it knows: what
    travel routes round (watch.known_hazards), asked of one square."""
    squares, _rooms = index(game, game.depth)
    store = game.store
    for trap in squares.get(xy, ()):
        if store.get(trap, Trap).state in ARMED and is_known_to_party(game, trap):
            return True
    for hazard in hazards_at(game, game.depth, xy):
        source = store.try_get(store.get(hazard, Hazard).trap, Trap)
        if source is not None and source.known_by:
            return True
    return False


def step_toward(game: Game, eid: int, target: int, prefer: tuple[int, int] | None
                ) -> list[Event] | None:
    """One step of `eid` toward companion `target`, by the free neighbouring squares nearer
    to it: a square without a known danger first, then one no companion stands on (a swap
    would send that one back; never the one led's or the target's), then `prefer` (where
    the one ahead has just stood), then the nearest, straight before diagonal. Its events,
    or None when no step is taken."""
    store = game.store
    pos = store.get(eid, Position)
    x0, y0 = pos.x, pos.y
    goal = store.get(target, Position).xy
    tried = None
    if prefer is not None and _prefer_first(game, eid, (x0, y0), goal, prefer):
        tried = prefer
        events = walking.act(game, eid, walking.STEP_ACTIONS[prefer[0] - x0, prefer[1] - y0])
        if events is not None:
            return events
    dist = game.route_near(goal, (x0, y0))
    here = int(dist[y0, x0])
    if here >= UNREACHABLE:
        return None
    level = game.level
    # (through the module: tests hold its answers to a full scan, tests/test_perf_speed.py)
    creatures = walking.creatures_near(game, x0, y0)
    characters = store.by_type.get(Character, {})
    options = []
    for dx, dy in walking.STEP_ACTIONS:
        x, y = x0 + dx, y0 + dy
        if not level.in_bounds(x, y):
            continue
        d = int(dist[y, x])
        other = creatures.get((x, y))
        # (a follower never swaps with the one led, nor with the one it follows: it would
        # send the one in front back; passing another companion in a corridor it may)
        if d >= here or (other is not None and (other not in characters
                                                or other in (game.led, target))):
            continue
        options.append((known_danger(game, (x, y)), _cuts_a_corner(game, (x0, y0), (x, y)),
                        other is not None, (x, y) != prefer, d, abs(dx) + abs(dy), dx, dy))
    for *_rank, dx, dy in sorted(options):
        if (x0 + dx, y0 + dy) == tried:  # (tried first above, and refused)
            continue
        events = walking.act(game, eid, walking.STEP_ACTIONS[dx, dy])
        if events is not None:
            return events
    return None


def _prefer_first(game: Game, eid: int, here: tuple[int, int], goal: tuple[int, int],
                  prefer: tuple[int, int]) -> bool:
    """Whether step_toward's ranking puts `prefer` first, known without the distance map
    (most follow steps: the one ahead has just left the square next to both).

    A map's step costs what the square entered costs (world/paths.distance_map, diagonals
    alike), at least 1, so a square next to the goal is exactly its own cost from it, and
    a square two or more from the goal at least its own cost and 1 more: `prefer`, next to
    both, is nearer than `here` whenever it costs no more to enter than `here` does, and
    `here` is reachable through it. Ranked first then when nothing counts against it (a
    known danger, a corner cut, a creature on it): every other square ranks after it on
    not being `prefer`. Under ROGUELIKE_CHECK_KEPT the map is asked as well and must
    agree."""
    if distance(prefer, here) != 1 or distance(prefer, goal) != 1 \
            or distance(here, goal) < 2:
        return False
    cost = chase.terrain_cost(game)
    enter = int(cost[prefer[1], prefer[0]])
    if enter < 1 or enter > int(cost[here[1], here[0]]):
        return False
    if prefer in walking.creatures_near(game, here[0], here[1]) \
            or known_danger(game, prefer) or _cuts_a_corner(game, here, prefer):
        return False
    if game.kept.check:
        dist = game.route_near(goal, here)
        if not int(dist[prefer[1], prefer[0]]) < int(dist[here[1], here[0]]) < UNREACHABLE:
            raise StaleAnswer(f"step_toward's shortcut: {prefer} is not nearer {goal} "
                              f"than {here}")
    return True


def _cuts_a_corner(game: Game, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether a diagonal step from `a` to `b` slips between two squares one of which the
    party knows for a trap square that may still go off (Mage Knight 001: it springs on
    1-3), or a lasting trap effect: a follower takes a straight step instead when one
    brings it as close, as a fighter does (fight_sense.trap_corners). An event marker at
    a corner needs no care: a delver beside it is checked before and after the step."""
    if abs(a[0] - b[0]) != 1 or abs(a[1] - b[1]) != 1:
        return False
    return known_danger(game, (b[0], a[1])) or known_danger(game, (a[0], b[1]))


def close_up(game: Game, eid: int, prefer: tuple[int, int] | None = None
             ) -> list[Event] | None:
    """One step of `eid` toward the one ahead of it in the line, while it is more than a
    square away; None when it is there, or cannot follow."""
    ahead = ahead_of(game, eid)
    if ahead is None:
        return None
    positions = game.store.table(Position)
    if chebyshev(positions[eid], positions[ahead]) <= 1:
        return None
    return step_toward(game, eid, ahead, prefer)


def turn_under_way(game: Game, eid: int) -> bool:
    """Whether `eid`'s turn began with the party's and is not over yet (its place in the
    count is still to come)."""
    st = game.state
    return eid in st.party_turn and eid in st.order \
        and st.order.index(eid) > st.turn_index


def follow(game: Game, vacated: dict[int, tuple[int, int]]) -> list[Event]:
    """After an action of the one led, outside a fight: each companion whose turn is under
    way closes up behind the one ahead of it, in marching order, as far as its movement
    allows. `vacated`: the square each delver stood on before it last moved (the one led's
    before its action). Stops when a foe comes into view (the fight's rules take over), a
    roll waits on the player's luck, or the game is over."""
    st = game.state
    if st.mode != "explore" or st.current != st.led or not st.party_turn \
            or game.threats_in_view():  # (the mode is told of it next, in the loop)
        return []
    events: list[Event] = []
    positions = game.store.table(Position)
    walkers = line(game)
    for ahead, eid in pairwise(walkers):
        if not turn_under_way(game, eid):
            continue
        for _ in range(FOLLOW_STEPS):  # (every step spends a point: a safety net)
            if chebyshev(positions[eid], positions[ahead]) <= 1:
                break
            before = positions[eid].xy
            moved = step_toward(game, eid, ahead, vacated.get(ahead))
            if moved is None:
                break
            events += moved
            if eid in positions:
                vacated[eid] = before
            if waiting(game):  # (the rest of the following waits on the luck answer)
                follow_later(game, vacated)
                return events
            if game.over or game.threats_in_view():
                return events
            if eid not in positions or ahead not in positions or not can_walk(game, eid):
                break
    return events


def follow_later(game: Game, vacated: dict[int, tuple[int, int]]) -> None:
    """A roll waits on the player's luck: the companions follow once it is answered (and
    whatever else waited before them is done), as they would have with no question asked."""
    then(game, "party_follows", [n for eid, (x, y) in vacated.items() for n in (eid, x, y)])


def continue_party_follows(game: Game, args: list[int]) -> list[Event]:
    vacated = {args[i]: (args[i + 1], args[i + 2]) for i in range(0, len(args), 3)}
    return follow(game, vacated)


def lead_in_turn(game: Game, eid: int) -> None:
    """The player leads `eid` now (no time passes): when the party's turn is under way
    with another at its head, `eid` takes that place in the count and the one led before
    takes `eid`'s, each keeping what is left of its own turn."""
    st = game.state
    now = st.current
    if now is None or now == eid or now not in st.party_turn or not turn_under_way(game, eid):
        return
    there = st.order.index(eid)
    st.order[st.turn_index], st.order[there] = eid, now
    st.current = eid


def cut_off(game: Game, eid: int) -> bool:
    """Whether companion `eid`, walking in the line, has no way over the level to the one
    ahead of it (a door locked between them, a wall of a trap's)."""
    ahead = ahead_of(game, eid)
    if ahead is None:
        return False
    positions = game.store.table(Position)
    here = positions[eid]
    return int(game.route_near(positions[ahead].xy, here.xy)[here.y, here.x]) >= UNREACHABLE


def _nearer_or_as_near(pos: Position, led: Position, step_to: tuple[int, int] | None
                       ) -> bool:
    """Whether a step of the one led to `step_to` keeps it within GAP squares of `pos`, or
    no further from it than it is (None: no step asked about)."""
    return step_to is None or chebyshev(pos, Position(pos.depth, *step_to)) <= \
        max(GAP, chebyshev(pos, led))


@dataclass(frozen=True)
class Lag:
    """A companion the party is not together with: who, why (for the player), and what a
    walk does about it: "wait" (the one led ends its turn: the companion's next turn brings
    it up), "held" (the same, for one held fast: its next turn's steps are tries to break
    away), "cut off" (no way to the party: go back for it; a walk whose decider opens the
    way itself goes on) or "stop" (free it first, or it cannot move at all)."""

    eid: int
    why: str
    kind: str


def lagging(game: Game, step_to: tuple[int, int] | None = None) -> Lag | None:
    """The first companion, in marching order, the one led should not walk on without,
    outside a fight (RULES.md, "The party moves together"): one more than GAP squares from
    the one ahead of it with nothing left to move with this turn (wait, or held: it tries
    to break away), one too slow to move (stop), or one caught by a trap or with no way to
    the one ahead (a door locked between them) that a step to `step_to` would take the one
    led further from (stop; walking toward it goes on, and so does a walk away from a
    captive nobody can reach). None: the party is together."""
    if game.mode != "explore":
        return None
    store = game.store
    positions = store.table(Position)
    led = positions[game.led]
    walkers = line(game)
    for eid in sorted(game.party, key=lambda e: store.get(e, Character).order):
        if eid == game.led or not helpless.can_act(game, eid):
            continue
        pos = positions[eid]
        name = name_of(store, eid)
        where = direction_words(led.xy, pos.xy)
        if eid not in walkers:  # caught by a trap
            if _nearer_or_as_near(pos, led, step_to):
                continue
            if int(game.route_near(pos.xy, led.xy)[led.y, led.x]) >= UNREACHABLE:
                continue  # (shut out: nothing is gained by standing by)
            return Lag(eid, f"{confine.block_reason(game, eid)} Not leaving {name} behind "
                       f"({where}): free them first.", "stop")
        ahead = walkers[walkers.index(eid) - 1]
        apos = positions[ahead]
        if chebyshev(pos, apos) <= GAP:
            continue
        if cut_off(game, eid):
            if _nearer_or_as_near(pos, led, step_to):
                continue  # (going back for it goes on)
            return Lag(eid, f"{name} has no way to the party ({where}; a door locked "
                       f"between?): go back for them, or lead them (Tab) to open it.",
                       "cut off")
        pace = speed_now(game, eid, speed(store, eid))
        if pace <= 0:
            return Lag(eid, f"{name} is too slow to move (Speed {pace}) and is left "
                       f"behind ({where}).", "stop")
        actor = store.get(eid, Actor)
        if turn_under_way(game, eid) and (actor.move_points > 0 or actor.actions_left > 0):
            continue  # (it closes up as the one led steps)
        if held_fast(game, eid):
            return Lag(eid, f"Waiting for {name}, held fast ({where}), to break away.",
                       "held")
        return Lag(eid, f"Waiting for {name} to catch up ({where}, Speed {pace}).", "wait")
    return None
