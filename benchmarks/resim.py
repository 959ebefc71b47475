"""The engine's figure: the fixed corpus (benchmarks/corpus.py) re-simulated and verified.

    python benchmarks/resim.py [--repeat N] [--top N] [--no-profile] [--no-command]

Every game of benchmarks/corpus/ is verified as `roguelike verify` does (each action's
fingerprint, the checkpoints, every claim of the file), in one process, N times; the
figure is the best run's actions a second (wall and CPU). Time is also split by action kind
(the time from one action's end to the next's, so each kind carries its own checks), and
one more run under cProfile prints the functions where the time goes, so the next person
starts from data. `command_seconds` times the real `roguelike verify` on the corpus's
longest game, start-up included; `projected_20k_seconds` is that command's start-up (its time
less its own actions at the engine's rate) and 20,000 actions at the engine's rate (the
issue's "20,000-action replay verified in at most 1.5 s").
Prints the profile on stderr and one JSON object on stdout.
"""

from __future__ import annotations

import argparse
import cProfile
import gzip
import io
import json
import pstats
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # (run as a script)
    sys.path.insert(0, str(ROOT))

from benchmarks.corpus import load, manifest  # noqa: E402
from roguelike.engine.game import Game  # noqa: E402
from roguelike.records.codec import Record  # noqa: E402
from roguelike.records.replay import verify_record  # noqa: E402

TARGET_20K_SECONDS = 1.5


class KindClock:
    """Time from one action's end to the next's, by the kind of the action (verify's
    progress hook is called after each)."""

    def __init__(self, record: Record) -> None:
        self.kinds = [a.kind for a in record.actions]
        self.seconds: dict[str, float] = defaultdict(float)
        self.counts: dict[str, int] = defaultdict(int)
        self.last = time.perf_counter()

    def __call__(self, game: Game, n: int) -> None:
        now = time.perf_counter()
        kind = self.kinds[n - 1]
        self.seconds[kind] += now - self.last
        self.counts[kind] += 1
        self.last = now


def verify_all(records: list[Record], clocks: bool = False
               ) -> tuple[float, float, list[KindClock]]:
    """(wall s, CPU s, the clocks) for verifying every record; raises if one fails."""
    kept: list[KindClock] = []
    t0, c0 = time.perf_counter(), time.process_time()
    for record in records:
        clock = KindClock(record) if clocks else None
        result = verify_record(record, progress=clock)
        if not result["verified"]:
            raise SystemExit(f"the corpus no longer replays ({record.seed}): {result}; "
                             "regenerate it on purpose: python benchmarks/corpus.py regenerate")
        if clock is not None:
            kept.append(clock)
    return time.perf_counter() - t0, time.process_time() - c0, kept


def by_kind(clocks: list[KindClock]) -> dict[str, dict[str, float | int]]:
    seconds: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    for clock in clocks:
        for kind, s in clock.seconds.items():
            seconds[kind] += s
            counts[kind] += clock.counts[kind]
    total = sum(seconds.values()) or 1.0
    return {kind: {"actions": counts[kind], "us_per_action": round(s / counts[kind] * 1e6, 1),
                   "share": round(s / total, 3)}
            for kind, s in sorted(seconds.items(), key=lambda kv: -kv[1])}


def profile(records: list[Record], top: int) -> str:
    prof = cProfile.Profile()
    prof.enable()
    verify_all(records)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def command_seconds(record_file: Path) -> tuple[float, float]:
    """The real `roguelike verify` on one file, and `roguelike --help` (start-up alone)."""
    timings = []
    for args in (["verify", str(record_file)], ["--help"]):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "roguelike", *args], cwd=ROOT,
                             capture_output=True, text=True)
        timings.append(time.perf_counter() - t0)
        if args[0] == "verify" and not json.loads(out.stdout.splitlines()[-1])["verified"]:
            raise SystemExit(f"roguelike verify refused {record_file}: {out.stdout}")
    return timings[0], timings[1]


def bench_resim(repeat: int = 3, top: int = 25, with_profile: bool = True,
                with_command: bool = True) -> dict[str, Any]:
    entries = manifest()
    records = [load(e) for e in entries]
    actions = sum(len(r.actions) for r in records)
    runs = [verify_all(records, clocks=(i == 0)) for i in range(repeat)]
    wall = min(r[0] for r in runs)
    cpu = min(r[1] for r in runs)
    figures: dict[str, Any] = {
        "games": len(records), "actions": actions, "repeat": repeat,
        "seconds": round(wall, 3), "cpu_seconds": round(cpu, 3),
        "actions_per_s": int(actions / wall), "cpu_actions_per_s": int(actions / cpu),
        "by_kind": by_kind(runs[0][2]),
    }
    if with_command:
        longest = max(entries, key=lambda e: e["actions"])
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / longest["file"].removesuffix(".gz")
            path.write_bytes(gzip.decompress((ROOT / "benchmarks" / "corpus" /
                                              longest["file"]).read_bytes()))
            command, startup = command_seconds(path)
        figures.update(command_actions=longest["actions"], command_seconds=round(command, 3),
                       help_seconds=round(startup, 3),
                       # the command's own start-up (its time less its actions at the
                       # engine's rate) and 20,000 actions at that rate
                       projected_20k_seconds=round(
                           command + (20_000 - longest["actions"]) * wall / actions, 3))
        figures["meets_20k_target"] = figures["projected_20k_seconds"] <= TARGET_20K_SECONDS
    if with_profile:
        print(profile(records, top), file=sys.stderr)
    return figures


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3, help="runs; the best is the figure")
    ap.add_argument("--top", type=int, default=25, help="functions of the profile printed")
    ap.add_argument("--no-profile", action="store_true")
    ap.add_argument("--no-command", action="store_true", help="skip `roguelike verify`")
    args = ap.parse_args(argv)
    print(json.dumps(bench_resim(args.repeat, args.top, not args.no_profile,
                                 not args.no_command)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
