"""Trap movement: fleeing a trap's area, teleports, the spinning wall, pulls and chutes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from roguelike.core.components import Position
from roguelike.core.events import Event
from roguelike.engine.base.luck_queue import holding
from roguelike.engine.base.stats import name_of
from roguelike.engine.base.words import compass, direction_words
from roguelike.engine.doors.doorways import open_region
from roguelike.engine.traps.area import CARDINALS, area_squares
from roguelike.engine.traps.core import roll
from roguelike.world import tiles as T

if TYPE_CHECKING:
    from roguelike.engine.game import Game
    from roguelike.engine.traps.core import Ctx

EIGHT = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def _free(game: Game, x: int, y: int, mover: int = 0, region: np.ndarray | None = None
          ) -> bool:
    """Open and unoccupied (and inside `region`, the part of the level the creature may be
    set down in: never behind a secret door it has not found)."""
    if not game.level.is_walkable(x, y) or game.level.tile(x, y) == T.DOORWAY:
        return False
    if region is not None and not region[y, x]:
        return False
    other = game.creature_at(x, y)
    return other is None or other == mover


def free_square_near(game: Game, depth: int, near: tuple[int, int], mover: int = 0,
                     avoid: set[tuple[int, int]] | None = None) -> tuple[int, int]:
    """The closest open, unoccupied square to `near` (rings outward, scanned in order) that
    can be walked to from `near` without passing an unfound secret door."""
    region = open_region(game, game.depth, near) if game.level.is_walkable(*near) else None
    for r in range(0, 12):
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                if max(abs(dx), abs(dy)) != r:
                    continue
                x, y = near[0] + dx, near[1] + dy
                if _free(game, x, y, mover, region) and (avoid is None or (x, y) not in avoid):
                    return (x, y)
    return near


def place(game: Game, eid: int, xy: tuple[int, int]) -> list[Event]:
    """Set a creature down where a trap puts it; what the square does to it (another trap,
    a marker's check) comes at once, without stopping for luck: the effect that moved it
    is still under way (engine/base/luck_queue.py, `holding`)."""
    pos = game.store.get(eid, Position)
    pos.x, pos.y = xy
    with holding(game):
        return [Event("move", "", eid, x=xy[0], y=xy[1]), *game.on_moved(eid)]


def flee(ctx: Ctx, eid: int) -> list[Event]:
    """A victim who saved leaves the trap's area by the shortest way."""
    game = ctx.game
    area = set(area_squares(game.level, ctx.profile.area, ctx.point, ctx.room))
    pos = game.store.get(eid, Position)
    spot = free_square_near(game, ctx.depth, pos.xy, eid, avoid=area)
    events = [Event("flee", f"{name_of(game.store, eid)} escapes {ctx.the_trap}.", eid)]
    if spot != pos.xy:
        events += place(game, eid, spot)
    return events


def _teleport_line(ctx: Ctx, eid: int, step: dict[str, Any]) -> tuple[int, int]:
    game = ctx.game
    dist = roll(game, step["distance"])
    dx, dy = game.streams.play.choice(EIGHT)
    pos = game.store.get(eid, Position)
    line = [pos.xy]
    x, y = pos.xy
    for _ in range(dist):
        if not game.level.in_bounds(x + dx, y + dy):
            break  # stops at the edge of the map; walls in between do not matter
        x, y = x + dx, y + dy
        line.append((x, y))
    ctx.events.append(Event("teleport_roll", f"Teleport: {step['distance']} rolled {dist}, "
                            f"{compass(dx, dy)}.", eid, roll=dist))
    region = open_region(game, game.depth, pos.xy)
    for spot in reversed(line):
        if _free(game, *spot, mover=eid, region=region):
            return spot
    return pos.xy


def move(ctx: Ctx, step: dict[str, Any], victims: list[int]) -> list[Event]:
    game = ctx.game
    kind = step["kind"]
    events: list[Event] = []
    for v in victims:
        who = name_of(game.store, v)
        pos = game.store.get(v, Position)
        if kind == "teleport" and step.get("destination") == "random_floor":
            region = open_region(game, game.depth, pos.xy)
            spots = [(x, y) for y in range(game.level.height) for x in range(game.level.width)
                     if game.level.tile(x, y) == T.FLOOR and _free(game, x, y, v, region)]
            spot = game.streams.play.choice(spots) if spots else pos.xy
        elif kind == "teleport":
            spot = _teleport_line(ctx, v, step)
        elif kind == "spin_wall":
            spot = _across_wall(game, pos.xy, v)
        elif kind == "pull":
            spot = _toward(game, pos.xy, ctx.point, v)
        else:  # chute
            events += chute(ctx, v)
            continue
        verb = {"teleport": "is teleported", "spin_wall": "is spun through the wall",
                "pull": "is dragged"}[kind]
        # where to, from where the victim stood: "4 squares north-east", not coordinates
        text = f"{who} {verb} {direction_words(pos.xy, spot)}." if spot != pos.xy else \
            f"{who} stays put: no free square that way."
        events.append(Event("trap_move", text, v, x=spot[0], y=spot[1]))
        if spot != pos.xy:
            events += place(game, v, spot)
    return events


def _across_wall(game: Game, xy: tuple[int, int], eid: int) -> tuple[int, int]:
    """The square mirrored on the other side of the nearest wall (not behind a secret door
    the victim could not find its way back through)."""
    region = open_region(game, game.depth, xy)
    best: tuple[int, tuple[int, int]] | None = None
    for dx, dy in CARDINALS:
        x, y = xy[0] + dx, xy[1] + dy
        if not game.level.in_bounds(x, y) or game.level.tile(x, y) != T.WALL:
            continue
        thick = 0
        while game.level.in_bounds(x, y) and game.level.tile(x, y) == T.WALL:
            x, y = x + dx, y + dy
            thick += 1
        if game.level.in_bounds(x, y) and _free(game, x, y, eid, region) \
                and (best is None or thick < best[0]):
            best = (thick, (x, y))
    return best[1] if best else xy


def _toward(game: Game, xy: tuple[int, int], goal: tuple[int, int], eid: int
            ) -> tuple[int, int]:
    dx = (goal[0] > xy[0]) - (goal[0] < xy[0])
    dy = (goal[1] > xy[1]) - (goal[1] < xy[1])
    nxt = (xy[0] + dx, xy[1] + dy)
    return nxt if _free(game, *nxt, mover=eid) or nxt == goal else xy


def chute(ctx: Ctx, eid: int) -> list[Event]:
    """Down to a random floor square of the level below (the optional pit chute)."""
    game = ctx.game
    below = game._level(ctx.depth + 1)
    # (not behind a secret door: the way on from there might never be found)
    region = open_region(game, ctx.depth + 1, below.stairs_up)
    spots = [(x, y) for y in range(below.height) for x in range(below.width)
             if below.tile(x, y) == T.FLOOR and region[y, x]]
    spot = game.streams.play.choice(spots)
    pos = game.store.get(eid, Position)
    pos.depth, pos.x, pos.y = ctx.depth + 1, spot[0], spot[1]
    game.changed_depth()  # (the level's creatures are kept: told they changed)
    return [Event("trap_move", f"{name_of(game.store, eid)} slides down a chute to depth "
                  f"{ctx.depth + 1}.", eid, x=spot[0], y=spot[1])]
