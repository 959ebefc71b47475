"""Auto-explore with a delver held where it stands (engine/helpers/autoexplore_held.py): a companion
held fast in the way on, a captive nobody can reach yet, one that cannot help itself."""

from __future__ import annotations

from explore_kit import door_at
from trap_helpers import place

from roguelike.core.components import Door, HitBoxes, Position
from roguelike.engine.actions.basic import Lead, Step
from roguelike.engine.base.stats import speed
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.autoexplore import Explorer
from roguelike.engine.helpers.autoexplore_held import free_ways, held_fast_by_trap
from roguelike.engine.helpers.travel import Question, downhill, route_to, travel_cost
from roguelike.engine.scenario import scenario
from roguelike.engine.traps import confine
from roguelike.engine.traps.trigger import spring
from roguelike.world import tiles as T

DUO = (("leader", "warrior"), ("mercenary", "rogue"))
HALL = """
##########
#12......#
########.#
########.#
########.#
########.#
##########
"""


def _held_in_the_hall(rolls: list[int]):
    """The Mercenary held by a Monstrous Hand in a corridor, the Leader behind it, the far
    end of the corridor not seen yet."""
    game = scenario(HALL, party=DUO, rolls=rolls)
    hand = place(game, "mk_monstrous_hand", at=(3, 1), placement="square")
    spring(game, hand, game.party[1])
    game.level.explored[2:, :] = False  # (round the corner: out of sight until there)
    return game


def test_a_route_never_swaps_with_a_companion_held_fast():
    game = _held_in_the_hall([6] * 200)
    lead, merc = game.party
    assert confine.top(game, merc) is None  # (held by a condition, not a cage)
    assert travel.swap_refusal(game, merc, (1, 1))  # Step refuses the swap...
    dist = route_to(game, [(6, 1)])
    assert downhill(game, lead, dist) is None  # ...so travel does not offer it
    assert travel_cost(game)[1, 2] == 0 and travel_cost(game, merc)[1, 2] > 0


def _pick(words: str):
    """An answer to the held question: the option whose words hold `words`."""
    def answer(q: Question) -> int:
        return next(i for i, o in enumerate(q.options) if words in o) if "held fast" \
            in q.text else len(q.options) - 1  # (loot: left lying)
    return answer


def test_a_companion_held_in_the_way_on_is_led_out_and_breaks_away():
    game = _held_in_the_hall([6] * 400)
    lead, _merc = game.party
    explorer = Explorer()
    asked = explorer(game, lead)
    assert isinstance(asked, Question) and "held fast" in asked.text
    explorer.answer(asked, next(i for i, o in enumerate(asked.options) if "break away" in o))
    assert explorer(game, lead) == Lead(1)  # its steps on are tries to break away
    _events, why = travel.run(game, explorer, limit=300, answer=_pick("break away"))
    assert any("breaks away" in e.text for e in game.log)
    walk = T.WALKABLE[game.level.tiles]
    assert bool(game.level.explored[walk].all()), why  # the corridor explored past it
    assert "held fast and cannot move" not in why


def test_a_held_companion_keeps_trying_on_failed_rolls():
    game = _held_in_the_hall([2] * 12 + [6] * 400)  # the first tries fail
    travel.run(game, Explorer(), limit=300, answer=_pick("break away"))
    tries = [e.text for e in game.log if "cannot break away" in e.text]
    assert tries and any("breaks away" in e.text for e in game.log)
    assert bool(game.level.explored[5, 8])


SHUT_OUT = """
################
#.....#.......##
#.....+..1....##
#.....#........#
#..2..#######..#
#.....#######.##
#.............##
################
"""


def test_a_caged_delver_nobody_can_reach_yet_does_not_stop_o():
    """The Leader caged beyond a wizard-locked door, the Rogue on the other side: no free
    delver reaches the cage over known ground, so the Rogue explores on, finds the way
    round and frees it (it stopped at 'nobody here can help' before)."""
    game = scenario(SHUT_OUT, party=DUO, rolls=[6] * 600)
    warrior, _rogue = game.party
    cage = place(game, "mk_cage", at=(9, 2), placement="square")
    spring(game, cage, warrior)
    state = game.store.get(door_at(game, 6, 2), Door)
    state.checked = state.locked = True
    game.level.explored[:, :] = False
    game.level.explored[1:8, 0:6] = True  # the Rogue's room...
    game.level.explored[1:4, 6:11] = True  # ...and the cage, seen before the door shut
    game.restart_round()
    assert confine.top(game, warrior) is not None
    asked: list[travel.Question] = []
    _events, why = travel.run(game, Explorer(), limit=600,
                              answer=lambda q: asked.append(q) or 0)
    assert "nobody here can help" not in why
    assert confine.top(game, warrior) is None, why  # freed in the end
    assert any("caught (cage)" in q.text for q in asked)


def test_a_pillager_stepping_out_of_view_and_back_is_announced_once():
    """Watch.told, kept by the Explorer from one press to the next: a Pillager keeping its
    distance at the edge of sight stopped `o` after every step it came back into view."""
    from explore_kit import pillager

    from roguelike.engine.helpers.watch import Watch

    game = scenario("""
        ################
        #1.............#
        ################
    """, party=(("leader", "warrior"),))
    p = pillager(game, 10, 1)
    game.view_changed()
    game.restart_round()
    assert game.threats_in_view() == [] and game.hostiles_in_view() == [p]
    explorer = Explorer()
    watch = Watch.take(game, explorer.told)  # the first press: already in view, told
    pos = game.store.get(p, Position)
    pos.depth = 2  # out of sight (another level will do)...
    game.view_changed()
    later = Watch.take(game, explorer.again().told)  # ...at the next press
    pos.depth = 1  # and back again
    game.view_changed()
    assert later.stop_reason(game, []) is None
    assert watch.told is later.told and p in later.told
    pos.depth = 2
    game.view_changed()
    untold = Watch.take(game)  # a run with no set of its own (headless) is told again
    pos.depth = 1
    game.view_changed()
    assert untold.stop_reason(game, []).startswith(
        "You see Pillager, 9 squares east: it keeps its distance (1 Pillager on this level)")


def test_a_walk_going_round_in_circles_stops():
    """travel.Run's safety net: a decider that paces to and fro (a bug) is stopped after
    STALL_STEPS steps with nothing new seen, in the UI as in the harness."""
    game = scenario(HALL, party=(("leader", "warrior"),))
    flip = [-1]  # east first (a wall to the west)

    def pace(g, eid):
        flip[0] = -flip[0]
        return Step(flip[0], 0)

    _events, why = travel.run(game, pace, limit=5 * travel.STALL_STEPS)
    assert why == f"Stopped: {travel.STALL_STEPS} steps and nothing new seen."
    # (and the waits for what flips the way to move, a few times: tests/test_walk_to_and_fro)
    assert game.actions_taken <= travel.STALL_STEPS + travel.HOLDS * travel.HOLD_ROUNDS + 1


def test_a_delver_held_by_a_lasting_monstrous_hand_is_freed_not_rested_beside():
    """The playtest (amber-wolf-17 D1 R179-R366): `o` rested 60-round turns beside a delver
    held by a lasting Monstrous Hand and never offered a disarm. Now it asks once, with the
    ways the seeds allow that each delver's Speed pays for (001: a quick disarm 3 movement
    points, a slow one 6 at +2; breaking away on a 6), and keeps at the chosen one."""
    game = _held_in_the_hall([6] * 400)
    _lead, _merc = game.party
    asked: list[Question] = []

    def answer(q: Question) -> int:
        asked.append(q)
        return _pick("disarm it slowly")(q)

    start = game.round
    _events, why = travel.run(game, Explorer(), limit=300, answer=answer)
    held = [q for q in asked if "held fast" in q.text]
    assert len(held) == 1  # asked once, then tried until it works
    assert held[0].options == (
        "Mercenary Rogue: disarm it slowly (6 movement points; 15 in 36)",
        "Mercenary Rogue: disarm it quickly (3 movement points; 6 in 36)",
        "Mercenary Rogue tries to break away (each step: 1 in 6), until free")
    assert "disarm" in [a["kind"] for _r, a in game.history]
    assert not any(e.kind == "rest" for e in game.log)
    assert not held_fast_by_trap(game)
    assert game.round - start < 20
    walk = T.WALKABLE[game.level.tiles]
    assert bool(game.level.explored[walk].all()), why


def test_a_disarm_the_delvers_speed_cannot_pay_for_is_not_offered():
    """A Rogue with Speed 5 (legs crossed) cannot pay 6 movement points from one Move: only
    the quick disarm and breaking away are offered (the act menu says "too slow now")."""
    game = _held_in_the_hall([6] * 400)
    _lead, merc = game.party
    legs = game.store.get(merc, HitBoxes).location("legs")
    while speed(game.store, merc) >= 6:
        legs.crossed += 1
    [(held, trap)] = held_fast_by_trap(game)
    words = [w for *_rest, w in free_ways(game, held, trap, [])]
    assert not any("slowly" in w for w in words)
    assert any("quickly" in w for w in words) and "break away" in words[-1]
