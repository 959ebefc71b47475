"""Dealing with traps in play: search, expose, disarm, triggers, monsters, the T&T chart."""

from __future__ import annotations

import copy

from roguelike.core.components import (
    Actor,
    Character,
    Conditions,
    HitBoxes,
    Position,
    Searched,
    Trap,
)
from roguelike.engine.actions.basic import Step
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.scenario import Scripted, parse_map, scenario
from roguelike.engine.status.conditions import add_condition
from roguelike.engine.traps.chart import spring_tt_trap
from roguelike.engine.traps.describe import describe_trap, disarm_odds
from roguelike.engine.traps.trap_actions import Disarm, Expose, Search
from roguelike.engine.traps.trigger import is_known_to_party, on_moved
from tests.explore_kit import act
from tests.trap_helpers import arena, place, sturdy

N = 3000


def _fresh_turn(game, eid):
    act = game.store.get(eid, Actor)
    act.actions_left, act.move_points = 2, 0


def _search_rate(klass_index: int) -> float:
    game = arena()
    eid = game.party[klass_index]
    game.store.get(eid, Position).x, game.store.get(eid, Position).y = 3, 3
    trap = place(game, "pit")
    found = 0
    for _ in range(N):
        t = game.store.get(trap, Trap)
        t.known_by, t.searched_by, t.state = [], [], "hidden"
        game.store.add(eid, Searched())
        _fresh_turn(game, eid)
        assert Search().perform(game, eid).ok
        found += t.state == "exposed"
    return found / N


def test_search_odds_two_in_six_and_rogue_bonus():
    assert abs(_search_rate(0) - 2 / 6) < 0.03  # the Warrior: 2 in 6
    assert abs(_search_rate(1) - 3 / 6) < 0.03  # the Rogue: 3 in 6


def test_search_once_per_place_and_costs_an_action():
    game = arena()
    eid = game.party[0]
    _fresh_turn(game, eid)
    assert Search().perform(game, eid).ok
    assert game.store.get(eid, Actor).actions_left == 1
    again = Search().perform(game, eid)
    assert not again.ok and game.store.get(eid, Actor).actions_left == 1


def test_room_trap_springs_on_two_in_six_per_entrant():
    game = arena()
    eid = game.party[1]  # in the right-hand room
    trap = place(game, "spell_magic_mouth")  # resets at once, harmless
    springs = 0
    pos = game.store.get(eid, Position)
    for _ in range(N):
        game.store.get(trap, Trap).known_by = []
        pos.x, pos.y = 10, 3  # the doorway
        on_moved(game, eid)
        pos.x = 9
        before = game.store.get(trap, Trap).springs
        on_moved(game, eid)
        springs += game.store.get(trap, Trap).springs - before
    assert abs(springs / N - 2 / 6) < 0.03


def test_a_known_room_trap_is_stepped_around():
    game = arena()
    eid = game.party[1]
    trap = place(game, "spell_magic_mouth")
    game.store.get(trap, Trap).known_by.append(eid)
    game.streams.play = Scripted([1] * 50)
    pos = game.store.get(eid, Position)
    pos.x, pos.y = 10, 3
    on_moved(game, eid)
    pos.x = 9
    on_moved(game, eid)
    assert game.store.get(trap, Trap).springs == 0


def _square(game, pid="mk_falling_weight", at=(6, 2)):
    return place(game, pid, at=at, placement="square", room=0)


def test_trap_square_springs_when_stepped_on_and_ends_the_move():
    game = arena()
    lead = game.awaiting
    trap = _square(game, at=(6, 3))
    events = game.perform(Step(1, 0))  # (5,3) -> (6,3)
    assert any(e.kind == "trap" for e in events)
    assert game.store.get(trap, Trap).state == "sprung"
    assert game.store.get(lead, Actor).move_points == 0
    assert is_known_to_party(game, trap)


SPRING_ROOM = """
    ###########
    #.........#
    #1...^....#
    #.........#
    #2.......3#
    ###########
"""


def _spring_room():
    """The led Warrior in explore mode, a Falling Weight trap square on the `^` (hidden)."""
    game = scenario(SPRING_ROOM)
    _level, marks = parse_map(SPRING_ROOM)
    trap = _square(game, at=marks["^"][0])
    return game, game.awaiting, trap


def test_a_sprung_trap_square_ends_the_delvers_turn():
    """Mage Knight 001:69 "Triggering a trap ends a Hero's movement and activation": the
    step that springs it was the turn's first action (a Move), and no second is left: the
    led delver's next decision comes in the next round."""
    game, lead, trap = _spring_room()
    round_ = game.round
    game.perform(Step(1, 0))
    game.perform(Step(1, 0))
    game.perform(Step(1, 0))
    assert game.store.get(lead, Position).x == 4 and game.round == round_  # 3 of 6 points
    events = game.perform(Step(1, 0))  # onto the trap square
    assert any(e.kind == "trap" for e in events)
    assert game.store.get(trap, Trap).springs == 1
    assert game.awaiting == lead and game.round == round_ + 1


def test_a_trap_square_sprung_by_a_failed_disarm_ends_the_turn():
    """001:67 "The trap also triggers if a Hero fails to disarm it": the same end."""
    game, lead, trap = _spring_room()
    pos = game.store.get(lead, Position)
    pos.x = 4
    game.view_changed()
    game.store.get(trap, Trap).known_by.append(lead)
    _fresh_turn(game, lead)
    events = act(game, lead, Disarm(1, 0, 1), rolls=[1, 1]).events  # slow: 6 points
    assert any(e.kind == "disarm_fail" for e in events)
    a = game.store.get(lead, Actor)
    assert (a.actions_left, a.move_points) == (0, 0)


def test_diagonal_past_a_trap_square_springs_on_one_to_three():
    hits = 0
    for face in range(1, 7):
        game = arena()
        lead = game.awaiting
        trap = _square(game, at=(6, 3))  # corner of the step (5,3)->(6,2)... see below
        game.store.get(trap, Position).x, game.store.get(trap, Position).y = 5, 2
        game.streams.play = Scripted([face])
        game.perform(Step(1, -1))  # (5,3) -> (6,2): passes (5,2) and (6,3) diagonally
        sprung = game.store.get(trap, Trap).springs > 0
        hits += sprung
        assert sprung == (face <= 3)
        assert game.store.get(lead, Position).xy == (6, 2)
    assert hits == 3


def test_nimble_skips_the_diagonal_roll_and_flyers_pass_over():
    game = arena()
    lead = game.awaiting
    trap = _square(game, at=(5, 2))
    add_condition(game, lead, "nimble", -1)
    game.streams.play = Scripted([1])
    game.perform(Step(1, -1))
    assert game.store.get(trap, Trap).springs == 0
    game2 = arena()
    lead2 = game2.awaiting
    trap2 = _square(game2, at=(6, 3))
    add_condition(game2, lead2, "flying", -1)
    game2.perform(Step(1, 0))
    assert game2.store.get(trap2, Trap).springs == 0  # passing over, points left


def test_monsters_never_trigger_and_find_trap_squares_hindering():
    game = arena()
    mon = make_monster(game.store, game.content, "apprentice", (Position(1, 7, 1)), awake=True)
    trap = _square(game, at=(6, 1))
    game.store.get(mon, Position).x = 6
    on_moved(game, mon)
    assert game.store.get(trap, Trap).springs == 0
    cost = game.cost_map(creatures_block=False)
    assert cost[1, 6] == 2 and cost[1, 4] == 1
    # characters do not path round it
    assert game.cost_map(mover=game.party[0], creatures_block=False)[1, 6] == 1


def test_expose_is_free_and_only_next_to_the_square():
    game = arena()
    lead = game.awaiting
    trap = _square(game, at=(6, 4))
    assert Expose().perform(game, lead).ok
    assert lead in game.store.get(trap, Trap).known_by
    assert game.store.get(lead, Actor).actions_left == 2
    far = _square(game, at=(8, 1))
    assert lead not in game.store.get(far, Trap).known_by


def _disarm_rate(slow: int) -> float:
    game = arena()
    lead = game.party[0]
    trap = place(game, "pit_spiked")  # disarm 8
    boxes = copy.deepcopy(game.store.get(lead, HitBoxes))
    ok = 0
    for _ in range(N):
        game.store.add(lead, copy.deepcopy(boxes))  # a failure springs the pit: heal
        t = game.store.get(trap, Trap)
        t.state, t.known_by = "exposed", [lead]
        pos = game.store.get(lead, Position)
        pos.x, pos.y = 4, 3
        _fresh_turn(game, lead)
        events = Disarm(1, 0, slow).perform(game, lead).events
        ok += any(e.kind == "disarm" for e in events)
    return ok / N


def test_disarm_odds_quick_and_slow_match_the_prompt():
    game = arena()
    trap = place(game, "pit_spiked")
    assert disarm_odds(game, game.party[0], trap, False) == (15, 36)  # 2d6 >= 8
    assert disarm_odds(game, game.party[0], trap, True) == (26, 36)  # 2d6 + 2 >= 8
    assert abs(_disarm_rate(0) - 15 / 36) < 0.03
    assert abs(_disarm_rate(1) - 26 / 36) < 0.03


def test_disarm_costs_movement_points_gives_xp_and_failure_springs():
    game = arena()
    lead = game.awaiting
    trap = place(game, "pit", at=(6, 3))
    game.store.get(trap, Trap).known_by.append(lead)
    game.streams.play = Scripted([6, 6])
    game.perform(Disarm(1, 0, 0))
    assert game.store.get(trap, Trap).state == "disarmed"
    assert game.store.get(lead, Character).xp == 60  # 10 x disarm value 6
    assert game.store.get(lead, Actor).move_points == 6 - 3
    trap2 = place(game, "pit", at=(6, 4))
    game.store.get(trap2, Trap).known_by.append(lead)
    game.streams.play = Scripted([1, 1])
    events = game.perform(Disarm(1, 1, 0))
    assert any(e.kind == "disarm_fail" for e in events)
    assert game.store.get(trap2, Trap).springs == 1


def test_variable_disarm_value_is_rolled_once_and_kept():
    game = arena()
    lead = game.awaiting
    trap = _square(game, "mk_buzz_saw", at=(6, 3))  # "6+"
    game.store.get(trap, Trap).known_by.append(lead)
    game.streams.play = Scripted([4, 6, 6])  # 6 + 4 = 10; then 2d6 = 12
    game.perform(Disarm(1, 0, 0))
    t = game.store.get(trap, Trap)
    assert t.disarm_value == 10 and t.state == "disarmed"
    # disarmed: described as harmless, without the disarm value an armed one shows
    assert describe_trap(game, trap) == "Buzz Saw (trap square; disarmed)."


def test_captives_cannot_step_and_struggle_free():
    from roguelike.engine.traps.trap_actions import Struggle
    from roguelike.engine.traps.trigger import spring

    game = arena()
    lead = game.awaiting
    trap = place(game, "net")
    spring(game, trap, lead)
    game.streams.play = Scripted([6])  # a failed try: the captive stays put
    before = game.store.get(lead, Position).xy
    game.perform(Struggle())
    assert "entangled" in game.store.get(lead, Conditions).active
    assert game.store.get(lead, Position).xy == before
    game.streams.play = Scripted([1])  # 1 in 6 + no Strength bonus
    game.perform(Struggle())
    assert "entangled" not in game.store.get(lead, Conditions).active
    assert game.perform(Step(1, 0))[0].kind != "fail"


def test_stepping_while_caught_is_struggling():
    """A netted character has no other way out in play: a step is a try to get free."""
    from roguelike.engine.traps.trigger import spring

    game = arena()
    lead = game.awaiting
    trap = place(game, "net")
    spring(game, trap, lead)
    before = game.store.get(lead, Position).xy
    game.streams.play = Scripted([6])
    events = game.perform(Step(1, 0))
    assert any("struggles against" in e.text for e in events)
    assert game.store.get(lead, Position).xy == before
    assert "entangled" in game.store.get(lead, Conditions).active
    game.streams.play = Scripted([1])
    game.perform(Step(1, 0))
    assert "entangled" not in game.store.get(lead, Conditions).active


def test_tt_chart_picks_by_d6_and_springs_on_the_victim():
    game = arena()
    lead = game.party[0]
    sturdy(game, lead)
    events = spring_tt_trap(game, lead, 5, 3, roll=3)
    assert any("Poison Dart" in e.text for e in events)
    assert sum(loc.crossed for loc in game.store.get(lead, __import__(
        "roguelike.core.components", fromlist=["HitBoxes"]).HitBoxes).locations) == 2
    game.streams.play = Scripted([2, 1])  # chart roll 2: Sleeping Dart; Might save fails? 7
    events = spring_tt_trap(game, lead, 5, 3)
    assert "unconscious" in game.store.get(lead, Conditions).active


def test_trap_might_saves_take_conditions_fatigue_and_pledged_luck():
    """A trap's Might/Wits save is the fight's d6 check (DungeonPunk 004:483, 503: Injured
    and Poisoned are -2 on all checks "including ... saving throws"; 004:78 luck)."""
    from roguelike.engine.status.checks import fight_state
    from roguelike.engine.status.saves import save_target

    game = arena()
    lead = game.party[0]
    might = save_target(game, lead, "might")
    add_condition(game, lead, "poisoned", -1)
    add_condition(game, lead, "injured", -1)
    game.streams.play = Scripted([2, might + 1])  # Sleeping Dart; might + 1 - 2 fails
    events = spring_tt_trap(game, lead, 5, 3)
    assert "unconscious" in game.store.get(lead, Conditions).active
    assert any(f"rolled {might + 1}-2 vs {might}" in e.text for e in events)
    game.store.get(lead, Conditions).active.pop("unconscious")
    fight_state(game, lead).luck_pledge = 2
    game.streams.play = Scripted([2, might])  # might - 2 + 2 luck: saved, the pledge spent
    spring_tt_trap(game, lead, 5, 3)
    assert "unconscious" not in game.store.get(lead, Conditions).active
    assert fight_state(game, lead).luck_pledge == 0


def test_a_disarm_awards_experience_through_award_xp_and_levels_up():
    """RULES Experience: award_xp for trap disarms, so a disarm can bring a level."""
    game = arena()
    lead = game.awaiting
    game.store.get(lead, Character).xp = 190
    trap = place(game, "pit", at=(6, 3))
    game.store.get(trap, Trap).known_by.append(lead)
    game.streams.play = Scripted([6, 6])
    events = game.perform(Disarm(1, 0, 0))
    char = game.store.get(lead, Character)
    assert char.xp == 250 and char.level == 2  # 190 + 10 x disarm value 6
    assert any(e.kind == "level_up" for e in events)


def test_a_searched_room_can_still_be_searched_along_its_far_walls():
    """Once a room's traps are searched, a search elsewhere in it tries the secret doors
    within reach there (one try per character per door, Classic); only a search within 2
    squares of an earlier one is refused. Before, one search anywhere in a big room ended
    the character's chances at every secret door on its walls."""
    from roguelike.core.explore_components import SecretDoor
    from roguelike.engine.scenario import Scripted

    game = arena()
    eid = game.party[0]
    door = game.door_at(10, 3)
    game.store.add(door, SecretDoor())
    pos = game.store.get(eid, Position)
    pos.x, pos.y = 2, 3
    _fresh_turn(game, eid)
    first = Search().perform(game, eid)
    assert first.ok and "traps and secret doors" in first.events[0].text
    pos.x = 4  # still within 2 squares of the first search
    assert Search().perform(game, eid).reason == "You have already searched here."
    pos.x = 8
    game.streams.play = Scripted([6])
    again = Search().perform(game, eid)
    assert again.ok and again.events[0].text.endswith("searches for secret doors.")
    assert not game.store.has(door, SecretDoor)
    assert game.store.get(eid, Actor).actions_left == 0


def _sprung_saw():
    """A Buzz Saw sprung on the Leader at (6, 3), the Leader stepped back beside it with a
    fresh turn: the saw lingers until disarmed."""
    from roguelike.core.components import Hazard
    from roguelike.engine.traps.trigger import spring
    from tests.trap_helpers import Rigged

    game = arena()
    lead = game.awaiting
    sturdy(game, lead)
    trap = place(game, "mk_buzz_saw", at=(6, 3), placement="square")
    game.streams.play = Rigged()
    spring(game, trap, lead)
    assert game.store.get(trap, Trap).state == "sprung"
    _fresh_turn(game, lead)
    return game, lead, trap, lambda: [h for _e, h in game.store.query(Hazard) if h.trap == trap]


def test_a_sprung_trap_whose_effect_lasts_until_disarmed_can_be_disarmed():
    """001:59 "it must successfully be disarmed before any figure may move safely through
    the trap square"; 001:145 "Once triggered ... must successfully be disarmed in order to
    be removed from play": a sprung Buzz Saw is disarmed and its saw goes with it."""
    game, lead, trap, saws = _sprung_saw()
    assert saws()
    game.streams.play = Scripted([1, 6, 6])  # the "6+" value: 6 + 1; 2d6 = 12
    events = act(game, lead, Disarm(1, 0, 0)).events
    assert any(e.kind == "disarm" for e in events)
    assert game.store.get(trap, Trap).state == "disarmed" and not saws()


def test_a_failed_disarm_of_a_sprung_saw_strikes_the_disarmer_once_and_ends_the_turn():
    game, lead, _trap, saws = _sprung_saw()
    before = sum(loc.crossed for loc in game.store.get(lead, HitBoxes).locations)
    game.streams.play = Scripted([6, 1, 1, 4])  # value 6 + 6; 2d6 = 2 fails; 1d6 = 4
    events = act(game, lead, Disarm(1, 0, 0)).events
    assert any(e.kind == "disarm_fail" for e in events)
    after = sum(loc.crossed for loc in game.store.get(lead, HitBoxes).locations)
    assert after - before == 4
    assert len(saws()) == 1  # no second saw
    a = game.store.get(lead, Actor)
    assert (a.actions_left, a.move_points) == (0, 0)


def test_a_sprung_trap_with_no_lasting_effect_is_not_disarmed():
    game = arena()
    lead = game.awaiting
    sturdy(game, lead)
    trap = place(game, "mk_falling_weight", at=(6, 3), placement="square")
    from roguelike.engine.traps.trigger import spring
    spring(game, trap, lead)
    _fresh_turn(game, lead)
    assert game.store.get(trap, Trap).state == "sprung"
    assert not game.try_action(Disarm(1, 0, 0), lead).ok
