"""A browser's terminal on the host: a WebSocket joined to a session (play) or a game (watch).

The page's script speaks a small protocol (static/terminal.js):
  browser -> host  text   {"type": "hello", "cols", "rows"}   first, within the grace time
                          {"type": "resize", "cols", "rows"}
                   binary the keys typed (play only; a watcher's are ignored)
  host -> browser  binary what the game or lobby draws, as for an SSH terminal
                   text   {"type": "size", "cols", "rows"}     (watch) the game's size
                          {"type": "notice", "text"}           why the socket ends

Play runs the SSH session's own flow (host/session.py: lobby, play, watch, take over,
detach on a drop and reattach) with an `Outbox` in place of the SSH channel, so one game
per account, the detach grace time and the idle time-out are the same code for both.
A WebSocket counts in the host's gate: pending until its hello, then a player.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import WSMsgType, web

from roguelike.host.accounts import Account
from roguelike.host.child import clamp_size
from roguelike.host.gate import refuse_all
from roguelike.host.registry import Host
from roguelike.host.session import HostSession

MAX_MESSAGE = 64 * 1024  # keys and resizes are small; a bigger message ends the socket
JOIN_UP_TO = 256 * 1024  # output chunks queued while the socket was busy go as one frame
HEARTBEAT = 30.0  # a ping this often finds a browser that vanished without closing
CLOSE_WAIT = 1.0  # a closing socket waits this long for the browser's answer, no more
TERM = "xterm-256color"  # what xterm.js is
MIN_COLS, MIN_ROWS = 80, 24


class Outbox:
    """What the host sends one browser, in order, without ever making the host wait: the
    hub calls `write` (its skip-and-repaint rule reads `get_write_buffer_size`), and a task
    sends. It stands in for the SSH channel (`write`, `exit`, `close`)."""

    def __init__(self, ws: web.WebSocketResponse, transport: asyncio.BaseTransport | None
                 ) -> None:
        self.ws = ws
        self.transport = transport
        self.items: deque[bytes | str] = deque()
        self.queued = 0
        self.wake = asyncio.Event()
        self.ending = False
        self.sent = 0  # bytes of output handed to the socket (before compression)

    def write(self, data: bytes) -> None:
        if data and not self.ending:
            self.items.append(bytes(data))
            self.queued += len(data)
            self.wake.set()

    def control(self, message: dict[str, Any]) -> None:
        if not self.ending:
            self.items.append(json.dumps(message))
            self.wake.set()

    def exit(self, code: int = 0) -> None:
        """Close the socket once everything queued is sent."""
        self.ending = True
        self.wake.set()

    def close(self) -> None:
        self.exit()

    def get_write_buffer_size(self) -> int:
        sending = self.transport.get_write_buffer_size() \
            if isinstance(self.transport, asyncio.WriteTransport) else 0
        return self.queued + sending

    async def run(self) -> None:
        try:
            while True:
                await self.wake.wait()
                self.wake.clear()
                while self.items:
                    item = self.items.popleft()
                    if isinstance(item, str):
                        await self.ws.send_str(item)
                        continue
                    parts = [item]
                    size = len(item)
                    while self.items and isinstance(self.items[0], bytes) \
                            and size < JOIN_UP_TO:
                        nxt = self.items.popleft()
                        assert isinstance(nxt, bytes)
                        parts.append(nxt)
                        size += len(nxt)
                    self.queued -= size
                    self.sent += size
                    await self.ws.send_bytes(b"".join(parts))
                if self.ending:
                    await self.ws.close()
                    return
        except (ConnectionError, RuntimeError):
            self.ending = True  # the browser went away; the reader sees it too


class _Login:
    """What HostSession asks of its SSH server: the logged-in account."""

    def __init__(self, account: Account) -> None:
        self.account = account

    def account_for_session(self) -> Account:
        return self.account


class _Socket:
    """One WebSocket in the host's gate (pending, then a player)."""

    def __init__(self, ws: web.WebSocketResponse, addr: str) -> None:
        self.ws = ws
        self.addr = addr
        self.state = ""

    def refuse(self, why: str) -> None:
        self.state = ""  # the gate has forgotten it
        asyncio.get_running_loop().create_task(_close_saying(self.ws, why))


async def _close_saying(ws: web.WebSocketResponse, why: str) -> None:
    with contextlib.suppress(ConnectionError, RuntimeError):
        await ws.send_str(json.dumps({"type": "notice", "text": why}))
        await ws.close()


def _size(message: dict[str, Any]) -> tuple[int, int] | None:
    cols, rows = message.get("cols"), message.get("rows")
    if not isinstance(cols, int) or not isinstance(rows, int) or isinstance(cols, bool) \
            or isinstance(rows, bool):
        return None
    # the page never asks for less than 80x24 (it shrinks its font first)
    return clamp_size(max(MIN_COLS, cols), max(MIN_ROWS, rows))


def _json(data: str) -> dict[str, Any]:
    try:
        message = json.loads(data)
    except ValueError:
        return {}
    return message if isinstance(message, dict) else {}


Serve = Callable[[web.WebSocketResponse, tuple[int, int]], Awaitable[None]]


async def through_gate(host: Host, ws: web.WebSocketResponse, addr: str,
                       serve: Serve) -> None:
    """Count the socket in the gate, wait for its hello (the grace time), then `serve`."""
    sock = _Socket(ws, addr)
    refused, dropped = host.gate.arrive(sock, addr)
    refuse_all(dropped)
    if refused is not None:
        await _close_saying(ws, refused)
        return
    sock.state = "pending"
    try:
        try:
            message = await asyncio.wait_for(ws.receive(), host.config.login_timeout)
        except TimeoutError:
            message = None
        hello = _json(message.data) if message and message.type == WSMsgType.TEXT else {}
        size = _size(hello) if hello.get("type") == "hello" else None
        if size is None or sock.state != "pending":
            await ws.close()
            return
        refused = host.gate.logged_in(sock)
        if refused is not None:
            sock.state = ""
            await _close_saying(ws, refused)
            return
        sock.state = "player"
        await serve(ws, size)
    finally:
        if sock.state:
            host.gate.leave(sock, addr, player=sock.state == "player")


async def play(host: Host, account: Account, ws: web.WebSocketResponse,
               transport: asyncio.BaseTransport | None, size: tuple[int, int]) -> None:
    """The account's lobby and game in this socket, exactly as over SSH."""
    outbox = Outbox(ws, transport)
    session = HostSession(host, _Login(account))
    session.connection_made(outbox)
    session.pty_requested(TERM, (size[0], size[1], 0, 0), None)
    pump = asyncio.get_running_loop().create_task(outbox.run())
    session.session_started()
    try:
        async for message in ws:
            if message.type == WSMsgType.BINARY:
                session.data_received(message.data, None)
            elif message.type == WSMsgType.TEXT:
                wanted = _json(message.data)
                resized = _size(wanted) if wanted.get("type") == "resize" else None
                if resized is not None:
                    session.terminal_size_changed(*resized, 0, 0)
            else:
                break
    finally:
        session.connection_lost(None)  # the game stays for the grace time (session.py)
        outbox.exit()
        with contextlib.suppress(asyncio.CancelledError, TimeoutError):
            await asyncio.wait_for(pump, 2.0)


class WebWatcher:
    """A browser watching a game: a viewer of its hub that only looks."""

    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox
        self.stopped = asyncio.Event()

    def send(self, data: bytes) -> None:
        self.outbox.write(data)

    def backlog(self) -> int:
        return self.outbox.get_write_buffer_size()

    def resized(self, cols: int, rows: int) -> None:
        self.outbox.control({"type": "size", "cols": cols, "rows": rows})

    def stop_watching(self, why: str) -> None:
        self.outbox.control({"type": "notice", "text": why})
        self.stopped.set()


async def watch(host: Host, account_id: int, viewer: Account | None,
                ws: web.WebSocketResponse, transport: asyncio.BaseTransport | None) -> None:
    """Watch the game of `account_id` read-only, if its player lets others watch (or it is
    the viewer's own)."""
    outbox = Outbox(ws, transport)
    pump = asyncio.get_running_loop().create_task(outbox.run())
    game = host.games.get(account_id)
    own = viewer is not None and viewer.id == account_id
    other = host.elsewhere.get(account_id)  # a game on another host (host/relay.py)
    hub = game.hub if game is not None else None
    if game is None and other is not None and (own or other.watchable):
        hub = host.mirrors.get(account_id)
    if hub is None or not hub.running:
        outbox.control({"type": "notice", "text": "This game is not being played now."})
    elif game is not None and not own and not host.allows_watch(game.account):
        outbox.control({"type": "notice", "text": "This player does not let others watch."})
    else:
        watcher = WebWatcher(outbox)
        hub.add_watcher(watcher)
        host.changed()
        reader = asyncio.get_running_loop().create_task(_drain(ws))
        stopped = asyncio.ensure_future(watcher.stopped.wait())
        try:
            await asyncio.wait([reader, stopped, hub.ended],
                               return_when=asyncio.FIRST_COMPLETED)
        finally:
            reader.cancel()
            stopped.cancel()
            hub.remove_watcher(watcher)
            host.mirrors.unwatched(hub)
            host.changed()
        if not hub.running:
            outbox.control({"type": "notice", "text": "The game has ended."})
    outbox.exit()
    with contextlib.suppress(asyncio.CancelledError, TimeoutError):
        await asyncio.wait_for(pump, 2.0)


async def _drain(ws: web.WebSocketResponse) -> None:
    """Read (and ignore) what a watcher's page sends, until it closes."""
    async for message in ws:
        if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
            break
