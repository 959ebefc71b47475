"""Auto-explore that finds the way, and auto-fight (issue 18.2), headless.

The decisions are engine/autoexplore.py's and engine/autofight.py's; the UI's `o` and `F`
run the same objects (tests/test_play_keys.py drives them through the keys).
"""

from __future__ import annotations

from explore_kit import door_at
from trap_helpers import place

from roguelike.engine import travel
from roguelike.engine.actions import Attack, EndMove, Step
from roguelike.engine.autoexplore import EXPLORED, Explorer, door_plans, suspect_walls
from roguelike.engine.autofight import fight_step
from roguelike.engine.components import Actor, Door, HitBoxes, MonsterStats, Position
from roguelike.engine.explore.components import SecretDoor, Stuck
from roguelike.engine.fight_actions import RangedAttack
from roguelike.engine.scenario import scenario
from roguelike.engine.traps.trigger import spring
from roguelike.engine.travel import Question
from roguelike.tools import explore_rate
from roguelike.world import tiles as T


def _kinds(game) -> list[str]:
    return [a["kind"] for _r, a in game.history]


# ----- the way on through doors ----------------------------------------------------------
LOCKED = """
###########
#1..+.....#
#...#.....#
###########
"""


def _locked(seed: str = "scenario", party=(("leader", "warrior"),)):
    """LOCKED with its door known to be locked (on a scenario map the squares beyond a
    door are seen before the door is made: they are unseen again here)."""
    game = scenario(LOCKED, party=party, seed=seed)
    state = game.store.get(door_at(game, 4, 1), Door)
    state.checked = state.locked = True
    game.level.explored[1:3, 5:] = False
    return game


def test_a_locked_door_is_walked_to_asked_about_and_broken_until_it_gives():
    game = _locked("s5")  # a seed whose dice fail the first two breaks
    asked: list[Question] = []
    _events, why = travel.run(game, Explorer(), answer=lambda q: asked.append(q) or 0)
    assert len(asked) == 1  # asked once, then "keep trying"
    assert "locked door" in asked[0].text and "1 square east" in asked[0].text
    assert asked[0].options[0].startswith("Leader Warrior: break it down (Might")
    breaks = _kinds(game).count("break_door")
    fails = sum("fails at breaking down the door" in e.text for e in game.log)
    assert breaks == 3 and fails == 2
    assert game.store.get(door_at(game, 4, 1), Door).open
    walk = T.WALKABLE[game.level.tiles]
    assert bool(game.level.explored[walk].all())  # and it went on beyond the door
    assert why.startswith("Nothing left to explore")


def test_every_open_way_is_explored_before_a_locked_door_is_asked_about():
    game = scenario("""
        ##############
        #1..+........#
        #...##########
        #...........##
        ############.#
        #............#
        ##############
    """, party=(("leader", "warrior"),))
    door = door_at(game, 4, 1)
    game.store.get(door, Door).checked = game.store.get(door, Door).locked = True
    game.level.explored[1, 5:] = False  # (seen before the door was made)
    _events, why = travel.run(game, Explorer())  # no answer: it stops at the question
    assert "locked door" in why
    assert game.level.explored[5, 12]  # the far end of the open way was seen first
    assert "break_door" not in _kinds(game)


def test_a_stuck_door_offers_breaking_before_forcing_and_the_rogue_picks_a_lock():
    game = scenario(LOCKED, party=(("leader", "warrior"), ("mercenary", "rogue")))
    door = door_at(game, 4, 1)
    game.store.add(door, Stuck())
    plans, text = door_plans(game, door)
    assert "stuck" in text
    kinds = [p.kind for p in plans]
    assert kinds.index("break_door") < kinds.index("force_door")  # 4 in 6 beats 1 in 6
    game.store.remove(door, Stuck)
    game.store.get(door, Door).locked = True
    plans, _text = door_plans(game, door)
    assert {(p.worker, p.kind) for p in plans} >= {(game.party[1], "pick_lock")}
    assert all(p.worker != game.party[0] or p.kind != "pick_lock" for p in plans)


def test_the_chosen_delver_takes_the_lead_walks_over_and_picks():
    game = _locked(party=(("leader", "warrior"), ("mercenary", "rogue")))
    door = door_at(game, 4, 1)
    explorer = Explorer()
    rogue = game.party[1]

    def pick_by_rogue(q: Question) -> int:
        return next(i for i, p in enumerate(explorer.offered[q.about])
                    if p.worker == rogue and p.kind == "pick_lock")

    travel.run(game, explorer, answer=pick_by_rogue)
    assert game.led == rogue
    assert "lead" in _kinds(game) and "pick_lock" in _kinds(game)
    assert not game.store.get(door, Door).locked


def test_a_whole_action_with_only_movement_left_ends_the_move():
    game = _locked()
    door = door_at(game, 4, 1)
    explorer = Explorer()
    lead = game.party[0]
    game.perform(Step(1, 0))
    game.perform(Step(1, 0))  # beside the door now
    explorer.plans[door] = door_plans(game, door)[0][0]
    act = game.store.get(lead, Actor)
    act.actions_left, act.move_points = 0, 3
    assert explorer(game, lead) == EndMove()


# ----- secret doors ----------------------------------------------------------------------
HIDDEN = """
##############
#1....#......#
#.....+......#
#.....#......#
##############
"""


def _hidden_room(stairs: bool):
    game = scenario(HIDDEN.replace("#1....", "#1...>") if stairs else HIDDEN,
                    party=(("leader", "warrior"), ("mercenary", "rogue")), rolls=[6] * 80)
    door = door_at(game, 6, 2)
    game.store.add(door, SecretDoor())
    game.invalidate_terrain()
    return game, door


def test_with_the_stairs_unknown_it_searches_the_likely_walls_and_finds_the_way():
    game, door = _hidden_room(stairs=False)
    assert (6, 2) in suspect_walls(game) or (6, 1) in suspect_walls(game)
    travel.run(game, Explorer())
    assert "search" in _kinds(game)
    assert not game.store.has(door, SecretDoor)
    assert game.level.explored[2, 10]  # the room behind was explored after


def test_with_the_stairs_known_a_second_o_searches():
    game, door = _hidden_room(stairs=True)
    _events, why = travel.run(game, Explorer())
    assert why.startswith(EXPLORED) and "Stairs down" in why
    assert "search" not in _kinds(game)
    travel.run(game, Explorer(search=True))
    assert "search" in _kinds(game) and not game.store.has(door, SecretDoor)


def test_the_search_ends_when_every_delver_searched_every_likely_wall():
    game = scenario(HIDDEN, party=(("leader", "warrior"), ("mercenary", "rogue")),
                    rolls=[1] * 400)  # every search fails
    door = door_at(game, 6, 2)
    game.store.add(door, SecretDoor())
    game.invalidate_terrain()
    _events, why = travel.run(game, Explorer())
    assert why == "Nothing left to explore or search here, and no stairs down found."
    searchers = {game.store.get(e, Position).depth for e in game.party}
    assert searchers == {1} and _kinds(game).count("search") >= 2
    assert "lead" in _kinds(game)  # the second delver searched too


# ----- trapped delvers and Pillagers -----------------------------------------------------
def test_a_caged_companion_is_freed_before_exploring_on():
    game = scenario("""
        ##########
        #12......#
        ##########
    """, party=(("leader", "warrior"), ("mercenary", "rogue")), rolls=[6] * 40)
    cage = place(game, "mk_cage", at=(2, 1), placement="square")
    spring(game, cage, game.party[1])
    asked: list[Question] = []
    travel.run(game, Explorer(), answer=lambda q: asked.append(q) or 0)
    assert asked and "caught (cage)" in asked[0].text
    assert "free" in _kinds(game)


def test_a_pillager_keeping_its_distance_does_not_stop_exploring():
    from explore_kit import pillager

    game = scenario("""
        ################
        #1.............#
        #..............#
        ##############.#
        ##############.#
        ##############.#
        #..............#
        ################
    """, party=(("leader", "warrior"), ("mercenary", "rogue")))
    game.level.explored[4:, :] = False
    p = pillager(game, 14, 2)
    game.invalidate_view()
    game.restart_round()
    assert game.hostiles_in_view() == [p] and game.threats_in_view() == []
    before = int(game.level.explored.sum())
    assert travel.Run(game, Explorer()).refusal() is None
    travel.run(game, Explorer(), limit=40)
    assert int(game.level.explored.sum()) > before and "step" in _kinds(game)


# ----- auto-fight ------------------------------------------------------------------------
DUEL = """
#########
#1m.....#
#.......#
#########
"""


def test_auto_fight_attacks_the_foe_beside_and_closes_in_on_one_further_off():
    game = scenario(DUEL, monsters={"m": "apprentice"}, party=(("leader", "warrior"),))
    lead, foe = game.party[0], next(e for e, _ in game.store.query(MonsterStats))
    assert fight_step(game, lead) == Attack(foe)
    game.store.get(foe, Position).x = 5
    game.invalidate_view()
    assert fight_step(game, lead) == Step(1, 0)


def test_auto_fight_shoots_with_a_ranged_weapon_and_refuses_when_badly_hurt():
    game = scenario(DUEL.replace("1m....", "1....m"), monsters={"m": "apprentice"},
                    party=(("leader", "rogue"),))
    lead, foe = game.party[0], next(e for e, _ in game.store.query(MonsterStats))
    assert fight_step(game, lead) == RangedAttack(foe)
    head = next(loc for loc in game.store.get(lead, HitBoxes).locations if loc.id == "head")
    head.crossed = len(head.boxes) - 1
    why = fight_step(game, lead)
    assert isinstance(why, str) and "badly hurt" in why and "Head" in why
    assert fight_step(game, lead, careful=False) == RangedAttack(foe)


def test_auto_fight_ends_the_move_when_only_movement_is_left():
    game = scenario(DUEL, monsters={"m": "apprentice"}, party=(("leader", "warrior"),))
    act = game.store.get(game.party[0], Actor)
    act.actions_left, act.move_points = 0, 2
    assert fight_step(game, game.party[0]) == EndMove()


def test_auto_fight_says_when_there_is_no_foe():
    game = scenario(DUEL.replace("m", "."), party=(("leader", "warrior"),))
    assert fight_step(game, game.party[0]) == "No foe in view."


# ----- the harness -----------------------------------------------------------------------
def test_pressing_o_finds_the_stairs_on_every_level_the_fights_leave_standing():
    """The harness drives the same Explorer as `o` (Enter at its questions) with a plain
    fight stand-in, on a bounded set of seeds; `python -m roguelike.tools.explore_rate
    --seeds 120` measures the rate on many (README)."""
    seeds = [f"explore-{i}" for i in range(12)]
    results = explore_rate.measure(seeds)
    standing = [r for r in results if not r.why.startswith("game over")]
    assert len(standing) >= 8
    missed = [(r.seed, r.why) for r in standing if not r.found]
    assert missed == []
    assert sum(r.questions for r in results) > 0  # locked doors were met and answered
    assert all(r.actions < explore_rate.ACTION_CAP for r in results)

