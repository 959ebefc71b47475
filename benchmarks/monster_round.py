"""One full round with 30 awake monsters on a generated level: pathing and deciding.

`bench_monster_round()` returns the median milliseconds of the monsters' share of a round
(the party just waits) over fresh games; target < 3 ms. Run as a script to print JSON.
"""

from __future__ import annotations

import json
import statistics
import time
from typing import Any

from roguelike.core.components import Actor, MonsterStats, Position
from roguelike.engine.actions.basic import Wait
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.game import Game
from roguelike.world import tiles as T

MONSTERS = 30
TARGET_MS = 3.0


def _setup(seed: str) -> Game:
    game = Game(seed, options=GameOptions(luck_prompt="never"))
    store = game.store
    for eid, _m, pos in list(store.query(MonsterStats, Position)):
        if pos.depth == game.depth:
            store.destroy(eid)
    level = game.level
    party = [store.get(e, Position) for e in game.party]
    spots = [(x, y) for y in range(level.height) for x in range(level.width)
             if level.tiles[y, x] in (T.FLOOR, T.CORRIDOR)
             and min(max(abs(x - p.x), abs(y - p.y)) for p in party) >= 6]
    rng = game.streams.level(game.depth, "bench")
    kinds = sorted(k for k, m in game.content.monsters.items() if m.frequency > 0)
    for _ in range(MONSTERS):
        x, y = spots.pop(rng.below(len(spots)))
        make_monster(store, game.content, rng.choice(kinds), Position(game.depth, x, y),
                     awake=True)
    game.mode = "combat"
    game.restart_round()
    return game


def _one_round(game: Game) -> tuple[float, float, int]:
    """Wall time of one whole round's creature turns, with the party waiting; monsters acted.

    The round is started afresh here, so every monster is awake and hunting when it begins
    (monsters that lose sight of the party may give up the chase in later rounds)."""
    t0, c0 = time.perf_counter(), time.process_time()
    events = game.restart_round()
    elapsed = time.perf_counter() - t0
    cpu = time.process_time() - c0
    start_round = game.round
    acted = _monster_turns(game, events)
    while game.round == start_round and not game.over:
        t0, c0 = time.perf_counter(), time.process_time()
        events = game.perform(Wait())
        elapsed += time.perf_counter() - t0
        cpu += time.process_time() - c0
        acted += _monster_turns(game, events)
    return elapsed * 1000, cpu * 1000, acted


def _monster_turns(game: Game, events: list) -> int:
    return sum(1 for e in events if e.kind == "turn" and e.actor and e.text == ""
               and game.store.alive(e.actor)
               and game.store.get(e.actor, Actor).side == "monster")


def calibration_us() -> float:
    """This machine's speed on plain Python (a fixed loop), to compare figures across hosts."""
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(200):
            sum(range(1000))
        best = min(best, (time.perf_counter() - t0) / 200 * 1e6)
    return best


def bench_monster_round(repeats: int = 15) -> dict[str, Any]:
    times, cpus, acted = [], [], []
    for i in range(repeats):
        game = _setup(f"bench-{i}")
        ms, cpu, n = _one_round(game)
        times.append(ms)
        cpus.append(cpu)
        acted.append(n)
    median = statistics.median(times)
    return {"name": "monster_round", "monsters": MONSTERS, "repeats": repeats,
            "median_ms": round(median, 3), "max_ms": round(max(times), 3),
            "median_cpu_ms": round(statistics.median(cpus), 3),
            "monster_turns": statistics.median(acted),
            "calibration_us": round(calibration_us(), 2),
            "target_ms": TARGET_MS, "ok": median < TARGET_MS}


if __name__ == "__main__":
    print(json.dumps(bench_monster_round()))
