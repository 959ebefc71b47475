"""The turn loop's speed-ups checked against fresh answers over long bot games.

Game.hostiles_in_loop (engine/turns/party_sight.py) keeps the last hostiles_in_view answer while the
view, the actor list, the level and the count of moves stay the same, and looks again only
at the creatures moved since when the moves alone changed: every answer it gives must equal
a full scan made at that moment. The store hands out a new id list when a row is replaced.
The kept doorway rows, light fields of view, Pillager goal maps and the terrain cost under
chase._terrain_key equal fresh ones."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from roguelike.bot.player import play
from roguelike.core.components import Actor, Door, Position
from roguelike.core.ecs import EntityStore
from roguelike.core.rng import Stream
from roguelike.engine.actions import walking
from roguelike.engine.doors.doorways import secret_squares
from roguelike.engine.game import Game
from roguelike.engine.light import lighting as light
from roguelike.engine.monsters import pillager_maps, pillagers
from roguelike.engine.routing import chase
from roguelike.engine.turns.initiative import order_by_initiative
from roguelike.world import tiles as T
from roguelike.world.level import Level
from roguelike.world.paths import distance_map


def _seen_directly(game: Game) -> list[int]:
    view = game.visible
    return [e for e, actor, pos in game.store.query(Actor, Position)
            if actor.side != "party" and pos.depth == game.depth and view[pos.y, pos.x]]


@pytest.mark.parametrize("seed", ["bench-0", "bench-throughput-0", "x-1", "walk-3"])
def test_kept_hostiles_match_a_full_scan(monkeypatch: pytest.MonkeyPatch, seed: str) -> None:
    real = Game.hostiles_in_loop
    counts = [0, 0, 0]  # (answers kept, kept with the moved looked at, made)

    def checked(game: Game) -> list[int]:
        seen = game.kept.values.get("hostiles_in_loop")
        view = game.kept.values.get("party_view")
        same_view = seen is not None and view is not None and seen.view is view[0]
        kept = same_view and seen.moves == game.kept.changes["moves"]
        out = real(game)
        assert out == _seen_directly(game), f"round {game.round}: stale hostiles"
        counts[0 if kept else 1 if same_view else 2] += 1
        return out

    monkeypatch.setattr(Game, "hostiles_in_loop", checked)
    game = Game(seed)
    play(game, 2500)
    assert counts[0] > 100 and counts[1] > 100 and counts[2] > 100


def test_a_creature_moved_by_hand_between_actions_is_seen() -> None:
    """The kept answer never outlives a call to perform: a foe put in view by hand (as
    scenario tests do) is seen at the next action."""
    from roguelike.engine.actions.basic import Wait
    from roguelike.engine.creatures.spawn import make_monster
    from roguelike.engine.scenario import scenario

    game = scenario("""
    #################################
    #1..............................#
    #################################
    """)
    # asleep, far beyond the party's light
    foe = make_monster(game.store, game.content, "leader", Position(game.depth, 30, 1))
    game.perform(Wait())
    assert game.mode == "explore" and game.hostiles_in_view() == []
    game.store.get(foe, Position).x = 3  # next to the party, by hand
    game.perform(Wait())
    assert game.mode == "combat"


def test_a_replaced_row_gives_a_new_id_list() -> None:
    store = EntityStore()
    eid = store.create(Position(1, 2, 3))
    first = store.ids(Position)
    store.add(eid, first and store.get(eid, Position))  # the same object: nothing new
    assert store.ids(Position) is first
    store.add(eid, Position(1, 4, 5))
    assert store.ids(Position) is not first and store.ids(Position) == first


def test_die_rolls_match_below() -> None:
    """Stream.d draws as 1 + below(sides) did, for dice cached and not."""
    a, b = Stream("s", "p"), Stream("s", "p")
    for sides in [6, 6, 20, 3, 6, 7, 100, 6] * 50:
        assert a.d(sides) == 1 + b.below(sides)
    assert a.s == b.s and a.draws == b.draws


def test_initiative_roll_offs_unchanged() -> None:
    """A group tied on roll, rank and Speed rolls off as before (the Pillagers' case)."""
    entrants = list(range(1, 11))
    order, rolloffs = order_by_initiative(entrants, dict.fromkeys(entrants, 4),
                                          lambda e: 0, lambda e: 5, Stream("t", "p"))
    assert sorted(order) == entrants
    assert all(rolloffs[e] for e in entrants)


def _fresh_transparency(game: Game) -> np.ndarray:
    doors = game.store.table(Door)
    clear = T.TRANSPARENT[game.level.tiles]
    for (x, y), eid in game.level.door_ids.items():
        if not doors[eid].open:
            clear[y, x] = False
    return clear


@pytest.mark.parametrize("seed", ["bench-throughput-0", "bench-1"])
def test_kept_maps_match_fresh_ones(monkeypatch: pytest.MonkeyPatch, seed: str) -> None:
    """The kept doorway rows (transparency), the lights' fields of view and the Pillagers'
    goal maps (kept apart from the routes a door clears) equal fresh ones."""
    real_goal_map = pillager_maps.goal_map
    checked = [0, 0, 0]

    def fresh_map(game: Game, goals: Any) -> np.ndarray:
        cost = T.WALKABLE[game.level.tiles].astype(np.int16)
        for x, y in secret_squares(game):
            cost[y, x] = 0
        wanted = pillager_maps._camp_squares(goals) if isinstance(goals, Level) else goals
        return distance_map(cost, [g for g in wanted if cost[g[1], g[0]]])

    def goal_map(game: Game, name: object, goals: Any) -> pillager_maps.GoalMap:
        made = real_goal_map(game, name, goals)
        assert np.array_equal(made.dist, fresh_map(game, goals)), f"round {game.round}: stale map"
        checked[0] += 1
        return made

    def compare(game: Game) -> None:
        assert np.array_equal(game.transparency(), _fresh_transparency(game))
        assert np.array_equal(chase.terrain_cost(game),
                              game.cost_map(creatures_block=False)), "stale terrain cost"
        bright, lit = light.light_maps(game)
        # (the lights read the delvers' kept fields of view; the transparency's serial
        # names them, so the two go together, as invalidate_terrain drops them)
        game.kept.values.pop("fovs")
        game.kept.values.pop("transparency")
        light.LIGHTS.put(game, None)
        fresh_bright, fresh_lit = light.light_maps(game)
        assert np.array_equal(bright, fresh_bright) and np.array_equal(lit, fresh_lit)
        checked[1] += 1

    real_loot = pillager_maps.loot_targets

    def loot(game: Game) -> list[Any]:
        kept = real_loot(game)
        assert kept[0] == pillager_maps._loot_spots(game), f"round {game.round}: stale loot"
        if kept[1] is not None:
            fresh = fresh_map(game, [xy for _t, xy in kept[0]])
            assert np.array_equal(kept[1].dist, fresh), f"round {game.round}: stale loot map"
        checked[2] += 1
        return kept

    for module in (pillagers, pillager_maps):  # (each calls goal_map through its own name)
        monkeypatch.setattr(module, "goal_map", goal_map)
    monkeypatch.setattr(pillagers, "loot_targets", loot)
    game = Game(seed)
    game.on_action.append(compare)
    play(game, 2000)
    assert checked[0] > 100 and checked[1] > 100 and checked[2] > 20


@pytest.mark.parametrize("seed", ["bench-throughput-0", "bench-0"])
def test_taken_squares_match_a_full_scan(monkeypatch: pytest.MonkeyPatch, seed: str) -> None:
    """The squares a Pillager finds taken (Game.creature_squares, kept within the turn
    loop while nobody moved) are those a scan of every creature finds."""
    real = pillagers._taken
    checked = [0]

    def taken(game: Game, x: int, y: int) -> set[tuple[int, int]]:
        out = real(game, x, y)
        fresh = {(p.x, p.y) for _e, _a, p in game.store.query(Actor, Position)
                 if p.depth == game.depth}
        assert out == fresh, f"round {game.round}: taken squares differ"
        checked[0] += 1
        return out

    monkeypatch.setattr(pillagers, "_taken", taken)
    play(Game(seed), 2000)
    assert checked[0] > 100


def _scan_at(game: Game, x: int, y: int) -> int | None:
    for e, _a, p in game.store.query(Actor, Position):
        if p.x == x and p.y == y and p.depth == game.depth:
            return e
    return None


@pytest.mark.parametrize("seed", ["bench-throughput-0", "x-1"])
def test_creature_lookups_match_a_full_scan(monkeypatch: pytest.MonkeyPatch, seed: str
                                            ) -> None:
    """creature_at and creatures_at (from the level's kept creature lists) answer as a
    scan of every creature in id order does, at every call of long bot games."""
    real_at, real_all = Game.creature_at, Game.creatures_at
    checked = [0, 0]

    def creature_at(game: Game, x: int, y: int) -> int | None:
        out = real_at(game, x, y)
        assert out == _scan_at(game, x, y), f"round {game.round}: creature_at differs"
        checked[0] += 1
        return out

    def creatures_at(game: Game, depth: int | None = None, skip: int = 0
                     ) -> dict[tuple[int, int], int]:
        out = real_all(game, depth, skip)
        want: dict[tuple[int, int], int] = {}
        for e, _a, p in game.store.query(Actor, Position):
            if p.depth == (game.depth if depth is None else depth) and e != skip:
                want.setdefault((p.x, p.y), e)
        assert out == want, f"round {game.round}: creatures_at differs"
        checked[1] += 1
        return out

    def creatures_near(game: Game, x: int, y: int) -> dict[tuple[int, int], int]:
        out = real_near(game, x, y)
        want = {xy: e for xy, e in creatures_at(game).items()
                if abs(xy[0] - x) <= 1 and abs(xy[1] - y) <= 1}
        assert out == want, f"round {game.round}: creatures near ({x}, {y}) differ"
        return out

    real_near = walking.creatures_near
    monkeypatch.setattr(Game, "creature_at", creature_at)
    monkeypatch.setattr(Game, "creatures_at", creatures_at)
    monkeypatch.setattr(walking, "creatures_near", creatures_near)
    play(Game(seed), 2000)
    assert checked[0] > 100 and checked[1] > 100


def test_advance_sees_every_other_creature(monkeypatch: pytest.MonkeyPatch) -> None:
    """The squares a monster's walk avoids (from the level's creature lists) are those a
    scan of every creature finds, in bot games and the monster-round scenario."""
    import sys
    from pathlib import Path

    from roguelike.engine.actions import fight_actions

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from benchmarks.monster_round import _one_round, _setup

    real = fight_actions._others_squares
    checked = [0]

    def others(game: Game, actor: int, depth: int) -> set[tuple[int, int]]:
        out = real(game, actor, depth)
        fresh = {(p.x, p.y) for e, _a, p in game.store.query(Actor, Position)
                 if e != actor and p.depth == depth}
        assert out == fresh, f"round {game.round}: the walk's taken squares differ"
        checked[0] += 1
        return out

    monkeypatch.setattr(fight_actions, "_others_squares", others)
    for i in range(3):
        game = _setup(f"bench-{i}")
        for _ in range(3):
            _one_round(game)
    play(Game("x-1"), 1500)
    assert checked[0] > 50


def _cost_map_by_scan(game: Game, mover: int | None, creatures_block: bool) -> np.ndarray:
    """Game.cost_map as it was written before: a scalar assignment per door and creature."""
    from roguelike.core.components import Character
    from roguelike.engine.doors.doorways import adjust_cost as secret_walls
    from roguelike.engine.traps.trigger import adjust_cost

    cost = T.WALKABLE[game.level.tiles].astype(np.int16)
    doors = game.store.table(Door)
    for (x, y), eid in game.level.door_ids.items():
        if not doors[eid].open:
            cost[y, x] = 0 if doors[eid].locked else 2
    cost = secret_walls(game, cost)
    if creatures_block:
        allies = mover is not None and game.store.has(mover, Character)
        for eid, actor, pos in game.store.query(Actor, Position):
            if pos.depth == game.depth and eid != mover and not (
                    allies and actor.side == "party"):
                cost[pos.y, pos.x] = 0
    adjust_cost(game, cost, mover)
    return cost


@pytest.mark.parametrize("seed", ["bench-throughput-0", "bench-1"])
def test_cost_map_matches_a_scan(monkeypatch: pytest.MonkeyPatch, seed: str) -> None:
    real = Game.cost_map
    checked = [0]

    def cost_map(game: Game, mover: int | None = None, creatures_block: bool = True
                 ) -> np.ndarray:
        out = real(game, mover, creatures_block)
        want = _cost_map_by_scan(game, mover, creatures_block)
        assert np.array_equal(out, want), f"round {game.round}: cost maps differ"
        checked[0] += 1
        return out

    monkeypatch.setattr(Game, "cost_map", cost_map)
    for name in (seed, f"{seed}-b", f"{seed}-c"):  # (the bot reuses its maps: few asks)
        play(Game(name), 1500)
    assert checked[0] > 100


def test_id_lists_match_a_scan_under_random_changes() -> None:
    """The store keeps an id list while no entity having the list's other types gains or
    loses one of them: after random creations, additions, removals, replacements and
    destructions every list equals a fresh scan, and a kept list is the same object only
    while its ids and rows are the same."""
    from itertools import combinations

    from roguelike.core.components import Disabled, Named

    types = (Position, Actor, Named, Disabled)
    rng = Stream("ids", "test")
    store = EntityStore()
    made = [store.create() for _ in range(6)]
    handed: dict[tuple[type, ...], tuple[list[int], list[tuple[int, object]]]] = {}

    def component(t: type) -> object:
        if t is Position:
            return Position(1, rng.below(5), rng.below(5))
        if t is Actor:
            return Actor("monster", 0)
        return Named("x") if t is Named else Disabled()

    for _ in range(3000):
        roll = rng.below(10)
        eid = made[rng.below(len(made))]
        t = types[rng.below(len(types))]
        if roll == 0:
            made.append(store.create(component(t)))
        elif roll == 1 and len(made) > 3:
            store.destroy(eid)
            made.remove(eid)
        elif roll < 6:
            store.add(eid, component(t))
        else:
            store.remove(eid, t)
        for n in (1, 2, 3):
            for key in combinations(types, n):
                got = store.ids(*key)
                want = sorted(e for e in made if all(store.has(e, k) for k in key))
                assert got == want
                rows = [(e, store.get(e, key[0])) for e in got]
                before = handed.get(key)
                if before is not None and before[0] is got:  # kept: the very same rows
                    assert all(a == e and r is row for (a, r), (e, row)
                               in zip(before[1], rows, strict=True))
                handed[key] = (got, rows)
