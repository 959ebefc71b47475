"""The bot's kept answers checked against fresh ones over long bot games.

Bot.routes keeps its frontier (keyed by the level, terrain_version, the count of explored squares
and the secret doors), its cost map (keyed by the plain key: terrain_version, door states,
secret doors, hazards), door states and distance maps. Each decision of a bot with its
caches must be the decision of a new Bot, and each kept answer the fresh one."""

from __future__ import annotations

import numpy as np
import pytest

from roguelike.bot.player import Bot
from roguelike.bot.routes import Routes, _sure_round, _Window
from roguelike.engine.actions.basic import Wait
from roguelike.engine.base.action import Action
from roguelike.engine.creatures.inventory import find_item
from roguelike.engine.game import Game
from roguelike.world.paths import UNREACHABLE, distance_map, sure_of


def _fresh(bot: Bot) -> Bot:
    """A Bot with none of the kept answers but the same memory of the game."""
    return bot.without_caches()


def _step(game: Game, action: Action) -> None:
    before = game.actions_taken
    game.perform(action)
    if game.actions_taken == before:
        game.perform(Wait())


def test_every_decision_is_a_fresh_bots() -> None:
    decisions = 0
    for seed in ("bench-throughput-0", "bench-throughput-1", "bench-throughput-3", "x-1"):
        game, bot = Game(seed), Bot()
        for _ in range(1500):
            if game.over:
                break
            want = _fresh(bot).choose(game)
            got = bot.choose(game)
            assert got == want, (seed, game.round, got, want)
            decisions += 1
            _step(game, got)
    assert decisions > 2000


@pytest.mark.parametrize("seed", ["bench-throughput-2", "walk-3", "secret-1", "amber-wolf-17"])
def test_kept_frontier_costs_and_doors_are_fresh(seed: str) -> None:
    """Before each decision: the frontier the bot would keep, the door states and the cost
    map kept for the plain key equal a fresh Bot's, and a kept whole map equals a fresh
    distance map on the squares a step reads."""
    game, bot = Game(seed), Bot()
    kept_frontiers = kept_costs = 0
    for _ in range(1500):
        if game.over:
            break
        fresh = _fresh(bot)
        before = bot.routes._last_frontier
        assert bot.routes.frontier(game) == fresh.routes.frontier(game), (seed, game.round)
        kept_frontiers += bot.routes._last_frontier is before and before is not None
        assert bot.routes.doors(game) == fresh.routes.doors(game), (seed, game.round)
        for member in game.party:
            assert bot.find(game, member, "heal_box") == find_item(game, member, "heal_box")
        assert bot._loads(game) == fresh._loads(game), (seed, game.round)
        eid = game.awaiting
        if eid is not None:
            locked, doors = bot.routes.doors(game)
            plain = bot.routes.plain_key(game, eid, doors)
            kept = bot.routes._last_cost
            if plain is not None and kept is not None and kept[0] is game.level \
                    and kept[1] == plain:
                fresh_cost = Routes.cost(game, eid, locked, [], False,
                                         bot.routes.barred_here(game))
                assert np.array_equal(kept[2], fresh_cost), (seed, game.round)
                kept_costs += 1
        _step(game, bot.choose(game))
        _check_kept_route(game, bot)
    assert kept_frontiers > 50 and kept_costs > 50, (kept_frontiers, kept_costs)


def _check_kept_route(game: Game, bot: Bot) -> None:
    """The last whole map kept is the distance map of its goals over a fresh cost map,
    while the plain key it was made under still holds."""
    kept, eid = bot.routes._last_route, game.awaiting
    if kept is None or eid is None or kept[0] is not game.level:
        return
    locked, doors = bot.routes.doors(game)
    if bot.routes.plain_key(game, eid, doors) != kept[1]:
        return
    whole = distance_map(Routes.cost(game, eid, locked, kept[2], False,
                                         bot.routes.barred_here(game)), kept[2])
    assert np.array_equal(whole, kept[3]), game.round


def test_sure_round_is_sure_of_the_squares_round() -> None:
    r = np.random.default_rng(11)
    checked = 0
    for _ in range(400):
        h, w = int(r.integers(4, 20)), int(r.integers(4, 20))
        cost = ((r.random((h, w)) < 0.7) * r.integers(1, 4, (h, w))).astype(np.int16)
        x, y = int(r.integers(0, w)), int(r.integers(0, h))
        rad = int(r.integers(1, 8))
        window = (max(0, x - rad), max(0, y - rad), min(w, x + rad + 1), min(h, y + rad + 1))
        dist = np.full((h, w), UNREACHABLE, dtype=np.int32)
        x0, y0, x1, y1 = window
        dist[y0:y1, x0:x1] = r.integers(0, 2 * rad + 2, (y1 - y0, x1 - x0))
        mask = r.random((h, w)) < 0.1
        floored = np.maximum(cost, mask)
        won = _Window([], window, dist, cost, None, (), mask, floored[y0:y1, x0:x1])
        asked = [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
        for ax, ay in [(x, y), *asked]:  # (round squares near the window's edge too)
            sure = _sure_round(won, ax, ay)
            around = [(ax + dx, ay + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
            assert sure == sure_of(floored, dist, window, around)
            checked += sure
    assert checked > 20
