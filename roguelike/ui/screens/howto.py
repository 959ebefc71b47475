"""The short how-to a player's first game opens with: one screen, skipped with any key, and
remembered in the player's options (seen_howto) so it shows once. Help (?) says it all
again, with the keys and the map's symbols."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from roguelike.ui.help_text import HOW_TO
from roguelike.ui.screens.modal import Modal

if TYPE_CHECKING:
    from roguelike.ui.screens.game_screen import GameScreen


class HowTo(Modal[None]):
    DEFAULT_CSS = """
    HowTo { align: center middle; }
    HowTo > Vertical { width: 90%; max-width: 84; height: auto; max-height: 100%;
                       border: round $accent; background: $surface; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(HOW_TO + "[dim]Any key: start playing (this shows only once).[/dim]")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.dismiss(None)


def offer_howto(screen: GameScreen) -> None:
    """Open the how-to over a player's first game, and remember that it was shown."""
    app = screen.app
    if screen.options.seen_howto or not getattr(app, "howto", False):
        return
    seen = dataclasses.replace(screen.options, seen_howto=True)

    def shown(_result: None) -> None:
        if hasattr(app, "set_options"):
            app.set_options(seen)  # saved at once: the next game starts straight in
        else:
            screen.set_options(seen)

    app.push_screen(HowTo(), shown)
