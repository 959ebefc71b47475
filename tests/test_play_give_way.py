"""`o` and `G` with a Pillager keeping its distance on the only way on (bookkeeping found in play).

Before, the walk stopped at once, "Pillager is in the way", and each press of `o` said it
again with nothing happening between (the lead's copper-hare-9: 55 presses in one round;
probes of `o` to depth 3 on copper-hare-9 and amber-wolf-17: 20 and 23 such stops, each
pressed three times). Waiting beside it is no answer: one whose way is barred strikes (T&T
003), and in probes it struck 13 times in 21. Now the walk goes round it when there is any
other way, else the party backs off into the open (the delver furthest back leads, the
others follow) and lets it pass, then goes on with the lead given back; one that stays
where it was is said once to be parked there, and is not backed off for again.
"""

from __future__ import annotations

import pytest
from explore_kit import Steady, pillager
from test_comfort_snapshots import SIZES
from test_comfort_ui import until_idle

from roguelike.core.components import HitBoxes, Position
from roguelike.core.explore_components import Haul
from roguelike.engine.actions.basic import Lead
from roguelike.engine.game import Game
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.autoexplore import Explorer
from roguelike.engine.helpers.give_way import GiveWay, open_ground, travel_on
from roguelike.engine.scenario import scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.world.level import Room

# A room (the Pillagers' camp) and a corridor east that turns south out of sight; the party
# stands in the corridor, a Pillager hauling home beside the one in front.
CORRIDOR = """
##################
#.......##########
#.......##########
#......321....####
#.......#####.####
#.......#####.####
#############.####
#############.####
#############....#
##################
"""
PILLAGER_AT = (10, 3)
LEADER_AT = (9, 3)


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def _corridor(hauling: bool = True) -> tuple[Game, int]:
    """The party in the corridor, the Pillager in front of it: hauling home to the room
    (it wants past the party), or with nothing to do in its camp, the corridor (it stays)."""
    g = scenario(CORRIDOR)
    g.streams.play = Steady(6)  # (no wandering monster)
    g.level.room_map[:, :] = -1
    g.level.rooms[:] = [Room(0, 1, 1, 7, 5), Room(1, 8, 3, 5, 1)]
    g.level.room_map[1:6, 1:8] = 0
    g.level.room_map[3, 8:13] = 1
    g.level.pillager_camp_room = 0 if hauling else 1
    g.level.explored[:] = True
    g.level.explored[5:, 9:] = False  # (the corridor south of the bend: to explore)
    p = pillager(g, *PILLAGER_AT)
    g.store.get(p, Haul).hauling = hauling
    g.view_changed()
    g.restart_round()
    assert g.hostiles_in_view() == [p] and g.threats_in_view() == [] and g.mode == "explore"
    assert g.store.get(g.led, Position).xy == LEADER_AT
    return g, p


def _unhurt(g: Game) -> bool:
    return all(loc.crossed == 0 for e in g.party
               for loc in g.store.get(e, HitBoxes).locations)


def test_open_ground_is_the_room_off_the_corridor_mouth():
    g, _p = _corridor()
    ground = open_ground(g, travel.travel_cost(g, g.led))
    assert ground[3, 3] and ground[1, 1]  # (a room's corner too)
    assert not ground[3, 8] and not ground[3, 7] and not ground[2, 7]  # corridor, mouth


def test_o_backs_off_into_the_room_lets_the_pillager_pass_and_explores_on():
    g, p = _corridor()
    leader = g.led
    explorer = Explorer()
    walk = travel.Run(g, explorer)
    first = walk.advance(g.perform)
    assert first is None and g.history[-1][1] == {"kind": "lead", "order": 2}  # the rear
    assert "stepping back to let it pass" in walk.news
    _events, why = travel.run(g, walk, limit=400)
    assert g.level.explored[8, 13:17].all()  # the corridor past the bend explored
    assert g.store.get(p, Position).xy[0] < 8  # it went by, home to the room
    assert _unhurt(g) and g.threats_in_view() == []  # nobody barred it: no blow
    assert g.led == leader  # the lead given back to the one chosen
    assert "in the way" not in why


def test_o_stops_once_for_a_pillager_that_stays_and_does_not_back_off_again():
    g, p = _corridor(hauling=False)
    explorer = Explorer()
    _events, why = travel.run(g, explorer, limit=200)
    assert why == ("Pillager is in the way (1 square east) and stays there, though the "
                   "party stood aside: walk into it to fight it, or wait.")
    assert g.store.get(p, Position).xy == PILLAGER_AT and _unhurt(g)
    _events, again = travel.run(g, explorer.again(), limit=400)
    # (not said again: with nothing else to explore, it searches the walls, then says in
    # one line what is left: tests/test_play_parked.py)
    assert "though the party stood aside" not in again
    assert g.store.get(p, Position).xy == PILLAGER_AT and _unhurt(g)


def test_a_creature_in_a_gap_on_the_way_is_gone_round_by_another_way():
    """A Pillager in a gap in a wall (not a narrow way: Sightings adds nothing) on the
    short way: the walk goes round by the other (GiveWay.step: way_round), where before
    it stopped, "Pillager is in the way"."""
    g = scenario("""
        ############
        #1..#......#
        #2..#......#
        #3.........#
        #...#......#
        #...####.###
        #..........#
        ############
    """)
    g.streams.play = Steady(6)
    p = pillager(g, 4, 3)  # (at rest in the gap: the party's whole camp)
    here = g.store.get(g.party[0], Position)
    here.x, here.y = 3, 3  # (beside the gap)
    g.view_changed()
    g.restart_round()
    g.level.explored[1:5, 8:11] = False  # (the east room's far side)
    walk = travel.Run(g, Explorer())
    for _ in range(6):
        assert walk.advance(g.perform) is None
    assert g.store.get(g.led, Position).y > 4  # the other way, south
    assert g.store.get(p, Position).xy == (4, 3) and _unhurt(g)


def test_G_backs_off_too_and_gives_the_lead_back():
    g, p = _corridor()
    leader = g.led
    g.level.explored[:] = True  # (the way there known)
    way = GiveWay()
    goal = (13, 5)
    first = travel_on(g, g.led, goal, [], way)
    assert isinstance(first, Lead) and "stepping back" in way.news
    for _ in range(300):
        action = travel_on(g, g.awaiting, goal, [], way)
        if isinstance(action, str):
            break
        g.perform(action)
    assert g.store.get(leader, Position).xy == goal and g.led == leader
    assert g.store.get(p, Position).xy[0] < 8 and _unhurt(g)


async def _play(g: Game, size: tuple[int, int], *keys: str) -> str:
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        screen = app.screen
        for key in keys:
            await pilot.press(key)
            await until_idle(pilot, screen)
        await pilot.pause()
        return "\n".join(m for m, _ in screen.log_view.messages)


@pytest.mark.parametrize("size", SIZES)
async def test_one_press_of_o_lets_the_pillager_by_and_explores_on(size):
    g, p = _corridor()
    leader = g.led
    log = await _play(g, size, "o")
    assert g.level.explored[8, 13:17].all() and _unhurt(g) and g.led == leader
    assert g.store.get(p, Position).xy[0] < 8
    assert log.count("stepping back to let it pass") == 1
    assert "Pillager is in the way (1 square east): walk into it" not in log


@pytest.mark.parametrize("size", SIZES)
async def test_G_past_a_pillager_in_the_corridor_through_the_keys(size):
    g, p = _corridor()
    leader = g.led
    g.level.explored[:] = True
    await _play(g, size, "G", ">")  # (no stairs: the cursor instead)
    assert g.store.get(leader, Position).xy == LEADER_AT  # (nothing yet: no stairs known)
    down = (16, 8)
    g.level.stairs_down = down
    await _play(g, size, "G", ">")
    assert g.store.get(leader, Position).xy == down and g.led == leader
    assert g.store.get(p, Position).xy[0] < 8 and _unhurt(g)
