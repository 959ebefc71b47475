"""Watching a game that runs on another host: its asciicast, read as it grows.

Hosts that share a database share one data folder too (README, "More than one host behind
one address"), and the host running a game writes its asciicast into the player's folder
frame by frame (hub.py flushes each frame). Another host watches that game by following
the file: a CastTail stands in for the game's process under a Hub of its own (a mirror),
so a watcher there gets what a watcher on the game's own host gets (the whole screen on
joining, then each frame; framed in a smaller window; the banner), and the hosts need no
connection to each other beyond the folder and the database they already share.
The file is polled (every POLL seconds: inotify sees nothing of another machine's writes
over NFS), so a remote watcher sees a frame up to POLL later than a local one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path

from roguelike.host.hub import Hub
from roguelike.host.paths import account_dir

POLL = 0.1  # seconds between looks at a cast that has not grown
CHUNK = 64 * 1024  # bytes read at a time


def live_cast(account_folder: Path) -> Path | None:
    """The cast being written for the account's live game: its newest."""
    newest: tuple[float, Path] | None = None
    with contextlib.suppress(OSError):
        for path in (account_folder / "casts").glob("*.cast"):
            with contextlib.suppress(OSError):
                stamp = path.stat().st_mtime
                if newest is None or stamp > newest[0]:
                    newest = stamp, path
    return newest[1] if newest else None


def cast_size(path: Path) -> tuple[int, int] | None:
    """The terminal size a cast begins with (its header), or None if it is not one."""
    try:
        with path.open("rb") as f:
            header = json.loads(f.readline(CHUNK))
        return int(header["width"]), int(header["height"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


class CastTail:
    """A game on another host, as a Hub's child: its output is its cast's, read as the
    file grows, until the game is no longer live there (`live` says) and the file has
    stopped growing. Keys and signals go nowhere: a mirror is only watched."""

    def __init__(self, path: Path, live: Callable[[], bool]) -> None:
        self.path = path
        self.live = live
        self.pid = 0
        self._resume = asyncio.Event()
        self._resume.set()
        self._done = asyncio.get_running_loop().create_future()
        self._task: asyncio.Task[None] | None = None
        self.on_resize: Callable[[int, int], None] | None = None

    def start_reading(self, on_data: Callable[[bytes], None], on_eof: Callable[[], None]
                      ) -> None:
        self._task = asyncio.get_running_loop().create_task(self._follow(on_data, on_eof))

    async def _follow(self, on_data: Callable[[bytes], None], on_eof: Callable[[], None]
                      ) -> None:
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            on_eof()
            return
        try:
            partial = b""
            header = True
            while True:
                await self._resume.wait()
                chunk = os.read(fd, CHUNK)
                if not chunk:
                    if not self.live():
                        break
                    await asyncio.sleep(POLL)
                    continue
                lines = (partial + chunk).split(b"\n")
                partial = lines.pop()  # a line the other host has not finished writing
                for line in lines:
                    if header:
                        header = False
                        continue
                    self._event(line, on_data)
        finally:
            os.close(fd)
            on_eof()

    def _event(self, line: bytes, on_data: Callable[[bytes], None]) -> None:
        try:
            _t, kind, data = json.loads(line)
        except (ValueError, TypeError):
            return  # (not an event: skipped, as a player of the cast would)
        if kind == "o" and isinstance(data, str):
            on_data(data.encode("utf-8", "replace"))
        elif kind == "r" and isinstance(data, str) and self.on_resize is not None:
            with contextlib.suppress(ValueError):
                cols, rows = (int(n) for n in data.split("x"))
                self.on_resize(cols, rows)

    def pause_reading(self) -> None:
        self._resume.clear()

    def resume_reading(self) -> None:
        self._resume.set()

    def write(self, data: bytes) -> None:
        pass

    def resize(self, cols: int, rows: int) -> None:
        pass

    def signal(self, sig: int) -> None:
        pass

    def stop(self) -> None:
        """No one watches any more: stop following (the hub then ends)."""
        if self._task is not None:
            self._task.cancel()

    async def wait(self) -> int:
        if self._task is not None:
            await asyncio.wait([self._task])
        return 0

    async def hang_up(self, wait: float) -> int:
        self.stop()
        return await self.wait()

    def close(self) -> None:
        pass


class Mirrors:
    """A host's mirrors: one hub per game on another host that someone here watches,
    made at the first watcher and ended after the last (or when the game ends there)."""

    def __init__(self, data: Path, frame_interval: float, live: Callable[[int], bool]
                 ) -> None:
        self.data = data
        self.frame_interval = frame_interval
        self.live = live  # is the account's game live on another host?
        self.hubs: dict[int, Hub] = {}

    def get(self, account_id: int) -> Hub | None:
        """The mirror of the account's game on another host, made now if need be; None if
        there is no such game (or its recording cannot be read here)."""
        hub = self.hubs.get(account_id)
        if hub is not None and hub.running:
            return hub
        if not self.live(account_id):
            return None
        path = live_cast(account_dir(self.data, account_id))
        size = cast_size(path) if path is not None else None
        if path is None or size is None:
            return None
        tail = CastTail(path, lambda: self.live(account_id))
        hub = Hub(tail, *size, self.frame_interval)
        tail.on_resize = hub.resize
        self.hubs[account_id] = hub
        hub.ended.add_done_callback(lambda _: self._ended(account_id, hub))
        return hub

    def _ended(self, account_id: int, hub: Hub) -> None:
        if self.hubs.get(account_id) is hub:
            del self.hubs[account_id]

    def unwatched(self, hub: Hub) -> None:
        """A watcher left `hub`: a mirror nobody watches stops following its game."""
        if not hub.watchers and isinstance(hub.child, CastTail):
            hub.child.stop()

    def stop_all(self) -> None:
        for hub in list(self.hubs.values()):
            if isinstance(hub.child, CastTail):
                hub.child.stop()
