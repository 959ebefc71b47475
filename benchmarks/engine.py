"""Engine figures: level generation and stocking, and headless bot throughput."""

from __future__ import annotations

import statistics
import time

from roguelike.bot import Bot, play
from roguelike.content.loader import default_content
from roguelike.engine.ecs import EntityStore
from roguelike.engine.game import Game
from roguelike.world.mapgen import generate
from roguelike.world.stocking import stock_level


def bench_levels(seeds: int = 10) -> dict[str, float]:
    content = default_content()
    times = []
    for i in range(seeds):
        for depth in range(1, 13):
            t0 = time.perf_counter()
            level = generate(f"bench-{i}", depth)
            stock_level(EntityStore(), content, level, f"bench-{i}")
            times.append((time.perf_counter() - t0) * 1000)
    return {"level_gen_median_ms": round(statistics.median(times), 3),
            "level_gen_p95_ms": round(sorted(times)[int(len(times) * 0.95)], 3),
            "levels": len(times)}


def bench_throughput(actions: int = 5000) -> dict[str, float]:
    game = Game("bench-throughput")
    t0 = time.perf_counter()
    play(game, actions, Bot())
    elapsed = time.perf_counter() - t0
    return {"headless_actions_per_s": round(game.actions_taken / elapsed, 1),
            "headless_actions": game.actions_taken}
