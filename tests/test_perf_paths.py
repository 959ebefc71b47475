"""The fast paths give exactly what the tcod package functions they replace give."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import tcod.bsp
import tcod.los
import tcod.map
import tcod.path

from roguelike.world import tiles as T
from roguelike.world.bsp import BSP
from roguelike.world.fov import add_fov, fov_map, window_fov
from roguelike.world.mapgen import generate
from roguelike.world.masks import dilate
from roguelike.world.paths import UNREACHABLE, dijkstra, distance_map, hillclimb
from roguelike.world.sight import line


def _clear_maps(n: int) -> list[np.ndarray]:
    r = random.Random(5)
    out = []
    for i in range(n):
        clear = T.TRANSPARENT[generate(f"perf-{i}", 1 + i % 12).tiles].copy()
        if i % 3 == 0:  # noise: pillars everywhere, the hardest case for shadowcasting
            clear &= np.array([[r.random() < 0.75 for _ in range(clear.shape[1])]
                               for _ in range(clear.shape[0])])
        out.append(clear)
    return out


def test_window_fov_matches_full_map_fov():
    r = random.Random(1)
    for clear in _clear_maps(12):
        h, w = clear.shape
        for _ in range(60):
            x, y, radius = r.randrange(w), r.randrange(h), r.randint(0, 12)  # 0: unlimited
            view = np.zeros_like(clear)
            add_fov(view, window_fov(clear, x, y, radius))
            full = tcod.map.compute_fov(clear, (y, x), radius)
            assert (view == full).all(), (x, y, radius)
            assert (fov_map(clear, x, y, radius) == full).all()


def test_distance_map_matches_tcod_dijkstra():
    r = random.Random(2)
    for clear in _clear_maps(6):
        cost = clear.astype(np.int8) * np.int8(r.randint(1, 3))
        h, w = cost.shape
        sources = [(r.randrange(w), r.randrange(h)) for _ in range(r.randint(1, 3))]
        for diagonal in (True, False):
            ours = distance_map(cost, sources, diagonal)
            theirs = tcod.path.maxarray(cost.shape, dtype=np.int32)
            for x, y in sources:
                theirs[y, x] = 0
            tcod.path.dijkstra2d(theirs, cost, cardinal=1, diagonal=1 if diagonal else None,
                                 out=theirs)
            assert (ours == theirs).all()
            assert ours.max() == UNREACHABLE or (cost > 0).all()


def test_dijkstra_from_any_seed_matches_tcod():
    r = np.random.default_rng(8)
    for clear in _clear_maps(4):
        cost = clear.astype(np.int16) * 2
        seed = np.where(r.random(cost.shape) < 0.05, r.integers(-50, 5, cost.shape),
                        UNREACHABLE).astype(np.int32)
        theirs = seed.copy()
        tcod.path.dijkstra2d(theirs, cost, cardinal=1, diagonal=1, out=theirs)
        assert (dijkstra(seed.copy(), cost) == theirs).all()


def test_hillclimb_matches_tcod():
    r = random.Random(6)
    for clear in _clear_maps(6):
        cost = clear.astype(np.int8)
        walk = list(zip(*np.nonzero(cost), strict=True))
        goal = r.choice(walk)
        dist = distance_map(cost, [(int(goal[1]), int(goal[0]))])
        for _ in range(20):
            i, j = (int(v) for v in r.choice(walk))
            for cardinal, diagonal in ((True, True), (True, False)):
                ours = hillclimb(dist, (i, j), cardinal, diagonal)
                theirs = tcod.path.hillclimb2d(dist, (i, j), cardinal, diagonal)
                assert ours.tolist() == theirs.tolist()


def test_bsp_splits_like_tcod():
    r = random.Random(3)
    for _ in range(50):
        ours, theirs = BSP(0, 0, 80, 40), tcod.bsp.BSP(x=0, y=0, width=80, height=40)
        pending = [(ours, theirs)]
        while pending:
            a, b = pending.pop()
            assert (a.x, a.y, a.width, a.height) == (b.x, b.y, b.width, b.height)
            if a.width < 4 or a.height < 4 or r.random() < 0.3:
                continue
            horizontal = r.random() < 0.5
            pos = (a.y + r.randint(1, a.height - 1)) if horizontal else \
                (a.x + r.randint(1, a.width - 1))
            a.split_once(horizontal, pos)
            b.split_once(horizontal, pos)
            pending += list(zip(a.children, b.children, strict=True))
        assert [(n.x, n.y, n.width, n.height) for n in ours.post_order()] == \
            [(n.x, n.y, n.width, n.height) for n in theirs.post_order()]


def test_line_matches_tcod_bresenham():
    r = random.Random(4)
    for _ in range(300):
        a = (r.randint(-5, 90), r.randint(-5, 50))
        b = (r.randint(-5, 90), r.randint(-5, 50))
        assert line(a, b) == [tuple(p) for p in tcod.los.bresenham(a, b).tolist()]


def test_starting_a_game_does_not_import_the_tcod_package():
    code = ("import sys\nfrom roguelike.engine.game import Game\nfrom roguelike.bot.player import "
            "play\nplay(Game('perf-import'), 50)\nprint('tcod' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False", "the tcod package (SDL and all) was imported"


def test_bot_route_cache_changes_no_decision():
    from roguelike.bot.player import Bot, play
    from roguelike.engine.game import Game

    class Uncached(Bot):
        def choose(self, game: Game):  # type: ignore[no-untyped-def]
            fresh = self.without_caches()  # (nothing kept but the bot's memory)
            self.__dict__.update(fresh.__dict__)
            return super().choose(game)

    cached, fresh = play(Game("perf-bot"), 700, Bot()), play(Game("perf-bot"), 700, Uncached())
    assert cached.actions_taken == fresh.actions_taken > 100
    assert cached.state_hash() == fresh.state_hash()


def test_dilate_is_the_3x3_neighbourhood():
    r = np.random.default_rng(7)
    for density in (0.02, 0.2, 0.5, 0.9):
        mask = r.random((40, 80)) < density
        padded = np.pad(mask, 1)
        expected = np.zeros_like(mask)
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                expected |= padded[1 + dy : 41 + dy, 1 + dx : 81 + dx]
        assert (dilate(mask) == expected).all()


def test_wandering_square_matches_a_scan_of_every_square():
    from roguelike.bot.player import Bot, play
    from roguelike.core.components import Actor, Position
    from roguelike.engine.base.stats import is_disabled
    from roguelike.engine.game import Game
    from roguelike.engine.turns.clock import _square_at_distance

    def scan(game: Game, want: int) -> tuple[int, int] | None:  # the rule as first written
        level = game.level
        starts = [game.store.get(e, Position).xy for e in game.party
                  if not is_disabled(game.store, e)]
        dist = distance_map(T.WALKABLE[level.tiles].astype("int16"), starts)
        taken = {p.xy for _e, _a, p in game.store.query(Actor, Position)
                 if p.depth == game.depth}
        best = None
        for y in range(level.height):
            for x in range(level.width):
                d = int(dist[y, x])
                if d >= UNREACHABLE or game.visible[y, x] or level.tile(x, y) != T.FLOOR \
                        or (x, y) in taken:
                    continue
                if best is None or (abs(d - want), y, x) < best:
                    best = (abs(d - want), y, x)
        return (best[2], best[1]) if best else None

    game, bot = Game("perf-wander"), Bot()
    for _ in range(6):
        play(game, 60, bot)
        for want in (0, 3, 8, 20, 300):
            assert _square_at_distance(game, want) == scan(game, want), want


def test_climb_step_follows_tcod_hillclimb():
    """climb_step, repeated, walks exactly hillclimb's route (ties included)."""
    from roguelike.world.paths import climb_step

    r = random.Random(7)
    for n, clear in enumerate(_clear_maps(6)):
        cost = clear.astype(np.int8) * np.int8(r.randint(1, 3))
        h, w = cost.shape
        dist = distance_map(cost, [(r.randrange(w), r.randrange(h)) for _ in range(2)])
        if n % 2:  # coarse values: many ties between neighbours
            dist = np.where(dist < UNREACHABLE, dist // 3, dist).astype(np.int32)
        rows = dist.tolist()
        for _ in range(200):
            x, y = r.randrange(w), r.randrange(h)
            walked = [[y, x]]
            step = climb_step(rows, x, y)
            while step is not None:
                walked.append([step[1], step[0]])
                step = climb_step(rows, *step)
            assert walked == hillclimb(dist, (y, x), True, True).tolist(), (x, y)
            assert walked == tcod.path.hillclimb2d(dist, (y, x), True, True).tolist()
