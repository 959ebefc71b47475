"""A game forked ahead for a player in the lobby (the spare), taken at Play.

Play used to fork the game at the choice and wait for Textual to build and draw its party
screen (about 130 ms of CPU, 300 ms and more of wall time on a busy machine). The spare
does that work while the player reads the lobby: a short while after the lobby opens, the
host forks `roguelike play` for the account onto a PTY of its own, at the session's size
(resized with it), and keeps what it draws in a hub nobody views (ui/held.py holds the
game at its party screen). At Play the host tells it the seed and attaches the player,
who is sent the held screen whole in one write. Every other choice, and the connection's
end, hangs the spare up: it began no game, so it leaves no save and no recording.

It is only a process: it holds no claim (the account's one game is claimed at Play, as
before), is in no live-games list, and is started as any game is (the zygote, the run-as
user, the limits, the account's private folder). A player with a saved game (Play then
resumes it) or a game running is given none.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os

from roguelike.host.child import PtyChild
from roguelike.host.hub import Hub

SPARE_AFTER = 0.3  # seconds after the lobby opens: its own first screen goes first
TOLD_WAIT = 0.5  # at most this long for a held game to redraw with the seed told
QUIET = 0.015  # its redraw is whole once nothing more has come for this long


class Spare:
    def __init__(self, child: PtyChild, hub: Hub, go_fd: int, name: str) -> None:
        self.name = name  # its process's name once taken (rl-spare-ID until then)
        self.child = child
        self.hub = hub
        self._go_fd: int | None = go_fd

    @property
    def running(self) -> bool:
        return self.hub.running and self._go_fd is not None

    async def take(self, seed: str | None) -> bool:
        """Tell the held game its seed (None: the fresh one it shows) and wait for its
        redraw with it; False if it has ended (a fresh fork is then needed)."""
        if not self.running or self._go_fd is None:
            return False
        before = self.hub.bytes_in
        try:
            told = {"seed": seed, "name": self.name} if seed else {"name": self.name}
            os.write(self._go_fd, (json.dumps(told) + "\n").encode())
        except OSError:
            return False
        finally:
            self._close_go()
        await self._settled(before if seed else None)
        return self.hub.running

    async def _settled(self, before: int | None) -> None:
        """Wait for the held game's output to settle: its redraw with the seed told (new
        bytes since `before`, if given), then nothing for QUIET (a frame read in pieces,
        the player attached between two, would start the player's screen in the middle of
        an escape sequence: a spare taken while still drawing); then in the screen copy."""
        loop = asyncio.get_running_loop()
        until = loop.time() + TOLD_WAIT
        seen = self.hub.bytes_in if before is None else before
        still_since = self.hub.last_output if before is None else loop.time()
        while loop.time() < until and self.hub.running:
            if self.hub.bytes_in != seen:
                seen, still_since = self.hub.bytes_in, loop.time()
            elif (before is None or seen != before) and loop.time() - still_since >= QUIET:
                break
            await asyncio.sleep(0.003)
        self.hub.flush()  # (into the screen copy now, not a frame later)
        while not self.hub.caught_up() and loop.time() < until:
            await asyncio.sleep(0.002)

    def resize(self, cols: int, rows: int) -> None:
        if self.hub.running:
            self.hub.resize(cols, rows)

    async def end(self) -> None:
        """Not taken: hung up (it began nothing, so it saves nothing)."""
        self._close_go()
        await self.child.hang_up(2.0)

    def _close_go(self) -> None:
        if self._go_fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._go_fd)
            self._go_fd = None
