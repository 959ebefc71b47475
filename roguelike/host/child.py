"""Host side of a child process on its own PTY: spawn, read, write, resize, hang up."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pwd
import re
import signal
import struct
import subprocess
import sys
import termios
from collections.abc import Callable
from pathlib import Path

from roguelike.host.forks import GameProcess, Zygote

SAFE_TERM = re.compile(r"^[a-zA-Z0-9._+-]{1,40}$")
KNOWN_TERMS = ("xterm", "screen", "tmux", "rxvt", "vt100", "vt220", "linux", "ansi",
               "alacritty", "kitty", "foot", "wezterm", "st", "putty", "konsole", "gnome",
               "iterm", "contour", "ghostty", "cygwin", "dumb")
DEFAULT_TERM = "xterm-256color"


def sane_term(term: str | None) -> str:
    """The client's TERM if it is a plain, known family name; else xterm-256color."""
    if not term or not SAFE_TERM.match(term):
        return DEFAULT_TERM
    family = term.split("-")[0].lower()
    if family in KNOWN_TERMS or _terminfo_has(term):
        return term
    return DEFAULT_TERM


def _terminfo_has(term: str) -> bool:
    for base in ("/usr/share/terminfo", "/lib/terminfo", "/etc/terminfo"):
        if (Path(base) / term[0] / term).is_file():
            return True
    return False


def child_env(term: str, home: Path) -> dict[str, str]:
    """The whole environment of a child: nothing from the client but a checked TERM."""
    return {"TERM": sane_term(term), "HOME": str(home), "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8", "PATH": "/usr/local/bin:/usr/bin:/bin",
            "PYTHONDONTWRITEBYTECODE": "1", "PYTHONUNBUFFERED": "1",
            # fewer malloc arenas: Textual's threads would each reserve 64 MB of address
            # space, which counts against RLIMIT_AS
            "MALLOC_ARENA_MAX": "2"}


AS_ROOT = """warning: this host runs as root, and so will every game, because {why}.
  A game only runs this game's code, but as root a flaw in it could reach the whole
  machine rather than only the host's data folder. To run games as another user:
  - run the host itself as an ordinary user (ports above 1024 need no root), e.g.
      sudo -u games roguelike host --port 2222 --data /srv/roguelike
  - or install Python and the game where user {user!r} can read them (not under /root),
  - or name a user who can run it: roguelike host --run-as USER"""


def drop_user(name: str) -> tuple[tuple[int, int] | None, str]:
    """(uid, gid) to run children as, or None, and a note for the host's start-up lines.

    Only a root host drops privileges, and only when `name` exists and can actually run
    this Python and import the game (an interpreter under /root, say, cannot)."""
    if os.geteuid() != 0:
        try:
            me = pwd.getpwuid(os.geteuid()).pw_name
        except KeyError:
            me = str(os.geteuid())
        return None, f"games run as user {me!r}, the host's own user"
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        return None, AS_ROOT.format(why=f"there is no user {name!r}", user=name)
    ids = entry.pw_uid, entry.pw_gid
    try:
        probe = subprocess.run([sys.executable, "-c", "import roguelike.host.launch, textual"],
                               user=ids[0], group=ids[1], extra_groups=[], cwd="/",
                               capture_output=True, timeout=30, env=child_env("", Path("/")))
        ok = probe.returncode == 0
    except (OSError, subprocess.SubprocessError):
        ok = False
    if not ok:
        return None, AS_ROOT.format(
            why=f"user {name!r} cannot run {os.path.realpath(sys.executable)} or import the "
            "game", user=name)
    return ids, f"the host runs as root; every game runs as user {name!r}"


# The largest screen a game is given, whatever the client asks: a 4K monitor with a small
# font. The host keeps a copy of every screen (pyte, pure Python), so its size bounds what
# one session can make the host do; a bigger terminal shows the game in its top left.
MAX_COLS, MAX_ROWS = 300, 100


def clamp_size(cols: int, rows: int) -> tuple[int, int]:
    return max(2, min(int(cols), MAX_COLS)), max(2, min(int(rows), MAX_ROWS))


def set_size(fd: int, cols: int, rows: int) -> None:
    cols, rows = clamp_size(cols, rows)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class PtyChild:
    """One child process whose stdin/stdout/stderr are the slave side of a fresh PTY."""

    def __init__(self, proc: GameProcess, master: int) -> None:
        self.proc = proc
        self.master = master
        self.pid = proc.pid
        self._pending = b""
        self._closed = False
        self._readable: Callable[[], None] | None = None

    @classmethod
    async def spawn(cls, zygote: Zygote, args: list[str], *, cols: int, rows: int,
                    env: dict[str, str], cwd: Path, user: tuple[int, int] | None,
                    memory_limit: int, name: str, pass_fds: tuple[int, ...] = ()
                    ) -> PtyChild:
        """`roguelike ARGS` forked from the zygote (forks.py) on a fresh PTY, as `user`
        (the account's when the host runs as root; None: as the host's)."""
        master, slave = os.openpty()
        set_size(master, cols, rows)
        os.set_blocking(master, False)
        try:
            proc = await zygote.spawn(args, slave=slave, env=env, cwd=cwd, user=user,
                                      memory_limit=memory_limit, name=name,
                                      pass_fds=pass_fds)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        return cls(proc, master)

    def start_reading(self, on_data: Callable[[bytes], None], on_eof: Callable[[], None]) -> None:
        loop = asyncio.get_running_loop()

        def readable() -> None:
            try:
                data = os.read(self.master, 65536)
            except BlockingIOError:
                return
            except OSError:  # EIO: the slave side is closed, the child is gone
                data = b""
            if not data:
                loop.remove_reader(self.master)
                on_eof()
                return
            on_data(data)

        self._readable = readable
        loop.add_reader(self.master, readable)

    def pause_reading(self) -> None:
        """Stop reading the child's output: once the PTY's buffer is full, it waits."""
        if not self._closed:
            asyncio.get_running_loop().remove_reader(self.master)

    def resume_reading(self) -> None:
        if not self._closed and self._readable is not None:
            asyncio.get_running_loop().add_reader(self.master, self._readable)

    def write(self, data: bytes) -> None:
        if self._closed:
            return
        # Input is small (keys); a child that stops reading gets at most 64 KB queued.
        self._pending = (self._pending + data)[-65536:]
        self._flush()

    def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            n = os.write(self.master, self._pending)
            self._pending = self._pending[n:]
        except BlockingIOError:
            pass
        except OSError:
            self._pending = b""
        loop.remove_writer(self.master)
        if self._pending:
            loop.add_writer(self.master, self._flush)

    def resize(self, cols: int, rows: int) -> None:
        # The kernel sends SIGWINCH to the PTY's foreground process group.
        with contextlib.suppress(OSError):
            set_size(self.master, cols, rows)

    def signal(self, sig: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, sig)

    @property
    def running(self) -> bool:
        return self.proc.returncode is None

    async def hang_up(self, wait: float) -> int:
        """SIGHUP (the game saves and exits); SIGKILL if it is still there after `wait`."""
        if self.running:
            self.signal(signal.SIGHUP)
            try:
                await asyncio.wait_for(self.proc.wait(), wait)
            except TimeoutError:
                self.signal(signal.SIGKILL)
        return await self.wait()

    async def wait(self) -> int:
        code = await self.proc.wait()
        return code

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            loop = asyncio.get_running_loop()
            loop.remove_reader(self.master)
            loop.remove_writer(self.master)
            with contextlib.suppress(OSError):
                os.close(self.master)
