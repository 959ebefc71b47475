"""The status line a hosted game reports to its host (for the watch list and reattach).

The protocol both sides share: the game process (ui/hosted.py) writes one JSON line to the
host's pipe whenever its status changes; the host (host/hub.py) reads them with
`parse_status`. It lives below both so that the UI never imports the host.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from typing import Protocol

Status = dict[str, int | str | bool]
KEYS = ("seed", "depth", "round", "over", "actions")


class Reporting(Protocol):
    """What the reporter reads of a game: a few plain attributes, so it needs no lock."""

    @property
    def seed(self) -> str: ...
    @property
    def depth(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def actions_taken(self) -> int: ...


def status_of(game: Reporting) -> Status:
    # (actions: a challenge's attempt counts from its first one, host/challenge_host.py)
    return {"seed": str(game.seed), "depth": int(game.depth), "round": int(game.round),
            "over": bool(game.over), "actions": int(game.actions_taken)}


def parse_status(line: bytes) -> Status | None:
    """The status in one line from the game; None for a line that is not one."""
    try:
        status = json.loads(line)
    except ValueError:
        return None
    if not isinstance(status, dict):
        return None
    return {k: v for k, v in status.items() if k in KEYS and isinstance(v, int | str | bool)}


def report(game: Reporting, fd: int) -> bool:
    """Write the game's status line to `fd` now; False if the host is gone."""
    try:
        os.write(fd, (json.dumps(status_of(game)) + "\n").encode())
    except OSError:
        return False
    return True


def start_reporter(get_game: Callable[[], Reporting | None], fd: int,
                   every: float = 0.5) -> threading.Thread:
    """A daemon thread writes one JSON line to `fd` whenever the status changes. (A game
    that ends reports once more itself, `report`: the host knows every game that began,
    however soon it ended.)"""
    stop = threading.Event()

    def run() -> None:
        last = None
        while not stop.wait(every):
            game = get_game()
            if game is None:
                continue
            status = status_of(game)
            if status != last:
                if not report(game, fd):
                    return
                last = status

    thread = threading.Thread(target=run, name="host-status", daemon=True)
    thread.start()
    return thread
