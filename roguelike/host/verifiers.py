"""The host's verification workers: processes beside it (roguelike/challenges/worker.py)
that take jobs from the queue in the database. The host starts them when there is work
and each ends after a minute without any; one that dies is started again (up to a few
times a minute) and the job it held goes back to the queue.

At the host's start every job still marked running is put back: its worker died with the
previous host (a worker ends with its host), so `kill -9` of the host loses no job.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import time
from pathlib import Path

from roguelike.challenges.limits import Limits
from roguelike.challenges.model import this_engine
from roguelike.challenges.store import Store

log = logging.getLogger("roguelike.host")
RESTARTS_PER_MINUTE = 5


class Verifiers:
    def __init__(self, data: Path, store: Store, count: int, limits: Limits,
                 idle: float) -> None:
        self.data = Path(data)
        self.store = store
        self.count = max(0, count)
        self.limits = limits
        self.idle = idle
        self.procs: dict[str, asyncio.subprocess.Process] = {}
        self.serial = 0
        self.restarts: list[float] = []
        self.closed = False

    async def start(self) -> None:
        back = await asyncio.to_thread(self.store.recover)
        if back:
            log.info("%d verification job(s) the last host left unfinished are queued again",
                     back)
        await self.ensure()

    async def ensure(self) -> None:
        """Workers up to the configured number while jobs wait."""
        if self.closed or len(self.procs) >= self.count:
            return
        # (a job waiting for a host of another game version is not ours to start for)
        waiting = await asyncio.to_thread(self.store.claimable, [this_engine()])
        while waiting > 0 and len(self.procs) < self.count and not self.closed:
            await self._spawn()
            waiting -= 1

    async def _spawn(self) -> None:
        self.serial += 1
        name = f"w{self.serial}"
        lim = self.limits
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "roguelike.challenges.worker", "--data", str(self.data),
            "--name", name, "--idle", str(self.idle), "--max-bytes", str(lim.max_bytes),
            "--max-actions", str(lim.max_actions), "--cpu-seconds", str(lim.cpu_seconds),
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL)
        self.procs[name] = proc
        asyncio.get_running_loop().create_task(self._watch(name, proc))

    async def _watch(self, name: str, proc: asyncio.subprocess.Process) -> None:
        code = await proc.wait()
        self.procs.pop(name, None)
        if self.closed:
            return
        if code != 0:  # it died holding a job, maybe: the job goes back to the queue
            back = await asyncio.to_thread(self.store.recover, name)
            log.warning("verification worker %s ended with %s; %d job(s) queued again",
                        name, code, back)
            now = time.monotonic()
            self.restarts = [t for t in self.restarts if now - t < 60] + [now]
            if len(self.restarts) > RESTARTS_PER_MINUTE:
                await asyncio.sleep(30)
        await self.ensure()

    def pids(self) -> list[int]:
        return [p.pid for p in self.procs.values()]

    async def stop(self) -> None:
        self.closed = True
        for proc in list(self.procs.values()):
            with contextlib.suppress(ProcessLookupError):
                proc.terminate()
        for proc in list(self.procs.values()):
            try:
                await asyncio.wait_for(proc.wait(), 5)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
