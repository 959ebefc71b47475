"""One hosted child (a game or a lobby): its PTY, its screen copy, its viewers.

Output from the child is coalesced and flushed at most every `frame_interval` seconds
(remote frame-rate cap); each flush feeds the pyte screen, the asciicast and every
viewer. A viewer whose SSH buffer is backed up is skipped and gets a full repaint once it
drains, so one slow client never holds up the game or the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import time
from collections.abc import Callable
from typing import Protocol

from roguelike.host.cast import CastWriter
from roguelike.host.child import PtyChild
from roguelike.host.screen import GameScreen

BACKLOG = 256 * 1024  # bytes queued on a viewer's channel before frames are dropped


class Viewer(Protocol):
    def send(self, data: bytes) -> None: ...
    def backlog(self) -> int: ...


class _Seat:
    def __init__(self, viewer: Viewer) -> None:
        self.viewer = viewer
        self.stale = False


class Hub:
    def __init__(self, child: PtyChild, cols: int, rows: int, frame_interval: float,
                 cast: CastWriter | None = None) -> None:
        self.child = child
        self.screen = GameScreen(cols, rows)
        self.cast = cast
        self.frame_interval = frame_interval
        self.player: _Seat | None = None
        self.watchers: dict[int, _Seat] = {}
        self.last_input = time.monotonic()
        self.started = time.time()
        self.status: dict[str, object] = {}
        self.bytes_out = 0
        self.ended = asyncio.get_running_loop().create_future()
        self.on_status: Callable[[], None] | None = None
        self._buf = bytearray()
        self._last_flush = 0.0
        self._flush_handle: asyncio.TimerHandle | None = None
        child.start_reading(self._on_data, self._on_eof)

    # ----- output ---------------------------------------------------------------------
    def _on_data(self, data: bytes) -> None:
        self._buf += data
        if self._flush_handle is None:
            loop = asyncio.get_running_loop()
            delay = max(0.0, self._last_flush + self.frame_interval - loop.time())
            self._flush_handle = loop.call_later(delay, self.flush)

    def flush(self) -> None:
        self._flush_handle = None
        self._last_flush = asyncio.get_running_loop().time()
        if not self._buf:
            return
        data = bytes(self._buf)
        self._buf.clear()
        self.screen.feed(data)
        if self.cast is not None:
            self.cast.output(data)
        seats = [self.player] if self.player else []
        for seat in [*seats, *self.watchers.values()]:
            self._send(seat, data)

    def _send(self, seat: _Seat, data: bytes) -> None:
        if seat.viewer.backlog() > BACKLOG:
            seat.stale = True
            return
        if seat.stale:
            seat.stale = False
            data = self.screen.repaint()
        self.bytes_out += len(data)
        seat.viewer.send(data)

    def _on_eof(self) -> None:
        self.flush()
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        asyncio.get_running_loop().create_task(self._reap())

    async def _reap(self) -> None:
        code = await self.child.wait()
        self.child.close()
        if self.cast is not None:
            self.cast.close()
        if not self.ended.done():
            self.ended.set_result(code)

    # ----- input and viewers ----------------------------------------------------------
    def input(self, data: bytes) -> None:
        self.last_input = time.monotonic()
        self.child.write(data)

    def attach(self, viewer: Viewer, cols: int, rows: int) -> Viewer | None:
        """Make `viewer` the player; returns the viewer it replaced, if any."""
        old = self.player.viewer if self.player else None
        self.player = _Seat(viewer)
        self.last_input = time.monotonic()
        self.resize(cols, rows)
        self.repaint(viewer)
        return old

    def detach(self, viewer: Viewer) -> bool:
        if self.player is not None and self.player.viewer is viewer:
            self.player = None
            return True
        return False

    def add_watcher(self, viewer: Viewer) -> None:
        self.watchers[id(viewer)] = _Seat(viewer)
        self.repaint(viewer)

    def remove_watcher(self, viewer: Viewer) -> None:
        self.watchers.pop(id(viewer), None)

    def repaint(self, viewer: Viewer) -> None:
        self.flush()  # anything still buffered goes into the screen copy first
        data = self.screen.repaint()
        self.bytes_out += len(data)
        viewer.send(data)

    def resize(self, cols: int, rows: int) -> None:
        if (cols, rows) == self.screen.size:
            return
        self.flush()
        self.screen.resize(cols, rows)
        self.child.resize(cols, rows)
        if self.cast is not None:
            self.cast.resize(cols, rows)

    @property
    def idle(self) -> float:
        return time.monotonic() - self.last_input

    @property
    def running(self) -> bool:
        return not self.ended.done()

    # ----- status lines from the game (depth, seed) -----------------------------------
    def read_status(self, fd: int) -> None:
        loop = asyncio.get_running_loop()
        buf = bytearray()

        def readable() -> None:
            try:
                data = os.read(fd, 4096)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                loop.remove_reader(fd)
                with contextlib.suppress(OSError):
                    os.close(fd)
                return
            buf.extend(data)
            while b"\n" in buf[:8192]:
                line, _, rest = bytes(buf).partition(b"\n")
                buf[:] = rest
                with contextlib.suppress(ValueError):
                    status = json.loads(line)
                    if isinstance(status, dict):
                        self.status = {k: v for k, v in status.items()
                                       if k in ("seed", "depth", "round", "over")
                                       and isinstance(v, int | str | bool)}
                        if self.on_status:
                            self.on_status()
            if len(buf) > 8192:
                buf.clear()

        os.set_blocking(fd, False)
        loop.add_reader(fd, readable)
