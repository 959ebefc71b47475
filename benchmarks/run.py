"""Run every benchmark and print one JSON object of figures.

    python benchmarks/run.py          # full run
    python benchmarks/run.py --quick  # small version (the test suite runs this)

Benchmarks written in other areas are picked up when present (benchmarks/monster_round.py,
benchmarks/verify_speed.py); a missing one leaves a note instead of a figure.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import os
import platform
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.engine import bench_levels, bench_throughput
from benchmarks.pty import bench_pty

# figure -> (comparison, target); PTY figures are checked at every size measured
TARGETS: dict[str, tuple[str, float]] = {
    "level_gen_median_ms": ("<", 15.0),
    "engine_actions_per_s": (">", 5000.0),
    "headless_actions_per_s": (">", 5000.0),  # the bot game with the bot's own time
    "verify.verify_actions_per_second": (">", 5000.0),
    "verify.projected_command_seconds": ("<", 4.0),  # 20,000 actions with start-up
    "monster_round.median_ms": ("<", 3.0),
    "journal.append_p95_us": ("<", 200.0),  # the crash-safe journal's time per action
    # issue 31's targets (each against DCSS console: benchmarks/peers.py runs it beside)
    "key_quiet_median_ms": ("<", 1.5),
    "key_quiet_p95_ms": ("<", 3.0),
    "bytes_per_step_median": ("<", 300.0),
    "startup_to_full_screen_ms": ("<", 300.0),
    "peak_memory_mb": ("<", 45.0),
    "resim.projected_20k_seconds": ("<", 1.5),  # the fixed corpus (benchmarks/resim.py)
}


def _optional(module: str, func: str) -> Callable[..., dict[str, Any]] | None:
    try:
        return getattr(importlib.import_module(module), func)  # type: ignore[no-any-return]
    except (ImportError, AttributeError):
        return None


QUICK_ARGS: dict[str, object] = {"quick": True, "actions": 1000}  # what "small" means


def _call(bench: Callable[..., dict[str, Any]], quick: bool) -> dict[str, Any]:
    """Run another area's benchmark; a quick run passes on the size arguments it takes."""
    params = inspect.signature(bench).parameters
    args = {k: v for k, v in QUICK_ARGS.items() if k in params} if quick else {}
    return bench(**args)


def _checks(figures: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every figure that has a target, with the target and whether it is met."""
    flat: dict[str, Any] = {}
    for key, value in figures.items():
        if isinstance(value, dict) and key.startswith("pty_"):
            size = key[4:]
            for name, v in value.items():
                flat[f"{name}@{size}"] = v
        elif isinstance(value, dict):  # another area's figures: "area.figure"
            for name, v in value.items():
                flat[f"{key}.{name}"] = v
        else:
            flat[key] = value
    out = {}
    for name, (op, target) in TARGETS.items():
        for key, value in flat.items():
            if (key == name or key.split("@")[0] == name) and isinstance(value, int | float):
                ok = value < target if op == "<" else value > target
                out[key] = {"value": value, "target": f"{op} {target:g}", "ok": ok}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a small, fast run")
    parser.add_argument("--no-pty", action="store_true", help="skip the terminal benchmarks")
    args = parser.parse_args(argv)
    quick = args.quick
    figures: dict[str, Any] = {
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                    "load_average_before": [round(v, 2) for v in os.getloadavg()]},
    }
    figures.update(bench_levels(seeds=1 if quick else 10))
    figures.update(bench_throughput(actions=300 if quick else 6000))

    monster_round = _optional("benchmarks.monster_round", "bench_monster_round")
    if monster_round is None:
        figures["monster_round_note"] = "skipped: benchmarks/monster_round.py not present"
    else:
        figures["monster_round"] = _call(monster_round, quick)
    verify = _optional("benchmarks.verify_speed", "bench_verify")
    if verify is None:
        figures["verify_note"] = "skipped: benchmarks/verify_speed.py not present"
    else:
        figures["verify"] = _call(verify, quick)

    if quick:
        figures["resim_note"] = "skipped: --quick (tests/test_corpus.py replays the corpus)"
    else:
        from benchmarks.resim import bench_resim

        figures["resim"] = bench_resim(repeat=1, with_profile=False)

    journal = _optional("benchmarks.journal", "bench_journal")
    if journal is None:
        figures["journal_note"] = "skipped: benchmarks/journal.py not present"
    else:
        figures["journal"] = _call(journal, quick)

    if args.no_pty:
        figures["pty_note"] = "skipped: --no-pty"
    else:
        figures.update(bench_pty(sizes=("80x24",) if quick else ("80x24", "120x40"),
                                 keys=6 if quick else 100, warmup=2 if quick else 5,
                                 first_launch=not quick))
    figures["machine"]["load_average_after"] = [round(v, 2) for v in os.getloadavg()]
    figures["checks"] = _checks(figures)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
