"""Child side: report the game's seed and depth to the host (for the watch list)."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from typing import Any


def start_reporter(get_game: Callable[[], Any], fd: int, every: float = 0.5) -> threading.Thread:
    """A daemon thread writes one JSON line to `fd` whenever the status changes.

    It only reads a few plain attributes of the game, so it needs no lock."""
    stop = threading.Event()

    def run() -> None:
        last = None
        while not stop.wait(every):
            game = get_game()
            if game is None:
                continue
            status = {"seed": str(game.seed), "depth": int(game.depth),
                      "round": int(getattr(game, "round", 0)), "over": bool(game.over)}
            if status != last:
                try:
                    os.write(fd, (json.dumps(status) + "\n").encode())
                except OSError:
                    return
                last = status

    thread = threading.Thread(target=run, name="host-status", daemon=True)
    thread.start()
    return thread
