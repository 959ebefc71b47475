"""Items, inventories, treasure load, giving, dropping, banking and the score."""

from __future__ import annotations

from explore_kit import act, carried_kinds, give, give_treasure, texts

from roguelike.core.components import Actor, Disabled, HitBoxes, MonsterStats, Position
from roguelike.core.explore_components import Inventory, Item, Marker, Treasure
from roguelike.engine.actions.basic import Step
from roguelike.engine.base import rule_calls as adapters
from roguelike.engine.base.stats import speed
from roguelike.engine.creatures.inventory import Bank, Drop, Give, PickUp, ledger
from roguelike.engine.items.item_use import UseItem
from roguelike.engine.markers.event_markers import make_marker
from roguelike.engine.scenario import Scripted, scenario

ARENA = """
##############
#1...m.......#
#2...........#
#3...........#
##############
"""


def _game():
    g = scenario(ARENA, monsters={"m": "mercenary"})
    foe = next(e for e, _ in g.store.query(MonsterStats))
    return g, foe


def _item(g, eid, kind):
    return next(i for i in g.store.get(eid, Inventory).items
                if g.store.has(i, Item) and g.store.get(i, Item).kind == kind)


def test_start_kit_from_content():
    g, _foe = _game()
    lead, merc, mage = g.party
    assert carried_kinds(g, lead) == ["special_melee_weapon", *["oil_flask"] * 5,
                                      "healing_salve"]
    assert {"ranged_weapon", "lockpicks", "bag_of_holding"} <= set(carried_kinds(g, merc))
    assert {"melee_weapon", "crystal_ball", "holy_water"} <= set(carried_kinds(g, mage))


def test_each_treasure_costs_a_point_of_speed_unless_in_the_bag():
    g, _foe = _game()
    lead, merc, _mage = g.party
    give_treasure(g, lead)
    give_treasure(g, lead)
    assert speed(g.store, lead) == 6 - 2
    for _ in range(4):
        give_treasure(g, merc)
    assert speed(g.store, merc) == 8  # the Bag of Holding holds 4
    give_treasure(g, merc)
    assert speed(g.store, merc) == 7


def test_pick_up_is_an_action_drop_is_free_give_is_an_action():
    g, _foe = _game()
    lead, merc, _mage = g.party
    ledger(g)
    piece = g.store.create(Position(1, 2, 1), Treasure(20))
    g.level.camp_room = -1  # keep it in hand: no Camp here
    res = act(g, lead, PickUp(piece))
    assert res.ok and piece in g.store.get(lead, Inventory).items
    assert g.store.get(lead, Actor).actions_left == 1
    res = act(g, lead, Drop(piece))
    assert res.ok and g.store.get(piece, Position).xy == (1, 1)
    act(g, lead, PickUp(piece))
    res = act(g, lead, Give(merc, str(piece)))
    assert res.ok and piece in g.store.get(merc, Inventory).items
    assert not act(g, lead, Give(g.party[2], "999")).ok


def test_treasure_can_be_taken_from_the_disabled():
    g, _foe = _game()
    lead, merc, _mage = g.party
    g.level.camp_room = -1
    piece = give_treasure(g, merc, 15)
    assert not act(g, lead, PickUp(piece)).ok  # not while they stand
    g.store.add(merc, Disabled("test"))
    assert act(g, lead, PickUp(piece)).ok
    assert piece in g.store.get(lead, Inventory).items


def test_treasure_is_banked_in_the_camp_and_counts_in_the_score():
    g, _foe = _game()
    lead = g.party[0]
    give_treasure(g, lead, 30)
    give_treasure(g, lead, 20)
    res = act(g, lead, Step(1, 0))  # the scenario's room is the Camp
    assert "banks 2 treasures (50 gp)" in texts(res)
    assert g.score_parts()["treasure_gp"] == 50
    assert not act(g, lead, Bank()).ok  # nothing left to bank
    adapters.award_xp(g, lead, 7, "test")
    assert g.score_parts() == {"treasure_gp": 50, "treasure_pieces": 2, "experience": 7,
                               "artifact": 0, "deepest": 1, "total": 57}


def test_monsters_leave_treasure_on_their_column():
    g, foe = _game()
    g.streams.play = Scripted([4, 3])  # Mercenary treasure 4-6: a 4; 30 gp
    events = g.on_monster_killed(foe, "test")
    assert any("Treasure from the Rival Mercenary" in e.text for e in events)
    (piece,) = [e for e, _t in g.store.query(Treasure)]
    assert g.store.get(piece, Treasure).gp == 30


def test_healing_salve_heals_a_box_of_choice_and_lifts_disabled():
    g, _foe = _game()
    lead, merc, _mage = g.party
    g.store.get(lead, HitBoxes).location("arms").crossed = 1
    res = act(g, lead, UseItem(_item(g, lead, "healing_salve"), -1, -1, "arms"), [])
    assert res.ok and g.store.get(lead, HitBoxes).location("arms").crossed == 0
    assert "healing_salve" not in carried_kinds(g, lead)
    torso = g.store.get(merc, HitBoxes).location("torso")
    torso.crossed = len(torso.boxes)
    g.store.add(merc, Disabled("torso"))
    salve = give(g, lead, "healing_salve")
    assert "location to heal" in act(g, lead, UseItem(salve, 1, 2, "")).reason
    act(g, lead, UseItem(salve, 1, 2, "torso"))
    assert not g.store.has(merc, Disabled)


def test_burning_oil_direct_hit():
    g, foe = _game()
    lead = g.party[0]
    res = act(g, lead, UseItem(_item(g, lead, "oil_flask"), 5, 1), [4, 8])
    assert "hit directly: 8 damage = 2 Hits" in texts(res)
    assert g.store.get(foe, MonsterStats).hits == 1
    assert adapters.has_condition(g, foe, "burning")


def test_burning_oil_fumble_sets_the_thrower_alight():
    g, _foe = _game()
    lead = g.party[0]
    res = act(g, lead, UseItem(_item(g, lead, "oil_flask"), 5, 1), [1, 4, 2])
    assert "Leader Warrior is splashed with fire" in texts(res)
    assert g.store.get(lead, HitBoxes).location("torso").crossed == 1


def test_burning_oil_near_miss_splashes_and_a_miss_lands_astray():
    g, foe = _game()
    mage = g.party[2]
    flask = give(g, mage, "oil_flask")
    res = act(g, mage, UseItem(flask, 5, 1), [4, 2, 5])  # 4 vs Combat 5: splash; Might 2
    assert "near miss" in texts(res) and g.store.get(foe, MonsterStats).hits == 2
    flask = give(g, mage, "oil_flask")
    res = act(g, mage, UseItem(flask, 5, 1), [2, 5, 5, 3])  # miss; 2d10 = 10 ft; 3 o'clock
    assert "lands 10 feet off at 3 o'clock" in texts(res)
    assert res.events[-1].x == 7 and g.store.get(foe, MonsterStats).hits == 2


def test_holy_water_harms_only_the_undead():
    g, foe = _game()
    mage = g.party[2]
    res = act(g, mage, UseItem(_item(g, mage, "holy_water"), 5, 1), [6])
    assert "does not harm" in texts(res) and g.store.get(foe, MonsterStats).hits == 3


def test_crystal_ball_reveals_a_marker_and_ignores_failures():
    g, _foe = _game()
    mage, lead = g.party[2], g.party[0]
    marker = make_marker(g.store, 1, 6, 3, room=0)
    ball = _item(g, mage, "crystal_ball")
    assert "Only a Mage" in act(g, lead, UseItem(give(g, lead, "crystal_ball"), 6, 3)).reason
    res = act(g, mage, UseItem(ball, 6, 3), [2])
    assert "stays cloudy" in texts(res) and g.store.get(marker, Marker).state == "unchecked"
    res = act(g, mage, UseItem(ball, 6, 3), [3, 5, 2, 1])
    assert not g.store.alive(marker)
    (piece,) = [e for e, _t, p in g.store.query(Treasure, Position)]
    assert g.store.get(piece, Position).xy == (6, 3)


def test_lights_are_lit_by_using_them():
    g, _foe = _game()
    lead = g.party[0]
    from roguelike.core.explore_components import LightSource

    g.store.remove(lead, LightSource)
    lantern = give(g, lead, "lantern")
    flasks = carried_kinds(g, lead).count("oil_flask")
    assert act(g, lead, UseItem(lantern)).ok
    assert g.store.get(lead, LightSource).kind == "lantern"
    assert carried_kinds(g, lead).count("oil_flask") == flasks - 1
    assert not act(g, lead, UseItem(lantern)).ok  # already lit
