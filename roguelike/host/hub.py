"""One hosted child (a game or a lobby): its PTY, its screen copy, its viewers.

Output from the child is coalesced and flushed at most every `frame_interval` seconds
(remote frame-rate cap); each flush goes to the asciicast and every viewer at once, and is
queued for the screen copy (pyte, see screen.py), which is slow: no session may make the
host parse for long. The copy is fed SLICE bytes per turn of the event loop, so every
other session's work runs between two slices; one child's copy gets at most CPU_SHARE of
the host's time; and a child whose output is more than PAUSE_AT ahead of the copy is not
read until the copy has caught up (the child then waits on its full PTY). A viewer whose
SSH buffer is backed up is skipped and gets a full repaint once it drains (at most every
REPAINT_GAP), so one slow client never holds up the game or the others; window changes
are applied at most every RESIZE_GAP.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from collections import deque
from collections.abc import Callable
from typing import Protocol

from roguelike.game_status import Status, parse_status
from roguelike.host.cast import CastWriter
from roguelike.host.child import clamp_size
from roguelike.host.play_trace import PlayTrace
from roguelike.host.screen import GameScreen

BACKLOG = 256 * 1024  # bytes queued on a viewer's channel before frames are dropped
SLICE = 16 * 1024  # output parsed into the screen copy per turn of the event loop
PAUSE_AT = 256 * 1024  # output not yet parsed at which the child is no longer read
# The screen copy of one child takes at most CPU_SHARE of the host's time (after a burst
# of CPU_BURST seconds); past it the copy waits, so the child waits too (PAUSE_AT).
CPU_SHARE, CPU_BURST = 0.25, 0.5
REPAINT_GAP = 0.5  # a viewer is repainted at most this often
# A watcher whose window is smaller than the game sees it framed (screen.py `framed`): a
# repaint for each change, at most this often
FRAMED_GAP = 0.1
RESIZE_GAP = 0.1  # window changes are applied at most this often (the latest wins)


class Viewer(Protocol):
    """An SSH session, a browser's terminal or a watcher. A viewer may also have
    `watchers(n)` (the player: how many watch now) and `resized(cols, rows)` (a watcher:
    the game's screen size changed, before what is drawn at the new size); the hub calls
    them when they are there."""

    def send(self, data: bytes) -> None: ...
    def backlog(self) -> int: ...


class Child(Protocol):
    """What a hub runs: a game's process on its PTY (child.py's PtyChild), or a game on
    another host followed through its recording (relay.py's CastTail)."""

    pid: int

    def start_reading(self, on_data: Callable[[bytes], None], on_eof: Callable[[], None]
                      ) -> None: ...
    def pause_reading(self) -> None: ...
    def resume_reading(self) -> None: ...
    def write(self, data: bytes) -> None: ...
    def resize(self, cols: int, rows: int) -> None: ...
    def signal(self, sig: int) -> None: ...
    async def wait(self) -> int: ...
    async def hang_up(self, wait: float) -> int: ...
    def close(self) -> None: ...


class _Seat:
    def __init__(self, viewer: Viewer, window: tuple[int, int] | None = None) -> None:
        self.viewer = viewer
        self.fresh = True  # gets a full repaint before any live output (new or fell behind)
        self.repainted = -REPAINT_GAP
        self.window = window  # a watcher's window (cols, rows); None: the player's own


class Hub:
    def __init__(self, child: Child, cols: int, rows: int, frame_interval: float,
                 cast: CastWriter | None = None) -> None:
        self.child = child
        cols, rows = clamp_size(cols, rows)
        self.screen = GameScreen(cols, rows)
        self.cast = cast
        self.frame_interval = frame_interval
        self.player: _Seat | None = None
        self.watchers: dict[int, _Seat] = {}
        self.last_input = time.monotonic()
        self.started = time.time()
        self.status: Status = {}
        self.bytes_out = 0
        self.bytes_in = 0
        self.last_output = 0.0  # (the event loop's time of the child's last bytes)
        self.loop = asyncio.get_running_loop()
        self.ended = self.loop.create_future()
        self.on_status: Callable[[], None] | None = None
        self._buf = bytearray()
        self._last_flush = 0.0
        self._flush_handle: asyncio.TimerHandle | None = None
        # flushed output (bytes) and window changes (cols, rows) not yet in the screen copy
        self._unparsed: deque[bytes | tuple[int, int]] = deque()
        self._unparsed_bytes = 0
        self._pump_handle: asyncio.Handle | None = None
        self._paused = False
        self._credit, self._credit_at = CPU_BURST, self.loop.time()
        self.parse_time = 0.0  # seconds spent on the screen copy, all told
        self._repaint_handle: asyncio.TimerHandle | None = None
        self._size = (cols, rows)  # the PTY's size as last set
        self._want_size = self._size
        self._last_resize = -RESIZE_GAP
        self._resize_handle: asyncio.TimerHandle | None = None
        self.trace: PlayTrace | None = None  # Play's moments to the first screen
        child.start_reading(self._on_data, self._on_eof)

    # ----- output ---------------------------------------------------------------------
    def _on_data(self, data: bytes) -> None:
        if self.trace is not None and not self.bytes_in:
            self.trace.mark("first_output")
        self.bytes_in += len(data)
        self.last_output = self.loop.time()
        self._buf += data
        if not self._paused and len(self._buf) + self._unparsed_bytes >= PAUSE_AT:
            self._paused = True
            self.child.pause_reading()
        if self._flush_handle is None:
            delay = max(0.0, self._last_flush + self.frame_interval - self.loop.time())
            self._flush_handle = self.loop.call_later(delay, self.flush)

    def flush(self) -> None:
        """Send what the child wrote to every viewer now; the screen copy follows."""
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        self._last_flush = self.loop.time()
        if not self._buf:
            return
        data = bytes(self._buf)
        self._buf.clear()
        if self.cast is not None:
            self.cast.output(data)
            # each frame on disk at once: another host's watchers follow the file (relay.py)
            self.cast.flush()
        for seat in self._seats():
            if seat.fresh:
                continue
            if self._fits(seat):
                self._send(seat, data)
            else:  # framed from the screen copy once it has caught up with this
                seat.fresh = True
        self._queue(data)

    def _fits(self, seat: _Seat) -> bool:
        """Whether the seat's window holds the whole game (then it is sent the game's own
        output; a smaller one is framed: what a terminal cannot scale, it wraps)."""
        cols, rows = self.screen.size
        return seat.window is None or (seat.window[0] >= cols and seat.window[1] >= rows)

    def _seats(self) -> list[_Seat]:
        return [*([self.player] if self.player else []), *self.watchers.values()]

    def _send(self, seat: _Seat, data: bytes) -> None:
        if seat.viewer.backlog() > BACKLOG:
            seat.fresh = True  # repainted once it drains
            self._repaint_fresh()
            return
        self.bytes_out += len(data)
        if self.trace is not None and seat is self.player:
            self.trace.frame(len(data))
        seat.viewer.send(data)

    def _queue(self, item: bytes | tuple[int, int]) -> None:
        self._unparsed.append(item)
        if isinstance(item, bytes):
            self._unparsed_bytes += len(item)
        if self._pump_handle is None:
            self._pump_handle = self.loop.call_soon(self._pump)

    def _pump(self) -> None:
        """Feed at most SLICE bytes to the screen copy, then let the event loop go on."""
        self._pump_handle = None
        now = self.loop.time()
        self._credit = min(CPU_BURST, self._credit + (now - self._credit_at) * CPU_SHARE)
        self._credit_at = now
        if self._credit <= 0:  # over its share of the host: wait for it to come back
            self._pump_handle = self.loop.call_later(-self._credit / CPU_SHARE, self._pump)
            return
        started = time.perf_counter()
        self._slice()
        spent = time.perf_counter() - started
        self._credit -= spent
        self.parse_time += spent
        if self._unparsed:
            self._pump_handle = self.loop.call_soon(self._pump)
            return
        if self._paused:  # caught up: read the child again
            self._paused = False
            self.child.resume_reading()
        self._repaint_fresh()

    def _slice(self) -> None:
        budget = SLICE
        while self._unparsed and budget > 0:
            item = self._unparsed.popleft()
            if isinstance(item, tuple):
                self.screen.resize(*item)
                continue
            if len(item) > budget:
                self._unparsed.appendleft(item[budget:])
                item = item[:budget]
            self._unparsed_bytes -= len(item)
            budget -= len(item)
            self.screen.feed(item)

    def caught_up(self) -> bool:
        return not self._unparsed

    def _repaint_fresh(self) -> None:
        """Repaint every viewer that needs it, once the copy has caught up with what the
        others were sent, its channel has drained and its last repaint is REPAINT_GAP ago."""
        if self._repaint_handle is not None or not self.caught_up():
            return
        now = self.loop.time()
        wait = 0.0
        for seat in self._seats():
            if not seat.fresh:
                continue
            fits = self._fits(seat)
            due = seat.repainted + (REPAINT_GAP if fits else FRAMED_GAP) - now
            if due > 0 or seat.viewer.backlog() > BACKLOG // 2:
                wait = max(wait, due, self.frame_interval)
                continue
            seat.fresh = False
            seat.repainted = now
            data = self.screen.repaint() if fits or seat.window is None \
                else self.screen.framed(*seat.window)
            self.bytes_out += len(data)
            if self.trace is not None and seat is self.player:
                self.trace.frame(len(data))
            seat.viewer.send(data)
        if wait > 0:
            self._repaint_handle = self.loop.call_later(wait, self._repaint_later)

    def _repaint_later(self) -> None:
        self._repaint_handle = None
        self._repaint_fresh()

    def _on_eof(self) -> None:
        self.flush()
        self.loop.create_task(self._reap())

    async def _reap(self) -> None:
        code = await self.child.wait()
        self.child.close()
        if self.cast is not None:
            self.cast.close()
        for handle in (self._repaint_handle, self._resize_handle):
            if handle is not None:
                handle.cancel()
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
        self._repaint_fresh()
        if self.watchers:
            self._tell_player()
        return old

    def detach(self, viewer: Viewer) -> bool:
        if self.player is not None and self.player.viewer is viewer:
            self.player = None
            return True
        return False

    def add_watcher(self, viewer: Viewer, cols: int = 0, rows: int = 0) -> None:
        """A watcher with a window of cols x rows (0: as large as the game); a viewer that
        takes the game's size (a web page's terminal, `resized`) is told it."""
        resized = getattr(viewer, "resized", None)
        if resized is not None:
            resized(*self.screen_size_sent)
        self.watchers[id(viewer)] = _Seat(viewer, (cols, rows) if cols and rows else None)
        self._repaint_fresh()
        self._tell_player()

    @property
    def screen_size_sent(self) -> tuple[int, int]:
        """The size of what the viewers are being sent: the PTY's as last set."""
        return self._size

    def _tell_player(self) -> None:
        if self.player is not None:
            told = getattr(self.player.viewer, "watchers", None)
            if told is not None:
                told(len(self.watchers))

    def watcher_resized(self, viewer: Viewer, cols: int, rows: int) -> None:
        """A watcher's window changed: repainted to fit it (the game's size is the
        player's, never a watcher's)."""
        seat = self.watchers.get(id(viewer))
        if seat is not None:
            seat.window = (cols, rows)
            seat.fresh = True
            self._repaint_fresh()

    def repaint_viewer(self, viewer: Viewer) -> None:
        """A full repaint for this viewer (at most every REPAINT_GAP)."""
        for seat in self._seats():
            if seat.viewer is viewer:
                seat.fresh = True
        self._repaint_fresh()

    def remove_watcher(self, viewer: Viewer) -> None:
        if self.watchers.pop(id(viewer), None) is not None:
            self._tell_player()

    def resize(self, cols: int, rows: int) -> None:
        """The player's window changed: clamped, and applied at most every RESIZE_GAP."""
        self._want_size = clamp_size(cols, rows)
        if self._resize_handle is None and self._want_size != self._size:
            delay = max(0.0, self._last_resize + RESIZE_GAP - self.loop.time())
            self._resize_handle = self.loop.call_later(delay, self._apply_resize)

    def _apply_resize(self) -> None:
        self._resize_handle = None
        if self._want_size == self._size or not self.running:
            return
        self._last_resize = self.loop.time()
        self._size = self._want_size
        self.flush()  # what was drawn for the old size goes first, in order
        for seat in self.watchers.values():
            resized = getattr(seat.viewer, "resized", None)
            if resized is not None:
                resized(*self._size)
        self._queue(self._size)
        self.child.resize(*self._size)
        if self.cast is not None:
            self.cast.resize(*self._size)

    @property
    def idle(self) -> float:
        return time.monotonic() - self.last_input

    @property
    def running(self) -> bool:
        return not self.ended.done()

    # ----- telling the game ------------------------------------------------------------
    def tell_reattached(self, moved: bool) -> None:
        """The game shows that its player is back (SIGUSR1) or came in from another
        connection (SIGUSR2); ui/hosted.py handles both. Sent once the game has reported
        its status, which it does only after its handlers are in place: before that the
        signals' default action would end it."""
        self._tell = signal.SIGUSR2 if moved else signal.SIGUSR1
        if self.status:
            self._send_tell()

    _tell: int | None = None

    def _send_tell(self) -> None:
        if self._tell is not None:
            self.child.signal(self._tell)
            self._tell = None

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
                status = parse_status(line)
                if status is not None:
                    self.status = status
                    self._send_tell()
                    if self.on_status:
                        self.on_status()
            if len(buf) > 8192:
                buf.clear()

        os.set_blocking(fd, False)
        loop.add_reader(fd, readable)
