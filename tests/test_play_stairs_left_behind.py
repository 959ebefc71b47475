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


@pytest.mark.parametrize("size", SIZES)
async def test_travel_to_the_stairs_from_the_stairs_gathers_the_party(size):
    """The lead's game again (D1 R184): the Warrior stood on the stairs, the Rogue and the
    Mage far off; `G >` said "You are already there" and `>` "The party must gather within
    3 squares of the stairs first", and nothing brought them. Now `G >` waits there for the
    party to come up, and `>` then takes everyone down."""
    g = Game("left-behind")
    lead = g.party[0]
    down = g.level.stairs_down
    assert down is not None
    g.level.explored[:] = True  # (the way is known)
    pos = g.store.get(lead, Position)
    pos.x, pos.y = down
    # the companions at the far side of the stairs' room, more than 3 squares off
    room = int(g.level.room_map[down[1], down[0]])
    far = sorted((max(abs(x - down[0]), abs(y - down[1])), x, y)
                 for y in range(g.level.height) for x in range(g.level.width)
                 if int(g.level.room_map[y, x]) == room and g.level.is_walkable(x, y))
    spots = [(x, y) for d, x, y in far if d >= 4][-2:]
    assert len(spots) == 2
    for e, (x, y) in zip(g.party[1:], spots, strict=True):
        cpos = g.store.get(e, Position)
        cpos.x, cpos.y = x, y
    g.view_changed()
    g.restart_round()
    assert "gather" in g.take_stairs(lead, "down").reason
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        await pilot.press("G", ">")
        for _ in range(200):
            await pilot.pause(0.05)
            if g.left_at_stairs(lead) == [] and all(
                    max(abs(g.store.get(e, Position).x - down[0]),
                        abs(g.store.get(e, Position).y - down[1])) <= 3 for e in g.party):
                break
        await pilot.pause(0.3)
        await pilot.press(">")
        await pilot.pause()
        assert g.depth == 2, [g.store.get(e, Position).xy for e in g.party]
        assert all(g.store.get(e, Position).depth == 2 for e in g.party)
