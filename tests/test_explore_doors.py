"""Doors: the T&T lock roll, stuck, break, pick, lock, secret doors, listening, Pillagers."""

from __future__ import annotations

import numpy as np
from explore_kit import act, door_at, texts

from roguelike.content.loader import default_content
from roguelike.core.components import Actor, Appearance, Door, Position
from roguelike.core.ecs import EntityStore
from roguelike.core.explore_components import Haul, SecretDoor, Stuck
from roguelike.engine.actions.basic import Step
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.doors.doorways import (
    BreakDoor,
    CloseDoor,
    Listen,
    LockDoor,
    PickLock,
    Search,
    place_secret_doors,
)
from roguelike.engine.levels.stock import stock_level
from roguelike.engine.monsters.pillagers import PillagerStep
from roguelike.engine.scenario import scenario
from roguelike.world import tiles as T
from roguelike.world.mapgen import generate
from roguelike.world.paths import UNREACHABLE, distance_map

MAP = """
##########
#..1+....#
#2.3#....#
##########
"""


def _game():
    g = scenario(MAP)
    return g, g.party[0], door_at(g, 4, 1)


def test_first_meeting_rolls_the_lock_1_2_locked():
    g, lead, door = _game()
    res = act(g, lead, Step(1, 0), [2])
    # finding the lock is recorded (it rolled a die) but costs no action
    assert res.ok and "locked (rolled 2" in texts(res)
    assert g.store.get(lead, Actor).actions_left == 2
    state = g.store.get(door, Door)
    assert state.locked and state.checked and not state.open
    res = act(g, lead, Step(1, 0), [])  # no second roll: still locked
    assert res.reason == "The door is locked."


def test_first_meeting_3_plus_opens():
    g, lead, door = _game()
    assert act(g, lead, Step(1, 0), [5]).ok
    assert g.store.get(door, Door).open


def test_stuck_door_is_forced_with_classic_odds_adapted():
    g, lead, door = _game()
    res = act(g, lead, Step(1, 0), [3, 4])  # 3 = stuck; forcing: Might 3 is strong -> 5+
    assert res.ok and "fails at forcing" in texts(res)
    assert g.store.has(door, Stuck) and not g.store.get(door, Door).open
    assert g.store.get(lead, Actor).actions_left == 1  # a try costs an action
    res = act(g, lead, Step(1, 0), [5])
    assert "succeeds at forcing" in texts(res)
    assert g.store.get(door, Door).open and not g.store.has(door, Stuck)


def test_break_down_a_locked_door_with_might_and_it_stays_open():
    g, lead, door = _game()
    state = g.store.get(door, Door)
    state.locked = state.checked = True
    res = act(g, lead, BreakDoor(1, 0), [2])  # 2 vs Might 3 fails
    assert res.ok and state.locked and not state.open
    res = act(g, lead, BreakDoor(1, 0), [3])
    assert state.open and state.broken and not state.locked
    assert g.store.get(door, Appearance).glyph == "'"
    assert not act(g, lead, CloseDoor(1, 0)).ok  # broken doors cannot be closed or locked


def test_only_a_rogue_with_lockpicks_picks_and_locks():
    g, lead, door = _game()
    rogue = g.party[1]
    state = g.store.get(door, Door)
    state.locked = state.checked = True
    assert "Rogue with lockpicks" in act(g, lead, PickLock(1, 0)).reason
    pos = g.store.get(rogue, Position)
    g.store.get(lead, Position).x = 1  # make room beside the door
    pos.x, pos.y = 3, 1
    res = act(g, rogue, PickLock(1, 0), [3])  # 3 vs Wits 4 fails
    assert res.ok and state.locked
    act(g, rogue, PickLock(1, 0), [4])
    assert not state.locked
    res = act(g, rogue, LockDoor(1, 0), [5])
    assert res.ok and state.locked


def test_secret_doors_are_walls_until_found_by_searching():
    g, lead, door = _game()
    g.store.add(door, SecretDoor())
    assert act(g, lead, Step(1, 0), []).reason == "There is a wall in the way."
    assert g.cost_map()[1, 4] == 0
    res = act(g, lead, Search(), [5])  # Classic 18+ on d20 -> a 6 on the d6
    # the Judge rolls in secret: a miss reads like a bare wall, but the roll is kept
    assert g.store.has(door, SecretDoor) and texts(res).endswith("finds nothing.")
    assert "rolled" not in texts(res)
    assert [(e.kind, e.roll) for e in res.events if e.kind == "search_roll"] == [
        ("search_roll", 5)]
    res = act(g, lead, Search(), [])  # one try per character per door
    assert "finds nothing" in texts(res)
    assert not any(e.kind == "search_roll" for e in res.events)
    act(g, g.party[2], Search(), [6])
    assert not g.store.has(door, SecretDoor)
    assert g.store.get(door, Appearance).glyph == "+"


def test_generated_secret_doors_never_cut_the_way_down():
    content = default_content()
    hidden = 0
    for seed in ("s-1", "s-2", "s-3", "s-4"):
        level = generate(seed, 2)
        store = EntityStore()
        stock_level(store, content, level, seed)
        walk = T.WALKABLE[level.tiles].astype(np.int8)
        for _e, _s, pos in store.query(SecretDoor, Position):
            walk[pos.y, pos.x] = 0
            hidden += 1
        dist = distance_map(walk, [level.stairs_up])
        assert level.stairs_down is not None
        assert dist[level.stairs_down[1], level.stairs_down[0]] < UNREACHABLE
    assert hidden > 0
    store = EntityStore()
    level = generate("s-1", 2)
    place_secret_doors(store, level, "s-1", 6, level.stairs_down or (0, 0))
    assert not list(store.query(SecretDoor))  # no door entities: nothing to hide


def test_listening_hears_what_stirs_beyond_once_per_character():
    g, lead, _door = _game()
    make_monster(g.store, g.content, "mercenary", Position(1, 7, 2))
    res = act(g, lead, Listen(1, 0), [5])
    assert "hear nothing" in texts(res)
    assert "already listened" in act(g, lead, Listen(1, 0)).reason
    res = act(g, g.party[2], Listen(1, -1), [6])
    assert "movement beyond the door (1 creature)" in texts(res)


def test_pillagers_pass_doors_regardless_and_leave_them_as_they_were():
    g, _lead, door = _game()
    state = g.store.get(door, Door)
    state.locked = state.checked = True
    p = make_monster(g.store, g.content, "pillager", Position(1, 5, 2), awake=True)
    g.store.add(p, Haul())
    res = act(g, p, PillagerStep(-1, -1))
    assert res.ok and g.store.get(p, Position).xy == (4, 1)
    assert state.locked and not state.open


def test_an_unfound_secret_door_looks_like_wall_on_the_map_and_in_look():
    from roguelike.engine.doors.doorways import reveal_secret
    from roguelike.ui.look import describe_square
    from roguelike.world import tiles as T

    g, _lead, door = _game()
    g.store.add(door, SecretDoor())
    x, y = g.store.get(door, Position).xy
    g.level.explored[y, x] = True
    assert g.known_tiles()[y, x] == T.WALL and g.level.tiles[y, x] == T.DOORWAY
    assert not g.is_drawn(door)
    assert "wall" in describe_square(g, x, y) and "door" not in describe_square(g, x, y)
    reveal_secret(g, door)
    assert g.known_tiles()[y, x] == T.DOORWAY and g.is_drawn(door)


def test_the_search_key_action_finds_secret_doors_too():
    from roguelike.engine.traps.trap_actions import Search as SearchAll

    g, lead, door = _game()
    g.store.add(door, SecretDoor())
    res = act(g, lead, SearchAll(), [6, 6, 6, 6])  # the Wits check at the walls succeeds
    assert res.ok and "finds a secret door" in texts(res)
    assert not g.store.has(door, SecretDoor)


def test_a_door_try_that_cannot_succeed_is_refused_with_its_reason_and_costs_nothing():
    """Target beyond a 6 and what luck may still buy (the critical margin, 3; and only the
    luck the delver has): refused before an action is spent. Seed s22-b-33's exhausted Mage
    (Might 6 + 3 fatigue) tried a locked door 21,333 times."""
    from roguelike.core.components import Character
    from roguelike.core.explore_components import Fatigue

    g = scenario(MAP, luck_prompt="ask")  # (luck after the roll: only when offered)
    lead, door = g.party[0], door_at(g, 4, 1)
    state = g.store.get(door, Door)
    state.locked = state.checked = True
    char = g.store.get(lead, Character)
    char.luck = 0
    g.store.add(lead, Fatigue(level=3))  # Might 3 + 3 = 6: still a 6 on the die
    assert act(g, lead, BreakDoor(1, 0), [6]).ok and state.open
    state.open = state.broken = False
    state.locked = True
    g.store.get(lead, Actor).actions_left = 2
    base = 3  # the Leader's Might in the scenario party
    g.store.get(lead, Fatigue).level = 7 - base  # needs a 7, and no luck to buy the pip
    res = act(g, lead, BreakDoor(1, 0), [])
    assert not res.ok and "cannot succeed at breaking down the door: it needs 7" in res.reason
    assert "rest first" in res.reason
    assert g.store.get(lead, Actor).actions_left == 2 and state.locked
    char.luck = 1  # one pip luck can buy after a 6: worth the try
    assert act(g, lead, BreakDoor(1, 0), [1]).ok
    g.store.get(lead, Actor).actions_left = 2
    char.luck = 9
    g.store.get(lead, Fatigue).level = 6 + 3 + 1 - base  # short by 4 after a 6: no luck buys it
    assert "needs 10" in act(g, lead, BreakDoor(1, 0), []).reason
