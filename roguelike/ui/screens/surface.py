"""What the game screen's command objects may use of the screen.

The screen composes its commands (game_commands.py, acting.py, using.py, cursor.py,
choices.py, travelling.py); each is handed the screen as a `Surface` and imports this
protocol, never the screen itself: the game and the widgets to draw on come down, the
player's actions go up through `act`, `say` and `show`.
"""

from __future__ import annotations

from typing import Protocol

from textual.app import App

from roguelike.core.events import Event
from roguelike.engine.base.action import Action
from roguelike.ui.autorun import AutoRun, Host
from roguelike.ui.keymap import Keymap
from roguelike.ui.map_view import MapView
from roguelike.ui.options import Options
from roguelike.ui.status_bar import StatusBar


class Surface(Host, Protocol):
    map: MapView
    status: StatusBar
    keymap: Keymap
    options: Options

    @property
    def app(self) -> App[object]: ...
    def act(self, action: Action) -> list[Event]: ...
    def show(self, evs: list[Event], animate: bool = True) -> None: ...
    def say(self, text: str) -> None: ...
    def refresh_all(self) -> None: ...
    def start_auto(self, run: AutoRun) -> None: ...
