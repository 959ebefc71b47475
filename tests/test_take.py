"""Taking things from a companion who cannot act (RULES.md "Taking from a helpless
companion"): the Take action, its refusals, and the act menu's entries for it."""

from __future__ import annotations

import pytest
from explore_kit import act, give, give_treasure

from roguelike.core.components import Actor, Disabled, MonsterStats, Position
from roguelike.core.explore_components import Inventory
from roguelike.engine.actions.basic import TakeStairs
from roguelike.engine.base.stats import speed
from roguelike.engine.creatures.helpless import can_act
from roguelike.engine.creatures.inventory import Take, carried
from roguelike.engine.helpers.interact import more_choices
from roguelike.engine.levels.depths import carries_goal
from roguelike.engine.rule_registry import action_from_dict
from roguelike.engine.scenario import scenario
from roguelike.engine.status import conditions as C

ROOM = """
##############
#12..........#
#........3...#
##############
"""


def _game():
    g = scenario(ROOM)
    g.level.camp_room = -1  # (no Camp here: what is taken stays in hand)
    return g


def _turn_takers(g) -> list[str]:
    """Every condition the content says takes its bearer's turns (helpless.can_act's)."""
    return sorted(cid for cid, c in g.content.fight.conditions.items()
                  if c.play.no_turn)


def test_the_heart_is_taken_from_a_petrified_companion_for_one_action():
    g = _game()
    lead, merc, _mage = g.party
    heart = give(g, merc, "heart_of_the_deep")
    C.add_condition(g, merc, "petrified", -1, "test")
    res = act(g, lead, Take(merc, str(heart)))
    assert res.ok, res.reason
    assert heart in carried(g.store, lead) and heart not in carried(g.store, merc)
    assert g.store.get(lead, Actor).actions_left == 1  # (an action, as Give is)
    assert "Leader Warrior takes Heart of the Deep from Mercenary Rogue." in \
        [e.text for e in res.events]
    assert carries_goal(g, [lead]) and not carries_goal(g, [merc])


@pytest.mark.parametrize("cond", ["petrified", "asleep", "unconscious", "knocked_out",
                                  "disabled"])
def test_each_condition_that_takes_turns_lets_its_bearer_be_taken_from(cond):
    g = _game()
    lead, merc, _mage = g.party
    piece = give_treasure(g, merc)
    assert not act(g, lead, Take(merc, str(piece))).ok  # (standing: refused)
    C.add_condition(g, merc, cond, -1, "test")
    assert not can_act(g, merc)
    assert act(g, lead, Take(merc, str(piece))).ok


def test_the_rule_is_helpless_can_act_for_every_turn_taking_condition_and_no_other():
    """No list of its own: every no_turn condition of the content allows it, and a
    condition that leaves the turns (Held, Stunned, Grabbed...) does not."""
    g = _game()
    lead, merc, _mage = g.party
    for cid, cdef in g.content.fight.conditions.items():
        C.add_condition(g, merc, cid, -1, "test")
        piece = give_treasure(g, merc)
        res = act(g, lead, Take(merc, str(piece)))
        assert res.ok == cdef.play.no_turn, (cid, res.reason)
        if not res.ok:
            assert res.reason == "Mercenary Rogue can act: ask them to give it."
        C.remove_condition(g, merc, cid)
    assert "petrified" in _turn_takers(g) and "held" not in _turn_takers(g)


def test_a_disabled_companion_is_taken_from():
    g = _game()
    lead, merc, _mage = g.party
    salve = give(g, merc, "healing_salve")
    g.store.add(merc, Disabled("test"))
    assert act(g, lead, Take(merc, str(salve))).ok
    assert salve in carried(g.store, lead)


def test_refusals_say_why_and_cost_nothing():
    g = _game()
    lead, merc, mage = g.party
    piece = give_treasure(g, merc)
    far = give_treasure(g, mage)
    mine = give_treasure(g, lead)
    before = {m: list(carried(g.store, m)) for m in g.party}

    def refused(action: Take, why: str) -> None:
        a = g.store.get(lead, Actor)
        a.actions_left, a.move_points = 2, 0
        res = g.try_action(action, lead)
        assert not res.ok and res.reason == why, (action, res.reason)
        assert a.actions_left == 2

    refused(Take(merc, str(piece)), "Mercenary Rogue can act: ask them to give it.")
    for m in (merc, mage):
        C.add_condition(g, m, "asleep", -1, "test")
    refused(Take(mage, str(far)), "Apprentice Mage must be next to you.")
    refused(Take(merc, str(far)), "Mercenary Rogue is not carrying that.")
    refused(Take(merc, str(mine)), "Mercenary Rogue is not carrying that.")
    refused(Take(merc, ""), "Mercenary Rogue is not carrying that.")
    refused(Take(merc, "a,b"), "Name the items by their numbers.")
    refused(Take(lead, str(mine)), "Take only from a companion.")
    refused(Take(9999, str(piece)), "Take only from a companion.")
    assert {m: list(carried(g.store, m)) for m in g.party} == before


def test_not_from_a_foe_even_a_helpless_one():
    g = scenario("""
    ########
    #1m....#
    #2.3...#
    ########
    """, monsters={"m": "mercenary"})
    lead = g.party[0]
    foe = next(e for e, _ in g.store.query(MonsterStats))
    g.store.add(foe, Inventory())
    piece = give_treasure(g, foe)
    C.add_condition(g, foe, "asleep", -1, "test")
    res = act(g, lead, Take(foe, str(piece)))
    assert not res.ok and res.reason == "Take only from a companion."


def test_no_action_left_no_take():
    g = _game()
    lead, merc, _mage = g.party
    piece = give_treasure(g, merc)
    C.add_condition(g, merc, "petrified", -1, "test")
    a = g.store.get(lead, Actor)
    a.actions_left, a.move_points = 0, 3
    res = g.try_action(Take(merc, str(piece)), lead)
    assert not res.ok and "No action left" in res.reason
    assert piece in carried(g.store, merc)


def test_taken_treasure_weighs_on_the_taker_as_a_picked_up_one():
    g = _game()
    lead, merc, _mage = g.party
    pieces = [give_treasure(g, merc) for _ in range(2)]
    C.add_condition(g, merc, "petrified", -1, "test")
    was = speed(g.store, lead)
    assert act(g, lead, Take(merc, ",".join(map(str, pieces)))).ok
    assert speed(g.store, lead) == was - 2
    assert all(p in carried(g.store, lead) for p in pieces)


def test_take_is_a_serialisable_action():
    action = Take(5, "7,8")
    assert action.to_dict() == {"kind": "take", "frm": 5, "items": "7,8"}
    assert action_from_dict(action.to_dict()) == action


def test_the_act_menu_offers_take_only_toward_a_companion_who_cannot_act():
    g = _game()
    lead, merc, _mage = g.party
    heart = give(g, merc, "heart_of_the_deep")
    pieces = [give_treasure(g, merc, gp) for gp in (5, 6)]
    labels = [c.label for c in more_choices(g, lead, 1, 0)]
    assert not any(label.startswith("Take") for label in labels)
    C.add_condition(g, merc, "petrified", -1, "test")
    choices = [c for c in more_choices(g, lead, 1, 0)
               if not c.label.startswith("Drag")]  # (dragging comes first: test_drag.py)
    assert choices[0].label.startswith("Take") and choices[-1].label.startswith("Give")
    menu = {c.label: c.action for c in choices}
    assert menu["Take the Heart of the Deep from Mercenary Rogue"] == Take(merc, str(heart))
    assert menu["Take all 3 treasures from Mercenary Rogue"] == \
        Take(merc, ",".join(map(str, [heart, *pieces])))
    assert g.store.get(merc, Position).xy == (2, 1)


@pytest.mark.parametrize("gap, outcome", [(1, "victory"), (4, "retired")])
def test_the_heart_in_a_carried_companions_pack_wins_only_within_reach_of_the_stairs(
        gap, outcome):
    """What decides victory (depths.leave_dungeon): the Heart carried by anyone leaving,
    the party within 3 squares of the stairs up, a statue among them carried out."""
    g = scenario("""
    ##############
    #<...........#
    #............#
    ##############
    """)
    lead, merc, mage = g.party
    for eid, x in ((lead, 1), (merc, 1 + gap), (mage, 2)):
        pos = g.store.get(eid, Position)
        pos.x, pos.y = x, 1 if eid == lead else 2
    give(g, merc, "heart_of_the_deep")
    C.add_condition(g, merc, "petrified", -1, "test")
    res = act(g, lead, TakeStairs("up"))
    assert res.ok, res.reason
    assert g.over and g.outcome == outcome


def test_treasure_taken_in_the_camp_banks_at_once_but_the_heart_is_kept():
    g = scenario(ROOM)  # (the scenario's room is the Camp)
    lead, merc, _mage = g.party
    piece = give_treasure(g, merc, 25)
    heart = give(g, merc, "heart_of_the_deep")
    C.add_condition(g, merc, "asleep", -1, "test")
    res = act(g, lead, Take(merc, f"{piece},{heart}"))
    assert res.ok and "banks 1 treasure (25 gp)" in " ".join(e.text for e in res.events)
    assert carried(g.store, lead)[-1] == heart and piece not in carried(g.store, lead)
