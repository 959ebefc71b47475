"""A hosted game started ahead of Play and held at its party screen (the host's spare,
roguelike/host/spare.py).

The host forks it while the player is in the lobby: it draws its party screen on its own
PTY, whose output the host keeps and shows no one, and waits. When the player picks Play,
the host writes one JSON line on the game's go descriptor: `{"seed": "...", "name":
"rl-play-ID"}`, the seed the player chose (the party screen's title and the game then take
it; none: the fresh seed the screen already shows) and the process's name as a game (it is
`rl-spare-ID` until then). A spare the player never takes is hung up, as any game: it
has begun nothing, so nothing is saved or recorded.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from typing import Any

from roguelike.engine.base.seeds import SeedError, normalise_seed
from roguelike.process_name import name_process
from roguelike.ui.screens.party import PartyScreen

MOST = 4096  # a go line is a few dozen bytes


def hold_until_play(app: Any, fd: int) -> None:
    """Read the host's go line on `fd` (once) and give its seed to the party screen."""
    loop = asyncio.get_running_loop()
    os.set_blocking(fd, False)
    got = bytearray()

    def readable() -> None:
        try:
            data = os.read(fd, MOST)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        got.extend(data)
        if data and b"\n" not in got and len(got) < MOST:
            return  # (the rest of the line is on its way)
        loop.remove_reader(fd)
        with contextlib.suppress(OSError):
            os.close(fd)
        seed, name = told(bytes(got))
        if name:
            name_process(name)  # (a spare in ps until now: a game from here on)
        screen = app.screen_stack[-1] if app.screen_stack else None
        if seed and isinstance(screen, PartyScreen):
            screen.set_seed(seed)

    loop.add_reader(fd, readable)


def told(line: bytes) -> tuple[str | None, str]:
    """The seed in the host's go line (None: the fresh one; or a line that is not one,
    from which nothing is taken) and the process's name from now on ('': as it is)."""
    try:
        message = json.loads(line.split(b"\n", 1)[0] or b"{}")
    except ValueError:
        return None, ""
    if not isinstance(message, dict):
        return None, ""
    seed, name = message.get("seed"), message.get("name")
    try:
        seed = normalise_seed(seed) if isinstance(seed, str) and seed else None
    except SeedError:
        seed = None
    return seed, name if isinstance(name, str) else ""
