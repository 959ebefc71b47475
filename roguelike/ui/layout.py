"""The dungeon layout shared by the game screen and the replay viewer: the map, a sidebar of
hit boxes and initiative, the log and the status line."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from roguelike.engine.game import Game
from roguelike.ui.log_view import LogView
from roguelike.ui.map_view import MapView
from roguelike.ui.party_panel import PartyPanel
from roguelike.ui.status_bar import InitiativeTracker, StatusBar
from roguelike.ui.theme import Styles


def layout_css(screen: str) -> str:
    return f"""
    {screen} {{ layout: vertical; }}
    {screen} #main {{ height: 1fr; }}
    {screen} #sidebar {{ width: 28; border-left: vkey $panel-lighten-2; }}
    {screen} LogView {{ height: 5; border-top: hkey $panel-lighten-2; }}
    """


class DungeonWidgets:
    """The widgets of one dungeon view; `point_at` re-aims them at another game."""

    def __init__(self, game: Game, styles: Styles) -> None:
        self.map = MapView(game, styles)
        self.party_panel = PartyPanel(game, styles)
        self.tracker = InitiativeTracker(game, styles)
        self.log_view = LogView()
        self.status = StatusBar(game, styles)
        self.status.overflow = self.log_view

    def point_at(self, game: Game) -> None:
        for widget in (self.map, self.party_panel, self.tracker, self.status):
            widget.game = game

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield self.map
            with Vertical(id="sidebar"):
                yield self.party_panel
                yield self.tracker
        yield self.log_view
        yield self.status
