"""What the stack itself costs: the floors under issue 31's start-up, memory and key targets.

    python benchmarks/floors.py [--runs 5] [--keys 100] [--sizes 80x24,120x40] [--json]

Measured on this machine beside the game's own figures, so a target can be judged against
what no code of ours can go below:
- Python itself (`python -c pass`), `import numpy`, `import tcod`, and `import numpy, tcod,
  textual`: start time (wall and CPU) and peak memory of a fresh interpreter, the median of
  `--runs`; beside them the game's `--help`, `sim --actions 0` and `verify` on a small file.
- A bare Textual app holding one Line-API widget the size of the game's map at that terminal
  size, which moves one glyph a cell per key and refreshes only those cells (the least a
  step can redraw), run in the same pseudo-terminal harness as benchmarks/pty.py: key to
  quiet screen (median, p95), bytes a step, start to its first quiet screen, peak RSS.
  `--bare-app` runs that app itself (what the harness starts).

Start-up CPU and peak RSS come from the kernel's account of the finished child (wait4), so
they hold on a loaded machine where wall times do not.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# run as a script: the package from the root, and not benchmarks/pty.py in place of the
# standard library's pty (which ptyprobe imports)
sys.path[:] = [str(ROOT), *(p for p in sys.path if p != str(ROOT)
                            and Path(p or ".").resolve() != ROOT / "benchmarks")]

from benchmarks.bytecode import compile_game  # noqa: E402
from benchmarks.pty import PLAY, PROBE, probe_available, returning_player  # noqa: E402

SMALL_REPLAY = ROOT / "tests" / "fixtures" / "digest-v2.replay.json"
# the game (roguelike/cli.py) runs numpy's OpenBLAS on one thread, and loads tcod's compiled
# library alone, without the tcod package's SDL modules (roguelike/world/libtcod.py, whose
# loading this repeats so that the floor imports nothing of ours)
ONE_BLAS_THREAD = "import os; os.environ['OPENBLAS_NUM_THREADS'] = '1'\n"
TCOD_LIBRARY = """import importlib.util, pathlib
folder = importlib.util.find_spec('tcod').submodule_search_locations[0]
path = next(p for p in sorted(pathlib.Path(folder).glob('_libtcod*')) if p.suffix == '.so')
spec = importlib.util.spec_from_file_location('tcod._libtcod', path)
spec.loader.exec_module(importlib.util.module_from_spec(spec))
"""
IMPORTS: dict[str, str] = {
    "python": "pass",
    "numpy": "import numpy",
    "numpy, one BLAS thread": ONE_BLAS_THREAD + "import numpy",
    "tcod": "import tcod",
    "textual": "import textual.app",
    "numpy, tcod, textual": "import numpy, tcod, textual.app",
    # what `sim` and `verify` cannot start without, and `play` (which adds Textual)
    "engine's floor: numpy, tcod's library": ONE_BLAS_THREAD + "import numpy\n"
                                             + TCOD_LIBRARY,
    "play's floor: and textual": ONE_BLAS_THREAD + "import numpy, textual.app\n"
                                 + TCOD_LIBRARY,
}


# Each process reports its own peak memory as it ends: the kernel's VmHWM, which starts
# afresh at exec (wait4's ru_maxrss would carry over the size of the forking parent).
PEAK_MARK = "floors-peak-kb="
PRELUDE = f"""import atexit, sys
def _peak():
    with open('/proc/self/status') as status:
        kb = next(line.split()[1] for line in status if line.startswith('VmHWM'))
    sys.stderr.write('\\n{PEAK_MARK}' + kb + '\\n')
atexit.register(_peak)
"""


def _game_commands(empty_replay: Path) -> dict[str, str]:
    """The game's commands as its console script runs them (roguelike/__main__.py);
    `empty_replay`: a recorded game of no actions, whose verifying is the command's start."""
    def command(*args: str) -> str:
        return (f"sys.argv = ['roguelike', *{list(args)!r}]\n"
                "from roguelike.cli import main\nraise SystemExit(main())")
    return {"roguelike --help": command("--help"),
            "roguelike sim --actions 0": command("sim", "--seed", "floors", "--actions", "0"),
            "roguelike verify (no actions)": command("verify", str(empty_replay)),
            "roguelike verify (400 actions)": command("verify", str(SMALL_REPLAY))}


def run_once(code: str) -> dict[str, float]:
    """A fresh interpreter running `code` to its end: wall and CPU milliseconds (the
    kernel's account of the child), its peak RSS in MB."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", PRELUDE + code], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    assert proc.stderr is not None
    stderr = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    peaks = [line for line in stderr.splitlines() if line.startswith(PEAK_MARK)]
    if proc.returncode != 0 or not peaks:
        raise RuntimeError(f"{code!r} failed ({proc.returncode}): {stderr[-500:]}")
    return {"wall_ms": wall * 1000, "cpu_ms": (usage.ru_utime + usage.ru_stime) * 1000,
            "peak_rss_mb": int(peaks[-1][len(PEAK_MARK):]) / 1024}


def start_figures(code: str, runs: int) -> dict[str, float]:
    """The median of `runs` starts after one unmeasured (the page cache warm)."""
    run_once(code)
    samples = [run_once(code) for _ in range(runs)]
    return {name: round(statistics.median(s[name] for s in samples), 1)
            for name in samples[0]}


def bench_starts(runs: int, only: tuple[str, ...] | None = None
                 ) -> dict[str, dict[str, float]]:
    """Each process's start figures; `only`: those labels alone (the test's quick run)."""
    compile_game()
    with tempfile.TemporaryDirectory() as folder:
        empty = Path(folder) / "empty.replay.json"
        subprocess.run([sys.executable, "-m", "roguelike", "sim", "--seed", "floors",
                        "--actions", "0", "--record", str(empty)], cwd=ROOT, check=True,
                       capture_output=True)
        rows = {**IMPORTS, **_game_commands(empty)}
        return {label: start_figures(code, runs) for label, code in rows.items()
                if only is None or label in only}


def map_size(columns: int, rows: int) -> tuple[int, int]:
    """The game's map at this terminal size (roguelike/ui/layout.py's sidebar, log and
    status line taken away; copied, not imported, so the bare app loads nothing of ours)."""
    sidebar = 34 if columns >= 110 else 28  # (its border inside)
    log = (12 if rows >= 48 else 8) if rows >= 36 else 6
    return columns - sidebar, rows - log - 1


def bare_app() -> None:
    """The least a Textual game can be: one Line-API widget, one glyph moved per key."""
    from rich.segment import Segment
    from rich.style import Style
    from textual.app import App, ComposeResult
    from textual.events import Key
    from textual.geometry import Region
    from textual.strip import Strip
    from textual.widget import Widget

    floor, hero = Style(color="grey50"), Style(color="white", bold=True)

    class Board(Widget):
        can_focus = True

        def __init__(self) -> None:
            super().__init__()
            self.x = 10

        def render_line(self, y: int) -> Strip:
            width = self.size.width
            if y != 1:
                return Strip([Segment("." * width, floor)], width)
            return Strip([Segment("." * self.x, floor), Segment("@", hero),
                          Segment("." * (width - self.x - 1), floor)], width)

        def on_key(self, event: Key) -> None:
            step = {"h": -1, "l": 1}.get(event.key, 0)
            if step and 0 <= self.x + step < self.size.width:
                old, self.x = self.x, self.x + step
                self.refresh(Region(min(old, self.x), 1, 2, 1))

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield Board()

        def on_mount(self) -> None:
            width, height = map_size(self.size.width, self.size.height)
            board = self.query_one(Board)
            board.styles.width, board.styles.height = width, height
            board.focus()

    Bare().run()


def bench_bare_app(sizes: tuple[str, ...], keys: int, runs: int) -> dict[str, Any]:
    if not probe_available():
        return {"note": f"skipped: {PROBE} not found (the shared tools sit beside the "
                        "clone at ../shared; or set ROGUELIKE_PTYPROBE)"}
    out: dict[str, Any] = {}
    for size in sizes:
        reports = [_probe_bare(size, keys) for _ in range(runs)]
        out[size] = {name: round(statistics.median(r[name] for r in reports), 2)
                     for name in reports[0]}
    return out


def _probe_bare(size: str, keys: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as screens:
        cmd = [sys.executable, str(PROBE), "--size", size, "--n", str(keys), "--warmup", "3",
               "--keys", "h,l", "--screens", screens, "--label", "bare", "--",
               sys.executable, str(Path(__file__).resolve()), "--bare-app"]
        done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
        if done.returncode != 0 or not done.stdout.strip():
            raise RuntimeError(f"ptyprobe failed on the bare app: {done.stderr[-500:]}")
        report = json.loads(done.stdout)
        first = sorted(Path(screens).glob("*startup*"))
        drawn = "@" in first[0].read_text() if first else False
    k = report["keys"]
    return {"key_quiet_median_ms": k["quiet_ms"]["median"],
            "key_quiet_p95_ms": k["quiet_ms"]["p95"],
            "bytes_per_step": k["bytes"]["median"],
            "keys_without_output": k["keys_without_output"],
            "startup_ms": report["startup"]["quiet_ms"],
            "peak_rss_mb": report["memory"]["peak_rss_mb"],
            "first_screen_drawn": float(drawn)}


def _probe_class() -> Any:
    """ptyprobe's own pseudo-terminal (its spawn, quiet waits and kill), for a start's CPU."""
    spec = importlib.util.spec_from_file_location("ptyprobe", PROBE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Probe


def _cpu_ms(pid: int) -> float:
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")  # utime, stime


def cpu_in_terminal(argv: list[str], size: str, env: dict[str, str], keys: int
                    ) -> dict[str, float]:
    """Started in a real pseudo-terminal and waited on until its output is quiet (as
    ptyprobe's start-up figure), then sent `keys` movement keys (h, l, ...), each waited
    on until quiet: the process's CPU to its first screen and a key (from /proc, in clock
    ticks: 10 ms, so a key's CPU is the keys' total over their number), the wall time to
    its first screen's last byte, its peak RSS."""
    cols, rows = (int(n) for n in size.split("x"))
    probe = _probe_class()(argv, cols, rows, {**env, "TERM": "xterm-256color"}, cwd=str(ROOT))
    probe.spawn()
    try:
        out = probe.wait_first_then_quiet(0.3, 30.0)
        if out["last"] is None:
            raise RuntimeError(f"{argv} drew nothing")
        first = _cpu_ms(probe.pid)
        for i in range(keys):
            probe.write(b"hl"[i % 2:i % 2 + 1])
            if probe.wait_first_then_quiet(0.05, 5.0)["last"] is None:
                raise RuntimeError(f"{argv}: key {i + 1} of {keys} had no answer")
        after = _cpu_ms(probe.pid)
        peak = probe.hwm()
    finally:
        probe.kill()
    return {"cpu_ms": first, "wall_ms": (out["last"] - probe.t_spawn) * 1000,
            "cpu_per_key_ms": (after - first) / keys if keys else 0.0,
            "peak_rss_mb": max(p["vmhwm_mb"] for p in peak) if peak else 0.0}


def bench_in_terminal(sizes: tuple[str, ...], runs: int, keys: int) -> dict[str, Any]:
    """CPU to the first quiet screen and a key, the bare Textual app and the game's `play`
    alternating, `runs` each after one unmeasured of each."""
    if not probe_available():
        return {"note": f"skipped: {PROBE} not found"}
    bare = [sys.executable, str(Path(__file__).resolve()), "--bare-app"]
    out: dict[str, Any] = {}
    for size in sizes:
        samples: dict[str, list[dict[str, float]]] = {"bare Textual app": [], "play": []}
        for run in range(runs + 1):
            for label, argv in (("bare Textual app", bare), ("play", PLAY)):
                with tempfile.TemporaryDirectory() as folder:  # a new game each run
                    figures = cpu_in_terminal(argv, size, returning_player(Path(folder)),
                                              keys if run else 0)
                if run:
                    samples[label].append(figures)
        out[size] = {label: {name: round(statistics.median(f[name] for f in runs_of), 2)
                             for name in runs_of[0]}
                     for label, runs_of in samples.items()}
    return out


def bench_floors(sizes: tuple[str, ...] = ("80x24", "120x40"), runs: int = 5,
                 keys: int = 100) -> dict[str, Any]:
    return {"starts": bench_starts(runs), "in_terminal": bench_in_terminal(sizes, runs, keys),
            "bare_textual": bench_bare_app(sizes, keys, runs)}


def table(report: dict[str, Any]) -> str:
    lines = ["| process | wall ms | CPU ms | peak RSS MB |", "|---|---|---|---|"]
    for label, f in report["starts"].items():
        lines.append(f"| {label} | {f['wall_ms']:.0f} | {f['cpu_ms']:.0f} | "
                     f"{f['peak_rss_mb']:.1f} |")
    screens = report["in_terminal"]
    if "note" not in screens:
        lines += ["", "| in the terminal | size | CPU to first screen | wall to it | "
                  "CPU a key | peak RSS |", "|---|---|---|---|---|---|"]
        for size, programs in screens.items():
            for label, f in programs.items():
                lines.append(f"| {label} | {size} | {f['cpu_ms']:.0f} ms | {f['wall_ms']:.0f} ms"
                             f" | {f['cpu_per_key_ms']:.2f} ms | {f['peak_rss_mb']:.1f} MB |")
    bare = report["bare_textual"]
    if "note" in bare:
        return "\n".join([*lines, "", f"bare Textual app: {bare['note']}"])
    lines += ["", "| bare Textual app | key to quiet, median / p95 | bytes a step | "
              "start to quiet screen | peak RSS |", "|---|---|---|---|---|"]
    for size, f in bare.items():
        lines.append(f"| {size} | {f['key_quiet_median_ms']:.2f} / {f['key_quiet_p95_ms']:.2f}"
                     f" ms | {f['bytes_per_step']:.0f} | {f['startup_ms']:.0f} ms | "
                     f"{f['peak_rss_mb']:.1f} MB |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5, help="starts (and bare-app runs) a figure")
    ap.add_argument("--keys", type=int, default=100, help="movement keys a bare-app run")
    ap.add_argument("--sizes", default="80x24,120x40")
    ap.add_argument("--json", action="store_true", help="one JSON object, no table")
    ap.add_argument("--bare-app", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.bare_app:
        bare_app()
        return 0
    report = bench_floors(tuple(args.sizes.split(",")), args.runs, args.keys)
    if not args.json:
        print(table(report))
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
