"""No trap sets a creature down behind a secret door it has not found (RULES.md): with only
one try per character at each secret door, a party member teleported into a sealed side room
could be stranded there for good, and the whole party with it (found in bot games on seeds
bench-4 and x-1, where the leader searched its room for 19,000 turns)."""

from __future__ import annotations

from roguelike.core.components import Position
from roguelike.core.explore_components import SecretDoor
from roguelike.core.rng import Stream
from roguelike.engine.doors.doorways import open_region
from roguelike.engine.scenario import Scripted, scenario
from roguelike.engine.traps.core import Ctx
from roguelike.engine.traps.movement import chute, free_square_near
from roguelike.engine.traps.trigger import spring
from roguelike.world import tiles as T
from tests.trap_helpers import Rigged, arena, place, sturdy


def _sealed_arena(at: tuple[int, int]):
    """The two-room arena with the door between the rooms made secret: room 2 is sealed."""
    game = arena()
    game.store.add(game.door_at(10, 3), SecretDoor())
    victim = game.party[0]
    sturdy(game, victim)
    game.store.get(victim, Position).x, game.store.get(victim, Position).y = at
    return game, victim


def test_open_region_stops_at_unfound_secret_doors() -> None:
    game, _victim = _sealed_arena((5, 3))
    region = open_region(game, 1, (5, 3))
    assert region[3, 9] and region[1, 1]
    assert not region[3, 10] and not region[3, 14]
    game.store.remove(game.door_at(10, 3), SecretDoor)  # found: the room is open again
    assert open_region(game, 1, (5, 3))[3, 14]


def test_teleport_line_stops_short_of_a_sealed_room() -> None:
    game, victim = _sealed_arena((2, 3))
    trap = place(game, "tt_teleport", at=(2, 3))
    # 4d10 = 12 squares, direction 3 of eight: east, through the wall into room 2
    game.streams.play = Scripted([3, 3, 3, 3, 3])
    spring(game, trap, victim)
    assert game.store.get(victim, Position).xy == (9, 3)  # the last open square on the line


def test_the_same_teleport_crosses_into_a_room_whose_door_is_known() -> None:
    game = arena()
    victim = game.party[0]
    sturdy(game, victim)
    game.store.get(victim, Position).x = 2
    trap = place(game, "tt_teleport", at=(2, 3))
    game.streams.play = Scripted([3, 3, 3, 3, 3])
    spring(game, trap, victim)
    assert game.store.get(victim, Position).xy == (14, 3)


def test_random_floor_teleport_never_picks_a_sealed_square() -> None:
    game, victim = _sealed_arena((5, 3))
    trap = place(game, "spell_teleport", at=(5, 3))
    game.streams.play = Rigged()  # choices take the last: unsealed, (17, 5)
    spring(game, trap, victim)
    assert game.store.get(victim, Position).xy == (9, 5)  # the last floor of room 1


def test_spinning_wall_will_not_turn_into_a_sealed_room() -> None:
    game, victim = _sealed_arena((9, 2))
    trap = place(game, "spinning_wall", at=(9, 2))
    game.streams.play = Rigged()
    spring(game, trap, victim)
    assert game.store.get(victim, Position).xy == (9, 2)


def test_free_square_near_keeps_to_the_open_side_of_a_secret_door() -> None:
    game, victim = _sealed_arena((9, 3))
    room_one = {(x, y) for x in range(1, 10) for y in range(1, 6)}
    # all of room 1 is ruled out: the nearest open square is in room 2, but sealed off
    assert free_square_near(game, 1, (9, 3), victim, avoid=room_one) == (9, 3)
    game.store.remove(game.door_at(10, 3), SecretDoor)
    assert free_square_near(game, 1, (9, 3), victim, avoid=room_one) == (11, 1)


def test_a_chute_lands_on_ground_joined_to_the_way_up() -> None:
    game = scenario("""
    ###########
    #<..1#....#
    #....+....#
    ###########
    """)
    game.store.add(game.door_at(5, 2), SecretDoor())
    game.streams.play = Rigged()  # the last floor square: in the sealed room, (9, 2)
    victim = game.party[0]
    pos = game.store.get(victim, Position)
    pos.depth = 0
    profile = next(iter(game.content.traps.values()))
    chute(Ctx(game, 0, profile, victim, (3, 1), -1, 0, 0, -1), victim)
    assert (pos.depth, pos.xy) == (1, (4, 2))


def test_open_region_matches_a_walk_on_generated_levels() -> None:
    """On real levels the region from the stairs up holds the stairs down (secret doors
    never cut that way) and none of the squares behind an unfound secret door."""
    from roguelike.engine.game import Game

    sealed = 0
    for seed in ("amber wolf 1", "b-2", "c-5"):
        game = Game(seed)
        game.streams.play = Stream(seed, "play")
        region = open_region(game, 1, game.level.stairs_up)
        down = game.level.stairs_down
        assert down is not None and region[down[1], down[0]]
        for eid in game.store.ids(SecretDoor, Position):
            x, y = game.store.get(eid, Position).xy
            assert not region[y, x]
        sealed += int((~region & T.WALKABLE[game.level.tiles]).sum())
    assert sealed > 0
