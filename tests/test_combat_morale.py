"""Encounters and monster behaviour: morale results, surprise, pursuit, dropped treasure,
ranged monsters, pathing, Pillagers."""

from __future__ import annotations

import pytest
from combat_kit import arena, foes, place, put_first, script

from roguelike.core.components import Actor, MonsterStats, Position
from roguelike.core.explore_components import LightSource
from roguelike.engine.actions.basic import Attack
from roguelike.engine.combat import morale
from roguelike.engine.monsters import ai
from roguelike.engine.scenario import scenario
from roguelike.engine.status import conditions as C
from roguelike.engine.status.checks import fight_state

THREE = """
##################
#1m..............#
#2...............#
#3...........n.o.#
##################
"""


def _kill_first(g, rolls):
    """The Warrior kills the adjacent apprentice; `rolls` follow for the morale roll."""
    w, first = g.party[0], foes(g)[0]
    put_first(g, w)
    script(g, [6, 1, *rolls])
    return g.perform(Attack(first))


def _three():
    return arena(text=THREE, monsters={"m": "apprentice", "n": "apprentice",
                                       "o": "apprentice"})


@pytest.mark.parametrize(("dice", "result"), [
    ((1, 1), "retreat"),                 # 2 - 1 = 1
    ((2, 2), "fighting_withdrawal"),     # 4 - 1 = 3
    ((3, 4), "fight_on"),                # 7 - 1 = 6
    ((5, 5), "advance_and_pursue"),      # 10 - 1 = 9
    ((6, 6), "advance_and_pursue"),      # 12 - 1 = 11
])
def test_first_death_rolls_morale_for_the_group(dice, result):
    g = _three()
    events = _kill_first(g, [*dice, 5])
    text = next(e.text for e in events if e.kind == "morale")
    assert "first death" in text
    assert f"= {sum(dice) - 1}:" in text
    for eid in foes(g):
        assert fight_state(g, eid).morale == result


def test_victory_or_death_stops_further_morale_rolls():
    g = arena(text=THREE, monsters={"m": "leader", "n": "leader", "o": "leader"})  # +1
    g.store.get(foes(g)[0], MonsterStats).hits = 1
    events = _kill_first(g, [6, 5])  # 11 + 1 = 12
    assert "Victory or Death" in next(e.text for e in events if e.kind == "morale")
    assert morale.check_morale(g, "again") == []


def test_half_down_checks_again_and_both_at_once_is_minus_two():
    g = arena(text="""
        ##########
        #1m....n.#
        #2.......#
        #3.......#
        ##########
    """, monsters={"m": "apprentice", "n": "apprentice"})
    events = _kill_first(g, [4, 4])  # 8 - 1 - 2 = 5: withdrawal
    text = next(e.text for e in events if e.kind == "morale")
    assert "first death and half down" in text and "-1-2 = 5" in text
    assert fight_state(g, foes(g)[0]).morale == "fighting_withdrawal"


def test_a_retreating_monster_runs_from_the_party():
    g = _three()
    _kill_first(g, [1, 1, 5])
    runner = foes(g)[0]
    before = g.store.get(runner, Position).x
    put_first(g, runner)
    for _ in range(8):
        ai.take_action(g, runner)
    assert g.store.get(runner, Position).x > before
    assert fight_state(g, runner).morale_rounds == 5


def test_a_fighting_withdrawal_backs_off_at_half_speed():
    g = _three()
    _kill_first(g, [2, 2, 5])
    runner = foes(g)[0]  # Speed 8: at most 4 squares a turn
    start = g.store.get(runner, Position).xy
    put_first(g, runner)
    for _ in range(12):
        ai.take_action(g, runner)
    end = g.store.get(runner, Position).xy
    assert 1 <= max(abs(end[0] - start[0]), abs(end[1] - start[1])) <= 4


def test_monsters_that_fight_on_let_a_vanished_party_go():
    g = _three()
    _kill_first(g, [3, 4])
    m = foes(g)[0]
    g.mode = "explore"
    g.visible[:, :] = False
    put_first(g, m)
    ai.take_action(g, m)
    assert fight_state(g, m).pursuit == "gave_up"
    assert not g.store.get(m, Actor).awake


def test_unshaken_monsters_roll_to_pursue_on_two_to_eight():
    g = _three()
    m = foes(g)[1]
    g.mode = "explore"
    g.visible[:, :] = False
    put_first(g, m)
    script(g, [4, 4])
    ai.take_action(g, m)
    assert fight_state(g, m).pursuit == "pursue"
    assert g.store.get(m, Actor).awake
    m2 = foes(g)[2]
    put_first(g, m2)
    script(g, [4, 5])
    ai.take_action(g, m2)
    assert fight_state(g, m2).pursuit == "gave_up"


def test_pursuers_stop_for_dropped_treasure_on_four_to_six():
    g = _three()
    m1, m2 = foes(g)[1], foes(g)[2]
    script(g, [1, 4, 2, 3])  # the first rolls 1; m1 stops (for 2 rounds); m2 rolls 3
    events = morale.on_treasure_dropped(g, 8, 2)
    assert fight_state(g, m1).distracted == 2 and fight_state(g, m2).distracted == 0
    assert "stops for the treasure" in events[0].text
    put_first(g, m1)
    before = g.store.get(m1, Position).xy
    ai.take_action(g, m1)
    after = g.store.get(m1, Position).xy
    assert abs(after[0] - 8) < abs(before[0] - 8)


def test_surprise_is_one_or_two_on_a_d6_for_each_side():
    g = _three()
    morale.on_calm(g)
    woken = foes(g)
    for eid in g.party:  # (in the dark: a light would give the party away)
        g.store.remove(eid, LightSource)
    script(g, [2, 1])
    morale.on_spotted(g, woken)
    assert all(C.has_condition(g, e, "surprised") for e in g.party)
    assert all(C.has_condition(g, e, "surprised") for e in woken)
    assert morale.on_spotted(g, woken) == []  # once per encounter


MEETING = """
    ############
    #1.........#
    #2......m..#
    #3.........#
    ############
"""


def _meeting(monster: str = "mercenary"):
    """The party (the Leader with its lit start lantern) and a monster not yet met."""
    g = scenario(MEETING, monsters={"m": monster})
    morale.on_calm(g)
    return g, foes(g)


def test_a_party_carrying_light_cannot_surprise():
    """Classic 002: "Characters or monsters that carry a light source are unable to
    surprise opponents": the Leader's lantern (the light system's LightSource) gives the
    party away, whatever the foes roll."""
    g, woken = _meeting()
    assert g.store.has(g.party[0], LightSource)
    assert morale.carries_light(g.store, g.party[0])
    script(g, [5, 1])  # the party is not surprised; the foes' die would say surprised
    events = morale.on_spotted(g, woken)
    assert not any(C.has_condition(g, e, "surprised") for e in woken)
    assert "light gives it away" in events[-1].text


def test_a_party_in_the_dark_can_surprise():
    g, woken = _meeting()
    for eid in g.party:
        g.store.remove(eid, LightSource)
    assert not any(morale.carries_light(g.store, e) for e in g.party)
    script(g, [5, 1])
    morale.on_spotted(g, woken)
    assert all(C.has_condition(g, e, "surprised") for e in woken)


def test_monsters_carrying_light_cannot_surprise_the_party():
    """The same rule for monsters: a foe with a lit torch never catches the party out."""
    g, woken = _meeting()
    g.store.add(woken[0], LightSource("torch", 100))
    assert morale.carries_light(g.store, woken[0])
    script(g, [1, 1])  # whatever the dice: the party's die is not even rolled
    events = morale.on_spotted(g, woken)
    assert not any(C.has_condition(g, e, "surprised") for e in g.party)
    assert any("foes' light gives them away" in e.text for e in events)
    assert g.streams.play.rolls == [1, 1]  # (no die thrown: both sides carry light)


def test_a_burnt_out_light_gives_nobody_away():
    g, woken = _meeting()
    g.store.add(woken[0], LightSource("torch", 0))
    assert not morale.carries_light(g.store, woken[0])
    script(g, [1, 6])
    morale.on_spotted(g, woken)
    assert all(C.has_condition(g, e, "surprised") for e in g.party)


def test_surprise_is_rolled_when_monsters_first_spot_the_party():
    g = scenario("""
        ##########
        #1.......#
        #2.....m.#
        #3.......#
        ##########
    """, monsters={"m": "mercenary"})
    m = foes(g)[0]
    g.store.get(m, Actor).awake = False
    morale.on_calm(g)
    script(g, [1, 6] + [3] * 40)
    events = g.restart_round()
    assert any(e.kind == "surprise" for e in events)


def test_ranged_monsters_shoot_from_afar():
    g = arena(text=THREE, monsters={"n": "goblin_archer"})
    archer = foes(g)[0]
    place(g, archer, 8, 3)  # 7 squares from the nearest delver; a goblin bow reaches 10
    put_first(g, archer)
    script(g, [6, 6])
    events = ai.take_action(g, archer)
    assert events[0].kind == "hit" and events[0].actor == archer


def test_monsters_path_around_walls_to_the_party():
    g = arena(text="""
        ##########
        #1.#.....#
        #2.#..m..#
        #3.......#
        ##########
    """)
    m = foes(g)[0]
    put_first(g, m)
    ai.take_action(g, m)
    pos = g.store.get(m, Position)
    assert min(max(abs(pos.x - g.store.get(e, Position).x),
                   abs(pos.y - g.store.get(e, Position).y)) for e in g.party) == 1


def test_pillagers_leave_the_party_alone_unless_engaged(monkeypatch):
    g = arena(text=THREE, monsters={"n": "pillager"})
    p = foes(g)[0]
    put_first(g, p)
    called = []
    import roguelike.engine.monsters.pillagers as looting

    monkeypatch.setattr(looting, "take_action",
                        lambda game, eid, *_rest: called.append(eid) or [])
    ai.take_action(g, p)  # not engaged: the looting rules decide, no attack
    assert called == [p]
    place(g, p, 2, 1)  # next to the Warrior: still not engaged (T&T "avoiding combat")
    put_first(g, p)
    ai.take_action(g, p)
    assert called == [p, p]
    warrior = g.party[0]
    put_first(g, warrior)
    script(g, [1])
    g.perform(Attack(p))  # the Warrior attacks it hand to hand (a miss): engaged
    put_first(g, p)
    script(g, [6, 6])
    events = ai.take_action(g, p)
    assert events[0].kind == "hit" and events[0].target == warrior
