"""A scripted SSH player: an asyncssh client with a pyte screen (tests and the benchmark)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from typing import Any

import asyncssh
import pyte


class _Session(asyncssh.SSHClientSession[bytes]):
    def __init__(self, term: Terminal) -> None:
        self.term = term

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.term._received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.term.closed.set()


class _Client(asyncssh.SSHClient):
    def __init__(self, responses: list[str] | None) -> None:
        self.responses = responses
        self.tried = False

    def kbdint_auth_requested(self) -> str | None:
        if self.tried:  # one try: a refused answer is final, not retried forever
            return None
        self.tried = True
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str,
                                  prompts: Sequence[tuple[str, bool]]) -> list[str] | None:
        if self.responses is None:
            return None
        return self.responses[:len(prompts)] if prompts else []


class Terminal:
    def __init__(self, cols: int = 80, rows: int = 24) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.conn: Any = None
        self.chan: Any = None
        self.closed = asyncio.Event()
        self.changed = asyncio.Event()
        self.received = 0
        self.raw = bytearray()
        self.last_data = time.monotonic()

    @classmethod
    async def connect(cls, port: int, username: str, password: str | None = None,
                      *, cols: int = 80, rows: int = 24, client_keys: Any = None,
                      kbdint: list[str] | None = None, term: str = "xterm-256color",
                      host: str = "127.0.0.1", source: str | None = None,
                      pty_size: tuple[int, int] | None = None) -> Terminal:
        """Log in and open a session with a PTY of `pty_size` (default: the local screen's
        cols x rows) from the address `source` (a 127.0.0.x on loopback) if given."""
        self = cls(cols, rows)
        opts: dict[str, Any] = {"known_hosts": None, "client_keys": client_keys or None,
                                "agent_path": None}
        if kbdint is not None:
            opts["preferred_auth"] = "keyboard-interactive"
        elif password is not None:
            opts["password"] = password
            opts["preferred_auth"] = "password"
        elif client_keys:
            opts["preferred_auth"] = "publickey"
        else:
            opts["preferred_auth"] = "none,password"
        if source is not None:
            opts["local_addr"] = (source, 0)
        self.conn = await asyncssh.connect(host, port, username=username,
                                           client_factory=lambda: _Client(kbdint), **opts)
        self.chan, _ = await self.conn.create_session(
            lambda: _Session(self), term_type=term, term_size=pty_size or (cols, rows),
            encoding=None)
        return self

    def _received(self, data: bytes) -> None:
        self.received += len(data)
        self.raw += data
        self.last_data = time.monotonic()
        self.stream.feed(data)
        self.changed.set()

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def send(self, data: str | bytes) -> None:
        self.chan.write(data.encode() if isinstance(data, str) else data)

    def resize(self, cols: int, rows: int, *, local: bool = True) -> None:
        """Ask the host for cols x rows; `local=False` keeps this side's screen as it is
        (a client claiming a size it does not draw)."""
        if local:
            self.screen.resize(rows, cols)
        self.chan.change_terminal_size(cols, rows)

    async def wait_for(self, text: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        while text not in self.text:
            left = deadline - time.monotonic()
            if left <= 0 or self.closed.is_set():
                raise TimeoutError(f"{text!r} not on screen:\n{self.text}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))
        return self.text

    async def quiet(self, gap: float = 0.15, timeout: float = 5.0) -> None:
        """Wait until nothing has arrived for `gap` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            await asyncio.sleep(gap / 3)
            if time.monotonic() - self.last_data >= gap:
                return

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()

    async def wait_closed(self, timeout: float = 10.0) -> None:
        await asyncio.wait_for(self.closed.wait(), timeout)
