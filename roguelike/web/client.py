"""A scripted web player: logs in with the website's forms, then drives /ws/play as the
page's script does, with a pyte screen (tests and the host benchmark; the browser tests
use a real browser instead)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import Callable
from typing import Any

import aiohttp
import pyte

TOKEN = re.compile(r'name="form_token" value="([0-9a-f]{64})"')


class WebTerminal:
    def __init__(self, base: str, cols: int, rows: int) -> None:
        self.base = base
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.session: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()
        self.received = 0  # bytes of terminal output (after the WebSocket's inflate)
        self.wire = 0  # bytes read from the socket (frames, compressed)
        self.last_data = time.monotonic()
        self.notices: list[str] = []
        self.on_output: Callable[[bytes], None] | None = None  # (the benchmark's stopwatch)
        self._reader: asyncio.Task[None] | None = None

    @classmethod
    async def connect(cls, base: str, name: str, password: str, *, register: bool = False,
                      cols: int = 80, rows: int = 24, source: str | None = None,
                      hello: tuple[int, int] | None = None) -> WebTerminal:
        """Log in (or register) at `base` (http://host:port) from address `source`, open
        the play terminal and say hello with `hello` (default: cols x rows)."""
        self = cls(base, cols, rows)
        connector = aiohttp.TCPConnector(local_addr=(source, 0) if source else None)
        # unsafe: keep the cookies of an address like 127.0.0.1, as a browser does
        self.session = aiohttp.ClientSession(connector=connector,
                                             cookie_jar=aiohttp.CookieJar(unsafe=True))
        try:
            await self.log_in(name, password, register)
            await self.open("/ws/play", hello or (cols, rows))
        except BaseException:
            await self.session.close()
            raise
        return self

    async def log_in(self, name: str, password: str, register: bool) -> None:
        assert self.session is not None
        form = "/register" if register else "/login"
        async with self.session.get(self.base + form) as page:
            found = TOKEN.search(await page.text())
        if found is None:
            raise RuntimeError(f"no form on {form}")
        data = {"form_token": found.group(1), "name": name, "password": password,
                "password2": password, "next": "/play"}
        async with self.session.post(self.base + form, data=data,
                                     allow_redirects=False) as answer:
            if answer.status != 303:
                raise PermissionError(f"{form}: {answer.status}")

    async def open(self, path: str, hello: tuple[int, int]) -> None:
        assert self.session is not None
        self.ws = await self.session.ws_connect(
            self.base.replace("http", "ws", 1) + path, origin=self.base, compress=15)
        self._count_wire()
        await self.ws.send_str(json.dumps({"type": "hello", "cols": hello[0],
                                           "rows": hello[1]}))
        self._reader = asyncio.get_running_loop().create_task(self._read())

    def _count_wire(self) -> None:
        """Count the bytes the socket brings (aiohttp keeps them to itself)."""
        assert self.ws is not None
        connection: Any = vars(self.ws)["_conn"]  # (aiohttp's own; not in its API)
        protocol = connection.protocol
        inner = protocol.data_received

        def counted(data: bytes) -> None:
            self.wire += len(data)
            inner(data)

        protocol.data_received = counted

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for message in self.ws:
                if message.type == aiohttp.WSMsgType.BINARY:
                    if self.on_output is not None:
                        self.on_output(message.data)
                    self.received += len(message.data)
                    self.last_data = time.monotonic()
                    self.stream.feed(message.data)
                    self.changed.set()
                elif message.type == aiohttp.WSMsgType.TEXT:
                    with contextlib.suppress(ValueError):
                        self.notices.append(str(json.loads(message.data).get("text", "")))
        finally:
            self.closed.set()
            self.changed.set()

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def send(self, data: str | bytes) -> None:
        assert self.ws is not None
        payload = data.encode() if isinstance(data, str) else data
        asyncio.get_running_loop().create_task(self.ws.send_bytes(payload))

    async def resize(self, cols: int, rows: int, *, local: bool = True) -> None:
        assert self.ws is not None
        if local:
            self.screen.resize(rows, cols)
        await self.ws.send_str(json.dumps({"type": "resize", "cols": cols, "rows": rows}))

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
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            await asyncio.sleep(gap / 3)
            if time.monotonic() - self.last_data >= gap:
                return

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                await asyncio.wait_for(self._reader, 5)
        if self.session is not None:
            await self.session.close()
