"""Caches of the game's own (sight, the entity store, hazards) checked against fresh answers
over long bot games. The rule modules' kept answers (engine/base/kept.py) are held to fresh
ones by tests/test_kept.py, under the debug switch ROGUELIKE_CHECK_KEPT."""

from __future__ import annotations

import numpy as np
import pytest

from roguelike.bot.player import play
from roguelike.core.components import Actor, Position
from roguelike.engine.game import Game


def _seen_directly(game: Game) -> list[int]:
    view = game.visible
    return [e for e, actor, pos in game.store.query(Actor, Position)
            if actor.side != "party" and pos.depth == game.depth and view[pos.y, pos.x]]


@pytest.mark.parametrize("seed", ["bench-0", "bench-throughput-0", "x-1"])
def test_hostiles_in_view_matches_a_full_scan(seed: str) -> None:
    """hostiles_in_view keeps each level's foes (until creatures come or go, the party
    changes level or a creature falls down a chute): the same answer as a full scan."""
    game = Game(seed)
    checked = [0]

    def compare(g: Game) -> None:
        assert g.hostiles_in_view() == _seen_directly(g), f"round {g.round}"
        checked[0] += 1

    game.on_action.append(compare)
    play(game, 3000)
    assert checked[0] > 100


def test_a_creature_down_a_chute_comes_into_view() -> None:
    """The chute changes a creature's level in place: hostiles_in_view must notice one
    that lands on the party's level (its foes of other levels are set aside)."""
    from roguelike.engine.creatures.spawn import make_monster
    from roguelike.engine.scenario import scenario
    from roguelike.engine.traps.core import Ctx
    from roguelike.engine.traps.movement import chute

    game = scenario("""
    #######
    #1....#
    #######
    """)
    # a level "above" the hand-made one, for the fall only
    foe = make_monster(game.store, game.content, "leader", Position(0, 3, 1), awake=True)
    assert game.hostiles_in_view() == []
    profile = next(iter(game.content.traps.values()))
    chute(Ctx(game, 0, profile, foe, (3, 1), -1, 0, 0, -1), foe)
    assert game.store.get(foe, Position).depth == 1
    assert game.hostiles_in_view() == [foe]


def test_the_stores_kept_id_lists_always_match_a_fresh_scan() -> None:
    """EntityStore.ids keeps its lists and _forget drops (through its type index) those a
    change may touch: after every one of many random creates, adds (new rows and
    replaced ones), removes and destroys, every kept list is a fresh scan's."""
    import itertools
    import random

    from roguelike.core.ecs import EntityStore

    class A: ...
    class B: ...
    class C: ...

    types = [A, B, C]
    sets = [s for n in (1, 2, 3) for s in itertools.permutations(types, n)]
    r = random.Random(11)
    store = EntityStore()
    for step in range(4000):
        alive = sorted(store._alive)
        op = r.random()
        if op < 0.2 or not alive:
            store.create(*[t() for t in types if r.random() < 0.5])
        elif op < 0.6:
            store.add(r.choice(alive), r.choice(types)())
        elif op < 0.85:
            store.remove(r.choice(alive), r.choice(types))
        else:
            store.destroy(r.choice(alive))
        for key in r.sample(sets, 4):  # ask a few, so lists are kept between changes
            store.ids(*key)
        for key, kept in store._cache.items():
            fresh = sorted(e for e in store._alive
                           if all(e in store._by_type.get(t, {}) for t in key))
            assert kept == fresh, (step, key)
            for t in key:
                assert key in store._keys_of[t], (step, key)


def test_hazard_costs_match_asking_each_square() -> None:
    """traps.adjust_cost reads the hazards covering every square at once
    (hazards.covering); held to asking hazards.blocks and hindering square by square, as
    it once did, for monsters and delvers, over bot games with hazards about."""
    import numpy as np

    from roguelike.bot.player import Bot, play
    from roguelike.core.components import Character, Hazard
    from roguelike.engine.game import Game
    from roguelike.engine.traps import hazards, trigger
    from roguelike.world import tiles as T

    def by_square(game: Game, cost: np.ndarray, mover: int | None) -> None:
        monster = mover is None or not game.store.has(mover, Character)
        for eid, _hz, hpos in game.store.query(Hazard, Position):
            if hpos.depth != game.depth:
                continue
            for x, y in game.store.get(eid, Hazard).squares:
                if not cost[y, x]:
                    continue
                if hazards.blocks(game, mover or 0, game.depth, (x, y)):
                    cost[y, x] = 0
                elif monster and hazards.hindering(game, game.depth, (x, y)):
                    cost[y, x] = 2

    checked = 0
    for seed in [f"bench-throughput-{n}" for n in range(7)]:
        game, bot = Game(seed), Bot()
        for _ in range(60):
            play(game, 25, bot)
            if game.over:
                break
            if not hazards.covering(game, game.depth):
                continue
            for mover in (None, game.party[0]):
                base = T.WALKABLE[game.level.tiles].astype(np.int16)
                ours, theirs = base.copy(), base.copy()
                monster = mover is None
                trigger.hazard_cost(game, ours, mover, monster)
                by_square(game, theirs, mover)
                assert np.array_equal(ours, theirs), (seed, game.round, mover)
                checked += 1
    assert checked > 20, checked
