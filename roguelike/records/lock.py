"""One game process per save slot: an advisory lock held while a game is in play.

Two windows continuing one saved game would each append to its journal and play the same
moment twice (or tear the file). The process playing a slot holds an exclusive `flock` on
`<slot>.lock`; the kernel drops it when the process ends in any way (kill -9 included), so
a crash never leaves a stale lock behind, and nothing has to be cleaned up by hand. The
file keeps the holder's process id for the message shown to a second window.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from roguelike.records.errors import SaveError

try:
    import fcntl
except ImportError:  # no flock (Windows): one window at a time is then up to the player
    fcntl = None  # type: ignore[assignment]


class SlotBusy(SaveError):
    """Another live process plays this slot; str() is for the player."""

    def __init__(self, pid: int | None) -> None:
        who = f" (process {pid})" if pid else ""
        super().__init__(f"This saved game is open in another window{who}. "
                         "Close that one first.")
        self.pid = pid


def _pid_in(fd: int) -> int | None:
    with contextlib.suppress(OSError, ValueError):
        return int(os.pread(fd, 32, 0).decode().strip() or 0) or None
    return None


class SlotLock:
    """The held lock; `release` (or the process's end) frees it."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path, self.fd = path, fd

    @classmethod
    def take(cls, path: Path) -> SlotLock:
        """Lock `path` for this process, or raise SlotBusy naming the holder."""
        if fcntl is None:
            return cls(path, None)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _pid_in(fd)
            os.close(fd)
            raise SlotBusy(pid) from None
        except BaseException:
            os.close(fd)
            raise
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        return cls(path, fd)

    def release(self) -> None:
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.close(self.fd)  # closing the descriptor drops the flock
            self.fd = None


def holder(path: Path) -> int | None:
    """The id of another live process holding `path`'s lock (-1 if it cannot be told),
    None if nobody does. Never creates the file (the menu asks this at every start)."""
    if fcntl is None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _pid_in(fd)
            return -1 if pid is None else pid
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)
