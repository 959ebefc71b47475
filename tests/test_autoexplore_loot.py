"""Auto-explore and what lies in the rooms (issue 26, playtest findings 11a and 11b),
headless: the delver best placed by the seed's numbers checks a marker near the way, the
others following in step; the loot seen is gone to and picked up (a treasure as the
player answers) before the level counts as explored. Through the keys:
tests/test_play_autoexplore_loot.py."""

from __future__ import annotations

import itertools

from roguelike.core.components import Position
from roguelike.core.explore_components import Marker
from roguelike.engine.actions import marching
from roguelike.engine.base.stats import chebyshev
from roguelike.engine.creatures.inventory import carried, make_item, make_treasure
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.autoexplore import EXPLORED, Explorer
from roguelike.engine.helpers.autoexplore_loot import check_worth, checker
from roguelike.engine.helpers.travel import Question
from roguelike.engine.markers.event_markers import make_marker
from roguelike.engine.scenario import scenario

HALL = """
################
#321...........#
#..............#
#..............#
################
"""
# a door east: what lies beyond it is unseen, the way auto-explore goes
ROOMS = """
####################
#321......#........#
#.........+........#
#.........#........#
####################
"""


def _rooms(seed: str):
    game = scenario(ROOMS, seed=seed)
    game.level.explored[:, 11:] = False
    return game


def _check_events(game):
    return [e for e in game.log if "the event marker check" in e.text
            and e.kind != "luck_offer"]


def test_the_best_placed_delver_walks_in_front_to_check_a_marker():
    """Warrior Wits 5 (2 in 6), Rogue Wits 4 (3 in 6, a disarm of 3 in 6 on a trap row),
    Mage Wits 3 (4 in 6): the Mage's check does the most good (96 against 90 and 48 in
    216ths), so the Mage, not the Warrior in front, checks the marker on the way east."""
    game = _rooms("m1")
    warrior, rogue, mage = game.party
    assert [check_worth(game, e) for e in game.party] == [48, 90, 96]
    assert checker(game, list(game.party)) == mage
    marker = make_marker(game.store, 1, 8, 1, room=0)
    explorer = Explorer()
    travel.run(game, explorer, limit=60, answer=lambda q: 0)
    checks = _check_events(game)
    assert checks and checks[0].actor == mage
    assert not game.store.alive(marker) or game.store.get(marker, Marker).state != "unchecked"
    leads = [e.actor for e in game.log if e.kind == "lead"]
    assert leads[:1] == [mage]
    assert warrior not in [c.actor for c in checks] and rogue not in [c.actor for c in checks]


def test_the_party_follows_the_checker_in_step():
    game = _rooms("m2")
    make_marker(game.store, 1, 8, 1, room=0)
    explorer = Explorer()
    positions = game.store.table(Position)
    walk = travel.Run(game, explorer)
    for _ in range(40):
        why = walk.advance(lambda a: game.perform(a))
        if why is not None or _check_events(game):
            break
        walkers = marching.line(game)
        assert all(chebyshev(positions[a], positions[b]) <= marching.GAP
                   for a, b in itertools.pairwise(walkers))
    assert _check_events(game)[0].actor == game.party[2]


def test_loot_seen_is_picked_up_before_the_level_counts_as_explored():
    """A salve lies 10 squares off: it is walked to and picked up unasked;
    a treasure is asked about, and Enter (the first option) has the fastest carry it (the
    party walks at its slowest one's pace: the Rogue's 8 has the most to spare)."""
    game = scenario(HALL, seed="m3")
    _warrior, rogue, _mage = game.party
    salve = make_item(game, "healing_salve", Position(1, 13, 3))
    gold, _said = make_treasure(game, 1, 2, 3)
    asked: list[Question] = []
    _events, why = travel.run(game, Explorer(), limit=200,
                              answer=lambda q: asked.append(q) or 0)
    assert len(asked) == 1 and asked[0].about == gold
    assert asked[0].options[0] == "Mercenary Rogue picks it up (Speed 8 -> 7)"
    assert asked[0].options[1] == "Leader Warrior picks it up (Speed 6 -> 5)"
    assert asked[0].options[-1] == "Leave it lying"
    assert "costs its bearer 1 Speed" in asked[0].text
    assert any(salve in carried(game.store, e) for e in game.party)
    assert not game.store.has(salve, Position)
    assert not game.store.has(gold, Position)  # (picked up in the Camp: banked at once)
    assert any(e.kind == "bank" and e.actor == rogue for e in game.log)
    assert why.startswith(EXPLORED) or "Nothing left" in why


def test_treasure_the_player_leaves_is_not_asked_about_again():
    game = scenario(HALL, seed="m4")
    gold, _said = make_treasure(game, 1, 10, 3)
    asked: list[Question] = []
    explorer = Explorer()
    _events, _why = travel.run(game, explorer, limit=100,
                              answer=lambda q: asked.append(q) or len(q.options) - 1)
    assert len(asked) == 1
    assert game.store.has(gold, Position) and gold not in carried(game.store, game.party[0])
    again = explorer.again()
    _events, _why = travel.run(game, again, limit=100, answer=lambda q: asked.append(q) or 0)
    assert len(asked) == 1
