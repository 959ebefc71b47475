"""Where Play's time goes, end to end: one player, Play again and again, each part timed.

    python benchmarks/play_trace.py [--plays 15] [--cols 80 --rows 24] [--no-spare]

A real host (its own process, benchmarks/real_host.py) on loopback and one SSH player
(roguelike/host/client.py). Each round, from the lobby: Play a seed, the seed typed, Enter
pressed (the client's clock starts), the party chooser drawn whole (its last byte, then
nothing for 0.15 s), then Escape back to the lobby. The host's `play timing` line
(roguelike/host/play_trace.py) gives its own moments on the same monotonic clock, so each
Play splits into:

  client -> host        the Enter's trip to the host (SSH, the host's event loop)
  host -> choice        the lobby reads the key and asks the host to play (its link)
  choice -> fork asked  the lobby left, the claim
  fork asked -> forked  the zygote's fork and the hub (PtyChild.spawn); with a spare
                        (roguelike/host/spare.py), the seed told and its redraw
  forked -> first out   the child's set-up and the game's start to its first write
  first out -> last     the game drawing its first screen, frame by frame to the player
  last frame -> client  the last frame's trip to the client

and the game child's CPU to that screen (/proc/PID/schedstat: on a CPU, waiting for one);
with a spare, what it cost while it waited (its USS and CPU just before Play).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.host_load import _uss_kb  # noqa: E402
from benchmarks.real_host import RealHost  # noqa: E402
from roguelike.host.client import Terminal  # noqa: E402

SEED = "amber-wolf-17"
DOWN, ENTER, ESC = "\x1b[B", "\r", "\x1b"
TIMING = re.compile(r"play timing pid=(\d+) key_at=([\d.]+) (.*) frames=(.*)")


def cpu_ms(pid: int) -> tuple[float, float]:
    """(ms on a CPU, ms waiting for one) of a process so far, or (0, 0) once it is gone."""
    try:
        on_cpu, waiting = Path(f"/proc/{pid}/schedstat").read_text().split()[:2]
    except OSError:
        return 0.0, 0.0
    return int(on_cpu) / 1e6, int(waiting) / 1e6


def game_pids(kind: str = "play") -> set[int]:
    """The hosted games running now (their process names, launch.py's name_process), or
    with kind="spare" the games forked ahead and held (roguelike/host/spare.py)."""
    found = set()
    for comm in Path("/proc").glob("[0-9]*/comm"):
        try:
            if comm.read_text().startswith(f"rl-{kind}-"):
                found.add(int(comm.parent.name))
        except OSError:
            continue
    return found


def parse_timing(line: str) -> dict[str, Any] | None:
    m = TIMING.search(line)
    if m is None:
        return None
    marks = {k: float(v) for k, v in (kv.split("=") for kv in m.group(3).split())}
    frames = [(float(a), int(b)) for a, b in
              (f.split(":") for f in m.group(4).split(",") if f)]
    return {"pid": int(m.group(1)), "key_at": float(m.group(2)), "marks": marks,
            "frames": frames}


async def one_play(t: Terminal, before: set[int]) -> dict[str, Any]:
    await t.wait_for("Play a seed", 30)
    await t.quiet(0.3, 10)
    t.send(DOWN + DOWN + ENTER)
    await t.wait_for("Seed (words", 10)
    t.send(SEED)
    await t.quiet(0.2, 5)
    held = sorted(game_pids("spare"))  # (what a spare costs while it waits)
    spare = {"spare_uss_mb": _uss_kb(held[0]) / 1024, "spare_cpu_ms": cpu_ms(held[0])[0]} \
        if held else {}
    pressed = time.monotonic()
    t.send(ENTER)
    await t.wait_for("Choose your party", 30)
    await t.quiet(0.15, 10)
    last = t.last_data
    pids = game_pids() - before
    pid = min(pids) if pids else 0
    on_cpu, waiting = cpu_ms(pid)
    t.send(ESC)  # leave the party screen: back to the lobby, the game records nothing
    return {"pressed": pressed, "last": last, "pid": pid, "cpu_ms": on_cpu,
            "cpu_wait_ms": waiting, **spare}


def split(client: dict[str, Any], host: dict[str, Any]) -> dict[str, float]:
    """One Play's parts, in ms (see the module's doc)."""
    key_at = host["key_at"]
    marks = host["marks"]
    frames = [at for at, _ in host["frames"]]
    in_time = [at for at in frames if at <= (client["last"] - key_at) * 1000 + 1]
    last_frame = in_time[-1] if in_time else frames[-1]
    # a game forked at Play: forked, then its first output; a spare taken: the seed told
    # and its redraw in hand, its whole screen then sent at once
    ready = marks.get("forked", marks.get("spare_taken", 0.0))
    first = marks.get("first_output", ready)
    parts = {"total": (client["last"] - client["pressed"]) * 1000,
             "client_to_host": (key_at - client["pressed"]) * 1000,
             "host_to_choice": marks.get("chosen", 0.0),
             "choice_to_fork_asked": marks.get("fork_asked", 0.0) - marks.get("chosen", 0.0),
             "fork": ready - marks.get("fork_asked", 0.0),
             "forked_to_first_output": first - ready,
             "first_output_to_last_frame": last_frame - first,
             "last_frame_to_client": (client["last"] - key_at) * 1000 - last_frame,
             "lobby_ended": marks.get("lobby_ended", 0.0),
             "frames": float(len(in_time)),
             "cpu_ms": client["cpu_ms"], "cpu_wait_ms": client["cpu_wait_ms"],
             "spare_uss_mb": client.get("spare_uss_mb", 0.0),
             "spare_cpu_ms": client.get("spare_cpu_ms", 0.0)}
    return {k: round(v, 1) for k, v in parts.items()}


async def run(plays: int, cols: int, rows: int, options: tuple[str, ...] = ()
              ) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="play-trace-") as folder:
        log = Path(folder) / "host.log"
        host = RealHost(Path(folder) / "data", log=log)
        await host.start(*options)
        clients = []
        try:
            t = await Terminal.connect(host.ssh_port, "tracer", "tracepass1", cols=cols,
                                       rows=rows)
            for _ in range(plays):
                clients.append(await one_play(t, game_pids()))
            await asyncio.sleep(2.5)  # the last Play's line is logged 2 s after its choice
            t.close()
        finally:
            await host.stop()
        timings = [h for line in log.read_text().splitlines()
                   if (h := parse_timing(line)) is not None]
    if len(timings) != len(clients):
        raise RuntimeError(f"{len(clients)} plays but {len(timings)} host timings")
    each = [split(c, h) for c, h in zip(clients, timings, strict=True)]
    medians = {k: round(statistics.median(e[k] for e in each), 1) for k in each[0]}
    return {"plays": plays, "size": f"{cols}x{rows}", "median": medians, "each": each}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plays", type=int, default=15)
    parser.add_argument("--cols", type=int, default=80)
    parser.add_argument("--rows", type=int, default=24)
    parser.add_argument("--no-spare", action="store_true",
                        help="the host forks the game at Play, none ahead in the lobby")
    args = parser.parse_args()
    options = ("--no-spare",) if args.no_spare else ()
    print(json.dumps(asyncio.run(run(args.plays, args.cols, args.rows, options))))


if __name__ == "__main__":
    main()
