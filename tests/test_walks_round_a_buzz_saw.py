"""`o` and `G` never walk into a known lasting effect that strikes whoever steps in (a
buzz saw whirls until disarmed). Made only dear, it was the way `o` took again and again,
a delver knocked out at each crossing (the lead's russet-crane-12, D1 R92-R933): when it is
the only way on, the walk stops and says so; where another way exists, it goes round."""

from __future__ import annotations

import pytest
from test_comfort_snapshots import SIZES, screen_text
from trap_helpers import place

from roguelike.core.components import Door, HitBoxes, Position
from roguelike.core.explore_components import Treasure
from roguelike.engine.actions.basic import Step
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.autoexplore import Explorer
from roguelike.engine.helpers.watch import lasting_effects
from roguelike.engine.scenario import scenario
from roguelike.engine.traps.trigger import spring

ONE_WAY = """
###############
#123.....#....#
#........#....#
#.............#
###############
"""

TWO_WAYS = """
###############
#123..........#
#.......#######
#.............#
###############
"""


def _saw(game, at):
    """A buzz saw sprung at `at` by a stand-in delver, who is then put back whole: the
    saw lasts, and the party knows it."""
    mage = game.party[2]
    pos = game.store.get(mage, Position)
    home = pos.xy
    pos.x, pos.y = at
    spring(game, place(game, "mk_buzz_saw", at=at, placement="square"), mage)
    pos.x, pos.y = home
    for loc in game.store.get(mage, HitBoxes).locations:
        loc.crossed = 0
    assert lasting_effects(game) == [at]


def _hits_taken(game) -> int:
    return sum(loc.crossed for e in game.party for loc in game.store.get(e, HitBoxes).locations)


def test_o_stops_before_a_buzz_saw_that_is_the_only_way_on_and_says_where():
    game = scenario(ONE_WAY)
    game.level.explored[:, 10:] = False  # the room beyond the gap is still to explore
    _saw(game, (9, 3))
    leave = lambda q: next(i for i, o in enumerate(q.options) if "leave" in o.lower())  # noqa: E731
    _events, why = travel.run(game, Explorer(), answer=leave)
    assert _hits_taken(game) == 0
    assert "Ground still to explore lies past the buzz saw" in why and "Buzz Saw" in why
    assert "Step in yourself" in why
    assert all(game.store.get(e, Position).x < 9 for e in game.party)


def test_o_names_the_saw_on_the_way_to_a_locked_door_not_nothing_left():
    """The only ground left to explore lies beyond a door found locked, and the way to
    the door is through the saw: before, `o` searched the walls and said "Nothing left to
    explore or search here, and no stairs down found" (ochre-finch-5 D1 R368, played at
    80x24: a lasting fire on the corridor to the last locked door)."""
    game = scenario("""
        ####################
        #123.....###########
        #........#######...#
        #..............+...#
        ################...#
        ####################
    """)
    door = game.door_at(15, 3)
    assert door is not None
    state = game.store.get(door, Door)
    state.checked = state.locked = True
    game.level.explored[:, 16:] = False  # (beyond the door, found locked)
    game.level.explored[3, 15] = True
    _saw(game, (10, 3))
    leave = lambda q: next(i for i, o in enumerate(q.options) if "leave" in o.lower())  # noqa: E731
    _events, why = travel.run(game, Explorer(), answer=leave)
    assert why.startswith("Ground still to explore lies past the buzz saw"), why
    assert "Step in yourself" in why and _hits_taken(game) == 0
    assert "search" not in [a["kind"] for _r, a in game.history]  # (said at once)


def test_g_says_the_way_there_is_through_the_buzz_saw():
    game = scenario(ONE_WAY)
    game.level.explored[:, :] = True
    _saw(game, (9, 3))
    why = travel.travel_step(game, game.led, (12, 2))
    assert isinstance(why, str) and "The way there is through the buzz saw" in why


def test_a_walk_goes_round_a_buzz_saw_by_a_longer_way():
    game = scenario(TWO_WAYS)
    _saw(game, (8, 1))
    goal = (13, 1)
    for _ in range(40):  # the long way round through the lower corridor
        step = travel.travel_step(game, game.led, goal)
        if not isinstance(step, Step):
            break
        game.perform(step)
        assert game.store.get(game.led, Position).xy != (8, 1)
    assert _hits_taken(game) == 0


def test_with_the_stairs_known_o_names_them_and_the_ground_past_the_saw():
    game = scenario(ONE_WAY.replace("#........#....#\n#....", "#.......>#....#\n#....", 1))
    game.level.explored[:, 10:] = False
    _saw(game, (9, 3))
    leave = lambda q: next(i for i, o in enumerate(q.options) if "leave" in o.lower())  # noqa: E731
    _events, why = travel.run(game, Explorer(), answer=leave)
    assert why.startswith("Explored all the open ways. Stairs down")
    assert "Ground still to explore lies past the buzz saw" in why
    assert _hits_taken(game) == 0


# ----- through the real keys ------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
async def test_o_through_the_keys_stops_before_the_saw_and_asks_with_the_whole_line(size):
    from test_play_light import settle

    from roguelike.ui.app import RoguelikeApp
    from roguelike.ui.options import Options

    game = scenario(ONE_WAY)
    game.level.explored[:, 10:] = False
    _saw(game, (9, 3))
    for eid, _item in list(game.store.query(Treasure)):  # (no question about loot here)
        game.store.destroy(eid)
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(game)
        await pilot.pause()
        await pilot.press("o")
        await settle(pilot, app)
        shown = " ".join(screen_text(app).split())
    assert _hits_taken(game) == 0
    # the question, whole on the screen (its end too), at 80x24 as at 120x40: Enter walks
    # through (tests/test_play_crossing.py); here nothing has been stepped into yet
    assert "Ground still to explore lies past" in shown and "Walk through it?" in shown
    assert all(game.store.get(e, Position).x < 9 for e in game.party)
