"""Where Play's time goes: the moments from the player's key to the game's first screen.

One trace per Play (or Continue, or a challenge's attempt), kept by the session: the key's
arrival at the host, the lobby's choice read off its link, the lobby left and ended, the
fork asked and answered, the game's first bytes and each frame sent to the player. The
host logs it as one line (`play timing ...`) FIRST_SCREEN_WINDOW seconds after the choice,
in milliseconds from the key's arrival, with that arrival's time on the machine's
monotonic clock, so a client on the same machine (benchmarks/play_trace.py) can put its
own send and last byte beside the host's marks. Nothing here changes what a game does.
"""

from __future__ import annotations

import asyncio
import logging
import time

log = logging.getLogger("roguelike.host")

FIRST_SCREEN_WINDOW = 2.0  # seconds after the choice over which frames are noted
MOST_FRAMES = 40


class PlayTrace:
    def __init__(self, key_arrived: float) -> None:
        self.key = key_arrived  # time.monotonic() of the last input before the choice
        self.marks: list[tuple[str, float]] = []
        self.frames: list[tuple[float, int]] = []  # (sent at, bytes)
        self.pid = 0

    def mark(self, name: str) -> None:
        self.marks.append((name, time.monotonic()))

    def frame(self, size: int) -> None:
        if len(self.frames) < MOST_FRAMES:
            self.frames.append((time.monotonic(), size))

    def _ms(self, at: float) -> str:
        return f"{(at - self.key) * 1000:.1f}"

    def line(self) -> str:
        marks = " ".join(f"{name}={self._ms(at)}" for name, at in self.marks)
        frames = ",".join(f"{self._ms(at)}:{size}" for at, size in self.frames)
        return f"play timing pid={self.pid} key_at={self.key:.6f} {marks} frames={frames}"

    def log_later(self) -> None:
        """Log the line once the first screen has had its time."""
        asyncio.get_running_loop().call_later(FIRST_SCREEN_WINDOW,
                                              lambda: log.info("%s", self.line()))
