"""The game's UI in a real pseudo-terminal, measured by the shared ptyprobe harness.

ptyprobe lives outside the repository (../shared/tools/ptyprobe.py beside the clone, or where
ROGUELIKE_PTYPROBE points: a git worktree elsewhere); when it is absent the figures are
skipped with a note. It starts `roguelike play` in a PTY, waits for
the start-up output to go quiet, then sends movement keys one at a time and times each one
from the key's write to the first byte and to the last byte of the answer.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.bytecode import compile_game, first_launch_env

ROOT = Path(__file__).resolve().parents[1]
PROBE = Path(os.environ.get("ROGUELIKE_PTYPROBE")
             or ROOT.parent / "shared" / "tools" / "ptyprobe.py")
SEED = "bench-pty"  # its arrival room lets the leader step left and right freely
FULL_SCREEN_MARKS = ("D1 ", "Initiative", "Leader")  # status bar, tracker, party panel


def probe_available() -> bool:
    return PROBE.is_file()


PLAY = [sys.executable, "-m", "roguelike", "play", "--seed", SEED]


def returning_player(folder: Path, env: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a save folder of the run's own, whose options say the first
    game's how-to was seen: the keys go to the game, as a returning player's would."""
    saves = folder / "saves"
    saves.mkdir()
    (saves / "options.toml").write_text("seen_howto = true\n", encoding="utf-8")
    return {**(env if env is not None else os.environ), "ROGUELIKE_SAVES": str(saves)}


def run_probe(size: str, keys: int, warmup: int, env: dict[str, str] | None = None
               ) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as screens:
        env = returning_player(Path(screens), env)
        cmd = [sys.executable, str(PROBE), "--size", size, "--n", str(keys),
               "--warmup", str(warmup), "--keys", "h,l", "--screens", screens,
               "--label", "run", "--", *PLAY]
        out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300,
                             env=env)
        if out.returncode != 0 or not out.stdout.strip():
            raise RuntimeError(f"ptyprobe failed: {out.stderr.strip()[-500:]}")
        report = json.loads(out.stdout)
        first = sorted(Path(screens).glob("*startup*"))
        report["startup_screen"] = first[0].read_text() if first else ""
    return report


def bench_pty(sizes: tuple[str, ...] = ("80x24", "120x40"), keys: int = 100,
              warmup: int = 5, first_launch: bool = False) -> dict[str, Any]:
    """Every figure at each size, the game's bytecode compiled as the README's setup
    leaves it; `first_launch`: also the start-up at the first size with none
    (benchmarks/bytecode.py)."""
    if not probe_available():
        return {"pty_note": f"skipped: {PROBE} not found (the shared tools sit beside the "
                            "clone at ../shared)"}
    figures: dict[str, Any] = {}
    if first_launch:
        try:
            r = run_probe(sizes[0], 2, 0, env=first_launch_env())
        finally:
            compile_game()
        figures["startup_first_launch_ms"] = r["startup"]["quiet_ms"]
    compile_game()
    for size in sizes:
        r = run_probe(size, keys, warmup)
        k = r["keys"]
        full = all(mark in r["startup_screen"] for mark in FULL_SCREEN_MARKS)
        figures[f"pty_{size}"] = {
            "key_first_byte_median_ms": k["first_byte_ms"]["median"],
            "key_first_byte_p95_ms": k["first_byte_ms"]["p95"],
            "key_quiet_median_ms": k["quiet_ms"]["median"],
            "key_quiet_p95_ms": k["quiet_ms"]["p95"],
            "bytes_per_step_median": k["bytes"]["median"],
            "bytes_per_step_p95": k["bytes"]["p95"],
            "keys_measured": k["n_measured"],
            "keys_without_output": k["keys_without_output"],
            "startup_to_full_screen_ms": r["startup"]["quiet_ms"],
            "startup_screen_complete": full,
            "peak_memory_mb": r["memory"]["peak_rss_mb"],
        }
    return figures
