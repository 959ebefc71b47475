"""The game app when the SSH host runs it: resume the account's save, save on hang-up,
report status to the host, and exit when the game screen closes (back to the lobby)."""

from __future__ import annotations

import asyncio
import signal
from functools import partial
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from roguelike.game_status import report, start_reporter
from roguelike.records import account
from roguelike.records.signals import install_signal_save
from roguelike.ui.held import hold_until_play

REATTACHED = {
    signal.SIGUSR1: "Reattached: you are back in your game, as you left it.",
    signal.SIGUSR2: "Reattached: your game moved here from your other connection.",
}


LEAVING_SHOWN = 0.05  # seconds "Back to the lobby..." is on screen before the game ends


class HostedBase(Screen[None]):
    """Under the game screen; when the game screen closes, the process ends. It is blank
    until then: the party screen, a dialog, leaves it showing around its edges, where a
    "Back to the lobby..." said from the start stood stale while a game began."""

    covered = False

    def compose(self) -> ComposeResult:
        yield Static("", id="leaving")

    def on_screen_suspend(self) -> None:
        self.covered = True  # the game screen is on top

    def on_screen_resume(self) -> None:
        if not self.covered:  # the first showing, before the game screen opens
            return
        # (the party screen closes before its answer opens the game screen: look again
        # once that is done, and leave only if nothing covers this screen any more)
        self.call_after_refresh(self._leave_if_uncovered)

    def _leave_if_uncovered(self) -> None:
        app: Any = self.app
        if app.screen is not self:
            return
        # said now, shown while a finished game is recorded (then the process ends); the
        # pause lets the screen be drawn first (after the next refresh was not enough)
        self.query_one("#leaving", Static).update("Back to the lobby...")
        self.set_timer(LEAVING_SHOWN, self._leave)

    def _leave(self) -> None:
        app: Any = self.app
        game = app.game
        if game is not None and app.status_fd is not None:
            report(game, app.status_fd)  # (begun, however soon it ends: its recording stays)
        if game is not None and game.over:
            try:
                account.finish(game, Path(app.data_dir), app.player_name)
            except Exception as err:  # a failed record must not keep the player stuck
                app.log.error(f"recording the finished game failed: {err}")
        app.exit()


def begin_hosted(app: Any) -> None:
    """Called from the app's on_mount instead of showing the main menu."""
    account_dir = Path(app.data_dir)
    loop = asyncio.get_running_loop()

    def saved(_signum: int) -> None:  # saved on hang-up: the app ends as the player left
        loop.call_soon_threadsafe(app.exit)

    account.save_dir(account_dir).mkdir(parents=True, exist_ok=True)
    install_signal_save(lambda: app.game, account.save_file(account_dir), on_saved=saved)
    app.push_screen(HostedBase())
    held = app.go_fd is not None  # started ahead of Play: always a new game (ui/held.py)
    game, notes = (None, []) if app.initial_seed or held else account.resume(account_dir)
    if game is not None:
        started = app.play(game)
    else:
        started = app.new_game(app.initial_seed or app.fresh_seed())
    for note in notes:
        app.notify(note, timeout=8)
    if not started:  # (the slot is played in another session: app.play said so)
        app.set_timer(5, app.exit)
    if held:
        hold_until_play(app, app.go_fd)
    # The host signals a reattached player (host/hub.py: tell_reattached); it sends them
    # only after the first status report, so these handlers come before the reporter.
    for sig, text in REATTACHED.items():
        loop.add_signal_handler(sig, partial(app.notify, text, timeout=8))
    if app.status_fd is not None:
        start_reporter(lambda: app.game, app.status_fd)
