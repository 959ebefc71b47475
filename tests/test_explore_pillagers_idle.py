"""Pillagers with nothing left to loot go home, and an unengaged Pillager in sight does not bar
the stairs (T&T: they "stand and fight if engaged, but will otherwise move towards their Base
avoiding combat"). Before, an idle Pillager stood still wherever its last loot had been; one
left standing in sight of the stairs down kept the party on the level for good (bot game on
seed amber-wolf-17: 800 refused descents)."""

from __future__ import annotations

from explore_kit import act, pillager, pillager_turn

from roguelike.core.components import Position
from roguelike.engine.actions.basic import Attack, TakeStairs
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.scenario import scenario

MAP = """
##############
#1...#.......#
#2>..+.......#
#3...#.......#
##############
"""


def _game():
    g = scenario(MAP)
    level = g.level
    level.room_map[1:4, 6:13] = 1
    level.rooms.append(level.rooms[0])
    level.pillager_camp_room = 1
    return g


def test_an_idle_pillager_heads_for_its_camp_and_stays_there():
    g = _game()
    p = pillager(g, 4, 1)
    for _ in range(4):
        pillager_turn(g, p)
    where = g.store.get(p, Position)
    assert g.level.room_at(where.x, where.y) == 1
    pillager_turn(g, p)
    assert g.store.get(p, Position).xy == where.xy  # home: it waits


def _on_the_stairs(g):
    lead = g.party[0]
    pos = g.store.get(lead, Position)
    pos.x, pos.y = 2, 2
    return lead


def test_an_unengaged_pillager_in_sight_does_not_bar_the_stairs():
    g = _game()
    lead = _on_the_stairs(g)
    pillager(g, 4, 3)
    g.restart_round()
    assert g.mode == "explore"  # keeping its distance, no foe: the party moves as one
    res = act(g, g.party[0], TakeStairs("down"), [])
    assert res.ok and g.depth == 2, res.reason
    assert lead in g.party


def test_an_engaged_pillager_or_a_monster_does():
    g = _game()
    lead = _on_the_stairs(g)
    p = pillager(g, 3, 1)  # next to the Leader on the stairs: not engaged yet
    g.restart_round()
    assert act(g, lead, TakeStairs("down"), []).ok
    g = _game()
    lead = _on_the_stairs(g)
    p = pillager(g, 3, 1)
    g.restart_round()
    act(g, lead, Attack(p), [1])  # the Leader attacks it: engaged, it will fight back
    res = act(g, lead, TakeStairs("down"), [])
    assert not res.ok and res.reason == "Not with foes in view!"
    g.store.destroy(p)
    make_monster(g.store, g.content, "goblin", Position(1, 4, 3), awake=True)
    g.restart_round()
    res = act(g, g.party[0], TakeStairs("down"), [])
    assert not res.ok and res.reason == "Not with foes in view!"
