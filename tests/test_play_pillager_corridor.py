"""Issue 35, point 3, through the real keys at 80x24 and 120x40: a Pillager standing in a
corridor on the way is gone round by another corridor when there is one (a route cost for
the squares it holds: travel.Sightings), so the party is not struck for walking its route
("one whose way is barred strikes", T&T 003:119, kept as it is). Before, `G >` and `o`
walked the party into the corridor up to it and stopped there ("Pillager is in the way"),
beside a Pillager that strikes one barring its way: on depth 2 and deeper, with 9-10
Pillagers a level, that wore parties down (the lead's games)."""

from __future__ import annotations

import pytest
from explore_kit import Steady, pillager
from test_comfort_snapshots import SIZES
from test_play_light import settle

from roguelike.core.components import HitBoxes, Position
from roguelike.engine.scenario import scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options

# Two rooms joined by a short corridor (row 2) and a long one round the south; the stairs
# down in the east room.
TWO_WAYS = """
#####################
#1.....#######......#
#2.................>#
#3.....#######......#
#......#######......#
###.##########.######
###.##########.######
###............######
#####################
"""
PILLAGER_AT = (10, 2)  # in the short corridor, at home: its camp is the corridor
CORRIDOR = 7  # the room number given to the short corridor (the Pillagers' camp)


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def _two_ways(east_seen: bool):
    g = scenario(TWO_WAYS)
    g.level.camp_room = 9
    g.streams.play = Steady(6)  # no wandering monster
    g.level.explored[:] = True
    if not east_seen:  # (o: the east room to explore, by either corridor)
        g.level.explored[1:5, 15:20] = False
    g.level.room_map[2, 7:14] = CORRIDOR
    while len(g.level.rooms) <= CORRIDOR:
        g.level.rooms.append(g.level.rooms[0])
    g.level.pillager_camp_room = CORRIDOR
    p = pillager(g, *PILLAGER_AT)
    g.view_changed()
    g.restart_round()
    assert g.hostiles_in_view() == [p] and g.mode == "explore"
    return g, p


async def _press(g, size, *keys: str) -> None:
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        await pilot.press(*keys)
        await settle(pilot, app)
        await pilot.press("escape")  # (a stop for the Pillager first seen, if any)
        await pilot.press(*keys)
        await settle(pilot, app)


def _unhurt(g) -> bool:
    return all(loc.crossed == 0 for e in g.party
               for loc in g.store.get(e, HitBoxes).locations)


def _went_round(g) -> bool:
    """Whether a delver walked the long corridor, and none stood beside the Pillager."""
    steps = [a for _r, a in g.history if a["kind"] == "step"]
    return bool(steps) and g.store.get(g.led, Position).x >= 14


@pytest.mark.parametrize("size", SIZES)
async def test_G_to_the_stairs_goes_round_a_pillager_in_the_corridor(size):
    g, p = _two_ways(east_seen=True)
    await _press(g, size, "G", ">")
    assert g.store.get(g.led, Position).xy == (19, 2)  # there, by the long way
    assert g.store.get(p, Position).xy == PILLAGER_AT and _unhurt(g)
    assert g.threats_in_view() == []  # nobody barred its way: no fight


@pytest.mark.parametrize("size", SIZES)
async def test_o_explores_past_a_pillager_in_the_corridor_by_the_other_way(size):
    g, _p = _two_ways(east_seen=False)
    await _press(g, size, "o")
    assert g.level.explored[1:5, 15:20].all()  # the east room explored
    assert _went_round(g) and _unhurt(g)
    assert g.threats_in_view() == []
