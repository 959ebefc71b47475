"""FALLBACK for issue 4's `spring_tt_trap`: the six T&T traps, resolved directly.

MERGE: delete this module once roguelike.engine.traps.spring_tt_trap is merged; the marker
code reaches it through adapters.spring_tt_trap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.engine.actions import DIRECTIONS
from roguelike.engine.combat import wound
from roguelike.engine.components import Actor, Position
from roguelike.engine.events import Event
from roguelike.engine.explore import adapters
from roguelike.engine.saves import saving_throw
from roguelike.engine.stats import is_disabled, name_of

if TYPE_CHECKING:
    from roguelike.engine.game import Game

_AREA = 3  # "smaller of 3-inch radius or room size"


def spring(game: Game, victim: int, x: int, y: int, roll: int) -> list[Event]:
    rng = game.streams.play
    if roll in (1, 2, 3):
        if not victim or not game.store.alive(victim):
            return [Event("trap", "The trap goes off, but nobody is near it.")]
        targets = [victim]
    else:
        room = game.level.room_at(x, y)
        targets = [e for e, _a, p in game.store.query(Actor, Position)
                   if p.depth == game.depth and max(abs(p.x - x), abs(p.y - y)) <= _AREA
                   and (room is None or game.level.room_at(p.x, p.y) in (room, None))
                   and not is_disabled(game.store, e)]
    events: list[Event] = []
    for eid in targets:
        if roll == 1:
            events += _teleport(game, eid, rng.d(10) + rng.d(10) + rng.d(10) + rng.d(10))
            continue
        save = "wits" if roll == 6 else "might"
        ok, evs = saving_throw(game, eid, save)
        events += evs
        if ok:
            continue
        if roll in (2, 4):
            events += adapters.add_condition(game, eid, "unconscious", rng.d(3), "trap")
        elif roll in (3, 5):
            events += wound(game, eid, source="poison")
            events += wound(game, eid, source="poison")
        else:
            events += adapters.add_condition(game, eid, "slow", rng.d(6), "trap")
    return events


def _teleport(game: Game, eid: int, distance: int) -> list[Event]:
    dx, dy = list(DIRECTIONS.values())[game.streams.play.below(8)]
    pos = game.store.get(eid, Position)
    x, y = pos.x, pos.y
    for _ in range(distance):  # stops where the way ends (the board edge)
        nx, ny = x + dx, y + dy
        if not game.level.is_walkable(nx, ny) or game.creature_at(nx, ny) is not None:
            break
        x, y = nx, ny
    pos.x, pos.y = x, y
    game.invalidate_view()
    return [Event("trap", f"{name_of(game.store, eid)} is teleported {distance} squares "
                  f"(stopped at {x},{y}).", eid, x=x, y=y)]
