"""Load on the host: N bot players on loopback, keypress-to-screen latency and memory.

    python benchmarks/host_load.py [--sessions 50] [--seconds 20] [--web]

With --web the bots play through the website instead of SSH (register with the forms,
then the play terminal's WebSocket, permessage-deflate as a browser agrees it); bytes per
step are then the bytes on the wire (compressed frames), beside the terminal bytes.

The host runs as its own process (`roguelike host`), so the bots' CPU is not the host's;
everything stays on loopback and the run stops by itself (a hard deadline). Each bot
registers from its own address (127.0.x.y), starts a game on a fixed seed and presses a
movement key about once a second; latency is the time from sending a key to the first
byte of the screen update, login the time to an authenticated session (the SSH handshake
and the registration's password hash, scrypt n=2**17, two at a time). Memory
per session is the PSS (shared pages split between processes) of the game processes plus
the host's own share, so 50 copies of the same Python libraries are not counted 50 times.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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
sys.path.insert(0, str(ROOT))

SEED = "amber-wolf-17"
KEYS = "jlkhlhjk"
TARGETS = {"host_keypress_p95_ms": ("<", 150.0), "host_pss_mb_per_session": ("<", 100.0),
           "host_step_bytes_median": ("<", 500.0)}


def _mem_kb(pid: int, field: str) -> int:
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0
    for line in text.splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def _descendants(pid: int) -> list[int]:
    kids: list[int] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if ppid == pid:
            kids.append(int(entry.name))
    return kids + [d for k in kids for d in _descendants(k)]


class Bot:
    def __init__(self, n: int) -> None:
        self.name = f"bot{n}"
        self.latencies: list[float] = []
        self.step_bytes: list[int] = []  # on the wire: SSH's payload, the web's frames
        self.term_bytes: list[int] = []  # the terminal's own bytes
        self.timeouts = 0
        self.sent_at = 0.0
        self.waiting = False
        self.bytes = 0
        self.got = asyncio.Event()
        self.term: Any = None
        self.login = 0.0
        self.source = f"127.0.{1 + n // 250}.{2 + n % 250}"  # players come from many addresses

    async def start(self, port: int) -> None:
        from roguelike.host.client import Terminal

        started = time.monotonic()
        self.term = await Terminal.connect(port, self.name, "benchpass1", source=self.source)
        self.login = time.monotonic() - started  # handshake and registration (scrypt)
        await self.term.wait_for("Play a seed", 60)
        self.term.send("\x1b[B\x1b[B\r")
        await self.term.wait_for("Seed (words", 30)
        self.term.send(SEED + "\r")
        await self.term.wait_for("Choose your party", 90)
        self.term.send("\r")  # the default party
        await self.term.wait_for("D1 R1 ", 90)
        await self.term.quiet(0.3, 10)
        orig = self.term._received

        def received(data: bytes) -> None:
            self.bytes += len(data)
            if self.waiting:
                self.waiting = False
                self.latencies.append(time.monotonic() - self.sent_at)
                self.got.set()
            orig(data)

        self.term._received = received

    def wire(self) -> int:
        return self.bytes

    async def press(self, i: int) -> None:
        start_bytes, start_terminal = self.wire(), self.bytes
        self.got.clear()
        self.waiting = True
        self.sent_at = time.monotonic()
        self.term.send(KEYS[i % len(KEYS)])
        try:
            await asyncio.wait_for(self.got.wait(), 2.0)
        except TimeoutError:
            self.waiting = False
            self.timeouts += 1
        await asyncio.sleep(0.9)  # a brisk human pace; the rest of the step's bytes arrive
        self.step_bytes.append(self.wire() - start_bytes)
        self.term_bytes.append(self.bytes - start_terminal)

    async def run(self, until: float, offset: float) -> None:
        await asyncio.sleep(offset)
        i = 0
        while time.monotonic() < until:
            await self.press(i)
            i += 1


class WebBot(Bot):
    """The same player through the website (roguelike/web/client.py)."""

    async def start(self, port: int) -> None:
        from roguelike.web.client import WebTerminal

        started = time.monotonic()
        self.term = await WebTerminal.connect(f"http://127.0.0.1:{port}", self.name,
                                              "benchpass1", register=True, source=self.source)
        self.login = time.monotonic() - started
        await self.term.wait_for("Play a seed", 60)
        self.term.send("\x1b[B\x1b[B\r")
        await self.term.wait_for("Seed (words", 30)
        self.term.send(SEED + "\r")
        await self.term.wait_for("Choose your party", 90)
        self.term.send("\r")  # the default party
        await self.term.wait_for("D1 R1 ", 90)
        await self.term.quiet(0.3, 10)

        def received(data: bytes) -> None:
            self.bytes += len(data)
            if self.waiting:
                self.waiting = False
                self.latencies.append(time.monotonic() - self.sent_at)
                self.got.set()

        self.term.on_output = received

    def wire(self) -> int:
        return int(self.term.wire)


async def _bench(sessions: int, seconds: float, deadline: float, web: bool = False
                 ) -> dict[str, Any]:
    data = Path(tempfile.mkdtemp(prefix="host-bench-"))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "roguelike", "host", "--port", "0", "--web-port", "0",
        "--data", str(data),
        "--max-sessions", str(sessions + 8), "--max-per-ip", str(sessions + 8),
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        assert proc.stdout is not None
        line = ""
        ports: dict[str, int] = {}
        while "web on" not in line:
            line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
            if not line:
                raise RuntimeError("the host did not start")
            if "listening on" in line:
                ports["ssh"] = int(line.rsplit(":", 1)[1])
            if "web on" in line:
                ports["web"] = int(line.rsplit(":", 1)[1].strip().rstrip("/"))
        port = ports["web" if web else "ssh"]
        asyncio.get_running_loop().create_task(proc.stdout.read())  # keep draining
        bots = [WebBot(i) if web else Bot(i) for i in range(sessions)]
        t0 = time.monotonic()
        started = 0
        # log in a few at a time: each lobby and game costs about a second of CPU to start
        batch = 4
        for i in range(0, sessions, batch):
            if time.monotonic() > deadline - seconds:
                break
            results = await asyncio.gather(*(b.start(port) for b in bots[i:i + batch]),
                                           return_exceptions=True)
            started += sum(1 for r in results if not isinstance(r, BaseException))
        startup = time.monotonic() - t0
        live = [b for b in bots if b.term is not None
                and (web or b.term.chan is not None)]
        until = min(time.monotonic() + seconds, deadline)
        await asyncio.gather(*(b.run(until, (k % 10) / 10) for k, b in enumerate(live)))
        kids = _descendants(proc.pid)
        pss = sum(_mem_kb(p, "Pss") for p in kids) + _mem_kb(proc.pid, "Pss")
        rss = [_mem_kb(p, "Rss") for p in kids]
        lat = sorted(x for b in live for x in b.latencies)
        steps = [s for b in live for s in b.step_bytes]
        term_steps = [s for b in live for s in b.term_bytes]
        logins = sorted(b.login for b in live)
        for b in live:
            closing = b.term.close()
            if closing is not None:
                await closing
        n = max(1, len(live))
        return {
            "host_transport": "web" if web else "ssh",
            "host_sessions": sessions, "host_sessions_started": started,
            "host_startup_s": round(startup, 1),
            "host_login_ms_median": round(statistics.median(logins) * 1000) if logins else None,
            "host_login_ms_max": round(logins[-1] * 1000) if logins else None,
            "host_keypresses": len(lat), "host_keypress_timeouts": sum(b.timeouts for b in live),
            "host_keypress_p50_ms": round(statistics.median(lat) * 1000, 1) if lat else None,
            "host_keypress_p95_ms": round(lat[int(len(lat) * 0.95) - 1] * 1000, 1)
            if lat else None,
            "host_pss_mb_per_session": round(pss / 1024 / n, 1),
            "host_rss_mb_per_game_process": round(statistics.median(rss) / 1024, 1)
            if rss else None,
            "host_step_bytes_median": statistics.median(steps) if steps else None,
            "host_step_bytes_p95": sorted(steps)[int(len(steps) * 0.95) - 1] if steps else None,
            "host_step_terminal_bytes_median": statistics.median(term_steps)
            if term_steps else None,
        }
    finally:
        with contextlib.suppress(ProcessLookupError):
            proc.terminate()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(proc.wait(), 20)
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
        import shutil

        shutil.rmtree(data, ignore_errors=True)


def bench_host(sessions: int = 50, seconds: float = 20.0, timeout: float = 240.0,
               web: bool = False) -> dict[str, Any]:
    """The figures as a dict (benchmarks/run.py merges them); bounded by `timeout`."""
    deadline = time.monotonic() + timeout
    return asyncio.run(asyncio.wait_for(_bench(sessions, seconds, deadline, web),
                                        timeout + 30))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--web", action="store_true", help="the bots play in the website")
    args = parser.parse_args(argv)
    figures = bench_host(args.sessions, args.seconds, web=args.web)
    figures["targets"] = {k: f"{op} {v}" for k, (op, v) in TARGETS.items()}
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    raise SystemExit(main())
