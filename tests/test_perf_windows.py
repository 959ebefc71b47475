"""Windows that stand in for whole-map work, held to the whole-map answer: the lights' fields
of view come from the whole field of view from their square cut to their radius (exact for
tcod's restrictive shadowcasting, which decides a square from nearer squares only), and a
follower's route from a window round its goal (exact where it is read)."""

from __future__ import annotations

import numpy as np
import pytest

from roguelike.core.components import Door, Position
from roguelike.core.explore_components import LightSource
from roguelike.engine.game import Game
from roguelike.engine.light import lighting as light
from roguelike.world import tiles as T
from roguelike.world.fov import add_fov, fov_map, window_fov
from roguelike.world.mapgen import generate


def _tcod_window(clear: np.ndarray, x: int, y: int, radius: int) -> np.ndarray:
    seen = np.zeros_like(clear, dtype=bool)
    add_fov(seen, window_fov(clear, x, y, radius))
    return seen


def test_a_radius_only_cuts_the_whole_field_of_view_to_its_square():
    checked = 0
    for seed in ("light-0", "light-1", "light-2"):
        for depth in (1, 5, 9):
            tiles = generate(seed, depth).tiles
            clear = T.TRANSPARENT[tiles].copy()
            ys, xs = np.nonzero(T.WALKABLE[tiles])
            for x, y in list(zip(xs.tolist(), ys.tolist(), strict=True))[::17]:
                whole = fov_map(clear, x, y, 0)
                for radius in (1, 2, 3, 5, 8):
                    cut = np.zeros_like(whole)
                    window = (slice(max(0, y - radius), y + radius + 1),
                              slice(max(0, x - radius), x + radius + 1))
                    cut[window] = whole[window]
                    assert np.array_equal(cut, _tcod_window(clear, x, y, radius)), \
                        (seed, depth, x, y, radius)
                    checked += 1
    assert checked > 1000


def test_light_maps_match_tcod_radius_fov_in_play():
    """Every carried light, walked over a real level with its doors opened and shut."""
    game = Game("light-play")
    checked = 0
    ys, xs = np.nonzero(T.WALKABLE[game.level.tiles])
    squares = list(zip(xs.tolist(), ys.tolist(), strict=True))[::23]
    bearer = next(e for e in game.party if game.store.has(e, LightSource))
    doors = list(game.level.door_ids.values())
    for i, (x, y) in enumerate(squares):
        pos = game.store.get(bearer, Position)
        pos.x, pos.y = x, y
        if doors:  # a door flips now and then: the transparency changes under the cache
            door = game.store.get(doors[i % len(doors)], Door)
            door.open = not door.open
            game.door_changed()
        clear = game.transparency()
        bright, lit = light.light_maps(game)
        want_bright = np.zeros_like(clear)
        want_lit = np.zeros_like(clear)
        for lx, ly, ldef in light._shining(game):
            if ldef.dim_outer_radius > 0:
                want_lit |= _tcod_window(clear, lx, ly, ldef.dim_outer_radius)
            if ldef.bright_radius > 0:
                want_bright |= _tcod_window(clear, lx, ly, ldef.bright_radius)
        assert np.array_equal(bright, want_bright)
        assert np.array_equal(lit, want_lit | want_bright)
        checked += 1
    assert checked > 20


def test_a_followers_window_map_agrees_with_the_whole_map_where_it_is_read():
    """Game.route_near against a fresh whole map on every square next to the asker, for
    goals and askers all over real levels (near and far: far ones fall back; a kept
    window map is read again for the same goal while it is sure of the squares)."""
    from roguelike.engine.routing import chase
    from roguelike.world.paths import distance_map

    checked = window = kept = 0
    for seed in ("follow-0", "follow-1"):
        game = Game(seed)
        ys, xs = np.nonzero(T.WALKABLE[game.level.tiles])
        squares = list(zip(xs.tolist(), ys.tolist(), strict=True))
        for i, goal in enumerate(squares[::29]):
            cost = chase.terrain_cost(game).copy()
            cost[goal[1], goal[0]] = max(1, int(cost[goal[1], goal[0]]))
            whole = distance_map(cost, [goal])
            askers = [*squares[i % 7::41][:12], (goal[0] + 2, goal[1]), (goal[0], goal[1] + 3),
                      (goal[0] + 1, goal[1] + 1), (goal[0] + 3, goal[1] + 1)]
            for n, me in enumerate(askers):
                near_routes = game.kept.values.setdefault("near_routes", {})
                if n % 3 == 0:
                    near_routes.clear()  # nothing kept: a window made afresh
                before = near_routes.get(goal)
                near = game.route_near(goal, me)
                window += near is not game.route_map(goal)
                kept += before is not None and near is before[2]
                for dy in (-1, 0, 1):
                    for dx in (-1, 0, 1):
                        x, y = me[0] + dx, me[1] + dy
                        if 0 <= x < whole.shape[1] and 0 <= y < whole.shape[0]:
                            assert near[y, x] == whole[y, x], (seed, goal, me, (x, y))
                            checked += 1
    assert checked > 2000 and window > 50 and kept > 20, (checked, window, kept)


def test_a_window_round_the_asker_agrees_with_the_whole_map_where_it_is_read():
    """paths.distances_within on a window round the asker against distance_map with many
    goals, for askers all over real levels; far goals fall back to the whole map."""
    from roguelike.world.paths import distance_map, distances_within, window_round

    checked = window = 0
    for seed in ("route-0", "route-1", "route-2"):
        game = Game(seed)
        cost = game.cost_map(creatures_block=False)
        ys, xs = np.nonzero(T.WALKABLE[game.level.tiles])
        squares = list(zip(xs.tolist(), ys.tolist(), strict=True))
        for i in range(0, len(squares), 13):
            goals = squares[i::97][:6] if i % 2 else squares[i::23][:40]  # (few, many)
            whole = distance_map(cost, goals)
            for at in squares[i % 11::53]:
                asked = [(at[0] + dx, at[1] + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
                near = distances_within(cost, goals, window_round(cost, at, 10), asked)
                if near is None:
                    continue
                window += 1
                for x, y in asked:
                    if 0 <= x < cost.shape[1] and 0 <= y < cost.shape[0]:
                        assert near[y, x] == whole[y, x], (seed, goals, at, (x, y))
                        checked += 1
    assert window > 100 and checked > 1000


def test_the_bots_kept_window_maps_agree_with_a_fresh_whole_map_where_read():
    """Routes.route (windows, read again while paths.sure_of says so; kept whole maps)
    against a fresh whole map of the same costs on every square a step reads, over whole
    bot games."""
    from roguelike.bot.player import Bot, play
    from roguelike.bot.routes import Routes
    from roguelike.world.paths import distance_map

    counts = {"checked": 0, "reused": 0}

    class Checked(Routes):
        def route(self, game, eid, goals, locked, doors, creatures_block, at):  # type: ignore[no-untyped-def]
            before = self._windowed
            dist = super().route(game, eid, goals, locked, doors, creatures_block, at)
            counts["reused"] += before is not None and dist is before[2]
            # (the bot's costs made afresh: known traps and hazards, locked doors, goals)
            whole = distance_map(Routes.cost(game, eid, locked, goals, creatures_block,
                                             self.barred_here(game)), goals)
            h, w = whole.shape
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    x, y = at[0] + dx, at[1] + dy
                    if 0 <= x < w and 0 <= y < h:
                        assert dist[y, x] == whole[y, x], (game.seed, at, (x, y))
                        counts["checked"] += 1
            return dist

    for seed in ("bot-window-0", "bot-window-1", "bench-throughput-0"):  # (the last: hazards)
        bot = Bot()
        bot.routes = Checked()
        play(Game(seed), 600, bot)
    assert counts["checked"] > 5000 and counts["reused"] > 50, counts


def test_pillagers_around_is_the_eight_neighbours_of_a_padded_mask():
    from roguelike.engine.monsters.pillagers import _around

    r = np.random.default_rng(3)
    for density in (0.01, 0.3, 0.9):
        for shape in ((40, 80), (5, 7), (1, 1)):
            mask = r.random(shape) < density
            padded, (h, w) = np.pad(mask, 1), shape
            want = np.zeros_like(mask)
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    if dx or dy:
                        want |= padded[1 + dy:1 + dy + h, 1 + dx:1 + dx + w]
            assert np.array_equal(_around(mask), want), (density, shape)


def test_a_followers_whole_map_is_made_again_when_a_trap_changes_the_costs():
    """Game.route_map is kept by goal and doors; a trap placed, sprung or disarmed prices
    squares anew (an armed trap square costs 2 to a walker that is not a delver), so the
    kept map must not outlive the terrain costs it came from."""
    from roguelike.core.components import Trap
    from roguelike.engine.scenario import scenario
    from tests.trap_helpers import place

    game = scenario("""
    ##########
    #1.......#
    ##########
    """)
    before = game.route_map((8, 1))
    assert before[1, 2] == 6
    trap = place(game, "mk_falling_weight", at=(5, 1), placement="square")
    assert game.route_map((8, 1))[1, 2] == 7  # one square costs 2 now
    game.store.get(trap, Trap).state = "disarmed"
    game.kept.changed("traps")  # (as the rules that disarm one tell it: kept.py)
    assert game.route_map((8, 1))[1, 2] == 6


def test_a_loaded_level_map_gives_fov_maps_fields_of_view():
    """LevelSight (Game.fov_from's tcod map, loaded once per transparency array) against
    fov_map, which loads the map afresh, from squares all over real levels and beside the
    map's edge, one loaded map asked many times in a row, over transparencies with some
    doors shut."""
    from roguelike.world.fov import LevelSight

    checked = 0
    for seed in ("sight-0", "sight-1", "sight-2"):
        for depth in (1, 4, 8):
            level = generate(seed, depth)
            h, w = level.tiles.shape
            ys, xs = np.nonzero(T.WALKABLE[level.tiles])
            squares = list(zip(xs.tolist(), ys.tolist(), strict=True))[::11]
            squares += [(x, y) for x in (0, w - 1) for y in range(2, h - 2, 5)]
            for shut in (0, 1):
                clear = T.TRANSPARENT[level.tiles].copy()
                for i, (x, y) in enumerate(sorted(level.door_ids)):
                    if i % 2 == shut:
                        clear[y, x] = False
                loaded = LevelSight(clear)
                for x, y in squares:
                    # (0: the whole field of view; the rest: lights' radii, the scan
                    # stopped there, as fov_map's window computes it)
                    for radius in (0, 2, 5, 0, 1, 10):
                        assert np.array_equal(loaded.fov(x, y, radius),
                                              fov_map(clear, x, y, radius)), \
                            (seed, depth, x, y, radius)
                        checked += 1
    assert checked > 6000, checked


def test_a_lights_kept_field_of_view_is_held_to_a_fresh_scan(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Game.fov_from keeps a light's field of view by square and radius; under the switch
    every read of it is held to fov_map's fresh scan, so a write to it fails."""
    from roguelike.engine.base import kept

    monkeypatch.setenv(kept.CHECK_ENV, "1")
    game = Game("light-play")
    clear = game.transparency()
    x, y = game.store.get(game.party[0], Position).xy
    fov = game.fov_from(clear, x, y, 5)
    assert np.array_equal(fov, fov_map(clear, x, y, 5))
    assert fov[max(0, y - 5):y + 6, max(0, x - 5):x + 6].sum() == fov.sum()  # (none past 5)
    assert game.fov_from(clear, x, y, 5) is fov  # (kept, and equal to a fresh one)
    fov[y, x] = False
    with pytest.raises(kept.StaleAnswer, match="fovs"):
        game.fov_from(clear, x, y, 5)
