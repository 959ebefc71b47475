"""What `o` and `G` do when a creature keeping its distance stands on the next square of
their way (a Pillager hauling down a corridor, a train of them one behind another).

Stopping at once with "Pillager is in the way" left the player pressing `o` again and
again, nothing happening between (the lead's copper-hare-9: 55 presses in one round;
probes of `o` on copper-hare-9 and amber-wolf-17 to depth 3: 20 and 23 such stops, each
pressed three times). Waiting beside it is no answer: one whose way is barred strikes (T&T
003), and in those probes it struck 13 times in 21. So the walk goes round it by any other
way (another corridor, or for `o` other ground to explore); else the party backs off into
the open, the delver furthest back leading, lets it pass and goes on, the lead given back;
one found again where it stood is parked there, and the walk stops once and says so.

Read only, like the rest of the helpers: the walk reads what the party sees (a creature
gone out of sight is where it was last seen), never where a Pillager means to go.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from roguelike.core.components import Character, Position
from roguelike.engine.actions.basic import Lead, Step, Wait
from roguelike.engine.actions.marching import GAP
from roguelike.engine.base.action import Action
from roguelike.engine.base.stats import chebyshev, is_disabled, name_of
from roguelike.engine.base.words import direction_words
from roguelike.engine.creatures.helpless import can_act
from roguelike.engine.game import Game
from roguelike.engine.helpers.travel import (
    blocker_words,
    blockers,
    downhill,
    route_to,
    travel_cost,
    travel_step,
)
from roguelike.world import tiles as T
from roguelike.world.masks import dilate
from roguelike.world.paths import UNREACHABLE

# Steps the party backs off in one walk to let creatures on its way pass: past that, it is
# not passing (parked, or following the party) and the walk stops.
MAKE_WAY_STEPS = 16
# Steps from every creature it backs off from that the one led stops at, in the open: its
# companions trail it by up to marching.GAP squares each, so they stand clear too (CLEAR
# when there is no open ground that far).
AWAY = 3 + 2 * GAP
CLEAR = 3
# Turns the party waits where it backed off to for the creature to pass.
WAIT_TURNS = 3


def way_round(game: Game, eid: int, goals: list[tuple[int, int]], cost: np.ndarray,
              around: list[int]) -> Step | None:
    """The first step toward `goals` over `cost` with the squares of `around` shut: the
    way round them (another corridor, or for `o` other ground to explore); None when
    there is none."""
    shut = cost.copy()
    for e in around:
        x, y = game.store.get(e, Position).xy
        shut[y, x] = 0
    open_goals = [g for g in goals if shut[g[1], g[0]]]
    if not open_goals:
        return None
    return downhill(game, eid, route_to(game, open_goals, shut))


def open_ground(game: Game, cost: np.ndarray) -> np.ndarray:
    """The known squares open in `cost` that lie in the open (each in a 2x2 block of
    walkable squares, as a room's are and a corridor's are not) and not next to a narrow
    one (a corridor's mouth): where a creature passing goes round the party (a Pillager
    routes round the squares beside delvers: monsters.pillagers) and nobody bars it."""
    walk = T.WALKABLE[game.known_tiles()] & (cost > 0)
    block = np.zeros(walk.shape, dtype=bool)  # (y, x): the 2x2 block there is walkable
    block[:-1, :-1] = walk[:-1, :-1] & walk[1:, :-1] & walk[:-1, 1:] & walk[1:, 1:]
    wide = block.copy()
    wide[1:, :] |= block[:-1, :]
    wide[:, 1:] |= block[:, :-1]
    wide[1:, 1:] |= block[:-1, :-1]
    wide &= walk
    inner: np.ndarray = wide & ~dilate(walk & ~wide)
    return inner


def clear_of(game: Game, cost: np.ndarray, spots: list[tuple[int, int]]
             ) -> list[tuple[int, int]]:
    """Where the one led backs off to from creatures on `spots`: open ground (no corridor
    nor doorway at hand) at least AWAY steps from them, so the companions trailing it
    (marching.GAP each) stand clear too; failing that CLEAR steps; [] when none."""
    ground = open_ground(game, cost)
    away = route_to(game, spots, (cost > 0).astype(np.int32))  # (plain steps)
    for far in (AWAY, CLEAR):
        ys, xs = np.nonzero(ground & (away >= far) & (away < UNREACHABLE))
        if len(xs):
            return list(zip(xs.tolist(), ys.tolist(), strict=True))
    return []


@dataclass
class GiveWay:
    """A walk's dealings with creatures keeping their distance on its way: the party backs
    off into the open to let them pass (one whose way is barred strikes: T&T 003, RULES.md;
    waiting beside it got a delver struck 13 times in 21 in probes of six seeds), then
    goes on. One found in the way again on the square the party stood aside from is parked
    there (in its camp, or at its loot): the walk stops for it and says so.
    `news` is what the player should be told (the walk passes it on)."""

    backed: int = 0  # steps backed off in this walk
    waits: int = 0  # turns waited in the open for them to pass
    passing: dict[int, tuple[int, int]] = field(default_factory=dict)  # -> where it stood
    last: dict[int, tuple[int, int]] = field(default_factory=dict)  # -> where last seen
    led_before: int = 0  # the delver led before the one furthest back took the lead
    around: dict[int, tuple[int, int]] = field(default_factory=dict)  # gone round -> where
    # -> the square it stood on when the party stood aside for it (kept across walks): it
    # is parked when it stands in the way there again
    stood_aside: dict[int, tuple[int, int]] = field(default_factory=dict)
    # -> where one said to be parked was last seen (kept across walks): said once, then
    # the walk goes elsewhere (found in play: each further `o` said the same line again)
    parked_told: dict[int, tuple[int, int]] = field(default_factory=dict)
    news: str = ""

    def again(self) -> GiveWay:
        """The dealings of the next walk: only the parked ones remembered."""
        return GiveWay(stood_aside=self.stood_aside, parked_told=self.parked_told)

    def parked_squares(self, game: Game) -> list[tuple[int, tuple[int, int]]]:
        """(creature, square) of those said to be parked on this level, where the party
        last saw each (one shifting about its camp is not named again): squares the walk
        leaves shut."""
        positions = game.store.table(Position)
        seen = game.visible
        for e in list(self.parked_told):
            pos = positions.get(e)
            if pos is None or pos.depth != game.depth or is_disabled(game.store, e):
                del self.parked_told[e]
            elif seen[pos.y, pos.x]:
                self.parked_told[e] = pos.xy
            elif seen[self.parked_told[e][1], self.parked_told[e][0]]:
                del self.parked_told[e]  # (its square seen without it: gone from there)
        return list(self.parked_told.items())

    def step(self, game: Game, eid: int, goals: list[tuple[int, int]], cost: np.ndarray,
             dist: np.ndarray) -> Action | str:
        """With `eid`'s next step down `dist` taken by creatures in view: the way round
        them, the first step of backing off to let them pass, or why the walk stops; ''
        when nothing stands on the way."""
        store = game.store
        standing = [e for e in blockers(game, eid, dist) if not is_disabled(store, e)]
        if not standing:
            return ""
        round_them = way_round(game, eid, goals, cost, standing)
        if round_them is not None:
            self.went_round(game, standing)
            return round_them
        words = blocker_words(game, eid, standing)
        if game.mode != "explore" or set(standing) & set(game.threats_in_view()) \
                or self.backed >= MAKE_WAY_STEPS:
            return words
        here = store.get(eid, Position)
        first = min(standing, key=lambda e: (chebyshev(store.get(e, Position), here), e))
        where = direction_words(here.xy, store.get(first, Position).xy)
        if self.parked(game, standing):
            self.parked_told.update((e, store.get(e, Position).xy) for e in standing)
            return (f"{name_of(store, first)} is in the way ({where}) and stays there, "
                    "though the party stood aside: walk into it to fight it, or wait.")
        self.passing = {e: store.get(e, Position).xy for e in standing}
        self.last = dict(self.passing)
        self.stood_aside.update(self.passing)
        self.waits = 0
        making = self.making(game, eid, cost)
        if not isinstance(making, Action):
            return making or words
        self.news = (f"{name_of(store, first)} is in the way ({where}) and there is no "
                     "other way on: stepping back to let it pass.")
        return making

    def went_round(self, game: Game, creatures: list[int]) -> None:
        """The walk turned off its way round `creatures`: their squares stay shut to it
        (closed) while they stand there, or it would turn back to them at its next step,
        and round again, to and fro."""
        positions = game.store.table(Position)
        self.around.update((e, positions[e].xy) for e in creatures)

    def closed(self, game: Game) -> list[tuple[int, int]]:
        """The squares of the creatures gone round, still shut: each until its square is
        seen without it."""
        seen = game.visible
        for e, (x, y) in list(self.around.items()):
            if seen[y, x] and game.creature_at(x, y) != e:
                del self.around[e]
        return list(self.around.values())

    def parked(self, game: Game, standing: list[int]) -> bool:
        """Whether one of `standing` is where it stood when the party last stood aside
        for it: it does not pass, and nothing is gained by backing off again."""
        positions = game.store.table(Position)
        return any(self.stood_aside.get(e) == positions[e].xy for e in standing)

    def making(self, game: Game, eid: int, cost: np.ndarray) -> Action | str | None:
        """The next action of backing off to let `passing` by: a Lead to the delver
        furthest back (the others follow it out of the way), a Step toward open ground
        CLEAR squares from them, or a Wait there (WAIT_TURNS at most); why it stops when
        it cannot; None when there is nothing (left) to let pass."""
        store = game.store
        seen, threats = game.visible, set(game.threats_in_view())
        positions = store.table(Position)
        for e in list(self.last):  # (one out of sight is where it was last seen, until
            pos = positions.get(e)  # that square is seen without it)
            if pos is not None and pos.depth == game.depth and seen[pos.y, pos.x]:
                self.last[e] = pos.xy
            elif seen[self.last[e][1], self.last[e][0]] or pos is None:
                del self.last[e]
        passing = [e for e in self.last if store.alive(e) and not is_disabled(store, e)
                   and e not in threats]
        if not passing or game.mode != "explore":
            return self._end(game)
        shut = cost.copy()
        spots = [self.last[e] for e in passing]
        for x, y in spots:
            shut[y, x] = 0
        goals = clear_of(game, cost, spots)
        if not goals:
            return self._end(game) or blocker_words(game, eid, passing)
        dist = route_to(game, goals, shut)
        movers = [e for e in game.party if can_act(game, e)
                  and positions[e].depth == game.depth]
        rear = min(movers, key=lambda e: (int(dist[positions[e].y, positions[e].x]), e))
        if rear != eid and int(dist[positions[rear].y, positions[rear].x]) < \
                int(dist[positions[eid].y, positions[eid].x]):
            self.led_before = self.led_before or game.led
            return Lead(store.get(rear, Character).order)
        if int(dist[positions[eid].y, positions[eid].x]) == 0:
            self.waits += 1
            return Wait() if self.waits <= WAIT_TURNS else self._end(game)
        step = downhill(game, eid, dist) if self.backed < MAKE_WAY_STEPS else None
        if step is None:
            return self._end(game) or f"{blocker_words(game, eid, passing)} (It does not pass.)"
        self.backed += 1
        return step

    def _end(self, game: Game) -> Lead | None:
        """Done letting them pass: the lead back to the delver led before (no time), when
        it was handed on and that one can still walk in front; None otherwise."""
        self.passing, self.last = {}, {}
        before, self.led_before = self.led_before, 0
        if not before or before == game.led or before not in game.party \
                or not can_act(game, before) or game.mode != "explore":
            return None
        return Lead(game.store.get(before, Character).order)


def travel_on(game: Game, eid: int, goal: tuple[int, int], avoid: list[tuple[int, int]],
              way: GiveWay) -> Action | str:
    """`G`'s next action toward `goal` (travel.travel_step), with `way` dealing with
    creatures on the way: round them, or back off to let them pass, then on."""
    shut = way.closed(game)
    if way.passing:
        making = way.making(game, eid, travel_cost(game, eid, avoid, shut))
        if making is not None:
            return making
    return travel_step(game, eid, goal, avoid,
                       lambda cost, dist: way.step(game, eid, [goal], cost, dist), shut)
