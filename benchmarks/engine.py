"""Engine figures: level generation and stocking, and headless bot throughput.

Throughput is split honestly: `engine_actions_per_s` counts only the time inside
`game.perform` (the rules, the monsters' turns, sight, new levels), `bot_ms_per_decision` the
bot's own path-finding, and `headless_actions_per_s` the whole bot game, both together.
"""

from __future__ import annotations

import statistics
import time

from roguelike.bot.player import Bot
from roguelike.content.loader import default_content
from roguelike.core.ecs import EntityStore
from roguelike.engine.actions.basic import Wait
from roguelike.engine.game import Game
from roguelike.engine.levels.stock import stock_level
from roguelike.world.mapgen import generate


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


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
            "level_gen_p95_ms": round(_p95(times), 3),
            "levels": len(times)}


def bench_throughput(actions: int = 5000) -> dict[str, float]:
    """Bot games on fixed seeds (a new one when a party falls) until `actions` are sent."""
    engine_s = bot_s = engine_cpu = 0.0
    taken = decisions = games = 0
    while taken < actions:
        game = Game(f"bench-throughput-{games}")
        games += 1
        bot = Bot()
        while taken < actions and not game.over:
            t0 = time.perf_counter()
            action = bot.choose(game)
            t1 = time.perf_counter()
            c1 = time.process_time()
            before = game.actions_taken
            game.perform(action)
            if game.actions_taken == before:  # refused: end the turn (as bot.play does)
                game.perform(Wait())
            t2 = time.perf_counter()
            engine_cpu += time.process_time() - c1
            bot_s += t1 - t0
            engine_s += t2 - t1
            decisions += 1
            taken += game.actions_taken - before
    return {"headless_actions_per_s": round(taken / (engine_s + bot_s), 1),
            "engine_actions_per_s": round(taken / engine_s, 1),
            # CPU time of this process only: what an idle machine would give
            "engine_actions_per_cpu_s": round(taken / max(engine_cpu, 1e-9), 1),
            "bot_ms_per_decision": round(bot_s * 1000 / max(1, decisions), 3),
            "headless_actions": taken, "headless_games": games}
