"""How fast `roguelike verify` re-simulates 20,000 recorded bot actions.

    python benchmarks/verify_speed.py [--actions N]

Target (issue 6): a 20,000-action replay verified in under 4 s (>= 5,000 actions/s).
The bot's party now dies after 1,500-4,000 actions, so one game rarely lasts 20,000: the
benchmark records bot games on seeds bench-0, bench-1, ... until they hold N actions in
all, and times verifying all of them in one process (`verify_*`, the engine's speed) and
the `roguelike verify` command on the longest (`command_*`, with interpreter start-up).
`projected_command_seconds` = start-up + N / engine rate: the time for one N-action file.
CPU times are given too: on a shared machine they are steadier than wall time.
Prints one JSON object.
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
if str(ROOT) not in sys.path:  # (run as a script, or imported from benchmarks/ by a test)
    sys.path.insert(0, str(ROOT))
TARGET_SECONDS = 4.0
TARGET_RATE = 5000


def _startup_seconds(env: dict[str, str] | None = None) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import roguelike.records.replay, "
                    "roguelike.content.loader as c; c.default_content()"], cwd=ROOT, check=True,
                   env=env)
    return time.perf_counter() - t0


def bench_verify(actions: int = 20_000, seed_prefix: str = "bench") -> dict[str, Any]:
    """The start-up figures with the game's bytecode compiled, as the README's setup leaves
    it (benchmarks/bytecode.py); `first_launch_startup_seconds` without it."""
    from benchmarks.bytecode import compile_game, first_launch_env
    from roguelike.bot.player import play
    from roguelike.engine.game import Game
    from roguelike.records.recorder import attach
    from roguelike.records.replay import verify_file, write_replay

    with tempfile.TemporaryDirectory() as tmp:
        files: list[tuple[Path, int]] = []
        total, i = 0, 0
        t0 = time.perf_counter()
        while total < actions:
            game = Game(f"{seed_prefix}-{i}")
            attach(game)
            play(game, actions - total)
            path = write_replay(game, Path(tmp) / f"{i}.replay.json")
            files.append((path, len(game.history)))
            total += len(game.history)
            i += 1
        record_s = time.perf_counter() - t0

        ok = True
        t0, c0 = time.perf_counter(), time.process_time()
        for path, _n in files:
            ok &= bool(verify_file(path)["verified"])
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0

        longest, n_longest = max(files, key=lambda f: f[1])
        compile_game()
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "roguelike", "verify", str(longest)],
                             capture_output=True, text=True, cwd=ROOT)
        command = time.perf_counter() - t0
        ok &= json.loads(out.stdout.strip().splitlines()[-1])["verified"]
    startup = _startup_seconds()
    try:
        first_launch = _startup_seconds(first_launch_env())
    finally:
        compile_game()
    projected = startup + total / (total / wall)
    return {
        "actions": total,
        "games": len(files),
        "record_seconds": round(record_s, 3),
        "verify_seconds": round(wall, 3),
        "verify_cpu_seconds": round(cpu, 3),
        "verify_actions_per_second": int(total / wall),
        "verify_cpu_actions_per_second": int(total / cpu) if cpu else 0,
        "command_actions": n_longest,
        "command_seconds": round(command, 3),
        "startup_seconds": round(startup, 3),
        "first_launch_startup_seconds": round(first_launch, 3),
        "projected_command_seconds": round(projected, 3),
        "verified": ok,
        "meets_target": projected < TARGET_SECONDS and total / wall >= TARGET_RATE,
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--actions", type=int, default=20_000)
    args = ap.parse_args()
    print(json.dumps(bench_verify(args.actions)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
