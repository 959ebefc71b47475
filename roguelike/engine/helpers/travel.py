"""Auto-explore and travel: the next Step toward unexplored ground or a chosen square.

Headless on purpose: the UI sends these Steps one at a time through game.perform (so each
is recorded like a keypress), and a test or the bot can run the same loop with `run`.
What makes a run stop lives in roguelike.engine.helpers.watch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

import numpy as np

from roguelike.core.components import Actor, Position
from roguelike.core.events import Event
from roguelike.engine.actions.basic import EndMove, Step, Wait
from roguelike.engine.actions.marching import cut_off, lagging
from roguelike.engine.base.action import DIRECTIONS, Action
from roguelike.engine.base.luck_queue import waiting
from roguelike.engine.base.stats import chebyshev, hostile, is_disabled, name_of, speed
from roguelike.engine.base.words import direction_words
from roguelike.engine.creatures.helpless import can_act
from roguelike.engine.game import Game
from roguelike.engine.helpers.come_round import waiting_words
from roguelike.engine.helpers.watch import Watch, harmful_effects, known_hazards
from roguelike.engine.rest.resting_turn import Rest
from roguelike.engine.status.conditions import move_blocked
from roguelike.engine.status.conditions import speed as speed_now
from roguelike.engine.traps import confine
from roguelike.engine.traps.describe import hazard_words
from roguelike.world import tiles as T
from roguelike.world.masks import dilate
from roguelike.world.paths import UNREACHABLE, distance_map

NEIGHBOURS = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)

# A known trap square costs this many plain steps, so a route detours up to that far
# rather than cross it (and crosses it only when there is no other way).
HAZARD_COST = 25
# The squares a Pillager keeping its distance stands on or next to cost this many plain
# steps more: one whose way is barred strikes the delver beside it (T&T 003; RULES.md), so
# a walk goes round by another corridor when there is one up to that much longer, and
# past the Pillager only when there is not.
PILLAGER_COST = 20
# A square with at most this many walkable neighbours is a narrow way (a corridor, its
# bend, a doorway): a Pillager standing there cannot go round a delver in its way.
NARROW = 3
# Steps in a row with nothing new in sight after which a walk stops (longer than any route
# across a level: a walk that long is going round in circles).
STALL_STEPS = 600
# Steps in a row the one led takes between the same two squares, nothing new seen: a walk
# whose way flips at every step (hunt-6's depth 3: Pillagers beside the way stepping in and
# out of sight; it paced the whole STALL_STEPS, 50 rounds a press, press after press).
# The walk then waits HOLD_ROUNDS turns where it stands for them to move (the watch stops
# it for anything new), saying so once, and walks on, HOLDS times at most; STALL_STEPS
# still ends it.
TO_AND_FRO = 8
HOLD_ROUNDS = 10
HOLDS = 3  # waits a walk makes so at most (a decider's bug paces on regardless)
TO_AND_FRO_WORDS = ("Going to and fro, the way on changing at every step (creatures near it "
                    "coming into and out of sight): waiting for them to move.")
# Turns in a row the one led waits for a companion before the walk stops (one who has spent
# its turn catches up in its next: more means it cannot).
MAX_WAITS = 3
# ... and for one held fast, whose two tries a turn to break away may fail for a while (on
# a 6 alone: 12 turns bring it away 99 times in 100).
MAX_HELD_WAITS = 12
# Deterministic tie-break: straight steps first, then diagonals, each in a fixed order.
_ORDER = [DIRECTIONS[d] for d in ("n", "s", "e", "w", "ne", "nw", "se", "sw")]


def travel_cost(game: Game, mover: int | None = None,
                avoid: Sequence[tuple[int, int]] = (),
                shut: Sequence[tuple[int, int]] = ()) -> np.ndarray:
    """Movement cost over squares the party knows, with known hazards made dear, the
    squares of known lasting effects that harm shut (shut_effects), the squares of
    companions held fast (other than `mover`) shut: nobody swaps places with them (Step
    refuses it), so a route goes round them; and the squares in `avoid`
    (Sightings.squares: round a Pillager) dearer by PILLAGER_COST; those in `shut`
    (give_way: creatures a walk has gone round) closed."""
    cost = game.cost_map(creatures_block=False).astype(np.int32)
    cost[~game.level.explored] = 0
    for x, y in known_hazards(game):
        if cost[y, x]:
            cost[y, x] = HAZARD_COST
    for _e, (x, y) in shut_effects(game, mover):
        cost[y, x] = 0
    for x, y in held_squares(game, mover):
        cost[y, x] = 0
    for x, y in avoid:
        if cost[y, x]:
            cost[y, x] += PILLAGER_COST
    for x, y in shut:
        cost[y, x] = 0
    return cost


@dataclass
class Sightings:
    """Where the party last saw each Pillager keeping its distance on this level: a walk
    that turned away from one into another corridor still knows it is there (with only
    the Pillagers in view, the route swung back to it as soon as it was out of sight). A
    Pillager is forgotten when its square is seen again without it, or the level changes;
    engaged ones are foes, and no walk goes on with a foe in view."""

    depth: int = 0
    seen: dict[int, tuple[int, int]] = field(default_factory=dict)

    def update(self, game: Game) -> None:
        if game.depth != self.depth:
            self.depth, self.seen = game.depth, {}
        visible = game.visible
        self.seen = {e: (x, y) for e, (x, y) in self.seen.items() if not visible[y, x]}
        store = game.store
        hostiles = game.hostiles_in_view()
        foes = set(game.threats_in_view()) if hostiles else set()
        for eid in hostiles:
            if eid not in foes and store.get(eid, Actor).side == "pillager" \
                    and not is_disabled(store, eid):
                self.seen[eid] = store.get(eid, Position).xy

    def squares(self, game: Game) -> list[tuple[int, int]]:
        """The squares on and next to each Pillager seen in a narrow way (a corridor, a
        doorway): where a delver bars its way, and one whose way is barred strikes (T&T
        003). In the open it goes round the party (monsters.pillagers), so no detour."""
        walk = T.WALKABLE[game.known_tiles()]
        level = game.level
        out: set[tuple[int, int]] = set()
        for x, y in self.seen.values():
            near = [(x + dx, y + dy) for dx, dy in NEIGHBOURS if level.in_bounds(x + dx, y + dy)]
            if sum(1 for a, b in near if walk[b, a]) <= NARROW:
                out.update(near)
                out.add((x, y))
        return sorted(out)


def held_squares(game: Game, mover: int | None = None) -> list[tuple[int, int]]:
    """Where companions of `mover` stand who cannot leave their square (swap_refusal)."""
    positions = game.store.table(Position)
    out = []
    for eid in game.party:
        pos = positions.get(eid)
        if eid != mover and pos is not None and pos.depth == game.depth \
                and swap_refusal(game, eid, pos.xy):
            out.append(pos.xy)
    return out


def frontier(game: Game) -> list[tuple[int, int]]:
    """Known walkable squares next to walkable squares nobody has seen yet."""
    level = game.level
    walk = T.WALKABLE[game.known_tiles()]  # a hidden door is wall until it is found
    known = level.explored
    near = dilate(walk & ~known)
    ys, xs = np.nonzero(known & walk & near)
    return list(zip(xs.tolist(), ys.tolist(), strict=True))


def downhill(game: Game, eid: int, dist: np.ndarray) -> Step | None:
    pos = game.store.get(eid, Position)
    here = int(dist[pos.y, pos.x])
    if here == 0 or here >= UNREACHABLE:
        return None
    best: tuple[int, int, int] | None = None
    for dx, dy in _ORDER:
        x, y = pos.x + dx, pos.y + dy
        if not game.level.in_bounds(x, y):
            continue
        d = int(dist[y, x])
        if d >= here:
            continue
        other = game.creature_at(x, y)
        if other is not None and (hostile(game.store, eid, other)
                                  or game.store.get(other, Actor).side != "party"
                                  or swap_refusal(game, other, pos.xy)):
            continue  # travel never attacks, nor shoves past strangers or the trapped
        if best is None or d < best[0]:
            best = (d, dx, dy)
    return Step(best[1], best[2]) if best else None


def swap_refusal(game: Game, other: int, to: tuple[int, int]) -> str:
    """Why companion `other` cannot swap places onto `to` (Step's own check: caught by a
    trap, or held fast by a condition such as the Monstrous Hand's); '' when it can."""
    return confine.block_reason(game, other) or move_blocked(game, other, *to)


def shut_effects(game: Game, mover: int | None) -> list[tuple[int, tuple[int, int]]]:
    """The squares of known harmful lasting effects (a buzz saw lasts until disarmed, and
    strikes whoever steps in) that no walk steps into: made only dear, they were the way
    `o` took again and again, a delver knocked out at each crossing (russet-crane-12 D1
    R92-R933). An effect the mover stands in stays open, so it can walk out."""
    effects = harmful_effects(game)
    if not effects or mover is None:
        return effects
    here = game.store.get(mover, Position).xy
    inside = {e for e, xy in effects if xy == here}
    return [(e, xy) for e, xy in effects if e not in inside]


def effect_in_the_way(game: Game, eid: int, goals: list[tuple[int, int]],
                      cost: np.ndarray, what: str = "The way there is through") -> str:
    """Why a walk over `cost` finds no way to `goals`, when the only way is through a
    known harmful lasting effect (shut_effects): `what`, the effect and where; ''
    otherwise."""
    found = effect_on_the_way(game, eid, goals, cost, what)
    if found is None:
        return ""
    return f"{found[0]}: a walk does not step into it. Step in yourself if you must."


def effect_on_the_way(game: Game, eid: int, goals: list[tuple[int, int]],
                      cost: np.ndarray, what: str) -> tuple[str, int] | None:
    """When the only way over `cost` to `goals` is through a known harmful lasting effect
    (shut_effects): `what`, the nearest such effect and where, in words, and the effect;
    None otherwise."""
    level = game.level
    shut = [(e, (x, y)) for e, (x, y) in shut_effects(game, eid)
            if level.explored[y, x] and level.is_walkable(x, y)]
    if not shut:
        return None
    inside = {xy for _e, xy in shut}
    ways = [g for g in goals if g not in inside]  # (route_to opens its goals)
    if ways and downhill(game, eid, route_to(game, ways, cost)) is not None:
        return None  # (a way there without stepping in: the effect is not what blocks it)
    opened = cost.copy()
    for _e, (x, y) in shut:
        opened[y, x] = HAZARD_COST
    if downhill(game, eid, route_to(game, goals, opened)) is None:
        return None
    here = game.store.get(eid, Position).xy
    e, xy = min(shut, key=lambda s: (max(abs(s[1][0] - here[0]), abs(s[1][1] - here[1])), s[0]))
    return f"{what} the {hazard_words(game, e)}, {direction_words(here, xy)}", e


def route_to(game: Game, goals: list[tuple[int, int]], cost: np.ndarray | None = None
             ) -> np.ndarray:
    """Steps to the nearest of `goals` over `cost` (travel_cost by default; not changed)."""
    cost = travel_cost(game) if cost is None else cost.copy()
    for x, y in goals:
        cost[y, x] = max(1, int(cost[y, x]))
    return distance_map(cost, goals)


# What a walk does when creatures stand on the next square of its way (give_way.GiveWay):
# given the cost and distance maps, an action, or why it stops ('' for nothing to do).
Blocked = Callable[[np.ndarray, np.ndarray], "Action | str"]


def travel_step(game: Game, eid: int, goal: tuple[int, int],
                avoid: Sequence[tuple[int, int]] = (), blocked: Blocked | None = None,
                shut: Sequence[tuple[int, int]] = ()) -> Action | str:
    """The next Step toward `goal` over known ground (round the squares in `avoid` where
    it can, never onto those in `shut`: travel_cost), what `blocked` does with creatures
    on the way, or why there is none."""
    x, y = goal
    level = game.level
    if not level.in_bounds(x, y) or not level.explored[y, x]:
        return "You do not know the way there."
    if not level.is_walkable(x, y):
        return "You cannot stand there."
    if game.store.get(eid, Position).xy == goal:
        return "You are already there."
    cost = travel_cost(game, eid, avoid, shut)
    dist = route_to(game, [goal], cost)
    step = downhill(game, eid, dist)
    if step is not None:
        return step
    way = blocked(cost, dist) if blocked is not None else ""
    if way:
        return way
    # (a way there, but a creature stands on its next square: say who, as `o` does)
    return in_the_way(game, eid, dist) or effect_in_the_way(
        game, eid, [goal], cost) or "There is no known way there."


GATHER_WAITS = 20  # turns travel waits at its goal for the party to gather round
STAIRS_REACH = 3  # the stairs carry the delvers within 3 squares (Game.take_stairs)


def gather_step(game: Game, eid: int) -> Action | str | None:
    """At the goal of a walk, with a companion not come up yet (marching.lagging): a Wait
    (its next turn brings it up), or why it cannot come; None when the party is together.
    `G >` on the stairs with the party strung out brings it round them, as the stairs ask
    ("The party must gather within 3 squares of the stairs first")."""
    if eid != game.led or game.mode != "explore":
        return None
    positions = game.store.table(Position)
    led = positions[eid]
    far = [e for e in game.party if e != eid and can_act(game, e)
           and positions[e].depth == led.depth and chebyshev(positions[e], led) > STAIRS_REACH]
    if not far:
        return None
    lag = lagging(game)
    if lag is not None and lag.kind not in ("wait", "held"):
        return lag.why
    for e in far:
        if cut_off(game, e):
            return (f"{name_of(game.store, e)} has no way to the party "
                    f"({direction_words(led.xy, positions[e].xy)}; a door locked between?): "
                    "go back for them, or lead them (Tab) to open it.")
    return Wait()


def named_goal(game: Game, where: str) -> tuple[int, int] | str:
    """Travel goals with names: the stairs down or up, and the Camp."""
    level = game.level
    if where == "down":
        down = level.stairs_down
        if down is None or not level.explored[down[1], down[0]]:
            return "You have not found the stairs down yet."
        return down
    if where == "up":
        return level.stairs_up
    if where == "camp":
        if game.depth != 1:
            return "The Camp is on the first level: go up first."
        return level.stairs_up  # the Camp is the arrival room, around the stairs up
    return f"Unknown place {where!r}."


def whole_action(game: Game, eid: int, action: Action) -> Action:
    """`action`, or EndMove when it wants a whole action and only movement is left (the
    turn then passes by itself)."""
    act = game.store.get(eid, Actor)
    return EndMove() if act.actions_left <= 0 and act.move_points > 0 else action


def _slower(game: Game, eid: int, than: int) -> bool:
    """Whether `eid` moves fewer squares a Move than `than`: a lag that comes back every
    few steps of a walk, said once a walk; a companion as quick, left behind by a job (a
    door picked, a marker checked), closes up in the one turn waited, which is said only
    when it does not (found in play: the line came with most presses of `o`)."""
    store = game.store
    return speed_now(game, eid, speed(store, eid)) < speed_now(game, than, speed(store, than))


def after_refusal(game: Game, eid: int) -> Action | None:
    """What an automatic walk does when a step is refused for want of a whole action (a
    stuck door to force with only movement points left): end the move and go on next turn."""
    act = game.store.get(eid, Actor)
    return EndMove() if act.actions_left == 0 and act.move_points > 0 else None


@dataclass(frozen=True)
class Question:
    """An automatic walk that needs the player's choice to go on (which way through a
    door): `options` are labels, the first the one Enter picks; `about` names the subject
    (a door's id) for the decider that asked."""

    text: str
    options: tuple[str, ...]
    about: int = 0


Decider = Callable[[Game, int], "Action | Question | str"]


@runtime_checkable
class Telling(Protocol):
    """A decider with something to tell the player as its walk goes on (auto-explore's
    Explorer: why it explores on rather than rest); the Run passes it on and empties it."""

    news: str


@runtime_checkable
class Stepper(Protocol):
    """A run that makes its own decisions, one action a call: Run below (a Decider's walk),
    fight_round.FightRun (the party's round of a fight). `news`: what the player should be
    told while it goes on (the UI shows it, then empties it)."""

    news: str

    def refusal(self) -> str | None: ...
    def advance(self, perform: Callable[[Action], list[Event]]) -> str | Question | None: ...


# (a newcomer pressed `o` again and again at a kobold: the line names the key that fights)
FOES_IN_VIEW = "Not with foes in view! F fights them."


class Run:
    """One automatic walk: the decider's actions, one at a time, until it has none, asks a
    question, or the watch says stop. The UI's timer and the headless loops (`run`, the
    auto-explore harness) drive the same object, so they make the same decisions."""

    def __init__(self, game: Game, decide: Decider, told: set[int] | None = None) -> None:
        self.game = game
        self.decide = decide
        # the keep-away foes already announced (watch.Watch.told): the runs' own set, or
        # the one a decider keeps across runs
        self.watch = Watch.take(game, told if told is not None else getattr(decide, "told",
                                                                             None))
        self.retried = False
        self.idle_steps = 0  # steps in a row that brought no new ground in sight
        self.trail: list[tuple[int, int]] = []  # where the one led stood after each of them
        self.holding = 0  # turns still to wait where it stands (TO_AND_FRO)
        self.holds = 0  # waits made so (HOLDS at most); the first says why
        self.known = int(np.count_nonzero(game.level.explored))
        self.waits = 0  # turns in a row the one led has waited for a companion
        self.news = ""  # why it waits, for the player (the UI shows it; then emptied)
        # the companions already waited for in this walk: said once each (a slower one is
        # waited for every few steps, and the log filled with the same line)
        self.waited_for: set[int] = set()
        self.came_round_told: set[int] = set()  # (come_round.waiting_words: once each)

    def _tell(self, text: str) -> None:
        if text:
            self.news = f"{self.news} {text}" if self.news else text

    def refusal(self) -> str | None:
        """Why the run cannot start at all."""
        if self.game.awaiting is None:
            return "Nobody is waiting to act."
        if self.game.threats_in_view():  # (Pillagers keep away unless engaged)
            return FOES_IN_VIEW
        return None

    def advance(self, perform: Callable[[Action], list[Event]]) -> str | Question | None:
        """Do the next action through `perform` (game.perform, or the screen's); why the
        run stops, a question for the player, or None to go on."""
        game = self.game
        eid = game.awaiting
        if eid is None:
            return "Nobody is waiting to act."
        if waiting(game):  # (the answer is the player's: no walk goes on past an offer)
            return "A roll waits on your luck."
        if self.holding > 0 and game.mode == "explore":  # (to and fro: wait for them)
            self.holding -= 1
            return self.watch.stop_reason(game, perform(Wait()))
        self.holding = 0
        action = self.decide(game, eid)
        if isinstance(self.decide, Telling) and self.decide.news:
            self._tell(self.decide.news)
            self.decide.news = ""
        if not isinstance(action, Action):
            return action
        if isinstance(action, (Wait, Rest)):  # (one down: the wait is for them, say so)
            self._tell(waiting_words(game, self.came_round_told))
        held = self._together(game, eid, action)
        if isinstance(held, str):
            return held
        action = held
        events = perform(action)
        if events and events[0].kind == "fail":
            instead = after_refusal(game, eid)
            if instead is None or self.retried:
                return events[0].text
            perform(instead)
            self.retried = True
            return None
        self.retried = False
        why = self.watch.stop_reason(game, events)
        return why or self._stalled(action)

    def _together(self, game: Game, eid: int, action: Action) -> Action | str:
        """Outside a fight the one led does not step on without the party (RULES.md, "The
        party moves together"): a companion with nothing left to move with this turn is
        waited for (the one led ends its turn: Wait), one that cannot come is why the
        walk stops (marching.lagging)."""
        if not isinstance(action, Step) or eid != game.led or game.mode != "explore":
            self.waits = 0
            return action
        pos = game.store.get(eid, Position)
        lag = lagging(game, (pos.x + action.dx, pos.y + action.dy))
        if lag is None:
            self.waits = 0
            return action
        if lag.kind == "stop" or (lag.kind == "cut off"
                                  and not getattr(self.decide, "rejoins", False)):
            return lag.why
        if lag.kind == "cut off":  # (the decider opens the way: autoexplore.door_between)
            self.waits = 0
            return action
        self.waits += 1
        if self.waits > (MAX_HELD_WAITS if lag.kind == "held" else MAX_WAITS):
            return f"{name_of(game.store, lag.eid)} does not catch up: stopped."
        if lag.eid not in self.waited_for and (self.waits > 1 or lag.kind == "held"
                                               or _slower(game, lag.eid, eid)):
            self.waited_for.add(lag.eid)  # (a turn's wait for one as quick: not news)
            self._tell(lag.why)
        return Wait()

    def _stalled(self, action: Action) -> str | None:
        """A safety net: a walk that takes STALL_STEPS steps in a row and sees nothing new
        is going round in circles (a decider's bug); it stops rather than run for ever
        (the UI's timer would, and a player would see the party pace to and fro)."""
        known = int(np.count_nonzero(self.game.level.explored))
        if not isinstance(action, Step) or known > self.known:
            self.idle_steps, self.known, self.trail = 0, known, []
            return None
        self.idle_steps += 1
        here = self.game.store.get(self.game.led, Position).xy
        self.trail = [*self.trail[1 - TO_AND_FRO:], here]
        if len(self.trail) == TO_AND_FRO and len(set(self.trail)) == 2 \
                and all(a != b for a, b in zip(self.trail, self.trail[1:], strict=False)):
            self.trail = []
            if self.holds < HOLDS:
                self.holding, self.holds = HOLD_ROUNDS, self.holds + 1
                if self.holds == 1:
                    self._tell(TO_AND_FRO_WORDS)
        if self.idle_steps < STALL_STEPS:
            return None
        return f"Stopped: {STALL_STEPS} steps and nothing new seen."


def run(game: Game, decide: Decider | Stepper, limit: int = 2000,
        answer: Callable[[Question], int | None] | None = None
        ) -> tuple[list[Event], str]:
    """Run a walk (or any Stepper) headless until it stops; (events, why it stopped). A
    question is put to `answer` (None: the run stops with the question's text).

    The UI does the same thing one timer tick at a time; this is for tests and tools.
    """
    walk = decide if isinstance(decide, Stepper) else Run(game, decide)
    problem = walk.refusal()
    if problem:
        return [], problem
    events: list[Event] = []

    def perform(action: Action) -> list[Event]:
        new = game.perform(action)
        events.extend(new)
        return new

    for _ in range(limit):
        why = walk.advance(perform)
        if isinstance(why, Question):
            picked = answer(why) if answer is not None else None
            # (the decider that asked takes the answer: Run's)
            take = getattr(getattr(walk, "decide", None), "answer", None)
            if picked is None or take is None:
                return events, why.text
            take(why, picked)
            continue
        if why:
            return events, why
    return events, "Stopped after a long way."


def in_the_way(game: Game, eid: int, dist: np.ndarray) -> str:
    """Why `eid` cannot take the next step down `dist` (a route it is on), when a creature
    in view stands on every square that step could take (a Pillager at rest in its camp,
    a wary monster): that creature named, so the player can deal with it (attack it, or
    wait for it to move). '' when it is not so."""
    return blocker_words(game, eid, blockers(game, eid, dist))


def blockers(game: Game, eid: int, dist: np.ndarray) -> list[int]:
    """The creatures in view, not of the party, standing on the squares the next step of
    `eid` down `dist` could take, when they stand on every one (downhill found none
    free); [] when `eid` is not on a route."""
    pos = game.store.get(eid, Position)
    here = int(dist[pos.y, pos.x])
    if here >= UNREACHABLE:
        return []
    seen = game.visible
    return [c for dx, dy in NEIGHBOURS
            if game.level.in_bounds(x := pos.x + dx, y := pos.y + dy)
            and dist[y, x] < here and seen[y, x]
            and (c := game.creature_at(x, y)) is not None and c not in game.party]


def blocker_words(game: Game, eid: int, strangers: list[int]) -> str:
    """'Pillager is in the way (2 squares west): ...' for the nearest standing one of
    `strangers` to `eid`; '' when there is none."""
    store = game.store
    pos = store.get(eid, Position)
    standing = [e for e in strangers if not is_disabled(store, e)]
    if not standing:
        return ""
    first = min(standing, key=lambda e: (chebyshev(store.get(e, Position), pos), e))
    where = direction_words(pos.xy, store.get(first, Position).xy)
    # (F fights only threats: a Pillager keeping its distance is fought by walking into it)
    if first in game.threats_in_view():
        return f"{name_of(store, first)} is in the way ({where}): attack it (F) or wait " \
               "for it to move."
    if store.get(first, Actor).side == "pillager":  # (waiting beside it got a delver hit)
        return (f"{name_of(store, first)} is in the way ({where}): walk into it to fight "
                "it, or step back to let it pass (one whose way is barred strikes).")
    return f"{name_of(store, first)} is in the way ({where}): walk into it to fight it or " \
           "wait for it to move."
