"""Dragging a companion who cannot act (RULES.md "Dragging a helpless companion"): the Drag
action, its refusals, its moves seen by traps and lasting effects, and the act menu's
entries for it."""

from __future__ import annotations

from explore_kit import act
from trap_helpers import place

from roguelike.core.components import Actor, Disabled, Position, Trap
from roguelike.engine.actions.drag import Drag
from roguelike.engine.helpers.interact import more_choices
from roguelike.engine.rule_registry import action_from_dict
from roguelike.engine.scenario import scenario
from roguelike.engine.status import conditions as C
from roguelike.engine.traps.trigger import spring

ROOM = """
##########
#........#
#..1.....#
#..2.....#
#........#
#........#
#3.......#
##########
"""


def _knock_out(g, eid: int) -> None:
    if not g.store.has(eid, Disabled):
        g.store.add(eid, Disabled("knocked out (test)"))
    C.add_condition(g, eid, "knocked_out", 60, "wounds")


def _xy(g, eid: int) -> tuple[int, int]:
    return g.store.get(eid, Position).xy


def _pool_on(g, victim: int) -> int:
    """An acid pool sprung on `victim` where it stands, who lies Knocked Out in it."""
    trap = place(g, "mk_noxious_acid_pool", at=_xy(g, victim), placement="square")
    spring(g, trap, victim)
    _knock_out(g, victim)
    return trap


def test_a_knocked_out_companion_is_dragged_out_of_an_acid_pool_one_square_an_action():
    g = scenario(ROOM)
    lead, merc, _mage = g.party
    _pool_on(g, merc)  # (the pool covers (2..4, 2..4): the Leader stands in it too)
    res = act(g, lead, Drag(merc, 0, -1))
    assert res.ok, res.reason
    assert (_xy(g, lead), _xy(g, merc)) == ((3, 1), (3, 2))  # hauled into the square left
    assert g.store.get(lead, Actor).actions_left == 1
    assert "Leader Warrior steps back north, dragging Mercenary Rogue." in \
        [e.text for e in res.events]
    assert act(g, lead, Drag(merc, 1, 0)).ok  # the second action: out of the pool
    assert (_xy(g, lead), _xy(g, merc)) == ((4, 1), (3, 1))
    assert g.store.get(lead, Actor).actions_left == 0


def test_each_turn_taking_condition_lets_its_bearer_be_dragged_and_one_who_can_act_walks():
    for cond in ("petrified", "asleep", "unconscious", "knocked_out"):
        g = scenario(ROOM)
        lead, merc, _mage = g.party
        res = act(g, lead, Drag(merc, 0, -1))
        assert not res.ok and res.reason == "Mercenary Rogue can act: they can walk."
        C.add_condition(g, merc, cond, -1, "test")
        assert act(g, lead, Drag(merc, 0, -1)).ok, cond


def test_refusals_say_why_and_cost_nothing():
    g = scenario("""
    ########
    #..1#..#
    #.42...#
    #......#
    #3.....#
    ########
    """, monsters={"4": "apprentice"})
    lead, merc, mage = g.party
    for m in (merc, mage):
        _knock_out(g, m)
    where = {m: _xy(g, m) for m in g.party}

    def refused(action: Drag, why: str) -> None:
        a = g.store.get(lead, Actor)
        a.actions_left, a.move_points = 2, 0
        res = g.try_action(action, lead)
        assert not res.ok and res.reason == why, (action, res.reason)
        assert a.actions_left == 2 and {m: _xy(g, m) for m in g.party} == where

    refused(Drag(mage, -1, 0), "Apprentice Mage must be next to you.")
    refused(Drag(lead, -1, 0), "Drag only a companion.")
    refused(Drag(9999, -1, 0), "Drag only a companion.")
    refused(Drag(merc, 0, 1), "Step away from Mercenary Rogue: they follow into your square.")
    refused(Drag(merc, 1, 0), "There is a wall in the way.")
    refused(Drag(merc, 0, -1), "There is a wall in the way.")
    refused(Drag(merc, -1, 1), "Rival Apprentice is in the way.")
    refused(Drag(merc, 2, 0), "A drag is one step back.")
    refused(Drag(merc, 0, 0), "A drag is one step back.")
    a = g.store.get(lead, Actor)
    a.actions_left, a.move_points = 0, 3
    res = g.try_action(Drag(merc, -1, 0), lead)
    assert not res.ok and "No action left" in res.reason and _xy(g, merc) == where[merc]


def test_a_companion_held_by_a_trap_is_not_dragged_out_of_its_hold():
    """A cage or the Monstrous Hand's grip has its own ways out (free, struggle, disarm)."""
    g = scenario(ROOM)
    lead, merc, _mage = g.party
    spring(g, place(g, "mk_cage", at=_xy(g, merc), placement="square"), merc)
    C.add_condition(g, merc, "asleep", -1, "test")
    res = act(g, lead, Drag(merc, 0, -1))
    assert not res.ok and "held fast" in res.reason, res.reason
    g = scenario(ROOM)
    lead, merc, _mage = g.party
    C.add_condition(g, merc, "held", -1, "test")
    C.add_condition(g, merc, "asleep", -1, "test")
    res = act(g, lead, Drag(merc, 0, -1))
    assert not res.ok and res.reason == "Mercenary Rogue is held fast and cannot move."


def test_a_held_dragger_cannot_step_back():
    g = scenario(ROOM)
    lead, merc, _mage = g.party
    _knock_out(g, merc)
    C.add_condition(g, lead, "held", -1, "test")
    res = act(g, lead, Drag(merc, 0, -1))
    assert not res.ok and res.reason == "Leader Warrior is held fast and cannot move."


def test_the_moves_are_ordinary_moves_a_trap_square_springs_and_a_pool_strikes_who_enters():
    g = scenario(ROOM)
    lead, merc, _mage = g.party
    _knock_out(g, merc)
    weight = place(g, "mk_falling_weight", at=(3, 1), placement="square")
    res = act(g, lead, Drag(merc, 0, -1), rolls=[6] * 20)
    assert res.ok and g.store.get(weight, Trap).state != "armed"
    assert any("weight" in e.text.lower() for e in res.events), [e.text for e in res.events]
    g = scenario(ROOM)
    lead, merc, _mage = g.party
    _knock_out(g, merc)
    place(g, "mk_noxious_acid_pool", at=(3, 1), placement="square")
    pool = next(t for t, _ in g.store.query(Trap))
    spring(g, pool, lead)  # (the Leader stands in its reach, the Mercenary below it)
    res = act(g, lead, Drag(merc, 0, -1))
    # dragged into it: struck as anyone entering (the fallen lose no boxes: RULES.md
    # "Wounds, Knocked Out, Disabled")
    assert res.ok and [e.text for e in res.events if e.actor == merc and e.text] == \
        ["Mercenary Rogue takes 1 Hit from the Noxious Acid Pool trap (1)."]


def test_drag_is_a_serialisable_action():
    action = Drag(5, -1, 1)
    assert action.to_dict() == {"kind": "drag", "frm": 5, "dx": -1, "dy": 1}
    assert action_from_dict(action.to_dict()) == action


def test_the_act_menu_offers_drag_to_safety_first_only_toward_one_who_cannot_act():
    g = scenario(ROOM)
    lead, merc, _mage = g.party
    assert not any(c.label.startswith("Drag") for c in more_choices(g, lead, 0, 1))
    _knock_out(g, merc)
    choices = more_choices(g, lead, 0, 1)
    assert choices[0].label == "Drag Mercenary Rogue to safety: step back north (one action)"
    assert choices[0].action == Drag(merc, 0, -1)
    drags = [c for c in choices if c.label.startswith("Drag")]
    assert len(drags) == 7 and choices[len(drags)].label.startswith("Take")
    g = scenario(ROOM)
    lead, merc, _mage = g.party
    _pool_on(g, merc)
    labels = [c.label for c in more_choices(g, lead, 0, 1) if c.label.startswith("Drag")]
    assert labels[0] == ("Drag Mercenary Rogue after you: step back north (one action; "
                         "they stay in the Noxious Acid Pool)")
    assert labels[-1].endswith("(one action; both in the Noxious Acid Pool)")
