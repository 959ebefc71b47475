"""Auto-explore, travel and what stops them; targeting bands (headless, no Textual)."""

from __future__ import annotations

from dataclasses import dataclass

from trap_helpers import place

from roguelike.core.components import Appearance, HitBoxes, Named, Position
from roguelike.engine.combat import targeting
from roguelike.engine.game import Game
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.autoexplore import Explorer
from roguelike.engine.helpers.watch import Watch, direction_words, known_hazards
from roguelike.engine.items import aim
from roguelike.engine.scenario import scenario
from roguelike.engine.traps.trigger import make_known
from roguelike.world import tiles as T


@dataclass
class Trap:  # stands in for the trap module's component: the watch reads the type name
    profile: str = "pit"


def place_trap(game: Game, x: int, y: int) -> int:
    return game.store.create(Position(game.depth, x, y), Appearance("^", "red", 1),
                             Named("spiked pit"), Trap())


def place_known_trap(game: Game, x: int, y: int) -> int:
    """A real trap square (a Spiked Pit), armed and known to the party."""
    trap = place(game, "mk_spiked_pit", at=(x, y), placement="square")
    make_known(game.store, trap, list(game.party))
    return trap


def test_auto_explore_on_a_fixed_seed_stops_at_the_first_hostile():
    game = Game("walk-3")  # a seed whose first rooms hold a monster, not a locked door
    explored_before = int(game.level.explored.sum())
    assert game.hostiles_in_view() == []
    _events, why = travel.run(game, Explorer())
    assert why.startswith("You see ") and "squares" in why
    assert game.mode == "combat" and game.hostiles_in_view()
    assert game.actions_taken > 15  # it walked a good way first
    assert int(game.level.explored.sum()) > explored_before + 30
    # with the foe in view, it refuses to go on
    assert travel.run(game, Explorer()) == ([], "Not with foes in view! F fights them.")


def test_auto_explore_explores_a_whole_level_without_foes():
    game = scenario("""
        ###############
        #1............#
        #.###########.#
        #.#.........#.#
        #.#.........+.#
        #.###########.#
        #.............#
        ###############
    """, party=(("leader", "warrior"),))
    _events, why = travel.run(game, Explorer())
    assert why == "Nothing left to explore or search here, and no stairs down found."
    walk = T.WALKABLE[game.level.tiles]
    assert bool(game.level.explored[walk].all())


def test_travel_avoids_a_known_trap_and_reaches_the_goal():
    game = scenario("""
        #########
        #1......#
        #.......#
        #.......#
        #########
    """, party=(("leader", "warrior"),))
    game.level.explored[:] = True
    place_trap(game, 4, 1)
    assert known_hazards(game) == [(4, 1)]
    lead = game.party[0]
    visited = []
    for _ in range(20):
        step = travel.travel_step(game, lead, (7, 1))
        if isinstance(step, str):
            break
        game.perform(step)
        visited.append(game.store.get(lead, Position).xy)
    assert visited[-1] == (7, 1)
    assert (4, 1) not in visited
    assert travel.travel_step(game, lead, (7, 1)) == "You are already there."


def test_travel_refuses_unknown_ground_and_names_goals():
    game = scenario("""
        #######
        #1...>#
        #######
    """, party=(("leader", "warrior"),))
    game.level.explored[:] = False
    lead = game.party[0]
    assert travel.travel_step(game, lead, (5, 1)) == "You do not know the way there."
    assert travel.named_goal(game, "down") == "You have not found the stairs down yet."
    game.level.explored[:] = True
    assert travel.named_goal(game, "down") == (5, 1)
    assert travel.named_goal(game, "camp") == game.level.stairs_up


def test_watch_stops_for_a_newly_seen_trap_but_not_a_known_one():
    game = scenario("""
        ###########
        #1........#
        #.........#
        ###########
    """, party=(("leader", "warrior"),))
    game.level.explored[:, 6:] = False
    watch = Watch.take(game)
    trap = place_trap(game, 8, 2)
    assert watch.stop_reason(game, []) is None  # still on unexplored ground
    game.level.explored[2, 8] = True
    reason = watch.stop_reason(game, [])
    assert reason is not None and "trap (spiked pit)" in reason
    assert reason.endswith("7 squares east.")
    assert Watch.take(game).stop_reason(game, []) is None
    game.store.destroy(trap)


def test_watch_stops_on_low_health_and_wounds():
    game = scenario("""
        #######
        #1....#
        #######
    """, party=(("leader", "warrior"),))
    lead = game.party[0]
    watch = Watch.take(game)
    head = game.store.get(lead, HitBoxes).location("head")  # Warrior head: 5 6 / gray 6
    head.crossed = 1
    assert watch.stop_reason(game, []) == "Leader Warrior's Head has one box left!"
    head.crossed = 0
    game.store.get(lead, HitBoxes).location("legs").crossed = 1
    assert watch.stop_reason(game, []) == "A wound!"


def test_direction_words():
    assert direction_words((5, 5), (9, 1)) == "4 squares north-east"
    assert direction_words((5, 5), (4, 5)) == "1 square west"
    assert direction_words((0, 0), (6, 1)) == "6 squares east"
    assert direction_words((3, 3), (3, 3)) == "here"


def test_range_bands_follow_the_classic_proportions():
    game = scenario("""
        #####
        #1..#
        #####
    """, party=(("leader", "rogue"),))
    bands = targeting.bands_for(game, 24)
    assert (bands.short, bands.medium, bands.long) == (8, 16, 24)
    assert bands.band(8) == ("short", 0)
    assert bands.band(9) == ("medium", -1)  # Classic -2, as d6 pips
    assert bands.band(24) == ("long", -2)  # Classic -5
    assert bands.mods == (0, -2, -5) and bands.pips == (0, -1, -2)
    assert bands.band(25) is None
    assert targeting.weapon_range(game) == 24 and targeting.spell_range(game) == 12


def test_targets_need_a_clear_line_and_reach():
    game = scenario("""
        ###########
        #1..m.#.m.#
        #.........#
        ###########
    """, monsters={"m": "apprentice"}, party=(("leader", "rogue"),))
    rogue = game.party[0]
    near = game.creature_at(4, 1)
    # (the one behind the wall is out of sight: never a target, nor named)
    assert aim.foe_targets(game, rogue, lambda x, y: aim.shot(game, rogue, x, y)) == [near]
    assert aim.shot(game, rogue, 8, 1).refusal == "There is nobody there to shoot."
    squares, clear = targeting.line_of_fire(game, (1, 1), (8, 1))
    assert not clear and squares[-1] == (8, 1)  # the first foe stands in the way
