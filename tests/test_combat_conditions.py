"""A scenario test for each condition's effect in play (content/conditions.toml `play`)."""

from __future__ import annotations

import pytest
from combat_kit import arena, foes, place, put_first, script

from roguelike.core.components import Actor, HitBoxes, MonsterStats, Position
from roguelike.engine.actions.basic import Attack, Step
from roguelike.engine.actions.fight_actions import RangedAttack
from roguelike.engine.base.stats import speed
from roguelike.engine.status import conditions as C
from roguelike.engine.status.checks import d6_check
from roguelike.engine.turns import condition_turns as CT
from roguelike.engine.turns import turn_loop

FIELD = """
############
#1.........#
#2.........#
#3.....m...#
############
"""


def _start(g, eid):
    """Begin eid's turn as the loop does."""
    g.store.get(eid, Actor).actions_left = g.content.rules.actions_per_turn
    return CT.start_turn(g, eid)


def test_every_condition_loads_with_labels():
    conds = (arena().content).fight.conditions
    dp = {"blinded", "charmed", "deafened", "frightened", "grabbed", "hasted", "injured",
          "invisible", "knocked_out", "marked", "petrified", "poisoned", "prone",
          "regenerating", "sapped", "asleep", "silenced", "slowed", "stunned"}
    tt = {"unconscious", "slow", "confused", "disabled", "burning", "surprised"}
    spells = {"flying", "climbing"}  # T&T Fly and Climb (issue 5)
    traps = {"obscured", "insane", "hopeless", "pain", "polymorphed", "entangled", "held",
             "suffocating", "nimble"}  # what trap effects apply (issue 4)
    rest = {"resting"}  # the party's rest (issue 16)
    assert dp | tt | spells | traps | rest == set(conds)
    g = arena()
    C.add_condition(g, g.party[0], "sleep", 3)  # an alias
    assert C.condition_labels(g, g.party[0]) == [("Z SLP", "Asleep (3)"), ("_ PRN", "Prone")]
    assert C.condition_look(g, g.party[0])[1].startswith("Prone: You are lying on the ground.")


def test_durations_tick_down_with_rounds_and_expire():
    g = arena()
    w = g.party[0]
    C.add_condition(g, w, "poisoned", 2)
    CT.tick_round(g)
    assert C.has_condition(g, w, "poisoned")
    events = CT.tick_round(g)
    assert not C.has_condition(g, w, "poisoned")
    assert events[0].kind == "condition_end"


def test_blinded_cannot_attack_far_and_is_minus_two_in_melee():
    g = arena(text=FIELD)
    rogue, m = g.party[1], foes(g)[0]
    C.add_condition(g, rogue, "blinded", -1)
    put_first(g, rogue)
    assert "cannot see that far" in g.perform(RangedAttack(m))[0].text
    w = g.party[0]
    C.add_condition(g, w, "blinded", -1)
    place(g, m, 2, 1)
    put_first(g, w)
    script(g, [4])  # 4 - 2 = 2 < Combat 3
    assert g.perform(Attack(m))[0].kind == "miss"


def test_charmed_will_not_attack_its_charmer_until_attacked_by_it():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    C.add_condition(g, w, "charmed", 3, str(m))
    put_first(g, w)
    assert "charmed" in g.perform(Attack(m))[0].text
    put_first(g, m)
    script(g, [1])
    g.try_action(Attack(w), m)
    assert not C.has_condition(g, w, "charmed")


def _shakes_off_on_a_wits_save(cond: str) -> None:
    """DungeonPunk's end-of-turn save (004:826): a 4 fails against Wits 5, a 5 ends it."""
    g = arena()
    w = g.party[0]  # Wits 5
    C.add_condition(g, w, cond, -1)
    script(g, [4])
    CT.end_turn(g, w)
    assert C.has_condition(g, w, cond)
    script(g, [5])
    CT.end_turn(g, w)
    assert not C.has_condition(g, w, cond)


def test_blinded_shakes_it_off_on_a_wits_save():
    _shakes_off_on_a_wits_save("blinded")  # as RULES says for Blinded


def test_deafened_cannot_hear_and_shakes_it_off_on_a_wits_save():
    g = arena()
    C.add_condition(g, g.party[0], "deafened", -1)
    assert C.has_flag(g, g.party[0], "cannot_hear")
    _shakes_off_on_a_wits_save("deafened")


def test_frightened_cannot_step_closer_to_the_source():
    g = arena(text=FIELD)
    w, m = g.party[0], foes(g)[0]
    place(g, w, 4, 2)
    C.add_condition(g, w, "frightened", 3, str(m))
    put_first(g, w)
    assert "frightened" in g.perform(Step(1, 0))[0].text
    g.perform(Step(-1, 0))
    assert g.store.get(w, Position).xy == (3, 2)


def test_grabbed_cannot_move_and_is_easier_to_hit():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    C.add_condition(g, w, "grabbed", -1, str(m))
    put_first(g, w)
    assert "held fast" in g.perform(Step(0, 1))[0].text
    put_first(g, m)
    script(g, [4, 6])  # 4 + 1 = 5 hits Combat 5; the Warrior saves
    assert g.try_action(Attack(w), m).events[0].kind == "hit"


def test_hasted_gets_a_third_action_at_double_speed_with_the_multiple_actions_penalty():
    g = arena()
    w = g.party[0]
    C.add_condition(g, w, "hasted", 3)
    _start(g, w)
    act = g.store.get(w, Actor)
    assert act.actions_left == 3
    assert C.speed(g, w, speed(g.store, w)) == 12
    act.actions_left = 0  # the third action is being taken
    script(g, [3])
    chk = d6_check(g, w, 3, "Combat")
    assert chk.mod == -1 and not chk.ok


def test_injured_is_minus_one_on_checks_and_stacks():
    g = arena()
    w = g.party[0]
    C.add_condition(g, w, "injured", -1)
    assert C.check_mod(g, w) == -1
    C.add_condition(g, w, "injured", -1)
    assert C.check_mod(g, w) == -2


def test_invisible_can_only_be_attacked_close_and_at_minus_two():
    g = arena(text=FIELD)
    rogue, m = g.party[1], foes(g)[0]
    C.add_condition(g, m, "invisible", -1)
    put_first(g, rogue)
    assert "cannot see" in g.perform(RangedAttack(m))[0].text
    w = g.party[0]
    place(g, m, 2, 1)
    put_first(g, w)
    script(g, [4])
    assert g.perform(Attack(m))[0].kind == "miss"


def test_knocked_out_loses_turns_lies_prone_and_is_hit_automatically():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    C.add_condition(g, w, "knocked_out", 60)
    assert any(e.kind == "skip" for e in _start(g, w))
    assert g.store.get(w, Actor).actions_left == 0
    assert C.has_condition(g, w, "prone")
    put_first(g, m)
    script(g, [1])  # only the save is rolled
    events = g.try_action(Attack(w), m).events
    assert events[0].kind == "hit"


def test_marked_gives_the_next_attacker_plus_one_then_ends():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    C.add_condition(g, m, "marked", 3)
    put_first(g, w)
    script(g, [2, 6])  # 2 + 1 = 3 hits
    kinds = [e.kind for e in g.perform(Attack(m))]
    assert kinds[:2] == ["condition_end", "hit"]
    assert not C.has_condition(g, m, "marked")


def test_petrified_takes_no_turns_and_cannot_be_hurt():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    C.add_condition(g, m, "petrified", -1)
    put_first(g, w)
    assert "stone" in g.perform(Attack(m))[0].text
    assert any(e.kind == "skip" for e in _start(g, m))


def test_poisoned_is_minus_one_until_a_might_save():
    g = arena()
    w = g.party[0]  # Might 3
    C.add_condition(g, w, "poisoned", -1)
    assert C.check_mod(g, w) == -1
    script(g, [3])  # 3 - 1 = 2 < 3
    CT.end_turn(g, w)
    assert C.has_condition(g, w, "poisoned")
    script(g, [4])
    CT.end_turn(g, w)
    assert not C.has_condition(g, w, "poisoned")


def test_prone_is_easier_to_hit_close_harder_at_range_and_crawls():
    g = arena(text=FIELD)
    w, m = g.party[0], foes(g)[0]
    C.add_condition(g, m, "prone", -1)
    assert C.attack_mods(g, w, m, 1) == (1, False)
    assert C.attack_mods(g, w, m, 5) == (-2, False)
    C.add_condition(g, w, "prone", -1)
    assert C.speed(g, w, 6) == 1


def test_regenerating_heals_a_hit_point_a_turn_a_box_every_four_turns():
    """DungeonPunk 004: "You regain 1 hit point at the end of your turn each round"; 4 hit
    points are one Hit (RULES "Hit points to Hits"): one box in every 4 rounds, not one a
    round (the Troll's wall before issue 16's fix)."""
    g = arena()
    w, m = g.party[0], foes(g)[0]
    boxes = g.store.get(w, HitBoxes)
    boxes.location("arms").crossed = 3
    C.add_condition(g, w, "regenerating", 20)
    healed = []
    for r in range(8):
        g.round = 100 + r
        before = boxes.location("arms").crossed
        CT.end_turn(g, w)
        healed.append(before - boxes.location("arms").crossed)
    assert sum(healed) == 2 and sum(healed[:4]) == 1 and sum(healed[4:]) == 1
    stats = g.store.get(m, MonsterStats)
    stats.hits = 1
    C.add_condition(g, m, "regenerating", -1)
    for r in range(4):
        g.round = 200 + r
        CT.end_turn(g, m)
    assert stats.hits == 2


def test_sapped_loses_a_box_each_turn_until_saved():
    g = arena()
    w = g.party[0]
    C.add_condition(g, w, "sapped", -1)
    script(g, [1, 1])  # location Head; the Might save fails
    CT.end_turn(g, w)
    assert g.store.get(w, HitBoxes).location("head").crossed == 1
    assert C.has_condition(g, w, "sapped")


def test_asleep_loses_turns_is_hit_automatically_and_wakes_when_wounded():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    C.add_condition(g, m, "asleep", 5)
    assert any(e.kind == "skip" for e in _start(g, m))
    put_first(g, w)
    script(g, [1])  # no attack roll: the mercenary's save fails
    events = g.perform(Attack(m))
    assert events[0].kind == "hit"
    assert not C.has_condition(g, m, "asleep")


def test_silenced_cannot_cast():
    g = arena()
    mage = g.party[2]
    C.add_condition(g, mage, "silenced", 2)
    assert C.has_flag(g, mage, "cannot_cast")
    assert not C.has_flag(g, g.party[0], "cannot_cast")


def test_slowed_moves_at_half_speed_and_acts_later():
    g = arena()
    w = g.party[0]
    C.add_condition(g, w, "slowed", 3)
    assert C.speed(g, w, 6) == 3
    assert C.initiative_mod(g, w) == -4


def test_stunned_has_one_action_and_recovers_at_the_end_of_its_turn():
    g = arena()
    w = g.party[0]
    C.add_condition(g, w, "stunned", 1)
    _start(g, w)
    assert g.store.get(w, Actor).actions_left == 1
    CT.end_turn(g, w)
    assert not C.has_condition(g, w, "stunned")


def test_unconscious_takes_no_turns_for_its_content_duration():
    g = arena()
    w = g.party[0]
    script(g, [3])  # 1d3 rounds
    C.add_condition(g, w, "unconscious", 0)
    assert g.store.get(w, C.Conditions).active["unconscious"] == 3
    assert any(e.kind == "skip" for e in _start(g, w))


def test_slow_allows_one_action_per_turn():
    g = arena()
    w = g.party[0]
    C.add_condition(g, w, "slow", 3)
    _start(g, w)
    assert g.store.get(w, Actor).actions_left == 1


def test_confused_staggers_randomly_with_its_move():
    g = arena(text=FIELD)
    w = g.party[0]
    place(g, w, 5, 2)
    C.add_condition(g, w, "confused", 2)
    # six random steps east (sorted directions: index 6 = (1, 0))
    script(g, [7] * 6)
    _start(g, w)
    assert g.store.get(w, Position).xy == (10, 2)  # the wall stops the sixth step
    assert g.store.get(w, Actor).actions_left == 1


def test_disabled_takes_no_turns():
    g = arena()
    w = g.party[0]
    C.add_condition(g, w, "disabled", -1)
    assert any(e.kind == "skip" for e in _start(g, w))


def test_burning_wounds_at_the_start_of_the_turn():
    g = arena()
    w = g.party[0]
    C.add_condition(g, w, "burning", 2)
    script(g, [4])  # the Arms
    _start(g, w)
    assert g.store.get(w, HitBoxes).location("arms").crossed == 1


def test_surprised_loses_its_first_turn_and_is_easier_to_hit():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    C.add_condition(g, w, "surprised", 1)
    assert C.attack_mods(g, m, w, 1) == (1, False)
    assert any(e.kind == "skip" for e in _start(g, w))
    CT.end_turn(g, w)
    assert not C.has_condition(g, w, "surprised")


def test_the_turn_loop_skips_a_creature_that_has_no_turn():
    g = arena()
    m = foes(g)[0]
    C.add_condition(g, m, "asleep", 5)
    g.order, g.turn_index, g.current = [m, g.party[0]], -1, None
    events = turn_loop.next_turn(g)
    assert any(e.kind == "skip" and e.actor == m for e in events)


@pytest.mark.parametrize("bad", ["no such thing"])
def test_unknown_conditions_are_refused(bad):
    g = arena()
    with pytest.raises(KeyError):
        C.add_condition(g, g.party[0], bad, 1)


def test_a_condition_ending_at_the_end_of_the_next_turn_survives_the_round_change():
    g = arena()
    m = foes(g)[0]
    C.add_condition(g, m, "surprised", C.UNTIL_ENDED, "surprise")
    CT.tick_round(g)  # a new round starts before the monster's first turn
    assert C.has_condition(g, m, "surprised")
    assert any(e.kind == "skip" for e in _start(g, m))
    CT.end_turn(g, m)
    assert not C.has_condition(g, m, "surprised")


def test_unconscious_is_prone_and_hit_automatically_as_asleep():
    """Classic 002:209: attacks on sleeping or helpless targets hit automatically."""
    g = arena()
    w, m = g.party[0], foes(g)[0]
    C.add_condition(g, w, "unconscious", 0)
    assert C.has_condition(g, w, "prone")
    assert C.attack_mods(g, m, w, 1)[1] is True
    put_first(g, m)
    script(g, [1])  # the Warrior's Might save fails; no attack roll is made
    events = g.try_action(Attack(w), m).events
    assert events[0].text == "Rival Mercenary strikes the helpless Leader Warrior."


WALLED_OFF = """
############
#1m...#....#
#2....#....#
#3....#....#
############
"""


def test_regenerating_heals_fully_when_the_fight_ends():
    """DungeonPunk 004:511: "restored to full hit points at the end of combat"."""
    g = arena(text=WALLED_OFF)
    w, m = g.party[0], foes(g)[0]
    boxes = g.store.get(w, HitBoxes)
    boxes.location("arms").crossed = 2
    boxes.location("legs").crossed = 1
    C.add_condition(g, w, "regenerating", 10)
    g.store.get(m, MonsterStats).hits = 1
    C.add_condition(g, m, "regenerating", -1)
    place(g, m, 8, 2)  # the foe slips away behind the wall: no hostile in view
    put_first(g, w)
    events = g.perform(Step(0, 1))
    assert g.mode == "explore" and any(e.kind == "mode" for e in events)
    assert all(loc.crossed == 0 for loc in boxes.locations)
    assert g.store.get(m, MonsterStats).hits == g.store.get(m, MonsterStats).max_hits
