"""A step repaints a few cells of a few rows, never the whole screen (what keeps a keypress at
~3 ms and under 300 bytes at 120x40)."""

from __future__ import annotations

import pytest
from rich.style import Style
from textual.geometry import Region
from textual.widget import Widget

from roguelike.core.components import Position
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.lines import BLANK, LinesWidget, cells_of, changed_span
from roguelike.ui.log_view import LogView
from roguelike.ui.map_view import MapView
from roguelike.ui.party_panel import PartyPanel
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.status_bar import InitiativeTracker
from roguelike.ui.supply_panel import SupplyPanel
from roguelike.ui.theme import MONO, Styles

BOLD = Style(bold=True)


async def test_a_step_refreshes_only_changed_rows(monkeypatch):
    calls: list[tuple[str, tuple[object, ...]]] = []

    def spy(cls):
        original = cls.refresh

        def refresh(self, *regions, **kwargs):
            calls.append((type(self).__name__, regions))
            return original(self, *regions, **kwargs)

        monkeypatch.setattr(cls, "refresh", refresh)

    spy(MapView)
    spy(LinesWidget)
    app = RoguelikeApp(seed="bench-pty", straight_in=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        game = app.game
        assert game is not None
        for key in ("h", "l", "h", "l"):
            calls.clear()
            before = game.store.get(game.led, Position).xy
            await pilot.press(key)
            assert game.store.get(game.led, Position).xy != before, "the step was refused"
            full = [name for name, regions in calls if not regions]
            assert not full, f"whole-widget repaints on a step: {full}"
            rows = [r for name, regions in calls if name == "MapView" for r in regions]
            assert all(isinstance(r, Region) and r.height == 1 for r in rows)
            assert 1 <= len(rows) <= 6, f"{len(rows)} map rows repainted for one step"
            panel_rows = sum(len(regions) for name, regions in calls if name != "MapView")
            assert panel_rows <= 8, f"{panel_rows} panel rows repainted for one step"
            # only the cells that changed (Textual writes every cell of a refreshed region):
            # the leader's old and new squares, the status line's movement points
            cells = sum(r.width for _name, regions in calls for r in regions)
            # and the log's new line on the first (a whole row each: 250 and more, before)
            assert cells <= 80, f"{cells} cells repainted for one step"


def test_the_changed_span_of_a_row_is_its_first_to_last_differing_cell():
    row = cells_of([("D1 R1 ", BLANK), ("moving, 5 MP left", BOLD)], 30)
    assert row is not None and len(row) == 30
    assert changed_span(row, row, 30) is None
    four = cells_of([("D1 R1 ", BLANK), ("moving, 4 MP left", BOLD)], 30)
    assert changed_span(row, four, 30) == (14, 1)
    shorter = cells_of([("D1 R1 ", BLANK), ("ready", BOLD)], 30)
    assert changed_span(row, shorter, 30) == (6, 17)  # up to the old text's last cell
    restyled = cells_of([("D1 R1 ", BOLD), ("moving, 5 MP left", BOLD)], 30)
    assert changed_span(row, restyled, 30) == (0, 6)
    # a character two cells wide: columns are not characters, so the whole row
    assert cells_of([("\u4e16", BLANK)], 30) is None
    assert changed_span(row, None, 30) == (0, 30)
    assert changed_span(row, row[:20], 30) == (0, 30)


async def test_a_step_rebuilds_no_sidebar_panel_whose_model_is_unchanged(monkeypatch):
    built: list[str] = []
    for cls in (PartyPanel, SupplyPanel, InitiativeTracker):
        original = cls.build

        def build(self, width, height, _original=original):
            built.append(type(self).__name__)
            return _original(self, width, height)

        monkeypatch.setattr(cls, "build", build)
    app = RoguelikeApp(seed="bench-pty", straight_in=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for key in ("h", "l", "h", "l"):
            await pilot.press(key)
        built.clear()
        party_before = screen.party_panel.model
        await pilot.press("h")
        assert screen.party_panel.model == party_before  # (a step in a quiet room)
        assert "PartyPanel" not in built and "SupplyPanel" not in built
        # a changed model is drawn: the panel shows the new luck at once
        delver = party_before[0]._replace(luck=party_before[0].luck + 3)
        screen.party_panel.set_model((delver, *party_before[1:]))
        assert built.count("PartyPanel") == 1
        assert f"Luck {delver.luck}" in "".join(t for t, _ in screen.party_panel._lines[0])
        # so is a new palette, on the same model
        built.clear()
        screen.restyle(Styles(MONO))
        assert {"PartyPanel", "SupplyPanel", "InitiativeTracker"} <= set(built)


async def test_the_log_is_rebuilt_only_when_a_line_comes_or_the_newest_dim(monkeypatch):
    builds: list[int] = []
    original = LogView.build

    def build(self, width, height):
        builds.append(1)
        return original(self, width, height)

    monkeypatch.setattr(LogView, "build", build)
    app = RoguelikeApp(seed="bench-pty", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        log = screen.log_view

        def shown(text: str) -> Style | None:
            return next((style for line in log._lines for t, style in line if t == text), None)

        log.add(["The party hears water."])
        assert shown("The party hears water.") == Style(color="white")
        builds.clear()
        log.add([])  # the next action says nothing: the line dims
        assert builds and shown("The party hears water.") == Style(color="#808080")
        builds.clear()
        await pilot.press("h")
        await pilot.press("l")
        log.add([])
        assert not builds, "a quiet action rebuilt the log"
        log.add(["A click."])
        assert builds and shown("A click.") == Style(color="white")


@pytest.mark.parametrize(("size", "map_size"), [((80, 24), (52, 17)),
                                                ((120, 40), (86, 31))])
async def test_the_first_screen_draws_the_map_once_at_its_size_and_a_resize_again(
        monkeypatch, size, map_size):
    """The window is shared out before the first layout: the map is laid out once, at its
    size (the style sheet's sizes first, then the window's, drew it twice or three times);
    a later resize still draws it anew."""
    drawn: list[tuple[int, int]] = []
    original = MapView.redraw

    def redraw(self, full=False):
        if self.size.width > 0:
            drawn.append((self.size.width, self.size.height))
        return original(self, full)

    monkeypatch.setattr(MapView, "redraw", redraw)
    app = RoguelikeApp(seed="bench-pty", straight_in=True)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert drawn == [map_size], drawn
        screen = app.screen
        assert isinstance(screen, GameScreen) and app.game is not None
        # the leader is on the map drawn (the first screen is whole)
        lx, ly = app.game.store.get(app.game.led, Position).xy
        view = screen.map
        ox, oy = view.origin
        leader = next(s for s in view.model.sprites if (s.x, s.y) == (lx, ly))
        assert view.render_line(ly - oy).text[lx - ox] == leader.glyph
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert drawn[-1] == (72, 23) and view.size == (72, 23)


async def test_a_step_redraws_only_the_screens_own_widgets_not_the_sidebars(monkeypatch):
    """Textual redraws, over its whole height, every widget whose clip meets the box round
    a step's changed cells; the screen's own children are the map, the sidebar, the log
    and the status line, with no row container round the map and sidebar to be redrawn
    too, and the sidebar's panels (clipped to it) stay out of a step off the sidebar."""
    drawn: list[str] = []
    original = Widget.render_lines

    def render_lines(self, crop):
        drawn.append(type(self).__name__)
        return original(self, crop)

    monkeypatch.setattr(Widget, "render_lines", render_lines)
    app = RoguelikeApp(seed="bench-pty", straight_in=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        for key in ("h", "l", "h", "l"):
            drawn.clear()
            await pilot.press(key)
            await pilot.pause()
            assert sorted(drawn) == ["GameScreen", "LogView", "MapView", "StatusBar",
                                     "Vertical"], drawn
