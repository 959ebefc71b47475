"""Issue 26, the newcomer's finding 8 through the real keys at 80x24 and 120x40: with only a
Pillager keeping its distance in view, the party is not in a fight: `G >` takes the whole
party to the stairs in one press and `>` takes it down, `o` walks the group on (before, one
square a press and one delver at a time); walked into, the Pillager is a foe (fight mode,
`F` fights it); `R` refuses a rest with a Pillager near enough to strike this round."""

from __future__ import annotations

import pytest
from explore_kit import pillager
from test_comfort_snapshots import SIZES
from test_play_light import game_screen, settle

from roguelike.core.components import HitBoxes, MonsterStats, Position
from roguelike.engine.base.stats import chebyshev
from roguelike.engine.scenario import scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options

# The party at the west end; the stairs down at the east end; a Pillager idles in its camp
# (the room round the stairs' far side), in view all the way.
HALL = """
######################
#1...................#
#2.................>.#
#3...................#
######################
"""


def _hall():
    g = scenario(HALL)
    g.level.room_map[1:4, 16:21] = 1
    g.level.rooms.append(g.level.rooms[0])
    g.level.pillager_camp_room = 1
    g.level.camp_room = 9
    return g


def _app() -> RoguelikeApp:
    return RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))


def _steps(g) -> int:
    return [a["kind"] for _r, a in g.history].count("step")


@pytest.mark.parametrize("size", SIZES)
async def test_G_then_stairs_takes_the_whole_party_with_a_pillager_in_view(size):
    g = _hall()
    p = pillager(g, 20, 1)  # home in its camp: it waits there
    g.view_changed()
    g.restart_round()
    app = _app()
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        assert g.hostiles_in_view() == [p]
        assert g.mode == "explore"
        await pilot.press("G", ">")
        await settle(pilot, app)
        await pilot.press("escape")  # (a stop for the Pillager, if it was told of: gone)
        await pilot.press("G", ">")
        await settle(pilot, app)
        stairs = (19, 2)
        where = [g.store.get(e, Position).xy for e in g.party]
        assert where[0] == stairs, where
        assert all(chebyshev(g.store.get(e, Position), g.store.get(g.party[0], Position))
                   <= 3 for e in g.party), where  # the companions came along
        assert g.mode == "explore"
        await pilot.press(">")
        await settle(pilot, app)
        assert g.depth == 2  # the party went down together, no delver brought by hand


@pytest.mark.parametrize("size", SIZES)
async def test_walked_into_a_pillager_is_a_foe_and_R_refuses_one_in_reach(size):
    g = _hall()
    g.store.get(g.party[0], HitBoxes).location("legs").crossed = 1
    p = pillager(g, 5, 1)  # 4 squares from the Leader: Speed 5 and a blow reach him
    g.view_changed()
    g.restart_round()
    app = _app()
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        screen = game_screen(app)
        assert g.mode == "explore"
        await pilot.press("R")
        await settle(pilot, app)
        assert "Not with a Pillager in reach" in screen.status.hint
        assert not [a for _r, a in g.history if a["kind"] == "rest"]
        # walk up to it and into it: a fight
        g.store.get(p, Position).x = 2
        g.store.get(p, Position).y = 1
        g.view_changed()
        g.store.get(p, MonsterStats).hits = 9  # (it stands the blow)
        await pilot.press("l")  # into the Pillager beside the Leader
        await settle(pilot, app)
        assert g.threats_in_view() == [p] and g.mode == "combat"
        await pilot.press("F")
        await settle(pilot, app)
        assert "keep their distance" not in screen.status.hint
