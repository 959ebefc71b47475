"""How fast `roguelike verify` re-simulates: a 20,000-action bot replay, timed.

    python benchmarks/verify_speed.py [--seed S] [--actions N]

Target (issue 6): under 4 s, at least 5,000 actions/s. Prints one JSON object.
`in_process` times verify_file alone; `command` times the whole `roguelike verify`
process (interpreter start, imports and content loading included).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET_SECONDS = 4.0
TARGET_RATE = 5000


def bench_verify(seed: str = "x-1", actions: int = 20_000) -> dict[str, Any]:
    from roguelike.bot import play
    from roguelike.engine.game import Game
    from roguelike.records.recorder import attach
    from roguelike.records.replay import verify_file, write_replay

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.replay.json"
        game = Game(seed)
        attach(game)
        t0 = time.perf_counter()
        play(game, actions)
        record_s = time.perf_counter() - t0
        write_replay(game, path)
        n = len(game.history)

        t0, c0 = time.perf_counter(), time.process_time()
        result = verify_file(path)
        in_process = time.perf_counter() - t0
        in_cpu = time.process_time() - c0  # the machine may be shared: CPU time is steadier

        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "roguelike", "verify", str(path)],
                             capture_output=True, text=True, cwd=ROOT)
        command = time.perf_counter() - t0
        cli_ok = json.loads(out.stdout.strip().splitlines()[-1])["verified"]
        size = path.stat().st_size
    return {
        "seed": seed,
        "actions": n,
        "rounds": game.round,
        "deepest": game.deepest,
        "replay_bytes": size,
        "record_seconds": round(record_s, 3),
        "verify_seconds": round(in_process, 3),
        "verify_cpu_seconds": round(in_cpu, 3),
        "verify_actions_per_second": int(n / in_process),
        "command_seconds": round(command, 3),
        "command_actions_per_second": int(n / command),
        "verified": bool(result["verified"]) and cli_ok,
        "meets_target": command < TARGET_SECONDS and n / command >= TARGET_RATE,
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", default="x-1")
    ap.add_argument("--actions", type=int, default=20_000)
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    print(json.dumps(bench_verify(args.seed, args.actions)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
