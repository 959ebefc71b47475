"""The website's listener: HTTP or HTTPS on the host's event loop, inside the SSH caps.

Every TCP connection to the web port joins the host's gate (host/gate.py) as *pending*,
the pool of SSH connections still logging in: it must make its first request within the
login grace time or it is closed, and a full pool drops the oldest pending connection of
the busiest address, so a flood of connections that never speak (or speak too slowly,
or never finish a TLS handshake) pushes only itself out. Once a request arrives the
connection is settled: a page load is quick, and an idle kept-alive connection is closed
after KEEPALIVE seconds. A terminal's WebSocket then joins the gate again (terminal.py).

aiohttp serves the requests; this module only wraps its protocol to do the counting.
"""

from __future__ import annotations

import asyncio
import ssl
from typing import Any

from aiohttp import web
from aiohttp.web_request import BaseRequest

from roguelike.host.config import HostConfig
from roguelike.host.gate import refuse_all
from roguelike.host.registry import Host

KEEPALIVE = 15.0  # seconds an idle kept-alive HTTP connection stays open


class _Gated(asyncio.Protocol):
    """aiohttp's protocol for one connection, counted in the host's gate until its first
    request (WebDoor.settle)."""

    def __init__(self, inner: Any, door: WebDoor) -> None:
        self.inner = inner
        self.door = door
        self.transport: asyncio.BaseTransport | None = None
        self.addr = "?"
        self.pending = False
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.addr = str(peer[0]) if peer else "?"
        self.door.open[transport] = self
        if not self.door.host.config.from_proxy(self.addr):  # (a proxy's: its own)
            _refused, dropped = self.door.host.gate.arrive(self, self.addr, player_cap=False)
            refuse_all(dropped)
            self.pending = True
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(self.door.host.config.login_timeout, self._too_slow)
        self.inner.connection_made(transport)

    def settle(self) -> None:
        if self.pending:
            self.pending = False
            self.door.host.gate.settle(self)
            self._cancel_timer()

    def refuse(self, why: str) -> None:
        """Dropped by the gate for a newcomer (it has forgotten this one)."""
        self.pending = False
        self._cancel_timer()
        if self.transport is not None:
            self.transport.close()

    def _too_slow(self) -> None:
        self._timer = None
        if self.pending:
            self.pending = False
            self.door.host.gate.leave(self, self.addr, player=False)
            if self.transport is not None:
                self.transport.close()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return bool(self.inner.eof_received())

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.pending:
            self.pending = False
            self.door.host.gate.leave(self, self.addr, player=False)
        self._cancel_timer()
        if self.transport is not None:
            self.door.open.pop(self.transport, None)
        self.inner.connection_lost(exc)


class WebDoor:
    """The web listener of one host (start, port, close)."""

    def __init__(self, host: Host, app: web.Application) -> None:
        self.host = host
        self.app = app
        self.open: dict[asyncio.BaseTransport, _Gated] = {}
        self.runner = web.AppRunner(app, handle_signals=False, access_log=None,
                                    keepalive_timeout=KEEPALIVE)
        self.server: asyncio.Server | None = None
        self.tls = False

    async def start(self, config: HostConfig, port: int) -> int:
        """Listen on config.bind:port (0: any free port); returns the port."""
        context = tls_context(config)
        self.tls = context is not None
        await self.runner.setup()
        factory = self.runner.server
        assert factory is not None
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(
            lambda: _Gated(factory(), self), config.bind, port, ssl=context,
            ssl_handshake_timeout=config.login_timeout if context else None,
            reuse_address=True)
        return int(self.server.sockets[0].getsockname()[1])

    def settle(self, request: BaseRequest) -> None:
        """The request's connection has made a request: no longer pending."""
        gated = self.open.get(request.transport) if request.transport else None
        if gated is not None:
            gated.settle()

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
        await self.runner.cleanup()


def tls_context(config: HostConfig) -> ssl.SSLContext | None:
    if config.tls_cert is None or config.tls_key is None:
        return None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(str(config.tls_cert), str(config.tls_key))
    return context
