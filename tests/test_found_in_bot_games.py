"""Three faults the project's bot games found (issue 16), each as a scene of its own: a
monster's walk going on after a hazard on its way killed it, Creeping Vines knocking the
same delver out round after round, and Pillagers fighting every delver they passed."""

from __future__ import annotations

from combat_kit import foes, script
from explore_kit import act, pillager, pillager_turn

from roguelike.core.components import (
    Actor,
    Character,
    Confined,
    Disabled,
    MonsterStats,
    Position,
)
from roguelike.core.explore_components import Haul
from roguelike.engine.actions.basic import Attack, Wait
from roguelike.engine.monsters import ai, pillagers
from roguelike.engine.scenario import scenario
from roguelike.engine.status import conditions as C
from roguelike.engine.status.checks import fight_state
from roguelike.engine.traps.trap_actions import Free
from roguelike.engine.traps.trigger import spring
from tests.trap_helpers import place, sturdy

CORRIDOR = """
############
#123.....m.#
############
"""


def test_a_monster_killed_on_its_walk_stops_walking():
    """The Advance walked on after a step onto a Buzz Saw killed the monster, and the next
    step's trap check raised KeyError (traps/trigger.py, from fight_actions.Advance)."""
    g = scenario(CORRIDOR, monsters={"m": "apprentice"})
    merc = g.party[1]
    monster = foes(g)[0]
    pos = g.store.get(merc, Position)
    pos.x = 6
    sturdy(g, merc)
    spring(g, place(g, "mk_buzz_saw", at=(6, 1), placement="square"), merc)  # the saw stays
    pos.x = 2
    g.view_changed()
    g.store.get(monster, MonsterStats).hits = 1
    act = g.store.get(monster, Actor)
    act.actions_left, act.move_points = 2, 0
    events = ai.take_action(g, monster)  # (7, 1), then the saw at (6, 1)
    assert any(e.kind == "kill" and e.actor == monster for e in events)
    assert not g.store.alive(monster)
    g.restart_round()  # and the turn loop goes on without it
    assert not g.over


ROOM = """
############
#1.........#
#2.........#
#3.........#
############
"""


def test_vines_keep_a_knocked_out_captive_down_until_freed():
    """Creeping Vines smothering a knocked-out delver: it got up after 60 rounds, was
    knocked out again at once, and so on (about 300 times in a bot game, until the cap).
    A wound is no rest: each one starts the knock-out's 10 minutes again, so the captive
    stays down, once, until a companion frees it; then it gets up by itself."""
    g = scenario(ROOM)
    leader, mage = g.party[0], g.party[2]
    trap = place(g, "dp_creeping_vines", at=g.store.get(mage, Position).xy, placement="square")
    script(g, [1])  # the save vs stone fails: grabbed and smothered at the plant's heart
    spring(g, trap, mage)
    assert C.has_condition(g, mage, "suffocating")
    g.store.get(mage, Confined).held_rounds = 100  # (its breath long gone)
    assert g.store.get(mage, Character).luck > 0
    downs = 0
    for _ in range(200):  # the others wait: 200 rounds
        downs += sum(e.kind == "disabled" and e.actor == mage for e in g.perform(Wait()))
    assert downs == 1 and C.has_condition(g, mage, "knocked_out")
    pos = g.store.get(leader, Position)
    pos.x, pos.y = 2, 3  # beside the captive at (1, 3)
    g.view_changed()
    script(g, [6, 6])  # 2d6 12 against the vines' 7: cut free
    g.perform(Free(-1, 0))
    assert not g.store.has(mage, Confined)
    for _ in range(70):
        downs += sum(e.kind == "disabled" and e.actor == mage for e in g.perform(Wait()))
    assert downs == 1 and not g.store.has(mage, Disabled)  # up again, Injured


def test_a_smothered_captive_lying_where_a_companion_stands_can_be_freed():
    """Seed s22-a-9: the Leader stood on the square of its knocked-out, smothered companion
    and Free on its own square found "nothing held" (creature_at named the Leader) for
    50,000 actions while the companion suffocated on."""
    g = scenario(ROOM)
    leader, mage = g.party[0], g.party[2]
    trap = place(g, "dp_creeping_vines", at=g.store.get(mage, Position).xy, placement="square")
    script(g, [1])
    spring(g, trap, mage)
    assert g.store.has(mage, Confined)
    lpos, mpos = g.store.get(leader, Position), g.store.get(mage, Position)
    lpos.x, lpos.y = mpos.x, mpos.y  # standing over the captive
    g.view_changed()
    g.current = leader
    g.store.get(leader, Actor).actions_left = 2
    script(g, [6, 6])
    result = Free(0, 0).perform(g, leader)
    assert result.ok, result.reason
    assert not g.store.has(mage, Confined)


# ----- Pillagers: "stand and fight if engaged, but will otherwise move towards their Base
# avoiding combat" (T&T 003) ---------------------------------------------------------------
HALL = """
###############
#.............#
#.............#
#.....1.......#
#.....2.......#
#.....3.......#
#.............#
#.............#
###############
"""


def _hall(camp_columns: slice = slice(1, 3)):
    """The hall, its two left columns the Pillagers' camp (room 1)."""
    g = scenario(HALL)
    level = g.level
    level.room_map[1:8, camp_columns] = 1
    level.rooms.append(level.rooms[0])
    level.pillager_camp_room = 1
    return g


def _hauling(g, x: int, y: int) -> int:
    p = pillager(g, x, y)
    g.store.get(p, Haul).hauling = True
    return p


def _next_to_a_delver(g, p: int) -> bool:
    here = g.store.get(p, Position)
    return any(max(abs(here.x - q.x), abs(here.y - q.y)) <= 1
               for q in (g.store.get(e, Position) for e in g.party))


def test_a_pillager_routes_round_the_party_and_never_fights_it_in_passing():
    """Hauling loot home across the hall, where the party stands in a line across its
    way: it goes round (never a step next to a delver) and attacks nobody. Before, it
    walked the straight way and attacked the first delver it passed."""
    g = _hall()
    p = _hauling(g, 12, 4)
    fights = []
    for _ in range(8):
        events = pillager_turn(g, p)
        fights += [e for e in events if e.kind in ("hit", "miss")]
        assert not _next_to_a_delver(g, p)
        where = g.store.get(p, Position)
        if g.level.room_at(where.x, where.y) == 1:
            break
    assert fights == []
    where = g.store.get(p, Position)
    assert g.level.room_at(where.x, where.y) == 1  # home all the same


def test_a_pillager_attacked_hand_to_hand_stands_and_fights_until_they_part():
    g = _hall()
    leader = g.party[0]
    p = _hauling(g, 7, 3)  # beside the Leader at (6, 3)
    act(g, leader, Attack(p), [1])  # a miss, but the Pillager is engaged
    events = pillager_turn(g, p)
    assert any(e.kind in ("hit", "miss") and e.target == leader for e in events)
    assert g.store.get(p, Position).xy == (7, 3)  # it stood its ground
    lpos = g.store.get(leader, Position)
    lpos.x, lpos.y = 11, 1  # the Leader breaks off
    g.view_changed()
    rogue = g.party[1]  # (at (6, 4), still beside it: the melee goes on with her, RULES.md)
    assert pillagers.engaged_by(g, p) == rogue
    rpos = g.store.get(rogue, Position)
    rpos.x, rpos.y = 11, 2  # and the Rogue: nobody stands beside it now
    g.view_changed()
    events = pillager_turn(g, p)
    assert not any(e.kind in ("hit", "miss") for e in events)
    assert fight_state(g, p).engaged_by == 0  # the fight is over; it heads home


CORRIDOR_HOME = """
###########
#....1....#
###########
"""


def test_a_pillager_whose_way_is_barred_fights_the_delver_barring_it():
    """A one-square corridor, the camp at its west end and a delver standing in it: there
    is no way round, so the Pillager, beside the delver, fights it."""
    g = scenario(CORRIDOR_HOME)
    level = g.level
    level.room_map[1, 1:3] = 1
    level.rooms.append(level.rooms[0])
    level.pillager_camp_room = 1
    leader = g.party[0]
    for eid in g.party[1:]:  # the others out of the way, east of the Pillager
        pos = g.store.get(eid, Position)
        pos.x, pos.y = 9, 1
    g.view_changed()
    p = _hauling(g, 7, 1)
    events = pillager_turn(g, p)
    assert g.store.get(p, Position).xy == (6, 1)  # as far as it can go
    assert any(e.kind in ("hit", "miss") and e.target == leader for e in events)
