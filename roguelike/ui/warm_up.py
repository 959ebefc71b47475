"""The screens warmed in the host's zygote (roguelike/host/launch.py) before it forks games.

A few keys of a game are played headless, in a folder thrown away after: what Textual and
the game build and keep on first use (parsed styles, rendering caches, the terminal
driver's module, the lobby's screens) is then built once, in the zygote, and shared by
every child it forks. It lives here because only roguelike/ui/ imports Textual.
"""

from __future__ import annotations

import asyncio
import os
import tempfile

import textual.drivers.linux_driver  # noqa: F401  (every child's driver, loaded once)

from roguelike.ui import lobby as _lobby  # noqa: F401  (the hosted lobby's screens)
from roguelike.ui.app import RoguelikeApp


def warm_screens() -> None:
    """Play a few keys of a game headless, saving into a folder thrown away after."""
    saved = os.environ.get("ROGUELIKE_SAVES")
    with tempfile.TemporaryDirectory(prefix="roguelike-zygote-") as folder:
        os.environ["ROGUELIKE_SAVES"] = folder
        try:
            asyncio.run(_play_a_little())
        finally:
            if saved is None:
                os.environ.pop("ROGUELIKE_SAVES", None)
            else:
                os.environ["ROGUELIKE_SAVES"] = saved


async def _play_a_little() -> None:
    app = RoguelikeApp(seed="zygote-1", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the party screen's default party
        await pilot.pause()
        for key in "jlkh":
            await pilot.press(key)
            await pilot.pause()
