"""The seven Traps & Treasure spells, each a Wits check to cast."""

from __future__ import annotations

from explore_kit import act, texts

from roguelike.core.components import HitBoxes, MonsterStats, Position
from roguelike.core.explore_components import SpellWall
from roguelike.engine.actions.basic import Actor
from roguelike.engine.base import rule_calls as adapters
from roguelike.engine.base.stats import attribute
from roguelike.engine.creatures.inventory import ledger
from roguelike.engine.items.spells import Cast, expire_walls, fire_wall_burns, spell_targets
from roguelike.engine.scenario import Scripted, scenario
from roguelike.world import tiles as T

ARENA = """
####################
#1...m.............#
#2.................#
#3.................#
####################
"""


def _game():
    g = scenario(ARENA, monsters={"m": "mercenary"})
    foe = next(e for e, _ in g.store.query(MonsterStats))
    return g, foe, g.party[2]


def test_only_casters_cast_and_a_failed_wits_check_wastes_the_action():
    g, foe, mage = _game()
    assert "do not know" in act(g, g.party[0], Cast("force_bolt", 5, 1)).reason
    res = act(g, mage, Cast("force_bolt", 5, 1), [2])  # 2 vs Wits 3
    assert res.ok and "fails at casting Force Bolt" in texts(res)
    assert g.store.get(mage, Actor).actions_left == 1
    assert g.store.get(foe, MonsterStats).hits == 3


def test_force_bolt_is_a_ranged_attack_with_a_might_save():
    g, foe, mage = _game()
    res = act(g, mage, Cast("force_bolt", 5, 1), [3, 5, 1])
    assert "hits Rival Mercenary" in texts(res) and g.store.get(foe, MonsterStats).hits == 2
    assert "reaches 12" in act(g, mage, Cast("force_bolt", 15, 1)).reason


def test_force_bolt_takes_the_range_band_modifier():
    """12 squares: short 1-4, medium 5-8, long 9-12 (Classic 0 / -2 / -5 -> 0 / -1 / -2)."""
    g, foe, mage = _game()
    combat = attribute(g.store, mage, "combat")
    g.store.get(foe, Position).x = 7  # 6 squares from the Mage at (1, 3): medium
    res = act(g, mage, Cast("force_bolt", 7, 1), [3, combat])  # Wits ok; combat - 1 misses
    assert "misses" in texts(res) and f"{combat}-1 vs Combat" in texts(res)
    g, foe, mage = _game()
    g.store.get(foe, Position).x = 11  # 10 squares: long
    res = act(g, mage, Cast("force_bolt", 11, 1), [3, combat])
    assert f"{combat}-2 vs Combat" in texts(res) and "misses" in texts(res)


def test_heal_mends_a_box_once_per_character_per_game():
    g, _foe, mage = _game()
    lead = g.party[0]
    arms = g.store.get(lead, HitBoxes).location("arms")
    arms.crossed = 2
    g.store.get(mage, Position).x, g.store.get(mage, Position).y = 2, 2
    res = act(g, mage, Cast("heal", 1, 1, "arms"), [4])
    assert res.ok and arms.crossed == 1
    assert "once per game" not in texts(res)
    assert "healing spell this game" in act(g, mage, Cast("heal", 1, 1, "arms")).reason
    g.store.get(mage, Position).x = 4
    assert "reaches 1 square" in act(g, mage, Cast("heal", 2, 2, "arms")).reason


def test_fly_and_climb_set_their_conditions():
    g, _foe, mage = _game()
    act(g, mage, Cast("fly", 1, 3), [3, 2])
    assert adapters.has_condition(g, mage, "flying")
    act(g, mage, Cast("climb", 1, 2), [3, 4])
    assert adapters.has_condition(g, g.party[1], "climbing")


def test_confusion_needs_a_wits_check_from_everyone_in_the_area():
    g, foe, mage = _game()
    res = act(g, mage, Cast("confusion", 5, 1), [3, 2, 1])
    assert "fails at resisting Confusion" in texts(res)
    assert adapters.has_condition(g, foe, "confused")
    assert not adapters.has_condition(g, g.party[0], "confused")  # 4 squares off


def test_stone_wall_blocks_and_crumbles_when_its_time_is_up():
    g, _foe, mage = _game()
    assert "direction" in act(g, mage, Cast("stone_wall", 8, 2)).reason
    res = act(g, mage, Cast("stone_wall", 6, 2, "s"), [3, 4])
    assert "2 squares long rises for 4 rounds" in texts(res)
    assert g.level.tile(6, 2) == T.WALL and g.level.tile(6, 3) == T.WALL
    ledger(g).clock += 3
    assert not expire_walls(g)
    ledger(g).clock += 1
    assert expire_walls(g) and g.level.tile(6, 2) == T.FLOOR
    assert not list(g.store.query(SpellWall))


def test_fire_wall_stops_at_a_creature_and_burns_who_passes():
    g, foe, mage = _game()
    act(g, mage, Cast("fire_wall", 3, 1, "e"), [3, 6])
    walls = sorted(p.x for _e, _w, p in g.store.query(SpellWall, Position))
    assert walls == [3, 4]  # the Mercenary at x=5 stops it
    pos = g.store.get(foe, Position)
    pos.x = 4
    g.streams.play = Scripted([1])
    events = fire_wall_burns(g, foe)
    assert "passes through the fire wall" in events[0].text
    assert g.store.get(foe, MonsterStats).hits == 2


def test_spell_targets_for_the_targeting_view():
    g, _foe, mage = _game()
    info = spell_targets(g, mage, "force_bolt")
    assert info["range"] == 12 and (5, 1) in info["squares"] and (1, 3) in info["squares"]
    wall = spell_targets(g, mage, "stone_wall")
    assert wall["option"] == "direction" and "ne" in wall["options"]
    heal = spell_targets(g, mage, "heal")
    assert heal["option"] == "location" and (1, 2) in heal["squares"]
    assert (3, 3) not in heal["squares"]
