"""The stand-in player of roguelike/tools/explore_rate.py presses only the UI's keys: R when
`o` can do nothing, F (and `.` while a foe comes), and walks after a foe it closed in on."""

from __future__ import annotations

from explore_kit import Steady

from roguelike.core.components import HitBoxes, Position
from roguelike.engine.scenario import scenario
from roguelike.tools import explore_rate

HALL = """
##############
#123.........#
#............#
##############
"""


def test_press_r_rests_the_wounded_party_as_the_key_does():
    game = scenario(HALL)
    game.level.camp_room = 9  # (not the Camp: Light Rest, a box a rest)
    game.streams.play = Steady(6)  # no wandering monster
    game.store.get(game.party[1], HitBoxes).location("legs").crossed = 2
    before = explore_rate.press_r(game)
    kinds = [a["kind"] for _r, a in game.history]
    assert game.actions_taken > before and kinds.count("rest") == 2
    assert game.store.get(game.party[1], HitBoxes).location("legs").crossed == 0
    assert explore_rate.press_r(game) == game.actions_taken  # nothing more to rest for


def test_the_stand_in_walks_to_where_a_foe_it_closed_in_on_was_last_seen():
    game = scenario(HALL)
    stand_in = explore_rate.StandIn(chase=(game.party[0], (10, 1)))  # (any id on the level)
    lead = game.awaiting
    start = game.store.get(lead, Position).x
    assert stand_in.follow_up(game)
    assert game.store.get(lead, Position).x > start and stand_in.chased == 1
    stand_in.chased = explore_rate.CHASE_STEPS
    assert not stand_in.follow_up(game) and stand_in.chase is None  # it gives up in time
