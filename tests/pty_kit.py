"""The real `roguelike` command in a real pseudo-terminal, read through a pyte screen.

For tests about the process as a player's terminal sees it: what it draws at a size or
TERM, how it answers a resize, how it exits. Every wait is bounded.
"""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

import pyte

ROOT = Path(__file__).resolve().parents[1]


class PtyGame:
    def __init__(self, args: list[str], cols: int = 80, rows: int = 24,
                 env: dict[str, str] | None = None, stdout_to: Path | None = None) -> None:
        """`stdout_to`: standard output goes to this file, as `roguelike > file` does."""
        self.cols, self.rows = cols, rows
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.code: int | None = None
        # a known terminal whatever the tests run under (CI may have no TERM, or dumb)
        full_env = {k: v for k, v in os.environ.items()
                    if k not in ("LINES", "COLUMNS", "TMUX", "STY", "NO_COLOR", "COLORTERM")
                    and not k.startswith("TEXTUAL")}
        full_env["TERM"] = "xterm-256color"
        full_env.update(env or {})
        saves = full_env.get("ROGUELIKE_SAVES")
        if saves and not (Path(saves) / "options.toml").exists():
            # a first game opens with the how-to (ui/screens/howto.py): these tests are
            # about the terminal, so their player has seen it
            Path(saves).mkdir(parents=True, exist_ok=True)
            (Path(saves) / "options.toml").write_text("seen_howto = true\n", encoding="utf-8")
        # os, not the pty module: tests that put benchmarks/ on sys.path make `import pty`
        # find benchmarks/pty.py
        fd, slave = os.openpty()
        pid = os.fork()
        if pid == 0:  # the child: the game, its three streams on the terminal
            try:
                os.close(fd)
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)  # its controlling terminal
                for stream in (0, 1, 2):
                    os.dup2(slave, stream)
                os.close(slave)
                os.chdir(ROOT)
                if stdout_to is not None:
                    out = os.open(stdout_to, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                    os.dup2(out, 1)
                os.execve(sys.executable, [sys.executable, "-m", "roguelike", *args], full_env)
            finally:
                os._exit(127)
        os.close(slave)
        self.pid, self.fd = pid, fd
        self._set_size(cols, rows)

    def _set_size(self, cols: int, rows: int) -> None:
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def resize(self, cols: int, rows: int) -> None:
        """Like a window resize: the kernel signals SIGWINCH to the game."""
        self.cols, self.rows = cols, rows
        self.screen.resize(rows, cols)
        self._set_size(cols, rows)

    def _pump(self, wait: float) -> bool:
        """Read what is there (waiting up to `wait` s); False once the game has gone."""
        ready, _, _ = select.select([self.fd], [], [], wait)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            return False
        self.raw += data
        self.stream.feed(data)
        return True

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, needle: str, timeout: float = 20.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if needle in self.text:
                return True
            if not self._pump(0.05):
                return needle in self.text
        return needle in self.text

    def quiet(self, window: float = 0.3, timeout: float = 10.0) -> None:
        end = time.monotonic() + timeout
        last = time.monotonic()
        while time.monotonic() < end and time.monotonic() - last < window:
            before = len(self.raw)
            if not self._pump(0.05):
                return
            if len(self.raw) != before:
                last = time.monotonic()

    def send(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def wait_exit(self, timeout: float = 20.0) -> int | None:
        """The exit code (a signal as 128 + N), or None if still running at the timeout."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self._pump(0.05)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.code = os.waitstatus_to_exitcode(status)
                if self.code < 0:
                    self.code = 128 - self.code
                while self._pump(0.0):  # what it wrote last
                    if not select.select([self.fd], [], [], 0)[0]:
                        break
                return self.code
        return None

    def close(self) -> None:
        if self.code is None:
            for sig in (signal.SIGTERM, signal.SIGKILL):
                try:
                    os.kill(self.pid, sig)
                except ProcessLookupError:
                    break
                if self.wait_exit(3) is not None:
                    break
        os.close(self.fd)

    def __enter__(self) -> PtyGame:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()
