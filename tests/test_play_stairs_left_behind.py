"""`>` asks before the stairs leave a delver behind (the lead's own game, plum-otter-4 D1
R170: one `>` took the Warrior down alone and left the knocked-out Rogue and Mage on depth
1 without a word before it), through the real keys at 80x24 and 120x40."""

from __future__ import annotations

import pytest
from test_comfort_snapshots import SIZES

from roguelike.core.components import Disabled, Position
from roguelike.engine.game import Game
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.dialogs import Confirm


def _left_at_the_stairs() -> Game:
    g = Game("left-behind")
    lead, merc, app = g.party
    down = g.level.stairs_down
    assert down is not None
    for e in (lead, app):
        pos = g.store.get(e, Position)
        pos.x, pos.y = down
    g.store.add(merc, Disabled("test"))  # down, far from the stairs
    g.view_changed()
    g.restart_round()
    return g


def test_the_engine_names_who_the_stairs_would_leave_behind():
    g = _left_at_the_stairs()
    assert g.left_at_stairs(g.party[0]) == [g.party[1]]
    g.store.remove(g.party[1], Disabled)  # standing far off: the stairs refuse instead
    assert g.left_at_stairs(g.party[0]) == []


@pytest.mark.parametrize("size", SIZES)
async def test_descending_asks_before_leaving_a_downed_companion_behind(size):
    g = _left_at_the_stairs()
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        await pilot.press(">")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert "Mercenary Rogue (down" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert g.depth == 1  # nobody went
        await pilot.press(">")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert g.depth == 2 and g.store.get(g.party[1], Position).depth == 1
