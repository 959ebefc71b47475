"""A step repaints a few rows, never the whole screen (what keeps a keypress at ~3 ms)."""

from __future__ import annotations

from textual.geometry import Region

from roguelike.core.components import Position
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.lines import LinesWidget
from roguelike.ui.map_view import MapView


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
