"""The dungeon layout shared by the game screen and the replay viewer: the map, a sidebar
(hit boxes, lights and gold, initiative), the log and the status line; the screen pushes
each a model of the game (view_models.py) and the widgets never see the game itself."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical

from roguelike.ui.log_view import LogView
from roguelike.ui.map_view import MapView
from roguelike.ui.party_panel import PartyPanel
from roguelike.ui.status_bar import InitiativeTracker, StatusBar
from roguelike.ui.supply_panel import SupplyPanel
from roguelike.ui.theme import Styles
from roguelike.ui.view_data import DungeonModel

TRACKER_ROWS = 2  # the initiative tracker's least: its title and tokens share the first


def layout_css(screen: str) -> str:
    # The status line, the log and the sidebar are split off the screen's edges (in the
    # order composed), the map has what is left: each is the screen's own child. Textual
    # redraws every widget whose clip meets the box round a step's changed cells (a map
    # row and the status line's digit), each over its whole height: inside a row
    # container, the container and the sidebar were redrawn at every step as well.
    return f"""
    {screen} {{ layout: vertical; }}
    {screen} StatusBar {{ split: bottom; }}
    {screen} LogView {{ split: bottom; height: 6; border-top: hkey $panel-lighten-2; }}
    {screen} #sidebar {{ split: right; width: 28; border-left: vkey $panel-lighten-2; }}
    """


class DungeonWidgets:
    """The widgets of one dungeon view, drawing the model last pushed down (`set_model`)."""

    def __init__(self, model: DungeonModel, styles: Styles) -> None:
        self.map = MapView(model.map, styles)
        self.party_panel = PartyPanel(model.party, styles)
        self.supplies = SupplyPanel(model.supplies, styles)
        self.tracker = InitiativeTracker(model.tracker, styles)
        self.log_view = LogView()
        self.status = StatusBar(model.status, styles)
        self.status.overflow = self.log_view
        self.sidebar = Vertical(id="sidebar")
        self.members = len(model.party)

    def fit(self, width: int, height: int) -> None:
        """Share the window out: the log (5 lines, 7 from 36 rows, 11 from 48), the
        sidebar (wider from 110 columns), and in the sidebar each hit-box location its own
        line where there is room, the supplies what they need, the initiative the rest."""
        # (the log's border takes a row; at 80x24 the map keeps 17 rows, DCSS's 17 too)
        log_height = (12 if height >= 48 else 8) if height >= 36 else 6
        self.log_view.styles.height = log_height
        self.sidebar.styles.width = 34 if width >= 110 else 28
        rows = height - log_height - 1  # (the status line)
        least = TRACKER_ROWS + 2  # the initiative and the supplies at their least
        members = self.members
        party = 6 * members if rows - 6 * members >= least + 2 else 4 * members
        self.party_panel.styles.height = party
        self.supplies.most_rows = max(2, rows - party - TRACKER_ROWS)
        self.supplies.fit_rows()

    def set_model(self, model: DungeonModel, full: bool = False) -> None:
        """Every widget draws the new snapshot, repainting the rows that changed (`full`:
        the whole map, as after a jump)."""
        self.map.set_model(model.map, full=full)
        self.party_panel.set_model(model.party)
        self.supplies.set_model(model.supplies)
        self.tracker.set_model(model.tracker)
        self.status.set_model(model.status)

    def compose(self) -> ComposeResult:
        yield self.status  # (the splits, from the edges in)
        yield self.log_view
        with self.sidebar:
            yield self.party_panel
            yield self.supplies
            yield self.tracker
        yield self.map
