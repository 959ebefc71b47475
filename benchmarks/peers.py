"""The game beside its peers: NetHack, Angband and DCSS console, measured in one run.

    python benchmarks/peers.py [--runs 2] [--keys 60] [--sizes 80x24,120x40] [--json]

Each program that is installed (Debian's `nethack-console`, `angband`, `crawl`; a missing one
is skipped with a note) runs in the same pseudo-terminal harness as benchmarks/pty.py
(../shared/tools/ptyprobe.py): started, waited on until its screen is quiet, taken past its
menus to its map, then sent movement keys one at a time. Per program and size, the median
over the runs of: key to quiet screen (median and p95 of the run's keys), bytes written a
step, peak memory (the process tree's RSS), start to the first quiet screen. Then the
issue's targets for the game (issue 31 §2) with the ratio of its figure to each, and to DCSS.

Every peer plays in folders of the run's own (HOME, NetHack's name); each is launched once
unmeasured first, so DCSS builds its level caches and every program is as warm as this
game, whose bytecode is compiled as the README's setup leaves it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # (run as a script)
    sys.path.insert(0, str(ROOT))

from benchmarks.bytecode import compile_game  # noqa: E402
from benchmarks.pty import PROBE, probe_available, run_probe  # noqa: E402

GAME = "this game"
NETHACK_PLAYGROUND = Path("/var/games/nethack")
# the targets for the game: figure -> (at most, which sizes)
TARGETS: dict[str, tuple[float, tuple[str, ...]]] = {
    "key_quiet_median_ms": (1.5, ("80x24", "120x40")),
    "key_quiet_p95_ms": (3.0, ("80x24", "120x40")),
    "bytes_per_step": (300.0, ("120x40",)),
    "startup_ms": (300.0, ("80x24", "120x40")),
    "peak_rss_mb": (45.0, ("80x24", "120x40")),
}
FIGURES = tuple(TARGETS)


@dataclass
class Peer:
    """How to start one program, take it to its map and move in it."""

    name: str
    binary: str
    args: Callable[[str], list[str]]  # the run's player name -> arguments
    env: Callable[[str, Path], dict[str, str]] = lambda name, home: {}
    pre: tuple[str, ...] = ()  # ptyprobe --pre steps from the first screen to the map
    keys: str = "h,l"
    extra: tuple[str, ...] = ()  # other ptyprobe options
    played: list[str] = field(default_factory=list)  # player names used, to clean up

    def path(self) -> str | None:
        return shutil.which(self.binary, path=os.environ.get("PATH", "") + ":/usr/games")


def _nethack_env(name: str, home: Path) -> dict[str, str]:
    return {"HOME": str(home), "NETHACKOPTIONS": (
        f"name:{name},role:Valkyrie,race:human,gender:female,align:lawful,"
        "!legacy,!news,!autopickup,suppress_alert:3.4.3")}


PEERS = (
    Peer("NetHack 3.6 tty", "nethack", lambda name: [], _nethack_env,
         extra=("--dismiss", "ESC")),
    # the splash, then the birth menus' first choices (female human warrior, point-based
    # stats as offered, the name given), then the map of the town
    Peer("Angband (gcu)", "angband", lambda name: ["-mgcu", "-n", f"-u{name}"],
         lambda name, home: {"HOME": str(home)},
         pre=("x", "ENTER", "ENTER", "ENTER", "ENTER", "ENTER", "ENTER", "y",
              "wait:LEVEL"),
         keys="LEFT,RIGHT"),
    # a fixed dungeon seed; unarmed, so the Fighter's weapon menu is skipped
    Peer("DCSS console", "crawl",
         lambda name: ["-name", name, "-species", "Hu", "-background", "Fi", "-seed", "1",
                       "-extra-opt-first", "weapon=unarmed"],
         lambda name, home: {"HOME": str(home)}, extra=("--dismiss", "ESC")),
)


def _probe(argv: list[str], size: str, keys: int, warmup: int, env: dict[str, str],
           peer: Peer) -> dict[str, Any]:
    cmd = [sys.executable, str(PROBE), "--size", size, "--n", str(keys),
           "--warmup", str(warmup), "--keys", peer.keys, "--label", peer.name,
           *[f"--pre={step}" for step in peer.pre],
           *[f"--env={k}={v}" for k, v in env.items()], *peer.extra, "--", *argv]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if out.returncode != 0 or not out.stdout.strip():
        raise RuntimeError(f"ptyprobe failed on {peer.name}: {out.stderr.strip()[-500:]}")
    report: dict[str, Any] = json.loads(out.stdout)
    return report


def figures_of(report: dict[str, Any]) -> dict[str, float]:
    k = report["keys"]
    return {"key_quiet_median_ms": k["quiet_ms"]["median"],
            "key_quiet_p95_ms": k["quiet_ms"]["p95"],
            "bytes_per_step": k["bytes"]["median"],
            "startup_ms": report["startup"]["quiet_ms"],
            "peak_rss_mb": report["memory"]["peak_rss_mb"],
            "keys_without_output": k["keys_without_output"]}


def _median_of(runs: list[dict[str, float]]) -> dict[str, float]:
    return {name: round(statistics.median(r[name] for r in runs), 2) for name in runs[0]}


def measure_peer(peer: Peer, sizes: tuple[str, ...], runs: int, keys: int,
                 home: Path) -> dict[str, Any]:
    path = peer.path()
    if path is None:
        return {"skipped": f"{peer.binary} is not installed"}
    out: dict[str, Any] = {}
    try:
        for i, size in enumerate(sizes):
            reports = []
            for _run in range(runs + (1 if i == 0 else 0)):  # the first launch unmeasured
                name = f"pb{os.getpid() % 10000}x{len(peer.played)}"
                peer.played.append(name)
                reports.append(_probe([path, *peer.args(name)], size, keys, 3,
                                      peer.env(name, home), peer))
            measured = reports[1:] if i == 0 else reports
            out[size] = _median_of([figures_of(r) for r in measured])
    finally:
        _clean_nethack(peer)
    return out


def _clean_nethack(peer: Peer) -> None:
    """NetHack keeps a killed game's lock and save in its shared playground: remove ours
    (only the names this run made up)."""
    if peer.binary != "nethack":
        return
    for name in peer.played:
        for folder in (NETHACK_PLAYGROUND, NETHACK_PLAYGROUND / "save"):
            for leftover in folder.glob(f"*{name}*"):
                leftover.unlink(missing_ok=True)


def measure_game(sizes: tuple[str, ...], runs: int, keys: int) -> dict[str, Any]:
    compile_game()
    out: dict[str, Any] = {}
    for i, size in enumerate(sizes):
        reports = [run_probe(size, keys, 3) for _ in range(runs + (1 if i == 0 else 0))]
        out[size] = _median_of([figures_of(r) for r in (reports[1:] if i == 0 else reports)])
    return out


def ratios(results: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Each target: the game's figure, the target, the ratio of the two, DCSS's figure."""
    game = results[GAME]
    dcss = results.get("DCSS console", {})
    rows = []
    for figure, (target, sizes) in TARGETS.items():
        for size in sizes:
            if size not in game:
                continue
            value = game[size][figure]
            peer = dcss.get(size, {}).get(figure) if isinstance(dcss.get(size), dict) else None
            rows.append({"figure": figure, "size": size, "game": value, "target": target,
                         "to_target": round(value / target, 2), "met": value <= target,
                         "dcss": peer,
                         "to_dcss": round(value / peer, 2) if peer else None})
    return rows


def table(results: dict[str, dict[str, Any]], rows: list[dict[str, Any]]) -> str:
    lines = ["| program | size | key to quiet, median / p95 | bytes a step | peak RSS | "
             "start to quiet screen |", "|---|---|---|---|---|---|"]
    for name, sizes in results.items():
        if "skipped" in sizes:
            lines.append(f"| {name} | skipped: {sizes['skipped']} | | | | |")
            continue
        for size, f in sizes.items():
            lines.append(f"| {name} | {size} | {f['key_quiet_median_ms']:.2f} / "
                         f"{f['key_quiet_p95_ms']:.2f} ms | {f['bytes_per_step']:.0f} | "
                         f"{f['peak_rss_mb']:.1f} MB | {f['startup_ms']:.0f} ms |")
    lines += ["", "| target | size | game | at most | game / target | DCSS | game / DCSS |",
              "|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['figure']} | {r['size']} | {r['game']} | {r['target']:g} | "
                     f"{r['to_target']} {'met' if r['met'] else 'MISSED'} | "
                     f"{r['dcss'] if r['dcss'] is not None else '-'} | "
                     f"{r['to_dcss'] if r['to_dcss'] is not None else '-'} |")
    return "\n".join(lines)


def bench_peers(sizes: tuple[str, ...] = ("80x24", "120x40"), runs: int = 2,
                keys: int = 60) -> dict[str, Any]:
    if not probe_available():
        return {"note": f"skipped: {PROBE} not found"}
    results: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for peer in PEERS:
            home = Path(tmp) / peer.binary
            home.mkdir()
            results[peer.name] = measure_peer(peer, sizes, runs, keys, home)
    results[GAME] = measure_game(sizes, runs, keys)
    return {"runs": runs, "keys": keys, "results": results, "targets": ratios(results)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=2, help="measured runs per program and size")
    ap.add_argument("--keys", type=int, default=60, help="movement keys a run")
    ap.add_argument("--sizes", default="80x24,120x40")
    ap.add_argument("--json", action="store_true", help="one JSON object, no table")
    args = ap.parse_args(argv)
    report = bench_peers(tuple(args.sizes.split(",")), args.runs, args.keys)
    if "note" in report:
        print(report["note"])
    elif not args.json:
        print(table(report["results"], report["targets"]))
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
