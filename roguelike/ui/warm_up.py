"""The screens warmed in the host's zygote (roguelike/host/launch.py) before it forks games.

A few keys of a hosted game are played headless, in a folder thrown away after: what
Textual and the game build and keep on first use (parsed styles, rendering caches, the
terminal driver's module, the lobby's screens) is then built once, in the zygote, and
shared by every child it forks. It lives here because only roguelike/ui/ imports Textual.
"""

from __future__ import annotations

import asyncio
import os
import signal
import tempfile

import textual.drivers.linux_driver  # noqa: F401  (every child's driver, loaded once)

from roguelike.ui import lobby as _lobby  # noqa: F401  (the hosted lobby's screens)
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.warm_styles import KEPT

# what a hosted game installs for itself (records/signals.py, ui/hosted.py)
HOSTED_SIGNALS = (signal.SIGHUP, signal.SIGTERM, signal.SIGINT, signal.SIGUSR1,
                  signal.SIGUSR2)


def warm_screens() -> None:
    """Play a few keys of a hosted game headless, in a folder thrown away after.

    The hosted path, as a forked game runs it (`roguelike play --data ...`): the party
    screen (its class choosers, inputs and buttons) over the hosted base, then the game screen.
    Each handler's first call is then made here (Textual counts its parameters once and
    keeps the count on the function): it is not done again, nor writes to the shared
    pages, in every child. Its parsed styles are kept for the game a child makes
    (roguelike/ui/warm_styles.py)."""
    kept = {sig: signal.getsignal(sig) for sig in HOSTED_SIGNALS}
    saved = os.environ.get("ROGUELIKE_SAVES")
    with tempfile.TemporaryDirectory(prefix="roguelike-zygote-") as folder:
        os.environ["ROGUELIKE_SAVES"] = folder  # (anything saved outside the account's)
        try:
            asyncio.run(_play_a_little(folder))
        finally:
            if saved is None:
                os.environ.pop("ROGUELIKE_SAVES", None)
            else:
                os.environ["ROGUELIKE_SAVES"] = saved
            # the hosted game's save-on-hang-up handlers are a game's, not the zygote's
            for sig, handler in kept.items():
                signal.signal(sig, handler)


async def _play_a_little(folder: str) -> None:
    app = RoguelikeApp(seed="zygote-1", data_dir=folder, player_name="zygote")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the party screen's default party
        await pilot.pause()
        for key in "jlkh":
            await pilot.press(key)
            await pilot.pause()
    KEPT.keep(app)  # its parsed styles, for the next game (ui/warm_styles.py)
