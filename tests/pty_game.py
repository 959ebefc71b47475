"""Drive the real `roguelike` command in a pseudo-terminal, reading its screen with pyte.

For tests that must do what a player (or a crash) does to the real process: keys in, the
rendered screen out, and `kill -9` at any moment.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

import pyte

ROOT = Path(__file__).resolve().parents[1]
KEYS = {"enter": b"\r", "escape": b"\x1b", "up": b"\x1b[A", "down": b"\x1b[B"}


def game_command() -> list[str]:
    """The installed `roguelike` script beside this Python (the console entry point)."""
    script = Path(sys.executable).parent / "roguelike"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "roguelike"]


class PtyGame:
    def __init__(self, args: list[str], env: dict[str, str], cols: int = 100,
                 rows: int = 30) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the game, with the PTY as its terminal
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                os.chdir(ROOT)
                os.execvpe(game_command()[0], [*game_command(), *args], env)
            finally:
                os._exit(127)
        flags = fcntl.fcntl(self.fd, fcntl.F_GETFL)
        fcntl.fcntl(self.fd, fcntl.F_SETFL, flags | os.O_NONBLOCK)
        self.alive = True

    def pump(self, seconds: float = 0.0) -> None:
        """Read whatever the game has drawn (waiting up to `seconds` for more)."""
        deadline = time.monotonic() + seconds
        while self.alive:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.fd], [], [], max(0.0, left))
            if not ready:
                return
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                continue
            except OSError as err:
                if err.errno == errno.EIO:  # the game is gone
                    self.alive = False
                    return
                raise
            if not data:
                self.alive = False
                return
            self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, *needles: str, timeout: float = 20.0) -> str:
        """Pump until the screen shows one of `needles`; returns the one found."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.pump(0.05)
            screen = self.text()
            for needle in needles:
                if needle in screen:
                    return needle
            if not self.alive:
                break
        raise AssertionError(f"none of {needles} on the screen after {timeout}s:\n"
                             f"{self.text()}")

    def send(self, keys: str | bytes) -> None:
        data = KEYS.get(keys, keys) if isinstance(keys, str) else keys
        os.write(self.fd, data.encode() if isinstance(data, str) else data)

    def hang_up(self, timeout: float = 10.0) -> int:
        """Close the terminal as a dropped connection does (the kernel sends SIGHUP) and
        wait for the game to end; its exit status (AssertionError if it does not end)."""
        os.close(self.fd)
        self.alive = False
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return status
            time.sleep(0.05)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        raise AssertionError(f"the game did not end within {timeout}s of the hang-up")

    def kill(self, sig: int = signal.SIGKILL) -> int:
        """Send `sig` and reap the process; its exit status."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, sig)
        _pid, status = os.waitpid(self.pid, 0)
        self.alive = False
        os.close(self.fd)
        return status
