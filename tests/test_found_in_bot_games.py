"""Three faults the project's bot games found (issue 16), each as a scene of its own: a
monster's walk going on after a hazard on its way killed it, Creeping Vines knocking the
same delver out round after round, and Pillagers fighting every delver they passed."""

from __future__ import annotations

from combat_kit import foes, script

from roguelike.engine import ai
from roguelike.engine import conditions as C
from roguelike.engine.actions import Wait
from roguelike.engine.components import (
    Actor,
    Character,
    Confined,
    Disabled,
    MonsterStats,
    Position,
)
from roguelike.engine.scenario import scenario
from roguelike.engine.traps import spring
from roguelike.engine.traps.actions import Free
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
    g.invalidate_view()
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
    g.invalidate_view()
    script(g, [6, 6])  # 2d6 12 against the vines' 7: cut free
    g.perform(Free(-1, 0))
    assert not g.store.has(mage, Confined)
    for _ in range(70):
        downs += sum(e.kind == "disabled" and e.actor == mage for e in g.perform(Wait()))
    assert downs == 1 and not g.store.has(mage, Disabled)  # up again, Injured
