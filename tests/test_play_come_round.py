"""Issue 35, points 1 and 2, through the real keys at 80x24 and 120x40: `o` and `G >` wait
for a companion knocked out to come round (resting when a rest may begin, round by round
when a Pillager in reach forbids one), saying so once; and `o` with nothing left to explore
says why it will not rest when a Pillager is in reach, with the direction, as `R` does.
Found in the lead's games: `o` said "Nothing left to explore" with the Mage on the floor,
and the player pressed `.` sixty times."""

from __future__ import annotations

import pytest
from explore_kit import Steady, pillager
from test_comfort_snapshots import SIZES
from test_play_light import game_screen, settle

from roguelike.core.components import HitBoxes, Position
from roguelike.engine.base.stats import chebyshev, is_disabled
from roguelike.engine.combat.attack import wound
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.autoexplore import Explorer
from roguelike.engine.helpers.come_round import coming_round
from roguelike.engine.scenario import scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options

# All of it seen; the stairs down at the east end.
HALL = """
######################
#1...................#
#2.................>.#
#3...................#
######################
"""


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def _hall(pillager_at: tuple[int, int] | None = None, plan: str = HALL):
    g = scenario(plan)
    g.level.camp_room = 9  # (not the Camp: a Light Rest)
    g.real_play = g.streams.play  # (for the stairs: a level's roll-offs need real dice)
    g.streams.play = Steady(6)  # no wandering monster; every check passed
    if pillager_at is not None:  # at home in its camp, the whole hall: it waits there
        g.level.room_map[1:4, 1:-1] = 1
        g.level.rooms.append(g.level.rooms[0])
        g.level.pillager_camp_room = 1
        pillager(g, *pillager_at)
        g.view_changed()
        g.restart_round()
    return g


def _knock_out(g, eid) -> None:
    torso = g.store.get(eid, HitBoxes).location("torso")
    torso.crossed = len(torso.boxes) - 1
    wound(g, eid, location="torso")
    assert coming_round(g) == [eid]


async def _play(g, size, *keys: str) -> list[str]:
    """Press each of `keys` (a run each) in the real app; the log's messages after."""
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        for key in keys:
            if key == ">":  # (a new level's roll-offs need real dice, not Steady's ties)
                g.streams.play = g.real_play
            await pilot.press(*key.split())
            await settle(pilot, app)
        return [m for m, _ in game_screen(app).log_view.messages]


async def _hints(g, size, *keys: str) -> list[str]:
    """Press each of `keys` in the real app; what the status line said after each."""
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        hints = []
        for key in keys:
            await pilot.press(key)
            await settle(pilot, app)
            hints.append(game_screen(app).status.hint)
        return hints


def _kinds(g) -> list[str]:
    return [a["kind"] for _r, a in g.history]


def _waiting(log: list[str]) -> list[str]:
    return [m for m in log if "to come round" in m]


@pytest.mark.parametrize("size", SIZES)
async def test_o_waits_for_a_knocked_out_companion_with_a_pillager_in_reach(size):
    g = _hall(pillager_at=(5, 1))  # 4 squares from the Leader: no rest may begin
    mage = g.party[2]
    _knock_out(g, mage)
    said = _waiting(await _play(g, size, "o"))
    assert not is_disabled(g.store, mage)  # waited: it came round
    assert len(said) == 1 and said[0].startswith("Waiting for"), said  # once, not a round
    assert "Not with a Pillager in reach" in said[0]  # and why it does not rest
    kinds = _kinds(g)  # waited where it lay (then walked away to rest the wounds off)
    assert kinds[:kinds.index("step") if "step" in kinds else None].count("wait") >= 50


@pytest.mark.parametrize("size", SIZES)
async def test_o_rests_for_a_knocked_out_companion_and_says_whom_it_waits_for(size):
    g = _hall()
    mage = g.party[2]
    _knock_out(g, mage)
    said = _waiting(await _play(g, size, "o"))
    assert not is_disabled(g.store, mage)
    assert "rest" in _kinds(g)
    assert len(said) == 1 and said[0].startswith("Waiting for"), said


@pytest.mark.parametrize("size", SIZES)
async def test_o_walks_away_from_a_pillager_in_reach_and_rests(size):
    g = _hall(pillager_at=(5, 1))
    legs = g.store.get(g.party[0], HitBoxes).location("legs")
    legs.crossed = 1
    log = await _play(g, size, "o")
    told = [m for m in log if m.startswith("Not with a Pillager in reach (")]
    assert len(told) == 1 and told[0].endswith("Moving away from it to rest."), told
    assert "rest" in _kinds(g) and legs.crossed == 0  # away from it, rested, healed
    assert g.store.get(g.led, Position).x > 5 + 5 + 1  # beyond its Move and blow


# A room too small to get out of a Pillager's reach.
SMALL = """
#######
#1....#
#2....#
#3....#
#######
"""


@pytest.mark.parametrize("size", SIZES)
async def test_o_says_why_it_will_not_rest_with_a_pillager_in_reach(size):
    g = _hall(pillager_at=(5, 1), plan=SMALL)
    g.store.get(g.party[0], HitBoxes).location("legs").crossed = 1
    said = await _hints(g, size, "o", "o")
    why = said[-1]  # (why the run stopped)
    assert why.startswith("Not with a Pillager in reach ("), why
    assert " of " in why  # where, from whom
    assert "Move away from it first" not in why  # (o moves when it can: what else to do)
    assert "walk into it to fight it, or . waits for it to move on." in why
    assert said[0] == why  # (each o says the one line)
    assert "rest" not in _kinds(g)


# The same, with the stairs down in the room (a Pillager camp at the stairs, in play).
SMALL_STAIRS = """
#######
#1....#
#2..>.#
#3....#
#######
"""


@pytest.mark.parametrize("size", SIZES)
async def test_o_names_the_stairs_when_a_pillager_there_forbids_the_rest(size):
    g = _hall(pillager_at=(5, 1), plan=SMALL_STAIRS)
    g.store.get(g.party[0], HitBoxes).location("legs").crossed = 1
    why = (await _hints(g, size, "o"))[-1]
    assert why.startswith("Not with a Pillager in reach ("), why
    assert "G then > takes the stairs down (3 squares east)" in why, why


def test_o_says_once_a_level_why_it_explores_on_unrested():
    g = _hall(pillager_at=(5, 1))
    g.level.explored[:, 9:] = False  # (ground east still to explore)
    g.store.get(g.party[0], HitBoxes).location("legs").crossed = 1
    explorer = Explorer()
    said = []
    for _ in range(3):  # (three presses of o, each stopped after a step: a key)
        walk = travel.Run(g, explorer)
        travel.run(g, walk, limit=1)
        said.append(walk.news)
        explorer = explorer.again()
    told = [n for n in said if "Exploring on" in n]
    assert len(told) == 1 and told[0].startswith("Not with a Pillager in reach ("), said
    assert "Move away from it first" not in told[0]


@pytest.mark.parametrize("size", SIZES)
async def test_G_to_the_stairs_waits_for_one_knocked_out_and_brings_them(size):
    g = _hall()
    mage = g.party[2]
    _knock_out(g, mage)
    log = await _play(g, size, "G >")
    stairs = g.store.get(g.led, Position)
    assert stairs.xy == (19, 2), log[-3:]
    assert not is_disabled(g.store, mage)
    assert all(chebyshev(g.store.get(e, Position), stairs) <= 3 for e in g.party)
    assert _waiting(log)
    await _play(g, size, ">")
    assert g.depth == 2 and all(g.store.get(e, Position).depth == 2 for e in g.party)


@pytest.mark.parametrize("size", SIZES)
async def test_o_with_the_level_done_says_one_line_with_the_way_down(size):
    """Nothing to explore and no walls left to search: every o says the same line and
    how to go down (in play the presses alternated "o again searches the walls" and
    "Nothing left ...", o searching nothing)."""
    said = await _hints(_hall(), size, "o", "o")
    assert said[0] == said[1], said
    assert said[0].startswith("Nothing left to explore or search here. Stairs down: ")
    assert "(G then > goes there)" in said[0]
