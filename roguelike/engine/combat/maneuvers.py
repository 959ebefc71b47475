"""What a Classic special maneuver does once it hits: the target saves vs Paralysis
(stone) or is knocked down (Prone), forced back a square, or disarmed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Door, Position
from roguelike.core.events import Event
from roguelike.engine.base.stats import name_of
from roguelike.engine.status import conditions as C
from roguelike.engine.status.checks import fight_state
from roguelike.engine.status.saves import saving_throw

if TYPE_CHECKING:
    from roguelike.engine.game import Game


def maneuver_effect(game: Game, attacker: int, target: int, maneuver: str) -> list[Event]:
    row = game.content.fight.maneuvers[maneuver]
    saved, events = saving_throw(game, target, row.save) if row.save else (False, [])
    name = name_of(game.store, target)
    if saved:
        return [*events, Event("maneuver", f"{name} {row.on_success}.", target)]
    if maneuver == "knock_down":
        return events + C.add_condition(game, target, "prone", C.UNTIL_ENDED, str(attacker))
    if maneuver == "disarm":
        fight_state(game, target).disarmed = True
        return [*events, Event("maneuver", f"{name}'s weapon is knocked a square away "
                               "(-1 to attack until picked up).", target)]
    return events + _force_back(game, attacker, target)


def _force_back(game: Game, attacker: int, target: int) -> list[Event]:
    """One square straight away from the attacker; a wall or body behind: knocked down."""
    a, t = game.store.get(attacker, Position), game.store.get(target, Position)
    dx, dy = (t.x > a.x) - (t.x < a.x), (t.y > a.y) - (t.y < a.y)
    nx, ny = t.x + dx, t.y + dy
    name = name_of(game.store, target)
    door = game.door_at(nx, ny)
    free = game.level.is_walkable(nx, ny) and game.creature_at(nx, ny) is None and (
        door is None or game.store.get(door, Door).open)
    if not free:
        return [Event("maneuver", f"{name} is forced back into an obstacle and falls.",
                      target), *C.add_condition(game, target, "prone", C.UNTIL_ENDED,
                                                str(attacker))]
    t.x, t.y = nx, ny
    events = [Event("move", f"{name} is forced back.", target, x=nx, y=ny)]
    return events + game.on_moved(target)
