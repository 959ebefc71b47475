"""Host side of the zygote: the warm parent every game and lobby is forked from.

The zygote (roguelike/host/launch.py) is its own process, started with fork and exec, so
it is single-threaded whatever the host runs. It imports the game, freezes its objects
(gc.freeze) and then only forks: a child per game, which takes its PTY, drops to the
run-as user, applies the limits and runs the game. A child shares the parent's pages
until it writes them, so a player costs what its own game touches, and starts at once.

The two talk over a SOCK_SEQPACKET socket pair (a message is one datagram, file
descriptors ride along with SCM_RIGHTS):

  host -> zygote  {"args", "env", "cwd", "user", "mem", "fds", "name"}  + [PTY slave, *fds]
  zygote -> host  {"ready": pid}                      once, after the imports
                  {"pid": pid} + [pidfd]              a child forked
                  {"error": why}                      the fork failed
                  {"exit": pid, "code": n}            a child reaped

The host waits for a game's end on its pidfd, which stays good when the zygote is gone:
a zygote that dies (killed, out of memory) is started again for the next game, and the
games it forked go on, their ends still seen. A game that crashes is only its own
process: the zygote reaps it and goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import sys
from pathlib import Path
from typing import Any

log = logging.getLogger("roguelike.host")

MAX_MESSAGE = 1 << 20  # a spawn request: argv, environment, paths
MAX_FDS = 8
READY_WAIT = 120.0  # the zygote's imports, on a machine busy with other work
SPAWN_WAIT = 30.0


def send(sock: socket.socket, message: dict[str, Any], fds: list[int] | tuple[int, ...] = ()
         ) -> None:
    data = json.dumps(message).encode()
    if fds:
        socket.send_fds(sock, [data], list(fds))
    else:
        sock.send(data)


def receive(sock: socket.socket) -> tuple[dict[str, Any], list[int]] | None:
    """The next message and its descriptors; None at the end (the other side is gone)."""
    data, fds, _flags, _addr = socket.recv_fds(sock, MAX_MESSAGE, MAX_FDS)
    if not data:
        for fd in fds:
            os.close(fd)
        return None
    try:
        message = json.loads(data)
    except ValueError:
        message = None
    if not isinstance(message, dict):
        for fd in fds:
            os.close(fd)
        return {}, []
    return message, fds


class ZygoteGone(OSError):
    """The zygote died or never started; the next spawn starts a new one."""


class GameProcess:
    """A forked child as the host sees it: its pid, and its end seen on its pidfd (the
    host is not its parent; the zygote is, and tells the exit code when it reaps it)."""

    def __init__(self, pid: int, pidfd: int, zygote: Zygote) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._pidfd = pidfd
        self._zygote = zygote
        self._ended = asyncio.get_running_loop().create_future()
        self._waiting: asyncio.Task[None] | None = None
        asyncio.get_running_loop().add_reader(pidfd, self._exited)

    def _exited(self) -> None:
        loop = asyncio.get_running_loop()
        loop.remove_reader(self._pidfd)
        os.close(self._pidfd)
        self._waiting = loop.create_task(self._exit_code())

    async def _exit_code(self) -> None:
        # the zygote's word comes a moment after the pidfd says so, or never if the
        # zygote is gone: then -1, "ended, code unknown"
        code = await self._zygote.exit_code(self.pid)
        self.returncode = -1 if code is None else code
        if not self._ended.done():
            self._ended.set_result(self.returncode)

    async def wait(self) -> int:
        return int(await asyncio.shield(self._ended))


class Zygote:
    """The host's handle on its zygote: started on first use, started again if it dies."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.exit_codes: dict[int, int] = {}
        self._told = asyncio.Event()  # an exit code came, or the zygote went
        self.pid = 0
        self.starts = 0  # zygotes started so far (the first, and each restart)
        self.closed = False  # the host is shutting down: no more games
        self._proc: asyncio.subprocess.Process | None = None
        self._sock: socket.socket | None = None
        self._replies: asyncio.Queue[tuple[dict[str, Any], list[int]] | None] | None = None
        self._lock = asyncio.Lock()

    @property
    def alive(self) -> bool:
        return self._sock is not None

    async def start(self) -> None:
        """Start the zygote and wait until it has loaded the game."""
        if self._sock is not None:
            return
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self._proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "roguelike.host.launch", str(theirs.fileno()),
                pass_fds=(theirs.fileno(),), env=self.env, cwd="/",
                stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
                start_new_session=True)
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self._sock = ours
        self.starts += 1
        self._replies = asyncio.Queue()
        asyncio.get_running_loop().add_reader(ours, self._readable)
        try:
            ready = await asyncio.wait_for(self._reply(), READY_WAIT)
        except BaseException:
            self._gone()
            raise
        self.pid = int(ready[0].get("ready", 0))
        log.info("zygote %d ready (start %d)", self.pid, self.starts)

    def _readable(self) -> None:
        sock = self._sock
        if sock is None:
            return
        while True:
            try:
                got = receive(sock)
            except BlockingIOError:
                return
            except OSError:
                got = None
            if got is None:
                self._gone()
                return
            message, fds = got
            if "exit" in message:
                with contextlib.suppress(TypeError, ValueError):
                    self.exit_codes[int(message["exit"])] = int(message.get("code", -1))
                    # (each is taken by its game's exit_code; a bound all the same)
                    while len(self.exit_codes) > 4096:
                        self.exit_codes.pop(next(iter(self.exit_codes)))
                    self._told.set()
                continue
            if self._replies is not None:
                self._replies.put_nowait((message, fds))
            else:
                for fd in fds:
                    os.close(fd)

    async def exit_code(self, pid: int, wait: float = 2.0) -> int | None:
        """The exit code of a child of this zygote that ended, once the zygote says it;
        None if the zygote is gone (or says nothing within `wait` seconds)."""
        deadline = asyncio.get_running_loop().time() + wait
        while pid not in self.exit_codes and self._sock is not None:
            self._told.clear()
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._told.wait(), left)
        return self.exit_codes.pop(pid, None)

    def _gone(self, kill: bool = True) -> None:
        sock, self._sock = self._sock, None
        self._told.set()
        if sock is not None:
            asyncio.get_running_loop().remove_reader(sock)
            sock.close()
            if kill:
                log.warning("zygote %d is gone; the next game starts a new one", self.pid)
        if self._replies is not None:
            self._replies.put_nowait(None)
        proc, self._proc = self._proc, None
        if kill and proc is not None and proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()

    async def _reply(self) -> tuple[dict[str, Any], list[int]]:
        assert self._replies is not None
        got = await self._replies.get()
        if got is None:
            raise ZygoteGone("the zygote ended")
        return got

    async def spawn(self, args: list[str], *, slave: int, env: dict[str, str], cwd: Path,
                    user: tuple[int, int] | None, memory_limit: int, name: str,
                    pass_fds: tuple[int, ...] = ()) -> GameProcess:
        """Fork a child running `roguelike ARGS` on the PTY whose slave side is `slave`;
        `pass_fds` keep their numbers in the child."""
        async with self._lock:  # one request at a time: each reply is the last request's
            for attempt in (1, 2):
                if self.closed:
                    raise ZygoteGone("the host is shutting down")
                if self._sock is None:
                    await self.start()
                assert self._sock is not None
                request = {"args": args, "env": env, "cwd": str(cwd),
                           "user": list(user) if user else None, "mem": memory_limit,
                           "fds": list(pass_fds), "name": name}
                try:
                    send(self._sock, request, [slave, *pass_fds])
                    message, fds = await asyncio.wait_for(self._reply(), SPAWN_WAIT)
                except (OSError, TimeoutError) as err:
                    self._gone()  # a zygote that does not answer is no good: a new one
                    if attempt == 2:
                        raise ZygoteGone(f"the zygote did not fork the game: {err}") from err
                    continue
                if "pid" not in message or len(fds) != 1:
                    for fd in fds:
                        os.close(fd)
                    raise OSError(str(message.get("error", "the zygote refused the game")))
                return GameProcess(int(message["pid"]), fds[0], self)
        raise ZygoteGone("unreachable")

    async def close(self) -> None:
        """End the zygote (its socket closed, it exits; its games go on)."""
        self.closed = True
        proc = self._proc
        self._gone(kill=False)
        if proc is not None:
            try:
                await asyncio.wait_for(proc.wait(), 10)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
