"""Child-side start of every hosted process: take the PTY as controlling terminal, cap memory.

The host starts `python -m roguelike.host.launch --mem N -- <roguelike args>` in a new
session (setsid) as the unprivileged user, so this runs before any game code and without
a preexec_fn in the (threaded) host. The PTY becomes the controlling terminal, so the
kernel delivers SIGWINCH on resize and the host's SIGHUP reaches the whole game.
Everything the game writes is private to its user (umask 077).
"""

from __future__ import annotations

import fcntl
import os
import resource
import sys
import termios


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


def main(argv: list[str]) -> int:
    limit = 0
    if len(argv) >= 2 and argv[0] == "--mem":
        limit = int(argv[1])
        argv = argv[2:]
    if argv and argv[0] == "--":
        argv = argv[1:]
    take_terminal()
    limit_memory(limit)
    private_files()
    from roguelike.cli import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
