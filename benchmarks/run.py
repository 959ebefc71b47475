"""Run every benchmark and print one JSON object of figures.

    python benchmarks/run.py          # full run
    python benchmarks/run.py --quick  # small version (the test suite runs this)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.engine import bench_levels, bench_throughput

TARGETS = {"level_gen_median_ms": ("<", 15.0), "headless_actions_per_s": (">", 5000.0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a small, fast run")
    args = parser.parse_args(argv)
    figures: dict[str, object] = {}
    figures.update(bench_levels(seeds=1 if args.quick else 10))
    figures.update(bench_throughput(actions=300 if args.quick else 5000))
    figures["targets"] = {k: f"{op} {v}" for k, (op, v) in TARGETS.items()}
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
