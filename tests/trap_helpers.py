"""Shared set-up for the trap tests: a two-room map, a sturdy victim, rigged dice."""

from __future__ import annotations

from roguelike.core.components import HitBoxes, LocationBoxes, Position
from roguelike.core.rng import Stream
from roguelike.engine.scenario import scenario
from roguelike.engine.traps.make import make_trap

TWO_ROOMS = """
###################
#.........#.......#
#.........#.......#
#....1....+..2.3..#
#.........#.......#
#.........#.......#
###################
"""
VICTIM_AT = (5, 3)


class Rigged(Stream):
    """Every die rolls its highest face, except the d20, which rolls 1: every Classic save
    fails, every attack hits, every damage die is at its maximum, choices take the last."""

    def __init__(self) -> None:
        super().__init__("rigged", "play")

    def below(self, n: int) -> int:
        return 0 if n == 20 else n - 1


def sturdy(game, eid: int) -> None:
    """60 boxes a location, Might and Wits 7 (no T&T save), so every Hit can be counted."""
    locs = []
    for loc in game.store.get(eid, HitBoxes).locations:
        value = 7 if loc.attribute in ("might", "wits") else 3
        locs.append(LocationBoxes(loc.id, loc.name, loc.attribute, [value] * 60, [value]))
    game.store.add(eid, HitBoxes(locs))


def crossed(game, eid: int) -> int:
    return sum(loc.crossed for loc in game.store.get(eid, HitBoxes).locations)


def arena(rolls=None):
    game = scenario(TWO_ROOMS, rolls=rolls)
    game.level.room_map[:, 11:] = 1
    game.level.room_map[3, 10] = -1
    game.level.rooms.append(game.level.rooms[0])
    return game


def place(game, profile_id: str, at=VICTIM_AT, placement: str = "room", room: int = 0,
          depth: int = 1) -> int:
    profile = game.content.traps[profile_id]
    return make_trap(game.store, game.content, profile, Position(depth, *at),
                     placement=placement, room=room, rng=Rigged())
