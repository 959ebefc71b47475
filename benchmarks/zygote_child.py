"""One forked game at a time, as the host starts it: what it costs to its first screen.

    python benchmarks/zygote_child.py [--games 5] [--steps 200]

A real zygote (roguelike/host/launch.py, through the host's own handle, forks.py) forks
`roguelike play` for an account onto a fresh PTY at 80x24, as the host does for Play; the
games start one after another, each alone, the earlier ones kept running (so PSS shares
pages as on a host). For each: its CPU (from /proc/PID/schedstat: on a CPU, and waiting for one)
when the party chooser is drawn whole (nothing more for 0.15 s), its USS and PSS there
and after STEPS movement keys on the map, and its Private_Dirty by mapping (/proc/PID/
smaps: "[anon]" is Python's small-object arenas, "[heap]" malloc's), which says whose
pages a child writes; and the wall time from asking the zygote to the chooser's last byte.
Issue 30's Play target counts the wall time from the lobby's Enter,
which adds the host's and the terminal's part to this CPU (benchmarks/host_load.py).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pyte

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.host_load import SEED, _mem_kb, _uss_kb  # noqa: E402
from roguelike.host.child import PtyChild, child_env  # noqa: E402
from roguelike.host.forks import Zygote  # noqa: E402

COLS, ROWS = 80, 24
MOVES = b"jlkh"


def cpu_ms(pid: int) -> tuple[float, float]:
    """(ms on a CPU, ms waiting for one: the machine busy with others)"""
    on_cpu, waiting = Path(f"/proc/{pid}/schedstat").read_text().split()[:2]
    return int(on_cpu) / 1e6, int(waiting) / 1e6


def memory(pid: int) -> dict[str, float]:
    return {"uss_mb": _uss_kb(pid) / 1024, "pss_mb": _mem_kb(pid).get("Pss", 0) / 1024}


def dirty_by_mapping(pid: int, most: int = 4) -> dict[str, float]:
    """Private_Dirty MB by what is mapped (a file's name, or [anon], [heap], [stack])."""
    dirty: collections.Counter[str] = collections.Counter()
    name = "[anon]"
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        parts = line.split()
        if parts and "-" in parts[0] and not parts[0].endswith(":"):
            name = parts[5].rsplit("/", 1)[-1] if len(parts) > 5 else "[anon]"
        elif parts and parts[0] == "Private_Dirty:":
            dirty[name] += int(parts[1])
    return {k: round(v / 1024, 1) for k, v in dirty.most_common(most)}


class Screen:
    """The game's terminal as a player would see it (pyte), and when it last changed."""

    def __init__(self, child: PtyChild) -> None:
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.last = time.monotonic()
        child.start_reading(self._data, lambda: None)

    def _data(self, data: bytes) -> None:
        self.stream.feed(data)
        self.last = time.monotonic()

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def quiet(self, still: float, most: float = 10.0) -> None:
        end = time.monotonic() + most
        while time.monotonic() < end and time.monotonic() - self.last < still:
            await asyncio.sleep(0.01)

    async def shows(self, words: str, most: float = 60.0) -> None:
        end = time.monotonic() + most
        while words not in self.text:
            if time.monotonic() > end:
                raise TimeoutError(f"never showed {words!r}:\n{self.text}")
            await asyncio.sleep(0.01)


async def one_game(zygote: Zygote, data: Path, n: int, steps: int
                   ) -> tuple[PtyChild, dict[str, Any]]:
    home = data / "accounts" / str(n)  # (as the host lays them out: its data, then each's)
    home.mkdir(parents=True)
    args = ["play", "--data", str(data), "--player-id", str(n), "--player-name", f"p{n}",
            "--seed", SEED]
    asked = time.monotonic()
    child = await PtyChild.spawn(zygote, args, cols=COLS, rows=ROWS,
                                 env=child_env("xterm-256color", home), cwd=home, user=None,
                                 memory_limit=512 << 20, name=f"rl-play-{n}")
    screen = Screen(child)
    await screen.shows("Choose your party")
    await screen.quiet(0.15)
    on_cpu, waiting = cpu_ms(child.pid)
    figures: dict[str, Any] = {"cpu_ms_first_screen": round(on_cpu, 1),
                               "cpu_wait_ms_first_screen": round(waiting, 1),
                               "wall_ms_first_screen": round((screen.last - asked) * 1000, 1)}
    figures.update({f"{k}_first_screen": round(v, 1) for k, v in memory(child.pid).items()})
    child.write(b"\r")  # the default party
    await screen.quiet(0.3)
    if "Any key" in screen.text:
        child.write(b" ")  # a new player's how-to
        await screen.quiet(0.3)
    if "D1 R" not in screen.text:
        raise RuntimeError(f"game {n} never reached its map:\n{screen.text}")
    for i in range(steps):
        child.write(MOVES[i % 4:i % 4 + 1])
        await screen.quiet(0.03, 2.0)
    figures.update({f"{k}_after_steps": round(v, 1) for k, v in memory(child.pid).items()})
    figures["private_dirty_mb_by_mapping"] = dirty_by_mapping(child.pid)
    return child, figures


async def run(games: int, steps: int) -> dict[str, Any]:
    zygote = Zygote(child_env("xterm-256color", Path("/")))
    await zygote.start()
    children: list[PtyChild] = []
    each: list[dict[str, Any]] = []
    try:
        zygote_mb = memory(zygote.pid)
        with tempfile.TemporaryDirectory(prefix="zygote-child-") as folder:
            for n in range(1, games + 1):
                child, figures = await one_game(zygote, Path(folder), n, steps)
                children.append(child)
                each.append(figures)
            for child in children:
                child.signal(9)
    finally:
        for child in children:
            child.close()
        await zygote.close()
    return {"games": games, "steps": steps, "zygote_pss_mb": round(zygote_mb["pss_mb"], 1),
            "cpu_ms_first_screen_median": round(statistics.median(
                f["cpu_ms_first_screen"] for f in each), 1),
            "wall_ms_first_screen_median": round(statistics.median(
                f["wall_ms_first_screen"] for f in each), 1),
            "uss_mb_first_screen_median": statistics.median(
                f["uss_mb_first_screen"] for f in each),
            "uss_mb_after_steps_median": statistics.median(
                f["uss_mb_after_steps"] for f in each),
            "each": each}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--steps", type=int, default=200)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.games, args.steps))))


if __name__ == "__main__":
    main()
