"""Scenario tests of the fight's actions: melee, ranged, maneuvers, cleaving, luck,
knock-outs, healing and experience."""

from __future__ import annotations

from combat_kit import arena, foes, place, put_first, script, waiting_for

from roguelike.core.components import (
    Actor,
    Character,
    Disabled,
    HitBoxes,
    MonsterStats,
    Position,
)
from roguelike.core.explore_components import Fatigue, LightSource
from roguelike.engine.actions.basic import Attack, Step
from roguelike.engine.actions.fight_actions import GetUp, Maneuver, RangedAttack, RecoverWeapon
from roguelike.engine.combat.attack import wound
from roguelike.engine.creatures.experience import award_xp
from roguelike.engine.light.lighting import in_darkness
from roguelike.engine.rest.healing import heal_box
from roguelike.engine.rule_registry import action_from_dict
from roguelike.engine.status import conditions as C
from roguelike.engine.status.checks import attribute_check, d6_check, fight_state
from roguelike.engine.status.luck import KeepRoll, SpendLuck, offer_waiting
from roguelike.engine.status.saves import save_target
from roguelike.engine.turns import condition_turns as CT

WALLED = """
############
#1.........#
#2...#.....#
#3.........#
############
"""


# ----- melee ---------------------------------------------------------------------------
def test_warrior_special_weapon_crosses_two_boxes():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    put_first(g, w)
    script(g, [3, 1])  # hit 3 vs Combat 3, save 1 vs Might 5 fails
    g.perform(Attack(m))
    assert g.store.get(m, MonsterStats).hits == 1


def test_natural_six_always_hits_and_natural_one_always_misses():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    put_first(g, w)
    C.add_condition(g, w, "blinded", -1)  # -2 to hit
    script(g, [6, 6])
    assert g.perform(Attack(m))[0].kind == "hit"
    put_first(g, w)
    fight_state(g, w).luck_pledge = 0
    script(g, [1])
    assert g.perform(Attack(m))[0].kind == "miss"


# ----- ranged --------------------------------------------------------------------------
def _shooter():
    g = arena(monsters={"m": "mercenary"}, text="""
        ############
        #1.........#
        #2......m..#
        #3.........#
        ############
    """)
    return g, g.party[1], foes(g)[0]


def test_rogue_shoots_along_a_clear_line():
    g, rogue, m = _shooter()
    put_first(g, rogue)
    script(g, [4, 1])  # hit 4 vs Combat 4, save fails
    events = g.perform(RangedAttack(m))
    assert [e.kind for e in events][:2] == ["hit", "nosave"]
    assert g.store.get(m, MonsterStats).hits == 2  # the ranged weapon: one box


def test_ranged_needs_line_of_fire_range_and_distance():
    g = arena(text="""
        ############
        #1.........#
        #2..#...m..#
        #3.........#
        ############
    """)
    rogue, m = g.party[1], foes(g)[0]
    put_first(g, rogue)
    assert g.perform(RangedAttack(m))[0].text == "No clear line of fire."  # a wall between
    g, rogue, m = _shooter()
    put_first(g, rogue)
    place(g, m, 7, 2)
    place(g, g.party[0], 4, 2)  # a creature between
    assert g.perform(RangedAttack(m))[0].text == "No clear line of fire."
    place(g, g.party[0], 1, 1)
    place(g, m, 2, 2)  # adjacent
    assert "Too close" in g.perform(RangedAttack(m))[0].text
    assert g.store.get(rogue, Actor).actions_left == 2  # failures cost nothing


def test_only_the_rogue_has_a_ranged_weapon():
    g, _rogue, m = _shooter()
    put_first(g, g.party[0])
    assert "no ranged weapon" in g.perform(RangedAttack(m))[0].text


def _shot_with_lights(carriers: str) -> str:
    """Put out the lantern, give a candle (2 squares of light) to 'rogue' and/or 'foe',
    and shoot with a d6 of 4 against the Rogue's Combat 4."""
    g, rogue, m = _shooter()
    g.store.remove(g.party[0], LightSource)
    for who in carriers.split():
        g.store.add(rogue if who == "rogue" else m, LightSource("candle", 60))
    assert in_darkness(g, *g.store.get(m, Position).xy) == ("foe" not in carriers)
    assert in_darkness(g, *g.store.get(rogue, Position).xy) == ("rogue" not in carriers)
    put_first(g, rogue)
    script(g, [4, 6])
    return g.perform(RangedAttack(m))[0].kind


def test_ranged_in_darkness_is_one_pip_harder():
    """Classic 002:246: -4 (one d6 pip) when the target's or the attacker's square is dark;
    darkness is the light system's (light.lighting.in_darkness)."""
    assert _shot_with_lights("rogue") == "miss"  # into the dark: 4 - 1 = 3 < Combat 4
    assert _shot_with_lights("foe") == "miss"  # out of the dark
    assert _shot_with_lights("") == "miss"
    assert _shot_with_lights("rogue foe") == "hit"  # both ends lit


def test_melee_in_the_dark_is_one_pip_harder():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    g.store.remove(w, LightSource)
    put_first(g, w)
    script(g, [3])  # 3 - 1 = 2 < Combat 3
    assert g.perform(Attack(m))[0].kind == "miss"


# ----- maneuvers -----------------------------------------------------------------------
def test_knock_down_makes_the_target_prone_on_a_failed_stone_save():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    put_first(g, w)
    script(g, [4, 2])  # 4 - 1 = 3 hits Combat 3; d20 2 fails the stone save
    events = g.perform(Maneuver(m, "knock_down"))
    assert any("save vs stone" in e.text for e in events)
    assert C.has_condition(g, m, "prone")


def test_maneuver_attack_is_at_minus_one():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    put_first(g, w)
    script(g, [3])  # 3 - 1 = 2 < 3
    assert g.perform(Maneuver(m, "knock_down"))[0].kind == "miss"


def test_stone_save_resists_a_maneuver():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    put_first(g, w)
    script(g, [6, 20])
    g.perform(Maneuver(m, "knock_down"))
    assert not C.has_condition(g, m, "prone")


def test_force_back_pushes_one_square_or_knocks_down_against_a_wall():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    put_first(g, w)
    script(g, [6, 1])
    g.perform(Maneuver(m, "force_back"))
    assert g.store.get(m, Position).xy == (3, 1)
    place(g, w, 1, 2)
    place(g, m, 1, 1)  # wall behind (north)
    put_first(g, w)
    script(g, [6, 1])
    g.perform(Maneuver(m, "force_back"))
    assert g.store.get(m, Position).xy == (1, 1)
    assert C.has_condition(g, m, "prone")


def test_disarm_costs_a_pip_until_the_weapon_is_recovered():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    put_first(g, w)
    script(g, [6, 1])
    g.perform(Maneuver(m, "disarm"))
    assert fight_state(g, m).disarmed
    put_first(g, m)
    assert g.try_action(RecoverWeapon(), m).ok
    assert not fight_state(g, m).disarmed


def test_prone_creatures_get_up_with_an_action():
    g = arena()
    w = g.party[0]
    C.add_condition(g, w, "prone", -1)
    put_first(g, w)
    g.perform(GetUp())
    assert not C.has_condition(g, w, "prone")
    assert g.store.get(w, Actor).actions_left == 1


# ----- cleaving ------------------------------------------------------------------------
def test_a_kill_lets_the_warrior_cleave_into_a_neighbour_of_the_fallen():
    g = arena(monsters={"m": "apprentice", "n": "apprentice"}, text="""
        ############
        #1m........#
        #2n........#
        #3.........#
        ############
    """)
    w = g.party[0]
    first, second = foes(g)
    put_first(g, w)
    # kill the first (6 to hit, 1 to save); morale 2d6; its treasure d6 and gp d6; then the
    # free cleave kills the second (6, 1)
    script(g, [6, 1, 6, 6, 6, 1, 6, 1])
    events = g.perform(Attack(first))
    assert any(e.kind == "cleave" for e in events)
    assert not g.store.alive(first) and not g.store.alive(second)
    assert g.store.get(w, Actor).actions_left == 1  # the cleave was free
    assert fight_state(g, w).cleaves == 1


def test_a_first_level_rogue_cannot_cleave():
    g = arena(monsters={"m": "apprentice", "n": "apprentice"}, text="""
        ############
        #2m........#
        #1n........#
        #3.........#
        ############
    """)
    rogue = g.party[1]
    first, second = foes(g)
    put_first(g, rogue)
    script(g, [6, 1, 1])
    g.perform(Attack(first))
    assert g.store.get(first, MonsterStats).hits == 1 or not g.store.alive(first)
    assert g.store.alive(second)


# ----- luck ----------------------------------------------------------------------------
def test_pledged_luck_turns_a_miss_into_a_hit():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    put_first(g, w)
    g.store.get(w, HitBoxes).location("arms").crossed = 2  # Combat 5
    g.perform(SpendLuck(2))
    assert g.store.get(w, Character).luck == 8
    script(g, [3, 6])  # 3 + 2 luck = 5 hits; the foe saves
    assert g.perform(Attack(m))[0].kind == "hit"
    assert fight_state(g, w).luck_pledge == 0


def test_after_a_miss_the_engine_asks_and_luck_buys_the_hit():
    g = arena(luck_prompt="ask")
    w, m = g.party[0], foes(g)[0]
    put_first(g, w)
    script(g, [2, 1])  # miss by 1; then the foe's save fails
    events = g.perform(Attack(m))
    assert events[-1].kind == "luck_offer"
    pending = waiting_for(g, w)
    assert (pending.roll, pending.need, pending.cost) == (2, 3, 1)
    assert g.awaiting == w
    assert g.perform(Step(0, 1))[0].kind == "fail"  # must decide first
    events = g.perform(SpendLuck(1))
    assert [e.kind for e in events][:3] == ["luck", "hit", "nosave"]
    assert g.store.get(m, MonsterStats).hits == 1
    assert g.store.get(w, Character).luck == 9


def test_keep_roll_lets_the_miss_stand_and_luck_is_not_offered_on_a_natural_one():
    g = arena(luck_prompt="ask")
    w, m = g.party[0], foes(g)[0]
    put_first(g, w)
    script(g, [2])
    g.perform(Attack(m))
    g.perform(KeepRoll())
    assert offer_waiting(g) is None
    assert g.store.get(m, MonsterStats).hits == 3
    put_first(g, w)
    script(g, [1])
    assert g.perform(Attack(m))[-1].kind == "miss"


def test_luck_after_a_failed_save_keeps_the_wound_away():
    g = arena(luck_prompt="ask")
    w, m = g.party[0], foes(g)[0]
    put_first(g, m)
    g.store.get(m, Actor).target = w
    script(g, [6, 2])  # the mercenary hits; the Warrior saves 2 vs Might 3: 1 luck short
    g.try_action(Attack(w), m)
    assert waiting_for(g, w).cost == 1
    g.perform(SpendLuck(1))
    assert all(loc.crossed == 0 for loc in g.store.get(w, HitBoxes).locations)


def test_with_luck_prompt_never_no_decision_is_pending():
    g = arena(luck_prompt="never")
    w, m = g.party[0], foes(g)[0]
    put_first(g, w)
    script(g, [2])
    g.perform(Attack(m))
    assert offer_waiting(g) is None


def test_luck_actions_serialise():
    assert action_from_dict({"kind": "spend_luck", "n": 2}) == SpendLuck(2)
    assert action_from_dict({"kind": "keep_roll"}) == KeepRoll()
    assert action_from_dict({"kind": "maneuver", "target": 3, "maneuver": "disarm"}) == \
        Maneuver(3, "disarm")


def test_attribute_check_helper_uses_pledged_luck_and_conditions():
    g = arena()
    w = g.party[0]  # Wits 5
    script(g, [4])
    assert not attribute_check(g, w, "wits")[0]
    fight_state(g, w).luck_pledge = 1
    script(g, [4])
    assert attribute_check(g, w, "wits")[0]
    C.add_condition(g, w, "poisoned", 3)
    script(g, [5])
    assert not attribute_check(g, w, "wits")[0]


# ----- knocked out, disabled, killed, healing ------------------------------------------
def _drop(g, eid):
    boxes = g.store.get(eid, HitBoxes)
    torso = boxes.location("torso")
    torso.crossed = len(torso.boxes) - 1
    return wound(g, eid, location="torso")


def test_a_character_with_luck_is_knocked_out_and_comes_round_injured():
    g = arena()
    mage = g.party[2]
    events = _drop(g, mage)
    assert any("Knocked Out" in e.text for e in events)
    assert g.store.has(mage, Disabled) and C.has_condition(g, mage, "knocked_out")
    assert C.has_condition(g, mage, "prone")  # included
    for _ in range(60):
        CT.tick_round(g)
    assert not g.store.has(mage, Disabled)
    assert C.has_condition(g, mage, "injured")
    assert not g.store.get(mage, HitBoxes).location("torso").spent


def test_without_luck_a_character_is_disabled_and_not_killed_if_wounded_again():
    """DungeonPunk 004: with zero luck "they lay there injured until they heal normally";
    T&T Disabled "until healed". No seed kills the fallen (RULES "Wounds ...")."""
    g = arena()
    mage = g.party[2]
    g.store.get(mage, Character).luck = 0
    events = _drop(g, mage)
    assert any("Disabled" in e.text for e in events)
    assert C.has_condition(g, mage, "disabled")
    for _ in range(60):
        CT.tick_round(g)
    assert g.store.has(mage, Disabled)  # no recovery by itself
    assert wound(g, mage) == [] and wound(g, mage, boxes=3) == []
    assert g.store.get(mage, Disabled).cause == "Torso spent"
    events = heal_box(g, mage, "torso")  # a companion's salve or Heal still raises them
    assert any(e.kind == "recover" for e in events)
    assert C.has_condition(g, mage, "injured")  # they lay there injured


def test_a_knocked_out_character_wounded_again_stays_knocked_out():
    g = arena()
    mage = g.party[2]
    _drop(g, mage)
    assert wound(g, mage) == []
    assert g.store.get(mage, Disabled).cause.startswith("knocked out")


def test_heal_box_lifts_disabled_when_head_and_torso_stand_again():
    g = arena()
    mage = g.party[2]
    g.store.get(mage, Character).luck = 0
    _drop(g, mage)
    events = heal_box(g, mage, "torso", healer=g.party[0])
    assert not g.store.has(mage, Disabled)
    assert not C.has_condition(g, mage, "disabled")
    assert any(e.kind == "recover" for e in events)
    assert g.store.get(g.party[0], Character).luck == 11  # the rescue feat


def test_disabled_characters_take_no_turns():
    g = arena()
    mage = g.party[2]
    g.store.get(mage, Character).luck = 0
    _drop(g, mage)
    g.restart_round()
    assert mage not in g.order


# ----- experience ----------------------------------------------------------------------
def test_a_kill_gives_the_party_xp_by_hit_dice():
    g = arena(monster="leader")  # Hit Dice 3: 50 XP (Classic table)
    w, m = g.party[0], foes(g)[0]
    put_first(g, w)
    g.store.get(m, MonsterStats).hits = 2
    script(g, [6, 1])
    events = g.perform(Attack(m))
    assert any(e.kind == "xp" and e.roll == 50 for e in events)
    assert [g.store.get(e, Character).xp for e in g.party] == [18, 16, 16]


def test_levels_add_a_box_and_improve_saves():
    g = arena()
    w = g.party[0]
    before = save_target(g, w, "stone")
    torso_boxes = len(g.store.get(w, HitBoxes).location("torso").boxes)
    events = award_xp(g, w, 200, "a test")
    char = g.store.get(w, Character)
    assert char.level == 2 and any(e.kind == "level_up" for e in events)
    assert len(g.store.get(w, HitBoxes).location("torso").boxes) == torso_boxes + 1
    award_xp(g, w, 2000, "more")
    assert char.level == 5
    assert save_target(g, w, "stone") < before


def test_special_abilities_add_their_classic_bonus():
    from roguelike.engine.creatures.experience import monster_xp

    g = arena(monsters={"m": "giant_spider", "n": "orc"}, text="""
        ############
        #1m.......n#
        #2.........#
        #3.........#
        ############
    """)
    spider, orc = foes(g)
    assert monster_xp(g, spider) == 20 + 2 * 9  # HD 2, venom and web
    assert monster_xp(g, orc) == 10  # HD 1; greed is no special


# ----- range bands (Classic 002:251-254 on the d6: short 0, medium -1, long -2) ----------
LONG_HALL = """
##########################
#1.......................#
#2.....................m.#
#3.......................#
##########################
"""


def _shot_at(x: int, rolls: list[int]) -> str:
    g = arena(text=LONG_HALL)
    rogue, m = g.party[1], foes(g)[0]
    place(g, m, x, 2)
    assert not in_darkness(g, x, 2)  # the lantern lights the hall end to end
    put_first(g, rogue)
    script(g, rolls)
    return g.perform(RangedAttack(m))[0].kind


def test_ranged_attacks_take_the_range_band_modifier():
    # the Rogue (Combat 4) at x 1: reach 24 -> short 1-8, medium 9-16, long 17-24
    assert _shot_at(9, [4, 6]) == "hit"  # 8 squares: short, 4 vs 4
    assert _shot_at(10, [4]) == "miss"  # 9 squares: medium, 4 - 1 = 3
    assert _shot_at(10, [5, 6]) == "hit"
    assert _shot_at(18, [5]) == "miss"  # 17 squares: long, 5 - 2 = 3
    assert _shot_at(18, [6, 6]) == "hit"  # a natural 6 still hits


# ----- fatigue (Classic 002:9, DungeonPunk levels; RULES "Rest") ------------------------
def test_fatigue_is_minus_one_a_level_on_attacks_and_saves():
    g = arena()
    w, m = g.party[0], foes(g)[0]
    g.store.add(w, Fatigue(level=1))
    put_first(g, w)
    script(g, [3])  # 3 - 1 fatigue = 2 < Combat 3
    events = g.perform(Attack(m))
    assert events[0].kind == "miss" and "rolled 3-1 vs Combat 3" in events[0].text
    g.store.get(w, Fatigue).level = 2
    script(g, [4])  # the Warrior's wound save: 4 - 2 = 2 < Might 3
    assert not d6_check(g, w, "might", "Might").ok


def test_luck_regained_stops_at_a_cursed_maximum():
    """DungeonPunk 004:786: the Curse Trap lowers the maximum; feats cannot pass it."""
    g = arena()
    w = g.party[0]
    char = g.store.get(w, Character)
    char.luck_max, char.luck = 15, 14
    award_xp(g, w, 200, "a test")  # level 2: the level_up feat (+3 luck)
    assert char.level == 2 and char.luck == 15
    char.luck = 15
    award_xp(g, w, 300, "a test")  # level 3: nothing more to gain
    assert char.level == 3 and char.luck == 15


def test_a_critical_failure_cannot_be_rescued_by_luck():
    """DungeonPunk 004:48-50 (AT more than 10 below TN; no luck after the roll), mirrored on
    the d6: short by more than the critical margin (3)."""
    g = arena(luck_prompt="ask")
    mage, m = g.party[2], foes(g)[0]
    place(g, mage, 2, 2)
    C.add_condition(g, mage, "blinded", -1)  # -2 to hit; the Mage's Combat is 5
    put_first(g, mage)
    script(g, [3])  # 3 - 2 = 1 < 5 - 3: a critical failure
    events = g.perform(Attack(m))
    assert events[-1].kind == "miss" and "A critical failure!" in events[-1].text
    assert offer_waiting(g) is None
    put_first(g, mage)
    script(g, [4])  # 4 - 2 = 2: an ordinary miss, 3 luck short
    assert g.perform(Attack(m))[-1].kind == "luck_offer"
    assert waiting_for(g, mage).cost == 3
    g.perform(KeepRoll())
    script(g, [2])  # any check's description says so: 2 - 1 = 1 < 5 - 3
    ok, events = attribute_check(g, mage, "combat", -1, "Combat")
    assert not ok and events[0].text.endswith("vs 5), a critical failure.")
