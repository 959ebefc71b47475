"""Tests at the edges of the rules, each a scene of its own (issue 16: a mutation check of
the suite found these edges untested): a delver with exactly 1 luck, the morale of a group
with different ratings, critical hits and the Stunned they cause, a monster that never
breaks."""

from __future__ import annotations

from combat_kit import arena, foes, put_first, script

from roguelike.core.components import Actor, Character, Disabled, HitBoxes, MonsterStats
from roguelike.engine.actions.basic import Attack
from roguelike.engine.base.stats import attribute
from roguelike.engine.combat import morale
from roguelike.engine.combat.attack import wound
from roguelike.engine.status import conditions as C
from roguelike.engine.status.checks import fight_state

ROW = """
############
#1m........#
#2.........#
#3...n.o...#
############
"""


# ----- Knocked Out at the last point of luck (DungeonPunk 004:397-399) -------------------
def _drop_with_luck(luck: int) -> tuple:
    """The Apprentice, with `luck` luck, takes the wound that spends its Torso."""
    g = arena()
    mage = g.party[2]
    g.store.get(mage, Character).luck = luck
    torso = g.store.get(mage, HitBoxes).location("torso")
    torso.crossed = len(torso.boxes) - 1
    return g, mage, wound(g, mage, location="torso")


def test_a_delver_with_exactly_one_luck_is_knocked_out_not_disabled():
    """'Characters with a luck score benefit from the knocked out condition': one point is
    a luck score. (A rule needing 2 luck passed the whole suite before this test.)"""
    g, mage, events = _drop_with_luck(1)
    assert any("is Knocked Out" in e.text for e in events)
    assert C.has_condition(g, mage, "knocked_out")
    assert not C.has_condition(g, mage, "disabled")
    assert g.store.get(mage, Disabled).cause.startswith("knocked out")
    assert g.store.get(mage, Character).luck == 1  # "this does not consume the luck"


def test_a_delver_with_no_luck_is_disabled():
    g, mage, events = _drop_with_luck(0)
    assert any("is Disabled" in e.text for e in events)
    assert C.has_condition(g, mage, "disabled") and not C.has_condition(g, mage, "knocked_out")


# ----- morale: the group follows its boldest (Classic) ----------------------------------
def test_a_mixed_group_rolls_morale_on_its_boldest_rating():
    """A kobold (-1) and a hobgoblin (+1): 2d6 3+3 = 6, +1 = 7, Fight On (6-8); on the
    kobold's -1 it would be 5, a Fighting Withdrawal."""
    g = arena(text=ROW, monsters={"n": "kobold", "o": "hobgoblin"})
    ratings = sorted(g.content.monsters[g.store.get(e, MonsterStats).kind].morale
                     for e in foes(g))
    assert ratings == [-1, 1]
    script(g, [3, 3])
    events = morale.check_morale(g, "test")
    assert "3+3+1 = 7" in events[0].text
    assert all(fight_state(g, e).morale == "fight_on" for e in foes(g))


def test_a_monster_rated_four_never_breaks_and_rolls_nothing():
    """Classic: +4 never breaks, and never rolls; a group led by one (a skeleton with a
    kobold) follows it."""
    g = arena(text=ROW, monsters={"n": "skeleton", "o": "kobold"})
    assert g.content.monsters["skeleton"].morale == morale.NEVER_BREAKS
    dice = script(g, [1, 1])  # (snake eyes: a Retreat for anyone who rolled)
    events = morale.check_morale(g, "first death")
    assert events[0].text.endswith("the foes never break.")
    assert dice.rolls == [1, 1]  # no die was thrown
    assert all(fight_state(g, e).morale == "" for e in foes(g))
    g2 = arena(text=ROW, monsters={"n": "skeleton"})
    script(g2, [1, 1])
    assert morale.check_morale(g2, "alone and badly hurt")[0].text.endswith("never break.")
    assert fight_state(g2, foes(g2)[0]).morale == ""


# ----- critical hits and the Stunned they leave (DungeonPunk, RULES.md) -------------------
def _warrior_hits(g, roll: int) -> list:
    warrior, monster = g.party[0], foes(g)[0]
    g.store.get(monster, MonsterStats).hits = 10  # (it lives through two boxes)
    put_first(g, warrior)
    script(g, [roll, 1])  # the attack roll; the monster's Might save fails
    return g.perform(Attack(monster))


def test_a_critical_hit_leaves_the_target_stunned():
    """A critical success is roll + modifiers >= need + 3 (fight.toml critical_margin): the
    Warrior's Combat 3 is hit critically on a 6, and the wounded monster is Stunned."""
    g = arena()
    warrior, monster = g.party[0], foes(g)[0]
    assert attribute(g.store, warrior, "combat") == 3
    events = _warrior_hits(g, 6)
    assert any("A critical hit!" in e.text for e in events)
    assert C.has_condition(g, monster, "stunned")


def test_a_hit_short_of_the_critical_margin_does_not_stun():
    g = arena()
    events = _warrior_hits(g, 5)  # 5 < 3 + 3
    assert any(e.kind == "hit" for e in events)
    assert not any("critical hit" in e.text for e in events)
    assert not C.has_condition(g, foes(g)[0], "stunned")


def test_the_stunned_monster_has_one_action_on_its_next_turn_then_recovers():
    g = arena()
    monster = foes(g)[0]
    _warrior_hits(g, 6)
    from roguelike.engine.turns.fight_hooks import end_turn, start_turn

    act = g.store.get(monster, Actor)
    act.actions_left = g.content.rules.actions_per_turn
    start_turn(g, monster)
    assert act.actions_left == 1
    end_turn(g, monster)
    assert not C.has_condition(g, monster, "stunned")


def test_a_critical_hit_that_drops_its_target_stuns_nobody():
    """A target knocked out or killed by the blow is not Stunned as well."""
    g = arena()
    monster = foes(g)[0]
    warrior = g.party[0]
    put_first(g, warrior)
    g.store.get(monster, MonsterStats).hits = 1
    script(g, [6, 1])
    events = g.perform(Attack(monster))
    assert any("A critical hit!" in e.text for e in events)
    assert not g.store.alive(monster)
