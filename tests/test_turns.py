"""Scenario tests of the Traps & Treasure turn: initiative, movement, melee, wounds."""

from __future__ import annotations

from roguelike.core.components import Actor, Disabled, HitBoxes, MonsterStats, Position
from roguelike.core.rng import Stream
from roguelike.engine.actions.basic import Attack, EndMove, Step, Wait
from roguelike.engine.scenario import Scripted, scenario
from roguelike.engine.turns.initiative import order_by_initiative

ARENA = """
##########
#1.......#
#2.......#
#3.......#
##########
"""


def test_move_gives_speed_points_one_per_square():
    g = scenario(ARENA)
    lead = g.awaiting
    assert lead == g.party[0]
    speed = g.store.get(lead, HitBoxes).attribute("speed")  # Warrior Legs: 6
    assert speed == 6
    g.perform(Step(1, 0))
    act = g.store.get(lead, Actor)
    assert (act.actions_left, act.move_points) == (1, speed - 1)
    for _ in range(speed - 1):
        g.perform(Step(1, 0))
    assert g.store.get(lead, Position).x == 1 + speed
    assert (act.actions_left, act.move_points) == (1, 0)
    g.perform(Step(1, 0))  # the second action: a new move
    assert (act.actions_left, act.move_points) == (0, speed - 1)


def test_a_move_can_end_early():
    g = scenario(ARENA)
    lead = g.awaiting
    g.perform(Step(1, 0))
    g.perform(EndMove())
    act = g.store.get(lead, Actor)
    assert (act.actions_left, act.move_points) == (1, 0)
    assert g.awaiting == lead  # still has an action


def test_walls_stop_a_step_and_cost_nothing():
    g = scenario(ARENA)
    lead = g.awaiting
    events = g.perform(Step(0, -1))
    assert events[0].kind == "fail"
    assert g.store.get(lead, Actor).actions_left == 2


def test_initiative_counts_down_and_breaks_ties_by_rank_then_speed_then_rolloff():
    rolls = {1: 6, 2: 3, 3: 3, 4: 3, 5: 3, 6: 1}
    rank = {1: 1, 2: 1, 3: 3, 4: 2, 5: 2, 6: 3}.__getitem__
    speed = {1: 5, 2: 5, 3: 5, 4: 8, 5: 6, 6: 8}.__getitem__
    order, rolloffs = order_by_initiative(list(rolls), rolls, rank, speed, Stream("t", "p"))
    # 6 first; then the 3s: rank 3, rank 2 by speed (8 before 6), rank 1; then the 1.
    assert order == [1, 3, 4, 5, 2, 6]
    assert rolloffs == {}


def test_full_ties_are_settled_by_a_rolloff():
    rolls = {1: 4, 2: 4, 3: 4}
    def same(e):
        return (1)
    order, rolloffs = order_by_initiative([1, 2, 3], rolls, same, same, Scripted([2, 5, 5, 1, 6]))
    # first roll-off: 2, 5, 5 -> entrant 1 last; 2 and 3 roll again: 1, 6 -> 3 before 2
    assert order == [3, 2, 1]
    assert rolloffs == {1: [2], 2: [5, 1], 3: [5, 6]}


def _duel(rolls: list[int], monster: str = "mercenary", party=None):
    kwargs = {"party": party} if party else {}
    g = scenario("""
        #######
        #1m...#
        #2....#
        #3....#
        #######
    """, monsters={"m": monster}, **kwargs)
    foe = next(e for e, _ in g.store.query(MonsterStats))
    g.streams.play = Scripted(rolls)
    return g, foe


def _put_warrior_first(g):
    # put the Warrior on turn with both actions, whatever initiative said
    g.current = g.party[0]
    act = g.store.get(g.party[0], Actor)
    act.actions_left, act.move_points = 2, 0
    g.mode = "combat"


def test_attack_hits_on_combat_and_save_on_might():
    g, foe = _duel([])
    _put_warrior_first(g)
    g.streams.play = Scripted([3, 4, 2, 6])  # hit 3 vs Combat 3; save 4 vs Might 5 fails
    events = g.perform(Attack(foe))
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["hit", "nosave", "wound"]
    assert g.store.get(foe, MonsterStats).hits == 3 - 2  # the Warrior's weapon: two hits


def test_a_miss_and_a_save_do_nothing():
    g, foe = _duel([])
    _put_warrior_first(g)
    g.streams.play = Scripted([2])
    assert g.perform(Attack(foe))[0].kind == "miss"
    g.streams.play = Scripted([6, 5])
    ev = g.perform(Attack(foe))
    assert [e.kind for e in ev[:2]] == ["hit", "save"]
    assert g.store.get(foe, MonsterStats).hits == 3


def _char_hit(g, eid, rolls):
    from roguelike.engine.combat.attack import save_or_wound

    g.streams.play = Scripted(rolls)
    return save_or_wound(g, eid)


def test_wound_crosses_the_next_box_and_lowers_the_attribute():
    g = scenario(ARENA)
    w = g.party[0]
    boxes = g.store.get(w, HitBoxes)
    assert boxes.attribute("combat") == 3
    ev = _char_hit(g, w, [1, 4])  # save 1 vs Might 3 fails; location 4 = Arms
    assert ev[-1].kind == "wound"
    assert boxes.location("arms").crossed == 1
    assert boxes.attribute("combat") == 4
    _char_hit(g, w, [1, 4])
    assert boxes.attribute("combat") == 5
    _char_hit(g, w, [1, 4])
    assert boxes.attribute("combat") == 6  # all non-gray crossed: the gray value


def test_spent_location_overflows_to_torso():
    g = scenario(ARENA)
    m = g.party[2]  # Mage: Arms [5, 6]
    boxes = g.store.get(m, HitBoxes)
    for _ in range(2):
        _char_hit(g, m, [1, 4])
    assert boxes.location("arms").spent
    torso_before = boxes.location("torso").crossed
    ev = _char_hit(g, m, [1, 4])
    assert any(e.kind == "spill" for e in ev)
    assert boxes.location("torso").crossed == torso_before + 1


def test_spent_torso_disables_and_disabled_cannot_act():
    g = scenario(ARENA)
    m = g.party[2]  # Mage Torso [5, 6]
    _char_hit(g, m, [1, 2])
    assert not g.store.has(m, Disabled)
    ev = _char_hit(g, m, [1, 3])
    assert g.store.has(m, Disabled)
    assert any(e.kind == "disabled" for e in ev)
    g.restart_round()
    assert m not in g.order


def test_spent_head_disables():
    g = scenario(ARENA)
    r = g.party[1]  # Rogue Head [4, 5]
    _char_hit(g, r, [1, 1])
    _char_hit(g, r, [1, 1])
    assert g.store.has(r, Disabled)


def test_all_disabled_ends_the_game():
    g = scenario(ARENA)
    for eid in g.party:
        g.store.add(eid, Disabled("test"))
    g.on_disabled(g.party[0], "down")
    assert g.over and g.outcome == "defeat"


def test_monsters_attack_the_closest_character():
    g = scenario("""
        ##########
        #1......m#
        #.......##
        #2......##
        #3......##
        ##########
    """, monsters={"m": "leader"})
    w = g.party[0]
    g.store.get(w, Position).x = 6  # the Warrior stands 2 squares from the Leader
    g.restart_round()
    for _ in range(40):
        if g.over:
            break
        ev = g.perform(Wait())
        attacks = [e for e in ev if e.kind in ("hit", "miss") and e.actor not in g.party]
        if attacks:
            assert attacks[0].target == w
            return
    raise AssertionError("the monster never attacked")


def test_out_of_combat_the_party_follows_the_leader():
    g = scenario("""
        ####################
        #123...............#
        ####################
    """)
    assert g.mode == "explore"
    for _ in range(12):
        g.perform(Step(1, 0))
    lead = g.store.get(g.party[0], Position).x
    for _ in range(3):
        g.perform(Wait())
    xs = [g.store.get(e, Position).x for e in g.party]
    assert xs[0] == lead and lead - 3 <= min(xs[1:]) and max(xs[1:]) < lead


def test_hostile_in_view_switches_to_combat_and_everyone_takes_turns():
    g = scenario("""
        ##########
        #1......m#
        #2.......#
        #3.......#
        ##########
    """, monsters={"m": "apprentice"})
    assert g.mode == "combat"
    g.streams.play = Scripted([1] * 200)  # every attack misses: nobody falls
    seen = []
    for _ in range(6):
        seen.append(g.awaiting)
        g.perform(Wait())
    assert set(seen) == set(g.party)  # each character acts on its own initiative


def test_a_rolloff_subgroup_is_fixed_before_its_members_roll_again():
    """Three tied: 5, 5, 3. The two 5s roll again (3, 6): entrant 1's new 3 must not pull it
    into the 3s' subgroup (it used to act twice in the round)."""
    rolls = {1: 4, 2: 4, 3: 4}
    def same(e):
        return 1
    order, rolloffs = order_by_initiative([1, 2, 3], rolls, same, same, Scripted([5, 5, 3, 3, 6]))
    assert order == [2, 1, 3]
    assert sorted(order) == [1, 2, 3]
    assert rolloffs == {1: [5, 3], 2: [5, 6], 3: [3]}
