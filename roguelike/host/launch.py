"""The zygote: a warm, single-threaded parent that forks every hosted game and lobby.

The host starts `python -m roguelike.host.launch CONTROL_FD` (fork and exec: this
process never inherits the host's threads or event loop). It imports the game and its
screens, loads the content, freezes every object it made (gc.freeze: a child's garbage
collections then never write to the shared pages, which would copy them), and answers
spawn requests on CONTROL_FD (roguelike/host/forks.py says the messages): each is a fork.

The child, before any game code runs: a new session with the PTY as its controlling
terminal (the kernel then sends SIGWINCH on resize, and the host's SIGHUP reaches the
whole game), the descriptors it was given and no others, the account's user (a root host
drops to --run-as), its folder and environment, private files (umask 077) and the
memory limit; then `roguelike ARGS` as a fresh process would run it. The zygote only
forks and reaps: a game that crashes ends its own process, never this one.
"""
# ruff: noqa: E402  (the collector is switched off before the imports below)

from __future__ import annotations

import gc

# No collections while the game loads: objects freed along the way would leave holes in
# pages every child then shares (the collector runs again in each child, gc.enable below)
gc.disable()

import contextlib
import fcntl
import os
import resource
import select
import signal
import socket
import sys
import termios
import threading
import traceback
from typing import Any

# Everything a game or a lobby loads before its first screen, loaded once here (the
# screens through roguelike/ui/warm_up.py: only the UI imports Textual).
from roguelike import cli
from roguelike.content.loader import default_content
from roguelike.host import forks
from roguelike.process_name import name_process
from roguelike.ui.warm_up import warm_screens


def take_terminal() -> None:
    if os.isatty(0):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def limit_memory(limit: int) -> None:
    if limit > 0:
        # soft and hard both: an unprivileged child cannot raise them back
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def private_files() -> None:
    # saves, replays, morgues and options are the player's: 0600, whatever the host's umask
    os.umask(0o077)


def place_fds(slave: int, given: list[int], targets: list[int]) -> None:
    """The PTY on 0, 1 and 2, each given descriptor at the number the host's argv names,
    every other descriptor closed."""
    # out of the way first: a received descriptor may sit on a number another targets
    high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 256) for fd in (slave, *given)]
    for fd in (slave, *given):
        os.close(fd)
    for std in (0, 1, 2):
        os.dup2(high[0], std)
    for fd, target in zip(high[1:], targets, strict=True):
        os.dup2(fd, target)  # (inheritable, as a passed descriptor should be)
    keep = {0, 1, 2, *targets}
    for name in os.listdir("/proc/self/fd"):
        fd = int(name)
        if fd not in keep:
            with contextlib.suppress(OSError):
                os.close(fd)


def become(request: dict[str, Any], fds: list[int]) -> None:
    """The child: everything set up before the game's first line (see the module's doc)."""
    signal.set_wakeup_fd(-1)
    for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGUSR1,
                signal.SIGUSR2):
        signal.signal(sig, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    os.setsid()
    place_fds(fds[0], fds[1:], [int(n) for n in request["fds"]])
    take_terminal()
    name_process(str(request.get("name", "roguelike")))
    limit_memory(int(request["mem"]))
    user = request.get("user")
    if user:
        os.setgroups([])
        os.setgid(int(user[1]))
        os.setuid(int(user[0]))
    os.chdir(str(request["cwd"]))
    os.environ.clear()
    os.environ.update({str(k): str(v) for k, v in dict(request["env"]).items()})
    private_files()
    # (the module-global random needs no reseeding here: CPython reseeds it in every
    # forked child itself, os.register_at_fork in random.py)
    # the child's own objects are collected as usual; the frozen ones, shared with the
    # zygote and every other child, are never looked at (their pages stay shared)
    gc.enable()


def run_child(request: dict[str, Any], fds: list[int]) -> None:
    code = 1
    try:
        become(request, fds)
        args = [str(a) for a in request["args"]]
        sys.argv = ["roguelike", *args]
        code = cli.main(args)
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 1
    except BaseException:
        with contextlib.suppress(Exception):
            traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code & 0xFF if isinstance(code, int) else 1)


def reap(control: socket.socket) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        with contextlib.suppress(OSError):
            forks.send(control, {"exit": pid, "code": os.waitstatus_to_exitcode(status)})


def fork_child(control: socket.socket, request: dict[str, Any], fds: list[int]) -> None:
    try:
        pid = os.fork()
    except OSError as err:
        forks.send(control, {"error": f"fork failed: {err}"})
        return
    if pid == 0:
        control.close()
        run_child(request, fds)
    for fd in fds:
        os.close(fd)
    pidfd = os.pidfd_open(pid)
    try:
        forks.send(control, {"pid": pid}, [pidfd])
    except OSError:
        # the host is gone (shutting down): nobody would ever read this child's terminal
        os.kill(pid, signal.SIGKILL)
        raise
    finally:
        os.close(pidfd)


def serve(control: socket.socket) -> int:
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_r, False)
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # wakes the select through the pipe
    forks.send(control, {"ready": os.getpid()})
    while True:
        ready, _, _ = select.select([control.fileno(), wake_r], [], [])
        if wake_r in ready:
            with contextlib.suppress(BlockingIOError):
                os.read(wake_r, 4096)
            reap(control)
        if control.fileno() in ready:
            try:
                got = forks.receive(control)
            except OSError:
                got = None
            if got is None:
                return 0  # the host is gone
            request, fds = got
            if not fds or not isinstance(request.get("args"), list):
                for fd in fds:
                    os.close(fd)
                forks.send(control, {"error": "a bad request"})
                continue
            try:
                fork_child(control, request, fds)
            except OSError:
                return 0  # the host is gone


def warm() -> None:
    """Load now what every child would otherwise load itself, then freeze it all."""
    default_content()
    cli.build_parser()
    warm_screens()
    if threading.active_count() != 1:  # a fork copies only the thread that forks
        raise RuntimeError(f"the zygote must fork single-threaded: {threading.enumerate()}")
    gc.collect()
    gc.freeze()


def main(argv: list[str]) -> int:
    control = socket.socket(fileno=int(argv[0]))
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a terminal's Ctrl-C is the host's
    warm()
    return serve(control)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
