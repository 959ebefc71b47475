"""Luck on initiative (DungeonPunk 004:78 "Luck is spent at any time to affect the result of
a skill check or initiative roll"; 004:112 "You may spend luck to increase your position in
the initiative roll"): PledgeInitiative puts a delver's luck on its next initiative roll in
a fight, takes no time, and never stops the game for a question."""

from __future__ import annotations

from combat_kit import foes, script

from roguelike.core.components import Actor, Character
from roguelike.engine.actions.basic import Step, Wait
from roguelike.engine.rule_registry import action_from_dict
from roguelike.engine.scenario import scenario
from roguelike.engine.status.checks import fight_state
from roguelike.engine.status.luck import PledgeInitiative

FIGHT = """
############
#1.........#
#2.......m.#
#3.........#
############
"""
QUIET = """
############
#1.........#
#2.........#
#3.........#
############
"""


def test_luck_pledged_raises_the_next_initiative_roll_in_a_fight():
    g = scenario(FIGHT, monsters={"m": "apprentice"})
    assert g.mode == "combat"
    leader, _merc, mage = g.party
    monster = foes(g)[0]
    before = g.store.get(mage, Character).luck
    awaited, left = g.awaiting, g.store.get(g.awaiting, Actor).actions_left
    events = g.perform(PledgeInitiative(4, member=2))  # the Apprentice's luck
    assert any("pledges 4 luck" in e.text for e in events)
    assert g.store.get(mage, Character).luck == before - 4
    assert fight_state(g, mage).initiative_pledge == 4
    # it took no time: the same delver is asked, with the same actions
    assert g.awaiting == awaited and g.store.get(awaited, Actor).actions_left == left
    # a new round: the delvers roll 3, 3, 2 and the monster 5; the Apprentice's 2 + 4 = 6
    # puts it first, before the monster
    script(g, [3, 3, 2, 5])
    events = g.restart_round()
    assert g.store.get(mage, Actor).initiative == 6
    assert g.order.index(mage) < g.order.index(monster) < g.order.index(leader)
    assert fight_state(g, mage).initiative_pledge == 0  # spent once
    assert any("spends 4 luck on initiative: 2+4 = 6" in e.text for e in events)
    round_text = next(e.text for e in events if e.kind == "round")
    assert "Apprentice Mage 6" in round_text


def test_a_pledge_made_out_of_combat_waits_for_the_next_fight():
    """Out of combat initiative is rolled every round too, but only a fight's roll matters:
    the pledge is kept until the first round rolled in a fight (readied before opening a
    door)."""
    g = scenario(QUIET)
    leader = g.party[0]
    g.perform(PledgeInitiative(2))  # the led Leader's own
    for _ in range(4):
        g.perform(Wait())
    assert g.mode == "explore" and fight_state(g, leader).initiative_pledge == 2
    from roguelike.core.components import Position
    from roguelike.engine.creatures.spawn import make_monster

    make_monster(g.store, g.content, "apprentice", Position(1, 9, 2), awake=True)
    g.view_changed()
    script(g, [1, 1, 1, 6])
    events = g.restart_round()
    assert g.mode == "combat"
    assert g.store.get(leader, Actor).initiative == 3
    assert fight_state(g, leader).initiative_pledge == 0
    assert any("spends 2 luck on initiative" in e.text for e in events)


def test_a_pledge_is_refused_beyond_the_luck_held_and_costs_nothing():
    g = scenario(QUIET)
    leader = g.party[0]
    luck = g.store.get(leader, Character).luck
    events = g.perform(PledgeInitiative(luck + 1))
    assert events[0].kind == "fail" and g.store.get(leader, Character).luck == luck
    assert g.perform(PledgeInitiative(1, member=7))[0].kind == "fail"
    assert g.perform(PledgeInitiative(0))[0].kind == "fail"
    assert g.actions_taken == 0


def test_a_pledge_is_a_serialisable_action_a_replay_repeats():
    g = scenario(QUIET)
    g.perform(PledgeInitiative(3, member=1))
    g.perform(Step(1, 0))
    recorded = [a for _round, a in g.history]
    assert recorded[0] == {"kind": "pledge_initiative", "n": 3, "member": 1}
    again = scenario(QUIET)
    for data in recorded:
        again.perform(action_from_dict(data))
    assert again.state_hash() == g.state_hash()
