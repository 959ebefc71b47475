"""The real host as its own process (`roguelike host`) on loopback, for the benchmarks and
the end-to-end tests: started, its ports read from what it prints, stopped or killed."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class RealHost:
    def __init__(self, data: Path, log: Path | None = None) -> None:
        self.data = Path(data)
        self.log = log  # where the host's log (its stderr) goes; none kept without
        self.proc: asyncio.subprocess.Process | None = None
        self.ssh_port = 0
        self.web_port = 0
        self.lines: list[str] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.web_port}"

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    async def start(self, *options: str, timeout: float = 60.0) -> RealHost:
        with contextlib.ExitStack() as files:
            log = files.enter_context(self.log.open("ab")) if self.log else subprocess.DEVNULL
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "roguelike", "host", "--port", "0", "--web-port", "0",
                "--data", str(self.data), *options, stdout=subprocess.PIPE, stderr=log,
                cwd=ROOT)
        assert self.proc.stdout is not None
        line = ""
        while "web on" not in line:
            line = (await asyncio.wait_for(self.proc.stdout.readline(), timeout)).decode()
            if not line:
                raise RuntimeError("the host did not start: " + "".join(self.lines))
            self.lines.append(line)
            if "listening on" in line:
                self.ssh_port = int(line.rsplit(":", 1)[1])
        self.web_port = int(line.rsplit(":", 1)[1].strip().rstrip("/"))
        asyncio.get_running_loop().create_task(self._drain())
        return self

    async def _drain(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        while line := await self.proc.stdout.readline():
            self.lines.append(line.decode())

    async def stop(self) -> None:
        if self.proc is None or self.proc.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            self.proc.terminate()
        try:
            await asyncio.wait_for(self.proc.wait(), 30)
        except TimeoutError:
            await self.kill()

    async def kill(self) -> None:
        """SIGKILL: no handler runs, nothing is saved or closed by the host itself."""
        if self.proc is None or self.proc.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
