"""Auto-explore that finds the way (issue 18.2), headless.

The decisions are engine/helpers/autoexplore.py's; the UI's `o` runs the same objects
(tests/test_play_keys.py drives it through the keys). Auto-fight: tests/test_fight_round.py.
"""

from __future__ import annotations

from explore_kit import Steady, door_at, pillager
from trap_helpers import place

from roguelike.core.components import Actor, Door, HitBoxes, Position
from roguelike.core.explore_components import SecretDoor, Stuck
from roguelike.engine.actions.basic import EndMove, Lead, Step, Wait
from roguelike.engine.creatures.inventory import ledger
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.autoexplore import (
    EXPLORED,
    Explorer,
    Plan,
    door_plans,
    in_hazards,
    suspect_walls,
)
from roguelike.engine.helpers.travel import Question
from roguelike.engine.rest.resting_turn import Rest
from roguelike.engine.scenario import scenario
from roguelike.engine.traps.trigger import spring
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


def test_the_chosen_delver_takes_the_lead_walks_over_and_picks_then_hands_it_back():
    """The worker chosen for the door leads while it works; once the door is open the lead
    goes back to the delver the player led, who walks in front again (issue 26)."""
    game = _locked(party=(("leader", "warrior"), ("mercenary", "rogue")))
    door = door_at(game, 4, 1)
    explorer = Explorer()
    warrior, rogue = game.party

    def pick_by_rogue(q: Question) -> int:
        return next(i for i, p in enumerate(explorer.offered[q.about])
                    if p.worker == rogue and p.kind == "pick_lock")

    travel.run(game, explorer, answer=pick_by_rogue)
    assert "pick_lock" in _kinds(game)
    assert not game.store.get(door, Door).locked
    leads = [e.actor for e in game.log if e.kind == "lead"]
    assert leads == [rogue, warrior]
    assert game.led == warrior


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
    game.view_changed()
    game.restart_round()
    assert game.hostiles_in_view() == [p] and game.threats_in_view() == []
    before = int(game.level.explored.sum())
    assert travel.Run(game, Explorer()).refusal() is None
    travel.run(game, Explorer(), limit=40)
    assert int(game.level.explored.sum()) > before and "step" in _kinds(game)


def test_a_creature_standing_on_the_only_way_on_is_named_not_walked_away_from():
    game = scenario("""
        ##########
        #1.......#
        ##########
    """, party=(("leader", "warrior"),))
    p = pillager(game, 2, 1)  # at rest in the corridor: no threat, but in the way
    game.view_changed()
    game.restart_round()
    assert game.threats_in_view() == [] and game.hostiles_in_view() == [p]
    game.level.explored[:, 4:] = False  # (the far end not seen yet)
    why = Explorer()(game, game.party[0])
    # (not "attack it (F)": F answers that a Pillager keeping its distance is no foe)
    # (not "wait for it to move": waiting beside a Pillager whose way is barred gets a
    # delver struck, as in the lead's plum-otter-3 D2 R1632)
    assert why == ("Pillager is in the way (1 square east): walk into it to fight it, or "
                   "step back to let it pass (one whose way is barred strikes).")
    game.store.get(p, Position).x = 5  # it moved on: the way is open again
    assert Explorer()(game, game.party[0]) == Step(1, 0)


def test_with_only_pillagers_in_view_the_lead_goes_to_the_chosen_delver_as_outside_a_fight():
    """A Pillager keeping its distance is no foe (RULES.md): no fight mode, so the party
    moves as one and the delver chosen for the door takes the lead, as with nobody in view
    (before, the Pillager made a fight of it and each delver walked on its own turn)."""
    game = _locked(party=(("leader", "warrior"), ("mercenary", "rogue")))
    lead, rogue = game.party
    game.store.get(rogue, Position).x = 2  # beside the one led: it would only follow
    door = door_at(game, 4, 1)
    pillager(game, 3, 2)
    game.view_changed()
    game.restart_round()
    assert game.mode == "explore" and game.hostiles_in_view() and not game.threats_in_view()
    explorer = Explorer()
    explorer.plans[door] = Plan(rogue, "pick_lock", "Mercenary Rogue: pick the lock")
    assert explorer(game, lead) == Lead(1)  # the rogue leads to the door; the party follows


# ----- resting on the way (DCSS's explore_auto_rest) -----------------------------------
REST_HALL = """
##############
#123.........#
#............#
##############
"""


def _wounded_hall():
    game = scenario(REST_HALL)
    game.level.camp_room = 9  # (not the Camp: Light Rest, a box a rest)
    game.level.explored[:, 6:] = False
    game.streams.play = Steady(6)  # no wandering monster, every check passed
    game.store.get(game.party[1], HitBoxes).location("legs").crossed = 2
    return game


def test_o_rests_a_wounded_party_first_then_explores_on():
    game = _wounded_hall()
    assert Explorer()(game, game.awaiting) == Rest()
    travel.run(game, Explorer(), limit=60)
    kinds = _kinds(game)
    assert kinds[:2] == ["rest", "rest"] and "step" in kinds  # two boxes, a box a rest
    assert game.store.get(game.party[1], HitBoxes).location("legs").crossed == 0


def test_after_a_broken_rest_o_explores_a_turn_before_resting_again_and_waits_for_the_down():
    game = _wounded_hall()
    explorer = Explorer()
    assert explorer(game, game.awaiting) == Rest()  # ...and a foe broke it at once:
    clock = ledger(game).clock  # (the clock has not reached the rest's end)
    assert isinstance(explorer(game, game.awaiting), Step)
    later = explorer.again()  # the next press remembers it
    assert later.no_rest_before == clock + 60 and isinstance(later(game, game.awaiting), Step)
    mage = game.party[2]
    _drop_to_the_floor(game, mage)
    assert later(game, game.awaiting) == Wait()  # a companion down is not left behind
    ledger(game).clock = clock + 60
    assert later(game, game.awaiting) == Rest()


def _drop_to_the_floor(game, eid):
    from roguelike.engine.combat.attack import wound

    torso = game.store.get(eid, HitBoxes).location("torso")
    torso.crossed = len(torso.boxes) - 1
    wound(game, eid, location="torso")


def test_no_rest_while_a_delver_lies_in_an_acid_pool():
    game = _wounded_hall()
    mage = game.party[2]
    pool = place(game, "mk_noxious_acid_pool", at=game.store.get(mage, Position).xy,
                 placement="square")
    spring(game, pool, mage)
    assert in_hazards(game) == [e for e in game.party if e in in_hazards(game)] != []
    assert Explorer()(game, game.awaiting) != Rest()


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



def test_travel_names_a_pillager_standing_in_the_way_not_no_known_way():
    """The lead's plum-otter-4 D1 R157: `o` said "Stairs down: 7 squares south-west (G then
    > goes there)" and `G >` said "There is no known way there.": the way was known, a
    Pillager stood on its next square. Travel names it, as `o` does."""
    game = scenario("""
        ##########
        #1.......#
        ##########
    """, party=(("leader", "warrior"),))
    pillager(game, 2, 1)
    game.view_changed()
    game.restart_round()
    why = travel.travel_step(game, game.party[0], (8, 1))
    assert why == ("Pillager is in the way (1 square east): walk into it to fight it, or "
                   "step back to let it pass (one whose way is barred strikes).")
