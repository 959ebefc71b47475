"""The dungeon layout shared by the game screen and the replay viewer: the map, a sidebar of
hit boxes and initiative, the log and the status line; the screen pushes each a model of
the game (view_models.py) and the widgets never see the game itself."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from roguelike.ui.log_view import LogView
from roguelike.ui.map_view import MapView
from roguelike.ui.party_panel import PartyPanel
from roguelike.ui.status_bar import InitiativeTracker, StatusBar
from roguelike.ui.theme import Styles
from roguelike.ui.view_data import DungeonModel


def layout_css(screen: str) -> str:
    return f"""
    {screen} {{ layout: vertical; }}
    {screen} #main {{ height: 1fr; }}
    {screen} #sidebar {{ width: 28; border-left: vkey $panel-lighten-2; }}
    {screen} LogView {{ height: 5; border-top: hkey $panel-lighten-2; }}
    """


class DungeonWidgets:
    """The widgets of one dungeon view, drawing the model last pushed down (`set_model`)."""

    def __init__(self, model: DungeonModel, styles: Styles) -> None:
        self.map = MapView(model.map, styles)
        self.party_panel = PartyPanel(model.party, styles)
        self.tracker = InitiativeTracker(model.tracker, styles)
        self.log_view = LogView()
        self.status = StatusBar(model.status, styles)
        self.status.overflow = self.log_view

    def set_model(self, model: DungeonModel, full: bool = False) -> None:
        """Every widget draws the new snapshot, repainting the rows that changed (`full`:
        the whole map, as after a jump)."""
        self.map.set_model(model.map, full=full)
        self.party_panel.set_model(model.party)
        self.tracker.set_model(model.tracker)
        self.status.set_model(model.status)

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield self.map
            with Vertical(id="sidebar"):
                yield self.party_panel
                yield self.tracker
        yield self.log_view
        yield self.status
